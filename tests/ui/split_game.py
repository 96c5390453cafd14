"""Two people on two synthetic gamepads playing a split-screen game at the same time.

Shared by the split-screen UI tests (Next Station, Explore New York): the helpers only press
buttons through the real input layer and read the scene's focus and targets to choose presses;
they never act on the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.scenes.game import GameScene
from game.scenes.results import ResultsScene
from game.scenes.seats import SeatSetupScene
from game.scenes.select import GameSelectScene
from game.ui.app import App
from tests.ui.fixtures import pad

A, DOWN = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_DOWN
DPAD = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
DT = 1 / 30


class Pads:
    """The two fake controllers (SDL instance ids no real device uses): seat 0 and seat 1."""

    def __init__(self, app: App, ids: tuple[int, int]) -> None:
        self.app, self.ids = app, ids

    def press(self, seat: int, button: int) -> None:
        """Seat's pad presses and releases one button during one frame."""
        self.app.step(pad(button, self.ids[seat]), DT, present=False)

    def open_game(self, game_id: str) -> GameScene:
        """Title → select → seats: each pad claims its own row with A → Start."""
        app = self.app
        self.press(0, A)  # New game
        select = app.stack.top
        assert isinstance(select, GameSelectScene)
        while select.focused_key != game_id:  # right walks the picker's cards in reading order
            self.press(0, DPAD["right"])
        self.press(0, A)
        seats = app.stack.top
        assert isinstance(seats, SeatSetupScene)
        self.press(0, A)  # pad 1 claims seat 1
        self.press(1, DOWN)
        self.press(1, A)  # pad 2 claims seat 2
        assert [(s.kind, s.device) for s in seats.chosen()] == [
            ("human", f"pad:{self.ids[0]}"), ("human", f"pad:{self.ids[1]}")]
        while seats.focus != "start":
            self.press(1, DOWN)
        self.press(1, A)
        game = app.stack.top
        assert isinstance(game, GameScene)
        return game


def ready(game: GameScene, seat: int) -> bool:
    """The seat has a prompt and its cursor is live (not waiting for its own animation)."""
    return game.match.prompt_for(seat) is not None and not game.seat_busy(seat)


class Driver:
    """Chooses presses for both seats from what is on screen; checks the cursors stay apart and
    notes what each seat chose (prompt kind, action) and when both decided in one frame."""

    def __init__(self, pads: Pads, game: GameScene, seed: int) -> None:
        self.pads, self.game, self.rng = pads, game, random.Random(seed)
        self.chosen: list[list[tuple[str, Any]]] = [[], []]
        self.both_deciding: list[Any] = []  # the match state of each frame both decided in
        self.while_other_animates = 0

    def kinds(self, seat: int) -> dict[str, int]:
        """How many prompts of each kind the seat answered."""
        out: dict[str, int] = {}
        for kind, _ in self.chosen[seat]:
            out[kind] = out.get(kind, 0) + 1
        return out

    def nudge(self, seat: int) -> None:
        """A d-pad press towards another board option, checked against the other seat."""
        game, other = self.game, 1 - seat
        rects, _ = game.slots(seat)
        focus = game.focus_of(seat)
        board = [k for k in rects if k[0] == "board" and k != focus]
        direction = self.rng.choice(list(DPAD))
        if board and focus is not None:  # head for a board option, as a player would
            goal = rects[self.rng.choice(board)].center
            dx, dy = goal[0] - rects[focus].centerx, goal[1] - rects[focus].centery
            direction = ("right" if dx > 0 else "left") if abs(dx) > abs(dy) else (
                "down" if dy > 0 else "up")
        theirs = (game.focus.get(other), game.focus_of(other))
        self.pads.press(seat, DPAD[direction])
        assert (game.focus.get(other), game.focus_of(other)) == theirs, "a cursor moved"
        assert game.focus_of(seat) in game.slots(seat)[0]

    def confirm(self, seat: int) -> None:
        """A on the focused slot applies exactly that seat's choice."""
        game, other = self.game, 1 - seat
        _, options = game.slots(seat)
        focus = game.focus_of(seat)
        chosen = options[focus].action
        kind = game.match.prompt_for(seat).kind
        before = [p for p, _ in game.match.history].count(seat)
        theirs = game.focus.get(other)
        if game.seat_busy(other):
            self.while_other_animates += 1
        self.pads.press(seat, A)
        assert [p for p, _ in game.match.history].count(seat) == before + 1
        assert [a for p, a in game.match.history if p == seat][-1] == chosen
        if game.match.prompt_for(other) is not None:
            assert game.focus.get(other) == theirs
        self.chosen[seat].append((kind, chosen))

    def frame(self) -> None:
        """Both seats act in the same frames: d-pad presses interleaved, then A each."""
        game = self.game
        live = [s for s in (0, 1) if ready(game, s)]
        if len(live) == 2:
            self.both_deciding.append(game.match.state)
        for _ in range(self.rng.randrange(1, 4)):
            for seat in live:
                if ready(game, seat):
                    self.nudge(seat)
        for seat in live:
            if ready(game, seat):
                self.confirm(seat)
        self.pads.app.step([], DT, present=False)

    def play_to_results(self, frames: int) -> ResultsScene:
        """Frames until the results screen opens (never a pass-the-screen curtain: nothing is
        secret); the results."""
        app = self.pads.app
        for _ in range(frames):
            if isinstance(app.stack.top, ResultsScene):
                break
            assert self.game.curtain is None
            self.frame()
        else:
            raise AssertionError("the game stalled")
        results = app.stack.top
        assert isinstance(results, ResultsScene) and self.game.match.is_over()
        return results
