"""Player settings (JSON) and the autosave (a journal, game.engine.journal) in the user's data
directory.

The directory is platformdirs.user_data_dir("city-board-console"), or $CITY_BOARD_CONSOLE_HOME
when set (tests point it at a temporary folder). A corrupt settings file gives the defaults and a
warning line; a field whose value cannot be read (a 5,000-digit number, NaN) falls back alone, so
the other fields, the kiosk switch above all, are kept. An autosave that cannot be loaded is moved
aside so the title screen can say so and carry on. The match driver writes the autosave; this
module finds, loads and removes it.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.engine.jsonsafe import parse_json
from game.engine.search_pool import MAX_WORKERS

APP_NAME = "city-board-console"
HOME_ENV = "CITY_BOARD_CONSOLE_HOME"
SPEEDS = ("0.5x", "1x", "2x", "instant")
SPEED_FACTORS = {"0.5x": 0.5, "1x": 1.0, "2x": 2.0, "instant": float("inf")}
LANGUAGES = ("en", "es")
ATTRACT_IDLE_CHOICES = (30, 45, 60, 120, 300)  # seconds on the title before a demo starts
ABANDON_IDLE_CHOICES = (60, 120, 180, 300, 600)  # kiosk: seconds before an idle game ends
BOT_BUDGET_RANGE = (0.1, 10.0)  # seconds a Hard bot may think per decision
BOT_BUDGET_CHOICES = (0.5, 1.0, 2.0, 4.0)  # the Settings screen's steps (a file may hold others)
log = logging.getLogger(__name__)


@dataclass
class Settings:
    """What the player can change on the settings screen."""

    language: str = "en"
    fullscreen: bool = False
    music_volume: int = 70
    effects_volume: int = 80
    animation_speed: str = "1x"
    open_hands: bool = False
    attract_idle: int = 45  # seconds idle on the title or game picker before a demo plays
    demo_sound: bool = False  # demos are muted unless this is on
    kiosk: bool = False  # fullscreen, no Quit, leave by a held combo (also `main.py --kiosk`)
    abandon_idle: int = 120  # kiosk: seconds without input before a game returns to attract
    hints: bool = True  # the in-game Hint button (the Normal bot's move for a person)
    bot_budget: float = 1.0  # seconds a Hard bot thinks per decision (game.engine.search)
    search_workers: int = 4  # processes a Hard bot searches in: one per core, at most this many
    phones: bool = False  # the companion server: phones join as controllers (also `--phones`)
    phones_in_kiosk: bool = False  # file only: a kiosk forbids phones unless this is true

    def speed_factor(self) -> float:
        """Animation time multiplier (inf means instant)."""
        return SPEED_FACTORS.get(self.animation_speed, 1.0)


def home_dir() -> Path:
    """Where settings and saves live."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override)
    import platformdirs  # lazy: not needed when the override is set

    return Path(platformdirs.user_data_dir(APP_NAME))


def settings_path() -> Path:
    """The settings file."""
    return home_dir() / "settings.json"


def log_path() -> Path:
    """The console's log: the details behind every short message the screens show."""
    return home_dir() / "console.log"


def start_log_file() -> None:
    """Send warnings and errors to the log file (kept small: one backup of 256 KiB)."""
    from logging.handlers import RotatingFileHandler

    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=256 * 1024, backupCount=1, encoding="utf-8")
    except OSError as exc:
        log.warning("no log file (%s)", exc)
        return
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)


def crash_path() -> Path:
    """The crash file: one report (time, screen, traceback) per exception a scene let escape."""
    return home_dir() / "crash.log"


def write_crash_report(report: str) -> Path | None:
    """Append a report to the crash file; where it went (None if the disk refused)."""
    path = crash_path()
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(f"=== {stamp}\n{report.rstrip()}\n\n")
    except OSError as exc:
        log.warning("crash file not written: %s", exc)
        return None
    return path


def autosave_path() -> Path:
    """The autosave: a journal of JSON lines, its header naming the game and who sits where."""
    return home_dir() / "autosave.json"


