"""Hints: the move the Normal bot (GreedyBot) would make for a person's prompt, and why.

An `Advisor` answers like a bot (`choose(rules, view, prompt)`), so it runs on a
`bot_worker.BotWorker` off the frame loop; its answer is a `Hint`, not an action. The chosen
option is exactly GreedyBot's: the Advisor runs a GreedyBot over the room's heuristic and only
listens to the scores on the way.

Reasons, first that applies: the only legal move; the room's own reason for this very move (its
`move_reasons` capability, asked once for the chosen option); a heuristic may return a `Scored`
list instead of a plain one, with one optional `Reason` per option (a string key and params),
and the chosen option's is passed on; otherwise what the scores show: one of several equally
good moves, or (reason None) the best one, which the shell then explains with the room's
generic text for the prompt kind.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import GreedyBot, Heuristic
from .core import Action, Prompt, Rules

ONLY_MOVE = "hint.reason.only"  # the prompt has a single option
TIED_MOVE = "hint.reason.tied"  # several options share the best score
TIE_EPSILON = 1e-9  # GreedyBot's tolerance for equal scores


@dataclass(frozen=True)
class Reason:
    """Why an option is good, as a translatable string key and its params."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()


class Scored(list):
    """A heuristic's scores (one float per option) with an optional reason per option."""

    def __init__(self, scores: Sequence[float], reasons: Sequence[Reason | None]) -> None:
        super().__init__(scores)
        if len(reasons) != len(scores):
            raise ValueError(f"{len(reasons)} reasons for {len(scores)} scores")
        self.reasons = tuple(reasons)


@dataclass(frozen=True)
class Hint:
    """The Normal bot's choice for `prompt` (an option index and its action) and its reason."""

    prompt: Prompt
    index: int
    action: Action
    reason: Reason | None


MoveReason = Callable[[Rules, Any, Prompt, int], "Reason | None"]  # capability move_reasons


class Advisor:
    """Asks GreedyBot, over the room's heuristic, what it would do; explains the choice."""

    def __init__(self, heuristic: Heuristic, seed: int, reason: MoveReason | None = None) -> None:
        self.heuristic = heuristic
        self.rng = random.Random(seed)
        self.reason = reason

    def choose(self, rules: Rules, view: Any, prompt: Prompt) -> Hint:
        """The hint for one prompt (the bot protocol's call, so a BotWorker can run it)."""
        heard: list[Sequence[float]] = []

        def listened(rules: Rules, view: Any, prompt: Prompt) -> Sequence[float]:
            scores = self.heuristic(rules, view, prompt)
            heard.append(scores)
            return scores

        action = GreedyBot(listened, self.rng).choose(rules, view, prompt)
        index = next(i for i, o in enumerate(prompt.options) if o.action == action)
        own = self.reason(rules, view, prompt, index) if self.reason and heard else None
        return Hint(prompt, index, action, own or explain(heard[0] if heard else None, index))


def explain(scores: Sequence[float] | None, index: int) -> Reason | None:
    """The reason for choosing option `index` given the heuristic's scores (None: no scores
    were needed, a single option)."""
    if scores is None:
        return Reason(ONLY_MOVE)
    if isinstance(scores, Scored) and scores.reasons[index] is not None:
        return scores.reasons[index]
    best = max(scores)
    tied = sum(1 for s in scores if s >= best - TIE_EPSILON)
    return Reason(TIED_MOVE, (("count", tied),)) if tied > 1 else None
