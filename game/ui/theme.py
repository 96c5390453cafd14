"""Colours and fonts shared by every scene: readable from a sofa on a TV."""

from __future__ import annotations

from functools import cache

import pygame

from .memory import art_cache

BACKGROUND = (24, 28, 38)
PANEL = (38, 44, 58)
PANEL_LIGHT = (58, 66, 86)
TEXT = (238, 238, 232)
TEXT_DIM = (160, 166, 180)
ACCENT = (255, 196, 64)
FOCUS = (255, 220, 90)
GOOD = (110, 200, 120)
BAD = (230, 90, 80)

# Seat colours (lavender, lime, aqua, coral) and their dark shades (outlines, trails). Chosen
# with game.ui.color_vision so that, for full colour vision and under protanopia, deuteranopia
# and tritanopia, every two seats stay at least 20 CIEDE2000 apart, and every seat stays clear
# of the rooms' route, pencil and card colours (tests/ui/test_seat_colors.py). Light, so they
# read on the dark panels; every seat also has an emblem shape (paint.draw_seat_emblem).
# Rooms seat at most 4; a 5th seat would repeat seat 1's colour with its own emblem.
PLAYER_COLORS = [(150, 135, 250), (240, 255, 100), (70, 250, 250), (255, 130, 160)]
PLAYER_DARK = [(70, 55, 150), (110, 120, 20), (10, 110, 120), (150, 50, 80)]

TITLE_SIZE = 96
HEADING_SIZE = 56
BODY_SIZE = 36
SMALL_SIZE = 28  # the smallest text we draw: still readable at 1080p from 3 m
# Declared fine print (21 px lines): allowed for at most 5% of a screen's texts, for what a
# player need not read from the sofa (the legibility audit, game.legibility, counts it).
FINE_PRINT_SIZE = 24


def build_font(size: int, bold: bool = False, kind: type = pygame.font.Font) -> pygame.font.Font:
    """A new UI font at a pixel size (pygame's bundled font, so nothing is downloaded); `kind`
    is the Font class (the legibility audit passes one that notes what it renders)."""
    f = kind(None, int(size * 1.3))  # the default font renders small for its size
    f.set_bold(bold)
    return f


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at a pixel size, made once."""
    return build_font(size, bold)


# A frame draws at most ~60 distinct lines (measured over demos of every game at 4 seats and
# their results screens: 56), so 512 keeps every line of the screen on show and of a few before
# it: about 5 MB of surfaces. 4096 let a long game (Urban Sprawl's last turns, a 45-minute
# match in play, where nothing empties the cache) hold up to ~36 MB of scores nobody shows.
TEXT_CACHE_SIZE = 512


@art_cache(maxsize=TEXT_CACHE_SIZE)
def text(message: str, size: int = BODY_SIZE, color: tuple = TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: draw loops reuse surfaces instead of re-rendering."""
    return font(size, bold).render(message, True, color)
