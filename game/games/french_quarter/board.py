"""French Quarter level data: map, cards, sheets and constants, validated on load.

Reads `levels/french_quarter/{map,cards,sheets,game}.toml` into a frozen `Board` with
precomputed indices (adjacency, distances, buildings per street, Second Line segments). Every
problem raises `LevelError('levels/french_quarter/map.toml: buildings[12].streets: ...')`.
The rulebook has no components, so all of this is our own design within NOTES.md's numbers.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.levels import level_path
from game.engine.schema import (
    Bool,
    Choice,
    Either,
    Exactly,
    Id,
    Int,
    Level,
    List,
    Ref,
    Str,
    Table,
    load_level,
)

GAME_ID = "french_quarter"

ACTIVITIES: tuple[str, ...] = ("food", "culture", "shopping", "mysticism", "party")
FOOD, CULTURE, SHOPPING, MYSTICISM, PARTY = range(5)
DECKS: tuple[str, ...] = ("walk", "carriage", "taxi", "streetcar", "boat", "socialize")
CARD_ICONS: tuple[str, ...] = ("umbrella", *ACTIVITIES, "wild")
ARTISTS: tuple[str, ...] = (
    "sax", "trumpet", "tuba", "violin", "unicycle", "magic", "acrobat", "statue",
)
BUILDING_ICONS: tuple[str, ...] = ("umbrella", *ACTIVITIES, *ARTISTS)
SPECIALS: tuple[str, ...] = ("", "start", "police", "courtyard", "gift_shop", "riverwalk")
HALVES: tuple[str, ...] = ("", "w", "e", "n", "s")
BOX_KINDS: tuple[str, ...] = ("sq", "B", "M", "BM")
DIRECTIONS: dict[str, tuple[int, int]] = {"n": (0, -1), "s": (0, 1), "w": (-1, 0), "e": (1, 0)}
# The closed vocabulary of activity bonuses (rulebook: Bonificaciones), per meter in order.
BONUSES: dict[str, tuple[str, ...]] = {
    "food": ("food_a_map_decatur", "food_b_small_wild", "food_c_map_any"),
    "culture": ("culture_a_move_boost", "culture_b_map_adjacent", "culture_c_swap_card"),
    "shopping": ("shopping_a_w", "shopping_b_double_umbrella", "shopping_c_w_twice"),
    "mysticism": ("mysticism_a_artist", "mysticism_b_personal_line", "mysticism_c_two_artists"),
    "party": ("party_a_cross_culture", "party_b_slow_walk", "party_c_police",
              "party_d_no_artists"),
}
CONDITIONS = ("", "equal", "different")
ACTIVITY_BOXES = 14
# Counts the rulebook fixes (Secuencia de juego, Paraguas, Segunda Línea) and the dice pools:
# 4 players roll all 9 dice (the rulebook's example in Fase de planificación), 3 players 7
# (two Walk, NOTES.md), solo and 2 players one per deck without Taxi (Modo solitario).
ROUNDS, PICKS, UMBRELLA_BOXES, LINE_BOXES = 8, 2, 30, 60
_ONE_EACH = {"walk": 1, "carriage": 1, "streetcar": 1, "boat": 1, "socialize": 1}
DICE_POOLS: dict[int, dict[str, int]] = {
    1: _ONE_EACH, 2: _ONE_EACH, 3: {**_ONE_EACH, "walk": 2, "taxi": 1},
    4: {"walk": 2, "carriage": 2, "taxi": 2, "streetcar": 1, "boat": 1, "socialize": 1},
}


@dataclass(frozen=True, slots=True)
class Street:
    """A grid line: a named street or a map border (`axis` h runs east-west at y = line)."""

    index: int
    id: str
    name: str
    axis: str
    line: int
    border: bool


@dataclass(frozen=True, slots=True)
class Building:
    """A space on the map: a whole block (half "") or a small building (half of a block)."""

    index: int
    id: str
    name: str
    block: tuple[int, int]
    half: str
    icons: tuple[str, ...]
    streets: tuple[int, ...]  # street indices it touches
    special: str
    sides: tuple[int, ...]  # Second Line segment indices along its sides

    @property
    def small(self) -> bool:
        """Small buildings are half a block (rulebook: Acción de movimiento, nota)."""
        return self.half != ""


@dataclass(frozen=True, slots=True)
class Meter:
    """One activity meter: its scoring street, 14 boxes, multipliers and bonus effects."""

    activity: str
    street: int
    boxes: tuple[str, ...]
    multipliers: tuple[int, ...]
    bonuses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MayorCard:
    """A Mayor card: closed street index (-1 none), Carly's deck priority, the car icon."""

    street: int
    priority: tuple[str, ...]
    car: bool


