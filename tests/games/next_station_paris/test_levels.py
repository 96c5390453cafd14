"""Next Station: Paris level data: the shipped files are sound, broken copies name file+field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.levels import LevelError
from game.games.next_station_paris.board import COLORS, SHAPES, crossing, load_board
from game.games.next_station_paris.rules import NextStationParis
from tests.games.level_edits import level_breaker

GAME = "next_station_paris"


@pytest.fixture(scope="module")
def board():
    """The shipped board."""
    return load_board()


@pytest.fixture
def broken(tmp_path: Path):
    """`broken(file, old, new)`: a levels copy with one text edit; returns the LevelError text."""
    return level_breaker(tmp_path, GAME, NextStationParis)


# -- the shipped data follows NOTES.md's structure ------------------------------------------------
def test_lattice_stations_shapes_and_specials(board) -> None:
    assert 45 <= len(board.stations) <= 56
    for s in board.stations:
        assert 0 <= s.col <= 9 and 0 <= s.row <= 9
        assert (s.shape in SHAPES) != (s.monument or s.platform)
    assert sum(s.monument for s in board.stations) == 8
    assert [s.platform for s in board.stations].count(True) == 1
    assert sorted(board.stations[d].departure for d in board.departures) == list(range(len(COLORS)))
    counts = [sum(s.shape == shape for s in board.stations) for shape in SHAPES]
    assert max(counts) - min(counts) <= 2, counts


def test_districts_eight_main_five_secondary(board) -> None:
    main = [d for d in board.districts if d.main]
    secondary = [d for d in board.districts if not d.main]
    assert len(main) == 8 and len(secondary) == 5
    assert all(len(d.stations) == 1 for d in secondary)
    corners = {(board.stations[d.stations[0]].col, board.stations[d.stations[0]].row)
               for d in secondary}
    assert {(0, 0), (9, 0), (0, 9), (9, 9), (4.5, 4.5)} == corners
    assert sorted(board.gate_corners) == sorted(
        d.stations[0] for d in secondary if not board.stations[d.stations[0]].platform)


def test_main_districts_are_the_notes_rectangles(board) -> None:
    # NOTES.md: two 5x2 on top, four 5x3 in the middle, two 5x2 at the bottom.
    spans = sorted((d.rows, d.cols) for d in board.districts if d.main)
    rows = [(0, 1), (2, 4), (5, 7), (8, 9)]
    assert spans == sorted((r, c) for r in rows for c in ((0, 4), (5, 9)))
    platform = next(s for s in board.stations if s.platform)
    assert (platform.col, platform.row) == (4.5, 4.5)
    assert not board.districts[platform.district].main


def test_every_station_is_linked_and_the_map_is_connected(board) -> None:
    seen, todo = {0}, [0]
    while todo:
        for _, other in board.adjacency[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert len(seen) == len(board.stations)


def test_links_are_straight_and_never_pass_through_a_station(board) -> None:
    for link in board.links:
        a, b = board.stations[link.a], board.stations[link.b]
        dx, dy = b.col - a.col, b.row - a.row
        assert dx == 0 or dy == 0 or abs(dx) == abs(dy)
        for s in board.stations:
            if s.index not in (link.a, link.b):
                point = (s.col, s.row)
                assert crossing((a.col, a.row), (b.col, b.row), point, point) is None


def test_overpasses_join_two_crossing_links_and_only_those_may_cross(board) -> None:
    assert len(board.overpasses) == 8
    for o in board.overpasses:
        la, lb = (board.links[i] for i in o.links)
        assert la.overpass == lb.overpass == o.index
        assert not (board.conflicts[la.index] >> lb.index) & 1  # the overpass lets them cross
    crossing_pairs = sum((m).bit_count() for m in board.conflicts) // 2
    assert crossing_pairs >= 4  # the map has crossings that block each other


def test_cards_six_street_five_metro(board) -> None:
    assert len(board.cards) == 11
    assert sum(c.metro for c in board.cards) == 5
    assert [c.symbol for c in board.cards if not c.metro].count("branch") == 1
    for symbol in (*SHAPES, "joker"):
        assert sum(c.symbol == symbol for c in board.cards) == 2
    # NOTES.md: Metro = the 4 shapes + the joker; Street = the same five + the branch.
    assert sorted(c.symbol for c in board.cards if c.metro) == sorted((*SHAPES, "joker"))


def test_modules_five_objectives_four_gates(board) -> None:
    assert len(board.objectives) == 5 and board.objective_points == 10
    assert sorted(board.bonuses) == sorted(
        ("branch_free", "double_free", "double_district", "double_station"))
    assert len(board.gate_corners) == 4


# -- broken copies name the file and the field ---------------------------------------------------
def test_unknown_shape_names_the_field(broken) -> None:
    msg = broken("map.toml", 'shape = "square"', 'shape = "hexagon"')
    assert "next_station_paris/map.toml: stations[" in msg
    assert ".shape: unknown 'hexagon'" in msg


def test_link_through_a_station_is_rejected(broken) -> None:
    msg = broken("map.toml", '["a0", "a2"]', '["a0", "a4"]')
    assert "map.toml: links[0]: passes through station 'a2'" in msg


def test_bent_link_is_rejected(broken) -> None:
    msg = broken("map.toml", '["a0", "a2"]', '["a0", "b3"]')
    assert "map.toml: links[0]: must be horizontal, vertical or diagonal" in msg


def test_overpass_of_links_that_do_not_cross(broken) -> None:
    msg = broken("map.toml", 'links = [["a2", "c2"], ["b1", "b3"]]',
                 'links = [["a2", "c2"], ["a0", "b1"]]')
    assert "map.toml: overpasses[0].links: the two links do not cross" in msg


def test_station_outside_its_district(broken) -> None:
    msg = broken("map.toml", 'id = "a2"\ncol = 2\nrow = 0\ndistrict = "d1"',
                 'id = "a2"\ncol = 2\nrow = 0\ndistrict = "d3"')
    assert "map.toml: stations[" in msg and ".district: (2, 0) is not inside 'd3'" in msg


def test_wrong_number_of_metro_cards(broken) -> None:
    msg = broken("cards.toml", 'deck = "metro"', 'deck = "street"')
    assert msg.endswith("next_station_paris/cards.toml: cards: 4 Metro cards, expected 5")


def test_exactly_one_branch_card(broken) -> None:
    """Rulebook, Cartas especiales: the deck has one branch card (a second one in its place
    of a shape, or none, is refused)."""
    msg = broken("cards.toml", 'id = "street_square"\ndeck = "street"\nsymbol = "square"',
                 'id = "street_square"\ndeck = "street"\nsymbol = "branch"')
    assert msg.endswith("next_station_paris/cards.toml: cards: 2 branch cards, expected 1")


def test_no_branch_card(broken) -> None:
    msg = broken("cards.toml", 'deck = "street"\nsymbol = "branch"', 'deck = "street"\nsymbol = "joker"')
    assert msg.endswith("next_station_paris/cards.toml: cards: 0 branch cards, expected 1")


def test_unknown_objective_kind(broken) -> None:
    msg = broken("modules.toml", 'kind = "monuments"', 'kind = "bridges"')
    assert msg.endswith("next_station_paris/modules.toml: objectives.cards[2].kind: "
                        "unknown 'bridges'")


def test_gate_on_an_ordinary_station(broken) -> None:
    msg = broken("modules.toml", '"a0", "a9"', '"c2", "a9"')
    assert "modules.toml: gates.corners[0]: must be a corner secondary district station" in msg


def test_ratings_out_of_order(broken) -> None:
    msg = broken("scoring.toml", "min = 161", "min = 190")
    assert "scoring.toml: ratings[1].min: ratings must be listed best first" in msg


def test_missing_file(broken, tmp_path: Path) -> None:
    (tmp_path / GAME / "scoring.toml").unlink()
    with pytest.raises(LevelError, match="scoring.toml: file not found"):
        NextStationParis(tmp_path)


# -- every file kind: unknown keys, duplicate ids, bad references, values out of range ----------
@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("scoring.toml", "rounds = 4", "rounds = 4\nround = 4", "scoring.toml: round: unknown field"),
    ("scoring.toml", "rounds = 4", "rounds = 5", "scoring.toml: rounds: must be 4, not 5"),
    ("scoring.toml", "metro_cards_per_round = 5", "metro_cards_per_round = 4",
     "scoring.toml: metro_cards_per_round: must be 5, not 4"),
    ("scoring.toml", "overpass = [0, 2, 6]", "overpass = [0, 2]",
     "scoring.toml: overpass: must have 3 entries, not 2"),
    ("scoring.toml", 'id = "well_done"', 'id = "fulgence"',
     "scoring.toml: ratings[1].id: duplicate 'fulgence'"),
    ("cards.toml", 'id = "metro_square"\ndeck = "metro"', 'id = "metro_square"\ncolour = 1',
     "cards.toml: cards[0].colour: unknown field"),
    ("cards.toml", 'id = "metro_circle"', 'id = "metro_square"',
     "cards.toml: cards[1].id: duplicate 'metro_square'"),
    ("cards.toml", 'deck = "metro"', 'deck = "bus"', "cards.toml: cards[0].deck: unknown 'bus'"),
    ("map.toml", 'id = "a0"\ncol = 0', 'id = "a0"\nx = 1\ncol = 0',
     "map.toml: stations[1].x: unknown field"),
    ("map.toml", 'id = "a2"\ncol = 2', 'id = "a0"\ncol = 2', "map.toml: stations[2].id: duplicate 'a0'"),
    ("map.toml", 'district = "nw"', 'district = "north"',
     "map.toml: stations[1].district: unknown 'north'"),
    ("map.toml", '["a0", "a2"]', '["a0", "zz"]', "map.toml: links[0][1]: unknown 'zz'"),
    ("map.toml", 'id = "a2"\ncol = 2', 'id = "a2"\ncol = 10',
     "map.toml: stations[2].col: 10 is outside 0..9"),
    ("map.toml", "cols = [0, 0]", "cols = [0, 10]", "map.toml: districts[0].cols[1]: 10 is outside"),
    ("map.toml", 'platform = true', 'platform = "yes"',
     "map.toml: stations[0].platform: must be bool, not str"),
    ("modules.toml", "points = 10", "points = 10\nbonus = 1",
     "modules.toml: objectives.bonus: unknown field"),
    ("modules.toml", "points = 10", "points = 100",
     "modules.toml: objectives.points: 100 is outside 0..99"),
    ("modules.toml", 'id = "districts"', 'id = "interchanges"',
     "modules.toml: objectives.cards[1].id: duplicate 'interchanges'"),
    ("modules.toml", '"a0", "a9"', '"a0", "zz"', "modules.toml: gates.corners[1]: unknown 'zz'"),
    ("modules.toml", '"a0", "a9"', '"a0", "a0"', "modules.toml: gates.corners[1]: duplicate 'a0'"),
    ("modules.toml", "count = 7", "count = 7\nlines = 2",
     "modules.toml: objectives.cards[1].lines: required for interchanges, and only for them"),
])
def test_each_file_kind_rejects_what_its_schema_forbids(broken, name, old, new, message) -> None:
    assert message in broken(name, old, new)
