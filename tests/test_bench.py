"""The benchmark command's report shape (no timing assertions: timing lives only in game.bench)."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from statistics import median

from game.bench import (
    QUICK,
    FrameLog,
    app_frame_log,
    await_decision,
    bench_late_frames,
    frame_by_frame,
    is_split_game,
    middle_round,
    percentile,
    round_figures,
    same_frames,
    split_frame_times,
    split_key,
)
from game.bench_report import GAME_W, table, target_lines
from game.bench_yardsticks import yardsticks
from game.engine.registry import game_ids
from game.scenes.game import GameScene
from game.ui.app import App
from game.ui.pacing import FramePacer

ROOT = Path(__file__).resolve().parents[1]
GAME = "ticket_to_ride_paris"
NSP = "next_station_paris"
SPLIT = "next_station_paris (4 split)"  # four people, four maps on screen


def run_bench(*args: str) -> subprocess.CompletedProcess:
    """Run `python -m game.bench args` from the project root."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "game.bench", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@functools.cache
def quick_report() -> dict:
    """One quick run over Ticket to Ride and Next Station (split screen), shared by the report's
    tests: a quick run is most of a minute of CPU."""
    result = run_bench("--json", "--quick", "--games", f"{GAME},{NSP}")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def is_number(value: object) -> bool:
    """A JSON number that is not a bool and not negative."""
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 0


GAME_FIELDS = {"frame_ms", "frame_cpu_ms", "frame_x_fill", "playouts_per_s", "playouts_per_cpu_s",
               "playouts_per_ref", "bot_ms", "bot_cpu_ms", "bot_x_ref", "hard_s", "hard_cpu_s",
               "by_seats"}
FRAME_FIELDS = {"frame_ms", "frame_cpu_ms", "frame_x_fill"}


def test_quick_json_report_has_every_field() -> None:
    report = quick_report()
    assert set(report) == {GAME, NSP, SPLIT, "reference", "startup_s", "peak_rss_mb", "phones"}
    phones = report["phones"]
    assert set(phones) == {"tap_ms", "frame_ms", "frame_cpu_ms", "server_rss_mb", "taps"}
    assert phones["taps"] == 4
    assert phones["tap_ms"]["p50"] <= phones["tap_ms"]["p95"] <= phones["tap_ms"]["max"]
    assert phones["frame_ms"]["p50"] <= phones["frame_ms"]["p99"] <= phones["frame_ms"]["max"]
    assert "phones (4 on loopback" in table(report, QUICK.startup_runs)
    game = report[GAME]
    assert set(game) == GAME_FIELDS
    for hard in (game["hard_s"], game["hard_cpu_s"]):
        assert set(hard) == {"p50", "p95"} and 0 < hard["p50"] <= hard["p95"]
    for key in FRAME_FIELDS:
        f = game[key]
        assert set(f) == {"p50", "p99", "max"} and f["p50"] <= f["p99"] <= f["max"]
    for key in ("bot_ms", "bot_cpu_ms", "bot_x_ref"):
        assert set(game[key]) == {"p50", "p95"} and game[key]["p50"] <= game[key]["p95"]
    numbers = [*game["frame_ms"].values(), *game["bot_ms"].values(), game["playouts_per_s"],
               game["playouts_per_cpu_s"], game["playouts_per_ref"]]
    assert all(is_number(v) for v in [*numbers, report["startup_s"], report["peak_rss_mb"]])
    assert game["playouts_per_s"] > 0 and report["peak_rss_mb"] > 0
    assert set(game["by_seats"]) == {"2", "3", "4"}  # every seat count the game allows, to 4
    for kinds in game["by_seats"].values():
        assert kinds["idle_frames"] + kinds["animated_frames"] == QUICK.seat_frames
        assert kinds["idle_b2b_frames"] + kinds["animated_b2b_frames"] == QUICK.seat_frames
        for kind in ("idle", "animated"):
            for key in (f"{kind}_ms", f"{kind}_cpu_ms", f"{kind}_x_fill", f"{kind}_cpu_x_fill",
                        f"{kind}_cpu_x_paced_fill", f"{kind}_b2b_ms", f"{kind}_b2b_cpu_ms",
                        f"{kind}_b2b_x_fill", f"{kind}_b2b_cpu_x_fill"):
                f = kinds[key]
                assert set(f) == {"p50", "p99", "max"} and f["p50"] <= f["p99"] <= f["max"]
        for tag in ("", "_b2b"):  # every round's own p99 and slowest frame, both ways
            assert len(kinds[f"animated{tag}_cpu_ms_p99_rounds"]) == QUICK.rounds == 2
            slowest = kinds[f"animated{tag}_cpu_ms_max_rounds"]
            reading = kinds[f"animated{tag}_cpu_ms"]
            # the reading is each frame's median over the rounds: never above its slowest play
            assert len(slowest) == 2 and reading["max"] <= max(slowest) + 1e-3
        assert len(kinds["animated_cpu_x_paced_fill_p99_rounds"]) == 2
        # a bot decision outlasting a paced frame's wait is waited for: the rounds match
        assert kinds["same_frames"] and len(kinds["decision_waits"]) == 2
    idle_fill = [k["idle_x_fill"]["p99"] * report["reference"]["fill_blit_ms"]
                 for k in game["by_seats"].values()]
    assert all(abs(v - k["idle_ms"]["p99"]) <= 0.02 * v + 1e-3
               for v, k in zip(idle_fill, game["by_seats"].values()))


