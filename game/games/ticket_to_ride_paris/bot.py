"""GreedyBot heuristic for Ticket to Ride: Paris: one score per option, from a view only.

The plan: pick the subset of unfinished tickets worth pursuing (the most points whose joint
network fits in the buses left and in the turns the game is likely to last), connect them one
after the other so shared routes count once, and call the unclaimed routes of that network
"wanted". Every decision re-plans from the view, so a claimed route means an instant reroute.
Then: claim wanted routes (those without a cheap detour first), draw the colours they need,
take tickets only when there is slack to finish them, keep flag cards, and once the tickets
are done or the end is near, turn cards into the longest affordable routes.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from game.engine.core import Prompt
from game.engine.hints import Reason

from .board import COLORS, FLAG_COLORS, WILD, Board
from .rules import TicketToRideParis, completed_tickets
from .state import EMPTY, SETUP_TICKETS, State

INF = 10**6
CARDS_PER_DRAW = 1.4  # useful cards a draw turn brings (blind cards are often off-colour)
PRIOR_RATE = 0.9  # buses a seat places per turn, before we have seen it play
PRIOR_TURNS = 6  # weight of that prior, in turns
HOARD_SLOWNESS = 1.3  # how much slower than flat out a rival plays its hand
MAX_SUBSET = 5  # tickets searched exhaustively when choosing which ones to pursue
BLOCKED_DETOUR = 8.0  # urgency of a route whose loss would sink a ticket
TICKET_DRAW_MIN = 0.5  # expected points a ticket draw must promise (the keep is forced)
SPACE_COST = 0.15  # points a plan space costs (buses kept free score routes later)
TICKET_DRAW_SPARE = 4  # buses left over the plan's needs before a ticket draw is considered
# Turns a plan must leave spare to take a ticket on: base, per own turn left, per rival beyond 1.
# Measured (issue 17, 200 greedy-vs-greedy games each): (1.5, 0.15, 0.75) kept both starting
# tickets 7% of the time; with no base or per-turn margin the bot keeps both 39% (2 players) and
# wins 120 games to 83 against the old margins (3 players 116-100, 4 players 117-100). Drawing
# tickets more often (a lower TICKET_DRAW_MIN) measured worse: late tickets mostly fail here.
KEEP_SLACK = (0.0, 0.0, 0.75)


@dataclass
class Plan:
    """What one seat is working towards: wanted routes and the card colours they need."""

    wanted: dict[int, float]  # route index -> ticket points depending on it
    need: list[int]  # cards per colour the wanted routes cost
    open_tickets: int  # unfinished tickets being pursued
    path_spaces: int  # route spaces still to claim for them
    value: int = 0  # ticket points if the pursued ones complete and the rest fail
    turns: float = 0.0  # turns the wanted routes still take (draws and claims)
    dropped: int = 0  # unfinished tickets given up on
    paths: dict[int, list[int]] = field(default_factory=dict)  # ticket -> unclaimed routes


# -- costs and paths ---------------------------------------------------------------------------
def _open_to(board: Board, owners: tuple[int, ...], players: int, seat: int, r: int) -> bool:
    """Whether route r is owned by `seat` or may still be claimed by it (double-route rules)."""
    owner = owners[r]
    if owner == seat:
        return True
    if owner != EMPTY:
        return False
    twin = board.routes[r].twin
    return not (twin >= 0 and (owners[twin] == seat or (players == 2 and owners[twin] != EMPTY)))


def _step_costs(board: Board, s: State, seat: int, owners: tuple[int, ...]) -> list[float]:
    """Planning cost per route: 0 if owned, INF if closed, else spaces plus turn and risk terms.

    Nothing here depends on the hand: the plan must only change when the board does, or the
    bot wanders between paths and strands the routes it claimed.
    """
    costs = []
    for r in board.routes:
        if owners[r.index] == seat:
            costs.append(0.0)
        elif not _open_to(board, owners, s.players, seat, r.index):
            costs.append(INF)
        else:
            # Spaces are buses; each claim is also a turn (long routes score more per turn).
            cost = r.length + 0.4
            twin_open = r.twin >= 0 and owners[r.twin] == EMPTY and s.players > 2
            if not twin_open:
                # One rival claim blocks it: prefer routes with a spare twin.
                cost += 0.2
            costs.append(cost)
    return costs


def _connect(board: Board, costs: list[float], free: set[int], a: int, b: int
             ) -> tuple[float, list[int]]:
    """Cheapest (cost, routes) from a to b; routes in `free` cost nothing (Dijkstra)."""
    dist = {a: 0.0}
    via: dict[int, tuple[int, int]] = {}
    heap = [(0.0, a)]
    while heap:
        cost, node = heapq.heappop(heap)
        if node == b:
            break
        if cost > dist[node]:
            continue
        for route, other in board.adjacency[node]:
            step = 0.0 if route in free else costs[route]
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


def shortest_path(board: Board, s: State, seat: int, a: int, b: int) -> tuple[int, list[int]]:
    """Cheapest (spaces to claim, route indices) path from a to b for `seat`."""
    cost, path = _connect(board, _step_costs(board, s, seat, s.owners), set(), a, b)
    if cost >= INF:
        return INF, []
    return sum(board.routes[r].length for r in path if s.owners[r] != seat), path


def _network(board: Board, costs: list[float], owned: set[int], tickets: list[int]
             ) -> dict[int, list[int]] | None:
    """Unclaimed routes joining each ticket, sharing routes (None if one cannot be joined)."""
    free = set(owned)
    paths: dict[int, list[int]] = {}
    for t in tickets:
        ticket = board.tickets[t]
        cost, path = _connect(board, costs, free, ticket.a, ticket.b)
        if cost >= INF:
            return None
        paths[t] = [r for r in path if r not in owned]
        free.update(path)
    return paths


def _turns_needed(board: Board, routes: set[int], hand: tuple[int, ...]) -> float:
    """Turns to claim `routes`: one per claim plus draw turns for the cards not yet in hand."""
    need = [0] * len(COLORS)
    for r in routes:
        need[board.routes[r].color] += board.routes[r].length
    missing = sum(max(0, need[c] - hand[c]) for c in range(WILD)) - hand[WILD]
    return len(routes) + max(0, missing) / CARDS_PER_DRAW


def turns_left(board: Board, s: State, seat: int) -> float:
    """Own turns the game will probably last: until a rival nears 2 buses, plus the last round."""
    if s.final_turns > 0:
        return 1.0
    own_turns = s.turn / max(1, s.players)
    ending = board.rules["last_round_buses"]
    soonest = float(INF)
    for p in range(s.players):
        if p == seat:
            continue
        to_place = max(0, s.buses[p] - ending)
        used = board.rules["buses"] - s.buses[p]
        rate = (used + PRIOR_RATE * PRIOR_TURNS) / (own_turns + PRIOR_TURNS)
        # A rival hoarding cards can place its buses much faster than it has so far: claims of
        # ~2 spaces each, plus draw turns only for the cards it does not hold yet.
        rush = HOARD_SLOWNESS * (to_place / 2 + max(0, to_place - s.hand_sizes[p]) / 2)
        soonest = min(soonest, to_place / max(rate, 0.4), rush)
    return soonest + 1.0


# -- the plan ----------------------------------------------------------------------------------
def make_plan(board: Board, s: State, seat: int, extra: tuple[int, ...] = (),
              slack: float = 0.0) -> Plan:
    """Which unfinished tickets (own plus `extra`) to pursue and the routes they still need.

    `slack`: turns the plan must leave spare (a margin for blocks when taking new tickets).
    """
    tickets = tuple(s.tickets[seat] or ()) + extra
    done = completed_tickets(board, s.owners, seat, tickets)
    owned = {r for r, o in enumerate(s.owners) if o == seat}
    costs = _step_costs(board, s, seat, s.owners)
    hand = s.hands[seat] or (0,) * len(COLORS)
    open_ = [t for t, ok in zip(tickets, done) if not ok]
    finished = sum(board.tickets[t].points for t, ok in zip(tickets, done) if ok)
    # Worth most first: the exhaustive search covers the best few, the rest only if they fit.
    open_.sort(key=lambda t: -board.tickets[t].points)
    horizon = turns_left(board, s, seat) - slack
    best = _choose(board, costs, owned, open_[:MAX_SUBSET], s.buses[seat], horizon, hand)
    for t in open_[MAX_SUBSET:]:
        trial = _fits(board, costs, owned, best[0] + [t], s.buses[seat], horizon, hand)
        if trial is not None:
            best = ([*best[0], t], trial)
    chosen, paths = best
    wanted: dict[int, float] = {}
    for t in chosen:
        for r in paths[t]:
            wanted[r] = wanted.get(r, 0.0) + board.tickets[t].points
    need = [0] * len(COLORS)
    for r in wanted:
        need[board.routes[r].color] += board.routes[r].length
    points = sum(board.tickets[t].points for t in chosen)
    lost = sum(board.tickets[t].points for t in open_) - points
    return Plan(wanted, need, len(chosen), sum(board.routes[r].length for r in wanted),
                finished + points - lost, _turns_needed(board, set(wanted), hand),
                len(open_) - len(chosen), paths)


def _fits(board: Board, costs: list[float], owned: set[int], tickets: list[int], buses: int,
          horizon: float, hand: tuple[int, ...]) -> dict[int, list[int]] | None:
    """The network for `tickets` if it fits in the buses and the turns left, else None."""
    paths = _network(board, costs, owned, tickets)
    if paths is None:
        return None
    routes = {r for p in paths.values() for r in p}
    if sum(board.routes[r].length for r in routes) > buses:
        return None
    if _turns_needed(board, routes, hand) > horizon:
        return None
    return paths


def _choose(board: Board, costs: list[float], owned: set[int], tickets: list[int], buses: int,
            horizon: float, hand: tuple[int, ...]) -> tuple[list[int], dict[int, list[int]]]:
    """The subset of `tickets` with the most points whose network fits (fewest spaces on ties)."""
    best: tuple[float, list[int], dict[int, list[int]]] = (0.0, [], {})
    for size in range(len(tickets), 0, -1):
        for combo in combinations(tickets, size):
            points = sum(board.tickets[t].points for t in combo)
            if points <= best[0]:
                continue
            paths = _fits(board, costs, owned, list(combo), buses, horizon, hand)
            if paths is None:
                continue
            spaces = sum(board.routes[r].length for r in {r for p in paths.values() for r in p})
            score = points - 0.01 * spaces
            if score > best[0]:
                best = (score, list(combo), paths)
    return best[1], best[2]


def _urgency(board: Board, s: State, seat: int, plan: Plan) -> dict[int, float]:
    """Per wanted route: the detour (or BLOCKED_DETOUR for a lost ticket) if a rival took it."""
    rival = (seat + 1) % s.players
    owned = {r for r, o in enumerate(s.owners) if o == seat}
    normal = _step_costs(board, s, seat, s.owners)
    out: dict[int, float] = {}
    for r in plan.wanted:
        owners = s.owners[:r] + (rival,) + s.owners[r + 1:]
        costs = _step_costs(board, s, seat, owners)
        # The rest of the network counts as built: only the way around r matters.
        free = owned | (set(plan.wanted) - {r})
        worst = 0.0
        for t, path in plan.paths.items():
            if r not in path:
                continue
            ticket = board.tickets[t]
            after, _ = _connect(board, costs, free, ticket.a, ticket.b)
            worst = max(worst, BLOCKED_DETOUR if after >= INF else min(after - normal[r], 6.0))
        out[r] = max(0.0, worst)
    return out


# -- scoring -----------------------------------------------------------------------------------
def evaluate(rules: TicketToRideParis, view: State, prompt: Prompt) -> list[float]:
    """One score per option of `prompt` (higher is better), from `view` only."""
    kind = prompt.kind
    if kind in ("turn", "draw2"):
        return _turn_scores(rules, view, prompt)
    if kind == "pay":
        # Pay with as many colour cards as possible: wilds are worth more kept, and a colour
        # card may go in front for the flag.
        return [float(o.action[1]) for o in prompt.options]
    if kind == "flag":
        # A flag card in front costs nothing (it paid already) and is a third of 4 points.
        return [1.0 if o.action[1] == "keep" else 0.0 for o in prompt.options]
    if kind == "keep_tickets":
        return _keep_scores(rules, view, prompt)
    return [0.0] * len(prompt.options)


@dataclass
class _Turn:
    """Everything the turn scores share, computed once per decision."""

    view: State
    seat: int
    hand: tuple[int, ...]
    plan: Plan
    urgency: dict[int, float]
    left: float  # own turns left (estimate)
    last_turn: bool
    deficit: list[int]  # colour cards still missing for the wanted routes
    missing: int  # colour cards missing after spending the wilds


def _turn_scores(rules: TicketToRideParis, view: State, prompt: Prompt) -> list[float]:
    board = rules.board
    seat = prompt.player
    hand = view.hands[seat] or (0,) * len(COLORS)
    plan = make_plan(board, view, seat)
    left = turns_left(board, view, seat)
    last_turn = view.final_turns > 0
    spare_turns = left - plan.turns
    deficit = [max(0, plan.need[c] - hand[c]) for c in range(len(COLORS))]
    missing = max(0, sum(deficit[:WILD]) - hand[WILD])
    t = _Turn(view, seat, hand, plan, _urgency(board, view, seat, plan), left, last_turn,
              deficit, missing)
    ticket_score = -5.0
    if prompt.kind == "turn" and not last_turn and spare_turns >= 3:
        ticket_score = _ticket_draw_score(board, view, seat, plan, left)
    scores = []
    for option in prompt.options:
        head = option.action[0]
        if head == "route":
            scores.append(_claim_score(rules, t, option.action[1]))
        elif head == "deck":
            scores.append(0.0 if last_turn else 1.2)
        elif head == "faceup":
            scores.append(_faceup_score(rules, t, view.row[option.action[1]]))
        elif head == "tickets":
            scores.append(ticket_score)
        else:
            scores.append(0.0)
    return scores


def _flag_bonus(t: _Turn, color: int) -> float:
    """Points a colour card of `color` paid for a route adds towards the French flag."""
    if color not in FLAG_COLORS or t.view.front[t.seat][FLAG_COLORS.index(color)]:
        return 0.0
    have = sum(t.view.front[t.seat])
    return (1.0, 1.8, 4.0)[have]  # the third card completes the flag: 4 points at once


def _claim_score(rules: TicketToRideParis, t: _Turn, route_id: str) -> float:
    board = rules.board
    route = board.route(route_id)
    flag = _flag_bonus(t, route.color) if t.hand[route.color] else 0.0
    finishes = _finished_by(board, t.view, t.seat, route.index)
    if t.last_turn:
        return 3.0 + route.points + 2 * finishes + flag
    if route.index in t.plan.wanted:
        # Secure the routes without a cheap detour first; finishing a ticket locks its points.
        return (10.0 + 0.3 * t.plan.wanted[route.index] + t.urgency.get(route.index, 0.0)
                + route.points + flag + finishes * 0.5)
    spare = t.view.buses[t.seat] - t.plan.path_spaces - route.length
    if spare < 0:
        return 0.1  # it would eat buses the tickets need
    if t.plan.open_tickets == 0:
        # Nothing left to connect: cards are only worth what they score on the board.
        return 3.0 + route.points * 1.5 + flag
    # Off the plan, only spend surplus colour cards (never wilds or cards the plan needs), and
    # only with turns to spare: every turn spent here is one the tickets might miss.
    surplus = t.hand[route.color] - t.plan.need[route.color]
    if surplus >= route.length and t.left - t.plan.turns - 1 >= 2:
        return 0.3 + route.points * 0.5 + flag
    return 0.1


def _finished_by(board: Board, s: State, seat: int, r: int) -> int:
    """Ticket points that claiming route r would complete now."""
    tickets = tuple(s.tickets[seat] or ())
    before = completed_tickets(board, s.owners, seat, tickets)
    owners = s.owners[:r] + (seat,) + s.owners[r + 1:]
    after = completed_tickets(board, owners, seat, tickets)
    return sum(board.tickets[x].points for x, a, b in zip(tickets, before, after) if b and not a)


def _faceup_score(rules: TicketToRideParis, t: _Turn, color: int) -> float:
    if t.last_turn:
        return 0.0
    if color == WILD:
        # A face-up wild is the whole draw; worth it when many cards are missing, and with
        # several rivals leaving it hands one of them a free wild.
        deny = 0.3 if t.view.players > 2 else 0.0
        return (2.3 if t.missing >= 2 else 1.0) + deny
    if t.deficit[color] > 0:
        weight = max((t.urgency.get(r, 0.0) for r in t.plan.wanted
                      if rules.board.routes[r].color == color), default=0.0)
        return 2.5 + min(t.deficit[color], 3) * 0.2 + min(weight, 4.0) * 0.3
    flag = t.view.front[t.seat]
    if color in FLAG_COLORS and not flag[FLAG_COLORS.index(color)] and not t.hand[color]:
        return 1.4  # a flag colour to pay a flag route with
    if t.plan.open_tickets == 0 and t.hand[color] >= 1:
        return 1.3  # builds towards a longer route once the tickets are done
    return 0.8


def _ticket_draw_score(board: Board, s: State, seat: int, plan: Plan, left: float) -> float:
    """Score of drawing 2 tickets (keep >= 1): the expected value of the best keep, if positive."""
    spare_buses = s.buses[seat] - plan.path_spaces
    if spare_buses < TICKET_DRAW_SPARE or plan.open_tickets:
        return -5.0
    mine = set(s.tickets[seat] or ())
    unknown = [t for t in range(len(board.tickets)) if t not in mine]
    if not unknown:
        return -5.0
    hand = s.hands[seat] or (0,) * len(COLORS)
    costs = _step_costs(board, s, seat, s.owners)
    network = {r for r, o in enumerate(s.owners) if o == seat} | set(plan.wanted)
    horizon = left - plan.turns - 1  # the draw itself costs a turn
    values = []
    for t in unknown:
        ticket = board.tickets[t]
        cost, path = _connect(board, costs, network, ticket.a, ticket.b)
        routes = {r for r in path if r not in network}
        spaces = sum(board.routes[r].length for r in routes)
        turns = _turns_needed(board, routes, hand)
        ok = cost < INF and spaces <= spare_buses and turns <= horizon
        busy = (plan.turns + 1 + turns) / max(left, 1.0)
        values.append(_ticket_ev(ticket.points, spaces, s.players, busy) if ok
                      else -ticket.points)
    # Two tickets come; keeping both when both are good is close enough to the sum.
    total, pairs = 0.0, 0
    for i, j in combinations(range(len(values)), 2):
        a, b = values[i], values[j]
        total += a + b if a > 0 and b > 0 else max(a, b)
        pairs += 1
    expected = total / pairs if pairs else values[0]
    if expected <= TICKET_DRAW_MIN:
        return -5.0
    # Above dumping cards into routes: those can wait, while every bus and turn spent first
    # makes the new ticket harder to finish.
    return 9.5 + expected * 0.1


def _keep_scores(rules: TicketToRideParis, view: State, prompt: Prompt) -> list[float]:
    board = rules.board
    seat = prompt.player
    setup = view.phase == SETUP_TICKETS
    left = turns_left(board, view, seat)
    scores = []
    for option in prompt.options:
        extra = tuple(board.ticket_index[t] for t in option.action[1])
        # Only plans that leave turns spare: rivals block paths and the estimate is rough.
        plan = make_plan(board, view, seat, extra, slack=_keep_slack(board, view, seat))
        # Plan value counts a pursued ticket as done; new ones only complete with a chance.
        risk = 0.0
        for t in extra:
            if t in plan.paths:
                points = board.tickets[t].points
                spaces = sum(board.routes[r].length for r in plan.paths[t])
                busy = None if setup else plan.turns / max(left, 1.0)
                ev = _ticket_ev(points, spaces, view.players, busy)
                risk += points - ev - SPACE_COST * spaces
        scores.append(plan.value - risk - SPACE_COST * plan.path_spaces - 0.1 * len(extra))
    return scores


def _ticket_ev(points: int, spaces: int, players: int, busy: float | None = None) -> float:
    """Expected score of a ticket whose path has `spaces` unclaimed.

    `busy`: share of the turns left the plan would take (None at setup). Completion odds are
    measured in self-play: long paths get blocked more often with more rivals, and a ticket
    taken mid-game fails more often the less time it leaves.
    """
    odds = 0.92 - 0.05 * (players - 2) * max(0, spaces - 5)
    if busy is not None:
        odds -= 0.6 * busy
    odds = min(0.97, max(0.03, odds))
    return points * (2 * odds - 1) - SPACE_COST * spaces


def _keep_slack(board: Board, s: State, seat: int) -> float:
    """Turns a plan must leave spare to take on a ticket: rivals block paths, cards run dry."""
    base, per_turn, per_rival = KEEP_SLACK
    return base + per_turn * turns_left(board, s, seat) + per_rival * (s.players - 2)


def describe(rules: TicketToRideParis, view: Any, seat: int) -> dict[str, Any]:
    """Debug summary of the bot's plan (wanted route ids and needed colours)."""
    plan = make_plan(rules.board, view, seat)
    return {"wanted": sorted(rules.board.routes[r].id for r in plan.wanted),
            "need": {COLORS[c]: n for c, n in enumerate(plan.need) if n},
            "turns": round(plan.turns, 1), "left": round(turns_left(rules.board, view, seat), 1)}


