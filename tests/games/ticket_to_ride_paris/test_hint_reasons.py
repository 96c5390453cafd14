"""Ticket to Ride's Hint reasons (capability move_reasons): a claim's reason is true of the
board after it, and every reason reads in both languages."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from game.engine.core import Config
from game.engine.hints import Advisor, Hint
from game.engine.match import Match
from game.engine.registry import get_game
from game.games.ticket_to_ride_paris import bot
from game.games.ticket_to_ride_paris.rules import completed_tickets
from game.ui.i18n import LANGUAGES, Translator, load_catalog, string_files

SEEDS = (3, 4, 5)


@dataclass(frozen=True)
class Hinted:
    """One decision: the hint and the full state before and after it."""

    hint: Hint
    before: Any
    after: Any


@cache
def hinted(seed: int) -> tuple[Hinted, ...]:
    """Every decision of a seeded 2-player game played by the Advisor (the Normal bot)."""
    rules = get_game("ticket_to_ride_paris").make_rules()
    advisor = Advisor(bot.evaluate, seed, bot.reason)
    match, seen = Match(rules, Config(2), seed), []
    while True:
        match.resolve_chance()
        if match.is_over():
            return tuple(seen)
        prompt = match.prompts()[0]
        before = match.state
        hint = advisor.choose(rules, match.view(prompt.player), prompt)
        match.apply(prompt.player, hint.action)
        seen.append(Hinted(hint, before, match.state))


def own(decisions) -> list[Hinted]:
    return [d for d in decisions if d.hint.reason and d.hint.reason.key.startswith(bot.WHY)]


def ticket_points(board, state, seat) -> int:
    tickets = tuple(state.tickets[seat] or ())
    done = completed_tickets(board, state.owners, seat, tickets)
    return sum(board.tickets[t].points for t, ok in zip(tickets, done) if ok)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_claim_reason_is_true_of_the_board_after_it(seed):
    board = get_game("ticket_to_ride_paris").make_rules().board
    checked = Counter()
    for d in own(hinted(seed)):
        kind = d.hint.reason.key.removeprefix(bot.WHY)
        count = dict(d.hint.reason.params)["count"]
        seat = d.hint.prompt.player
        if kind == "completes":
            gained = ticket_points(board, d.after, seat) - ticket_points(board, d.before, seat)
            assert gained == count > 0, d.hint
        elif kind == "scores":
            assert board.route(d.hint.action[1]).points == count
        checked[kind] += 1
    assert checked["completes"] + checked["on_path"], checked


def test_reasons_cover_claims_and_draws_and_read_in_both_languages():
    decisions = [d for seed in SEEDS for d in own(hinted(seed))]
    keys = Counter(d.hint.reason.key.removeprefix(bot.WHY) for d in decisions)
    assert {"completes", "on_path", "colour"} <= set(keys), keys
    catalog = load_catalog(string_files())
    for language in LANGUAGES:
        translator = Translator(catalog, language)
        for d in decisions:
            text = translator.t(d.hint.reason.key, **dict(d.hint.reason.params))
            assert text and "{" not in text, (language, d.hint.reason)
