"""A card turning over redraws where the card is and was, not its whole spot (`sp.FlipArea`),
and still paints its whole spot wherever a redraw pass reaches it (the room's `tween_reach`)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.next_station_paris import sprites as sp
from game.ui.board_api import CANVAS_SIZE
from tests.games.damage_watch import outside
from tests.games.next_station_paris.test_damage import seated
from tests.games.next_station_paris.test_nsp_chunks import play_prompted


def _frame(renderer) -> pygame.Surface:
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, None)
    return canvas


def _flipping(renderer):
    """The card tween running now, or None."""
    clock = renderer.timeline.clock
    return next((tw for tw in renderer.panels["card"].flips
                 if tw in renderer.timeline.tweens and tw.start <= clock), None)


@pytest.mark.parametrize("players", [1, 3])
def test_a_card_turning_over_redraws_where_it_is_and_was_not_its_whole_spot(players):
    """Frame by frame through a game's flips: every changed pixel lies in the damage (the
    first frame's the whole spot, where the card was before), and frames near mid-turn
    redraw less than half of the spot."""
    match, bots, renderer = seated(players, 3)
    panel = renderer.panels["card"]
    spot = panel.card.inflate(8, 8)
    flips = narrow = 0
    renderer.damage(False)
    for _ in range(6):
        play_prompted(match, bots, renderer)
        last = _frame(renderer)
        renderer.damage(False)  # the move's own (checked in test_damage)
        last = _frame(renderer)
        for _ in range(90):
            renderer.update(1 / 60)
            damaged = renderer.damage(False)
            now = _frame(renderer)
            assert damaged is not None
            assert not outside(last, now, damaged)
            if _flipping(renderer) is not None:
                flips += 1
                area = sum(r.clip(spot).w * r.clip(spot).h for r in damaged)
                narrow += area < spot.w * spot.h // 2
            last = now
    assert flips >= 20 and narrow >= flips // 8, (flips, narrow)


@pytest.mark.parametrize("players", [1, 3])
def test_a_redraw_pass_over_the_spot_beside_the_squeezed_card_paints_the_flip(players):
    """Mid-turn, a pass clipped to the card's spot beside the squeezed card (another part of
    the canvas redrawn there) draws what a whole frame draws: the flip's backdrop, not the
    card or the face laid on the layer under it."""
    match, bots, renderer = seated(players, 3)
    checked = 0
    for _ in range(4):
        play_prompted(match, bots, renderer)
        for _ in range(90):
            renderer.update(1 / 60)
            renderer.damage(False)  # this frame's reach worked out, as the shell does
            tween = _flipping(renderer)
            if tween is None:
                continue
            rect = renderer.panels["card"].card
            card = sp.flipping_card(rect, 18, tween.progress(renderer.timeline.clock))
            if card.left - rect.left < 16:
                continue
            beside = pygame.Rect(rect.left, rect.top, card.left - rect.left, rect.h)
            whole, canvas = _frame(renderer), pygame.Surface(CANVAS_SIZE)
            canvas.set_clip(beside)
            renderer.draw(canvas, None, None)
            canvas.set_clip(None)
            assert (pygame.image.tobytes(canvas.subsurface(beside), "RGB")
                    == pygame.image.tobytes(whole.subsurface(beside), "RGB"))
            checked += 1
    assert checked >= 4


def test_the_flip_s_area_is_its_spot_first_then_the_squeezed_card():
    """The first frame asked gets the whole spot, every later one the card where it lies."""
    rect, spot = pygame.Rect(100, 120, 250, 350), pygame.Rect(96, 98, 258, 376)
    area = sp.FlipArea(rect, 18, spot)
    assert area(0.01) == spot
    for p in (0.02, 0.3, 0.5, 0.7, 1.0):
        assert area(p) == sp.flipping_card(rect, 18, p)
    assert area(0.5).w == 2 and area(1.0) == rect


class _Spy(pygame.Surface):
    """A canvas noting the areas of `source` copied onto it."""

    source: pygame.Surface | None = None
    copied: list[pygame.Rect]

    def blit(self, source, dest, area=None, special_flags=0):
        if source is self.source:
            self.copied.append(pygame.Rect(area) if area is not None else self.get_clip())
        return super().blit(source, dest, area, special_flags)


@pytest.mark.parametrize("players", [1, 4])
def test_the_layers_are_not_copied_under_a_card_turning_over(players):
    """In each frame of a flip the layers are copied beside its spot only (its flip paints
    every pixel there), and the frame is the one drawn with the layers copied whole."""
    match, bots, renderer = seated(players, 3)
    spot, checked = sp.flip_spot(renderer.panels["card"].card), 0
    for _ in range(4):
        play_prompted(match, bots, renderer)
        for _ in range(90):
            renderer.update(1 / 60)
            renderer.damage(False)  # this frame's reach worked out, as the shell does
            if _flipping(renderer) is None:
                continue
            canvas = _Spy(CANVAS_SIZE)
            canvas.source, canvas.copied = renderer.layers.surface, []
            renderer.draw(canvas, None, None)
            assert canvas.copied and not any(r.colliderect(spot) for r in canvas.copied)
            whole = pygame.Surface(CANVAS_SIZE)
            whole.blit(renderer.layers.surface, (0, 0))
            renderer.timeline.paint(whole, reach=renderer.tween_reach())
            assert (pygame.image.tobytes(canvas.subsurface(spot), "RGB")
                    == pygame.image.tobytes(whole.subsurface(spot), "RGB"))
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("players", [1, 3])
def test_a_face_laid_ahead_under_its_flip_is_not_redrawn(players):
    """A strip of a face laid on the layer under its flip changes no pixel of the frame (the
    flip paints its whole spot): the frame's damage leaves it out, and every pixel that
    changed still lies in the damage."""
    match, bots, renderer = seated(players, 3)
    panel = renderer.panels["card"]
    laid = 0
    for _ in range(4):
        play_prompted(match, bots, renderer)
        renderer.damage(False)
        last = _frame(renderer)
        for _ in range(90):
            ahead = panel.face_ahead
            renderer.update(1 / 60)
            strip = panel.hidden
            damaged = renderer.damage(False)
            now = _frame(renderer)
            assert damaged is not None and not outside(last, now, damaged)
            now_ahead = panel.face_ahead
            if ahead is not None and now_ahead is not None and now_ahead[2] > ahead[2]:
                assert strip is not None and strip not in damaged
                laid += 1
            last = now
    assert laid >= 8
