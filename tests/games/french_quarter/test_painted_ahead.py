"""French Quarter's changes painted ahead (pieces.Ahead): the changes the running tweens' ends
will make are worked out, each from the one before, and painted in frames with time to spare;
the frame a change comes copies its rect over. What it copies is what painting the change then
gives; a change worked out from groups the region does not show is not used."""

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
    region as painting all of its pieces afresh gives (and the path is taken: a round's
    cards and dice, the sheets' ticks)."""
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
        if not match.prompts():
            break
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


def region_of(shown: dict) -> tuple[PieceLayer, Layers]:
    """A 100x40 region on black showing `shown["groups"]` as `shown["key"]`, painted."""
    pygame.init()
    static = pygame.Surface((100, 40))
    static.fill((0, 0, 0))
    layers, scratch = Layers(static), pygame.Surface((100, 40))
    region = PieceLayer(lambda: layers, "r", pygame.Rect(0, 0, 100, 40), lambda: shown["key"],
                        lambda: shown["groups"], lambda s, r: s.blit(static, r, r),
                        lambda: scratch)
    region.paint(None)
    return region, layers


def test_the_frame_a_change_comes_copies_the_change_painted_ahead():
    """A change worked out and painted ahead, from the groups shown, is copied over when its
    key comes: the pieces are not listed again, and the region shows them."""
    shown = {"key": 1, "groups": square(0, (255, 0, 0))}
    region, layers = region_of(shown)
    to_two = shown["groups"] + square(50, (0, 255, 0))  # one more square
    region.paint_ahead(region.work_out(region.groups, 2, to_two, 10_000))
    shown.update(key=2, groups=None)  # listing them now would fail
    assert region.paint(10_000) == 100  # the one 10x10 rect, copied
    assert layers.surface.get_at((55, 15)) == (0, 255, 0)
    assert region.groups == to_two and region.shown_key == 2
    assert pygame.image.tobytes(layers.surface, "RGB") == afresh(region, layers.surface)


def test_a_change_worked_out_from_groups_not_shown_is_not_used():
    """A change worked out from other groups than those the region shows when its key comes
    (a repaint of its own came between) is not copied: the region is painted as ever."""
    shown = {"key": 1, "groups": square(0, (255, 0, 0))}
    region, layers = region_of(shown)
    to_two = square(0, (255, 0, 0)) + square(50, (0, 255, 0))
    region.paint_ahead(region.work_out(region.groups, 2, to_two, 10_000))
    shown.update(key=3, groups=square(20, (0, 0, 255)))  # a change of its own first
    region.paint(None)
    shown.update(key=2, groups=to_two)
    region.paint(None)
    assert layers.surface.get_at((25, 15)) == (0, 0, 0)  # the blue square went
    assert pygame.image.tobytes(layers.surface, "RGB") == afresh(region, layers.surface)
