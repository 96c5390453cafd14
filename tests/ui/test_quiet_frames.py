"""The usual idle frame's shortcuts (GameScene.update, App.step, the driver) still notice every
change on the frame it happens: a cue falling due, a seat handed to a bot, a move, the stack's
music, the idle timeouts."""

from __future__ import annotations

import pygame
import pytest
from test_scenes import frames

from game.engine.bots import make_bot
from game.engine.core import Config
from game.engine.driver import MatchDriver
from game.engine.match import Match
from game.engine.registry import get_game
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec

TTR = "ticket_to_ride_paris"


def still_game(app, seats=("greedy", "greedy")) -> GameScene:
    """A game on top whose bots never move (hold_bots), its opening deal shown."""
    game = GameScene(app, TTR, [SeatSpec(kind) for kind in seats], seed=3, hold_bots=True)
    app.stack.reset(game)
    frames(app, 400)
    assert not game.renderer.busy()
    return game


def test_a_queued_cue_plays_on_the_frame_it_falls_due(app):
    game = still_game(app)
    audio = app.audio
    assert not audio.queued
    frames(app, 3)  # frames with nothing queued leave the cue clock at rest
    audio.schedule([(0.05, "tick", 1.0)])
    plays = audio.plays
    frames(app, 2)  # 0.033 s: not yet due
    assert audio.plays == plays and audio.queued
    frames(app, 2)
    assert audio.plays == plays + 1 and not audio.queued
    game.exit()


def test_a_seat_handed_to_a_bot_is_asked_with_the_game_where_it_was():
    rules = get_game(TTR).make_rules()
    match = Match(rules, Config(2), 5)
    driver = MatchDriver(match, {})
    match.resolve_chance()
    asked = [p.player for p in match.prompts()]
    assert driver.play_bots(1.0, lambda seat: True, True, False) is None
    assert driver.worker.job is None  # nobody's bot: nothing asked
    driver.bots[asked[0]] = make_bot("greedy", TTR, 1)  # same state, a seat now a bot's
    driver.play_bots(0.0, lambda seat: True, False, False)
    assert driver.worker.job is not None and driver.worker.job[0] == asked[0]
    driver.close()


def test_the_bots_waiting_follow_the_game_when_it_moves(fake_game):
    from fake_game import RaceRules

    match = Match(RaceRules(), Config(2), 5)
    match.resolve_chance()
    person = match.prompts()[0].player  # one seat at a time: the other is the bot's
    bot = 1 - person
    driver = MatchDriver(match, {bot: make_bot("random", "fake_race", 1)})
    assert driver.play_bots(1.0, lambda s: True, True, False) is None
    assert driver.worker.job is None  # the person decides first
    driver.apply(person, 1)  # the turn passes to the bot
    driver.play_bots(0.0, lambda s: True, False, False)
    assert driver.worker.job is not None and driver.worker.job[0] == bot
    driver.close()


def test_human_prompts_follow_a_move_on_the_same_frame(app, fake_game):
    game = GameScene(app, "fake_race", [SeatSpec("human"), SeatSpec("human")], seed=3)
    app.stack.reset(game)
    frames(app, 2)
    (seat,) = game.human_prompts()  # one seat at a time
    game.driver.apply(seat, 1)  # the rules' move, not yet shown: the turn passes
    now = game.human_prompts()
    assert now.keys() == {1 - seat} and now[1 - seat] is game.match.prompt_for(1 - seat)
    game.exit()


def test_the_audio_is_told_the_music_when_the_stack_changes(app):
    frames(app, 3)  # the title's music, told on its first frames
    told = []
    set_music = app.audio.set_music
    app.audio.set_music = lambda name: (told.append(name), set_music(name))
    frames(app, 3)
    assert told == []  # nothing changed: nothing told
    still_game(app)
    assert told[-1] is None  # a game: no menu music
    count = len(told)
    frames(app, 5)
    assert len(told) == count  # told once per stack change, not every frame
    app.stack.reset(app.open("title"))
    frames(app, 2)
    assert told[-1] == "menu"


def test_the_idle_countdown_still_starts_the_demo(app):
    app.settings.attract_idle = 1
    frames(app, 30)
    assert type(app.stack.top).__name__ == "TitleScene" and app.idle > 0.4
    frames(app, 40)
    assert type(app.stack.top).__name__ == "AttractScene"


def test_a_frame_that_drew_something_presents_it(app):
    game = still_game(app)
    for _ in range(3):  # the whole window presented
        app.step([], present=True)
    shown = []
    present = app.present
    app.present = lambda: (shown.append(app.drawn), present())
    app.step([], present=True)
    app.step([], present=True)
    assert shown == []  # nothing drawn, the window up to date: nothing to present
    # some board pixels changed (told from outside a frame: the table, asleep meanwhile,
    # is woken as any cause from outside wakes it)
    app.wake()
    game.renderer.damage_rect(pygame.Rect(100, 100, 40, 40))
    app.step([], present=True)
    assert len(shown) == 1 and shown[0]
    game.exit()


def test_a_hint_answered_after_its_seat_moved_is_still_collected(app, fake_game):
    import time

    app.settings.hints = True
    game = GameScene(app, "fake_race", [SeatSpec("human"), SeatSpec("human")], seed=3)
    app.stack.reset(game)
    frames(app, 2)
    desk = game.hint_desk
    (seat,) = game.human_prompts()
    assert desk.request(seat) and desk.worker.job is not None
    game.apply(seat, 1)  # the seat moves before its hint comes: nobody wants it any more
    assert not desk.wanted
    for _ in range(200):  # the worker finishes the stale hint
        if desk.worker.job[2].done():
            break
        time.sleep(0.01)
    frames(app, 400)  # the move's animation, then the desk's frames
    assert desk.worker.job is None  # collected (and dropped): the desk is free again
    game.exit()


@pytest.mark.parametrize("game_id", [TTR, "next_station_paris"])  # shared and split tables
def test_a_draw_outside_the_apps_plans_the_table_anew(app, game_id):
    """A table's draw reads the plan of the app's draw under way inline; any other draw (a
    screenshot's surface) plans afresh, whatever the last app draw planned."""
    game = GameScene(app, game_id, [SeatSpec("greedy"), SeatSpec("greedy")], seed=3,
                     hold_bots=True)
    app.stack.reset(game)
    frames(app, 3)  # the app's draws leave their plan behind
    planned = []
    plan = game.table.plan
    game.table.plan = lambda: (planned.append(1), plan())[1]
    game.table.draw(pygame.Surface((1920, 1080)))
    assert planned == [1]
    game.exit()


def test_a_window_of_another_size_is_letterboxed_anew(app):
    app.step([], present=True)
    assert app.letterbox().size == (480, 270)
    app.screen = pygame.display.set_mode((640, 360))  # (no resize event: the size alone)
    app.redraw()
    app.step([], present=True)
    assert app._letterbox[0] == (640, 360) and app._letterbox[1].size == (640, 360)


def test_open_hands_switched_during_an_animation_lifts_the_curtain_at_once(app):
    game = still_game(app, ("human", "human"))
    assert game.table.hides_hands  # two people at one screen: the curtain
    game.renderer.timeline.add(0.0, 5.0)  # an animation holds the table
    frames(app, 1)
    assert game.table.waits_for_animation()
    app.settings.open_hands = True
    frames(app, 1)
    assert not game.table.hides_hands and game.renderer.busy()
    game.exit()
