"""Root-parallel search: a Hard bot's rounds computed by worker processes at once.

Every worker runs the same `SearchBot.search` from the same root (the bot's view and its root
moves) with a seed of its own, until the same deadline. A round of that search is a complete,
paired sweep of the root moves on one sampled state and one luck, so rounds from any worker
merge by concatenation, and `SearchBot.confident_best` reads them as if one search had made them
all (Chaslot, Winands & van den Herik 2008 found root parallelisation the simplest scheme that
scales; ours merges whole rounds rather than visit counts, which keeps the paired comparison).

The search runs only in the workers: the bot's thread in the console waits for their answers
and holds no GIL meanwhile, so the frame loop keeps its own core. Workers are spawned, not
forked: the console has threads (audio, bots, the autosave), and a fork would copy their locks
mid-use. Each worker loads a game's rules and heuristic once and keeps them.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures import wait as futures_wait
from dataclasses import dataclass
from functools import cache
from typing import Any

from .core import Action

MAX_WORKERS = 8  # the setting's ceiling: a TV box has 4-8 cores
LATE_GRACE_S = 0.25  # how long past the deadline a worker's answer is still waited for


def workers_for(limit: int) -> int:
    """How many search processes to run: one per core, at most `limit` (at least one)."""
    return max(1, min(os.cpu_count() or 1, limit, MAX_WORKERS))


@dataclass(frozen=True)
class SearchJob:
    """One worker's share of a decision: search `moves` for `seat` from `view`, seeded by `seed`,
    until `deadline` (a `time.time()` reading: the clock processes share) or `iterations`."""

    game_id: str
    view: Any
    seat: int
    moves: tuple[Action, ...]
    seed: int
    deadline: float | None
    iterations: int | None
    exploration: float


@cache
def _searcher(game_id: str) -> tuple[Any, Any, Any]:
    """(rules, search hooks, heuristic) of a game, built once per worker process (a worker's
    whole life is this cache: it serves one console)."""
    from .registry import get_game, rules_for
    from .search import hooks_for

    return rules_for(game_id), hooks_for(game_id), get_game(game_id).heuristic()


def warm_up(game_id: str) -> bool:
    """Load a game's engine in a worker ahead of its first decision."""
    _searcher(game_id)
    return True


def run_job(job: SearchJob) -> list[dict[Action, float]]:
    """A worker's rounds (see `SearchBot.search`); none if the deadline has passed already."""
    from .search import SearchBot

    rules, hooks, heuristic = _searcher(job.game_id)
    budget = None if job.deadline is None else job.deadline - time.time()
    if budget is not None and budget <= 0:
        return []
    bot = SearchBot(hooks, heuristic, random.Random(job.seed), budget_s=budget,
                    iterations=job.iterations, exploration=job.exploration)
    return bot.search(rules, job.view, job.seat, list(job.moves))


class SearchPool:
    """Worker processes shared by a match's Hard bots (one decision at a time: the console asks
    one bot at once). Started on first use; `close` ends them."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self.closed = False  # a bot still thinking when its match ends must not start it again

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._executor

    def warm_up(self, game_id: str, wait: bool = False) -> None:
        """Start the workers and load the game's engine in them, so the first decision does not
        pay for it (called when a match with a Hard bot starts; `wait` blocks until done, for
        measurements)."""
        pool = self._pool()
        started = [pool.submit(warm_up, game_id) for _ in range(self.workers)]
        if wait:
            futures_wait(started)

    def rounds(self, jobs: list[SearchJob]) -> list[dict[Action, float]]:
        """Run the jobs, one per worker, and merge their rounds. A worker that misses its
        deadline by more than `LATE_GRACE_S` is left out of this decision. Once the pool is
        closed there are no rounds (the match is over; the answer would be dropped)."""
        if self.closed:
            return []
        futures = [self._pool().submit(run_job, job) for job in jobs]
        merged: list[dict[Action, float]] = []
        for job, future in zip(jobs, futures):
            merged += self._answer(job, future)
        return merged

    @staticmethod
    def _answer(job: SearchJob, future: Future) -> list[dict[Action, float]]:
        if job.deadline is None:
            return future.result()
        wait = max(0.0, job.deadline - time.time()) + LATE_GRACE_S
        try:
            return future.result(timeout=wait)
        except FutureTimeout:
            future.cancel()
            return []

    def close(self) -> None:
        """End the workers (a search in flight is abandoned)."""
        self.closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def match_pool(kinds: list[str | None], game_id: str, limit: int) -> SearchPool | None:
    """The pool a match's Hard bots search in (`workers_for(limit)` processes, warming up now,
    while the opening deal is shown), or None when no seat is Hard."""
    if "hard" not in kinds:
        return None
    pool = SearchPool(workers_for(limit))
    pool.warm_up(game_id)
    return pool
