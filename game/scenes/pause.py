"""Pause overlay: resume, undo, how to play, seats, settings, save and quit to the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.seat_change import SeatChangeScene
from game.ui import theme
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.widgets import Menu, MenuItem, dim, draw_hints, draw_text, panel, wrap

if TYPE_CHECKING:
    from game.ui.app import App

BOX = pygame.Rect(560, 130, 800, 820)
LINE_H = 54


class PauseScene(Scene):
    """Over the game; the game underneath is frozen (only the top scene updates)."""

    overlay = True

    def __init__(self, app: App, game, device: str | None) -> None:
        super().__init__(app)
        self.game, self.device = game, device
        self.menu = Menu([
            MenuItem("resume", lambda: t("pause.resume")),
            MenuItem("undo", lambda: t("pause.undo"), lambda: game.can_undo(device)),
            MenuItem("guide", lambda: t("pause.how_to_play")),
            MenuItem("seats", lambda: t("pause.seats")),
            MenuItem("settings", lambda: t("pause.settings")),
            MenuItem("quit", lambda: t("pause.save_quit")),
        ], center=(960, 560), width=640, height=80, gap=16)

    def resume(self) -> None:
        """Back from Settings (or another menu): the game under this overlay shows again in
        the language chosen there."""
        self.game.follow_language()

    def handle(self, intent: Intent) -> bool:
        """Menu navigation; back or menu resumes."""
        if intent.kind in ("back", "menu"):
            self.app.stack.pop()
            return True
        choice = self.menu.handle(intent)
        if choice == "resume":
            self.app.stack.pop()
        elif choice == "undo":
            self.game.undo(self.device)
            self.app.stack.pop()
        elif choice == "guide":
            self.app.stack.push(self._how_to_play())
        elif choice == "seats":  # drop-in, drop-out: hand a seat to a bot or a person
            self.app.stack.push(SeatChangeScene(self.app, self.game))
        elif choice == "settings":
            self.app.stack.push(self.app.open("settings"))
        elif choice == "quit":  # the autosave journal already holds every action
            self.app.stack.reset(self.app.open("title"))
        return True

    def _how_to_play(self) -> Scene:
        """The game's illustrated guide, or its rules summary if the room has no guide."""
        info = self.game.info
        if info.declares("guide"):
            return self.app.open("guide", info.id)
        return RulesScene(self.app, t(info.title_key), t(info.rules_summary_key))

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the game and show the menu."""
        dim(surface)
        panel(surface, BOX, theme.PANEL, theme.PANEL_LIGHT)
        draw_text(surface, t("pause.title"), (960, BOX.y + 80), theme.HEADING_SIZE, theme.ACCENT,
                  "center", True)
        self.menu.draw(surface)
        # Inside the box: the game's own bar hints stay visible below the dimming.
        draw_hints(surface, [("confirm", "hint.select"), ("back", "hint.resume")],
                   self.app.input.last_kind, (BOX.right - 40, BOX.bottom - 48))


class RulesScene(Scene):
    """A scrollable page of text (the game's rules summary)."""

    overlay = True
    BOX = pygame.Rect(160, 80, 1600, 900)

    def __init__(self, app: App, title: str, text: str) -> None:
        super().__init__(app)
        self.title, self.text = title, text
        self.scroll = 0

    def _lines(self) -> list[str]:
        return wrap(self.text, theme.BODY_SIZE, self.BOX.w - 140)

    def _page(self) -> int:
        return (self.BOX.h - 250) // LINE_H

    def handle(self, intent: Intent) -> bool:
        """Up/down and page keys scroll; back, confirm or a click close."""
        last = max(0, len(self._lines()) - self._page())
        steps = {"up": -1, "down": 1, "page_prev": -self._page(), "page_next": self._page()}
        if intent.kind in steps:
            self.scroll = max(0, min(last, self.scroll + steps[intent.kind]))
        elif intent.kind in ("back", "confirm", "click", "menu"):
            self.app.stack.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The text panel."""
        dim(surface, 200)
        panel(surface, self.BOX, theme.PANEL, theme.PANEL_LIGHT)
        draw_text(surface, self.title, (self.BOX.centerx, self.BOX.y + 70), theme.HEADING_SIZE,
                  theme.ACCENT, "center", True)
        y = self.BOX.y + 150
        for line in self._lines()[self.scroll:self.scroll + self._page()]:
            draw_text(surface, line, (self.BOX.x + 70, y), theme.BODY_SIZE)
            y += LINE_H
        draw_hints(surface, [("move", "hint.scroll"), ("back", "hint.close")],
                   self.app.input.last_kind, (self.BOX.right - 40, self.BOX.bottom - 48))
