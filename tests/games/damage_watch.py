"""Checks a room's damage reports frame by frame: between two frames, every pixel that differs
must lie inside the rects the renderer reported (shared by the rooms' damage tests)."""

from __future__ import annotations

import pygame

from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from tests.pixels import differs_outside


def frame(renderer) -> pygame.Surface:
    """A whole frame, drawn unclipped (no prompt: nothing breathes with the clock)."""
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, None)
    return canvas


outside = differs_outside  # True if the two frames differ somewhere outside these rects


def watched(renderer, draw=frame) -> tuple[int, int]:
    """Play the running animation frame by frame (each drawn whole by `draw`), checking each
    frame's damage; returns (frames played, frames that redrew less than half the board)."""
    last, frames, partial = draw(renderer), 0, 0
    while renderer.busy():
        renderer.update(1 / 60)
        damaged = renderer.damage(False)
        now = draw(renderer)
        frames += 1
        if damaged is not None:
            assert not outside(last, now, damaged)
            area = sum(r.clip(BOARD_RECT).w * r.clip(BOARD_RECT).h for r in damaged)
            partial += area < BOARD_RECT.w * BOARD_RECT.h // 2
        last = now
    return frames, partial


def moved(renderer, last: pygame.Surface, draw=frame) -> list[pygame.Rect] | None:
    """The damage reported after a move (a new view, its animation queued), checked against
    `last`, the frame drawn before it: every pixel that changed lies inside it."""
    damaged = renderer.damage(False)
    if damaged is not None:
        assert not outside(last, draw(renderer), damaged)
    return damaged


def watch(renderer) -> int:
    """`watched`, counting only the frames that redrew less than half the board."""
    return watched(renderer)[1]
