"""Fixtures: a headless App with the companion listening on loopback, and test phones."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec
from game.ui.app import App
from game.ui.settings import Settings

from .phone_client import PhoneClient

TTR = "ticket_to_ride_paris"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Settings, autosaves and console.log go to a temporary folder."""
    monkeypatch.setenv("CITY_BOARD_CONSOLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def console(home):
    """An App whose companion listens on a free loopback port; stopped afterwards."""
    settings = Settings(animation_speed="instant")
    app = App(scene_registry(), windowed=(480, 270), settings=settings, persist=False)
    app.companion.host, app.companion.port = "127.0.0.1", 0
    assert app.companion.start()
    yield app
    app.companion.stop()
    pygame.display.quit()


def open_game(app: App, game_id: str = TTR, seats: int = 2, seed: int = 3) -> GameScene:
    """A game of people on the stack (seats with no device yet: phones may take them)."""
    scene = GameScene(app, game_id, [SeatSpec("human") for _ in range(seats)], seed)
    app.stack.push(scene)
    app.stack.apply()
    return scene


def phone(app: App) -> PhoneClient:
    """A phone connected to the app's companion."""
    return PhoneClient(f"ws://127.0.0.1:{app.companion.port}/ws")


def until(app: App, client: PhoneClient, wanted: Callable[[dict], bool],
          frames: int = 600) -> dict:
    """Step frames until `client` receives a message `wanted` accepts; that message."""
    for _ in range(frames):
        app.step([], 1 / 60, present=False)
        while (message := client.next_message()) is not None:
            if wanted(message):
                return message
        time.sleep(0.002)  # let the server and client threads run
    raise AssertionError("the phone never received the message waited for")


def kind(name: str) -> Callable[[dict], bool]:
    """A predicate: a message of type `name`."""
    return lambda message: message.get("t") == name


def join(app: App, client: PhoneClient, seat: int) -> dict:
    """Say hello, take `seat`; the 'joined' message (with the seat's secret)."""
    client.send({"t": "hello", "room": app.companion.code, "token": None})
    until(app, client, kind("lobby"))
    client.send({"t": "join", "room": app.companion.code, "seat": seat})
    return until(app, client, kind("joined"))
