"""Art of the Explore New York maps: the city grid, attraction emblems, tourists in marker
strokes, pen links, cafés and the tourist cards. All procedural (our own), cached by size.

Geometry: `MapGeom` places intersections, blocks and links of a map drawn `size` pixels
square (coordinates in the map's own pixels). Marker and pen strokes are polylines that a
tween may draw partly (`partial_line`), so a stroke grows as a hand draws it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from types import MappingProxyType

import pygame

from game.ui import theme
from game.ui.memory import art_cache
from game.ui.paint import fast, shade

from .board import SIZE, WILD, Board, Card

Point = tuple[float, float]

PAPER = (244, 240, 228)
ROAD = (170, 164, 150)  # the dotted roads of the printed map
INK = (36, 36, 46)
CAFE = (122, 78, 44)
MARKERS: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    "circle": (214, 52, 52), "square": (40, 150, 70), "triangle": (44, 92, 210)})
EMBLEMS: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    **MARKERS, "smiley": (240, 196, 40), "star": (128, 128, 136), "white": (255, 255, 255)})
CARD_FACE = (252, 250, 242)
CARD_BACK = (44, 58, 96)
MIN_MARGIN = 36  # the coordinates' margin on a small map: room for the digits (>= 24 px)
EDGE_ROOM = 0.42  # cells left past the last road (a café ring on the edge fits)


@dataclass(frozen=True, slots=True)
class MapGeom:
    """Where things are on a map `size` pixels square: a margin for the coordinates on the top
    and left, then 6x6 cells; a block is its cell inset by the road."""

    size: int
    margin: float
    cell: float
    coords: bool = True  # the coordinates printed in the margin (a thumbnail has none)

    @property
    def road(self) -> float:
        """Half the width of a road between two blocks."""
        return self.cell * 0.11

    def point(self, i: float, j: float) -> Point:
        """Intersection (i, j), 0..6 each."""
        return (self.margin + i * self.cell, self.margin + j * self.cell)

    def block_rect(self, x: int, y: int) -> pygame.Rect:
        """Block (x, y), 1..6 each, without its roads."""
        left, top = self.point(x - 1, y - 1)
        inset = self.road
        return pygame.Rect(round(left + inset), round(top + inset), round(self.cell - 2 * inset),
                           round(self.cell - 2 * inset))

    def link_points(self, ends: Sequence[tuple[int, int]], corner: str) -> tuple[Point, ...]:
        """The polyline of a link: a straight segment, or the quarter circle of a rounded
        corner around the corner block's inner corner."""
        a, b = ends
        if not corner:
            return (self.point(*a), self.point(*b))
        (ai, aj), (bi, bj) = a, b
        ci, cj = ai, bj  # the inner corner: one end shares its column, the other its row
        centre = self.point(ci, cj)
        start = math.atan2(aj - cj, ai - ci)
        end = math.atan2(bj - cj, bi - ci)
        sweep = (end - start + math.pi) % (2 * math.pi) - math.pi  # the quarter, not 3/4
        steps = 10
        return tuple((centre[0] + self.cell * math.cos(start + sweep * k / steps),
                      centre[1] + self.cell * math.sin(start + sweep * k / steps))
                     for k in range(steps + 1))


def make_geom(size: int, coords: bool = True) -> MapGeom:
    """The geometry of a map `size` pixels square: the coordinates' margin on the top and
    left (a thin edge without coordinates), room on the right and bottom for a circled café
    on the map's edge."""
    if not coords:
        margin = round(size * EDGE_ROOM / (SIZE + 2 * EDGE_ROOM))  # centred: edge room each side
        return MapGeom(size, margin, (size - margin) / (SIZE + EDGE_ROOM), False)
    margin = max(round(size * 0.085), MIN_MARGIN)
    return MapGeom(size, margin, (size - margin) / (SIZE + EDGE_ROOM))


def link_polylines(board: Board, geom: MapGeom) -> tuple[tuple[Point, ...], ...]:
    """Every link's polyline on a map of this geometry."""
    return tuple(geom.link_points(link.ends, link.corner) for link in board.links)


def bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """A polyline's (left, top, right, bottom)."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


# == strokes =====================================================================================
@lru_cache(maxsize=512)
def segment_lengths(points: tuple[Point, ...]) -> tuple[float, ...]:
    """The length of each segment of a polyline, kept per polyline (a stroke asks for its
    own in every frame it grows: `partial_line`)."""
    return tuple(math.dist(a, b) for a, b in pairwise(points))


def partial_line(points: tuple[Point, ...], p: float) -> list[Point]:
    """The first fraction `p` (0..1) of a polyline (a tuple), by length."""
    lengths = segment_lengths(points)
    left = sum(lengths) * max(0.0, min(1.0, p))
    out = [points[0]]
    for (a, b), length in zip(pairwise(points), lengths):
        if left >= length:
            out.append(b)
            left -= length
            continue
        k = left / length if length else 0.0
        out.append((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k))
        break
    return out


def pen_line(surface: pygame.Surface, color: Sequence[int], points: Sequence[Point],
             width: int, offset: Point = (0, 0)) -> None:
    """A felt-pen line with round ends through `points` (shifted by `offset`)."""
    pts = [(x + offset[0], y + offset[1]) for x, y in points]
    if len(pts) < 2:
        return
    pygame.draw.lines(surface, color, False, pts, width)
    for x, y in (pts[0], pts[-1], *pts[1:-1]):
        pygame.draw.circle(surface, color, (x, y), width / 2)


def dotted(surface: pygame.Surface, color: Sequence[int], points: Sequence[Point],
           radius: float, gap: float) -> None:
    """Dots every `gap` pixels along a polyline (a printed road)."""
    for a, b in pairwise(points):
        n = max(1, round(math.dist(a, b) / gap))
        for k in range(n + 1):
            pygame.draw.circle(surface, color, (a[0] + (b[0] - a[0]) * k / n,
                                                a[1] + (b[1] - a[1]) * k / n), radius)


@lru_cache(maxsize=256)
def marker_path(kind: str, r: float, seed: int) -> tuple[Point, ...]:
    """A tourist's outline as one hand-drawn stroke around (0, 0): a slightly wobbly circle,
    square or triangle that closes where it began (seeded, so a redraw looks the same; made
    once per shape: a move's tourists ask for theirs as the move lands)."""
    rng = random.Random(seed)
    if kind == "circle":
        turn = rng.uniform(0, math.tau)
        corners = [(math.cos(turn + math.tau * k / 14), math.sin(turn + math.tau * k / 14))
                   for k in range(15)]
    elif kind == "square":
        corners = [(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8), (-0.8, -0.8)]
    else:
        corners = [(0.0, -0.95), (0.9, 0.7), (-0.9, 0.7), (0.0, -0.95)]
    wobble = 0.06
    pts = [(r * (x + rng.uniform(-wobble, wobble)), r * (y + rng.uniform(-wobble, wobble)))
           for x, y in corners]
    pts[-1] = pts[0]
    return tuple(pts)


def marker_width(r: float) -> int:
    """The marker's stroke width for a tourist of radius r."""
    return max(2, round(r * 0.32))


@art_cache(maxsize=256)
def tourist_sprite(kind: str, r: int, seed: int) -> pygame.Surface:
    """A whole tourist in marker strokes, centred in a (2r+w) square sprite."""
    width = marker_width(r)
    side = 2 * r + 2 * width
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    pen_line(surf, MARKERS[kind], marker_path(kind, r, seed), width, (side / 2, side / 2))
    return fast(surf)


# == the printed map =============================================================================
def emblem(surface: pygame.Surface, attraction: str, center: Point, r: float) -> None:
    """An attraction's printed sign: a red disc, green square, blue triangle, yellow smiley
    or grey star (white blocks have none)."""
    color = EMBLEMS[attraction]
    cx, cy = center
    edge = max(1, round(r / 6))
    if attraction == "circle":
        pygame.draw.circle(surface, color, center, r)
    elif attraction == "square":
        pygame.draw.rect(surface, color, pygame.Rect(round(cx - r * 0.85), round(cy - r * 0.85),
                                                     round(r * 1.7), round(r * 1.7)))
    elif attraction == "triangle":
        pygame.draw.polygon(surface, color, [(cx, cy - r), (cx + r, cy + r * 0.8),
                                             (cx - r, cy + r * 0.8)])
    elif attraction == "smiley":
        pygame.draw.circle(surface, color, center, r)
        pygame.draw.circle(surface, INK, center, r, edge)
        for dx in (-0.35, 0.35):
            pygame.draw.circle(surface, INK, (cx + dx * r, cy - 0.25 * r), max(1, r * 0.12))
        mouth = pygame.Rect(0, 0, r * 1.1, r * 0.9)
        mouth.center = (round(cx), round(cy + 0.1 * r))
        pygame.draw.arc(surface, INK, mouth, math.pi * 1.15, math.pi * 1.85, edge)
    elif attraction == "star":
        pts = [(cx + r * (1 if k % 2 == 0 else 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
                cy + r * (1 if k % 2 == 0 else 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5))
               for k in range(10)]
        pygame.draw.polygon(surface, color, pts)


def block_tint(attraction: str) -> tuple[int, int, int]:
    """A block's pale paper colour: its attraction's colour washed out."""
    return shade(EMBLEMS[attraction], 1.78) if attraction != "white" else (255, 255, 255)


def cafe_radius(geom: MapGeom) -> float:
    """A café plate's radius: it sits on its intersection, between the four blocks."""
    return geom.cell * 0.24


def paint_cafe(surface: pygame.Surface, center: Point, r: float, tourists: Sequence[int]) -> None:
    """A café: a brown plate showing the two tourists it sends."""
    pygame.draw.circle(surface, (250, 244, 232), center, r)
    pygame.draw.circle(surface, CAFE, center, r, max(2, round(r / 7)))
    names = tuple(MARKERS)
    small = max(3, round(r * 0.34))
    for k, t in enumerate(tourists):
        sprite = tourist_sprite(names[t], small, 7 + k)
        spot = (center[0] + (k - 0.5) * r * 0.95, center[1])
        surface.blit(sprite, sprite.get_rect(center=(round(spot[0]), round(spot[1]))))


def corner_radii(board: Board, x: int, y: int, r: int) -> dict[str, int]:
    """pygame.draw.rect's border radii rounding a corner block's outer corner."""
    out = {}
    for link in board.links:
        if link.corner and board.block_at(x, y) in link.blocks:
            out[{"nw": "border_top_left_radius", "ne": "border_top_right_radius",
                 "sw": "border_bottom_left_radius", "se": "border_bottom_right_radius"}
                [link.corner]] = r
    return out


def paint_map(board: Board, geom: MapGeom) -> pygame.Surface:
    """The printed map: paper, coordinates 1-6 on the top and left, tinted blocks with their
    emblems, dotted roads and the cafés."""
    surf = pygame.Surface((geom.size, geom.size))
    surf.fill(PAPER)
    for n in range(1, SIZE + 1 if geom.coords else 1):
        digit = theme.text(str(n), theme.SMALL_SIZE, INK, True)
        x, _ = geom.point(n - 0.5, 0)
        _, y = geom.point(0, n - 0.5)
        surf.blit(digit, digit.get_rect(center=(round(x), round(geom.margin / 2))))
        surf.blit(digit, digit.get_rect(center=(round(geom.margin / 2), round(y))))
    for block in board.blocks:
        rect = geom.block_rect(block.x, block.y)
        radii = corner_radii(board, block.x, block.y, round(geom.cell * 0.8))
        pygame.draw.rect(surf, block_tint(block.attraction), rect, border_radius=4, **radii)
        if block.attraction != "white":
            r = geom.cell * 0.13
            emblem(surf, block.attraction, emblem_center(geom, block.x, block.y), r)
    for points in link_polylines(board, geom):
        dotted(surf, ROAD, points, max(1.0, geom.cell / 40), max(4.0, geom.cell / 9))
    for cafe in board.cafes:
        paint_cafe(surf, geom.point(*cafe.at), cafe_radius(geom), cafe.tourists)
    return fast(surf, alpha=False)


def emblem_center(geom: MapGeom, x: int, y: int) -> Point:
    """Where a block's emblem is printed: its top-right corner (tourists fill the rest)."""
    rect = geom.block_rect(x, y)
    r = geom.cell * 0.13
    return (rect.right - r * 1.5, rect.top + r * 1.5)


@lru_cache(maxsize=2048)
def tourist_slots(geom: MapGeom, x: int, y: int, count: int) -> tuple[Point, ...]:
    """Centres of `count` tourists drawn in block (x, y): rows of three under the emblem, or
    rows of four when many share the block (worked out once per map size: a stroke landing
    asks for every block it may touch)."""
    rect = geom.block_rect(x, y)
    per_row = 3 if count <= 6 else 4
    rows = max(1, math.ceil(count / per_row))
    top = rect.top + rect.h * 0.34
    step_x = rect.w / per_row
    step_y = (rect.bottom - top) / max(2, rows)
    return tuple((rect.left + step_x * (k % per_row + 0.5), top + step_y * (k // per_row + 0.5))
                 for k in range(count))


def tourist_radius(geom: MapGeom, count: int) -> int:
    """A drawn tourist's radius: smaller when many share a block."""
    return max(4, round(geom.cell * (0.11 if count <= 6 else 0.085)))


# == cards =======================================================================================
@art_cache(maxsize=64)
def card_face(card: Card, w: int, h: int) -> pygame.Surface:
    """A tourist card: its coordinate (or *) large on the left, its tourists on the right, the
    "+1 link" icon under them."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    body = surf.get_rect()
    pygame.draw.rect(surf, CARD_FACE, body, border_radius=14)
    pygame.draw.rect(surf, INK, body, 3, border_radius=14)
    if card.coord == WILD:
        asterisk(surf, (w * 0.25, h * 0.5), h * 0.22)
    else:
        big = theme.text(str(card.coord), theme.TITLE_SIZE, INK, True)
        surf.blit(big, big.get_rect(center=(w * 0.25, h * 0.5)))
    pygame.draw.line(surf, ROAD, (w * 0.48, h * 0.15), (w * 0.48, h * 0.85), 2)
    names = tuple(MARKERS)
    r = round(min(w, h) * 0.13)
    top = h * (0.34 if card.plus else 0.5)
    for k, t in enumerate(card.tourists):
        sprite = tourist_sprite(names[t], r, 3 + k)
        dx = (k - (len(card.tourists) - 1) / 2) * r * 2.6
        surf.blit(sprite, sprite.get_rect(center=(round(w * 0.74 + dx), round(top))))
    if card.plus:
        plus_link_icon(surf, (w * 0.74, h * 0.74), r)
    return fast(surf)


def asterisk(surface: pygame.Surface, center: Point, r: float) -> None:
    """The "*" of a wild card as large as a digit: three strokes through the centre."""
    cx, cy = center
    width = max(4, round(r * 0.3))
    for k in range(3):
        a = math.pi / 2 + k * math.pi / 3
        dx, dy = r * math.cos(a), r * math.sin(a)
        pen_line(surface, INK, [(cx - dx, cy - dy), (cx + dx, cy + dy)], width)


def plus_link_icon(surface: pygame.Surface, center: Point, r: float) -> None:
    """The "+1 link" icon: a plus and a short pen line."""
    cx, cy = center
    width = max(3, round(r * 0.35))
    pygame.draw.line(surface, INK, (cx - r * 1.6, cy), (cx - r * 0.4, cy), width)
    pygame.draw.line(surface, INK, (cx - r, cy - r * 0.6), (cx - r, cy + r * 0.6), width)
    pen_line(surface, (110, 60, 160), [(cx + r * 0.1, cy), (cx + r * 1.7, cy)], width + 2)


@art_cache(maxsize=8)
def card_back(w: int, h: int) -> pygame.Surface:
    """The back of a tourist card."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    body = surf.get_rect()
    pygame.draw.rect(surf, CARD_BACK, body, border_radius=14)
    pygame.draw.rect(surf, shade(CARD_BACK, 1.5), body.inflate(-16, -16), 3, border_radius=10)
    mark = theme.text("NY", theme.HEADING_SIZE, shade(CARD_BACK, 1.7), True)
    surf.blit(mark, mark.get_rect(center=body.center))
    return fast(surf)

