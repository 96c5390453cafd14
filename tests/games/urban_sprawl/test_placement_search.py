"""The fast placement search (build.py: lot masks, restriction filters, the per-city memo) gives
exactly the lot sets of the rulebook's conditions written out plainly, in the same order."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.core import Chance, Config
from game.engine.match import sample
from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import OFFICES, Contract
from game.games.urban_sprawl.effects import RESTRICTIONS
from game.games.urban_sprawl.state import NOBODY

from .support import after_setup, contract, empty_city, rules, with_seat

CONTRACTOR = OFFICES.index("contractor")


def plain_placements(state, seat: int, contract) -> list[tuple[int, ...]]:
    """Rulebook placement, one lot set at a time: an affordable block, demolition only with the
    right (all of every building under it, never the Contractor's unless he builds), the zone
    restriction without the demolished buildings, and the card's restriction function."""
    board = rules().board
    contractor = state.offices[CONTRACTOR]
    may_demolish = seat == contractor or any(c in board.renewals for c in state.hands[seat])
    found = []
    for block, options in enumerate(board.placements[contract.size]):
        if state.values[block] > state.wealth[seat]:
            continue
        for lots in options:
            covered = {state.lots[lot] for lot in lots} - {NOBODY}
            if covered and not may_demolish:
                continue
            if any(not set(state.buildings[bid].lots) <= set(lots) for bid in covered):
                continue
            if seat != contractor and contractor != NOBODY and any(
                    state.buildings[bid].owner == contractor for bid in covered):
                continue
            if not city.zones_allow(board, state, contract.zone, lots, covered):
                continue
            rule = contract.restriction
            if rule and not RESTRICTIONS[rule.kind].fn(board, state, lots, rule.params):
                continue
            found.append(lots)
    return found


def played_states(seeds: int, every: int) -> list:
    """States along seeded random games (a filling city), every `every` steps."""
    r, states = rules(), []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = r.initial_state(Config(4))
        for step in range(100_000):
            if r.is_over(state):
                break
            if step % every == 0:
                states.append(state)
            state, _ = random_playout_step(r, state, rng)
    return states


def random_playout_step(r, state, rng):
    """One step of engine.bots.random_playout (same sampling)."""
    pending = r.pending(state)
    if isinstance(pending, Chance):
        return r.apply(state, None, sample(pending, rng))
    return r.apply(state, pending[0].player, rng.choice(pending[0].options).action)


@pytest.fixture(scope="module")
def states():
    return played_states(seeds=3, every=120)


def test_the_search_lists_the_plain_rulebook_lot_sets_in_order(states) -> None:
    """Every card with a restriction and some without, each seat, with and without an Urban
    Renewal card in hand and as the Contractor: the same lists."""
    r, rng = rules(), random.Random(7)
    contracts = [c for c in r.board.cards.values() if isinstance(c, Contract)]
    restricted = [c for c in contracts if c.restriction]
    assert {c.restriction.kind for c in restricted} == set(RESTRICTIONS)
    checked = 0
    for state in states:
        for seat in range(state.players):
            variants = (state,
                        dataclasses.replace(state, hands=with_seat(
                            state.hands, seat, ("U1", *state.hands[seat]))),
                        dataclasses.replace(state, offices=with_seat(state.offices, CONTRACTOR,
                                                                     seat)))
            for variant in variants:
                for card in rng.sample(restricted, 4) + rng.sample(contracts, 2):
                    want = plain_placements(variant, seat, card)
                    assert list(r.placements(variant, seat, card)) == want
                    checked += bool(want)
    assert checked > 100  # most of them have somewhere to go


def test_a_state_whose_city_changed_does_not_reuse_the_old_answer() -> None:
    """The memo rides along drafts into new states; an edit of the city must start a new one."""
    r = rules()
    card = contract("CIV", 1)
    licences = dict.fromkeys(city.ZONES, 9)
    state = empty_city(after_setup(), [("CIV", ((0, 0),), 0)])
    state = dataclasses.replace(state, wealth=(99,) * state.players)
    assert r.can_build(state, 0, card, licences)
    d = r.Draft(state)
    for lot in city.empty_lots(d):
        city.place(d, city.PARK, (lot,), NOBODY)
    full = d.freeze()
    assert full.city_memo is state.city_memo  # carried along with the draft...
    assert not r.can_build(full, 0, card, licences)  # ...but not used for another city
