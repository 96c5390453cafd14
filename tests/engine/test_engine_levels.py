"""Level files: reading TOML, and every error names the file on one line (fields: test_engine_schema)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.levels import LevelError, level_path, load_toml


def write(tmp_path: Path, text: str | bytes, name: str = "map.toml") -> Path:
    """A level file in a temporary folder."""
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def error(call) -> str:
    """The one-line message of the LevelError a call raises."""
    with pytest.raises(LevelError) as info:
        call()
    message = str(info.value)
    assert "\n" not in message
    return message


def test_load_toml_reads_tables(tmp_path: Path) -> None:
    path = write(tmp_path, 'name = "Paris"\n[[routes]]\nfrom = "opera"\nlength = 2\n')
    assert load_toml(path) == {"name": "Paris", "routes": [{"from": "opera", "length": 2}]}


def test_missing_files_are_named_relative_to_the_levels_folder() -> None:
    message = error(lambda: load_toml(level_path("no_such_game", "map.toml")))
    assert message == "levels/no_such_game/map.toml: file not found"


def test_bad_toml_names_the_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "name = \n")
    message = error(lambda: load_toml(path))
    assert message.startswith(f"{path}: ") and "line 1" in message


def test_non_utf8_and_unreadable_files_are_level_errors(tmp_path: Path) -> None:
    path = write(tmp_path, b'name = "\xff"\n')
    assert error(lambda: load_toml(path)).startswith(f"{path}: not UTF-8")
    assert error(lambda: load_toml(tmp_path)).startswith(f"{tmp_path}: ")