def test_each_ratio_is_its_cpu_figure_over_the_run_s_own_reference() -> None:
    report = quick_report()
    ref, game = report["reference"], report[GAME]
    low, high = ref["loop_cpu_ms_range"]
    assert 0 < low <= ref["loop_cpu_ms"] <= high and ref["fill_blit_ms"] > 0
    assert ref["fill_blit_cpu_ms"] > 0
    per_ref = game["playouts_per_cpu_s"] * ref["loop_cpu_ms"] / 1000
    assert abs(game["playouts_per_ref"] - per_ref) <= 0.02 * per_ref + 0.01
    p95 = game["bot_cpu_ms"]["p95"] / ref["loop_cpu_ms"]
    assert abs(game["bot_x_ref"]["p95"] - p95) <= 0.02 * p95 + 1e-4
    p99 = game["frame_ms"]["p99"] / ref["fill_blit_ms"]
    assert abs(game["frame_x_fill"]["p99"] - p99) <= 0.02 * p99 + 1e-3
    for kinds in game["by_seats"].values():  # the paced yardstick: CPU over its own median
        paced = kinds["animated_cpu_ms"]["p99"] / ref["paced_fill_blit_cpu_ms"]
        assert abs(kinds["animated_cpu_x_paced_fill"]["p99"] - paced) <= 0.02 * paced + 1e-3
        b2b = kinds["animated_b2b_cpu_ms"]["p99"] / ref["fill_blit_cpu_ms"]  # both back to back
        assert abs(kinds["animated_b2b_cpu_x_fill"]["p99"] - b2b) <= 0.02 * b2b + 1e-3
    text = table(report, QUICK.startup_runs)
    assert "per ref loop" in text and "x fill+blit" in text and "references: loop" in text
    assert "idle / animated frames" in text and "4p " in text and "paced" in text
    assert "<back to back" in text


class Thinker:
    """A bot worker whose decision is in flight for its first `looks` looks."""

    def __init__(self, looks: int) -> None:
        self.looks = looks
        self.asked = 0

    def thinking(self) -> bool:
        self.asked += 1
        return self.asked <= self.looks


def test_frames_back_to_back_wait_for_the_decision_in_flight_only() -> None:
    worker = Thinker(3)
    await_decision(worker)
    assert worker.asked == 4  # waited while it thought, then went on
    idle = Thinker(0)
    await_decision(idle)
    assert idle.asked == 1


def test_a_back_to_back_frame_log_never_waits_out_a_frame_interval(monkeypatch) -> None:
    def paced(*args: object) -> None:
        raise AssertionError("a back-to-back frame waited out its interval")

    monkeypatch.setattr(FramePacer, "wait", paced)
    log = app_frame_log(GAME, 2, seed=1, max_frames=40, paced=False)
    assert len(log.walls) == 40 and any(log.animated)  # the opening deal animates


def test_a_paced_frame_log_waits_for_a_decision_only_after_the_frame_s_wait(monkeypatch) -> None:
    """Paced, each frame waits out its interval first (the bot thinks meanwhile, as in the
    real loop); a decision still in flight then is waited for before the next frame and
    counted, so that it lands in the same frame in every round."""
    calls: list[str] = []
    monkeypatch.setattr(FramePacer, "wait", lambda *a: calls.append("wait"))
    thinking = iter([True, True, False] + [False] * 100)  # one decision outlasts one wait
    monkeypatch.setattr("game.engine.bot_worker.BotWorker.thinking",
                        lambda self: calls.append("look") or next(thinking))
    log = app_frame_log(GAME, 2, seed=1, max_frames=5)
    assert len(log.walls) == 5 and log.waits == 1
    assert calls[:4] == ["wait", "look", "look", "look"]  # looked only once the wait ended


