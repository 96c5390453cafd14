"""Explore New York level data: the city map and the tourist deck, validated on load.

Reads `levels/explore_new_york/{map,deck}.toml` into a frozen `Board`. The map's geometry is
derived here from its 6x6 blocks:

- **Blocks** (x, y), x and y in 1..6 as on the cards (X across the top, Y down the left); block
  index = (y - 1) * 6 + (x - 1). Each has one attraction (ATTRACTIONS) and its side links.
- **Intersections** (i, j), i and j in 0..6: block (x, y) has corners (x-1, y-1) .. (x, y).
  Vertex index = j * 7 + i (a rounded corner's point is never an end of a link).
- **Links** (road segments between two neighbouring intersections, on the map's edge too), by
  index: horizontal ones row by row, then vertical ones column by column, then one curved link
  per rounded map corner (it replaces the two outer sides of that corner block, NOTES.md), in
  the order nw, ne, sw, se. 80 links on the shipped map. Each knows its two end intersections
  and the one or two blocks it runs along.
- **Cafés** on intersections, each with its two tourists.

Every problem raises `LevelError('levels/explore_new_york/map.toml: cafes[2].at: ...')`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.engine.levels import level_path
from game.engine.schema import Bool, Choice, Default, Either, Int, List, Table, load_level

GAME_ID = "explore_new_york"
SIZE = 6  # blocks per side; the cards' coordinates are 1..SIZE
POINTS = SIZE + 1  # intersections per side
TOURISTS: tuple[str, ...] = ("circle", "square", "triangle")
ATTRACTIONS: tuple[str, ...] = (*TOURISTS, "smiley", "star", "white")
CORNERS: dict[str, tuple[int, int]] = {"nw": (0, 0), "ne": (SIZE, 0), "sw": (0, SIZE),
                                       "se": (SIZE, SIZE)}
WILD = 0  # Card.coord of a "*" card: the player picks that coordinate
DECK_SIZE = 27  # rulebook, Componentes: "Mazo Turista de 27 tarjetas"
REMOVED_UNSEEN = (3, 0, 3)  # rulebook, Configuración: 2 or 4 players remove 3, 3 players none

MAP_FILE = Table({
    "rows": List(List(Choice(ATTRACTIONS), size=SIZE), size=SIZE),
    "rounded_corners": List(Choice(tuple(CORNERS)), distinct=True),
    "cafe_points": Int(0, 99),
    "smiley_points": Int(0, 99),
    "star_points": List(Int(0, 999), size=(1, None)),
    "cafes": List(Table({
        "at": List(Int(0, SIZE), size=2),
        "tourists": List(Choice(TOURISTS), size=2),
    })),
})

DECK_FILE = Table({
    "cards_per_turn": Int(3, 3),  # the rulebook's 3: one discarded, two kept
    "removed_unseen": List(Int(0, 27), size=3),
    "cards": List(Table({
        "coord": Either(((int, Int(1, SIZE)), (str, Choice(("*",))))),
        "tourists": List(Choice(TOURISTS), size=(1, 2)),
        "plus": Default(Bool(), False),
    }), size=DECK_SIZE),
})


@dataclass(frozen=True, slots=True)
class Block:
    """A city block: its coordinates, its attraction and the links along its sides."""

    x: int
    y: int
    attraction: str
    sides: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Link:
    """A road segment: its two end intersections (i, j), the blocks it runs along, and the
    rounded corner it is ("nw".."se"), or "" for a straight segment."""

    ends: tuple[tuple[int, int], tuple[int, int]]
    blocks: tuple[int, ...]
    corner: str = ""


@dataclass(frozen=True, slots=True)
class Cafe:
    """A café on intersection `at`, drawing its two tourists (type indices) when reached."""

    at: tuple[int, int]
    tourists: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Card:
    """A tourist card: coordinate 1..6 (WILD for "*"), tourists (type indices), "+1 link"."""

    coord: int
    tourists: tuple[int, ...]
    plus: bool


@dataclass(frozen=True)
class Board:
    """The map, the deck and the scoring numbers, with the indices the rules use."""

    blocks: tuple[Block, ...]
    links: tuple[Link, ...]
    cafes: tuple[Cafe, ...]
    cards: tuple[Card, ...]
    cards_per_turn: int
    removed_unseen: tuple[int, ...]  # by player count 2, 3, 4
    cafe_points: int
    smiley_points: int
    star_points: tuple[int, ...]  # by the number of stars on the route
    link_vertices: tuple[tuple[int, int], ...]  # per link: its end vertex indices
    touching: tuple[int, ...]  # per link: bitmask of the other links sharing an end with it
    cafe_of_vertex: dict[int, int]  # vertex index -> café index
    link_blocks: tuple[int, ...]  # per link: bitmask of the blocks it runs along
    link_cafes: tuple[int, ...]  # per link: bitmask of the cafés at its ends
    attraction_masks: dict[str, int]  # attraction -> bitmask of its blocks

    def block_at(self, x: int, y: int) -> int:
        """The index of block (x, y)."""
        return (y - 1) * SIZE + (x - 1)

    def removed_for(self, players: int) -> int:
        """Cards removed unseen at setup for this many players (Configuración del juego)."""
        return self.removed_unseen[players - 2]


def vertex(point: tuple[int, int]) -> int:
    """The vertex index of intersection (i, j)."""
    return point[1] * POINTS + point[0]


def _straight_links() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every road segment of the grid: horizontal row by row, then vertical column by column."""
    across = [((i, j), (i + 1, j)) for j in range(POINTS) for i in range(SIZE)]
    down = [((i, j), (i, j + 1)) for i in range(POINTS) for j in range(SIZE)]
    return across + down


