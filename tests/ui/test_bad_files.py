"""Bad files never stop the console (issue 16): the real App launched headless over a settings
file holding a 5,000-digit number or a list nested 10,000 deep, or over a corrupt autosave,
starts on the title with defaults and a logged message, in kiosk mode too. (The console keeps no
statistics file: the autosave and the settings are all it reads.)"""

from __future__ import annotations

import logging

import pygame
import pytest
from conftest import pad

from game.scenes import scene_registry
from game.scenes.message import MessageScene
from game.scenes.title import TitleScene
from game.ui import settings as store
from game.ui.app import App
from game.ui.i18n import set_language
from game.ui.settings import Settings

A = pygame.CONTROLLER_BUTTON_A
HUGE = "9" * 5000
DEEP = "[" * 10_000 + "]" * 10_000

BAD_SETTINGS = {
    "a 5,000-digit number": HUGE,
    "a 5,000-digit volume": '{"music_volume": ' + HUGE + ', "language": "es"}',
    "a list nested 10,000 deep": DEEP,
    "a field nested 10,000 deep": '{"language": ' + DEEP + '}',
    "binary garbage": "\x00\xff{{{",
}
BAD_AUTOSAVES = {
    "a 5,000-digit header": HUGE + "\n",
    "a header nested 10,000 deep": DEEP + "\n",
    "an action nested 10,000 deep": (
        '{"format": "city-board-console/journal", "version": 1, "game": "french_quarter",'
        ' "players": 2, "options": [], "seed": 1}\n' + DEEP + "\n"),
    "garbage": "not a save at all\n\x00\x01",
}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def launch(kiosk: bool) -> App:
    """The console as `app.run` starts it: settings read from disk, recovering from errors."""
    app = App(scene_registry(), windowed=(480, 270), kiosk=kiosk, recover=True)
    for _ in range(3):
        app.step([], present=False)
    return app


@pytest.mark.parametrize("kiosk", [False, True], ids=["home", "kiosk"])
@pytest.mark.parametrize("text", BAD_SETTINGS.values(), ids=BAD_SETTINGS.keys())
def test_bad_settings_start_on_the_title_with_defaults_and_a_logged_message(home, caplog, kiosk,
                                                                           text):
    store.settings_path().write_text(text, encoding="utf-8", errors="surrogateescape")
    with caplog.at_level(logging.WARNING):
        app = launch(kiosk)
    try:
        assert isinstance(app.stack.top, TitleScene) and app.running
        assert app.settings.music_volume == Settings().music_volume
        assert app.kiosk is kiosk
        assert any("settings.json" in r.getMessage() for r in caplog.records)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("kiosk", [False, True], ids=["home", "kiosk"])
@pytest.mark.parametrize("text", BAD_AUTOSAVES.values(), ids=BAD_AUTOSAVES.keys())
def test_a_corrupt_autosave_is_moved_aside_with_a_message(home, caplog, kiosk, text):
    store.autosave_path().write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        app = launch(kiosk)
        title = app.stack.top
        assert isinstance(title, TitleScene) and title.menu.focused_key == "continue"
        app.step(pad(A), present=False)  # Continue
        app.step([], present=False)
    try:
        assert isinstance(app.stack.top, MessageScene) and app.running
        assert not store.has_autosave()
        assert list(home.glob("autosave.corrupt-*.json"))  # kept aside for a bug report
        assert any(r.levelno >= logging.WARNING for r in caplog.records)
        app.step(pad(A), present=False)  # OK: back on the title, without Continue now
        app.step([], present=False)
        assert app.stack.top is title and title.menu.focused_key == "new"
    finally:
        pygame.display.quit()
