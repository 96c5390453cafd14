"""Kiosk mode and crash recovery through the real App and input layer (synthetic events; the
fake clock is the dt passed to each frame)."""

from __future__ import annotations

import pygame
import pytest
from conftest import key, pad

from game.scenes import scene_registry
from game.scenes.attract import AttractScene
from game.scenes.countdown import COUNTDOWN_SECONDS, CountdownScene
from game.scenes.game import GameScene
from game.scenes.message import MessageScene
from game.scenes.seating import SeatSpec
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.ui import settings as store
from game.ui.app import CRASHES_IN_A_ROW, App
from game.ui.i18n import set_language, t
from game.ui.scene import Scene
from game.ui.settings import Settings

A, BACK, START = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_BACK,
                  pygame.CONTROLLER_BUTTON_START)
TICK = 0.1
CTRL_SHIFT = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def make_app(kiosk: bool, **settings) -> App:
    """An App that recovers from scene exceptions, as the real console (`app.run`) does."""
    return App(scene_registry(), windowed=(480, 270), settings=Settings(**settings), kiosk=kiosk,
               recover=True)


@pytest.fixture
def kiosk_app(home, fake_game):
    application = make_app(True, abandon_idle=60)
    yield application
    pygame.display.quit()


@pytest.fixture
def home_app(home, fake_game):
    application = make_app(False, abandon_idle=60)
    yield application
    pygame.display.quit()


def run(app, seconds, events=()):
    for i in range(round(seconds / TICK)):
        app.step(list(events) if i == 0 else [], TICK, present=False)


def down(button, iid=9):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button)


def up(button, iid=9):
    return pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=iid, button=button)


def key_event(kind, k, mod=0):
    return pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0)


# -- kiosk mode: no Quit, fullscreen, screensaver -----------------------------------------------
def test_kiosk_title_has_no_quit_and_the_settings_cannot_undo_it(kiosk_app):
    assert kiosk_app.fullscreen and kiosk_app.kiosk
    assert "quit" not in [i.key for i in kiosk_app.stack.top.menu.items]
    kiosk_app.stack.push(kiosk_app.open("settings"))
    kiosk_app.stack.apply()
    keys = [i.key for i in kiosk_app.stack.top.menu.items]
    assert "kiosk" not in keys and "fullscreen" not in keys and "attract_idle" in keys
    kiosk_app.set_fullscreen(False)
    assert kiosk_app.fullscreen


def test_kiosk_keeps_the_screensaver_off(home, fake_game):
    pygame.display.init()
    pygame.display.set_allow_screensaver(True)
    make_app(True)
    assert pygame.display.get_allow_screensaver() is False
    pygame.display.quit()


def test_window_close_is_ignored_in_kiosk_mode_only(kiosk_app):
    kiosk_app.step([pygame.event.Event(pygame.QUIT)], TICK, present=False)
    assert kiosk_app.running


def test_quit_is_there_outside_kiosk_mode(home_app):
    assert [i.key for i in home_app.stack.top.menu.items][-1] == "quit"


def test_kiosk_setting_turns_it_on_and_the_title_loses_quit(home_app, home):
    pygame.display.set_allow_screensaver(True)
    run(home_app, TICK, key(pygame.K_DOWN))
    run(home_app, TICK, key(pygame.K_RETURN))
    settings = home_app.stack.top
    assert isinstance(settings, SettingsScene)
    settings.menu.focus_key("kiosk")
    run(home_app, TICK, key(pygame.K_RETURN))
    assert home_app.kiosk and home_app.fullscreen
    assert pygame.display.get_allow_screensaver() is False
    assert store.load_settings().kiosk  # kept for the next launch
    assert "kiosk" not in [i.key for i in settings.menu.items]
    run(home_app, TICK, key(pygame.K_ESCAPE))
    assert isinstance(home_app.stack.top, TitleScene)
    assert "quit" not in [i.key for i in home_app.stack.top.menu.items]


def test_settings_scene_steps_idle_times_and_demo_sound(home_app):
    scene = SettingsScene(home_app)
    scene.change("attract_idle", 1)
    scene.change("abandon_idle", -1)
    scene.change("demo_sound", 1)
    s = home_app.settings
    assert (s.attract_idle, s.abandon_idle, s.demo_sound) == (60, 60, True)
    assert scene.value("attract_idle") == t("settings.seconds", n=60)


