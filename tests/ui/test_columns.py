"""Copies and fills on whole columns (damage.column_parts): the same pixels as one blit or
fill, whatever the rect's alignment and width; layers restore that way."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.damage import COLUMN, blit_columns, column_parts, fill_columns
from game.ui.render_kit import Layers

SIZE = (160, 40)


@pytest.fixture(autouse=True)
def display():
    """A display, so that surfaces share its format as the app's do."""
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    yield
    pygame.display.quit()


def noise(seed: int) -> pygame.Surface:
    """A surface of random pixels (every column differs from its neighbours)."""
    rng = random.Random(seed)
    pixels = bytes(rng.randrange(256) for _ in range(SIZE[0] * SIZE[1] * 4))
    return pygame.image.frombytes(pixels, SIZE, "RGBX").convert()


def rects(seed: int, count: int) -> list[pygame.Rect]:
    """Rects of every alignment and width, some reaching past the surface, some empty."""
    rng = random.Random(seed)
    out = [pygame.Rect(3, 2, 9, 5), pygame.Rect(16, 0, 32, 4), pygame.Rect(15, 1, 2, 3),
           pygame.Rect(-5, -3, 40, 9), pygame.Rect(SIZE[0] - 7, 4, 30, 6),
           pygame.Rect(20, 3, 0, 4)]
    for _ in range(count):
        out.append(pygame.Rect(rng.randrange(-8, SIZE[0]), rng.randrange(-4, SIZE[1]),
                               rng.randrange(0, 90), rng.randrange(0, 20)))
    return out


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    """True if two surfaces show the same picture."""
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_column_parts_tile_the_rect_with_whole_columns_between_narrow_edges():
    """The parts cover the rect exactly without overlapping; only the edges are off columns."""
    for rect in rects(7, 300):
        parts = column_parts(rect)
        if len(parts) == 1:
            assert parts == [rect]
            continue
        assert parts[0].unionall(parts[1:]) == rect
        assert sum(p.w for p in parts) == rect.w
        middle = [p for p in parts if p.w >= COLUMN]
        assert len(middle) == 1 and middle[0].x % COLUMN == 0 and middle[0].w % COLUMN == 0
        assert all(p.w < COLUMN for p in parts if p is not middle[0])


def test_a_copy_or_fill_by_column_parts_equals_one_blit_or_fill():
    """`blit_columns` and `fill_columns` give exactly the pixels of one blit or fill."""
    source, base = noise(1), noise(2)
    for rect in rects(11, 200):
        plain, parts = base.copy(), base.copy()
        plain.blit(source, rect, rect)
        blit_columns(parts, source, rect)
        assert same(plain, parts), rect
        plain.fill((200, 10, 90), rect)
        fill_columns(parts, (200, 10, 90), rect)
        assert same(plain, parts), rect


def test_a_layer_s_restore_puts_back_exactly_the_static_pixels_under_its_area():
    """Layers.restore (by column parts) equals one blit of the background under the area."""
    static = noise(3)
    for rect in rects(13, 100):
        layers = Layers(static)
        layers.surface.blit(noise(4), (0, 0))
        expected = layers.surface.copy()
        expected.blit(static, rect, rect)
        layers.take_painted()
        layers.restore(rect)
        assert same(layers.surface, expected), rect
        assert layers.take_painted() == [rect]
