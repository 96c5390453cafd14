"""Every screen of the console, reached as a player reaches it, for the legibility audit.

A `Shot` puts one screen on a headless App: menus are walked with synthetic key presses
through the real input layer (title → picker → a game's card → its seats or its guide pages;
a game in play → pause, help, hint); what a player only reaches after a whole game (a mid-game
board, the results) comes from seeded greedy bots, whose finished matches are shared by every
shot and language that needs them (`Plays`).

Rooms at every seat count they allow, each early (the opening deal shown), mid-game (half the
actions of a finished game replayed) and at the results; split-screen rooms with every seat a
person (each one's own map on screen); a shared-screen room with seat 1 a person. `shots(True)`
is the whole sweep; `shots(False)` a sample for the test suite: the shell's screens (one picker,
one seat setup, one unplugged controller), each guide's first page, and each room at its largest
table, mid-game and at the results.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.bots import make_bot, play_out
from game.engine.capabilities import supports
from game.engine.core import Config
from game.engine.guide import guide_pages
from game.engine.match import Match
from game.engine.registry import GameInfo, catalog, get_game, rules_for
from game.scenes.seating import SeatSpec

SHELL = "shell"  # the owner of the console's own screens (a room's shots are owned by its id)
SEED = 5
ATTRACT_SEED = 2  # a demo of Ticket to Ride, 2 seats
SETTLE_FRAMES = 600  # a scene's opening animations end well within this many frames
FADE_WAIT_S = 2.0  # a fade on the player's clock ends well within this (ENY's zoom: 0.25 s)
MINIATURE_FRAMES = 600  # 10 s of frames at most for a miniature to come in
HINT_FRAMES = 600  # frames a Hint may take to come back from its worker
PAD_ID = 90  # fake controller instance ids from here (no real device uses them)
Stage = Callable[[Any], None]


@dataclass(frozen=True)
class Shot:
    """One screen: its name, whose it is (SHELL or a game id) and how to put it up."""

    name: str
    owner: str
    stage: Stage


@dataclass
class Plays:
    """Finished greedy-bot matches, played once and shared by every shot that needs one."""

    done: dict[tuple[str, int], Match] = field(default_factory=dict)

    def finished(self, game_id: str, players: int) -> Match:
        """A match of greedy bots played to its end (the same on every run)."""
        key = (game_id, players)
        if key not in self.done:
            match = Match(rules_for(game_id), Config(players, ()), SEED)
            bots = {p: make_bot("greedy", game_id, SEED + p) for p in range(players)}
            play_out(match, bots)
            self.done[key] = match
        return self.done[key]

    def midway(self, game_id: str, players: int) -> Match:
        """The same match with only its first half of actions played."""
        match = self.finished(game_id, players)
        half = match.history[:len(match.history) // 2]
        return Match.replay(match.rules, match.config, match.seed, half)


# == input ======================================================================================
def key_events(key: int, unicode: str = "") -> list[pygame.event.Event]:
    """A key press and release."""
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0)]


def press(app, key: int, unicode: str = "") -> None:
    """Press one key during one frame."""
    app.input.last_kind = "keyboard"
    app.step(key_events(key, unicode), 1 / 60, present=False)


def settle(app, frames: int = SETTLE_FRAMES) -> None:
    """Step frames until the top scene's animations end (a game's deal, a guide's picture),
    then those that run on the player's clock (`fading`)."""
    for _ in range(frames):
        renderer = getattr(app.stack.top, "renderer", None)
        if renderer is None or not renderer.busy():
            break
        app.step([], 1 / 60, present=False)
    wait_for_fades(app)


def wait_for_fades(app, limit_s: float = FADE_WAIT_S) -> None:
    """Step frames a frame interval apart while the top scene's renderer fades on the wall
    clock (Explore New York's zoom moving to another person: `fading`), so that a screen is
    audited as it looks once still rather than with two boards' names crossing mid-fade."""
    renderer = getattr(app.stack.top, "renderer", None)
    fading = getattr(renderer, "fading", None)
    waited_until = time.monotonic() + limit_s
    while fading is not None and fading() and time.monotonic() < waited_until:
        time.sleep(1 / 60)
        app.step([], 1 / 60, present=False)


def to_title(app) -> None:
    """A fresh title screen as the console starts on."""
    app.idle = 0.0
    app.stack.reset(app.open("title"))
    app.stack.apply()
    app.step([], 1 / 60, present=False)