def test_bad_kiosk_settings_fall_back_to_defaults():
    data = {"kiosk": "yes", "attract_idle": 7, "abandon_idle": True, "demo_sound": 1}
    loaded = store.settings_from_json(data)
    assert (loaded.kiosk, loaded.attract_idle, loaded.abandon_idle, loaded.demo_sound) == (
        False, 45, 120, False)
    assert store.settings_from_json({"attract_idle": 300.0}).attract_idle == 45


# -- the leave combo -----------------------------------------------------------------------------
def test_pad_combo_held_three_seconds_leaves(kiosk_app):
    run(kiosk_app, 1.0, [down(BACK), down(START)])
    run(kiosk_app, TICK, [up(START)])  # let go after 1 s: nothing
    run(kiosk_app, 5.0)
    assert kiosk_app.running
    run(kiosk_app, 2.8, [down(START)])  # Back is still down: held again, not long enough
    assert kiosk_app.running and kiosk_app.input.combo_progress() > 0.9
    run(kiosk_app, 0.3)
    assert not kiosk_app.running


def test_keyboard_combo_held_three_seconds_leaves(kiosk_app):
    press = [key_event(pygame.KEYDOWN, pygame.K_LCTRL, pygame.KMOD_LCTRL),
             key_event(pygame.KEYDOWN, pygame.K_LSHIFT, CTRL_SHIFT),
             key_event(pygame.KEYDOWN, pygame.K_q, CTRL_SHIFT)]
    run(kiosk_app, 2.5, press)
    run(kiosk_app, 1.0, [key_event(pygame.KEYUP, pygame.K_LSHIFT, pygame.KMOD_LCTRL)])
    assert kiosk_app.running  # Shift released at 2.5 s
    run(kiosk_app, 3.1, press)
    assert not kiosk_app.running


def test_combo_does_nothing_outside_kiosk_mode(home_app):
    run(home_app, 4.0, [down(BACK), down(START)])
    assert home_app.running and home_app.fullscreen  # Back+Start keeps its fullscreen toggle


def test_ctrl_shift_q_is_not_a_page_turn(home_app):
    intents = home_app.input.process(key_event(pygame.KEYDOWN, pygame.K_q, CTRL_SHIFT))
    assert intents == []
    plain = home_app.input.process(key_event(pygame.KEYDOWN, pygame.K_q))
    assert [i.kind for i in plain] == ["page_prev"]


# -- an abandoned game ---------------------------------------------------------------------------
def game_on(app) -> GameScene:
    """A fake race of a pad person (who never plays) against a bot."""
    game = app.open("game", "fake_race", [SeatSpec("human", "pad:9"), SeatSpec("greedy")], 4)
    app.stack.push(game)
    app.stack.apply()
    return game


def test_abandoned_game_counts_down_and_any_input_cancels(kiosk_app):
    game = game_on(kiosk_app)
    run(kiosk_app, 59)
    assert kiosk_app.stack.top is game
    run(kiosk_app, 1.2)
    countdown = kiosk_app.stack.top
    assert isinstance(countdown, CountdownScene)
    run(kiosk_app, 5)
    assert countdown.seconds_shown() == COUNTDOWN_SECONDS - 5
    history = list(game.match.history)
    run(kiosk_app, TICK, pad(A, 9))
    assert kiosk_app.stack.top is game and list(game.match.history) == history  # A not applied
    run(kiosk_app, 30)
    assert kiosk_app.stack.top is game  # the idle clock started over


def test_abandoned_game_returns_to_attract_when_the_countdown_ends(kiosk_app, monkeypatch):
    from game.scenes import attract

    monkeypatch.setattr(attract, "demo_games", lambda: ["fake_race"])
    game = game_on(kiosk_app)
    run(kiosk_app, 60.2 + COUNTDOWN_SECONDS - 0.5)
    assert isinstance(kiosk_app.stack.top, CountdownScene)
    run(kiosk_app, 0.7)
    assert isinstance(kiosk_app.stack.top, AttractScene)
    assert game not in kiosk_app.stack.scenes
    kiosk_app.stack.top.exit()


def test_no_countdown_outside_kiosk_mode(home_app):
    game = game_on(home_app)
    run(home_app, 200)
    assert home_app.stack.top is game


