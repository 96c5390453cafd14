"""Recording every font a board asks for while a test draws it, so a room can hold what its
players read to lines of at least 24 px at 1080p (rooms' tests/…/test_text_size.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import pygame

from game.ui import paint, theme

SMALLEST = 24  # px: the line height a player on a sofa can still read at 1080p


@contextmanager
def font_heights(monkeypatch, caches: Sequence[Callable] = ()) -> Iterator[dict]:
    """{(size, bold): line height} of every font asked for inside the block; the shared text
    caches and the room's own (`caches`, lru_cache'd painters) are emptied before and after,
    so that text drawn earlier asks for its font again."""
    pygame.init()
    asked: dict[tuple[int, bool], int] = {}
    original = theme.font

    def recording(size: int, bold: bool = False) -> pygame.font.Font:
        font = original(size, bold)
        asked[(size, bold)] = font.get_height()
        return font

    every = (theme.text, paint._narrowed, *caches)
    for cache in every:
        cache.cache_clear()
    monkeypatch.setattr(theme, "font", recording)
    try:
        yield asked
    finally:
        for cache in every:
            cache.cache_clear()


def too_small(heights: dict[tuple[int, bool], int]) -> dict[tuple[int, bool], int]:
    """The fonts whose lines are under SMALLEST px."""
    return {key: h for key, h in heights.items() if h < SMALLEST}
