"""The score track repainted within the stretch a score moved along draws only the ticks,
labels and lanes that reach into it (`TrackPanel.paint_track` with an area): the same pixels
there as drawing all of them clipped to it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.core import Config
from game.engine.match import Match
from game.games.ticket_to_ride_paris.scene import TTRRenderer


def painted(renderer: TTRRenderer, scores: list[int], area: pygame.Rect, alone: bool) -> bytes:
    track = renderer.panels["track"]
    canvas = renderer.layers.static.copy()
    canvas.set_clip(area)
    track.paint_track(canvas, scores, area if alone else None)
    return pygame.image.tobytes(canvas.subsurface(area), "RGB")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_stretch_repainted_alone_matches_the_whole_track_clipped(rules, players):
    """Scores counting up past ticks and labels (20, 40), beside other seats' bars running
    through the stretch and lanes above and below it."""
    renderer = TTRRenderer(rules, Config(players), ["Ana", "Bruno", "Carmen", "Dmitri"][:players])
    renderer.reset(Match(rules, Config(players), 1).view(None), None)
    track = renderer.panels["track"]
    others = [35, 0, 12, 50][:players]
    checked = 0
    for seat in range(players):
        for a, b in ((0, 1), (17, 21), (19, 24), (38, 41), (39, 40), (5, 30)):
            before = list(others)
            before[seat] = a
            after = list(before)
            after[seat] = b
            area = track.moved_area(tuple(before), after)
            if area is None:
                continue
            assert painted(renderer, after, area, True) == painted(renderer, after, area, False)
            checked += 1
    assert checked >= 4 * players


def test_any_stretch_repainted_alone_matches_the_whole_track_clipped(rules):
    """Narrow stretches swept along the track, across every lane and across one: each tick,
    label, bar and emblem cut by a stretch's edge is drawn as the whole track draws it."""
    renderer = TTRRenderer(rules, Config(4), ["Ana", "Bruno", "Carmen", "Dmitri"])
    renderer.reset(Match(rules, Config(4), 1).view(None), None)
    track = renderer.panels["track"]
    scores = [35, 3, 12, 61]
    box = track.rect
    for top, h, step in ((box.y, box.h, 1), (box.y + 20, 14, 3), (box.y + 60, 40, 3)):
        for x in range(box.x, box.right, step):
            area = pygame.Rect(x, top, 9, h).clip(box)
            assert painted(renderer, scores, area, True) == painted(renderer, scores, area, False)
