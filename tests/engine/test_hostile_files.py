"""Hostile files: saves, journals, settings and level files that a disk, a crash or a person
broke. Each loader returns something valid or raises its own error with a short reason naming
the file and field; nothing else escapes, and nothing wrong is accepted.

The hypothesis tests mutate real files at random places with random JSON/TOML values, or edit
their text (a 5,000-digit or 6,000-digit hexadecimal number, arrays nested 2,000 deep, NaN, a
line dropped, copied or swapped, a stray character); the plain tests pin down the cases found
by hand (issues 11 and 25). Each fuzz test records what became of every case as a hypothesis
`event` (refused with the loader's own error, or loaded and played): run them with
`--hypothesis-show-statistics` to see the figures (README, "Files are read as hostile").
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import re
import shutil
import tempfile
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, Self

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.engine import schema
from game.engine.bots import make_bot
from game.engine.core import Config
from game.engine.journal import Journal, load_journal
from game.engine.jsonsafe import action_from_json, parse_json
from game.engine.levels import LEVELS_DIR, LevelError, load_toml
from game.engine.match import Match, SaveError, entry_json, load_match
from game.engine.registry import game_ids, get_game, rules_for
from game.ui.settings import Settings, _valid, load_settings
from tests.long_run import quick_or_long

# A bounded budget in the suite; 600 in the long run (LONG_RUN=1), or FUZZ_EXAMPLES=<n>
# (README, "Hostile files").
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", quick_or_long(60, 600)))
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def played(game: str, players: int, steps: int, options=()) -> Match:
    """A match after `steps` random-bot moves."""
    rules = rules_for(game)
    match = Match(rules, Config(players, tuple((o, True) for o in options)), 5)
    bots = {seat: make_bot("random", game, seat) for seat in range(players)}
    match.resolve_chance()
    for _ in range(steps):
        prompt = match.prompts()[0]
        match.apply(prompt.player,
                    bots[prompt.player].choose(rules, match.view(prompt.player), prompt))
        match.resolve_chance()
    return match


PLAYED = {game: played(game, 2, 25, get_game(game).options) for game in game_ids()}
SAVES = {game: match.to_json() for game, match in PLAYED.items()}


def load_text(tmp_path: Path, text: str) -> Match:
    path = tmp_path / "save.json"
    path.write_text(text, encoding="utf-8")
    return load_match(path, rules_for)


def assert_sound(match: Match) -> None:
    """A loaded match is a legal history of exact JSON types whose state scores cleanly."""
    again = Match.replay(match.rules, match.config, match.seed, match.history)
    assert again.state == match.state
    for _, action in match.history:
        assert exact_types(action), action
        assert action_from_json(entry_json(None, action)[1]) == action
    match.rules.scores(match.state)
    match.pending()


def exact_types(action: Any) -> bool:
    """Only what the engine itself writes: strings, true integers, None, tuples of them."""
    if isinstance(action, tuple):
        return all(exact_types(a) for a in action)
    return action is None or type(action) in (str, int)


# -- saves: the cases found by hand ---------------------------------------------------------
def mutated(game: str, change) -> dict:
    data = json.loads(json.dumps(SAVES[game]))
    change(data)
    return data


def first_int_action(data: dict) -> int:
    for index, (_, action) in enumerate(data["actions"]):
        if isinstance(action, list) and any(isinstance(a, int) for a in action):
            return index
    raise AssertionError("no action with an integer")


def float_action(data: dict) -> None:
    action = data["actions"][first_int_action(data)][1]
    action[:] = [float(a) if isinstance(a, int) else a for a in action]


@pytest.mark.parametrize(("game", "change", "field"), [
    ("next_station_paris", float_action, "actions["),
    ("french_quarter", lambda d: d["config"]["options"].update(mayor="no"), "config.options.mayor"),
    ("french_quarter", lambda d: d["config"]["options"].update(weather=True), "'weather'"),
    ("ticket_to_ride_paris", lambda d: d["config"].update(players=True), "config"),
    ("ticket_to_ride_paris", lambda d: d.update(version=1.0), "version"),
    ("ticket_to_ride_paris", lambda d: d.update(seed=7.0), "seed"),
    ("ticket_to_ride_paris", lambda d: d["actions"][3].__setitem__(1, {"a": 1}), "actions[3]"),
    ("ticket_to_ride_paris", lambda d: d["actions"][3].__setitem__(1, True), "actions[3]"),
])
def test_saves_that_are_wrong_are_refused_naming_the_field(tmp_path, game, change, field):
    with pytest.raises(SaveError, match=r"save\.json: .*" + field.replace("[", r"\[")):
        load_text(tmp_path, json.dumps(mutated(game, change)))


@pytest.mark.parametrize("text_of", [
    lambda s: s.replace('"seed":5', '"seed":' + "9" * 5000),
    lambda s: s.replace('"options":{', '"options":{"x":' + "[" * 900 + "]" * 900 + ","),
    lambda s: s.replace('"seed":5', '"seed":NaN'),
    lambda s: s.replace('"actions":[', '"actions":[' + "[" * 50_000),
])
def test_saves_that_break_the_parser_give_the_loaders_own_error(tmp_path, text_of):
    text = text_of(json.dumps(SAVES["french_quarter"], separators=(",", ":")))
    with pytest.raises(SaveError, match=r"save\.json: "):
        load_text(tmp_path, text)


# -- saves: fuzzed ----------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.integers() | st.floats()
    | st.text(max_size=8) | st.sampled_from(["route", "deck", "pick", "draw", "keep", "W"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a node of a JSON tree."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def lookup(data: Any, path: tuple) -> Any:
    """The node at a path of a JSON/TOML tree."""
    for key in path:
        data = data[key]
    return data


def replace_at(data: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return data


def retyped(value: Any, how: str) -> Any:
    """The same value in another JSON type that Python compares equal (3 -> 3.0 or True)."""
    if isinstance(value, list):
        return [retyped(v, how) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value) if how == "float" else bool(value) if value in (0, 1) else value
    return value


@FUZZ
@given(game=st.sampled_from(sorted(SAVES)), pick=st.integers(0, 10**6),
       new=json_values | st.sampled_from(["float", "bool"]))
def test_fuzzed_saves_load_soundly_or_give_a_save_error(tmp_path, game, pick, new):
    """A random node replaced by a random value, or retyped to an equal float or bool."""
    data = json.loads(json.dumps(SAVES[game]))
    every = paths(data)
    where = every[pick % len(every)]
    if new in ("float", "bool"):
        new = retyped(lookup(data, where), new)
    data = replace_at(data, where, new)
    try:
        match = load_text(tmp_path, json.dumps(data))
    except SaveError as exc:
        assert str(exc).startswith(str(tmp_path / "save.json") + ": ")
        fate("save: refused with SaveError")
        return
    assert_sound(match)
    fate("save: loaded and sound")


# -- saves: chance outcomes that are not the seed's (issue 25) --------------------------------
def outcomes_at(match: Match, index: int) -> list:
    """Every outcome the chance node at history[index] offered."""
    before = Match.replay(match.rules, match.config, match.seed, match.history[:index])
    return [outcome for outcome, _ in before.pending().outcomes]


def chance_indices(match: Match) -> list[int]:
    return [i for i, (player, _) in enumerate(match.history) if player is None]


@FUZZ
@given(game=st.sampled_from(sorted(SAVES)), pick=st.integers(0, 10**6),
       other=st.integers(0, 10**6), swap=st.booleans())
def test_fuzzed_chance_outcomes_not_the_seeds_are_refused_naming_the_entry(tmp_path, game, pick,
                                                                           other, swap):
    """A draw replaced by another possible one, or two different draws swapped: a legal-looking
    history the seed did not deal, refused at the first entry that differs."""
    match = PLAYED[game]
    data = json.loads(json.dumps(SAVES[game]))
    chances = chance_indices(match)
    first = chances[pick % len(chances)]
    if swap:
        differing = [i for i in chances if match.history[i][1] != match.history[first][1]]
        if not differing:
            fate("chance tampered: nothing to swap (every draw the same)")
            return
        second = differing[other % len(differing)]
        actions = data["actions"]
        actions[first], actions[second] = actions[second], actions[first]
        first = min(first, second)
    else:
        alternatives = [o for o in outcomes_at(match, first) if o != match.history[first][1]]
        if not alternatives:  # a chance node with a single outcome has nothing to tamper with
            fate("chance tampered: nothing to replace (a single possible outcome)")
            return
        data["actions"][first] = entry_json(None, alternatives[other % len(alternatives)])
    with pytest.raises(SaveError) as caught:
        load_text(tmp_path, json.dumps(data))
    assert str(caught.value).startswith(f"{tmp_path / 'save.json'}: actions[{first}]: ")
    fate("chance tampered: refused with SaveError naming the entry")


def test_a_save_of_every_game_with_one_draw_changed_is_refused(tmp_path):
    for game, match in PLAYED.items():
        index = next(i for i in chance_indices(match) if len(outcomes_at(match, i)) > 1)
        other = next(o for o in outcomes_at(match, index) if o != match.history[index][1])
        data = json.loads(json.dumps(SAVES[game]))
        data["actions"][index] = entry_json(None, other)
        with pytest.raises(SaveError, match=rf"actions\[{index}\]: chance outcome .* is not the "
                                            "one the seed deals"):
            load_text(tmp_path, json.dumps(data))
        assert load_text(tmp_path, json.dumps(SAVES[game])).history == match.history


# -- the autosave journal: fuzzed lines ---------------------------------------------------------
@FUZZ
@given(game=st.sampled_from(sorted(SAVES)), pick=st.integers(0, 10**6),
       other=st.integers(0, 10**6),
       how=st.sampled_from(["value", "drop", "copy", "swap", "undo"]), new=json_values)
def test_fuzzed_journals_load_soundly_or_give_a_save_error_naming_the_file(game, pick, other,
                                                                         how, new):
    """A line of an autosave journal replaced by a random value, dropped, copied, swapped with
    another, or replaced by an undo record."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "autosave.json"
        Journal.start(path, PLAYED[game]).close()
        lines = path.read_text(encoding="utf-8").splitlines()
        at, to = pick % len(lines), other % len(lines)
        if how == "value":
            lines[at] = json.dumps(new)
        elif how == "drop":
            del lines[at]
        elif how == "copy":
            lines.insert(to, lines[at])
        elif how == "swap":
            lines[at], lines[to] = lines[to], lines[at]
        else:
            lines.insert(at + 1, json.dumps({"undo": 1 + other % 4}))
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            match, _ = load_journal(path, rules_for)
        except SaveError as exc:
            assert str(exc).startswith(f"{path}: "), str(exc)
            fate("journal: refused with SaveError")
            return
        assert_sound(match)
        fate("journal: loaded and sound")


