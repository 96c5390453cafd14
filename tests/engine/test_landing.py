"""A bot's move worked out ahead on the worker (`land_ahead`) and adopted by the match
(`Match.adopt`) records exactly what applying it on the frame does, and only while the match
is still where the move was worked out."""

from __future__ import annotations

import logging
import random
import threading
import time

import pytest

from game.engine.core import Config
from game.engine.driver import MatchDriver
from game.engine.match import Match, land_ahead
from game.engine.registry import game_ids, rules_for

STEPS = 80  # moves per seeded game: past the opening deal into draws, reveals and turn ends


def record(match: Match) -> tuple:
    """What a move changes on a match: compared between the two ways of recording it."""
    return (list(match.history), match.state, list(match._states), match._barrier,
            match.pending())


def choices(game: str, players: int, seed: int):
    """(seat, action) of a seeded game played by random legal choices, up to STEPS moves."""
    pick, match = random.Random(seed), Match(rules_for(game), Config(players), seed)
    match.resolve_chance()
    for _ in range(STEPS):
        if match.is_over():
            return
        prompt = match.prompts()[0]
        action = pick.choice(prompt.options).action
        yield prompt.player, action
        match.apply(prompt.player, action)
        match.resolve_chance()


@pytest.mark.parametrize("game", game_ids(include_unlisted=True))
@pytest.mark.parametrize("table", ["fewest", "most"])
def test_an_adopted_move_equals_the_move_applied_on_the_frame(game, table):
    rules = rules_for(game)
    players = rules.min_players if table == "fewest" else rules.max_players
    applied, adopted = Match(rules, Config(players), 7), Match(rules, Config(players), 7)
    applied.resolve_chance()
    adopted.resolve_chance()
    chance_followed = 0
    for seat, action in choices(game, players, 7):
        before = len(adopted.history)
        landing = land_ahead(rules, 7, adopted.state, before, seat, action)
        events = applied.apply(seat, action) + applied.resolve_chance()
        assert adopted.adopt(landing) == events
        assert record(adopted) == record(applied)
        chance_followed += len(adopted.history) - before > 1
    assert chance_followed, "no move led to chance: the test would not see its resolution"


def test_a_landing_from_another_state_or_history_is_refused_and_changes_nothing():
    rules = rules_for("ticket_to_ride_paris")
    match = Match(rules, Config(2), 3)
    match.resolve_chance()
    prompt = match.prompts()[0]
    first, second = prompt.options[0].action, prompt.options[-1].action
    stale = land_ahead(rules, 3, match.state, len(match.history), prompt.player, first)
    match.apply(prompt.player, second)  # a person moved first
    match.resolve_chance()
    before = record(match)
    assert match.adopt(stale) is None and record(match) == before
    now = match.prompts()[0]
    moved = land_ahead(rules, 3, match.state, len(match.history) - 1, now.player,
                       now.options[0].action)
    assert match.adopt(moved) is None and record(match) == before  # same state, other length


class ThreadNotingRules:
    """Rules whose `apply` notes the thread it runs on (the frame's must not, on adoption)."""

    def __init__(self, rules) -> None:
        self._rules = rules
        self.threads: list[str] = []

    def __getattr__(self, name):
        return getattr(self._rules, name)

    def apply(self, state, player, action):
        self.threads.append(threading.current_thread().name)
        return self._rules.apply(state, player, action)


class Seeded:
    """A bot choosing at random from its own seeded stream (its order of calls matters)."""

    def __init__(self, seed: int, illegal: bool = False) -> None:
        self.rng = random.Random(seed)
        self.illegal = illegal

    def choose(self, rules, view, prompt):
        return ("no such move",) if self.illegal else self.rng.choice(prompt.options).action


def play(driver: MatchDriver, moves: int) -> list:
    """Let the bots play `moves` moves at once (wall time for the worker); their events."""
    out = []
    deadline = time.monotonic() + 30
    while len(out) < moves and not driver.match.is_over():
        events = driver.play_bots(0.0, lambda seat: True, True, False)
        if events is not None:
            out.append(events)
        assert time.monotonic() < deadline, "the bots stopped playing"
        time.sleep(0.0005)
    return out


def test_the_driver_adopts_bot_moves_and_plays_as_the_frame_would():
    rules = ThreadNotingRules(rules_for("french_quarter"))
    driver = MatchDriver(Match(rules, Config(2), 5), {0: Seeded(1), 1: Seeded(2)})
    driver.aftermath = lambda state, events: ("after", state, events)
    driver.open()
    rules.threads.clear()
    events = play(driver, 30)
    driver.close()
    assert rules.threads and set(rules.threads) == {"bot"}  # no rules on the frame loop
    assert driver.landed_after[0] == "after" and driver.landed_after[1] is driver.match.state
    assert driver.landed_after[2] == events[-1]
    plain = Match(rules_for("french_quarter"), Config(2), 5)  # the same bots, no thread
    plain.resolve_chance()
    bots = {0: Seeded(1), 1: Seeded(2)}
    while len(plain.history) < len(driver.match.history):
        prompt = plain.prompts()[0]
        plain.apply(prompt.player, bots[prompt.player].choose(rules, None, prompt))
        plain.resolve_chance()
    assert plain.history == driver.match.history and plain._barrier == driver.match._barrier


def test_an_illegal_bot_move_is_still_refused_and_logged_on_the_frame(caplog):
    driver = MatchDriver(Match(rules_for("french_quarter"), Config(2), 5),
                         {0: Seeded(1, illegal=True), 1: Seeded(2, illegal=True)})
    driver.open()
    before = list(driver.match.history)
    with caplog.at_level(logging.WARNING, logger="game.engine.driver"):
        deadline = time.monotonic() + 10
        while "illegal action" not in caplog.text:
            assert driver.play_bots(0.0, lambda seat: True, True, False) is None
            assert time.monotonic() < deadline, "the illegal move never came back"
            time.sleep(0.0005)
    driver.close()
    assert driver.match.history == before and driver.landed_after is None
