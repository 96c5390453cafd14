"""A message box over the current screen: a title, wrapped text and OK."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.input import Intent
from game.ui.paint import wrap as paint_wrap
from game.ui.scene import Scene
from game.ui.widgets import dim, draw_hints, draw_text, panel, wrap

if TYPE_CHECKING:
    from game.ui.app import App

BOX = pygame.Rect(310, 200, 1300, 680)
TITLE_W = BOX.w - 80  # the heading wraps onto a second line rather than run out of the box
TEXT_W = BOX.w - 120
TEXT_LINES = 7  # lines of text under a one-line heading (one fewer under a two-line one)
log = logging.getLogger(__name__)


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
        heading = paint_wrap(self.title, theme.HEADING_SIZE, TITLE_W, bold=True)[:2]
        y = BOX.y + 36
        for line in heading:
            y = draw_text(surface, line, (BOX.centerx, y), theme.HEADING_SIZE, theme.ACCENT,
                          "midtop", True).bottom
        y += 24
        for line in wrap(self.text, theme.BODY_SIZE, TEXT_W)[:TEXT_LINES + 1 - len(heading)]:
            y = draw_text(surface, line, (BOX.x + 60, y), theme.BODY_SIZE).bottom + 6
        draw_hints(surface, [("confirm", "hint.ok")], self.app.input.last_kind,
                   (BOX.right - 40, BOX.bottom - 50))


def level_error_box(app: App, game_id: str, error: Exception) -> MessageScene:
    """The message for a game whose level files do not load: the file and field in the player's
    language, no Python text and no machine paths (the full error goes to the log)."""
    from game.engine.registry import get_game
    from game.ui.i18n import t
    from game.ui.settings import log_path

    log.warning("%s: level files do not load: %s", game_id, error)
    where, _, rest = str(error).partition(": ")
    field = rest.partition(": ")[0] if ": " in rest else "-"
    file = "/".join(where.replace("\\", "/").split("/")[-3:])  # levels/<game>/<file>.toml
    if field.startswith("line ") and field[5:].isdigit():  # a file the TOML parser refused
        field = t("error.level_line", line=field[5:])
    title = t(get_game(game_id).title_key)
    return MessageScene(app, t("error.level_title", game=title),
                        t("error.level", file=file, field=field, log=log_path().name))


def level_problem(game_id: str) -> Exception | None:
    """The LevelError that stops a game from loading, or None when its levels are fine.

    A room's loader should say what is wrong with a LevelError; one that lets another exception
    escape for some damaged file still refuses only its own game, with the level box naming
    the game's levels folder and the traceback in the log, never the crash screen."""
    from game.engine.levels import LevelError
    from game.engine.registry import get_game

    try:
        get_game(game_id).make_rules()  # cached once it loads; a broken file is read again
    except LevelError as exc:
        return exc
    except Exception as exc:  # any failure a file causes must end in the level box
        log.exception("%s: building the rules from its level files failed", game_id)
        return LevelError(f"levels/{game_id}: -: {type(exc).__name__} while reading the levels")
    return None