# -- settings ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["9" * 5000, "[" * 100_000 + "]" * 100_000, "NaN", "{,}"])
def test_settings_that_break_the_parser_give_defaults_and_a_warning(tmp_path, caplog, text):
    path = tmp_path / "settings.json"
    path.write_text(text)
    with caplog.at_level(logging.WARNING):
        assert load_settings(path) == Settings()
    assert "using default settings" in caplog.text


@pytest.mark.parametrize("bad", ["9" * 5000, "-" + "9" * 5000, "NaN", "Infinity"])
def test_an_unreadable_number_costs_only_its_own_field(tmp_path, caplog, bad):
    """A kiosk whose settings hold one absurd number stays a kiosk, in Spanish."""
    path = tmp_path / "settings.json"
    path.write_text('{"kiosk": true, "music_volume": ' + bad + ', "language": "es"}')
    with caplog.at_level(logging.WARNING):
        loaded = load_settings(path)
    assert loaded == Settings(kiosk=True, language="es")
    assert "music_volume: invalid value" in caplog.text


def test_saves_stay_strict_about_unreadable_numbers():
    with pytest.raises(ValueError, match="too long"):
        parse_json('{"seed": ' + "9" * 5000 + "}")
    assert parse_json('{"seed": ' + "9" * 5000 + "}", tolerant=True)["seed"].reason == (
        "a number too long to read")