def test_the_late_game_row_plays_through_the_app_loop(monkeypatch) -> None:
    calls: list[str] = []  # each frame an App.step, which asks the scene for its damage
    step, damage = App.step, GameScene.damage
    monkeypatch.setattr(App, "step", lambda *a, **k: calls.append("step") or step(*a, **k))
    monkeypatch.setattr(GameScene, "damage", lambda s: calls.append("damage") or damage(s))
    row = bench_late_frames("urban_sprawl", 6)
    assert calls.count("step") == 6 and calls[:2] == ["step", "damage"]
    assert set(row) == {"frame_ms", "frame_cpu_ms"}


def frame_log(animated_cpus: list[float]) -> FrameLog:
    """A log of animated frames whose CPU ms are given (walls the reverse order, doubled)."""
    walls = [2 * ms for ms in reversed(animated_cpus)]
    return FrameLog(walls, list(animated_cpus), [True] * len(animated_cpus))


def test_each_reading_takes_every_frame_s_median_over_the_rounds() -> None:
    calm = frame_log([0.2] * 99 + [0.3])
    burst_early = frame_log([0.9] * 10 + [0.2] * 89 + [0.3])  # noise met ten frames...
    burst_late = frame_log([0.2] * 80 + [0.9] * 10 + [0.2] * 9 + [0.3])  # ...other ten here
    assert burst_early.p99("animated", "cpus") == burst_late.p99("animated", "cpus") == 0.9
    reading = frame_by_frame([burst_early, calm, burst_late])
    assert reading.cpus == calm.cpus  # no frame was slow in most rounds
    figures = round_figures([burst_early, calm, burst_late])
    assert figures["animated_cpu_ms_p99_rounds"] == [0.9, round(calm.p99("animated", "cpus"), 3),
                                                     0.9]
    assert figures["animated_cpu_ms"]["p99"] < 0.3
    assert figures["animated_cpu_ms_max_rounds"] == [0.9, 0.3, 0.9]  # what the median hides
    slow = frame_log([0.2] * 95 + [0.9] * 5)  # the same five frames slow in two of three rounds
    assert frame_by_frame([slow, calm, slow]).cpus[-5:] == [0.9] * 5
    back = frame_by_frame([burst_early, calm, burst_late], "_b2b")  # back to back: the same
    assert back.walls == [median(ms) for ms in zip(burst_early.walls, calm.walls,
                                                   burst_late.walls)]


def test_rounds_that_played_other_frames_are_read_from_their_middle_round() -> None:
    calm, noisy = frame_log([0.2] * 99 + [0.3]), frame_log([0.2] * 90 + [0.9] * 10)
    middling = frame_log([0.2] * 95 + [0.5] * 5)
    shorter = frame_log([0.2] * 98)  # a bot decision landed later: two frames fewer
    assert not same_frames([noisy, shorter]) and same_frames([calm, noisy, middling])
    assert frame_by_frame([noisy, shorter, middling]) is middling  # neither luckiest nor not
    assert frame_by_frame([shorter, noisy]) is noisy  # of two: the higher p99
    other = FrameLog(calm.walls, calm.cpus, [False] + [True] * 99)  # other frames animated
    assert frame_by_frame([noisy, other, middling]) is middling
    assert middle_round([middling, noisy, calm]) is middling  # paced: CPU
    assert middle_round([middling, noisy, calm], "_b2b") is middling  # back to back: CPU too
    walls_calm = FrameLog([0.1] * 100, [5.0] * 100, [True] * 100)
    assert middle_round([calm, walls_calm, noisy], "_b2b") is noisy
    figures = round_figures([noisy, shorter, middling])
    assert figures["same_frames"] is False
    assert figures["animated_cpu_ms"]["p99"] == middling.p99("animated", "cpus")
    assert round_figures([calm, noisy], "_b2b")["same_frames_b2b"] is True


def test_the_target_lines_name_the_rows_read_from_their_middle_round() -> None:
    apart = {**seat_count(1.2, 0.9), "same_frames": False, "same_frames_b2b": True}
    report = {"a": {"by_seats": {"2": seat_count(1.2, 0.9), "4": apart}}}
    paced, back = target_lines(report)
    assert paced.endswith("; read from the middle round (its rounds played other frames): a 4p")
    assert "middle round" not in back


def test_the_yardsticks_are_sampled_again_between_rounds() -> None:
    refs = yardsticks(1)
    counts = len(refs.fill_walls), len(refs.paced_fill_cpus)
    refs.sample()
    assert len(refs.fill_walls) > counts[0] and len(refs.paced_fill_cpus) > counts[1]


def test_unknown_game_is_refused_with_exit_2() -> None:
    result = run_bench("--json", "--quick", "--games", "chess")
    assert result.returncode == 2 and "unknown game id 'chess'" in result.stderr


