"""The match driver: everything that plays a match for the shell, with no pygame in it.

It applies people's choices (an illegal one is logged and refused, never a crash), resolves
chance, lets bots decide on the worker thread at a followable pace, undoes, and keeps the
autosave journal equal to the history after every change. The scene above it only turns the
returned events into animation and sound.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from .bot_worker import BotWorker
from .core import Action, Event, IllegalAction, Prompt
from .journal import Journal
from .match import Landing, Match, land_ahead
from .search_pool import SearchPool

log = logging.getLogger(__name__)
THINK_TIME = 0.45  # seconds a bot "thinks" before each decision at 1x, so people can follow


def land_and_follow(rules: Any, seed: int, length: int, aftermath: Callable | None, state: Any,
                    seat: int, action: Action) -> Landing:
    """`land_ahead` and the caller's `aftermath` of it (run on the bot worker)."""
    landing = land_ahead(rules, seed, state, length, seat, action)
    if aftermath is not None:
        landing.after = aftermath(landing.state, landing.events)
    return landing


class MatchDriver:
    """Drives one Match: choices, chance, bots, undo and the autosave journal."""

    def __init__(self, match: Match, bots: dict[int, Any],
                 autosave: str | os.PathLike | None = None, meta: dict | None = None,
                 search_pool: SearchPool | None = None,
                 seat_changes: Sequence[tuple[int, list]] = ()) -> None:
        self.match = match
        self.bots = bots  # seat -> bot (anything with choose(rules, view, prompt))
        self.worker = BotWorker()  # bots think off the frame loop
        self.search_pool = search_pool  # the Hard bots' worker processes, ended with the match
        self.think = 0.0  # seconds (scaled by the animation speed) the waiting bot has had
        self._autosave = autosave  # None: never saved (screenshots, bench)
        self._meta = meta or {}
        self._journal: Journal | None = None
        # The journal's seat-change lines, kept over a rewrite: a resumed game brings the ones
        # its save held, so Continue after Continue still shows every change.
        self._seat_changes: list[tuple[int, list]] = [(at, seats) for at, seats in seat_changes]
        # Called on the bot worker with (state, events) of a bot's move worked out ahead: what
        # the caller will want of it on the frame (the scene: its view and sound cues), left in
        # `landed_after` when the move is adopted (None otherwise).
        self.aftermath: Callable[[Any, tuple[Event, ...]], Any] | None = None
        self.landed_after: Any = None
        self._waits: tuple[Any, set[int], list[Prompt]] | None = None  # `_waiting`'s memo

    def open(self) -> tuple[Event, ...]:
        """Resolve the chance the game starts with (the opening deal), start the autosave and,
        with bots at the table, their worker's thread (before the first frame, not in it)."""
        events = self.match.resolve_chance()
        self._save()
        if self.bots:
            self.worker.warm()
        return events

    def apply(self, seat: int, action: Action) -> tuple[Event, ...] | None:
        """A seat's choice and the chance it leads to; None (logged) if the rules refuse it."""
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as exc:  # the UI only offers legal options; log, never crash
            log.warning("illegal action from seat %s: %s", seat, exc)
            return None
        events += self.match.resolve_chance()
        self.think = 0.0
        self._save()
        return events

    def can_undo(self, seat: int | None) -> bool:
        """True if that seat may undo its last step now (BGA policy, see Match.can_undo)."""
        return seat is not None and self.match.can_undo(seat)

    def undo(self, seat: int) -> bool:
        """Undo the seat's last step; True if it did."""
        if not self.match.undo(seat):
            return False
        self._save()
        return True

    # -- bots --------------------------------------------------------------------------------
    def play_bots(self, elapsed: float, ready: Callable[[int], bool], at_once: bool,
                  keep_pace: bool) -> tuple[Event, ...] | None:
        """Give the bots `elapsed` thinking seconds; the events of a bot's move, if one is due.

        A decision starts on the worker for the first waiting bot whose seat is `ready`, and its
        answer is applied once THINK_TIME has passed (at once when `at_once`). `keep_pace`:
        the next bot answers on the next frame with no new pause (people decide meanwhile).
        """
        waiting = self._waiting()
        if not waiting:
            self.think = 0.0
            self.worker.drop()
            return None
        self.think += elapsed
        if self.worker.job is None:  # `ready` (a split screen reads its timeline) only then
            for prompt in waiting:  # the first ready one thinks during the pause, on the worker
                if ready(prompt.player):
                    self._start_thinking(prompt)
                    break
        if self.think < THINK_TIME and not at_once:
            return None
        job = self.worker.job
        if job is None or not job[2].finished:  # (`collect_landing`'s own test, inline)
            return None
        answer = self.worker.collect_landing(self.match.state)
        if answer is None:
            return None
        think = self.think
        events = self._land(*answer)
        if keep_pace:
            self.think = think
        return events

    def _waiting(self) -> list[Prompt]:
        """The prompts of the bots' seats now: worked out again only when the game moved (the
        state's identity: what is pending follows from it) or a seat changed hands (the bots'
        seats, compared in C)."""
        match, memo = self.match, self._waits
        if memo is None or memo[0] is not match.state or memo[1] != self.bots.keys():
            waiting = [p for p in match.prompts() if p.player in self.bots]
            memo = self._waits = match.state, set(self.bots), waiting
        return memo[2]

    def _land(self, seat: int, action: Action, landing: Landing | None) -> tuple[Event, ...] | None:
        """Record a bot's move: adopted as the worker worked it out when the match is still
        where it was asked (no rules on the frame), else applied here as a person's is."""
        events = self.match.adopt(landing) if landing is not None else None
        if events is None:
            self.landed_after = None
            return self.apply(seat, action)
        self.landed_after = landing.after
        self.think = 0.0
        self._save()
        return events

    def _start_thinking(self, prompt: Prompt) -> None:
        """Start one bot decision on its own view, worked out on the worker (answered on a
        later frame) with the move that follows it (`land_ahead`, then the `aftermath`)."""
        seat, match = prompt.player, self.match
        land = partial(land_and_follow, match.rules, match.seed, len(match.history),
                       self.aftermath)
        self.worker.start_on(seat, match.state, self.bots[seat], match.rules, prompt, land)

    # -- autosave ----------------------------------------------------------------------------
    def set_meta(self, meta: dict) -> None:
        """Replace the autosave's meta (e.g. hints used per seat): the journal is written anew
        with the new header (the history is short and this is rare: a person's button press)."""
        self._meta = meta
        self._close_journal()
        self._save()

    def meta_seats(self) -> list:
        """The seat table the autosave holds now ([] when it has none)."""
        return list(self._meta.get("seats", []))

    def note_seats(self, seats: list) -> None:
        """A seat changed hands: a line in the journal after the actions so far (and the table
        in the header of any journal written anew)."""
        self._meta = {**self._meta, "seats": seats}
        self._seat_changes.append((len(self.match.history), seats))
        open_before = self._journal is not None
        self._save()  # a journal started here already holds the change
        try:
            if open_before and self._journal is not None:
                self._journal.note_seats(seats)
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            self._close_journal()

    def _save(self) -> None:
        """Bring the journal up to the history. A finished game is not saved (nothing is left to
        Continue); after a disk error the next change starts a fresh journal."""
        if self._autosave is None or self.match.is_over():
            return
        try:
            if self._journal is None:
                self._journal = Journal.start(self._autosave, self.match, self._meta,
                                              self._seat_changes)
            else:
                self._journal.follow(self.match.history)
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            self._close_journal()

    def _close_journal(self) -> None:
        if self._journal is not None:
            self._journal.close()
            self._journal = None

    def close(self) -> None:
        """Stop the bot worker, its search processes and the journal (the autosave stays on disk
        for Continue)."""
        self.worker.close()
        if self.search_pool is not None:
            self.search_pool.close()
        self._save()  # a change the disk refused last time gets one more try
        self._close_journal()
