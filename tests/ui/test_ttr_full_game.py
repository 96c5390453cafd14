"""THE headless full game: Ticket to Ride: Paris from the title screen to the results screen.

Seat 0 is a human driven only by synthetic controller events (fake instance id) through the real
input layer; seat 1 is the greedy bot. The test reads focus to pick presses, never acts itself.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
from conftest import pad

from game.engine.core import total
from game.scenes.game import GameScene
from game.scenes.results import ResultsScene
from game.scenes.seats import SeatSetupScene
from game.scenes.select import GameSelectScene
from game.ui import settings as store
from game.ui.app import App

ROOT = Path(__file__).resolve().parents[2]
TTR = "ticket_to_ride_paris"

A, DOWN = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_DOWN
DPAD = [pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT]
PAD = 501  # a fake SDL instance id: no real controller is needed


def press(app: App, button: int, dt: float = 1 / 60) -> None:
    app.step(pad(button, PAD), dt, present=False)


def open_ttr_game(app: App) -> GameScene:
    """Title → select → seats (claim seat 1 with A, seat 2 stays greedy) → Start."""
    press(app, A)  # New game (no autosave in a fresh home)
    select = app.stack.top
    assert isinstance(select, GameSelectScene)
    while select.menu.focused_key != TTR:
        press(app, DOWN)
    press(app, A)
    seats = app.stack.top
    assert isinstance(seats, SeatSetupScene)
    press(app, A)  # claim the first seat
    while seats.focus != "start":
        press(app, DOWN)
    assert seats.can_start() and [s.kind for s in seats.chosen()] == ["human", "greedy"]
    press(app, A)
    game = app.stack.top
    assert isinstance(game, GameScene)
    return game


def wait_for_human(app: App, game: GameScene, dt: float, limit: int = 5000) -> bool:
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


def test_ttr_human_gamepad_vs_greedy_bot_title_to_results(home):
    app = App(windowed=(480, 270))
    app.settings.animation_speed = "instant"  # the animated variant is the test below
    game = open_ttr_game(app)
    rng = random.Random(2024)
    decisions = 0
    while wait_for_human(app, game, 1 / 60):
        play_human_turn(app, game, rng, 1 / 60)
        decisions += 1
        assert store.has_autosave()
        assert decisions < 400
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert game.match.is_over() and decisions > 5
    players = {p for p, _ in game.match.history if p is not None}
    assert players == {0, 1}
    assert results.totals == [total(b) for b in game.match.rules.scores(game.match.state)]
    assert results.winners and set(results.categories) >= {"routes", "tickets"}
    assert not store.has_autosave()
    app.draw()  # the results screen draws with real categories


def test_ttr_animations_hold_input_until_idle(home):
    app = App(windowed=(480, 270))
    app.settings.animation_speed = "2x"
    game = open_ttr_game(app)
    rng = random.Random(7)
    for _ in range(4):
        if not wait_for_human(app, game, 0.1):
            break
        play_human_turn(app, game, rng, 0.1)
        if game.renderer.busy():
            before = len(game.match.history)
            press(app, A, 0.0)  # pressed mid-animation: ignored, nothing applied
            assert len(game.match.history) == before
