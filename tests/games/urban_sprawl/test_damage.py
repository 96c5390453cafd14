"""Urban Sprawl on the panel kit draws only what changed: between two frames, every pixel that
differs lies inside the rects the renderer reported (`damage`), and an idle board reports none."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.core import event
from game.engine.registry import rules_for
from game.games.urban_sprawl.scene import USRenderer
from tests.games.damage_watch import frame, moved, watched
from tests.games.scene_match import scene_match, step


def test_every_changed_pixel_is_reported_and_animations_damage_less_than_the_board():
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 4)
    renderer.damage(False)
    frames = partial = 0
    for _ in range(40):
        if not match.prompts():
            break
        last = frame(renderer)
        step(match, bots, renderer)
        assert moved(renderer, last) is not None  # a new view: what it changed, not the board
        drawn, small = watched(renderer)
        frames, partial = frames + drawn, partial + small
    assert frames > 100 and partial > frames // 2  # most animation frames redrew a part
    renderer.update(1 / 60)
    renderer.damage(False)  # the frame after the last tween ended
    renderer.update(1 / 60)
    assert renderer.damage(False) == []  # idle: nothing to redraw


def test_an_election_a_loss_and_the_end_report_where_they_are_drawn():
    """Events the first test's seed may not reach, animated over an unchanged view."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 4, 4)
    for _ in range(10):
        step(match, bots, renderer)
    view = match.view(0)
    renderer.reset(view, 0)
    office = renderer.board.election_track[0]
    for events in ([event("elected", 1, office=office)], [event("prestige", 2, amount=-2)],
                   [event("prestige", 3, amount=3)], [event("game_over")]):
        renderer.animate(events, view, 0)
        renderer.damage(False)
        assert watched(renderer)[0] > 0
