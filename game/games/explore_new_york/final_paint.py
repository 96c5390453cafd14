"""Explore New York's final fade and glow, painted only where their pixels can change.

At the end every map fades out what is off its final route, then its route's glow breathes
while the boxes fill in (map_panel.py's `_route_found`): each a tween per part of the map (a
few joined rects: the frame redraws those). Inside a part most pixels are the same before and
after the fade, or under a transparent glow, and alpha-blending them changes nothing yet cost
every frame of the finale ~0.4-0.6 ms at four seats. So each part is painted as the disjoint
pieces of the marks' own rects inside it (`pieces`: no pixel blended twice), in one `blits`
call: the pixels are those of a blend of the whole part.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui.damage import PASS_AREA, absorb, join_cheapest

FINAL_PARTS = 4  # rects a map's final fade and glow are painted in, at most

Blit = tuple[pygame.Surface, tuple[int, int], pygame.Rect]  # (image, where, its area): blits'


def joined(rects: list[pygame.Rect], size: tuple[int, int]) -> list[pygame.Rect]:
    """Rects inside a map of `size` joined into at most FINAL_PARTS (join_cheapest)."""
    inside = pygame.Rect((0, 0), size)
    areas: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.clip(inside)
        if rect.w and rect.h:
            absorb(rect, areas)
    return join_cheapest(areas, FINAL_PARTS, PASS_AREA)


def pieces(rects: Sequence[pygame.Rect], part: pygame.Rect) -> list[pygame.Rect]:
    """Disjoint rects covering what `rects` cover of `part` (each rect less those before it)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        left = [rect.clip(part)]
        for done in out:
            left = [bit for piece in left for bit in _minus(piece, done)]
        out += [piece for piece in left if piece.w and piece.h]
    return out


def _minus(rect: pygame.Rect, cut: pygame.Rect) -> list[pygame.Rect]:
    """`rect` less `cut`: up to four rects (the bands above and below it, then left and right)."""
    if not rect.colliderect(cut):
        return [rect]
    mid = rect.clip(cut)
    bits = [pygame.Rect(rect.x, rect.y, rect.w, mid.y - rect.y),
            pygame.Rect(rect.x, mid.bottom, rect.w, rect.bottom - mid.bottom),
            pygame.Rect(rect.x, mid.y, mid.x - rect.x, mid.h),
            pygame.Rect(mid.right, mid.y, rect.right - mid.right, mid.h)]
    return [bit for bit in bits if bit.w > 0 and bit.h > 0]


def blits_of(image: pygame.Surface, topleft: tuple[int, int], rects: Sequence[pygame.Rect]
             ) -> tuple[Blit, ...]:
    """The `blits` sequence laying each rect of `image` (its own coordinates) at its place."""
    return tuple((image, (topleft[0] + r.x, topleft[1] + r.y), r) for r in rects)


def fade_in(image: pygame.Surface, blits: tuple[Blit, ...], canvas: pygame.Surface,
            p: float) -> None:
    """Paint: parts of an image laid over their place more and more opaque (the map being
    erased)."""
    image.set_alpha(round(255 * p))
    canvas.blits(blits, doreturn=False)


def pulse(glow: pygame.Surface, blits: tuple[Blit, ...], canvas: pygame.Surface,
          p: float) -> None:
    """Paint: parts of a halo breathing twice over the tween."""
    glow.set_alpha(round(150 * math.sin(math.pi * ((2 * p) % 1.0))))
    canvas.blits(blits, doreturn=False)
