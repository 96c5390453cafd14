"""Results: score table by category, totals, winners, a bar chart; play again or menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.core import total
from game.engine.match import Match
from game.engine.registry import get_game
from game.scenes.seating import SeatSpec
from game.ui import theme
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.widgets import Menu, MenuItem, draw_text, fit, footer_hints, panel, screen_title

if TYPE_CHECKING:
    from game.ui.app import App

CATEGORY_COLORS = [(90, 160, 230), (120, 200, 120), (230, 200, 80), (200, 120, 220),
                   (230, 120, 90), (150, 220, 210), (180, 180, 120), (240, 160, 200)]
TABLE = pygame.Rect(160, 150, 1600, 0)
ROW_H = 76
NAME_W, TOTAL_W = 340, 200


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
        self.menu = Menu([MenuItem("again", lambda: t("results.play_again")),
                          MenuItem("menu", lambda: t("results.menu"))],
                         center=(960, 985), width=520, height=80, gap=40, horizontal=True)

    def category_name(self, category: str) -> str:
        """The translated name of a score category."""
        return t(f"{self.game_id}.score.{category}")

    def handle(self, intent: Intent) -> bool:
        """Play again with the same seats, or back to the title."""
        choice = self.menu.handle(intent)
        if choice == "again":
            from game.scenes.game import GameScene

            seed = self.match.seed + 1
            seats = [SeatSpec(s.kind, s.device) for s in self.seats]
            self.app.stack.replace(GameScene(self.app, self.game_id, seats, seed))
        elif choice == "menu" or intent.kind == "back":
            from game.scenes.title import TitleScene

            self.app.stack.reset(TitleScene(self.app))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, table, chart, buttons."""
        surface.fill(theme.BACKGROUND)
        screen_title(surface, t("results.title", game=t(get_game(self.game_id).title_key)), 70)
        bottom = self._draw_table(surface)
        self._draw_chart(surface, bottom + 40)
        self.menu.draw(surface)
        footer_hints(surface, self.app.input.last_kind, [("confirm", "hint.select")])

    def _columns(self) -> list[tuple[str, int, int]]:
        """(category or '' for name / '=' for total, x, width) of each table column."""
        cols = [("", TABLE.x, NAME_W)]
        width = (TABLE.w - NAME_W - TOTAL_W) // max(1, len(self.categories))
        for i, category in enumerate(self.categories):
            cols.append((category, TABLE.x + NAME_W + i * width, width))
        cols.append(("=", TABLE.right - TOTAL_W, TOTAL_W))
        return cols

    def _draw_table(self, surface: pygame.Surface) -> int:
        cols = self._columns()
        y = TABLE.y
        for category, x, w in cols[1:]:
            name = t("results.total") if category == "=" else self.category_name(category)
            draw_text(surface, fit(name, theme.SMALL_SIZE, w - 16), (x + w // 2, y + ROW_H // 2),
                      theme.SMALL_SIZE, theme.TEXT_DIM, "center")
        y += ROW_H
        for seat, breakdown in enumerate(self.breakdowns):
            row = pygame.Rect(TABLE.x - 20, y, TABLE.w + 40, ROW_H - 6)
            won = seat in self.winners
            panel(surface, row, theme.PANEL_LIGHT if won else theme.PANEL,
                  theme.ACCENT if won else None, 4, 12)
            self._draw_row(surface, seat, breakdown, cols, row)
            y += ROW_H
        return y

    def _draw_row(self, surface: pygame.Surface, seat: int, breakdown: dict[str, int],
                  cols: list, row: pygame.Rect) -> None:
        color = theme.PLAYER_COLORS[seat % len(theme.PLAYER_COLORS)]
        pygame.draw.circle(surface, color, (TABLE.x + 16, row.centery), 14)
        name = self.names[seat]
        if seat in self.winners:
            name = t("results.winner", name=name)
        draw_text(surface, fit(name, theme.BODY_SIZE, NAME_W - 30), (TABLE.x + 44, row.centery),
                  theme.BODY_SIZE, theme.ACCENT if seat in self.winners else theme.TEXT,
                  "midleft", seat in self.winners)
        for category, x, w in cols[1:-1]:
            draw_text(surface, str(breakdown.get(category, 0)), (x + w // 2, row.centery),
                      theme.BODY_SIZE, theme.TEXT, "center")
        draw_text(surface, str(self.totals[seat]), (cols[-1][1] + TOTAL_W // 2, row.centery),
                  theme.BODY_SIZE, theme.ACCENT, "center", True)

    def _draw_chart(self, surface: pygame.Surface, top: int) -> None:
        """Stacked horizontal bars per player; negative categories grow left of zero."""
        bar_h, gap = 48, 14
        lows = [sum(v for v in b.values() if v < 0) for b in self.breakdowns]
        highs = [sum(v for v in b.values() if v > 0) for b in self.breakdowns]
        span = max(1, max(highs, default=1) - min(lows, default=0))
        left, width = TABLE.x + NAME_W, TABLE.w - NAME_W - 40
        zero = left + int(-min(lows, default=0) / span * width)
        for seat, breakdown in enumerate(self.breakdowns):
            y = top + seat * (bar_h + gap)
            draw_text(surface, fit(self.names[seat], theme.SMALL_SIZE, NAME_W - 40),
                      (TABLE.x, y + bar_h // 2), theme.SMALL_SIZE, theme.TEXT_DIM, "midleft")
            pos_x = neg_x = zero
            for i, category in enumerate(self.categories):
                value = breakdown.get(category, 0)
                w = int(abs(value) / span * width)
                color = CATEGORY_COLORS[i % len(CATEGORY_COLORS)]
                if value > 0:
                    pygame.draw.rect(surface, color, (pos_x, y, w, bar_h))
                    pos_x += w
                elif value < 0:
                    neg_x -= w
                    pygame.draw.rect(surface, color, (neg_x, y, w, bar_h))
                    pygame.draw.rect(surface, theme.BAD, (neg_x, y, w, bar_h), 3)
        chart_bottom = top + len(self.breakdowns) * (bar_h + gap)
        pygame.draw.line(surface, theme.TEXT_DIM, (zero, top - 8), (zero, chart_bottom), 2)
        self._draw_legend(surface, chart_bottom + 14)

    def _draw_legend(self, surface: pygame.Surface, y: int) -> None:
        x = TABLE.x + NAME_W
        for i, category in enumerate(self.categories):
            color = CATEGORY_COLORS[i % len(CATEGORY_COLORS)]
            pygame.draw.rect(surface, color, (x, y + 4, 28, 28), border_radius=6)
            x = draw_text(surface, self.category_name(category), (x + 38, y + 18),
                          theme.SMALL_SIZE, theme.TEXT_DIM, "midleft").right + 40
