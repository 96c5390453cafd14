"""Score progress for the results screen: replayed totals, thinned evenly."""

from __future__ import annotations

import pytest

from game.engine.bots import play_out, seat_bots
from game.engine.core import Config
from game.engine.match import Match
from game.engine.progress import score_progress, thinned
from game.engine.registry import game_ids, rules_for


@pytest.mark.parametrize("game", game_ids())
def test_progress_runs_from_the_first_totals_to_the_final_ones(game):
    rules = rules_for(game)
    match = play_out(Match(rules, Config(2), 11), seat_bots(["random", "random"], game, 11))
    points = score_progress(match, samples=40)
    start = Match(rules, Config(2), 11)
    assert points[0] == tuple(start.totals())
    assert points[-1] == tuple(match.totals())
    assert 2 <= len(points) <= 40 and all(len(p) == 2 for p in points)


def test_thinned_keeps_ends_and_spacing():
    assert thinned(list(range(5)), 10) == [0, 1, 2, 3, 4]
    assert thinned(list(range(101)), 11) == list(range(0, 101, 10))
