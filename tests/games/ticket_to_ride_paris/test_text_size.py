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
from game.ui import theme
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


def test_the_grey_move_log_is_a_step_above_the_floor(monkeypatch):
    """The spectator's move log is mostly grey (older moves): its lines are 28 px high, not
    the 24 px floor that reads as ~22 px of ink in grey from the sofa."""
    from game.engine.core import event
    from game.games.ticket_to_ride_paris import log_strip
    from game.games.ticket_to_ride_paris.log_strip import t

    pygame.init()
    drawn: list[tuple[str, int]] = []
    real = log_strip.fit_text

    def recording(message, size, *args, **kwargs):
        drawn.append((message, size))
        return real(message, size, *args, **kwargs)

    monkeypatch.setattr(log_strip, "fit_text", recording)
    rules = TicketToRideParis()
    renderer = TTRRenderer(rules, Config(3), ["Ana", "Bruno", "Carmen"])
    renderer.reset(Match(rules, Config(3), 2).view(None), None)
    renderer.moves.note([event("card_drawn", 1, source="faceup", color="blue"),
                         event("flag_completed", 0, points=4)], turn=1)
    drawn.clear()  # the reset drew the panels
    renderer.hand.log.paint(pygame.Surface(CANVAS_SIZE), renderer.names)
    log = [(m, size) for m, size in drawn if m != t("spectator")]
    assert len(log) >= 2
    assert all(theme.font(size).get_height() >= 28 for _, size in log), log
