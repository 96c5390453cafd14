"""Explore New York scoring panels: a seat's name and total (`TotalPanel`) and its six scoring
boxes (`BoxPanel`, one layer each, so a box counting up repaints alone), as on the paper map.

The boxes are live: they show what the seat's best route would score now, and count to their
new points once the seat's strokes land (the room's `animated`); at the end they fill in one
by one, the total last. What each box shows now is the room's (`shown_box`: the map's final
route and the counting share it). The three tourist boxes are the targets of the single
tourist's choice.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple

import pygame

from game.engine.core import Prompt, Target
from game.ui import theme
from game.ui.geometry import BoardGeometry, Icon, Label
from game.ui.paint import fit_text, seat_color
from game.ui.panels import PanelRoom
from game.ui.split_room import SeatArea, SeatPanel

from . import sprites as sp
from .board import TOURISTS
from .layout import ROW_H, score_cells
from .scoring import CATEGORIES

Labels = list[tuple[pygame.Surface, pygame.Rect]]
WARM_POINTS = 60  # a box's points rendered ahead ("= 0" to "= 59"), see warm_numbers
WARM_TOTALS = 160  # a total's (a game ends at ~135 on average)


class Box(NamedTuple):
    """One scoring box as shown: its counts ("3×2", "" while empty) and points (None: empty).
    A named tuple: a box's layer key, compared with the one shown for every box counting up
    each frame (in C, where a dataclass's __eq__ was a Python call each time)."""

    category: str
    counts: str
    points: int | None


class TotalPanel(SeatPanel):
    """The seat's name, and its total once the boxes are filled."""

    def __init__(self, room: PanelRoom, area: SeatArea) -> None:
        """The header row of the seat's score zone."""
        header, _ = score_cells(area)
        super().__init__(room, header, area.seat, f"total{area.seat}")
        self.area = area

    def key(self) -> Hashable:
        return self.room.shown_box(self.seat, len(CATEGORIES))

    def paint(self, surface: pygame.Surface) -> None:
        for img, rect in self.labels(self.room.shown_box(self.seat, len(CATEGORIES))):
            surface.blit(img, rect)

    def labels(self, total: Box) -> Labels:
        """The seat's name and its total (once counted) with where they go."""
        header = self.rect
        img = theme.text("" if total.points is None else str(total.points), theme.BODY_SIZE,
                         theme.TEXT, True)
        name_text = self.room.names[self.seat]
        if header.h >= 2 * ROW_H - 8:  # a narrow column: the name, the total under it
            rect = img.get_rect(bottomright=(header.right - 4, header.bottom))
            name = fit_text(name_text, theme.SMALL_SIZE, header.w - 8, seat_color(self.seat),
                            True)
            return [(name, name.get_rect(topleft=(header.x + 4, header.y + 4))), (img, rect)]
        rect = img.get_rect(midright=(header.right - 4, header.centery))
        name = fit_text(name_text, theme.SMALL_SIZE, header.w - rect.w - 24,
                        seat_color(self.seat), True)
        return [(name, name.get_rect(midleft=(header.x + 4, header.centery))), (img, rect)]


class BoxPanel(SeatPanel):
    """One scoring box of a seat: its sign, the counts, the points."""

    # Its backdrop (the static background under it, its plate and its sign) covers its rect:
    # a repaint lays that down in one blit instead of restoring and drawing them again.
    RESTORE = False

    def __init__(self, room: PanelRoom, cell: pygame.Rect, seat: int, n: int) -> None:
        """Box `n` (BOXES order) of `seat` at `cell`."""
        super().__init__(room, cell, seat, f"box{seat}.{n}")
        self.n = n
        self._backdrop: pygame.Surface | None = None  # made at its first paint

    def key(self) -> Hashable:
        return self.room.shown_box(self.seat, self.n)

    def paint(self, surface: pygame.Surface) -> None:
        """The backdrop, then the counts and points (a box counting up repaints often: its
        plate and sign are drawn once per mount, then blitted as they were)."""
        box, cell = self.room.shown_box(self.seat, self.n), self.rect
        if self._backdrop is None:
            surface.blit(self.room.layers.static, cell, cell)
            box_plate(surface, box.category, cell)
            if surface.get_clip().contains(cell):  # all of it drawn: kept as it is
                self._backdrop = surface.subsurface(cell).copy()
        else:
            surface.blit(self._backdrop, cell)
        for img, rect in box_labels(cell, box):
            surface.blit(img, rect)

    def targets(self, view: Any) -> dict[Target, pygame.Rect]:
        """A tourist type's box: the single tourist's choice."""
        if self.n < len(TOURISTS):
            return {("tourist", TOURISTS[self.n]): self.rect.copy()}
        return {}

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """Ring the box while its tourist type may be chosen."""
        if prompt is not None and prompt.kind == "tourist":
            ring_options(canvas, self.targets(None), prompt, self.pulse())


def warm_numbers() -> None:
    """Render ahead the numbers the boxes and totals count through (theme.text keeps them),
    so that a count renders no text inside a frame: a count shows each number it passes,
    and a new one rendered in a frame cost ~50 us."""
    for n in range(WARM_POINTS):
        theme.text(f"= {n}", theme.SMALL_SIZE, theme.TEXT, True)
    for n in range(WARM_TOTALS):
        theme.text(str(n), theme.BODY_SIZE, theme.TEXT, True)


def ring_options(canvas: pygame.Surface, rects: dict[Target, pygame.Rect], prompt: Prompt,
                 breath: float) -> None:
    """Ring, in the seat's colour, the prompt's options among `rects`, breathing."""
    grow, width = 4 + round(4 * breath), 3 + round(2 * breath)
    for o in prompt.options:
        rect = rects.get(o.target)
        if rect is not None:
            pygame.draw.rect(canvas, seat_color(prompt.player), rect.inflate(grow, grow), width,
                             border_radius=8)


def score_geometry(out: BoardGeometry, total: TotalPanel, boxes: list[BoxPanel]) -> None:
    """A seat's score labels and box signs (tests/ui/test_board_geometry.py)."""
    seat = total.seat
    shown = [total.room.shown_box(seat, n) for n in range(len(CATEGORIES) + 1)]
    texts = total.labels(shown[-1])
    for panel in boxes:
        texts += box_labels(panel.rect, shown[panel.n])
    out.labels += [Label(f"seat {seat} score", rect) for img, rect in texts
                   if img.get_width() > 1]
    for panel in boxes:
        cell, r = panel.rect, icon_radius(panel.rect)
        icon = pygame.Rect(cell.x + 8, cell.centery - r, 2 * r, 2 * r)
        out.icons.append(Icon(f"seat {seat} {CATEGORIES[panel.n]} box sign", icon))


def paint_box(surface: pygame.Surface, box: Box, cell: pygame.Rect) -> None:
    """One scoring box: its sign, the counts, the points."""
    box_plate(surface, box.category, cell)
    for img, rect in box_labels(cell, box):
        surface.blit(img, rect)


def box_plate(surface: pygame.Surface, category: str, cell: pygame.Rect) -> None:
    """A scoring box without its numbers: its rounded plate and its sign."""
    pygame.draw.rect(surface, theme.PANEL_LIGHT, cell, border_radius=10)
    box_icon(surface, category, cell)


def box_labels(cell: pygame.Rect, box: Box) -> Labels:
    """A box's counts ("3×2") after its sign and its points on the right; in a box too
    narrow for one line and tall enough for two, the points under the counts."""
    counts = counts_text(box)
    icon_right = cell.x + 8 + 2 * icon_radius(cell)
    value = "" if box.points is None else f"= {box.points}"
    points = theme.text(value, theme.SMALL_SIZE, theme.TEXT, True)
    one_line = icon_right + 12 + counts.get_width() + 16 + points.get_width() + 10
    if one_line > cell.right and cell.h >= 2 * counts.get_height() + 16:
        half = counts.get_height() // 2 + 2
        return [(counts, counts.get_rect(midleft=(icon_right + 12, cell.centery - half))),
                (points, points.get_rect(midright=(cell.right - 10, cell.centery + half)))]
    return [(counts, counts.get_rect(midleft=(icon_right + 12, cell.centery))),
            (points, points.get_rect(midright=(cell.right - 10, cell.centery)))]


def counts_text(box: Box) -> pygame.Surface:
    """A box's counts rendered ("3×2"; theme.text keeps it: `LiveBoxes.count_ahead` renders
    a move's ahead, in a quiet frame)."""
    return theme.text(box.counts, theme.SMALL_SIZE, theme.TEXT_DIM)


def icon_radius(cell: pygame.Rect) -> int:
    """A box sign's radius in its cell."""
    return max(10, min(18, cell.h // 3))


def box_icon(surface: pygame.Surface, category: str, cell: pygame.Rect) -> None:
    """A scoring box's sign: the tourist shape, a café plate, a smiley or a star."""
    r = icon_radius(cell)
    center = (cell.x + 8 + r, cell.centery)
    if category in TOURISTS:
        sprite = sp.tourist_sprite(category, round(r * 0.8), 0)
        surface.blit(sprite, sprite.get_rect(center=center))
    elif category == "cafes":
        pygame.draw.circle(surface, (250, 244, 232), center, r)
        pygame.draw.circle(surface, sp.CAFE, center, r, 3)
    else:
        sp.emblem(surface, category[:-1], center, r)
