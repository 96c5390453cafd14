"""Urban Sprawl's city geometry: lots, blocks, the lot sets a building may cover, their rings
and the rulebook's rows, computed once when the board loads (board.load_board) and queried in
every playout step."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .city import lot_mask

BLOCKS = 6  # the city is BLOCKS x BLOCKS blocks of 2x2 lots
SIDE = 2 * BLOCKS  # lots along one side


def lot_of(row: int, col: int) -> int:
    """The lot index of a (row, col) pair of the 12x12 lot grid."""
    return row * SIDE + col


def edge_lots(edges: list[str]) -> frozenset[int]:
    """The lots along these edges of the city (board.toml's water and forest)."""
    lots = set()
    for edge in edges:
        for i in range(SIDE):
            lots.add({"north": lot_of(0, i), "south": lot_of(SIDE - 1, i),
                      "west": lot_of(i, 0), "east": lot_of(i, SIDE - 1)}[edge])
    return frozenset(lots)


def lot_neighbours() -> tuple[tuple[int, ...], ...]:
    """Per lot, the lots adjacent to it."""
    # Lots across a street stay adjacent (rulebook: orthogonally and diagonally), so adjacency is
    # the king's move on the lot grid.
    out = []
    for r in range(SIDE):
        for c in range(SIDE):
            out.append(tuple(lot_of(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                             if (dr or dc) and 0 <= r + dr < SIDE and 0 <= c + dc < SIDE))
    return tuple(out)


def lot_sets_by_size() -> tuple:
    """Per size 1-4, per block, the lot sets a building may cover: one lot, an orthogonal pair,
    three lots (an L), or the whole block; a building never crosses a street."""
    by_size: list[list[tuple]] = [[] for _ in range(5)]
    for block in range(BLOCKS * BLOCKS):
        br, bc = divmod(block, BLOCKS)
        a, b = lot_of(2 * br, 2 * bc), lot_of(2 * br, 2 * bc + 1)
        c, d = lot_of(2 * br + 1, 2 * bc), lot_of(2 * br + 1, 2 * bc + 1)
        quad = (a, b, c, d)
        by_size[1].append(tuple((x,) for x in quad))
        by_size[2].append(((a, b), (c, d), (a, c), (b, d)))
        by_size[3].append(tuple(tuple(x for x in quad if x != gap) for gap in quad))
        by_size[4].append((quad,))
    return tuple(tuple(blocks) for blocks in by_size)


def rings_of(placements: tuple, neighbours: tuple) -> Mapping[tuple[int, ...], tuple[int, ...]]:
    """For every lot set a building may cover, the lots touching it (the zone restriction and
    the neighbourhood bonus look there, many times per turn)."""
    rings = {}
    for by_block in placements:
        for options in by_block:
            for lots in options:
                rings[lots] = tuple(sorted({n for lot in lots for n in neighbours[lot]}
                                           - set(lots)))
    return MappingProxyType(rings)


def rulebook_row(band_rows: tuple[tuple[int, ...], ...], line: str, index: int
                 ) -> frozenset[int]:
    """The blocks of the rulebook's "row" running along block row (line "row") or block column
    `index`: "todo lo que esté dentro de los confines de dos calles paralelas", which for the
    double-width prestige rows 1-3 are not neighbours, so "una fila siempre está compuesta por
    6 o 12 bloques contiguos". A block column is 6 blocks; a block row is its printed prestige
    row (`band_rows[index]`: the block rows printed with it), 12 blocks when double width.
    Payouts, marker circles and the cards' "these rows" all read rows here."""
    if line == "column":
        return frozenset(row * BLOCKS + index for row in range(BLOCKS))
    return frozenset(row * BLOCKS + col for row in band_rows[index] for col in range(BLOCKS))


def printed_rows(wealth_columns: list[int], row_prestige: list[int],
                  band_rows: tuple[tuple[int, ...], ...]
                  ) -> Mapping[tuple[str, int], frozenset[int]]:
    """(resource, printed value) -> the blocks of every row printed with it."""
    rows: dict[tuple[str, int], frozenset[int]] = {}
    for line, resource, values in (("column", "wealth", wealth_columns),
                                   ("row", "prestige", row_prestige)):
        for index, value in enumerate(values):
            key = (resource, value)
            rows[key] = rows.get(key, frozenset()) | rulebook_row(band_rows, line, index)
    return MappingProxyType(rows)


def rows_of_blocks(band_rows: tuple[tuple[int, ...], ...]
                    ) -> tuple[tuple[frozenset[int], frozenset[int]], ...]:
    """Per block, its two rulebook rows (across, down): a building's "these rows"."""
    return tuple((rulebook_row(band_rows, "row", block // BLOCKS),
                  rulebook_row(band_rows, "column", block % BLOCKS))
                 for block in range(BLOCKS * BLOCKS))


def placement_masks(placements: tuple, rings: Mapping) -> tuple:
    """`placements` with each lot set's mask and its ring's mask beside it."""
    return tuple(tuple(tuple((lots, lot_mask(lots), lot_mask(rings[lots])) for lots in options)
                       for options in by_block) for by_block in placements)


def prestige_bands(level: Any, bands: list[dict]) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
    """Each block row's printed prestige value, and the block rows of its printed row (one, or
    two neighbours: a row lies between two streets, "6 o 12 bloques contiguos")."""
    row_prestige, band_rows = [0] * BLOCKS, [()] * BLOCKS
    for i, band in enumerate(bands):
        rows = tuple(sorted(band["rows"]))
        if rows[-1] - rows[0] >= len(rows):
            raise level.fail(("prestige_bands", i, "rows"), "a double-width row's two block "
                                                            "rows must be neighbours")
        for row in rows:
            if row_prestige[row]:
                raise level.fail(("prestige_bands", i, "rows"), f"row {row} is in two bands")
            row_prestige[row], band_rows[row] = band["value"], rows
    if 0 in row_prestige:
        raise level.fail("prestige_bands", f"block row {row_prestige.index(0)} has no band")
    return row_prestige, tuple(band_rows)
