"""Ticket to Ride: Paris state: one frozen dataclass of tuples, cheap to copy and compare.

Colours are indices into `board.COLORS` = (blue, red, white, yellow, green, purple, wild).
Card piles (hands, deck, discard) are 7-tuples of counts in that order: the draw pile is a
multiset, so drawing is a chance over colours weighted by count (this hides deck order for free).
Routes, locations and tickets are referred to by their index in the `Board` (ids in actions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.flow import drafting, memo_field

# Phases (State.phase), in the order a game goes through them. The task stack drives the game;
# the phase names what the table is doing for the scene and the bots.
SETUP = "setup"  # chance: deal 2 cards each, the face-up row, 2 tickets each
SETUP_TICKETS = "setup_tickets"  # simultaneous prompts: every seat keeps >= 1 of its 2 tickets
FIRST_PLAYER = "first_player"  # chance: the first player (rulebook, Preparación 4)
TURN = "turn"  # the current player picks one of the 3 actions (or passes if none is possible)
DRAW2 = "draw2"  # the second card of a draw action
PAY = "pay"  # choose which cards pay for the chosen route
FLAG = "flag"  # keep one card of a blue/white/red route in front of you for the French flag?
KEEP_TICKETS = "keep_tickets"  # keep >= 1 of the tickets just drawn
OVER = "over"  # the game has ended

EMPTY = -1  # an empty face-up slot, an unclaimed route, a hidden ticket


# Not slots=True on purpose: with a plain instance dict, the kit's draft copies a state in and
# builds the next one with a single dict copy (slots need one call per field; 2x slower here).
@dataclass(frozen=True)
class State:
    """The whole game. Views (`rules.view`) are the same class with hidden fields redacted.

    Per-seat fields are tuples indexed by seat. Hidden parts in a view: other seats' `hands`
    and `tickets` become None (sizes stay in `hand_sizes`; ticket counts are secret per the
    rulebook), other seats' `offered` tickets become EMPTY placeholders, and `deck`,
    `ticket_pool` and `ticket_bottom` become None (sizes stay in `deck_size` and
    `ticket_deck_size`). `viewer` is the seat a view was made for, -1 for a spectator's view, None
    in the full state (only the full state can be applied to).

    `tasks` is the turn kit's stack (game.engine.flow), head first; it holds nothing secret:
    ("card", "hand"|"draw", seat) and ("card", "row", slot) are cards owed, ("ticket", seat) a
    ticket owed, ("setup_tickets",) the setup keep, ("first_player",) the first player's draw,
    ("turn"|"draw2"|"pay"|"flag"|"keep_tickets", seat) a decision, ("enter", phase) a phase change.
    """

    players: int
    phase: str
    current: int  # seat whose turn it is; -1 before the first player is chosen
    hands: tuple[tuple[int, ...] | None, ...]  # per seat: 7 colour counts
    hand_sizes: tuple[int, ...]
    buses: tuple[int, ...]  # buses left per seat (15 at the start)
    route_points: tuple[int, ...]  # points scored by claimed routes per seat
    flags: tuple[int, ...]  # French flags completed per seat (4 points each)
    front: tuple[tuple[int, int, int], ...]  # per seat: flag cards in front (blue, white, red) 0/1
    owners: tuple[int, ...]  # per route index: the seat that claimed it, or EMPTY
    deck: tuple[int, ...] | None  # colour counts of the draw pile
    deck_size: int
    discard: tuple[int, ...]  # colour counts of the discard pile (face up, public)
    row: tuple[int, ...]  # the face-up slots: colour index or EMPTY
    tickets: tuple[tuple[int, ...] | None, ...]  # per seat: kept ticket indices, in keep order
    offered: tuple[tuple[int, ...], ...]  # per seat: tickets drawn but not yet chosen
    ticket_pool: tuple[int, ...] | None  # ticket deck, unknown order (sorted indices)
    ticket_bottom: tuple[int, ...] | None  # returned tickets in order, drawn once the pool is out
    ticket_deck_size: int
    claim: tuple[int, ...]  # during PAY: (route,); during FLAG: (route, colour cards, wilds)
    drawn: int  # cards taken so far in the current draw action
    final_turns: int  # -1 until the last round starts; then turns left in the game
    passes: int  # consecutive passes; a full table of passes ends a stuck game
    turn: int  # turns started so far
    tasks: tuple[tuple, ...]  # what happens next, head first (see above)
    viewer: int | None = None
    memo: Any = memo_field()  # the kit's cache of `pending` (not compared, not copied)


# The kit's mutable copy of a State that handlers edit (push/pop/emit; `task`: the task handled).
StateDraft = drafting(State)
