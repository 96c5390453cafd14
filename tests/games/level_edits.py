"""Broken copies of a game's levels for its level tests: one text edit, then the load's error."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.engine.levels import LEVELS_DIR, LevelError


def level_breaker(tmp_path: Path, game: str, load: Callable[[Path], Any]) -> Callable[[str, str, str], str]:
    """`run(file, old, new)`: copy the game's levels under tmp_path, replace `old` by `new` once
    in `file`, load the copy with `load(root)`, and return the LevelError text it must raise."""
    shutil.copytree(LEVELS_DIR / game, tmp_path / game)

    def run(name: str, old: str, new: str) -> str:
        path = tmp_path / game / name
        text = path.read_text("utf-8")
        assert old in text, f"test edit not found in {name}: {old!r}"
        path.write_text(text.replace(old, new, 1), "utf-8")
        with pytest.raises(LevelError) as info:
            load(tmp_path)
        return str(info.value)

    return run
