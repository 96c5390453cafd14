"""Next Station's Hint reasons (capability move_reasons): the figures are those of the very
trials the Normal bot chose by, and every reason reads in both languages."""

from __future__ import annotations

from collections import Counter

from game.engine.registry import get_game
from game.games.next_station_paris import bot
from tests.games.hint_reasons import advised_game, assert_reasons_read

SEED = 3


def own():
    return [d for d in advised_game("next_station_paris", 1, SEED) if d.why(bot.WHY)]


def test_a_reason_gives_the_chosen_move_s_worth_and_its_lead_over_the_next_best():
    rules = get_game("next_station_paris").make_rules()
    leads = Counter()
    for d in own():
        scores = bot.evaluate(rules, rules.view(d.before, d.seat), d.hint.prompt)
        second = max(s for i, s in enumerate(scores) if i != d.hint.index)
        assert scores[d.hint.index] == max(scores)
        assert d.param("worth") == round(scores[d.hint.index])
        assert d.param("count") == round(scores[d.hint.index] - second) >= 1
        leads[d.param("count")] += 1
    assert sum(leads.values()) >= 5, leads


def test_reasons_read_in_both_languages():
    assert_reasons_read(own())
