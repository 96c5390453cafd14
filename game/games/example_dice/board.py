"""Example dice level data: levels/example_dice/dice.toml, checked against its schema on load."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.engine.levels import level_path
from game.engine.schema import Int, List, Table, load_level

GAME_ID = "example_dice"

DICE_FILE = Table({
    "rounds": Int(1, 10),
    "die_faces": Int(2, 20),
    "secret_cards": List(Int(1, 99), size=(1, None), distinct=True),
    "double_up_to": Int(1, 20),
    "bet_points": Int(0, 99),
})


@dataclass(frozen=True)
class Board:
    """The game's numbers."""

    rounds: int
    die_faces: int
    secret_cards: tuple[int, ...]
    double_up_to: int
    bet_points: int


def load_board(root: Path | None = None) -> Board:
    """Load and validate dice.toml (root: another levels/ folder, for tests)."""
    level = load_level(level_path(GAME_ID, "dice.toml", root), DICE_FILE)
    data = level.data
    if data["double_up_to"] > data["die_faces"]:
        raise level.fail("double_up_to", f"must be at most die_faces ({data['die_faces']})")
    return Board(**{**data, "secret_cards": tuple(data["secret_cards"])})
