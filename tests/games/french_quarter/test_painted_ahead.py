"""French Quarter's changes painted ahead (pieces.Ahead): the change a running tween's end makes
is worked out and painted onto the scratch surface in frames with time to spare, and the frame
it comes copies it over. What it copies is what painting the change then gives; a change worked
out from what the region no longer shows, or for another key, is not used."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.french_quarter.pieces import PieceLayer, piece
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scene import FQRenderer
from game.ui.render_kit import Layers
from tests.games.scene_match import scene_match, step

MAYOR = (("mayor", True), ("tourism", True))


def afresh(region: PieceLayer, surface: pygame.Surface) -> bytes:
    """The region's pixels as painting every piece it shows over its background gives."""
    copy = surface.copy()
    copy.set_clip(region.area)
    region._painter(region.area, region.shown)(copy)
    return pygame.image.tobytes(copy.subsurface(region.area), "RGB")


@pytest.mark.parametrize("players, options, seed", [(1, (), 3), (2, (), 4), (4, MAYOR, 5)])
def test_a_change_painted_ahead_is_what_painting_it_then_gives(monkeypatch, players, options,
                                                              seed):
    """Through a game's moves, each frame that copies a change painted ahead leaves its
    region as painting all of its pieces afresh gives; and most changes a tween's end makes
    are painted ahead (the path is taken)."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    adopted: list[PieceLayer] = []
    adopt = PieceLayer._adopt

    def noted(region, layers, key, budget):
        spent = adopt(region, layers, key, budget)
        if spent:
            adopted.append(region)
        return spent
    monkeypatch.setattr(PieceLayer, "_adopt", noted)
    checked = 0
    for _ in range(40):
        step(match, bots, renderer)
        for _ in range(240):
            renderer.update(1 / 60)
            for region in adopted:
                surface = renderer.layers.surface
                assert pygame.image.tobytes(surface.subsurface(region.area), "RGB") == afresh(
                    region, surface), region.name
                checked += 1
            del adopted[:]
            if not renderer.busy():
                break
    assert checked >= 10


def square(x: int, color: tuple) -> list:
    """A group of one piece: a 10 px square of `color` at (x, 10)."""
    rect = pygame.Rect(x, 10, 10, 10)
    return [(piece(("square", x, color), rect, lambda s: s.fill(color, rect)),)]


def test_a_change_worked_out_from_what_the_region_no_longer_shows_is_not_used():
    """A change painted ahead from one key to another is copied only while the region still
    shows the key it was worked out from: after a repaint of its own in between, the region
    is painted as ever (what painting its pieces gives), and one for another key is dropped."""
    pygame.init()
    static = pygame.Surface((100, 40))
    static.fill((0, 0, 0))
    layers, scratch = Layers(static), pygame.Surface((100, 40))
    shown = {"key": 1, "groups": square(0, (255, 0, 0))}
    region = PieceLayer(lambda: layers, "r", pygame.Rect(0, 0, 100, 40), lambda: shown["key"],
                        lambda: shown["groups"], lambda s, r: s.blit(static, r, r),
                        lambda: scratch)
    region.paint(None)
    to_two = square(50, (0, 255, 0))
    assert region.ahead_step(2, lambda: to_two, 10_000)  # worked out
    assert region.ahead_step(2, lambda: to_two, 10_000)  # painted
    assert not region.ahead_step(2, lambda: to_two, 10_000)  # done
    shown.update(key=3, groups=square(20, (0, 0, 255)))  # a change of its own first
    region.paint(None)
    shown.update(key=2, groups=to_two)
    assert region.paint(None) and region.ahead is None
    assert pygame.image.tobytes(layers.surface, "RGB") == afresh(region, layers.surface)
    assert layers.surface.get_at((25, 15)) == (0, 0, 0)  # the blue square went
    assert region.ahead_step(4, lambda: square(80, (9, 9, 9)), 10_000)
    assert region.ahead_step(4, lambda: square(80, (9, 9, 9)), 10_000)
    shown.update(key=5, groups=square(70, (255, 255, 255)))  # not the change worked out
    region.paint(None)
    assert layers.surface.get_at((85, 15)) == (0, 0, 0)
    assert layers.surface.get_at((75, 15)) == (255, 255, 255)


def test_the_frame_a_change_comes_copies_the_change_painted_ahead():
    """A change worked out and painted ahead is copied over when its key comes: the pieces
    are not listed nor painted again that frame."""
    pygame.init()
    static = pygame.Surface((100, 40))
    static.fill((0, 0, 0))
    layers, scratch = Layers(static), pygame.Surface((100, 40))
    shown = {"key": 1, "groups": square(0, (255, 0, 0))}
    region = PieceLayer(lambda: layers, "r", pygame.Rect(0, 0, 100, 40), lambda: shown["key"],
                        lambda: shown["groups"], lambda s, r: s.blit(static, r, r),
                        lambda: scratch)
    region.paint(None)
    to_two = shown["groups"] + square(50, (0, 255, 0))  # one more square
    while region.ahead_step(2, lambda: to_two, 10_000):
        pass
    shown.update(key=2, groups=None)  # listing them now would fail
    assert region.paint(10_000) == 100  # the one 10x10 rect, copied
    assert layers.surface.get_at((55, 15)) == (0, 255, 0)
    assert region.groups == to_two and region.shown_key == 2
