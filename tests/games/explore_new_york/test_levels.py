"""Explore New York level data: the shipped map and deck are sound and balanced; broken copies
name file and field."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.games.explore_new_york.board import ATTRACTIONS, TOURISTS, WILD, load_board
from game.games.explore_new_york.rules import ExploreNewYork
from tests.games.level_edits import level_breaker

GAME = "explore_new_york"


@pytest.fixture(scope="module")
def board():
    """The shipped board."""
    return load_board()


@pytest.fixture
def broken(tmp_path: Path):
    """`broken(file, old, new)`: a levels copy with one text edit; returns the LevelError text."""
    return level_breaker(tmp_path, GAME, ExploreNewYork)


# -- the shipped map (Mapa de la ciudad) ---------------------------------------------------------
def test_six_by_six_blocks_with_every_attraction(board) -> None:
    assert [(b.x, b.y) for b in board.blocks] == [(x, y) for y in range(1, 7) for x in range(1, 7)]
    kinds = Counter(b.attraction for b in board.blocks)
    assert set(kinds) == set(ATTRACTIONS)
    assert kinds["star"] == len(board.star_points) - 1 == 4
    assert kinds["circle"] == kinds["square"] == kinds["triangle"]


def test_roads_around_and_between_blocks_with_four_rounded_corners(board) -> None:
    # 7 rows and 7 columns of 6 segments, minus the 8 corner segments, plus 4 curves.
    assert len(board.links) == 2 * 7 * 6 - 8 + 4
    for block in board.blocks:
        corner = block.x in (1, 6) and block.y in (1, 6)
        assert len(block.sides) == (3 if corner else 4), (block.x, block.y)
    for link in board.links:
        assert 1 <= len(link.blocks) <= 2
        assert len(link.blocks) == 1 or not link.corner
    assert all(mask.bit_count() >= 2 for mask in board.touching)


def test_cafes_sit_on_intersections_with_two_tourists(board) -> None:
    assert len(board.cafes) >= 3
    assert len({c.at for c in board.cafes}) == len(board.cafes)
    assert Counter(t for c in board.cafes for t in c.tourists) == Counter(
        {t: 2 * len(board.cafes) // 3 for t in range(3)})


def test_the_map_scores_on_about_half_its_blocks_so_routes_choose(board) -> None:
    # Issue #27's rebalance (levels/explore_new_york/map.toml explains it): 17 white blocks,
    # 4 of each tourist attraction never side by side, stars and smileys apart.
    kinds = Counter(b.attraction for b in board.blocks)
    assert kinds == {"white": 17, "circle": 4, "square": 4, "triangle": 4, "star": 4,
                     "smiley": 3}
    where = {kind: [(b.x, b.y) for b in board.blocks if b.attraction == kind] for kind in kinds}
    for kind in (*TOURISTS, "star", "smiley"):
        spots = where[kind]
        assert all(abs(x1 - x2) + abs(y1 - y2) > 1 for k, (x1, y1) in enumerate(spots)
                   for x2, y2 in spots[k + 1:]), kind
    for kind in ("star", "smiley"):  # no two in one row or one column
        xs, ys = zip(*where[kind])
        assert len(set(xs)) == len(xs) and len(set(ys)) == len(ys), kind


def test_a_balanced_27_card_deck(board) -> None:
    cards = board.cards
    assert len(cards) == 27
    assert Counter(c.coord for c in cards) == Counter({**{n: 4 for n in range(1, 7)}, WILD: 3})
    assert Counter(t for c in cards for t in c.tourists) == Counter({t: 14 for t in range(3)})
    assert all(1 <= len(c.tourists) <= 2 for c in cards)
    assert sorted(c.coord for c in cards if c.plus) == [1, 2, 3, 4, 5, 6]
    assert board.removed_unseen == (3, 0, 3) and board.cards_per_turn == 3


def test_tourist_names_are_the_cards_symbols() -> None:
    assert TOURISTS == ("circle", "square", "triangle")


# -- broken copies name file and field -----------------------------------------------------------
@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("map.toml", '["white",    "square",   "star"', '["white",    "square",   "moon"',
     "explore_new_york/map.toml: rows[0][2]: unknown 'moon'"),
    ("map.toml", "star_points = [0, 4, 12, 24, 36]", "star_points = [0, 4, 12, 24]",
     "explore_new_york/map.toml: star_points: needs 5 entries (0 to 4 stars)"),
    ("map.toml", "at = [2, 4]", "at = [4, 2]",
     "explore_new_york/map.toml: cafes[1].at: a café already sits at [4, 2]"),
    ("map.toml", "at = [2, 4]", "at = [0, 0]",
     "explore_new_york/map.toml: cafes[1].at: [0, 0] is no intersection a road reaches"),
    ("map.toml", 'tourists = ["triangle", "circle"]', 'tourists = ["triangle"]',
     "explore_new_york/map.toml: cafes[1].tourists: must have 2 entries, not 1"),
    ("map.toml", 'rounded_corners = ["nw",', 'rounded_corners = ["north",',
     "explore_new_york/map.toml: rounded_corners[0]: unknown 'north'"),
    ("map.toml", "cafe_points = 3", "cafe_point = 3",
     "explore_new_york/map.toml: cafe_point: unknown field"),
    ("deck.toml", '{ coord = 1, tourists = ["circle"], plus = true }',
     '{ coord = 7, tourists = ["circle"], plus = true }',
     "explore_new_york/deck.toml: cards[0].coord: 7 is outside 1..6"),
    ("deck.toml", '{ coord = "*", tourists = ["circle"] }', '{ coord = "?", tourists = ["circle"] }',
     "explore_new_york/deck.toml: cards[24].coord: unknown '?'"),
    ("deck.toml", '{ coord = 1, tourists = ["circle"], plus = true }',
     '{ coord = 1, tourists = [], plus = true }',
     "explore_new_york/deck.toml: cards[0].tourists: empty"),
    # counts the rulebook fixes (issue 25): 27 cards; 3 removed unseen with 2 or 4 players
    ("deck.toml", "removed_unseen = [3, 0, 3]", "removed_unseen = [3, 0, 25]",
     "explore_new_york/deck.toml: removed_unseen[2]: must be 3 for 4 players"),
    ("deck.toml", "removed_unseen = [3, 0, 3]", "removed_unseen = [3, 1, 3]",
     "explore_new_york/deck.toml: removed_unseen[1]: must be 0 for 3 players"),
    ("deck.toml", '  { coord = 1, tourists = ["circle"], plus = true },\n', "",
     "explore_new_york/deck.toml: cards: must have 27 entries, not 26"),
    ("deck.toml", '  { coord = 1, tourists = ["circle"], plus = true },\n',
     '  { coord = 1, tourists = ["circle"], plus = true },\n  { coord = 5, tourists = ["square"] },\n',
     "explore_new_york/deck.toml: cards: must have 27 entries, not 28"),
])
def test_errors_name_file_and_field(broken, name, old, new, message) -> None:
    # The copy lives outside levels/, so the error shows its full path ending in `message`.
    assert message in broken(name, old, new)
