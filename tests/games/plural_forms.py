"""Every string of a room as a player reads it for a count of 1, to find "1 points", "1 pasos"
and cut abbreviations ("pts", "ptos") in its strings*.toml files (rooms' test_*.py)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "game" / "games"
# A count written into a template: {count}, {points}, {districts}…, set to 1 for the check.
NUMBERS = re.compile(r"\{(count|points|each|length|colored|wilds|done|failed|offered|districts|"
                     r"stations|monuments|lines|value|mult|n|then|now|total|left|attractions|"
                     r"tickets|line|wealth|prestige|amount|cost|ap)\}")
PLURAL_AFTER_ONE = re.compile(r"(?<![\d.])1 (?!más\b)(\w+s)\b")
ABBREVIATED = re.compile(r"\bpts?\b|\bptos?\b")


def shown_for_one(room: str, skip: Collection[str] = ()) -> list[tuple[str, str, str]]:
    """(key, language, text) of every string of the room with its numbers set to 1 (a plural
    table's "one" form: its others never show a 1); keys in `skip` (without the room's prefix)
    are left out: strings the code only ever shows for 2 or more."""
    out = []
    for path in sorted((GAMES / room).glob("strings*.toml")):
        data = tomllib.loads(path.read_text("utf-8"))
        for lang, table in data.items():
            out += [(key, lang, NUMBERS.sub("1", text)) for key, value in _flat(table).items()
                    if key.removeprefix(room + ".") not in skip
                    and (text := value.get("one") if isinstance(value, dict) else value)]
    return out


def plural_after_one(room: str, skip: Collection[str] = ()) -> list[tuple[str, str, str]]:
    """The room's strings that read "1 <plural word>" for a count of 1."""
    return [found for found in shown_for_one(room, skip) if PLURAL_AFTER_ONE.search(found[2])]


def abbreviated_points(room: str) -> list[str]:
    """The room's strings that write points as "pt", "pts", "pto" or "ptos"."""
    return [text for _, _, text in shown_for_one(room) if ABBREVIATED.search(text)]


def _flat(table: dict, prefix: str = "") -> dict:
    """Nested TOML tables as dotted keys; a plural table ({one, other}) stays one value."""
    out: dict = {}
    for key, value in table.items():
        if isinstance(value, dict) and not {"one", "other"} & value.keys():
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out
