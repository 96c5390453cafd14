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

from game.engine.levels import level_path
from game.engine.schema import (
    Bool,
    Choice,
    Default,
    Id,
    Int,
    Level,
    List,
    Number,
    Ref,
    Table,
    load_level,
)

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
    scoring, ratings = _scoring(load_level(level_path(GAME_ID, "scoring.toml", root),
                                           SCORING_FILE))
    cards = _cards(load_level(level_path(GAME_ID, "cards.toml", root), CARDS_FILE))
    map_level = load_level(level_path(GAME_ID, "map.toml", root), MAP_FILE)
    stations, links, overpasses, districts = _map(map_level)
    station_index = dict(map_level.ids["stations"])
    objectives, points, corners, bonuses = _modules(
        load_level(level_path(GAME_ID, "modules.toml", root), MODULES_FILE,
                   {"stations": station_index}), stations, districts)
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
def _pos(s: Station) -> tuple[int, int]:
    """A station on the half-point lattice (the platform sits at 4.5): exact integer geometry,
    much faster than Fractions for the all-pairs link crossing check."""
    return round(2 * s.col), round(2 * s.row)


def _cross(o, p, q):
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
        t = Fraction(d1) / Fraction(d1 - d2)  # exact: the crossing point is compared
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


# -- what each file holds ----------------------------------------------------------------------
SCORING_FILE = Table({
    "rounds": Int(4, 4),  # rulebook: "Cada partida tiene 4 rondas"
    "metro_cards_per_round": Int(5, 5),  # rulebook: the 5th Metro card ends the round
    "monument": Int(0, 99),
    "solo_module": Int(-99, 0),
    "overpass": List(Int(0, 99), size=3),  # by links drawn through it: 0, 1, 2
    "interchange": List(Int(0, 99), size=5),  # by lines meeting at a station: 0..4
    "ratings": List(Table({"id": Id("ratings"), "min": Int(-9999, 9999)}), size=(1, None)),
})
CARDS_FILE = Table({
    "cards": List(Table({
        "id": Id("cards"), "deck": Choice(DECKS), "symbol": Choice(SYMBOLS),
    }), size=DECK_SIZE),
})
SPAN = List(Number(0, LATTICE - 1), size=2)  # [low, high] lattice points, inclusive
STATION_PAIR = List(Ref("stations"), size=2)
MAP_FILE = Table({
    "districts": List(Table({
        "id": Id("districts"), "kind": Choice(("main", "secondary")), "cols": SPAN, "rows": SPAN,
    })),
    "stations": List(Table({
        "id": Id("stations"),
        "col": Number(0, LATTICE - 1),
        "row": Number(0, LATTICE - 1),
        "district": Ref("districts"),
        "shape": Default(Choice(SHAPES)),  # none for a monument or the central platform
        "monument": Default(Bool(), False),
        "platform": Default(Bool(), False),
        "departure": Default(Choice(COLORS)),
    })),
    "links": List(STATION_PAIR, size=(1, None)),
    "overpasses": List(Table({"links": List(STATION_PAIR, size=2)}), size=8),
})
MODULES_FILE = Table({
    "objectives": Table({
        "points": Int(0, 99),
        "cards": List(Table({
            "id": Id("objectives"), "kind": Choice(OBJECTIVE_KINDS), "count": Int(1, 60),
            "lines": Default(Int(2, 4)),  # interchanges only: how many lines must meet
        }), size=5),
    }),
    "gates": Table({
        "corners": List(Ref("stations"), size=4, distinct=True),
        "bonuses": List(Choice(BONUSES), size=len(BONUSES), distinct=True),
    }),
})


# -- loaders ---------------------------------------------------------------------------------
def _scoring(level: Level) -> tuple[dict[str, Any], tuple[tuple[str, int], ...]]:
    scoring = {k: tuple(v) if isinstance(v, list) else v
               for k, v in level.data.items() if k != "ratings"}
    ratings = tuple((r["id"], r["min"]) for r in level.data["ratings"])
    for i in range(1, len(ratings)):
        if ratings[i][1] >= ratings[i - 1][1]:
            raise level.fail(f"ratings[{i}].min", "ratings must be listed best first")
    return scoring, ratings


def _cards(level: Level) -> tuple[Card, ...]:
    cards = []
    for i, item in enumerate(level.data["cards"]):
        if item["symbol"] == BRANCH and item["deck"] == "metro":
            # A branch reveals the next card at once; as the 5th Metro card it would have none.
            raise level.fail(f"cards[{i}].symbol", "the branch card must be a Street card")
        cards.append(Card(i, item["id"], item["deck"] == "metro", item["symbol"]))
    metros = sum(c.metro for c in cards)
    if metros != 5:
        raise level.fail("cards", f"{metros} Metro cards, expected 5")
    branches = sum(c.symbol == BRANCH for c in cards)
    if branches != 1:  # rulebook, Cartas especiales: "la carta de bifurcación"
        raise level.fail("cards", f"{branches} branch cards, expected 1")
    return tuple(cards)


def _map(level: Level):
    items = level.data["districts"]
    _check_districts(level, items)
    stations: list[Station] = []
    spots: set[tuple[float, float]] = set()
    for i, item in enumerate(level.data["stations"]):
        s = _station(level, item, i, items)
        if (s.col, s.row) in spots:
            raise level.fail(f"stations[{i}].col", "two stations on one point")
        spots.add((s.col, s.row))
        stations.append(s)
    _check_specials(level, stations)
    links = _links(level, stations)
    overpasses, links = _overpasses(level, stations, links)
    districts = tuple(
        District(i, it["id"], it["kind"] == "main", tuple(it["cols"]), tuple(it["rows"]),
                 tuple(s.index for s in stations if s.district == i))
        for i, it in enumerate(items))
    for d in districts:
        if not d.main and len(d.stations) != 1:
            raise level.fail(f"districts[{d.index}]", "a secondary district holds one station")
        if d.main and len(d.stations) < 2:
            raise level.fail(f"districts[{d.index}]", "a main district holds several stations")
    return tuple(stations), links, overpasses, districts


