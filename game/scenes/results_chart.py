"""The results screen's charts: stacked score bars per seat with their colour key, and each
seat's total over the game. Pure drawing from explicit arguments: ResultsScene lays them out."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.i18n import t
from game.ui.paint import draw_seat_emblem, seat_color
from game.ui.widgets import draw_text, fit, panel

Color = tuple[int, int, int]
SWATCH = 28  # a category's colour square (legend, and table headers too narrow for names)


def draw_bars(surface: pygame.Surface, labels: Sequence[str], breakdowns: Sequence[dict[str, int]],
              categories: Sequence[str], colors: Sequence[Color], table: pygame.Rect,
              name_w: int, rows: tuple[int, int, int]) -> None:
    """Stacked horizontal bars per seat, its label at the left (`name_w` wide); negative
    categories grow left of zero. `rows`: the first bar's top, a bar's height, their pitch."""
    top, bar_h, pitch = rows
    lows = [sum(v for v in b.values() if v < 0) for b in breakdowns]
    highs = [sum(v for v in b.values() if v > 0) for b in breakdowns]
    span = max(1, max(highs, default=1) - min(lows, default=0))
    left, width = table.x + name_w, table.w - name_w - 40
    zero = left + int(-min(lows, default=0) / span * width)
    for seat, breakdown in enumerate(breakdowns):
        y = top + seat * pitch
        draw_text(surface, fit(labels[seat], theme.SMALL_SIZE, name_w - 40),
                  (table.x, y + bar_h // 2), theme.SMALL_SIZE, theme.TEXT_DIM, "midleft")
        scale = width / span
        pos_x = neg_x = zero
        for category, color in zip(categories, colors):
            value = breakdown.get(category, 0)
            w = int(abs(value) * scale)
            if value > 0:
                pygame.draw.rect(surface, color, (pos_x, y, w, bar_h))
                pos_x += w
            elif value < 0:
                neg_x -= w
                pygame.draw.rect(surface, color, (neg_x, y, w, bar_h))
                pygame.draw.rect(surface, theme.BAD, (neg_x, y, w, bar_h), 3)
    chart_bottom = top + len(breakdowns) * pitch
    pygame.draw.line(surface, theme.TEXT_DIM, (zero, top - 8), (zero, chart_bottom), 2)


def draw_legend(surface: pygame.Surface, names: Sequence[str], colors: Sequence[Color],
                slots: Sequence[tuple[int, int]]) -> None:
    """Colour keys of the categories, each at its (x, y) slot."""
    for name, color, (x, y) in zip(names, colors, slots):
        pygame.draw.rect(surface, color, (x, y + 4, SWATCH, SWATCH), border_radius=6)
        draw_text(surface, name, (x + SWATCH + 10, y + 18), theme.SMALL_SIZE, theme.TEXT_DIM,
                  "midleft")


def draw_progress(surface: pygame.Surface, box: pygame.Rect,
                  progress: Sequence[Sequence[int]], seats: int) -> None:
    """Each seat's total over the game as a line in its colour, the scale at the left."""
    panel(surface, box, theme.PANEL, None, 0, 12)
    draw_text(surface, t("results.progress"), (box.x + 20, box.y + 26), theme.SMALL_SIZE,
              theme.TEXT_DIM, "midleft")
    plot = pygame.Rect(box.x + 90, box.y + 56, box.w - 120, box.h - 76)
    low = min(0, *(min(p) for p in progress))
    high = max(1, *(max(p) for p in progress))

    def y_of(value: int) -> int:
        return plot.bottom - round((value - low) / (high - low) * plot.h)

    for value in sorted({low, 0, high}):
        pygame.draw.line(surface, theme.PANEL_LIGHT, (plot.x, y_of(value)),
                         (plot.right, y_of(value)), 2)
        draw_text(surface, str(value), (plot.x - 14, y_of(value)), theme.SMALL_SIZE,
                  theme.TEXT_DIM, "midright")
    last = len(progress) - 1
    for seat in range(seats):
        line = [(plot.x + round(i * plot.w / last), y_of(p[seat])) for i, p in enumerate(progress)]
        pygame.draw.lines(surface, seat_color(seat), False, line, 5)
        draw_seat_emblem(surface, seat, line[-1], 26)