@dataclass(frozen=True, slots=True)
class Vacation:
    """A Tourism Vacation card: 4 building indices to map, with an optional value condition."""

    index: int
    id: str
    name: str
    buildings: tuple[int, ...]
    condition: str


@dataclass(frozen=True)
class Board:
    """Everything static about a French Quarter game."""

    columns: int
    rows: int
    streets: tuple[Street, ...]
    buildings: tuple[Building, ...]
    adjacency: tuple[tuple[int, ...], ...]  # building index -> orthogonal neighbours
    distance: tuple[tuple[int, ...], ...]  # building-to-building move distance
    on_street: tuple[frozenset[int], ...]  # street index -> buildings touching it
    start: int
    police: int
    streetcar: frozenset[int]  # building indices a Streetcar reaches
    boat: frozenset[int]
    intersections: tuple[tuple[int, int], ...]  # index -> (x, y)
    segments: tuple[tuple[int, int, int], ...]  # index -> (intersection a, b, street index)
    seg_at: dict[tuple[int, str], int]  # (intersection, direction) -> segment
    seg_end: dict[tuple[int, str], int]  # (intersection, direction) -> intersection reached
    line_starts: tuple[int, ...]  # intersection index for die faces 1-6
    personal_starts: tuple[int, ...]
    decks: dict[str, tuple[tuple[str, ...], ...]]  # deck -> 8 cards of icons
    movement: dict[str, Any]  # deck -> (min, max) or "streetcar"/"boat"
    dice: dict[int, tuple[str, ...]]  # players -> dice pool (one deck name per die)
    rounds: int
    picks: int
    meters: tuple[Meter, ...]
    umbrella_boxes: int
    wild_every: int
    line_boxes: int
    line_row: int
    artist_scores: tuple[int, ...]
    artist_meter: tuple[str, ...]
    courtyard_points: tuple[int, ...]
    riverwalk_visits: int
    riverwalk_points: int
    vacation_points: int
    mayor: tuple[MayorCard, ...]
    vacations: tuple[Vacation, ...]

    def building_index(self, building_id: str) -> int:
        """Index of a building by id (KeyError if unknown)."""
        for b in self.buildings:
            if b.id == building_id:
                return b.index
        raise KeyError(building_id)

    def street_index(self, street_id: str) -> int:
        """Index of a street by id (KeyError if unknown)."""
        for s in self.streets:
            if s.id == street_id:
                return s.index
        raise KeyError(street_id)


def _cells(block: tuple[int, int], half: str) -> list[tuple[int, int]]:
    """Half-block cells (2x2 per block) a building covers."""
    x, y = 2 * block[0], 2 * block[1]
    quads = {"": [(0, 0), (1, 0), (0, 1), (1, 1)], "w": [(0, 0), (0, 1)], "e": [(1, 0), (1, 1)],
             "n": [(0, 0), (1, 0)], "s": [(0, 1), (1, 1)]}[half]
    return [(x + dx, y + dy) for dx, dy in quads]


def _touching(block: tuple[int, int], half: str) -> list[tuple[str, int]]:
    """(axis, line) of the grid lines a building lies along: n, s, w, e sides of its block."""
    bx, by = block
    sides = {"n": ("h", by), "s": ("h", by + 1), "w": ("v", bx), "e": ("v", bx + 1)}
    keep = {"": "nswe", "w": "nsw", "e": "nse", "n": "nwe", "s": "swe"}[half]
    return [sides[k] for k in keep]


