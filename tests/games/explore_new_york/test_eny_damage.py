"""Explore New York on the panel kit draws only what changed: between two frames, every pixel
that differs lies inside the rects the renderer reported (`damage`): strokes on their seat's map,
cards in the column, boxes counting up; an idle board reports none, a board laid out again
(the large map moving to the next first player) reports everything, and so does each frame of
the old board fading out when the zoom of three or four people moves. A move of bots reports what
it changed: its strokes' map, the block outlines it moves, a peeking seat's faint route."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import FADE_TIME, ENYRenderer
from game.games.explore_new_york.state import CHART
from game.games.explore_new_york.zoom import HOLD, choosing
from game.ui.board_api import BOARD_RECT
from game.ui.damage import merge
from tests.games.damage_watch import frame, moved, outside, watch
from tests.games.explore_new_york.support import advance
from tests.games.scene_match import scene_match, step


def settle(renderer) -> None:
    """The frame after the last tween ended, then an idle frame: nothing to redraw."""
    advance(renderer, 1 / 60)
    renderer.damage(False)
    advance(renderer, 1 / 60)
    assert renderer.damage(False) == []


def test_every_changed_pixel_is_reported_in_play_and_at_the_final_count():
    """The opening turns frame by frame (cards, strokes, boxes counting), then the game played
    on unwatched to its last action: the maps erased, the routes glowing, the boxes filling."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, 5)
    renderer.damage(False)
    partial, steps = 0, 0
    while not match.is_over() and steps < 400:
        last = frame(renderer) if steps < 12 else None
        step(match, bots, renderer)
        steps += 1
        if last is not None:
            assert moved(renderer, last) is not None  # a new view: what it changed
        if steps <= 12 or match.is_over():
            partial += watch(renderer)
        else:
            renderer.reset(match.view(0), 0)
    assert match.is_over() and match.view(0).routes
    assert partial > 40  # most of the animation frames redrew less than half the board
    settle(renderer)


def test_a_move_of_bots_damages_what_it_changed_not_the_whole_board():
    """Each move's damage, checked against the frame before it, is not the board: the block
    outlines drawn per frame (the turn's blocks) and seat 1's faint route on Peek report
    their own rects; the Peek button itself reports its map."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, 7)
    renderer.set_humans(())
    while not renderer.route_now(1).links:  # a route to show on Peek
        step(match, bots, renderer)
        watch(renderer)
    settle(renderer)
    last = frame(renderer)
    assert renderer.peek(1)
    assert moved(renderer, last) == [renderer.maps[1].rect]  # its faint route appears
    assert outside(last, frame(renderer), [])  # and it shows
    board, partial, outlines = BOARD_RECT.w * BOARD_RECT.h, 0, 0
    for _ in range(40):
        last, blocks = frame(renderer), [m.pictures().outline for m in renderer.maps.values()]
        step(match, bots, renderer)
        damaged = moved(renderer, last)
        assert damaged is not None
        partial += sum(r.w * r.h for r in merge(damaged, BOARD_RECT)) < board
        outlines += blocks != [m.pictures().outline for m in renderer.maps.values()]
        watch(renderer)
    assert outlines >= 5 and partial >= 35  # the outlines moved, the board stayed mostly


def test_a_board_laid_out_again_reports_everything():
    """At a table of bots the large map follows the first player, and a person sitting down
    takes it: a new layout, a new background, so the whole board is damaged."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 3)
    renderer.set_humans(())
    moved = 0
    for _ in range(30):
        before = renderer.focus
        step(match, bots, renderer)
        moved += renderer.focus != before
        renderer.reset(match.view(0), 0)
    assert moved >= 1
    settle(renderer)
    person = (renderer.focus + 1) % 4
    renderer.set_humans((person,))  # a person sits down: the large map becomes theirs
    assert renderer.focus == person
    assert renderer.damage(False) is None
    settle(renderer)


def test_the_zoom_moving_to_another_person_reports_every_frame_of_its_fade():
    """Three people: the large map zooms on the last to move; the board laid out again and
    every frame of the old board fading out over it are reported, then the board is idle."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 3)
    seconds = [0.0]
    renderer.zoom.clock = lambda: seconds[0]  # the players' clock: a frame's 1/60 s each
    renderer.set_humans((0, 1, 2))
    while not (match.view(0).phase == CHART and len(choosing(match.view(0)) & {0, 1, 2}) > 1):
        step(match, bots, renderer)
        renderer.reset(match.view(0), 0)
    settle(renderer)
    seconds[0] += HOLD
    mover = next(s for s in sorted(choosing(match.view(0)) & {0, 1, 2}) if s != renderer.focus)
    renderer.zoom.acted(mover)
    last = frame(renderer)
    renderer.damage(False)
    fading = 0
    while renderer.focus != mover or renderer.fading():
        seconds[0] += 1 / 60
        advance(renderer, 1 / 60)
        damaged = renderer.damage(False)
        now = frame(renderer)
        assert damaged is None or not outside(last, now, damaged)
        fading += renderer.fading()
        last = now
        assert fading < 60
    assert fading >= FADE_TIME * 60 - 2  # every frame of the fade was drawn
    settle(renderer)
