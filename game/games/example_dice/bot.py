"""Example dice bot heuristic: GreedyBot scores every option and takes the best."""

from __future__ import annotations

from typing import Any

from game.engine.core import Prompt

from .rules import DiceState


def evaluate(rules: Any, view: DiceState, prompt: Prompt) -> list[float]:
    """Bank as much as possible; reroll a die below the average face; never peek."""
    average = (rules.board.die_faces + 1) / 2
    values = {"add": view.die, "double": 2 * view.die, "reroll": average, "peek": 0.0}
    return [values.get(o.action, 0.0) for o in prompt.options]
