"""Ticket to Ride: Paris figures line of a seat's row: its buses, cards and tickets, each an
icon and its count (seats_panel.py paints the rows; a change of the counts alone repaints this
line alone, from the first count that changed)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from game.ui import theme
from game.ui.damage import fill_columns
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


def figures_area(rect: pygame.Rect, was: tuple, now: tuple, limit: int
                 ) -> tuple[pygame.Rect | None, int]:
    """The rect of a row's figures line (the row at `rect`) that differs between two of its
    counts (row-key counts), and the first count that changed (0: buses, 1: cards, 2:
    tickets); (None, 0) if the line reaches past `limit` (the flag cards). When every count
    keeps its width (digits are as wide as one another: most changes), the line moves
    nowhere: only the numbers that changed, the place a card landing covers as it lands;
    else from the first changed number to the end of the longer line."""
    (starts, was_end), (now_starts, end) = figure_spots(rect.x, was), figure_spots(rect.x, now)
    if max(was_end, end) + FIGURES_MARGIN > limit:
        return None, 0
    changed = [k for k in range(3) if was[k] != now[k]]
    first, y = (changed[0] if changed else 0), rect.y + FIGURES_Y
    if changed and starts == now_starts and was_end == end:
        last = changed[-1]
        right = now_starts[last] + _figure(_shown_count(last, now[last])).get_width()
        return pygame.Rect(starts[first], y, right - starts[first], FIGURES_H), first
    x = starts[first] if first else rect.x + FIGURES_X
    return pygame.Rect(x, y, max(was_end, end) + FIGURES_MARGIN - x, FIGURES_H), first


def redraw_figures(canvas: pygame.Surface, plate: tuple, area: pygame.Rect, rect: pygame.Rect,
                   counts: tuple, seat: int, first: int) -> None:
    """The figures line of the row at `rect` within `area` (`figures_area`) over its `plate`
    put back there, from the count `first` on: clipped to the area, so that what the line
    shows past it (the same as before) is left as drawn."""
    clip = canvas.get_clip()
    canvas.set_clip(area.clip(clip))
    fill_columns(canvas, plate, area)  # (it starts off a column)
    draw_figures(canvas, rect, counts, seat, first)
    canvas.set_clip(clip)


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


class FiguresAhead:
    """Figures lines drawn ahead over a row's plate, by (seat, plate colour, counts): a card
    landing in a seat's count then repaints its line in one blit (`paint`), not the icons and
    counts drawn over a fill (~0.1 ms in a frame: the opening deals a card every 7 frames)."""

    KEPT = 32  # pictures kept (two or three per seat are in use at a time)

    def __init__(self, like: pygame.Surface, width: int) -> None:
        """Pictures `width` px wide (to the flag cards), in the pixel format of `like`."""
        self.like, self.width = like, width
        self._pictures: dict[tuple, pygame.Surface] = {}

    def make(self, seat: int, plate: tuple, counts: tuple) -> bool:
        """Draw the line these counts show (row-key counts) over `plate`; False if it is
        drawn already."""
        key = (seat, plate, counts)
        if key in self._pictures:
            return False
        if len(self._pictures) >= self.KEPT:
            self._pictures.clear()
        surface = pygame.Surface((self.width, FIGURES_H), 0, self.like)
        surface.fill(plate)
        draw_figures(surface, pygame.Rect(-FIGURES_X, -FIGURES_Y, 0, 0), counts, seat)
        self._pictures[key] = surface
        return True

    def paint(self, canvas: pygame.Surface, seat: int, plate: tuple, counts: tuple,
              row: pygame.Rect, area: pygame.Rect) -> bool:
        """Paint `area` (inside the figures line of the row at `row`) from the picture of
        these counts over `plate`, if one was drawn ahead: the pixels a fill and a drawing
        of the line give there; False if none was."""
        picture = self._pictures.get((seat, plate, counts))
        if picture is None:
            return False
        x, y = row.x + FIGURES_X, row.y + FIGURES_Y
        # one blit, not cut at columns (`column_parts`): a count cut between two blits reads
        # as two clipped texts to the legibility audit; the line is short, the gain nil
        canvas.blit(picture, area, area.move(-x, -y))
        return True
