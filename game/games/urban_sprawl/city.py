"""The city grid's queries and edits: block values, adjacency, rows, placing and demolishing.

Rulebook "Bloques, Solares y Adyacencia", "Fila", "Valor", "Colocación de edificios",
"Restricciones a las zonas" and "Renovación Urbana". Functions take the Board and a state or
draft; the edits (`place`, `demolish`) work on drafts.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from game.engine.trails import bits

from .state import NOBODY, Building, replaced

ZONES = ("CIV", "COM", "IND", "RES")
PARK = "PARK"  # a park's zone word: parks have no zone for the zone restrictions
GRID_ZONES = (*ZONES, PARK)  # the order of State.zone_lots
ZONE_INDEX = {zone: i for i, zone in enumerate(GRID_ZONES)}
ANY = "ANY"  # an effect parameter meaning every zoned building (parks excluded)
BLOCKS = 6
ALL_BLOCKS = tuple(range(BLOCKS * BLOCKS))  # block numbers, in the order of `values`


NO_LOT_SET = 1 << 30  # CityMemo.cheapest of a contract with no legal lot set: no wealth reaches it


class CityMemo:
    """Answers of the placement search for one city, keyed by what else they depend on (the
    contract, the builder's rights). Valid while the city tuples it was made for
    (`buildings`, `lots`, `zone_lots`, `values`) are the state's own: every edit of the city
    builds new tuples, and the memo holds the old ones, so an identity check is exact."""

    __slots__ = ("buildings", "by_value", "cheapest", "listed", "lots", "richest", "values",
                 "zone_lots")

    def __init__(self, s: Any, older: CityMemo | None = None) -> None:
        self.buildings, self.lots, self.zone_lots, self.values = (
            s.buildings, s.lots, s.zone_lots, s.values)
        if older is not None and older.values is s.values:  # only the buildings changed
            self.richest, self.by_value = older.richest, older.by_value
        else:
            self.richest = max(s.values)  # no block costs more: more wealth changes nothing
            self.by_value = None  # blocks, cheapest first (blocks_by_value)
        # (may demolish, protected seat) -> {search kind: the value of the cheapest block
        # with a legal lot set, or NO_LOT_SET}: a builder has a lot set iff his wealth
        # reaches it, so one search serves every wealth (wealth changes every turn, the
        # city seldom). By rights first: the action prompt asks of several kinds for one builder.
        self.cheapest: dict[tuple, dict[int, int]] = {}
        self.listed: dict[tuple, tuple] = {}  # (rights, kind) -> the place prompt's options

    def cheapest_for(self, demolition: bool, protected: int | None) -> dict[int, int]:
        """Search kind -> its cheapest block value, for a builder with these rights."""
        return self.cheapest.setdefault((demolition, protected), {})

    def blocks_by_value(self) -> tuple[int, ...]:
        """Every block, by value then number: the first legal lot set in this order lies in
        the cheapest block that has one."""
        order = self.by_value
        if order is None:
            values = self.values
            order = self.by_value = tuple(sorted(range(len(values)), key=values.__getitem__))
        return order


def city_memo(s: Any) -> CityMemo:
    """The placement memo of a state's (or draft's) city, made anew when the city changed."""
    memo = getattr(s, "city_memo", None)  # a new state or its first draft has none yet
    if (memo is None or memo.buildings is not s.buildings or memo.lots is not s.lots
            or memo.zone_lots is not s.zone_lots or memo.values is not s.values):
        memo = CityMemo(s, memo)  # the blocks' order by value stays while the values do
        object.__setattr__(s, "city_memo", memo)  # a cache field: states stay values
    return memo


def lot_mask(lots: Iterable[int]) -> int:
    """The bit mask of a set of lots (bit `lot` set for each)."""
    mask = 0
    for lot in lots:
        mask |= 1 << lot
    return mask


def zone_lots_of(buildings: Iterable[Building | None]) -> tuple[int, ...]:
    """State.zone_lots for these buildings: per GRID_ZONES entry, the mask of its lots."""
    masks = [0] * len(GRID_ZONES)
    for b in buildings:
        if b is not None:
            masks[ZONE_INDEX[b.zone]] |= lot_mask(b.lots)
    return tuple(masks)


def anchors_of(buildings: Iterable[Building | None], players: int) -> tuple[int, ...]:
    """State.anchors for these buildings: per seat, the mask of its buildings' first lots."""
    masks = [0] * players
    for b in buildings:
        if b is not None and b.owner != NOBODY:
            masks[b.owner] |= 1 << b.lots[0]
    return tuple(masks)


