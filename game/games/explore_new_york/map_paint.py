"""Explore New York: a seat's sheet painted (its map panel's layer and the results picture), and
the canvas rects its marks reach (what a partial repaint of the map must cover)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine.trails import bits
from game.ui.board_api import BOARD_RECT
from game.ui.paint import seat_dark

from . import sprites as sp
from .board import TOURISTS, Board
from .layout import GLOW, MapScale
from .state import Sheet

Bounds = tuple[float, float, float, float]  # points' (left, top, right, bottom)


@dataclass(frozen=True, slots=True)
class Marks:
    """What a seat's map shows: drawn links and circled cafés (masks, strokes still running
    left out), tourists per block, the (block, type, k) of those still being drawn and the
    final route (links, blocks mask) once shown."""

    links: int
    cafes: int
    tourists: tuple[tuple[int, int, int], ...]
    drawing: frozenset
    route: tuple[tuple[int, ...], int] | None


def paint_sheet(surface: pygame.Surface, origin: tuple[int, int], board: Board, sheet: Sheet,
                seat: int, marks: Marks, scale: MapScale,
                within: pygame.Rect | None = None) -> None:
    """A seat's marks on its map at `origin`: links, circled cafés and tourists (with a
    route: only the route, glowing, and the tourists on its blocks); with `within` (the
    surface's clip), only the marks whose pixels may reach into it."""
    links, blocks = list(bits(marks.links)), sheet.filled
    lines, pen, ring = scale.lines, scale.pen, max(3, scale.pen // 2)

    def reaches(extent: Bounds, width: int) -> bool:
        return within is None or within.colliderect(bounds_reach(extent, width, origin))
    if marks.route is not None:
        links, blocks = list(marks.route[0]), blocks & marks.route[1]
        for k in links:
            if reaches(scale.bounds[k], pen * 3):
                sp.pen_line(surface, GLOW, lines[k], pen * 3, origin)
    for k in links:
        if reaches(scale.bounds[k], pen):
            sp.pen_line(surface, seat_dark(seat), lines[k], pen, origin)
    for cafe in bits(marks.cafes):
        if reaches(_cafe_bounds(board, scale, cafe), ring):
            sp.pen_line(surface, seat_dark(seat), cafe_ring(board, scale, cafe), ring, origin)
    for block in bits(blocks):
        b, counts = board.blocks[block], marks.tourists[block]
        if within is None or any(within.colliderect(area) for area in tourist_areas(
                scale.geom, b.x, b.y, sum(counts), origin)):
            _paint_tourists(surface, origin, board, block, counts, marks.drawing, scale.geom)


def _paint_tourists(surface: pygame.Surface, origin: tuple[int, int], board: Board, block: int,
                    counts: tuple[int, int, int], drawing: frozenset, geom: sp.MapGeom) -> None:
    b = board.blocks[block]
    slots = sp.tourist_slots(geom, b.x, b.y, sum(counts))
    r = sp.tourist_radius(geom, sum(counts))
    n = 0
    for kind, count in enumerate(counts):
        for k in range(count):
            if (block, kind, k) not in drawing:
                sprite = sp.tourist_sprite(TOURISTS[kind], r, seed(kind, k))
                cx, cy = slots[n]
                surface.blit(sprite, sprite.get_rect(center=(round(origin[0] + cx),
                                                             round(origin[1] + cy))))
            n += 1


def pen_reach(points: Sequence[tuple[float, float]], width: int,
              origin: tuple[float, float]) -> pygame.Rect:
    """Every canvas pixel `sp.pen_line(canvas, _, points, width, origin)` may paint (or any
    part of it): the points' bounds grown by the pen's round ends, a pixel spare for rounding."""
    return bounds_reach(sp.bounds(points), width, origin).move(BOARD_RECT.topleft)


def bounds_reach(extent: Bounds, width: int, origin: tuple[float, float]) -> pygame.Rect:
    """`pen_reach` of points within `extent`, on the surface drawn on (not the canvas)."""
    reach = width / 2 + 2
    left = math.floor(extent[0] + origin[0] - reach)
    top = math.floor(extent[1] + origin[1] - reach)
    right, bottom = math.ceil(extent[2] + origin[0] + reach), math.ceil(
        extent[3] + origin[1] + reach)
    return pygame.Rect(left, top, right - left, bottom - top)


def tourist_reach(geom: sp.MapGeom, x: int, y: int, count: int, origin: tuple[int, int]
                  ) -> list[pygame.Rect]:
    """The canvas rect around the tourist sprites `_paint_tourists` puts in block (x, y) when
    it holds `count` tourists (a pixel spare for rounding; none without tourists)."""
    return [area.move(BOARD_RECT.topleft) for area in tourist_areas(geom, x, y, count, origin)]


def tourist_areas(geom: sp.MapGeom, x: int, y: int, count: int, origin: tuple[int, int]
                   ) -> list[pygame.Rect]:
    """`tourist_reach` on the surface drawn on (not the canvas)."""
    if count == 0:
        return []
    r = sp.tourist_radius(geom, count)
    side = 2 * r + 2 * sp.marker_width(r) + 2
    rects = []
    for cx, cy in sp.tourist_slots(geom, x, y, count):
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(origin[0] + cx), round(origin[1] + cy))
        rects.append(rect)
    return [rects[0].unionall(rects[1:])]


def cafe_ring(board: Board, scale: MapScale, cafe: int) -> list[tuple[float, float]]:
    """The circle drawn around a used café (map coordinates)."""
    cx, cy = scale.geom.point(*board.cafes[cafe].at)
    r = sp.cafe_radius(scale.geom) + scale.pen * 0.8
    return [(cx + r * math.cos(-math.pi / 2 + math.tau * k / 24),
             cy + r * math.sin(-math.pi / 2 + math.tau * k / 24)) for k in range(25)]


def _cafe_bounds(board: Board, scale: MapScale, cafe: int) -> Bounds:
    """Bounds holding every point of `cafe_ring` (its circle's square)."""
    cx, cy = scale.geom.point(*board.cafes[cafe].at)
    r = sp.cafe_radius(scale.geom) + scale.pen * 0.8
    return cx - r, cy - r, cx + r, cy + r


def seed(kind: int, k: int) -> int:
    """The wobble of the k-th tourist of a type in a block (a few shapes, reused)."""
    return kind * 5 + k % 5
