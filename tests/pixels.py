"""Pixel comparisons for the drawing tests, on the surfaces' own memory (numpy views).

Comparing two 1920x1080 frames by converting each to RGB bytes copies 12 MB and costs tens of
milliseconds; the damage tests compare thousands of frames. XOR-ing the two pixel arrays in
place and masking the colour bits gives the same answer (the unused or alpha byte is ignored,
as the RGB bytes ignored it) at a fraction of the cost.
"""

from __future__ import annotations

import pygame


def _colour_diff(a: pygame.Surface, b: pygame.Surface):
    """Per pixel, the colour bits that differ (an (x, y) uint32 array), or None when the two
    surfaces are not both 32-bit in one pixel format (then bytes must be compared)."""
    if a.get_size() != b.get_size() or a.get_bitsize() != 32 or b.get_bitsize() != 32 \
            or a.get_masks() != b.get_masks():
        return None
    r, g, bl, _ = a.get_masks()
    diff = pygame.surfarray.pixels2d(a) ^ pygame.surfarray.pixels2d(b)  # a new array: unlocked
    diff &= r | g | bl
    return diff


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    """True if two surfaces show the same picture."""
    diff = _colour_diff(a, b)
    if diff is None:
        return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    return not diff.any()


def differs_outside(a: pygame.Surface, b: pygame.Surface, rects: list[pygame.Rect]) -> bool:
    """True if the two pictures differ somewhere outside these rects."""
    diff = _colour_diff(a, b)
    if diff is None:
        a, b = a.copy(), b.copy()
        for rect in rects:
            a.fill((0, 0, 0), rect)
            b.fill((0, 0, 0), rect)
        return pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    bounds = a.get_rect()
    for rect in rects:
        part = pygame.Rect(rect).clip(bounds)
        diff[part.left:part.right, part.top:part.bottom] = 0
    return bool(diff.any())
