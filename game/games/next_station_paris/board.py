"""Next Station: Paris level data: map, cards, modules and scoring, validated on load.

Reads `levels/next_station_paris/{map,cards,modules,scoring}.toml` into a frozen `Board` with
fast lookup tables (adjacency, link conflict bitmasks, stations accepting each symbol). Every
problem raises `LevelError('levels/next_station_paris/map.toml: stations[3].shape: unknown ...')`.

Level format (see the comments in each file):
- map.toml: `[[districts]]` (id, kind main|secondary, cols=[c0,c1], rows=[r0,r1] inclusive lattice
  rectangles; secondary ones win over the main rectangle they sit in), `[[stations]]` (id,
  col, row on the 10x10 lattice, floats allowed for the central platform at 4.5/4.5; district;
  shape square|circle|triangle|pentagon, or `monument = true`, or `platform = true`; optional
  `departure = <pencil colour>`; the centre district spans cols/rows [4.5, 4.5]), `links = [[a, b], ...]` the grey dashed lines (horizontal,
  vertical or diagonal, never through another station), `[[overpasses]]` with `links` = the two
  crossing links.
- cards.toml: `[[cards]]` id, deck metro|street, symbol (a shape, joker or branch).
- modules.toml: shared objectives and city gates. scoring.toml: points and the solo ratings.

Everything in states and actions refers to stations, links, cards... by their index here.
Structure follows /work/shared/rules/NOTES.md (the rulebook has no map data).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from game.engine.levels import Checker, level_path, load_toml

GAME_ID = "next_station_paris"

# Pencil colours (rulebook: Contenido del juego), by index: lines and departures use these.
COLORS: tuple[str, ...] = ("orange", "green", "purple", "blue")
SHAPES: tuple[str, ...] = ("square", "circle", "triangle", "pentagon")
SYMBOLS: tuple[str, ...] = (*SHAPES, "joker", "branch")
JOKER, BRANCH = "joker", "branch"
DECKS = ("metro", "street")
OBJECTIVE_KINDS = ("interchanges", "line_districts", "monuments", "overpasses", "full_district")
BONUSES = ("branch_free", "double_free", "double_district", "double_station")
LATTICE = 10  # station points per side
DECK_SIZE = 11


@dataclass(frozen=True, slots=True)
class Station:
    """A station: lattice position, symbol and district (rulebook: Mapa de París)."""

    index: int
    id: str
    col: float
    row: float
    district: int  # district index
    shape: str  # one of SHAPES, or "" for a monument or the central platform
    monument: bool = False
    platform: bool = False
    departure: int = -1  # pencil colour index whose line starts here, or -1

    @property
    def special(self) -> bool:
        """Departure stations, the central platform and monuments (Estaciones especiales)."""
        return self.monument or self.platform or self.departure >= 0


@dataclass(frozen=True, slots=True)
class Link:
    """A grey dashed line between two stations; `overpass` is its overpass index or -1."""

    index: int
    a: int
    b: int
    overpass: int = -1

    def other(self, station: int) -> int:
        """The station at the other end."""
        return self.b if station == self.a else self.a


@dataclass(frozen=True, slots=True)
class Overpass:
    """A crossing of exactly two links where both may be drawn (rulebook: Pasos elevados)."""

    index: int
    col: float
    row: float
    links: tuple[int, int]


@dataclass(frozen=True, slots=True)
class District:
    """A district: a lattice rectangle (inclusive) and its stations."""

    index: int
    id: str
    main: bool
    cols: tuple[float, float]  # inclusive lattice span; the centre district is [4.5, 4.5]
    rows: tuple[float, float]
    stations: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """A station card: Metro cards end the round; symbol is a shape, joker or branch."""

    index: int
    id: str
    metro: bool
    symbol: str


@dataclass(frozen=True, slots=True)
class Objective:
    """A shared objective card (rulebook: Objetivos compartidos)."""

    id: str
    kind: str
    count: int
    lines: int = 0


@dataclass(frozen=True)
class Board:
    """Everything static about the game, with lookup tables precomputed for speed."""

    stations: tuple[Station, ...]
    links: tuple[Link, ...]
    overpasses: tuple[Overpass, ...]
    districts: tuple[District, ...]
    cards: tuple[Card, ...]
    objectives: tuple[Objective, ...]
    objective_points: int
    gate_corners: tuple[int, ...]  # station indices of the 4 red gate cards, in file order
    bonuses: tuple[str, ...]  # the 4 yellow bonus cards
    scoring: dict[str, Any]
    ratings: tuple[tuple[str, int], ...]  # (rating id, minimum total), best first
    departures: tuple[int, ...]  # per colour index: its departure station
    station_index: dict[str, int]
    card_index: dict[str, int]
    # station -> ((link index, other station), ...)
    adjacency: tuple[tuple[tuple[int, int], ...], ...]
    # link -> bitmask of links it may not coexist with on one sheet (crossing, same pair)
    conflicts: tuple[int, ...]
    # symbol -> bitmask of stations a segment may end on for a card of that symbol
    accepts: dict[str, int]

    def station(self, station_id: str) -> Station:
        """The station with this id (KeyError if unknown)."""
        return self.stations[self.station_index[station_id]]

    def link_between(self, a: int, b: int) -> int:
        """The link joining stations a and b, or -1."""
        for link, other in self.adjacency[a]:
            if other == b:
                return link
        return -1


def load_board(root: Path | None = None) -> Board:
    """Load and validate the four level files (root: another levels/ folder, for tests)."""
    scoring, ratings = _load_scoring(level_path(GAME_ID, "scoring.toml", root))
    cards = _load_cards(level_path(GAME_ID, "cards.toml", root))
    m = _load_map(level_path(GAME_ID, "map.toml", root))
    stations, links, overpasses, districts = m
    station_index = {s.id: s.index for s in stations}
    objectives, points, corners, bonuses = _load_modules(
        level_path(GAME_ID, "modules.toml", root), station_index, stations, districts)
    adjacency: list[list[tuple[int, int]]] = [[] for _ in stations]
    for link in links:
        adjacency[link.a].append((link.index, link.b))
        adjacency[link.b].append((link.index, link.a))
    departures = [-1] * len(COLORS)
    for s in stations:
        if s.departure >= 0:
            departures[s.departure] = s.index
    return Board(
        stations=stations, links=links, overpasses=overpasses, districts=districts,
        cards=cards, objectives=objectives, objective_points=points, gate_corners=corners,
        bonuses=bonuses, scoring=scoring, ratings=ratings, departures=tuple(departures),
        station_index=station_index, card_index={c.id: c.index for c in cards},
        adjacency=tuple(tuple(a) for a in adjacency),
        conflicts=_conflicts(stations, links, overpasses),
        accepts=_accepts(stations),
    )


# -- geometry --------------------------------------------------------------------------------
def _pos(s: Station) -> tuple[Fraction, Fraction]:
    return Fraction(s.col), Fraction(s.row)


def _cross(o, p, q) -> Fraction:
    return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])


def _on_segment(p, a, b) -> bool:
    """p lies on segment a-b, strictly between its ends."""
    if _cross(a, b, p) != 0 or p in (a, b):
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def crossing(a, b, c, d):
    """Where segments a-b and c-d meet other than at a shared end: a point, 'overlap' or None."""
    d1, d2, d3, d4 = _cross(c, d, a), _cross(c, d, b), _cross(a, b, c), _cross(a, b, d)
    if d1 == d2 == 0:  # collinear: they conflict if they overlap beyond a shared end point
        if any(_on_segment(p, a, b) for p in (c, d)) or any(_on_segment(p, c, d) for p in (a, b)):
            return "overlap"
        return "overlap" if {a, b} == {c, d} else None
    if {a, b} & {c, d}:
        return None
    if (d1 * d2 <= 0) and (d3 * d4 <= 0):
        t = d1 / (d1 - d2)
        return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    return None


def _conflicts(stations, links, overpasses) -> tuple[int, ...]:
    """Per link, the links it crosses (except its overpass partner)."""
    partner = {}
    for o in overpasses:
        partner[o.links[0]] = o.links[1]
        partner[o.links[1]] = o.links[0]
    masks = [0] * len(links)
    pos = [_pos(s) for s in stations]
    for i, li in enumerate(links):
        for j in range(i + 1, len(links)):
            lj = links[j]
            if partner.get(i) == j:
                continue
            if crossing(pos[li.a], pos[li.b], pos[lj.a], pos[lj.b]) is not None:
                masks[i] |= 1 << j
                masks[j] |= 1 << i
    return tuple(masks)


def _accepts(stations) -> dict[str, int]:
    """Stations a segment may end on per card symbol (monuments and the platform take any)."""
    anything = sum(1 << s.index for s in stations)
    wild = sum(1 << s.index for s in stations if s.monument or s.platform)
    out = {shape: wild | sum(1 << s.index for s in stations if s.shape == shape)
           for shape in SHAPES}
    out[JOKER] = anything
    return out


# -- loaders ---------------------------------------------------------------------------------
def _load_scoring(path: Path) -> tuple[dict[str, Any], tuple[tuple[str, int], ...]]:
    data = load_toml(path)
    check = Checker(path)
    scoring: dict[str, Any] = {}
    for key, low, high in (("rounds", 1, 4), ("metro_cards_per_round", 1, 5),
                           ("monument", 0, 99), ("solo_module", -99, 0)):
        scoring[key] = check.in_range(check.get(data, key, int), low, high, key)
    for key, size in (("overpass", 3), ("interchange", 5)):
        values = check.get(data, key, list)
        if len(values) != size or not all(isinstance(v, int) and not isinstance(v, bool)
                                          for v in values):
            raise check.fail(key, f"must be a list of {size} integers")
        scoring[key] = tuple(values)
    ratings = []
    last = None
    for i, item in enumerate(check.table_list(data, "ratings")):
        rid = check.get(item, "id", str, f"ratings[{i}]")
        low = check.get(item, "min", int, f"ratings[{i}]")
        if last is not None and low >= last:
            raise check.fail(f"ratings[{i}].min", "ratings must be listed best first")
        last = low
        ratings.append((rid, low))
    if not ratings:
        raise check.fail("ratings", "empty")
    return scoring, tuple(ratings)


def _load_cards(path: Path) -> tuple[Card, ...]:
    data = load_toml(path)
    check = Checker(path)
    cards: list[Card] = []
    for i, item in enumerate(check.table_list(data, "cards")):
        where = f"cards[{i}]"
        cid = check.get(item, "id", str, where)
        if any(c.id == cid for c in cards):
            raise check.fail(f"{where}.id", f"duplicate {cid!r}")
        deck = check.one_of(check.get(item, "deck", str, where), DECKS, f"{where}.deck")
        symbol = check.one_of(check.get(item, "symbol", str, where), SYMBOLS, f"{where}.symbol")
        if symbol == BRANCH and deck == "metro":
            # A branch reveals the next card at once; as the 5th Metro card it would have none.
            raise check.fail(f"{where}.symbol", "the branch card must be a Street card")
        cards.append(Card(i, cid, deck == "metro", symbol))
    if len(cards) != DECK_SIZE:
        raise check.fail("cards", f"{len(cards)} cards, expected {DECK_SIZE}")
    metros = sum(c.metro for c in cards)
    if metros != 5:
        raise check.fail("cards", f"{metros} Metro cards, expected 5")
    return tuple(cards)


def _load_districts(check: Checker, data: dict) -> tuple[list[dict], dict[str, int]]:
    items = check.table_list(data, "districts")
    index: dict[str, int] = {}
    for i, item in enumerate(items):
        where = f"districts[{i}]"
        did = check.get(item, "id", str, where)
        if did in index:
            raise check.fail(f"{where}.id", f"duplicate {did!r}")
        index[did] = i
        check.one_of(check.get(item, "kind", str, where), ("main", "secondary"), f"{where}.kind")
        for key in ("cols", "rows"):
            span = check.get(item, key, list, where)
            if (len(span) != 2 or not all(isinstance(v, int | float) for v in span)
                    or not 0 <= span[0] <= span[1] < LATTICE):
                raise check.fail(f"{where}.{key}", f"must be [low, high] within 0..{LATTICE - 1}")
    kinds = [it["kind"] for it in items]
    if kinds.count("main") != 8 or kinds.count("secondary") != 5:
        raise check.fail("districts", "expected 8 main and 5 secondary districts")
    return items, index


def _district_at(items: list[dict], col: float, row: float) -> int:
    """The district a lattice point belongs to: secondary rectangles win."""
    found = -1
    for i, it in enumerate(items):
        (c0, c1), (r0, r1) = it["cols"], it["rows"]
        if c0 <= col <= c1 and r0 <= row <= r1:
            if it["kind"] == "secondary":
                return i
            found = i if found < 0 else found
    return found


def _load_station(check: Checker, item: dict, i: int, districts: dict[str, int],
                  items: list[dict]) -> Station:
    where = f"stations[{i}]"
    sid = check.get(item, "id", str, where)
    col = check.get(item, "col", (int, float), where)
    row = check.get(item, "row", (int, float), where)
    for key, v in (("col", col), ("row", row)):
        if not 0 <= v <= LATTICE - 1:
            raise check.fail(f"{where}.{key}", f"{v} is outside 0..{LATTICE - 1}")
    district = districts[check.one_of(check.get(item, "district", str, where), districts,
                                      f"{where}.district")]
    if _district_at(items, col, row) != district:
        raise check.fail(f"{where}.district", f"({col}, {row}) is not inside {items[district]['id']!r}")
    monument = bool(item.get("monument", False))
    platform = bool(item.get("platform", False))
    shape = ""
    if monument or platform:
        if "shape" in item or (monument and platform):
            raise check.fail(f"{where}.shape", "a monument or the platform has no shape")
    else:
        shape = check.one_of(check.get(item, "shape", str, where), SHAPES, f"{where}.shape")
        if col != int(col) or row != int(row):
            raise check.fail(f"{where}.col", "only the central platform sits between points")
    departure = -1
    if "departure" in item:
        colour = check.one_of(check.get(item, "departure", str, where), COLORS,
                              f"{where}.departure")
        departure = COLORS.index(colour)
    return Station(i, sid, col, row, district, shape, monument, platform, departure)


def _load_map(path: Path):
    data = load_toml(path)
    check = Checker(path)
    items, district_index = _load_districts(check, data)
    stations: list[Station] = []
    seen: dict[str, int] = {}
    spots: set[tuple[float, float]] = set()
    for i, item in enumerate(check.table_list(data, "stations")):
        s = _load_station(check, item, i, district_index, items)
        if s.id in seen:
            raise check.fail(f"stations[{i}].id", f"duplicate {s.id!r}")
        if (s.col, s.row) in spots:
            raise check.fail(f"stations[{i}].col", "two stations on one point")
        seen[s.id] = i
        spots.add((s.col, s.row))
        stations.append(s)
    _check_specials(check, stations, items)
    links = _load_links(check, data, stations, seen)
    overpasses, links = _load_overpasses(check, data, stations, links, seen)
    districts = tuple(
        District(i, it["id"], it["kind"] == "main", tuple(it["cols"]), tuple(it["rows"]),
                 tuple(s.index for s in stations if s.district == i))
        for i, it in enumerate(items))
    for d in districts:
        if not d.main and len(d.stations) != 1:
            raise check.fail(f"districts[{d.index}]", "a secondary district holds one station")
        if d.main and len(d.stations) < 2:
            raise check.fail(f"districts[{d.index}]", "a main district holds several stations")
    return tuple(stations), links, overpasses, districts


def _check_specials(check: Checker, stations: list[Station], items: list[dict]) -> None:
    departures = sorted(s.departure for s in stations if s.departure >= 0)
    if departures != list(range(len(COLORS))):
        raise check.fail("stations", "expected one departure station per pencil colour")
    if sum(s.monument for s in stations) != 8:
        raise check.fail("stations", "expected 8 monuments")
    platforms = [s for s in stations if s.platform]
    if len(platforms) != 1:
        raise check.fail("stations", "expected one central platform")
    for s in stations:
        if s.departure >= 0 and (s.monument or s.platform):
            raise check.fail(f"stations[{s.index}].departure", "must be an ordinary station")


def _load_links(check: Checker, data: dict, stations: list[Station],
                index: dict[str, int]) -> tuple[Link, ...]:
    pairs = check.get(data, "links", list)
    links: list[Link] = []
    seen: set[frozenset[int]] = set()
    pos = [_pos(s) for s in stations]
    for i, pair in enumerate(pairs):
        where = f"links[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise check.fail(where, "must be a pair of station ids")
        a, b = (index[check.one_of(x, index, where)] for x in pair)
        if a == b or frozenset((a, b)) in seen:
            raise check.fail(where, "duplicate or self link")
        seen.add(frozenset((a, b)))
        dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            raise check.fail(where, "must be horizontal, vertical or diagonal")
        for s in stations:
            if _on_segment(pos[s.index], pos[a], pos[b]):
                raise check.fail(where, f"passes through station {s.id!r}")
        links.append(Link(i, a, b))
    if not links:
        raise check.fail("links", "empty")
    return tuple(links)


def _load_overpasses(check: Checker, data: dict, stations: list[Station],
                     links: tuple[Link, ...], index: dict[str, int]):
    by_pair = {frozenset((lk.a, lk.b)): lk.index for lk in links}
    pos = [_pos(s) for s in stations]
    overpasses: list[Overpass] = []
    linked = list(links)
    for i, item in enumerate(check.table_list(data, "overpasses")):
        where = f"overpasses[{i}]"
        pairs = check.get(item, "links", list, where)
        ids = []
        for pair in pairs:
            key = frozenset(index.get(x, -1) for x in pair) if isinstance(pair, list) else None
            if key not in by_pair:
                raise check.fail(f"{where}.links", f"{pair!r} is not a link")
            ids.append(by_pair[key])
        if len(ids) != 2:
            raise check.fail(f"{where}.links", "an overpass joins exactly two links")
        la, lb = links[ids[0]], links[ids[1]]
        point = crossing(pos[la.a], pos[la.b], pos[lb.a], pos[lb.b])
        if not isinstance(point, tuple):
            raise check.fail(f"{where}.links", "the two links do not cross")
        others = [lk.index for lk in links
                  if lk.index not in ids and _on_segment(point, pos[lk.a], pos[lk.b])]
        if others:
            raise check.fail(f"{where}.links", "a third link passes through the overpass")
        if any(linked[k].overpass >= 0 for k in ids):
            raise check.fail(f"{where}.links", "a link already has an overpass")
        for k in ids:
            linked[k] = Link(k, links[k].a, links[k].b, i)
        overpasses.append(Overpass(i, float(point[0]), float(point[1]), (ids[0], ids[1])))
    if len(overpasses) != 8:
        raise check.fail("overpasses", f"{len(overpasses)} overpasses, expected 8")
    return tuple(overpasses), tuple(linked)


def _load_modules(path: Path, station_index: dict[str, int], stations, districts):
    data = load_toml(path)
    check = Checker(path)
    table = check.get(data, "objectives", dict)
    points = check.in_range(check.get(table, "points", int, "objectives"), 0, 99,
                            "objectives.points")
    objectives: list[Objective] = []
    for i, item in enumerate(check.table_list(table, "cards", "objectives")):
        where = f"objectives.cards[{i}]"
        oid = check.get(item, "id", str, where)
        if any(o.id == oid for o in objectives):
            raise check.fail(f"{where}.id", f"duplicate {oid!r}")
        kind = check.one_of(check.get(item, "kind", str, where), OBJECTIVE_KINDS, f"{where}.kind")
        count = check.in_range(check.get(item, "count", int, where), 1, 60, f"{where}.count")
        lines = 0
        if kind == "interchanges":
            lines = check.in_range(check.get(item, "lines", int, where), 2, 4, f"{where}.lines")
        objectives.append(Objective(oid, kind, count, lines))
    if len(objectives) != 5:
        raise check.fail("objectives.cards", f"{len(objectives)} cards, expected 5")
    gates = check.get(data, "gates", dict)
    corner_ids = check.get(gates, "corners", list, "gates")
    corners = []
    for i, cid in enumerate(corner_ids):
        sid = station_index[check.one_of(cid, station_index, f"gates.corners[{i}]")]
        if districts[stations[sid].district].main or stations[sid].platform:
            raise check.fail(f"gates.corners[{i}]", "must be a corner secondary district station")
        corners.append(sid)
    bonuses = check.get(gates, "bonuses", list, "gates")
    for i, b in enumerate(bonuses):
        check.one_of(b, BONUSES, f"gates.bonuses[{i}]")
    if sorted(bonuses) != sorted(BONUSES) or len(set(corners)) != 4:
        raise check.fail("gates", "expected 4 corners and the 4 bonus cards")
    return tuple(objectives), points, tuple(corners), tuple(bonuses)
