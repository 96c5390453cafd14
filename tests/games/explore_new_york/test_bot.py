"""Explore New York bot heuristic: one score per option, sensible choices, and better play
than random."""

from __future__ import annotations

import random

import pytest

from game.engine.bots import GreedyBot, RandomBot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.games.explore_new_york import balance, taste
from game.games.explore_new_york.bot import evaluate, worth
from game.games.explore_new_york.rules import ExploreNewYork

from .support import act, card, play_turn_cards, prompt, reference_rules, route_to_grow, start


@pytest.fixture(scope="module")
def rules() -> ExploreNewYork:
    return reference_rules()


def best(rules, state, seat):
    """The action GreedyBot's heuristic rates highest."""
    p = prompt(rules, state, seat)
    scores = evaluate(rules, rules.view(state, seat), p)
    assert len(scores) == len(p.options)
    return p.options[scores.index(max(scores))].action


def test_the_bot_takes_a_cafe_link(rules):
    # Block (3, 2): its top side reaches the café at (2, 1), whose tourists fill the block.
    state = play_turn_cards(rules, start(rules, 2), (card(rules, 3, "square"),
                                                    card(rules, 2, "triangle"),
                                                    card(rules, 1, "circle", plus=True)),
                            card(rules, 1, "circle", plus=True))
    state, _ = act(rules, state, 0, ("block", 3, 2))
    first = best(rules, state, 0)
    state, events = act(rules, state, 0, first)
    if "cafe_reached" not in [e.kind for e in events]:  # the café may come with the second
        state, events = act(rules, state, 0, best(rules, state, 0))
    assert "cafe_reached" in [e.kind for e in events]


def test_the_bot_grows_its_route_rather_than_starting_elsewhere(rules):
    state = route_to_grow(rules)
    action = best(rules, state, 0)
    assert action[0] == "block"
    state, _ = act(rules, state, 0, action)
    link = best(rules, state, 0)[1]
    assert rules.board.touching[link] & state.sheets[0].links  # joined to the network


def test_every_prompt_kind_gets_one_score_per_option(rules):
    match = Match(rules, Config(3), 4)
    kinds = set()
    while not match.is_over():
        match.resolve_chance()
        for p in match.prompts():
            scores = evaluate(rules, match.view(p.player), p)
            assert len(scores) == len(p.options) and all(isinstance(x, float | int)
                                                         for x in scores)
            kinds.add(p.kind)
            match.apply(p.player, p.options[scores.index(max(scores))].action)
            break
    assert {"discard", "block", "link", "link2", "extra"} <= kinds


def test_greedy_beats_random(rules):
    greedy = random_ = 0
    for seed in range(4):
        bots = {0: GreedyBot(evaluate), 1: RandomBot()}
        m = play_out(Match(rules, Config(2), seed), bots)
        greedy += m.state.routes[0].total
        random_ += m.state.routes[1].total
    assert greedy > 2 * random_


# -- each seat's taste (taste.py, issue #27) ---------------------------------------------------
@pytest.fixture
def tasteless_seats():
    """taste.TASTELESS, emptied again after the test."""
    yield taste.TASTELESS
    taste.TASTELESS.clear()


def test_equal_bots_at_different_seats_draw_different_maps(tasteless_seats):
    # Without tastes, four Normal bots often end a game with two identical maps (the same
    # cards, the same heuristic); with them, none of these games does.
    shipped = ExploreNewYork()
    tasteless_seats.update(range(4))
    before = [balance.play(shipped, 4, seed).twin_maps for seed in range(6)]
    tasteless_seats.clear()
    after = [balance.play(shipped, 4, seed).twin_maps for seed in range(6)]
    assert any(before) and not any(after)


def test_a_taste_picks_only_among_near_ties(rules):
    # Whatever the taste, the option chosen is worth at most the turn's tolerance (plus the
    # taste's small likings) less than the best one.
    bots = {s: GreedyBot(evaluate, random.Random(s)) for s in range(3)}
    match = Match(rules, Config(3), 4)
    match.resolve_chance()
    most_liked = 2 * taste.FAVOURITE + taste.LOOP  # a card pair's two tourists, or a loop
    checked = 0
    while not match.is_over():
        p = match.prompts()[-1]
        view = match.view(p.player)
        worths = worth(rules, view, p)
        action = bots[p.player].choose(rules, view, p)
        chosen = worths[[o.action for o in p.options].index(action)]
        assert chosen >= max(worths) - taste.tolerance(view.turn, p.player, 3) - most_liked
        checked += 1
        match.apply(p.player, action)
        match.resolve_chance()
    assert checked > 50


def test_a_seats_taste_stays_the_same_all_game(rules):
    match = Match(rules, Config(2), 9)
    match.resolve_chance()
    keys = set()
    while not match.is_over():
        p = match.prompts()[-1]
        view = match.view(p.player)
        keys.add(taste.game_key(view))
        match.apply(p.player, RandomBot(random.Random(len(keys))).choose(rules, view, p))
        match.resolve_chance()
    assert len(keys) == 1
    first, cards = keys.pop()
    assert first in (0, 1) and len(cards) == 3
    a, b = (taste.taste_of(view, seat, 36, len(rules.board.links)) for seat in (0, 1))
    assert a != b  # two seats, two tastes
