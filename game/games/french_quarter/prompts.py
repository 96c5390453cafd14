"""French Quarter prompt helpers shared by the rule modules: the string-key prefix and `prompt`."""

from __future__ import annotations

from typing import Any

from game.engine.core import Option, Prompt

from .board import GAME_ID

K = GAME_ID + "."


def prompt(task: tuple, options: tuple[Option, ...],
           params: tuple[tuple[str, Any], ...] = ()) -> tuple[Prompt, ...]:
    """The task's seat chooses among `options`; nothing to ask (skipped) without any."""
    if not options:
        return ()
    kind = task[0]
    return (Prompt(task[1], kind, K + "prompt." + kind, options, params),)
