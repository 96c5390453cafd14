"""Ticket to Ride: Paris's fast rollout policy: the heuristic's plan without its graph searches.

The heuristic (bot.py) re-plans every decision with Dijkstra searches (the network for each
subset of tickets, a detour per wanted route): a 2-player game played with it costs ~16 ms
through `apply`, and Hard's search managed ~115 rollouts a CPU second. Here every ticket's
candidate paths (simple
paths at most PATH_SLACK spaces longer than its shortest, twins apart) are listed once per
board; a decision picks, ticket by ticket (most points first), the open candidate with the
fewest spaces still to claim (routes already wanted for another ticket are free), and plays
like the heuristic on that plan: claim a wanted route when the cards allow, else draw the
colours the plan misses (a face-up one, a face-up wild when short of many, else blind), keep
the tickets that fit, pay with colour cards and keep flag cards; with nothing left to connect,
turn cards into the longest routes. Plans depend only on the board, the seat's tickets and its
buses, not on the hand, so they are cached: most decisions of a rollout are draws on an
unchanged board.

Measured (2026-11-28, CPU time, 2 players): a game ~3 ms through `apply`; Hard's search ~850
rollouts a CPU second (`arena --rate`). Strength over 200 seeded games, seats alternating:
against random play it wins 199 (27.8 points to -11.1; the heuristic: 28.8 to -12.7); against
the heuristic 22.8 points to 26.0 (84 wins); the weights below were chosen on 300-600 such
games (no one of them moved the gap by more than its noise, ~0.5-0.8 points, but FLAG_DRAW,
FLAG_CLAIM and PATH_SLACK 4 together took it from -4.0 to -2.9).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from game.engine.core import Action, Prompt
from game.engine.memos import owned_memo

from .board import COLORS, FLAG_COLORS, WILD, Board
from .rules import TicketToRideParis
from .state import EMPTY, State

PATH_SLACK = 4  # candidate paths: at most this many spaces longer than the ticket's shortest
MAX_PATHS = 60  # candidate paths kept per ticket (shortest first)
KEEP_MARGIN = 3  # buses a kept ticket's plan must leave spare (rivals block, cards run dry)
SPACE_COST = 0.5  # points a space of a kept ticket's path costs when choosing which to keep
WILD_SHORT = 2  # colour cards the plan must miss before a face-up wild beats a colour card
FLAG_DRAW = 1.0  # a face-up flag colour not in hand nor in front (as much as a missing card)
FLAG_CLAIM = 1.5  # per flag card (2 for the one completing it), against a space of length
CLAIM_JITTER = 0.1  # random tie-break among the wanted routes
FILLER_MIN_BUSES = 4  # with more buses than this, a 1-space filler route waits for a longer one
FILLER_MIN_HAND = 4  # ... unless the hand holds at least this many cards
NO_PATH = 10**6


@dataclass(frozen=True)
class Plan:
    """What a seat works towards: the unclaimed routes its pursued tickets need, per ticket
    the routes still missing, and the tickets' points pursued, done and given up."""

    wanted: frozenset[int]
    missing: tuple[tuple[int, frozenset[int]], ...]  # (ticket, its unclaimed routes)
    spaces: int  # buses the wanted routes take
    done: int  # points of the completed tickets
    pursued: int  # points of the tickets being connected
    dropped: int  # points of the tickets with no path that fits


