"""Example dice rules: the level's numbers drive the game; turns, peeks and bets score right."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.core import TERMINAL, Chance, Config, IllegalAction
from game.engine.match import Match
from game.games.example_dice.rules import HIDDEN, DiceGame

from .test_levels import copy_with


@pytest.fixture(scope="module")
def rules() -> DiceGame:
    """The shipped game."""
    return DiceGame()


def dealt(rules: DiceGame, secrets=(3, 1), rounds: int = 2) -> Match:
    """A match with the secret cards dealt."""
    match = Match(rules, Config(len(secrets), (("rounds", rounds),)), 1)
    for card in secrets:
        match.apply_chance(card)
    return match


def test_chance_nodes_come_from_the_level(rules, tmp_path: Path) -> None:
    state = rules.initial_state(Config(2))
    assert rules.pending(state).outcomes == ((1, 1.0), (2, 1.0), (3, 1.0))
    eight = DiceGame(copy_with(tmp_path, "die_faces = 6", "die_faces = 8"))
    match = dealt(eight)
    assert isinstance(match.pending(), Chance)
    assert [face for face, _ in match.pending().outcomes] == list(range(1, 9))


def test_double_is_offered_only_on_a_low_roll_and_banks_twice(rules) -> None:
    match = dealt(rules)
    match.apply_chance(4)
    assert "double" not in match.pending()[0].actions()
    match.apply(0, "reroll")
    match.apply_chance(3)
    assert match.pending()[0].actions() == ("add", "double", "peek")  # no second reroll
    match.apply(0, "double")
    match.apply(0, "confirm")
    assert rules.scores(match.state)[0]["dice"] == 6


def test_peek_shows_the_secret_to_everyone(rules) -> None:
    match = dealt(rules)
    match.apply_chance(2)
    assert rules.view(match.state, 1).secrets == (0, 1)
    match.apply(0, "peek")
    assert rules.view(match.state, 1).secrets == (3, 1)
    with pytest.raises(IllegalAction):
        match.apply(0, "peek")  # once per game


def test_simultaneous_bets_stay_hidden_and_a_right_bet_scores(rules) -> None:
    match = dealt(rules, secrets=(1, 3), rounds=1)
    for seat in (0, 1):
        match.apply_chance(5)
        match.apply(seat, "add")
        match.apply(seat, "confirm")
    assert {p.player for p in match.pending()} == {0, 1}
    match.apply(1, "odd")
    assert rules.view(match.state, 0).bets == (None, HIDDEN)
    match.apply(0, "even")
    match.apply_chance(3)  # odd
    assert rules.pending(match.state) is TERMINAL
    assert rules.scores(match.state) == ({"dice": 5, "bets": 0, "secret": 1},
                                         {"dice": 5, "bets": 2, "secret": 3})
    assert rules.winners(match.state) == (1,)
