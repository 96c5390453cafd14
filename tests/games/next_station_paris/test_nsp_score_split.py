"""A seat's score is worked out over two frames of play: the rules' scoring of the seat
(`ScoreBoard.breakdown`) in one, the rest of its score (its rounds' rows) in a later one; the
rows as the view says once the board is still."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from tests.games.next_station_paris.test_damage import bots_answer, seated
from tests.games.next_station_paris.test_nsp_score_rows import stale_rows


@pytest.mark.parametrize("players", [2, 4])
def test_the_rules_scoring_and_the_rest_of_a_seat_s_score_take_frames_apart(players,
                                                                             monkeypatch):
    match, bots, renderer = seated(players, 9)
    scores, rules, work = renderer.scores, renderer.rules, []
    seat_scores, rest = rules.seat_scores, scores._seat_score
    monkeypatch.setattr(rules, "seat_scores", lambda view, seat: work.append("rules") or
                        seat_scores(view, seat))
    monkeypatch.setattr(scores, "_seat_score", lambda view, seat: work.append("rest") or
                        rest(view, seat))
    apart = frames = 0
    while match.prompts() and frames < 1500:
        bots_answer(match, bots, renderer)
        while renderer.busy():
            work.clear()
            renderer.update(1 / 60)
            frames += 1
            assert work.count("rules") + work.count("rest") <= 1, (frames, work)
            apart += work == ["rest"]
        assert stale_rows(renderer) == []
    assert apart >= 20


def test_a_hitch_works_the_whole_score_out_and_paints_its_rows():
    """A frame standing for several (a hitch) has their budget: after the rules' scoring it
    works the rest of the score out at once, and the rows end as the view says."""
    match, bots, renderer = seated(3, 4)
    scores, painted = renderer.scores, 0
    for _ in range(12):
        bots_answer(match, bots, renderer)
        while renderer.busy():
            before = dict(scores._shown)
            renderer.update(4 / 60)
            for seat, shown in scores._shown.items():  # rows painted from the view's score
                if shown is not before.get(seat):
                    fresh = scores._seat_score(renderer.view, seat)
                    assert shown[1] == scores.shown_score(seat, fresh), seat
                    painted += 1
        assert stale_rows(renderer) == []
    assert painted >= 10


def test_a_budget_left_after_the_rules_scoring_works_the_rest_out_at_once():
    """A budget that outlasts the rules' scoring (a hitch) works the rest of the score out in
    the same frame: the rows are painted from the view's score, not from one kept before."""
    match, bots, renderer = seated(2, 5)
    for _ in range(3):
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
    scores = renderer.scores
    scores._seat_scores.clear()  # every seat's score to be worked out again, rules first
    scores._breakdowns.clear()
    scores._shown.clear()
    scores._clean = None
    scores.paint(8)  # a long hitch's budget
    assert scores._shown[scores.room.score_panels[0].seat][1] == scores._seat_score(
        renderer.view, scores.room.score_panels[0].seat)