def _check_districts(level: Level, items: list[dict]) -> None:
    for i, item in enumerate(items):
        for key in ("cols", "rows"):
            if item[key][0] > item[key][1]:
                raise level.fail(f"districts[{i}].{key}", "must be [low, high], low first")
    kinds = [it["kind"] for it in items]
    if kinds.count("main") != 8 or kinds.count("secondary") != 5:
        raise level.fail("districts", "expected 8 main and 5 secondary districts")


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


def _station(level: Level, item: dict, i: int, items: list[dict]) -> Station:
    where = f"stations[{i}]"
    col, row, monument, platform = item["col"], item["row"], item["monument"], item["platform"]
    district = level.ids["districts"][item["district"]]
    if _district_at(items, col, row) != district:
        raise level.fail(f"{where}.district",
                         f"({col}, {row}) is not inside {items[district]['id']!r}")
    if monument or platform:
        if item["shape"] is not None or (monument and platform):
            raise level.fail(f"{where}.shape", "a monument or the platform has no shape")
    elif item["shape"] is None:
        raise level.fail(f"{where}.shape", "missing")
    elif col != int(col) or row != int(row):
        raise level.fail(f"{where}.col", "only the central platform sits between points")
    departure = -1 if item["departure"] is None else COLORS.index(item["departure"])
    return Station(i, item["id"], col, row, district, item["shape"] or "", monument, platform,
                   departure)


def _check_specials(level: Level, stations: list[Station]) -> None:
    departures = sorted(s.departure for s in stations if s.departure >= 0)
    if departures != list(range(len(COLORS))):
        raise level.fail("stations", "expected one departure station per pencil colour")
    if sum(s.monument for s in stations) != 8:
        raise level.fail("stations", "expected 8 monuments")
    if sum(s.platform for s in stations) != 1:
        raise level.fail("stations", "expected one central platform")
    for s in stations:
        if s.departure >= 0 and (s.monument or s.platform):
            raise level.fail(f"stations[{s.index}].departure", "must be an ordinary station")


def _links(level: Level, stations: list[Station]) -> tuple[Link, ...]:
    index = level.ids["stations"]
    links: list[Link] = []
    seen: set[frozenset[int]] = set()
    pos = [_pos(s) for s in stations]
    for i, pair in enumerate(level.data["links"]):
        where = f"links[{i}]"
        a, b = index[pair[0]], index[pair[1]]
        if a == b or frozenset((a, b)) in seen:
            raise level.fail(where, "duplicate or self link")
        seen.add(frozenset((a, b)))
        dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            raise level.fail(where, "must be horizontal, vertical or diagonal")
        for s in stations:
            if _on_segment(pos[s.index], pos[a], pos[b]):
                raise level.fail(where, f"passes through station {s.id!r}")
        links.append(Link(i, a, b))
    return tuple(links)


def _overpasses(level: Level, stations: list[Station], links: tuple[Link, ...]):
    index = level.ids["stations"]
    by_pair = {frozenset((lk.a, lk.b)): lk.index for lk in links}
    pos = [_pos(s) for s in stations]
    overpasses: list[Overpass] = []
    linked = list(links)
    for i, item in enumerate(level.data["overpasses"]):
        where = f"overpasses[{i}].links"
        ids = []
        for pair in item["links"]:
            key = frozenset(index[x] for x in pair)
            if key not in by_pair:
                raise level.fail(where, f"{pair!r} is not a link")
            ids.append(by_pair[key])
        la, lb = links[ids[0]], links[ids[1]]
        point = crossing(pos[la.a], pos[la.b], pos[lb.a], pos[lb.b])
        if not isinstance(point, tuple):
            raise level.fail(where, "the two links do not cross")
        if any(lk.index not in ids and _on_segment(point, pos[lk.a], pos[lk.b]) for lk in links):
            raise level.fail(where, "a third link passes through the overpass")
        if any(linked[k].overpass >= 0 for k in ids):
            raise level.fail(where, "a link already has an overpass")
        for k in ids:
            linked[k] = Link(k, links[k].a, links[k].b, i)
        col, row = (float(v / 2) for v in point)  # back from the half-point lattice
        overpasses.append(Overpass(i, col, row, (ids[0], ids[1])))
    return tuple(overpasses), tuple(linked)


def _modules(level: Level, stations, districts):
    table = level.data["objectives"]
    objectives = []
    for i, item in enumerate(table["cards"]):
        interchanges = item["kind"] == "interchanges"
        if interchanges == (item["lines"] is None):
            raise level.fail(f"objectives.cards[{i}].lines",
                             "required for interchanges, and only for them")
        objectives.append(Objective(item["id"], item["kind"], item["count"], item["lines"] or 0))
    gates = level.data["gates"]
    corners = tuple(level.ids["stations"][c] for c in gates["corners"])
    for i, sid in enumerate(corners):
        if districts[stations[sid].district].main or stations[sid].platform:
            raise level.fail(f"gates.corners[{i}]", "must be a corner secondary district station")
    return tuple(objectives), table["points"], corners, tuple(gates["bonuses"])
