"""French Quarter's Hint reasons (capability move_reasons): what a reason says about the Normal
bot's choice comes true when the seat plays its turn, and every reason reads in both
languages."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.registry import get_game
from game.games.french_quarter import bot, scoring
from tests.games.hint_reasons import Decision, advised_game, assert_reasons_read

SEEDS = (3, 4)


def own(seed: int, players: int) -> list[Decision]:
    return [d for d in advised_game("french_quarter", players, seed) if d.why(bot.WHY)]


def turn_end(decisions: tuple[Decision, ...], index: int):
    """The seat's sheet once its turn is played out: at its next die pick, or at the end."""
    seat = decisions[index].seat
    later = (d.before for d in decisions[index + 1:]
             if d.seat == seat and d.hint.prompt.kind == "pick")
    return next(later, decisions[-1].after).sheets[seat]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_move_reason_comes_true_when_the_seat_plays_its_turn(seed):
    board = get_game("french_quarter").make_rules().board
    game = advised_game("french_quarter", 1, seed)
    checked = 0
    for index, d in enumerate(game):
        kind = d.why(bot.WHY)
        if kind is None or d.hint.prompt.kind != "move":
            continue
        before, after = d.before.sheets[d.seat], turn_end(game, index)
        if kind == "points":
            assert d.param("now") == scoring.sheet_points(board, before) < d.param("then")
            # at least: the end of the turn may add more (a Second Line advance)
            assert scoring.sheet_points(board, after) >= d.param("then"), d.hint
        elif kind == "mapped":
            assert sum(map(bool, after.mapped)) - sum(map(bool, before.mapped)) >= 1
        elif kind == "boxes":
            assert sum(after.meters) - sum(before.meters) == d.param("count")
        checked += 1
    assert checked, "no move got a reason: the check proved nothing"


def test_reasons_cover_points_and_progress_and_read_in_both_languages():
    decisions = [d for seed in SEEDS for players in (1, 3) for d in own(seed, players)]
    keys = Counter(d.why(bot.WHY) for d in decisions)
    assert "points" in keys and keys.keys() & {"mapped", "boxes", "artists", "umbrellas"}, keys
    assert_reasons_read(decisions)
