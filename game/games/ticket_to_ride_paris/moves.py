"""The table's recent moves, as a spectator reads them: who claimed what, drew what, kept what.

The renderer feeds it the rules' events as they are animated; it keeps the newest moves and
writes them in the player's language when drawn. It never tells more than the table sees: a card
drawn blind is "a card from the deck" whatever its colour, and a ticket draw says how many
tickets were drawn and kept, never which. The two cards of one draw action are one move.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.engine.core import Event
from game.ui.i18n import language, t

K = "ticket_to_ride_paris."
KEPT = 8  # moves remembered (the strip shows this many)


@dataclass(frozen=True)
class Move:
    """One line of the log: the seat it is about (None: the table), a string key and its
    parameters; `turn` is the game turn it happened in, `cards` the cards of a draw."""

    seat: int | None
    key: str
    params: tuple[tuple[str, Any], ...] = ()
    turn: int = 0
    cards: tuple[str, ...] = ()  # per card drawn: a face-up colour, or "" for a blind card


class MoveLog:
    """The newest moves first, at most KEPT of them."""

    def __init__(self, route_names: Mapping[str, str]) -> None:
        """`route_names`: each route id's display text."""
        self.route_names = route_names
        self.moves: list[Move] = []
        # `key()`, made when the moves change, not at each ask (the room compares it with the
        # strip's in every frame of an animation: one comparison, no call, no tuple built)
        self.current: tuple[Move, ...] = ()
        # `lines()` as last written: (the moves, names, language, the lines); the strip asks
        # for them several times a frame while it makes a move's text, and each look-up of a
        # move's text hashes the move (a dataclass: its fields, in Python)
        self._written: tuple = ((), (), "", [])

    def note(self, events: Iterable[Event], turn: int) -> None:
        """Add what these events did, from game turn `turn` on (a turn_started event starts
        the next)."""
        for ev in events:
            if ev.kind == "turn_started":
                turn = ev.get("turn", turn)
            move = self._move(ev, turn)
            if move is not None:
                self._add(move)

    def forget_after(self, turn: int) -> None:
        """Drop moves from turns after `turn` (the game went back to it: an undo)."""
        self._set([m for m in self.moves if m.turn <= turn])

    def lines(self, names: Sequence[str]) -> list[tuple[int | None, str]]:
        """Each move as (seat, text in the current language), newest first."""
        names, lang = tuple(names), language()
        moves, was_names, was_lang, lines = self._written
        if moves is not self.current or was_names != names or was_lang != lang:
            # a move kept from the lines last written keeps its line, found by identity (the
            # old moves are alive meanwhile, held by `moves`): a new move writes one text, not
            # every move's looked up again (each look-up hashes a Move, in Python)
            kept = dict(zip(map(id, moves), lines)) if (was_names, was_lang) == (names, lang) \
                else {}
            lines = [kept.get(id(m)) or (m.seat, _text(m, names, lang)) for m in self.current]
            self._written = (self.current, names, lang, lines)
        return list(lines)

    def key(self) -> tuple:
        """A summary that changes whenever the log does (for a layer key)."""
        return self.current

    def _set(self, moves: list[Move]) -> None:
        """The moves now, and their key (kept: the same tuple while they stay the same)."""
        self.moves = moves
        if tuple(moves) != self.current:
            self.current = tuple(moves)

    def _add(self, move: Move) -> None:
        if move.cards:  # the second card of a draw joins the first, even past a reshuffle
            draw = next((i for i, m in enumerate(self.moves) if m.cards), None)
            last = self.moves[draw] if draw is not None else None
            if last is not None and (last.seat, last.turn) == (move.seat, move.turn):
                moves = list(self.moves)
                moves[draw] = Move(move.seat, last.key, turn=move.turn,
                                   cards=last.cards + move.cards)
                self._set(moves)
                return
        self._set([move, *self.moves][:KEPT])

    def _move(self, ev: Event, turn: int) -> Move | None:
        """The move an event shows, or None for events a spectator need not read."""
        seat = ev.player
        if ev.kind == "card_drawn":
            faceup = ev.get("source") == "faceup"
            return Move(seat, "event.cards_drawn", turn=turn,
                        cards=(ev.get("color") if faceup else "",))
        if ev.kind == "route_claimed":
            route = self.route_names.get(ev.get("route"), ev.get("route"))
            return Move(seat, "event.route_claimed", (("route", route), ("points", ev.get("points"))),
                        turn)
        if ev.kind == "tickets_kept":
            count, offered = ev.get("count"), ev.get("count") + ev.get("returned", 0)
            key = "event.ticket_kept" if offered == 1 else "event.tickets_kept"
            return Move(seat, key, (("count", count), ("offered", offered)), turn)
        if ev.kind == "flag_completed":
            return Move(seat, "event.flag_completed", (("points", ev.get("points")),), turn)
        if ev.kind in ("last_round", "passed", "row_reset", "deck_reshuffled"):
            return Move(seat, f"event.{ev.kind}", (), turn)
        return None


# the log repaints after every move; its older moves are written already (in `language`)
@lru_cache(maxsize=64)
def _text(move: Move, names: tuple[str, ...], language: str) -> str:
    params = dict(move.params)
    if move.seat is not None:
        params["player"] = names[move.seat]
    if move.cards:
        params["cards"] = _cards(move.cards)
    return t(K + move.key, **params)


def _cards(cards: Sequence[str]) -> str:
    """The cards of one draw: the face-up ones by colour, two of one colour counted ("2 face-up
    blue cards", never "the blue card + the blue card"), then the blind ones counted."""
    colors = [color for color in cards if color]
    parts = [t(f"{K}event.faceup.{color}", count=colors.count(color))
             for color in dict.fromkeys(colors)]
    blind = len(cards) - len(colors)
    if blind:
        parts.append(t(K + "event.cards_blind", count=blind))
    return t(K + "event.and").join(parts)
