"""What a game screen's next frame must redraw (GameScene.damage; see game.ui.damage).

The renderer reports the board (game.ui.render_kit: layers, tweens, pulses); the shell's own
drawing (the bar, seat strips, focus rings, cursors, banners, the curtain, the hint) follows from
a few facts, summed up in one key: when it changes the whole frame is redrawn, and so it is
whenever the renderer can't tell. The shell's pulsing rings note their own rects
(game_paint.board_focus, hint_glow), which the app redraws next frame.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from game.ui.render_kit import RoomRenderer


class FrameDamage:
    """Remembers what the shell showed last frame and asks the renderer for the board."""

    def __init__(self, scene: Any) -> None:
        """`scene`: the GameScene (not imported: game.scenes.game imports this module)."""
        self.scene = scene
        self.shown: Hashable = None  # the key of the last frame (None: nothing drawn yet)

    def key(self) -> Hashable:
        """Everything the shell's drawing depends on, except the clock."""
        game = self.scene
        table = game.table
        humans = game.humans()
        hints = game.hint_desk
        # An animation hides a person's prompt and focus while it runs; with bots alone it
        # changes nothing the shell draws.
        busy = game.renderer.busy() if humans else None
        return (id(table), table.curtain, id(game.match.state), len(game.match.history),
                tuple(sorted(game.focus.items())), game.active, game.viewer, game.finished,
                tuple(table.seat_busy(s) for s in humans), busy,
                game.app.input.last_kind, tuple(game.disconnected(s) for s in humans),
                tuple((s, id(h)) for s, h in hints.shown.items()), hints.enabled())

    def damage(self) -> list[pygame.Rect] | None:
        """The canvas rects the next frame redraws (None: all of it)."""
        game = self.scene
        renderer = game.renderer
        prompted = bool(game.human_prompts())  # the renderer was given prompts or a focus
        board = renderer.damage(prompted) if isinstance(renderer, RoomRenderer) else None
        key = self.key()
        if key != self.shown:
            self.shown = key
            return None
        return board
