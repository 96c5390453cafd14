"""Explore New York at a table of three or four bots: a board coming back sweeps in a strip a frame
(board_wipe.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.explore_new_york.board_wipe import EDGE, STRIP, SWEEP_STRIPS, Sweep
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import ENYRenderer
from game.ui.board_api import BOARD_RECT
from tests.games.explore_new_york.support import advance, settle_spread
from tests.games.explore_new_york.test_eny_repaint_parts import dirty_layers
from tests.games.scene_match import scene_match, step


def bots_table(players: int, seed: int = 4):
    """A table of bots with every board built (as the shell opens it: reset)."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    renderer.set_humans(())
    renderer.reset(match.view(0), 0)
    renderer.damage(False)  # (the reset's frame: drawn whole)
    return match, bots, renderer


def play_until_a_board_comes_back(match, bots, renderer, frames_between: int = 3):
    """Bots' moves, frames between them, until a move brings a kept board back; the damage
    reported in that move's frame (its strip)."""
    for _ in range(400):
        board = renderer.layers
        step(match, bots, renderer)
        if renderer.layers is not board:
            return renderer.damage(False)
        for _ in range(frames_between):
            advance(renderer, 1 / 60)
    raise AssertionError("no board came back")


def test_the_sweep_paints_the_old_board_right_of_its_bar():
    """Left of the front the new board, then the bar in its colour, right of it the old board."""
    old = pygame.Surface(BOARD_RECT.size)
    old.fill((200, 0, 0))
    canvas = pygame.Surface(BOARD_RECT.size)
    canvas.fill((0, 0, 200))
    sweep = Sweep(old, (0, 200, 0))
    strip = sweep.step()
    assert strip == pygame.Rect(0, 0, STRIP, BOARD_RECT.h)
    sweep.paint(canvas)
    assert canvas.get_at((STRIP - EDGE - 1, 500))[:3] == (0, 0, 200)
    assert canvas.get_at((STRIP - 1, 500))[:3] == (0, 200, 0)
    assert canvas.get_at((STRIP, 500))[:3] == (200, 0, 0)
    second = sweep.step()  # the next strip and the columns where the bar was
    assert second.left <= STRIP - EDGE and second.right == 2 * STRIP


@pytest.mark.parametrize("players", [3, 4])
def test_a_board_coming_back_sweeps_in_a_strip_a_frame_and_is_whole_after(players):
    """The move that brings a kept board back redraws one strip, not the board; the board
    sweeps in over SWEEP_STRIPS frames (the renderer not at rest meanwhile), no frame redraws
    it whole, and once its spread settles no layer shows an old key."""
    match, bots, renderer = bots_table(players)
    first = play_until_a_board_comes_back(match, bots, renderer)
    assert first is not None and BOARD_RECT.copy() not in first
    frames = 1
    while renderer._sweep is not None:
        assert not renderer.at_rest()
        advance(renderer, 1 / 60)
        damaged = renderer.damage(False)
        assert damaged is not None and BOARD_RECT.copy() not in damaged
        frames += 1
        assert frames <= SWEEP_STRIPS
    assert frames == SWEEP_STRIPS
    settle_spread(renderer)
    assert not dirty_layers(renderer)


@pytest.mark.parametrize("players", [3, 4])
def test_the_move_bringing_a_board_back_redraws_its_strip_not_its_repaints(players):
    """That move's refresh repaints the board's layers all over, but its frame redraws the
    sweep's first strip and what the old board loses (its tweens, its outlines): under a third
    of the board (its layers' repaints are behind the old board or in the strip)."""
    match, bots, renderer = bots_table(players)
    first = play_until_a_board_comes_back(match, bots, renderer)
    assert renderer._sweep is not None
    assert sum(rect.w * rect.h for rect in first) < BOARD_RECT.w * BOARD_RECT.h // 3
