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

from game.engine.levels import Checker, level_path, load_toml

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


def _load_map(root: Path | None) -> dict:
    path = level_path(GAME_ID, "map.toml", root)
    data, c = load_toml(path), Checker(path)
    cols = c.in_range(c.get(data, "columns", int), 2, 12, "columns")
    rows = c.in_range(c.get(data, "rows", int), 2, 12, "rows")
    streets: list[Street] = []
    by_line: dict[tuple[str, int], int] = {}
    for i, t in enumerate(c.table_list(data, "streets")):
        w = f"streets[{i}]"
        sid = c.get(t, "id", str, w)
        axis = c.one_of(c.get(t, "axis", str, w), ("h", "v"), f"{w}.axis")
        line = c.in_range(c.get(t, "line", int, w), 0, cols if axis == "v" else rows, f"{w}.line")
        if any(s.id == sid for s in streets):
            raise c.fail(f"{w}.id", f"duplicate {sid!r}")
        if (axis, line) in by_line:
            raise c.fail(f"{w}.line", f"two streets on {axis} line {line}")
        by_line[(axis, line)] = i
        streets.append(Street(i, sid, c.get(t, "name", str, w), axis, line,
                              c.get(t, "border", bool, w)))
    for axis, n in (("v", cols), ("h", rows)):
        for line in range(n + 1):
            if (axis, line) not in by_line:
                raise c.fail("streets", f"no street on {axis} line {line}")
    street_ids = {s.id: s.index for s in streets}
    # Intersections and segments: every grid line is a street or a border (alleys never are).
    points = [(x, y) for y in range(rows + 1) for x in range(cols + 1)]
    pidx = {p: i for i, p in enumerate(points)}
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
    buildings: list[Building] = []
    cover: dict[tuple[int, int], int] = {}
    for i, t in enumerate(c.table_list(data, "buildings")):
        w = f"buildings[{i}]"
        bid = c.get(t, "id", str, w)
        if any(b.id == bid for b in buildings):
            raise c.fail(f"{w}.id", f"duplicate {bid!r}")
        block = c.get(t, "block", list, w)
        if len(block) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                      for v in block):
            raise c.fail(f"{w}.block", "must be [column, row]")
        c.in_range(block[0], 0, cols - 1, f"{w}.block[0]")
        c.in_range(block[1], 0, rows - 1, f"{w}.block[1]")
        half = c.one_of(c.get(t, "half", str, w), HALVES, f"{w}.half")
        for cell in _cells((block[0], block[1]), half):
            if cell in cover:
                raise c.fail(f"{w}.block", f"overlaps {buildings[cover[cell]].id!r}")
            cover[cell] = i
        icons = c.get(t, "icons", list, w)
        for k, icon in enumerate(icons):
            c.one_of(icon, BUILDING_ICONS, f"{w}.icons[{k}]")
        names = c.get(t, "streets", list, w)
        for k, s in enumerate(names):
            c.one_of(s, street_ids, f"{w}.streets[{k}]")
        touching = _touching((block[0], block[1]), half)
        expected = {by_line[t2] for t2 in touching}
        if {street_ids[s] for s in names} != expected or len(names) != len(expected):
            want = sorted(streets[s].id for s in expected)
            raise c.fail(f"{w}.streets", f"must be the streets it touches: {want}")
        sides = tuple(side_seg[(axis, line, block[0] if axis == "h" else block[1])]
                      for axis, line in touching)
        buildings.append(Building(
            i, bid, c.get(t, "name", str, w), (block[0], block[1]), half, tuple(icons),
            tuple(sorted(expected)), c.one_of(c.get(t, "special", str, w), SPECIALS,
                                              f"{w}.special"), sides))
    if len(cover) != 4 * cols * rows:
        raise c.fail("buildings", "every block must be filled by buildings")
    small = sum(b.small for b in buildings)
    if small != 10:
        raise c.fail("buildings", f"must have 10 small buildings (5 pairs), not {small}")
    counts = {k: sum(b.special == k for b in buildings) for k in SPECIALS}
    for kind, n in (("start", 1), ("police", 1), ("courtyard", 4), ("gift_shop", 2),
                    ("riverwalk", 1)):
        if counts[kind] != n:
            raise c.fail("buildings", f"must have {n} '{kind}' building(s), not {counts[kind]}")
    bindex = {b.id: b.index for b in buildings}
    start = bindex.get(c.get(data, "start", str))
    if start is None or buildings[start].special != "start":
        raise c.fail("start", "must name the 'start' building")
    police = bindex.get(c.get(data, "police", str))
    if police is None or buildings[police].special != "police":
        raise c.fail("police", "must name the 'police' building")
    adjacency: list[set[int]] = [set() for _ in buildings]
    for (x, y), i in cover.items():
        for nb in ((x + 1, y), (x, y + 1)):
            j = cover.get(nb)
            if j is not None and j != i:
                adjacency[i].add(j)
                adjacency[j].add(i)
    dest = {}
    for key in ("streetcar", "boat"):
        ids = c.get(data, key, list)
        for k, s in enumerate(ids):
            c.one_of(s, street_ids, f"{key}[{k}]")
        dest[key] = frozenset(b.index for b in buildings
                              if any(street_ids[s] in b.streets for s in ids))

    def starts(key: str, count: int | None) -> tuple[int, ...]:
        pts = c.get(data, key, list)
        if count is not None and len(pts) != count:
            raise c.fail(key, f"must list {count} intersections")
        out = []
        for k, p in enumerate(pts):
            if not (isinstance(p, list) and len(p) == 2 and tuple(p) in pidx):
                raise c.fail(f"{key}[{k}]", f"{p!r} is not an intersection [x, y]")
            out.append(pidx[tuple(p)])
        if len(set(out)) != len(out):
            raise c.fail(key, "duplicate intersection")
        return tuple(out)

    line_starts = starts("second_line_starts", 6)
    personal = starts("personal_starts", None)
    if set(personal) & set(line_starts):
        raise c.fail("personal_starts", "must differ from second_line_starts")
    return {
        "columns": cols, "rows": rows, "streets": tuple(streets), "buildings": tuple(buildings),
        "adjacency": tuple(tuple(sorted(a)) for a in adjacency),
        "distance": _distances(adjacency), "start": start, "police": police,
        "on_street": tuple(frozenset(b.index for b in buildings if s.index in b.streets)
                        for s in streets),
        "streetcar": dest["streetcar"], "boat": dest["boat"], "intersections": tuple(points),
        "segments": tuple(segments), "seg_at": seg_at, "seg_end": seg_end,
        "line_starts": line_starts, "personal_starts": personal,
    }


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
    path = level_path(GAME_ID, "game.toml", root)
    data, c = load_toml(path), Checker(path)
    decks = c.get(data, "decks", list)
    if tuple(decks) != DECKS:
        raise c.fail("decks", f"must be {list(DECKS)}")
    movement: dict[str, Any] = {}
    table = c.get(data, "movement", dict)
    for deck in DECKS:
        value = c.get(table, deck, (list, str), "movement")
        if isinstance(value, str):
            c.one_of(value, ("streetcar", "boat"), f"movement.{deck}")
            movement[deck] = value
        else:
            if len(value) != 2 or not all(isinstance(v, int) for v in value) \
                    or not 1 <= value[0] <= value[1] <= 6:
                raise c.fail(f"movement.{deck}", "must be [min, max] with 1 <= min <= max <= 6")
            movement[deck] = (value[0], value[1])
    dice: dict[int, tuple[str, ...]] = {}
    pools = c.get(data, "dice", dict)
    for n in range(1, 5):
        pool = c.get(pools, str(n), list, "dice")
        for k, deck in enumerate(pool):
            c.one_of(deck, DECKS, f"dice.{n}[{k}]")
        if len(pool) != 2 * max(n, 2) + 1:
            raise c.fail(f"dice.{n}", "must hold 2 dice per player plus one spare")
        if n <= 2 and "taxi" in pool:
            raise c.fail(f"dice.{n}", "the Taxi deck is out with 1-2 players")
        dice[n] = tuple(pool)
    sc = c.get(data, "scoring", dict)
    court = c.get(sc, "courtyards", list, "scoring")
    if len(court) != 5 or not all(isinstance(v, int) for v in court):
        raise c.fail("scoring.courtyards", "must list points for 0-4 courtyards")
    return {
        "movement": movement, "dice": dice,
        "rounds": c.in_range(c.get(data, "rounds", int), 1, 20, "rounds"),
        "picks": c.in_range(c.get(data, "picks_per_player", int), 1, 4, "picks_per_player"),
        "courtyard_points": tuple(court),
        "riverwalk_visits": c.get(sc, "riverwalk_visits", int, "scoring"),
        "riverwalk_points": c.get(sc, "riverwalk_points", int, "scoring"),
        "vacation_points": c.get(sc, "vacation_points", int, "scoring"),
    }


