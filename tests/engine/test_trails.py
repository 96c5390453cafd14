"""The best-trail search (game.engine.trails) against brute force on small random multigraphs.

Brute force walks every trail from every vertex (each edge at most once) and keeps the best
score; the search must find the same score, and the trail it returns must be a real trail
scoring exactly that. Graphs include loops, parallel edges and several components; scores are
additive (the longest trail by edge weight) and non-additive but monotone (the shape of
Explore New York's route score: covered items times counts).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.trails import Trail, best_trail, is_trail, longest_trail, walk
from tests.engine.trail_brute_force import brute_force

Edges = list[tuple[int, int]]


def weight_score(weights: Sequence[int]) -> Callable[[int], float]:
    """The additive score of an edge set."""
    return lambda mask: sum(w for e, w in enumerate(weights) if mask >> e & 1)


def coverage_score(covers: Sequence[int], values: Sequence[int]) -> Callable[[int], float]:
    """A monotone, non-additive score: each edge covers some items (a bitmask); the score is
    the number of covered items times the sum of their values (like tourists x attractions)."""
    def score(mask: int) -> float:
        covered = 0
        for edge, items in enumerate(covers):
            if mask >> edge & 1:
                covered |= items
        return covered.bit_count() * sum(v for i, v in enumerate(values) if covered >> i & 1)
    return score


def assert_valid(ends: Sequence[tuple[int, int]], trail: Trail, score: Callable[[int], float]
                 ) -> None:
    """The answer is a trail and its score is the score of its edge set."""
    assert is_trail(ends, trail.edges, trail.start), trail
    assert trail.score == score(trail.mask)


graphs = st.integers(1, 6).flatmap(lambda n: st.lists(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=9))


@settings(max_examples=300, deadline=None)
@given(graphs, st.data())
def test_longest_trail_by_edge_weight_matches_brute_force(ends: Edges, data) -> None:
    weights = data.draw(st.lists(st.integers(0, 9), min_size=len(ends), max_size=len(ends)))
    trail = longest_trail(ends, weights)
    score = weight_score(weights)
    assert trail.score == brute_force(ends, score)
    assert_valid(ends, trail, score)


@settings(max_examples=300, deadline=None)
@given(graphs, st.data())
def test_non_additive_monotone_score_matches_brute_force(ends: Edges, data) -> None:
    covers = data.draw(st.lists(st.integers(0, 63), min_size=len(ends), max_size=len(ends)))
    values = data.draw(st.lists(st.integers(0, 5), min_size=6, max_size=6))
    score = coverage_score(covers, values)
    trail = best_trail(ends, score)
    assert trail.score == brute_force(ends, score)
    assert_valid(ends, trail, score)


def test_seeded_grid_networks_match_brute_force() -> None:
    """Denser networks like a route map (a 4x3 grid of intersections, 9-12 random roads)."""
    rng = random.Random(13)
    roads = [((i, j), (i + 1, j)) for i in range(3) for j in range(3)]
    roads += [((i, j), (i, j + 1)) for i in range(4) for j in range(2)]
    for _ in range(40):
        chosen = rng.sample(roads, rng.randint(9, 12))
        ends = [(a[1] * 4 + a[0], b[1] * 4 + b[0]) for a, b in chosen]
        covers = [rng.randrange(1, 1 << 8) for _ in ends]
        score = coverage_score(covers, [rng.randint(0, 4) for _ in range(8)])
        trail = best_trail(ends, score)
        assert trail.score == brute_force(ends, score)
        assert_valid(ends, trail, score)


def test_an_euler_component_is_taken_whole_as_a_closed_trail() -> None:
    square = [(0, 1), (1, 2), (2, 3), (3, 0)]
    trail = longest_trail(square, [1, 1, 1, 1])
    assert trail.score == 4 and sorted(trail.edges) == [0, 1, 2, 3]
    assert is_trail(square, trail.edges, trail.start)


def test_the_best_component_wins_and_a_figure_eight_may_cross_itself() -> None:
    # Component A: two triangles sharing vertex 2 (a figure eight, crossed at 2): weight 6.
    # Component B: one heavy edge of weight 5.
    ends = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2), (7, 8)]
    trail = longest_trail(ends, [1, 1, 1, 1, 1, 1, 5])
    assert trail.score == 6 and set(trail.edges) == {0, 1, 2, 3, 4, 5}
    heavier = longest_trail(ends, [1, 1, 1, 1, 1, 1, 7])
    assert heavier.edges == (6,)


def test_a_star_keeps_only_two_of_its_branches() -> None:
    # Three branches from vertex 0 (odd degree 3 at the centre): a trail takes two of them.
    ends = [(0, 1), (1, 2), (0, 3), (0, 4), (4, 5)]
    trail = longest_trail(ends, [2, 2, 1, 3, 3])
    assert trail.score == 10 and set(trail.edges) == {0, 1, 3, 4}


def test_loops_and_parallel_edges_are_walked_once_each() -> None:
    ends = [(0, 0), (0, 1), (0, 1), (1, 2)]
    trail = longest_trail(ends, [1, 1, 1, 1])
    assert trail.score == 4 and is_trail(ends, trail.edges, trail.start)


def test_nothing_drawn_is_the_empty_trail() -> None:
    assert best_trail([], lambda mask: 0) == Trail(0, (), None)
    assert longest_trail([(0, 1)], [0]).score == 0


def test_bad_weights_are_refused() -> None:
    with pytest.raises(ValueError, match=">= 0"):
        longest_trail([(0, 1)], [-1])
    with pytest.raises(ValueError, match="weights"):
        longest_trail([(0, 1)], [1, 2])


def test_walk_orders_an_edge_set_from_its_start() -> None:
    ends = [(0, 1), (1, 2), (2, 0), (0, 3)]
    order = walk(ends, 0b1111, 3)
    assert sorted(order) == [0, 1, 2, 3] and is_trail(ends, order, 3)
    assert not is_trail(ends, (0, 0), 0) and not is_trail(ends, (1,), 3)
