"""French Quarter state plumbing that apply() relies on for speed: unrolled copies that must
carry every field, and the pending() memo that must never answer for another state."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.bots import random_playout
from game.engine.core import Config
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import Draft, Sheet, State

from .support import craft, plan, start


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
    values = {f.name: (f"value-{i}",) for i, f in enumerate(dataclasses.fields(State))}
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