def controlled(s: Any, seat: int, zone_lots: int = -1) -> list[int]:
    """Ids of the buildings a seat controls (among those on `zone_lots`), ascending."""
    grid = s.lots
    return sorted(grid[lot] for lot in bits(s.anchors[seat] & zone_lots))


def controlled_of_zone(s: Any, zone: str) -> tuple[int, ...]:
    """Ids of the controlled buildings of `zone` (ANY: zoned, PARK: parks), ascending: from
    the seats' anchors (a building's first lot), not a pass over every building."""
    grid = s.lots
    return tuple(sorted(grid[lot] for lot in bits(controlled_firsts(s, zone))))


def controlled_firsts(s: Any, zone: str) -> int:
    """The mask of the first lots of the controlled buildings of `zone` (as controlled_of_zone):
    every seat's anchors on the zone's lots."""
    anchors = 0
    for seat_anchors in s.anchors:
        anchors |= seat_anchors
    return anchors & zone_mask(s, zone)


def free_lots(s: Any) -> int:
    """The mask of every lot without a building (parks included)."""
    civ, com, ind, res, park = s.zone_lots
    return ~(civ | com | ind | res | park) & ((1 << len(s.lots)) - 1)


def zoned_lots(s: Any) -> int:
    """The mask of every lot under a zoned building (parks left out)."""
    civ, com, ind, res, _ = s.zone_lots
    return civ | com | ind | res


def zone_mask(s: Any, zone: str) -> int:
    """The mask of the lots under buildings of `zone` (ANY: every zoned one, PARK: parks)."""
    return zoned_lots(s) if zone == ANY else s.zone_lots[ZONE_INDEX[zone]]


def marker_value(marker: str) -> int:
    """The number on a wealth/prestige marker ("w9" -> 9)."""
    return int(marker[1:])


def block_values(board: Any, markers: tuple[int, ...]) -> tuple[int, ...]:
    """Every block's value: wealth plus prestige along both of its rows, markers included
    (rulebook "Valor"). States keep it in `values`: it changes only when a marker moves."""
    values = list(printed_values(board.wealth_columns, board.row_prestige))
    for marker, circle in zip(board.markers, markers):
        if circle != NOBODY:
            bonus = marker_value(marker)
            for block in board.circle_blocks[circle]:
                values[block] += bonus
    return tuple(values)


@lru_cache(maxsize=16)  # one board's columns and rows: made once, not per marker moved
def printed_values(wealth_columns: tuple[int, ...], row_prestige: tuple[int, ...]
                   ) -> tuple[int, ...]:
    """Every block's value with no marker in play: its column's wealth plus its row's prestige."""
    return tuple(wealth_columns[col] + row_prestige[row]
                 for row in range(BLOCKS) for col in range(BLOCKS))


def block_value(board: Any, s: Any, block: int) -> int:
    """A block's value."""
    return s.values[block]


