"""Urban Sprawl turn (rulebook "La partida"): investments, action points, building, vocations."""

from __future__ import annotations

import dataclasses

import pytest

from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import OFFICES, lot_of
from game.games.urban_sprawl.state import NOBODY

from .support import (
    after_setup,
    at_act,
    empty_city,
    make_contract,
    pending_prompt,
    permit,
    play,
    rules_with,
    run_tasks,
    with_seat,
)

MAYOR, DA, TREASURER, POLICE, UNION, CONTRACTOR = range(6)
PLAIN_CIV = make_contract("X-CIV1", "CIV", 1)
PLAIN_CIV2 = make_contract("X-CIV2", "CIV", 2)
PLAIN_RES3 = make_contract("X-RES3", "RES", 3)
FACTORY = {v: make_contract(f"X-F{v}", "IND", 1, vocations=(("factory", v),)) for v in (1, 2, 4)}
R = rules_with(PLAIN_CIV, PLAIN_CIV2, PLAIN_RES3, *FACTORY.values())


def offices(**holders) -> tuple[int, ...]:
    """The offices tuple with the named holders."""
    return tuple(holders.get(name, NOBODY) for name in OFFICES)


@pytest.fixture(scope="module")
def base():
    """Four players after setup, in an empty city, nothing in hand."""
    state = empty_city(after_setup(4))
    return dataclasses.replace(state, hands=((),) * 4, favours=((),) * 4,
                               wealth=(30,) * 4, vocations=((0,) * 6,) * 4)


def test_six_action_points_and_eight_for_the_union_boss(base) -> None:
    state, _ = run_tasks(base, ("turn_start",))
    assert state.ap == 6
    state, _ = run_tasks(dataclasses.replace(base, offices=offices(union_boss=0)), ("turn_start",))
    assert state.ap == 8


def test_the_treasurer_collects_two_from_each_opponent(base) -> None:
    state = dataclasses.replace(base, offices=offices(treasurer=0), wealth=(5, 1, 2, 9))
    state, _ = run_tasks(state, ("turn_start",))
    assert state.wealth == (5 + 1 + 2 + 2, 0, 0, 7)  # the poor pay what they have


def test_invest_discards_a_permit_for_its_value(base) -> None:
    card = permit("COM", 2)
    state = dataclasses.replace(base, hands=with_seat(base.hands, 0, (card,)),
                                tasks=(("invest",),))
    state, _ = play(R, state, ("invest", card))
    assert state.wealth[0] == 30 + R.board.cards[card].invest
    assert card in state.discard and state.hands[0] == ()


def test_taking_planning_cards_costs_the_slot_action_points(base) -> None:
    row = base.planning_row
    state = at_act(base, ap=3)
    offered = pending_prompt(R, state).actions()
    assert ("take", "row", 0) in offered and ("take", "row", 2) in offered
    assert ("take", "row", 3) not in offered and ("take", "top") not in offered  # 4 and 5 AP
    state, _ = play(R, state, ("take", "row", 1))
    assert state.ap == 1 and state.hands[0] == (row[1],) and state.planning_row[1] is None


def test_one_favour_at_a_time_two_with_the_extra_favour(base) -> None:
    state = at_act(base, ap=6, contract_row=("X-CIV1", "X-CIV2", None, None, None))
    state, _ = play(R, state, ("favour", "row", 0))
    assert state.favours[0] == ("X-CIV1",) and state.ap == 5
    assert not any(a[0] == "favour" for a in pending_prompt(R, state).actions())
    state = at_act(state, extra_favour=0)
    state, _ = play(R, state, ("favour", "row", 1))
    assert state.favours[0] == ("X-CIV1", "X-CIV2") and state.ap == 3


def test_a_favour_is_built_for_no_action_points(base) -> None:
    state = at_act(base, ap=0, favours=with_seat(base.favours, 0, ("X-CIV1",)),
                   hands=with_seat(base.hands, 0, (permit("CIV", 1),)))
    assert ("build", "favour", "X-CIV1") in pending_prompt(R, state).actions()
    state, _ = play(R, state, ("build", "favour", "X-CIV1"), ("lots", (lot_of(0, 0),)))
    assert state.favours[0] == () and state.buildings[-1].owner == 0


def test_building_pays_licences_and_the_block_value(base) -> None:
    """The Institute example: 1 prestige row + 6 wealth row = 7 wealth (here 3 + 6 = 9)."""
    two = permit("CIV", 1)
    other = next(c for c, card in R.board.cards.items() if type(card).__name__ == "Permit"
                 and "CIV" in card.zones and card.licences == 1 and c != two)
    state = at_act(base, ap=6, contract_row=("X-CIV2", None, None, None, None),
                   hands=with_seat(base.hands, 0, tuple(sorted((two, other)))))
    lots = (lot_of(0, 10), lot_of(0, 11))  # block row 0 (prestige 3), column 5 (wealth 6)
    state, _ = play(R, state, ("build", "row", 0), ("lots", lots))
    assert pending_prompt(R, state).kind == "license"
    state, _ = play(R, state, ("permit", two), ("permit", other))
    assert state.wealth[0] == 30 - 9 and state.ap == 5
    assert state.hands[0] == () and {two, other} <= set(state.discard)
    bid = state.lots[lots[0]]
    assert state.buildings[bid] == ("CIV", lots, 0)


