"""Ticket to Ride: Paris level data: the map, the tickets and the deck, validated on load.

Reads `levels/ticket_to_ride_paris/{map,tickets,deck}.toml` into a frozen `Board` with fast
indices (routes by location, twin routes, routes by colour). Every problem raises
`LevelError('levels/ticket_to_ride_paris/map.toml: routes[12].color: unknown 'pink'')`.
Structure follows /work/shared/rules/NOTES.md (the rulebook has no map or card list).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.engine.levels import Checker, level_path, load_toml

GAME_ID = "ticket_to_ride_paris"

# Card colours by index. Hands, the deck and the discard pile are 7-tuples of counts in this
# order; WILD is last so the six route colours are indices 0..5.
COLORS: tuple[str, ...] = ("blue", "red", "white", "yellow", "green", "purple", "wild")
ROUTE_COLORS: tuple[str, ...] = COLORS[:6]
BLUE, RED, WHITE, YELLOW, GREEN, PURPLE, WILD = range(7)
COLOR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLORS)}
# The French flag colours (rulebook "La bandera francesa"), in the order of `State.front`.
FLAG_COLORS: tuple[int, ...] = (BLUE, WHITE, RED)

# Canvas region the map must stay in (the right side of the board belongs to the card row,
# decks and player panels).
MAP_X = (40, 1380)
MAP_Y = (60, 960)
DECK_SIZE = 46
TICKET_COUNT = 20

RULE_KEYS = (
    "buses",
    "hand",
    "faceup",
    "faceup_wild_limit",
    "tickets_dealt",
    "tickets_drawn",
    "last_round_buses",
    "flag_points",
)


@dataclass(frozen=True, slots=True)
class Location:
    """A landmark: id, display name (data, not translated) and board-canvas position."""

    id: str
    name: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Route:
    """A route between two adjacent locations; `twin` is the index of its double, or -1."""

    index: int
    id: str
    a: int  # location index
    b: int  # location index
    color: int  # colour index (0..5)
    length: int
    points: int
    twin: int = -1


@dataclass(frozen=True, slots=True)
class Ticket:
    """A destination ticket: connect `a` and `b` (location indices) for `points`."""

    index: int
    id: str
    a: int
    b: int
    points: int


@dataclass(frozen=True)
class Board:
    """Everything static about the game, with lookup tables precomputed for speed."""

    locations: tuple[Location, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    deck: tuple[int, ...]  # card counts per colour index
    rules: dict[str, int]
    route_points: dict[int, int]
    location_index: dict[str, int]
    route_index: dict[str, int]
    ticket_index: dict[str, int]
    # location index -> tuple of (route index, other location index)
    adjacency: tuple[tuple[tuple[int, int], ...], ...]
    # colour index -> routes of that colour, shortest first
    routes_by_color: tuple[tuple[Route, ...], ...]

    def route(self, route_id: str) -> Route:
        """The route with this id (KeyError if unknown)."""
        return self.routes[self.route_index[route_id]]

    def location(self, location_id: str) -> Location:
        """The location with this id (KeyError if unknown)."""
        return self.locations[self.location_index[location_id]]

    def ticket(self, ticket_id: str) -> Ticket:
        """The ticket with this id (KeyError if unknown)."""
        return self.tickets[self.ticket_index[ticket_id]]


def load_board(root: Path | None = None) -> Board:
    """Load and validate the three level files (root: a levels/ folder, default the project's)."""
    deck, rules, route_points = _load_deck(level_path(GAME_ID, "deck.toml", root))
    locations, routes = _load_map(level_path(GAME_ID, "map.toml", root), route_points, rules)
    location_index = {loc.id: i for i, loc in enumerate(locations)}
    tickets = _load_tickets(level_path(GAME_ID, "tickets.toml", root), location_index)
    adjacency: list[list[tuple[int, int]]] = [[] for _ in locations]
    for r in routes:
        adjacency[r.a].append((r.index, r.b))
        adjacency[r.b].append((r.index, r.a))
    by_color = tuple(
        tuple(sorted((r for r in routes if r.color == c), key=lambda r: r.length))
        for c in range(len(ROUTE_COLORS))
    )
    return Board(
        locations=locations,
        routes=routes,
        tickets=tickets,
        deck=deck,
        rules=rules,
        route_points=route_points,
        location_index=location_index,
        route_index={r.id: r.index for r in routes},
        ticket_index={t.id: t.index for t in tickets},
        adjacency=tuple(tuple(a) for a in adjacency),
        routes_by_color=by_color,
    )


def _load_deck(path: Path) -> tuple[tuple[int, ...], dict[str, int], dict[int, int]]:
    data = load_toml(path)
    check = Checker(path)
    cards = check.get(data, "cards", dict)
    for key in cards:
        check.one_of(key, COLORS, f"cards.{key}")
    deck = tuple(check.in_range(check.get(cards, c, int, "cards"), 0, 99, f"cards.{c}")
                 for c in COLORS)
    if sum(deck) != DECK_SIZE:
        raise check.fail("cards", f"counts sum to {sum(deck)}, expected {DECK_SIZE}")
    table = check.get(data, "rules", dict)
    rules = {k: check.in_range(check.get(table, k, int, "rules"), 0, 99, f"rules.{k}")
             for k in RULE_KEYS}
    for key in ("buses", "faceup", "faceup_wild_limit", "tickets_drawn"):
        check.in_range(rules[key], 1, 99, f"rules.{key}")
    points_table = check.get(data, "route_points", dict)
    route_points = {}
    for length in (1, 2, 3):
        route_points[length] = check.in_range(
            check.get(points_table, str(length), int, "route_points"), 0, 99,
            f"route_points.{length}")
    return deck, rules, route_points


def _load_map(
    path: Path, route_points: dict[int, int], rules: dict[str, int]
) -> tuple[tuple[Location, ...], tuple[Route, ...]]:
    data = load_toml(path)
    check = Checker(path)
    locations: list[Location] = []
    seen: set[str] = set()
    for i, item in enumerate(check.table_list(data, "locations")):
        where = f"locations[{i}]"
        lid = check.get(item, "id", str, where)
        if lid in seen:
            raise check.fail(f"{where}.id", f"duplicate {lid!r}")
        seen.add(lid)
        name = check.get(item, "name", str, where)
        if not name.strip():
            raise check.fail(f"{where}.name", "empty")
        x = check.in_range(check.get(item, "x", int, where), *MAP_X, f"{where}.x")
        y = check.in_range(check.get(item, "y", int, where), *MAP_Y, f"{where}.y")
        locations.append(Location(lid, name, x, y))
    index = {loc.id: i for i, loc in enumerate(locations)}
    items = check.table_list(data, "routes")
    routes: list[Route] = []
    route_ids: dict[str, int] = {}
    for i, item in enumerate(items):
        where = f"routes[{i}]"
        rid = check.get(item, "id", str, where)
        if rid in route_ids:
            raise check.fail(f"{where}.id", f"duplicate {rid!r}")
        route_ids[rid] = i
        a = index[check.one_of(check.get(item, "a", str, where), index, f"{where}.a")]
        b = index[check.one_of(check.get(item, "b", str, where), index, f"{where}.b")]
        if a == b:
            raise check.fail(f"{where}.b", "a route must join two different locations")
        color = check.one_of(check.get(item, "color", str, where), ROUTE_COLORS, f"{where}.color")
        length = check.in_range(check.get(item, "length", int, where), 1, 3, f"{where}.length")
        # NOTES.md: blue only on length-1 routes, yellow only on length-2 routes.
        if color == "blue" and length != 1:
            raise check.fail(f"{where}.length", "blue routes must have length 1")
        if color == "yellow" and length != 2:
            raise check.fail(f"{where}.length", "yellow routes must have length 2")
        routes.append(Route(i, rid, a, b, COLOR_INDEX[color], length, route_points[length]))
    twins = _link_twins(check, items, routes, route_ids)
    routes = [
        Route(r.index, r.id, r.a, r.b, r.color, r.length, r.points, twins.get(r.index, -1))
        for r in routes
    ]
    _check_connected(check, locations, routes)
    spaces = sum(r.length for r in routes)
    if spaces <= 4 * rules["buses"]:
        raise check.fail("routes", f"{spaces} spaces: 4 players' buses could fill the map")
    return tuple(locations), tuple(routes)


def _link_twins(
    check: Checker, items: list[dict], routes: list[Route], route_ids: dict[str, int]
) -> dict[int, int]:
    """Resolve `double_of` into a symmetric twin table (double routes, rulebook 'Recorridos Dobles')."""
    twins: dict[int, int] = {}
    for i, item in enumerate(items):
        if "double_of" not in item:
            continue
        field = f"routes[{i}].double_of"
        other = route_ids[check.one_of(check.get(item, "double_of", str, f"routes[{i}]"),
                                       route_ids, field)]
        if other == i:
            raise check.fail(field, "a route cannot double itself")
        if {routes[i].a, routes[i].b} != {routes[other].a, routes[other].b}:
            raise check.fail(field, f"{routes[other].id!r} joins other locations")
        if i in twins or other in twins:
            raise check.fail(field, "a route can have only one twin")
        twins[i], twins[other] = other, i
    return twins


def _check_connected(check: Checker, locations: list[Location], routes: list[Route]) -> None:
    if not locations:
        raise check.fail("locations", "empty")
    links: list[set[int]] = [set() for _ in locations]
    for r in routes:
        links[r.a].add(r.b)
        links[r.b].add(r.a)
    seen, todo = {0}, [0]
    while todo:
        for n in links[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    missing = [loc.id for i, loc in enumerate(locations) if i not in seen]
    if missing:
        raise check.fail("routes", f"locations not connected to the rest: {', '.join(missing)}")


def _load_tickets(path: Path, location_index: dict[str, int]) -> tuple[Ticket, ...]:
    data = load_toml(path)
    check = Checker(path)
    tickets: list[Ticket] = []
    seen: set[str] = set()
    for i, item in enumerate(check.table_list(data, "tickets")):
        where = f"tickets[{i}]"
        tid = check.get(item, "id", str, where)
        if tid in seen:
            raise check.fail(f"{where}.id", f"duplicate {tid!r}")
        seen.add(tid)
        a = check.one_of(check.get(item, "a", str, where), location_index, f"{where}.a")
        b = check.one_of(check.get(item, "b", str, where), location_index, f"{where}.b")
        if a == b:
            raise check.fail(f"{where}.b", "a ticket must name two different locations")
        points = check.in_range(check.get(item, "points", int, where), 1, 30, f"{where}.points")
        tickets.append(Ticket(i, tid, location_index[a], location_index[b], points))
    if len(tickets) != TICKET_COUNT:
        raise check.fail("tickets", f"{len(tickets)} tickets, expected {TICKET_COUNT}")
    return tuple(tickets)