def _whole(value: Any) -> bool:
    """A JSON integer (True and 45.0 are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _valid(name: str, value: Any) -> bool:
    checks = {
        "language": lambda v: v in LANGUAGES,
        "fullscreen": lambda v: isinstance(v, bool),
        "music_volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100,
        "effects_volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100,
        "animation_speed": lambda v: v in SPEEDS,
        "open_hands": lambda v: isinstance(v, bool),
        "attract_idle": lambda v: _whole(v) and v in ATTRACT_IDLE_CHOICES,
        "demo_sound": lambda v: isinstance(v, bool),
        "kiosk": lambda v: isinstance(v, bool),
        "abandon_idle": lambda v: _whole(v) and v in ABANDON_IDLE_CHOICES,
        "hints": lambda v: isinstance(v, bool),
        "bot_budget": lambda v: (isinstance(v, int | float) and not isinstance(v, bool)
                                 and BOT_BUDGET_RANGE[0] <= v <= BOT_BUDGET_RANGE[1]),
        "search_workers": lambda v: _whole(v) and 1 <= v <= MAX_WORKERS,
        "phones": lambda v: isinstance(v, bool),
        "phones_in_kiosk": lambda v: isinstance(v, bool),
    }
    return checks[name](value)


def settings_from_json(data: Any, source: str = "settings") -> Settings:
    """Settings from parsed JSON; bad or unknown fields fall back to defaults with a warning."""
    settings = Settings()
    if not isinstance(data, dict):
        log.warning("%s: not a JSON object; using default settings", source)
        return settings
    for f in fields(Settings):
        if f.name not in data:
            continue
        if _valid(f.name, data[f.name]):
            setattr(settings, f.name, data[f.name])
        else:
            log.warning("%s: %s: invalid value %r; using the default", source, f.name, data[f.name])
    return settings


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings; a missing file gives defaults, a corrupt one defaults plus a warning."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("%s: cannot read (%s); using default settings", path, exc)
        return Settings()
    try:
        data = parse_json(text, tolerant=True)  # one unreadable number costs only its field
    except ValueError as exc:
        log.warning("%s: corrupt (%s); using default settings", path, exc)
        return Settings()
    return settings_from_json(data, str(path))


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings atomically; False (and a warning) if the disk refuses."""
    from game.engine.match import write_atomic

    try:
        write_atomic(path or settings_path(), json.dumps(asdict(settings), indent=2))
    except OSError as exc:
        log.warning("settings not saved: %s", exc)
        return False
    return True


# -- autosave ----------------------------------------------------------------------------------
def has_autosave() -> bool:
    """True if an autosave file exists (not yet validated: that happens on Continue)."""
    return autosave_path().is_file()


def load_autosave() -> tuple[Any, list[dict] | None]:
    """The saved Match and seat table (None if the journal's is unusable); raises SaveError."""
    match, seats, _changes = resume_autosave()
    return match, seats


def resume_autosave() -> tuple[Any, list[dict] | None, tuple[tuple[int, list], ...]]:
    """`load_autosave` and the journal's seat changes ((actions before it, table) each), which
    Continue hands on so the resumed game's journal keeps them; raises SaveError."""
    from game.engine.journal import load_journal
    from game.engine.registry import rules_for

    match, meta = load_journal(autosave_path(), rules_for)
    seats = meta.get("seats")
    if not isinstance(seats, list) or len(seats) != match.config.players:
        seats = None
    changes = tuple((at, table) for at, table in meta.get("seat_changes", ()))
    return match, seats, changes


def autosave_game() -> str | None:
    """The game id the autosave's header names (None when there is no readable header): enough
    to check that game's level files before the save itself is judged."""
    try:
        with autosave_path().open("rb") as f:
            header = parse_json(f.readline(64 * 1024).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    game = header.get("game") if isinstance(header, dict) else None
    return game if isinstance(game, str) and game in _room_ids() else None


def _room_ids() -> list[str]:
    """Every room's game id, listed in the menus or not (an autosave may name any of them)."""
    from game.engine.registry import game_ids

    return game_ids(include_unlisted=True)


def quarantine_autosave() -> Path | None:
    """Move a broken autosave aside (kept for bug reports); returns where it went."""
    src = autosave_path()
    dest = src.with_name(f"autosave.corrupt-{time.strftime('%Y%m%d-%H%M%S')}.json")
    try:
        os.replace(src, dest)
    except OSError as exc:
        log.warning("could not move the broken autosave aside: %s", exc)
        clear_autosave()
        return None
    return dest


def clear_autosave() -> None:
    """Delete the autosave (the game ended or the player abandoned it)."""
    path = autosave_path()
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("could not delete %s: %s", path, exc)
