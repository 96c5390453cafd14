"""THE headless full game: French Quarter from the title screen to the results screen.

Seat 0 is a human driven only by synthetic controller events (fake instance id) through the real
input layer; seat 1 is the greedy bot. The test reads focus to pick presses, never acts itself.
"""

from __future__ import annotations

import random

import pygame

from game.engine.bots import RandomBot
from game.engine.core import Config, total
from game.engine.match import Match
from game.engine.registry import get_game
from game.games.french_quarter.board import ACTIVITIES
from game.games.french_quarter.state import W
from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.results import ResultsScene
from game.scenes.seating import SeatSpec
from game.ui import settings as store
from game.ui.app import App
from tests.ui.full_game import Player

FQ = "french_quarter"

PAD = 502  # a fake SDL instance id: no real controller is needed


def test_fq_human_gamepad_vs_greedy_bot_title_to_results(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    player = Player(app, PAD)
    game = player.open_game(FQ, add_bot=True)
    rng = random.Random(2025)
    decisions = 0
    kinds = set()
    while player.wait_for_turn(game, 1 / 60, limit=20000):
        kinds.add(game.match.prompt_for(0).kind)
        _rects, options = game.slots(0)
        on_bar = [o for key, o in options.items() if key[0] == "bar"]
        assert all(o.action is None for o in on_bar)  # every choice is a target on the board
        player.play_turn(game, rng, 1 / 60)
        decisions += 1
        assert decisions < 600
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert game.match.is_over() and decisions > 16  # 2 dice a round for 8 rounds at least
    assert {"pick", "move"} <= kinds
    players = {p for p, _ in game.match.history if p is not None}
    assert players == {0, 1}
    assert results.totals == [total(b) for b in game.match.rules.scores(game.match.state)]
    assert results.winners and set(results.categories) >= {"food", "second_line"}
    assert not store.has_autosave()
    app.draw()  # the results screen draws with real categories


def _match_at(kind: str, chips: str, seed_from: int = 1) -> Match:
    """A 2-player match, seat 0 to answer a `kind` prompt that offers `chips` targets."""
    rules = get_game(FQ).make_rules()
    for seed in range(seed_from, seed_from + 40):
        match = Match(rules, Config(2, ()), seed)
        match.resolve_chance()
        bot = RandomBot(random.Random(seed))
        while not match.is_over():
            prompt = match.prompts()[0]
            if prompt.player == 0 and prompt.kind == kind and sum(
                    1 for o in prompt.options if o.target and o.target[0] == chips) >= 2:
                return match
            match.apply(prompt.player, bot.choose(rules, match.view(prompt.player), prompt))
            match.resolve_chance()
    raise AssertionError(f"no {kind} prompt with {chips} chips")


def _scene_at(app: App, match: Match) -> GameScene:
    app.settings.animation_speed = "instant"
    scene = GameScene(app, FQ, [SeatSpec("human"), SeatSpec("greedy")], match.seed, match=match)
    app.stack.reset(scene)
    app.stack.apply()
    app.step([], 1 / 60, present=False)
    assert scene.active == 0
    return scene


def test_a_circle_choice_is_made_with_the_dpad_on_the_sheet(home):
    app = App(scene_registry(), windowed=(480, 270))
    match = _match_at("circle", "circle")
    game = _scene_at(app, match)
    a = match.state.tasks[0][2]
    bonus = ("board", ("circle", ACTIVITIES[a], "bonus"))
    assert game.focus_of(0) == bonus  # the first choice is focused on the board, not the bar
    player = Player(app, PAD)
    player.press(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert game.focus_of(0) == ("board", ("circle", ACTIVITIES[a], "mult"))
    mults = match.state.sheets[0].mults[a]
    player.press(pygame.CONTROLLER_BUTTON_A)
    assert match.state.sheets[0].mults[a] == mults + 1


def test_a_value_to_write_is_picked_with_the_dpad_beside_the_building(home):
    app = App(scene_registry(), windowed=(480, 270))
    match = _match_at("bval", "value")
    game = _scene_at(app, match)
    building = match.state.tasks[0][2]
    rects, _ = game.slots(0)
    chips = sorted((k for k in rects if k[1][0] == "value"), key=lambda k: rects[k].x)
    player = Player(app, PAD)
    for _ in chips:  # walk right to the last chip (it stays there at the row's end)
        player.press(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert game.focus_of(0) == chips[-1]
    player.press(pygame.CONTROLLER_BUTTON_A)
    value = chips[-1][1][1]
    assert match.state.sheets[0].mapped[building] == (W if value == "W" else value)
