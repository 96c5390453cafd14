"""Pure questions about one player's sheet: mapping legality, bonus state, Second Line touches.

Rulebook sections: Acción de mapear, Bonificaciones, Puntuación Segunda Línea.
"""

from __future__ import annotations

from .board import CULTURE, FOOD, MYSTICISM, PARTY, SHOPPING, Board
from .state import Sheet, W


def has_bonus(sheet: Sheet, activity: int, letter: int) -> bool:
    """True once bonus `letter` (0 = A) of an activity meter is unlocked."""
    return sheet.bonuses[activity] > letter


def can_map(board: Board, sheet: Sheet, b: int, value: int) -> bool:
    """Acción de mapear: `value` is equal or ±1 to every mapped orthogonal neighbour.

    A "W" (on either side) fits anything (Compras, nota); values never wrap (1 and 6 differ).
    """
    if sheet.mapped[b]:
        return False
    if value == W:
        return True
    lo, hi = _bounds(board.adjacency[b], sheet.mapped)
    return lo <= value <= hi


def can_map_some(board: Board, sheet: Sheet, b: int) -> bool:
    """True if some die value 1-6 may be written on building b now (`legal_values` not empty,
    without building the tuple: a bonus mapping asks it of every building)."""
    if sheet.mapped[b]:
        return False
    lo, hi = _bounds(board.adjacency[b], sheet.mapped)
    return lo <= hi


def legal_values(board: Board, sheet: Sheet, b: int) -> tuple[int, ...]:
    """The die values 1-6 that may be written on building b now."""
    if sheet.mapped[b]:
        return ()
    lo, hi = _bounds(board.adjacency[b], sheet.mapped)
    return tuple(range(lo, hi + 1))


def _bounds(neighbours: tuple[int, ...], mapped: tuple[int, ...]) -> tuple[int, int]:
    """The lowest and highest value a building with these neighbours may take (lo > hi: none);
    one pass, since each mapped neighbour (not a W) narrows the range to its own value ±1."""
    lo, hi = 1, 6
    for n in neighbours:
        m = mapped[n]
        if m and m != W:
            # Comparisons rather than max()/min(): two builtin calls less per neighbour.
            if m - 1 > lo:  # noqa: PLR1730
                lo = m - 1
            if m + 1 < hi:  # noqa: PLR1730
                hi = m + 1
    return lo, hi


# The questions below read `sheet.bonuses[activity] > letter` (has_bonus) inline: they are
# asked at every step of a playout, and a call less each counts there.


def w_left(sheet: Sheet) -> int:
    """Unspent "W" writes: Compras A gives one, Compras C two more."""
    shopping = sheet.bonuses[SHOPPING]
    return (shopping > 0) + 2 * (shopping > 2) - sheet.w_used


def can_boost(sheet: Sheet) -> bool:
    """Cultura A (one use): +1 or +2 to a movement."""
    return sheet.bonuses[CULTURE] > 0 and not sheet.boost_used


def can_swap(sheet: Sheet) -> bool:
    """Cultura C (one use): take the card and movement of another revealed card."""
    return sheet.bonuses[CULTURE] > 2 and not sheet.swap_used


def maps_adjacent(sheet: Sheet) -> bool:
    """Cultura B (permanent): map an adjacent building with the same die value."""
    return sheet.bonuses[CULTURE] > 1


def small_gives_wild(sheet: Sheet) -> bool:
    """Comida B (permanent): mapping a small building gives a wild."""
    return sheet.bonuses[FOOD] > 1


def double_umbrellas(sheet: Sheet) -> bool:
    """Compras B (permanent): every umbrella icon gives one more."""
    return sheet.bonuses[SHOPPING] > 1


def slow_walk(sheet: Sheet) -> bool:
    """Fiesta B (permanent, harmful): Walk moves only 1 space."""
    return sheet.bonuses[PARTY] > 1


def no_artists(sheet: Sheet) -> bool:
    """Fiesta D (permanent, harmful): artist icons are ignored."""
    return sheet.bonuses[PARTY] > 3


def has_personal_line(sheet: Sheet) -> bool:
    """Misticismo B started a personal Second Line."""
    return sheet.bonuses[MYSTICISM] > 1 and sheet.p_head >= 0


def line_buildings(board: Board, sheet: Sheet, public: frozenset[int]) -> tuple[int, ...]:
    """Mapped buildings touching the public or this sheet's personal Second Line, each once."""
    segs = public | sheet.p_segs
    if not segs:
        return ()
    return tuple(b.index for b in board.buildings
                 if sheet.mapped[b.index] and not segs.isdisjoint(b.sides))


def artist_free(sheet: Sheet, t: int) -> bool:
    """True while artist type t still has an empty box (top or bottom row)."""
    bit = 1 << t
    return not (sheet.top & bit and sheet.bottom & bit)
