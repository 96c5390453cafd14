"""Explore New York results picture (capability `result_picture`): a seat's final map as the
rulebook scores it, only its final route (glowing) and the tourists along it, with its six
scoring boxes under the map."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui.paint import seat_color

from . import sprites as sp
from .layout import ROW_H, make_scale
from .map_paint import Marks, paint_sheet
from .score_panel import paint_box
from .scoring import CATEGORIES

RESULT_COLUMNS = 3  # the scoring boxes under a seat's map on the results screen


def paint_result(room: Any, seat: int, size: tuple[int, int]) -> pygame.Surface:
    """The seat's final map and boxes in `size` (the room shows the final view)."""
    w, h = size
    rows = math.ceil(len(CATEGORIES) / RESULT_COLUMNS)
    side = min(w - 8, h - rows * (ROW_H + 8) - 16)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    scale = make_scale(room.board, side)
    origin = ((w - side) // 2, 4)
    frame = pygame.Rect(origin, (side, side))
    pygame.draw.rect(surface, seat_color(seat), frame.inflate(8, 8), border_radius=10)
    surface.blit(sp.paint_map(room.board, scale.geom), origin)
    sheet = room.view.sheets[seat]
    paint_sheet(surface, origin, room.board, sheet, seat,
                Marks(sheet.links, sheet.cafes, sheet.tourists, frozenset(),
                      room.route_of(seat)), scale)
    width = w // RESULT_COLUMNS
    for n in range(len(CATEGORIES)):
        cell = pygame.Rect((n % RESULT_COLUMNS) * width + 4,
                           frame.bottom + 16 + (n // RESULT_COLUMNS) * (ROW_H + 8),
                           width - 8, ROW_H)
        paint_box(surface, room.shown_box(seat, n), cell)
    return surface
