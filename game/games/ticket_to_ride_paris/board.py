"""Ticket to Ride: Paris level data: the map, the tickets and the deck, validated on load.

Reads `levels/ticket_to_ride_paris/{map,tickets,deck}.toml` into a frozen `Board` with fast
indices (routes by location, twin routes, routes by colour). Every problem raises
`LevelError('levels/ticket_to_ride_paris/map.toml: routes[12].color: unknown 'pink'')`.
Structure follows /work/shared/rules/NOTES.md (the rulebook has no map or card list).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from game.engine.levels import level_path
from game.engine.schema import Choice, Default, Id, Int, Level, List, Ref, Str, Table, load_level

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
# Rulebook, Componentes: 46 transport cards (8 multicolour, 8 white, 6 of each other colour),
# 20 tickets, 15 buses per player.
DECK_COUNTS = {"wild": 8, "white": 8, "blue": 6, "red": 6, "yellow": 6, "green": 6, "purple": 6}
TICKET_COUNT = 20
BUSES = 15

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
# Rules that make no sense at 0 (a game needs buses, a face-up row, a ticket to draw).
POSITIVE_RULES = ("buses", "faceup", "faceup_wild_limit", "tickets_drawn")


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


# -- what each file holds ------------------------------------------------------------------------
DECK_FILE = Table({
    "cards": Table({color: Int(DECK_COUNTS[color], DECK_COUNTS[color]) for color in COLORS}),
    "rules": Table({key: Int(BUSES, BUSES) if key == "buses"
                    else Int(1 if key in POSITIVE_RULES else 0, 99) for key in RULE_KEYS}),
    "route_points": Table({str(length): Int(0, 99) for length in (1, 2, 3)}),
})
MAP_FILE = Table({
    "locations": List(Table({
        "id": Id("locations"), "name": Str(blank=False), "x": Int(*MAP_X), "y": Int(*MAP_Y),
    }), size=(1, None)),
    "routes": List(Table({
        "id": Id("routes"), "a": Ref("locations"), "b": Ref("locations"),
        "color": Choice(ROUTE_COLORS), "length": Int(1, 3),
        "double_of": Default(Ref("routes")),  # rulebook 'Recorridos Dobles'
    })),
})
TICKETS_FILE = Table({
    "tickets": List(Table({
        "id": Id("tickets"), "a": Ref("locations"), "b": Ref("locations"), "points": Int(1, 30),
    }), size=TICKET_COUNT),
})


def load_board(root: Path | None = None) -> Board:
    """Load and validate the three level files (root: a levels/ folder, default the project's)."""
    deck = load_level(level_path(GAME_ID, "deck.toml", root), DECK_FILE)
    counts = tuple(deck.data["cards"][c] for c in COLORS)
    rules = deck.data["rules"]
    route_points = {int(k): v for k, v in deck.data["route_points"].items()}
    map_level = load_level(level_path(GAME_ID, "map.toml", root), MAP_FILE)
    locations = tuple(Location(**item) for item in map_level.data["locations"])
    location_index = dict(map_level.ids["locations"])
    routes = _routes(map_level, location_index, route_points, rules["buses"])
    tickets = _tickets(load_level(level_path(GAME_ID, "tickets.toml", root), TICKETS_FILE,
                                  {"locations": location_index}), location_index)
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
        deck=counts,
        rules=rules,
        route_points=route_points,
        location_index=location_index,
        route_index={r.id: r.index for r in routes},
        ticket_index={t.id: t.index for t in tickets},
        adjacency=tuple(tuple(a) for a in adjacency),
        routes_by_color=by_color,
    )


def _routes(level: Level, index: dict[str, int], route_points: dict[int, int],
            buses: int) -> tuple[Route, ...]:
    """Routes with their twins, checked against NOTES.md's colour and length rules."""
    items = level.data["routes"]
    routes = []
    for i, item in enumerate(items):
        where = f"routes[{i}]"
        a, b, color, length = index[item["a"]], index[item["b"]], item["color"], item["length"]
        if a == b:
            raise level.fail(f"{where}.b", "a route must join two different locations")
        # NOTES.md: blue only on length-1 routes, yellow only on length-2 routes.
        if color == "blue" and length != 1:
            raise level.fail(f"{where}.length", "blue routes must have length 1")
        if color == "yellow" and length != 2:
            raise level.fail(f"{where}.length", "yellow routes must have length 2")
        routes.append(Route(i, item["id"], a, b, COLOR_INDEX[color], length,
                            route_points[length]))
    twins = _link_twins(level, items, routes)
    routes = [replace(r, twin=twins.get(r.index, -1)) for r in routes]
    _check_connected(level, len(index), routes)
    spaces = sum(r.length for r in routes)
    if spaces <= 4 * buses:
        raise level.fail("routes", f"{spaces} spaces: 4 players' buses could fill the map")
    return tuple(routes)


def _link_twins(level: Level, items: list[dict], routes: list[Route]) -> dict[int, int]:
    """Resolve `double_of` into a symmetric twin table (double routes, rulebook 'Recorridos Dobles')."""
    twins: dict[int, int] = {}
    route_ids = level.ids["routes"]
    for i, item in enumerate(items):
        if item["double_of"] is None:
            continue
        field = f"routes[{i}].double_of"
        other = route_ids[item["double_of"]]
        if other == i:
            raise level.fail(field, "a route cannot double itself")
        if {routes[i].a, routes[i].b} != {routes[other].a, routes[other].b}:
            raise level.fail(field, f"{routes[other].id!r} joins other locations")
        if i in twins or other in twins:
            raise level.fail(field, "a route can have only one twin")
        twins[i], twins[other] = other, i
    return twins


def _check_connected(level: Level, locations: int, routes: list[Route]) -> None:
    links: list[set[int]] = [set() for _ in range(locations)]
    for r in routes:
        links[r.a].add(r.b)
        links[r.b].add(r.a)
    seen, todo = {0}, [0]
    while todo:
        for n in links[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) < locations:
        ids = list(level.ids["locations"])
        missing = [ids[i] for i in range(locations) if i not in seen]
        raise level.fail("routes", f"locations not connected to the rest: {', '.join(missing)}")


def _tickets(level: Level, index: dict[str, int]) -> tuple[Ticket, ...]:
    tickets = []
    for i, item in enumerate(level.data["tickets"]):
        a, b = index[item["a"]], index[item["b"]]
        if a == b:
            raise level.fail(f"tickets[{i}].b", "a ticket must name two different locations")
        tickets.append(Ticket(i, item["id"], a, b, item["points"]))
    return tuple(tickets)
