"""The frame the last tween of a move ends in asks the layers its holds reach and the move
log alone (not every layer), and leaves the board as it should be at rest."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tests.games.ticket_to_ride_paris.test_moves import bots_move, bots_table


def test_the_last_tween_ending_asks_the_move_log_whose_text_may_then_be_made_whole():
    """The refresh of the frame the last tween ends in asks the layers its holds reach and
    the move log (at rest its text is made whole): with nothing made meanwhile, the strip at
    rest shows every move, as a strip painted whole does."""
    pygame.init()
    match, bots, renderer = bots_table(3, 5)
    renderer._wait_for_log = lambda: None  # no frame makes the text while tweens run
    renderer.hand.prepare_log = lambda: False
    for _ in range(6):
        bots_move(match, bots, renderer)
        for _ in range(300):
            renderer.update(1 / 60)
            renderer.damage(False)  # (as the shell asks every frame)
            if renderer.at_rest():
                break
        hand = renderer.hand
        assert renderer.at_rest() and renderer.layers.shown_key(hand.name) == hand.key()
