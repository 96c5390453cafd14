"""Scene navigation and the GameScene flow, driven by synthetic events through the real App."""

from __future__ import annotations

import json

import pygame
import pytest
from conftest import key, pad

from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.message import MessageScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.seats import SeatSetupScene
from game.scenes.select import GameSelectScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.ui import settings as store
from game.ui.app import App
from game.ui.i18n import set_language, t

A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
DOWN, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
START = pygame.CONTROLLER_BUTTON_START


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def top(app):
    return app.stack.top


def frames(app, n=1, events=()):
    for i in range(n):
        app.step(list(events) if i == 0 else [], present=False)


def until(app, predicate, limit=2000):
    for _ in range(limit):
        if predicate():
            return True
        app.step([], present=False)
    return predicate()


def start_game(app, human_pads=(77,), seats=2):
    """Title → select (fake game) → seats (humans claim with A) → Start, all by gamepad."""
    first = human_pads[0]
    frames(app, 1, pad(A, first))  # New game
    assert isinstance(top(app), GameSelectScene)
    frames(app, 1, pad(A, first))  # the fake game is first in the menu
    assert isinstance(top(app), SeatSetupScene)
    for row, iid in enumerate(human_pads):
        frames(app, 1, pad(A, iid))  # claim the focused row
        frames(app, 1, pad(DOWN, iid))
    scene = top(app)
    while scene.focus != "start":
        frames(app, 1, pad(DOWN, first))
    frames(app, 1, pad(A, first))
    assert isinstance(top(app), GameScene)
    return top(app)


def human_turn(app, game, seat=0):
    until(app, lambda: isinstance(top(app), ResultsScene) or (
        not game.renderer.busy() and game.active == seat and game.curtain is None))
    return isinstance(top(app), GameScene)


def test_title_menu_without_autosave(app, fake_game):
    title = top(app)
    assert isinstance(title, TitleScene)
    assert [i.key for i in title.menu.items] == ["new", "settings", "quit"]


def test_navigation_title_select_seats_game(app, fake_game):
    game = start_game(app)
    assert game.seats[0].human and game.seats[0].device == "pad:77"
    assert not game.seats[1].human and 1 in game.driver.bots
    assert game.match.config.players == 2
    frames(app, 1, pad(START, 77))
    assert isinstance(top(app), PauseScene)
    frames(app, 1, pad(B, 77))
    assert top(app) is game


def test_seat_setup_rules(app, fake_game):
    frames(app, 1, pad(A))
    frames(app, 1, pad(A))
    seats = top(app)
    seats.focus = 2
    frames(app, 1, pad(RIGHT))  # an empty seat above the minimum becomes a bot
    assert seats.seats[2] is not None and len(seats.chosen()) == 3
    frames(app, 1, key(pygame.K_RETURN))  # the keyboard claims it
    assert seats.seats[2].device == "keyboard"
    seats.focus = 0
    frames(app, 1, key(pygame.K_RETURN))  # moving: the old seat goes back to a bot
    assert seats.seats[0].device == "keyboard" and not seats.seats[2].human
    frames(app, 1, key(pygame.K_ESCAPE))  # leaving a seat first...
    assert not seats.seats[0].human and isinstance(top(app), SeatSetupScene)
    frames(app, 1, key(pygame.K_ESCAPE))  # ...then back to game select
    assert isinstance(top(app), GameSelectScene)


def test_keyboard_settings_change_language_and_save(app, home):
    frames(app, 1, key(pygame.K_DOWN))
    frames(app, 1, key(pygame.K_RETURN))
    assert isinstance(top(app), SettingsScene)
    frames(app, 1, key(pygame.K_RIGHT))  # language → Spanish
    assert t("title.new_game") == "Nueva partida"
    assert json.loads((home / "settings.json").read_text())["language"] == "es"
    for _ in range(4):
        frames(app, 1, key(pygame.K_DOWN))
    frames(app, 1, key(pygame.K_RIGHT))  # animation speed 1x → 2x
    assert app.settings.animation_speed == "2x"
    frames(app, 1, key(pygame.K_ESCAPE))
    assert isinstance(top(app), TitleScene)


def test_pad_sets_the_cores_a_hard_bot_searches_on(app, home):
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_A))
    settings = top(app)
    while settings.menu.focused_key != "search_workers":
        frames(app, 1, pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    assert settings.value("search_workers") == "up to 4 cores"
    for _ in range(5):  # stops at one process: a Hard bot always has one to think in
        frames(app, 1, pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT))
    assert settings.value("search_workers") == "1 core"
    assert json.loads((home / "settings.json").read_text())["search_workers"] == 1
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_A))  # confirm steps forward
    assert app.settings.search_workers == 2


def test_mouse_clicks_through_the_letterbox(app, fake_game):
    title = top(app)
    rect = title.menu.rects()[0]  # "New game", canvas coordinates
    window_pos = (rect.centerx // 4, rect.centery // 4)  # the 480x270 window is a quarter
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window_pos, button=1)
    frames(app, 1, [click])
    assert isinstance(top(app), GameSelectScene)


