"""Ticket to Ride: Paris views hide hands, tickets and deck order (runs once its rules exist).

The re-dealing of hidden information lives on the test side
(tests/games/ticket_to_ride_paris/hidden_info.py), so the check does not trust the rules to
describe their own secrets.
"""

from __future__ import annotations

import random

import pytest
from engine_support import redealer_for, snapshot, walk

from game.engine.core import Config
from game.games.ticket_to_ride_paris import rules as ttr_rules
from game.games.ticket_to_ride_paris.state import OVER

redeal_ttr = redealer_for("ticket_to_ride_paris")


@pytest.fixture(scope="module")
def rules():
    """The shared rules engine."""
    return ttr_rules.TicketToRideParis()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_are_invariant_under_redealt_secrets(rules, players: int) -> None:
    rng = random.Random(players)
    changed = 0
    for state, _, _ in walk(rules, Config(players), random.Random(players)):
        for seat in [*range(players), None]:
            other = redeal_ttr(rules, state, seat, rng)
            changed += snapshot(other) != snapshot(state)
            assert snapshot(rules.view(other, seat)) == snapshot(rules.view(state, seat)), (
                f"seat {seat} sees a secret in phase {state.phase}"
            )
    assert changed, "the re-deal never changed anything: the check proved nothing"


def test_views_redact_others_hands_tickets_and_the_decks(rules) -> None:
    seen_hand = False
    for state, _, _ in walk(rules, Config(3), random.Random(9)):
        for seat in (0, 1, 2, None):
            view = rules.view(state, seat)
            assert view.deck is None and view.ticket_pool is None and view.ticket_bottom is None
            assert view.hand_sizes == state.hand_sizes and view.deck_size == state.deck_size
            for other in range(3):
                if other == seat:
                    assert view.hands[other] == state.hands[other]
                    assert view.tickets[other] == state.tickets[other]
                    seen_hand |= bool(state.hands[other] and sum(state.hands[other]))
                else:
                    assert view.hands[other] is None
                    assert state.phase == OVER or view.tickets[other] is None
    assert seen_hand, "some seat held cards during the game"
