"""Nothing a player must read on the Urban Sprawl board is under 24 px at 1080p: every font the
renderer asks for while whole games are drawn (2 and 4 seats, mid-animation and at rest, the
focus on each prompt's options so that cards are zoomed and placements previewed) has a line
at least 24 px high on the 1920x1080 canvas."""

from __future__ import annotations

import random
from collections.abc import Iterator

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
from game.ui.i18n import set_language
from game.ui.paint import ELLIPSIS
from tests.ui.font_heights import SMALLEST, font_heights, too_small

US = "urban_sprawl"


@pytest.fixture
def heights(monkeypatch) -> Iterator[dict[tuple[int, bool], int]]:
    """Every (size, bold) font asked for while the test runs, with its line height."""
    with font_heights(monkeypatch, (sprites.deck_back, sprites.card_back,
                                    sprites.value_plate)) as asked:
        yield asked


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
    assert too_small(heights) == {}, f"fonts under {SMALLEST} px (size, bold)"


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("players", [2, 4])
def test_no_text_on_the_board_is_cut_in_either_language(monkeypatch, language, players):
    """Nothing the board writes ends in an ellipsis ("Planific." was one): every word fits
    whole, at most narrowed, through a game's first 300 steps with each prompt's options
    focused (zoomed cards, placements) in English and in Spanish."""
    pygame.init()
    cut: set[str] = set()
    original = theme.text

    def recording(message: str, *args, **kwargs) -> pygame.Surface:
        if message.endswith(ELLIPSIS):
            cut.add(message)
        return original(message, *args, **kwargs)

    caches = (theme.text, paint._narrowed, sprites.deck_back, sprites.card_back)
    for cache in caches:
        cache.cache_clear()
    monkeypatch.setattr(theme, "text", recording)
    set_language(language)
    try:
        rules = rules_for(US)
        match = Match(rules, Config(players), 5)
        renderer = USRenderer(rules, match.config, [f"Player {i + 1}" for i in range(players)])
        renderer.reset(match.view(0), 0)
        bots = {i: RandomBot(random.Random(i)) for i in range(players)}
        canvas = pygame.Surface(CANVAS_SIZE)
        for step in range(300):
            events = match.resolve_chance()
            if match.is_over():
                break
            prompt = match.prompts()[0]
            placed = [o.target for o in prompt.options if o.target]
            renderer.draw(canvas, placed[step % len(placed)] if placed else None, prompt)
            events += match.apply(prompt.player, bots[prompt.player].choose(
                rules, match.view(prompt.player), prompt))
            renderer.reset(match.view(0), 0)
            renderer.draw(canvas, None, None)
    finally:
        set_language("en")
        for cache in caches:
            cache.cache_clear()
    assert not cut, f"cut in {language}: {sorted(cut)}"
