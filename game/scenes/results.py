"""Results: score table by category, totals, winners, a bar chart; play again or menu.

Games whose rules have the optional `details(state)` (see `game.engine.core.Rules`) also get a
detail panel on the right (results_detail.py): d-pad up/down (or arrow keys, or the mouse over a
row) picks a player's row and the panel lists where that player's points came from; LB/RB (Q/E,
hinted together) scroll it. The charts are drawn by results_chart.py. The optional `tiebreak(state)` note is shown under the chart; a seat that used the Hint button
has its count beside its name in the chart. Left/right and confirm still work
the "Play again" / "Main menu" buttons, so the whole screen needs only a gamepad.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.capabilities import capability
from game.engine.core import Note, total
from game.engine.match import Match
from game.engine.progress import score_progress
from game.engine.registry import get_game
from game.scenes import results_chart as chart
from game.scenes.results_detail import (
    DETAIL,  # noqa: F401  (callers read where the panel is)
    ITEM_SIZE,
    LINE_H,
    DetailPanel,
)
from game.scenes.results_words import ResultWords
from game.scenes.seating import SeatSpec
from game.ui import theme
from game.ui.i18n import language, t
from game.ui.input import Intent
from game.ui.paint import draw_seat_emblem
from game.ui.scene import Scene
from game.ui.widgets import (
    Menu,
    MenuItem,
    draw_text,
    fit,
    footer_hints,
    panel,
    screen_title,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.app import App

PALETTE = [(90, 160, 230), (120, 200, 120), (230, 200, 80), (200, 120, 220),
           (230, 120, 90), (150, 220, 210), (180, 180, 120), (240, 160, 200),
           (160, 130, 240)]  # French Quarter with Tourism has nine
LEGEND_LINE_H = 40
PROGRESS_MIN_H = 190  # below this the score-progress chart is left out (no room to read it)
SLIM_BAR_H = 26  # a chart bar at 3-4 seats (its name beside it is a 24 px line)
SLIM_ROW_H = 62  # a table row at 3-4 seats
KEY_H = 8  # the colour bar under each category header: the chart's key for that category


@dataclass(frozen=True)
class Layout:
    """Where the table, chart and buttons go: full width, or the left column next to details."""

    table: pygame.Rect
    row_h: int
    header_h: int
    name_w: int
    total_w: int
    bar_h: int
    legend_indent: bool
    menu_center: tuple[int, int]
    menu_width: int


FULL = Layout(pygame.Rect(160, 150, 1600, 0), 76, 92, 360, 200, 48, True, (960, 985), 520)
SPLIT = Layout(pygame.Rect(60, 140, 1000, 0), 70, 92, 355, 130, 40, False, (560, 990), 440)

def category_colors(game_id: str, categories: list[str]) -> list[tuple[int, int, int]]:
    """One colour per score category: the game's own (its renderer's optional CATEGORY_COLORS,
    see board_api) where it has one, else the shared palette by position."""
    own = capability(get_game(game_id).renderer_class(), "category_colors") or {}
    return [own.get(c, PALETTE[i % len(PALETTE)]) for i, c in enumerate(categories)]


def seat_picture(game_id: str, match: Match, names: list[str]) -> Any:
    """The room's picture of a seat's result (capability `result_picture`), or None."""
    info = get_game(game_id)
    if not info.declares("result_picture"):
        return None
    return capability(info.renderer_class()(match.rules, match.config, names), "result_picture")


class ResultsScene(Scene):
    """The end of a match."""

    def __init__(self, app: App, game_id: str, match: Match, seats: list[SeatSpec],
                 names: list[str]) -> None:
        super().__init__(app)
        self.game_id, self.match, self.seats, self.names = game_id, match, seats, names
        self.breakdowns = [dict(b) for b in match.rules.scores(match.state)]
        self.totals = [total(b) for b in self.breakdowns]
        self.winners = set(match.rules.winners(match.state))
        self.categories: list[str] = []
        for b in self.breakdowns:
            self.categories += [c for c in b if c not in self.categories]
        self.colors = category_colors(game_id, self.categories)
        self.words = ResultWords(game_id, names)
        details = self._optional("details")
        # The box under the chart: why tied leaders were separated or, in a solo game, the
        # rulebook's rating of the score (a solo game has no tie to break).
        self.note: Note | None = self._optional("tiebreak") or self._optional("rating")
        self.layout = SPLIT if details else FULL
        self.progress = score_progress(match)
        picture = seat_picture(game_id, match, names)  # drawn in place of the detail lines
        self.panel = DetailPanel(details, self.categories, self.words, self.totals,
                                 min(self.winners, default=0),
                                 partial(picture, match.state) if picture else None
                                 ) if details else None
        self._headers: tuple[str, list[tuple[pygame.Surface, pygame.Rect]]] | None = None
        self.menu = Menu([MenuItem("again", lambda: t("results.play_again")),
                          MenuItem("menu", lambda: t("results.menu"))],
                         center=self.layout.menu_center, width=self.layout.menu_width,
                         height=80, gap=40, horizontal=True)

    def _optional(self, method: str) -> Any:
        """The result of an optional rules method on the final state, or None if absent."""
        fn = capability(self.match.rules, method)
        return fn(self.match.state) if fn else None

    def category_name(self, category: str) -> str:
        """The translated name of a score category."""
        return self.words.category_name(category)

    # -- input ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Pick a player's details (up/down); play again with the same seats, or the title."""
        if self.panel is not None and self.panel.handle(intent, self.row_rects()):
            return True
        choice = self.menu.handle(intent)
        if choice == "again":
            seed = self.match.seed + 1
            seats = [SeatSpec(s.kind, s.device) for s in self.seats]
            options = self.match.config.options  # same modules / variants as this game
            self.app.stack.replace(self.app.open("game", self.game_id, seats, seed,
                                                 options=options))
        elif choice == "menu" or intent.kind == "back":
            self.app.stack.reset(self.app.open("title"))
        return True

    def select(self, seat: int) -> None:
        """Show one seat's details, from the top (nothing to show without a detail panel)."""
        if self.panel is not None:
            self.panel.select(seat)

    # -- geometry ------------------------------------------------------------------------------
    def row_rects(self) -> dict[int, pygame.Rect]:
        """Screen rect of each seat's table row."""
        lay = self.layout
        top = lay.table.y + self.header_h()
        row_h = self.row_h()
        return {seat: pygame.Rect(lay.table.x - 20, top + seat * row_h, lay.table.w + 40,
                                  row_h - 6) for seat in range(len(self.totals))}

    def crowded(self) -> bool:
        """True at three seats or more: rows and bars are slimmer, so that the score-progress
        chart fits under them as it does at two seats (issue 28)."""
        return len(self.totals) > 2

    def row_h(self) -> int:
        """A table row's height (a 36 px name line in a panel either way)."""
        return SLIM_ROW_H if self.crowded() else self.layout.row_h

    def chart_top(self) -> int:
        """Top of the bar chart, under the table."""
        lay = self.layout
        gap = 20 if self.crowded() else 30
        return lay.table.y + self.header_h() + len(self.totals) * self.row_h() + gap

    def bar_h(self) -> int:
        """A chart bar's height: the layout's, slimmer when `crowded`."""
        return SLIM_BAR_H if self.crowded() else self.layout.bar_h

    def bar_pitch(self) -> int:
        """Vertical distance between two bars of the chart."""
        if self.crowded():
            return SLIM_BAR_H + 8
        return self.layout.bar_h + (14 if self.layout is FULL else 12)

    def legend_y(self) -> int:
        """Top of the category legend, under the chart."""
        return self.chart_top() + len(self.totals) * self.bar_pitch() + 14

    def legend_slots(self) -> list[tuple[int, int]]:
        """(x, y) of each category's swatch in the legend, wrapping onto more lines when the
        names do not fit the table's width; none under staggered headers (their colour bars key
        the chart, and the table needs the height)."""
        if self.headers_staggered():
            return []
        lay = self.layout
        left = lay.table.x + (lay.name_w if lay.legend_indent else 0)
        x, y, out = left, self.legend_y(), []
        for category in self.categories:
            w = chart.SWATCH + 10 + theme.font(theme.SMALL_SIZE).size(self.category_name(category))[0]
            if x > left and x + w > lay.table.right:
                x, y = left, y + LEGEND_LINE_H
            out.append((x, y))
            x += w + 40
        return out

    def legend_bottom(self) -> int:
        """Bottom of the legend's last line."""
        return max((y for _, y in self.legend_slots()), default=self.legend_y()) + LEGEND_LINE_H

    def headers_staggered(self) -> bool:
        """True when some category name cannot be read in two lines of its table column: then
        every name is written level, the columns' names alternating between rows so that each
        may be as wide as several columns (`header_rows`; never a clipped "Se..." label, never
        a slanted one: issue 28 wants every header read level)."""
        width = max(0, self._columns()[1][2] - 16) if self.categories else 0
        for category in self.categories:
            lines = wrap(self.category_name(category), theme.SMALL_SIZE, width)
            widest = max((theme.font(theme.SMALL_SIZE).size(x)[0] for x in lines), default=0)
            if len(lines) > 2 or widest > width:
                return True
        return False

    def header_h(self) -> int:
        """Height of the table's header: the layout's, or what the staggered names need."""
        names = self.header_labels()
        return max([self.layout.header_h] + [rect.bottom - self.layout.table.y + KEY_H + 12
                                             for _, rect in names])

    def key_y(self) -> int:
        """Top of the colour bars under the category headers."""
        return self.layout.table.y + self.header_h() - KEY_H - 8

    def header_labels(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each category header's name as drawn, image and rect, in the current language
        (upright in its column on up to two lines, or staggered: see `headers_staggered`)."""
        if self._headers is None or self._headers[0] != language():
            self._headers = language(), self._header_labels()
        return self._headers[1]

    def header_rows(self) -> int:
        """Rows the staggered names take: the fewest (2 to 4) in which each name has as many
        columns' width as there are rows, its longest word on one line (1: upright)."""
        if not self.headers_staggered():
            return 1
        font, w = theme.font(theme.SMALL_SIZE), self._columns()[1][2]
        widest = max(font.size(word)[0] for c in self.categories
                     for word in self.category_name(c).split())
        return next((k for k in (2, 3) if k * w - 16 >= widest), 4)

    def _header_labels(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        top, rows = self.layout.table.y, self.header_rows()
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        columns = self._columns()[1:-1]
        names = [wrap(self.category_name(c), theme.SMALL_SIZE, rows * w - 16)[:None if rows > 1
                                                                              else 2]
                 for c, _, w in columns]
        # staggered: column n on row n % rows, row 0 at the top; each row as high as its
        # longest name
        heights = [max((len(x) for x in names[r::rows]), default=0) for r in range(rows)]
        labels = []
        for n, ((_, x, w), lines) in enumerate(zip(columns, names)):
            if rows > 1:
                bottom = top + line_h * sum(heights[:n % rows + 1])
            else:
                bottom = top + self.layout.header_h - KEY_H - 12
            for i, line in enumerate(lines):
                image = theme.text(line, theme.SMALL_SIZE, theme.TEXT_DIM)
                y = bottom - (len(lines) - 1 - i) * line_h
                labels.append((image, image.get_rect(midbottom=(x + w // 2, y))))
        return labels

    def winner_label(self, seat: int) -> str:
        """The name in the table: "Ana wins!" for a winner, the bare name in a solo game."""
        name = self.names[seat]
        return t("results.winner", name=name) if seat in self.winners and len(self.totals) > 1 \
            else name

    def chart_name(self, seat: int) -> str:
        """A seat's name by its chart bar, with the hints it used when it used any."""
        used = self.seats[seat].hints if seat < len(self.seats) else 0
        if not used:
            return self.names[seat]
        return t("results.hints_used", name=self.names[seat], count=used)

    def note_lines(self) -> list[str]:
        """The note (tie-break or solo rating) wrapped to the table's width ([] for none)."""
        message = self.note_text()
        return wrap(message, ITEM_SIZE, self.layout.table.w - 40) if message else []

    def note_rect(self) -> pygame.Rect:
        """The tie-break box: under the legend, lifted if needed to stay above the buttons."""
        table = self.layout.table
        height = len(self.note_lines()) * LINE_H + 16
        menu_top = min(r.top for r in self.menu.rects().values())
        top = min(self.legend_bottom() + 16, menu_top - 20 - height)
        return pygame.Rect(table.x - 20, top, table.w + 40, height)

    def progress_rect(self) -> pygame.Rect | None:
        """Where the score-progress chart goes: the room left between the legend (or the note)
        and the buttons, when there is enough of it."""
        table = self.layout.table
        top = (self.note_rect().bottom if self.note_lines() else self.legend_bottom()) + 24
        bottom = min(r.top for r in self.menu.rects().values()) - 30
        if bottom - top < PROGRESS_MIN_H:
            return None
        return pygame.Rect(table.x - 20, top, table.w + 40, bottom - top)

    def _columns(self) -> list[tuple[str, int, int]]:
        """(category or '' for name / '=' for total, x, width) of each table column."""
        lay = self.layout
        cols = [("", lay.table.x, lay.name_w)]
        width = (lay.table.w - lay.name_w - lay.total_w) // max(1, len(self.categories))
        for i, category in enumerate(self.categories):
            cols.append((category, lay.table.x + lay.name_w + i * width, width))
        cols.append(("=", lay.table.right - lay.total_w, lay.total_w))
        return cols

    def note_text(self) -> str:
        """The tie-break or solo-rating message, or '' when there is none."""
        if not self.note:
            return ""
        key, params = self.note
        return t(key, **self.words.named_params(params))

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Heading, table, chart, tie-break note, details, buttons."""
        surface.fill(theme.BACKGROUND)
        screen_title(surface, t("results.title", game=t(get_game(self.game_id).title_key)), 70)
        self._draw_table(surface)
        self._draw_chart(surface, self.chart_top())
        self._draw_note(surface)
        self._draw_progress(surface)
        if self.panel is not None:
            self.panel.draw(surface)
        self.menu.draw(surface)
        footer_hints(surface, self.app.input.last_kind, self._hints())

    def _hints(self) -> list[tuple[str, str]]:
        hints = [("confirm", "hint.select")]
        if self.panel is not None:
            hints.insert(0, ("move", "hint.details"))
        if self.panel is not None and self.panel.can_scroll():
            hints.insert(0, ("page", "hint.scroll"))
        return hints

    def _draw_table(self, surface: pygame.Surface) -> None:
        """Headers (each category's name over its colour bar, and Total), then the rows."""
        cols = self._columns()
        for image, rect in self.header_labels():
            surface.blit(image, rect)
        key_y = self.key_y()
        for i, (_, x, w) in enumerate(cols[1:-1]):
            pygame.draw.rect(surface, self.colors[i], (x + 8, key_y, w - 16, KEY_H),
                             border_radius=KEY_H // 2)
        _, x, w = cols[-1]
        draw_text(surface, fit(t("results.total"), theme.SMALL_SIZE, w - 16),
                  (x + w // 2, key_y - 4), theme.SMALL_SIZE, theme.TEXT_DIM, "midbottom")
        rects = self.row_rects()
        for seat, breakdown in enumerate(self.breakdowns):
            self._draw_row_panel(surface, seat, rects[seat])
            self._draw_row(surface, seat, breakdown, cols, rects[seat])

    def _draw_row_panel(self, surface: pygame.Surface, seat: int, row: pygame.Rect) -> None:
        won = seat in self.winners
        selected = self.panel is not None and seat == self.panel.selected
        panel(surface, row, theme.PANEL_LIGHT if won or selected else theme.PANEL,
              theme.ACCENT if won else None, 4, 12)
        if selected:  # white, unlike the buttons' yellow focus: "whose details", not "what A does"
            pygame.draw.rect(surface, theme.TEXT, row.inflate(10, 8), 6, border_radius=14)
            x, y = row.right + 8, row.centery
            pygame.draw.polygon(surface, theme.TEXT, [(x, y - 18), (x + 22, y), (x, y + 18)])

    def _draw_row(self, surface: pygame.Surface, seat: int, breakdown: dict[str, int],
                  cols: list, row: pygame.Rect) -> None:
        lay = self.layout
        draw_seat_emblem(surface, seat, (lay.table.x + 16, row.centery), 32)
        name = self.winner_label(seat)
        draw_text(surface, fit(name, theme.BODY_SIZE, lay.name_w - 50, seat in self.winners),
                  (lay.table.x + 44, row.centery), theme.BODY_SIZE,
                  theme.ACCENT if seat in self.winners else theme.TEXT, "midleft",
                  seat in self.winners)
        for category, x, w in cols[1:-1]:
            draw_text(surface, str(breakdown.get(category, 0)), (x + w // 2, row.centery),
                      theme.BODY_SIZE, theme.TEXT, "center")
        draw_text(surface, str(self.totals[seat]), (cols[-1][1] + lay.total_w // 2, row.centery),
                  theme.BODY_SIZE, theme.ACCENT, "center", True)

    def _draw_chart(self, surface: pygame.Surface, top: int) -> None:
        """Stacked bars per player (hint counts by the names), then the categories' key."""
        lay = self.layout
        labels = [self.chart_name(seat) for seat in range(len(self.breakdowns))]
        chart.draw_bars(surface, labels, self.breakdowns, self.categories, self.colors,
                        lay.table, lay.name_w, (top, self.bar_h(), self.bar_pitch()))
        chart.draw_legend(surface, [self.category_name(c) for c in self.categories],
                          self.colors, self.legend_slots())

    def _draw_note(self, surface: pygame.Surface) -> None:
        """The tie-break or rating message in a highlighted box above the buttons."""
        lines = self.note_lines()
        if not lines:
            return
        box = self.note_rect()
        panel(surface, box, theme.PANEL, theme.ACCENT, 3, 12)
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + 20, box.y + 8 + i * LINE_H + LINE_H // 2),
                      ITEM_SIZE, theme.ACCENT, "midleft")

    def _draw_progress(self, surface: pygame.Surface) -> None:
        """Each seat's total over the game, where there is room for it."""
        box = self.progress_rect()
        if box is not None and len(self.progress) >= 2:
            chart.draw_progress(surface, box, self.progress, len(self.totals))
