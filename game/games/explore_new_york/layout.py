"""Explore New York board layout: every seat's sheet (map, scoring boxes, prompt strip) and the
card column, by the number of seats, and the scale a map is drawn at.

Two maps side by side with the card column between them; with three or four, the `focus`
seat's map large (the seat a person plays or zooms on; at a table of bots the turn's first
player) left of a narrower column and the others small on the right, so the large map's
symbols are >= 24 px at 1080p (four maps of one size would draw symbols of 12-16 px, issue
#27). With two people at three or four seats, both people's maps large side by side (`pair`)
and the bots' sheets compact under the cards: a thumbnail map, the name and the total.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.damage import join_cheapest
from game.ui.panels import Layout
from game.ui.split_room import SeatArea

from . import sprites as sp
from .board import Board
from .scoring import CATEGORIES

TOTAL = "total"
BOXES = (*CATEGORIES, TOTAL)  # the order the boxes fill in
GLOW = (255, 222, 80)
ROW_H = 52  # a scoring row (the header, then the boxes)
BOX_MIN_H = 56  # a scoring box under a header row at least this tall, else the header on the left
MINI_MAP = 196  # a bot's thumbnail map next to two people's large maps at most (no coordinates)
DAMAGE_RECTS = 3  # the board's damage joined into this many rects at most (join_cheapest; the
# shell adds the bar after a move, and joins more than four: damage.MAX_PASSES)
PASS_WASTE = 16_000  # px a join may add and still be worth a redraw pass less. Fitted over a
# paced four-seat game (least squares over its frames' passes and pixels): a pass costs ~0.03 ms
# (the layers, the table, the tweens' reach; the present's blit and update), a pixel ~1.9 ns
# (copied from the layers to the canvas and on to the window, much of it in tall narrow rects
# whose rows miss the caches: several times a full-screen blit's rate). 120k px, set when a
# pixel was thought to cost ~0.4 ns, joined the score column's far boxes into one 208x850 rect:
# paced animated p95 at four seats ~1.0 -> ~0.9 ms (20k, three rounds each way, alternated).
FINAL_DAMAGE_RECTS = 4  # in the finale (no move follows: the bar stays) the shell's four passes
# go to the maps' fade and glow (three joined the small maps' parts with all between them)
# The last damage joined: (its rects, the joined rects). Most frames of a move report what the
# frame before did (a stroke's whole reach while it runs): joined once, not every frame.
_last_joined: list[tuple[tuple, tuple]] = [((), ())]


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


def make_layout(players: int, focus: int = 0, pair: Sequence[int] = ()) -> ENYLayout:
    """Two maps side by side; with three or four, the two `pair` seats' maps large (two
    people), else the `focus` seat's map large and the others small."""
    if players == 2:
        return _layout_two()
    if len(pair) == 2:
        return _layout_pair(players, tuple(sorted(pair)))
    return _layout_focus(players, focus)


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
    stacked on the right in seat order (wherever the zoom is, so each person knows where to
    find their own), each with its boxes and a strip."""
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


def _layout_pair(players: int, pair: tuple[int, int]) -> ENYLayout:
    """Two people at three or four seats: their maps 784 px square side by side (every
    symbol >= 24 px at 1080p), each over its boxes and strip; the card column between them,
    and under its cards the bots' compact sheets side by side."""
    column, header, cards = _column(816, 288, 250, 170, 12, 184)  # a line may wrap
    seats = {}
    for seat, x in zip(pair, (8, 1112)):
        seats[seat] = SeatArea(seat, pygame.Rect(x, 8, 800, 984), pygame.Rect(x + 8, 16, 784, 784),
                               pygame.Rect(x + 4, 808, 792, 116), pygame.Rect(x, 928, 800, 64), 3)
    bots = [seat for seat in range(players) if seat not in pair]
    bottom, column.h = column.bottom, cards[-1].bottom + 16 - column.y  # the bots' sheets below
    top, w = column.bottom + 8, (column.w - 8 * (len(bots) - 1)) // len(bots)
    for k, seat in enumerate(bots):
        area = pygame.Rect(column.x + k * (w + 8), top, w, bottom - top)
        lines = 1 if w >= 200 else 2  # the name beside the total, or over it when narrow
        size = min(w - 8, MINI_MAP, area.h - 8 - lines * ROW_H + 4 * (lines - 1))
        thumb = pygame.Rect(area.centerx - size // 2, area.y + 4, size, size)
        score = pygame.Rect(area.x, thumb.bottom + 4, w, area.bottom - thumb.bottom - 4)
        seats[seat] = SeatArea(seat, area, thumb, score, pygame.Rect(score), 1, mini=True)
    return ENYLayout(seats, column, header, cards)


def score_cells(area: SeatArea) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """A seat's score zone: the header (name and total) and one cell per category; a bot's
    compact sheet has the header alone."""
    rect = area.score
    if area.mini:
        return pygame.Rect(rect.x + 4, rect.y, rect.w - 8, rect.h), []
    cols = area.columns
    rows = math.ceil(len(CATEGORIES) / cols)
    if cols >= 3 and rect.h < ROW_H + rows * BOX_MIN_H:  # too low for a header row over them
        return _side_header(rect, cols, rows)
    lines = 2 if rect.w < 240 and rect.h > 600 else 1  # name over total in a narrow column
    header = pygame.Rect(rect.x + 8, rect.y, rect.w - 16, lines * ROW_H - 8 * (lines - 1))
    w = (rect.w - 8) // cols
    h = (rect.bottom - header.bottom - 4) // rows
    cells = [pygame.Rect(rect.x + 4 + (k % cols) * w, header.bottom + 4 + (k // cols) * h,
                         w - 6, h - 6) for k in range(len(CATEGORIES))]
    return header, cells


def _side_header(rect: pygame.Rect, cols: int, rows: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """A wide, low score zone: the name over the total on the left, the boxes in `rows` rows
    of `cols` on its right."""
    w = (rect.w - 8) // (cols + 1)
    h = (rect.h - 4) // rows
    header = pygame.Rect(rect.x + 8, rect.y + 2, w - 12, rect.h - 4)
    cells = [pygame.Rect(rect.x + 4 + (1 + k % cols) * w, rect.y + 4 + (k // cols) * h,
                         w - 6, h - 6) for k in range(len(CATEGORIES))]
    return header, cells


@dataclass(frozen=True, slots=True)
class MapScale:
    """One map size: where its blocks and links are, and how wide a pen line is on it."""

    geom: sp.MapGeom
    lines: tuple[tuple[tuple[float, float], ...], ...]  # per link, its polyline
    pen: int  # a pen line's width
    bounds: tuple[tuple[float, float, float, float], ...]  # per link, its points' (left, top,
    # right, bottom): where its pen line reaches (map_paint.pen_reach) without a loop a frame


def make_scale(board: Board, size: int, coords: bool = True) -> MapScale:
    """The scale of a map `size` pixels square (`coords`: its coordinates printed)."""
    geom = sp.make_geom(size, coords)
    lines = sp.link_polylines(board, geom)
    return MapScale(geom, lines, max(4, round(geom.cell * 0.09)),
                    tuple(sp.bounds(points) for points in lines))


def joined_damage(rects: list[pygame.Rect], passes: int = DAMAGE_RECTS) -> list[pygame.Rect]:
    """The board's damage joined into a few rects (join_cheapest: at most `passes`, or
    more when a join would add more than a pass costs); copies, worked out again only when
    the rects differ from the last ones joined."""
    key = (passes, *map(tuple, rects))
    if _last_joined[0][0] != key:
        _last_joined[0] = (key, tuple(map(tuple, join_cheapest(rects, passes, PASS_WASTE))))
    return list(map(pygame.Rect, _last_joined[0][1]))  # (a comprehension: a call a frame)
