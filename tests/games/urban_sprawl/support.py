"""Helpers for the Urban Sprawl rule tests: a played setup, crafted cities, forced tasks.

Chance outcomes are actions of player None, so a test forces any card by applying it. Most
scenarios start from `after_setup` (deals and draft played through the prompts) and craft what
they need with `dataclasses.replace`; `run_tasks` then puts tasks (an effect, an election, an end
of turn step) on the turn kit's stack and advances it, exactly as the rules do when a card asks.
"""

from __future__ import annotations

import dataclasses
import functools

from game.engine.core import Chance, Config, Prompt
from game.games.urban_sprawl.board import lot_of
from game.games.urban_sprawl.rules import UrbanSprawl
from game.games.urban_sprawl.state import NOBODY, Building


@functools.cache
def rules() -> UrbanSprawl:
    """The shared rules (levels load once)."""
    return UrbanSprawl()


def first_outcome(pending: Chance):
    """The first possible chance outcome (deterministic)."""
    return pending.outcomes[0][0]


def settle(state, chance=first_outcome):
    """Resolve chance nodes until a decision is pending."""
    r = rules()
    while isinstance(r.pending(state), Chance):
        state, _ = r.apply(state, None, chance(r.pending(state)))
    return state


def after_setup(players: int = 4, **options) -> object:
    """A state at the first turn: setup deals forced, each draft pick the first building."""
    r = rules()
    state = settle(r.initial_state(Config(players, tuple(sorted(options.items())))))
    while r.pending(state)[0].kind == "draft":
        p = r.pending(state)[0]
        state, _ = r.apply(state, p.player, p.options[0].action)
        state = settle(state)
    return state


def prompt(state) -> Prompt:
    """The one pending prompt."""
    found = rules().pending(state)
    assert isinstance(found, tuple) and len(found) == 1, found
    return found[0]


def act(state, action):
    """Apply the prompted seat's action; returns (state, events)."""
    return rules().apply(state, prompt(state).player, action)


def run_tasks(state, *tasks):
    """Put tasks on top of the stack and advance, as a card's effect would."""
    r = rules()
    d = r.Draft(state)
    d.push(*tasks)
    r.advance(d)
    return d.freeze(), tuple(d.events)


def empty_city(state, buildings=()):
    """The state with only the given buildings: (zone, ((row, col), ...), owner) each."""
    lots = [NOBODY] * len(state.lots)
    built = []
    for bid, (zone, cells, owner) in enumerate(buildings):
        covered = tuple(lot_of(r, c) for r, c in cells)
        for lot in covered:
            lots[lot] = bid
        built.append(Building(zone, covered, owner))
    return dataclasses.replace(state, lots=tuple(lots), buildings=tuple(built))


def with_seat(values: tuple, seat: int, value) -> tuple:
    """A per-seat tuple with one entry changed."""
    return values[:seat] + (value,) + values[seat + 1:]
