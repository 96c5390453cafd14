"""Urban Sprawl bot heuristic: GreedyBot scores every option and takes the best."""

from __future__ import annotations

from typing import Any

from game.engine.core import Prompt


def evaluate(rules: Any, view: Any, prompt: Prompt) -> list[float]:
    """Placeholder-free baseline: prefer building, then taking cards, then ending."""
    order = {"build": 3.0, "take": 2.0, "favour": 1.0, "end": 0.0}
    return [order.get(o.action[0], 0.5) if isinstance(o.action, tuple) else 0.0
            for o in prompt.options]
