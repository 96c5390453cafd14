"""Level files: where levels/<game_id>/*.toml live, how they are read, and their one error type.

Every problem is a `LevelError` naming the file relative to the project and the field, e.g.
`levels/ticket_to_ride_paris/map.toml: routes[12].color: unknown 'pink'`. What each file must
hold is declared with the specs of `game.engine.schema`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

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
        raise LevelError(f"{shown(path)}: file not found") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LevelError(f"{shown(path)}: {exc}") from None
    except UnicodeDecodeError as exc:  # tomllib decodes the bytes itself and lets this escape
        raise LevelError(f"{shown(path)}: not UTF-8 text (byte {exc.start})") from None


def shown(path: Path) -> str:
    """A level file's name in messages: relative to the project when it lives there."""
    try:
        return str(path.resolve().relative_to(LEVELS_DIR.parent))
    except ValueError:
        return str(path)