class Warnings(logging.Handler):
    """Counts the warnings a loader logs while it is attached to the root logger."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1

    def __enter__(self) -> Self:
        logging.getLogger().addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger().removeHandler(self)


def valid_settings_from(text: str | bytes, folder: Path) -> None:
    """Settings read from `text` are valid, field by field; the case's fate is an event."""
    path = folder / "settings.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    with Warnings() as warned:
        loaded = load_settings(path)
    for f in fields(Settings):
        assert _valid(f.name, getattr(loaded, f.name))
    fate("settings: what could not be read refused with a warning (defaults there)"
          if warned.count else "settings: read as written")


@FUZZ
@given(data=st.dictionaries(st.sampled_from([f.name for f in fields(Settings)] + ["x"]),
                            json_values, max_size=6) | json_values)
def test_fuzzed_settings_always_give_valid_settings(tmp_path, data):
    valid_settings_from(json.dumps(data), tmp_path)


# -- level files --------------------------------------------------------------------------------
LEVEL_FILES = sorted((p.parent.name, p.name) for p in LEVELS_DIR.glob("*/*.toml"))
toml_values = st.recursive(
    st.booleans() | st.integers(-5, 40) | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=2),
    max_leaves=6,
)


def load_board_of(game: str):
    module = __import__(f"game.games.{game}.board", fromlist=["load_board"])
    return module.load_board()