def to_picker(app, game_id: str | None = None, miniature: bool = True) -> None:
    """Title → New game → the picker, focus walked right to `game_id`'s card (and its
    miniature waited for, if `miniature`)."""
    to_title(app)
    while app.stack.top.menu.focused_key != "new":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    picker = app.stack.top
    for _ in range(len(picker.cards)):
        if game_id is None or picker.focused_key == game_id:
            break
        press(app, pygame.K_RIGHT)
    if miniature:
        wait_for_miniature(app, picker)


def wait_for_miniature(app, picker) -> None:
    """Step frames (in real time: a worker draws them) until the focused card's miniature is
    in, a few seconds at most."""
    for _ in range(MINIATURE_FRAMES):
        if picker.studio.image(picker.focused_key) is not None \
                or picker.focused_key in picker.studio.failures() \
                or picker.focused_key not in picker.studio.minis:
            break
        time.sleep(1 / 60)
        app.step([], 1 / 60, present=False)


# == shell screens ==============================================================================
def _title(app) -> None:
    to_title(app)


def _settings(app) -> None:
    to_title(app)
    while app.stack.top.menu.focused_key != "settings":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)


def _picker(game_id: str) -> Stage:
    return lambda app: to_picker(app, game_id)


def _seats(game_id: str) -> Stage:
    def stage(app) -> None:
        to_picker(app, game_id, miniature=False)
        press(app, pygame.K_RETURN)  # the seat setup
        press(app, pygame.K_RETURN)  # the keyboard claims the first seat
    return stage


def _guide_page(game_id: str, page: int) -> Stage:
    def stage(app) -> None:
        to_picker(app, game_id, miniature=False)
        press(app, pygame.K_g)
        for _ in range(page):
            press(app, pygame.K_RIGHT)
        settle(app)
    return stage


def _message(app) -> None:
    from game.scenes.message import level_error_box

    to_picker(app, miniature=False)
    error = ValueError("/home/player/levels/ticket_to_ride_paris/map.toml: routes[3].length: "
                       "must be 1 to 3")
    app.stack.push(level_error_box(app, "ticket_to_ride_paris", error))
    app.stack.apply()


def _crash_message(app) -> None:
    from game.ui.i18n import t

    to_title(app)
    app.stack.push(app.open("message", t("crash.title"), t("crash.text", file="crash.txt")))
    app.stack.apply()


def _attract(app) -> None:
    """The kiosk's demo with its banner (the title left idle)."""
    wait, app.settings.attract_idle = app.settings.attract_idle, 1.0
    try:
        to_title(app)
        for _ in range(90):
            app.step([], 1 / 30, present=False)
    finally:
        app.settings.attract_idle = wait
    assert app.stack.top.__class__.__name__ == "AttractScene", "no demo started"
    # the demo idling chose was a random game: show the same one on every run (whose board
    # the room's own screens answer for)
    app.stack.reset(app.open("attract", ATTRACT_SEED))
    app.stack.apply()
    for _ in range(60):
        app.step([], 1 / 30, present=False)


def _countdown(app) -> None:
    """The kiosk's "still there?" countdown over a game left alone."""
    game = _open_game(app, "ticket_to_ride_paris", 2, "mid")
    app.kiosk = True
    try:
        app.idle = app.settings.abandon_idle
        app.step([], 1 / 60, present=False)
        for _ in range(60):
            app.step([], 1 / 60, present=False)
    finally:
        app.kiosk = False
    assert app.stack.top is not game, "the countdown did not come"


# == game screens ===============================================================================
def _seats_for(info: GameInfo, players: int, everyone: bool) -> list[SeatSpec]:
    """Seat 1 on the keyboard; the others pads (`everyone`) or greedy bots."""
    seats = [SeatSpec("human", "keyboard")]
    for n in range(1, players):
        seats.append(SeatSpec("human", f"pad:{PAD_ID + n}") if everyone else SeatSpec("greedy"))
    return seats


def _split(info: GameInfo) -> bool:
    return supports(info.renderer_class(), "split_screen")


def _open_game(app, game_id: str, players: int, phase: str, plays: Plays | None = None,
               everyone: bool | None = None):
    """A game scene at a phase ("early": its deal just shown; "mid": half played)."""
    info = get_game(game_id)
    everyone = _split(info) if everyone is None else everyone
    seats = _seats_for(info, players, everyone)
    for n in range(1, players):  # the pads say hello, so they count as plugged in
        if everyone:
            app.step(_pad_hello(PAD_ID + n), 1 / 60, present=False)
    match = (plays or Plays()).midway(game_id, players) if phase == "mid" else None
    scene = app.open("game", game_id, seats, SEED, match=match, hold_bots=True)
    app.stack.reset(scene)
    app.stack.apply()
    settle(app)
    app.step([], 1 / 60, present=False)
    return scene


def _pad_hello(iid: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=iid, axis=0, value=0)]


