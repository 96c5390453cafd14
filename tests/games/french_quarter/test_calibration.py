"""French Quarter sheet calibration (issue 12 item 10): the rulebook's solo rating table
(Modo solitario - Puntuación) must mean something on our own sheet layout.

The layout's shape is checked on the data; the points it yields are checked on a few seeded bot
games. `python -m game.games.french_quarter.calibrate` measures the same over 200+ seeds.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.games.french_quarter.board import ACTIVITIES
from game.games.french_quarter.calibrate import Run, Tally, main, measure
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import Sheet

from .support import craft, start

PARTY = ACTIVITIES.index("party")
GREEDY_SEEDS = range(16)  # a few seconds of solo games
RANDOM_SEEDS = range(200)  # random games are ~100x faster
SOLO_BAND = (150, 174)  # "¡Has dirigido la Segunda Línea!" in the solo rating table


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules engine, loaded once."""
    return FrenchQuarter()


@pytest.fixture(scope="module")
def greedy_solo(rules) -> Tally:
    """GreedyBot's solo games over GREEDY_SEEDS."""
    return measure(rules, Run("greedy", 1), GREEDY_SEEDS)


@pytest.fixture(scope="module")
def random_solo(rules) -> Tally:
    """RandomBot's solo games over RANDOM_SEEDS."""
    return measure(rules, Run("random", 1), RANDOM_SEEDS)


def circles(boxes: tuple[str, ...], icon: str) -> list[int]:
    """Box indices of the circles that can give `icon` ("B" or "M"): its own and the "BM"s."""
    return [k for k, box in enumerate(boxes) if icon in box]


# -- the layout ---------------------------------------------------------------------------------
def test_every_multiplier_needs_every_multiplier_circle(rules) -> None:
    """As many multiplier circles as multipliers, the top one on the last box: a full meter
    for x4 (Party x5), and a "both" circle taken as a bonus costs the top multiplier."""
    for meter in rules.board.meters:
        mults = circles(meter.boxes, "M")
        assert len(meter.boxes) == 14
        assert len(mults) == len(meter.multipliers), meter.activity
        assert mults[-1] == len(meter.boxes) - 1, meter.activity


def test_no_multiplier_before_the_third_box(rules) -> None:
    for meter in rules.board.meters:
        assert circles(meter.boxes, "M")[0] >= 2, meter.activity


def test_one_both_circle_per_meter_and_one_circle_per_bonus(rules) -> None:
    """A single "both" circle is each meter's real choice: taken as a multiplier it costs the
    last bonus. Party's bonuses are all harmful (rulebook), so it offers no choice."""
    for meter in rules.board.meters:
        both = meter.boxes.count("BM")
        assert both == (0 if meter.activity == "party" else 1), meter.activity
        assert len(circles(meter.boxes, "B")) == len(meter.bonuses), meter.activity


def test_party_alternates_multipliers_and_bonuses(rules) -> None:
    marks = [box for box in rules.board.meters[PARTY].boxes if box != "sq"]
    assert marks == ["M", "B"] * 4 + ["M"]


def test_artist_rows_keep_the_rulebook_points_and_rise(rules) -> None:
    """Dani's example pins 1 -> 0 and 6 -> 14; each more artist still adds points."""
    scores = rules.board.artist_scores
    assert scores[1] == 0 and scores[6] == 14
    assert all(later > earlier for earlier, later in pairwise(scores[1:]))


# -- the points it yields -----------------------------------------------------------------------
def test_greedy_solo_mean_lies_in_the_solo_tables_middle_band(greedy_solo) -> None:
    """A thoughtful player "leads the Second Line": not the key to the city every game."""
    low, high = SOLO_BAND
    assert low <= greedy_solo.mean() <= high


def test_a_random_solo_player_stays_under_100(random_solo) -> None:
    """Nine random games in ten stay under 100 (the table's first two bands)."""
    totals = random_solo.totals
    assert sum(t < 100 for t in totals) >= 0.9 * len(totals)
    assert sum(random_solo.ratings.values()) == len(RANDOM_SEEDS)


def test_the_table_sets_greedy_and_random_play_bands_apart(greedy_solo, random_solo) -> None:
    """Three bands (75 points) between their means: the rating tells play apart."""
    assert greedy_solo.mean() - random_solo.mean() >= 75


# -- the measuring tool ----------------------------------------------------------------------
def test_run_parses_kind_and_players() -> None:
    assert Run.parse("greedy:4") == Run("greedy", 4)
    assert Run.parse("random:1").label() == "random 1p"


@pytest.mark.parametrize("text", ["greedy", "greedy:", "smart:1", "greedy:5", "greedy:x"])
def test_a_bad_run_is_refused_in_one_line(text, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--runs", f"random:1,{text}"])
    assert exit_info.value.code == 2
    assert f"'{text}': want KIND:PLAYERS" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--seeds", "0"], "--seeds: at least 1"),
    (["--levels", "/no/such/levels"], "map.toml: file not found"),
])
def test_bad_seeds_or_levels_are_refused_in_one_line(args, message, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_tally_records_every_seat_of_every_game(rules) -> None:
    tally = measure(rules, Run("random", 3), range(2))
    assert len(tally.totals) == 6 and not tally.ratings  # ratings are solo only
    assert all(len(points) == 6 for points in tally.categories.values())
    assert len(tally.progress["food boxes"]) == 6


def test_tally_summary_and_progress_of_a_crafted_sheet(rules) -> None:
    sheet: Sheet = craft(start(rules), 0, meters=(5, 0, 0, 0, 0), mults=(2, 0, 0, 0, 0),
                         line=7).state.sheets[0]
    tally = Tally()
    tally.add(rules.board, {"food": 10, "second_line": 7}, sheet)
    tally.add(rules.board, {"food": 20, "second_line": 9}, sheet)
    assert tally.summary() == "mean 23.0 sd 6.0 range 17-29 (n=2)"
    assert tally.progress["food boxes"] == [5, 5] and tally.progress["food x"] == [2, 2]
    assert tally.progress["second line"] == [7, 7]


def test_main_prints_one_block_per_run_with_solo_ratings(capsys) -> None:
    assert main(["--seeds", "2", "--runs", "random:1,random:2", "--progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 7  # the solo run adds its rating bands
    assert lines[0].startswith("random 1p  mean") and lines[4].startswith("random 2p  mean")
    bands = lines[2].split()
    assert bands[:3] == ["solo", "rating", "<=74"] and bands[-2] == ">=200"
    assert sum(map(int, bands[3::2])) == 2  # every game in one band
    assert "food boxes" in lines[3] and "food boxes" in lines[6]
