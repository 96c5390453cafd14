"""Drop-in and drop-out from the pause menu: a seat handed to a bot or a person mid-game; the
autosave journal keeps the change for Continue."""

from __future__ import annotations

import pygame

from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.pause import PauseScene
from game.scenes.seat_change import SeatChangeScene, change_seat
from game.scenes.seating import SeatSpec
from game.ui import settings as store
from game.ui.app import App
from game.ui.input import Intent
from game.ui.settings import Settings

TTR = "ticket_to_ride_paris"


def test_a_seat_goes_to_a_bot_and_back_and_continue_keeps_it(home):
    app = App(scene_registry(), windowed=(480, 270), settings=Settings(animation_speed="instant"))
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("human")], seed=4)
    app.stack.push(game)
    app.stack.apply()
    change_seat(game, 1, "easy")
    assert 1 in game.driver.bots and game.names[1] == "Bot 2"
    _, seats = store.load_autosave()
    assert seats[1]["kind"] == "easy"  # the journal's header holds the change
    for _ in range(600):  # the bot now answers seat 1's prompts
        app.step([], 1 / 60, present=False)
        if any(p == 1 for p, _ in game.match.history):
            break
    assert any(p == 1 for p, _ in game.match.history)
    change_seat(game, 1, "human")
    assert 1 not in game.driver.bots and game.seats[1].device is None
    assert store.load_autosave()[1][1]["kind"] == "human"
    pygame.display.quit()


def test_the_pause_menu_opens_the_seat_list_and_steps_a_seat(home):
    app = App(scene_registry(), windowed=(480, 270), persist=False)
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("normal")], seed=4)
    app.stack.push(game)
    app.stack.push(PauseScene(app, game, "keyboard"))
    app.stack.apply()
    pause = app.stack.top
    pause.menu.focus_key("seats")
    pause.handle(Intent("confirm", "keyboard"))
    app.stack.apply()
    seats = app.stack.top
    assert isinstance(seats, SeatChangeScene)
    seats.menu.focus_key("1")
    seats.handle(Intent("right", "keyboard"))  # normal -> hard
    assert game.seats[1].kind == "hard"
    seats.handle(Intent("confirm", "keyboard"))  # hard -> a person
    assert game.seats[1].human and 1 not in game.driver.bots
    app.draw()
    pygame.display.quit()


def test_a_pad_gone_for_a_minute_opens_the_seat_list_once(home):
    from game.scenes.seat_change import ABSENCE_OFFER_S

    app = App(scene_registry(), windowed=(480, 270), persist=False,
              settings=Settings(animation_speed="instant"))
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("human", "pad:99")],
                     seed=4)
    app.input.set_connected("pad:99", True)  # (as the seat screen saw it)
    app.stack.push(game)
    app.stack.apply()
    app.step([], 0.1, present=False)
    app.input.set_connected("pad:99", False)  # unplugged
    steps = round(ABSENCE_OFFER_S / 0.1)
    for _ in range(steps - 5):
        app.step([], 0.1, present=False)
    assert app.stack.top is game  # not yet
    for _ in range(10):
        app.step([], 0.1, present=False)
    offer = app.stack.top
    assert isinstance(offer, SeatChangeScene) and offer.absent == 1
    assert offer.menu.focused_key == "1"
    offer.handle(Intent("right", "keyboard"))  # a person -> an Easy bot
    assert game.seats[1].kind == "easy"
    offer.handle(Intent("back", "keyboard"))
    app.step([], 0.1, present=False)
    assert app.stack.top is game
    for _ in range(steps + 10):
        app.step([], 0.1, present=False)
    assert not isinstance(app.stack.top, SeatChangeScene)  # a bot now: nothing to offer
    pygame.display.quit()


def test_a_device_never_seen_in_the_game_is_not_missed(home):
    from game.scenes.seat_change import ABSENCE_OFFER_S

    app = App(scene_registry(), windowed=(480, 270), persist=False,
              settings=Settings(animation_speed="instant"))
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("human", "pad:98")],
                     seed=4)
    app.stack.push(game)
    app.stack.apply()
    for _ in range(round(ABSENCE_OFFER_S / 0.1) + 20):
        app.step([], 0.1, present=False)
    assert app.stack.top is game
    pygame.display.quit()