def _blocks_along(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, ...]:
    """The blocks on either side of a straight segment (one on the map's edge)."""
    (i, j), (i2, _) = a, b
    if i2 != i:  # horizontal: the blocks above and below
        sides = [(i + 1, j), (i + 1, j + 1)]
    else:  # vertical: the blocks left and right
        sides = [(i, j + 1), (i + 1, j + 1)]
    return tuple((y - 1) * SIZE + (x - 1) for x, y in sides if 1 <= x <= SIZE and 1 <= y <= SIZE)


def build_links(rounded: list[str]) -> tuple[Link, ...]:
    """The map's links: straight segments, the two at a rounded corner merged into one curve."""
    corner_points = {CORNERS[c] for c in rounded}
    links = [Link((a, b), _blocks_along(a, b)) for a, b in _straight_links()
             if a not in corner_points and b not in corner_points]
    for name, (ci, cj) in CORNERS.items():
        if name in rounded:
            di, dj = (1 if ci == 0 else -1), (1 if cj == 0 else -1)
            x, y = (1 if ci == 0 else SIZE), (1 if cj == 0 else SIZE)
            links.append(Link(((ci + di, cj), (ci, cj + dj)), ((y - 1) * SIZE + x - 1,), name))
    return tuple(links)


def load_board(root: Path | None = None) -> Board:
    """Load and validate map.toml and deck.toml (root: another levels/ folder, for tests)."""
    level = load_level(level_path(GAME_ID, "map.toml", root), MAP_FILE)
    data = level.data
    links = build_links(data["rounded_corners"])
    sides: list[list[int]] = [[] for _ in range(SIZE * SIZE)]
    for index, link in enumerate(links):
        for block in link.blocks:
            sides[block].append(index)
    blocks = tuple(Block(x, y, data["rows"][y - 1][x - 1], tuple(sides[(y - 1) * SIZE + x - 1]))
                   for y in range(1, SIZE + 1) for x in range(1, SIZE + 1))
    stars = sum(b.attraction == "star" for b in blocks)
    if len(data["star_points"]) != stars + 1:
        raise level.fail("star_points", f"needs {stars + 1} entries (0 to {stars} stars)")
    link_vertices = tuple((vertex(a), vertex(b)) for a, b in (link.ends for link in links))
    reached = {v for pair in link_vertices for v in pair}
    cafes, cafe_of_vertex = [], {}
    for n, entry in enumerate(data["cafes"]):
        at = (entry["at"][0], entry["at"][1])
        if vertex(at) not in reached:
            raise level.fail(f"cafes[{n}].at", f"{list(at)} is no intersection a road reaches")
        if vertex(at) in cafe_of_vertex:
            raise level.fail(f"cafes[{n}].at", f"a café already sits at {list(at)}")
        cafe_of_vertex[vertex(at)] = n
        cafes.append(Cafe(at, tuple(TOURISTS.index(t) for t in entry["tourists"])))
    touching = tuple(sum(1 << other for other, ends in enumerate(link_vertices)
                         if other != index and set(ends) & set(mine))
                     for index, mine in enumerate(link_vertices))
    deck_level, cards = _load_deck(root)
    deck = deck_level.data
    link_blocks = tuple(_mask(link.blocks) for link in links)
    link_cafes = tuple(_mask(cafe_of_vertex[v] for v in ends if v in cafe_of_vertex)
                       for ends in link_vertices)
    attraction_masks = {kind: _mask(i for i, blk in enumerate(blocks) if blk.attraction == kind)
                        for kind in ATTRACTIONS}
    return Board(blocks, links, tuple(cafes), cards, deck["cards_per_turn"],
                 tuple(deck["removed_unseen"]), data["cafe_points"], data["smiley_points"],
                 tuple(data["star_points"]), link_vertices, touching, cafe_of_vertex,
                 link_blocks, link_cafes, attraction_masks)


def _mask(indices: Iterable[int]) -> int:
    """The bitmask of some indices."""
    out = 0
    for i in indices:
        out |= 1 << i
    return out


def _load_deck(root: Path | None) -> tuple:
    """deck.toml, with the rule a schema cannot state: the rulebook's cards removed unseen."""
    level = load_level(level_path(GAME_ID, "deck.toml", root), DECK_FILE)
    data = level.data
    cards = tuple(Card(WILD if c["coord"] == "*" else c["coord"],
                       tuple(TOURISTS.index(t) for t in c["tourists"]), c["plus"])
                  for c in data["cards"])
    for players, (removed, rule) in enumerate(zip(data["removed_unseen"], REMOVED_UNSEEN,
                                                  strict=True), start=2):
        if removed != rule:
            raise level.fail(f"removed_unseen[{players - 2}]",
                             f"must be {rule} for {players} players (the rulebook's setup)")
    return level, cards