@FUZZ
@given(file=st.sampled_from(LEVEL_FILES), pick=st.integers(0, 10**6), new=toml_values,
       drop=st.booleans())
def test_fuzzed_level_files_load_or_name_file_and_field(monkeypatch, file, pick, new, drop):
    game, name = file
    target = LEVELS_DIR / game / name

    def mutated_toml(path: Path) -> dict:
        data = load_toml(path)
        if Path(path).resolve() != target.resolve():
            return data
        every = [p for p in paths(data) if p]
        path_ = every[pick % len(every)]
        parent = data
        for key in path_[:-1]:
            parent = parent[key]
        if drop:
            del parent[path_[-1]]
        else:
            parent[path_[-1]] = new
        return data

    monkeypatch.setattr(schema, "load_toml", mutated_toml)
    try:
        rules = rules_class(game)()
    except LevelError as exc:
        message = str(exc)
        assert message.startswith(f"levels/{game}/{name}: "), message
        assert message.count(": ") >= 2, message  # file: field: problem
        fate("level data: refused with LevelError")
        return
    plays(rules, game, pick % 1000)
    fate("level data: loaded and played")


def copy_of(*path: Any) -> Any:
    """A level value taken from elsewhere in the same file (to make a duplicate id)."""
    return ("copy", path)


LEVEL_CASES = [
    ("french_quarter", "cards.toml", ("mayor", 0, "priority", 0), 7, "mayor[0].priority[0]"),
    ("next_station_paris", "scoring.toml", ("ratings", 1, "id"), copy_of("ratings", 0, "id"),
     "ratings[1].id"),
    ("french_quarter", "cards.toml", ("vacation", 1, "id"), copy_of("vacation", 0, "id"),
     "vacation[1].id"),
    ("french_quarter", "game.toml", ("scoring", "riverwalk_visits"), -1,
     "scoring.riverwalk_visits"),
    ("next_station_paris", "scoring.toml", ("interchange", 2), -2, "interchange[2]"),
    ("french_quarter", "game.toml", ("scoring", "courtyards", 1), -3, "scoring.courtyards[1]"),
    ("ticket_to_ride_paris", "deck.toml", ("surprise",), 1, "surprise"),
    # found by the fuzz test: a vocation renamed on the board was blamed on cards.toml
    ("urban_sprawl", "board.toml", ("vocations", 0), "0", "vocations[0]"),
    # found by the fuzz test: no routes at all raised a KeyError instead of naming the field
    ("ticket_to_ride_paris", "map.toml", ("routes",), [], "routes"),
]


@pytest.mark.parametrize(("game", "name", "path", "value", "field"), LEVEL_CASES,
                         ids=[c[-1] for c in LEVEL_CASES])
