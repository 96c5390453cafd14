"""The soak command runs attract mode headless and reports frames, demos, exceptions and RSS."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game import soak
from game.scenes.attract import AttractScene


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CITY_BOARD_CONSOLE_HOME", str(tmp_path))
    return tmp_path


def test_a_short_soak_plays_demos_and_reports_each_checkpoint(home):
    runner = soak.Soak(seed=3)
    try:
        lines = []
        report = runner.run(4.0, 2.0, lambda c: lines.append(c.line()), every=1.0)
        assert [c.label for c in report.checkpoints] == ["start", "after 2s", "at 3s", "end"]
        end = report.checkpoints[-1]
        assert end.frames > 30 and end.exceptions == 0 and not report.errors
        assert end.rss > 10 * soak.MIB
        top = runner.app.stack.top
        # a demo on screen, or the results of one that just ended (the next starts after them)
        assert isinstance(top, AttractScene) and top.showing is not None
        assert top.demos_started >= 1
        assert len(lines) == 4 and all("RSS" in line and "demos" in line for line in lines)
        assert end.showing == top.plan.game_id and f"[{top.plan.game_id}]" in lines[-1]
        # every demo shown so far has its peak, in the order they started
        assert [peak.game_id for peak in report.peaks][-1] == top.plan.game_id
        assert len(report.peaks) == top.demos_started
        assert all(peak.rss > 10 * soak.MIB for peak in report.peaks)
        assert list(home.iterdir()) == []  # a soak writes nothing in the player's folder
    finally:
        runner.close()
        pygame.display.quit()


def test_the_demo_on_screen_at_the_end_has_its_peak(home, monkeypatch):
    # A demo that started after the last RSS sample (one per PEAK_SAMPLE_FRAMES) is still in
    # the report: the end samples once more.
    monkeypatch.setattr(soak, "PEAK_SAMPLE_FRAMES", 10**9)  # no sample while running
    runner = soak.Soak(seed=3)
    try:
        report = runner.run(2.0, 3.0)
        top = runner.app.stack.top
        assert top.showing is not None
        assert [peak.game_id for peak in report.peaks] == [top.plan.game_id]
    finally:
        runner.close()
        pygame.display.quit()


def test_an_exception_is_counted_and_attract_mode_starts_over(home, monkeypatch):
    runner = soak.Soak(seed=3)
    try:
        broken = runner.app.stack.top

        def fail(dt: float) -> None:
            raise RuntimeError("injected")

        monkeypatch.setattr(broken, "update", fail)
        runner.step()
        assert runner.exceptions == 1 and "injected" in runner.report.errors[0]
        top = runner.app.stack.top
        assert isinstance(top, AttractScene) and top is not broken
        runner.step()
        assert runner.exceptions == 1
    finally:
        runner.close()
        pygame.display.quit()


def test_the_rss_between_demos_outlives_a_restart_of_attract_mode(home, monkeypatch):
    runner = soak.Soak(seed=3)
    try:
        assert runner.rss_between_demos() == 0  # no release yet
        broken = runner.app.stack.top
        broken.rss_after_release = 60 * soak.MIB  # as its last release between demos noted

        def fail(dt: float) -> None:
            raise RuntimeError("injected")

        monkeypatch.setattr(broken, "update", fail)
        runner.step()
        assert runner.app.stack.top is not broken
        assert runner.checkpoint("now").rss_between_demos == 60 * soak.MIB
    finally:
        runner.close()
        pygame.display.quit()


def test_growth_is_measured_from_a_named_checkpoint():
    report = soak.SoakReport([soak.Checkpoint("start", 0, 0, 0, 0, 50 * soak.MIB),
                              soak.Checkpoint("after 5m", 300, 9, 2, 0, 80 * soak.MIB),
                              soak.Checkpoint("end", 600, 20, 4, 0, 83 * soak.MIB)])
    assert report.growth_after("after 5m") == pytest.approx(3.0)
    assert report.growth_after("start") == pytest.approx(33.0)


def test_each_games_demo_peaks_are_listed_first_and_last():
    report = soak.SoakReport(peaks=[soak.DemoPeak("urban_sprawl", 0, 90 * soak.MIB),
                                    soak.DemoPeak("french_quarter", 60, 70 * soak.MIB),
                                    soak.DemoPeak("urban_sprawl", 120, 95 * soak.MIB),
                                    soak.DemoPeak("urban_sprawl", 180, 88 * soak.MIB)])
    lines = report.peak_lines()
    assert lines[0].startswith("french_quarter") and "1 demos" in lines[0]
    assert "3 demos" in lines[1] and "first   90.0 last   88.0" in lines[1]
    assert "range 88.0-95.0" in lines[1]


def test_warm_is_checkpointed_once_every_game_has_been_shown(home):
    from game.scenes.attract import demo_games

    runner = soak.Soak(seed=3)
    try:
        games = demo_games()
        runner.report.peaks = [soak.DemoPeak(game_id, 0) for game_id in games[:-1]]
        runner.check_warm()
        assert not runner.warm and "warm" not in [c.label for c in runner.report.checkpoints]
        runner.report.peaks.append(soak.DemoPeak(games[-1], 1))
        runner.check_warm()
        runner.check_warm()
        assert runner.warm and [c.label for c in runner.report.checkpoints] == ["warm"]
    finally:
        runner.close()
        pygame.display.quit()
