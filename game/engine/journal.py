"""The autosave as an append-only journal: a header line, then one JSON line per history change.

    {"format": "city-board-console/journal", "version": 1, "game": ..., "config": ...,
     "seed": ..., "meta": {...}}
    [0, ["claim", "opera-louvre"]]      one history entry: [player, action] (player null: chance)
    {"undo": 1}                         the last n entries were undone
    {"seats": [{"kind": "human"}, ...]} a seat changed hands here: the whole seat table after it

A seat-change line is checked like an action line (one seat per player, each a person or a bot
kind the console builds, a hint count if any) and refused with the line's number otherwise; the
loaded meta's "seats" is the table of the last such line (the header's when there is none) and
its "seat_changes" lists [actions before it, table] per line, so the history shows when a seat
changed hands. A journal started anew (resume, a hint counted) writes those lines again among
the actions, each after as many actions as it followed (fewer if some were undone since).

Each change is one `write` of whole lines, never a rewrite of the history, so saving costs the
same on the first turn and the last. `fsync` runs on a short-lived background thread, never on
the caller's (the frame loop's). Undo appends a record instead of truncating the file: bytes
once written are never touched again, so a crash at any moment (kill -9, power cut) can only
tear the last line, and the loader drops a torn last line with a warning and keeps every
complete action before it. Starting a journal (a new game, or resuming one) writes a fresh file
beside the old one and renames it over, so the old save survives until the new one exists.

`meta` is the caller's: the shell keeps who sits where (humans and bot kinds) there.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bots import BOT_KINDS
from .core import Action
from .jsonsafe import parse_json
from .match import (
    Match,
    SaveError,
    check_version,
    clear_stale_temps,
    entry_json,
    read_setup,
    replay_entries,
)

JOURNAL_FORMAT = "city-board-console/journal"
JOURNAL_VERSION = 1
log = logging.getLogger(__name__)

Entry = tuple[int | None, Action]
SeatChange = tuple[int, list]  # (actions in the history when it happened, the seat table)
SEAT_KINDS = ("human", *BOT_KINDS)
SYNC_IDLE_S = 60.0  # the fsync thread ends after this long without a write


class BackgroundSync:
    """fsyncs one file off the caller's thread. One thread per journal waits for requests and
    ends after SYNC_IDLE_S without one: starting a thread per write cost the frame loop several
    ms on a loaded machine (Thread.start waits until the new thread runs). Requests made while
    it syncs are folded into one more pass."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._fd: int | None = None  # a duplicate of the file, due for a sync
        self._busy = False

    def request(self, fd: int) -> None:
        """Make everything written to `fd` so far durable, soon, on another thread."""
        with self._cond:
            if self._fd is None:
                # The thread syncs its own duplicate: the caller may close `fd` at any time.
                self._fd = os.dup(fd)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="journal-fsync",
                                                daemon=True)
                self._thread.start()
            else:
                self._cond.notify_all()

    def wait(self, timeout: float) -> bool:
        """Wait until no sync is running or due; True if that happened within `timeout`."""
        with self._cond:
            return self._cond.wait_for(lambda: self._fd is None and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._fd is None:
                    self._cond.wait(SYNC_IDLE_S)
                if self._fd is None:
                    self._thread = None
                    return
                fd, self._fd, self._busy = self._fd, None, True
            try:
                os.fsync(fd)
            except OSError as exc:
                log.warning("autosave not flushed to disk: %s", exc)
            finally:
                os.close(fd)
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


class Journal:
    """An open journal: `follow` appends whatever the history gained or lost since last time."""

    def __init__(self, path: Path, file: Any, written: list[Entry]) -> None:
        self.path = path
        self._file = file  # an unbuffered binary file: each write goes straight to the OS
        self._written = written  # the history as the file has it
        self._sync = BackgroundSync()

    @classmethod
    def start(cls, path: str | os.PathLike, match: Match, meta: dict | None = None,
              changes: Sequence[SeatChange] = ()) -> Journal:
        """Replace the journal at `path` with one holding `match` so far and the seat `changes`
        among its actions; raises OSError."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        clear_stale_temps(path)
        header = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "game": match.game_id,
                  "config": match.config.to_json(), "seed": match.seed, "meta": meta or {}}
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        file = os.fdopen(fd, "wb", buffering=0)
        try:
            _write_all(file, _line(header) + _history_lines(match.history, changes))
            os.replace(tmp, path)  # the same open file now is the journal: appends go on there
        except BaseException:
            file.close()
            Path(tmp).unlink(missing_ok=True)
            raise
        journal = cls(path, file, list(match.history))
        journal._sync.request(file.fileno())
        return journal

    def follow(self, history: Sequence[Entry]) -> None:
        """Append the change from the last followed history to this one; raises OSError.

        Histories change only at their tail (apply appends, undo pops), so the common part is
        found by walking back from the end. After an OSError the file may end in a torn line:
        the caller must stop appending and `start` a new journal.
        """
        written = self._written
        common = min(len(written), len(history))
        while common and written[common - 1] != history[common - 1]:
            common -= 1
        undone, added = len(written) - common, history[common:]
        if not undone and not added:
            return
        data = (_line({"undo": undone}) if undone else b"") + _entry_lines(added)
        _write_all(self._file, data)
        del written[common:]
        written.extend(added)
        self._sync.request(self._file.fileno())

    def note_seats(self, seats: list) -> None:
        """Append a seat change (the whole table after it); raises OSError like `follow`."""
        _write_all(self._file, _line({"seats": seats}))
        self._sync.request(self._file.fileno())

    def wait_synced(self, timeout: float) -> bool:
        """Wait for the background fsync (tests, and a caller that may block); True when done."""
        return self._sync.wait(timeout)

    def close(self) -> None:
        """Stop appending; a background fsync still running finishes on its own."""
        self._file.close()


def _line(data: Any) -> bytes:
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("utf-8")


def _entry_lines(entries: Sequence[Entry]) -> bytes:
    return b"".join(_line(entry_json(player, action)) for player, action in entries)


def _history_lines(history: Sequence[Entry], changes: Sequence[SeatChange]) -> bytes:
    """The action lines with each seat change after the actions it followed."""
    parts, done = [], 0
    for at, seats in changes:
        at = min(max(at, done), len(history))
        parts += [_entry_lines(history[done:at]), _line({"seats": seats})]
        done = at
    parts.append(_entry_lines(history[done:]))
    return b"".join(parts)


def _write_all(file: Any, data: bytes) -> None:
    """Write every byte (an unbuffered write may take only part of them)."""
    view = memoryview(data)
    while view:
        view = view[file.write(view):]


# -- loading -----------------------------------------------------------------------------------
def load_journal(path: str | os.PathLike, rules_for) -> tuple[Match, dict]:
    """The match a journal holds, and its meta; raises SaveError if the header is unusable or a
    complete line is not an action. A torn last line (a crash mid-write) is dropped with a
    warning: the match then ends at the last complete action."""
    path = Path(path)
    lines = _complete_lines(path)
    if not lines:
        raise SaveError(f"{path}: no complete header line")
    header = _parse(lines[0], f"{path}: header")
    if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
        raise SaveError(f"{path}: not an autosave journal")
    check_version(header, JOURNAL_VERSION, str(path))
    rules, config, seed = read_setup(header, rules_for, str(path))
    meta = header.get("meta", {})
    if not isinstance(meta, dict):
        raise SaveError(f"{path}: meta: must be an object")
    entries, numbers, changes = _entries(path, lines[1:], config.players)
    places = [f"line {number}" for number in numbers]
    match = replay_entries(rules, config, seed, entries, str(path), places)
    # The lines are the only record of seat changes, whatever the header's meta may claim.
    meta = {key: value for key, value in meta.items() if key != "seat_changes"}
    if changes:
        seats = _latest_seats(meta.get("seats"), changes[-1][1])
        meta = {**meta, "seats": seats, "seat_changes": [list(c) for c in changes]}
    return match, meta


def _complete_lines(path: Path) -> list[str]:
    """The file's newline-terminated lines; a torn end (no newline) is dropped and logged."""
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc})") from exc
    lines = text.split("\n")
    if lines[-1]:
        log.warning("%s: dropped a torn last line (%d bytes): the save ends at the action "
                    "before it", path, len(lines[-1]))
    return lines[:-1]