# -- what each file holds ----------------------------------------------------------------------
GRID_POINT = List(Int(0, 12), size=2)  # [x, y] of a street intersection
MAP_FILE = Table({
    "columns": Int(2, 12),
    "rows": Int(2, 12),
    "start": Ref("buildings"),
    "police": Ref("buildings"),
    "streetcar": List(Ref("streets"), size=(1, None)),  # the streets a Streetcar reaches
    "boat": List(Ref("streets"), size=(1, None)),
    "second_line_starts": List(GRID_POINT, size=6, distinct=True),  # die faces 1-6
    "personal_starts": List(GRID_POINT, size=(1, None), distinct=True),
    "streets": List(Table({
        "id": Id("streets"), "name": Str(blank=False), "axis": Choice(("h", "v")),
        "line": Int(0, 12), "border": Bool(),
    })),
    "buildings": List(Table({
        "id": Id("buildings"), "name": Str(blank=False), "block": List(Int(0, 11), size=2),
        "half": Choice(HALVES), "icons": List(Choice(BUILDING_ICONS)),
        "streets": List(Ref("streets")), "special": Choice(SPECIALS),
    })),
})
GAME_FILE = Table({
    "rounds": Int(ROUNDS, ROUNDS),
    "picks_per_player": Int(PICKS, PICKS),
    "decks": Exactly(list(DECKS)),
    # [min, max] spaces, or where a Streetcar / Boat card takes you
    "movement": Table({deck: Either(((list, List(Int(1, 6), size=2)),
                                     (str, Choice(("streetcar", "boat")))))
                       for deck in DECKS}),
    # players -> the dice pool: 2 dice per player (at least 2 players' worth) plus one spare
    "dice": Table({str(n): List(Choice(DECKS), size=2 * max(n, 2) + 1) for n in range(1, 5)}),
    "scoring": Table({
        "courtyards": List(Int(0, 99), size=5),  # points for 0-4 courtyards visited
        "riverwalk_visits": Int(1, 9),
        "riverwalk_points": Int(0, 99),
        "vacation_points": Int(0, 99),
    }),
})
SHEETS_FILE = Table({
    "activities": Table({activity: Table({
        "street": Ref("streets"),
        "boxes": List(Choice(BOX_KINDS), size=ACTIVITY_BOXES),
        "multipliers": List(Int(1, 5 if activity == "party" else 4), size=(1, None)),
        "bonuses": Exactly(list(BONUSES[activity])),
    }) for activity in ACTIVITIES}),
    "umbrella": Table({"boxes": Int(UMBRELLA_BOXES, UMBRELLA_BOXES), "wild_every": Int(1, 10)}),
    "second_line": Table({"boxes": Int(LINE_BOXES, LINE_BOXES), "row_length": Int(1, 200)}),
    "artists": Table({
        "types": Exactly(list(ARTISTS)),
        "row_scores": List(Int(0, 99), size=9),  # by artists marked in one row, 0-8
        "meter": List(Str(), size=16),  # "", an icon, "map:<street>" or "points:<n>"
    }),
})
CARDS_FILE = Table({
    "decks": Table({deck: List(List(Choice(CARD_ICONS), size=(1, 2)), size=8) for deck in DECKS}),
    "mayor": List(Table({
        "street": Ref("streets", blank=True),  # "" when the card closes no street
        "priority": List(Choice(DECKS), size=len(DECKS), distinct=True),
        "car": Bool(),
    }), size=12),
    "vacation": List(Table({
        "id": Id("vacations"), "name": Str(blank=False),
        "buildings": List(Ref("buildings"), size=4, distinct=True),
        "condition": Choice(CONDITIONS),
    }), size=12),
})


