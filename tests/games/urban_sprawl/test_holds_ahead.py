"""The keys of the layers a tween letting go of something makes dirty are asked in the frame
before (holds_ahead.py): the holds guessed for the next frame are the ones it has, and the frame
a building lands in finds the city's and the seat bodies' keys made."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.registry import rules_for
from game.games.urban_sprawl import holds_ahead
from game.games.urban_sprawl.holds_ahead import holds_at
from game.games.urban_sprawl.scene import USRenderer
from tests.games.scene_match import scene_match, step

DT = 1 / 60


def frames(players: int, seed: int, moves: int = 30):
    """Each frame of a played game, before its update (the renderer, as the last frame left
    it): the caller updates it."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), players, seed)
    for _ in range(moves):
        if not match.prompts():
            return
        step(match, bots, renderer)
        while renderer.busy() or renderer.held_left:
            yield renderer


def test_the_holds_worked_out_ahead_are_those_of_the_next_frame():
    checked = 0
    for renderer in frames(3, 6):
        timeline = renderer.timeline
        guess = holds_at(timeline, timeline.clock + DT) if timeline.tweens else None
        renderer.update(DT)
        if guess is not None:
            assert guess == timeline.holds()
            checked += 1
    assert checked > 200


def test_a_landing_frame_finds_the_keys_asked_in_the_frame_before():
    warmed = 0
    for renderer in frames(3, 6):
        renderer.ahead.dt = DT
        future = renderer.ahead.next_holds()
        if future is None:
            renderer.update(DT)
            continue
        holds = renderer.holds
        assert renderer.ahead.warm(future)
        assert renderer.holds is holds  # (the room's holds are back)
        asked = {panel.name: panel.key_memo for panel in renderer.held_panels}
        renderer.update(DT)
        if renderer.holds is future:  # (the guess held: the keys asked then are found)
            warmed += 1
            for panel in renderer.held_panels:
                assert panel.key_memo is asked[panel.name], panel.name
    assert warmed > 5


def test_the_holds_ahead_are_adopted_only_when_they_are_the_frames():
    renderer = next(iter(frames(2, 4)))
    ahead = renderer.ahead
    ahead.warmed = holds = renderer.timeline.holds().copy()
    other = holds.copy()
    other[("card", "nothing")] += 1
    assert ahead.adopt(other) is other and ahead.warmed is holds
    assert ahead.adopt(holds.copy()) is holds and ahead.warmed is None


def test_a_panel_with_nothing_left_to_build_ahead_is_not_asked_again(monkeypatch):
    """While the view, holds and language stay, the room does not ask again the panels that
    said they had nothing left to build ahead before the one building now; a new view asks
    them all again."""
    pygame.init()
    renderer = next(iter(frames(3, 5)))
    last = renderer.prepared_panels[-1]
    asked = []
    for panel in renderer.prepared_panels:
        monkeypatch.setattr(panel, "prepare_ahead", lambda p=panel: asked.append(p) or (
            p is last))
    renderer._prepared_for, renderer._prepared_upto = None, (None, None, None, 0)
    assert renderer.prepare_ahead() and asked == renderer.prepared_panels
    asked.clear()
    assert renderer.prepare_ahead() and asked == [last]
    asked.clear()
    renderer.view = dataclasses.replace(renderer.view)  # (a new view, alike)
    assert renderer.prepare_ahead() and asked == renderer.prepared_panels


def test_the_holds_are_worked_out_ahead_only_before_a_frame_where_they_change(monkeypatch):
    """`next_holds` counts the next frame's holds only when a tween holding something ends (or
    starts holding) before it: not in the frames where only the clock moves or gains count
    up (most frames of a move)."""
    counted, checked = [], 0
    monkeypatch.setattr(holds_ahead, "holds_at", lambda *a: counted.append(1) or holds_at(*a))
    for renderer in frames(3, 6):
        renderer.ahead.dt = DT
        counted.clear()
        renderer.ahead.next_holds()
        before = renderer.timeline.holds().copy()
        renderer.update(DT)
        if counted:
            assert renderer.timeline.holds() != before
            checked += 1
        else:
            assert renderer.timeline.holds() == before or not renderer.timeline.tweens
    assert checked > 5
