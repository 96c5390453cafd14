"""French Quarter's street names test each spot only against the strokes near it
(map_layout.Strokes): the same count of hits as testing every stroke."""

from __future__ import annotations

import random

import pygame

from game.games.french_quarter.map_layout import Strokes, rect_stroke
from game.ui.geometry import Stroke, stroke_hits


def test_the_strokes_near_a_spot_hit_it_as_often_as_all_of_them():
    rng = random.Random(7)
    strokes = [rect_stroke("line", pygame.Rect(rng.randrange(0, 400), rng.randrange(0, 400),
                                               rng.randrange(1, 120), rng.randrange(1, 12)))
               for _ in range(40)]
    strokes += [Stroke("path", ((rng.uniform(0, 400), rng.uniform(0, 400)),
                                (rng.uniform(0, 400), rng.uniform(0, 400))), rng.choice((1, 5, 9.5)))
                for _ in range(40)]
    near = Strokes.of(strokes)
    hits = 0
    for _ in range(3000):
        rect = pygame.Rect(rng.randrange(-20, 420), rng.randrange(-20, 420),
                           rng.randrange(1, 90), rng.randrange(1, 40))
        every = sum(1 for s in strokes if stroke_hits(s, rect))
        assert near.hits(rect) == every
        hits += every
    assert hits > 1000  # spots that touch strokes, near their ends and edges too
