"""The autosave journal: appends without rewriting, undo records, torn and corrupt files, fsync
off the caller's thread, and the driver keeping it equal to the history."""

from __future__ import annotations

import json
import logging
import os
import threading
from itertools import islice
from pathlib import Path

import pytest
from journal_child import steps

from game.engine import journal as journal_module
from game.engine.bots import make_bot
from game.engine.core import Config
from game.engine.driver import MatchDriver
from game.engine.journal import JOURNAL_FORMAT, Journal, load_journal
from game.engine.match import Match, SaveError
from game.engine.registry import rules_for

GAME = "ticket_to_ride_paris"


def played(steps_: int, seed: int = 3) -> Match:
    """A 2-player match after `steps_` random-bot moves (chance resolved)."""
    rules = rules_for(GAME)
    match = Match(rules, Config(2), seed)
    bots = {seat: make_bot("random", GAME, seat) for seat in range(2)}
    match.resolve_chance()
    for _ in range(steps_):
        prompt = match.prompts()[0]
        match.apply(prompt.player, bots[prompt.player].choose(rules, match.view(prompt.player),
                                                               prompt))
        match.resolve_chance()
    return match


def lines(path: Path) -> list:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_journal_holds_a_header_then_one_line_per_entry_and_loads_back(tmp_path):
    match = played(12)
    path = tmp_path / "autosave.json"
    Journal.start(path, match, {"seats": [{"kind": "human"}, {"kind": "greedy"}]}).close()
    header, *entries = lines(path)
    assert header == {"format": JOURNAL_FORMAT, "version": 1, "game": GAME,
                      "config": {"players": 2, "options": {}}, "seed": 3,
                      "meta": {"seats": [{"kind": "human"}, {"kind": "greedy"}]}}
    assert len(entries) == len(match.history) and entries[0][0] is None  # the opening deal
    loaded, meta = load_journal(path, rules_for)
    assert loaded.history == match.history and meta["seats"][1] == {"kind": "greedy"}


def test_follow_appends_only_the_new_entries_and_never_rewrites(tmp_path, monkeypatch):
    match = played(5)
    path = tmp_path / "autosave.json"
    journal = Journal.start(path, match)
    before = path.read_bytes()
    encoded = []
    real = journal_module.entry_json
    monkeypatch.setattr(journal_module, "entry_json", lambda p, a: encoded.append(a) or real(p, a))
    history = list(match.history)
    longer = played(9)
    journal.follow(longer.history)
    assert history == longer.history[:len(history)]  # same seed: the same opening
    assert path.read_bytes().startswith(before)  # the bytes written before are untouched
    assert len(encoded) == len(longer.history) - len(history)  # only new entries encoded
    journal.follow(longer.history)  # nothing changed: nothing written
    assert len(lines(path)) == 1 + len(longer.history)
    journal.close()
    assert load_journal(path, rules_for)[0].history == longer.history


def test_undo_appends_a_record_that_loading_applies(tmp_path):
    match = played(4)
    path = tmp_path / "autosave.json"
    journal = Journal.start(path, match)
    undone = match.history[:-2]
    journal.follow(undone)
    assert lines(path)[-1] == {"undo": 2}
    assert load_journal(path, rules_for)[0].history == undone
    journal.follow(match.history)  # the same steps again: appended after the undo
    journal.close()
    assert load_journal(path, rules_for)[0].history == match.history


def test_every_torn_end_loads_to_the_last_complete_action(tmp_path, caplog):
    match = played(4)
    path = tmp_path / "autosave.json"
    Journal.start(path, match).close()
    whole = path.read_bytes()
    header_end = whole.index(b"\n") + 1
    for cut in range(header_end, len(whole)):
        path.write_bytes(whole[:cut])
        complete = whole[:cut].count(b"\n") - 1  # entries with their newline
        with caplog.at_level(logging.WARNING):
            caplog.clear()
            loaded, _ = load_journal(path, rules_for)
        assert loaded.history == match.history[:complete], cut
        torn = whole[cut - 1:cut] != b"\n"
        assert ("torn last line" in caplog.text) == torn, cut


def test_an_unreadable_last_line_is_dropped_but_a_bad_middle_line_is_an_error(tmp_path, caplog):
    match = played(3)
    path = tmp_path / "autosave.json"
    Journal.start(path, match).close()
    good = path.read_bytes()
    path.write_bytes(good + b"\x00\x00\x00\n")  # what a power cut may leave at the end
    with caplog.at_level(logging.WARNING):
        assert load_journal(path, rules_for)[0].history == match.history
    assert "unreadable last line" in caplog.text
    header, rest = good.split(b"\n", 1)
    path.write_bytes(header + b"\n{oops\n" + rest)
    with pytest.raises(SaveError, match=r"line 2: not valid JSON"):
        load_journal(path, rules_for)


