"""French Quarter state: a frozen State of tuples plus one Sheet per seat (the two paper sheets).

Buildings, streets, intersections and segments are referred to by their index in the `Board`.
A `Sheet` inside a State is never changed: `apply` copies every sheet before editing (cheap:
all its fields are ints, tuples or frozensets).

Pending work lives on a task stack (`State.tasks`, head first): each task is a tuple
(kind, seat, *args). Automatic tasks run inside `apply`; the head task that needs a decision
(or a die roll) is what `pending` shows. New tasks are pushed on the front so that every icon,
with all it triggers, is resolved before the next one (rulebook: Recordatorios).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.core import Event

# Phases (State.phase).
SETUP = "setup"  # chance: Second Line start die, Vacation cards, first player
PLAN = "plan"  # chance: one card per deck, the Mayor card, every die (Fase de planificación)
MOVE = "move"  # players pick dice and take their 4 actions (Fase de movimiento)
LINE = "line"  # Second Line advance and scoring, then maintenance
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
    order: tuple[int, ...]  # seats still to pick this round, in order (CARLY in solo)
    social: int  # who took the Socialize die this round (NOBODY, a seat, CARLY)
    line_start: int  # intersection where the public Second Line started, -1 before the die
    line_head: int  # the public Second Line's current intersection
    line_segs: frozenset[int]  # public Second Line segments drawn
    vac_pool: tuple[int, ...]  # Vacation cards not dealt (hidden)
    tasks: tuple[tuple, ...]  # pending work, head first (see module docstring)
    turn: int  # seat taking a turn now, NOBODY between turns
    die: tuple[str, int]  # the die picked this turn: (deck, value)
    card_deck: str  # deck whose card and movement this turn uses (Cultura C may change it)
    sheets: tuple[Sheet, ...]
    viewer: int | None = None


def build_state(src: object) -> State:
    """A State from the same-named attributes of `src` (apply's draft), without __init__.

    Unrolled slot setters on purpose: apply() builds one State per action and this is ~2.5x
    faster than a loop over the fields (tests check that every field arrives).
    """
    new = object.__new__(State)
    _set_players(new, src.players)
    _set_mayor(new, src.mayor)
    _set_tourism(new, src.tourism)
    _set_phase(new, src.phase)
    _set_round(new, src.round)
    _set_first(new, src.first)
    _set_decks(new, src.decks)
    _set_cards(new, src.cards)
    _set_mayor_deck(new, src.mayor_deck)
    _set_mayor_card(new, src.mayor_card)
    _set_dice(new, src.dice)
    _set_order(new, src.order)
    _set_social(new, src.social)
    _set_line_start(new, src.line_start)
    _set_line_head(new, src.line_head)
    _set_line_segs(new, src.line_segs)
    _set_vac_pool(new, src.vac_pool)
    _set_tasks(new, src.tasks)
    _set_turn(new, src.turn)
    _set_die(new, src.die)
    _set_card_deck(new, src.card_deck)
    _set_sheets(new, src.sheets)
    _set_viewer(new, src.viewer)
    return new


_SLOT = State.__dict__
_set_players = _SLOT["players"].__set__
_set_mayor = _SLOT["mayor"].__set__
_set_tourism = _SLOT["tourism"].__set__
_set_phase = _SLOT["phase"].__set__
_set_round = _SLOT["round"].__set__
_set_first = _SLOT["first"].__set__
_set_decks = _SLOT["decks"].__set__
_set_cards = _SLOT["cards"].__set__
_set_mayor_deck = _SLOT["mayor_deck"].__set__
_set_mayor_card = _SLOT["mayor_card"].__set__
_set_dice = _SLOT["dice"].__set__
_set_order = _SLOT["order"].__set__
_set_social = _SLOT["social"].__set__
_set_line_start = _SLOT["line_start"].__set__
_set_line_head = _SLOT["line_head"].__set__
_set_line_segs = _SLOT["line_segs"].__set__
_set_vac_pool = _SLOT["vac_pool"].__set__
_set_tasks = _SLOT["tasks"].__set__
_set_turn = _SLOT["turn"].__set__
_set_die = _SLOT["die"].__set__
_set_card_deck = _SLOT["card_deck"].__set__
_set_sheets = _SLOT["sheets"].__set__
_set_viewer = _SLOT["viewer"].__set__


class Draft:
    """A mutable scratch copy of a State for apply(); `freeze` builds the new State.

    Sheets are copied only when first edited (`sh`), so the input state stays intact. Slots and
    an unrolled __init__ because apply() makes one per action (tests check every field).
    """

    __slots__ = (*State.__slots__, "copied", "events")

    def __init__(self, s: State) -> None:
        self.players = s.players
        self.mayor = s.mayor
        self.tourism = s.tourism
        self.phase = s.phase
        self.round = s.round
        self.first = s.first
        self.decks = s.decks
        self.cards = s.cards
        self.mayor_deck = s.mayor_deck
        self.mayor_card = s.mayor_card
        self.dice = s.dice
        self.order = s.order
        self.social = s.social
        self.line_start = s.line_start
        self.line_head = s.line_head
        self.line_segs = s.line_segs
        self.vac_pool = s.vac_pool
        self.tasks = s.tasks
        self.turn = s.turn
        self.die = s.die
        self.card_deck = s.card_deck
        self.viewer = s.viewer
        self.sheets = list(s.sheets)
        self.copied = [False] * len(self.sheets)
        self.events: list[Event] = []

    def sh(self, seat: int) -> Sheet:
        """Seat's sheet, ready to edit (copied on first use)."""
        if not self.copied[seat]:
            self.sheets[seat] = self.sheets[seat].copy()
            self.copied[seat] = True
        return self.sheets[seat]

    def push(self, *tasks: tuple) -> None:
        """Put tasks on the front of the stack, in the given order."""
        self.tasks = tasks + self.tasks

    def freeze(self) -> State:
        """The new immutable State."""
        self.sheets = tuple(self.sheets)
        return build_state(self)
