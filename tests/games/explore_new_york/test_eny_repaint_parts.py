"""Explore New York's maps and card column repaint only where they changed
(ENYRenderer.repaint_parts): a stroke landing restores and repaints its own few pixels, a block
whose tourists grow lays them out again, a card turned over its slot, a new turn the header, and
nothing else of the layer is touched. Whatever such a layer shows must be what a whole repaint
of it gives, frame after frame of a played game: this compares the two."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import ENYRenderer
from tests.games.scene_match import scene_match, step


def repainted_whole(renderer, panel) -> bytes:
    """The panel's pixels as a repaint of its whole layer over the static background gives."""
    reference = renderer.layers.static.copy()
    reference.set_clip(panel.rect)
    panel.paint(reference)
    return pygame.image.tobytes(reference.subsurface(panel.rect), "RGB")


def shown(renderer, panel) -> bytes:
    """The panel's pixels on the layers' surface now."""
    return pygame.image.tobytes(renderer.layers.surface.subsurface(panel.rect), "RGB")


def in_parts(renderer) -> list:
    """The panels whose layers repaint in parts: every map and the card column."""
    return [*renderer.maps.values(), renderer.cards]


def check_layers(renderer, checked: dict) -> None:
    """Every such layer repainted since the last check (its key changed) shows what a whole
    repaint would."""
    for panel in in_parts(renderer):
        key = renderer.layers.shown_key(panel.name)
        if key == panel.key() and checked.get(panel.name) != key:
            assert shown(renderer, panel) == repainted_whole(renderer, panel), panel.name
            checked[panel.name] = key


def spy_on_repaints(renderer) -> dict[str, int]:
    """Count each layer's partial repaints (a region smaller than its panel) through the
    renderer's `paint_region`."""
    partial = {"map": 0, "column": 0}
    rects = {panel.name: panel.rect for panel in in_parts(renderer)}
    paint_region = renderer.layers.paint_region

    def counted(name, area, *args, **kwargs):
        whole = rects.get(name)
        if whole is not None and pygame.Rect(area) != whole:
            partial[name.rstrip("0123456789")] += 1
        return paint_region(name, area, *args, **kwargs)
    renderer.layers.paint_region = counted
    return partial


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 5)])
def test_a_layer_repainted_in_parts_equals_a_whole_repaint(players, seed):
    """Bots play; after each move and each frame of its animations, every map's layer and the
    column's equal a whole repaint of them; most landings repainted only their own part."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    renderer.set_humans((0,) if players == 4 else ())  # the large map stays on seat 0
    partial = spy_on_repaints(renderer)
    steps, checked = 0, {}
    while not match.is_over() and steps < 160:
        step(match, bots, renderer)
        steps += 1
        check_layers(renderer, checked)
        while renderer.busy():
            renderer.update(1 / 60)
            check_layers(renderer, checked)
    assert partial["map"] > 60 and partial["column"] > 10
