"""A sleeping table: frames in which the top scene would only move its clocks are not run.

A game where bots think (or wait out their followable pace) and nothing moves spends most of
its frames doing nothing visible; each such frame still walked the scene's update and the damage
chain (~27 Python calls, 0.05-0.18 ms on a frame thread that slept 16 ms). When a frame of the
top scene ends at rest (its `sleeper` says so, see `Sleeper`), the app (App._frame) skips the
scene's update and draw in the next frames and keeps the seconds it skipped, until something
could change what the scene does or shows:

- an input event or intent, a phone's message (game.companion), a scene pushed or popped (a
  pause, the settings: a language or setting change comes through one), a window resized or
  exposed, a redraw asked (`App.redraw`), an idle timeout due (attract, kiosk countdown), the
  match's state changed or a sound cue scheduled from outside any frame;
- the moment the scene waits for: the bots' pace running out (`limit`, in the same arithmetic
  as the driver's `think`, so the wake is on the very frame the pace ends), then the worker's
  answer being there to collect (`answer.finished`, one attribute read a frame).
A sound cue falling due meanwhile does not wake it: the app plays it (`App._cue_asleep`).

The app keeps the scene's clocks moving meanwhile, each skipped frame adding its dt to them
exactly as the scene's update would have (the same float sums, in the same order, so the pace
ends on the very frame it would have), with no call: `clock` (unscaled seconds), `time` (seconds
at the animation speed: the renderer's clock) and `pace`. On waking the scene takes them over
first (`Sleeper.catch_up`), before the event that woke it is handled. Pixels never depend on
this: a skipped frame is one whose damage report would have been [] (tests/ui/test_sleep.py
plays seeded bot games with and without it).
"""

from __future__ import annotations

import math
from typing import Any, Protocol

NO_LIMIT = math.inf  # no pace runs out while asleep: only an outside cause wakes it


class Sleep:
    """One sleep of the top scene: what wakes it and the seconds it skipped."""

    __slots__ = ("answer", "clock", "cue", "cue_due", "cues", "factor", "limit", "pace",
                 "skipped", "sleeper", "state", "time", "version", "watch")

    def __init__(self, sleeper: Sleeper, clock: float, time: float, factor: float = 1.0,
                 pace: float = 0.0, limit: float = NO_LIMIT, answer: Any = None) -> None:
        self.sleeper = sleeper  # the top scene's (told to catch up as it wakes)
        # The scene's clocks as they run on meanwhile: each skipped frame adds dt to `clock`
        # and dt * `factor` to `time` (as `update` moves them).
        self.clock, self.time = clock, time
        # The bots' pace: `pace` grows by dt * `factor` a frame (as MatchDriver.think does);
        # once it reaches `limit` the scene wakes, unless `answer` (a bot_worker.Answer, or None)
        # is still being worked out: then as soon as it is finished.
        self.pace, self.factor, self.limit, self.answer = pace, factor, limit, answer
        # The sound cues waiting on the audio's cue clock (game.ui.audio), which moves by dt *
        # `factor` a frame while any waits: `cue` it is now, `cue_due` when the first falls due
        # (the app plays it, App._cue_asleep), `cues` how many wait (one more or less than the
        # app knows: scheduled or dropped from outside, which wakes the scene).
        self.cue, self.cue_due, self.cues = 0.0, NO_LIMIT, 0
        self.skipped = 0  # frames skipped
        # What the scene shows follows `watch.state` (a match's): a new one wakes it (a move
        # made from outside any frame, e.g. by a test, still wakes it on the next frame).
        self.watch: Any = None
        self.state: Any = None
        self.version = -1  # the scene stack's version it fell asleep on (App sets it)


class Sleeper(Protocol):
    """What a scene that may sleep offers as its `sleeper` (Scene.sleeper: None for most)."""

    ready: bool  # set by the scene's update: this frame did nothing but move clocks

    def sleep(self) -> Sleep | None:
        """After the frame's draw (ready and nothing drawn that will change): a Sleep if the next
        frames would do nothing but move clocks until it is due, else None."""

    def catch_up(self, sleep: Sleep) -> None:
        """Take over the clocks as the app moved them while asleep (before anything else
        reaches the scene)."""
