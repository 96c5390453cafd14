"""A stroke in flight blits its pencil, drawn once (`sprites.pencil_sprite`): the picture is
what `pencil_tip` draws at a whole pixel (test_nsp_frame_calls compares a whole stroke), it
lies inside the stroke's damage at every progress, and every pencil a game shows is drawn
with the layout, before play."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.next_station_paris import sprites as sp
from game.games.next_station_paris.map_panel import warm_pencils
from tests.games.next_station_paris.test_damage import bots_answer, frame, seated
from tests.games.next_station_paris.test_nsp_frame_calls import PROGRESS, STROKES


def _tip_rect(a, b, p: float, size: float) -> pygame.Rect:
    """Where a stroke's painter blits its pencil at progress p."""
    picture, dx, dy = sp.pencil_sprite(sp.pencil_rgb("blue"), sp.stroke_lean(a, b), size)
    tip = (round(a[0] + (b[0] - a[0]) * p), round(a[1] + (b[1] - a[1]) * p))
    return picture.get_rect(topleft=(tip[0] + dx, tip[1] + dy))


def test_the_pencil_s_picture_is_pencil_tip_at_a_whole_pixel():
    lean, size = sp.stroke_lean(*STROKES[1]), 25.0
    picture, dx, dy = sp.pencil_sprite(sp.pencil_rgb("green"), lean, size)
    blitted, drawn = pygame.Surface((200, 200)), pygame.Surface((200, 200))
    for canvas in (blitted, drawn):
        canvas.fill(sp.PAPER)
        pygame.draw.line(canvas, sp.INK, (0, 0), (200, 200), 9)  # not a plain backdrop
    blitted.blit(picture, (100 + dx, 120 + dy))
    sp.pencil_tip(drawn, sp.pencil_rgb("green"), (100, 120), lean, size)
    assert pygame.image.tobytes(blitted, "RGB") == pygame.image.tobytes(drawn, "RGB")


@pytest.mark.parametrize("size", [21.2, 45.6])
def test_the_pencil_lies_inside_the_stroke_s_damage(size):
    _, _, renderer = seated(2, 1, (0,))
    panel = renderer.map_panels[0]
    for a, b in STROKES:
        where = panel._stroke_path(a, b, size)
        for p in PROGRESS:
            if p < 1.0:
                assert where(p).contains(_tip_rect(a, b, p, size)), (a, b, p)


def test_the_pencils_drawn_before_play_are_those_the_strokes_ask_for(monkeypatch):
    """Every (colour, lean, size) a stroke's painter asks `pencil_sprite` for was asked by
    `warm_pencils` first: both take the size from `sp.pencil_size` (a warm-up at another
    size would draw pencils no stroke shows and leave each stroke's first frame to draw)."""
    match, bots, renderer = seated(2, 3, (0,))
    asked: list[tuple] = []
    drawn = sp.pencil_sprite

    def pencil_sprite(*key):
        asked.append(key)
        return drawn(*key)
    monkeypatch.setattr(sp, "pencil_sprite", pencil_sprite)
    warm_pencils(renderer.map_panels[0])
    warmed, asked[:] = set(asked), []
    for _ in range(6):
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
            frame(renderer)
    assert asked and set(asked) <= warmed


@pytest.mark.parametrize("players", [1, 4])
def test_every_pencil_a_game_shows_is_drawn_before_play(players):
    sp.pencil_sprite.cache_clear()  # (drawn by other tests' layouts, maybe not this one's)
    match, bots, renderer = seated(players, 3, tuple(range(players)))
    drawn = sp.pencil_sprite.cache_info().misses
    strokes = 0
    for _ in range(12):
        bots_answer(match, bots, renderer)
        while renderer.busy():
            strokes += sum(1 for tw in renderer.timeline.tweens if tw.seat is not None)
            renderer.update(1 / 60)
            frame(renderer)
    assert strokes > 0
    assert sp.pencil_sprite.cache_info().misses == drawn
