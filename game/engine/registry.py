"""The game registry: every room under game/games/ that declares itself, found by scanning.

A room is a package `game/games/<id>/` whose `__init__.py` defines `GAME = GameInfo(...)`: its
ids, player counts, options, hidden hands, capabilities and where its rules, renderer and bot
heuristic live. Adding a game therefore touches no shared file. The `__init__` must stay light
(no pygame, no level loading): the registry imports every room's package at start-up, and each
room's modules only when that game is opened (`*_ref` are 'module:attribute' strings).

Rooms appear in menus by their `order` number, ties by id. A room with `listed=False` (the
example dice game, see README "Adding a game") is discovered and tested like the others but is
kept out of the menus, the command line's game list, the golden histories and the benchmark:
`game_ids()` leaves it out unless asked.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from .capabilities import check_names
from .core import Rules

ROOMS_PACKAGE = "game.games"


class RoomError(Exception):
    """A room package that does not declare itself properly."""


WEIGHTS = range(1, 6)  # a game's complexity: 1 light ... 5 heavy (strings "picker.weight.<n>")


@dataclass(frozen=True)
class Showcase:
    """How the game picker presents a room: its pitch, the box facts and the seeded bot game
    its live miniature is drawn from."""

    pitch_key: str  # one line that sells the game, e.g. "french_quarter.pitch"
    minutes: tuple[int, int]  # playing time, shortest to longest (equal: one figure)
    weight: int  # complexity, one of WEIGHTS
    players: int  # bot seats of the miniature's game
    steps: int  # bot steps (every bot with a prompt acts once) before it is drawn: mid-game
    seed: int = 7

    def __post_init__(self) -> None:
        low, high = self.minutes
        if not 0 < low <= high or self.weight not in WEIGHTS or self.steps < 0:
            raise RoomError(f"bad showcase {self}")


@dataclass(frozen=True)
class GameInfo:
    """What a room declares about its game; `*_ref` are 'module:attribute' strings."""

    id: str  # the room's package name; also its levels/<id>/ folder and string key prefix
    title_key: str
    min_players: int
    max_players: int
    rules_ref: str
    # The board renderer class (game.ui.board_api.BoardRenderer); None while a room is
    # engine-only (rules, data and bot built before its scene): it then plays headless and in
    # tests, and stays unlisted.
    scene_ref: str | None
    heuristic_ref: str  # GreedyBot's heuristic: (rules, view, prompt) -> one score per option
    rules_summary_key: str = ""
    # False when nothing is secret (Next Station): simultaneous seats then share one screen
    # with no pass-the-screen curtain.
    hidden_hands: bool = True
    # On/off game options offered at seat setup (passed in Config.options; the label of `key`
    # is the string "options.<key>"), e.g. the advanced modules of Next Station.
    options: tuple[str, ...] = ()
    # Optional features of its rules and renderer (game.engine.capabilities), e.g. "details".
    capabilities: tuple[str, ...] = ()
    order: int = 100  # menu position: lower first, ties by id
    listed: bool = True  # False keeps an example room out of menus and game lists
    # The picker's card: pitch, time, weight and the miniature's game (None: the card shows
    # the title and player count, and a plain panel where the miniature would be).
    showcase: Showcase | None = None

    def __post_init__(self) -> None:
        check_names(self.capabilities)
        if not 1 <= self.min_players <= self.max_players:
            raise RoomError(f"{self.id}: players {self.min_players}..{self.max_players}")
        shown = self.showcase
        if shown is not None and not self.min_players <= shown.players <= self.max_players:
            raise RoomError(f"{self.id}: the showcase seats {shown.players} players")
        if self.listed and self.scene_ref is None:
            raise RoomError(f"{self.id}: a listed room needs a scene_ref")

    @property
    def has_scene(self) -> bool:
        """False for an engine-only room (no renderer yet)."""
        return self.scene_ref is not None

    def declares(self, capability_name: str) -> bool:
        """True if the room says its rules or renderer offer this capability."""
        return capability_name in self.capabilities

    def make_rules(self) -> Rules:
        """The game's rules engine (built once per process: levels load and validate once)."""
        return rules_for(self.id)

    def renderer_class(self) -> Any:
        """The pygame board renderer class (imports pygame)."""
        if self.scene_ref is None:
            raise RoomError(f"{self.id}: this room has no scene yet")
        return _resolve(self.scene_ref)

    def heuristic(self) -> Any:
        """The GreedyBot heuristic: (rules, view, prompt) -> one score per option."""
        return _resolve(self.heuristic_ref)

    def bot_module(self) -> Any:
        """The module of the heuristic (where a `move_reasons` capability lives)."""
        return importlib.import_module(self.heuristic_ref.partition(":")[0])

    def move_reason(self) -> Any:
        """The room's `reason(rules, view, prompt, index)` for the Hint, or None (the
        `move_reasons` capability)."""
        return self.bot_module().reason if self.declares("move_reasons") else None


def _resolve(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def discover(package: str = ROOMS_PACKAGE) -> dict[str, GameInfo]:
    """Every room package directly under `package`, in menu order; RoomError for a bad one."""
    rooms = []
    for found in pkgutil.iter_modules(importlib.import_module(package).__path__):
        if not found.ispkg:
            continue
        module = importlib.import_module(f"{package}.{found.name}")
        info = vars(module).get("GAME")
        if not isinstance(info, GameInfo):
            raise RoomError(f"{module.__name__}: a room must define GAME = GameInfo(...)")
        if info.id != found.name:
            raise RoomError(f"{module.__name__}: GAME.id is {info.id!r}, not the package name")
        rooms.append(info)
    return {info.id: info for info in sorted(rooms, key=lambda i: (i.order, i.id))}


@cache
def catalog() -> Mapping[str, GameInfo]:
    """Every room of the game (listed or not) by id, in menu order; scanned once per process."""
    return MappingProxyType(discover())


def game_ids(include_unlisted: bool = False, with_scene: bool = False) -> list[str]:
    """Registered game ids in menu order (rooms with listed=False only when asked; with_scene
    leaves out engine-only rooms, for tests that draw)."""
    return [gid for gid, info in catalog().items()
            if (info.listed or include_unlisted) and (info.has_scene or not with_scene)]


def get_game(game_id: str) -> GameInfo:
    """The registry entry; KeyError naming the id if unknown."""
    try:
        return catalog()[game_id]
    except KeyError:
        raise KeyError(f"unknown game id {game_id!r}") from None


@cache
def rules_for(game_id: str) -> Rules:
    """The (shared, stateless) rules engine of a game."""
    return _resolve(get_game(game_id).rules_ref)()
