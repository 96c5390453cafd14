"""`python main.py --headless --game urban_sprawl`: whole bot games with prestige by source."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.bots import play_out, seat_bots
from game.engine.core import Config
from game.engine.match import Match
from game.games.urban_sprawl.state import SOURCES

from .support import rules

ROOT = Path(__file__).resolve().parents[3]


def headless(players: int, seed: int, *extra: str) -> dict:
    """The JSON result of one headless greedy/random game."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    bots = ",".join(("greedy", "random")[s % 2] for s in range(players))
    result = subprocess.run(
        [sys.executable, "main.py", "--headless", "--game", "urban_sprawl", "--players",
         str(players), "--bots", bots, "--seed", str(seed), *extra],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("extra", [(), ("--options", "long"), ("--options", "short")])
def test_headless_games_end_with_prestige_by_source_and_a_winner(players, extra) -> None:
    """Every player count in every variant (issue 26's done-when): the breakdown adds up to
    the total, and the results' lines (rules.details) add up to each source of it."""
    data = headless(players, 11, *extra)
    seats = data["players"]
    assert len(seats) == players and data["game"] == "urban_sprawl"
    for seat in seats:
        assert list(seat["breakdown"]) == list(SOURCES)
        assert seat["total"] == sum(seat["breakdown"].values())
    best = max(seat["total"] for seat in seats)
    assert data["winners"] and all(seats[w]["total"] == best for w in data["winners"])
    assert data == headless(players, 11, *extra)  # the same seed plays the same game
    # The winners by the rulebook's tie-break: most prestige, then most wealth. The same seeded
    # game played here shows the wealth the JSON leaves out.
    options = tuple((o, True) for o in extra[1:])
    kinds = [("greedy", "random")[s % 2] for s in range(players)]
    match = play_out(Match(rules(), Config(players, options), 11),
                     seat_bots(kinds, "urban_sprawl", 11))
    assert [dict(b) for b in rules().scores(match.state)] == [s["breakdown"] for s in seats]
    for seat, lines in zip(seats, rules().details(match.state), strict=True):
        by_source = dict.fromkeys(SOURCES, 0)
        for line in lines:
            by_source[line.category] += line.points
        assert by_source == seat["breakdown"]
    key = [(seat["total"], match.state.wealth[seat["seat"]]) for seat in seats]
    assert data["winners"] == [s for s in range(players) if key[s] == max(key)]
