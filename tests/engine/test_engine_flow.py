"""The turn kit (game.engine.flow): drafts, handler dispatch, the task stack, the pending memo."""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Any

import pytest

from game.engine.core import TERMINAL, Chance, Config, IllegalAction, Option, Prompt
from game.engine.flow import TurnRules, action_kind, ask, decide, drafting, memo_field, resolve, run
from game.engine.match import Match

D6 = Chance(tuple((face, 1.0) for face in range(1, 7)), "d6")


@dataclass(frozen=True, slots=True)
class Tally:
    """A tiny game: each round a d6 is rolled, every seat at once takes it, doubles it (on 1-3)
    or passes; a seat reaching 10 may claim a bonus once (only while its total is even)."""

    players: int
    round: int
    die: int
    totals: tuple[int, ...]
    choices: tuple[str | None, ...]
    claimed: tuple[bool, ...]
    tasks: tuple[tuple, ...]
    skips: int = 0
    viewer: int | None = None
    memo: Any = memo_field()


@dataclass(frozen=True)
class DictTally:
    """The same fields without slots: the draft copies one dict."""

    players: int
    tasks: tuple[tuple, ...]
    total: int = 0
    memo: Any = memo_field()


class TallyRules(TurnRules):
    """Rules of Tally on the kit."""

    game_id, min_players, max_players = "tally", 1, 3
    Draft = drafting(Tally)
    ROUNDS = 3

    def setup(self, config: Config) -> Tally:
        n = config.players
        return Tally(n, 0, 0, (0,) * n, (None,) * n, (False,) * n, ())

    def refill(self, d) -> None:
        d.round += 1
        if d.round <= self.ROUNDS:
            d.choices = (None,) * d.players
            d.push(("roll",), ("choose",), ("score",),
                   *(("bonus", seat) for seat in range(d.players)))

    def is_over(self, s) -> bool:
        return s.round > self.ROUNDS

    def skipped(self, d, task) -> None:
        d.skips += 1

    @ask("roll")
    def _roll(self, s, task):
        return D6

    @resolve("roll")
    def _rolled(self, d, outcome) -> None:
        d.die = outcome
        d.emit("rolled", None, value=outcome)

    @ask("choose")
    def _choose(self, s, task):
        options = [Option(("take",)), Option(("pass",))]
        if s.die <= 3:
            options.append(Option(("double",)))
        return tuple(Prompt(seat, "choose", "tally.choose", tuple(options))
                     for seat in range(s.players) if s.choices[seat] is None)

    @decide("choose", keep_head=True)
    def _chose(self, d, player, action) -> None:
        assert d.task == ("choose",) == d.tasks[0]  # kept on the stack
        d.choices = d.choices[:player] + (action[0],) + d.choices[player + 1:]
        if None not in d.choices:
            d.pop()

    @decide("choose", "double", keep_head=True)
    def _chose_double(self, d, player, action) -> None:
        d.emit("doubled", player)
        self._chose(d, player, action)

    @run("score")
    def _score(self, d, task) -> None:
        assert d.task is task
        gain = {"take": d.die, "double": 2 * d.die, "pass": 0}
        d.totals = tuple(t + gain[c] for t, c in zip(d.totals, d.choices))

    @ask("bonus")
    def _bonus(self, s, task):
        seat = task[1]
        if s.claimed[seat] or s.totals[seat] < 10 or s.totals[seat] % 2:
            return ()
        return (Prompt(seat, "bonus", "tally.bonus", (Option(("claim",)), Option(None))),)

    @decide("bonus")
    def _bonus_answer(self, d, player, action) -> None:
        assert d.task == ("bonus", player)  # the popped task, with its arguments
        if action is not None:
            d.claimed = d.claimed[:player] + (True,) + d.claimed[player + 1:]
            d.totals = d.totals[:player] + (d.totals[player] + 5,) + d.totals[player + 1:]

    def view(self, state, player):
        return state

    def scores(self, state):
        return tuple({"points": t} for t in state.totals)

    def winners(self, state):
        best = max(state.totals)
        return tuple(s for s, t in enumerate(state.totals) if t == best)


@pytest.fixture
def rules() -> TallyRules:
    return TallyRules()


def test_initial_state_is_advanced_to_the_first_chance(rules):
    state = rules.initial_state(Config(2))
    assert state.round == 1 and state.tasks[0] == ("roll",)
    assert rules.pending(state) is D6


