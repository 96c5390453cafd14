"""Explore New York's per-frame work kept small: what a frame would work out again and again is
kept until what it depends on changes. The maps' pictures drawn every frame (the turn's block
outlines, a peeking seat's faint route) are found once per view, board and Peek, and follow each
of them; the moves whose boxes count later are queued as their counts start, though `update`
only compares the clock with the earliest start kept; a stroke growing reads its polyline's
segment lengths, kept per polyline."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.games.explore_new_york.live_boxes import COUNT_AHEAD
from game.games.explore_new_york.map_panel import NOTHING
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import ENYRenderer
from game.ui.board_api import BOARD_RECT
from tests.games.scene_match import scene_match, step


def drawn_pictures(renderer) -> dict[int, object]:
    """Draw a frame; per seat the pictures its map drew (those of the maps that drew none:
    NOTHING)."""
    canvas = pygame.Surface(BOARD_RECT.bottomright)
    renderer.damage(False)
    renderer.draw_seats(canvas, {}, {})
    drawing = {shown[3].seat for shown in renderer._table[2]}
    return {seat: panel._drawn if seat in drawing else NOTHING
            for seat, panel in renderer.maps.items()}


def test_the_maps_pictures_drawn_each_frame_follow_every_move_and_peek():
    """After each move of bots (blocks chosen, turns ending) and each Peek on or off, a frame
    draws on each map the pictures of the view now: the outline of its block this turn, its
    faint route while it peeks."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, 7)
    renderer.set_humans(())
    outlines, faint = set(), 0
    for n in range(60):
        if match.is_over():
            break
        step(match, bots, renderer)
        for peek in (False, n % 7 == 3):  # a frame, then Peek pressed in the same view
            if peek:
                renderer.peek(n % 2)
            renderer.update(1 / 60)
            drawn = drawn_pictures(renderer)
            assert drawn == {seat: panel.pictures() for seat, panel in renderer.maps.items()}
            outlines.add(tuple(p.outline for p in drawn.values()))
            faint += any(p.faint for p in drawn.values())
    assert len(outlines) > 3 and faint > 5  # outlines moved, and faint routes were drawn


def test_a_moves_counts_are_queued_by_the_frame_they_start():
    """Frame by frame, no move whose counts `animated` left for later is still waiting once
    the clock is within COUNT_AHEAD of its start (its boxes would show the old points)."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 3, 4)
    queued = 0
    for _ in range(30):
        if match.is_over():
            break
        step(match, bots, renderer)
        renderer.damage(False)
        for _ in range(20):
            waiting = len(renderer._to_count)
            renderer.update(1 / 60)
            renderer.damage(False)
            queued += waiting - len(renderer._to_count)
            soon = renderer.timeline.clock + COUNT_AHEAD
            assert all(recount.start > soon for recount in renderer._to_count)
    assert queued > 10  # many moves' counts were queued by `update`


def test_a_stroke_grows_along_its_own_polylines_lengths(monkeypatch):
    """A stroke's segment lengths, kept per polyline (sprites.segment_lengths), give each
    frame the points its own lengths give: every link of two map sizes, café rings and
    markers of every shape (many of them with as many points as another)."""
    import math
    from itertools import pairwise

    from game.games.explore_new_york import sprites as sp
    from game.games.explore_new_york.layout import make_scale

    rules = ExploreNewYork()
    paths = [line for size in (848, 300) for line in make_scale(rules.board, size).lines]
    paths += [sp.marker_path(kind, r, seed) for kind in ("circle", "square", "triangle")
              for r in (9.0, 14.0) for seed in range(3)]
    fractions = [k / 20 for k in range(21)]
    kept = [[sp.partial_line(points, p) for p in fractions] for points in paths]
    with monkeypatch.context() as patch:  # each polyline's own lengths, worked out every time
        patch.setattr(sp, "segment_lengths",
                      lambda points: tuple(math.dist(a, b) for a, b in pairwise(points)))
        own = [[sp.partial_line(points, p) for p in fractions] for points in paths]
    assert kept == own
