"""The frame pacer (game.ui.pacing): frames due every 1/60 s, waited out in 1 ms slices while
frames are live and in one sleep while the table rests (App.resting: tests/ui/test_sleep.py); a
late frame is not caught up."""

from __future__ import annotations

import pytest

from game.ui.app import FPS
from game.ui.pacing import SLICE_S, FramePacer

INTERVAL = 1 / FPS


class FakeTime:
    """A clock that only sleeps move, and every sleep asked of it."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def pacer_after(work: float, fake: FakeTime, resting: bool = False) -> float:
    """One frame that worked `work` seconds, then the wait; the dt the pacer gives."""
    pacer = FramePacer(FPS, fake.clock, fake.sleep)
    fake.now += work
    return pacer.wait(resting)


def test_a_live_frame_is_waited_out_in_millisecond_slices():
    fake = FakeTime()
    dt = pacer_after(0.0004, fake)
    assert dt == pytest.approx(INTERVAL)
    assert max(fake.sleeps) <= SLICE_S and len(fake.sleeps) == 17  # 16.27 ms: 16 + a rest
    assert sum(fake.sleeps) == pytest.approx(INTERVAL - 0.0004)


def test_a_resting_table_waits_in_one_sleep():
    fake = FakeTime()
    dt = pacer_after(0.0004, fake, resting=True)
    assert dt == pytest.approx(INTERVAL) and fake.sleeps == [pytest.approx(INTERVAL - 0.0004)]


def test_frames_keep_the_pace_one_after_another():
    fake = FakeTime()
    pacer = FramePacer(FPS, fake.clock, fake.sleep)
    start = fake.now
    for _ in range(60):
        fake.now += 0.002
        assert pacer.wait() == pytest.approx(INTERVAL)
    assert fake.now - start == pytest.approx(1.0)


def test_a_late_frame_starts_the_next_at_once_and_is_not_caught_up():
    fake = FakeTime()
    pacer = FramePacer(FPS, fake.clock, fake.sleep)
    fake.now += 0.05  # a 50 ms frame (a stall)
    assert pacer.wait() == pytest.approx(0.05) and fake.sleeps == []
    fake.now += 0.001  # the next frame is due a full interval after the late one began
    assert pacer.wait() == pytest.approx(INTERVAL)