def test_simultaneous_task_keeps_its_head_until_every_seat_answered(rules):
    s, events = rules.apply(rules.initial_state(Config(3)), None, 2)
    assert [e.kind for e in events] == ["rolled"]
    assert [p.player for p in rules.pending(s)] == [0, 1, 2]
    s, events = rules.apply(s, 1, ("double",))
    assert [e.kind for e in events] == ["doubled"]  # the action-kind handler won
    assert [p.player for p in rules.pending(s)] == [0, 2]
    s, _ = rules.apply(s, 0, ("take",))
    s, _ = rules.apply(s, 2, ("pass",))
    assert s.totals == (2, 4, 0) and isinstance(rules.pending(s), Chance)


def test_legality_is_checked_once_in_apply(rules):
    s, _ = rules.apply(rules.initial_state(Config(2)), None, 5)
    with pytest.raises(IllegalAction, match="not a legal choice"):
        rules.apply(s, 0, ("double",))  # only on 1-3
    with pytest.raises(IllegalAction, match="nothing to decide"):
        rules.apply(s, 2, ("take",))
    with pytest.raises(IllegalAction, match="not a decision"):
        rules.apply(rules.initial_state(Config(2)), 0, ("take",))
    with pytest.raises(IllegalAction, match="not a possible outcome"):
        rules.apply(rules.initial_state(Config(2)), None, 7)


def test_apply_never_mutates_and_caches_the_next_pending_in_the_new_state(rules):
    start = rules.initial_state(Config(2))
    before = (start.tasks, start.round, start.totals)
    s, _ = rules.apply(start, None, 3)
    assert (start.tasks, start.round, start.totals) == before
    assert s.memo is not None and rules.pending(s) is s.memo  # advance left it there
    assert replace(s).memo is None  # a copy never carries a stale answer


def test_decision_with_nothing_to_offer_is_skipped(rules):
    s = rules.initial_state(Config(1))
    for roll in (6, 6):  # 6 + 6 = 12, even: the bonus prompt appears after round 2
        s, _ = rules.apply(s, None, roll)
        s, _ = rules.apply(s, 0, ("take",))
    assert rules.pending(s)[0].kind == "bonus" and s.skips == 1  # round 1's bonus was skipped
    s, _ = rules.apply(s, 0, ("claim",))
    assert s.totals == (17,) and s.claimed == (True,)


def test_a_whole_game_ends_through_match_and_replays(rules):
    match = Match(rules, Config(2), seed=4)
    while not match.is_over():
        match.resolve_chance()
        for prompt in match.prompts():
            match.apply(prompt.player, prompt.options[0].action)
    assert rules.pending(match.state) is TERMINAL
    again = Match.replay(rules, Config(2), 4, match.history)
    assert again.state == match.state


def test_dict_states_get_a_dict_draft():
    Draft = drafting(DictTally)
    state = DictTally(2, (("x",),))
    d = Draft(state)
    d.total = 5
    d.push(("y",))
    assert d.pop() == ("y",)
    d.emit("scored", 0, points=5)
    events = d.events
    new = d.freeze()
    assert (new.total, state.total, new.memo) == (5, 0, None)
    assert [e.get("points") for e in events] == [5]


def test_a_state_without_memo_field_is_refused():
    @dataclass(frozen=True)
    class Bare:
        x: int

    with pytest.raises(TypeError, match="memo"):
        drafting(Bare)


def test_action_kind_names_tuple_heads_and_plain_actions():
    assert action_kind(("route", 3)) == "route"
    assert action_kind("pass") == "pass"
    assert action_kind(None) is None and action_kind(()) == ()


def test_handler_tables_are_per_class_and_inherited(rules):
    class Harder(TallyRules):
        @run("score")
        def _score(self, d, task) -> None:  # doubles every gain
            TallyRules._score(self, d, task)
            TallyRules._score(self, d, task)

    assert Harder._runs["score"] is not TallyRules._runs["score"]
    assert Harder._asks["roll"] is TallyRules._asks["roll"]


def test_run_now_runs_a_task_as_the_loop_would_and_gives_the_caller_its_task_back(rules):
    state = rules.initial_state(Config(2))
    for player, action in ((None, 3), (0, ("take",)), (1, ("double",))):
        state = rules.apply(state, player, action)[0]
    d = rules.Draft(state)
    d.task = ("outer",)
    d.choices, before = ("take", "pass"), d.totals
    rules.run_now(d, ("score",))  # _score asserts that d.task is the task it runs
    assert d.totals == (before[0] + 3, before[1]) and d.task == ("outer",)


def test_pending_memo_is_safe_to_fill_from_two_threads(rules):
    states = [rules.initial_state(Config(3))]
    for player, action in ((None, 2), (0, ("take",)), (1, ("pass",)), (2, ("double",))):
        states.append(rules.apply(states[-1], player, action)[0])
    fresh = [replace(s) for s in states]  # memo empty
    seen: list = []
    threads = [threading.Thread(target=lambda: seen.append([rules.pending(s) for s in fresh]))
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(result == seen[0] for result in seen)
