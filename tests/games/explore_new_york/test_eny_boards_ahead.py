"""Explore New York at a table of three or four bots: every seat's board built before play
(BoardMounts.build_every_board), so no frame builds one as the large map moves on."""

from __future__ import annotations

import pygame
import pytest

from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import ENYRenderer
from tests.games.explore_new_york.support import advance
from tests.games.scene_match import scene_match, step


@pytest.mark.parametrize("players", [3, 4])
def test_a_table_of_bots_builds_every_board_before_play_and_none_in_it(players):
    """After the first view is shown every other seat's board is kept; turns later, the large
    map having moved to every seat, no board was built in play and each shown board is whole
    (no layer left dirty: its keys are those of the view)."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, 4)
    renderer.set_humans(())
    renderer.reset(match.view(0), 0)
    assert {focus for focus, _ in renderer._mounts} | {renderer.focus} == set(range(players))
    built = []
    build = renderer._build
    renderer._build = lambda *a, **k: built.append(a) or build(*a, **k)
    focused = {renderer.focus}
    while len(focused) < players and not match.is_over():
        step(match, bots, renderer)
        for _ in range(120):
            advance(renderer, 1 / 60)
            renderer.damage()
            if not renderer.busy() and not renderer.spreading():
                break
        focused.add(renderer.focus)
        dirty = [p.name for p in renderer.panels.values() if p.LAYERED
                 and renderer.layers.shown_key(p.name) != p.key()]
        assert not dirty
    assert focused == set(range(players))
    assert not built


@pytest.mark.parametrize("players", [3, 4])
def test_a_board_laid_out_before_the_first_view_is_painted_before_play(players):
    """The board laid out as the room is made (seat 0's map large) is left for the first
    player's at the first view when that player is another seat; it is built again with the
    others before play, not kept unpainted (every layer of it would repaint in the frame it
    came back)."""
    pygame.init()
    match, _bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, 4)
    renderer.set_humans(())
    renderer.reset(match.view(0), 0)
    assert renderer.focus != 0  # (this seed: the first player is drawn already)
    for board in renderer._mounts.values():
        layers, panels = board[4], board[3]
        assert all(layers.shown_key(name) is not None
                   for name, panel in panels.items() if panel.LAYERED)
