"""THE headless full game: French Quarter from the title screen to the results screen.

Seat 0 is a human driven only by synthetic controller events (fake instance id) through the real
input layer; seat 1 is the greedy bot. The test reads focus to pick presses, never acts itself.
"""

from __future__ import annotations

import random

import pygame
from conftest import pad

from game.engine.core import total
from game.scenes.game import GameScene
from game.scenes.results import ResultsScene
from game.scenes.seats import SeatSetupScene
from game.scenes.select import GameSelectScene
from game.ui import settings as store
from game.ui.app import App

FQ = "french_quarter"

A, DOWN, RIGHT = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                  pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
DPAD = [pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT]
PAD = 502  # a fake SDL instance id: no real controller is needed


def press(app: App, button: int, dt: float = 1 / 60) -> None:
    app.step(pad(button, PAD), dt, present=False)


def open_fq_game(app: App) -> GameScene:
    """Title → select → seats (A claims seat 1, right makes seat 2 greedy) → Start."""
    press(app, A)  # New game (no autosave in a fresh home)
    select = app.stack.top
    assert isinstance(select, GameSelectScene)
    while select.menu.focused_key != FQ:
        press(app, DOWN)
    press(app, A)
    seats = app.stack.top
    assert isinstance(seats, SeatSetupScene)
    press(app, A)  # claim the first seat
    press(app, DOWN)
    press(app, RIGHT)  # the empty second seat becomes a greedy bot
    while seats.focus != "start":
        press(app, DOWN)
    assert seats.can_start() and [s.kind for s in seats.chosen()] == ["human", "greedy"]
    press(app, A)
    game = app.stack.top
    assert isinstance(game, GameScene)
    return game


def wait_for_human(app: App, game: GameScene, dt: float, limit: int = 20000) -> bool:
    """Step frames until seat 0 may act; False once the results screen is up."""
    for _ in range(limit):
        if isinstance(app.stack.top, ResultsScene):
            return False
        if not game.renderer.busy() and game.active == 0 and game.match.prompt_for(0):
            return True
        app.step([], dt, present=False)
    raise AssertionError("the game stalled")


def play_human_turn(app: App, game: GameScene, rng: random.Random, dt: float) -> None:
    """Wander with the d-pad a little (focus must stay on a legal slot), then press A."""
    for _ in range(rng.randrange(3)):
        press(app, rng.choice(DPAD), dt)
        rects, _ = game.slots(0)
        assert game.focus_of(0) in rects
    before = len(game.match.history)
    press(app, A, dt)
    assert len(game.match.history) > before, "A on the focused option must apply it"


def test_fq_human_gamepad_vs_greedy_bot_title_to_results(home):
    app = App(windowed=(480, 270))
    app.settings.animation_speed = "instant"
    game = open_fq_game(app)
    rng = random.Random(2025)
    decisions = 0
    kinds = set()
    while wait_for_human(app, game, 1 / 60):
        kinds.add(game.match.prompt_for(0).kind)
        play_human_turn(app, game, rng, 1 / 60)
        decisions += 1
        assert decisions < 600
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert game.match.is_over() and decisions > 16  # 2 dice a round for 8 rounds at least
    assert {"pick", "move"} <= kinds
    players = {p for p, _ in game.match.history if p is not None}
    assert players == {0, 1}
    assert results.totals == [total(b) for b in game.match.rules.scores(game.match.state)]
    assert results.winners and set(results.categories) >= {"food", "second_line"}
    assert not store.has_autosave()
    app.draw()  # the results screen draws with real categories
