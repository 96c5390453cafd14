"""The drawing tests' pixel comparisons (tests/pixels.py) see what the RGB bytes would see."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from tests.pixels import differs_outside, same_pixels


@pytest.fixture(params=["plain", "alpha", "part"])
def pair(request):
    """Two equal pictures of one format (a plain canvas, one with alpha, a subsurface)."""
    pygame.display.init()
    a = pygame.Surface((200, 120), pygame.SRCALPHA if request.param == "alpha" else 0)
    a.fill((30, 60, 90))
    if request.param == "part":
        a = a.subsurface((10, 10, 150, 90))
    yield a, a.copy()
    pygame.display.quit()


def test_one_changed_pixel_is_seen_unless_a_rect_covers_it(pair):
    a, b = pair
    assert same_pixels(a, b) and not differs_outside(a, b, [])
    b.set_at((40, 30), (30, 60, 91))  # one colour bit
    assert not same_pixels(a, b)
    assert differs_outside(a, b, [pygame.Rect(41, 30, 10, 10), pygame.Rect(0, 31, 100, 5)])
    assert not differs_outside(a, b, [pygame.Rect(40, 30, 1, 1)])
    assert not differs_outside(a, b, [pygame.Rect(-50, -50, 500, 500)])  # clipped, not refused


def test_alpha_alone_is_no_difference():
    pygame.display.init()
    a = pygame.Surface((20, 20), pygame.SRCALPHA)
    a.fill((1, 2, 3, 255))
    b = a.copy()
    b.fill((1, 2, 3, 40))
    assert same_pixels(a, b) and not differs_outside(a, b, [])
    pygame.display.quit()