def test_level_values_found_wrong_by_hand_are_refused(monkeypatch, game, name, path, value,
                                                      field):
    """A non-string priority, duplicate ids, negative counts and points, an unknown key."""
    target = (LEVELS_DIR / game / name).resolve()

    def patched(p: Path) -> dict:
        data = load_toml(p)
        if Path(p).resolve() == target:
            new = lookup(data, value[1]) if isinstance(value, tuple) else value
            lookup(data, path[:-1])[path[-1]] = new
        return data

    monkeypatch.setattr(schema, "load_toml", patched)
    with pytest.raises(LevelError) as caught:
        load_board_of(game)
    assert str(caught.value).startswith(f"levels/{game}/{name}: {field}"), str(caught.value)


# -- litter -------------------------------------------------------------------------------------
def test_temporary_files_of_a_killed_write_are_cleared_by_the_next_one(tmp_path):
    from game.engine.journal import Journal
    from game.engine.match import write_atomic

    for name in ("autosave.json", "settings.json"):
        (tmp_path / f"{name}abc123.tmp").write_text("half a file")
    Journal.start(tmp_path / "autosave.json", played("ticket_to_ride_paris", 2, 3)).close()
    write_atomic(tmp_path / "settings.json", "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json", "settings.json"]


# -- level and settings files: fuzzed text (issue 25) -------------------------------------------
NUMBER = re.compile(r"(?<![\w.\"'-])-?\d[\d_]*(?:\.\d+)?(?![\w.\"'])")
TEXT_EDITS = ("huge", "deep", "hex", "float", "int", "drop", "copy", "swap", "char")
STRAY = ("[", "]", "{", "}", '"', "'", "=", ",", "\n", "#", "\x00", "é", "\\", b"\xff")
FLOATS = ("nan", "inf", "-inf", "1e999", "2.5", "-0.0")
PLAY_STEPS = 150  # decisions a level that loads is played for


def edited_text(text: str, how: str, pick: int, other: int, number: int) -> str | bytes:
    """One edit of a file's text: a number replaced (by 5,000 digits, arrays nested 2,000 deep,
    a 5,000-digit hexadecimal, a float, another integer), a line dropped, copied or swapped, or
    one character replaced by a stray one (`\\xff`: the text stops being UTF-8)."""
    if how in ("huge", "deep", "hex", "float", "int"):
        found = numbers_in(text)
        if not found:
            return text + f"\nx = {number}\n"
        start, end = found[pick % len(found)]
        new = {"huge": "9" * 5000, "deep": "[" * 2000 + "]" * 2000, "hex": "0x" + "f" * 5000,
               "float": FLOATS[other % len(FLOATS)], "int": str(number)}[how]
        return text[:start] + new + text[end:]
    if how == "char":
        at, stray = pick % len(text), STRAY[other % len(STRAY)]
        if isinstance(stray, bytes):
            raw = text.encode("utf-8")
            at = pick % len(raw)
            return raw[:at] + stray + raw[at + 1:]
        return text[:at] + stray + text[at + 1:]
    lines = text.splitlines(keepends=True)
    at, to = pick % len(lines), other % len(lines)
    if how == "drop":
        del lines[at]
    elif how == "copy":
        lines.insert(to, lines[at])
    else:
        lines[at], lines[to] = lines[to], lines[at]
    return "".join(lines)


def numbers_in(text: str) -> list[tuple[int, int]]:
    """Where the numbers of a TOML or JSON text are, outside comments (a number in a comment
    changes nothing)."""
    found, offset = [], 0
    for line in text.splitlines(keepends=True):
        code = line.split("#", 1)[0]
        found += [(offset + m.start(), offset + m.end()) for m in NUMBER.finditer(code)]
        offset += len(line)
    return found


def fate(label: str) -> None:
    """Record what became of one fuzz case: a hypothesis event (`--hypothesis-show-statistics`
    prints their shares) and, with FUZZ_TALLY=<file>, one line in that file to count them."""
    event(label)
    tally = os.environ.get("FUZZ_TALLY")
    if tally:
        with open(tally, "a", encoding="utf-8") as out:
            out.write(label + "\n")