# -- loaders ---------------------------------------------------------------------------------
def _load_map(root: Path | None) -> dict:
    level = load_level(level_path(GAME_ID, "map.toml", root), MAP_FILE)
    data = level.data
    cols, rows = data["columns"], data["rows"]
    streets, by_line = _streets(level, cols, rows)
    points = [(x, y) for y in range(rows + 1) for x in range(cols + 1)]
    pidx = {p: i for i, p in enumerate(points)}
    segments, seg_at, seg_end, side_seg = _grid(pidx, by_line)
    buildings, cover = _buildings(level, cols, rows, by_line, side_seg)
    _check_buildings(level, buildings, cover, cols * rows)
    start, police = level.ids["buildings"][data["start"]], level.ids["buildings"][data["police"]]
    for key, index in (("start", start), ("police", police)):
        if buildings[index].special != key:
            raise level.fail(key, f"must name the {key!r} building")
    adjacency: list[set[int]] = [set() for _ in buildings]
    for (x, y), i in cover.items():
        for nb in ((x + 1, y), (x, y + 1)):
            j = cover.get(nb)
            if j is not None and j != i:
                adjacency[i].add(j)
                adjacency[j].add(i)
    dest = {key: frozenset(b.index for b in buildings if any(
        level.ids["streets"][s] in b.streets for s in data[key])) for key in ("streetcar", "boat")}
    line_starts = _intersections(level, "second_line_starts", pidx)
    personal = _intersections(level, "personal_starts", pidx)
    if set(personal) & set(line_starts):
        raise level.fail("personal_starts", "must differ from second_line_starts")
    return {
        "columns": cols, "rows": rows, "streets": streets, "buildings": buildings,
        "adjacency": tuple(tuple(sorted(a)) for a in adjacency),
        "distance": _distances(adjacency), "start": start, "police": police,
        "on_street": tuple(frozenset(b.index for b in buildings if s.index in b.streets)
                           for s in streets),
        "streetcar": dest["streetcar"], "boat": dest["boat"], "intersections": tuple(points),
        "segments": segments, "seg_at": seg_at, "seg_end": seg_end,
        "line_starts": line_starts, "personal_starts": personal,
    }


def _streets(level: Level, cols: int, rows: int) -> tuple[tuple[Street, ...], dict]:
    """Streets, and which one runs on each grid line: every line is a street or a border."""
    streets = []
    by_line: dict[tuple[str, int], int] = {}
    for i, t in enumerate(level.data["streets"]):
        axis, line = t["axis"], t["line"]
        limit = cols if axis == "v" else rows
        if line > limit:
            raise level.fail(f"streets[{i}].line", f"{line} is outside 0..{limit}")
        if (axis, line) in by_line:
            raise level.fail(f"streets[{i}].line", f"two streets on {axis} line {line}")
        by_line[(axis, line)] = i
        streets.append(Street(i, t["id"], t["name"], axis, line, t["border"]))
    for axis, n in (("v", cols), ("h", rows)):
        for line in range(n + 1):
            if (axis, line) not in by_line:
                raise level.fail("streets", f"no street on {axis} line {line}")
    return tuple(streets), by_line


def _grid(pidx: dict[tuple[int, int], int], by_line: dict) -> tuple:
    """Second Line segments between neighbouring intersections (alleys are never streets)."""
    segments: list[tuple[int, int, int]] = []
    seg_at: dict[tuple[int, str], int] = {}
    seg_end: dict[tuple[int, str], int] = {}
    side_seg: dict[tuple[str, int, int], int] = {}  # (axis, line, block coordinate) -> segment
    for (x, y), i in pidx.items():
        for d, (dx, dy), axis, line, pos in (("e", (1, 0), "h", y, x), ("s", (0, 1), "v", x, y)):
            j = pidx.get((x + dx, y + dy))
            if j is None:
                continue
            k = len(segments)
            segments.append((i, j, by_line[(axis, line)]))
            back = "w" if d == "e" else "n"
            seg_at[(i, d)], seg_at[(j, back)] = k, k
            seg_end[(i, d)], seg_end[(j, back)] = j, i
            side_seg[(axis, line, pos)] = k
    return tuple(segments), seg_at, seg_end, side_seg


