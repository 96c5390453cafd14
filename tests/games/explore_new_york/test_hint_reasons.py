"""Explore New York's Hint reasons (capability move_reasons): what a reason says about the
Normal bot's choice is true of the position, and every reason reads in both languages."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.registry import get_game
from game.games.explore_new_york import bot
from game.games.explore_new_york.scoring import best_route
from tests.games.hint_reasons import advised_game, assert_reasons_read

from .support import act, card, play_turn_cards, prompt, side, start

SEEDS = (3, 4, 5)
SINGLE_LINK = ("extra", "link2")  # prompts whose reason counts exactly one link


def own(seed: int):
    return [d for d in advised_game("explore_new_york", 2, seed) if d.why(bot.WHY)]


def route_points(state, seat: int) -> int:
    return best_route(get_game("explore_new_york").make_rules().board, state.sheets[seat]).total


@pytest.mark.parametrize("seed", SEEDS)
def test_a_reached_score_is_the_route_the_link_really_gives(seed):
    checked = 0
    for d in own(seed):
        if d.why(bot.WHY) == "reach":
            assert d.param("now") == route_points(d.before, d.seat) < d.param("then")
            if d.hint.prompt.kind in SINGLE_LINK:
                assert d.param("then") == route_points(d.after, d.seat)
                checked += 1
    assert checked, "no single-link reach reason was given: the check proved nothing"


def test_reasons_cover_the_kinds_of_move_and_read_in_both_languages():
    decisions = [d for seed in SEEDS for d in own(seed)]
    keys = Counter(d.why(bot.WHY) for d in decisions)
    assert "reach" in keys and keys.keys() & {"grows", "touches"}, keys
    assert_reasons_read(decisions)


def test_a_tourist_reason_counts_the_attractions_of_its_type_along_the_route():
    rules = get_game("explore_new_york").make_rules()
    state = lone_block_turn(rules)
    state, _ = act(rules, state, 0, ("block", 1, 2))
    tourist = prompt(rules, state, 0)
    assert tourist.kind == "tourist"
    route = best_route(rules.board, state.sheets[0])
    counted = {}
    for index, option in enumerate(tourist.options):
        name = option.action[1]
        along = sum(rules.board.blocks[b].attraction == name for b in route.blocks)
        reason = bot.reason(rules, rules.view(state, 0), tourist, index)
        counted[name] = along
        assert (reason is None) if along == 0 else dict(reason.params)["count"] == along
    assert any(counted.values()), f"the route passes no tourist attraction: {counted}"


def lone_block_turn(rules):
    """Seat 0 has links along the tops of (3, 3) and (2, 3) and must pick any empty block."""
    state = start(rules, 2)
    state = play_turn_cards(rules, state, (card(rules, 3, "square"),
                                           card(rules, 3, "circle", "circle"),
                                           card(rules, 1, "circle", plus=True)),
                            card(rules, 1, "circle", plus=True))
    for seat in (0, 1):
        state, _ = act(rules, state, seat, ("block", 3, 3), ("link", side(rules, 3, 3, "top")),
                       ("link", side(rules, 2, 3, "top")))
    return play_turn_cards(rules, state, (card(rules, 3, "triangle", plus=True),
                                          card(rules, 3, "square", "triangle"),
                                          card(rules, 1, "square", "triangle")),
                           card(rules, 1, "square", "triangle"))
