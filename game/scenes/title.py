"""Title screen: Continue (when an autosave exists), New game, Settings, Quit (not in a kiosk)."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from game.companion.tv import draw_join_card
from game.scenes.message import level_error_box, level_problem
from game.ui import settings as store
from game.ui import theme
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.widgets import Menu, MenuItem, draw_text, footer_hints

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)
IDLE_HINT_AFTER = 20.0  # seconds without input before the title shows how to start


class TitleScene(Scene):
    """The first screen (no Quit in kiosk mode: a kiosk is left by the held combo)."""

    idle_policy = "attract"  # left alone, the console plays demos

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.can_continue = app.persist and store.has_autosave()
        self.menu = self._menu()
        self.clock = 0.0
        self.idle = 0.0

    def _menu(self) -> Menu:
        items = [
            MenuItem("continue", lambda: t("title.continue")),
            MenuItem("new", lambda: t("title.new_game")),
            MenuItem("settings", lambda: t("title.settings")),
            MenuItem("quit", lambda: t("title.quit")),
        ]
        if not self.can_continue:
            items = items[1:]
        if self.app.kiosk:
            items = items[:-1]
        return Menu(items, center=(960, 640))

    def resume(self) -> None:
        """Back from settings or a message: the autosave may have gone, kiosk mode come."""
        can = self.app.persist and store.has_autosave()
        quits = any(item.key == "quit" for item in self.menu.items)
        if can != self.can_continue or quits == self.app.kiosk:
            self.can_continue = can
            self.menu = self._menu()

    def handle(self, intent: Intent) -> bool:
        """Menu navigation."""
        self.idle = 0.0
        choice = self.menu.handle(intent)
        if choice == "continue":
            self._continue()
        elif choice == "new":
            self.app.stack.push(self.app.open("select"))
        elif choice == "settings":
            self.app.stack.push(self.app.open("settings"))
        elif choice == "quit":
            self.app.quit()
        return True

    def _continue(self) -> None:
        from game.scenes.seating import SeatSpec

        game_id = store.autosave_game()
        problem = level_problem(game_id) if game_id else None
        if problem:  # the game's files are broken, not the save: keep it for when they are fixed
            self.app.stack.push(level_error_box(self.app, game_id, problem))
            return
        try:
            match, seats, changes = store.resume_autosave()
            specs = [SeatSpec.from_json(s) for s in seats] if seats else None
            scene = self.app.open("game", match.game_id, specs, match.seed, match=match,
                                  seat_changes=changes)
        except Exception:  # any broken save must end in a message, never in a crash
            log.exception("autosave not loaded")
            moved = store.quarantine_autosave()
            text = t("title.save_broken", name=moved.name if moved else "-",
                     log=store.log_path().name)
            self.app.stack.push(self.app.open("message", t("title.save_broken_title"), text))
            return
        self.app.stack.push(scene)

    def update(self, dt: float) -> None:
        """Animate the title and count idle time."""
        self.clock += dt
        self.idle += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Title, menu and hints."""
        surface.fill(theme.BACKGROUND)
        self._draw_backdrop(surface)
        draw_text(surface, t("app.title"), (960, 250), theme.TITLE_SIZE, theme.ACCENT, "center",
                  True)
        draw_text(surface, t("app.subtitle"), (960, 350), theme.BODY_SIZE, theme.TEXT_DIM,
                  "center")
        self.menu.draw(surface)
        if self.idle > IDLE_HINT_AFTER:
            draw_text(surface, t("title.idle_hint"), (960, 960), theme.BODY_SIZE, theme.TEXT,
                      "center")
        footer_hints(surface, self.app.input.last_kind, [("confirm", "hint.select")])
        draw_join_card(surface, self.app, (1880, 900))

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        # Slowly drifting "train lines" in the seat colours: life on an idle screen.
        for i, color in enumerate(theme.PLAYER_COLORS):
            y = 880 + i * 26
            phase = self.clock * 0.4 + i
            points = [(x, y + 18 * math.sin(phase + x / 240)) for x in range(0, 1921, 60)]
            pygame.draw.lines(surface, theme.PLAYER_DARK[i], False, points, 6)
