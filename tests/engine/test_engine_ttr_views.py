"""Ticket to Ride: Paris views hide hands, tickets and deck order (runs once its rules exist).

The re-dealing of hidden information lives here, on the test side, so the check does not trust
the rules to describe their own secrets.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from engine_support import snapshot, walk

ttr_rules = pytest.importorskip(
    "game.games.ticket_to_ride_paris.rules", reason="Ticket to Ride: Paris rules not written yet"
)
from game.engine.core import Config

COLORS = 7
OVER = "over"


def random_pile(size: int, rng: random.Random) -> tuple[int, ...]:
    """Colour counts of `size` random cards."""
    counts = [0] * COLORS
    for color in rng.choices(range(COLORS), k=size):
        counts[color] += 1
    return tuple(counts)


def redeal(rules, state, seat: int | None, rng: random.Random):
    """A state differing from `state` only in what `seat` may not see."""
    tickets = range(len(rules.board.tickets))
    mine = [seat]
    return dataclasses.replace(
        state,
        hands=tuple(
            h if s in mine or h is None else random_pile(sum(h), rng)
            for s, h in enumerate(state.hands)
        ),
        tickets=tuple(
            t
            if s in mine or t is None or state.phase == OVER
            else tuple(rng.sample(tickets, len(t)))
            for s, t in enumerate(state.tickets)
        ),
        offered=tuple(
            o if s in mine else tuple(rng.sample(tickets, len(o)))
            for s, o in enumerate(state.offered)
        ),
        deck=None if state.deck is None else random_pile(sum(state.deck), rng),
        ticket_pool=None
        if state.ticket_pool is None
        else tuple(sorted(rng.sample(tickets, len(state.ticket_pool)))),
        ticket_bottom=None
        if state.ticket_bottom is None
        else tuple(rng.sample(tickets, len(state.ticket_bottom))),
    )


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
            other = redeal(rules, state, seat, rng)
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
