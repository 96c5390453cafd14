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
from game.games.urban_sprawl import city
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
    events = tuple(d.events)  # before freeze: a dict-backed draft hands its dict over
    return d.freeze(), events


def empty_city(state, buildings=()):
    """The state with only the given buildings: (zone, ((row, col), ...), owner) each."""
    lots = [NOBODY] * len(state.lots)
    built = []
    for bid, (zone, cells, owner) in enumerate(buildings):
        covered = tuple(lot_of(r, c) for r, c in cells)
        for lot in covered:
            lots[lot] = bid
        built.append(Building(zone, covered, owner))
    return dataclasses.replace(state, lots=tuple(lots), buildings=tuple(built),
                               zone_lots=city.zone_lots_of(built),
                               anchors=city.anchors_of(built, state.players))


def with_marker(state, marker: str, circle: int):
    """The state with one wealth/prestige marker on a circle (block values follow)."""
    board = rules().board
    markers = with_seat(state.markers, board.markers.index(marker), circle)
    values = city.block_values(board, markers)
    return dataclasses.replace(state, markers=markers, values=values,
                               value_marks=city.value_marks(values))


def with_seat(values: tuple, seat: int, value) -> tuple:
    """A per-seat tuple with one entry changed."""
    return values[:seat] + (value,) + values[seat + 1:]


def permit(zone: str, licences: int) -> str:
    """Id of a permit with this zone and number of licences."""
    return next(c.id for c in rules().board.cards.values()
                if type(c).__name__ == "Permit" and zone in c.zones and c.licences == licences)


def contract(zone: str, size: int, plain: bool = True, deck: str = "") -> str:
    """Id of a contract of this zone and size (plain: no restriction, no vocation)."""
    return next(c.id for c in rules().board.cards.values()
                if type(c).__name__ == "Contract" and c.zone == zone and c.size == size
                and (not plain or (c.restriction is None and not c.vocations))
                and (not deck or c.deck == deck))


def at_act(state, **changes):
    """The state at the active player's action prompt, with fields changed."""
    return dataclasses.replace(state, tasks=(("act",),), **changes)


def rules_with(*cards) -> UrbanSprawl:
    """Rules whose board also holds crafted cards (a contract with exactly the effect to test)."""
    from types import MappingProxyType

    base = rules()
    crafted = UrbanSprawl.__new__(UrbanSprawl)
    crafted.board = dataclasses.replace(
        base.board, cards=MappingProxyType({**base.board.cards, **{c.id: c for c in cards}}))
    crafted.prebuild_options()
    return crafted


def make_contract(card_id: str, zone: str, size: int, vocations=(), restriction=None,
                  effects=()):
    """A crafted contract; effects and restriction as (kind, {params})."""
    from types import MappingProxyType

    from game.games.urban_sprawl.board import Contract, Rule

    def rule(spec):
        return Rule(spec[0], MappingProxyType(spec[1]))
    return Contract(card_id, "town", card_id, zone, size, tuple(vocations),
                    rule(restriction) if restriction else None,
                    tuple(rule(e) for e in effects), 0)


def pending_prompt(r, state) -> Prompt:
    """The one pending prompt under rules `r`."""
    found = r.pending(state)
    assert isinstance(found, tuple) and len(found) == 1, found
    return found[0]


def play(r, state, *actions):
    """Apply each action as the prompted seat; returns the state and all events."""
    events = []
    for action in actions:
        state, new = r.apply(state, pending_prompt(r, state).player, action)
        events += new
    return state, events
