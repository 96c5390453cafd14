"""Behaviour kept: seeded bot games and seeded frames match what was recorded before a refactor.

See histories.py and frames.py for what is recorded and how to record again on purpose.
"""

from __future__ import annotations

import json

import pytest

from game.engine import registry

from . import frames, histories

RECORDED_FRAMES = json.loads(frames.GOLDEN_FILE.read_text())


def recorded(game: str) -> dict:
    """One game's recorded digests (a listed game without a file fails: record it)."""
    path = histories.golden_file(game)
    assert path.exists(), f"record them: python -m tests.golden.histories --game {game}"
    return json.loads(path.read_text())


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_listed_game_has_enough_golden_histories(game):
    """At least 50 recorded games per listed game, over every player count and option."""
    assert len(recorded(game)) >= 50


@pytest.mark.parametrize("game", registry.game_ids())
def test_seeded_games_give_the_recorded_actions_events_and_scores(game):
    """Same seed, seats and options: the same actions, events and final scores as recorded."""
    changed = {}
    want_all = recorded(game)
    for case in histories.cases(game):
        want = want_all.get(case.name)
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
