"""The match driver's bot pacing and undo (its autosave is tested in test_journal.py)."""

from __future__ import annotations

import time

from game.engine.core import Config
from game.engine.driver import THINK_TIME, MatchDriver
from game.engine.match import Match
from game.engine.registry import rules_for

GAME = "ticket_to_ride_paris"


class FirstOptionBot:
    """Answers at once with the first option."""

    def choose(self, rules, view, prompt):
        """The first option."""
        return prompt.options[0].action


def bot_table() -> MatchDriver:
    driver = MatchDriver(Match(rules_for(GAME), Config(2), 1), {0: FirstOptionBot(),
                                                                1: FirstOptionBot()})
    driver.open()
    return driver


def until_played(driver: MatchDriver, elapsed: float = 0.0, **pacing) -> tuple:
    """Call play_bots (wall time for the worker thread) until a move comes; its events."""
    pacing = {"ready": lambda seat: True, "at_once": False, "keep_pace": False, **pacing}
    deadline = time.monotonic() + 10
    while (events := driver.play_bots(elapsed, **pacing)) is None:
        assert time.monotonic() < deadline, "no bot move came"
        time.sleep(0.001)
    return events


def test_a_bot_moves_only_once_its_think_time_has_passed():
    driver = bot_table()
    before = len(driver.match.history)
    for _ in range(50):  # the answer is ready on the worker long before the pause is over
        assert driver.play_bots(THINK_TIME / 100, lambda seat: True, False, False) is None
        time.sleep(0.001)
    assert len(driver.match.history) == before and driver.worker.busy()
    events = until_played(driver, THINK_TIME / 10)
    assert events and len(driver.match.history) > before and driver.think == 0.0
    driver.close()


def test_at_once_bots_answer_without_the_pause_and_may_keep_the_pace():
    driver = bot_table()
    until_played(driver, at_once=True, keep_pace=True)
    assert driver.think == 0.0  # nothing elapsed: the pause was skipped, not waited for
    until_played(driver, THINK_TIME, keep_pace=True)
    assert driver.think >= THINK_TIME  # the next bot answers on the next frame, no new pause
    driver.close()


def test_a_bot_whose_seat_is_not_ready_does_not_start_thinking():
    driver = bot_table()
    for _ in range(5):
        assert driver.play_bots(THINK_TIME, lambda seat: False, True, False) is None
    assert not driver.worker.busy()
    driver.close()


def test_undo_takes_back_the_seats_own_last_step_only():
    driver = MatchDriver(Match(rules_for("french_quarter"), Config(2), 1), {})
    driver.open()
    history = driver.match.history
    assert not driver.can_undo(driver.match.prompts()[0].player) and not driver.can_undo(None)
    for _ in range(300):  # play the last option until a step may be taken back (a die pick)
        prompt = driver.match.prompts()[0]
        before = list(history)
        driver.apply(prompt.player, prompt.options[-1].action)
        if driver.can_undo(prompt.player):
            break
    else:
        raise AssertionError("no undoable step came")
    assert not driver.undo(1 - prompt.player) and len(history) == len(before) + 1
    assert driver.undo(prompt.player) and history == before


def test_set_meta_rewrites_the_autosave_header_and_the_journal_goes_on(tmp_path):
    from game.engine.journal import load_journal

    path = tmp_path / "autosave.json"
    driver = MatchDriver(Match(rules_for(GAME), Config(2), 1), {}, path, {"seats": ["a"]})
    driver.open()
    prompt = driver.match.prompts()[0]
    driver.apply(prompt.player, prompt.options[0].action)
    driver.set_meta({"seats": ["b"]})
    match, meta = load_journal(path, rules_for)
    assert meta == {"seats": ["b"]} and match.history == driver.match.history
    prompt = driver.match.prompts()[0]
    driver.apply(prompt.player, prompt.options[0].action)
    driver.close()
    match, meta = load_journal(path, rules_for)
    assert meta == {"seats": ["b"]} and match.history == driver.match.history


def test_a_bots_view_is_worked_out_on_the_worker_thread():
    """The frame that starts a bot thinking pays for no view: the worker makes the seat's."""
    import threading

    rules = rules_for(GAME)
    made_on: list[str] = []

    class Spy:
        def __getattr__(self, name):
            return getattr(rules, name)

        def view(self, state, seat):
            made_on.append(threading.current_thread().name)
            return rules.view(state, seat)

    asked: list = []

    class Recorder(FirstOptionBot):
        def choose(self, rules, view, prompt):
            asked.append((view, prompt.player))
            return prompt.options[0].action

    driver = MatchDriver(Match(rules_for(GAME), Config(2), 1), {0: Recorder(), 1: Recorder()})
    driver.open()
    driver.match.rules = Spy()
    state = driver.match.state
    until_played(driver, at_once=True)
    view, seat = asked[0]
    assert view == rules.view(state, seat) and made_on == ["bot"]
    driver.close()
