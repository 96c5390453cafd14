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
    path = write(tmp_path, b'a = 1\nname = "\xff"\n')
    assert error(lambda: load_toml(path)) == f"{path}: line 2: not UTF-8 text (byte 14)"
    assert error(lambda: load_toml(tmp_path)).startswith(f"{tmp_path}: ")


# -- TOML that Python's parser itself refuses (issue 25) -----------------------------------------
HUGE = "9" * 5000  # beyond Python's 4,300-digit limit for str -> int: tomllib raises ValueError
DEEP = "[" * 2000 + "]" * 2000  # past the recursion limit: tomllib raises RecursionError


def test_bad_toml_names_the_line_where_the_other_errors_name_a_field(tmp_path: Path) -> None:
    path = write(tmp_path, 'a = 1\nname = "Paris" 2\n')
    assert error(lambda: load_toml(path)) == (
        f"{path}: line 2: expected newline or end of document after a statement (column 16)")
    path = write(tmp_path, "a = 1\nb = {\n")
    assert error(lambda: load_toml(path)).startswith(f"{path}: line 2: ")


@pytest.mark.parametrize(("text", "problem"), [
    (f"a = 1\n\nb = {HUGE}\n", "line 3: a number too long to read"),
    (f"a = [1,\n  {HUGE}]\n", "line 2: a number too long to read"),
    (f'a = "{HUGE}" # {HUGE}\nb = [{DEEP}]\n', "line 2: nested too deeply"),
    (f"# [[[[\nb = {DEEP}\n", "line 2: nested too deeply"),
])
def test_what_the_parser_refuses_as_another_exception_is_a_level_error_with_the_line(
        tmp_path: Path, text: str, problem: str) -> None:
    path = write(tmp_path, text)
    assert error(lambda: load_toml(path)) == f"{path}: {problem}"


def test_a_file_too_large_to_be_a_level_is_refused_unread(tmp_path: Path) -> None:
    path = write(tmp_path, "# " + "x" * (1 << 20) + "\n")
    assert error(lambda: load_toml(path)) == (
        f"{path}: larger than 1048576 bytes: not a level file")


@pytest.mark.parametrize(("text", "field"), [
    ("a = 0x" + "f" * 5000, "a: an integer beyond 64 bits"),  # no digit limit in base 16
    ("a = [1, 9223372036854775808]", "a[1]: an integer beyond 64 bits"),
    ("[t]\nb = nan", "t.b: must be a finite number, not nan"),
    ("[[t]]\n[[t]]\nb = -inf", "t[1].b: must be a finite number, not -inf"),
])
def test_numbers_no_level_holds_are_refused_naming_the_field(tmp_path: Path, text: str,
                                                               field: str) -> None:
    """Checked before any schema: a 6,000-digit hexadecimal integer passes tomllib, then could
    not even be printed in a range error; NaN passes every range check."""
    from game.engine.schema import Table, load_level

    path = write(tmp_path, text)
    assert error(lambda: load_level(path, Table({}))) == f"{path}: {field}"


def test_a_count_the_rulebook_fixes_says_which_number_it_must_be(tmp_path: Path) -> None:
    from game.engine.schema import Int, Table, load_level

    path = write(tmp_path, "cards = 26\n")
    assert error(lambda: load_level(path, Table({"cards": Int(27, 27)}))) == (
        f"{path}: cards: must be 27, not 26")
    path = write(tmp_path, "cards = true\n")
    assert error(lambda: load_level(path, Table({"cards": Int(1, 1)}))) == (
        f"{path}: cards: must be int, not True")
