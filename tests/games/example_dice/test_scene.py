"""Headless tests of the example dice renderer (scene.py) with the dummy driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.core import Config
from game.engine.match import Match
from game.games.example_dice.rules import DiceGame
from game.games.example_dice.scene import DIE_RECT, ROLL_SECONDS, DiceRenderer
from game.ui import theme
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE


@pytest.fixture(scope="module")
def rules() -> DiceGame:
    pygame.init()
    return DiceGame()


def rolled(rules: DiceGame, face: int) -> tuple[Match, DiceRenderer]:
    """Seat 0 has rolled `face`; the renderer has animated the roll."""
    match = Match(rules, Config(3), 2)
    renderer = DiceRenderer(rules, match.config, ["Ana", "Bruno", "Carmen"])
    match.apply_chance(3), match.apply_chance(1), match.apply_chance(2)
    renderer.reset(match.view(0), 0)
    events = match.apply_chance(face)
    renderer.animate(events, match.view(0), 0)
    return match, renderer


def test_every_offered_target_is_on_the_board_and_apart(rules) -> None:
    match, renderer = rolled(rules, 2)
    prompt = match.prompts()[0]
    rects = renderer.targets()
    for option in prompt.options:
        assert BOARD_RECT.contains(rects[option.target]), option.action
    chosen = [rects[o.target] for o in prompt.options]
    assert not any(a.colliderect(b) for i, a in enumerate(chosen) for b in chosen[i + 1:])


def test_a_roll_tumbles_for_a_moment_then_the_board_is_idle(rules) -> None:
    _, renderer = rolled(rules, 5)
    assert renderer.busy()
    renderer.update(ROLL_SECONDS / 2)
    assert renderer.busy()
    renderer.update(ROLL_SECONDS)
    assert not renderer.busy()


def test_draw_shows_the_die_the_choices_and_the_focus(rules) -> None:
    match, renderer = rolled(rules, 2)
    renderer.update(ROLL_SECONDS)
    canvas = pygame.Surface(CANVAS_SIZE)
    prompt = match.prompts()[0]
    renderer.draw(canvas, ("die", "double"), prompt)
    assert canvas.get_at(DIE_RECT.move(10, 100).topleft)[:3] == theme.TEXT
    double = renderer.targets()[("die", "double")]
    assert canvas.get_at((double.x - 5, double.centery))[:3] == theme.FOCUS
    reroll = renderer.targets()[("reroll",)]
    assert canvas.get_at((reroll.x + 8, reroll.centery))[:3] == theme.PANEL_LIGHT
    before = pygame.image.tobytes(canvas, "RGB")
    renderer.draw(canvas, None, None)  # no prompt: no choice buttons, no focus
    assert pygame.image.tobytes(canvas, "RGB") != before
    assert canvas.get_at((reroll.x + 8, reroll.centery))[:3] == theme.BACKGROUND


def test_options_without_a_board_target_are_left_to_the_bar(rules) -> None:
    match, renderer = rolled(rules, 2)
    match.apply(0, "add")  # now only "confirm", which has no target: the shell's bar button
    prompt = match.prompts()[0]
    assert [o.target for o in prompt.options] == [None]
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, prompt)
    add = renderer.targets()[("die", "add")]
    assert canvas.get_at((add.x + 8, add.centery))[:3] == theme.BACKGROUND
