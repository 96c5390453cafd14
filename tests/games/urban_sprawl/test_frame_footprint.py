"""Short cuts of Urban Sprawl's ordinary animated frames: what they skip gives what asking
would (the holds kept while equal, the modal panels asked only if a panel may be modal)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.registry import rules_for
from game.games.urban_sprawl.key_panel import KeyPanel
from game.games.urban_sprawl.scene import USRenderer
from tests.games.scene_match import scene_match, step


def test_the_room_s_holds_follow_the_timeline_s_through_a_move_s_frames():
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 4)
    changed = 0
    for _ in range(6):
        step(match, bots, renderer)
        while renderer.busy():
            before = renderer.holds
            renderer.update(1 / 60)
            renderer.refresh(renderer.REPAINT_BUDGET)
            assert renderer.holds == renderer.timeline.holds()
            changed += renderer.holds is not before
    assert changed  # (tweens ended meanwhile: new holds taken)


def test_a_room_whose_panel_may_be_modal_places_only_the_modal_panels_targets(monkeypatch):
    pygame.init()
    _match, _bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 4)
    assert not renderer.may_be_modal  # no panel of the room shows a choice over the board
    everything = renderer.place_targets(renderer.view)
    # a key panel that may show a choice over the board (once the room says it does)
    monkeypatch.setattr(KeyPanel, "modal", lambda self: self.room.__dict__.get("choosing", False))
    _match, _bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 4)
    assert renderer.may_be_modal
    assert renderer.place_targets(renderer.view) == everything
    renderer.choosing = True
    key = renderer.panels["key"]
    assert renderer.place_targets(renderer.view) == key.targets(renderer.view) != everything
