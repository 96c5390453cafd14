"""Urban Sprawl effect vocabulary: one scenario per effect kind and per restriction kind."""

from __future__ import annotations

import dataclasses

import pytest

from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import OFFICES, lot_of
from game.games.urban_sprawl.effects import EFFECTS, RESTRICTIONS
from game.games.urban_sprawl.state import NOBODY

from .support import after_setup, empty_city, pending_prompt, play, rules, with_seat

R = rules()
ZERO = (0,) * 7


def apply_effect(state, kind, origin=NOBODY, **params):
    """Run one effect function on the state (seat 0 active) and advance the stack."""
    d = R.Draft(dataclasses.replace(state, tasks=()))
    d.push(("act",))
    EFFECTS[kind].fn(R, d, params, origin)
    R.advance(d)
    return d.freeze()


def prestige(state) -> list[int]:
    """Each seat's total prestige."""
    return [sum(p) for p in state.prestige]


@pytest.fixture(scope="module")
def town():
    """Three players: seat 0's new COM at (0, 10) beside a COM of seat 1 and a park; a
    4-lot COM of seat 2 in the same block row; a RES of seat 1 far away."""
    state = empty_city(after_setup(3), [
        ("COM", ((0, 10),), 0), ("COM", ((0, 9),), 1), (city.PARK, ((1, 10),), NOBODY),
        ("COM", ((0, 0), (0, 1), (1, 0), (1, 1)), 2), ("RES", ((11, 5),), 1)])
    return dataclasses.replace(state, wealth=(10, 10, 10), prestige=(ZERO,) * 3, active=0,
                               vocations=((0,) * 6,) * 3, offices=(NOBODY,) * 6)


def test_every_kind_has_a_scenario_here() -> None:
    tested = {name[len("test_"):] for name in globals() if name.startswith("test_")}
    assert set(EFFECTS) | set(RESTRICTIONS) <= tested


def test_gain(town) -> None:
    assert apply_effect(town, "gain", resource="wealth", amount=4).wealth == (14, 10, 10)
    assert prestige(apply_effect(town, "gain", resource="prestige", amount=2)) == [2, 0, 0]


def test_gain_per_building(town) -> None:
    game = apply_effect(town, "gain_per_building", origin=0, resource="wealth", amount=2,
                        zone="COM", size=0, scope="game")
    assert game.wealth == (16, 10, 10)  # three COMs, whoever controls them
    big = apply_effect(town, "gain_per_building", origin=0, resource="wealth", amount=4,
                       zone="COM", size=4, scope="game")
    assert big.wealth == (14, 10, 10)  # the Corporate HQ: 4 per 4-lot COM
    rows = apply_effect(town, "gain_per_building", origin=0, resource="prestige", amount=1,
                        zone="ANY", size=0, scope="rows")
    assert prestige(rows) == [3, 0, 0]  # itself, its neighbour and the big COM: block row 0
    near = apply_effect(town, "gain_per_building", origin=0, resource="prestige", amount=1,
                        zone="PARK", size=0, scope="adjacent")
    assert prestige(near) == [1, 0, 0]
    event = apply_effect(town, "gain_per_building", resource="prestige", amount=1,
                         zone="ANY", size=0, scope="rows")
    assert prestige(event) == [0, 0, 0]  # an event has no rows of its own


def test_owners_gain_per_building(town) -> None:
    state = apply_effect(town, "owners_gain_per_building", origin=0, resource="wealth", amount=3,
                         zone="COM", size=0, scope="game")
    assert state.wealth == (13, 13, 13)


def test_gain_per_vocation(town) -> None:
    finance = R.board.vocations.index("finance")
    state = dataclasses.replace(town, vocations=with_seat(town.vocations, 0,
                                                          with_seat((1,) * 6, finance, 2)))
    assert apply_effect(state, "gain_per_vocation", resource="wealth", amount=2,
                        vocation="finance").wealth[0] == 14
    assert apply_effect(state, "gain_per_vocation", resource="wealth", amount=1,
                        vocation="any").wealth[0] == 17


def test_place_park(town) -> None:
    state = apply_effect(town, "place_park", origin=0, scope="adjacent")
    ask = pending_prompt(R, state)
    lots = {a[1] for a in ask.actions()}
    assert lots == {lot_of(0, 11), lot_of(1, 9), lot_of(1, 11)}  # the empty lots beside it
    state, _ = play(R, state, ("lot", lot_of(1, 11)))
    assert state.buildings[-1] == (city.PARK, (lot_of(1, 11),), 0)
    anywhere = pending_prompt(R, apply_effect(town, "place_park", scope="anywhere"))
    assert len(anywhere.options) == 144 - 8


