"""Next Station's heaviest pieces of a frame made smaller draw the same pixels: the card turning
over squeezes its face straight onto the canvas and keeps its back's widths."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.next_station_paris import sprites as sp
from game.ui import theme
from game.ui.board_api import CANVAS_SIZE
from tests.games.next_station_paris.test_damage import seated
from tests.games.next_station_paris.test_nsp_frame_work import _noise, _whole_fill_flip


def _scales(monkeypatch) -> list[bool]:
    """Spy on pygame.transform.scale: one entry per call, True if it scaled into a surface
    given (straight onto the canvas)."""
    calls: list[bool] = []
    scale = pygame.transform.scale
    monkeypatch.setattr(pygame.transform, "scale",
                        lambda *args: calls.append(len(args) > 2) or scale(*args))
    return calls


@pytest.mark.parametrize("alpha", [False, True])
def test_a_face_squeezed_onto_the_canvas_is_the_picture_scaled_then_blitted(alpha, monkeypatch):
    """Unclipped, on a canvas of the picture's format, the face is scaled straight into the
    canvas; clipped, or on another format, it is scaled then blitted: the same pixels each
    way, nothing outside the clip."""
    _, _, renderer = seated(1, 2)
    panel = renderer.panels["card"]
    face, rect = panel.on_plate("square", False), panel.card
    base = _noise(CANVAS_SIZE, 5)
    if alpha:  # another pixel format than the picture's
        noise, base = base, pygame.Surface(CANVAS_SIZE, pygame.SRCALPHA)
        base.blit(noise, (0, 0))
    calls = _scales(monkeypatch)
    for clip in (None, rect.move(40, 10), pygame.Rect(rect.centerx, rect.y, 30, 40)):
        for width in (2, rect.w // 3, rect.w):
            card = pygame.Rect(0, 0, width, rect.h)
            card.center = rect.center
            new, old = base.copy(), base.copy()
            new.set_clip(clip)
            old.set_clip(clip)
            calls.clear()
            sp.squeeze_onto(new, face, card)
            old.blit(pygame.transform.scale(face, card.size), card)
            assert pygame.image.tobytes(new, "RGBA") == pygame.image.tobytes(old, "RGBA")
            assert calls[0] is (clip is None and not alpha), (clip, width)


def test_a_flip_meets_its_back_s_widths_kept_from_an_earlier_flip(monkeypatch):
    """The back squeezed to a width is kept: a second flip at the same steps scales no back
    again (its face it does), and paints what a whole fill and a fresh scale paint."""
    _, _, renderer = seated(3, 2)
    panel = renderer.panels["card"]
    back, face, rect = panel.on_plate(None, False), panel.on_plate("square", False), panel.card
    steps = [k / 25 for k in range(26)]
    first = sp.card_flip(back, face, rect, 18, theme.PANEL)
    canvas = _noise(CANVAS_SIZE, 1)
    for p in steps:
        first(canvas, p)
    calls = _scales(monkeypatch)
    again, scaled = sp.card_flip(back, face, rect, 18, theme.PANEL), 0
    for p in steps:
        new, old = canvas.copy(), canvas.copy()
        calls.clear()
        again(new, p)
        scaled += len(calls)
        _whole_fill_flip(back, face, rect, 18, theme.PANEL, old, p)
        assert pygame.image.tobytes(new, "RGB") == pygame.image.tobytes(old, "RGB"), p
    assert scaled == sum(p >= 0.5 for p in steps)  # the face's: every back width kept
