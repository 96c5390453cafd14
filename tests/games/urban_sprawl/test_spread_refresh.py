"""Work a frame would do twice, or all at once, spread or done once: the layers a tween letting
go of things leaves dirty beyond the repaint budget are repainted in the next frames (not all
keys asked again in that one), and the rows' slots are worked out once per view."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.registry import rules_for
from game.games.urban_sprawl.scene import USRenderer
from tests.games.scene_match import scene_match, step


def frames(players: int, seed: int, moves: int = 30, update: bool = True):
    """Each frame of a played game: the renderer after its update (`update` False: before
    it, as the last frame left it; the caller updates it)."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), players, seed)
    for _ in range(moves):
        if not match.prompts():
            return
        step(match, bots, renderer)
        while renderer.busy() or renderer.held_left:  # (as the kit's pending layers, not busy)
            if update:
                renderer.update(1 / 60)
            yield renderer


def stale(renderer) -> int:
    """How many of the layers reading the holds show another key than theirs now."""
    shown = renderer.layers.shown_key
    return sum(shown(panel.name) != panel.key() for panel in renderer.held_panels)


def test_layers_left_by_a_tween_letting_go_are_repainted_in_the_next_frames():
    left = 0  # layers left dirty by the last frame
    for renderer in frames(3, 6):
        if left:
            assert stale(renderer) < left  # a budget's worth of them repainted since
        left = stale(renderer) if renderer.held_left else 0
    renderer.update(1 / 60)
    assert not renderer.held_left and not renderer.busy() and stale(renderer) == 0


def test_a_building_landing_leaves_the_seats_body_to_the_next_frame():
    assert any(renderer.held_left for renderer in frames(3, 6))  # (the path above is taken)


def test_the_rows_slots_are_those_of_the_view_shown():
    checked = 0
    for renderer in frames(2, 4, 40):
        for part in (renderer.rows, renderer.piles):
            assert part.view_slots()[0] == part.slots()
            assert part.view_slots()[1] == {card for _, card, *_ in part.slots()}
            checked += 1
    assert checked > 100


def test_a_frame_after_layers_were_left_refreshes_even_with_no_tween_to_advance():
    pygame.init()
    _match, _bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 2, 4)
    calls = []
    refresh = renderer.refresh
    renderer.refresh = lambda limit=None: (calls.append(limit), refresh(limit))
    renderer.update(1 / 60)
    assert calls == []  # at rest: nothing asks for a refresh
    renderer.held_left = True  # as `refresh_held` leaves it with more dirty than the budget
    renderer.update(1 / 60)
    assert calls == [renderer.REPAINT_BUDGET] and not renderer.held_left
