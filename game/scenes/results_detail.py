"""The results screen's detail panel: where one seat's points came from, line by line.

Games whose rules have the optional `details(state)` (see `game.engine.core.Rules`) get this
panel on the right of the results table: up/down (or the mouse over a table row) picks a seat,
and the panel lists its score lines under a heading per category (each ticket with a check or a
cross, routes, bonuses); LB/RB scroll it when the list is longer than the panel. A room with a
`result_picture` draws its own picture of the seat's result in place of the lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.core import Detail
from game.scenes.results_words import ResultWords
from game.ui import theme
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.paint import draw_seat_emblem, seat_color
from game.ui.widgets import draw_text, fit, panel, wrap

ITEM_SIZE = 30  # the compact text size; theme.SMALL_SIZE (28) is the floor for any text
LINE_H = 42  # height of one compact line


@dataclass(frozen=True)
class DetailStyle:
    """How big the detail panel writes: its text size, line and category-heading heights."""

    size: int
    line_h: int
    head_h: int


# The panel writes large when every seat's details fit in it that way (two players, short
# lists): the space is there, so a sofa reads it more easily. Otherwise the compact style.
LARGE = DetailStyle(theme.BODY_SIZE, 52, 66)
COMPACT = DetailStyle(ITEM_SIZE, LINE_H, 56)
DETAIL = pygame.Rect(1110, 140, 750, 845)  # the detail panel (right of the table)
DETAIL_TOP = 92  # panel header (name and total) height
ICON_W, POINTS_W, PAD = 44, 110, 26

Row = tuple[str, Any]  # ("head", (category, subtotal)) or ("item", Detail)
Picture = Callable[[int, tuple[int, int]], pygame.Surface]  # (seat, size) -> the room's image


def points_text(points: int) -> str:
    """Signed points: +7, -5, 0."""
    return f"{points:+d}" if points else "0"


class DetailPanel:
    """The selected seat's score lines (or the room's picture of its result), scrolled by pages."""

    def __init__(self, details: Sequence[Sequence[Detail]], categories: list[str],
                 words: ResultWords, totals: list[int], selected: int,
                 picture: Picture | None = None) -> None:
        self.details, self.categories, self.words, self.totals = details, categories, words, totals
        self.picture = picture  # drawn in place of the lines
        self.selected = selected
        self.scroll = 0
        self.style = self._detail_style()

    def _detail_style(self) -> DetailStyle:
        """LARGE when every seat's whole list fits the panel in it, else COMPACT (decided once,
        so the panel does not change size from one player to the next)."""
        self.style = LARGE  # row heights are measured in the style being tried
        fits = all(self.shows_rest(self.detail_rows(seat), 0) for seat in range(len(self.totals)))
        return LARGE if fits else COMPACT

    # -- input ---------------------------------------------------------------------------------
    def handle(self, intent: Intent, rows: Mapping[int, pygame.Rect]) -> bool:
        """Up/down and hovering a table row (`rows`: each seat's) select a seat; page keys
        scroll its panel."""
        kind = intent.kind
        if kind in ("up", "down"):
            step = -1 if kind == "up" else 1
            target = self.selected + step
            if 0 <= target < len(self.totals) or not intent.repeat:
                self.select(target % len(self.totals))
            return True
        if kind in ("page_prev", "page_next"):
            self.scroll_by(-1 if kind == "page_prev" else 1)
            return True
        if kind in ("pointer", "click") and intent.pos:
            for seat, rect in rows.items():
                if rect.collidepoint(intent.pos):
                    self.select(seat)
                    return True
        return False

    def select(self, seat: int) -> None:
        """Show one seat's details, from the top."""
        if seat != self.selected:
            self.selected, self.scroll = seat, 0

    def scroll_by(self, pages: int) -> None:
        """Scroll the details by about a page; past either end it wraps (one button is enough)."""
        rows = self.detail_rows(self.selected)
        last = self.max_scroll(rows)
        if (pages > 0 and self.scroll >= last) or (pages < 0 and self.scroll <= 0):
            self.scroll = 0 if pages > 0 else last
            return
        lead = len(self.window(rows, self.scroll)) - (len(rows) - self.scroll)
        step = max(1, len(self.visible_rows(rows, self.scroll)) - lead - 1)
        self.scroll = max(0, min(last, self.scroll + pages * step))

    # -- rows ----------------------------------------------------------------------------------
    def detail_rows(self, seat: int) -> list[Row]:
        """The panel's rows for a seat: per category a heading with its subtotal, then lines."""
        lines = self.details[seat]
        order = self.categories + [d.category for d in lines if d.category not in self.categories]
        rows: list[Row] = []
        for category in dict.fromkeys(order):
            items = [d for d in lines if d.category == category]
            if items:
                rows.append(("head", (category, sum(d.points for d in items))))
                rows += [("item", d) for d in items]
        return rows

    def detail_label(self, detail: Detail) -> str:
        """The translated text of one detail line."""
        return t(detail.label, **self.words.named_params(detail.params))

    def label_lines(self, detail: Detail) -> list[str]:
        """A detail's text wrapped to the panel's label column."""
        return wrap(self.detail_label(detail), self.style.size,
                    DETAIL.w - 2 * PAD - ICON_W - POINTS_W)

    def row_height(self, row: Row) -> int:
        """Pixel height of a panel row."""
        style = self.style
        return style.head_h if row[0] == "head" else style.line_h * len(self.label_lines(row[1]))

    def window(self, rows: list[Row], start: int) -> list[Row]:
        """Rows from `start`, led by their category's heading when `start` is inside a category."""
        heads = [row for row in rows[:start] if row[0] == "head"]
        lead = heads[-1:] if start < len(rows) and rows[start][0] == "item" else []
        return lead + rows[start:]

    def visible_rows(self, rows: list[Row], start: int) -> list[Row]:
        """The rows drawn from `start` (under a repeated heading) that fit in the panel body."""
        room = DETAIL.h - DETAIL_TOP - PAD
        shown = []
        for row in self.window(rows, start):
            room -= self.row_height(row)
            if room < 0:
                break
            shown.append(row)
        return shown

    def shows_rest(self, rows: list[Row], start: int) -> bool:
        """True if every row from `start` to the end fits in the panel."""
        shown = self.visible_rows(rows, start)
        return not rows or (bool(shown) and shown[-1] is rows[-1])

    def max_scroll(self, rows: list[Row]) -> int:
        """The first row index from which everything left fits."""
        return next((start for start in range(len(rows)) if self.shows_rest(rows, start)), 0)

    def can_scroll(self) -> bool:
        """True when the selected seat's details do not fit in the panel."""
        return self.max_scroll(self.detail_rows(self.selected)) > 0

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The selected seat's panel: name and total, then its rows from the scroll position."""
        seat = self.selected
        panel(surface, DETAIL, theme.PANEL, seat_color(seat), 5)
        head_y = DETAIL.y + DETAIL_TOP // 2
        draw_seat_emblem(surface, seat, (DETAIL.x + PAD + 16, head_y), 36)
        score = t("results.points", count=self.totals[seat])
        right = draw_text(surface, score, (DETAIL.right - PAD, head_y), theme.BODY_SIZE,
                          theme.ACCENT, "midright", True)
        name = fit(self.words.names[seat], theme.BODY_SIZE, right.x - DETAIL.x - PAD - 64, True)
        draw_text(surface, name, (DETAIL.x + PAD + 44, head_y), theme.BODY_SIZE, theme.TEXT,
                  "midleft", True)
        if self.picture is not None:
            area = pygame.Rect(DETAIL.x + PAD, DETAIL.y + DETAIL_TOP, DETAIL.w - 2 * PAD,
                               DETAIL.h - DETAIL_TOP - PAD)
            surface.blit(self.picture(seat, area.size), area)
            return
        rows = self.detail_rows(seat)
        shown = self.visible_rows(rows, self.scroll)
        y = DETAIL.y + DETAIL_TOP
        for row in shown:
            self._draw_row(surface, row, y)
            y += self.row_height(row)
        _draw_scroll_marks(surface, self.scroll > 0, not self.shows_rest(rows, self.scroll))

    def _draw_row(self, surface: pygame.Surface, row: Row, y: int) -> None:
        x, right = DETAIL.x + PAD, DETAIL.right - PAD
        style = self.style
        if row[0] == "head":
            category, subtotal = row[1]
            mid = y + style.head_h // 2 + 4
            draw_text(surface, self.words.category_name(category), (x, mid), style.size,
                      theme.TEXT_DIM, "midleft", True)
            draw_text(surface, points_text(subtotal), (right, mid), style.size, theme.TEXT_DIM,
                      "midright", True)
            line_y = y + style.head_h - 4
            pygame.draw.line(surface, theme.PANEL_LIGHT, (x, line_y), (right, line_y), 2)
            return
        detail: Detail = row[1]
        _draw_icon(surface, detail.ok, (x + 16, y + style.line_h // 2))
        for i, line in enumerate(self.label_lines(detail)):
            draw_text(surface, line, (x + ICON_W, y + (i * 2 + 1) * style.line_h // 2),
                      style.size, theme.TEXT, "midleft")
        color = (theme.GOOD if detail.points > 0 else theme.BAD if detail.points < 0
                 else theme.TEXT_DIM)
        draw_text(surface, points_text(detail.points), (right, y + style.line_h // 2), style.size,
                  color, "midright", True)


def _draw_icon(surface: pygame.Surface, ok: bool | None, center: tuple[int, int]) -> None:
    """A green check, a red cross, or a dim bullet (drawn, so no font glyph is needed)."""
    cx, cy = center
    if ok is True:
        pygame.draw.lines(surface, theme.GOOD, False,
                          [(cx - 12, cy), (cx - 4, cy + 9), (cx + 13, cy - 11)], 6)
    elif ok is False:
        for dx in (-10, 10):
            pygame.draw.line(surface, theme.BAD, (cx - dx, cy - 10), (cx + dx, cy + 10), 6)
    else:
        pygame.draw.circle(surface, theme.TEXT_DIM, center, 6)


def _draw_scroll_marks(surface: pygame.Surface, above: bool, below: bool) -> None:
    """Small arrows at the panel's edge when rows are hidden above or below."""
    x = DETAIL.centerx
    if above:
        y = DETAIL.y + DETAIL_TOP - 6
        pygame.draw.polygon(surface, theme.FOCUS, [(x - 18, y), (x + 18, y), (x, y - 16)])
    if below:
        y = DETAIL.bottom - 24
        pygame.draw.polygon(surface, theme.FOCUS, [(x - 18, y), (x + 18, y), (x, y + 14)])
