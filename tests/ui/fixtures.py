"""Headless fixtures: dummy SDL drivers, a private settings home, a fake game, an App.

Shared by the shell's tests (tests/ui/conftest.py) and the rooms' UI tests
(tests/games/conftest.py), which import them from here; `pad` and `key` build input events.
"""

from __future__ import annotations

import os
import shutil
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from types import MappingProxyType

import pygame
import pytest

from game.engine import levels, registry

FAKE_INFO = registry.GameInfo(
    id="fake_race", title_key="fake.title", min_players=2, max_players=4,
    rules_ref="fake_game:RaceRules", scene_ref="fake_game:RaceRenderer",
    heuristic_ref="fake_game:evaluate", rules_summary_key="fake.rules", order=0,
)


VOTE_INFO = registry.GameInfo(
    id="fake_vote", title_key="fake.vote_title", min_players=2, max_players=4,
    rules_ref="fake_game:VoteRules", scene_ref="fake_game:RaceRenderer",
    heuristic_ref="fake_game:evaluate", order=0,
)


BROKEN = "french_quarter"  # the game whose levels `broken_levels` breaks


@pytest.fixture
def broken_levels(tmp_path, monkeypatch):
    """Call it to switch to a copy of levels/ where French Quarter's cards.toml has a number
    for a deck name."""
    root = tmp_path / "levels"
    shutil.copytree(levels.LEVELS_DIR, root)
    cards = root / BROKEN / "cards.toml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace('priority = ["socialize",', 'priority = [7,', 1),
                     encoding="utf-8")

    def switch() -> None:
        registry.rules_for.cache_clear()
        monkeypatch.setattr(levels, "LEVELS_DIR", root)

    yield switch
    registry.rules_for.cache_clear()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Settings and autosaves go to a temporary folder."""
    monkeypatch.setenv("CITY_BOARD_CONSOLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def fake_game(monkeypatch):
    """Register the fake race game first in the menu (the shell-only fakes are not rooms)."""
    games = {"fake_race": FAKE_INFO, "fake_vote": VOTE_INFO, **registry.catalog()}
    monkeypatch.setattr(registry, "catalog", lambda: MappingProxyType(games))
    return FAKE_INFO


@pytest.fixture
def app(home):
    """An App on the dummy driver with a small window."""
    from game.scenes import scene_registry
    from game.ui.app import App

    application = App(scene_registry(), windowed=(480, 270))
    yield application
    for scene in reversed(application.stack.scenes):  # a picker's miniature worker stops: left
        scene.exit()  # running, it would play its showcase games through the next tests
    pygame.display.quit()


def pad(button: int, iid: int = 77) -> list[pygame.event.Event]:
    """A press and release of a controller button from fake instance `iid`."""
    return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=iid, button=button)]


def key(k: int, mod: int = 0) -> list[pygame.event.Event]:
    """A key press and release."""
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


@pytest.fixture
def waited_worker(monkeypatch):
    """A bot's answer is there as soon as it is asked for (the worker is waited for), so a
    seeded game plays the same frame by frame whatever the machine's load."""
    from game.engine.bot_worker import BotWorker

    start = BotWorker.start_on

    def start_and_wait(self, *args, **kwargs):
        start(self, *args, **kwargs)
        answer = self.job[2]
        while not answer.finished:
            time.sleep(0.0002)
    monkeypatch.setattr(BotWorker, "start_on", start_and_wait)