def _load_sheets(root: Path | None, street_ids: dict[str, int]) -> dict:
    path = level_path(GAME_ID, "sheets.toml", root)
    data, c = load_toml(path), Checker(path)
    acts = c.get(data, "activities", dict)
    meters = []
    for a in ACTIVITIES:
        t = c.get(acts, a, dict, "activities")
        w = f"activities.{a}"
        street = street_ids.get(c.one_of(c.get(t, "street", str, w), street_ids, f"{w}.street"))
        boxes = c.get(t, "boxes", list, w)
        if len(boxes) != ACTIVITY_BOXES:
            raise c.fail(f"{w}.boxes", f"must have {ACTIVITY_BOXES} boxes, not {len(boxes)}")
        for k, b in enumerate(boxes):
            c.one_of(b, BOX_KINDS, f"{w}.boxes[{k}]")
        mults = c.get(t, "multipliers", list, w)
        top = 5 if a == "party" else 4
        if not mults or mults != sorted(set(mults)) or mults[0] < 1 or mults[-1] > top:
            raise c.fail(f"{w}.multipliers", f"must rise from x1 up to at most x{top}")
        bonuses = c.get(t, "bonuses", list, w)
        if tuple(bonuses) != BONUSES[a]:
            raise c.fail(f"{w}.bonuses", f"must be {list(BONUSES[a])}")
        meters.append(Meter(a, street, tuple(boxes), tuple(mults), tuple(bonuses)))
    umb = c.get(data, "umbrella", dict)
    line = c.get(data, "second_line", dict)
    art = c.get(data, "artists", dict)
    if tuple(c.get(art, "types", list, "artists")) != ARTISTS:
        raise c.fail("artists.types", f"must be {list(ARTISTS)}")
    row_scores = c.get(art, "row_scores", list, "artists")
    if len(row_scores) != 9 or row_scores[1] != 0 or row_scores[6] != 14 \
            or row_scores != sorted(row_scores):
        raise c.fail("artists.row_scores", "must give 9 rising values with 1 -> 0 and 6 -> 14")
    meter = c.get(art, "meter", list, "artists")
    if len(meter) != 16:
        raise c.fail("artists.meter", f"must have 16 boxes, not {len(meter)}")
    for k, r in enumerate(meter):
        field = f"artists.meter[{k}]"
        if not isinstance(r, str):
            raise c.fail(field, "must be str")
        if r.startswith("map:"):
            c.one_of(r[4:], street_ids, field)
        elif r.startswith("points:"):
            if not r[7:].isdigit():
                raise c.fail(field, f"bad points {r!r}")
        else:
            c.one_of(r, ("", "umbrella", *ACTIVITIES), field)
    boxes = c.in_range(c.get(line, "boxes", int, "second_line"), 1, 200, "second_line.boxes")
    row = c.in_range(c.get(line, "row_length", int, "second_line"), 1, boxes,
                     "second_line.row_length")
    if boxes % row:
        raise c.fail("second_line.row_length", f"must divide {boxes}")
    return {
        "meters": tuple(meters),
        "umbrella_boxes": c.in_range(c.get(umb, "boxes", int, "umbrella"), 1, 100,
                                     "umbrella.boxes"),
        "wild_every": c.in_range(c.get(umb, "wild_every", int, "umbrella"), 1, 10,
                              "umbrella.wild_every"),
        "line_boxes": boxes, "line_row": row, "artist_scores": tuple(row_scores),
        "artist_meter": tuple(meter),
    }


