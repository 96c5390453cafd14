"""Urban Sprawl: the keys of the layers a tween letting go of something will make dirty, worked
out in the light frame before it lets go.

A building landing (its drop tween ends) changes the holds: the frame it lands in asks the city's
key and each seat body's (the shown buildings, each seat's count per zone: ~0.1 ms) and repaints
the city, one of a game's slowest frames. The frame before it mostly only moves the clock: when
the next frame's clock will end a tween that holds something, that frame works out the holds
the next one will have and asks the keys of the panels reading them (`warm`); the
next frame, finding those very holds (`adopt`), finds the keys made. Keys are memos of what a
panel shows: asking them ahead paints nothing, and a guess proved wrong (another frame
interval) only costs the work again.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Hashable
from typing import Any


def holds_at(timeline: Any, clock: float) -> Counter:
    """What the timeline's tweens will hold back at `clock` (later than its own), as its
    `holds` will count them then (a tween over by then dropped, a late one holding once
    started)."""
    keys: list[Hashable] = []
    for tween in timeline.tweens:
        if tween.start + tween.dur <= clock:
            continue  # (over by then: `Timeline.update` drops it)
        if not tween.late or tween.start <= clock:
            keys += tween.holds
    return Counter(keys)


class HoldsAhead:
    """The room's part: the holds worked out ahead and the keys asked for them."""

    room: Any

    def __init__(self, room: Any) -> None:
        """Nothing worked out ahead yet."""
        self.room = room
        self.warmed: Counter | None = None  # the holds the keys were last asked ahead for
        self.dt = 0.0  # the last frame's interval: the next frame's clock is guessed with it
        self._times: tuple[int, tuple[float, ...]] = (-1, ())  # `change_times`, per version

    def next_holds(self) -> Counter | None:
        """The holds the next frame will have, if they differ from the room's now and a
        tween that holds something ends before it (None otherwise)."""
        timeline, room = self.room.timeline, self.room
        if not self.dt or not timeline.tweens:
            return None
        clock = timeline.clock
        then, times = clock + self.dt, self.change_times(timeline)
        after = bisect_right(times, clock)
        if after == len(times) or times[after] > then:
            return None  # (the usual frame: no holds change before the next one)
        future = holds_at(timeline, then)
        if future == room.holds:
            return None  # (what ends holds nothing: a star, a coin, a popup)
        return future

    def change_times(self, timeline: Any) -> tuple[float, ...]:
        """When the holds change, in clock order: a tween holding something ends or, queued
        late, starts holding. Worked out once per version of the queue (a tween added or
        dropped; most frames of a move's tweens, gains counting up included, find them)."""
        version = timeline._version  # (the kit's own memos go by it: `quiet_until`)
        if self._times[0] != version:
            times = {tween.start + tween.dur for tween in timeline.tweens if tween.holds}
            times.update(tween.start for tween in timeline.tweens if tween.holds and tween.late)
            self._times = (version, tuple(sorted(times)))
        return self._times[1]

    def warm(self, future: Counter) -> bool:
        """Ask ahead, for the holds the next frame will have (`next_holds`), the keys of the
        layered panels reading the kinds of holds that change (as `refresh_held` will); True
        if it did (the frame's piece of work ahead), False if they were asked already."""
        if future == self.warmed:
            return False
        room = self.room
        now = room.holds
        moved = now.keys() ^ future.keys()
        changed = {held[0] for held in moved}
        room.holds = future
        try:
            for panel in room.held_panels:
                if panel.held_kinds() & changed and panel.reads_holds(moved):
                    panel.key()
        finally:
            room.holds = now
        self.warmed = future
        return True

    def adopt(self, holds: Counter) -> Counter:
        """The holds worked out ahead if they are these (the keys asked for them then find
        their memos by identity), else `holds`."""
        warmed = self.warmed
        if warmed is not None and warmed is not holds and warmed == holds:
            self.warmed = None
            return warmed
        return holds
