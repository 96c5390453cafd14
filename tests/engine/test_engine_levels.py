"""Level loading: every error names the file and the field, on one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.levels import Checker, LevelError, level_path, load_toml


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


def test_checker_get_names_missing_and_mistyped_fields(tmp_path: Path) -> None:
    path = write(tmp_path, "")
    check = Checker(path)
    table = {"length": 2, "color": 3, "flag": True}
    assert check.get(table, "length", int) == 2
    assert error(lambda: check.get(table, "name", str, "routes[3]")) == (
        f"{path}: routes[3].name: missing"
    )
    assert error(lambda: check.get(table, "color", str)) == f"{path}: color: must be str, not int"
    assert "must be int, not True" in error(lambda: check.get(table, "flag", int))
    assert "must be int/float, not True" in error(lambda: check.get(table, "flag", (int, float)))
    assert check.get(table, "flag", bool) is True


def test_checker_table_list_one_of_and_in_range(tmp_path: Path) -> None:
    path = write(tmp_path, "")
    check = Checker(path)
    assert error(lambda: check.table_list({"routes": [{}, 3]}, "routes")) == (
        f"{path}: routes[1]: must be a table"
    )
    assert error(lambda: check.one_of("pink", ["red", "blue"], "routes[12].color")) == (
        f"{path}: routes[12].color: unknown 'pink'"
    )
    assert error(lambda: check.in_range(9, 1, 6, "routes[0].length")) == (
        f"{path}: routes[0].length: 9 is outside 1..6"
    )
    assert check.one_of("red", ["red"], "c") == "red" and check.in_range(3, 1, 6, "n") == 3
