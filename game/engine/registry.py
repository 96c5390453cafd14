"""The game registry: game id → rules, scene, bot heuristic and metadata.

Modules are named as strings and imported on demand, so the engine never imports pygame and
start-up does not pay for games nobody opened.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any

from .core import Rules


@dataclass(frozen=True)
class GameInfo:
    """How to build one game's parts; `*_ref` are 'module:attribute' strings."""

    id: str
    title_key: str
    min_players: int
    max_players: int
    rules_ref: str
    scene_ref: str
    heuristic_ref: str
    rules_summary_key: str = ""
    # False when nothing is secret (Next Station): simultaneous seats then share one screen
    # with no pass-the-screen curtain.
    hidden_hands: bool = True
    # On/off game options offered at seat setup (passed in Config.options; the label of `key`
    # is the string "options.<key>"), e.g. the advanced modules of Next Station.
    options: tuple[str, ...] = ()

    def make_rules(self) -> Rules:
        """The game's rules engine (built once per process: levels load and validate once)."""
        return rules_for(self.id)

    def renderer_class(self) -> Any:
        """The pygame board renderer class (imports pygame)."""
        return _resolve(self.scene_ref)

    def heuristic(self) -> Any:
        """The GreedyBot heuristic: (rules, view, prompt) -> one score per option."""
        return _resolve(self.heuristic_ref)


def _room(game_id: str, attr: str) -> str:
    return f"game.games.{game_id}.{attr}"


GAMES: dict[str, GameInfo] = {
    "ticket_to_ride_paris": GameInfo(
        id="ticket_to_ride_paris",
        title_key="game.ticket_to_ride_paris",
        min_players=2,
        max_players=4,
        rules_ref=_room("ticket_to_ride_paris", "rules:TicketToRideParis"),
        scene_ref=_room("ticket_to_ride_paris", "scene:TTRRenderer"),
        heuristic_ref=_room("ticket_to_ride_paris", "bot:evaluate"),
        rules_summary_key="rules.ticket_to_ride_paris",
    ),
    "next_station_paris": GameInfo(
        id="next_station_paris",
        title_key="game.next_station_paris",
        min_players=1,
        max_players=4,
        rules_ref=_room("next_station_paris", "rules:NextStationParis"),
        scene_ref=_room("next_station_paris", "scene:NSPRenderer"),
        heuristic_ref=_room("next_station_paris", "bot:evaluate"),
        rules_summary_key="rules.next_station_paris",
        hidden_hands=False,  # every sheet is public: no pass-the-screen curtain
        options=("objectives", "gates"),  # the advanced modules (Modo avanzado)
    ),
    "french_quarter": GameInfo(
        id="french_quarter",
        title_key="french_quarter.title",
        min_players=1,  # 1 = solo against Mayor Carly
        max_players=4,
        rules_ref=_room("french_quarter", "rules:FrenchQuarter"),
        scene_ref=_room("french_quarter", "scene:FQRenderer"),
        heuristic_ref=_room("french_quarter", "bot:evaluate"),
        rules_summary_key="rules.french_quarter",
        options=("mayor", "tourism"),  # Variante Alcalde, Expansión Turismo
    ),
}


def _resolve(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def game_ids() -> list[str]:
    """Every registered game id, in menu order."""
    return list(GAMES)


def get_game(game_id: str) -> GameInfo:
    """The registry entry; KeyError naming the id if unknown."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game id {game_id!r}") from None


@cache
def rules_for(game_id: str) -> Rules:
    """The (shared, stateless) rules engine of a game."""
    return _resolve(get_game(game_id).rules_ref)()
