"""Urban Sprawl places a panel's targets again only when what moves them changed (which lots
hold a building, a seat's cards or pills): at every move of played games the targets kept equal
those placed afresh, in the same order, and a seat's pill count (which places its chips) is its
pills'."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.registry import rules_for
from game.games.urban_sprawl.scene import USRenderer
from game.ui.panels import PanelRoom
from tests.games.scene_match import scene_match, step


@pytest.mark.parametrize("players, seed", [(2, 7), (3, 8), (4, 9)])
def test_targets_kept_between_moves_are_the_targets_placed_afresh(players, seed):
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), players, seed)
    kept = 0
    for _ in range(80):
        if not match.prompts():
            break
        before = renderer.placed()
        step(match, bots, renderer)
        view = renderer.view
        for body in renderer.bodies:
            assert body.pill_count(view) == len(body.pills(view))
        placed = renderer.placed()
        kept += placed is before
        owners = dict(renderer.owners())
        fresh = PanelRoom.place_targets(renderer, view)
        assert placed == fresh and list(placed) == list(fresh)  # the kit's order too
        assert owners == renderer.owners()
    assert kept > 20  # most moves move no target