def value_marks(values: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where the highest/lowest block value markers lie: the blocks at the highest value and
    the blocks at the lowest (every tied block is marked: ours, the rulebook only lists the
    three tiles among the components)."""
    high, low = max(values), min(values)
    return (tuple(b for b, v in enumerate(values) if v == high),
            tuple(b for b, v in enumerate(values) if v == low))


def move_marker(board: Any, d: Any, marker: str, circle: int) -> None:
    """Put a wealth/prestige marker on a circle of a draft; the block values and the
    highest/lowest block value markers follow (an event says when those markers move)."""
    d.markers = replaced(d.markers, board.markers.index(marker), circle)
    d.values = block_values(board, d.markers)
    marks = value_marks(d.values)
    if marks != d.value_marks:
        d.value_marks = marks
        d.emit("value_marks_moved", None, highest=marks[0], lowest=marks[1])


def building_value(board: Any, s: Any, bid: int) -> int:
    """A building's value: its block's."""
    return block_value(board, s, board.block_of[s.buildings[bid].lots[0]])


def live_buildings(s: Any) -> Iterable[tuple[int, Building]]:
    """(id, building) of every building on the grid."""
    return ((bid, b) for bid, b in enumerate(s.buildings) if b is not None)


def matches(building: Building, zone: str, size: int = 0) -> bool:
    """True if a building is of `zone` (ANY: any zoned building) and `size` lots (0: any)."""
    if zone == ANY:
        zone_ok = building.zone != PARK
    else:
        zone_ok = building.zone == zone
    return zone_ok and (size == 0 or len(building.lots) == size)


def owned(s: Any, seat: int, zone: str) -> int:
    """How many buildings of a zone (ANY: zoned, PARK: parks) a seat controls."""
    if seat == NOBODY:
        return sum(1 for b in s.buildings if b is not None and b.owner == seat
                   and matches(b, zone))
    return (s.anchors[seat] & zone_mask(s, zone)).bit_count()


def adjacent_buildings(board: Any, s: Any, lots: Iterable[int],
                       ignore: Iterable[int] = ()) -> set[int]:
    """Ids of the buildings touching any of `lots` (not on them; `ignore` left out)."""
    grid = s.lots
    found = {grid[lot] for lot in board.rings[tuple(lots)]}
    found.discard(NOBODY)
    found.difference_update(ignore)
    return found


def zones_allow(board: Any, s: Any, zone: str, lots: tuple[int, ...],
                demolished: Iterable[int] = ()) -> bool:
    """Rulebook zone restriction: next to a building of another zone only if also next to one of
    the same zone; parks are ignored, and buildings about to be demolished do not count."""
    gone = lot_mask(lot for bid in demolished for lot in s.buildings[bid].lots)
    ring = board.ring_masks[lots] & ~gone
    same = s.zone_lots[ZONE_INDEX[zone]]
    return bool(ring & same) or not ring & zoned_lots(s) & ~same


def lines_of(block: int) -> tuple[int, int]:
    """(block row, block column) of a block on the 6x6 grid (its rulebook rows, 6 or 12
    blocks: board.rulebook_row)."""
    return divmod(block, BLOCKS)


def payout_blocks(board: Any, s: Any, resource: str, value: int) -> frozenset[int] | None:
    """The blocks of the row a payout icon names, or None when that row is not on the board
    (a marker not yet in play: rulebook "Activadores de elecciones y pagos")."""
    if resource == "wealth" and value <= 6 or resource == "prestige" and value <= 3:
        return board.printed_rows.get((resource, value))
    circle = s.markers[board.markers.index(f"{resource[0]}{value}")]
    return None if circle == NOBODY else board.circle_blocks[circle]


def place(d: Any, zone: str, lots: tuple[int, ...], owner: int) -> int:
    """Put a new building on empty lots of a draft; returns its id."""
    bid = len(d.buildings)
    d.buildings += (Building(zone, lots, owner),)
    grid = list(d.lots)
    for lot in lots:
        grid[lot] = bid
    d.lots = tuple(grid)
    index = ZONE_INDEX[zone]
    d.zone_lots = replaced(d.zone_lots, index, d.zone_lots[index] | lot_mask(lots))
    if owner != NOBODY:
        d.anchors = replaced(d.anchors, owner, d.anchors[owner] | 1 << lots[0])
    if d.loud:  # a quiet draft's emit records nothing (flow.DraftBase.loud)
        d.emit("building_placed", owner if owner != NOBODY else None, building=bid, zone=zone,
               lots=lots)
    return bid


def demolish(d: Any, bid: int) -> None:
    """Remove a building from the game (its cube, if any, goes back to its owner)."""
    building = d.buildings[bid]
    grid = list(d.lots)
    for lot in building.lots:
        grid[lot] = NOBODY
    d.lots = tuple(grid)
    index = ZONE_INDEX[building.zone]
    d.zone_lots = replaced(d.zone_lots, index, d.zone_lots[index] & ~lot_mask(building.lots))
    d.buildings = replaced(d.buildings, bid, None)
    if building.owner != NOBODY:
        d.anchors = replaced(d.anchors, building.owner,
                             d.anchors[building.owner] & ~(1 << building.lots[0]))
    if d.loud:
        d.emit("building_demolished", None, building=bid)


def set_owner(d: Any, bid: int, owner: int) -> None:
    """Put (or, with NOBODY, remove) the control cube of a building."""
    building = d.buildings[bid]
    d.buildings = replaced(d.buildings, bid, building._replace(owner=owner))
    anchors, anchor = list(d.anchors), 1 << building.lots[0]
    if building.owner != NOBODY:
        anchors[building.owner] &= ~anchor
    if owner != NOBODY:
        anchors[owner] |= anchor
    d.anchors = tuple(anchors)
    if d.loud:
        d.emit("control_changed", owner if owner != NOBODY else None, building=bid)


def empty_lots(s: Any) -> list[int]:
    """Every lot without a building."""
    return [lot for lot, bid in enumerate(s.lots) if bid == NOBODY]
