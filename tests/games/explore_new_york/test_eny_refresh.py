"""Explore New York refreshes its layers once a frame: the repaints `update` asks for wait for
the frame's `damage` (the shell asks it once a frame, before drawing), or for the move shown
after it in the same frame, whose own refresh does both (ENYRenderer.update/refresh); and the
maps' and column's keys are not looked at again while the view, the holds and the layers stay
the same (`repaint_parts` is skipped: their keys are kept on those)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import ENYRenderer
from tests.games.explore_new_york.support import settle_spread
from tests.games.explore_new_york.test_eny_repaint_parts import dirty_layers
from tests.games.scene_match import scene_match, step


def count_looks(renderer) -> list[str]:
    """The panels `repaint_parts` looks at, in order, through the renderer."""
    looked: list[str] = []
    repaint_parts = renderer.repaint_parts

    def counted(panel, *budget):
        looked.append(panel.name)
        return repaint_parts(panel, *budget)
    renderer.repaint_parts = counted
    return looked


def test_what_update_repaints_is_on_the_layers_once_the_frame_is_reported():
    """Frame after frame of bots' moves: after `update` a layer may still show an old key (its
    refresh waits), after the frame's `damage` none does."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 3, 4)
    waited = 0
    for _ in range(30):
        if match.is_over():
            break
        step(match, bots, renderer)
        renderer.damage(False)
        while renderer.busy():
            renderer.update(1 / 60)
            waited += bool(dirty_layers(renderer))
            renderer.damage(False)
            assert not dirty_layers(renderer)
    assert waited > 0  # some refreshes did wait


def test_a_frame_where_a_move_lands_after_update_looks_at_each_layer_once():
    """A frame whose `update` asks for a refresh (a stroke ended) and then shows a bot's move:
    the maps whose strokes landed are looked at once, by the move's refresh (a stroke that
    ended is on its layer in that frame), and the column if a card starts turning over (its
    slot); the others wait for the frames after it (room_refresh.py), looked at there."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, 6)
    looked = count_looks(renderer)
    both = landings = 0
    for _ in range(40):
        if match.is_over():
            break
        for _ in range(12):  # some of the last move's strokes land meanwhile
            renderer.update(1 / 60)
            renderer.damage(False)
        looked.clear()
        holds = dict(renderer.timeline.holds())
        renderer.update(1 / 60)
        asked = renderer._refresh_due
        landed = {hold[1] for hold in holds if hold not in renderer.timeline.holds()
                  and hold[0] == "seat"}
        step(match, bots, renderer)
        renderer.damage(False)
        flipping = any(hold[0] == "flip" and hold not in holds
                       for hold in renderer.timeline.holds())
        assert sorted(looked) == sorted([renderer.maps[seat].name for seat in landed]
                                        + ["column"] * flipping)
        both += asked
        landings += bool(landed)
        first, looked[:] = set(looked), []
        settle_spread(renderer)
        assert set(looked) | first == {p.name for p in (*renderer.maps.values(), renderer.cards)}
        assert not set(looked) & (first - {"column"})  # (its header may wait)
        assert not dirty_layers(renderer)
    assert both > 5  # frames whose update asked for a refresh before the move
    assert landings >= 1  # (and a stroke landed in it)


def test_a_refresh_with_nothing_new_looks_at_no_map_again():
    """Refreshing again with the same view, holds and layers looks at no map or column; a new
    view looks at each again."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 2)
    looked = count_looks(renderer)
    for _ in range(6):
        looked.clear()
        step(match, bots, renderer)
        settle_spread(renderer)  # (the move's repaints, spread over the frames after it)
        assert set(looked) == {p.name for p in (*renderer.maps.values(), renderer.cards)}
        looked.clear()
        renderer.refresh()
        assert looked == []
        assert not dirty_layers(renderer)
