"""Game select: every registered game with its player count."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.registry import game_ids, get_game
from game.scenes.message import level_error_box, level_problem
from game.ui import theme
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.widgets import Menu, MenuItem, footer_hints, screen_title

if TYPE_CHECKING:
    from game.ui.app import App


class GameSelectScene(Scene):
    """Pick a game; back returns to the title."""

    idle_policy = "attract"  # left alone, the console plays demos

    def __init__(self, app: App) -> None:
        super().__init__(app)
        items = [MenuItem(gid, self._label(gid)) for gid in game_ids()]
        self.menu = Menu(items, center=(960, 540), width=1100, height=100)

    @staticmethod
    def _label(game_id: str):
        info = get_game(game_id)
        return lambda: t("select.entry", title=t(info.title_key), low=info.min_players,
                         high=info.max_players)

    def handle(self, intent: Intent) -> bool:
        """Menu navigation; confirm opens seat setup."""
        if intent.kind == "back":
            self.app.stack.pop()
            return True
        choice = self.menu.handle(intent)
        if choice is not None:
            problem = level_problem(choice)
            self.app.stack.push(level_error_box(self.app, choice, problem) if problem
                                else self.app.open("seats", choice))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, games and hints."""
        surface.fill(theme.BACKGROUND)
        screen_title(surface, t("select.title"))
        self.menu.draw(surface)
        footer_hints(surface, self.app.input.last_kind,
                     [("confirm", "hint.select"), ("back", "hint.back")])
