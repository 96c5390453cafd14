"""A card revealed by a move turns over from its back; its face, new to the board, is drawn
when it first shows (at half turn), not in the frame the move lands, and the turn looks as
`paint.flip` with the face drawn at once would."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.games.urban_sprawl import sprites as sp
from game.games.urban_sprawl.layout import card_slot
from game.ui.paint import flip
from tests.games.urban_sprawl.test_us_anim import batch_with


def test_a_revealed_face_is_drawn_at_half_turn_and_turns_as_flip_does():
    pygame.init()
    renderer, events, after = batch_with(
        lambda evs, before, now: any(e.kind == "revealed" and e.get("card") in now.contract_row
                                     for e in evs))
    card = next(e.get("card") for e in events if e.kind == "revealed"
                and e.get("card") in after.contract_row)
    renderer.faces._cache.clear()  # the card has never been drawn
    rect = card_slot("contract", after.contract_row.index(card))
    painter = renderer.rows.turning(card, rect)
    renderer.animate(events, after, 0)
    assert not any(key[0] == card for key in renderer.faces._cache)  # not in the landing
    back = sp.card_back("", rect.size)
    for p in (0.0, 0.25, 0.49, 0.5, 0.75, 1.0):
        got, want = pygame.Surface((1920, 1000)), pygame.Surface((1920, 1000))
        painter(got, p)
        flip(back, renderer.faces.face(card) if p >= 0.5 else back, rect)(want, p)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), p
        assert any(key[0] == card for key in renderer.faces._cache) == (p >= 0.5)
