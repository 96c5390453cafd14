"""Urban Sprawl level data: levels/urban_sprawl/board.toml and cards.toml, checked on load.

Both files are declared with the engine's schema specs. A card's effects and restriction are
tagged tables (`{ kind = "gain", resource = "wealth", amount = 3 }`) read by `Tagged` against the
closed vocabulary of effects.py: an unknown kind or a bad parameter fails on load with file and
field. Counts the schema cannot state (the rulebook's 165 cards deck by deck, 24 vocation
markers, 12 starting buildings by zone...) are checked here too, naming file and field. The geometry the rules query in every playout step (lot neighbours, block of a lot,
the lots a building of each size may cover) is computed once, by geometry.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.engine.levels import level_path
from game.engine.schema import (
    Bool,
    Choice,
    Default,
    Id,
    Int,
    List,
    Spec,
    Str,
    Table,
    load_level,
)

from .city import ZONES, lot_mask
from .effects import EFFECTS, MARKER, RESTRICTIONS, Vocabulary
from .geometry import (
    BLOCKS,
    SIDE,
    edge_lots,
    lot_neighbours,
    lot_of,
    lot_sets_by_size,
    placement_masks,
    prestige_bands,
    printed_rows,
    rings_of,
    rows_of_blocks,
    rulebook_row,
)

GAME_ID = "urban_sprawl"
CONTRACT_DECKS = ("town", "city", "metropolis")
DECK_EVENT_NAMES = {"town": "Airport", "city": "Sports Team", "metropolis": "Olympic Games"}
EDGES = ("north", "east", "south", "west")
OFFICES = ("mayor", "district_attorney", "treasurer", "police_chief", "union_boss", "contractor")
# The engine and the scene know each vocation by name (the Media vocation of the setup, the
# voc.* strings), so board.toml lists these six in its own order, and no other.
VOCATIONS = ("media", "finance", "factory", "tourism", "education", "health")
MARKERS = MARKER.words  # the wealth markers 7-12 and the prestige markers 4-6
# The rulebook's fixed counts ("Preparación del juego", "Componentes": 165 cards; 24 vocation
# markers; 6 wealth and 3 prestige markers; 39/27/21 wealth; 6 AP, 8 for the Union Boss).
PERMITS, PLANNING_EVENTS, RENEWALS, DECK_OTHERS = 36, 14, 4, 36
TYPED_EVENTS_PER_DECK = 3  # ours: each contract deck's 36 others = 33 contracts + 3 events
CONTRACTS_PER_DECK = DECK_OTHERS - TYPED_EVENTS_PER_DECK
CARDS_IN_ALL = 165
VOCATION_MARKERS = 24
START_WEALTH, ACTION_POINTS, UNION_BOSS_ACTION_POINTS = [39, 27, 21], 6, 8
STARTING_ZONES = {"RES": 4, "COM": 4, "IND": 2, "CIV": 2}


@dataclass(frozen=True)
class Rule:
    """One effect or restriction of a card: its kind in the closed vocabulary and parameters."""

    kind: str
    params: Mapping[str, Any]


class Tagged(Spec):
    """A `{ kind = ..., params... }` table: the kind from a vocabulary, the rest its parameters."""

    def __init__(self, vocabulary: Mapping[str, Vocabulary]) -> None:
        self.vocabulary = vocabulary
        self.kinds = Choice(tuple(vocabulary))

    def read(self, value: Any, path: tuple, reader: Any) -> Rule:
        """The rule, its kind known and its parameters checked against that kind's table."""
        if not isinstance(value, dict):
            raise reader.fail(path, f"must be a table, not {type(value).__name__}")
        kind = self.kinds.read(value.get("kind"), (*path, "kind"), reader)
        params = {k: v for k, v in value.items() if k != "kind"}
        checked = Table(self.vocabulary[kind].params).read(params, path, reader)
        return Rule(kind, MappingProxyType(checked))