def test_percentile_interpolates_between_ranks() -> None:
    values = [4.0, 1.0, 3.0, 2.0]
    assert percentile(values, 0) == 1.0 and percentile(values, 100) == 4.0
    assert percentile(values, 50) == 2.5
    assert percentile([], 99) == 0.0 and percentile([7.0], 99) == 7.0


def test_a_split_screen_game_gets_a_second_row_with_four_people_playing() -> None:
    report = quick_report()
    assert set(report[NSP]) == GAME_FIELDS
    split = report[SPLIT]
    assert set(split) == FRAME_FIELDS and set(split["frame_ms"]) == {"p50", "p99", "max"}
    f = split["frame_ms"]
    assert all(is_number(v) for v in f.values()) and 0 < f["p50"] <= f["p99"] <= f["max"]
    rows = {line.split("  ")[0]: line for line in table(report, QUICK.startup_runs).splitlines()}
    assert rows[NSP].split()[-1] != "-"  # the bot row has playouts and bot times
    assert rows[SPLIT].split()[-2:] == ["-", "-"]  # people have no playouts nor bot times


def test_the_split_screen_players_play_through_the_input_layer() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    seen = {}

    def look(scene) -> None:
        seen["history"] = list(scene.match.history)
        seen["split"], seen["humans"] = scene.split, scene.humans()
        seen["connected"] = [not scene.disconnected(s) for s in range(4)]

    walls, cpus = split_frame_times(NSP, 4, seed=1, max_frames=900, pace=False, at_end=look)
    assert len(walls) == len(cpus) == 900
    assert seen["split"] and seen["humans"] == [0, 1, 2, 3] and all(seen["connected"])
    for seat in range(4):  # every person answered cards and drew segments on their own map
        actions = [a for p, a in seen["history"] if p == seat]
        assert len(actions) >= 8
        assert sum(1 for a in actions if isinstance(a, tuple) and a[0] == "draw") >= 3


def test_every_split_screen_game_gets_its_four_people_row_in_the_table() -> None:
    split = [g for g in game_ids() if is_split_game(g)]
    assert {"next_station_paris", "explore_new_york"} <= set(split)
    assert all(len(split_key(g)) < GAME_W for g in split)  # the row's name fits its column
    assert split_key("explore_new_york") == "explore_new_york (4 split)"


def seat_count(paced: float, b2b: float, idle: float = 0.1) -> dict:
    """A seat count's p99 ratios as a report holds them (only those the targets read)."""
    return {"idle_cpu_x_paced_fill": {"p99": idle}, "animated_cpu_x_paced_fill": {"p99": paced},
            "idle_b2b_cpu_x_fill": {"p99": idle}, "animated_b2b_cpu_x_fill": {"p99": b2b}}


def test_the_frame_targets_are_counted_like_with_like_both_ways() -> None:
    report = {"a": {"by_seats": {"2": seat_count(1.2, 0.9), "3": seat_count(1.6, 1.4)}},
              "b": {"by_seats": {"4": seat_count(1.5, 1.0, idle=0.7)}}, "reference": {}}
    paced, back = target_lines(report)
    assert "paced: met in 1 of 3 seat counts" in paced
    assert "over: a 3p animated 1.60, b 4p idle 0.70" in paced
    assert "back to back: met in 2 of 3" in back and "b 4p idle 0.70" in back
    assert "a 3p" not in back  # 1.4 back to back is within 1.5x
    assert "rounds" not in paced  # a report of one round says nothing of rounds


def test_the_target_lines_count_the_seat_counts_met_in_every_round() -> None:
    steady = {**seat_count(1.2, 0.9), "animated_cpu_x_paced_fill_p99_rounds": [1.2, 1.4],
              "animated_b2b_cpu_x_fill_p99_rounds": [0.9, 1.6]}
    swung = {**seat_count(1.3, 1.0), "animated_cpu_x_paced_fill_p99_rounds": [1.3, 1.7],
             "animated_b2b_cpu_x_fill_p99_rounds": [1.0, 1.1]}
    for k in (steady, swung):
        for key in ("idle_cpu_x_paced_fill_p99_rounds", "idle_b2b_cpu_x_fill_p99_rounds"):
            k[key] = [0.1, 0.1]
    paced, back = target_lines({"a": {"by_seats": {"2": steady, "3": swung}}})
    rounds = "(each frame's median of 2 rounds; in every round: 1)"
    assert f"paced: met in 2 of 2 seat counts {rounds}" in paced
    assert f"back to back: met in 2 of 2 seat counts {rounds}" in back
