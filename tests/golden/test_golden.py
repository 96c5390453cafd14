"""Behaviour kept: seeded bot games and seeded frames match what was recorded before a refactor.

See histories.py and frames.py for what is recorded and how to record again on purpose.
"""

from __future__ import annotations

import json

import pytest

from game.engine import registry

from . import frames, histories

RECORDED = json.loads(histories.GOLDEN_FILE.read_text())
RECORDED_FRAMES = json.loads(frames.GOLDEN_FILE.read_text())


def test_every_registered_game_has_enough_golden_histories():
    """At least 50 recorded games per registered game, over every player count and option."""
    for game in registry.game_ids():
        names = [n for n in RECORDED if n.startswith(game + "/")]
        assert len(names) >= 50, game


@pytest.mark.parametrize("game", registry.game_ids())
def test_seeded_games_give_the_recorded_actions_events_and_scores(game):
    """Same seed, seats and options: the same actions, events and final scores as recorded."""
    changed = {}
    for case in histories.cases(game):
        want = RECORDED.get(case.name)
        got = histories.digest(case)
        if got != want:
            changed[case.name] = [k for k in got if want is None or got[k] != want.get(k)]
    assert not changed, f"{len(changed)} games changed (dump with --dump to diff): {changed}"


@pytest.mark.parametrize("case", frames.CASES, ids=lambda c: frames.case_name(*c))
def test_seeded_frames_are_pixel_identical(case):
    """The GameScene draws the recorded pixels mid-animation, at rest and with focus."""
    name = frames.case_name(*case)
    got = {f"{name}/{label}": frames.digest(canvas) for label, canvas in frames.frames(*case)}
    want = {k: v for k, v in RECORDED_FRAMES.items() if k.startswith(name + "/")}
    assert got == want