# -- crash recovery ------------------------------------------------------------------------------
class Broken(Scene):
    """A screen with a bug: raises on update, or on a confirm."""

    def __init__(self, app, on: str) -> None:
        super().__init__(app)
        self.on = on

    def update(self, dt: float) -> None:
        if self.on == "update":
            raise RuntimeError("boom in update")

    def handle(self, intent) -> bool:
        if self.on == "handle" and intent.kind == "confirm":
            raise ZeroDivisionError("boom in handle")
        return True


@pytest.mark.parametrize("where", ["update", "handle"])
@pytest.mark.parametrize("kiosk", [True, False], ids=["kiosk", "home"])
def test_a_scene_raising_writes_the_crash_file_and_returns_to_the_title(home, fake_game, kiosk,
                                                                        where):
    app = make_app(kiosk)
    app.stack.push(Broken(app, where))
    app.stack.apply()
    run(app, TICK, key(pygame.K_RETURN))
    assert app.running
    message = app.stack.top
    assert isinstance(message, MessageScene) and message.title == t("crash.title")
    assert "crash.log" in message.text
    assert [type(s) for s in app.stack.scenes] == [TitleScene, MessageScene]
    report = (home / "crash.log").read_text(encoding="utf-8")
    assert "screen: Broken" in report and f"boom in {where}" in report
    run(app, TICK, key(pygame.K_RETURN))  # OK closes the message: the console goes on
    assert isinstance(app.stack.top, TitleScene)
    pygame.display.quit()


def test_a_crashing_game_is_closed_on_the_way_out(kiosk_app, monkeypatch):
    game = game_on(kiosk_app)
    monkeypatch.setattr(game.table, "draw", lambda surface: 1 / 0)
    run(kiosk_app, TICK)
    assert game not in kiosk_app.stack.scenes and isinstance(kiosk_app.stack.top, MessageScene)
    assert not game.driver.worker.busy()


def test_the_menu_music_comes_back_with_the_title_after_a_game_crashed(kiosk_app, monkeypatch):
    """The music follows the stack (asked again only when it changes): a game is quiet, the
    title and its message after the crash want the menu loop again, on a fresh stack."""
    game = game_on(kiosk_app)
    run(kiosk_app, TICK)
    assert kiosk_app.audio._music_wanted is None  # no menu music over a game
    monkeypatch.setattr(game.table, "draw", lambda surface: 1 / 0)
    run(kiosk_app, TICK)
    assert isinstance(kiosk_app.stack.top, MessageScene)
    run(kiosk_app, TICK)
    assert kiosk_app.audio._music_wanted == "menu"


def test_a_title_that_keeps_failing_is_not_retried_forever(home, fake_game, monkeypatch):
    app = make_app(False)
    monkeypatch.setattr(TitleScene, "draw", lambda self, surface: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        run(app, TICK * CRASHES_IN_A_ROW)
    assert (home / "crash.log").read_text(encoding="utf-8").count("===") == CRASHES_IN_A_ROW - 1
    pygame.display.quit()


def test_without_recovery_a_scene_exception_is_raised(home, fake_game):
    app = App(scene_registry(), windowed=(480, 270))  # tests and throwaway apps: fail loudly
    app.stack.push(Broken(app, "update"))
    app.stack.apply()
    with pytest.raises(RuntimeError, match="boom in update"):
        run(app, TICK)
    assert not (home / "crash.log").exists()
    pygame.display.quit()


def test_the_real_console_recovers(monkeypatch):
    from game.ui import app as app_module

    made = {}

    class Probe:
        def __init__(self, *args, **kwargs):
            made.update(kwargs)

        def loop(self, exit_after_first_frame):
            pass

        audio = type("Silent", (), {"close": lambda self: None})()

    monkeypatch.setattr(app_module, "App", Probe)
    monkeypatch.setattr(app_module, "start_log_file", lambda: None)
    assert app_module.run(scene_registry()) == 0
    assert made["recover"] is True and made["kiosk"] is None


def test_kiosk_flag_on_the_command_line():
    import main

    assert main.build_parser().parse_args(["--kiosk"]).kiosk is True
    assert main.build_parser().parse_args(["--no-kiosk"]).kiosk is False
    assert main.build_parser().parse_args([]).kiosk is None
    assert main.main(["--kiosk", "--list-games"]) == main.EXIT_USAGE
