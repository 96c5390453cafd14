"""No state stalls: ending the turn is always offered, even on a city where nothing can be built
and nobody can demolish, and play then goes round the table as usual."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.core import Chance, Config
from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import ZONES
from tests.engine.engine_support import walk

from .support import after_setup, empty_city, pending_prompt, permit, play, rules, settle

R = rules()


def full_city(players: int):
    """Every block covered by one 4-lot building of a zone, owned round the table; each seat
    holds big permits of every zone (licences are not what stops them), no Urban Renewal, no
    Contractor, and its Favour slot taken."""
    blocks = [(ZONES[b % 4], tuple((2 * (b // 6) + dr, 2 * (b % 6) + dc)
                                   for dr in (0, 1) for dc in (0, 1)), b % players)
              for b in range(36)]
    state = empty_city(after_setup(players), blocks)
    hand = tuple(sorted({permit(zone, 2) for zone in ZONES}))
    favour = state.contract_row[0]
    state = dataclasses.replace(state, hands=(hand,) * players, favours=((favour,),) * players,
                                wealth=(99,) * players, active=0, ap=6, tasks=())
    d = R.Draft(state)
    R.refill(d)  # a whole turn: skip its start and investments, on to the actions
    assert d.tasks[2] == ("act",)
    return dataclasses.replace(state, tasks=d.tasks[2:])


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
