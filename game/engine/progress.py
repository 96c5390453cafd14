"""How the scores moved during a game: each seat's total after its decisions, for the results."""

from __future__ import annotations

from collections.abc import Sequence

from .core import total
from .match import Match


def score_progress(match: Match, samples: int = 60) -> list[tuple[int, ...]]:
    """Each seat's total at the start and after player decisions, thinned evenly to at most
    `samples` points (the first and the last always kept): the game is replayed from its history,
    so this costs one replay, once, on the results screen."""
    replay = Match(match.rules, match.config, match.seed)
    points = [_totals(replay)]
    for player, action in match.history:
        if player is None:
            replay.apply_chance(action)
        else:
            replay.apply(player, action)
            points.append(_totals(replay))
    if match.history and match.history[-1][0] is None:  # chance after the last decision
        points.append(_totals(replay))
    return thinned(points, samples)


def _totals(match: Match) -> tuple[int, ...]:
    return tuple(total(b) for b in match.rules.scores(match.state))


def thinned(points: Sequence, samples: int) -> list:
    """At most `samples` evenly spaced items of `points`, first and last included."""
    if len(points) <= samples:
        return list(points)
    step = (len(points) - 1) / (samples - 1)
    return [points[round(i * step)] for i in range(samples)]
