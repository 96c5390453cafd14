"""Explore New York on one screen: two people on two gamepads chart their maps at the same time.

Both seats are driven only by synthetic controller events from two fake instance ids through the
real input layer, from seat setup to the results screen. The test reads focus and targets to pick
its presses; it never calls the engine to act.
"""

from __future__ import annotations

import random

import pygame
from conftest import pad

from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.results import ResultsScene
from game.scenes.seats import SeatSetupScene
from game.scenes.select import GameSelectScene
from game.ui.app import App

ENY = "explore_new_york"
A, DOWN = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_DOWN
DPAD = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
PADS = (611, 612)  # fake SDL instance ids: seat 0 and seat 1
DT = 1 / 30


def press(app: App, seat: int, button: int) -> None:
    app.step(pad(button, PADS[seat]), DT, present=False)


def open_two_player_game(app: App) -> GameScene:
    """Title → select → seats: each pad claims its own row with A → Start."""
    press(app, 0, A)  # New game
    select = app.stack.top
    assert isinstance(select, GameSelectScene)
    while select.menu.focused_key != ENY:
        press(app, 0, DOWN)
    press(app, 0, A)
    seats = app.stack.top
    assert isinstance(seats, SeatSetupScene)
    press(app, 0, A)  # pad 1 claims seat 1
    press(app, 1, DOWN)
    press(app, 1, A)  # pad 2 claims seat 2
    assert [(s.kind, s.device) for s in seats.chosen()] == [("human", f"pad:{PADS[0]}"),
                                                             ("human", f"pad:{PADS[1]}")]
    while seats.focus != "start":
        press(app, 1, DOWN)
    press(app, 1, A)
    game = app.stack.top
    assert isinstance(game, GameScene)
    return game


def ready(game: GameScene, seat: int) -> bool:
    """The seat has a prompt and its cursor is live (not waiting for its own animation)."""
    return game.match.prompt_for(seat) is not None and not game.seat_busy(seat)


class Driver:
    """Chooses presses for both seats from what is on screen; checks the cursors stay apart."""

    def __init__(self, app: App, game: GameScene, seed: int) -> None:
        self.app, self.game, self.rng = app, game, random.Random(seed)
        self.kinds: list[dict[str, int]] = [{}, {}]  # per seat: prompts answered by kind
        self.together: set[int] = set()  # turns in which both seats decided in one frame
        self.while_other_animates = 0

    def nudge(self, seat: int) -> None:
        """A d-pad press towards another board option (a block, a link, a card), checked
        against the other seat's cursor."""
        game, other = self.game, 1 - seat
        rects, _ = game.slots(seat)
        focus = game.focus_of(seat)
        board = [k for k in rects if k[0] == "board" and k != focus]
        direction = self.rng.choice(list(DPAD))
        if board and focus is not None:
            goal = rects[self.rng.choice(board)].center
            dx, dy = goal[0] - rects[focus].centerx, goal[1] - rects[focus].centery
            direction = ("right" if dx > 0 else "left") if abs(dx) > abs(dy) else (
                "down" if dy > 0 else "up")
        theirs = (game.focus.get(other), game.focus_of(other))
        press(self.app, seat, DPAD[direction])
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
        press(self.app, seat, A)
        assert [p for p, _ in game.match.history].count(seat) == before + 1
        assert [a for p, a in game.match.history if p == seat][-1] == chosen
        if game.match.prompt_for(other) is not None:
            assert game.focus.get(other) == theirs
        self.kinds[seat][kind] = self.kinds[seat].get(kind, 0) + 1

    def frame(self) -> None:
        """Both seats act in the same frames: d-pad presses interleaved, then A each."""
        game = self.game
        live = [s for s in (0, 1) if ready(game, s)]
        if len(live) == 2:
            self.together.add(game.match.state.turn)
        for _ in range(self.rng.randrange(1, 4)):
            for seat in live:
                if ready(game, seat):
                    self.nudge(seat)
        for seat in live:
            if ready(game, seat):
                self.confirm(seat)
        self.app.step([], DT, present=False)


def test_two_gamepads_chart_at_the_same_time_from_seat_setup_to_results(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "2x"  # strokes and flips run: cursors must not wait on them
    game = open_two_player_game(app)
    assert game.split and not game.hidden() and game.curtain is None
    driver = Driver(app, game, seed=2027)
    for _ in range(8000):
        if isinstance(app.stack.top, ResultsScene):
            break
        assert game.curtain is None  # nothing is secret: never a pass-the-screen curtain
        driver.frame()
    else:
        raise AssertionError("the game stalled")
    results = app.stack.top
    assert isinstance(results, ResultsScene) and game.match.is_over()
    state = game.match.state
    assert state.turn == 8  # 27 cards, 3 removed unseen: 8 turns of 3
    for seat in (0, 1):  # the first player alternates: each person discarded 4 times
        kinds = driver.kinds[seat]
        assert kinds["discard"] == 4
        assert kinds.get("block", 0) + kinds.get("lone_block", 0) == 8
        assert kinds["link"] == 8
        assert state.sheets[seat].links.bit_count() >= 8
    assert driver.together == set(range(8))  # every turn the two seats charted together
    assert driver.while_other_animates >= 1  # one seat's stroke never froze the other's cursor
    assert results.totals == [route.total for route in state.routes]
    app.draw()


def test_only_the_first_player_discards_and_the_other_pad_moves_nothing(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    game = open_two_player_game(app)
    for _ in range(200):
        prompts = game.match.prompts()
        if prompts and prompts[0].kind == "discard" and ready(game, prompts[0].player):
            break
        app.step([], DT, present=False)
    first = game.match.prompts()[0].player
    other = 1 - first
    rects, _ = game.slots(first)
    cards = [k for k in rects if k[0] == "board"]
    assert len(cards) == 3 and all(k[1][0] == "card" for k in cards)  # the 3 cards, on board
    assert all(rects[k].colliderect(game.renderer.layout.column) for k in cards)
    history = list(game.match.history)
    for button in (*DPAD.values(), A):
        press(app, other, button)  # the other seat waits: its pad changes nothing
    assert game.match.history == history
    press(app, first, A)
    assert game.match.history[-1][0] == first
    assert game.match.history[-1][1][0] == "discard"
    for _ in range(10):
        app.step([], DT, present=False)
    assert ready(game, 0) and ready(game, 1)  # then both choose a block at once
    assert {game.match.prompt_for(s).kind for s in (0, 1)} <= {"block", "lone_block"}
    app.draw()
