"""Seat setup offers the bot levels Easy, Normal and Hard; old saves naming "greedy" still load."""

from __future__ import annotations

from game.engine.bots import SEAT_LEVELS
from game.scenes.seating import SeatSpec
from game.scenes.seats import SeatSetupScene
from game.ui.i18n import translator
from game.ui.settings import Settings, settings_from_json


def test_a_seat_cycles_through_the_levels_and_starts_at_normal(app) -> None:
    scene = SeatSetupScene(app, "ticket_to_ride_paris")
    assert scene.seats[0].kind == "normal"
    seen = []
    for _ in range(len(SEAT_LEVELS)):
        scene.cycle(0, 1)
        seen.append(scene.seats[0].kind)
    assert sorted(seen) == sorted(SEAT_LEVELS)  # a required seat is never empty
    assert "random" not in seen


def test_every_level_has_its_own_label_in_both_languages() -> None:
    catalog = translator().catalog
    for language in ("en", "es"):
        labels = [catalog[language].get(f"bot.{level}") for level in SEAT_LEVELS]
        assert all(labels) and len(set(labels)) == len(labels), language


def test_a_saved_greedy_seat_loads_as_normal_and_unknown_kinds_too() -> None:
    assert SeatSpec.from_json({"kind": "greedy"}).kind == "normal"
    assert SeatSpec.from_json({"kind": "hard"}).kind == "hard"
    assert SeatSpec.from_json({"kind": "mcts"}).kind == "normal"
    assert SeatSpec.from_json({"kind": "human"}).human


def test_bot_budget_setting_is_validated(caplog) -> None:
    assert Settings().bot_budget == 1.0
    assert settings_from_json({"bot_budget": 2.5}).bot_budget == 2.5
    for bad in (0, -1, 60, True, "1"):
        assert settings_from_json({"bot_budget": bad}).bot_budget == 1.0


def test_an_empty_seat_becomes_a_normal_bot_and_can_be_emptied_again(app) -> None:
    scene = SeatSetupScene(app, "ticket_to_ride_paris")  # 2..4 seats: seats 2 and 3 start empty
    scene.cycle(2, 1)
    assert scene.seats[2].kind == "normal"
    scene.cycle(2, 1)
    assert scene.seats[2].kind == "hard"
    scene.cycle(2, 1)
    assert scene.seats[2] is None
    scene.cycle(3, -1)
    assert scene.seats[3].kind == "normal"
    scene.cycle(3, -1)
    assert scene.seats[3].kind == "easy"


def test_settings_step_the_hard_bots_thinking_time_and_games_use_it(app) -> None:
    from game.scenes.game import GameScene
    from game.scenes.settings import SettingsScene
    from game.ui.i18n import set_language

    scene = SettingsScene(app)
    assert "bot_budget" in [item.key for item in scene.menu.items]
    scene.change("bot_budget", -1)
    assert app.settings.bot_budget == 0.5
    set_language("es")
    try:
        assert scene.value("bot_budget") == "0,5 s"
    finally:
        set_language("en")
    scene.change("bot_budget", 1)
    scene.change("bot_budget", 1)
    assert app.settings.bot_budget == 2.0
    app.settings.search_workers = 1
    game = GameScene(app, "ticket_to_ride_paris", [SeatSpec("human"), SeatSpec("hard")], seed=3)
    try:
        assert game.driver.bots[1].budget_s == 2.0
        assert game.driver.bots[1].pool is game.driver.search_pool
        assert game.driver.search_pool.workers == 1  # the setting's limit
    finally:
        game.exit()
    assert game.driver.search_pool.closed