def test_place_marker(town) -> None:
    state = apply_effect(town, "place_marker", marker="p6")
    east = R.board.circles.index(("row", 0))  # east of prestige row 3 (block rows 0-1)
    state, _ = play(R, state, ("circle", east))
    assert state.markers[R.board.markers.index("p6")] == east
    assert city.block_value(R.board, state, 5) == 3 + 6 + 6
    assert city.block_value(R.board, state, 6 + 5) == 3 + 6 + 6  # the whole 12-block row
    moved = apply_effect(state, "place_marker", marker="p6")
    assert ("circle", east) not in pending_prompt(R, moved).actions()  # to another circle
    full = dataclasses.replace(town, markers=tuple(range(9)))
    assert pending_prompt(R, apply_effect(full, "place_marker", marker="w7")).kind == "act"


def test_extra_favour(town) -> None:
    assert apply_effect(town, "extra_favour").extra_favour == 0


def test_others_lose(town) -> None:
    state = dataclasses.replace(town, wealth=(10, 2, 10))
    assert apply_effect(state, "others_lose", resource="wealth", amount=3).wealth == (10, 0, 7)


def test_vocation_bonus(town) -> None:
    """The rulebook's event example: the Media holder gains 1 wealth and 1 prestige."""
    media = R.board.vocations.index("media")
    state = dataclasses.replace(town, vocations=with_seat(town.vocations, 2,
                                                          with_seat((0,) * 6, media, 1)))
    state = apply_effect(state, "vocation_bonus", vocation="media", wealth=1, prestige=1)
    assert state.wealth == (10, 10, 11) and prestige(state) == [0, 0, 1]


def test_remove_control(town) -> None:
    """...then the Treasurer takes the cube off a COM of his choice (the building stays)."""
    vacant = apply_effect(town, "remove_control", politician="treasurer", zone="COM")
    assert pending_prompt(R, vacant).kind == "act"  # no Treasurer: skipped
    state = dataclasses.replace(town, offices=with_seat(town.offices,
                                                        OFFICES.index("treasurer"), 1))
    state = apply_effect(state, "remove_control", politician="treasurer", zone="COM")
    ask = pending_prompt(R, state)
    assert ask.player == 1 and ask.actions() == (("building", 0), ("building", 1),
                                                 ("building", 3))
    state, _ = play(R, state, ("building", 3))
    assert state.buildings[3].owner == NOBODY and state.buildings[3].zone == "COM"


def test_all_lose(town) -> None:
    """Luxury Tax: a mandatory loss, paid as far as possible."""
    state = dataclasses.replace(town, wealth=(10, 1, 3))
    assert apply_effect(state, "all_lose", resource="wealth", amount=3).wealth == (7, 0, 0)


def test_optional_purchase(town) -> None:
    """Only players able to pay the whole cost are asked, in the active player's order."""
    state = dataclasses.replace(town, wealth=(8, 7, 9))
    state = apply_effect(state, "optional_purchase", cost_resource="wealth", cost=8,
                         gain_resource="prestige", gain=3)
    order = pending_prompt(R, state)
    assert order.kind == "order" and order.actions() == (("seat", 0), ("seat", 2))  # not 1
    state, _ = play(R, state, ("seat", 2))  # the active player lets seat 2 decide first
    assert pending_prompt(R, state).player == 2
    state, _ = play(R, state, ("pass",))
    assert pending_prompt(R, state).player == 0
    state, _ = play(R, state, ("buy",))
    assert state.wealth == (0, 7, 9) and prestige(state) == [3, 0, 0]


def test_pay_per_building(town) -> None:
    """The Marina: per COM they control, each player pays 2 wealth or 2 prestige."""
    state = dataclasses.replace(town, wealth=(10, 1, 10),
                                prestige=(ZERO, (5,) + ZERO[1:], ZERO))
    state = apply_effect(state, "pay_per_building", zone="COM", amount=2)
    assert pending_prompt(R, state).kind == "order"  # seats 0, 1 and 2 each hold a COM
    state, _ = play(R, state, ("seat", 1), ("prestige", 1), ("seat", 0), ("prestige", 0))
    assert pending_prompt(R, state).player == 2  # the last one needs no ordering
    state, _ = play(R, state, ("prestige", 0))
    assert state.wealth == (8, 1, 8) and prestige(state) == [0, 3, 0]
    poor = apply_effect(dataclasses.replace(town, wealth=(1, 10, 10)), "pay_per_building",
                        zone="COM", amount=2)
    poor, _ = play(R, poor, ("seat", 0), ("prestige", 0))
    assert poor.wealth[0] == 0  # mandatory: what they can


