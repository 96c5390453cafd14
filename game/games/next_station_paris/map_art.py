"""Next Station: Paris map art: station positions on a square map of one size, and the empty
sheet (paper, districts, dashed links, overpasses, stations) painted once per size."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.paint import fast, shade

from . import sprites as sp
from .board import COLORS, Board


@dataclass(frozen=True, slots=True)
class MapGeom:
    """Station positions on a square map of one size (relative to its top-left corner)."""

    size: int
    spacing: float
    margin: float
    pos: tuple[tuple[float, float], ...]

    @property
    def radius(self) -> float:
        """Station symbol radius."""
        return self.spacing * 0.27

    def point(self, col: float, row: float) -> tuple[float, float]:
        """A lattice point in map coordinates."""
        return (self.margin + col * self.spacing, self.margin + row * self.spacing)


def make_geom(board: Board, size: int) -> MapGeom:
    """Geometry of a map drawn `size` pixels square."""
    spacing = size / 10.0
    margin = spacing * 0.5
    pos = tuple((margin + s.col * spacing, margin + s.row * spacing) for s in board.stations)
    return MapGeom(size, spacing, margin, pos)


def paint_map(board: Board, geom: MapGeom, mini: bool) -> pygame.Surface:
    """The empty sheet: paper, districts, dashed links, overpasses and stations."""
    surf = pygame.Surface((geom.size, geom.size))
    surf.fill(sp.PAPER)
    sp_ = geom.spacing
    main = [d for d in board.districts if d.main]
    for k, d in enumerate(main):
        x0, y0 = geom.point(d.cols[0] - 0.47, d.rows[0] - 0.47)
        x1, y1 = geom.point(d.cols[1] + 0.47, d.rows[1] + 0.47)
        rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        tint = sp.DISTRICT_TINTS[k % len(sp.DISTRICT_TINTS)]
        pygame.draw.rect(surf, tint, rect, border_radius=max(3, int(sp_ * 0.25)))
        pygame.draw.rect(surf, shade(tint, 0.8), rect, max(1, int(sp_ / 24)),
                         border_radius=max(3, int(sp_ * 0.25)))
    for d in board.districts:
        if d.main or not d.stations:
            continue
        center = geom.pos[d.stations[0]]
        pygame.draw.circle(surf, (250, 236, 214), center, sp_ * 0.46)
        pygame.draw.circle(surf, (196, 120, 90), center, sp_ * 0.46, max(1, int(sp_ / 20)))
    link_w = max(1, round(sp_ / 28))
    for link in board.links:
        a, b = geom.pos[link.a], geom.pos[link.b]
        sp.dashed(surf, sp.LINK, a, b, link_w, max(3, sp_ * 0.12), max(3, sp_ * 0.1))
    for o in board.overpasses:
        la = board.links[o.links[0]]
        a, b = geom.pos[la.a], geom.pos[la.b]
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        sp.draw_overpass(surf, geom.point(o.col, o.row), sp_ * 0.2, angle)
    for s in board.stations:
        _paint_station(surf, s, geom.pos[s.index], geom.radius, mini)
    pygame.draw.rect(surf, sp.PAPER_LINE, surf.get_rect(), 2)
    return fast(surf, alpha=False)


def _paint_station(surf: pygame.Surface, s, p: tuple[float, float], r: float, mini: bool) -> None:
    """One station symbol (departures filled with their pencil colour)."""
    edge = max(1, round(r / 5))
    if s.platform:
        sp.draw_platform(surf, p, r * 1.1)
    elif s.monument:
        sp.draw_monument(surf, p, r * 1.05)
    elif s.departure >= 0:
        color = sp.pencil_rgb(COLORS[s.departure])
        sp.draw_shape(surf, s.shape, p, r * 1.15, color, sp.INK, edge + 1)
    else:
        sp.draw_shape(surf, s.shape, p, r, (255, 255, 255), sp.INK, edge)
