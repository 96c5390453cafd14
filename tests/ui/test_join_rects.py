"""damage.join_cheapest keeps each pair's cost between joins: the rects it gives are exactly
those of measuring every pair again before each join (the rule as first written)."""

from __future__ import annotations

import random

import pygame

from game.ui.damage import MAX_JOINED, _added, absorb, disjoint, join_cheapest


def measured_again(rects: list[pygame.Rect], passes: int, waste: int) -> list[pygame.Rect]:
    """join_cheapest as first written: every pair measured again before each join."""
    joined = disjoint(rects)
    if len(joined) > MAX_JOINED:
        return [joined[0].unionall(joined[1:])]
    while len(joined) > 1:
        added, i, j = min((_added(a, b), i, j) for i, a in enumerate(joined)
                          for j, b in enumerate(joined[i + 1:], i + 1))
        if len(joined) <= passes and added > waste:
            break
        absorb(joined.pop(j).union(joined.pop(i)), joined)
    return joined


def test_joining_gives_the_rects_of_measuring_every_pair_again():
    rng = random.Random(7)
    for _ in range(3000):
        count = rng.randrange(0, MAX_JOINED + 3)
        spread = rng.choice((200, 800, 1900))  # crowded rects overlap and swallow others
        rects = [pygame.Rect(rng.randrange(spread), rng.randrange(spread // 2),
                             rng.randrange(0, 300), rng.randrange(0, 200)) for _ in range(count)]
        passes, waste = rng.randrange(1, 6), rng.choice((0, 500, 40_000))
        assert join_cheapest(rects, passes, waste) == measured_again(rects, passes, waste)


def test_a_union_adding_exactly_the_waste_is_joined_as_measuring_again_joins_it():
    """At the boundary (a union adding exactly `waste` px, or nothing for two rects side by
    side) the shortcuts for two rects and for few rects join as the rule does."""
    a, b, far = pygame.Rect(0, 0, 10, 10), pygame.Rect(20, 0, 10, 10), pygame.Rect(500, 500, 9, 9)
    side = pygame.Rect(10, 0, 10, 10)  # touches `a`: their union adds nothing
    for rects in ([a, b], [a, b, far], [a, side], [a, side, far]):
        for waste in (0, 99, 100, 101):
            for passes in (1, 2, 3):
                assert join_cheapest(rects, passes, waste) == measured_again(rects, passes, waste)
    assert join_cheapest([a, b], 3, 100) == [pygame.Rect(0, 0, 30, 10)]
    assert join_cheapest([a, side], 3, 0) == [pygame.Rect(0, 0, 20, 10)]
