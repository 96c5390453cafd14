"""Explore New York scoring (Cálculo de puntos de victoria): every term's arithmetic, what counts
as along the route, and the final route against brute force over every trail of real maps."""

from __future__ import annotations

import random

import pytest

from game.engine.bots import make_bot, play_out, random_playout
from game.engine.core import Config
from game.engine.match import Match
from game.engine.trails import is_trail
from game.games.explore_new_york.board import TOURISTS
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scoring import Counts, RouteScorer, best_route, route_details
from game.games.explore_new_york.state import Sheet
from tests.engine.trail_brute_force import brute_force
from tests.games.plural_forms import abbreviated_points, plural_after_one

from .support import link, reference_rules, side


@pytest.fixture(scope="module")
def rules() -> ExploreNewYork:
    return reference_rules()


def sheet(rules, links: list[int], tourists: dict[tuple[int, int], tuple[int, int, int]]
          ) -> Sheet:
    """A map with these links and tourists per block (x, y)."""
    board = rules.board
    per_block = [(0, 0, 0)] * 36
    filled = 0
    for (x, y), counts in tourists.items():
        per_block[board.block_at(x, y)] = counts
        filled |= 1 << board.block_at(x, y)
    mask = sum(1 << k for k in links)
    return Sheet(tuple(per_block), filled, mask, 0, -1)


def test_every_term_of_a_route(rules):
    # Two links along the top road from the café at (2, 1): blocks (3, 1) star, (3, 2) circle,
    # (4, 1) triangle and (4, 2) square are along it.
    links = [link(rules, (2, 1), (3, 1)), link(rules, (3, 1), (4, 1))]
    tourists = {(3, 1): (2, 0, 0), (4, 2): (1, 0, 1), (6, 6): (0, 3, 0)}
    route = best_route(rules.board, sheet(rules, links, tourists))
    assert set(route.links) == set(links)
    assert {rules.board.blocks[b].attraction for b in route.blocks} == {
        "star", "circle", "triangle", "square"}
    assert dict(route.points) == {
        "circle": 3 * 1,  # 3 circle tourists on the route x 1 circle attraction
        "square": 0 * 1,  # the 3 squares on (6, 6) are off the route
        "triangle": 1 * 1,
        "cafes": 3,
        "smileys": 0,
        "stars": 4,
    }
    assert route.total == 11


def test_a_corner_touch_does_not_put_a_block_on_the_route(rules):
    # (2, 2)-(2, 3) runs between blocks (2, 3) and (3, 3); block (2, 2) only meets its end.
    route = best_route(rules.board, sheet(rules, [link(rules, (2, 2), (2, 3))],
                                          {(2, 2): (0, 0, 5), (3, 3): (0, 0, 1)}))
    board = rules.board
    assert sorted(route.blocks) == sorted([board.block_at(2, 3), board.block_at(3, 3)])
    assert dict(route.points)["triangle"] == 1 * 1  # the 5 triangles on (2, 2) do not count


def test_a_rounded_corner_link_puts_its_corner_block_on_the_route(rules):
    nw = next(k for k, ln in enumerate(rules.board.links) if ln.corner == "nw")
    route = best_route(rules.board, sheet(rules, [nw], {(1, 1): (4, 0, 0)}))
    assert route.blocks == (rules.board.block_at(1, 1),)
    assert dict(route.points)["circle"] == 4  # block (1, 1) is a circle attraction


@pytest.mark.parametrize(("stars", "points"), [(0, 0), (1, 4), (2, 12), (3, 24), (4, 36)])
def test_stars_score_4_12_24_36(rules, stars, points):
    scorer = RouteScorer(rules.board, sheet(rules, [], {}))
    assert dict(scorer.points(Counts((0, 0, 0), (0, 0, 0), 0, 0, stars)))["stars"] == points


def test_tourists_times_attractions_smileys_and_cafes(rules):
    scorer = RouteScorer(rules.board, sheet(rules, [], {}))
    points = dict(scorer.points(Counts((2, 5, 3), (4, 0, 2), 3, 2, 0)))
    assert points == {"circle": 8, "square": 0, "triangle": 6, "cafes": 9, "smileys": 12,
                      "stars": 0}


def test_the_route_is_the_best_trail_not_the_longest(rules):
    # Three arms from intersection (1, 2): north and south one link each, east two links.
    # The 4 squares on block (1, 2) count only with the square attraction (1, 3) south of it:
    # north + south (2 links, 10 points) beats both 3-link trails (6: the smiley only).
    north, south = link(rules, (1, 1), (1, 2)), link(rules, (1, 2), (1, 3))
    east = [link(rules, (1, 2), (2, 2)), link(rules, (2, 2), (3, 2))]
    tourists = {(1, 2): (0, 4, 0)}
    route = best_route(rules.board, sheet(rules, [north, south, *east], tourists))
    assert set(route.links) == {north, south} and route.total == 10
    for arm in (north, south):
        longer = best_route(rules.board, sheet(rules, [arm, *east], tourists))
        assert len(longer.links) == 3 and longer.total == 6


def test_the_route_may_cross_itself_and_close_a_loop(rules):
    # Block (2, 2)'s four sides and block (3, 3)'s four sides meet at (2, 2): a figure eight.
    links = [side(rules, 2, 2, s) for s in ("top", "bottom", "left", "right")]
    links += [side(rules, 3, 3, s) for s in ("top", "bottom", "left", "right")]
    route = best_route(rules.board, sheet(rules, links, {(2, 2): (1, 1, 1)}))
    assert sorted(route.links) == sorted(links)


def test_details_show_the_counts_behind_each_box(rules):
    links = [link(rules, (2, 1), (3, 1)), link(rules, (3, 1), (4, 1))]
    s = sheet(rules, links, {(3, 1): (2, 0, 0), (4, 2): (1, 0, 1)})
    route = best_route(rules.board, s)
    details = {d.category: d for d in route_details(rules.board, route, s)}
    assert dict(details["circle"].params)["count"] == 3
    assert dict(details["circle"].params)["attractions"] == 1
    assert dict(details["cafes"].params) == {"count": 1, "each": 3}
    assert sum(d.points for d in details.values()) == route.total


def end_of_game_sheets(rules) -> list[Sheet]:
    """Final maps of random games and of greedy-bot games."""
    sheets = []
    for seed in range(12):
        state, _ = random_playout(rules, Config(2 + seed % 3), random.Random(seed))
        sheets += state.sheets
    for seed in range(2):
        bots = {s: make_bot("greedy", rules.game_id, seed * 10 + s) for s in range(2)}
        sheets += play_out(Match(rules, Config(2), seed), bots).state.sheets
    return sheets


def test_final_routes_match_brute_force_over_every_trail(rules):
    for s in end_of_game_sheets(rules):
        scorer = RouteScorer(rules.board, s)
        route = best_route(rules.board, s)
        assert route.total == brute_force(scorer.ends, scorer), s
        local = tuple(scorer.links.index(k) for k in route.links)
        start = route.start if route.links else None
        assert is_trail(scorer.ends, local, start)
        assert len(TOURISTS) == 3 and route.total == scorer(sum(1 << e for e in local))


def test_no_string_puts_a_plural_after_one():
    """"1 stars", "1 cards left", "Tied on 1 points": every count shown before a noun goes
    through plural forms, or the noun comes first ("tourists 1 × attractions 3")."""
    assert plural_after_one("explore_new_york") == []
    assert abbreviated_points("explore_new_york") == []
