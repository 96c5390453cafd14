"""Next Station's Hint reasons (capability move_reasons): the figures are those of the very
trials the Normal bot chose by, and every reason reads in both languages."""

from __future__ import annotations

from collections import Counter
from functools import cache

from game.engine.core import Config
from game.engine.hints import Advisor
from game.engine.match import Match
from game.engine.registry import get_game
from game.games.next_station_paris import bot
from game.ui.i18n import LANGUAGES, Translator, load_catalog, string_files

SEED = 3


@cache
def hinted() -> tuple:
    """Every decision of a seeded solo game played by the Advisor: (view, hint)."""
    rules = get_game("next_station_paris").make_rules()
    advisor = Advisor(bot.evaluate, SEED, bot.reason)
    match, seen = Match(rules, Config(1), SEED), []
    while True:
        match.resolve_chance()
        if match.is_over():
            return tuple(seen)
        prompt = match.prompts()[0]
        view = match.view(prompt.player)
        hint = advisor.choose(rules, view, prompt)
        match.apply(prompt.player, hint.action)
        seen.append((view, hint))


def test_a_reason_gives_the_chosen_move_s_worth_and_its_lead_over_the_next_best():
    rules = get_game("next_station_paris").make_rules()
    leads = Counter()
    for view, hint in hinted():
        if hint.reason is None or not hint.reason.key.startswith(bot.WHY):
            continue
        scores = bot.evaluate(rules, view, hint.prompt)
        second = max(s for i, s in enumerate(scores) if i != hint.index)
        params = dict(hint.reason.params)
        assert scores[hint.index] == max(scores)
        assert params["worth"] == round(scores[hint.index])
        assert params["count"] == round(scores[hint.index] - second) >= 1
        leads[params["count"]] += 1
    assert sum(leads.values()) >= 5, leads


def test_reasons_read_in_both_languages():
    reasons = [h.reason for _, h in hinted() if h.reason and h.reason.key.startswith(bot.WHY)]
    catalog = load_catalog(string_files())
    for language in LANGUAGES:
        translator = Translator(catalog, language)
        for reason in reasons:
            text = translator.t(reason.key, **dict(reason.params))
            assert text and "{" not in text, (language, reason)
