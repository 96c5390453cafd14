"""Nothing a player must read on the Urban Sprawl board is under 24 px at 1080p: every font the
renderer asks for while whole games are drawn (2 and 4 seats, mid-animation and at rest, the
focus on each prompt's options so that cards are zoomed and placements previewed) has a line
at least 24 px high on the 1920x1080 canvas."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.games.urban_sprawl import sprites
from game.games.urban_sprawl.scene import USRenderer
from game.ui import paint, theme
from game.ui.board_api import CANVAS_SIZE

SMALLEST = 24  # px: the line height a player on a sofa can still read at 1080p
US = "urban_sprawl"


@pytest.fixture
def heights(monkeypatch) -> dict[tuple[int, bool], int]:
    """Every (size, bold) font asked for while the test runs, with its line height."""
    pygame.init()
    asked: dict[tuple[int, bool], int] = {}
    original = theme.font

    def recording(size: int, bold: bool = False) -> pygame.font.Font:
        font = original(size, bold)
        asked[(size, bold)] = font.get_height()
        return font

    caches = (theme.text, paint._narrowed, sprites.deck_back, sprites.card_back,
              sprites.value_plate)
    for cache in caches:  # text drawn before the test would not ask for its font again
        cache.cache_clear()
    monkeypatch.setattr(theme, "font", recording)
    yield asked
    for cache in caches:
        cache.cache_clear()


@pytest.mark.parametrize("players", [2, 4])
def test_every_font_the_board_draws_is_at_least_24_px(heights, players):
    rules = rules_for(US)
    match = Match(rules, Config(players), 11)
    renderer = USRenderer(rules, match.config, [f"Player {i + 1}" for i in range(players)])
    renderer.reset(match.view(0), 0)
    bots = {i: RandomBot(random.Random(i)) for i in range(players)}
    canvas = pygame.Surface(CANVAS_SIZE)
    step = 0
    while not match.is_over():
        events = match.resolve_chance()
        prompt = match.prompts()[0]
        placed = [o.target for o in prompt.options if o.target]
        focus = placed[step % len(placed)] if placed else None
        renderer.draw(canvas, focus, prompt)
        events += match.apply(prompt.player, bots[prompt.player].choose(
            rules, match.view(prompt.player), prompt))
        renderer.animate(events + match.resolve_chance(), match.view(0), 0)
        while renderer.busy():
            renderer.update(0.15)
            renderer.draw(canvas, None, None)
        step += 1
    renderer.draw(canvas, None, None)
    assert heights, "the board draws text"
    small = {key: h for key, h in heights.items() if h < SMALLEST}
    assert small == {}, f"fonts under {SMALLEST} px (size, bold): {small}"