def _buildings(level: Level, cols: int, rows: int, by_line: dict,
               side_seg: dict) -> tuple[tuple[Building, ...], dict[tuple[int, int], int]]:
    """Buildings on their blocks, each listing exactly the streets it touches."""
    street_ids = level.ids["streets"]
    buildings: list[Building] = []
    cover: dict[tuple[int, int], int] = {}
    for i, t in enumerate(level.data["buildings"]):
        w = f"buildings[{i}]"
        block, half = (t["block"][0], t["block"][1]), t["half"]
        for k, (value, limit) in enumerate(zip(block, (cols - 1, rows - 1))):
            if value > limit:
                raise level.fail(f"{w}.block[{k}]", f"{value} is outside 0..{limit}")
        for cell in _cells(block, half):
            if cell in cover:
                raise level.fail(f"{w}.block", f"overlaps {buildings[cover[cell]].id!r}")
            cover[cell] = i
        touching = _touching(block, half)
        expected = {by_line[t2] for t2 in touching}
        if {street_ids[s] for s in t["streets"]} != expected or len(t["streets"]) != len(expected):
            want = sorted(level.data["streets"][s]["id"] for s in expected)
            raise level.fail(f"{w}.streets", f"must be the streets it touches: {want}")
        sides = tuple(side_seg[(axis, line, block[0] if axis == "h" else block[1])]
                      for axis, line in touching)
        buildings.append(Building(i, t["id"], t["name"], block, half, tuple(t["icons"]),
                                  tuple(sorted(expected)), t["special"], sides))
    return tuple(buildings), cover


def _check_buildings(level: Level, buildings: tuple[Building, ...],
                     cover: dict, blocks: int) -> None:
    if len(cover) != 4 * blocks:
        raise level.fail("buildings", "every block must be filled by buildings")
    small = sum(b.small for b in buildings)
    if small != 10:
        raise level.fail("buildings", f"must have 10 small buildings (5 pairs), not {small}")
    for kind, n in (("start", 1), ("police", 1), ("courtyard", 4), ("gift_shop", 2),
                    ("riverwalk", 1)):
        count = sum(b.special == kind for b in buildings)
        if count != n:
            raise level.fail("buildings", f"must have {n} '{kind}' building(s), not {count}")


def _intersections(level: Level, key: str, pidx: dict) -> tuple[int, ...]:
    for k, p in enumerate(level.data[key]):
        if tuple(p) not in pidx:
            raise level.fail(f"{key}[{k}]", f"{p!r} is not an intersection [x, y]")
    return tuple(pidx[tuple(p)] for p in level.data[key])


def _distances(adjacency: list[set[int]]) -> tuple[tuple[int, ...], ...]:
    """All-pairs BFS distances over orthogonal adjacency (movement counts spaces)."""
    n = len(adjacency)
    out = []
    for src in range(n):
        dist = [99] * n
        dist[src] = 0
        queue = deque([src])
        while queue:
            a = queue.popleft()
            for b in adjacency[a]:
                if dist[b] == 99:
                    dist[b] = dist[a] + 1
                    queue.append(b)
        out.append(tuple(dist))
    return tuple(out)


def _load_game(root: Path | None) -> dict:
    level = load_level(level_path(GAME_ID, "game.toml", root), GAME_FILE)
    data, movement = level.data, {}
    for deck, value in data["movement"].items():
        if isinstance(value, list):
            if value[0] > value[1]:
                raise level.fail(f"movement.{deck}", "must be [min, max] with min <= max")
            value = (value[0], value[1])
        movement[deck] = value
    dice = {int(n): tuple(pool) for n, pool in data["dice"].items()}
    for n in (1, 2):
        if "taxi" in dice[n]:
            raise level.fail(f"dice.{n}", "the Taxi deck is out with 1-2 players")
    for n, pool in dice.items():
        if {deck: pool.count(deck) for deck in set(pool)} != DICE_POOLS[n]:
            wanted = ", ".join(f"{count} {deck}" for deck, count in DICE_POOLS[n].items())
            raise level.fail(f"dice.{n}", f"must be {wanted} (the rulebook's pool)")
    scoring = data["scoring"]
    return {
        "movement": movement, "dice": dice, "rounds": data["rounds"],
        "picks": data["picks_per_player"], "courtyard_points": tuple(scoring["courtyards"]),
        "riverwalk_visits": scoring["riverwalk_visits"],
        "riverwalk_points": scoring["riverwalk_points"],
        "vacation_points": scoring["vacation_points"],
    }


