"""Match: legal moves, forced chance, undo policy, replay, saves, corrupt saves, atomic writes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from engine_support import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import match as match_module
from game.engine.core import Chance, Config, IllegalAction, freeze
from game.engine.match import SAVE_FORMAT, SAVE_VERSION, Match, SaveError, load_match, write_atomic
from game.games.example_dice.rules import DiceGame

RULES = DiceGame()
DICE_ID = DiceGame.game_id


def rules_for(game_id: str) -> DiceGame:
    """The save loader's game lookup, knowing only the dice game."""
    if game_id != DICE_ID:
        raise KeyError(game_id)
    return RULES


def dealt(seed: int = 1, secrets: tuple[int, ...] = (3, 1)) -> Match:
    """A 2-player match with the secret cards dealt as given."""
    match = Match(RULES, Config(len(secrets)), seed)
    for card in secrets:
        match.apply_chance(card)
    return match


def at_choice(face: int) -> Match:
    """Seat 0 must choose, having rolled `face`."""
    match = dealt()
    match.apply_chance(face)
    return match


# -- apply and chance ----------------------------------------------------------------------------
def test_new_match_waits_for_chance_and_refuses_player_moves() -> None:
    match = Match(RULES, Config(2), 1)
    assert isinstance(match.pending(), Chance)
    with pytest.raises(IllegalAction, match="outcome"):  # the rules' own check refuses it
        match.apply(0, "add")


def test_forced_chance_outcomes_decide_the_options() -> None:
    low, high = at_choice(2), at_choice(5)
    assert low.prompt_for(0).actions() == ("add", "double", "reroll", "peek")
    assert high.prompt_for(0).actions() == ("add", "reroll", "peek")
    assert low.prompt_for(1) is None


def test_apply_chance_rejects_impossible_outcomes_and_non_chance_nodes() -> None:
    match = dealt()
    with pytest.raises(IllegalAction, match="not a possible outcome"):
        match.apply_chance(7)
    match.apply_chance(4)
    with pytest.raises(IllegalAction, match="no chance node"):
        match.apply_chance(4)


def test_illegal_actions_raise_and_change_nothing() -> None:
    match = at_choice(5)
    before = (snapshot(match.state), list(match.history))
    with pytest.raises(IllegalAction, match="'double' is not a legal choice for choose"):
        match.apply(0, "double")
    with pytest.raises(IllegalAction, match="player 1 has nothing to decide"):
        match.apply(1, "add")
    assert (snapshot(match.state), match.history) == before


def test_a_turn_banks_the_die_and_passes() -> None:
    match = at_choice(2)
    match.apply(0, "double")
    match.apply(0, "confirm")
    assert match.totals() == [4, 0]
    assert isinstance(match.pending(), Chance)


def test_simultaneous_bets_prompt_every_seat_until_they_answer() -> None:
    match = dealt()
    for _ in range(2):
        match.apply_chance(6)
        match.apply(match.prompts()[0].player, "add")
        match.apply(match.prompts()[0].player, "confirm")
    assert [p.player for p in match.prompts()] == [0, 1]
    match.apply(1, "odd")
    assert [p.player for p in match.prompts()] == [0]
    assert match.view(0).bets == (None, "hidden"), "a seat's bet is hidden from the others"
    match.apply(0, "even")
    events = match.apply_chance(3)
    assert any(e.reveal for e in events)
    assert match.totals() == [6, 8]


def test_resolve_chance_depends_only_on_seed_and_step() -> None:
    a, b, c = (Match(RULES, Config(3), seed) for seed in (11, 11, 12))
    for m in (a, b, c):
        m.resolve_chance()
    assert a.history == b.history and len(a.history) == 4  # three deals and the first roll
    assert any(Match(RULES, Config(3), s).resolve_chance() != a.history for s in range(20, 30))
    assert c.prompts(), "chance stops at the first player decision"


