"""Urban Sprawl state: the frozen match state, its decks, and the city queries every rule uses.

Pure data and pure functions: the rules (rules.py) and the effect vocabulary (effects.py) read a
state or edit its draft through the helpers here (`gain`, `lose`, `block_value`...).
"""

from __future__ import annotations

from bisect import bisect
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.engine.flow import memo_field

# Where prestige came from: the breakdown `scores` shows (the rulebook's sources of prestige).
SOURCES = ("neighbourhood", "vocations", "payouts", "cards", "final_payout", "wealth",
           "politicians")
SOURCE_INDEX = {name: i for i, name in enumerate(SOURCES)}
NOBODY = -1
HIDDEN_CARD = "?"  # what a view shows for a card its viewer may not see


class Building(NamedTuple):
    """A building tile on the city grid: its zone (or PARK), the lots it covers, its controller."""

    zone: str
    lots: tuple[int, ...]
    owner: int  # NOBODY when no cube is on it


@dataclass(frozen=True, slots=True)
class Deck:
    """A face-down deck as a multiset plus where its stacked events may lie.

    The rulebook stacks each deck so that its events sit in a window of positions (a contract
    deck's named event among draws 16-22; the planning deck's 14 events among its last 28
    cards); a contract deck's typed events are shuffled with its contracts (Board.stacked).
    Drawing uniformly among the cards allowed at the current position gives exactly the
    stacked deck's odds, so the deck order never has to exist (see `UrbanSprawl._ask_reveal`).
    """

    cards: tuple[str, ...]  # what is left, sorted (events included)
    drawn: int = 0  # cards drawn since it was stacked or last shuffled
    window: tuple[int, int] = (1, 0)  # 1-based draw positions where stacked events come out
    # (its stacked events, its other cards), both sorted: derived from `cards`, filled in by
    # DeckMixin.deck_split and handed on to the deck left after a draw (a cache: not compared).
    split: Any = field(default=None, init=False, compare=False, repr=False)


class _DeckLayout:
    """Deck's slots, plainly settable: make_deck fills one and makes it a Deck (`__class__`:
    the same slots, so the same layout), about half the cost of a frozen slot's setter call
    per field."""

    __slots__ = Deck.__slots__


def make_deck(cards: tuple[str, ...], drawn: int, window: tuple[int, int],
              split: tuple[tuple[str, ...], tuple[str, ...]] | None) -> Deck:
    """Deck(cards, drawn, window) with its split known, without the frozen __init__'s setattr
    per field (one per card drawn)."""
    deck = object.__new__(_DeckLayout)
    deck.cards = cards
    deck.drawn = drawn
    deck.window = window
    deck.split = split
    deck.__class__ = Deck
    return deck


@dataclass(frozen=True)  # no slots: the turn kit's draft of a dict-backed state is one dict
class State:                # copy in and none out, not ~40 attribute copies each way per step
    """The whole match; `tasks` is the turn kit's stack (game.engine.flow)."""

    players: int
    wealth: tuple[int, ...]
    prestige: tuple[tuple[int, ...], ...]  # per seat, per SOURCES
    lots: tuple[int, ...]  # per lot, the building id on it or NOBODY
    buildings: tuple[Building | None, ...]  # by building id (None once demolished)
    # Per city.GRID_ZONES entry, the bit mask of the lots its buildings cover (bit `lot`):
    # derived from `buildings`, kept in step by city.place/demolish, read by the placement search.
    zone_lots: tuple[int, ...]
    # Per seat, the bit mask of the first lot of each building it controls: derived from
    # `buildings`, kept in step by city.place/demolish/set_owner; a row's payout counts its bits.
    anchors: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]  # planning cards in front of each seat (public)
    favours: tuple[tuple[str, ...], ...]  # contracts each seat holds as Favours
    extra_favour: int  # seat holding the Extra Favour tile, or NOBODY
    vocations: tuple[tuple[int, ...], ...]  # per seat, markers held per vocation
    offices: tuple[int, ...]  # holder per OFFICES entry, or NOBODY
    politicians_in_play: bool  # after the Airport: the four zone politicians can be elected
    contractor_in_play: bool  # after the Sports Team
    election_pos: int  # the pawn's square on the election track
    markers: tuple[int, ...]  # circle of each MARKERS entry, or NOBODY before it enters play
    values: tuple[int, ...]  # each block's value (derived from the markers, kept in step)
    # The highest/lowest block value markers: (blocks at the city's highest value, blocks at its
    # lowest), derived from `values` and kept in step with it (city.value_marks).
    value_marks: tuple[tuple[int, ...], tuple[int, ...]]
    planning_row: tuple[str | None, ...]
    # Per planning row slot: the card there lies face down (the four dealt at setup, until taken);
    # views show "?" there (HIDDEN_CARD).
    planning_face_down: tuple[bool, ...]
    planning_top: str | None  # the face-up top card of the planning deck
    planning_deck: Deck
    discard: tuple[str, ...]  # the planning discard pile (sorted)
    contract_row: tuple[str | None, ...]
    tops: tuple[str | None, ...]  # face-up top card of the town, city and metropolis decks
    decks: tuple[Deck, ...]  # town, city, metropolis
    active_decks: int  # 1: town only; 2: + city; 3: + metropolis
    active: int  # the seat holding the Active Player tile
    ap: int  # action points left this turn
    builds: int  # contracts built this turn (the District Attorney doubles the first bonus)
    # Turns in a row in which no contract left the offer (rules.py: "a stalled offer", ours).
    stalled_turns: int
    over: bool
    tasks: tuple[tuple, ...]
    # Per seat, where its prestige came from term by term, for the results (rules.details):
    # (term, points, times) entries in the order first scored, a term being (source, ...) as
    # _add_prestige makes it (which card, row, vocation, office...). Their points per source
    # add up to `prestige`.
    ledger: tuple[tuple[tuple[tuple, int, int], ...], ...] = ()
    effect_card: str = ""  # the card whose effect runs now: its prestige terms name it
    viewer: int | None = None  # set on views: apply refuses them
    memo: Any = memo_field()
    # What the placement search found for this city (city.CityMemo): a cache, shared by every
    # state holding the same city tuples, checked against them before each use.
    city_memo: Any = memo_field()
    # (the ledger, per seat {term: its index}) of a ledger (ledger_indexes): a cache, carried
    # along drafts, checked against the ledger before each use.
    ledger_terms: Any = memo_field()


