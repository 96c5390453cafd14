"""Hand-built Ticket to Ride positions shared by the bot and rollout-policy tests."""

from __future__ import annotations

import dataclasses

from game.engine.core import Config
from game.engine.match import Match
from game.games.ticket_to_ride_paris.board import COLOR_INDEX

ROW = ("red", "green", "purple", "yellow", "white")


def start(rules, hands, tickets, row=ROW) -> Match:
    """A 2-player match after a forced setup (each seat keeps both tickets); seat 0 to play."""
    m = Match(rules, Config(2), seed=0)
    for k in range(2):
        for seat in range(2):
            m.apply_chance(hands[seat][k])
    for color in row:
        m.apply_chance(color)
    for k in range(2):
        for seat in range(2):
            m.apply_chance(tickets[seat][k])
    for seat in range(2):
        m.apply(seat, ("keep", tickets[seat]))
    m.apply_chance(0)
    return m


def with_state(m: Match, **changes) -> Match:
    """A copy of match `m` whose state has `changes` applied."""
    m2 = Match(m.rules, m.config, 0)
    m2.state = dataclasses.replace(m.state, **changes)
    return m2


def hand(**counts: int) -> tuple[int, ...]:
    """A 7-colour hand from colour-name counts."""
    cards = [0] * 7
    for color, n in counts.items():
        cards[COLOR_INDEX[color]] = n
    return tuple(cards)


def owned(rules, m: Match, seat_routes: dict[int, tuple[str, ...]]) -> tuple[int, ...]:
    """The owners tuple of `m` with the given routes claimed by the given seats."""
    owners = list(m.state.owners)
    for seat, ids in seat_routes.items():
        for rid in ids:
            owners[rules.board.route_index[rid]] = seat
    return tuple(owners)