def _load_cards(root: Path | None, street_ids: dict[str, int],
                building_ids: dict[str, int]) -> dict:
    path = level_path(GAME_ID, "cards.toml", root)
    data, c = load_toml(path), Checker(path)
    table = c.get(data, "decks", dict)
    decks = {}
    for deck in DECKS:
        cards = c.get(table, deck, list, "decks")
        if len(cards) != 8:
            raise c.fail(f"decks.{deck}", f"must have 8 cards, not {len(cards)}")
        for k, card in enumerate(cards):
            if not isinstance(card, list) or not 1 <= len(card) <= 2:
                raise c.fail(f"decks.{deck}[{k}]", "must list 1-2 icons")
            for j, icon in enumerate(card):
                c.one_of(icon, CARD_ICONS, f"decks.{deck}[{k}][{j}]")
        decks[deck] = tuple(tuple(card) for card in cards)
    mayor = []
    for i, t in enumerate(c.table_list(data, "mayor")):
        w = f"mayor[{i}]"
        street = c.get(t, "street", str, w)
        if street:
            c.one_of(street, street_ids, f"{w}.street")
        prio = c.get(t, "priority", list, w)
        if sorted(prio) != sorted(DECKS):
            raise c.fail(f"{w}.priority", "must order all 6 decks once each")
        mayor.append(MayorCard(street_ids[street] if street else -1, tuple(prio),
                               c.get(t, "car", bool, w)))
    if len(mayor) != 12:
        raise c.fail("mayor", f"must have 12 cards, not {len(mayor)}")
    vacations = []
    for i, t in enumerate(c.table_list(data, "vacation")):
        w = f"vacation[{i}]"
        blds = c.get(t, "buildings", list, w)
        if len(blds) != 4 or len(set(blds)) != 4:
            raise c.fail(f"{w}.buildings", "must list 4 different buildings")
        for k, b in enumerate(blds):
            c.one_of(b, building_ids, f"{w}.buildings[{k}]")
        vacations.append(Vacation(i, c.get(t, "id", str, w), c.get(t, "name", str, w),
                                  tuple(building_ids[b] for b in blds),
                                  c.one_of(c.get(t, "condition", str, w), CONDITIONS,
                                           f"{w}.condition")))
    if len(vacations) != 12:
        raise c.fail("vacation", f"must have 12 cards, not {len(vacations)}")
    return {"decks": decks, "mayor": tuple(mayor), "vacations": tuple(vacations)}


def load_board(root: Path | None = None) -> Board:
    """Load and validate every French Quarter level file (root: another levels/ folder)."""
    m = _load_map(root)
    street_ids = {s.id: s.index for s in m["streets"]}
    building_ids = {b.id: b.index for b in m["buildings"]}
    return Board(**m, **_load_game(root), **_load_sheets(root, street_ids),
                 **_load_cards(root, street_ids, building_ids))
