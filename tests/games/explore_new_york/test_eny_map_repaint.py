"""Explore New York's maps repaint only where their marks changed (MapPanel.repaint_changes):
a stroke landing restores and repaints its own few pixels, a block whose tourists grow lays them
out again, and nothing else of the map is touched. Whatever a map's layer shows must be what a
whole repaint of it gives, frame after frame of a played game: this compares the two."""

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
    """The map's pixels as a repaint of its whole layer over the static background gives."""
    reference = renderer.layers.static.copy()
    reference.set_clip(panel.rect)
    panel.paint(reference)
    return pygame.image.tobytes(reference.subsurface(panel.rect), "RGB")


def shown(renderer, panel) -> bytes:
    """The map's pixels on the layers' surface now."""
    return pygame.image.tobytes(renderer.layers.surface.subsurface(panel.rect), "RGB")


def check_maps(renderer, checked: dict) -> None:
    """Every map whose layer was repainted since the last check (its key changed) shows what a
    whole repaint would."""
    for seat, panel in renderer.maps.items():
        key = renderer.layers.shown_key(panel.name)
        if key == panel.key() and checked.get(panel.name) != key:
            assert shown(renderer, panel) == repainted_whole(renderer, panel), f"map {seat}"
            checked[panel.name] = key


def spy_on_repaints(renderer) -> list[int]:
    """Count the maps' partial repaints (a region smaller than the map), through `paint_region`
    of every Layers the renderer mounts from now on."""
    partial = [0]
    maps = {panel.name: panel.rect for panel in renderer.maps.values()}

    def watching(layers):
        paint_region = layers.paint_region

        def counted(name, area, *args, **kwargs):
            whole = maps.get(name)
            partial[0] += whole is not None and pygame.Rect(area) != whole
            return paint_region(name, area, *args, **kwargs)
        layers.paint_region = counted
        return layers
    watching(renderer.layers)
    return partial


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 5)])
def test_a_map_repainted_in_parts_equals_a_whole_repaint(players, seed):
    """Bots play; after each move and each frame of its strokes, every map's layer equals a
    whole repaint of it; most stroke landings repainted only their own part."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    renderer.set_humans((0,) if players == 4 else ())  # the large map stays on seat 0
    partial = spy_on_repaints(renderer)
    steps, checked = 0, {}
    while not match.is_over() and steps < 160:
        step(match, bots, renderer)
        steps += 1
        check_maps(renderer, checked)
        while renderer.busy():
            renderer.update(1 / 60)
            check_maps(renderer, checked)
    assert partial[0] > 60
