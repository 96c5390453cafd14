"""No state stalls: ending the turn is always offered, even on a city where nothing can be built
and nobody can demolish, play then goes round the table as usual, and a stalled contract offer
(rules.py: "a stalled offer", ours) still runs the decks down to the Olympic Games: every game
ends."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.bots import play_out, seat_bots
from game.engine.core import TERMINAL, Chance, Config
from game.engine.match import Match
from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import ZONES, Contract
from tests.engine.engine_support import walk

from .support import (
    after_setup,
    empty_city,
    first_outcome,
    pending_prompt,
    permit,
    play,
    rules,
    settle,
)

R = rules()


def full_city(players: int, **changes):
    """Every block covered by one 4-lot building of a zone, owned round the table (no block
    touches one of its own zone, so the zone restriction leaves no room anywhere, demolition or
    not); each seat holds big permits of every zone (licences are not what stops them), no
    Urban Renewal, no Contractor, and its Favour slot taken by a contract of the Town deck."""
    blocks = [(ZONES[b % 4], tuple((2 * (b // 6) + dr, 2 * (b % 6) + dc)
                                   for dr in (0, 1) for dc in (0, 1)), b % players)
              for b in range(36)]
    state = empty_city(after_setup(players), blocks)
    hand = tuple(sorted({permit(zone, 2) for zone in ZONES}))
    town = [c for c in state.decks[0].cards if isinstance(R.board.cards[c], Contract)]
    state = dataclasses.replace(state, hands=(hand,) * players,
                                favours=tuple((card,) for card in town[:players]),
                                wealth=(99,) * players, active=0, ap=6, tasks=(), **changes)
    d = R.Draft(state)
    R.refill(d)  # a whole turn (its start already run): skip the investments, on to the actions
    assert d.tasks[1] == ("act",)
    return dataclasses.replace(state, tasks=d.tasks[1:])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_city_where_nothing_can_be_built_still_offers_the_end_of_the_turn(players) -> None:
    state = full_city(players)
    assert not city.empty_lots(state)
    act = pending_prompt(R, state)
    assert act.kind == "act" and ("end",) in act.actions()
    assert all(a[0] == "take" for a in act.actions() if a != ("end",))  # no build, no favour
    seats = []
    for _ in range(players + 1):  # a whole round of passes, back to the first seat
        while pending_prompt(R, state).kind != "act":
            p = pending_prompt(R, state)
            assert p.options, p.kind
            state, _ = play(R, state, ("done",) if p.kind == "invest" else p.options[0].action)
        seats.append(state.active)
        state, _ = play(R, state, ("end",))
        state = settle(state)
    assert seats == [k % players for k in range(players + 1)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_turn_of_random_games_can_end(players) -> None:
    """Over seeded random games (which walk() plays to their end), each action prompt offers
    its end and no prompt is empty."""
    for _, pending, _ in walk(R, Config(players), random.Random(players)):
        for prompt in () if isinstance(pending, Chance) else pending:
            assert prompt.options, prompt.kind
            assert prompt.kind != "act" or ("end",) in prompt.actions()


def pass_turn(state, chance=first_outcome):
    """The active player invests nothing and ends the turn; the end of the turn is played."""
    while (p := pending_prompt(R, state)).kind != "act":
        state, _ = play(R, state, ("done",) if p.kind == "invest" else p.options[0].action)
    state, events = play(R, state, ("end",))
    return settle(state, chance), events


def discarded(events) -> list:
    """The contracts a stalled offer sent out of the game."""
    return [dict(e.data)["card"] for e in events if e.kind == "contract_discarded"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_round_of_stalled_turns_discards_the_cheapest_contract(players) -> None:
    state = settle(full_city(players))
    assert not any(R.may_take_contract(state, seat) for seat in range(players))
    cheapest = state.contract_row[0]
    for _ in range(players - 1):  # a round less one turn: nothing leaves yet
        state, events = pass_turn(state)
        assert not discarded(events) and state.contract_row[0] == cheapest
    state, events = pass_turn(state)
    assert discarded(events) == [cheapest]
    assert cheapest not in (*state.contract_row, *state.tops, *sum(state.favours, ()))
    assert None not in state.contract_row  # the row slid and refilled from the Town deck
    assert state.stalled_turns == 0  # and a new round of stalled turns starts counting


def test_a_seat_only_short_of_wealth_and_licences_does_not_stall_the_offer() -> None:
    """Poor and without permits, but with room in the city: a round of passes is play as the
    rulebook has it, and nothing is discarded."""
    players = 3
    state = settle(full_city(players))
    state = empty_city(state)  # the city empty again: room everywhere
    state = dataclasses.replace(state, wealth=(0,) * players, hands=((),) * players)
    assert not R.can_build(state, 0, state.contract_row[0])
    assert all(R.may_take_contract(state, seat) for seat in range(players))
    for _ in range(2 * players):
        state, events = pass_turn(state)
        assert not discarded(events)


def olympics_first(pending):
    """The Olympic Games whenever they may come out, else a card that keeps the city stuck
    (a 4-lot contract could replace a 4-lot building with an Urban Renewal card)."""
    cards = [R.board.cards[outcome] for outcome, _ in pending.outcomes]
    olympics = [c.id for c in cards if getattr(c, "name", "") == "Olympic Games"]
    small = [c.id for c in cards if isinstance(c, Contract) and c.size < 4]
    return (olympics or small or [c.id for c in cards])[0]


@pytest.mark.parametrize("players", [2, 4])
def test_a_city_stuck_for_good_still_reaches_the_olympic_games(players) -> None:
    """Nobody can ever build or take a Favour: round after round a contract leaves, the
    Metropolis deck runs down to its event window and the Olympic Games end the game."""
    state = after = settle(full_city(players, active_decks=3))
    turns = 0
    while not state.over:
        state, _ = pass_turn(state, olympics_first)
        turns += 1
        assert turns <= players * 30, "the stalled game does not end"
    assert R.pending(state) is TERMINAL and state.prestige != after.prestige  # final scoring
    assert len(R.winners(state)) >= 1


# Actions and chance outcomes. Random games take ~1,700 (3,200 at most in 30 seeds); the
# longest game seen is a long-variant greedy/random one of 9,342 (seed 282, 4 players).
BOUND = 20_000


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4),
       variant=st.sampled_from([(), ("long",), ("short",)]),
       kinds=st.sampled_from(["random", "greedy", "mixed"]))
def test_seeded_bot_games_always_end_within_a_bound(seed, players, variant, kinds) -> None:
    """Random, greedy and mixed tables of every size and variant reach the final scoring."""
    seats = [kinds if kinds != "mixed" else ("greedy", "random")[s % 2] for s in range(players)]
    config = Config(players, tuple((option, True) for option in variant))
    match = play_out(Match(R, config, seed), seat_bots(seats, "urban_sprawl", seed),
                     max_actions=BOUND)
    assert match.state.over and len(match.history) <= BOUND
    assert match.rules.winners(match.state)
