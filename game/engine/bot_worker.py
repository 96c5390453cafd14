"""Bots think on a worker thread, so a slow decision never stalls a frame.

The engine is pure and a view is immutable, so the worker only reads shared data. It also works
out the move that follows the decision (`decide_and_land`: the rules' apply and the chance after
it, on the stamped state, into new objects); the frame loop only adopts that (Match.adopt) or,
when the game moved meanwhile, applies the answer itself. Each job is stamped with the match
state it was asked about (held by reference, so identity is reliable): if the game moved on
meanwhile (undo, load), the stale answer is dropped. One job at a time keeps each bot's random
stream in the same order, so a seeded game plays the same as without the thread.

The thread is the worker's own (a queue it waits on, an answer slot per job) rather than a
ThreadPoolExecutor: handing it a job is one put in C where `submit` ran some twenty Python calls
(a Future, its Condition, the pool's locks) in the frame a bot starts thinking. `warm` starts the
thread before the first frame (the driver does, when a match opens with bots): starting a thread
cost ~0.3 ms in whichever frame asked first.
"""

from __future__ import annotations

import queue
import sys
import threading
import weakref
from collections.abc import Callable
from typing import Any

# The bot thread holds the GIL in slices of this length; a short slice hands it back to the frame
# loop quickly (CPython's default is 5 ms, longer than a whole frame budget here).
SWITCH_INTERVAL_S = 0.0005


class Answer:
    """One decision's outcome, written once by the worker thread, read by the frame loop."""

    __slots__ = ("action", "error", "finished")

    def __init__(self) -> None:
        self.finished = False
        self.action: Any = None
        self.error: BaseException | None = None

    def done(self) -> bool:
        """True once the decision is made (or failed)."""
        return self.finished

    def result(self) -> Any:
        """The action; the bot's exception re-raised if it failed."""
        if self.error is not None:
            raise self.error
        return self.action


def serve(jobs: queue.SimpleQueue) -> None:
    """The worker thread: answer each job (answer slot, call, arguments) until a None."""
    while True:
        job = jobs.get()
        if job is None:
            return
        answer, call, args = job
        job = None  # the last job's view and bot are not kept alive while the thread waits
        try:
            answer.action = call(*args)
        except BaseException as exc:  # noqa: BLE001 (re-raised on the frame loop, to be reported)
            answer.error = exc
        answer.finished = True  # last: the frame loop reads the action once this is set
        answer = call = args = None


def decide_on(bot: Any, rules: Any, state: Any, seat: int, prompt: Any) -> Any:
    """A bot's choice on its seat's view of `state` (run on the worker: `start_on`)."""
    return bot.choose(rules, rules.view(state, seat), prompt)


def decide_and_land(bot: Any, rules: Any, state: Any, seat: int, prompt: Any,
                    land: Callable[[Any, int, Any], Any]) -> tuple[Any, Any]:
    """(the bot's choice, `land(state, seat, choice)`): the move worked out ahead too, so the
    frame that collects it only records it. A failing `land` gives None (the frame then applies
    the move itself, and meets the same failure where it always did: an illegal move logged)."""
    action = bot.choose(rules, rules.view(state, seat), prompt)
    try:
        landing = land(state, seat, action)
    except Exception:  # noqa: BLE001 (reproduced on the frame loop by the fallback)
        landing = None
    return action, landing


class BotWorker:
    """Runs one bot decision at a time off the frame loop."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue | None = None  # the thread's queue (None: no thread)
        # (seat, stamp, answer, landed); None: idle (read it, never change it: a frame tests it
        # inline rather than through `busy`)
        self.job: tuple[int, Any, Answer, bool] | None = None
        self.thread: threading.Thread | None = None  # the last one started (`warm`)

    def warm(self) -> None:
        """Start the thread now (if not yet), so that no frame pays for starting it."""
        if self._jobs is not None:
            return
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
        jobs = self._jobs = queue.SimpleQueue()
        self.thread = threading.Thread(target=serve, args=(jobs,), name="bot", daemon=True)
        self.thread.start()
        weakref.finalize(self, jobs.put, None)  # a worker dropped unclosed still ends its thread

    def busy(self) -> bool:
        """True while a decision is being computed or waits to be collected."""
        return self.job is not None

    def thinking(self) -> bool:
        """True while the decision asked for is still being computed (not yet collectable)."""
        job = self.job
        return job is not None and not job[2].finished

    def start(self, seat: int, stamp: Any, bot: Any, rules: Any, view: Any, prompt: Any) -> None:
        """Ask `bot` for a decision on `view`; `stamp` identifies the state it is about."""
        self.warm()
        answer = Answer()
        self.job = (seat, stamp, answer, False)
        self._jobs.put((answer, bot.choose, (rules, view, prompt)))  # type: ignore[union-attr]

    def start_on(self, seat: int, state: Any, bot: Any, rules: Any, prompt: Any,
                 land: Callable[[Any, int, Any], Any] | None = None) -> None:
        """`start` on the seat's view of `state` (the stamp), which the worker works out: the
        frame that asks pays for no view (0.02-0.05 ms of it; views are pure). With `land`, the
        worker then works out the move too (`decide_and_land`; `collect_landing` hands it)."""
        self.warm()
        answer = Answer()
        self.job = (seat, state, answer, land is not None)
        if land is None:
            job = (answer, decide_on, (bot, rules, state, seat, prompt))
        else:
            job = (answer, decide_and_land, (bot, rules, state, seat, prompt, land))
        self._jobs.put(job)  # type: ignore[union-attr]

    def collect(self, stamp: Any) -> tuple[int, Any] | None:
        """(seat, action) once the decision is ready and still about `stamp`; else None.

        A bot's exception is re-raised here, on the frame loop, where it can be reported.
        """
        found = self.collect_landing(stamp)
        return None if found is None else found[:2]

    def collect_landing(self, stamp: Any) -> tuple[int, Any, Any] | None:
        """(seat, action, the move worked out ahead or None) as `collect` gives (seat, action);
        the landing is None when the job was started without `land` or its `land` failed."""
        job = self.job
        if job is None or not job[2].finished:
            return None
        seat, asked, answer, landed = job
        self.job = None
        result = answer.result()
        if asked is not stamp:
            return None
        return (seat, *result) if landed else (seat, result, None)

    def drop(self) -> None:
        """Forget the running job (its answer is ignored when it arrives)."""
        self.job = None

    def close(self) -> None:
        """Stop the worker; a decision in flight finishes in the background and is dropped,
        one still queued behind it is never started."""
        self.job = None
        jobs, self._jobs = self._jobs, None
        if jobs is not None:
            while not jobs.empty():
                try:
                    jobs.get_nowait()
                except queue.Empty:
                    break
            jobs.put(None)
