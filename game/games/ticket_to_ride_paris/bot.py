"""GreedyBot heuristic for Ticket to Ride: Paris: one score per option, from a view only.

The plan: for every unfinished ticket, the cheapest path over routes this seat owns (free) or may
still claim; routes on those paths are "wanted" (weighted by the ticket points riding on them)
and their colours are "needed". Then: claim wanted routes when affordable, draw needed colours,
take tickets when nothing is left to do, keep cheap or overlapping tickets, always keep flag
cards, and near the end claim the longest routes it can.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from game.engine.core import Prompt

from .board import COLORS, FLAG_COLORS, WILD, Board
from .rules import TicketToRideParis, completed_tickets
from .state import EMPTY, State

INF = 10**6
BUS_MARGIN = 0.6  # share of the buses left that ticket paths may plan to use
TICKET_SPACE_COST = 0.5  # points a kept ticket must be worth per route space it adds


@dataclass
class Plan:
    """What one seat is working towards: wanted routes and the card colours they need."""

    wanted: dict[int, float]  # route index -> ticket points depending on it
    need: list[int]  # cards per colour still missing for the wanted routes
    open_tickets: int  # unfinished tickets that can still be completed
    path_spaces: int  # route spaces still to claim for them


def _usable(board: Board, s: State, seat: int, route_index: int) -> int:
    """Cost of a route for `seat`: 0 if owned, its length if still claimable, else INF."""
    owner = s.owners[route_index]
    if owner == seat:
        return 0
    if owner != EMPTY:
        return INF
    twin = board.routes[route_index].twin
    if twin >= 0 and (s.owners[twin] == seat or (s.players == 2 and s.owners[twin] != EMPTY)):
        return INF
    return board.routes[route_index].length


def shortest_path(board: Board, s: State, seat: int, a: int, b: int) -> tuple[int, list[int]]:
    """Cheapest (spaces to claim, route indices) path from a to b for `seat` (Dijkstra)."""
    dist = {a: 0}
    via: dict[int, tuple[int, int]] = {}
    heap = [(0, a)]
    while heap:
        cost, node = heapq.heappop(heap)
        if node == b:
            break
        if cost > dist[node]:
            continue
        for route, other in board.adjacency[node]:
            step = _usable(board, s, seat, route)
            if step >= INF:
                continue
            new = cost + step
            if new < dist.get(other, INF):
                dist[other] = new
                via[other] = (route, node)
                heapq.heappush(heap, (new, other))
    if b not in dist:
        return INF, []
    path, node = [], b
    while node != a:
        route, node = via[node]
        path.append(route)
    return dist[b], path


def make_plan(board: Board, s: State, seat: int, extra: tuple[int, ...] = ()) -> Plan:
    """Wanted routes and needed colours for `seat`'s unfinished tickets (plus `extra` ones)."""
    tickets = tuple(s.tickets[seat] or ()) + extra
    done = completed_tickets(board, s.owners, seat, tickets)
    wanted: dict[int, float] = {}
    open_tickets = 0
    for t, ok in zip(tickets, done):
        if ok:
            continue
        ticket = board.tickets[t]
        cost, path = shortest_path(board, s, seat, ticket.a, ticket.b)
        if cost >= INF or cost > s.buses[seat]:
            continue  # lost cause: do not spend cards on it
        open_tickets += 1
        for r in path:
            if s.owners[r] == EMPTY:
                wanted[r] = wanted.get(r, 0.0) + ticket.points
    need = [0] * len(COLORS)
    for r in wanted:
        route = board.routes[r]
        need[route.color] += route.length
    spaces = sum(board.routes[r].length for r in wanted)
    return Plan(wanted, need, open_tickets, spaces)


