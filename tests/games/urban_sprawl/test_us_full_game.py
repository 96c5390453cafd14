"""Urban Sprawl from the title screen to the results screen: seat 0 is a person on a synthetic
gamepad (through the real input layer), seat 1 the greedy bot."""

from __future__ import annotations

import random

from game.engine.core import total
from game.scenes import scene_registry
from game.scenes.results import ResultsScene
from game.ui import settings as store
from game.ui.app import App
from tests.ui.full_game import Player

US = "urban_sprawl"
PAD = 503  # a fake SDL instance id: no real controller is needed


def test_us_human_gamepad_vs_greedy_bot_title_to_results(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    player = Player(app, PAD)
    game = player.open_game(US)
    rng = random.Random(15)
    kinds: set[str] = set()
    decisions = 0
    while player.wait_for_turn(game, 1 / 60, limit=20000):
        kinds.add(game.match.prompt_for(0).kind)
        player.play_turn(game, rng, 1 / 60)
        decisions += 1
        assert decisions < 3000
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert game.match.is_over()
    assert {p for p, _ in game.match.history if p is not None} == {0, 1}
    assert {"draft", "act"} <= kinds  # the setup draft and the turn's action points
    assert results.totals == [total(b) for b in game.match.rules.scores(game.match.state)]
    assert results.winners and "neighbourhood" in results.categories
    assert not store.has_autosave()
    app.draw()


def test_us_animations_hold_input_until_idle(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "2x"
    player = Player(app, PAD)
    game = player.open_game(US)
    held = player.press_during_animations(game, random.Random(7), turns=30)
    assert held  # some of those moves animated
