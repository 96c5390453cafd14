"""A broken level file (issue 12, item 1): the game is refused with a message naming file and
field in the player's language, a valid autosave stays where it is, and the rest of the console
keeps working. Driven through the real input layer with a synthetic gamepad."""

from __future__ import annotations

import shutil
import threading

import pygame
import pytest
from conftest import BROKEN, pad

from game.engine import levels, registry
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


# -- TOML the parser itself refuses (issue 25) ---------------------------------------------------
PARSER_DAMAGE = {  # each raised something other than TOMLDecodeError inside tomllib
    "a 5,000-digit integer": "9" * 5000,  # ValueError: beyond Python's 4,300 digits
    "arrays nested 2,000 deep": "[" * 2000 + "]" * 2000,  # RecursionError
}


@pytest.fixture
def damaged_levels(tmp_path, monkeypatch):
    """Call it with a game and a TOML value to switch to a copy of levels/ where that game's
    first level file holds the value on its line 3; returns the file's name."""
    def damage(game_id: str, value: str) -> str:
        root = tmp_path / "levels"
        if not root.exists():
            shutil.copytree(levels.LEVELS_DIR, root)
        path = min((root / game_id).glob("*.toml"))
        path.write_text(f"# damaged\n\nbroken = {value}\n" + path.read_text(encoding="utf-8"),
                        encoding="utf-8")
        registry.rules_for.cache_clear()
        monkeypatch.setattr(levels, "LEVELS_DIR", root)
        return f"levels/{game_id}/{path.name}"

    yield damage
    registry.rules_for.cache_clear()


@pytest.fixture(autouse=True)
def threads_before() -> None:
    """The threads running as a test starts (an earlier test's are not its to wait for)."""
    BEFORE.clear()
    BEFORE.update(threading.enumerate())


BEFORE: set[threading.Thread] = set()


def close(app: App) -> None:
    """Leave every scene and wait for the picker's miniature thread: one still running would
    cache rules read from the next test's levels folder."""
    for scene in reversed(app.stack.scenes):
        scene.exit()
    for thread in threading.enumerate():
        if thread.name.startswith("miniature") and thread not in BEFORE:
            thread.join(30)
    pygame.display.quit()


def assert_level_box(app: App, file: str, line: str) -> None:
    box = app.stack.top
    assert isinstance(box, MessageScene), type(box).__name__
    assert f"{file}, {line}" in box.text, box.text


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_game_whose_level_file_has_a_5000_digit_integer_is_refused_in_the_picker(
        home, damaged_levels, game_id):
    file = damaged_levels(game_id, PARSER_DAMAGE["a 5,000-digit integer"])
    app = App(scene_registry(), windowed=(480, 270))
    try:
        set_language("es")
        choose_game(app, game_id)
        assert_level_box(app, file, "en línea 3")
    finally:
        set_language("en")
        close(app)


@pytest.mark.parametrize("value", PARSER_DAMAGE.values(), ids=PARSER_DAMAGE.keys())
def test_a_file_broken_after_the_game_was_chosen_is_refused_at_seat_setup(
        home, damaged_levels, value):
    app = App(scene_registry(), windowed=(480, 270))
    try:
        choose_game(app, "ticket_to_ride_paris")
        assert isinstance(app.stack.top, SeatSetupScene)
        file = damaged_levels("ticket_to_ride_paris", value)
        app.step(pad(pygame.CONTROLLER_BUTTON_START), present=False)  # Start
        assert_level_box(app, file, "at line 3")
    finally:
        close(app)


@pytest.mark.parametrize("value", PARSER_DAMAGE.values(), ids=PARSER_DAMAGE.keys())
def test_continue_on_a_game_the_parser_refuses_names_file_and_line_and_keeps_the_save(
        home, damaged_levels, value):
    autosave_of("explore_new_york")
    saved = store.autosave_path().read_bytes()
    file = damaged_levels("explore_new_york", value)
    app = App(scene_registry(), windowed=(480, 270))
    try:
        app.step(pad(A), present=False)  # Continue
        assert_level_box(app, file, "at line 3")
        assert store.autosave_path().read_bytes() == saved
    finally:
        close(app)


def test_a_loader_escape_still_ends_in_the_level_box_not_the_crash_screen(home, monkeypatch,
                                                                          caplog):
    """A room whose loader lets another exception out for some damaged file (the level fuzz
    found one in Urban Sprawl) refuses only that game, the traceback in the log."""
    real = registry.rules_for

    def escaping(game_id: str):
        if game_id == "next_station_paris":
            raise KeyError("d9")
        return real(game_id)

    monkeypatch.setattr(registry, "rules_for", escaping)
    app = App(scene_registry(), windowed=(480, 270))
    try:
        choose_game(app, "next_station_paris")
        assert_level_box(app, "levels/next_station_paris", "at -")
        assert "KeyError: 'd9'" in caplog.text and app.running
    finally:
        close(app)