def _load_sheets(root: Path | None, street_ids: dict[str, int]) -> dict:
    level = load_level(level_path(GAME_ID, "sheets.toml", root), SHEETS_FILE,
                       {"streets": street_ids})
    data = level.data
    meters = []
    for a, t in data["activities"].items():
        mults = t["multipliers"]
        if mults != sorted(set(mults)) or mults[0] != 1:
            raise level.fail(f"activities.{a}.multipliers", "must rise from x1")
        meters.append(Meter(a, street_ids[t["street"]], tuple(t["boxes"]), tuple(mults),
                            tuple(t["bonuses"])))
    art = data["artists"]
    row_scores = art["row_scores"]
    if row_scores[1] != 0 or row_scores[6] != 14 or row_scores != sorted(row_scores):
        raise level.fail("artists.row_scores", "must give 9 rising values with 1 -> 0 and 6 -> 14")
    for k, box in enumerate(art["meter"]):
        _check_meter_box(level, box, f"artists.meter[{k}]", street_ids)
    line = data["second_line"]
    if line["row_length"] > line["boxes"] or line["boxes"] % line["row_length"]:
        raise level.fail("second_line.row_length", f"must divide {line['boxes']}")
    return {
        "meters": tuple(meters), "umbrella_boxes": data["umbrella"]["boxes"],
        "wild_every": data["umbrella"]["wild_every"], "line_boxes": line["boxes"],
        "line_row": line["row_length"], "artist_scores": tuple(row_scores),
        "artist_meter": tuple(art["meter"]),
    }


def _check_meter_box(level: Level, box: str, field: str, street_ids: dict[str, int]) -> None:
    """An artist-meter box: "", an icon, "map:<street>" or "points:<n>"."""
    if box.startswith("map:"):
        if box[4:] not in street_ids:
            raise level.fail(field, f"unknown {box[4:]!r}")
    elif box.startswith("points:"):
        if not box[7:].isdigit():
            raise level.fail(field, f"bad points {box!r}")
    elif box not in ("", "umbrella", *ACTIVITIES):
        raise level.fail(field, f"unknown {box!r}")


def _load_cards(root: Path | None, street_ids: dict[str, int],
                building_ids: dict[str, int]) -> dict:
    data = load_level(level_path(GAME_ID, "cards.toml", root), CARDS_FILE,
                      {"streets": street_ids, "buildings": building_ids}).data
    mayor = tuple(MayorCard(street_ids[t["street"]] if t["street"] else -1,
                            tuple(t["priority"]), t["car"]) for t in data["mayor"])
    vacations = tuple(Vacation(i, t["id"], t["name"],
                               tuple(building_ids[b] for b in t["buildings"]), t["condition"])
                      for i, t in enumerate(data["vacation"]))
    decks = {deck: tuple(tuple(card) for card in cards) for deck, cards in data["decks"].items()}
    return {"decks": decks, "mayor": mayor, "vacations": vacations}


def load_board(root: Path | None = None) -> Board:
    """Load and validate every French Quarter level file (root: another levels/ folder)."""
    m = _load_map(root)
    street_ids = {s.id: s.index for s in m["streets"]}
    building_ids = {b.id: b.index for b in m["buildings"]}
    return Board(**m, **_load_game(root), **_load_sheets(root, street_ids),
                 **_load_cards(root, street_ids, building_ids))
