"""Root-parallel search: worker processes search the same root and their rounds merge.

One pool of two spawned workers serves the whole module (a spawn costs a Python start-up), and
caps are small, so the file stays quick.
"""

from __future__ import annotations

import random
import time

import pytest

from game.engine import registry
from game.engine.bots import bot_step, make_bot, seat_bots
from game.engine.core import Config
from game.engine.match import Match
from game.engine.search import SearchBot, hooks_for
from game.engine.search_pool import SearchJob, SearchPool, match_pool, run_job, workers_for

GAME = "ticket_to_ride_paris"
CAP = 24


@pytest.fixture(scope="module")
def pool():
    pool = SearchPool(2)
    pool.warm_up(GAME, wait=True)
    yield pool
    pool.close()


def position(seed: int = 5):
    """(rules, view, prompt, root moves) of a decision with several moves, a few turns into a
    game of Normal bots."""
    rules = registry.rules_for(GAME)
    match = Match(rules, Config(2), seed)
    bots = seat_bots(["normal", "normal"], GAME, seed)
    while len(match.history) < 20 or len(match.prompts()[0].options) < 3:
        bot_step(match, bots)
    prompt = match.prompts()[0]
    view = match.view(prompt.player)
    bot = make_bot("hard", GAME, 1, iterations=CAP)
    return rules, view, prompt, bot.root_moves(rules, view, prompt)


def capped_bot(seed: int) -> SearchBot:
    """A Hard bot of the game with the test's cap, searching in this thread."""
    return SearchBot(hooks_for(GAME), registry.get_game(GAME).heuristic(), random.Random(seed),
                     budget_s=None, iterations=CAP)


def test_a_worker_s_rounds_are_those_of_the_same_search_in_this_process(pool) -> None:
    rules, view, prompt, moves = position()
    job = SearchJob(GAME, view, prompt.player, tuple(moves), 99, None, CAP, 0.7)
    here = capped_bot(99).search(rules, view, prompt.player, moves)
    assert pool.rounds([job]) == here == run_job(job)
    assert len(here) == CAP // len(moves)


def test_the_pool_merges_every_worker_s_rounds_and_the_bot_picks_from_them(pool) -> None:
    rules, view, prompt, moves = position()
    bot = capped_bot(3)
    bot.pool = pool
    seeds = random.Random(3)
    jobs = [SearchJob(GAME, view, prompt.player, tuple(moves), seeds.getrandbits(64), None, CAP,
                      0.7) for _ in range(2)]
    merged = pool.rounds(jobs)
    first, second = (capped_bot(0).search(rules, view, prompt.player, moves) for _ in range(2))
    assert len(merged) == 2 * len(first) and len(first) == len(second)
    assert merged == run_job(jobs[0]) + run_job(jobs[1])
    assert bot.choose(rules, view, prompt) == bot.confident_best(moves, merged)


def test_a_worker_past_its_deadline_adds_nothing_and_the_heuristic_s_move_stands(pool) -> None:
    _, view, prompt, moves = position()
    late = SearchJob(GAME, view, prompt.player, tuple(moves), 1, time.time() - 1.0, None, 0.7)
    assert run_job(late) == [] and pool.rounds([late]) == []
    assert capped_bot(1).confident_best(moves, []) == moves[0]


def test_a_time_budget_gives_each_worker_rounds_to_merge(pool) -> None:
    rules, view, prompt, moves = position(seed=8)
    bot = make_bot("hard", GAME, 4, budget_s=0.3, pool=pool)
    rounds = bot.parallel_search(rules, view, prompt.player, moves, time.perf_counter())
    assert rounds and all(set(r) == set(moves) for r in rounds)  # whole paired sweeps only
    assert bot.choose(rules, view, prompt) in moves


def test_one_worker_per_core_at_most_the_setting_s_limit(monkeypatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 6)
    assert [workers_for(limit) for limit in (0, 1, 4, 8)] == [1, 1, 4, 6]
    monkeypatch.setattr("os.cpu_count", lambda: None)
    assert workers_for(4) == 1


def test_a_closed_pool_gives_no_rounds_and_starts_no_process() -> None:
    _, view, prompt, moves = position()
    pool = SearchPool(1)
    pool.close()
    job = SearchJob(GAME, view, prompt.player, tuple(moves), 1, None, CAP, 0.7)
    assert pool.rounds([job]) == [] and pool._executor is None


def test_a_match_gets_a_pool_only_when_a_seat_is_hard() -> None:
    assert match_pool([None, "normal", "easy"], GAME, 4) is None
    pool = match_pool([None, "hard"], GAME, 1)
    try:
        assert pool is not None and pool.workers == 1
    finally:
        pool.close()