def test_disaster(town) -> None:
    """A flood: owners of buildings on the water edge lose one, or pay the prestige."""
    state = dataclasses.replace(town, prestige=(ZERO, ZERO, (4,) + ZERO[1:]))
    state = apply_effect(state, "disaster", area="water", prestige=3)
    order = pending_prompt(R, state)
    assert order.actions() == (("seat", 0), ("seat", 1), ("seat", 2))  # all touch the north
    state, _ = play(R, state, ("seat", 2))
    assert pending_prompt(R, state).actions() == (("building", 3), ("pay",))
    state, _ = play(R, state, ("pay",), ("seat", 0))
    assert pending_prompt(R, state).actions() == (("building", 0),)  # no prestige to pay
    state, _ = play(R, state, ("building", 0), ("building", 1))
    assert state.buildings[0] is None and state.buildings[1] is None
    assert state.buildings[3] is not None and prestige(state) == [0, 0, 1]
    forest = apply_effect(town, "disaster", area="forest", prestige=3)
    assert pending_prompt(R, forest).actions() == (("seat", 1), ("seat", 2))  # south and west
    forest, _ = play(R, forest, ("seat", 2))
    assert pending_prompt(R, forest).actions() == (("building", 3),)  # its big COM


def test_highest_value_bonus(town) -> None:
    alone = apply_effect(town, "highest_value_bonus", resource="prestige", amount=3, zone="ANY")
    assert pending_prompt(R, alone).actions() == (("building", 0),)  # value 3 + 6 = 9
    tied = empty_city(town, [("COM", ((0, 10),), 0), ("RES", ((1, 11),), 1)])
    state = apply_effect(tied, "highest_value_bonus", resource="prestige", amount=3, zone="ANY")
    ask = pending_prompt(R, state)
    assert ask.player == 0 and ask.actions() == (("building", 0), ("building", 1))  # same block
    state, _ = play(R, state, ("building", 1))  # the active player breaks the tie
    assert prestige(state) == [0, 3, 0]


def test_decay(town) -> None:
    """The lowest-valued building: its owner may pay the prestige to keep it."""
    poor = apply_effect(town, "decay", prestige=3)
    assert pending_prompt(R, poor).actions() == (("building", 3), ("building", 4))  # both 4
    poor, _ = play(R, poor, ("building", 3))
    assert poor.buildings[3] is None  # seat 2 has no prestige to pay: demolished
    rich = dataclasses.replace(town, prestige=with_seat(town.prestige, 2, (5,) + ZERO[1:]))
    rich, _ = play(R, apply_effect(rich, "decay", prestige=3), ("building", 3))
    assert pending_prompt(R, rich).kind == "decay_save"
    rich, _ = play(R, rich, ("pay",))
    assert rich.buildings[3] is not None and prestige(rich)[2] == 2


def test_election(town) -> None:
    before = apply_effect(town, "election", politician="treasurer")
    assert before.offices == town.offices  # not in play before the Airport
    state = dataclasses.replace(town, politicians_in_play=True)
    state = apply_effect(state, "election", politician="treasurer")
    assert state.offices[OFFICES.index("treasurer")] == 0  # (0, 10) is worth 9, (0, 9) 8


def test_appoint(town) -> None:
    """The Municipal Court: its builder takes the District Attorney without an election."""
    before = apply_effect(town, "appoint", politician="district_attorney")
    assert before.offices == town.offices  # not in play before the Airport
    state = dataclasses.replace(town, politicians_in_play=True)
    state = apply_effect(state, "appoint", politician="district_attorney")
    assert state.offices[OFFICES.index("district_attorney")] == 0


def test_payout(town) -> None:
    state = apply_effect(town, "payout", resource="prestige", value=3)
    assert prestige(state) == [2, 2, 2]  # row 3: one each, a three-way tie shares 4 + 2 + 1


def test_activate(town) -> None:
    state = apply_effect(town, "activate", what="politicians")
    assert state.politicians_in_play and not state.contractor_in_play
    state = apply_effect(state, "activate", what="contractor")
    assert state.contractor_in_play
    assert apply_effect(town, "activate", what="metropolis").active_decks == 3


def test_end_game(town) -> None:
    state = apply_effect(town, "end_game")
    assert state.over and state.tasks == ()


def lots_ok(state, kind, lots, **params) -> bool:
    """Whether the restriction allows the lots."""
    return RESTRICTIONS[kind].fn(R.board, state, lots, params)


def test_near_edge(town) -> None:
    assert lots_ok(town, "near_edge", (lot_of(0, 5),), edge="water")  # north edge
    assert not lots_ok(town, "near_edge", (lot_of(0, 5),), edge="forest")
    assert lots_ok(town, "near_edge", (lot_of(6, 0),), edge="forest")  # west edge


def test_near_zone(town) -> None:
    assert lots_ok(town, "near_zone", (lot_of(1, 9),), zone="COM")
    assert lots_ok(town, "near_zone", (lot_of(2, 11),), zone="PARK")
    assert not lots_ok(town, "near_zone", (lot_of(6, 6),), zone="RES")


def test_block_value_at_most(town) -> None:
    assert lots_ok(town, "block_value_at_most", (lot_of(11, 0),), value=2)
    assert not lots_ok(town, "block_value_at_most", (lot_of(0, 11),), value=8)


def test_block_value_at_least(town) -> None:
    assert lots_ok(town, "block_value_at_least", (lot_of(0, 11),), value=9)
    assert not lots_ok(town, "block_value_at_least", (lot_of(11, 0),), value=3)
