"""Explore New York: a seat's sheet painted (its map panel's layer and the results picture), and
the canvas rects its marks reach (what a partial repaint of the map must cover)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from game.engine.trails import bits
from game.ui.board_api import BOARD_RECT
from game.ui.paint import seat_dark

from . import sprites as sp
from .board import TOURISTS, Board
from .layout import GLOW, MapScale
from .state import Sheet

Bounds = tuple[float, float, float, float]  # points' (left, top, right, bottom)
# What is worked out once per map scale (a stroke landing asks for every mark's reach):
# (what, id of the scale, its arguments) -> (the scale, kept alive, the answer)
_PER_SCALE: dict[tuple, tuple[MapScale, Any]] = {}
PER_SCALE_KEPT = 256


class Marks(NamedTuple):
    """What a seat's map shows: drawn links and circled cafés (masks, strokes still running
    left out), tourists per block, the (block, type, k) of those still being drawn and the
    final route (links, blocks mask) once shown. A named tuple: a map's layer key, compared
    and hashed in C (a dataclass's Python __eq__ and __hash__ were calls of their own in
    every frame a stroke lands)."""

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
    if marks.route is not None:
        links, blocks = list(marks.route[0]), blocks & marks.route[1]
        glows = link_reaches(scale, pen * 3, origin)
        for k in links:
            if within is None or within.colliderect(glows[k]):
                sp.pen_line(surface, GLOW, lines[k], pen * 3, origin)
    reach = link_reaches(scale, pen, origin)
    for k in links:
        if within is None or within.colliderect(reach[k]):
            sp.pen_line(surface, seat_dark(seat), lines[k], pen, origin)
    for cafe in bits(marks.cafes):
        if within is None or within.colliderect(cafe_reach(board, scale, cafe, origin)):
            sp.pen_line(surface, seat_dark(seat), cafe_ring(board, scale, cafe), ring, origin)
    for block in bits(blocks):
        b, counts = board.blocks[block], marks.tourists[block]
        if within is None or any(within.colliderect(area) for area in tourist_areas(
                scale.geom, b.x, b.y, sum(counts), origin)):
            _paint_tourists(surface, origin, board, block, counts, marks.drawing, scale.geom)


def _per_scale(what: str, scale: MapScale, args: tuple, make: Any) -> Any:
    """`make()` for this scale and arguments, worked out once (by the scale's identity: a
    room makes each scale once, and hashing one walks all its links' points)."""
    key = (what, id(scale), *args)
    known = _PER_SCALE.get(key)
    if known is None or known[0] is not scale:
        if len(_PER_SCALE) >= PER_SCALE_KEPT:
            _PER_SCALE.clear()
        known = _PER_SCALE[key] = (scale, make())
    return known[1]


def link_reaches(scale: MapScale, width: int, origin: tuple[int, int]
                 ) -> tuple[pygame.Rect, ...]:
    """Per link, `bounds_reach` of its pen line `width` wide on a map at `origin` (shared:
    not to be changed)."""
    return _per_scale("links", scale, (width, origin), lambda: tuple(
        bounds_reach(extent, width, origin) for extent in scale.bounds))


def cafe_reach(board: Board, scale: MapScale, cafe: int, origin: tuple[int, int]
               ) -> pygame.Rect:
    """`bounds_reach` of a café's circle on a map at `origin` (shared: not to be changed)."""
    return _per_scale("cafe", scale, (id(board), cafe, origin), lambda: bounds_reach(
        _cafe_bounds(board, scale, cafe), max(3, scale.pen // 2), origin))


def _paint_tourists(surface: pygame.Surface, origin: tuple[int, int], board: Board, block: int,
                    counts: tuple[int, int, int], drawing: frozenset, geom: sp.MapGeom) -> None:
    for kind, count in enumerate(counts):
        for k in range(count):
            if (block, kind, k) not in drawing:
                paint_tourist(surface, origin, board, block, counts, kind, k, geom)


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


@lru_cache(maxsize=4096)
def tourist_areas(geom: sp.MapGeom, x: int, y: int, count: int, origin: tuple[int, int]
                   ) -> tuple[pygame.Rect, ...]:
    """`tourist_reach` on the surface drawn on (not the canvas); worked out once per map size
    and place (shared: not to be changed)."""
    if count == 0:
        return ()
    r = sp.tourist_radius(geom, count)
    side = 2 * r + 2 * sp.marker_width(r) + 2
    rects = []
    for cx, cy in sp.tourist_slots(geom, x, y, count):
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(origin[0] + cx), round(origin[1] + cy))
        rects.append(rect)
    return (rects[0].unionall(rects[1:]),)


def cafe_ring(board: Board, scale: MapScale, cafe: int) -> tuple[tuple[float, float], ...]:
    """The circle drawn around a used café (map coordinates; made once per scale)."""
    return _per_scale("ring", scale, (id(board), cafe), lambda: _ring(board, scale, cafe))


def _ring(board: Board, scale: MapScale, cafe: int) -> tuple[tuple[float, float], ...]:
    cx, cy = scale.geom.point(*board.cafes[cafe].at)
    r = sp.cafe_radius(scale.geom) + scale.pen * 0.8
    return tuple((cx + r * math.cos(-math.pi / 2 + math.tau * k / 24),
                  cy + r * math.sin(-math.pi / 2 + math.tau * k / 24)) for k in range(25))


def _cafe_bounds(board: Board, scale: MapScale, cafe: int) -> Bounds:
    """Bounds holding every point of `cafe_ring` (its circle's square)."""
    cx, cy = scale.geom.point(*board.cafes[cafe].at)
    r = sp.cafe_radius(scale.geom) + scale.pen * 0.8
    return cx - r, cy - r, cx + r, cy + r


@lru_cache(maxsize=4096)
def tourist_inks(geom: sp.MapGeom, x: int, y: int, counts: tuple[int, int, int],
                 origin: tuple[int, int]) -> tuple[tuple[pygame.Rect, bool], ...]:
    """Per tourist of block (x, y) in the order `_paint_tourists` paints them: the rect of its
    sprite's inked pixels on the surface drawn on, and whether it is alone there (no tourist
    of another type inks a pixel it inks: then the order they are painted in changes no
    pixel). Shared: not to be changed."""
    slots = sp.tourist_slots(geom, x, y, sum(counts))
    r = sp.tourist_radius(geom, sum(counts))
    placed = []  # (kind, its sprite, where it goes)
    for kind, count in enumerate(counts):
        for k in range(count):
            sprite = sp.tourist_sprite(TOURISTS[kind], r, seed(kind, k))
            cx, cy = slots[len(placed)]
            place = sprite.get_rect(center=(round(origin[0] + cx), round(origin[1] + cy)))
            placed.append((kind, sprite, place))
    out = []
    for kind, sprite, place in placed:
        mask = _ink_mask(sprite)
        alone = not any(other != kind and mask.overlap(_ink_mask(ink), (at.x - place.x,
                                                                        at.y - place.y))
                        for other, ink, at in placed)
        out.append((sprite.get_bounding_rect().move(place.topleft), alone))
    return tuple(out)


@lru_cache(maxsize=256)
def _ink_mask(sprite: pygame.Surface) -> pygame.mask.Mask:
    """The inked pixels of a tourist's sprite (by identity: sprites are made once)."""
    return pygame.mask.from_surface(sprite)


def paint_tourist(surface: pygame.Surface, origin: tuple[int, int], board: Board, block: int,
                  counts: tuple[int, int, int], kind: int, k: int, geom: sp.MapGeom) -> None:
    """One tourist of a block where `_paint_tourists` puts it (the k-th of its type)."""
    b = board.blocks[block]
    cx, cy = sp.tourist_slots(geom, b.x, b.y, sum(counts))[sum(counts[:kind]) + k]
    sprite = sp.tourist_sprite(TOURISTS[kind], sp.tourist_radius(geom, sum(counts)), seed(kind, k))
    surface.blit(sprite, sprite.get_rect(center=(round(origin[0] + cx), round(origin[1] + cy))))


def seed(kind: int, k: int) -> int:
    """The wobble of the k-th tourist of a type in a block (a few shapes, reused)."""
    return kind * 5 + k % 5