class Planner:
    """The board's candidate paths per ticket, and plans cached per board position."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.lengths = tuple(r.length for r in board.routes)
        self.twins = tuple(r.twin for r in board.routes)
        self.points = tuple(t.points for t in board.tickets)
        self.paths = tuple(candidate_paths(board, t.a, t.b) for t in board.tickets)
        self.plan = owned_memo(self._plan, 4096)

    def _plan(self, owners: tuple[int, ...], seat: int, two_players: bool,
              tickets: tuple[int, ...], buses: int) -> Plan:
        """The plan for `tickets` within `buses` (most points first, shared routes free)."""
        wanted: set[int] = set()
        missing, spaces, done, pursued, dropped = [], 0, 0, 0, 0
        for t in sorted(tickets, key=lambda t: -self.points[t]):
            cost, routes = self.cheapest(owners, seat, two_players, t, wanted)
            if cost == 0:
                done += self.points[t]
            elif cost > buses - spaces:
                dropped += self.points[t]
            else:
                unclaimed = frozenset(r for r in routes if owners[r] == EMPTY)
                missing.append((t, unclaimed))
                wanted |= unclaimed
                spaces += cost
                pursued += self.points[t]
        return Plan(frozenset(wanted), tuple(missing), spaces, done, pursued, dropped)

    def cheapest(self, owners: tuple[int, ...], seat: int, two_players: bool, ticket: int,
                 free: set[int]) -> tuple[int, tuple[int, ...]]:
        """(spaces to claim, routes) of the ticket's open candidate path with the fewest spaces
        to claim (routes owned or in `free` cost nothing); (NO_PATH, ()) if all are blocked."""
        lengths, twins = self.lengths, self.twins
        best, best_routes = NO_PATH, ()
        for routes in self.paths[ticket]:
            cost = 0
            for r in routes:
                owner = owners[r]
                if owner == seat or r in free:
                    continue
                twin = twins[r]
                if owner != EMPTY or (twin >= 0 and (owners[twin] == seat or (
                        two_players and owners[twin] != EMPTY))):
                    break
                cost += lengths[r]
            else:
                if cost < best:
                    best, best_routes = cost, routes
                    if cost == 0:
                        break
        return best, best_routes


def candidate_paths(board: Board, a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """Simple paths (route indices) from a to b at most PATH_SLACK spaces longer than the
    shortest, shortest first, at most MAX_PATHS of them (depth-first, pruned by distance)."""
    to_b = distances(board, b)
    limit = to_b[a] + PATH_SLACK
    found: list[tuple[int, tuple[int, ...]]] = []

    def walk(node: int, spaces: int, routes: list[int], seen: set[int]) -> None:
        if node == b:
            found.append((spaces, tuple(routes)))
            return
        for route, other in board.adjacency[node]:
            length = board.routes[route].length
            if other in seen or spaces + length + to_b[other] > limit:
                continue
            seen.add(other)
            routes.append(route)
            walk(other, spaces + length, routes, seen)
            routes.pop()
            seen.discard(other)

    walk(a, 0, [], {a})
    found.sort()
    return tuple(routes for _, routes in found[:MAX_PATHS])


def distances(board: Board, target: int) -> list[int]:
    """Fewest spaces from every location to `target` (Bellman-Ford: the board is tiny)."""
    dist = [NO_PATH] * len(board.locations)
    dist[target] = 0
    changed = True
    while changed:
        changed = False
        for r in board.routes:
            for x, y in ((r.a, r.b), (r.b, r.a)):
                if dist[y] + r.length < dist[x]:
                    dist[x] = dist[y] + r.length
                    changed = True
    return dist


@lru_cache(maxsize=8)
def planner(rules: TicketToRideParis) -> Planner:
    """The board's planner, built once per rules object."""
    return Planner(rules.board)


def seat_plan(rules: TicketToRideParis, state: State, seat: int, extra: tuple[int, ...] = (),
              margin: int = 0) -> Plan:
    """The seat's plan for its tickets plus `extra`, leaving `margin` buses spare."""
    return planner(rules).plan(state.owners, seat, state.players == 2,
                               tuple(state.tickets[seat] or ()) + extra,
                               state.buses[seat] - margin)


def fast_rollout(rules: TicketToRideParis, state: State, prompt: Prompt, rng: random.Random
                 ) -> Action:
    """The policy's option for `prompt` (see the module docstring), random among ties."""
    kind = prompt.kind
    if kind in ("turn", "draw2"):
        return _turn_choice(rules, state, prompt, rng)
    if kind == "pay":  # colour cards first: wilds are worth more kept
        return max(prompt.options, key=lambda o: o.action[1]).action
    if kind == "flag":
        return ("flag", "keep")
    if kind == "keep_tickets":
        return _keep_choice(rules, state, prompt)
    return rng.choice(prompt.options).action


