"""Next Station invariants the shared conformance suite cannot know (it runs every module subset
of every game; see tests/engine/test_conformance.py): every seat keeps four lines, every option
is a station of its own on the map, a view hides the deck and nothing else, and solo games get
the rulebook's rating."""

from __future__ import annotations

import random

import pytest

from game.engine.bots import random_playout
from game.engine.core import TERMINAL, Chance, Config, IllegalAction
from game.engine.match import sample
from game.games.next_station_paris.rules import NextStationParis

MODULE_SETS = ((), (("objectives", True),), (("gates", True),),
               (("gates", True), ("objectives", True)))


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    """The shared rules engine."""
    return NextStationParis()


def config_for(i: int) -> Config:
    """Cycle through 1-4 players and the module combinations."""
    return Config(1 + i % 4, MODULE_SETS[(i // 4) % len(MODULE_SETS)])


def test_every_option_is_a_station_of_its_own(rules) -> None:
    for i in range(16):
        rng = random.Random(i)
        state = rules.initial_state(config_for(i))
        while (pending := rules.pending(state)) is not TERMINAL:
            if isinstance(pending, Chance):
                state, _ = rules.apply(state, None, sample(pending, rng))
                continue
            for prompt in pending:
                targets = [o.target for o in prompt.options if o.target is not None]
                assert len(set(targets)) == len(targets), "one option per on-screen target"
                assert all(t[0] == "station" for t in targets)
            prompt = rng.choice(pending)
            state, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)
        assert all(len(lines) == 4 for lines in state.lines), "4 lines per seat"


def test_a_view_hides_the_deck_and_nothing_else(rules) -> None:
    state = rules.initial_state(Config(3))
    view = rules.view(state, 1)
    assert view.deck is None and state.deck is not None and view.viewer == 1
    assert view.lines == state.lines and view.revealed == state.revealed
    assert rules.view(state, None).viewer == -1
    with pytest.raises(IllegalAction):
        rules.apply(view, None, "metro_square")


def test_only_solo_games_get_a_rating(rules) -> None:
    for i in range(16):
        config = config_for(i)
        state, _ = random_playout(rules, config, random.Random(1000 + i))
        assert (rules.rating(state) is not None) == (config.players == 1)
