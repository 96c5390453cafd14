"""Bot levels: Easy errs only among the next best options; every level plays every game through."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from game.engine import registry
from game.engine.bots import SEAT_LEVELS, EasyBot, GreedyBot, make_bot, play_out, seat_bots
from game.engine.core import Config, Option, Prompt, total
from game.engine.match import Match
from game.engine.search import SearchBot

PROMPT = Prompt(0, "pick", "m", tuple(Option(a) for a in "abcdef"))
SCORES = [5.0, 9.0, 8.5, 8.0, 1.0, 7.0]  # best b, then c, d, f; a and e are poor


def test_easy_takes_the_best_option_unless_it_errs() -> None:
    careful = EasyBot(lambda r, v, p: SCORES, random.Random(1), mistake_rate=0.0)
    assert {careful.choose(None, None, PROMPT) for _ in range(30)} == {"b"}


def test_easy_errs_at_its_rate_and_only_to_the_next_best_options() -> None:
    easy = EasyBot(lambda r, v, p: SCORES, random.Random(2), mistake_rate=0.35, top_k=3)
    picks = Counter(easy.choose(None, None, PROMPT) for _ in range(2000))
    assert set(picks) == {"b", "c", "d", "f"}  # never the poor options a or e
    assert picks["b"] / 2000 == pytest.approx(0.65, abs=0.04)
    assert picks["c"] > picks["d"] > picks["f"]  # nearer misses are likelier (softmax)


def test_make_bot_builds_every_level_and_greedy_is_normal() -> None:
    assert isinstance(make_bot("easy", "example_dice", 1), EasyBot)
    assert isinstance(make_bot("normal", "example_dice", 1), GreedyBot)
    assert isinstance(make_bot("greedy", "example_dice", 1), GreedyBot)
    hard = make_bot("hard", "example_dice", 1)
    assert isinstance(hard, SearchBot) and hard.budget_s == 1.0 and hard.iterations is None
    capped = make_bot("hard", "example_dice", 1, iterations=12)
    assert capped.budget_s is None and capped.iterations == 12
    assert seat_bots(["hard", None], "example_dice", 3, budget_s=0.25)[0].budget_s == 0.25


def quick(bot, game_id: str):
    """A Hard bot cut down for the test suite (8 rollouts of at most 20 decisions)."""
    if isinstance(bot, SearchBot):
        bot.iterations, bot.budget_s = 8, None
        bot.hooks = replace(bot.hooks, rollout_depth=20)
    return bot


@pytest.mark.parametrize("game_id", registry.game_ids(include_unlisted=True))
def test_every_level_plays_whole_games(game_id: str) -> None:
    """The conformance suite's playout check, with one seat per level (Hard first)."""
    info = registry.get_game(game_id)
    players = min(info.max_players, max(info.min_players, len(SEAT_LEVELS)))
    kinds = [("hard", "easy", "normal")[s % len(SEAT_LEVELS)] for s in range(players)]
    bots = {seat: quick(bot, game_id) for seat, bot in seat_bots(kinds, game_id, 40).items()}
    match = play_out(Match(registry.rules_for(game_id), Config(players), 40), bots)
    scores = match.rules.scores(match.state)
    assert len(scores) == players and all(isinstance(total(b), int) for b in scores)
    assert set(match.rules.winners(match.state)) <= set(range(players))