def test_no_change_is_given_for_a_bigger_permit(base) -> None:
    big = permit("CIV", 3)
    state = at_act(base, ap=6, contract_row=("X-CIV1", None, None, None, None),
                   hands=with_seat(base.hands, 0, (big,)))
    state, _ = play(R, state, ("build", "row", 0), ("lots", (lot_of(11, 0),)), ("permit", big))
    assert state.hands[0] == () and pending_prompt(R, state).kind == "act"


def test_a_contract_needs_enough_licences_and_wealth(base) -> None:
    state = at_act(base, ap=6, contract_row=("X-CIV2", None, None, None, None),
                   hands=with_seat(base.hands, 0, (permit("CIV", 1),)))
    assert ("build", "row", 0) not in pending_prompt(R, state).actions()
    rich = at_act(state, hands=with_seat(base.hands, 0, (permit("CIV", 2),)), wealth=(1, 0, 0, 0))
    assert ("build", "row", 0) not in pending_prompt(R, rich).actions()  # every block costs more


def zone_lots(state, contract) -> set:
    """Lot sets where a contract may be placed by seat 0."""
    return set(R.placements(state, 0, contract))


def test_zone_restriction_examples(base) -> None:
    """Rulebook example: next to a CIV (diagonally, across the street) even with a COM beside;
    alone; but never next to a RES without a CIV."""
    state = empty_city(base, [("CIV", ((1, 1),), 1), ("COM", ((2, 3),), 1),
                              ("RES", ((6, 6),), 1)])
    places = zone_lots(state, PLAIN_CIV2)
    assert (lot_of(2, 2), lot_of(3, 2)) in places  # beside the COM and diagonal to the CIV
    assert (lot_of(10, 0), lot_of(11, 0)) in places  # touching nothing: a new CIV zone
    assert (lot_of(6, 7), lot_of(7, 7)) not in places  # beside the RES only
    assert (lot_of(4, 3), lot_of(4, 4)) not in places  # beside the COM only


def test_parks_are_ignored_by_zone_restrictions(base) -> None:
    state = empty_city(base, [(city.PARK, ((4, 4),), 1)])
    assert (lot_of(4, 5),) in zone_lots(state, PLAIN_CIV)


def demolitions(state, contract, lots) -> bool:
    """True if the contract may be placed on lots by the Contractor (seat 0)."""
    return lots in zone_lots(dataclasses.replace(state, offices=offices(contractor=0)), contract)


def test_demolition_examples_a_b_c(base) -> None:
    """(A) a 2-lot building demolishes two 1-lot ones; (B) a 3-lot one a 1 and a 2;
    (C) but not two 2-lot ones, nor anything larger than itself."""
    a = empty_city(base, [("CIV", ((0, 0),), 1), ("CIV", ((0, 1),), 2)])
    assert demolitions(a, PLAIN_CIV2, (lot_of(0, 0), lot_of(0, 1)))
    b = empty_city(base, [("RES", ((0, 0),), 1), ("RES", ((1, 0), (1, 1)), 2)])
    assert demolitions(b, PLAIN_RES3, (lot_of(0, 0), lot_of(1, 0), lot_of(1, 1)))
    c = empty_city(base, [("RES", ((0, 0), (0, 1)), 1), ("RES", ((1, 0), (1, 1)), 2)])
    assert not any(demolitions(c, PLAIN_RES3, lots) for lots in R.board.placements[3][0])
    big = empty_city(base, [("CIV", ((0, 0), (0, 1)), 1)])
    assert not demolitions(big, PLAIN_CIV, (lot_of(0, 0),))
    assert (lot_of(0, 0),) not in zone_lots(big, PLAIN_CIV)  # no Contractor, no renewal


def test_urban_renewal_demolishes_but_never_the_contractors_buildings(base) -> None:
    state = empty_city(base, [("CIV", ((0, 0),), 1), ("CIV", ((5, 5),), 2)])
    state = dataclasses.replace(state, offices=offices(contractor=2),
                                hands=with_seat(base.hands, 0, ("U1", permit("CIV", 1))))
    places = zone_lots(state, PLAIN_CIV)
    assert (lot_of(0, 0),) in places and (lot_of(5, 5),) not in places
    state = at_act(state, ap=6, contract_row=("X-CIV1", None, None, None, None))
    state, _ = play(R, state, ("build", "row", 0), ("lots", (lot_of(0, 0),)))
    assert "U1" in state.discard and "U1" not in state.hands[0]
    assert state.buildings[0] is None and state.buildings[-1].owner == 0