def total_prestige(s: Any, seat: int) -> int:
    """A seat's prestige, all sources together."""
    return sum(s.prestige[seat])


def gain(s: Any, seat: int, resource: str, amount: int, source: str | tuple) -> None:
    """Give `amount` wealth or prestige (from `source`: a SOURCES name, or a ledger term led
    by one) to a seat of a draft."""
    if amount <= 0:
        return
    if resource == "wealth":  # replaced(), written out: wealth moves many times a turn
        wealth = list(s.wealth)
        wealth[seat] += amount
        s.wealth = tuple(wealth)
    else:
        source = _add_prestige(s, seat, source, amount)
        if s.loud:  # a quiet draft's emit records nothing (flow.DraftBase.loud)
            s.emit("prestige", seat, amount=amount, source=source)


def lose(s: Any, seat: int, resource: str, amount: int, source: str | tuple) -> int:
    """A mandatory loss: the seat loses what it can of `amount` (rulebook: incomplete payments);
    returns what was actually lost."""
    held = s.wealth[seat] if resource == "wealth" else total_prestige(s, seat)
    taken = min(held, amount)
    if taken <= 0:
        return 0
    if resource == "wealth":
        wealth = list(s.wealth)
        wealth[seat] -= taken
        s.wealth = tuple(wealth)
    else:
        source = _add_prestige(s, seat, source, -taken)
        if s.loud:
            s.emit("prestige", seat, amount=-taken, source=source)
    return taken


def can_pay(s: Any, seat: int, resource: str, amount: int) -> bool:
    """An optional payment needs the whole amount (rulebook: incomplete payments)."""
    held = s.wealth[seat] if resource == "wealth" else total_prestige(s, seat)
    return held >= amount


def _add_prestige(s: Any, seat: int, source: str | tuple, delta: int) -> str:
    """Add `delta` to a seat's prestige from one source, on a draft, and to its ledger term
    (a card's effects are put under the card that runs: `effect_card`); returns the source."""
    if source.__class__ is tuple:
        term, source = source, source[0]
    else:
        term = (source, s.effect_card) if source == "cards" else (source,)
    prestige = list(s.prestige)  # replaced() twice, written out: prestige moves often
    row = list(prestige[seat])
    row[SOURCE_INDEX[source]] += delta
    prestige[seat] = tuple(row)
    s.prestige = tuple(prestige)
    ledger, known = s.ledger, getattr(s, "ledger_terms", None)
    indexes = known[1] if known is not None and known[0] is ledger else ledger_indexes(ledger)
    index = indexes[seat]
    i = index.get(term)
    ledger = list(ledger)
    entries = ledger[seat]
    if i is None:
        ledger[seat] = (*entries, (term, delta, 1))
        # A new dict for the seat: the old one stays with the states that share it.
        indexes = replaced(indexes, seat, {**index, term: len(entries)})
    else:  # replaced(), written out
        _, points, times = entries[i]
        entries = list(entries)
        entries[i] = (term, points + delta, times + 1)
        ledger[seat] = tuple(entries)
    s.ledger = ledger = tuple(ledger)
    s.ledger_terms = (ledger, indexes)
    return source


def ledger_indexes(ledger: tuple) -> tuple[dict[tuple, int], ...]:
    """Per seat, {ledger term: its entry's index} (a seat's ledger holds ~20 terms: a dict
    rather than a search along them each time prestige moves). A state keeps it in
    `ledger_terms` with the ledger it was made for (checked by identity; a new state or its
    first draft has none yet)."""
    return tuple({entry[0]: i for i, entry in enumerate(entries)} for entries in ledger)


def replaced(values: tuple, index: int, value: Any) -> tuple:
    """`values` with entry `index` set to value."""
    # Through a list: two new containers where slicing and concatenating make five (every
    # container made counts towards the next garbage collection, in a playout's hot loop).
    out = list(values)
    out[index] = value
    return tuple(out)


def inserted(values: tuple, value: Any) -> tuple:
    """A sorted tuple with `value` added where it sorts (tuple(sorted((*values, value))))."""
    out = list(values)  # a list's insert: fewer containers than slicing and joining
    out.insert(bisect(values, value), value)
    return tuple(out)


def seats_from(s: Any, first: int) -> tuple[int, ...]:
    """Every seat clockwise from `first` (the active player's order for group decisions)."""
    return _SEATS_FROM[s.players][first]


# [players][first seat] -> seats_from's answer, made once (asked several times a turn).
_SEATS_FROM = tuple(tuple(tuple((first + k) % players for k in range(players))
                          for first in range(players)) for players in range(9))
