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
from game.games.urban_sprawl.holds_ahead import HORIZON, holds_at
from game.games.urban_sprawl.scene import USRenderer
from tests.games.scene_match import scene_match, step
from tests.games.urban_sprawl.test_spread_refresh import frames as played_frames

DT = 1 / 60


def frames(players: int, seed: int, moves: int = 30):
    """Each frame of a played game, before its update (the renderer, as the last frame left
    it): the caller updates it."""
    return played_frames(players, seed, moves, update=False)


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


def test_a_landing_frame_finds_the_keys_asked_in_the_frames_before():
    warmed = 0
    for renderer in frames(3, 6):
        ahead = renderer.ahead
        ahead.dt = DT
        future = ahead.next_holds()
        if future is not None:
            holds = renderer.holds
            ahead.warm(future)
            assert renderer.holds is holds  # (the room's holds are back)
        asked = {panel.name: panel.key_memo for panel in renderer.held_panels}
        guess = ahead.warmed
        renderer.update(DT)
        if guess is not None and renderer.holds is guess:  # (the guess held: the keys are found)
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
    """`next_holds` counts a coming frame's holds only when a tween holding something ends (or
    starts holding) within HORIZON frames: not in the frames where only the clock moves or
    gains count up (most frames of a move)."""
    counted, checked, due = [], 0, None  # (due: frames left for the change counted ahead)
    monkeypatch.setattr(holds_ahead, "holds_at", lambda *a: counted.append(1) or holds_at(*a))
    for renderer in frames(3, 6):
        renderer.ahead.dt = DT
        counted.clear()
        renderer.ahead.next_holds()
        before = renderer.timeline.holds().copy()
        renderer.update(DT)
        changed = renderer.timeline.holds() != before
        if counted and due is None:
            due = HORIZON
        if due is not None:
            due = None if changed else due - 1
            assert due is None or due > 0  # (the change came within the horizon)
            checked += 1
        elif not counted:
            assert not changed or not renderer.timeline.tweens
    assert checked > 5


def test_a_body_the_next_holds_change_has_its_items_built_ahead():
    """Working out the holds of a coming frame ahead builds, in a frame after asking the
    keys, the items of a seat body whose layer they change (its foot, once a building lands),
    for its key under those holds."""
    built = 0
    for renderer in frames(3, 6):
        ahead = renderer.ahead
        ahead.dt = DT
        future = ahead.next_holds()
        left = list(ahead._pending)
        if future is not None and ahead.warm(future) and left and ahead._pending == left[1:]:
            body = left[0]
            holds, renderer.holds = renderer.holds, future
            key = body.key()
            if body in renderer.bodies:
                assert [body.sections[name][0] for name in ("outline", "chips", "foot")] \
                    == [key[0], key[2], key[3]]
                built += 1
            renderer.holds = holds
        renderer.update(DT)
    assert built >= 3


def test_the_keys_are_asked_frames_before_the_holds_change_then_a_panel_a_frame():
    """A piece of work ahead a frame: the keys for the holds a frame up to HORIZON frames on
    will have, then each panel whose key changes works out its repaint ahead, one a frame."""
    stages = []
    for renderer in frames(2, 4):
        ahead = renderer.ahead
        ahead.dt = DT
        future = ahead.next_holds()
        left = len(ahead._pending)
        if future is not None and ahead.warm(future):
            stages.append("keys" if ahead.warmed is future else "panel")
            assert stages[-1] == "keys" or len(ahead._pending) == left - 1
        renderer.update(DT)
    assert stages.count("keys") > 3 and stages.count("panel") > 3


def test_a_block_repainted_from_its_picture_made_ahead_shows_the_same_pixels(monkeypatch):
    """A city block whose picture was made in the frames before a building landed
    (city_ahead.py) shows the very pixels a repaint block by block shows (a renderer fed the
    same moves without pictures)."""
    pygame.init()
    match, bots, ahead = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 6)
    plain = USRenderer(match.rules, match.config, ["Ana", "Bruno", "Carmen"])
    plain.reset(match.view(0), 0)
    monkeypatch.setattr(plain.city.pictures, "paint", lambda *args: False)
    used, compared = [], 0
    real = ahead.city.pictures.paint
    monkeypatch.setattr(ahead.city.pictures, "paint",
                        lambda *args: used.append(1) or real(*args) and used.append(2) is None)
    for _ in range(30):
        if not match.prompts():
            break
        _, _, events = step(match, bots, ahead)
        plain.animate(events, match.view(0), 0)
        while ahead.busy() or ahead.held_left:
            ahead.ahead.dt = DT
            future = ahead.ahead.next_holds()
            if future is not None:
                ahead.ahead.warm(future)
            used.clear()
            ahead.update(DT)
            plain.update(DT)
            if 2 in used:
                city = ahead.city.rect
                assert (pygame.image.tobytes(ahead.layers.surface.subsurface(city), "RGB")
                        == pygame.image.tobytes(plain.layers.surface.subsurface(city), "RGB"))
                compared += 1
    assert compared > 5
