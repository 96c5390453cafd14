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
from game.scenes import game_paint, help_panel
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
            "log": "console.log", "player": name, "players": f"{name}, {name} / {name}",
            **ROOM_NUMBERS, **ROOM_PLACES, "color": longest_color(translator)}


# Rooms' own parameters: numbers as wide as a game makes them (a route of 3 paid with up to 3
# wilds, a 6 on a die, 13 districts of a metro line...), and place names. A place's longest
# name (Saint-Germain-des-Prés) would not fit any bar button beside a second one: the rooms
# show those on their board, so the bar is measured with a typical one.
ROOM_NUMBERS = {"length": 3, "colored": 3, "wilds": 3, "die": 6, "value": 6, "mult": 4,
                "each": 2, "districts": 13, "stations": 9, "monuments": 9, "lines": 4,
                "tickets": 12, "card": 12}
ROOM_PLACES = {"route": "Notre-Dame – Bastille", "a": "Notre-Dame", "b": "Bastille",
               "building": "Court 12", "street": "Dauphine St"}
# Where a room gives a shared parameter name another meaning (Explore New York's {a} and {b}
# are a card's coordinates, 1-6 or *).
ROOM_OVERRIDES = {"explore_new_york": {"a": "6", "b": "*"},
                  "urban_sprawl": {"prestige": 12, "wealth": 24, "amount": 12, "cost": 12,
                                   "vocation": "Education", "marker": "wealth",
                                   "pay": "wealth", "get": "prestige"}}


def longest_color(translator: Translator) -> str:
    """The longest one-word colour name any room has in the translator's language (a wild card
    has a name of its own and never fills a {color})."""
    keys = {k for table in translator.catalog.values() for k in table if ".color." in k}
    return max((c for c in map(translator.t, keys) if " " not in c), key=len, default="")


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
            room = ROOM_OVERRIDES.get(key.split(".", 1)[0], {})
            text = translator.t(key, **(params | room))
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
    ("*.score.*", Widget(theme.SMALL_SIZE, 400)),
    ("*.pitch", Widget(theme.SMALL_SIZE, 540)),  # a game picker card's line (select.TEXT_W)  # a results detail heading and the legend
    ("*.detail.*", Widget(30, 750 - 2 * 26 - 44 - 110, lines=2)),  # results DETAIL label column
    ("*.help.*", Widget(theme.BODY_SIZE, help_panel.TEXT_W, lines=help_panel.MAX_LINES)),
    ("*.hint.*", Widget(theme.SMALL_SIZE, game_paint.CALLOUT_TEXT_W,
                        lines=game_paint.CALLOUT_LINES)),  # the Hint's reason callout
    ("*", None),  # drawn by the room itself: the room's own tests measure those
]


def room_misfits(game: str | None = None) -> list[str]:
    """Room strings (of one game, or of every room) that overflow the shared widgets."""
    strings = load_catalog(string_files()[1:])
    keys = base_keys(set().union(*(strings[lang] for lang in LANGUAGES)))
    if game is not None:
        keys = [k for k in keys if k.startswith(f"{game}.")]
    return misfits(keys, ROOM_WIDGETS, load_catalog(string_files()))


def main() -> int:
    """Print the rooms' strings that do not fit; exit 0 (a report, not a test)."""
    for line in room_misfits():
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
