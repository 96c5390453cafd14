"""French Quarter state: a frozen State of tuples plus one Sheet per seat (the two paper sheets).

Buildings, streets, intersections and segments are referred to by their index in the `Board`.
A `Sheet` inside a State is never changed: the draft copies a sheet before its first edit (cheap:
all its fields are ints, tuples or frozensets).

Everything still to happen lives on the task stack (`State.tasks`, head first; see
game.engine.flow): each task is a tuple (kind, seat, *args), NOBODY as the seat of chance and
round tasks. New tasks are pushed on the front so that every icon, with all it triggers, is
resolved before the next one (rulebook: Recordatorios). `phase` names the part of the round the
stack is in (the scene and the bot read it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.flow import drafting, memo_field

# Phases (State.phase).
SETUP = "setup"  # chance: Second Line start die, Vacation cards, first player
PLAN = "plan"  # chance: one card per deck, the Mayor card, every die (Fase de planificación)
MOVE = "move"  # players pick dice and take their 4 actions (Fase de movimiento)
LINE = "line"  # Second Line advance and scoring, then maintenance (Fase de mantenimiento)
OVER = "over"

CARLY = -2  # Mayor Carly's pseudo-seat in the solo pick order (she never gets a prompt)
NOBODY = -1
W = 7  # a building mapped with "W" (Compras A/C) instead of a die value
HIDDEN = -1  # a Vacation card another seat may not see


@dataclass(slots=True)
class Sheet:
    """One seat's two sheets: map values, meters, artists, Second Line and tourist position."""

    pos: int  # building index of the tourist
    mapped: tuple[int, ...]  # per building: 0 empty, 1-6 a value, W
    meters: tuple[int, ...]  # boxes marked per activity (food, culture, shopping, myst., party)
    mults: tuple[int, ...]  # multipliers marked per activity
    bonuses: tuple[int, ...]  # bonuses unlocked per activity (A=1, B=2...)
    crossed: tuple[int, ...]  # Culture boxes crossed out by Fiesta A
    umbrellas: int  # umbrella boxes marked (30)
    line: int  # Second Line boxes marked (60)
    top: int  # artists marked in the top row (bit mask over ARTISTS)
    bottom: int  # artists marked in the bottom row
    art: int  # artist meter boxes marked (16)
    boost_used: bool  # Cultura A spent
    swap_used: bool  # Cultura C spent
    w_used: int  # "W" writes spent (Compras A gives 1, Compras C 2 more)
    police: int  # Fiesta C: 0 not unlocked, -1 unlocked (move at end of turn), 1-6 the value
    p_head: int  # personal Second Line: current intersection, -1 if not started
    p_segs: frozenset[int]  # personal Second Line segments drawn
    courtyards: tuple[int, ...]  # courtyard buildings visited (sorted)
    riverwalk: int  # Riverwalk visits marked (0-2)
    vacation: int  # Vacation card index, -1 without Tourism or when hidden

    def copy(self) -> Sheet:
        """A shallow copy (every field is immutable).

        Unrolled on purpose: apply() copies a sheet for almost every action, and plain
        assignments are ~15x faster than a loop over the slots (tests check every field).
        """
        new = object.__new__(Sheet)
        new.pos = self.pos
        new.mapped = self.mapped
        new.meters = self.meters
        new.mults = self.mults
        new.bonuses = self.bonuses
        new.crossed = self.crossed
        new.umbrellas = self.umbrellas
        new.line = self.line
        new.top = self.top
        new.bottom = self.bottom
        new.art = self.art
        new.boost_used = self.boost_used
        new.swap_used = self.swap_used
        new.w_used = self.w_used
        new.police = self.police
        new.p_head = self.p_head
        new.p_segs = self.p_segs
        new.courtyards = self.courtyards
        new.riverwalk = self.riverwalk
        new.vacation = self.vacation
        return new


@dataclass(frozen=True, slots=True)
class State:
    """The whole game. Views are the same class with hidden parts redacted (`viewer` set)."""

    players: int
    mayor: bool  # Mayor variant (always on in solo)
    tourism: bool  # Tourism expansion (Vacation cards)
    phase: str
    round: int  # 1-8
    first: int  # seat holding the first-player marker; -1 before it is chosen
    decks: tuple[tuple[int, ...], ...]  # per deck: card indices not yet revealed (no order)
    cards: tuple[int, ...]  # per deck: this round's revealed card, -1 none/out of play
    mayor_deck: tuple[int, ...]  # Mayor cards not yet revealed
    mayor_card: int  # this round's Mayor card, -1 none
    dice: tuple[tuple[str, int, int], ...]  # (deck, value 0 = not rolled, taker or NOBODY)
    social: int  # who took the Socialize die this round (NOBODY, a seat, CARLY)
    line_start: int  # intersection where the public Second Line started, -1 before the die
    line_head: int  # the public Second Line's current intersection
    line_segs: frozenset[int]  # public Second Line segments drawn
    vac_pool: tuple[int, ...]  # Vacation cards not dealt (hidden)
    tasks: tuple[tuple, ...]  # what happens next, head first (see module docstring)
    turn: int  # seat taking a turn now, NOBODY between turns
    die: tuple[str, int]  # the die picked this turn: (deck, value)
    card_deck: str  # deck whose card and movement this turn uses (Cultura C may change it)
    sheets: tuple[Sheet, ...]
    over: bool = False  # True once phase is OVER: the kit reads it (TurnRules.over_field)
    viewer: int | None = None
    memo: Any = memo_field()  # the kit's cache of pending(state)


class Draft(drafting(State, extra=("copied",))):
    """apply's scratch copy of a State (game.engine.flow) that copies a sheet only when it is
    first edited (`sh`), so the input state stays intact."""

    __slots__ = ()

    def __init__(self, s: State) -> None:
        super().__init__(s)
        self.copied = 0  # bit per seat whose sheet is already this draft's own copy

    def release(self) -> None:
        """A snapshot now holds this draft's sheets: copy each again before its next edit."""
        self.copied = 0

    def sh(self, seat: int) -> Sheet:
        """Seat's sheet, ready to edit (copied on first use)."""
        sheets = self.sheets
        if not self.copied >> seat & 1:
            self.copied |= 1 << seat
            self.sheets = sheets = (*sheets[:seat], sheets[seat].copy(), *sheets[seat + 1:])
        return sheets[seat]


def with_item(t: tuple, i: int, v: Any) -> tuple:
    """Tuple `t` with item i replaced by v."""
    # Through a list: a third faster than slicing and concatenating (called every step).
    items = list(t)
    items[i] = v
    return tuple(items)
