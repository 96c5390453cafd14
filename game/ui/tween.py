"""Tweens on a timeline: the animation clock every board renderer runs its event animations on.

A renderer turns the rules' events into tweens queued one after another on its `Timeline`; each
tween paints itself from its eased progress and may hold back parts of the view (a card still in
flight is not yet in the hand) until it ends. The timeline's clock restarts at 0 whenever the
queue empties, so a renderer is `busy()` exactly while tweens run or wait.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytweening

Painter = Callable[[pygame.Surface, float], None]  # (canvas, eased progress 0..1)
Ease = Callable[[float], float]


@dataclass(slots=True, eq=False)
class Tween:
    """One animation on the timeline: paints itself and holds back parts of the view."""

    start: float
    dur: float
    paint: Painter | None = None
    ease: Ease = pytweening.easeInOutQuad
    holds: tuple[Hashable, ...] = ()  # view keys held back until the tween ends
    late: bool = False  # holds apply only once it has started, not while it waits in the queue
    early: bool = False  # paints its first frame while it still waits (a die already on a card)
    seat: int | None = None  # split screen: the one seat that watches it (None: everyone)
    tag: Any = None  # the renderer's own note, e.g. points still counting up
    # (clock, eased progress) last worked out: a frame asks for it in its damage and each pass
    _last: tuple[float, float] = field(default=(math.nan, 0.0), init=False, repr=False)

    @property
    def end(self) -> float:
        """Timeline time when this tween is over."""
        return self.start + self.dur

    def progress(self, clock: float) -> float:
        """Eased progress in 0..1 at `clock`."""
        last = self._last
        if last[0] == clock:
            return last[1]
        raw = min(1.0, max(0.0, (clock - self.start) / self.dur)) if self.dur > 0 else 1.0
        eased = self.ease(raw)
        self._last = clock, eased
        return eased

    def started(self, clock: float) -> bool:
        """True once the clock has reached the tween's start."""
        return self.start <= clock


