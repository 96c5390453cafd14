"""The in-game Help panel: what the current prompt asks, what its highlighted choices mean and
the rule behind them, in a few sentences.

The texts are the room's (`<id>.help.<prompt kind>` in its strings_help.toml, the `prompt_help`
capability); a room without them gets the shell's generic text. The panel lies over the frozen
game (only the top scene updates) and touches neither the match nor the autosave; any button
closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.core import Prompt
from game.engine.registry import get_game
from game.ui import theme
from game.ui.i18n import t, translator
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.widgets import dim, draw_hints, draw_text, fit, panel, wrap

if TYPE_CHECKING:
    from game.ui.app import App

BOX = pygame.Rect(310, 200, 1300, 640)  # the largest the panel grows
PAD = 48
TEXT_W = BOX.w - 2 * PAD
LINE_H = 50  # body lines (theme.BODY_SIZE)
BODY_TOP = BOX.y + 170  # under the game's name and the prompt
FOOT_H = 100  # the close hint under the body
BODY_BOTTOM = BOX.bottom - FOOT_H
MAX_LINES = (BODY_BOTTOM - BODY_TOP) // LINE_H  # what a help text may wrap to
NOT_CLOSING = frozenset({"pointer", "connected", "disconnected"})  # not a button press


def help_key(game_id: str, prompt: Prompt | None) -> str:
    """The string key that explains this prompt (the room's, else the shell's)."""
    if prompt is None:
        return "help.no_prompt"
    own = f"{game_id}.help.{prompt.kind}"
    if get_game(game_id).declares("prompt_help") and translator().has(own):
        return own
    return "help.generic"


def body_lines(text: str) -> list[str]:
    """The help text as the panel writes it."""
    return wrap(text, theme.BODY_SIZE, TEXT_W)


def body_fits(text: str) -> bool:
    """True if the text's lines fit between the heading and the close hint."""
    return len(body_lines(text)) <= MAX_LINES


class HelpPanel(Scene):
    """Over the game: the asking seat's prompt explained."""

    overlay = True

    def __init__(self, app: App, game_id: str, prompt: Prompt | None, name: str) -> None:
        super().__init__(app)
        self.game_id, self.prompt, self.name = game_id, prompt, name

    def handle(self, intent: Intent) -> bool:
        """Any button closes the panel."""
        if intent.kind in NOT_CLOSING or intent.repeat:
            return False
        self.app.stack.pop()
        return True

    def heading(self) -> str:
        """The prompt as the bar says it, with who is asked."""
        if self.prompt is None:
            return t("help.title")
        text = t(self.prompt.message, **dict(self.prompt.params))
        return f"{self.name}: {text}" if self.name else text

    def text(self) -> str:
        """The explanation."""
        return t(help_key(self.game_id, self.prompt))

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the game; the game's name, the prompt, the explanation and the close hint."""
        dim(surface)
        lines = body_lines(self.text())
        box = pygame.Rect(BOX.x, BOX.y, BOX.w, BODY_TOP - BOX.y + len(lines) * LINE_H + FOOT_H)
        panel(surface, box, theme.PANEL, theme.ACCENT, 4, 24)
        draw_text(surface, fit(t(get_game(self.game_id).title_key), theme.BODY_SIZE, TEXT_W),
                  (BOX.x + PAD, BOX.y + 36), theme.BODY_SIZE, theme.TEXT_DIM)
        draw_text(surface, fit(self.heading(), theme.BODY_SIZE, TEXT_W, True),
                  (BOX.x + PAD, BOX.y + 92), theme.BODY_SIZE, theme.ACCENT, bold=True)
        pygame.draw.line(surface, theme.PANEL_LIGHT, (BOX.x + PAD, BODY_TOP - 22),
                         (BOX.right - PAD, BODY_TOP - 22), 3)
        for k, line in enumerate(lines):
            draw_text(surface, line, (BOX.x + PAD, BODY_TOP + k * LINE_H), theme.BODY_SIZE)
        draw_hints(surface, [("confirm", "help.close")], self.app.input.last_kind,
                   (box.right - PAD, box.bottom - 50))