def _parse(line: str, where: str) -> Any:
    try:
        return parse_json(line)
    except ValueError as exc:
        raise SaveError(f"{where}: {exc}") from exc


def _entries(path: Path, lines: list[str], players: int) -> tuple[list, list[int], list]:
    """The history the action lines leave once their undo records are applied, the line
    number of each of its entries (for errors: the header is line 1) and the seat changes."""
    entries: list = []
    numbers: list[int] = []
    changes: list[SeatChange] = []
    last = len(lines) + 1  # line numbers count the header as line 1
    for number, line in enumerate(lines, start=2):
        try:
            record = _parse(line, f"{path}: line {number}")
        except SaveError:
            if number != last:
                raise
            # Lines are written whole with their newline: only a damaged disk leaves this.
            log.warning("%s: dropped an unreadable last line %d", path, number)
            break
        if isinstance(record, list):
            entries.append(record)
            numbers.append(number)
        elif _is_undo(record) and record["undo"] <= len(entries):
            del entries[len(entries) - record["undo"]:]
            del numbers[len(numbers) - record["undo"]:]
        elif _is_seat_change(record, players):
            changes.append((len(entries), record["seats"]))
        else:
            raise SaveError(f"{path}: line {number}: not an action, a valid undo or a valid "
                            "seat change")
    return entries, numbers, changes


def _is_undo(record: Any) -> bool:
    # Nothing but the count: a line mixing records is no record the console writes.
    count = record.get("undo") if isinstance(record, dict) and set(record) == {"undo"} else None
    return isinstance(count, int) and not isinstance(count, bool) and count > 0


def _latest_seats(header: Any, last: list) -> list:
    """Who sits where: the last seat-change line's kinds, with the hint counts the header may
    have gained since (a counted hint rewrites the header, never a seat line)."""
    if not isinstance(header, list) or len(header) != len(last):
        return last
    seats = []
    for old, new in zip(header, last, strict=True):
        hints = max(_hints(old), _hints(new))
        seats.append({**new, "hints": hints} if hints else new)
    return seats


def _hints(seat: Any) -> int:
    hints = seat.get("hints", 0) if isinstance(seat, dict) else 0
    return hints if type(hints) is int and hints > 0 else 0


def _is_seat_change(record: Any, players: int) -> bool:
    """{"seats": [...]}: one known kind per player, nothing else (a hint count at most)."""
    if not isinstance(record, dict) or set(record) != {"seats"}:
        return False
    seats = record["seats"]
    return (isinstance(seats, list) and len(seats) == players
            and all(_is_seat(seat) for seat in seats))


def _is_seat(seat: Any) -> bool:
    if not isinstance(seat, dict) or not set(seat) <= {"kind", "hints"}:
        return False
    hints = seat.get("hints", 0)
    return seat.get("kind") in SEAT_KINDS and type(hints) is int and hints >= 0
