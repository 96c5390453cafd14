"""The highest/lowest block value markers: they follow the wealth/prestige markers' moves."""

from __future__ import annotations

import dataclasses

from game.games.urban_sprawl import city
from game.games.urban_sprawl.effects import EFFECTS

from .support import after_setup, play, rules

R = rules()
EAST_0 = R.board.circles.index(("row", 0))  # the circle east of block row 0
SOUTH_0 = R.board.circles.index(("column", 0))  # the circle of block column 0


def block(row: int, col: int) -> int:
    """A block's index from its block row and column."""
    return row * city.BLOCKS + col


def place_marker(state, marker: str, circle: int):
    """Run the place_marker effect for seat 0 and put the marker on `circle`; returns the state
    and the events of the placement."""
    d = R.Draft(dataclasses.replace(state, tasks=(("act",),), active=0))
    EFFECTS["place_marker"].fn(R, d, {"marker": marker}, -1)
    R.advance(d)
    return play(R, d.freeze(), ("circle", circle))


def test_setup_marks_the_printed_extremes() -> None:
    """Printed values: 6 + 3 at the north-east corner (two block rows share prestige 3), and
    1 + 1 at the south-west corner."""
    state = after_setup(3)
    assert state.value_marks == ((block(0, 5), block(1, 5)), (block(4, 0), block(5, 0)))
    assert {state.values[b] for b in state.value_marks[0]} == {9}
    assert {state.values[b] for b in state.value_marks[1]} == {2}


def test_a_marker_moves_the_highest_mark_and_back() -> None:
    """Prestige 6 on block column 0 makes its prestige-3 blocks the highest (10) and moves the
    lowest to column 1; moved east of prestige row 3 (block rows 0-1, one 12-block row), the
    highest are that row's eastern blocks (15) and the lowest are back in column 0."""
    state, events = place_marker(after_setup(3), "p6", SOUTH_0)
    assert state.value_marks == ((block(0, 0), block(1, 0)), (block(4, 1), block(5, 1)))
    assert state.values[block(0, 0)] == 1 + 3 + 6 and state.values[block(4, 1)] == 2 + 1
    moved = [e for e in events if e.kind == "value_marks_moved"]
    assert [dict(e.data)["highest"] for e in moved] == [(block(0, 0), block(1, 0))]
    state, _ = place_marker(state, "p6", EAST_0)
    assert state.value_marks == ((block(0, 5), block(1, 5)), (block(4, 0), block(5, 0)))
    assert state.values[block(0, 5)] == state.values[block(1, 5)] == 15


def test_a_move_that_keeps_the_extremes_emits_nothing() -> None:
    """With prestige 6 east of block row 0 (15 at its east end), prestige 4 east of block row 2
    (values 7-12 there then) moves neither mark."""
    east_2 = R.board.circles.index(("row", 2))
    before, _ = place_marker(after_setup(3), "p6", EAST_0)
    state, events = place_marker(before, "p4", east_2)
    assert state.value_marks == before.value_marks
    assert not [e for e in events if e.kind == "value_marks_moved"]


def test_marks_always_agree_with_the_values() -> None:
    """Every placement keeps the marks equal to what the block values say."""
    state = after_setup(2)
    for marker, circle in (("w12", 0), ("p5", 6), ("w7", 8)):
        state, _ = place_marker(state, marker, circle)
        assert state.value_marks == city.value_marks(state.values)
        high, low = max(state.values), min(state.values)
        assert all(state.values[b] == high for b in state.value_marks[0])
        assert all(state.values[b] == low for b in state.value_marks[1])
