"""Driving a whole game from the title screen with one synthetic gamepad (seat 0).

Shared by the per-game full-game UI tests: the helpers only press buttons through the real input
layer and read the scene's focus to choose presses; they never act on the engine.
"""

from __future__ import annotations

import random
import time

import pygame

from game.scenes.game import GameScene
from game.scenes.results import ResultsScene
from game.scenes.seats import SeatSetupScene
from game.scenes.select import GameSelectScene
from game.ui.app import App
from tests.ui.fixtures import pad

BOT_GRACE = 60.0  # s of wall time a bot's turn may take on a loaded machine before it is a stall

A, DOWN, RIGHT = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                  pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
DPAD = [pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT]


class Player:
    """One person on a fake controller (an SDL instance id no real device uses)."""

    def __init__(self, app: App, pad_id: int) -> None:
        self.app, self.pad_id = app, pad_id

    def press(self, button: int, dt: float = 1 / 60) -> None:
        """Press and release one button during one frame."""
        self.app.step(pad(button, self.pad_id), dt, present=False)

    def open_game(self, game_id: str, add_bot: bool = False) -> GameScene:
        """Title → select → seats (A claims seat 1; `add_bot` turns empty seat 2 greedy) → Start."""
        app = self.app
        self.press(A)  # New game (no autosave in a fresh home)
        select = app.stack.top
        assert isinstance(select, GameSelectScene)
        while select.focused_key != game_id:  # right walks the picker's cards in reading order
            self.press(RIGHT)
        self.press(A)
        seats = app.stack.top
        assert isinstance(seats, SeatSetupScene)
        self.press(A)  # claim the first seat
        if add_bot:
            self.press(DOWN)
            self.press(RIGHT)
        while seats.focus != "start":
            self.press(DOWN)
        assert seats.can_start() and [s.kind for s in seats.chosen()] == ["human", "normal"]
        self.press(A)
        game = app.stack.top
        assert isinstance(game, GameScene)
        return game

    def wait_for_turn(self, game: GameScene, dt: float, limit: int) -> bool:
        """Step frames until seat 0 may act; False once the results screen is up. A stall is
        `limit` frames and BOT_GRACE seconds without it: the bot thinks on its own thread, and an
        idle frame draws nothing, so on a loaded machine frames alone can outrun its thinking."""
        deadline = time.monotonic() + BOT_GRACE
        frames = 0
        while frames < limit or time.monotonic() < deadline:
            if isinstance(self.app.stack.top, ResultsScene):
                return False
            if not game.renderer.busy() and game.active == 0 and game.match.prompt_for(0):
                return True
            self.app.step([], dt, present=False)
            frames += 1
            if frames >= limit:
                time.sleep(0.002)  # past the frame budget: give the bot's thread the core
        raise AssertionError("the game stalled")

    def play_turn(self, game: GameScene, rng: random.Random, dt: float) -> None:
        """Wander with the d-pad a little (focus must stay on a legal slot), then press A."""
        for _ in range(rng.randrange(3)):
            self.press(rng.choice(DPAD), dt)
            rects, _ = game.slots(0)
            assert game.focus_of(0) in rects
        before = len(game.match.history)
        self.press(A, dt)
        assert len(game.match.history) > before, "A on the focused option must apply it"

    def press_during_animations(self, game: GameScene, rng: random.Random, turns: int) -> int:
        """Play up to `turns` turns at 0.1 s frames, pressing A again while each move animates;
        every such press must be ignored. Returns how many presses landed mid-animation."""
        held = 0
        for _ in range(turns):
            if not self.wait_for_turn(game, 0.1, limit=5000):
                break
            self.play_turn(game, rng, 0.1)
            if game.renderer.busy():
                before = len(game.match.history)
                self.press(A, 0.0)  # pressed mid-animation: ignored, nothing applied
                assert len(game.match.history) == before
                held += 1
        return held
