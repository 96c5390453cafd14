"""Level loading: levels/<game_id>/*.toml into plain data, with errors naming file and field.

Each game validates its own structure with a `Checker`, whose errors read like
`levels/ticket_to_ride_paris/map.toml: routes[12].color: unknown 'pink'`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels"


class LevelError(ValueError):
    """A level file that is missing, unreadable or invalid."""


def level_path(game_id: str, name: str, root: Path | None = None) -> Path:
    """Where a level file lives."""
    return (root or LEVELS_DIR) / game_id / name


def load_toml(path: Path) -> dict:
    """Parse one TOML file; LevelError naming the file on any problem."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise LevelError(f"{_show(path)}: file not found") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LevelError(f"{_show(path)}: {exc}") from None
    except UnicodeDecodeError as exc:  # tomllib decodes the bytes itself and lets this escape
        raise LevelError(f"{_show(path)}: not UTF-8 text (byte {exc.start})") from None


def _show(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(LEVELS_DIR.parent))
    except ValueError:
        return str(path)


class Checker:
    """Reads fields out of loaded TOML and raises LevelError('file: field: problem')."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, field: str, problem: str) -> LevelError:
        """The error for one field."""
        return LevelError(f"{_show(self.path)}: {field}: {problem}")

    def get(self, table: dict, key: str, kind: type | tuple, where: str = "") -> Any:
        """A required field of the given type."""
        field = f"{where}.{key}" if where else key
        if not isinstance(table, dict) or key not in table:
            raise self.fail(field, "missing")
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        name = "/".join(k.__name__ for k in kinds)
        # bool is a subclass of int in Python, but `true` is never a valid number in a level.
        if isinstance(value, bool) and bool not in kinds and (int in kinds or float in kinds):
            raise self.fail(field, f"must be {name}, not {value!r}")
        if not isinstance(value, kinds):
            raise self.fail(field, f"must be {name}, not {type(value).__name__}")
        return value

    def table_list(self, table: dict, key: str, where: str = "") -> list[dict]:
        """A required array of tables."""
        items = self.get(table, key, list, where)
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise self.fail(f"{key}[{i}]", "must be a table")
        return items

    def one_of(self, value: Any, allowed: Iterable, field: str) -> Any:
        """Check membership in an allowed set."""
        allowed = list(allowed)
        if value not in allowed:
            raise self.fail(field, f"unknown {value!r}")
        return value

    def in_range(self, value: int, low: int, high: int, field: str) -> int:
        """Check low <= value <= high."""
        if not low <= value <= high:
            raise self.fail(field, f"{value} is outside {low}..{high}")
        return value
