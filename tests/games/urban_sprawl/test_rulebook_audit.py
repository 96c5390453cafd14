"""Urban Sprawl rules put right by the rulebook audit of issue 26, each a forced scenario."""

from __future__ import annotations

import dataclasses

from game.games.urban_sprawl.board import Permit, lot_of

from .support import after_setup, empty_city, pending_prompt, play, rules, run_tasks

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
