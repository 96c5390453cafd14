"""THE headless full game: French Quarter from the title screen to the results screen.

Seat 0 is a human driven only by synthetic controller events (fake instance id) through the real
input layer; seat 1 is the greedy bot. The test reads focus to pick presses, never acts itself.
"""

from __future__ import annotations

import random

from full_game import Player

from game.engine.core import total
from game.scenes.results import ResultsScene
from game.ui import settings as store
from game.ui.app import App

FQ = "french_quarter"

PAD = 502  # a fake SDL instance id: no real controller is needed


def test_fq_human_gamepad_vs_greedy_bot_title_to_results(home):
    app = App(windowed=(480, 270))
    app.settings.animation_speed = "instant"
    player = Player(app, PAD)
    game = player.open_game(FQ, add_bot=True)
    rng = random.Random(2025)
    decisions = 0
    kinds = set()
    while player.wait_for_turn(game, 1 / 60, limit=20000):
        kinds.add(game.match.prompt_for(0).kind)
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
