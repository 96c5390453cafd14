"""Attract mode through the real App: idle time (a fake clock: the dt passed to each frame)
starts a demo, any input wakes the console, and a demo never writes the player's files."""

from __future__ import annotations

import random
from itertools import pairwise

import pygame
import pytest
from conftest import key, pad

from game.engine.registry import get_game
from game.scenes import attract, scene_registry
from game.scenes.attract import RESULTS_SECONDS, AttractScene, Rotation, plan_demo
from game.scenes.select import GameSelectScene
from game.scenes.title import TitleScene
from game.ui import theme
from game.ui.app import App
from game.ui.i18n import set_language
from game.ui.settings import Settings

A = pygame.CONTROLLER_BUTTON_A
TICK = 0.1  # seconds per frame of the fake clock


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def demo_app(home, fake_game, monkeypatch):
    """An App whose demos play the fake race (quick to finish), on a 30 s idle setting."""
    monkeypatch.setattr(attract, "demo_games", lambda: ["fake_race"])
    application = App(scene_registry(), windowed=(480, 270),
                      settings=Settings(attract_idle=30, effects_volume=80))
    yield application
    application.stack.top.exit()
    pygame.display.quit()


def run(app, seconds, events=()):
    """Step the app through `seconds` of fake time (events on the first frame)."""
    for i in range(round(seconds / TICK)):
        app.step(list(events) if i == 0 else [], TICK, present=False)


def until(app, predicate, seconds=120):
    for _ in range(round(seconds / TICK)):
        if predicate():
            return True
        app.step([], TICK, present=False)
    return predicate()


def demo_running(app):
    """Idle the title into attract mode and wait for the demo's first bot move."""
    run(app, 30.2)
    scene = app.stack.top
    assert isinstance(scene, AttractScene)
    assert until(app, lambda: scene.game is not None and len(scene.game.match.history) > 2)
    return scene


def test_idle_title_starts_a_demo_that_plays(demo_app):
    run(demo_app, 29.5)
    assert isinstance(demo_app.stack.top, TitleScene)  # not yet
    run(demo_app, 0.7)
    scene = demo_app.stack.top
    assert isinstance(scene, AttractScene) and scene.game is not None
    assert scene.game.demo and all(not seat.human for seat in scene.game.seats)
    match = scene.game.match
    moves = len(match.history)
    run(demo_app, 3)
    assert len(match.history) > moves  # bots play it


def test_idle_game_picker_starts_a_demo_too(demo_app):
    run(demo_app, 1, key(pygame.K_RETURN))
    assert isinstance(demo_app.stack.top, GameSelectScene)
    run(demo_app, 31)
    assert isinstance(demo_app.stack.top, AttractScene)


def test_input_resets_the_idle_clock(demo_app):
    run(demo_app, 25)
    run(demo_app, 25, key(pygame.K_DOWN))  # a press 25 s in: 25 s more are not enough
    assert isinstance(demo_app.stack.top, TitleScene)


@pytest.mark.parametrize("press", [key(pygame.K_RETURN), pad(A, 5)], ids=["enter", "pad A"])
def test_any_input_returns_to_the_title_and_is_not_applied(demo_app, press):
    scene = demo_running(demo_app)
    game = scene.game
    history = list(game.match.history)
    run(demo_app, 0.5, press)
    assert isinstance(demo_app.stack.top, TitleScene)  # the confirm did not open the picker
    assert list(game.match.history) == history  # nor did it (or another frame) touch the demo
    assert scene.game is None and game.driver.worker.busy() is False


def test_a_held_direction_that_wakes_it_does_not_move_the_title_menu(demo_app):
    demo_running(demo_app)
    demo_app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="",
                                      scancode=0)], TICK, present=False)
    run(demo_app, 2)  # still held: no repeats reach the title
    title = demo_app.stack.top
    assert isinstance(title, TitleScene) and title.menu.focused_key == "new"


def test_mouse_motion_wakes_it_but_an_unplugged_pad_does_not(demo_app):
    scene = demo_running(demo_app)
    unplug = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=5)
    demo_app.step([pad(A, 5)[1], unplug], TICK, present=False)  # pad 5 known, then gone
    assert demo_app.stack.top is scene
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 100), rel=(20, 5), buttons=(0, 0, 0))
    run(demo_app, 0.2, [move])
    assert isinstance(demo_app.stack.top, TitleScene)


def test_finished_demo_shows_results_then_the_next_starts(demo_app):
    scene = demo_running(demo_app)
    assert until(demo_app, lambda: scene.results is not None)
    first = scene.results.match
    assert first.is_over() and scene.game is None
    run(demo_app, RESULTS_SECONDS - 1)
    assert scene.results is not None  # still showing
    run(demo_app, 1.2)
    assert scene.results is None and scene.demos_started == 2
    assert scene.game is not None and scene.game.match is not first
    assert scene.demos_finished == 1