def _game(game_id: str, players: int, phase: str, plays: Plays) -> Stage:
    def stage(app) -> None:
        if phase == "results":
            match = plays.finished(game_id, players)
            seats = [SeatSpec("greedy") for _ in range(players)]
            names = [f"Bot {n + 1}" for n in range(players)]
            app.stack.reset(app.open("results", game_id, match, seats, names))
            app.stack.apply()
        else:
            _open_game(app, game_id, players, phase, plays)
    return stage


def _over_game(key: int, unicode: str = "", wait: Callable[[Any], bool] | None = None,
               players: int = 2, game_id: str = "ticket_to_ride_paris") -> Stage:
    """A game mid-way, then a key pressed (pause, help, hint), then waiting until `wait`."""
    def stage(app) -> None:
        _open_game(app, game_id, players, "mid", everyone=False)
        press(app, key, unicode)
        for _ in range(HINT_FRAMES if wait else 0):
            if wait(app):
                break
            app.step([], 1 / 60, present=False)
        app.step([], 1 / 60, present=False)
    return stage


def _hint_shown(app) -> bool:
    game = app.stack.top
    desk = getattr(game, "hint_desk", None)
    return desk is not None and bool(desk.shown)


def _disconnected(game_id: str, players: int, plays: Plays) -> Stage:
    """Every seat a person; the second one's controller unplugged mid-game."""
    def stage(app) -> None:
        _open_game(app, game_id, players, "mid", plays, everyone=True)
        removed = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD_ID + 1)
        app.step([removed], 1 / 60, present=False)
        app.step([], 1 / 60, present=False)
    return stage


def _curtain(app) -> None:
    """A shared screen with hidden hands and two people: the pass-the-screen curtain."""
    _open_game(app, "ticket_to_ride_paris", 2, "early", everyone=True)


# == the list ===================================================================================
def rooms() -> list[GameInfo]:
    """The playable rooms (the example room too: it is on the picker)."""
    return list(catalog().values())


QUICK_SHELL = ("title", "settings", "message_level_error", "message_crash", "kiosk_banner",
               "kiosk_countdown", "pause", "help", "hint", "curtain",
               "picker_ticket_to_ride_paris", "seats_french_quarter",
               "disconnected_next_station_paris")


def shell_shots(plays: Plays, full: bool) -> Iterator[Shot]:
    """The console's own screens (a sample of the per-game ones unless `full`)."""
    every = [Shot("title", SHELL, _title), Shot("settings", SHELL, _settings),
             Shot("message_level_error", SHELL, _message),
             Shot("message_crash", SHELL, _crash_message),
             Shot("kiosk_banner", SHELL, _attract), Shot("kiosk_countdown", SHELL, _countdown),
             Shot("pause", SHELL, _over_game(pygame.K_ESCAPE)),
             Shot("help", SHELL, _over_game(pygame.K_h)),
             Shot("hint", SHELL, _over_game(pygame.K_QUESTION, "?", _hint_shown)),
             Shot("curtain", SHELL, _curtain)]
    for info in rooms():
        every.append(Shot(f"picker_{info.id}", SHELL, _picker(info.id)))
        every.append(Shot(f"seats_{info.id}", SHELL, _seats(info.id)))
        every.append(Shot(f"disconnected_{info.id}", info.id,  # the room's board, mostly
                          _disconnected(info.id, min(info.max_players, 3), plays)))
    yield from (s for s in every if full or s.name in QUICK_SHELL)


def guide_shots(full: bool) -> Iterator[Shot]:
    """Every page of every room's guide (the first page of each unless `full`); the shell
    draws them, the room draws the picture."""
    for info in rooms():
        if not info.declares("guide"):
            continue
        pages = len(guide_pages(info)) if full else 1
        for page in range(pages):
            yield Shot(f"guide_{info.id}_{page + 1}", SHELL, _guide_page(info.id, page))


def room_shots(plays: Plays, full: bool) -> Iterator[Shot]:
    """Each room at every table size and phase (unless `full`: its largest table, mid-game
    and at the results)."""
    for info in rooms():
        counts = range(info.min_players, info.max_players + 1) if full else [info.max_players]
        phases = ("early", "mid", "results") if full else ("mid", "results")
        for players in counts:
            for phase in phases:
                yield Shot(f"{info.id}_{players}p_{phase}", info.id,
                           _game(info.id, players, phase, plays))


def shots(full: bool, plays: Plays | None = None) -> list[Shot]:
    """Every screen the audit looks at (`full`), or the sample the test suite looks at."""
    plays = plays or Plays()
    return [*shell_shots(plays, full), *guide_shots(full), *room_shots(plays, full)]
