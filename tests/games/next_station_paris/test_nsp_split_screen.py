"""Next Station: Paris on one screen: two people on two gamepads draw at the same time.

Both seats are driven only by synthetic controller events from two fake instance ids through the
real input layer, from seat setup to the results screen. The test reads focus and targets to pick
its presses; it never calls the engine to act.
"""

from __future__ import annotations

import time

import pygame

from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.ui.app import App
from tests.ui.split_game import DPAD, DT, Driver, Pads, ready

NSP = "next_station_paris"
A, DOWN = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_DOWN
PADS = (601, 602)  # fake SDL instance ids: seat 0 and seat 1


def press(app: App, seat: int, button: int) -> None:
    Pads(app, PADS).press(seat, button)


def open_two_player_game(app: App) -> GameScene:
    return Pads(app, PADS).open_game(NSP)


def test_two_gamepads_draw_at_the_same_time_from_seat_setup_to_results(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "2x"  # strokes and flips run: cursors must not wait on them
    game = open_two_player_game(app)
    assert game.split and not game.hidden() and game.curtain is None
    driver = Driver(Pads(app, PADS), game, seed=2026)
    results = driver.play_to_results(6000)
    assert game.match.state.round == 4
    assert min(len(chosen) for chosen in driver.chosen) >= 20
    assert min(sum(action[0] == "draw" for _, action in chosen if isinstance(action, tuple))
               for chosen in driver.chosen) >= 8
    assert len(driver.both_deciding) >= 10  # the two seats really decided the same cards together
    assert driver.while_other_animates >= 1  # one seat's stroke never froze the other's cursor
    assert results.totals == [sum(b.values()) for b in game.match.rules.scores(game.match.state)]
    app.draw()


def test_a_seat_that_answered_waits_and_its_pad_moves_nothing(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    game = open_two_player_game(app)
    for _ in range(200):  # a card where both seats may draw
        if ready(game, 0) and ready(game, 1):
            break
        app.step([], DT, present=False)
    assert ready(game, 0) and ready(game, 1)
    card = len(game.match.state.revealed)
    rects, options = game.slots(0)
    bar = next(k for k in rects if k[0] == "bar")  # seat 1 passes: its button under its map
    for _ in range(12):
        if game.focus_of(0) == bar:
            break
        press(app, 0, DPAD["down"])
    assert game.focus_of(0) == bar and options[bar].action == ("pass",)
    press(app, 0, A)
    assert game.match.prompt_for(0) is None and game.match.prompt_for(1) is not None
    assert len(game.match.state.revealed) == card  # the card waits for seat 2
    history = list(game.match.history)
    focus = game.focus.get(1)
    for button in (*DPAD.values(), A):
        press(app, 0, button)  # the waiting seat's pad changes nothing
    assert game.match.history == history and game.focus.get(1) == focus
    app.draw()


def test_bots_answer_each_card_at_once_while_a_person_decides(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    press(app, 0, A)
    select = app.stack.top
    while select.focused_key != NSP:  # right walks the picker's cards in reading order
        press(app, 0, DPAD["right"])
    press(app, 0, A)
    seats = app.stack.top
    press(app, 0, A)  # seat 1: the person on pad 1
    press(app, 0, DOWN)
    press(app, 0, DPAD["right"])  # seat 2: empty -> a Normal bot
    assert [s.kind for s in seats.chosen()] == ["human", "normal"]
    while seats.focus != "start":
        press(app, 0, DOWN)
    press(app, 0, A)
    game = app.stack.top
    assert isinstance(game, GameScene) and game.split
    cards = 0
    for _ in range(4000):  # the next card comes once the bot (on its thread) has answered too
        app.step([], DT, present=False)
        if game.match.prompt_for(0) is None:
            time.sleep(0.001)  # wall time for the bot's worker thread, however busy the machine
            continue
        revealed = len(game.match.state.revealed)
        for _ in range(2000):  # the bot thinks on its worker thread: give it wall time
            if game.match.prompt_for(1) is None:
                break
            app.step([], DT, present=False)
            time.sleep(0.001)
        # the bot answered this card while the person is still deciding it
        assert game.match.prompt_for(1) is None and game.match.prompt_for(0) is not None
        assert len(game.match.state.revealed) == revealed
        assert any(p == 1 for p, _ in game.match.history)
        cards += 1
        if cards >= 3:
            break
        press(app, 0, A)
    assert cards >= 3, (f"{cards} cards; prompts now {game.match.prompts()}; top scene "
                         f"{type(app.stack.top).__name__}; last steps {game.match.history[-4:]}")


def test_module_switches_at_seat_setup_reach_the_rules(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    press(app, 0, A)
    select = app.stack.top
    while select.focused_key != NSP:  # right walks the picker's cards in reading order
        press(app, 0, DPAD["right"])
    press(app, 0, A)
    seats = app.stack.top
    assert set(seats.options) == {"objectives", "gates"} and not any(seats.options.values())
    press(app, 0, A)  # a person on seat 1, playing solo
    while not isinstance(seats.focus, tuple):
        press(app, 0, DOWN)  # past the empty seats to the module switches
    press(app, 0, A)
    press(app, 0, DPAD["right"])
    press(app, 0, A)
    assert seats.options == {"objectives": True, "gates": True}
    app.draw()
    press(app, 0, DOWN)
    assert seats.focus == "start"
    press(app, 0, A)
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.match.config.option("objectives") and game.match.config.option("gates")
    state = game.match.state
    assert state.modules == ("objectives", "gates") and len(state.objectives) == 2
    app.step([], DT, present=False)  # the sheet shows the objectives and the gates