HEADER = json.dumps({"format": JOURNAL_FORMAT, "version": 1, "game": GAME,
                     "config": {"players": 2}, "seed": 1})


@pytest.mark.parametrize(("text", "message"), [
    ("", "no complete header line"),
    (HEADER[:30], "no complete header line"),
    ("{broken\n", "header: not valid JSON"),
    ('{"format": "city-board-console/match", "version": 1}\n', "not an autosave journal"),
    (HEADER.replace('"version": 1', '"version": 9') + "\n", "version 9 is not supported"),
    (HEADER.replace(GAME, "chess") + "\n", "game: unknown 'chess'"),
    (HEADER[:-1] + ', "meta": []}\n', "meta: must be an object"),
    (HEADER + '\n{"undo": 1}\n', "line 2: not an action, a valid undo or a valid seat change"),
    (HEADER + '\n[0, "nonsense"]\n', "line 2: replay failed"),
])
def test_unusable_journals_raise_save_error_naming_file_and_cause(tmp_path, text, message):
    path = tmp_path / "autosave.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=message) as caught:
        load_journal(path, rules_for)
    assert str(path) in str(caught.value)


def test_starting_a_journal_replaces_the_old_one(tmp_path):
    path = tmp_path / "saves" / "autosave.json"
    Journal.start(path, played(8), {"n": 1}).close()
    fresh = played(0, seed=5)
    Journal.start(path, fresh, {"n": 2}).close()
    loaded, meta = load_journal(path, rules_for)
    assert (loaded.seed, loaded.history, meta) == (5, fresh.history, {"n": 2})
    assert os.listdir(path.parent) == ["autosave.json"]


def test_fsync_never_runs_on_the_writing_thread(tmp_path, monkeypatch):
    synced_on = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced_on.append(threading.current_thread())
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    match = played(10)
    journal = Journal.start(tmp_path / "autosave.json", played(2))
    journal.follow(match.history)
    journal.follow(match.history[:-1])
    assert journal.wait_synced(timeout=10)
    journal.close()
    assert synced_on and threading.current_thread() not in synced_on


def test_the_driver_keeps_the_journal_equal_to_the_history(tmp_path):
    path = tmp_path / "autosave.json"
    for history in islice(steps(11, str(path)), 150):
        assert load_journal(path, rules_for)[0].history == history


def full_disk(journal: Journal, history: list) -> None:
    """Journal.follow on a full disk."""
    raise OSError(28, "No space left on device")


def test_after_a_disk_error_the_driver_starts_a_fresh_journal(tmp_path, caplog):
    path = tmp_path / "autosave.json"
    match = Match(rules_for(GAME), Config(2), 4)
    driver = MatchDriver(match, {}, path)
    driver.open()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Journal, "follow", full_disk)
        prompt = match.prompts()[0]
        with caplog.at_level(logging.WARNING):
            assert driver.apply(prompt.player, prompt.options[0].action) is not None
    assert "autosave failed" in caplog.text
    prompt = match.prompts()[0]
    driver.apply(prompt.player, prompt.options[0].action)
    driver.close()
    assert load_journal(path, rules_for)[0].history == match.history


def test_a_finished_game_keeps_its_last_unfinished_history(tmp_path):
    path = tmp_path / "autosave.json"
    rules = rules_for(GAME)
    match = Match(rules, Config(2), 6)
    bots = {seat: make_bot("random", GAME, seat) for seat in range(2)}
    driver = MatchDriver(match, bots, path)
    driver.open()
    unfinished = list(match.history)
    while not match.is_over():
        unfinished = list(match.history)
        prompt = match.prompts()[0]
        driver.apply(prompt.player, bots[prompt.player].choose(rules, match.view(prompt.player),
                                                               prompt))
    driver.close()
    assert load_journal(path, rules_for)[0].history == unfinished != match.history


def test_the_driver_logs_and_refuses_an_illegal_move(caplog):
    driver = MatchDriver(played(2), {}, None)
    waiting = driver.match.prompts()[0].player
    history = list(driver.match.history)
    with caplog.at_level(logging.WARNING):
        assert driver.apply(1 - waiting, "no such move") is None
    assert "illegal action from seat" in caplog.text and driver.match.history == history


# -- chance outcomes must be the seed's (issue 25) -----------------------------------------------
def other_possible_outcome(match: Match, index: int):
    """Another outcome the chance node at history[index] could have had (None if it had one)."""
    before = Match.replay(match.rules, match.config, match.seed, match.history[:index])
    outcomes = [o for o, _ in before.pending().outcomes if o != match.history[index][1]]
    return outcomes[0] if outcomes else None


def with_entry(path: Path, number: int, entry: list) -> None:
    """The journal with its line `number` (1: the header) replaced by `entry`."""
    text = path.read_text(encoding="utf-8").splitlines()
    text[number - 1] = json.dumps(entry)
    path.write_text("\n".join(text) + "\n", encoding="utf-8")