def rules_class(game: str) -> Any:
    module, _, name = get_game(game).rules_ref.partition(":")
    return getattr(importlib.import_module(module), name)


def plays(rules: Any, game: str, seed: int) -> None:
    """Random bots play a seeded match of the smallest table for PLAY_STEPS decisions (or to
    its end); any exception is an escape."""
    players = max(2, rules.min_players)
    match = Match(rules, Config(players), seed)
    bots = {seat: make_bot("random", game, seat) for seat in range(players)}
    match.resolve_chance()
    for _ in range(PLAY_STEPS):
        if match.is_over():
            break
        prompt = match.prompts()[0]
        match.apply(prompt.player,
                    bots[prompt.player].choose(rules, match.view(prompt.player), prompt))
        match.resolve_chance()
    rules.scores(match.state)


@FUZZ
@given(file=st.sampled_from(LEVEL_FILES), how=st.sampled_from(TEXT_EDITS),
       pick=st.integers(0, 10**6), other=st.integers(0, 10**6),
       number=st.integers(-3, 60) | st.integers(-10**20, 10**20), seed=st.integers(0, 999))
def test_fuzzed_level_text_gives_a_level_error_naming_file_and_place_or_plays(file, how, pick,
                                                                             other, number,
                                                                             seed):
    """The whole path the console takes: the file's text on disk, the game's rules built from
    that folder (every file of the game read), and a game played when it loads."""
    game, name = file
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(LEVELS_DIR / game, root / game)
        path = root / game / name
        text = edited_text(path.read_text(encoding="utf-8"), how, pick, other, number)
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        try:
            rules = rules_class(game)(root)
        except LevelError as exc:
            message = str(exc)
            assert message.startswith(f"{root / game}/"), message
            assert re.match(r"[^:]+\.toml: [^:]+: .", message), message  # file: where: problem
            fate(f"level {how}: refused with LevelError")
            return
        plays(rules, game, seed)
        fate(f"level {how}: loaded and played")


@pytest.mark.parametrize("file", LEVEL_FILES, ids=["/".join(f) for f in LEVEL_FILES])
@pytest.mark.parametrize("damage", ["9" * 5000, "[" * 2000 + "]" * 2000],
                         ids=["5000 digits", "nested 2000 deep"])
def test_every_level_file_the_parser_refuses_gives_a_level_error_with_the_line(tmp_path, file,
                                                                               damage):
    game, name = file
    shutil.copytree(LEVELS_DIR / game, tmp_path / game)
    path = tmp_path / game / name
    path.write_text(f"# damaged\nbroken = {damage}\n" + path.read_text(encoding="utf-8"),
                    encoding="utf-8")
    with pytest.raises(LevelError) as caught:
        rules_class(game)(tmp_path)
    assert str(caught.value).startswith(f"{path}: line 2: "), str(caught.value)


def test_urban_sprawl_wealth_columns_not_1_to_6_give_a_level_error(tmp_path):
    """The one escape the first 600-case run found (a repeated column value crashed the rules
    constructor); the room's schema now refuses it by name."""
    shutil.copytree(LEVELS_DIR / "urban_sprawl", tmp_path / "urban_sprawl")
    path = tmp_path / "urban_sprawl" / "board.toml"
    text = path.read_text(encoding="utf-8")
    assert "wealth_columns = [1, 2," in text
    path.write_text(text.replace("wealth_columns = [1, 2,", "wealth_columns = [2, 2,", 1),
                    encoding="utf-8")
    with pytest.raises(LevelError, match="wealth_columns"):
        rules_class("urban_sprawl")(tmp_path)


SETTINGS_TEXT = json.dumps(asdict(Settings(kiosk=True, language="es")), indent=2)


@FUZZ
@given(how=st.sampled_from(TEXT_EDITS), pick=st.integers(0, 10**6), other=st.integers(0, 10**6),
       number=st.integers(-3, 60) | st.integers(-10**20, 10**20))
def test_fuzzed_settings_text_always_gives_valid_settings(how, pick, other, number):
    text = edited_text(SETTINGS_TEXT, how, pick, other, number)
    with tempfile.TemporaryDirectory() as folder:
        valid_settings_from(text, Path(folder))
