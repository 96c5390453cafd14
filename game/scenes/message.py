"""A message box over the current screen: a title, wrapped text and OK."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.widgets import dim, draw_hints, draw_text, panel, wrap

if TYPE_CHECKING:
    from game.ui.app import App

BOX = pygame.Rect(310, 250, 1300, 580)


class MessageScene(Scene):
    """Shows a message until confirm, back or a click."""

    overlay = True

    def __init__(self, app: App, title: str, text: str) -> None:
        super().__init__(app)
        self.title, self.text = title, text

    def handle(self, intent: Intent) -> bool:
        """Any confirm/back closes the box."""
        if intent.kind in ("confirm", "back", "click", "menu"):
            self.app.stack.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The box over a dimmed screen."""
        dim(surface)
        panel(surface, BOX, theme.PANEL, theme.ACCENT)
        draw_text(surface, self.title, (BOX.centerx, BOX.y + 70), theme.HEADING_SIZE,
                  theme.ACCENT, "center", True)
        y = BOX.y + 150
        for line in wrap(self.text, theme.SMALL_SIZE, BOX.w - 120)[:9]:
            y = draw_text(surface, line, (BOX.x + 60, y), theme.SMALL_SIZE).bottom + 6
        draw_hints(surface, [("confirm", "hint.ok")], self.app.input.last_kind,
                   (BOX.right - 40, BOX.bottom - 50))