# -- the Hint's reason (capability move_reasons) --------------------------------------------
WHY = "ticket_to_ride_paris.hint.why."


def reason(rules: TicketToRideParis, view: State, prompt: Prompt, index: int) -> Reason | None:
    """Why the Normal bot's claim or draw is good, from the plan it makes (None: the room's
    text for the prompt kind says it)."""
    if prompt.kind not in ("turn", "draw2"):
        return None
    board, seat, action = rules.board, prompt.player, prompt.options[index].action
    plan = make_plan(board, view, seat)
    if action[0] == "route":
        return _claim_reason(board, view, seat, plan, board.route(action[1]))
    if action[0] == "faceup":
        hand = view.hands[seat] or (0,) * len(COLORS)
        color = view.row[action[1]]
        short = max(0, plan.need[color] - hand[color]) if color != WILD else max(
            0, sum(max(0, plan.need[c] - hand[c]) for c in range(WILD)) - hand[WILD])
        return Reason(WHY + ("wild" if color == WILD else "colour"), (("count", short),)) if (
            short) else None
    if action[0] == "tickets":
        spare = view.buses[seat] - plan.path_spaces
        return Reason(WHY + "tickets", (("count", spare),))
    return None


def _claim_reason(board: Board, view: State, seat: int, plan: Plan, route: Any) -> Reason:
    """A claim: the ticket points it completes, else its place in the plan, else its points."""
    finishes = _finished_by(board, view, seat, route.index)
    if finishes:
        return Reason(WHY + "completes", (("count", finishes),))
    if route.index in plan.wanted:
        after = plan.path_spaces - route.length
        return Reason(WHY + "on_path", (("count", after),))
    return Reason(WHY + "scores", (("count", route.points),))
