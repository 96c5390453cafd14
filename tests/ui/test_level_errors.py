"""A broken level file (issue 12, item 1): the game is refused with a message naming file and
field in the player's language, a valid autosave stays where it is, and the rest of the console
keeps working. Driven through the real input layer with a synthetic gamepad."""

from __future__ import annotations

import pygame
from conftest import BROKEN, pad

from game.engine import registry
from game.engine.bots import make_bot
from game.engine.core import Config
from game.engine.driver import MatchDriver
from game.engine.match import Match
from game.scenes import scene_registry
from game.scenes.message import MessageScene
from game.scenes.seats import SeatSetupScene
from game.ui import settings as store
from game.ui.app import App
from game.ui.i18n import set_language

A = pygame.CONTROLLER_BUTTON_A
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT


def autosave_of(game_id: str) -> None:
    """A valid autosave of a few bot moves, written as the console writes it."""
    rules = registry.rules_for(game_id)
    match = Match(rules, Config(2), 3)
    bots = {seat: make_bot("random", game_id, seat) for seat in range(2)}
    driver = MatchDriver(match, bots, store.autosave_path(), {"seats": None})
    driver.open()
    match.resolve_chance()
    for _ in range(5):
        prompt = match.prompts()[0]
        driver.apply(prompt.player, bots[prompt.player].choose(rules, match.view(prompt.player),
                                                               prompt))
    driver.close()


def choose_game(app: App, game_id: str) -> None:
    """Title -> New game -> the game's entry, with the pad."""
    app.step(pad(A), present=False)  # New game (first item without an autosave)
    entries = registry.game_ids()
    for _ in range(entries.index(game_id)):  # the picker's cards in reading order
        app.step(pad(RIGHT), present=False)
    app.step(pad(A), present=False)


def test_a_broken_game_is_refused_with_file_and_field_and_the_rest_still_plays(
        home, broken_levels, caplog):
    broken_levels()
    try:
        app = App(scene_registry(), windowed=(480, 270))
        set_language("es")
        choose_game(app, BROKEN)
        box = app.stack.top
        assert isinstance(box, MessageScene)
        assert "levels/french_quarter/cards.toml" in box.text and "mayor[0].priority[0]" in box.text
        assert "archivo de registro" in box.text  # the player's language
        assert str(home) not in box.text and "Error" not in box.text  # no machine text
        assert "mayor[0].priority[0]: " in caplog.text  # the whole error is logged
        app.step(pad(A), present=False)  # OK
        pygame.event.clear()
        app.step(pad(pygame.CONTROLLER_BUTTON_DPAD_UP), present=False)  # another game still opens
        app.step(pad(A), present=False)
        assert isinstance(app.stack.top, SeatSetupScene)
    finally:
        set_language("en")
        pygame.display.quit()


def test_continue_on_a_broken_game_keeps_the_save(home, broken_levels):
    autosave_of(BROKEN)  # written while the files were fine
    saved = store.autosave_path().read_bytes()
    broken_levels()  # then a file broke
    app = App(scene_registry(), windowed=(480, 270))
    assert app.stack.top.menu.items[0].key == "continue"
    app.step(pad(A), present=False)
    assert isinstance(app.stack.top, MessageScene)
    assert "cards.toml" in app.stack.top.text
    assert store.autosave_path().read_bytes() == saved
    assert not list(home.glob("autosave.corrupt-*"))
    pygame.display.quit()