def _turn_choice(rules: TicketToRideParis, state: State, prompt: Prompt, rng: random.Random
                 ) -> Action:
    """Claim a wanted route, else draw what the plan misses; with nothing to connect (or on
    the last turn), claim the route worth most."""
    board, seat = rules.board, prompt.player
    plan = seat_plan(rules, state, seat)
    claims = [board.route_index[o.action[1]] for o in prompt.options if o.action[0] == "route"]
    if state.final_turns > 0:  # the last turn: only points now count
        if claims:
            return _route_action(board, max(claims, key=lambda r: _last_claim_worth(board, plan, r)
                                            + rng.random() * 0.01))
        return prompt.options[0].action
    wanted = [r for r in claims if r in plan.wanted]
    if wanted:  # the longest first (it takes the most cards and scores the most), flags next
        return _route_action(board, max(wanted, key=lambda r: board.routes[r].length
                                        + _flag_worth(board, state, seat, r) * FLAG_CLAIM
                                        + rng.random() * CLAIM_JITTER))
    if claims and not plan.missing:
        best = max(claims, key=lambda r: board.routes[r].length + rng.random() * 0.5)
        if (board.routes[best].length > 1 or state.buses[seat] <= FILLER_MIN_BUSES
                or state.hand_sizes[seat] >= FILLER_MIN_HAND):
            return _route_action(board, best)
    return _draw_choice(rules, state, prompt, plan, rng)


def _flag_worth(board: Board, state: State, seat: int, route: int) -> float:
    """What paying `route` with a colour card adds to the French flag (1 per card, the one
    completing it more: 4 points at once), if the hand has a card of its colour."""
    color = board.routes[route].color
    front = state.front[seat]
    if color not in FLAG_COLORS or front[FLAG_COLORS.index(color)] or not state.hands[seat][color]:
        return 0.0
    return 2.0 if sum(front) == 2 else 1.0


def _need(board: Board, plan: Plan) -> list[int]:
    """Cards per colour the plan's wanted routes cost."""
    need = [0] * len(COLORS)
    for r in plan.wanted:
        need[board.routes[r].color] += board.routes[r].length
    return need


def _last_claim_worth(board: Board, plan: Plan, route: int) -> float:
    """Points a claim scores on the last turn: the route's, and a ticket it completes."""
    finished = sum(board.tickets[t].points for t, routes in plan.missing if routes == {route})
    return board.routes[route].points + finished


def _route_action(board: Board, route: int) -> Action:
    return ("route", board.routes[route].id)


def _draw_choice(rules: TicketToRideParis, state: State, prompt: Prompt, plan: Plan,
                 rng: random.Random) -> Action:
    """A face-up card of the colour the plan misses most, a face-up wild when it misses many,
    else a blind card (else any option but a ticket draw)."""
    board, seat = rules.board, prompt.player
    hand = state.hands[seat]
    need = _need(board, plan)
    front = state.front[seat]
    deficit = [need[c] - hand[c] for c in range(WILD)]
    short = sum(d for d in deficit if d > 0) - hand[WILD]
    best, best_worth = None, 0.0
    for option in prompt.options:
        if option.action[0] != "faceup":
            continue
        color = state.row[option.action[1]]
        if color == WILD:
            worth = 1.0 if short >= WILD_SHORT else 0.0
        else:  # a colour the plan misses, or one not in hand (it may pay a spare route)
            worth = float(deficit[color])
            if color in FLAG_COLORS and not front[FLAG_COLORS.index(color)] and not hand[color]:
                worth += FLAG_DRAW  # a card to pay a flag route with
        worth += rng.random() * 0.01
        if worth > best_worth:
            best, best_worth = option.action, worth
    if best is not None:
        return best
    blind = [o.action for o in prompt.options if o.action[0] == "deck"]
    if blind:
        return blind[0]
    others = [o.action for o in prompt.options if o.action[0] != "tickets"]
    return rng.choice(others) if others else prompt.options[0].action


def _keep_choice(rules: TicketToRideParis, state: State, prompt: Prompt) -> Action:
    """The keep whose plan (within the buses less KEEP_MARGIN) completes or pursues the most
    points net of the tickets it gives up and of the spaces it takes."""
    index, seat = rules.board.ticket_index, prompt.player

    def worth(option) -> float:
        extra = tuple(index[t] for t in option.action[1])
        plan = seat_plan(rules, state, seat, extra, KEEP_MARGIN)
        return plan.done + plan.pursued - plan.dropped - SPACE_COST * plan.spaces

    return max(prompt.options, key=worth).action