def evaluate(rules: TicketToRideParis, view: State, prompt: Prompt) -> list[float]:
    """One score per option of `prompt` (higher is better), from `view` only."""
    kind = prompt.kind
    if kind in ("turn", "draw2"):
        return _turn_scores(rules, view, prompt)
    if kind == "pay":
        # Pay with as many colour cards as possible: wilds are worth more kept.
        return [float(o.action[1]) for o in prompt.options]
    if kind == "flag":
        # A flag card in front of you costs nothing and is a third of 4 points.
        return [1.0 if o.action[1] == "keep" else 0.0 for o in prompt.options]
    if kind == "keep_tickets":
        return _keep_scores(rules, view, prompt)
    return [0.0] * len(prompt.options)


def _turn_scores(rules: TicketToRideParis, view: State, prompt: Prompt) -> list[float]:
    board = rules.board
    seat = prompt.player
    hand = view.hands[seat] or (0,) * len(COLORS)
    plan = make_plan(board, view, seat)
    buses = view.buses[seat]
    last_turn = view.final_turns > 0
    endgame = last_turn or buses <= 6 or plan.open_tickets == 0 and buses <= 9
    deficit = [max(0, plan.need[c] - hand[c]) for c in range(len(COLORS))]
    missing = max(0, sum(deficit[:WILD]) - hand[WILD])
    scores = []
    for option in prompt.options:
        action = option.action
        head = action[0]
        if head == "route":
            scores.append(_claim_score(rules, view, seat, action[1], plan, endgame, last_turn))
        elif head == "deck":
            scores.append(0.0 if last_turn else 1.2)
        elif head == "faceup":
            color = view.row[action[1]]
            if last_turn:
                scores.append(0.0)
            elif color == WILD:
                scores.append(2.0 if missing >= 2 else 1.0)
            elif deficit[color] > 0:
                scores.append(2.5 + min(deficit[color], 3) * 0.2)
            elif color in FLAG_COLORS and not endgame:
                scores.append(1.3)  # flag colours are always handy
            else:
                scores.append(0.8)
        elif head == "tickets":
            idle = plan.open_tickets == 0 and buses >= 7 and not last_turn
            scores.append(4.0 if idle else -5.0)
        else:
            scores.append(0.0)
    return scores


def _claim_score(rules: TicketToRideParis, view: State, seat: int, route_id: str, plan: Plan,
                 endgame: bool, last_turn: bool) -> float:
    route = rules.board.route(route_id)
    if route.index in plan.wanted:
        return 10.0 + plan.wanted[route.index] + route.points
    if endgame:
        return 3.0 + route.points * 2 + route.length
    # Off-plan claims spend cards and buses the tickets need; only worth it when buses spare.
    spare = view.buses[seat] - plan.path_spaces - route.length
    if spare >= 0 and route.length >= 2:
        return 0.5 + route.points * 0.4
    return 0.2


def _keep_scores(rules: TicketToRideParis, view: State, prompt: Prompt) -> list[float]:
    board = rules.board
    seat = prompt.player
    base = make_plan(board, view, seat)
    # Keep a margin: rivals block paths and the game often ends before every bus is placed.
    budget = int(view.buses[seat] * BUS_MARGIN) - base.path_spaces
    scores = []
    for option in prompt.options:
        extra = tuple(board.ticket_index[t] for t in option.action[1])
        plan = make_plan(board, view, seat, extra)
        added = plan.path_spaces - base.path_spaces
        points = sum(board.tickets[t].points for t in extra)
        reachable = plan.open_tickets - base.open_tickets
        value = 0.0
        if reachable < len(extra) or added > budget:
            value -= points  # likely unfinished: it would cost its points
        else:
            value += points - TICKET_SPACE_COST * added
        scores.append(value - 0.1 * len(extra))
    return scores


def describe(rules: TicketToRideParis, view: Any, seat: int) -> dict[str, Any]:
    """Debug summary of the bot's plan (wanted route ids and needed colours)."""
    plan = make_plan(rules.board, view, seat)
    return {"wanted": sorted(rules.board.routes[r].id for r in plan.wanted),
            "need": {COLORS[c]: n for c, n in enumerate(plan.need) if n}}
