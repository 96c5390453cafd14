"""French Quarter GreedyBot heuristic: well-formed scores, whole games, better than random."""

from __future__ import annotations

import random

import pytest

from game.engine.bots import GreedyBot, RandomBot, play_out
from game.engine.core import Config, total
from game.engine.match import Match
from game.games.french_quarter.bot import evaluate
from game.games.french_quarter.rules import FrenchQuarter


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules, loaded once."""
    return FrenchQuarter()


def test_one_score_per_option_from_a_view(rules) -> None:
    m = Match(rules, Config(3, (("tourism", True),)), seed=4)
    rng = random.Random(4)
    for _ in range(60):
        m.resolve_chance()
        prompt = m.prompts()[0]
        scores = evaluate(rules, m.view(prompt.player), prompt)
        assert len(scores) == len(prompt.options) and all(s > -1e9 for s in scores)
        m.apply(prompt.player, rng.choice(prompt.options).action)


def test_greedy_beats_random(rules) -> None:
    wins = 0
    for seed in range(6):
        bots = {0: GreedyBot(evaluate, random.Random(seed)), 1: RandomBot(random.Random(seed))}
        m = play_out(Match(rules, Config(2), seed), bots)
        totals = [total(b) for b in rules.scores(m.state)]
        wins += totals[0] > totals[1]
    assert wins >= 5