def test_a_draw_replaced_by_another_possible_one_is_refused_naming_its_line(tmp_path):
    """Ticket to Ride: a blind draw swapped for a wild in the file is a legal history, but not
    the one the seed dealt."""
    match = played(30)
    path = tmp_path / "autosave.json"
    Journal.start(path, match).close()
    tampered = 0
    for index, (player, _) in enumerate(match.history):
        other = other_possible_outcome(match, index) if player is None else None
        if other is None:
            continue
        Journal.start(path, match).close()
        with_entry(path, index + 2, [None, list(other) if isinstance(other, tuple) else other])
        with pytest.raises(SaveError, match=rf"autosave\.json: line {index + 2}: chance outcome "
                                            r".* is not the one the seed deals"):
            load_journal(path, rules_for)
        tampered += 1
    assert tampered >= 5


def swapped_draws(match: Match) -> tuple[int, int]:
    """Two chance entries of the history with different outcomes, each possible where the
    other stands (the first such pair)."""
    chances = [i for i, (player, _) in enumerate(match.history) if player is None]
    for i in chances:
        for j in (j for j in chances if j > i and match.history[j][1] != match.history[i][1]):
            before = Match.replay(match.rules, match.config, match.seed, match.history[:i])
            if match.history[j][1] in [o for o, _ in before.pending().outcomes]:
                return i, j
    raise AssertionError("no swappable pair of draws")


def test_two_urban_sprawl_draws_swapped_are_refused_naming_the_first_line(tmp_path):
    rules = rules_for("urban_sprawl")
    match = Match(rules, Config(2), 11)
    bots = {seat: make_bot("random", "urban_sprawl", seat) for seat in range(2)}
    match.resolve_chance()
    for _ in range(40):
        prompt = match.prompts()[0]
        match.apply(prompt.player, bots[prompt.player].choose(rules, match.view(prompt.player),
                                                               prompt))
        match.resolve_chance()
    i, j = swapped_draws(match)
    path = tmp_path / "autosave.json"
    Journal.start(path, match).close()
    entries = lines(path)
    with_entry(path, i + 2, entries[j + 1])
    with_entry(path, j + 2, entries[i + 1])
    with pytest.raises(SaveError, match=rf"line {i + 2}: chance outcome .* is not the one the "
                                        "seed deals"):
        load_journal(path, rules_for)


def test_line_numbers_count_the_undo_records_a_tampered_line_follows(tmp_path):
    match = played(12)
    path = tmp_path / "autosave.json"
    journal = Journal.start(path, Match.replay(match.rules, match.config, match.seed,
                                          match.history[:-1]))
    journal.follow(match.history[:-3])  # an undo record of two entries...
    journal.follow(match.history)  # ...then the same steps again
    journal.close()
    chance = max(i for i, (player, _) in enumerate(match.history)
                 if player is None and other_possible_outcome(match, i) is not None)
    assert chance >= len(match.history) - 3, "the test needs a draw after the undo record"
    number = 1 + len(match.history) - 1 + 1 + (chance - (len(match.history) - 3)) + 1
    assert lines(path)[number - 1] == json.loads(json.dumps(list(match.history[chance])))
    other = other_possible_outcome(match, chance)
    with_entry(path, number, [None, list(other) if isinstance(other, tuple) else other])
    with pytest.raises(SaveError, match=rf"line {number}: chance outcome"):
        load_journal(path, rules_for)


def test_a_file_of_forced_outcomes_does_not_load_but_the_forced_match_plays_in_memory(tmp_path):
    """Tests force outcomes on matches they build; no file can carry a forced outcome, so
    there is no flag a tamperer could set to skip the check."""
    match = played(0)
    seeded = list(match.history)
    forced = Match.replay(match.rules, match.config, match.seed, seeded[:-1])
    forced.apply_chance(other_possible_outcome(match, len(seeded) - 1))
    assert forced.history[-1] != seeded[-1] and forced.prompts()  # it plays on in memory
    path = tmp_path / "autosave.json"
    Journal.start(path, forced).close()
    with pytest.raises(SaveError, match=rf"line {len(seeded) + 1}: chance outcome"):
        load_journal(path, rules_for)


def test_an_untampered_journal_of_every_game_loads(tmp_path):
    for game in ("ticket_to_ride_paris", "urban_sprawl", "explore_new_york", "french_quarter",
                 "next_station_paris"):
        rules = rules_for(game)
        match = Match(rules, Config(3), 2)
        bots = {seat: make_bot("random", game, seat) for seat in range(3)}
        match.resolve_chance()
        for _ in range(15):
            prompt = match.prompts()[0]
            match.apply(prompt.player, bots[prompt.player].choose(
                rules, match.view(prompt.player), prompt))
            match.resolve_chance()
        path = tmp_path / f"{game}.json"
        Journal.start(path, match).close()
        assert load_journal(path, rules_for)[0].history == match.history
