"""Ticket to Ride: Paris search hooks: a full state sampled from one seat's view, fast rollouts.

What a view hides: other seats' hands (their sizes show), the draw pile's colours, other seats'
tickets (even how many: the rulebook keeps ticket counts secret), the tickets they were offered,
and the ticket deck. A sample deals the cards nobody can see (the whole deck minus the seat's
hand, the discard, the face-up row, the flag cards in front and a claim being paid) into the
other hands and the draw pile, and the tickets the seat has not seen among the other seats and
the ticket deck.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.engine.search import SearchHooks, epsilon_rollout

from .board import COLORS, FLAG_COLORS, WILD
from .rollout import fast_rollout
from .rules import TicketToRideParis
from .state import EMPTY, FLAG, OVER, State

ROLLOUT_EPSILON = 0.05  # a random move now and then keeps rollouts from all playing alike


def hooks() -> SearchHooks:
    """Sampled states, rollouts by the fast policy of rollout.py (the heuristic's plan on
    paths listed once per board: the heuristic's own Dijkstra searches held the search to
    ~115 rollouts a CPU second), the heuristic's best 5 moves compared at the root."""
    return SearchHooks(determinize=determinize,
                       rollout=epsilon_rollout(fast_rollout, ROLLOUT_EPSILON),
                       root_moves=5)


def unseen_cards(rules: TicketToRideParis, view: State, player: int) -> list[int]:
    """Per colour, the cards `player` cannot see: in other hands or in the draw pile."""
    known = [0] * len(COLORS)
    piles = [view.hands[player], view.discard]
    for pile in piles:
        for color, count in enumerate(pile):
            known[color] += count
    for color in view.row:
        if color != EMPTY:
            known[color] += 1
    for front in view.front:
        for slot, kept in enumerate(front):
            known[FLAG_COLORS[slot]] += kept
    if view.phase == FLAG:  # the paid cards are between the hand and the discard pile
        route, k, w = view.claim
        known[rules.board.routes[route].color] += k
        known[WILD] += w
    return [total - seen for total, seen in zip(rules.board.deck, known)]


def deal(pool: list[int], size: int, rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
    """`size` random cards (colour counts) out of `pool`; the counts dealt and what is left."""
    cards = [color for color, count in enumerate(pool) for _ in range(count)]
    taken = rng.sample(cards, size)
    hand = [0] * len(pool)
    for color in taken:
        hand[color] += 1
    return tuple(hand), [left - got for left, got in zip(pool, hand)]


def determinize(rules: TicketToRideParis, view: State, player: int,
                rng: random.Random) -> State:
    """A full state `view` could come from, its hidden cards and tickets dealt at random."""
    pool = unseen_cards(rules, view, player)
    hands = list(view.hands)
    for seat in range(view.players):
        if seat != player:
            hands[seat], pool = deal(pool, view.hand_sizes[seat], rng)
    if view.phase == OVER:  # every ticket is shown
        return replace(view, hands=tuple(hands), deck=tuple(pool), viewer=None)
    tickets, offered, ticket_pool = deal_tickets(rules, view, player, rng)
    return replace(view, hands=tuple(hands), deck=tuple(pool), tickets=tickets, offered=offered,
                   ticket_pool=ticket_pool, ticket_bottom=(), viewer=None)


def deal_tickets(rules: TicketToRideParis, view: State, player: int, rng: random.Random):
    """(tickets, offered, ticket pool): the tickets `player` has not seen, dealt at random.

    Other seats' ticket counts are secret: the kept ones are shared out as evenly as possible
    (a seat keeps at least one at setup, and most draw about as often as the others)."""
    seen = set(view.tickets[player]) | set(view.offered[player])
    unseen = [t for t in range(len(rules.board.tickets)) if t not in seen]
    rng.shuffle(unseen)
    others = [seat for seat in range(view.players) if seat != player]
    offered = list(view.offered)
    for seat in others:
        offered[seat] = tuple(unseen.pop() for _ in view.offered[seat])
    ticket_pool = tuple(sorted(unseen.pop() for _ in range(view.ticket_deck_size)))
    tickets = list(view.tickets)
    kept = len(unseen)
    for rank, seat in enumerate(rng.sample(others, len(others))):
        count = kept // len(others) + (rank < kept % len(others))
        tickets[seat] = tuple(unseen.pop() for _ in range(count))
    return tuple(tickets), tuple(offered), ticket_pool
