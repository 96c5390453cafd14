"""TTR score details and tie-break notes for the results screen (rulebook: Final de la partida).

End states are built from a real forced setup (`Match.apply_chance`) and then crafted with
`dataclasses.replace` (owners, tickets, flags, phase OVER): reaching them by play would take
hundreds of moves. A few seeded bot games check the sums on natural end states too.
"""

from __future__ import annotations

import dataclasses
from collections import deque

import pytest

from game.engine.bots import make_bot, play_out
from game.engine.core import Config, Detail
from game.engine.match import Match
from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.state import EMPTY, OVER, State
from game.ui.i18n import load_catalog, string_files

from .support import start

GAME = "ticket_to_ride_paris"
TICKETS = (("arc-notre_dame", "concorde-sacre_coeur"),
           ("louvre-pere_lachaise", "opera-montparnasse"))



def started(rules: TicketToRideParis) -> State:
    """A 2-player state right after a fully forced setup (both seats keep both tickets)."""
    return start(rules, (("red", "red"), ("green", "green")), TICKETS).state


def path(rules: TicketToRideParis, a: str, b: str, avoid: set[str] = frozenset()) -> list[int]:
    """Route indices of a shortest path from location a to b, never through `avoid`."""
    board = rules.board
    start, goal = board.location_index[a], board.location_index[b]
    blocked = {board.location_index[x] for x in avoid}
    came: dict[int, tuple[int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for route, there in board.adjacency[here]:
            if there not in came and there not in blocked:
                came[there] = (route, here)
                queue.append(there)
    routes = []
    while came[goal] is not None:
        route, goal = came[goal]
        routes.append(route)
    return routes


def finish(rules: TicketToRideParis, state: State, owned: dict[int, list[int]],
           tickets: dict[int, tuple[str, ...]] | None = None, **changes) -> State:
    """`state` at the end of the game with these routes owned (route points kept consistent)."""
    owners = [EMPTY] * len(rules.board.routes)
    for seat, routes in owned.items():
        for r in routes:
            owners[r] = seat
    points = tuple(sum(rules.board.routes[r].points for r in owned.get(seat, ()))
                   for seat in range(state.players))
    if tickets is not None:
        ids = rules.board.ticket_index
        changes["tickets"] = tuple(tuple(ids[t] for t in tickets.get(seat, ()))
                                   for seat in range(state.players))
    return dataclasses.replace(state, phase=OVER, owners=tuple(owners), route_points=points,
                               **changes)


def by_category(details: tuple[Detail, ...]) -> dict[str, int]:
    """Sum of detail points per category."""
    sums: dict[str, int] = {}
    for d in details:
        sums[d.category] = sums.get(d.category, 0) + d.points
    return sums


def assert_sums_match(rules: TicketToRideParis, state: State) -> None:
    """For every seat and category, the details add up to scores()."""
    for seat, (details, score) in enumerate(zip(rules.details(state), rules.scores(state))):
        sums = by_category(details)
        assert {c: sums.get(c, 0) for c in score} == score, f"seat {seat}"
        assert set(sums) <= set(score)


def test_every_ticket_listed_with_its_locations_points_and_result(rules) -> None:
    route_ids = path(rules, "arc", "notre_dame", avoid={"sacre_coeur", "concorde"})
    s = finish(rules, started(rules), {0: route_ids}, flags=(1, 0),
               front=((0, 0, 0), (1, 0, 1)))
    seat0, seat1 = rules.details(s)
    tickets0 = [d for d in seat0 if d.category == "tickets"]
    assert [(dict(d.params)["a"], dict(d.params)["b"], d.points, d.ok) for d in tickets0] == [
        ("Arc de Triomphe", "Notre-Dame", 7, True),
        ("Concorde", "Sacré-Cœur", -rules.board.ticket("concorde-sacre_coeur").points, False),
    ]
    assert all(d.label == "ticket_to_ride_paris.detail.ticket" for d in tickets0)
    tickets1 = [d for d in seat1 if d.category == "tickets"]
    assert [d.ok for d in tickets1] == [False, False]
    assert sum(d.points for d in tickets1) == -sum(
        rules.board.ticket(t).points for t in TICKETS[1])
    assert_sums_match(rules, s)


def test_routes_are_grouped_by_length_longest_first(rules) -> None:
    board = rules.board
    by_length = {n: [r.index for r in board.routes if r.length == n] for n in (1, 2, 3)}
    owned = by_length[3][:2] + by_length[1][:3] + by_length[2][:1]
    s = finish(rules, started(rules), {1: owned})
    routes = [d for d in rules.details(s)[1] if d.category == "routes"]
    assert [(dict(d.params)["length"], dict(d.params)["count"], d.points) for d in routes] == [
        (3, 2, 8), (2, 1, 2), (1, 3, 3)]
    assert all(d.ok is None for d in routes)
    assert [d.label for d in rules.details(s)[0] if d.category == "routes"] == [
        "ticket_to_ride_paris.detail.no_routes"]
    assert_sums_match(rules, s)


def test_french_flags_completed_and_unfinished(rules) -> None:
    s = finish(rules, started(rules), {}, flags=(2, 0), front=((1, 0, 0), (0, 0, 0)))
    flags0 = [d for d in rules.details(s)[0] if d.category == "flags"]
    assert [(d.label.rsplit(".", 1)[1], d.points, d.ok) for d in flags0] == [
        ("flags", 8, True), ("flag_cards", 0, None)]
    assert dict(flags0[0].params) == {"count": 2, "each": 4}
    flags1 = [d for d in rules.details(s)[1] if d.category == "flags"]
    assert [(d.label.rsplit(".", 1)[1], d.points) for d in flags1] == [("no_flags", 0)]
    assert_sums_match(rules, s)


def test_tickets_stay_secret_in_details_until_the_game_is_over(rules) -> None:
    s = started(rules)
    assert not [d for seat in rules.details(s) for d in seat if d.category == "tickets"]
    assert rules.tiebreak(s) is None
    assert_sums_match(rules, s)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [2, 4])
def test_details_add_up_to_scores_after_bot_games(rules, players: int, seed: int) -> None:
    m = Match(rules, Config(players), seed)
    play_out(m, {p: make_bot("greedy", GAME, seed + p) for p in range(players)})
    assert_sums_match(rules, m.state)
    for seat, details in enumerate(rules.details(m.state)):
        listed = [d for d in details if d.category == "tickets"]
        assert len(listed) == len(m.state.tickets[seat])


def test_no_tiebreak_note_when_the_best_total_decides(rules) -> None:
    s = finish(rules, started(rules), {0: path(rules, "arc", "notre_dame")})
    assert len({sum(b.values()) for b in rules.scores(s)}) == 2
    assert rules.tiebreak(s) is None


def test_tiebreak_note_names_the_seat_with_more_completed_tickets(rules) -> None:
    board = rules.board
    routes0 = path(rules, "arc", "notre_dame")
    total0 = sum(board.routes[r].points for r in routes0) + board.ticket("arc-notre_dame").points
    # Seat 1: no tickets, flags and single routes (away from seat 0's) up to the same total.
    singles = [r.index for r in board.routes if r.length == 1 and r.index not in routes0]
    flags, rest = divmod(total0, 4)
    s = finish(rules, started(rules), {0: routes0, 1: singles[:rest]},
               {0: ("arc-notre_dame",), 1: ()}, flags=(0, flags))
    assert [sum(b.values()) for b in rules.scores(s)] == [total0, total0]
    assert rules.winners(s) == (0,)
    key, params = rules.tiebreak(s)
    assert key == "ticket_to_ride_paris.tiebreak.tickets"
    assert dict(params) == {"player": 0, "players": (0, 1), "points": total0, "count": total0,
                            "tickets": 1}
    assert_sums_match(rules, s)


def test_shared_victory_note_when_tickets_tie_too(rules) -> None:
    twos = [r.index for r in rules.board.routes if r.length == 2]
    s = finish(rules, started(rules), {0: twos[:1], 1: twos[5:6]}, {0: (), 1: ()})
    assert rules.winners(s) == (0, 1)
    key, params = rules.tiebreak(s)
    assert key == "ticket_to_ride_paris.tiebreak.shared"
    assert dict(params) == {"players": (0, 1), "points": 2, "count": 2, "tickets": 0}


def test_every_detail_and_note_key_is_translated(rules) -> None:
    catalog = load_catalog(string_files())
    s = finish(rules, started(rules), {}, flags=(1, 0), front=((1, 0, 0), (0, 0, 0)))
    keys = {d.label for seat in rules.details(s) for d in seat}
    keys |= {"ticket_to_ride_paris.detail.routes", "ticket_to_ride_paris.tiebreak.tickets",
             "ticket_to_ride_paris.tiebreak.shared"}
    for lang in ("en", "es"):  # a plural key is there as key.one / key.other
        assert all({k, f"{k}.other"} & catalog[lang].keys() for k in keys), lang
