"""Ticket to Ride: Paris board renderer: a layout of panels (game.ui.panels) and their wiring.

The board (layout.py) is six panels, each in a module of its own:
- `MapPanel` (map_panel.py): the city, routes as targets, buses as they are claimed, the
  landmark names placed clear of every bus and marker (labels.py);
- `TrackPanel` (track_panel.py): the score track, a lane per seat;
- `SeatsPanel` (seats_panel.py): one player panel per seat;
- `MarketPanel` (market_panel.py): the face-up row and the deck, ticket and discard piles;
- `HandPanel` (hand_panel.py): the viewer's cards and tickets, or with no seat to show (bots
  only) the table's latest moves (log_strip.py, moves.py);
- `TicketChoicePanel` (choice_panel.py): the ticket choice over the dimmed map (modal).
Each layered panel is repainted only when what it shows changes (frame p50 ~0.9 ms, p99 ~3 ms at
1920x1080 in `python -m game.bench`); each animates the events that start or happen in it
(cards fly, buses drop, tickets flip, the French flag bursts), each with its sound.

What spans panels stays here: the move log the strip shows (noted as events are animated, cut
back on undo), the scores shown while they count up (after the events that changed them,
`animated`), and where a card given to a seat lands (its hand, or its player panel). The board
shows the newest view minus what running or queued tweens hold back (a card in flight is not in
the hand yet, a route being claimed has no buses yet); `reset` drops the timeline and its holds,
so the board is correct mid-animation after undo, load or resize.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar

import pygame
import pytweening

from game.engine.core import Config, Event, Prompt, Target
from game.ui.audio import CueEntry
from game.ui.geometry import BoardGeometry
from game.ui.i18n import language
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch

from . import ahead
from .board import Board
from .choice_panel import TicketChoicePanel
from .hand_panel import HAND_CARD, HandPanel
from .labels import as_labels
from .layout import CARD_H, CARD_W, FLAG_CARD, table_layout
from .map_panel import MapPanel
from .market_panel import MarketPanel
from .moves import MoveLog
from .reach import changed_holds, layers_reached
from .rules import TicketToRideParis
from .seats_panel import SeatsPanel
from .state import State
from .track_panel import TrackPanel

GOOD_SCORE = 80  # scores above this are rare: rendered when first shown
GOOD_HAND = 24  # likewise for a seat's card count
LOG_TIME = 0.15  # s a move without an animation leaves the move log to make its text in
# s an animation about to end is drawn out by, again and again, while the move log's text is
# still to make (a piece a frame, never in a frame that repainted a layer): the strip then
# shows the move in one blit, not made all at once in the frame the animation ends
LOG_WAIT = 0.05
# Layers a refresh that asks every layer's key repaints (after a move, ~15 keys: a repaint's
# worth of work of its own); those it finds dirty beyond it are left to the next frames, which
# ask their keys alone (`_refresh_reached`), REPAINT_BUDGET a frame
WHOLE_BUDGET = 1
# PAIRED: a refresh while tweens run repaints two layers (REPAINT_BUDGET) only when the first
# is the track (a score counting up: the track and that seat's row go up together); else one,
# the rest left to the next frames (a pile left pending and a seat's row lighting up in one
# frame were two repaints of ~0.1 ms each: the heaviest frames of a game, ~0.85 ms at 3p).


class TTRRenderer(PanelRoom):
    """Draws the Paris map, cards, tickets and players; animates the rules' events."""

    view: State | None
    # Dirty layers repainted per frame: a move's repaints (the log, a seat row, a slot, a pile)
    # are spread over the frames after it, two a frame (the track and a seat row count up
    # together), instead of all in the frame that applies it.
    REPAINT_BUDGET = 2
    PLACES_LATE = True  # a move by bots alone places no targets (nobody reads them)
    TWEEN_PASSES = 3  # at most this many rects for the tweens (each is a redraw pass)
    TWEEN_WASTE = 40_000  # px a union of two tween rects may add and still beat two passes
    PANELS = (MapPanel, TrackPanel, MarketPanel, SeatsPanel, HandPanel, TicketChoicePanel)
    # Kinds that make no sound of their own (tickets_drawn: its ticket_drawn events flip).
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = {
        "tickets_drawn": None, "first_player": None, "passed": None}

    def __init__(self, rules: TicketToRideParis, config: Config, seat_names: Sequence[str]) -> None:
        """Lay the panels out and paint the static background once."""
        super().__init__(rules, config, seat_names)
        self.board: Board = rules.board
        self.flag_points = rules.rules.get("flag_points", 4)
        self.score_hold = [0.0] * self.players  # points of each seat still to count up
        self._scored: tuple[State | None, list[int]] = (None, [])  # the last view scored
        # `shown_scores` as last worked out: (view, the points still counting up, the scores)
        self._shown: tuple[State | None, list[float], list[int]] = (None, [], [])
        self._refreshed = False  # this frame's update refreshed the layers
        self._repainted = 0  # layers this frame's refreshes repainted
        self.moves = MoveLog({r.id: rules.route_name(r) for r in self.board.routes})
        layout = table_layout()
        self.map_panel = MapPanel(self, layout["map"])
        self.market = MarketPanel(self, layout["market"])
        self.seats = SeatsPanel(self, layout["seats"])
        self.hand = HandPanel(self, layout["hand"])
        self.choice = TicketChoicePanel(self, layout["choice"])
        self.mount(layout, self.map_panel, TrackPanel(self, layout["track"], "track"),
                   self.market, self.seats, self.hand, self.choice)
        self.market.add_layers(self.layers)
        self.seats.add_layers(self.layers)
        # every layer as (name, area, key, painter, restore, clip), in the order they were
        # added: the layers a change of holds reaches are asked alone (`_refresh_reached`)
        specs = [(p.name, p.rect, p.key, p.paint, p.RESTORE, p.CLIP)
                 for p in self.panels.values() if p.LAYERED]
        self._specs = specs + self.market.layer_specs() + self.seats.layer_specs()
        # what every layer was last brought up to date for: (view, language) (None: ask every
        # layer at the next refresh), and what the layers were last asked with: the scores
        # shown, the row lit and the log's text made
        self._asked_all: tuple | None = None
        self._scores_asked: list[int] = []
        self._lit_asked: int | None = None
        self._log_asked: Hashable = None
        self.hand.log_ahead()
        # the pile counts and scores (up to the deck's size, or a good score) and the seats'
        # figures (up to their buses, or a good hand) rendered now, not in a frame's repaint
        buses = rules.rules.get("buses", 15)
        ahead.text_ahead(max(sum(self.board.deck), len(self.board.tickets), GOOD_SCORE),
                      max(buses, GOOD_HAND))
        # the cards a move flies or shows, drawn now, not in the frame a move lands in: faces
        # in the market, the hand and a flag; backs in flight, the deck and a seat's figures;
        # tickets on their pile, drawn, and in a seat's figures
        self.map_panel.buses_ahead()  # (a claim's buses: drawn now, not as it lands)
        self.market.piles_ahead()  # (a pile's picture but its count: likewise)
        ahead.cards_ahead(((CARD_W, CARD_H), HAND_CARD, FLAG_CARD),
                       ((CARD_W, CARD_H), (42, 58), (26, 36)), ((58, 40), (140, 92), (40, 28)))

    # == what spans panels ========================================================================
    def shown_scores(self) -> list[int]:
        """Each seat's score as shown: the total less the points still counting up (worked
        out again only for another view or other points counting up: every seat row's key
        asks at each refresh)."""
        view, hold = self.view, self.score_hold
        memo = self._shown
        if memo[0] is not view or memo[1] != hold:  # (a list compared in C)
            totals = self._totals(view)
            memo = self._shown = (view, list(hold),
                                  [round(v - h) for v, h in zip(totals, hold)])
        return memo[2]

    def _totals(self, view: State) -> list[int]:
        """Each seat's total in `view`, scored once per view (every seat row's key and the
        track's ask for them at each refresh)."""
        if self._scored[0] is not view:
            self._scored = (view, [sum(b.values()) for b in self.rules.scores(view)])
        return self._scored[1]

    def hand_target(self, seat: int, color: int) -> tuple[float, float]:
        """Where a card lands: the viewer's hand group, or the card count of another seat."""
        if seat == self.viewer:
            return self.hand.card_spot(color)
        return self.seats.card_spot(seat)

    def board_geometry(self) -> BoardGeometry:
        """The landmark names as drawn, and the buses and markers they must leave visible."""
        m = self.map_panel
        return BoardGeometry(as_labels(m.labels), m.route_strokes(), m.marker_icons())

    def keep_clear(self) -> list[pygame.Rect]:
        """The ticket choice's title plate while the choice is up (a hint's callout avoids it)."""
        return self.choice.keep_clear()

    # == the kit's hooks ===========================================================================
    def show(self, view: State, viewer: int | None) -> None:
        """The kit's show; then whether the row of the seat to play is to light up."""
        super().show(view, viewer)
        self.seats.see_turn()
        self.hand.see_view()

    def reset(self, view: State, viewer: int | None) -> None:
        """Show this view now; moves after its turn leave the log (an undo went back)."""
        self.moves.forget_after(view.turn)
        super().reset(view, viewer)

    def animate(self, events: Sequence[Event], view: State, viewer: int | None) -> None:
        """Log the moves the events make, then animate them."""
        self.moves.note(events, (self.view or view).turn)
        super().animate(events, view, viewer)

    def update(self, dt: float) -> None:
        """The kit's update; meanwhile the move log's new text is made a piece a frame, and
        the strip repainted once it is all made (log_strip.py), and the row of the seat to
        play lights up a step a frame (`SeatsPanel.follow_turn`)."""
        self._refreshed, self._repainted = False, 0
        super().update(dt)
        if self.view is None:
            return
        # a row to light: unless the kit refreshed this frame (each refresh repaints a
        # budget's worth of layers); then, the log's text all made: its strip now (once)
        if self.seats.lighting and not self._refreshed:
            self.refresh(self.REPAINT_BUDGET)
        hand = self.hand
        # (`hand.log_pending()`, inline: asked in every frame of an animation)
        if hand.log_shown and hand.log.ready != self.moves.current:
            self._wait_for_log()
            if not self._repainted and hand.prepare_log():
                self._repaint_log()
        elif not self._repainted and self.timeline.tweens:
            # a frame of tweens that repaints nothing, the log's text all made (it must be
            # by the end): a part of a row the turn passing will repaint whole, composed ahead
            self.seats.compose_ahead()

    def _repaint_log(self) -> None:
        """The move log's text all made: the strip repainted to show it, alone (the one layer
        it changes), not through a refresh asking the holds, the claims and the layers
        reached again (~0.05-0.08 ms, most often the second of its frame: a tween drawing the
        animation out ended in it)."""
        layers, hand = self.layers, self.hand
        key, self._log_asked = hand.key(), hand.log.ready
        if layers.shown_key(hand.name) != key:
            layers.paint_region(hand.name, hand.rect, key, hand.paint, hand.RESTORE, hand.CLIP)
            self._repainted += 1

    def _wait_for_log(self) -> None:
        """Draw a running animation out while the move log's text is still to make (a tween
        that paints and holds nothing, LOG_WAIT long, queued as it is about to end): the text
        is made a piece a frame in frames that repaint no layer (the two would add up), and
        it must be made before the board is at rest (the strip at rest makes all of it in
        one frame). At rest (a reset, a new viewer) nothing is drawn out."""
        timeline = self.timeline
        if timeline.tweens:
            end = timeline.tail()
            if end - timeline.clock < LOG_WAIT / 2:
                timeline.add(end, LOG_WAIT, None)

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """The panels' highlights; with no prompt and no ticket choice up (every frame of an
        animation, every frame of bots playing) none draws anything: not asked, one by one."""
        choice = self.choice
        if prompt is None and not choice.offered():
            choice.drawn = False  # (as its `draw_options` notes)
            return
        super().draw_options(canvas, focus, prompt)

    def view_damage(self) -> list[pygame.Rect]:
        """The panels' (`draw_options` above draws nothing of its own: it only skips them)."""
        return self.panels_view_damage()

    def _reach_seen(self, reached: set[str]) -> None:
        """Add the layers reached by what changed beside the holds since the layers were
        last asked: a score shown (the track and that seat's row), the row lit (the rows
        going out and lighting up), the move log's text made (the hand strip)."""
        scores = self.shown_scores()
        if scores != self._scores_asked:
            reached.add("track")
            reached.update(f"seat{seat}" for seat, (a, b)
                           in enumerate(zip(scores, self._scores_asked)) if a != b)
            self._scores_asked = list(scores)
        lit = self.seats.lit
        if lit != self._lit_asked:
            reached.update((f"seat{lit}", f"seat{self._lit_asked}"))
            self._lit_asked = lit
        ready = self.hand.log.ready
        if ready != self._log_asked:
            reached.add("hand")
            self._log_asked = ready

    def busy(self) -> bool:
        """True while tweens run or wait, or the row of the seat to play is still to light
        up (a step a frame: `SeatsPanel.follow_turn`)."""
        return self.seats.lighting or bool(self.timeline.tweens)  # (asked twice a frame)

    def refresh(self, limit: int | None = None) -> None:
        """Note the points still counting up, take the next step of lighting the row of the
        seat to play, paint the routes newly claimed (their rects alone: only when the map is
        reached, if the holds alone changed), then let the kit repaint the dirty layers; with
        a limit of 0 (the frame of a move) only what the tweens hold back is noted (nothing is
        painted: the next refresh does all of it)."""
        self._refreshed = True
        before, self.holds = self.holds, self.timeline.holds()  # as the kit's refresh does
        if limit == 0:  # the frame of a move: all of it is left to the next refresh
            self.layers.refresh(0)
            return
        score = [0.0] * self.players
        for (seat, points), left in self.timeline.counting():
            score[seat] += points * left
        self.score_hold = score
        if self.view is not None:
            self.seats.follow_turn(at_once=limit is None)
            if limit is None or not self._refresh_reached(before, limit):
                self.map_panel.add_claims()
                whole = None if limit is None else min(limit, WHOLE_BUDGET)
                self._repainted += self.layers.refresh(whole)  # the kit's refresh, counted
                self._asked_all = self.view, language()
                self._scores_asked = list(self.shown_scores())
                self._lit_asked, self._log_asked = self.seats.lit, self.hand.log.ready

    def _refresh_reached(self, before: Mapping, limit: int) -> bool:
        """With every layer up to date for the view and language of the last refresh: ask
        only the keys of the layers reached by what changed since the layers were last asked
        (reach.py: the holds since `before`; the scores shown, the row lit, the move log's
        text made; once no tween runs, the move log too: its text may then be made whole),
        and repaint those dirty, `limit` at most (the rest are left pending, asked alone in
        the next frame); False if every layer's key must be asked (a kind of hold not listed,
        a move's frame left every layer unsure). The last tween ending (once a move) thus
        asks the few layers its holds reach, not all ~15. The layers a refresh of every
        layer found dirty and left pending are reached too: asked alone, not with every other."""
        layers = self.layers
        if layers._unsure or self._asked_all != (self.view, language()):
            return False
        reached = layers_reached(changed_holds(before, self.holds), self.map_panel.name)
        if reached is None:
            return False
        if not self.timeline.tweens:  # (the only key that reads the timeline: `log_key`)
            reached.add(self.hand.name)
        self._reach_seen(reached)
        reached.update(layers._pending)
        if self.map_panel.name in reached:  # (the only change of holds that may claim)
            self.map_panel.add_claims()
        dirty = []
        for spec in self._specs if reached else ():
            if spec[0] in reached:
                key = spec[2]()
                if layers.shown_key(spec[0]) != key:
                    dirty.append((spec, key))
        if dirty and dirty[0][0][0] != "track":  # the track and a row: scores counting up
            limit = 1  # else one layer (see PAIRED)
        for (name, area, _, paint, restore, clip), key in dirty[:limit]:
            layers.paint_region(name, area, key, paint, restore, clip)
        self._repainted += min(limit, len(dirty))
        # the rest: pending, asked alone in the next refresh (the kit's `pending`, kept by the
        # room: the kit's refresh would ask every layer again to find them)
        layers._pending = tuple(spec[0] for spec, _ in dirty[limit:])
        return True

    def animated(self, batch: Batch, end: float) -> None:
        """Scores count up once the events that changed them have played; a move the table
        sees nothing of (another seat keeping tickets) still gives the move log a few frames
        to make its text in, a piece a frame (`LOG_TIME`), not all in the frame it lands in."""
        if self.hand.log_pending() and not self.timeline:
            self.timeline.add(end, LOG_TIME, None)
        old = batch.old
        if old is not None and old.players == self.view.players:
            for seat, (a, b) in enumerate(zip(self._totals(old), self._totals(self.view))):
                if a != b:
                    self.timeline.add(batch.moments.get("score", batch.start), 0.5, None,
                                      pytweening.easeOutQuad, tag=(seat, b - a))

    def at_rest(self) -> bool:
        """The kit's, and no seat row still to light nor move log text still to make (the
        rest of `update`; the shell's sleeping table, game.ui.sleep)."""
        hand = self.hand
        return (not self.seats.lighting and not (hand.log_shown
                                                 and hand.log.ready != self.moves.current)
                and super().at_rest())
