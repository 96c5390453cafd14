"""French Quarter prompt helpers shared by the rule modules: the string-key prefix and `prompt`.

Nothing here builds a string while a game is played: every prompt's text key is made once, at
import (playouts ask hundreds of prompts a game).
"""

from __future__ import annotations

from typing import Any

from game.engine.core import Option, Prompt

from .board import GAME_ID

K = GAME_ID + "."
# Every task kind that asks a player something (the @ask handlers that return prompts).
PROMPT_KINDS = ("pick", "swap", "move", "mapw", "xmap", "bmap", "bval", "wild", "circle",
                "apick", "pstart", "line_dir", "pdir")
PROMPT_KEYS = {kind: K + "prompt." + kind for kind in PROMPT_KINDS}


def prompt(task: tuple, options: tuple[Option, ...],
           params: tuple[tuple[str, Any], ...] = ()) -> tuple[Prompt, ...]:
    """The task's seat chooses among `options`; nothing to ask (skipped) without any."""
    if not options:
        return ()
    kind = task[0]
    return (Prompt(task[1], kind, PROMPT_KEYS[kind], options, params),)
