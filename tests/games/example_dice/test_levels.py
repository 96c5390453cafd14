"""Example dice level data: the shipped file loads, broken copies name file and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.engine.levels import LEVELS_DIR, LevelError
from game.games.example_dice.board import GAME_ID, load_board


def copy_with(tmp_path: Path, old: str, new: str) -> Path:
    """A levels folder whose dice.toml has one text replacement."""
    shutil.copytree(LEVELS_DIR / GAME_ID, tmp_path / GAME_ID)
    path = tmp_path / GAME_ID / "dice.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_shipped_numbers() -> None:
    board = load_board()
    assert (board.rounds, board.die_faces, board.double_up_to, board.bet_points) == (2, 6, 3, 2)
    assert board.secret_cards == (1, 2, 3)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("rounds = 2", "rounds = 2\nround = 2", "dice.toml: round: unknown field"),
    ("die_faces = 6", "die_faces = 1", "dice.toml: die_faces: 1 is outside 2..20"),
    ("bet_points = 2", 'bet_points = "2"', "dice.toml: bet_points: must be int, not str"),
    ("[1, 2, 3]", "[1, 2, 1]", "dice.toml: secret_cards[2]: duplicate 1"),
    ("[1, 2, 3]", "[]", "dice.toml: secret_cards: empty"),
    ("double_up_to = 3", "double_up_to = 7", "dice.toml: double_up_to: must be at most die_faces"),
])
def test_broken_copies_name_file_and_field(tmp_path, old, new, message) -> None:
    with pytest.raises(LevelError) as err:
        load_board(copy_with(tmp_path, old, new))
    assert message in str(err.value), str(err.value)
