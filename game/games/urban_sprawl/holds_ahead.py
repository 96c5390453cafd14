"""Urban Sprawl: the keys of the layers a tween letting go of something will make dirty, worked
out in the light frames before it lets go.

A building landing (its drop tween ends) changes the holds: the frame it lands in asks the city's
key and each seat body's (the shown buildings, each seat's count per zone: ~0.1 ms) and repaints
the city, one of a game's slowest frames. The frame before it mostly only moves the clock: when
one of the next three frames' clocks will end a tween that holds something, those frames work
out the holds it will have and ask the keys of the panels reading them, then make the pictures
of the city's blocks and the items of a seat's body they change (`warm`: a piece a frame); the
frame they change in, finding those very holds (`adopt`), finds the keys and pictures made, and
the frame after it, repainting the seat's body, its items. Keys and items are memos of what a
panel shows: working them out ahead paints nothing, and a guess proved wrong (another frame
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


# frames ahead: the keys three frames before the holds change, then the city's block pictures,
# then the seat body's items (a piece a frame: together they made one of the slowest frames)
HORIZON = 3


class HoldsAhead:
    """The room's part: the holds worked out ahead and the keys asked for them."""

    room: Any

    def __init__(self, room: Any) -> None:
        """Nothing worked out ahead yet."""
        self.room = room
        self.warmed: Counter | None = None  # the holds the keys were last asked ahead for
        self._view: Any = None  # the view they were worked out for
        self._pending: list = []  # the panels whose repaint is still to work out ahead
        self.dt = 0.0  # the last frame's interval: the next frames' clocks are guessed with it
        self._times: tuple[int, tuple[float, ...]] = (-1, ())  # `change_times`, per version

    def next_holds(self) -> Counter | None:
        """The holds of the next frame where they change, if that is one of the next
        HORIZON frames and they differ from the room's now (None otherwise)."""
        timeline, room = self.room.timeline, self.room
        if not self.dt or not timeline.tweens:
            return None
        clock, times = timeline.clock, self.change_times(timeline)
        after = bisect_right(times, clock)
        if after == len(times):
            return None
        then = clock
        for _ in range(HORIZON):  # (the clock as the frames will add their intervals up)
            then += self.dt
            if then >= times[after]:
                future = holds_at(timeline, then)
                return None if future == room.holds else future  # (a star or coin lands)
        return None  # (the usual frame: no holds change in the next ones)

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
        """One piece of work ahead for holds a coming frame will have (`next_holds`): first
        the keys of the layered panels reading the kinds of holds that change (as
        `refresh_held` will ask them), then, a panel a frame, what the repaint of each of them
        whose key changes would build (`paint_ahead`: the city's block pictures, a seat
        body's items); True if it did one, False if all are done."""
        room = self.room
        view, now = room.view, room.holds
        keys = future != self.warmed or self._view is not view
        if not keys and not self._pending:
            return False
        moved = now.keys() ^ future.keys()
        changed = {held[0] for held in moved}
        room.holds = future
        try:
            if keys:
                self._pending = [panel for panel in room.held_panels
                                 if panel.held_kinds() & changed and panel.reads_holds(moved)
                                 and room.layers.shown_key(panel.name) != panel.key()]
                self.warmed, self._view = future, view
            else:
                panel = self._pending.pop(0)
                panel.key()  # (its memo: the key asked a frame or two before)
                panel.paint_ahead()
        finally:
            room.holds = now
        return True

    def adopt(self, holds: Counter) -> Counter:
        """The holds worked out ahead if they are these (the keys asked for them then find
        their memos by identity), else `holds`."""
        warmed = self.warmed
        if warmed is not None and warmed is not holds and warmed == holds:
            self.warmed = None
            return warmed
        return holds