def test_between_two_demos_the_rendered_text_is_let_go(demo_app):
    scene = demo_running(demo_app)
    assert until(demo_app, lambda: scene.results is not None)
    assert theme.text.cache_info().currsize > 0  # the demo's and its results' text
    run(demo_app, RESULTS_SECONDS - 0.05)
    demo_app.step([], TICK, present=False)  # the results end: the cache is emptied...
    assert scene.demos_started == 2
    assert theme.text.cache_info().currsize < 30  # ...then the next demo's first frame refills


def test_demo_never_touches_autosave_settings_or_other_files(demo_app, home):
    (home / "autosave.json").write_text('{"a player\'s": "game"}\n', encoding="utf-8")
    (home / "settings.json").write_text('{"language": "en"}', encoding="utf-8")
    before = {p.name: p.read_bytes() for p in home.iterdir()}
    scene = demo_running(demo_app)
    assert until(demo_app, lambda: scene.demos_started == 2, seconds=240)  # one whole demo
    run(demo_app, 0.2, key(pygame.K_ESCAPE))
    assert {p.name: p.read_bytes() for p in home.iterdir()} == before


def test_demo_is_muted_unless_demo_sound_is_on(demo_app):
    scene = demo_running(demo_app)
    assert demo_app.audio.effects_volume == 0 and demo_app.music_wanted() is None
    run(demo_app, 0.2, key(pygame.K_ESCAPE))
    assert demo_app.audio.effects_volume == 80  # the player's volume is back on the title
    demo_app.settings.demo_sound = True
    scene = demo_running(demo_app)
    assert demo_app.audio.effects_volume == 80
    assert scene.game.speed_factor() == 1.0


def test_demo_plays_at_normal_speed_whatever_the_setting(demo_app):
    demo_app.settings.animation_speed = "instant"
    scene = demo_running(demo_app)
    assert scene.game.speed_factor() == 1.0


def test_plan_demo_picks_within_each_games_rules():
    rng = random.Random(3)
    games = ["next_station_paris", "french_quarter"]
    plans = [plan_demo(rng, games) for _ in range(60)]
    for plan in plans:
        info = get_game(plan.game_id)
        assert info.min_players <= plan.players <= info.max_players
        assert {k for k, _ in plan.options} <= set(info.options)
    assert {p.game_id for p in plans} == set(games)
    assert len({p.options for p in plans if p.game_id == "french_quarter"}) > 1  # options vary
    assert all(plan_demo(rng, games, Rotation(last="french_quarter")).game_id
               == "next_station_paris" for _ in range(10))  # never the same game twice in a row


def test_rotation_shows_every_game_once_per_round_in_changing_orders():
    rng = random.Random(5)
    games = ["a", "b", "c", "d", "e"]
    rotation = Rotation()
    shown = [rotation.next(rng, games) for _ in range(50)]
    rounds = [shown[i:i + 5] for i in range(0, 50, 5)]
    assert all(sorted(r) == games for r in rounds)  # each round shows each game once
    assert all(a[-1] != b[0] for a, b in pairwise(rounds))  # no game twice in a row
    assert len({tuple(r) for r in rounds}) > 5  # the order changes from round to round


def test_rotation_follows_the_list_when_a_game_drops_out():
    rng = random.Random(6)
    rotation = Rotation()
    first = [rotation.next(rng, ["a", "b", "c"]) for _ in range(2)]
    later = [rotation.next(rng, ["a", "b"]) for _ in range(4)]  # "c"'s level file broke
    shown = first + later
    assert "c" not in later and all(x != y for x, y in pairwise(shown))
    assert rotation.next(random.Random(1), ["a"]) == "a"  # one game: shown again and again


def test_demo_banner_is_a_discreet_strip_over_the_board(demo_app):
    scene = demo_running(demo_app)
    board = pygame.Surface((1920, 1080))
    scene.game.draw(board)
    shown = pygame.Surface((1920, 1080))
    scene.game.draw(shown)
    strip = scene.draw_banner(shown)
    assert strip.w * strip.h < 0.04 * 1920 * 1080 and strip.bottom > 1000  # small, at the foot
    outside = [(x, y) for x in range(0, 1920, 40) for y in range(0, 1080, 40)
               if not strip.collidepoint(x, y)]
    assert all(board.get_at(p) == shown.get_at(p) for p in outside)
    inside = [(x, y) for x in range(strip.x, strip.right, 4)
              for y in range(strip.y, strip.bottom, 4)]
    assert sum(board.get_at(p) != shown.get_at(p) for p in inside) > len(inside) // 20  # text
