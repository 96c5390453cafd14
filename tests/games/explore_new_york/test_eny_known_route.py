"""Explore New York's remembered routes (scoring.known_route): the sheet a bot's move makes is
searched once, by the bot's what-ifs, and the renderer and the rules find it done."""

from __future__ import annotations

import pytest

from game.engine.core import Chance, Config, Terminal
from game.games.explore_new_york import scoring
from game.games.explore_new_york.bot import evaluate
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.state import Sheet
from tests.games.explore_new_york.support import prompt


@pytest.fixture
def searches(monkeypatch) -> list[Sheet]:
    """Every exact search run, by its sheet (the memo emptied first)."""
    monkeypatch.setattr(scoring, "_known_routes", {})
    found: list[Sheet] = []
    search = scoring.best_route

    def counted(board, sheet):
        found.append(sheet)
        return search(board, sheet)
    monkeypatch.setattr(scoring, "best_route", counted)
    return found


def _charted(rules: ExploreNewYork) -> Sheet:
    """A sheet with links and tourists: a seeded bot game's first seat after a few turns."""
    state = rules.initial_state(Config(3))
    for step in range(120):
        state, _ = _greedy_step(rules, state, step)
    return state.sheets[0]


def _greedy_step(rules: ExploreNewYork, state, step: int) -> tuple[object, int | None]:
    """One step of a game: a chance outcome picked by `step`, or the lowest prompted seat's
    greedy choice; (the state after it, the seat that chose or None; none once it is over)."""
    pending = rules.pending(state)
    if isinstance(pending, Terminal):
        return state, None
    if isinstance(pending, Chance):
        outcome = pending.outcomes[step % len(pending.outcomes)][0]
        return rules.apply(state, None, outcome)[0], None
    seat = min(p.player for p in pending)
    asked = prompt(rules, state, seat)
    scores = evaluate(rules, rules.view(state, seat), asked)
    return rules.apply(state, seat, asked.options[scores.index(max(scores))].action)[0], seat


def test_a_sheet_is_searched_once_and_its_route_is_the_exact_one(searches):
    """Its equal (another object: a bot's what-if, the sheet the move then makes) is not
    searched again; the route is best_route's."""
    rules = ExploreNewYork()
    sheet = _charted(rules)
    assert sheet.links
    searches.clear()
    first = scoring.known_route(rules.board, sheet)
    again = scoring.known_route(rules.board, Sheet(sheet.tourists, sheet.filled, sheet.links,
                                                   sheet.cafes, sheet.block))
    assert first is again and len(searches) == 1
    assert first == scoring.best_route(rules.board, sheet)


def test_another_board_or_another_sheet_is_searched(searches):
    """A route is kept with its board (by identity) and its sheet's links and tourists."""
    rules, other = ExploreNewYork(), ExploreNewYork()
    sheet = _charted(rules)
    searches.clear()
    scoring.known_route(rules.board, sheet)
    scoring.known_route(other.board, sheet)
    fewer = Sheet(sheet.tourists, sheet.filled, sheet.links & (sheet.links - 1), sheet.cafes,
                  sheet.block)
    scoring.known_route(rules.board, fewer)
    assert len(searches) == 3


def test_the_memo_is_emptied_when_full(searches, monkeypatch):
    """At most ROUTES_KEPT routes are kept."""
    monkeypatch.setattr(scoring, "ROUTES_KEPT", 2)
    rules = ExploreNewYork()
    sheet = _charted(rules)
    links = list(scoring.bits(sheet.links))
    for n in range(1, 5):
        fewer = Sheet(sheet.tourists, sheet.filled, sum(1 << k for k in links[:n]),
                      sheet.cafes, sheet.block)
        scoring.known_route(rules.board, fewer)
        assert len(scoring._known_routes) <= 2


def test_the_bots_moves_are_searched_before_they_land(searches):
    """A greedy game's moves: the rules' route of a seat's new sheet (what the renderer's boxes
    read) was found by the bot before the move was applied (its what-ifs, or the sheet its
    choice makes: bot._search_chosen), but for a rare one."""
    rules = ExploreNewYork()
    state = rules.initial_state(Config(3))
    kinds: dict = {}
    for step in range(150):
        before = state
        state, seat = _greedy_step(rules, state, step)
        if seat is None:
            continue
        searches.clear()
        rules.route(state, seat)
        kind = prompt(rules, before, seat).kind
        kinds.setdefault(kind, []).append(len(searches))
    assert len(kinds["block"]) > 10 and len(kinds["link"]) > 10
    assert sum(map(sum, kinds.values())) <= 2
