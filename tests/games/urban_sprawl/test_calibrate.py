"""The calibration command and what it measures: GreedyBot beats RandomBot."""

from __future__ import annotations

import pytest

from game.games.urban_sprawl import calibrate
from game.games.urban_sprawl.calibrate import Table, measure

from .support import rules


def test_greedy_bot_beats_random_bots_in_most_seeded_games() -> None:
    """One GreedyBot against two RandomBots, six seeds, every seat taken in turn: it wins at
    least five and outscores them on average (by far: ~700 against ~90 at 4 players)."""
    report = measure(rules(), Table.parse("greedy+random", 3), range(6))
    greedy, random_ = report.tallies["greedy"], report.tallies["random"]
    assert greedy.wins >= 5
    assert min(greedy.totals) > sum(random_.totals) / len(random_.totals)
    assert sum(greedy.investments) > 0  # it cashes permits in when it needs wealth


def test_a_table_fills_its_seats_and_rotates_them_with_the_seed() -> None:
    table = Table.parse("greedy+random", 4)
    assert table.kinds == ("greedy", "random", "random", "random")
    assert table.seats(0)[0] == "greedy" and table.seats(1)[3] == "greedy"
    with pytest.raises(ValueError):
        Table.parse("greedy+clever", 4)
    with pytest.raises(ValueError):
        Table.parse("greedy+random+random", 2)


def test_the_command_reports_each_kind_and_the_wins_by_seat(capsys) -> None:
    assert calibrate.main(["--seeds", "2", "--players", "2", "--tables", "greedy+random"]) == 0
    out = capsys.readouterr().out
    assert "greedy+random (2 players, 2 games):" in out
    for text in ("greedy (2 seats): prestige mean", "random (2 seats)", "by source: neighbourhood",
                 "wealth at the end: mean", "wins by seat: 0:"):
        assert text in out


def test_the_command_refuses_an_unknown_bot(capsys) -> None:
    assert calibrate.main(["--tables", "greedy+oracle"]) == 2
    assert "greedy+oracle" in capsys.readouterr().err


def test_the_shares_of_prestige_add_up_to_the_whole(capsys) -> None:
    """The share line (issue 26: where Normal-bot prestige comes from) sums to 100%."""
    report = measure(rules(), Table.parse("normal", 2), range(2), ("short",))
    shares = report.tallies["normal"].shares()
    assert abs(sum(float(part.split()[-1].rstrip("%")) for part in shares.split(", ")) - 100) < 1
    assert calibrate.main(["--seeds", "1", "--players", "2", "--tables", "normal",
                           "--options", "long"]) == 0
    out = capsys.readouterr().out
    assert "normal (2 players, long variant, 1 games):" in out and "share of all prestige" in out
