"""Nothing a player must read on the Ticket to Ride board is under 24 px at 1080p: every font the
renderer asks for while a whole game is drawn (as a seat and as a spectator, mid-animation and
at rest, with the focus tip up) has a line height of at least 24 px on the 1920x1080 canvas."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.games.ticket_to_ride_paris import labels, sprites
from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.ui.board_api import CANVAS_SIZE
from tests.ui.font_heights import SMALLEST, font_heights, too_small


@pytest.fixture
def heights(monkeypatch) -> Iterator[dict[tuple[int, bool], int]]:
    """Every (size, bold) font asked for while the test runs, with its line height."""
    with font_heights(monkeypatch, (sprites.label_plate, sprites.ticket_card,
                                    labels._layout)) as asked:
        yield asked


@pytest.mark.parametrize("viewer", [0, None])
def test_every_font_the_board_draws_is_at_least_24_px(heights, viewer):
    rules = TicketToRideParis()
    match = Match(rules, Config(3), 11)
    renderer = TTRRenderer(rules, match.config, ["Ana", "Bruno", "Carmen"])
    renderer.reset(match.view(viewer), viewer)
    bots = {i: RandomBot(random.Random(i)) for i in range(3)}
    canvas = pygame.Surface(CANVAS_SIZE)
    while not match.is_over():
        events = match.resolve_chance()
        prompt = match.prompts()[0]
        events += match.apply(prompt.player, bots[prompt.player].choose(
            rules, match.view(prompt.player), prompt))
        renderer.animate(events + match.resolve_chance(), match.view(viewer), viewer)
        mine = match.prompt_for(0) if viewer == 0 else None
        focus = next((o.target for o in mine.options if o.target), None) if mine else None
        while renderer.busy():
            renderer.update(0.15)
            renderer.draw(canvas, focus, mine)
        renderer.draw(canvas, focus, mine)
    assert heights, "the board draws text"
    small = too_small(heights)
    assert small == {}, f"fonts under {SMALLEST} px (size, bold): {small}"
    assert min(heights.values()) >= SMALLEST
