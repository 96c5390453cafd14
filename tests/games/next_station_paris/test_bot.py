"""Next Station: Paris GreedyBot heuristic: legal, deterministic, sensible, and strong enough."""

from __future__ import annotations

import random

import pytest

from game.engine.bots import GreedyBot, RandomBot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.games.next_station_paris import bot
from game.games.next_station_paris.rules import NextStationParis

from .support import sid


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    """The shared rules engine."""
    return NextStationParis()


def greedy(seed: int) -> GreedyBot:
    """A seeded GreedyBot with this game's heuristic."""
    return GreedyBot(bot.evaluate, random.Random(seed))


def test_one_score_per_option_for_every_prompt_kind(rules) -> None:
    kinds = set()
    m = Match(rules, Config(2, (("gates", True), ("objectives", True))), 4)
    player = greedy(4)
    while not m.is_over():
        m.resolve_chance()
        prompt = m.prompts()[0]
        scores = bot.evaluate(rules, m.view(prompt.player), prompt)
        assert len(scores) == len(prompt.options)
        assert all(isinstance(x, float) for x in scores)
        kinds.add(prompt.kind)
        best = max(scores)
        action = player.choose(rules, m.view(prompt.player), prompt)
        assert scores[prompt.actions().index(action)] == best
        m.apply(prompt.player, action)
    assert {"card", "start"} <= kinds


def test_same_view_same_scores(rules) -> None:
    m = Match(rules, Config(1), 3)
    m.apply_chance("street_joker")
    prompt = m.prompt_for(0)
    view = m.view(0)
    assert bot.evaluate(rules, view, prompt) == bot.evaluate(rules, view, prompt)


def test_last_card_takes_the_best_immediate_segment(rules) -> None:
    m = Match(rules, Config(1), 0)
    for card in ("metro_circle", "metro_pentagon", "metro_square", "metro_joker"):
        m.apply_chance(card)
        m.apply(0, ("pass",))
    m.apply_chance("metro_triangle")  # the 5th Metro card: nothing comes after it
    choice = greedy(0).choose(rules, m.view(0), m.prompt_for(0))
    assert choice == ("draw", sid(rules, "c2"), sid(rules, "d1"))  # the monument: 1 x 2 + 2


def test_double_station_circles_the_best_district(rules) -> None:
    m = Match(rules, Config(1, (("gates", True),)), 0)
    m.apply_chance(("gates", 3, 0, 1, 2))  # double station on the corner a0
    m.apply_chance("metro_triangle")
    m.apply(0, ("draw", sid(rules, "c2"), sid(rules, "c0")))
    m.apply_chance("metro_square")
    m.apply(0, ("draw", sid(rules, "c0"), sid(rules, "a0")))
    prompt = m.prompt_for(0)
    assert prompt.kind == "circle"
    # c0 shares district d3 with the departure c2: circling it makes d3 worth 3 stations.
    assert greedy(0).choose(rules, m.view(0), prompt) == ("circle", sid(rules, "c0"))


def test_greedy_beats_random_and_plays_solo_well(rules) -> None:
    m = play_out(Match(rules, Config(2), 5), {0: greedy(5), 1: RandomBot(random.Random(5))})
    greedy_total, random_total = m.totals()
    assert greedy_total > random_total + 30
    totals = [play_out(Match(rules, Config(1), seed), {0: greedy(seed)}).totals()[0]
              for seed in (100, 101)]
    assert sum(totals) / len(totals) >= 125, totals
