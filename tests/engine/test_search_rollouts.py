"""The rooms' fast rollout policies (game/games/<id>/rollout.py): seeded, sensible on a
constructed position, and far stronger than random play at a fraction of the heuristic's cost."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from game.engine.core import TERMINAL, Chance, Config, total
from game.engine.match import Match, sample
from game.engine.registry import rules_for
from game.engine.search import random_rollout
from game.games.explore_new_york import rollout as eny_rollout
from game.games.next_station_paris import rollout as nsp_rollout
from game.games.urban_sprawl.search import hooks as us_hooks
from game.games.urban_sprawl.search import standing
from tests.games.explore_new_york.support import (
    act,
    prompt,
    reference_rules,
    route_to_grow,
    side,
)


def play_with(game_id: str, players: int, policy, seed: int) -> tuple[list[int], list]:
    """A whole game with every seat on `policy` (the match's own seeded chance): the totals and
    the actions taken."""
    rules = rules_for(game_id)
    state = Match(rules, Config(players), seed).state
    rng = random.Random(seed)
    pending, actions = rules.pending(state), []
    while pending is not TERMINAL:
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, sample(pending, rng))
        else:
            p = pending[0]
            action = policy(rules, state, p, rng)
            actions.append(action)
            state, _ = rules.apply(state, p.player, action)
        pending = rules.pending(state)
    return [total(b) for b in rules.scores(state)], actions


@pytest.fixture(scope="module")
def eny():
    """The rules on the test map: the scenario names its blocks and tourists."""
    return reference_rules()


def test_explore_new_york_rollout_grows_the_route_from_an_end(eny):
    # seat 0 takes block (6, 4), whose corner is the end of its route, and puts two circles
    # there: a link along the block from the end of the route is the obvious move
    state = route_to_grow(eny)
    state, _ = act(eny, state, 0, ("block", 6, 4))
    ends = {eny.board.link_vertices[side(eny, 4, 5, "top")][0],
            eny.board.link_vertices[side(eny, 5, 5, "top")][1]}
    for seed in range(5):
        link = eny_rollout.fast_rollout(eny, state, prompt(eny, state, 0), random.Random(seed))
        assert link[0] == "link"
        assert ends & set(eny.board.link_vertices[link[1]])  # grows the route from an end
        assert eny.board.link_blocks[link[1]] >> eny.board.block_at(6, 4) & 1  # past (6, 4)


def test_explore_new_york_rollout_is_seeded_and_far_better_than_random():
    fast = [play_with("explore_new_york", 2, eny_rollout.fast_rollout, seed) for seed in range(6)]
    again = play_with("explore_new_york", 2, eny_rollout.fast_rollout, 0)
    assert again == fast[0]
    randoms = [play_with("explore_new_york", 2, random_rollout, seed)[0] for seed in range(6)]
    fast_mean = statistics.fmean(t for totals, _ in fast for t in totals)
    random_mean = statistics.fmean(t for totals in randoms for t in totals)
    assert fast_mean > 3 * random_mean  # ~105 against ~15 over many seeds


def test_next_station_rollout_takes_the_monument_segment():
    # Solo, four Metro cards passed, the 5th (a triangle) is the round's last card: from the
    # departure c2, the monument d1 scores 2 more than any other segment (bot test's position).
    nsp = rules_for("next_station_paris")
    match = Match(nsp, Config(1), 0)
    for card_id in ("metro_circle", "metro_pentagon", "metro_square", "metro_joker"):
        match.apply_chance(card_id)
        match.apply(0, ("pass",))
    match.apply_chance("metro_triangle")
    monument = ("draw", nsp.board.station_index["c2"], nsp.board.station_index["d1"])
    choices = {nsp_rollout.fast_rollout(nsp, match.state, match.prompt_for(0),
                                        random.Random(seed)) for seed in range(5)}
    assert choices == {monument}


def test_next_station_rollout_is_seeded_and_better_than_random():
    fast = [play_with("next_station_paris", 1, nsp_rollout.fast_rollout, seed)
            for seed in range(6)]
    assert play_with("next_station_paris", 1, nsp_rollout.fast_rollout, 0) == fast[0]
    randoms = [play_with("next_station_paris", 1, random_rollout, seed)[0] for seed in range(6)]
    fast_mean = statistics.fmean(totals[0] for totals, _ in fast)
    random_mean = statistics.fmean(totals[0] for totals in randoms)
    assert fast_mean > 1.5 * random_mean  # ~142 against ~72 over many seeds


def test_urban_sprawl_cut_rollouts_count_wealth_at_its_final_rate():
    us = rules_for("urban_sprawl")
    state = Match(us, Config(2), 3).state
    prestige = ((4, 0, 0, 0, 0, 0, 0), (1, 2, 0, 0, 0, 0, 0))
    state = replace(state, prestige=prestige, wealth=(25, 9))
    assert standing(us, state) == (6.5, 3.9)
    assert us_hooks().rollout_depth and us_hooks().evaluate is standing
