"""Directional focus navigation: from the focused rect, the nearest rect in a d-pad direction."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

import pygame

VECTORS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def nearest(rects: Mapping[Hashable, pygame.Rect], current: Hashable | None,
            direction: str) -> Hashable | None:
    """The key whose rect is nearest from `current` towards `direction` (None if there is none).

    Candidates must lie ahead in that direction; sideways distance costs double, so pressing
    right on a row moves along the row before it jumps to another one.
    """
    if not rects:
        return None
    if current not in rects:
        return next(iter(rects))
    dx, dy = VECTORS[direction]
    origin = rects[current]
    cx, cy = origin.center
    best, best_score = None, float("inf")
    for key, rect in rects.items():
        if key == current:
            continue
        vx, vy = rect.centerx - cx, rect.centery - cy
        ahead = vx * dx + vy * dy
        if ahead <= 0:
            continue
        side = abs(vx * dy - vy * dx)
        score = ahead + 2 * side
        if score < best_score:
            best, best_score = key, score
    return best


def hit(rects: Mapping[Hashable, pygame.Rect], pos: tuple[int, int]) -> Hashable | None:
    """The key of the smallest rect under pos (small targets sit on top of big ones)."""
    under = [(r.w * r.h, i, k) for i, (k, r) in enumerate(rects.items()) if r.collidepoint(pos)]
    return min(under)[2] if under else None
