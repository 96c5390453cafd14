"""French Quarter prompt helpers shared by the rule modules: the string-key prefix and `prompt`.

Nothing here builds a string while a game is played: every prompt's text key is made once, at
import (playouts ask hundreds of prompts a game).
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable
from typing import Any

from game.engine.core import Action, Chance, Option, Prompt

from .board import GAME_ID

K = GAME_ID + "."
# Every task kind that asks a player something (the @ask handlers that return prompts).
PROMPT_KINDS = ("pick", "swap", "move", "mapw", "xmap", "bmap", "bval", "wild", "circle",
                "apick", "pstart", "line_dir", "pdir")
PROMPT_KEYS = {kind: K + "prompt." + kind for kind in PROMPT_KINDS}
MAX_OUTCOMES = 16  # more than any chance of the game has (8 cards, 6 faces, the Vacation deck)
# The running sums of n outcomes of weight 1.0, n - 1 as the index: [1.0, 2.0, ..., n].
_RUNNING = tuple([float(k) for k in range(1, n + 1)] for n in range(1, MAX_OUTCOMES + 1))


class EvenChance(Chance):
    """A Chance whose outcomes all weigh 1.0 (every chance of the game): its `pick` is the
    draw `match.sample` makes with the same `random`, over running sums made once, so the kit's
    fast path builds no list per die or card (game.engine.flow; tests/engine/test_rollout.py
    checks the two draw alike)."""

    __slots__ = ()

    def pick(self, random: Callable[[], float]) -> Action:
        """The outcome `match.sample` draws with this `random` (no call for one outcome)."""
        outcomes = self.outcomes
        last = len(outcomes) - 1
        if not last:
            return outcomes[0][0]
        return outcomes[bisect(_RUNNING[last], random() * (last + 1.0), 0, last)][0]


def even_chance(outcomes: Any, label: str) -> EvenChance:
    """An EvenChance over these outcomes, each of weight 1.0."""
    return EvenChance(tuple([(x, 1.0) for x in outcomes]), label)


def prompt(task: tuple, options: tuple[Option, ...],
           params: tuple[tuple[str, Any], ...] = ()) -> tuple[Prompt, ...]:
    """The task's seat chooses among `options`; nothing to ask (skipped) without any."""
    if not options:
        return ()
    kind = task[0]
    return (Prompt(task[1], kind, PROMPT_KEYS[kind], options, params),)
