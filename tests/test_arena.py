"""The arena: rotated seats, Wilson and t intervals, JSON output, argument checks."""

from __future__ import annotations

import json

import pytest

from game import arena


def test_seats_rotate_so_each_level_sits_everywhere() -> None:
    assert arena.rotated(("hard", "normal", "easy"), 1) == ("normal", "easy", "hard")
    assert arena.rotated(("hard", "normal"), 2) == ("hard", "normal")


def test_wilson_interval_matches_the_textbook_figures() -> None:
    low, high = arena.wilson(65, 100)
    assert low == pytest.approx(0.5524, abs=1e-3) and high == pytest.approx(0.7364, abs=1e-3)
    assert arena.wilson(0, 10)[0] == 0.0 and arena.wilson(10, 10)[1] == pytest.approx(1.0)
    assert arena.wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-3)


def test_mean_interval_uses_student_t() -> None:
    mean, low, high = arena.mean_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    # sd = 1.5811, t(4) = 2.776: half width 1.963
    assert mean == 3.0 and high - mean == pytest.approx(1.963, abs=1e-3)
    assert mean - low == pytest.approx(high - mean)


def test_summary_counts_wins_and_means_per_level() -> None:
    results = [{"levels": ["hard", "normal"], "totals": [30, 20], "winners": [0]},
               {"levels": ["normal", "hard"], "totals": [25, 25], "winners": [0, 1]}]
    rows = {row["level"]: row for row in arena.summarize(["hard", "normal"], results)}
    assert rows["hard"]["wins"] == 2 and rows["normal"]["wins"] == 1
    assert rows["hard"]["mean_total"] == 27.5 and rows["normal"]["mean_total"] == 22.5


def test_the_command_plays_seeded_games_and_prints_json(capsys) -> None:
    argv = ["--game", "example_dice", "--seats", "hard,greedy", "--games", "2",
            "--iterations", "6", "--json"]
    assert arena.main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert arena.main(argv) == 0
    assert json.loads(capsys.readouterr().out) == first  # seeded: the same games again
    assert first["seats"] == ["hard", "normal"] and len(first["results"]) == 2
    assert [r["levels"] for r in first["results"]] == [["hard", "normal"], ["normal", "hard"]]
    assert {row["level"] for row in first["levels"]} == {"hard", "normal"}


def test_the_table_names_each_level_with_its_intervals(capsys) -> None:
    assert arena.main(["--game", "example_dice", "--seats", "easy,normal", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "easy:" in out and "normal:" in out and "[" in out


@pytest.mark.parametrize("argv", [
    ["--game", "example_dice", "--seats", "hard"],  # too few seats for the game
    ["--game", "example_dice", "--seats", "hard,wizard"],
    ["--game", "example_dice", "--seats", "hard,normal", "--options", "mayor"],
    ["--game", "example_dice", "--seats", "hard,normal", "--games", "0"],
])
def test_bad_arguments_exit_2(argv) -> None:
    with pytest.raises(SystemExit) as exit_info:
        arena.main(argv)
    assert exit_info.value.code == 2


def test_the_rate_mode_counts_the_rollouts_of_capped_searches(capsys) -> None:
    assert arena.main(["--game", "example_dice", "--seats", "hard,normal", "--rate",
                       "--iterations", "6", "--json"]) == 0
    rate = json.loads(capsys.readouterr().out)
    assert rate["searches"] > 0 and rate["cap"] == 6
    assert rate["searches"] <= rate["rollouts"] <= 6 * rate["searches"]
    assert rate["rollouts_per_s"] == pytest.approx(rate["rollouts"] / rate["cpu_s"])


def test_a_hard_seat_may_search_in_worker_processes_and_is_reported_apart(capsys) -> None:
    argv = ["--game", "example_dice", "--seats", "hard:2,hard", "--games", "2",
            "--iterations", "6", "--json"]
    assert arena.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seats"] == ["hard:2", "hard"]
    assert {row["level"] for row in report["levels"]} == {"hard:2", "hard"}
    assert arena.split_level("hard:2") == ("hard", 2) and arena.split_level("greedy") == ("normal", 0)


@pytest.mark.parametrize("seats", ["normal:2,hard", "hard:0,normal", "hard:x,normal"])
def test_workers_only_on_hard_and_within_limits(seats, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        arena.main(["--game", "example_dice", "--seats", seats])
    assert exit_.value.code == 2 and "only hard takes :W" in capsys.readouterr().err


def test_rollouts_per_decision_count_whole_rounds_of_every_worker() -> None:
    found = arena.decision_rollouts("example_dice", 2, 3, workers=2, budget_s=0.2, searches=2)
    assert found["workers"] == 2 and found["searches"] == len(found["rollouts"]) >= 1
    assert all(n > 0 for n in found["rollouts"])


def test_a_record_keeps_finished_games_and_a_rerun_plays_only_the_rest(tmp_path, capsys) -> None:
    record = tmp_path / "run.jsonl"
    argv = ["--game", "example_dice", "--seats", "hard,normal", "--iterations", "6", "--json",
            "--record", str(record)]
    assert arena.main([*argv, "--games", "2"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["replayed"] == 0 and len(record.read_text().splitlines()) == 2
    assert arena.main([*argv, "--games", "3"]) == 0
    more = json.loads(capsys.readouterr().out)
    assert more["replayed"] == 2 and len(record.read_text().splitlines()) == 3
    assert more["results"][:2] == first["results"]
    assert arena.main([*argv[:-2], "--games", "3"]) == 0  # the same games, played afresh
    assert json.loads(capsys.readouterr().out)["results"] == more["results"]


def test_a_line_torn_by_a_kill_is_reported_and_its_game_played_again(tmp_path, capsys) -> None:
    record = tmp_path / "run.jsonl"
    argv = ["--game", "example_dice", "--seats", "hard,normal", "--iterations", "6", "--json",
            "--games", "2", "--record", str(record)]
    assert arena.main(argv) == 0
    whole = json.loads(capsys.readouterr().out)
    lines = record.read_text().splitlines()
    record.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])
    assert arena.main(argv) == 0
    captured = capsys.readouterr()
    assert "run.jsonl:2: skipped" in captured.err
    again = json.loads(captured.out)
    assert again["replayed"] == 1 and again["results"] == whole["results"]
    assert arena.main(argv) == 0  # the replayed game went on a line of its own
    assert json.loads(capsys.readouterr().out)["replayed"] == 2
