"""Urban Sprawl event animations: the handlers scene.USRenderer inherits.

Buildings drop onto their lots and demolished ones crumble; taken cards fly to their seat's
panel; cards left in a row slide along it to their new slot before the gaps are refilled, and
revealed cards turn over; an election turns its office's square on the track over to the new
holder; control cubes leave for their old owner's panel and arrive from the new owner's;
prestige (a star) and wealth (a coin) fly from where they were earned to the seat's panel,
whose figures count up as they land. At instant speed the shell resets the board right after
`animate`, so none of this delays a game.

The mixin draws with the room's pictures (`faces`) and panels (the city's buildings, the
track's office squares) and layout (`seat_rects`); it keeps one note per batch, `_origin`:
where the last thing that pays (a new building, a paid row, a revealed card) happened, so
gains fly from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pytweening

from game.engine.core import Config, Event
from game.ui import theme
from game.ui.paint import flip, fly, popup, seat_color
from game.ui.panels import PanelRoom, fly_area, label_area
from game.ui.render_kit import Batch, on_event
from game.ui.tween import Ease, Painter

from . import sprites as sp
from .city import payout_blocks
from .faces import lots_box
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
    wealth_point,
)
from .state import HIDDEN_CARD, NOBODY, State

DROP_TIME, CRUMBLE_TIME, FLY_TIME, FLIP_TIME, POP_TIME = 0.35, 0.3, 0.35, 0.3, 0.6
SLIDE_TIME, GAIN_TIME, GAIN_STEP = 0.3, 0.45, 0.08
BALLOT_TIME = 0.5
POP_LIFT, POP_RISE = 30, 40  # paint.popup's defaults: where its label starts, how far it rises
DISCARD_TIME, DISCARD_DROP = 0.4, 90  # a discarded contract sinks this far (px)


class USAnimations(PanelRoom):
    """The event animations of the Urban Sprawl board."""

    seat_rects: list[pygame.Rect]  # set by the renderer's layout
    city: Any  # the room's panels and pictures the animations draw with
    track: Any
    faces: Any

    def __init__(self, rules: Any, config: Config, seat_names: Sequence[str]) -> None:
        """The renderer's common state, and where this batch's gains come from."""
        super().__init__(rules, config, seat_names)
        self._origin: tuple[int, int] = GRID.center
        self._coins_from: tuple[int, int] | None = None  # this batch's paid row, if any

    def _tween(self, at: float, dur: float, paint: Painter, area: pygame.Rect,
               ease: Ease | None = None, **extra: Any) -> None:
        """Queue a tween that paints only inside `area` (only that is redrawn while it runs)."""
        if ease is not None:
            extra["ease"] = ease
        self.note_area(self.timeline.add(at, dur, paint, **extra), area)

    # == where things are =========================================================================
    def _panel_point(self, seat: int | None) -> tuple[int, int]:
        if seat is None:
            return TRACK.center
        return self.seat_rects[seat].midtop[0], self.seat_rects[seat].y + 30

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

    def counting(self, seat: int, what: str = "prestige") -> int:
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
            self.city.paint_building(canvas, zone, lots, owner, (0, round(-120 * (1 - p))))
        box = lots_box(lots)
        self._tween(at, DROP_TIME, paint, box.union(box.move(0, -120)),
                    pytweening.easeOutBounce, holds=(("building", bid),))
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
        self._tween(at, CRUMBLE_TIME, paint, lots_box(old.lots))
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
                sprite = sp.cube(seat, CUBE_SIDE)
                self._tween(at, FLY_TIME, fly(sprite, a or home, b or home, 40),
                            fly_area(sprite, a or home, b or home, 40), holds=(("cube", bid),))
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
        face = self.faces.face(card)
        self._tween(at, FLY_TIME, fly(face, start.center, end.center, 40),
                    fly_area(face, start.center, end.center, 40), holds=(("card", card),))
        return at + FLY_TIME

    @on_event("contract_discarded", sound="swish")
    def _discard(self, ev: Event, at: float, batch: Batch) -> float:
        """A stalled offer's cheapest contract (rules.py) sinks out of its slot and fades,
        before the row slides and refills."""
        start = card_slot("contract", ev.get("slot"))
        face = self.faces.face(ev.get("card")).copy()

        def paint(canvas: pygame.Surface, p: float) -> None:
            face.set_alpha(round(255 * (1 - p)))
            canvas.blit(face, start.move(0, round(DISCARD_DROP * p)))
        self._tween(at, DISCARD_TIME, paint, start.union(start.move(0, DISCARD_DROP)),
                    pytweening.easeInQuad, holds=(("card", ev.get("card")),))
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
        self._tween(at, FLIP_TIME, flip(back, self.faces.face(card), rect), flip_area(rect),
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
                face = self.faces.face(card)
                self._tween(at, SLIDE_TIME, fly(face, start.center, end.center, 0),
                            fly_area(face, start.center, end.center, 0),
                            holds=(("card", card),), early=True)
                moved = True
        return at + SLIDE_TIME if moved else at

    # == the track and the panels =================================================================
    @on_event("elected", sound="fanfare")
    def _elected(self, ev: Event, at: float, batch: Batch) -> float:
        """The office's ballot turns over from the old holder to the new one."""
        office = ev.get("office")
        cell = self.track.cell(office)
        old = self.track.holder(office, batch.old) if batch.old else NOBODY
        face = self.track.office_face
        turn = flip(face(office, old), face(office, ev.player), cell,
                    lift=16, backdrop=theme.BACKGROUND)
        self._tween(at, BALLOT_TIME, turn, flip_area(cell, 16), holds=(("office", office),))
        label = t("elected", player=self.names[ev.player], office=t(f"office.{office}"))
        where = (cell.centerx, cell.y - 30)
        self._tween(at + BALLOT_TIME * 0.5, POP_TIME,
                    popup(label, where, seat_color(ev.player), theme.BODY_SIZE),
                    popup_area(label, where, theme.BODY_SIZE))
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
        panel = self.seat_rects[seat]
        end = prestige_point(panel) if what == "prestige" else wealth_point(panel)
        tag = (what, seat, amount)
        if amount > 0:
            origin = start or self._origin
            self._tween(at, GAIN_TIME, fly(sprite, origin, end, 60),
                        fly_area(sprite, origin, end, 60), tag=tag)
        label = (f"+{amount}" if amount > 0 else str(amount)) if what == "prestige" else (
            f"+${amount}" if amount > 0 else f"-${-amount}")
        rgb = (theme.ACCENT if what == "prestige" else sp.WEALTH_RGB) if amount > 0 else theme.BAD
        self._tween(at + (GAIN_TIME if amount > 0 else 0), POP_TIME,
                    popup(label, end, rgb, theme.BODY_SIZE),
                    popup_area(label, end, theme.BODY_SIZE), tag=None if amount > 0 else tag)

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
        self._tween(at, 1.0, popup(t("game_over"), GRID.center, theme.ACCENT),
                    popup_area(t("game_over"), GRID.center))
        return at + 1.0


GAIN_SIZE = 34  # a flying star's or coin's side


def flip_area(rect: pygame.Rect, lift: int = 0) -> pygame.Rect:
    """Every pixel `paint.flip(..., rect, lift, backdrop)` covers: the backdrop round the card
    and the card as it rises."""
    return rect.inflate(8, 8).union(rect.move(0, -lift)).inflate(2, 2)


def popup_area(label: str, center: tuple[int, int], size: int = theme.HEADING_SIZE
               ) -> pygame.Rect:
    """Every pixel `paint.popup(label, center, ..., size)` covers (its default lift and rise)."""
    return label_area(label, (center[0], center[1] - POP_LIFT), size, rise=POP_RISE)
