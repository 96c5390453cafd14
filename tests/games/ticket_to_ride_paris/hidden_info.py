"""Ticket to Ride: Paris has no `randomize_hidden`: the conformance suite re-deals with this.

`redeal` returns a state that differs from the given one only in what `seat` may not see; the
conformance suite then checks that the seat's view does not change. Living on the test side, it
does not trust the rules to describe their own secrets.
"""

from __future__ import annotations

import dataclasses
import random

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
