"""Kiosk mode: a game nobody has touched for a while counts down, then attract mode takes over.

Any input cancels the countdown and is spent on that (it never reaches the game underneath,
which stays frozen meanwhile: only the top scene updates).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.widgets import dim, draw_text, panel

if TYPE_CHECKING:
    from game.ui.app import App

COUNTDOWN_SECONDS = 15.0
BOX = pygame.Rect(460, 300, 1000, 480)


class CountdownScene(Scene):
    """'Still playing?' with the seconds left; at zero the console returns to attract mode."""

    overlay = True
    idle_policy = "none"  # it is itself the idle timeout

    def __init__(self, app: App, seconds: float = COUNTDOWN_SECONDS) -> None:
        super().__init__(app)
        self.left = seconds

    def handle(self, intent: Intent) -> bool:
        """Any input (an unplugged pad is none) means someone is there: carry on."""
        if intent.kind != "disconnected":
            self.app.stack.pop()
        return True

    def update(self, dt: float) -> None:
        """Count down; at zero, abandon the game for attract mode."""
        self.left -= dt
        if self.left <= 0 and not self.app.stack.pending():
            self.app.stack.reset(self.app.open("attract"))

    def seconds_shown(self) -> int:
        """The whole seconds on screen (never below 0)."""
        return max(0, math.ceil(self.left))

    def draw(self, surface: pygame.Surface) -> None:
        """The question, the seconds left and how to carry on."""
        dim(surface)
        panel(surface, BOX, theme.PANEL, theme.ACCENT)
        draw_text(surface, t("countdown.title"), (BOX.centerx, BOX.y + 50), theme.HEADING_SIZE,
                  theme.ACCENT, "midtop", True)
        draw_text(surface, str(self.seconds_shown()), (BOX.centerx, BOX.centery + 10),
                  theme.TITLE_SIZE * 2, theme.TEXT, "center", True)
        draw_text(surface, t("countdown.hint"), (BOX.centerx, BOX.bottom - 60), theme.BODY_SIZE,
                  theme.TEXT_DIM, "midbottom")
