"""French Quarter state plumbing that apply() relies on for speed: copies that must carry every
field, the pending() memo that must never answer for another state, and a rules object that play
never changes (the bot worker thread shares it)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.bots import random_playout
from game.engine.core import Config
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import Draft, Sheet, State

from .support import bfs, craft, plan, start


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules engine, loaded once."""
    return FrenchQuarter()


def distinct_sheet() -> Sheet:
    """A sheet whose every field holds a value of its own (a missed field would show)."""
    values = {f.name: (f"value-{i}",) for i, f in enumerate(dataclasses.fields(Sheet))}
    return Sheet(**values)


def test_sheet_copy_keeps_every_field() -> None:
    sheet = distinct_sheet()
    copy = sheet.copy()
    assert copy is not sheet
    assert all(getattr(copy, f.name) is getattr(sheet, f.name)
               for f in dataclasses.fields(Sheet))


def test_draft_freeze_gives_back_every_field(rules) -> None:
    state, _ = random_playout(rules, Config(3, (("tourism", True),)), random.Random(2))
    values = {f.name: (f"value-{i}",) for i, f in enumerate(dataclasses.fields(State)) if f.init}
    values["sheets"] = (distinct_sheet(),)
    fake = State(**values)
    assert Draft(fake).freeze() == fake
    assert Draft(state).freeze() == state


def test_draft_copies_a_sheet_only_when_edited(rules) -> None:
    state = start(rules).state
    draft = Draft(state)
    draft.sh(1).umbrellas = 5
    new = draft.freeze()
    assert new.sheets[0] is state.sheets[0] and state.sheets[1].umbrellas == 0
    assert new.sheets[1].umbrellas == 5
    again = Draft(new)
    again.sh(1).umbrellas = 6
    assert again.sh(1) is again.sh(1) and new.sheets[1].umbrellas == 5  # copied once, not twice


def test_draft_keeps_the_task_it_popped_for_the_handler(rules) -> None:
    draft = Draft(start(rules).state)
    head = draft.tasks[0]
    assert draft.pop() == head and draft.task == head and draft.tasks[0] != head


def test_pending_is_never_served_for_a_replaced_state(rules) -> None:
    """Same fields but one meter full: the wild's options must be asked again."""
    m = start(rules)
    plan(m, cards={"walk": 6}, dice={"walk": [3]})  # walk[6] = wild
    m.apply(0, ("die", "walk", 3))
    assert len(rules.pending(m.state)[0].options) == 5
    full = craft(m, 0, meters=(14, 0, 0, 0, 0))
    assert len(rules.pending(full.state)[0].options) == 4
    assert len(rules.pending(m.state)[0].options) == 5


def test_applying_every_option_to_one_state_gives_independent_results(rules) -> None:
    """The bot's pattern: apply each option to the same state, one after the other."""
    m = start(rules)
    plan(m, cards={"walk": 6}, dice={"walk": [3]})
    m.apply(0, ("die", "walk", 3))
    base = m.state
    options = rules.pending(base)[0].options
    results = [rules.apply(base, 0, o.action)[0] for o in options]
    meters = [r.sheets[0].meters for r in results]
    assert len(set(meters)) == 5 and base.sheets[0].meters == (0, 0, 0, 0, 0)


def test_playing_leaves_the_rules_object_unchanged(rules) -> None:
    """No cache on the rules object fills up during play: what is derived from a state lives in
    the state (its memo), so the bot thread and the frame thread share nothing that changes."""
    def snapshot() -> dict:
        return {name: (id(value), len(value) if hasattr(value, "__len__") else None)
                for name, value in vars(rules).items()}

    before = snapshot()
    for seed in range(3):
        random_playout(rules, Config(1 + seed, (("mayor", True), ("tourism", True))),
                       random.Random(seed))
    assert snapshot() == before


def test_move_ranges_are_built_once_and_cover_every_move(rules) -> None:
    """Every range a move may ask (a card's, Fiesta B's single space, a Cultura A boost of 1-2
    on either, a boosted Streetcar/Boat's extra spaces) is in the table built at load, and
    each lists the buildings that far away in building order."""
    b = rules.board
    cards = [mv for mv in b.movement.values() if isinstance(mv, tuple)] + [(1, 1)]
    wanted = {(lo, hi + boost) for lo, hi in cards for boost in (0, 1, 2)} | {(1, 1), (1, 2)}
    for pos in range(len(b.buildings)):
        dist = bfs(b, pos)
        for lo, hi in wanted:
            want = tuple(x for x, steps in enumerate(dist) if lo <= steps <= hi)
            assert rules._near[pos, lo, hi] == want
