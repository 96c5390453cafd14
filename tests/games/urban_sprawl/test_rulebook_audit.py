"""Urban Sprawl rules put right by the rulebook audit of issue 26, each a forced scenario."""

from __future__ import annotations

import dataclasses

from game.engine.core import Config
from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import Permit, lot_of
from game.games.urban_sprawl.state import SOURCES

from .support import (
    after_setup,
    at_act,
    empty_city,
    make_contract,
    pending_prompt,
    permit,
    play,
    rules,
    rules_with,
    run_tasks,
    settle,
)

R = rules()


def _ballot_permit(state, value: int) -> str:
    """A permit still in the planning deck with a ballot icon and wealth payout `value`."""
    return next(c for c in state.planning_deck.cards if isinstance(R.board.cards[c], Permit)
                and R.board.cards[c].ballot and R.board.cards[c].payout == value)


def test_the_election_comes_before_the_payout_of_the_same_card() -> None:
    """Rulebook: the payout comes "después de cualquier elección activada por la misma carta".
    Column 6 holds 2/2/1 buildings (seats 0, 1, 2: 9 shared by two, 1 for the third); seat 2
    wins the Mayor's election, and its park in that column makes a three-way tie of 10."""
    state = empty_city(after_setup(4), [
        ("COM", ((0, 10),), 0), ("RES", ((4, 11),), 0),
        ("IND", ((8, 10),), 1), ("CIV", ((11, 11),), 1),
        ("COM", ((2, 10),), 2)])
    state = dataclasses.replace(state, wealth=(0,) * 4, election_pos=4, planning_top=None,
                                vocations=((0,) * 6, (0,) * 6, (1,) + (0,) * 5, (0,) * 6))
    card = _ballot_permit(state, 6)
    state, _ = run_tasks(state, ("reveal", "planning", ("top",), True))
    state, _ = R.apply(state, None, card)
    park = pending_prompt(R, state)
    assert (park.kind, park.player) == ("place_park", 2)  # the election, before any payout
    assert state.wealth == (0,) * 4
    state, _ = play(R, state, ("lot", lot_of(6, 10)))
    assert state.wealth == (3, 3, 3, 0)


def test_these_rows_are_the_rows_payouts_pay() -> None:
    """Rulebook: "una fila siempre está compuesta por 6 o 12 bloques". A building's "these
    rows" (a card's effect) and the prestige payouts read the same rows: the new CIV in block
    row 0 counts the RES in block row 1 of another column (both in prestige row 3, 12 blocks),
    and a payout of prestige row 3 counts both too."""
    crafted = make_contract("X1", "CIV", 1, effects=[(
        "gain_per_building", {"resource": "prestige", "amount": 1, "zone": "RES", "size": 0,
                              "scope": "rows"})])
    r = rules_with(crafted)
    state = empty_city(after_setup(3), [("RES", ((2, 0),), 1), ("RES", ((11, 11),), 1)])
    state = dataclasses.replace(state, hands=((permit("CIV", 1),), (), ()),
                                contract_row=("X1", *state.contract_row[1:]), wealth=(50,) * 3)
    state = at_act(state)
    state, _ = play(r, state, ("build", "row", 0), ("lots", (lot_of(0, 6),)),
                    ("permit", permit("CIV", 1)))
    assert state.prestige[0][SOURCES.index("cards")] == 1  # the RES of block (1, 0) only
    across, _ = R.board.rows_of_block[0]
    assert across == R.board.printed_rows[("prestige", 3)] and len(across) == 12
    paid, _ = run_tasks(dataclasses.replace(state, tasks=()),
                        ("payout", "prestige", 3, "payouts"))
    # Seats 0 and 1 have one building each in that row: they share 4 + 2 (3 players).
    assert paid.prestige[1][SOURCES.index("payouts")] == 3


def test_the_media_tie_break_decides_a_drafted_tie() -> None:
    """Setup: Media to the wealthiest, ties to whoever controls more "edificios residenciales
    (púrpura) de valor 4". Two players draft 32 wealth of buildings each; seat 1 holds both
    value-4 RES, so Media goes to seat 1 with no one asked to break the tie."""
    r = R
    state = settle(r.initial_state(Config(2)))
    fours = [bid for bid, b in enumerate(state.buildings) if b.zone == "RES"
             and city.building_value(r.board, state, bid) == 4]
    assert len(fours) == 2
    rest = sorted((b for b in range(12) if b not in fours),
                  key=lambda b: city.building_value(r.board, state, b))
    picks = _equal_split(r, state, fours, rest)
    for seat0, seat1 in zip(*picks):
        state, _ = r.apply(state, 0, ("building", seat0))
        state, _ = r.apply(settle(state), 1, ("building", seat1))
        state = settle(state)
    assert state.wealth[0] == state.wealth[1]
    media = r.board.vocations.index("media")
    assert [v[media] for v in state.vocations] == [0, 1]
    assert pending_prompt(r, state).kind in ("invest", "act")


def _equal_split(r, state, fours: list[int], rest: list[int]) -> tuple[list[int], list[int]]:
    """Six buildings for each seat of equal total value, seat 1's holding `fours`."""
    from itertools import combinations

    value = {b: city.building_value(r.board, state, b) for b in range(12)}
    half = sum(value.values()) // 2
    for extra in combinations(rest, 4):
        if sum(value[b] for b in (*fours, *extra)) == half:
            return [b for b in rest if b not in extra], [*fours, *extra]
    raise AssertionError("no equal split")
