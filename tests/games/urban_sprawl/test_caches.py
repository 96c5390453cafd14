"""What Urban Sprawl keeps on its states for speed (a deck's events/others split, the city's
placement memo) always equals what it stands for, along seeded random games."""

from __future__ import annotations

import dataclasses
import random

from game.engine.core import Chance, Config
from game.engine.match import sample
from game.games.urban_sprawl.board import Contract

from .support import rules


def walk(seed: int):
    """Every state of one seeded random game (random_playout's sampling)."""
    r, rng = rules(), random.Random(seed)
    state = r.initial_state(Config(4))
    while not r.is_over(state):
        yield state
        pending = r.pending(state)
        if isinstance(pending, Chance):
            state, _ = r.apply(state, None, sample(pending, rng))
        else:
            state, _ = r.apply(state, pending[0].player, rng.choice(pending[0].options).action)


def test_a_decks_split_is_its_events_and_other_cards() -> None:
    events = rules().board.events
    checked = 0
    for state in walk(seed=3):
        for deck in (state.planning_deck, *state.decks):
            if deck.split is not None:
                want = (tuple(c for c in deck.cards if c in events),
                        tuple(c for c in deck.cards if c not in events))
                assert deck.split == want
                checked += 1
    assert checked > 1000


def test_memoised_build_answers_equal_a_fresh_search() -> None:
    """can_build through the memo a state carries equals can_build on a copy without it."""
    r, rng = rules(), random.Random(5)
    contracts = [c.id for c in r.board.cards.values() if isinstance(c, Contract)]
    states = list(walk(seed=4))[::25]
    for state in states:
        fresh = dataclasses.replace(state)  # a new state: no memo
        assert getattr(fresh, "city_memo", None) is None
        for card in rng.sample(contracts, 8):
            for seat in range(state.players):
                assert r.can_build(state, seat, card) == r.can_build(fresh, seat, card)
    assert any(s.city_memo is not None for s in states)
