"""kill -9 at random moments while a process writes the autosave journal: the save always loads,
to the last step the process finished or to the step it was writing, never less."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path

import journal_child

from game.engine.journal import load_journal
from game.engine.registry import rules_for

ROOT = Path(__file__).resolve().parents[2]
KILLS = 24
MAX_DELAY_S = 0.25  # after the first step is on disk; a game takes longer than this


def finished_steps(output: str) -> int:
    """The last step number the child reported whole (a torn last line does not count)."""
    lines = output.split("\n")[:-1]  # the piece after the last newline is torn or empty
    return int(lines[-1])


def kill_at_random(path: Path, seed: int, delay: float) -> int:
    """Start a child writing the journal at `path`; kill -9 it `delay` s after its first step;
    the last step it reported finished."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, journal_child.__file__, str(path), str(seed)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        first = child.stdout.readline()
        assert first == "0\n", "the child never wrote its first step"
        time.sleep(delay)
    finally:
        child.kill()  # SIGKILL: no clean-up, no flush, no atexit
        output = first + child.stdout.read()
        child.wait(timeout=10)
    return finished_steps(output)


def test_kill_9_while_writing_loses_at_most_the_step_in_flight(tmp_path):
    rng = random.Random(20261125)
    reached = []
    for kill in range(KILLS):
        path = tmp_path / f"home{kill}" / "autosave.json"
        seed = rng.randrange(1, 10**6)
        done = kill_at_random(path, seed, rng.uniform(0, MAX_DELAY_S))
        saved, _meta = load_journal(path, rules_for)
        # The same seed replays the child's steps; step done+1 may have reached the disk.
        expected = list(islice(journal_child.steps(seed), done + 2))
        assert saved.history in (expected[done], expected[done + 1]), (kill, seed, done)
        reached.append(done)
    assert len(set(reached)) > KILLS // 2, f"the kills did not land at varied moments: {reached}"
