"""The picker's refresh-frame benchmark (game.scenes.picker_bench) reports every figure; its
timings are read in `python -m game.bench`, never asserted here."""

from __future__ import annotations

from game.scenes.picker_bench import AFTER, BETWEEN, bench_picker, picker_refresh_times


def test_the_refresh_frames_and_the_frames_around_them_are_all_timed(home):
    times = picker_refresh_times(2)
    assert len(times["refresh"]) == 2
    assert len(times["after"]) == 2 * AFTER and len(times["usual"]) == 2 * BETWEEN
    assert all(ms >= 0 for values in times.values() for ms in values)


def test_the_row_carries_its_table_line(home):
    row = bench_picker(1)
    for kind in ("refresh", "after", "usual"):
        assert set(row[kind]) == {"p50", "mean", "max"} and row[kind]["p50"] <= row[kind]["max"]
    assert "refresh frame" in row["line"] and "[1 refreshes]" in row["line"]
