"""Bots think on a worker thread, so a slow decision never stalls a frame.

The engine is pure and a view is immutable, so the worker only reads shared data; the driver
applies the answer on the frame loop. Each job is stamped with the match state it was asked
about (held by reference, so identity is reliable): if the game moved on meanwhile (undo, load),
the stale answer is dropped. One job at a time keeps each bot's random stream in the same order,
so a seeded game plays the same as without the thread.
"""

from __future__ import annotations

import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

# The bot thread holds the GIL in slices of this length; a short slice hands it back to the frame
# loop quickly (CPython's default is 5 ms, longer than a whole frame budget here).
SWITCH_INTERVAL_S = 0.0005


class BotWorker:
    """Runs one bot decision at a time off the frame loop."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._job: tuple[int, Any, Future] | None = None  # (seat, stamp, future)

    def busy(self) -> bool:
        """True while a decision is being computed or waits to be collected."""
        return self._job is not None

    def start(self, seat: int, stamp: Any, bot: Any, rules: Any, view: Any, prompt: Any) -> None:
        """Ask `bot` for a decision on `view`; `stamp` identifies the state it is about."""
        if self._pool is None:
            sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._job = (seat, stamp, self._pool.submit(bot.choose, rules, view, prompt))

    def collect(self, stamp: Any) -> tuple[int, Any] | None:
        """(seat, action) once the decision is ready and still about `stamp`; else None.

        A bot's exception is re-raised here, on the frame loop, where it can be reported.
        """
        if self._job is None or not self._job[2].done():
            return None
        seat, asked, future = self._job
        self._job = None
        action = future.result()
        return (seat, action) if asked is stamp else None

    def drop(self) -> None:
        """Forget the running job (its answer is ignored when it arrives)."""
        self._job = None

    def close(self) -> None:
        """Stop the worker; a decision in flight finishes in the background and is dropped."""
        self._job = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
