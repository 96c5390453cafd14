"""Seeing a seat's emblem on a rendered frame: shared by the rooms' scene tests (issue 12 item 8,
colour is never the only cue of whose a piece is)."""

from __future__ import annotations

import pygame

from game.ui.paint import INK, emblem_points, seat_emblem

REACH = 2  # px around a probed point: outlines are 2 px wide and drawn on whole pixels
TOLERANCE = 24  # per channel, from INK


def _inked(canvas: pygame.Surface, at: tuple[float, float]) -> bool:
    x0, y0 = round(at[0]), round(at[1])
    return any(all(abs(c - k) <= TOLERANCE for c, k in zip(canvas.get_at((x, y))[:3], INK))
               for x in range(x0 - REACH, x0 + REACH + 1)
               for y in range(y0 - REACH, y0 + REACH + 1))


def emblem_shows(canvas: pygame.Surface, seat: int, center: tuple[float, float],
                 size: float) -> bool:
    """True when the dark outline of the seat's (polygon) emblem of `size` px at `center` runs
    through the middle of every edge of its shape on the canvas."""
    points = emblem_points(seat_emblem(seat), center, size)
    assert points, "probe a seat whose emblem is a polygon (seat 0 wears a circle)"
    middles = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
               for a, b in zip(points, points[1:] + points[:1])]
    return all(_inked(canvas, m) for m in middles)
