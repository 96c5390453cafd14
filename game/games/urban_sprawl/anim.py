"""Urban Sprawl event animations: the handlers scene.USRenderer inherits.

Buildings drop onto their lots and demolished ones crumble; taken cards fly to their seat's
panel; cards left in a row slide along it to their new slot before the gaps are refilled, and
revealed cards turn over; an election turns its office's square on the track over to the new
holder; control cubes leave for their old owner's panel and arrive from the new owner's;
prestige (a star) and wealth (a coin) fly from where they were earned to the seat's panel,
whose figures count up as they land. At instant speed the shell resets the board right after
`animate`, so none of this delays a game.

The mixin draws with the renderer's own painters (`_paint_building`, `_face`, `_office_face`)
and layout (`panels`); it keeps one note per batch, `_origin`: where the last thing that pays
(a new building, a paid row, a revealed card) happened, so gains fly from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pytweening

from game.engine.core import Config, Event
from game.ui import theme
from game.ui.paint import flip, fly, popup, seat_color
from game.ui.render_kit import Batch, RoomRenderer, on_event

from . import sprites as sp
from .city import payout_blocks
from .layout import (
    CUBE_SIDE,
    GRID,
    PITCH,
    TRACK,
    block_plate_center,
    card_slot,
    cube_rect,
    lot_rect,
    lots_center,
    prestige_point,
    t,
    track_cells,
    wealth_point,
)
from .state import HIDDEN_CARD, NOBODY, State

DROP_TIME, CRUMBLE_TIME, FLY_TIME, FLIP_TIME, POP_TIME = 0.35, 0.3, 0.35, 0.3, 0.6
SLIDE_TIME, GAIN_TIME, GAIN_STEP = 0.3, 0.45, 0.08
BALLOT_TIME = 0.5
DISCARD_TIME, DISCARD_DROP = 0.4, 90  # a discarded contract sinks this far (px)


class USAnimations(RoomRenderer):
    """The event animations of the Urban Sprawl board."""

    panels: list[pygame.Rect]  # set by the renderer's layout

    def __init__(self, rules: Any, config: Config, seat_names: Sequence[str]) -> None:
        """The renderer's common state, and where this batch's gains come from."""
        super().__init__(rules, config, seat_names)
        self._origin: tuple[int, int] = GRID.center
        self._coins_from: tuple[int, int] | None = None  # this batch's paid row, if any

    # == where things are =========================================================================
    def _panel_point(self, seat: int | None) -> tuple[int, int]:
        if seat is None:
            return TRACK.center
        return self.panels[seat].midtop[0], self.panels[seat].y + 30

    def _place_of(self, view: State, card: str) -> pygame.Rect | None:
        """Where a card lies in the rows (row slot or pile top) of a view."""
        for j, c in enumerate(view.contract_row):
            if c == card:
                return card_slot("contract", j)
        for k, c in enumerate(view.tops):
            if c == card:
                return card_slot("contract", 5 + k)
        for i, c in enumerate((*view.planning_row, view.planning_top)):
            if c == card:
                return card_slot("planning", i)
        return None

    def _counting(self, seat: int, what: str = "prestige") -> int:
        """The seat's prestige (or wealth) still flying in: its panel shows the old figure
        until the star or coin lands."""
        return sum(round(amount * left) for (kind, who, amount), left in self.timeline.counting()
                   if who == seat and kind == what)

    # == the city =================================================================================
    @on_event("building_placed", sound="clunk")
    def _drop(self, ev: Event, at: float, batch: Batch) -> float:
        bid, lots, zone = ev.get("building"), ev.get("lots"), ev.get("zone")
        owner = ev.player if ev.player is not None else NOBODY
        self._origin = lots_center(lots)

        def paint(canvas: pygame.Surface, p: float) -> None:
            self._paint_building(canvas, zone, lots, owner, (0, round(-120 * (1 - p))))
        self.timeline.add(at, DROP_TIME, paint, pytweening.easeOutBounce,
                          holds=(("building", bid),))
        return at + DROP_TIME * 0.6

    @on_event("building_demolished", sound="clunk")
    def _crumble(self, ev: Event, at: float, batch: Batch) -> float:
        old = batch.old.buildings[ev.get("building")] if batch.old else None
        if old is None:
            return at

        def paint(canvas: pygame.Surface, p: float) -> None:
            for lot in old.lots:
                rect = lot_rect(lot).inflate(-4 - round(50 * p), -4 - round(50 * p))
                if rect.w > 0 and rect.h > 0:  # lots are wider than high: h ends first
                    canvas.blit(sp.tile(old.zone, rect.size), rect)
        self.timeline.add(at, CRUMBLE_TIME, paint)
        return at + CRUMBLE_TIME

    @on_event("control_changed", sound="clunk")
    def _cube_moves(self, ev: Event, at: float, batch: Batch) -> float:
        """The old owner's cube flies back to their panel, the new owner's comes from theirs."""
        bid = ev.get("building")
        old = batch.old.buildings[bid] if batch.old else None
        if old is None:  # placed in this batch: its cube drops with it
            return at
        spot = cube_rect(old.lots).center
        new = ev.player if ev.player is not None else NOBODY
        for seat, a, b in ((old.owner, spot, None), (new, None, spot)):
            if seat != NOBODY:
                home = self._panel_point(seat)
                self.timeline.add(at, FLY_TIME, fly(sp.cube(seat, CUBE_SIDE), a or home,
                                                    b or home, 40),
                                  holds=(("cube", bid),))
        return at + FLY_TIME

    @on_event("payout", sound="chord")
    def _payout(self, ev: Event, at: float, batch: Batch) -> float:
        """Gains of a row payout fly from the middle of the paid blocks."""
        blocks = payout_blocks(self.rules.board, self.view, ev.get("resource"), ev.get("value"))
        if blocks:
            points = [block_plate_center(block) for block in blocks]
            self._origin = (sum(x for x, _ in points) // len(points),
                            sum(y for _, y in points) // len(points) - PITCH // 3)
            if ev.get("resource") == "wealth":
                self._coins_from = self._origin
                batch.moments.setdefault("coins", at)
        return at

    # == the rows =================================================================================
    @on_event("planning_taken", sound="swish")
    @on_event("favour_taken", sound="swish")
    def _take(self, ev: Event, at: float, batch: Batch) -> float:
        card = ev.get("card")
        start = self._place_of(batch.old, card) if batch.old else None
        end = self._targets.get(("hand", card)) or self._targets.get(("favour", card))
        if start is None or end is None:
            return at
        self.timeline.add(at, FLY_TIME, fly(self._face(card), start.center, end.center, 40),
                          holds=(("card", card),))
        return at + FLY_TIME

    @on_event("contract_discarded", sound="swish")
    def _discard(self, ev: Event, at: float, batch: Batch) -> float:
        """A stalled offer's cheapest contract (rules.py) sinks out of its slot and fades,
        before the row slides and refills."""
        start = card_slot("contract", ev.get("slot"))
        face = self._face(ev.get("card")).copy()

        def paint(canvas: pygame.Surface, p: float) -> None:
            face.set_alpha(round(255 * (1 - p)))
            canvas.blit(face, start.move(0, round(DISCARD_DROP * p)))
        self.timeline.add(at, DISCARD_TIME, paint, pytweening.easeInQuad,
                          holds=(("card", ev.get("card")),))
        return at + DISCARD_TIME

    @on_event("revealed", sound="flip")
    def _reveal(self, ev: Event, at: float, batch: Batch) -> float:
        at = self._slide_rows(batch, at)
        card = ev.get("card")
        rect = self._place_of(self.view, card)
        if rect is None:
            return at
        self._origin = rect.center
        back = sp.card_back("", rect.size)
        self.timeline.add(at, FLIP_TIME, flip(back, self._face(card), rect),
                          holds=(("card", card),))
        return at + FLIP_TIME * 0.5

    def _slide_rows(self, batch: Batch, at: float) -> float:
        """Once a batch: the cards still in the rows glide from their old slots to their new
        ones (the end of a turn slides the rows toward the cheap end before refilling)."""
        if batch.old is None or "slid" in batch.moments:
            return at
        batch.moments["slid"] = at
        moved = False
        v = self.view
        for card in (*v.contract_row, *v.planning_row):
            if card is None or card == HIDDEN_CARD:
                continue
            start, end = self._place_of(batch.old, card), self._place_of(v, card)
            if start is not None and end is not None and start != end:
                self.timeline.add(at, SLIDE_TIME, fly(self._face(card), start.center,
                                                      end.center, 0),
                                  holds=(("card", card),), early=True)
                moved = True
        return at + SLIDE_TIME if moved else at

    # == the track and the panels =================================================================
    @on_event("elected", sound="fanfare")
    def _elected(self, ev: Event, at: float, batch: Batch) -> float:
        """The office's ballot turns over from the old holder to the new one."""
        office = ev.get("office")
        cell = dict(track_cells(self.rules.board.election_track))[office]
        old = self._holder(office, batch.old) if batch.old else NOBODY
        turn = flip(self._office_face(office, old), self._office_face(office, ev.player), cell,
                    lift=16, backdrop=theme.BACKGROUND)
        self.timeline.add(at, BALLOT_TIME, turn, holds=(("office", office),))
        label = t("elected", player=self.names[ev.player], office=t(f"office.{office}"))
        self.timeline.add(at + BALLOT_TIME * 0.5, POP_TIME,
                          popup(label, (cell.centerx, cell.y - 30), seat_color(ev.player),
                                theme.BODY_SIZE))
        self._origin = cell.center
        return at + BALLOT_TIME

    @on_event("prestige", sound=None)
    def _prestige(self, ev: Event, at: float, batch: Batch) -> float:
        """A star flies from where the prestige was earned to the seat's figure (a loss
        shows as a red count at the panel)."""
        seat, amount = ev.player, ev.get("amount")
        self._gain(seat, "prestige", amount, at, sp.star_sprite(GAIN_SIZE))
        return at + GAIN_STEP

    def _gain(self, seat: int, what: str, amount: int, at: float, sprite: pygame.Surface,
              start: tuple[int, int] | None = None) -> None:
        """Queue one gain (or loss) flying to a panel figure (from `start`, by default where
        the last paying thing happened), counted as it lands."""
        panel = self.panels[seat]
        end = prestige_point(panel) if what == "prestige" else wealth_point(panel)
        tag = (what, seat, amount)
        if amount > 0:
            self.timeline.add(at, GAIN_TIME, fly(sprite, start or self._origin, end, 60),
                              tag=tag)
        label = (f"+{amount}" if amount > 0 else str(amount)) if what == "prestige" else (
            f"+${amount}" if amount > 0 else f"-${-amount}")
        rgb = (theme.ACCENT if what == "prestige" else sp.WEALTH_RGB) if amount > 0 else theme.BAD
        self.timeline.add(at + (GAIN_TIME if amount > 0 else 0), POP_TIME,
                          popup(label, end, rgb, theme.BODY_SIZE),
                          tag=None if amount > 0 else tag)

    def animated(self, batch: Batch, end: float) -> None:
        """After the events: the rows slide if nothing revealed made them, and each seat's
        change of wealth flies in as coins (the rules report wealth only as totals)."""
        self._slide_rows(batch, batch.start)
        if batch.old is not None:
            at = batch.moments.get("coins", batch.start)
            for seat in range(self.players):
                delta = self.view.wealth[seat] - batch.old.wealth[seat]
                if delta:
                    self._gain(seat, "wealth", delta, at, sp.coin(GAIN_SIZE), self._coins_from)
                    at += GAIN_STEP
        self._origin, self._coins_from = GRID.center, None

    @on_event("game_over", sound="chord")
    def _game_over(self, ev: Event, at: float, batch: Batch) -> float:
        self.timeline.add(at, 1.0, popup(t("game_over"), GRID.center, theme.ACCENT))
        return at + 1.0


GAIN_SIZE = 34  # a flying star's or coin's side
