"""kill -9 of the real app loop at random moments, 12 times per listed game: the
autosave always loads as Continue does, replays legally, holds every completed action, and no
temporary file piles up. `python -m tests.ui.kill_app --kills 200` is the longer run."""

from __future__ import annotations

import kill_app
import pytest
from kill_app import Write, check_kill, history_digest

from game.engine.core import Config
from game.engine.journal import Journal
from game.engine.match import Match
from game.engine.registry import rules_for

KILLS = 12 * len(kill_app.GAMES)  # 13-25 s on the 2-core machine with other work on it
MAX_DELAY_S = 0.5  # after a run's first autosave write
GAME = "french_quarter"


def test_kill_9_of_the_app_loses_no_completed_action(tmp_path):
    kills = kill_app.kill_runs(tmp_path, KILLS, MAX_DELAY_S, seed=20261125)
    report = kill_app.summary(kills, 0.0)
    assert [p for k in kills for p in k.problems] == [], report
    assert sum(k.lost for k in kills) == 0, report
    per_game = {g: sum(k.game_id == g for k in kills) for g in kill_app.GAMES}
    assert per_game == dict.fromkeys(kill_app.GAMES, KILLS // len(kill_app.GAMES))
    for game_id in kill_app.GAMES:
        saved = {k.saved for k in kills if k.game_id == game_id and k.saved}
        assert len(saved) > 1, f"{game_id}: no move was played between kills\n{report}"


# -- the checker itself: it must see a lost action and litter --------------------------------
@pytest.fixture
def histories() -> list[list]:
    """Three successive histories of one match: dealt, one step on, two steps on."""
    match = Match(rules_for(GAME), Config(2), 11)
    match.resolve_chance()
    steps = [list(match.history)]
    for _ in range(2):
        prompt = match.prompts()[0]
        match.apply(prompt.player, prompt.options[0].action)
        match.resolve_chance()
        steps.append(list(match.history))
    return steps


def journal_at(home, history: list) -> None:
    """Write the autosave as the console would, holding `history`."""
    match = Match.replay(rules_for(GAME), Config(2), 11, history)
    Journal.start(home / kill_app.AUTOSAVE, match, {"seats": [{"kind": "human"}] * 2}).close()


def reported(histories: list[list], finished: int) -> list[Write]:
    """A run's report of a start and two follows: `finished` writes done, then the one the kill
    interrupted (if any is left)."""
    kinds = ("start", "follow", "follow")
    writes = [Write(kind, (len(h), history_digest(h)), number < finished)
              for number, (kind, h) in enumerate(zip(kinds, histories, strict=True))]
    return writes[:finished + 1]


@pytest.mark.parametrize("on_disk", [1, 2])
def test_the_last_finished_write_or_the_interrupted_one_passes(tmp_path, histories, on_disk):
    journal_at(tmp_path, histories[on_disk])
    kill = check_kill(GAME, tmp_path, None, reported(histories, finished=2))
    assert (kill.problems, kill.lost, kill.in_flight, kill.writes) == ([], 0, "follow", 2)
    assert kill.saved == (len(histories[on_disk]), history_digest(histories[on_disk]))


def test_a_save_behind_the_last_finished_write_counts_lost_actions(tmp_path, histories):
    journal_at(tmp_path, histories[0])
    kill = check_kill(GAME, tmp_path, None, reported(histories, finished=2))
    assert kill.lost == len(histories[1]) - len(histories[0]) > 0
    assert len(kill.problems) == 1 and "expected" in kill.problems[0]


def test_a_missing_save_counts_every_finished_action_lost(tmp_path, histories):
    kill = check_kill(GAME, tmp_path, None, reported(histories, finished=3))
    assert kill.saved is None and kill.lost == len(histories[2])


def test_a_temporary_file_is_litter_unless_a_journal_start_was_cut_short(tmp_path, histories):
    journal_at(tmp_path, histories[0])
    (tmp_path / "autosave.jsonab12.tmp").write_text("{")
    started = check_kill(GAME, tmp_path, None, reported(histories, finished=0))
    followed = check_kill(GAME, tmp_path, None, reported(histories, finished=1))
    assert (started.problems, started.in_flight, started.temps) == ([], "start", 1)
    assert followed.problems == ["temporary files left: ['autosave.jsonab12.tmp']"]
