"""Urban Sprawl's animations that span panels: the reactions scene.USRenderer inherits.

Taken cards fly from the rows to their seat's panel; prestige (a star) and wealth (a coin) fly
from where they were earned to the seat's panel, whose figures count up as they land (a loss
shows as a red count); the end of the game pops up over the city. The panels animate what
happens inside them: buildings drop and crumble, control cubes change hands (city_panel.py),
a contract sinks out of its row, revealed cards turn over and the rows slide (rows_panel.py),
an office's ballot turns over (track_panel.py). At instant speed the shell resets the board
right after `animate`, so none of this delays a game.

The room keeps one note per batch, `origin`: where the last thing that pays (a new building, a
paid row, a revealed card, an election) happened, so gains fly from there; and `coins_from`,
the paid row a wealth payout's coins leave. Every tween reports where it paints (the kit's
`PanelRoom.tween`): a flying card, a popup or a dropping building says where it is at each
progress (`paint.Moving`), so that a frame redraws only where it is and was, not its whole way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine.core import Config, Event
from game.ui import theme
from game.ui.paint import INK, fly, popup
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event

from . import sprites as sp
from .layout import (
    CUBE_SIDE,
    GRID,
    TRACK,
    card_slot,
    prestige_point,
    t,
    wealth_point,
)
from .state import State

DROP_TIME, CRUMBLE_TIME, FLY_TIME, FLIP_TIME, POP_TIME = 0.35, 0.3, 0.35, 0.3, 0.6
SLIDE_TIME, GAIN_TIME, GAIN_STEP = 0.3, 0.45, 0.08
BALLOT_TIME = 0.5
DISCARD_TIME, DISCARD_DROP = 0.4, 90  # a discarded contract sinks this far (px)


class USAnimations(PanelRoom):
    """The event animations of the Urban Sprawl board."""

    seat_rects: list[pygame.Rect]  # set by the renderer's layout
    bodies: list[Any]  # each seat's body panel (seat_panel.SeatBody)
    rows: Any  # the room's panels and pictures the animations draw with
    faces: Any

    def __init__(self, rules: Any, config: Config, seat_names: Sequence[str]) -> None:
        """The renderer's common state, and where this batch's gains come from."""
        super().__init__(rules, config, seat_names)
        self.origin: tuple[int, int] = GRID.center
        self.coins_from: tuple[int, int] | None = None  # this batch's paid row, if any
        # (the tweens, the clock, what each (kind, seat) still counts up then): `counting`
        self._counted: tuple[list, float, dict] = ([], -1.0, {})

    # == where things are =========================================================================
    def panel_point(self, seat: int | None) -> tuple[int, int]:
        if seat is None:
            return TRACK.center
        return self.seat_rects[seat].midtop[0], self.seat_rects[seat].y + 30

    def place_of(self, view: State, card: str) -> pygame.Rect | None:
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

    def chip_target(self, card: str) -> pygame.Rect | None:
        """Where a planning card (else a Favour) sits in a seat's panel: its target's rect,
        without placing the view's targets (bots read none; a city's are hundreds)."""
        view, hand, favour = self.view, None, None
        for body in self.bodies:  # (the last seat's wins, as in the targets joined)
            hand_rects, favour_rects = body.chip_places(view)
            for held, rect in zip(view.hands[body.seat], hand_rects):
                hand = rect if held == card else hand
            for held, rect in zip(view.favours[body.seat], favour_rects):
                favour = rect if held == card else favour
        return hand or favour

    def counting(self, seat: int, what: str = "prestige") -> int:
        """The seat's prestige (or wealth) still flying in: its panel shows the old figure
        until the star or coin lands. Summed for every seat at once per clock and tweens
        (each head asks for both figures, in its key and its items, every frame something
        counts up)."""
        return self.counted().get((what, seat), 0)

    def counted(self) -> dict[tuple[str, int], int]:
        """What still flies in, by (kind, seat): the same dict while the clock and tweens are
        (read it, never change it)."""
        timeline = self.timeline
        tweens, clock, totals = self._counted
        if clock != timeline.clock or tweens != timeline.tweens:  # tweens compare by identity
            totals = {}
            for (kind, who, amount), left in timeline.counting():
                totals[kind, who] = totals.get((kind, who), 0) + round(amount * left)
            self._counted = (list(timeline.tweens), timeline.clock, totals)
        return totals

    # == the rows =================================================================================
    @on_event("planning_taken", sound="swish")
    @on_event("favour_taken", sound="swish")
    def _take(self, ev: Event, at: float, batch: Batch) -> float:
        card = ev.get("card")
        start = self.place_of(batch.old, card) if batch.old else None
        end = self.chip_target(card)
        if start is None or end is None:
            return at
        face = self.faces.face(card)
        self.tween(at, FLY_TIME, fly(face, start.center, end.center, 40),
                   holds=(("card", card),))
        return at + FLY_TIME

    # == the panels =================================================================
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
            origin = start or self.origin
            self.tween(at, GAIN_TIME, fly(sprite, origin, end, 60), tag=tag)
        label, rgb = gain_label(what, amount)
        self.tween(at + (GAIN_TIME if amount > 0 else 0), POP_TIME,
                   popup(label, end, rgb, theme.BODY_SIZE), tag=None if amount > 0 else tag)

    def animated(self, batch: Batch, end: float) -> None:
        """After the events: the rows slide if nothing revealed made them, and each seat's
        change of wealth flies in as coins (the rules report wealth only as totals)."""
        self.rows.slide_rows(batch, batch.start)
        if batch.old is not None:
            at = batch.moments.get("coins", batch.start)
            for seat in range(self.players):
                delta = self.view.wealth[seat] - batch.old.wealth[seat]
                if delta:
                    self._gain(seat, "wealth", delta, at, sp.coin(GAIN_SIZE), self.coins_from)
                    at += GAIN_STEP
        self.origin, self.coins_from = GRID.center, None

    @on_event("game_over", sound="chord")
    def _game_over(self, ev: Event, at: float, batch: Batch) -> float:
        self.tween(at, 1.0, popup(t("game_over"), GRID.center, theme.ACCENT))
        return at + 1.0


GAIN_SIZE = 34  # a flying star's or coin's side
# The gains whose popups are rendered before the first frame (`draw_ahead`): bot games' wealth
# changes lie in -30..+24, nine in ten of them in -12..+12; prestige changes are small.
GAINS_AHEAD = {"wealth": range(-12, 13), "prestige": range(-4, 11)}


def gain_label(what: str, amount: int) -> tuple[str, tuple[int, int, int]]:
    """The popup text and colour of a gain (or loss) of prestige or wealth."""
    label = (f"+{amount}" if amount > 0 else str(amount)) if what == "prestige" else (
        f"+${amount}" if amount > 0 else f"-${-amount}")
    rgb = (theme.ACCENT if what == "prestige" else sp.WEALTH_RGB) if amount > 0 else theme.BAD
    return label, rgb


def draw_ahead(players: int) -> None:
    """Draw before the first frame what the first moves' animations would otherwise draw in
    the frame they start (a cold text render or sprite costs it 0.05-0.15 ms): each seat's
    control cube, the flying star and coin, and the popups of the usual gains (their text and
    its outline, as `paint.popup` draws them)."""
    for seat in range(players):
        sp.cube(seat, CUBE_SIDE)
    sp.star_sprite(GAIN_SIZE)
    sp.coin(GAIN_SIZE)
    for what, amounts in GAINS_AHEAD.items():
        for amount in amounts:
            if amount:
                label, rgb = gain_label(what, amount)
                theme.text(label, theme.BODY_SIZE, rgb, True)
                theme.text(label, theme.BODY_SIZE, INK, True)


def flip_area(rect: pygame.Rect, lift: int = 0) -> pygame.Rect:
    """Every pixel `paint.flip(..., rect, lift, backdrop)` covers: the backdrop round the card
    and the card as it rises."""
    return rect.inflate(8, 8).union(rect.move(0, -lift)).inflate(2, 2)