# -- undo ----------------------------------------------------------------------------------------
def test_undo_own_steps_until_the_turn_passes() -> None:
    match = at_choice(2)
    start = snapshot(match.state)
    match.apply(0, "double")
    assert match.can_undo(0) and not match.can_undo(1)
    assert not match.undo(1)
    assert match.undo(0)
    assert snapshot(match.state) == start and match.prompt_for(0).kind == "choose"
    match.apply(0, "add")
    match.apply(0, "confirm")
    assert not match.can_undo(0), "the turn passed"
    assert not match.undo(0)


def test_undo_never_crosses_a_chance_outcome() -> None:
    match = at_choice(1)
    match.apply(0, "reroll")
    assert not match.can_undo(0), "a reroll leads to chance"
    match.apply_chance(3)
    match.apply(0, "add")
    assert match.undo(0)
    assert not match.can_undo(0), "cannot undo the roll"
    assert match.state.die == 3


def test_undo_never_crosses_a_reveal() -> None:
    match = at_choice(4)
    match.apply(0, "peek")
    assert match.prompt_for(0) is not None, "still seat 0's turn"
    assert not match.can_undo(0), "the secret card was shown"
    match.apply(0, "add")
    assert match.undo(0) and not match.can_undo(0)


def test_undo_stops_when_the_turn_passes_into_simultaneous_play() -> None:
    match = at_choice(6)
    match.apply(0, "add")
    match.apply(0, "confirm")
    match.apply_chance(6)
    match.apply(1, "add")
    match.apply(1, "confirm")
    assert match.prompt_for(1) is not None, "seat 1 must now bet, with everyone"
    assert not match.can_undo(1), "but its turn has passed"
    match.apply(0, "odd")
    assert not match.can_undo(0), "a bet ends that seat's part of the step"


def test_undo_is_refused_after_loading() -> None:
    match = at_choice(4)
    match.apply(0, "add")
    loaded = Match.replay(RULES, match.config, match.seed, match.history)
    assert not loaded.can_undo(0)


# -- replay and saves ----------------------------------------------------------------------------
def played(seed: int = 3) -> Match:
    """A few real steps into a 2-player game."""
    match = Match(RULES, Config(2), seed)
    match.resolve_chance()
    match.apply(0, "add")
    match.apply(0, "confirm")
    match.resolve_chance()
    return match


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    match = played()
    path = tmp_path / "saves" / "slot1.json"
    match.save(path)
    loaded = load_match(path, rules_for)
    assert loaded.history == match.history and loaded.seed == match.seed
    assert snapshot(loaded.state) == snapshot(match.state)
    assert [p.name for p in path.parent.iterdir()] == ["slot1.json"], "no temp files left"


def save_data(**changes) -> dict:
    """A valid save's JSON with some fields replaced (None values delete the field)."""
    data = json.loads(json.dumps(played().to_json()))
    for key, value in changes.items():
        data[key] = value
    return data


CORRUPT = {
    "bad_json": ("{not json", "not valid JSON"),
    "not_an_object": ("[1, 2]", "not a match save"),
    "wrong_format": (json.dumps(save_data(format="other")), "not a match save"),
    "wrong_version": (json.dumps(save_data(version=SAVE_VERSION + 1)), "version 2"),
    "unknown_game": (json.dumps(save_data(game="chess")), "game: unknown 'chess'"),
    "game_not_a_string": (json.dumps(save_data(game=["x"])), "game: must be"),
    "bad_config": (json.dumps(save_data(config={"players": "two"})), "config:"),
    "too_many_players": (json.dumps(save_data(config={"players": 9})), "config.players: 9"),
    "seed_not_int": (json.dumps(save_data(seed="3")), "seed: must be an integer"),
    "actions_not_list": (json.dumps(save_data(actions={})), "actions: must be a list"),
    "bad_pair": (json.dumps(save_data(actions=[[0]])), "actions: must be a list"),
    "bool_player": (json.dumps(save_data(actions=[[True, "add"]])), "actions: must be a list"),
    "illegal_action": (json.dumps(save_data(actions=[[0, "add"]])), "actions[0]: replay failed"),
    "impossible_chance": (json.dumps(save_data(actions=[[None, 9]])), "not a possible outcome"),
    "deep_nesting": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
}


