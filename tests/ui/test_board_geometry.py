"""No label on any board hides a route, an icon or another label, and none is cut off by the
board's edge: checked on seeded games of every player count, at the start, mid-game and at the
end, over every room that declares the `board_geometry` capability."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import game_ids, get_game, rules_for
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry, Icon, Label, Stroke, outside, overlaps

ROOMS = [g for g in game_ids(include_unlisted=True, with_scene=True)
         if "board_geometry" in get_game(g).capabilities]


@pytest.fixture(autouse=True)
def fonts():
    """Renderers lay out text at construction."""
    pygame.init()


def moments(game: str, players: int, seed: int):
    """The match at its start, after a third of a random game, and at its end."""
    options = tuple((option, True) for option in get_game(game).options)  # every option on
    match = Match(rules_for(game), Config(players, options), seed)
    bots = {i: RandomBot(random.Random(seed * 10 + i)) for i in range(players)}
    yield "start", match
    steps = 0
    while not match.is_over():
        match.resolve_chance()
        for prompt in match.prompts():
            view = match.view(prompt.player)
            match.apply(prompt.player, bots[prompt.player].choose(match.rules, view, prompt))
        steps += 1
        if steps == 12:
            yield "middle", match
    yield "end", match


def geometry_at(game: str, match: Match):
    info = get_game(game)
    players = match.config.players
    renderer = info.renderer_class()(match.rules, match.config, [f"Player {i + 1}" for i in range(players)])
    if "split_screen" in info.capabilities:
        renderer.set_humans(tuple(range(players)))
    renderer.reset(match.view(0), 0)
    return renderer.board_geometry()


@pytest.mark.parametrize("game", ROOMS)
def test_no_label_hides_anything(game):
    info = get_game(game)
    problems = []
    for players in range(info.min_players, info.max_players + 1):
        for moment, match in moments(game, players, seed=players):
            found = geometry_at(game, match)
            assert found.labels, "a board with labels reports them"
            problems += [f"{players}p {moment}: {p}"
                         for p in overlaps(found) + outside(found, BOARD_RECT)]
    assert not problems, "\n".join(sorted(set(problems)))


def test_overlaps_names_each_collision():
    geometry = BoardGeometry(
        labels=[Label("Opéra", pygame.Rect(0, 0, 100, 30)), Label("Bastille", pygame.Rect(90, 20, 80, 30)),
                Label("Alone", pygame.Rect(500, 500, 50, 20))],
        strokes=[Stroke("route Opéra-Louvre", ((50, 100), (50, 10)), 8),
                 Stroke("far route", ((300, 300), (400, 300)), 8)],
        icons=[Icon("café", pygame.Rect(540, 510, 20, 20))])
    assert sorted(overlaps(geometry)) == [
        "label 'Alone' covers café",
        "label 'Opéra' covers route Opéra-Louvre",
        "label 'Opéra' overlaps label 'Bastille'",
    ]
    assert outside(geometry, pygame.Rect(0, 0, 540, 515)) == ["label 'Alone' leaves the board"]


def test_a_wide_stroke_touches_a_label_it_passes_beside():
    label = Label("Gare", pygame.Rect(100, 100, 50, 20))
    beside = Stroke("thick route", ((90, 90), (90, 200)), 24)  # 10 px left, 12 px half-width
    thin = Stroke("thin route", ((90, 90), (90, 200)), 4)
    assert overlaps(BoardGeometry([label], [beside])) == ["label 'Gare' covers thick route"]
    assert overlaps(BoardGeometry([label], [thin])) == []
