"""Ticket to Ride: Paris figures line of a seat's row: its buses, cards and tickets, each an
icon and its count (seats_panel.py paints the rows; a change of the counts alone repaints this
line alone, from the first count that changed)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from game.ui import theme
from game.ui.paint import INK, seat_color

from . import sprites as sp

FIGURES_X, FIGURES_Y = 30, 62  # where a row's figures line starts, from the row's corner
FIGURES_H = 44  # the figures line's height: its icons and counts (y+1..y+40), never the score
FIGURES_MARGIN = 4  # px kept between the figures line and the flag cards (or their count)
STAT_ICON_W = {"bus": 52, "card": 32, "ticket": 46}  # an icon and its gap before the count
STATS = ("bus", "card", "ticket")  # the figures line's icons, in order


def draw_figures(canvas: pygame.Surface, rect: pygame.Rect, counts: tuple, seat: int,
                 first: int = 0) -> None:
    """A row's figures line for these row-key counts (buses, cards, tickets: the cards and
    tickets less what flies in, None for tickets not shown), from the count `first` on (its
    icon left as drawn: a count's change repaints from its number)."""
    row_y = rect.y + FIGURES_Y
    starts = figure_spots(rect.x, counts)[0]
    for k in range(first, 3):
        if k > first or not first:
            _draw_icon(canvas, starts[k] - STAT_ICON_W[STATS[k]], row_y, STATS[k], seat)
        canvas.blit(_figure(_shown_count(k, counts[k])), (starts[k], row_y + 4))


@lru_cache(maxsize=1024)
def figure_spots(x: int, counts: tuple) -> tuple[tuple[int, int, int], int]:
    """Where each count of a figures line of a row at `x` goes (row-key counts, as
    `draw_figures` takes them), and where the line ends: worked out once per counts (each
    count's width is its text's, looked up)."""
    x += FIGURES_X
    starts = []
    for k, value in enumerate(counts):
        x += (22 if k else 0) + STAT_ICON_W[STATS[k]]
        starts.append(x)
        x += _figure(_shown_count(k, value)).get_width()
    return (starts[0], starts[1], starts[2]), x


def _draw_icon(canvas: pygame.Surface, x: int, y: int, icon: str, seat: int) -> None:
    """A figure's icon, its count to follow STAT_ICON_W[icon] px right of `x`."""
    if icon == "bus":
        canvas.blit(sp.bus_icon(seat_color(seat), INK, 46, 30), (x, y + 4))
    elif icon == "card":
        canvas.blit(sp.card_back(26, 36), (x, y + 1))
    else:
        canvas.blit(sp.ticket_back(40, 28), (x, y + 5))


def _figure(value: Any) -> pygame.Surface:
    """A count of the figures line, drawn."""
    return theme.text(str(value), theme.BODY_SIZE, theme.TEXT, True)


def _shown_count(k: int, value: int | None) -> Any:
    """A row-key count as the figures line shows it: buses as they are, cards and tickets
    never below 0 (those flying in are held back), a seat's hidden tickets as "?"."""
    if value is None:
        return "?"
    return max(0, value) if k else value
