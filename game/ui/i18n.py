"""Translation layer: English and Spanish strings from TOML files, looked up with `t(key)`.

Strings live in game/ui/strings.toml and every game/games/*/strings*.toml; each file has `[en]`
and `[es]` tables of flat dotted keys (quoted, or nested tables that are flattened) mapping to
str.format templates. A missing key shows the key itself and a broken template shows the raw
template: a typo in a string file must never crash a game on the sofa.

Plurals: a key whose value is a table of CLDR plural forms, `"results.points" = { one = "{count}
point", other = "{count} points" }`, is looked up as `t("results.points", count=n)`: the form is
chosen by the `count` parameter with the language's rule (PLURAL_RULES), `other` by default.
The rules are CLDR's for whole numbers in English and Spanish, written out rather than taken
from Babel or Project Fluent: the files already name CLDR's categories, so a language with more
forms would swap in `babel.plural.PluralRule` here without touching a string (README, "Strings
fit their widgets"); for two languages with `one`/`other` a dependency would add nothing.
"""

from __future__ import annotations

import logging
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "es")
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")  # CLDR category names


def _one_or_other(count: float) -> str:
    return "one" if count == 1 else "other"


# CLDR cardinal rules for whole numbers: English and Spanish say "1 point", "0 points", "2 puntos"
PLURAL_RULES = {"en": _one_or_other, "es": _one_or_other}
GAME_DIR = Path(__file__).resolve().parents[1]
log = logging.getLogger(__name__)


def string_files(game_dir: Path = GAME_DIR) -> list[Path]:
    """Every strings TOML file: the shell's, then each game's, in a stable order."""
    files = [game_dir / "ui" / "strings.toml"]
    files += sorted((game_dir / "games").glob("*/strings*.toml"))
    return [f for f in files if f.is_file()]


def flatten(table: dict, prefix: str = "") -> dict[str, str]:
    """Flatten nested TOML tables into dotted keys."""
    flat: dict[str, str] = {}
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flatten(value, full + "."))
        else:
            flat[full] = str(value)
    return flat


def load_file(path: Path) -> dict[str, dict[str, str]]:
    """One strings file as {language: {key: template}}; raises ValueError naming the file."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path}: {exc}") from exc
    return {lang: flatten(data.get(lang, {})) for lang in LANGUAGES}


def load_catalog(files: list[Path]) -> dict[str, dict[str, str]]:
    """Merge files into one catalog; a broken file is skipped with a warning."""
    catalog: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for path in files:
        try:
            tables = load_file(path)
        except ValueError as exc:
            log.warning("strings skipped: %s", exc)
            continue
        for lang in LANGUAGES:
            catalog[lang].update(tables[lang])
    return catalog


class _Keep(dict):
    """format_map mapping that leaves unknown placeholders visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Translator:
    """Looks keys up in the current language, falling back to English, then to the key."""

    def __init__(self, catalog: dict[str, dict[str, str]], language: str = "en") -> None:
        self.catalog = catalog
        self.language = language if language in LANGUAGES else "en"

    def has(self, key: str) -> bool:
        """True if the key exists in the current language or English (plain or plural)."""
        return any(k in self.catalog[lang] for k in (key, f"{key}.other")
                   for lang in (self.language, "en"))

    def template(self, key: str, count: Any = None) -> str | None:
        """The raw template of key (its plural form for `count`), or None if it is missing."""
        for lang in (self.language, "en"):
            table = self.catalog[lang]
            if table.get(key):
                return table[key]
            if f"{key}.other" in table:
                form = PLURAL_RULES[lang](count) if isinstance(count, int | float) else "other"
                return table.get(f"{key}.{form}") or table[f"{key}.other"]
        return None

    def t(self, key: str, **params: Any) -> str:
        """The translated, formatted string for key (a plural key's form chosen by `count`)."""
        template = self.template(key, params.get("count"))
        if template is None:
            return key
        params = {k: self._param(v) for k, v in params.items()}
        try:  # str.format_map: string.Formatter's rules, in C (a bar message is 8x faster)
            return template.format_map(_Keep(params))
        except (ValueError, IndexError, KeyError, AttributeError, TypeError):
            return template

    def _param(self, value: Any) -> Any:
        # A parameter may itself be a key (e.g. a colour name): translate it when it is one.
        if isinstance(value, str) and "." in value and self.has(value):
            return self.t(value)
        return value


@cache
def translator() -> Translator:
    """The process-wide translator (built lazily on first use)."""
    return Translator(load_catalog(string_files()))


def t(key: str, **params: Any) -> str:
    """Translate key in the current language; the key itself if it is missing."""
    return translator().t(key, **params)


_switches = 0  # how many times the language changed: what a screen drawn in words compares


def set_language(language: str) -> None:
    """Switch the current language ('en' or 'es'; anything else means English). A real change
    empties every cache of drawn art and of words (memory.forget_words: what was drawn in the
    old language never comes back) and counts a switch (`switches`: screens that keep drawn
    words compare it when they are shown again, game.ui.language_watch)."""
    global _switches
    wanted = language if language in LANGUAGES else "en"
    if wanted == translator().language:
        return
    translator().language = wanted
    _switches += 1
    from game.ui.memory import forget_words  # (memory imports nothing of the shell: no circle)

    forget_words()


def switches() -> int:
    """How many times the language changed in this process."""
    return _switches


def language() -> str:
    """The current language code."""
    return translator().language
