"""Next Station: Paris's finish for the Hard search: exact scoring, seeded, sensible choices."""

from __future__ import annotations

import random
import statistics

import pytest

from game.engine.core import TERMINAL, Chance, Config, total
from game.engine.match import Match, sample
from game.engine.search import SearchBot
from game.games.next_station_paris import finish
from game.games.next_station_paris.bot import planner_for
from game.games.next_station_paris.rollout import fast_rollout
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.search import hooks

from .support import crafted, line, sid

BOTH = (("objectives", True), ("gates", True))


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    """The shared rules engine."""
    return NextStationParis()


def between_cards(rules: NextStationParis, players: int, options: tuple, seed: int):
    """The states of one seeded game (fast policy) that wait for a card, and the end."""
    state = Match(rules, Config(players, options), seed).state
    rng = random.Random(seed)
    pending = rules.pending(state)
    while pending is not TERMINAL:
        if isinstance(pending, Chance):
            if state.phase != "setup":
                yield state
            state, _ = rules.apply(state, None, sample(pending, rng))
        else:
            prompt = pending[0]
            state, _ = rules.apply(state, prompt.player, fast_rollout(rules, state, prompt, rng))
        pending = rules.pending(state)
    yield state


@pytest.mark.parametrize("players, options", [(1, ()), (1, BOTH), (3, BOTH)])
def test_sheets_score_as_the_engine_scores_them(rules, players, options) -> None:
    p = planner_for(rules)
    for seed in range(3):
        for state in between_cards(rules, players, options, seed):
            for seat in range(players):
                lines = list(state.lines[seat])
                used = state.used[seat]
                mine = sum(finish.line_points(p, finish.compact(p, ln, used)) for ln in lines)
                mine += finish.sheet_points(rules, state, lines, used)
                assert mine == total(rules.scores(state)[seat])


def test_a_finished_game_is_scored_by_the_rules(rules) -> None:
    *_, end = between_cards(rules, 1, BOTH, 4)
    assert finish.finish(rules, end, 7) == (float(total(rules.scores(end)[0])),)


@pytest.mark.parametrize("players, options", [(1, ()), (2, BOTH)])
def test_the_finish_is_seeded_and_never_loses_points(rules, players, options) -> None:
    states = list(between_cards(rules, players, options, 5))[:-1:9]
    for state in states:
        now = [total(b) for b in rules.scores(state)]
        totals = [finish.finish(rules, state, seed) for seed in range(4)]
        assert totals[0] == finish.finish(rules, state, 0)
        assert all(t >= n for result in totals for t, n in zip(result, now))
    first = states[0]
    assert len({finish.finish(rules, first, seed) for seed in range(8)}) > 1  # the luck varies


def test_the_finish_plays_on_from_within_a_card(rules) -> None:
    # The joker from c2 reaches the monument d1: its guided tour is still to be played when
    # the finish starts, on the engine, before the compact rounds.
    m = Match(rules, Config(1), 0)
    m.apply_chance("metro_joker")
    m.apply(0, ("draw", sid(rules, "c2"), sid(rules, "d1")))
    assert m.prompt_for(0).kind == "tour"
    totals = [finish.finish(rules, m.state, seed)[0] for seed in range(20)]
    assert min(totals) >= 5  # the monument segment's 1 x 2 + 2, at least
    assert statistics.fmean(totals) > 100  # four rounds of lines, over several seeds


def test_the_finish_plays_far_better_than_random_lines(rules) -> None:
    start = Match(rules, Config(1), 3).state
    totals = [finish.finish(rules, start, seed)[0] for seed in range(30)]
    assert statistics.fmean(totals) > 115  # ~129 over many seeds; random play ~72


def last_card_of_the_round(rules: NextStationParis) -> Match:
    """Solo, third round, the orange line still at its departure c2 (the earlier colours never
    drawn), four Metro cards passed and the 5th, a triangle, revealed: the round ends after it.
    From c2 the monuments d1 and a2 score 4, any other segment 2; the last round's blue line
    starts far away at h2."""
    seat_lines = [line(rules, name, color=color) for color, name in ((1, "c7"), (2, "h7"))]
    m = crafted(rules, [[*seat_lines, line(rules, "c2", color=0)]], round_=2)
    for card in ("metro_circle", "metro_pentagon", "metro_square", "metro_joker"):
        m.apply_chance(card)
        m.apply(0, ("pass",))
    m.apply_chance("metro_triangle")
    return m


def test_hard_takes_a_monument_on_the_last_card_of_the_round(rules) -> None:
    m = last_card_of_the_round(rules)
    prompt = m.prompt_for(0)
    after = [rules.apply(m.state, 0, o.action)[0] for o in prompt.options]
    now = [total(rules.scores(s)[0]) for s in after]
    best = {o.action for o, points in zip(prompt.options, now) if points == max(now)}
    assert best == {("draw", sid(rules, "c2"), sid(rules, "d1")),
                    ("draw", sid(rules, "c2"), sid(rules, "a2"))}
    # Every legal move judged on its finishes alone, the poorer ones listed first (ties keep
    # the first listed): the last round, played on compact sheets, must not hide the 2 points.
    moves = sorted(prompt.actions(), key=lambda action: action in best)
    for seed in range(3):
        bot = SearchBot(hooks(), None, random.Random(seed), budget_s=None, iterations=100)
        rounds = bot.search(rules, m.view(0), 0, moves)
        means = {move: statistics.fmean(r[move] for r in rounds) for move in moves}
        assert min(means[move] for move in best) > max(means[move] for move in moves
                                                       if move not in best)
        assert bot.confident_best(moves, rounds) in best
