"""Explore New York board layout: every seat's sheet (map, scoring boxes, prompt strip) and the
card column, by the number of seats, and the scale a map is drawn at.

Two maps side by side with the card column between them; with three or four, the `focus`
seat's map large (the seat a person plays; at a table of bots the turn's first player) left of
a narrower column and the others small on the right, so the large map's symbols are >= 24 px at
1080p (four maps of one size would draw symbols of 12-16 px, issue #27).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.panels import Layout
from game.ui.split_room import SeatArea

from . import sprites as sp
from .board import Board
from .scoring import CATEGORIES

TOTAL = "total"
BOXES = (*CATEGORIES, TOTAL)  # the order the boxes fill in
GLOW = (255, 222, 80)
ROW_H = 52  # a scoring row (the header, then the boxes)


class ENYLayout(Layout):
    """The panels' rects (each seat's map and score zone, the column) and the seats' areas."""

    def __init__(self, seats: dict[int, SeatArea], column: pygame.Rect, header: pygame.Rect,
                 cards: tuple[pygame.Rect, ...]) -> None:
        """The seats' sheets, the card column, its header and its three card slots."""
        rects = {"column": column}
        for seat, area in seats.items():
            rects[f"map{seat}"], rects[f"score{seat}"] = area.map, area.score
        super().__init__(**rects)
        self.seats, self.column, self.header, self.cards = seats, column, header, cards


def make_layout(players: int, focus: int = 0) -> ENYLayout:
    """Two maps side by side; with three or four, the `focus` seat's map large."""
    return _layout_two() if players == 2 else _layout_focus(players, focus)


def _column(x: int, w: int, card_w: int, card_h: int, gap: int, header_h: int = 132
            ) -> tuple[pygame.Rect, pygame.Rect, tuple[pygame.Rect, ...]]:
    column = pygame.Rect(x, 8, w, 984)
    header = pygame.Rect(x, 8, w, header_h)
    cards = tuple(pygame.Rect(x + (w - card_w) // 2, header.bottom + 12 + k * (card_h + gap),
                              card_w, card_h) for k in range(3))
    return column, header, cards


def _layout_two() -> ENYLayout:
    column, header, cards = _column(764, 392, 330, 224, 24)
    seats = {seat: SeatArea(seat, pygame.Rect(x, 8, 748, 984), pygame.Rect(x + 24, 8, 700, 700),
                            pygame.Rect(x + 8, 716, 732, 3 * ROW_H + 40),
                            pygame.Rect(x, 928, 748, 64), 3)
             for seat, x in ((0, 8), (1, 1164))}
    return ENYLayout(seats, column, header, cards)


def _layout_focus(players: int, focus: int) -> ENYLayout:
    """The focused map 848 px square (every symbol >= 24 px at 1080p, issue #27) with
    its scoring boxes in a column on its right; the card column; the other seats' maps small,
    stacked on the right in seat order, each with its boxes and a strip."""
    column, header, cards = _column(1088, 290, 250, 170, 16, 196)  # a line may wrap
    seats = {focus: SeatArea(focus, pygame.Rect(8, 8, 1072, 984), pygame.Rect(16, 16, 848, 848),
                             pygame.Rect(872, 12, 204, 856), pygame.Rect(8, 880, 1072, 64), 1)}
    others = [seat for seat in range(players) if seat != focus]
    for k, seat in enumerate(others):
        y = 8 + k * 330
        seats[seat] = SeatArea(seat, pygame.Rect(1386, y, 526, 324),
                               pygame.Rect(1390, y + 4, 272, 272),
                               pygame.Rect(1666, y + 4, 244, 272),
                               pygame.Rect(1386, y + 280, 526, 44), 1)
    return ENYLayout(seats, column, header, cards)


def score_cells(area: SeatArea) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """A seat's score zone: the header row (name and total) and one cell per category."""
    rect = area.score
    rows = 2 if rect.w < 240 and rect.h > 600 else 1  # name over total in a narrow column
    header = pygame.Rect(rect.x + 8, rect.y, rect.w - 16, rows * ROW_H - 8 * (rows - 1))
    cols = area.columns
    w = (rect.w - 8) // cols
    h = (rect.bottom - header.bottom - 4) // math.ceil(len(CATEGORIES) / cols)
    cells = [pygame.Rect(rect.x + 4 + (k % cols) * w, header.bottom + 4 + (k // cols) * h,
                         w - 6, h - 6) for k in range(len(CATEGORIES))]
    return header, cells


@dataclass(frozen=True, slots=True)
class MapScale:
    """One map size: where its blocks and links are, and how wide a pen line is on it."""

    geom: sp.MapGeom
    lines: tuple[tuple[tuple[float, float], ...], ...]  # per link, its polyline
    pen: int  # a pen line's width


def make_scale(board: Board, size: int) -> MapScale:
    """The scale of a map `size` pixels square."""
    geom = sp.make_geom(size)
    return MapScale(geom, sp.link_polylines(board, geom), max(4, round(geom.cell * 0.09)))
