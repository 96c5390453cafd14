"""What a game screen's next frame must redraw (GameScene.damage; see game.ui.damage).

The renderer reports the board (game.ui.render_kit: layers, tweens, pulses); the shell's own
drawing (the bar, seat strips, focus rings, cursors, banners, the curtain, the hint) follows from
a few facts, summed up in two keys. When the first changes (a focus, a curtain, a person's
prompt shown or gone...) the whole frame is redrawn, and so it is whenever the renderer can't
tell. The second is the moves: a move that shows no person a prompt, before or after, changes
only the board (as the renderer reports it), the bar and the people's seat strips, which are all
that is redrawn then (bots playing cost their animations, not whole frames); the bar and strips
only when what they say changed (`Table.idle_bar_key`). The shell's pulsing
rings note their own rects (game_paint.board_focus, hint_glow), which the app redraws next frame.

A split screen (table/split.py) is watched seat by seat instead: what all seats share (the
table, the viewer, the input kind, the Hint setting) redraws everything when it changes, but a
person's focus, prompt, animation hold or unplugged pad redraws only what changed of that seat
(its strip, its focus ring, the renderer's `seat_damage` where its prompt's highlights are, its
notice) and the shared bar when what it says changed. While a hint shows, the first rule holds.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from game.scenes import game_paint as paint
from game.scenes.table.split import SeatShown, SplitTable
from game.ui.board_api import BAR_RECT
from game.ui.render_kit import RoomRenderer


class FrameDamage:
    """Remembers what the shell showed last frame and asks the renderer for the board."""

    def __init__(self, scene: Any) -> None:
        """`scene`: the GameScene (not imported: game.scenes.game imports this module)."""
        self.scene = scene
        self.shown: Hashable = None  # the key of the last frame (None: nothing drawn yet)
        self.moves: Hashable = None  # the moves key of the last frame
        # What the bar and seat strips on the canvas say (Table.idle_bar_key; on a split
        # screen SplitTable.bar_key; None: unknown).
        self.bar: Hashable = None
        self.seats: dict[int, SeatShown] = {}  # split screen: each person's seat last frame
        self.prompted = True  # a person here had a prompt at the last report (game_sleep)

    def key(self, prompted: bool) -> Hashable:
        """Everything the shell's drawing depends on, except the clock and the moves."""
        game = self.scene
        table = game.table
        # The human seats as `damage` just read them (`human_prompts` looked at the seats in
        # this draw): no call, no list made (every frame).
        humans = game._facts[1]
        hints = game.hint_desk
        # An animation hides a person's prompt and focus while it runs; with bots alone it
        # changes nothing the shell draws (and a frame of bots builds no per-seat tuples).
        busy = game.renderer.busy() if humans else None
        seats = tuple((table.seat_busy(s), game.disconnected(s)) for s in humans) if humans else ()
        shown = tuple((s, id(h)) for s, h in hints.shown.items()) if hints.shown else ()
        return (id(table), table.curtain, prompted,
                tuple(sorted(game.focus.items())) if game.focus else (), game.viewer,
                game.finished, seats, busy, game.app.input.last_kind, shown,
                game.app.settings.hints and not game.demo)  # `hints.enabled()`, inline

    def damage(self) -> list[pygame.Rect] | None:
        """The canvas rects the next frame redraws (None: all of it)."""
        game = self.scene
        renderer = game.renderer
        prompted = bool(game.human_prompts())  # the renderer was given prompts or a focus
        self.prompted = prompted
        board = renderer.damage(prompted) if isinstance(renderer, RoomRenderer) else None
        table = game.table
        if table.SPLIT and not game.hint_desk.shown:  # a SplitTable (a flag: Table is an ABC)
            return self._split_damage(table, board)
        match = game.match  # the moves key: the state, the history, whose prompt the bar shows
        key, moves = self.key(prompted), (id(match.state), len(match.history), game.active)
        if key != self.shown:
            self.shown, self.moves = key, moves
            self.bar = self._bar_key(prompted)
            return None
        if moves != self.moves:
            self.moves = moves
            bar, self.bar = self.bar, self._bar_key(prompted)
            if prompted or board is None:  # a person's prompt may read the new state
                return None
            return [*board, *self.shell_rects(bar)] if bar is None or bar != self.bar else board
        return board

    def _bar_key(self, prompted: bool) -> Hashable:
        """What the bar says now, when nobody here is prompted (None otherwise)."""
        return None if prompted else self.scene.table.idle_bar_key()

    def shell_rects(self, was: Hashable = None) -> list[pygame.Rect]:
        """Where the shell writes about the moves: the bar (where its message was and is, when
        the table knows: `was` is the bar key before the move) and each person's seat strip."""
        game = self.scene
        seat_bar = getattr(game.renderer, "seat_bar", None)  # split screen (SplitRenderer)
        strips = [pygame.Rect(seat_bar(s)) for s in game.humans()] if seat_bar else []
        bar = game.table.idle_bar_rects(was, self.bar)
        return [*(bar if bar is not None else [BAR_RECT.copy()]), *strips]

    # -- split screen: each person's seat on its own --------------------------------------------
    def _split_damage(self, table: SplitTable, board: list[pygame.Rect] | None
                      ) -> list[pygame.Rect] | None:
        """A split screen's frame: the board's report, what changed in each person's seat (its
        strip, its prompt's highlights, its focus ring, its notice) and the shared bar when
        what it says changed; everything when what all seats share changed."""
        game = self.scene
        # (`hint_desk.enabled()` inline; the moves key as in `damage`: every frame)
        key = ("split", id(table), game.viewer, game.finished, game.app.input.last_kind,
               game.app.settings.hints and not game.demo)
        match = game.match
        moves = id(match.state), len(match.history), game.active
        plan = table.planned(game.app.canvas)
        was, self.seats = self.seats, plan.seats
        if key != self.shown or was.keys() != plan.seats.keys():
            self.shown, self.moves, self.bar = key, moves, table.bar_key(plan)
            return None
        rects: list[pygame.Rect] = []
        for seat, now in plan.seats.items():
            found = self._seat_rects(seat, was[seat], now)
            if found is None:
                self.moves, self.bar = moves, table.bar_key(plan)
                return None
            rects += found
        if moves != self.moves or rects:  # whose turn the bar names, its hints
            self.moves = moves
            bar, self.bar = self.bar, table.bar_key(plan)
            if bar != self.bar:
                rects += table.bar_rects(bar, self.bar)
        return None if board is None else [*board, *rects]

    def _seat_rects(self, seat: int, was: SeatShown, now: SeatShown
                    ) -> list[pygame.Rect] | None:
        """What changed of one seat since last frame (None: can't tell)."""
        rects: list[pygame.Rect] = []
        if was.strip_key(seat) != now.strip_key(seat) or was.strip != now.strip:
            rects += [was.strip.inflate(8, 8), now.strip.inflate(8, 8)]  # a button's ring too
        if was.prompt() != now.prompt() or was.board_focus() != now.board_focus():
            seat_damage = getattr(self.scene.renderer, "seat_damage", None)
            drawn = seat_damage(seat) if seat_damage is not None else None
            if drawn is None:
                return None
            rects += [rect.copy() for rect in drawn]
        rings = (was.ring(), now.ring())
        if rings[0] != rings[1]:
            rects += [ring.inflate(paint.FOCUS_REACH, paint.FOCUS_REACH) for ring in rings if ring]
        if (was.disconnected, was.strip) != (now.disconnected, now.strip):
            name = self.scene.names[seat]
            rects += [paint.seat_notice(shown.strip, name)[0] for shown in (was, now)
                      if shown.disconnected]
        return rects