@pytest.mark.parametrize("name", CORRUPT)
def test_corrupt_saves_raise_save_error_naming_file_and_field(tmp_path: Path, name: str) -> None:
    text, expected = CORRUPT[name]
    path = tmp_path / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as info:
        load_match(path, rules_for)
    message = str(info.value)
    assert message.startswith(str(path)) and expected in message
    assert "\n" not in message


def test_unreadable_saves_raise_save_error(tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    for path in (tmp_path / "missing.json", tmp_path, binary):
        with pytest.raises(SaveError, match="cannot read|not valid JSON"):
            load_match(path, rules_for)


def test_save_json_names_format_version_and_game() -> None:
    data = played().to_json()
    assert (data["format"], data["version"], data["game"]) == (SAVE_FORMAT, SAVE_VERSION, DICE_ID)
    assert all(isinstance(pair, list) and len(pair) == 2 for pair in data["actions"])


def test_registry_lookup_loads_the_example_room(tmp_path: Path) -> None:
    from game.engine.registry import rules_for as registry_rules_for

    path = tmp_path / "save.json"
    played().save(path)
    assert load_match(path, registry_rules_for).history == played().history
    path.write_text(path.read_text().replace(DICE_ID, "no_such_game"), encoding="utf-8")
    with pytest.raises(SaveError, match="game: unknown 'no_such_game'"):
        load_match(path, registry_rules_for)


# -- atomic writes -------------------------------------------------------------------------------
def test_write_atomic_keeps_the_old_file_when_the_rename_fails(tmp_path, monkeypatch) -> None:
    path = tmp_path / "save.json"
    path.write_text("old", encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(match_module.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["save.json"], "the temporary file is removed"


def test_write_atomic_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        write_atomic(path, "half written \ud800")  # a lone surrogate cannot be encoded
    assert path.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["save.json"]


# -- undo, property-based ------------------------------------------------------------------------
OPS = st.lists(
    st.tuples(st.sampled_from(["act", "act", "undo"]), st.integers(0, 2), st.integers(0, 9)),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(ops=OPS, seed=st.integers(0, 10_000))
def test_undo_only_removes_own_steps_after_the_last_chance_or_reveal(ops, seed) -> None:
    match = Match(RULES, Config(3), seed)
    for op, seat, pick in ops:
        match.resolve_chance()
        if match.is_over():
            break
        before = list(match.history)
        if op == "undo":
            if match.undo(seat):
                assert (
                    match.history == before[:-1] and before[-1][0] == seat
                )  # own step, not chance
        else:
            prompt = match.prompts()[seat % len(match.prompts())]
            match.apply(prompt.player, prompt.options[pick % len(prompt.options)].action)
        rebuilt = Match.replay(RULES, match.config, seed, match.history)
        assert snapshot(rebuilt.state) == snapshot(match.state), "undo restores the exact state"
        if match.can_undo(seat):
            # Only the first step of a turn is undoable: reroll leads to chance, peek reveals,
            # confirm and bets pass the turn.
            assert match.history[-1] in ((seat, "add"), (seat, "double"))


ACTIONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3).map(tuple),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(action=ACTIONS)
def test_actions_of_strings_ints_and_tuples_survive_the_save_round_trip(action) -> None:
    text = json.dumps(match_module._jsonable(action))
    assert freeze(json.loads(text)) == action


def test_tie_note_names_who_the_tiebreak_chose_or_who_share() -> None:
    from game.engine.core import tie_note

    assert tie_note([10, 7], [0], "won", "shared", ("count", 2)) is None
    assert tie_note([10, 10, 3], [1], "won", "shared", ("count", 2)) == (
        "won", (("player", 1), ("players", (0, 1)), ("points", 10), ("count", 10),
                ("count", 2)))
    assert tie_note([10, 10], [0, 1], "won", "shared", ("line", 9)) == (
        "shared", (("players", (0, 1)), ("points", 10), ("count", 10), ("line", 9)))
