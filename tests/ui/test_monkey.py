"""Monkey play: random presses from two gamepads, the keyboard and the mouse, and window resizes,
through the real App for every room, the unlisted example too (people and a bot at the table).

Whatever is pressed (undo, pause, back, quit to the title and on into another game), nothing
raises, and after every frame the autosave on disk replays to exactly the history of the game
on screen: a crash or a power cut never costs more than the action in flight.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine import registry
from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec
from game.ui import settings as store
from game.ui.app import App

PADS = (610, 611)  # fake SDL instance ids: no real controller is needed
FRAMES = 2500
BUTTONS = ([pygame.CONTROLLER_BUTTON_A] * 6
           + [pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
              pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT] * 3
           + [pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_Y,
              pygame.CONTROLLER_BUTTON_START])
KEYS = (pygame.K_RETURN, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_ESCAPE, pygame.K_u, pygame.K_SPACE)
SIZES = ((480, 270), (800, 300), (300, 600), (1280, 720))


def press(kind_down: int, kind_up: int, **fields) -> list[pygame.event.Event]:
    return [pygame.event.Event(kind_down, **fields), pygame.event.Event(kind_up, **fields)]


def random_input(rng: random.Random) -> list[pygame.event.Event]:
    """One frame's worth of monkey: mostly nothing, often a pad button, sometimes a key, a click
    or a resize."""
    r = rng.random()
    if r < 0.25:
        return press(pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
                     instance_id=rng.choice(PADS), button=rng.choice(BUTTONS))
    if r < 0.30:
        return press(pygame.KEYDOWN, pygame.KEYUP, key=rng.choice(KEYS), mod=0, unicode="",
                     scancode=0)
    if r < 0.33:
        pos = (rng.randrange(480), rng.randrange(270))
        return press(pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if r < 0.334:
        w, h = rng.choice(SIZES)
        pygame.display.set_mode((w, h), pygame.RESIZABLE)
        return [pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)]
    return []


def assert_autosave_matches(game: GameScene, floor: int) -> bool:
    """True if there was an autosave, and it replays to the game on screen. A finished game is
    not saved again (there is nothing left to Continue): until the results screen clears it, its
    autosave may lag by the final step, but holds at least the `floor` actions seen on screen
    while the game was still on."""
    if not store.has_autosave():
        return False
    saved, _seats = store.load_autosave()
    assert saved.game_id == game.match.game_id
    history = game.match.history
    if game.match.is_over():
        assert len(saved.history) >= floor and saved.history == history[:len(saved.history)]
    else:
        assert saved.history == history
    return True


@pytest.mark.parametrize("game_id", registry.game_ids(include_unlisted=True, with_scene=True))
def test_random_input_never_crashes_or_loses_the_autosave(home, game_id):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "4x"
    seats = [SeatSpec("human", f"pad:{PADS[0]}"), SeatSpec("human", f"pad:{PADS[1]}"),
             SeatSpec("greedy")]
    info = registry.get_game(game_id)
    seats = seats[:max(info.min_players, min(3, info.max_players))]
    app.stack.reset(GameScene(app, game_id, seats, seed=5))
    app.stack.apply()
    rng = random.Random(game_id)
    played = checked = 0
    live: dict[int, int] = {}  # GameScene id -> actions seen while its game was still on
    for _ in range(FRAMES):
        app.step(random_input(rng), 1 / 60, present=False)
        top = app.stack.top
        if isinstance(top, GameScene) and top.match.game_id == game_id:
            if not top.match.is_over():
                live[id(top)] = len(top.match.history)
            checked += assert_autosave_matches(top, live.get(id(top), 0)) and bool(
                top.match.history)
            played = max(played, len(top.match.history))
    assert played > 3, "the monkey never got a game going"
    assert checked > 100, "the autosave was hardly ever there to check"