def test_neighbourhood_bonus_and_the_district_attorneys_double(base) -> None:
    near = [("CIV", ((0, 0),), 1), ("CIV", ((2, 2),), NOBODY), ("COM", ((1, 2),), 1)]
    hand = with_seat(base.hands, 0, (permit("CIV", 1), permit("CIV", 2)))
    state = at_act(empty_city(base, near), ap=6, hands=hand,
                   contract_row=("X-CIV1", "X-CIV1", None, None, None))
    once, _ = play(R, state, ("build", "row", 0), ("lots", (lot_of(1, 1),)),
                   ("permit", permit("CIV", 1)))
    assert sum(once.prestige[0]) == 2  # two CIV neighbours, the COM gives nothing
    da = at_act(state, offices=offices(district_attorney=0))
    first, _ = play(R, da, ("build", "row", 0), ("lots", (lot_of(1, 1),)),
                    ("permit", permit("CIV", 1)))
    assert sum(first.prestige[0]) == 4  # doubled: the first contract of the turn
    second, _ = play(R, first, ("build", "row", 1), ("lots", (lot_of(1, 0),)),
                     ("permit", permit("CIV", 2)))
    assert sum(second.prestige[0]) == 4 + 2  # next to (0, 0) and (1, 1): not doubled again


def test_the_rulebook_vocation_example(base) -> None:
    """Alex builds FACTORY-2 (2 for him); Sydney FACTORY-1 (1 each); Alex FACTORY-4: 8 for
    Alex (two markers), 4 for Sydney."""
    alex, sydney = 0, 1
    state = dataclasses.replace(base, wealth=(0,) * 4)
    state, _ = run_tasks(state, ("vocation", "factory", 2))
    state, _ = play(R, state, ("prestige", 1))
    assert sum(state.prestige[alex]) == 2
    state = dataclasses.replace(state, active=sydney)
    state, _ = run_tasks(state, ("vocation", "factory", 1))
    assert pending_prompt(R, state).player == sydney  # the active player's order
    state, _ = play(R, state, ("prestige", 0), ("prestige", 1))
    assert state.wealth[sydney] == 1 and sum(state.prestige[alex]) == 3
    state = dataclasses.replace(state, active=alex)
    state, _ = run_tasks(state, ("vocation", "factory", 4))
    split = pending_prompt(R, state)
    assert split.player == alex and len(split.options) == 3  # 8 prestige, 4 + 4, or 8 wealth
    state, _ = play(R, state, ("prestige", 1), ("prestige", 0))
    assert (state.wealth[alex], sum(state.prestige[alex])) == (4, 3 + 4)
    assert state.wealth[sydney] == 1 + 4


def test_a_vocation_is_taken_from_an_opponent_only_when_the_box_is_empty(base) -> None:
    factory = R.board.vocations.index("factory")
    full = tuple(with_seat((0,) * 6, factory, n) for n in (0, 1, 3, 0))
    state, _ = run_tasks(dataclasses.replace(base, vocations=full), ("vocation", "factory", 1))
    steal = pending_prompt(R, state)
    assert steal.kind == "steal" and steal.actions() == (("seat", 1), ("seat", 2))
    state, _ = play(R, state, ("seat", 2))
    assert [v[factory] for v in state.vocations] == [1, 1, 2, 0]


def test_the_police_chief_takes_wealth_and_prestige(base) -> None:
    factory = R.board.vocations.index("factory")
    state = dataclasses.replace(base, offices=offices(police_chief=1),
                                vocations=with_seat(base.vocations, 1, with_seat((0,) * 6,
                                                                                  factory, 2)))
    state, _ = run_tasks(state, ("vocation", "factory", 3))
    assert state.wealth[1] == 30 + 6 and sum(state.prestige[1]) == 6
    state, _ = play(R, state, ("prestige", 1))  # seat 0's own new marker
    assert sum(state.prestige[0]) == 3


def test_a_contract_restriction_filters_its_lots(base) -> None:
    by_water = make_contract("X-WATER", "CIV", 1, restriction=("near_edge", {"edge": "water"}))
    places = set(rules_with(by_water).placements(base, 0, by_water))
    assert places and all(lots[0] in R.board.water_lots for lots in places)


def test_deck_tops_cost_six_action_points(base) -> None:
    top = ("X-CIV1", None, None)
    state = at_act(base, ap=5, tops=top, hands=with_seat(base.hands, 0, (permit("CIV", 1),)))
    assert not any(a[1:] == ("top", 0) for a in pending_prompt(R, state).actions())
    state = at_act(state, ap=6)
    assert {("build", "top", 0), ("favour", "top", 0)} <= set(pending_prompt(R, state).actions())
    state, _ = play(R, state, ("favour", "top", 0))
    assert state.tops[0] is None and state.ap == 0 and state.favours[0] == ("X-CIV1",)
