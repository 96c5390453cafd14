"""Ticket to Ride: Paris scoring: tickets completed, views, scores, winners and the results
screen's lines (rulebook: Final de la partida).

A mixin of `rules.TicketToRideParis`.
"""

from __future__ import annotations

from typing import Any

from game.engine.core import Detail, Note, tie_note

from .board import GAME_ID, Board
from .state import EMPTY, OVER, State

K = GAME_ID + "."  # prefix of every string key


def completed_tickets(board: Board, owners: tuple[int, ...], seat: int,
                      tickets: tuple[int, ...]) -> tuple[bool, ...]:
    """For each ticket, whether `seat`'s claimed routes connect its two locations (union-find)."""
    parent = list(range(len(board.locations)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in board.routes:
        if owners[r.index] == seat:
            parent[find(r.a)] = find(r.b)
    return tuple(find(board.tickets[t].a) == find(board.tickets[t].b) for t in tickets)


class ScoringMixin:
    """What each seat sees, the scores, the winners and the results screen's lines."""

    board: Any
    rules: Any
    ticket_params: Any

    # -- views and scores ----------------------------------------------------------------------
    def view(self, state: State, player: int | None) -> State:
        """What `player` may see: own hand/tickets; sizes only of others' hands and the decks."""
        s = state
        reveal = s.phase == OVER  # the final scoring shows every ticket
        return State(
            players=s.players, phase=s.phase, current=s.current,
            hands=tuple(h if seat == player else None for seat, h in enumerate(s.hands)),
            hand_sizes=s.hand_sizes, buses=s.buses, route_points=s.route_points,
            flags=s.flags, front=s.front, owners=s.owners,
            deck=None, deck_size=s.deck_size, discard=s.discard, row=s.row,
            tickets=tuple(t if seat == player or reveal else None
                          for seat, t in enumerate(s.tickets)),
            offered=tuple(o if seat == player else (EMPTY,) * len(o)
                          for seat, o in enumerate(s.offered)),
            ticket_pool=None, ticket_bottom=None, ticket_deck_size=s.ticket_deck_size,
            claim=s.claim, drawn=s.drawn, final_turns=s.final_turns, passes=s.passes,
            turn=s.turn, tasks=s.tasks,
            viewer=-1 if player is None else player,
        )

    def scores(self, state: State) -> tuple[dict[str, int], ...]:
        """Points by category: routes, tickets (only once the game is over: they are secret), flags."""
        s = state
        out = []
        for seat in range(s.players):
            tickets = 0
            if s.phase == OVER and s.tickets[seat] is not None:
                done = completed_tickets(self.board, s.owners, seat, s.tickets[seat])
                for t, ok in zip(s.tickets[seat], done):
                    tickets += self.board.tickets[t].points * (1 if ok else -1)
            out.append({"routes": s.route_points[seat], "tickets": tickets,
                        "flags": s.flags[seat] * self.rules["flag_points"]})
        return tuple(out)

    def completed_count(self, state: State, seat: int) -> int:
        """How many of `seat`'s tickets are completed (0 if they are hidden)."""
        tickets = state.tickets[seat]
        if tickets is None:
            return 0
        return sum(completed_tickets(self.board, state.owners, seat, tickets))

    def winners(self, state: State) -> tuple[int, ...]:
        """Most points; tie: most completed tickets; still tied: shared victory."""
        totals = [sum(b.values()) for b in self.scores(state)]
        best = max(totals)
        tied = [seat for seat, t in enumerate(totals) if t == best]
        if len(tied) == 1:
            return tuple(tied)
        done = {seat: self.completed_count(state, seat) for seat in tied}
        most = max(done.values())
        return tuple(seat for seat in tied if done[seat] == most)

    # -- score explanation for the results screen (rulebook: Final de la partida) --------------
    def details(self, state: State) -> tuple[tuple[Detail, ...], ...]:
        """Per seat, the lines behind `scores`: each ticket, routes by length, French flags."""
        return tuple(self._ticket_details(state, seat) + self._route_details(state, seat)
                     + self._flag_details(state, seat) for seat in range(state.players))

    def _ticket_details(self, s: State, seat: int) -> tuple[Detail, ...]:
        """Each ticket: +points if its locations are connected, -points if not (once over)."""
        tickets = s.tickets[seat]
        if s.phase != OVER or tickets is None:
            return ()
        done = completed_tickets(self.board, s.owners, seat, tickets)
        return tuple(
            Detail("tickets", K + "detail.ticket", self.ticket_params(t),
                   self.board.tickets[t].points * (1 if ok else -1), ok)
            for t, ok in zip(tickets, done)
        )

    def _route_details(self, s: State, seat: int) -> tuple[Detail, ...]:
        """Claimed routes grouped by length, longest first: "Length 3: 2 x 4 pt"."""
        groups: dict[int, list[int]] = {}
        for r in self.board.routes:
            if s.owners[r.index] == seat:
                groups.setdefault(r.length, []).append(r.points)
        if not groups:
            return (Detail("routes", K + "detail.no_routes"),)
        return tuple(
            Detail("routes", K + "detail.routes",
                   (("length", length), ("count", len(pts)), ("each", pts[0])), sum(pts))
            for length, pts in sorted(groups.items(), reverse=True)
        )

    def _flag_details(self, s: State, seat: int) -> tuple[Detail, ...]:
        """Completed French flags (+4 each) and the cards of an unfinished one (no points)."""
        each = self.rules["flag_points"]
        out = []
        if s.flags[seat]:
            out.append(Detail("flags", K + "detail.flags",
                              (("count", s.flags[seat]), ("each", each)), s.flags[seat] * each,
                              True))
        cards = sum(s.front[seat])
        if cards:
            out.append(Detail("flags", K + "detail.flag_cards", (("count", cards),)))
        return tuple(out) or (Detail("flags", K + "detail.no_flags"),)

    def tiebreak(self, state: State) -> Note | None:
        """At the end, why tied leaders were separated (most tickets) or share the victory."""
        if state.phase != OVER:
            return None
        totals = [sum(b.values()) for b in self.scores(state)]
        winners = self.winners(state)
        return tie_note(totals, winners, K + "tiebreak.tickets", K + "tiebreak.shared",
                        ("tickets", self.completed_count(state, winners[0])))