def test_fullscreen_toggle_keeps_the_scene(app, home):
    scene = top(app)
    frames(app, 1, key(pygame.K_F11))
    assert app.fullscreen and top(app) is scene
    assert json.loads((home / "settings.json").read_text())["fullscreen"] is True
    frames(app, 1, key(pygame.K_F11))
    assert not app.fullscreen and app.screen.get_size() == (480, 270)


def test_full_fake_game_by_gamepad_reaches_results(app, fake_game, home):
    game = start_game(app)
    presses = 0
    while human_turn(app, game):
        rects, _ = game.slots(0)
        assert game.focus_of(0) in rects
        frames(app, 1, pad(RIGHT if presses % 3 == 1 else A))
        presses += 1
        assert store.has_autosave() or isinstance(top(app), ResultsScene) or game.finished
        assert presses < 200
    results = top(app)
    assert isinstance(results, ResultsScene)
    assert results.winners and set(results.categories) == {"steps", "finish", "penalty"}
    assert not store.has_autosave()
    assert any(p == 0 for p, _ in game.match.history)
    frames(app, 1, pad(A))  # play again, same seats
    again = top(app)
    assert isinstance(again, GameScene) and again.seats[0].device == "pad:77"


def test_mouse_click_on_board_target_applies_it(app, fake_game):
    game = start_game(app)
    assert human_turn(app, game)
    before = game.match.state[0]
    rects, options = game.slots(0)
    key_ = next(k for k in rects if k[0] == "board" and options[k].action == 2)
    center = rects[key_].center
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(center[0] // 4, center[1] // 4),
                               button=1)
    frames(app, 1, [click])
    assert game.match.state[0] == before + 2


def test_undo_via_pause_and_y(app, fake_game):
    game = start_game(app)
    assert human_turn(app, game)
    _, options = game.slots(0)
    boost = next(k for k, o in options.items() if o.action == "boost")
    assert boost[0] == "bar"  # no target: reachable as a bar button
    game.focus[0] = boost  # (reading/setting focus only; the press goes through input)
    n = len(game.match.history)
    frames(app, 1, pad(A))
    assert len(game.match.history) == n + 1 and game.can_undo("pad:77")
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_Y))
    assert len(game.match.history) == n
    frames(app, 1, pad(A))  # boost again (focus stays on it)
    assert game.match.history[-1] == (0, "boost")
    frames(app, 1, pad(START))
    pause = top(app)
    pause.menu.focus_key("undo")
    frames(app, 1, pad(A))
    assert top(app) is game and len(game.match.history) == n


def test_unplugged_controller_waits_and_is_reclaimed(app, fake_game):
    game = start_game(app)
    assert human_turn(app, game)
    frames(app, 1, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=77)])
    assert game.disconnected(0)
    n = len(game.match.history)
    frames(app, 120)
    assert len(game.match.history) == n  # the game waits for that seat
    app.draw()  # the banner draws without error
    frames(app, 1, pad(DOWN, 88))  # another controller's stick does nothing...
    assert game.disconnected(0)
    frames(app, 1, pad(A, 88))  # ...until it presses A
    assert not game.disconnected(0) and game.seats[0].device == "pad:88"
    frames(app, 1, pad(A, 88))
    assert len(game.match.history) == n + 1


def test_pass_the_screen_curtain_between_two_humans(app, fake_game):
    game = start_game(app, human_pads=(77, 88))
    assert game.hidden()
    until(app, lambda: game.curtain is not None)
    seat = game.curtain
    own, other = (77, 88) if seat == 0 else (88, 77)
    assert game.viewer is None
    frames(app, 1, pad(A, other))  # the other player cannot lift it
    assert game.curtain == seat
    frames(app, 1, pad(A, own))
    assert game.curtain is None and game.viewer == seat
    frames(app, 1, pad(A, own))  # play the turn
    until(app, lambda: game.curtain is not None)
    assert game.curtain == 1 - seat and game.viewer is None


def test_open_hands_skips_the_curtain(app, fake_game):
    app.settings.open_hands = True
    game = start_game(app, human_pads=(77, 88))
    frames(app, 30)
    assert not game.hidden() and game.curtain is None and game.viewer in (0, 1)


def test_resize_mid_animation(app, fake_game):
    game = start_game(app)
    assert human_turn(app, game)
    frames(app, 1, pad(A))
    assert game.renderer.busy()
    pygame.display.set_mode((800, 300), pygame.RESIZABLE)
    frames(app, 1, [pygame.event.Event(pygame.VIDEORESIZE, size=(800, 300), w=800, h=300)])
    assert game.renderer.busy() and top(app) is game
    assert app.letterbox().h == 300 and app.letterbox().w == 533
    app.present()
    assert until(app, lambda: not game.renderer.busy(), 60)


