"""Every string key exists in English and Spanish, and every literal t("key") in the code exists."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui.i18n import LANGUAGES, Translator, load_catalog, load_file, string_files

ROOT = Path(__file__).resolve().parents[2]
LITERAL_KEY = re.compile(r"""\bt\(\s*(["'])([A-Za-z0-9_.\-]+)\1""")
IMPORTS_T = re.compile(r"from game\.ui\.i18n import [^\n]*\bt\b(?! as)")


# (a body line is indented or blank: matched one line per step, so a `def t` that is not such a
# helper fails at once instead of backtracking over every way to split its lines)
LOCAL_T = re.compile(r"^def t\(.*\n(?:(?:[ \t]+.*)?\n)*?[ \t]+return \w+\((\w+) \+ key", re.MULTILINE)


def key_prefix(source: str) -> str | None:
    """'' for modules using the shared t(); the prefix of a local `t = prefix + key` helper;
    None when t() is something else."""
    local = LOCAL_T.search(source)
    if local:
        const = re.search(rf"^{local.group(1)}\s*=\s*[\"']([^\"']+)[\"']", source, re.MULTILINE)
        return const.group(1) if const else None
    if re.search(r"^\s*def t\(", source, re.MULTILINE):
        return None
    return "" if IMPORTS_T.search(source) else None


def uses_shared_t(source: str) -> bool:
    """True if a module calls the shared t() directly."""
    return key_prefix(source) == ""


def test_string_files_include_shell_and_games():
    files = [f.relative_to(ROOT).as_posix() for f in string_files()]
    assert "game/ui/strings.toml" in files
    assert all(f == "game/ui/strings.toml" or f.startswith("game/games/") for f in files)


def test_every_key_exists_in_every_language():
    missing = []
    for path in string_files():
        tables = load_file(path)
        keys = set().union(*(tables[lang] for lang in LANGUAGES))
        for lang in LANGUAGES:
            missing += [f"{path.relative_to(ROOT)}: [{lang}] {k}" for k in keys - tables[lang].keys()]
    assert not missing, "missing translations:\n" + "\n".join(sorted(missing))


def test_no_empty_translations():
    empty = [f"{p.name}: [{lang}] {k}" for p in string_files()
             for lang, table in load_file(p).items() for k, v in table.items() if not v.strip()]
    assert not empty, empty


def test_literal_keys_in_code_exist():
    catalog = load_catalog(string_files())
    unknown = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        prefix = key_prefix(source)
        if prefix is None:
            continue
        for match in LITERAL_KEY.finditer(source):
            key = prefix + match.group(2)
            if not all(Translator(catalog, lang).template(key) for lang in LANGUAGES):
                unknown.append(f"{path.relative_to(ROOT)}: {key}")
    assert not unknown, "t() keys without a translation:\n" + "\n".join(unknown)


def test_scanner_sees_the_shell_modules():
    scanned = [p.name for p in (ROOT / "game").rglob("*.py")
               if uses_shared_t(p.read_text(encoding="utf-8"))]
    # the game scene's bar and strip texts live in its table modes (game/scenes/table/)
    assert {"title.py", "pause.py", "base.py", "split.py"} <= set(scanned)


def test_missing_key_shows_the_key_and_bad_params_never_crash():
    tr = Translator({"en": {"a.b": "Hello {name}", "bad": "oops {"}, "es": {"a.b": "Hola {name}"}})
    assert tr.t("no.such.key") == "no.such.key"
    assert tr.t("a.b", name="Ana") == "Hello Ana"
    assert tr.t("a.b") == "Hello {name}"  # a missing parameter stays visible
    assert tr.t("bad", x=1) == "oops {"
    tr.language = "es"
    assert tr.t("a.b", name="Ana") == "Hola Ana"
    assert tr.t("bad") == "oops {"  # falls back to English


def test_formatting_follows_string_formatter_on_every_kind_of_field():
    """Templates are filled with str.format_map (in C): the same text string.Formatter gives,
    and the template itself where Formatter raises (positional fields, bad attributes)."""
    import string

    from game.ui.i18n import _Keep

    templates = ["{name} {n:>4} {n:03d} {name!r}", "{missing} and {missing:>6}", "{name.upper}",
                 "{0} positional", "{} auto", "{name[0]}", "{n:{width}}", "{{literal}} {n}",
                 "{missing.attr}", "{n!x}"]
    params = {"name": "Ana", "n": 7, "width": 5}
    tr = Translator({"en": {f"k{i}": tpl for i, tpl in enumerate(templates)}, "es": {}})
    for i, template in enumerate(templates):
        try:
            expected = string.Formatter().vformat(template, (), _Keep(params))
        except (ValueError, IndexError, KeyError, AttributeError, TypeError):
            expected = template
        assert tr.t(f"k{i}", **params) == expected, template


def test_spanish_differs_for_shell_menu():
    catalog = load_catalog(string_files())
    tr = Translator(catalog, "es")
    assert tr.t("title.new_game") == "Nueva partida"
    assert Translator(catalog, "xx").language == "en"


def test_plural_keys_pick_their_form_by_count_in_each_language():
    tr = Translator({"en": {"p.one": "{count} point", "p.other": "{count} points"},
                     "es": {"p.one": "{count} punto", "p.other": "{count} puntos"}})
    assert [tr.t("p", count=n) for n in (0, 1, 2, 28)] == [
        "0 points", "1 point", "2 points", "28 points"]
    assert tr.has("p") and not tr.has("q")
    tr.language = "es"
    assert [tr.t("p", count=n) for n in (0, 1, 28)] == ["0 puntos", "1 punto", "28 puntos"]
    assert tr.t("p") == "{count} puntos"  # no count: the general form, placeholder visible


def test_shell_plurals_read_as_words_in_both_languages():
    catalog = load_catalog(string_files())
    assert Translator(catalog, "en").t("results.points", count=1) == "1 point"
    assert Translator(catalog, "es").t("results.points", count=28) == "28 puntos"
