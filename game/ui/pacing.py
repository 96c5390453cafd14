"""Waiting out the rest of each frame so that the next one starts warm.

A frame at 60 fps works for a fraction of a millisecond and then waits ~16 ms. Waited out in one
sleep (as `pygame.time.Clock.tick` does), the processor goes idle long enough to drop into a deep
idle state, or, on a virtual machine, to hand its core to someone else: the next frame then finds
its caches cold and pays for it. On this project's 2-core machine the same bot game's animated
frames cost about twice as much after one 16 ms sleep as after a wait in 1 ms slices (Ticket to
Ride at 4 seats, four alternated rounds: p50 0.23-0.33 -> 0.15-0.18 ms, p99 0.48-0.63 -> 0.39-0.43
ms), and about three times as much as run back to back. The Python of a frame (an interpreter
walking many small objects) suffers far more than a plain pixel copy.

So `FramePacer.wait` sleeps in slices of `SLICE_S`: the processor wakes every millisecond, stays
in a shallow idle state, and the frame that follows starts about as warm as a busy loop would
leave it, for ~1.5% of a core (a busy loop costs all of it). When the app rests (its top scene
asleep with nothing of its own due, e.g. waiting for a player's button), one sleep is enough: only
an input wakes it, and one cold frame after a press is not felt.
"""

from __future__ import annotations

import time
from collections.abc import Callable

SLICE_S = 0.001  # the longest single sleep while frames are live


class FramePacer:
    """Paces a frame loop at `fps`: `wait` returns once the next frame is due, and says how many
    seconds passed since the last frame began (the frame's dt)."""

    def __init__(self, fps: float, clock: Callable[[], float] = time.perf_counter,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.interval = 1 / fps
        self.clock, self.sleep = clock, sleep
        self.started = clock()  # when the frame now running began

    def wait(self, resting: bool = False) -> float:
        """Sleep until the frame after the current one is due (in 1 ms slices unless `resting`),
        then start it: the seconds since the current frame began. A frame that ran over its
        interval starts the next at once; the pace never hurries to catch up."""
        step = self.interval if resting else SLICE_S
        now = sleep_until(self.started + self.interval, step, self.clock, self.sleep)
        dt, self.started = now - self.started, now
        return dt


def sleep_until(due: float, step: float = SLICE_S, clock: Callable[[], float] = time.perf_counter,
                sleep: Callable[[float], None] = time.sleep) -> float:
    """Sleep in slices of at most `step` seconds until `clock()` reaches `due`; the time then."""
    now = clock()
    while now < due:
        sleep(min(due - now, step))
        now = clock()
    return now