def test_continue_resumes_the_autosave(app, fake_game, home):
    game = start_game(app)
    assert human_turn(app, game)
    frames(app, 1, pad(A))
    history = list(game.match.history)
    frames(app, 1, pad(START))
    top(app).menu.focus_key("quit")
    frames(app, 1, pad(A))
    assert isinstance(top(app), TitleScene) and top(app).can_continue
    fresh = App(scene_registry(), windowed=(480, 270))
    assert fresh.stack.top.menu.items[0].key == "continue"
    fresh.step(pad(A), present=False)
    resumed = fresh.stack.top
    assert isinstance(resumed, GameScene)
    assert resumed.match.history[:len(history)] == history
    assert resumed.seats[0].human and resumed.seats[0].device is None


def test_continue_after_a_crash_mid_write_resumes_at_the_last_whole_action(app, fake_game, home):
    game = start_game(app)
    assert human_turn(app, game)
    frames(app, 1, pad(A))
    history = list(game.match.history)
    game.exit()  # the app dies here: the journal stays as written
    with store.autosave_path().open("a", encoding="utf-8") as journal:
        journal.write('[0, "boo')  # a kill -9 in the middle of the next line
    fresh = App(scene_registry(), windowed=(480, 270))
    fresh.step(pad(A), present=False)  # Continue
    resumed = fresh.stack.top
    assert isinstance(resumed, GameScene) and resumed.match.history == history
    assert not list(home.glob("autosave.corrupt-*"))


def test_corrupt_autosave_shows_a_message_and_moves_it(home, fake_game):
    store.autosave_path().write_text("{broken", encoding="utf-8")
    app = App(scene_registry(), windowed=(480, 270))
    assert app.stack.top.menu.items[0].key == "continue"
    app.step(pad(A), present=False)
    assert isinstance(app.stack.top, MessageScene)
    assert not store.has_autosave() and list(home.glob("autosave.corrupt-*.json"))
    app.step(pad(A), present=False)
    assert isinstance(app.stack.top, TitleScene)
    assert app.stack.top.menu.items[0].key == "new"


def test_animation_speed_instant_skips_animations(app, fake_game):
    app.settings.animation_speed = "instant"
    game = start_game(app)
    assert human_turn(app, game, 0)
    frames(app, 1, pad(A))
    # the renderer hears the events (a move log may note them), then is reset past them
    assert not game.renderer.busy() and set(game.renderer.animated) == {"moved"}


def vote_game(app, hidden: bool) -> GameScene:
    from game.scenes.seating import SeatSpec

    app.settings.open_hands = not hidden
    for iid in (77, 88):
        frames(app, 1, pad(DOWN, iid))  # the devices are seen (plugged in)
    game = GameScene(app, "fake_vote", [SeatSpec("human", "pad:77"), SeatSpec("human", "pad:88")],
                     seed=4)
    app.stack.reset(game)
    frames(app, 2)
    return game


def test_simultaneous_prompts_each_device_drives_its_own_seat(app, fake_game):
    game = vote_game(app, hidden=False)
    assert set(game.human_prompts()) == {0, 1} and game.curtain is None
    frames(app, 1, pad(RIGHT, 88))  # seat 1 moves its own cursor: cell 1 → cell 2
    assert game.active == 1 and game.focus[1] == ("board", ("cell", 2))
    frames(app, 1, pad(A, 88))
    assert game.match.state == (None, 2)
    until(app, lambda: not game.renderer.busy())
    frames(app, 1, pad(A, 77))
    assert game.match.state == (1, 2)
    assert until(app, lambda: isinstance(top(app), ResultsScene), 100)


def test_simultaneous_prompts_with_hidden_hands_take_turns_behind_the_curtain(app, fake_game):
    game = vote_game(app, hidden=True)
    assert game.curtain == 0
    frames(app, 1, pad(A, 88))  # not seat 1's turn to look
    assert game.curtain == 0 and game.match.state == (None, None)
    frames(app, 1, pad(A, 77))  # lift
    frames(app, 1, pad(A, 88))  # seat 1 cannot vote while seat 0 looks at the screen
    assert game.match.state == (None, None)
    frames(app, 1, pad(A, 77))
    assert game.match.state == (1, None)
    assert until(app, lambda: game.curtain == 1, 100) and game.viewer is None
    frames(app, 1, pad(A, 88))
    frames(app, 1, pad(A, 88))
    assert game.match.state == (1, 1)


def test_run_exits_after_the_first_frame(home, monkeypatch):
    from game.ui import app as app_module

    monkeypatch.setattr(pygame, "quit", lambda: None)  # other tests' renderers keep their fonts
    assert app_module.run(scene_registry(), windowed=(320, 180), exit_after_first_frame=True) == 0


def test_reclaiming_never_plays_for_another_seat(app, fake_game):
    game = start_game(app, human_pads=(77, 88), seats=2)
    app.settings.open_hands = True
    frames(app, 1, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=88)])
    assert game.disconnected(1)
    assert human_turn(app, game, 0)
    n = len(game.match.history)
    frames(app, 1, pad(A, 99))  # a new controller: it takes seat 2 back, seat 1 is untouched
    assert game.seats[1].device == "pad:99" and len(game.match.history) == n
