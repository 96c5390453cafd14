"""Ticket to Ride's Hint reasons (capability move_reasons): a claim's reason is true of the
board after it, and every reason reads in both languages."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.registry import get_game
from game.games.ticket_to_ride_paris import bot
from game.games.ticket_to_ride_paris.rules import completed_tickets
from tests.games.hint_reasons import advised_game, assert_reasons_read

SEEDS = (3, 4, 5)


def own(seed: int):
    return [d for d in advised_game("ticket_to_ride_paris", 2, seed) if d.why(bot.WHY)]


def ticket_points(board, state, seat) -> int:
    tickets = tuple(state.tickets[seat] or ())
    done = completed_tickets(board, state.owners, seat, tickets)
    return sum(board.tickets[t].points for t, ok in zip(tickets, done) if ok)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_claim_reason_is_true_of_the_board_after_it(seed):
    board = get_game("ticket_to_ride_paris").make_rules().board
    checked = Counter()
    for d in own(seed):
        kind, count = d.why(bot.WHY), d.param("count")
        if kind == "completes":
            gained = ticket_points(board, d.after, d.seat) - ticket_points(board, d.before, d.seat)
            assert gained == count > 0, d.hint
        elif kind == "scores":
            assert board.route(d.hint.action[1]).points == count
        checked[kind] += 1
    assert checked["completes"] + checked["on_path"], checked


def test_reasons_cover_claims_and_draws_and_read_in_both_languages():
    decisions = [d for seed in SEEDS for d in own(seed)]
    keys = Counter(d.why(bot.WHY) for d in decisions)
    assert {"completes", "on_path", "colour"} <= set(keys), keys
    assert_reasons_read(decisions)
