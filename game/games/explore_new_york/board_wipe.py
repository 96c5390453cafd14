"""Explore New York at a table of three or four bots: a board coming back sweeps in.

Such a table lays its board out anew each turn, the next first player's map large (a board kept
comes back: BoardMounts._remount). Shown at once, the frame of that move redrew and presented the
whole board (~0.9 ms of its 2.5-3 ms). So the new board sweeps in from the left instead, one
strip of whole 16-px columns a frame (a budget in strips: the same frames whatever the timings),
behind a bar in the new first player's colour; the old board, kept unchanged meanwhile (the
renderer keeps it to come back to), is drawn right of the bar. Each frame redraws the strip the
bar crossed, not the board. A sweep runs over a dozen frames (~0.2 s).
A mixin of ENYRenderer (scene.py), which draws the board (`draw_seats`) and reports its damage.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.board_api import BOARD_RECT
from game.ui.paint import seat_color

SWEEP_STRIPS = 12  # frames a board takes to sweep in (a strip of 160 px of 1920 a frame)
STRIP = BOARD_RECT.w // SWEEP_STRIPS  # (a whole number of 16-px columns: SDL's fast path)
EDGE = 6  # px: the sweeping bar, in the new first player's colour
COLUMN = 16  # px: the damage reaches back over the bar drawn last frame on whole columns


@dataclass
class Sweep:
    """A board sweeping in over the one shown before: `front` px of it shown so far."""

    old: pygame.Surface  # the board shown before (the renderer keeps it, unchanged meanwhile)
    color: tuple[int, int, int]  # the bar's: the new first player's
    front: int = 0  # board x: left of it the new board, right of it the old one

    def step(self) -> pygame.Rect:
        """Move the bar one strip on; the canvas rect that changes (the strip it crossed and
        where it was drawn last frame)."""
        was = self.front
        self.front = min(BOARD_RECT.w, was + STRIP)
        left = max(0, was - COLUMN)
        return pygame.Rect(left, 0, self.front - left, BOARD_RECT.h).move(BOARD_RECT.topleft)

    def done(self) -> bool:
        """True once the whole new board is shown (the bar has left it)."""
        return self.front >= BOARD_RECT.w

    def paint(self, canvas: pygame.Surface) -> None:
        """The old board right of the front, then the bar left of it (drawn over the new board;
        the canvas clip keeps both to the pass's rect)."""
        if self.front >= BOARD_RECT.w:
            return
        rest = pygame.Rect(self.front, 0, BOARD_RECT.w - self.front, BOARD_RECT.h)
        canvas.blit(self.old, rest.move(BOARD_RECT.topleft), rest)
        bar = pygame.Rect(self.front - EDGE, 0, EDGE, BOARD_RECT.h).clip(BOARD_RECT)
        if bar.w:
            canvas.fill(self.color, bar.move(BOARD_RECT.topleft))


class BoardSweeps:
    """A board coming back at a table of bots sweeps in (a renderer mixin)."""

    _sweep: Sweep | None = None  # the board sweeping in now
    _sweeping: bool = False  # inside `animate`'s layout: a board kept that comes back sweeps in

    def sweep_in(self, old: pygame.Surface) -> None:
        """A board kept has come back over `old` (the board shown until now): sweep it in,
        unless a sweep still runs (the canvas shows two boards) or a layer of it was never
        painted (a board laid out before the first view): then all of it at once, as before."""
        layers = self.layers
        if self._sweep is not None or any(layers.shown_key(panel.name) is None
                                          for panel in self.panels.values() if panel.LAYERED):
            self._sweep = None
            self.damage_rect()
            return
        self._sweep = Sweep(old, seat_color(self.focus))  # (the new first player's map is large)
        for outline, _, faint, panel in self._table[2]:  # drawn over the old board last frame
            if outline is not None:  # (ENYRenderer.draw_table): they go with it
                self.damage_rect(pygame.Rect(outline))
            if faint is not None:
                self.damage_rect(panel.rect.move(BOARD_RECT.topleft))
        self.layers.take_painted()  # what was painted on it meanwhile shows as the sweep passes

    def drop_swept_paints(self) -> None:
        """Before the frame's report, in the frame a sweep starts (that of the move bringing the
        board back, whose refresh repainted its layers all over): forget where its layers were
        painted. Left of the bar the strip is redrawn whole, right of it the old board covers
        them (those rects, joined with the strip, made the frame redraw most of the board)."""
        if self._sweep is not None and self._sweep.front == 0:
            self.layers.take_painted()

    def sweep_damage(self, damaged: list[pygame.Rect] | None) -> list[pygame.Rect] | None:
        """Once a frame (the room's `damage`, with what the frame changes): add the sweep's
        next strip. What changes right of the bar is redrawn too (the old board painted over
        it: the pixels of a whole redraw; but for the first frame's layer repaints:
        `drop_swept_paints`). A frame redrawing everything (None: the first one,
        another scene over the table) shows the new board whole at once: no sweep."""
        sweep = self._sweep
        if sweep is None or damaged is None:
            self._sweep = None
            return damaged
        strip = sweep.step()
        if sweep.done():
            self._sweep = None
        return [*damaged, strip]

    def paint_sweep(self, canvas: pygame.Surface) -> None:
        """Over the board drawn (`draw_seats`): the old board not swept yet, and the bar."""
        if self._sweep is not None:
            self._sweep.paint(canvas)

    def at_rest(self) -> bool:
        """Not while a board sweeps in (each frame's damage moves it on)."""
        return self._sweep is None and super().at_rest()
