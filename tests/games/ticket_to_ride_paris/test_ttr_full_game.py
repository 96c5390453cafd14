"""THE headless full game: Ticket to Ride: Paris from the title screen to the results screen.

Seat 0 is a human driven only by synthetic controller events (fake instance id) through the real
input layer; seat 1 is the greedy bot. The test reads focus to pick presses, never acts itself.
"""

from __future__ import annotations

import random

from game.engine.core import total
from game.scenes import scene_registry
from game.scenes.results import ResultsScene
from game.ui import settings as store
from game.ui.app import App
from tests.ui.full_game import Player

TTR = "ticket_to_ride_paris"

PAD = 501  # a fake SDL instance id: no real controller is needed


def test_ttr_human_gamepad_vs_greedy_bot_title_to_results(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"  # the animated variant is the test below
    player = Player(app, PAD)
    game = player.open_game(TTR)
    rng = random.Random(2024)
    decisions = 0
    while player.wait_for_turn(game, 1 / 60, limit=5000):
        player.play_turn(game, rng, 1 / 60)
        decisions += 1
        assert store.has_autosave()
        assert decisions < 400
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert game.match.is_over() and decisions > 5
    players = {p for p, _ in game.match.history if p is not None}
    assert players == {0, 1}
    assert results.totals == [total(b) for b in game.match.rules.scores(game.match.state)]
    assert results.winners and set(results.categories) >= {"routes", "tickets"}
    assert not store.has_autosave()
    app.draw()  # the results screen draws with real categories


def test_ttr_animations_hold_input_until_idle(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "2x"
    player = Player(app, PAD)
    game = player.open_game(TTR)
    player.press_during_animations(game, random.Random(7), turns=4)
