"""Colours and fonts shared by every scene: readable from a sofa on a TV."""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

BACKGROUND = (24, 28, 38)
PANEL = (38, 44, 58)
PANEL_LIGHT = (58, 66, 86)
TEXT = (238, 238, 232)
TEXT_DIM = (160, 166, 180)
ACCENT = (255, 196, 64)
FOCUS = (255, 220, 90)
GOOD = (110, 200, 120)
BAD = (230, 90, 80)

# Seat colours: chosen to stay distinct from TTR's route colours (blue, red, white, yellow,
# green, purple) and from each other for colour-blind players (different lightness too).
PLAYER_COLORS = [(240, 128, 32), (40, 190, 200), (236, 90, 170), (150, 150, 150)]
PLAYER_DARK = [(150, 70, 10), (10, 110, 120), (140, 30, 90), (60, 60, 60)]

TITLE_SIZE = 96
HEADING_SIZE = 56
BODY_SIZE = 36
SMALL_SIZE = 28  # the smallest text we draw: still readable at 1080p from 3 m


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at a pixel size (pygame's bundled font, so nothing is downloaded)."""
    f = pygame.font.Font(None, int(size * 1.3))  # the default font renders small for its size
    f.set_bold(bold)
    return f


@lru_cache(maxsize=4096)
def text(message: str, size: int = BODY_SIZE, color: tuple = TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: draw loops reuse surfaces instead of re-rendering."""
    return font(size, bold).render(message, True, color)