BOARD_FILE = Table({
    "wealth_columns": List(Int(1, 6), size=BLOCKS, distinct=True),  # each column's value once
    "prestige_bands": List(Table({"value": Int(1, 3), "rows": List(Int(0, BLOCKS - 1),
                                                                   size=(1, 2), distinct=True)}),
                           size=(1, BLOCKS)),
    "water": List(Choice(EDGES), size=(1, 4), distinct=True),
    "forest": List(Choice(EDGES), size=(1, 4), distinct=True),
    "circles": List(Table({"id": Id("circle"), "line": Choice(("row", "column")),
                           "index": Int(0, BLOCKS - 1)}), size=len(MARKERS)),
    "starting_buildings": List(Table({"zone": Choice(ZONES),
                                      "lot": List(Int(0, SIDE - 1), size=2)}), size=12),
    "start_wealth": List(Int(0, 99), size=3),
    "action_points": Int(1, 12),
    "union_boss_action_points": Int(1, 12),
    "planning_costs": List(Int(0, 6), size=4),
    "planning_deck_cost": Int(0, 6),
    "contract_costs": List(Int(0, 6), size=5),
    "contract_deck_cost": Int(0, 6),
    "vocations": List(Choice(VOCATIONS), size=len(VOCATIONS), distinct=True),
    "vocation_copies": Int(1, 9),
    "election_track": List(Choice(OFFICES[:5]), size=5, distinct=True),
    "wealth_payouts": List(List(Int(0, 30), size=4), size=12),
    "prestige_payouts": List(List(Int(0, 30), size=4), size=6),
})

EFFECT = Tagged(EFFECTS)
CARDS_FILE = Table({
    "permits": List(Table({
        "id": Id("card"), "zones": List(Choice(ZONES), size=(1, 4), distinct=True),
        "licences": Int(1, 4), "invest": Int(0, 20), "ballot": Bool(), "payout": Int(0, 12),
    }), size=PERMITS),
    "renewals": List(Table({"id": Id("card"), "ballot": Bool(), "payout": Int(0, 12)}),
                     size=RENEWALS),
    "events": List(Table({
        "id": Id("card"), "deck": Choice(("planning", *CONTRACT_DECKS)), "name": Str(blank=False),
        "effects": List(EFFECT, size=(1, 4)),
    }), size=PLANNING_EVENTS + len(CONTRACT_DECKS) * (1 + TYPED_EVENTS_PER_DECK)),
    "contracts": List(Table({
        "id": Id("card"), "deck": Choice(CONTRACT_DECKS), "name": Str(blank=False),
        "zone": Choice(ZONES), "size": Int(1, 4),
        "vocations": Default(List(Table({"name": Str(blank=False), "value": Int(1, 9)}),
                                  size=(1, 3)), []),
        "restriction": Default(Tagged(RESTRICTIONS), None),
        "effects": Default(List(EFFECT, size=(0, 4)), []),
        "payout": Int(0, 6),
    }), size=CONTRACTS_PER_DECK * len(CONTRACT_DECKS)),
})


@dataclass(frozen=True)
class Permit:
    """A building permit: licences for its zones, its investment value, its reveal icons."""

    id: str
    zones: frozenset[str]
    licences: int
    invest: int
    ballot: bool
    payout: int  # the wealth row paid out when it is revealed (0: none)


@dataclass(frozen=True)
class Renewal:
    """An Urban Renewal card (lets its holder demolish while building)."""

    id: str
    ballot: bool
    payout: int


@dataclass(frozen=True)
class EventCard:
    """An event of the planning deck or of a contract deck."""

    id: str
    deck: str
    name: str
    effects: tuple[Rule, ...]


@dataclass(frozen=True)
class Contract:
    """A building contract: zone, size in lots, vocations, restriction, effects, payout icon."""

    id: str
    deck: str
    name: str
    zone: str
    size: int
    vocations: tuple[tuple[str, int], ...]
    restriction: Rule | None
    effects: tuple[Rule, ...]
    payout: int  # the prestige row paid out when it is revealed (0: none)


Card = Permit | Renewal | EventCard | Contract


