"""Level files: where levels/<game_id>/*.toml live, how they are read, and their one error type.

Every problem is a `LevelError` naming the file relative to the project and the field, e.g.
`levels/ticket_to_ride_paris/map.toml: routes[12].color: unknown 'pink'`, or the line when the
file is not TOML we can read (`levels/explore_new_york/deck.toml: line 7: ...`). What each file
must hold is declared with the specs of `game.engine.schema`.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels"
MAX_BYTES = 1 << 20  # our largest level file is 35 kB: a megabyte is no level, it is damage
NESTING_SHOWN = 64  # brackets open this deep mark the line a too-deep file is blamed on

_DECODE_WHERE = re.compile(r"^(?P<problem>.*) \(at line (?P<line>\d+), column (?P<column>\d+)\)$",
                           re.DOTALL)
_AT_END = " (at end of document)"
_INTEGER = re.compile(r"[0-9][0-9_]*")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|#.*')


class LevelError(ValueError):
    """A level file that is missing, unreadable or invalid."""


def level_path(game_id: str, name: str, root: Path | None = None) -> Path:
    """Where a level file lives."""
    return (root or LEVELS_DIR) / game_id / name


def load_toml(path: Path) -> dict:
    """Parse one TOML file; LevelError naming the file (and the line, when known) on any
    problem, including those Python's parser raises as something else: an integer beyond
    Python's digit limit (ValueError) and brackets nested past its recursion limit."""
    text = _read_text(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LevelError(f"{shown(path)}: {_decode_problem(str(exc), text)}") from None
    except RecursionError:
        raise LevelError(f"{shown(path)}: {_at(_deep_line(text))}nested too deeply") from None
    except ValueError:  # tomllib's int() of a decimal integer beyond sys.get_int_max_str_digits
        raise LevelError(
            f"{shown(path)}: {_at(_long_number_line(text))}a number too long to read") from None


def _read_text(path: Path) -> str:
    """The file's text; LevelError if it is missing, unreadable, absurdly large or not UTF-8."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise LevelError(f"{shown(path)}: file not found") from None
    except OSError as exc:
        raise LevelError(f"{shown(path)}: {exc}") from None
    if len(raw) > MAX_BYTES:
        raise LevelError(f"{shown(path)}: larger than {MAX_BYTES} bytes: not a level file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise LevelError(f"{shown(path)}: line {line}: not UTF-8 text (byte {exc.start})") from None


def _decode_problem(message: str, text: str) -> str:
    """tomllib's 'Invalid value (at line 3, column 5)' as 'line 3: invalid value (column 5)',
    so the line stands where the other errors name their field ('at end of document': the
    last line)."""
    if message.endswith(_AT_END):
        line = max(1, len(text.splitlines()))
        return f"line {line}: {_lower_first(message[:-len(_AT_END)])} (end of file)"
    found = _DECODE_WHERE.match(message)
    if found is None:
        return message
    return (f"line {found['line']}: {_lower_first(found['problem'])} "
            f"(column {found['column']})")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _at(line: int | None) -> str:
    return "" if line is None else f"line {line}: "


def _long_number_line(text: str) -> int | None:
    """The first line holding a decimal integer longer than Python converts (None if the
    damage is somewhere this scan cannot see)."""
    limit = sys.get_int_max_str_digits()
    for number, line in enumerate(text.splitlines(), start=1):
        code = _QUOTED.sub("", line)
        if any(len(m.group().replace("_", "")) > limit for m in _INTEGER.finditer(code)):
            return number
    return None


def _deep_line(text: str) -> int | None:
    """The first line where more than NESTING_SHOWN brackets are open, outside strings and
    comments (a scan line by line: a multi-line string may fool it, the error stays right)."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        for char in _QUOTED.sub("", line):
            depth += (char in "[{") - (char in "]}")
            if depth > NESTING_SHOWN:
                return number
    return None


def shown(path: Path) -> str:
    """A level file's name in messages: relative to the project when it lives there."""
    try:
        return str(path.resolve().relative_to(LEVELS_DIR.parent))
    except ValueError:
        return str(path)
