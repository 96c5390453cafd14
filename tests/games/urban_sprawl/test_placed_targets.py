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


def test_bots_moves_place_no_targets(monkeypatch):
    """A move by bots alone, animated and drawn to its end without a prompt, places no
    targets (PLACES_LATE: nobody reads them; a city's are hundreds); reading them places the
    view's."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 4)
    canvas = pygame.Surface((1920, 1080))
    placed = []
    real = renderer.place_targets
    monkeypatch.setattr(renderer, "place_targets", lambda view: placed.append(1) or real(view))
    for _ in range(12):
        step(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending or renderer.held_left:
            renderer.update(1 / 60)
            renderer.draw(canvas, None, None)
            renderer.damage()
    assert placed == []
    assert renderer.placed() == PanelRoom.place_targets(renderer, renderer.view)
    assert placed == [1]


def test_the_chips_places_are_those_of_the_view_and_a_taken_card_flies_to_its_own():
    """Each seat body's chip places (read by its key and chips without the targets placed)
    are worked out again when what moves them changes, and a card taken flies to its chip's
    target."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 2, 5)
    chips = 0
    for _ in range(60):
        if not match.prompts():
            break
        step(match, bots, renderer)
        view, placed = renderer.view, renderer.placed()
        for body in renderer.bodies:
            kept = body.chip_places(view)
            body._chips_memo = None
            assert body.chip_places(view) == kept
            for card in (*view.hands[body.seat], *view.favours[body.seat]):
                want = placed.get(("hand", card)) or placed.get(("favour", card))
                assert renderer.chip_target(card) == want
                chips += 1
        renderer.reset(view, 0)
    assert chips > 20