@dataclass(frozen=True)
class Board:
    """Everything fixed for a match: the city's geometry, tracks, tables and every card."""

    wealth_columns: tuple[int, ...]
    row_prestige: tuple[int, ...]  # printed prestige value of each block row
    bands: tuple[tuple[int, tuple[int, ...]], ...]  # (prestige value, block rows)
    circles: tuple[tuple[str, int], ...]  # ("row" | "column", block index) per circle
    starting: tuple[tuple[str, int], ...]  # (zone, lot) of the twelve starting buildings
    start_wealth: tuple[int, ...]
    action_points: int
    union_boss_action_points: int
    planning_costs: tuple[int, ...]
    planning_deck_cost: int
    contract_costs: tuple[int, ...]
    contract_deck_cost: int
    vocations: tuple[str, ...]
    vocation_copies: int
    election_track: tuple[str, ...]
    wealth_payouts: tuple[tuple[int, ...], ...]
    prestige_payouts: tuple[tuple[int, ...], ...]
    water_lots: frozenset[int]
    forest_lots: frozenset[int]
    cards: Mapping[str, Card]
    decks: Mapping[str, tuple[str, ...]]  # deck name -> its card ids (planning: permits+events)
    # Geometry, precomputed: lot = row * SIDE + col.
    neighbours: tuple[tuple[int, ...], ...]  # the up to 8 lots touching a lot (streets or not)
    block_of: tuple[int, ...]  # lot -> block = block_row * BLOCKS + block_col
    placements: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]  # [size][block] -> lot sets
    rings: Mapping[tuple[int, ...], tuple[int, ...]]  # a placement's lots -> the lots around it
    # The same geometry as bit masks of lots (bit `lot`), so that the placement search tests a
    # lot set against the city's per-zone masks (State.zone_lots) with a few integer operations:
    # [size][block] -> (lots, their mask, the mask of the lots around them) per lot set.
    placement_masks: tuple[tuple[tuple[tuple[tuple[int, ...], int, int], ...], ...], ...]
    ring_masks: Mapping[tuple[int, ...], int]  # a placement's lots -> the mask of rings[lots]
    block_masks: tuple[int, ...]  # block -> the mask of its four lots
    # Per permit, (zone, licences) for each of its zones (the build checks sum them often).
    grants: Mapping[str, tuple[tuple[str, int], ...]]
    renewals: frozenset[str]  # the Urban Renewal cards' ids
    events: frozenset[str]  # the event cards' ids (of every deck)
    # The events the setup stacks within a window of draws (state.Deck): the planning deck's
    # 14 and each contract deck's named one; a contract deck's typed events are shuffled in
    # among its other cards.
    stacked: frozenset[str]
    water_mask: int  # water_lots as a lot mask
    # The blocks of the rows payouts name (rulebook_row): each circle's row, and each printed
    # value's ("wealth", 1-6: columns; "prestige", 1-3: rows, a double-width one whole).
    circle_blocks: tuple[frozenset[int], ...]
    printed_rows: Mapping[tuple[str, int], frozenset[int]]
    # Per block, its two rows (rulebook_row: across, down), "these rows" of a card's effect.
    rows_of_block: tuple[tuple[frozenset[int], frozenset[int]], ...]
    forest_mask: int  # forest_lots as a lot mask
    markers: tuple[str, ...] = MARKERS


def card_name(card: str) -> str:
    """The strings key of a card's name (strings.toml: our own names, English and Spanish;
    cards.toml's `name` is only its reference name)."""
    return f"{GAME_ID}.card.{card}"


