"""Does every string fit the widget that shows it, in every language? The machinery behind
tests/ui/test_string_fit.py, and a hook the rooms can use for their own strings.

A `Widget` is the room a string has on screen (its text size, bold or not, width, and how many
wrapped lines it may take); a widget table maps key patterns (fnmatch, first match wins) to
widgets. `misfits` formats each key with the longest plausible parameters and measures it with
the real font. `python -m tests.ui.string_fit` reports the rooms' strings that overflow the
shared widgets they are shown in (bar prompts, bar buttons, results columns and details).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.engine.registry import catalog
from game.ui import theme
from game.ui.i18n import LANGUAGES, Translator, load_catalog, string_files
from game.ui.paint import wrap


@dataclass(frozen=True)
class Widget:
    """The room a string has: text size, bold, width in canvas pixels, lines it may wrap to."""

    size: int
    width: int
    bold: bool = False
    lines: int = 1


def widget_for(key: str, widgets: Sequence[tuple[str, Widget | None]]) -> Widget | None:
    """The widget of the first pattern matching key; None when the key is not shown alone."""
    for pattern, widget in widgets:
        if fnmatchcase(key, pattern):
            return widget
    raise KeyError(key)


def longest_params(translator: Translator) -> dict[str, Any]:
    """Parameters as long as they get: the longest seat name and game title, 4 players, a
    3-digit score, a level file and field as the error box names them."""
    name = max((translator.t(k, n=4) for k in ("seat.player", "seat.bot")), key=len)
    title = max((translator.t(info.title_key) for info in catalog().values()), key=len)
    return {"name": name, "game": title, "title": title, "low": 1, "high": 4, "n": 4,
            "count": 188, "points": 188, "rest": f"{name}, {name}", "last": name,
            "file": "levels/french_quarter/buildings.toml", "field": "buildings[12].streets",
            "log": "console.log", "player": name, "players": f"{name}, {name} / {name}"}


def overflow(message: str, widget: Widget) -> int:
    """How many pixels the message runs past its widget (0 when it fits)."""
    font = theme.font(widget.size, widget.bold)
    if widget.lines == 1:
        return max(0, font.size(message)[0] - widget.width)
    lines = wrap(message, widget.size, widget.width, widget.bold)
    too_wide = max((font.size(line)[0] for line in lines), default=0) - widget.width
    return max(0, too_wide, (len(lines) - widget.lines) * font.get_linesize())


def misfits(keys: Iterable[str], widgets: Sequence[tuple[str, Widget | None]],
            strings: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    """'[lang] key: text (N px over)' for every key whose text does not fit its widget."""
    pygame.font.init()
    strings = strings or load_catalog(string_files())
    out = []
    for lang in LANGUAGES:
        translator = Translator(dict(strings), lang)
        params = longest_params(translator)
        for key in keys:
            widget = widget_for(key, widgets)
            if widget is None:
                continue
            text = translator.t(key, **params)
            over = overflow(text, widget)
            if over:
                out.append(f"[{lang}] {key}: {text!r} ({over} px over {widget.width})")
    return out


def base_keys(keys: Iterable[str]) -> list[str]:
    """Keys as code looks them up: a plural's forms (key.one, key.other) become one key."""
    plural = (".zero", ".one", ".two", ".few", ".many", ".other")
    return sorted({k.rsplit(".", 1)[0] if k.endswith(plural) else k for k in keys})


# Shared widgets rooms' strings are shown in (game/scenes): the bar message next to buttons,
# a bar button (its cap, less padding), a results column header, a detail line.
ROOM_WIDGETS: list[tuple[str, Widget | None]] = [
    ("*.prompt.*", Widget(theme.SMALL_SIZE, 640 - 52)),  # game_paint.MESSAGE_W, after the emblem
    ("*.option.*", Widget(theme.SMALL_SIZE, 520 - 44)),  # table.base label_cap less its padding
    ("*.score.*", Widget(theme.SMALL_SIZE, 400)),  # a results detail heading and the legend
    ("*.detail.*", Widget(30, 750 - 2 * 26 - 44 - 110, lines=2)),  # results DETAIL label column
    ("*", None),  # drawn by the room itself: the room's own tests measure those
]


def room_misfits() -> list[str]:
    """Room strings that overflow the shared widgets (a report: rooms own these strings)."""
    strings = load_catalog(string_files()[1:])
    keys = base_keys(set().union(*(strings[lang] for lang in LANGUAGES)))
    return misfits(keys, ROOM_WIDGETS, load_catalog(string_files()))


def main() -> int:
    """Print the rooms' strings that do not fit; exit 0 (a report, not a test)."""
    for line in room_misfits():
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