class Timeline:
    """The queue of tweens and the clock they run on."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []
        self.clock = 0.0
        # Bumped whenever the queue changes (add, clear, a tween dropped): what is worked out
        # from the queue below is kept for one version (and, for the holds, one stretch of the
        # clock), since a frame's clock only grows between two changes of the queue.
        self._version = 0
        self._quiet: tuple[int, float] | None = None  # (version, `quiet_until`)
        self._held: tuple[int, float, Counter] | None = None  # (version, valid until, holds)
        self._seats: tuple[int, set[int | None]] | None = None  # (version, the tweens' seats)

    def __bool__(self) -> bool:
        return bool(self.tweens)

    def __iter__(self) -> Iterator[Tween]:
        return iter(self.tweens)

    def clear(self) -> None:
        """Drop every tween (a reset: load, undo, a new viewer)."""
        self.tweens.clear()
        self.clock = 0.0
        self._version += 1

    def tail(self, seat: int | None = None) -> float:
        """When the queue (only that seat's tweens and the shared ones, if given) runs out."""
        ends = [tw.end for tw in self.tweens
                if seat is None or tw.seat is None or tw.seat == seat]
        return max([self.clock, *ends])

    def shared_tail(self) -> float:
        """When the shared tweens (seat None) run out: split screen queues a new shared one
        after these alone, so it never waits for a seat's own strokes."""
        return max([self.clock, *(tw.end for tw in self.tweens if tw.seat is None)])

    def add(self, start: float, dur: float, paint: Painter | None = None,
            ease: Ease = pytweening.easeInOutQuad, holds: tuple = (), **extra: Any) -> Tween:
        """Queue a tween (extra: late, early, seat, tag) and return it."""
        tween = Tween(start, dur, paint, ease, holds, **extra)
        self.tweens.append(tween)
        self._version += 1
        return tween

    def update(self, dt: float) -> bool:
        """Advance by dt seconds and drop finished tweens; False if nothing was running."""
        if not self.tweens:
            return False
        self.clock = clock = self.clock + dt
        running = len(self.tweens)
        self.tweens = [tw for tw in self.tweens if tw.start + tw.dur > clock]  # `end`, inline
        if len(self.tweens) != running:
            self._version += 1
        if not self.tweens:
            self.clock = 0.0
        return True

    def advance(self, dt: float) -> bool:
        """`update` by dt; True if what the layers show may have changed meanwhile: a tween
        that holds something back or counts something up ended, a `late` one started
        holding, a tagged one (something counting up) ran, or the last one ended (a layer
        may read whether tweens run: Ticket to Ride's move log makes its text whole then).
        Another tween that only paints (no holds, no tag) changes no layer as it ends: its
        pixels go through the damage (the tweens drawn last frame), and no refresh asks
        every layer's key for nothing."""
        if not self.tweens:
            return False
        then, now = self.clock, self.clock + dt
        quiet = self._quiet  # `quiet_until`, its memo read inline (every frame of a tween)
        if now < (quiet[1] if quiet is not None and quiet[0] == self._version
                  else self.quiet_until()):  # the usual frame: only the clock moves
            self.clock = now
            return False
        changed = any(tw.start <= now and ((tw.late and tw.holds and tw.start > then)
                                           or tw.tag is not None
                                           or (tw.holds and tw.start + tw.dur <= now))
                      for tw in self.tweens)
        self.update(dt)
        return changed or not self.tweens

    def counting(self) -> Iterator[tuple[Any, float]]:
        """(tag, fraction still to come) of every tagged tween, queued ones at 1.0: what a
        renderer subtracts from the view's numbers while they count up."""
        for tw in self.tweens:
            if tw.tag is not None:
                yield tw.tag, 1.0 - tw.progress(self.clock)

    def watched_by(self, seat: int) -> bool:
        """True while a tween queued or running is one `seat` watches: a shared one (seat None)
        or its own (split screen: the seat's input waits for it). Asked for every seat every
        frame: the seats are gathered once per version of the queue."""
        memo = self._seats
        if memo is None or memo[0] != self._version:
            memo = self._seats = self._version, {tw.seat for tw in self.tweens}
        return None in memo[1] or seat in memo[1]

    def quiet_until(self) -> float:
        """The clock time before which no tween ends, no `late` tween starts holding and no
        tagged one counts (`advance` then has nothing to report): worked out once per version
        of the queue (the clock only grows meanwhile)."""
        memo = self._quiet
        if memo is None or memo[0] != self._version:
            clock = self.clock
            memo = self._quiet = self._version, min(
                (tw.start if tw.tag is not None or (tw.late and tw.start > clock) else tw.end
                 for tw in self.tweens), default=math.inf)
        return memo[1]

    def holds(self) -> Counter:
        """How many tweens hold back each view key now; the same Counter until that changes
        (the queue changes or a `late` tween starts): read it, never change it."""
        memo, clock = self._held, self.clock
        if memo is None or memo[0] != self._version or clock >= memo[1]:
            keys: list[Hashable] = []
            until = math.inf  # the next late tween to start holding
            for tw in self.tweens:
                if not tw.late or tw.start <= clock:
                    keys += tw.holds
                elif tw.start < until:
                    until = tw.start
            memo = self._held = self._version, until, Counter(keys)  # counted at once, in C
        return memo[2]

    def paint(self, canvas: pygame.Surface, seat: int | None = None,
              reach: Mapping[Tween, pygame.Rect] | None = None) -> None:
        """Paint the running tweens in queue order (only one seat's and the shared ones if
        `seat` is given). `reach`: where some of them paint now, every pixel (a room's damage
        worked that out this frame): one whose rect misses the canvas clip is not painted (a
        redraw pass of some other part of the canvas would clip all of it away)."""
        clip = canvas.get_clip() if reach else None
        clock = self.clock
        for tw in self.tweens:
            if tw.paint is None or (seat is not None and tw.seat not in (None, seat)):
                continue
            if clip is not None:
                where = reach.get(tw)  # type: ignore[union-attr]
                if where is not None and not clip.colliderect(where):
                    continue
            if tw.start <= clock or tw.early:  # started (inline: every tween, every pass)
                last = tw._last  # `progress`, its memo read inline (the damage asked it first)
                tw.paint(canvas, last[1] if last[0] == clock else tw.progress(clock))