def _check_starting(level: Any, data: dict, starting: list[tuple[str, int]],
                    row_prestige: list[int]) -> None:
    """The rulebook's twelve small starting buildings ("cuatro edificios pequeños de color
    púrpura, cuatro pequeños dorados, dos pequeños azules y dos pequeños rojos"), two RES of
    them on blocks of value 4, so that the Media tie-break ("más edificios residenciales
    (púrpura) de valor 4") can decide."""
    zones = [zone for zone, _ in starting]
    for zone, count in STARTING_ZONES.items():
        if zones.count(zone) != count:
            raise level.fail("starting_buildings", f"needs {count} {zone} buildings, "
                                                   f"not {zones.count(zone)}")
    fours = sum(1 for zone, lot in starting if zone == "RES"
                and data["wealth_columns"][lot % SIDE // 2] + row_prestige[lot // SIDE // 2] == 4)
    if fours < 2:
        raise level.fail("starting_buildings", f"needs two RES buildings of value 4 (the Media "
                                               f"tie-break), not {fours}")


def load_board(root: Path | None = None) -> Board:
    """Load and validate board.toml and cards.toml (root: another levels/ folder, for tests)."""
    level = load_level(level_path(GAME_ID, "board.toml", root), BOARD_FILE)
    data = level.data
    _check_rulebook_numbers(level, data)
    row_prestige, band_rows = prestige_bands(level, data["prestige_bands"])
    starting = []
    for i, entry in enumerate(data["starting_buildings"]):
        lot = lot_of(*entry["lot"])
        if lot in (s[1] for s in starting):
            raise level.fail(("starting_buildings", i, "lot"), "lot used twice")
        starting.append((entry["zone"], lot))
    _check_starting(level, data, starting, row_prestige)
    circle_blocks = tuple(rulebook_row(band_rows, c["line"], c["index"])
                          for c in data["circles"])
    for i, blocks in enumerate(circle_blocks):
        if blocks in circle_blocks[:i]:
            raise level.fail(("circles", i, "index"), "two circles on the same row")
    cards, decks = _load_cards(root, set(data["vocations"]))
    placements, neighbours = lot_sets_by_size(), lot_neighbours()
    rings = rings_of(placements, neighbours)
    water, forest = edge_lots(data["water"]), edge_lots(data["forest"])
    return Board(
        wealth_columns=tuple(data["wealth_columns"]), row_prestige=tuple(row_prestige),
        bands=tuple((b["value"], tuple(b["rows"])) for b in data["prestige_bands"]),
        circles=tuple((c["line"], c["index"]) for c in data["circles"]),
        circle_blocks=circle_blocks,
        printed_rows=printed_rows(data["wealth_columns"], row_prestige, band_rows),
        rows_of_block=rows_of_blocks(band_rows),
        starting=tuple(starting), start_wealth=tuple(data["start_wealth"]),
        action_points=data["action_points"],
        union_boss_action_points=data["union_boss_action_points"],
        planning_costs=tuple(data["planning_costs"]),
        planning_deck_cost=data["planning_deck_cost"],
        contract_costs=tuple(data["contract_costs"]), contract_deck_cost=data["contract_deck_cost"],
        vocations=tuple(data["vocations"]), vocation_copies=data["vocation_copies"],
        election_track=tuple(data["election_track"]),
        wealth_payouts=tuple(map(tuple, data["wealth_payouts"])),
        prestige_payouts=tuple(map(tuple, data["prestige_payouts"])),
        water_lots=water, forest_lots=forest,
        cards=MappingProxyType(cards), decks=MappingProxyType(decks),
        neighbours=neighbours,
        block_of=tuple((r // 2) * BLOCKS + c // 2 for r in range(SIDE) for c in range(SIDE)),
        placements=placements, rings=rings, placement_masks=placement_masks(placements, rings),
        ring_masks=MappingProxyType({lots: lot_mask(ring) for lots, ring in rings.items()}),
        block_masks=tuple(lot_mask(whole) for (whole,) in placements[4]),
        grants=MappingProxyType({c.id: tuple((zone, c.licences) for zone in ZONES
                                             if zone in c.zones)
                                 for c in cards.values() if isinstance(c, Permit)}),
        renewals=frozenset(c.id for c in cards.values() if isinstance(c, Renewal)),
        events=frozenset(c.id for c in cards.values() if isinstance(c, EventCard)),
        stacked=frozenset(c.id for c in cards.values() if isinstance(c, EventCard) and (
            c.deck == "planning" or c.name == DECK_EVENT_NAMES.get(c.deck))),
        water_mask=lot_mask(water), forest_mask=lot_mask(forest),
    )


def _load_cards(root: Path | None, vocations: set[str]) -> tuple[dict, dict]:
    level = load_level(level_path(GAME_ID, "cards.toml", root), CARDS_FILE)
    data = level.data
    cards: dict[str, Card] = {}
    for p in data["permits"]:
        cards[p["id"]] = Permit(p["id"], frozenset(p["zones"]), p["licences"], p["invest"],
                                p["ballot"], p["payout"])
    for r in data["renewals"]:
        cards[r["id"]] = Renewal(r["id"], r["ballot"], r["payout"])
    by_deck: dict[str, list[str]] = {deck: [] for deck in ("planning", *CONTRACT_DECKS)}
    for e in data["events"]:
        cards[e["id"]] = EventCard(e["id"], e["deck"], e["name"], tuple(e["effects"]))
        by_deck[e["deck"]].append(e["id"])
    for c in data["contracts"]:
        cards[c["id"]] = Contract(c["id"], c["deck"], c["name"], c["zone"], c["size"],
                                  tuple((v["name"], v["value"]) for v in c["vocations"]),
                                  c["restriction"], tuple(c["effects"]), c["payout"])
        by_deck[c["deck"]].append(c["id"])
    _check_counts(level, data, by_deck)
    _check_vocations(level, data, vocations)
    decks = {"planning": tuple(p["id"] for p in data["permits"]) + tuple(by_deck["planning"])}
    decks |= {deck: tuple(by_deck[deck]) for deck in CONTRACT_DECKS}
    return cards, decks


def _check_counts(level: Any, data: dict, by_deck: dict[str, list[str]]) -> None:
    """The rulebook's decks: planning 36 permits + 14 events + 4 Urban Renewal; each contract
    deck its named event and 36 others (our 33 contracts + 3 typed events); 165 in all."""
    events = [e for e in data["events"] if e["deck"] == "planning"]
    if len(events) != PLANNING_EVENTS:
        raise level.fail("events", f"the planning deck needs {PLANNING_EVENTS} events, "
                                   f"not {len(events)}")
    for deck, name in DECK_EVENT_NAMES.items():
        if [e["deck"] for e in data["events"] if e["name"] == name] != [deck]:
            raise level.fail("events", f"the {deck} deck needs exactly one {name} event")
    for deck in CONTRACT_DECKS:
        contracts = sum(c["deck"] == deck for c in data["contracts"])
        if contracts != CONTRACTS_PER_DECK:
            raise level.fail("contracts", f"the {deck} deck needs {CONTRACTS_PER_DECK} "
                                          f"contracts, not {contracts}")
        if len(by_deck[deck]) != DECK_OTHERS + 1:
            raise level.fail("events", f"the {deck} deck needs {DECK_OTHERS + 1} cards (its "
                                       f"named event and {DECK_OTHERS} others), not "
                                       f"{len(by_deck[deck])}")
    total = len(data["permits"]) + len(data["renewals"]) + len(data["events"]) + len(
        data["contracts"])
    if total != CARDS_IN_ALL:
        raise level.fail("events", f"{CARDS_IN_ALL} cards in all, not {total}")


def _check_rulebook_numbers(level: Any, data: dict) -> None:
    """The board's numbers the rulebook fixes: 24 vocation markers, the starting wealth by
    player count, 6 action points (8 for the Union Boss)."""
    if len(data["vocations"]) * data["vocation_copies"] != VOCATION_MARKERS:
        raise level.fail("vocation_copies", f"{VOCATION_MARKERS} vocation markers in all, not "
                                            f"{len(data['vocations']) * data['vocation_copies']}")
    for field, expected in (("start_wealth", START_WEALTH), ("action_points", ACTION_POINTS),
                            ("union_boss_action_points", UNION_BOSS_ACTION_POINTS)):
        if data[field] != expected:
            raise level.fail(field, f"the rulebook's {expected}, not {data[field]}")


def _check_vocations(level: Any, data: dict, vocations: set[str]) -> None:
    """Every vocation a contract or an effect names is one of board.toml's."""
    for section in ("contracts", "events"):
        for i, card in enumerate(data[section]):
            for j, v in enumerate(card.get("vocations", ())):
                if v["name"] not in vocations:
                    raise level.fail((section, i, "vocations", j, "name"),
                                     f"unknown vocation {v['name']!r}")
            for j, rule in enumerate(card["effects"]):
                vocation = rule.params.get("vocation")
                if vocation not in (None, "any") and vocation not in vocations:
                    raise level.fail((section, i, "effects", j, "vocation"),
                                     f"unknown vocation {vocation!r}")
