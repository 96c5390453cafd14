"""Ticket to Ride: Paris deals: the chance of the next card, ticket and first player, and the
upkeep after cards move (an empty deck takes the discard pile; a row of 3 wilds is dealt anew).

A mixin of `rules.TicketToRideParis` (its tables: `_card_weights`, `_deal_events`...).
"""

from __future__ import annotations

from operator import getitem
from typing import Any

from game.engine.core import Chance
from game.engine.flow import ask, resolve

from .board import COLOR_INDEX, COLORS, GAME_ID, WILD
from .state import EMPTY, State, StateDraft

K = GAME_ID + "."  # prefix of every string key
NO_CARDS = (0,) * len(COLORS)
CARD_CHANCE = K + "chance.card"
TICKET_CHANCE = K + "chance.ticket"
FIRST_PLAYER_CHANCE = K + "chance.first"


def _set(t: tuple, i: int, v: Any) -> tuple:
    """Tuple `t` with item i replaced by v."""
    # Through a list: a third faster than slicing and concatenating (called every step).
    items = list(t)
    items[i] = v
    return tuple(items)


def _add(t: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    """Count tuple `t` with n added at index i."""
    items = list(t)
    items[i] += n
    return tuple(items)


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


class DealsMixin:
    """The turn kit handlers of the chance tasks, and the upkeep between steps."""

    board: Any
    _wild_limit: int
    _card_weights: tuple
    _ticket_outcomes: tuple
    _deal_events: dict

    # -- chance: cards, tickets, the first player ----------------------------------------------
    @ask("card")
    def _ask_card(self, s: State, task: tuple) -> Chance | tuple:
        """The next card: a colour weighted by its count.

        An empty deck means the discard pile is empty too (`_settle` reshuffles it at once): the
        card is not dealt (a face-up slot stays empty until cards come back).
        """
        if not s.deck_size:
            return ()
        weights, deck = self._card_weights, s.deck
        if 0 in deck:  # a colour ran out: it is no outcome
            return Chance(tuple([weights[c][k] for c, k in enumerate(deck) if k]), CARD_CHANCE)
        return Chance(tuple(map(getitem, weights, deck)), CARD_CHANCE)  # colour c: weights[c][k]

    @resolve("card")
    def _deal_card(self, d: StateDraft, outcome: str) -> None:
        """One card off the deck to a hand or a face-up slot."""
        _, where, who = d.task
        color = COLOR_INDEX[outcome]
        d.deck = _add(d.deck, color, -1)
        d.deck_size -= 1
        if where == "row":
            d.row = _set(d.row, who, color)
        else:  # _gain(d, who, color, 1), written out: half the steps of a game deal a card
            d.hands = _set(d.hands, who, _add(d.hands[who], color, 1))
            d.hand_sizes = _add(d.hand_sizes, who, 1)
        d.events.append(self._deal_events[where][who][color])
        self._settle(d)

    @ask("ticket")
    def _ask_ticket(self, s: State, task: tuple) -> Chance | tuple:
        """The next ticket: any of the pool, then the returned ones in order (none: not owed)."""
        outcomes = self._ticket_outcomes
        if s.ticket_pool:
            return Chance(tuple(map(outcomes.__getitem__, s.ticket_pool)), TICKET_CHANCE)
        if s.ticket_bottom:
            return Chance((outcomes[s.ticket_bottom[0]],), TICKET_CHANCE)
        return ()

    @resolve("ticket")
    def _deal_ticket(self, d: StateDraft, outcome: str) -> None:
        t = self.board.ticket_index[outcome]
        pool = d.ticket_pool
        if pool:  # its indices are distinct: cut the one drawn out
            i = pool.index(t)
            d.ticket_pool = pool[:i] + pool[i + 1:]
        else:  # the pool of unknown tickets is out: returned tickets come back in order
            d.ticket_bottom = d.ticket_bottom[1:]
        d.ticket_deck_size -= 1
        seat = d.task[1]
        d.offered = _set(d.offered, seat, d.offered[seat] + (t,))
        d.emit("ticket_drawn", seat, ticket=outcome, visible_to=seat)

    @ask("first_player")
    def _ask_first_player(self, s: State, task: tuple) -> Chance:
        return Chance(tuple((seat, 1.0) for seat in range(s.players)), FIRST_PLAYER_CHANCE)

    @resolve("first_player")
    def _first_player(self, d: StateDraft, seat: int) -> None:
        d.emit("first_player", seat)
        self._start_turn(d, seat)

    # -- the upkeep between steps ---------------------------------------------------------------
    def _settle(self, d: StateDraft) -> None:
        """After cards move: an empty deck takes the discard pile; once no card is owed, a row of
        3 wilds is discarded and dealt anew (each at once, as the table would)."""
        if not d.deck_size:
            self._reshuffle(d)
        if d.tasks[0][0] == "card" or d.row.count(WILD) < self._wild_limit:
            return
        if self._reset_row(d):
            self._reshuffle(d)

    def _reshuffle(self, d: StateDraft) -> None:
        """Rulebook: "Si se agota el mazo, baraja la pila de descartes para crear un nuevo mazo".

        A multiset has no order, so shuffling is just moving the counts; the chance node over
        colours does the rest. At once: the deck on screen is never falsely empty.
        """
        if d.deck_size == 0 and any(d.discard):
            d.deck, d.deck_size, d.discard = d.discard, sum(d.discard), NO_CARDS
            d.emit("deck_reshuffled", size=d.deck_size)

    def _reset_row(self, d: StateDraft) -> bool:
        """3 face-up wilds: discard the row and deal 5 new, unless no legal row can come out."""
        if not self._legal_row_possible(d, self._wild_limit):
            return False
        row_cards = tuple(COLORS[c] for c in d.row if c != EMPTY)
        d.discard = _plus(d.discard, self._row_counts(d.row))
        d.row = (EMPTY,) * len(d.row)
        d.push(*(("card", "row", i) for i in range(len(d.row))))
        d.emit("row_reset", discarded=row_cards)
        return True

    @staticmethod
    def _legal_row_possible(d: StateDraft, limit: int) -> bool:
        """NOTES.md: stop resetting when the deck and discard cannot supply a legal row.

        The new row takes the deck first and, once it runs out, the reshuffled discard pile
        (which then holds the old row). Checking the deck and the rest separately matters: with
        exactly 5 cards left in the deck, the new row is those 5, whatever the discard holds.
        """
        size = len(d.row)
        wild_deck = d.deck[WILD]
        if d.deck_size >= size:
            return d.deck_size - wild_deck >= size - (limit - 1)
        rest = _plus(d.discard, DealsMixin._row_counts(d.row))
        from_rest = min(size - d.deck_size, sum(rest))
        best_nonwild = d.deck_size - wild_deck + min(from_rest, sum(rest) - rest[WILD])
        return best_nonwild >= d.deck_size + from_rest - (limit - 1)

    @staticmethod
    def _row_counts(row: tuple[int, ...]) -> tuple[int, ...]:
        counts = [0] * len(COLORS)
        for c in row:
            if c != EMPTY:
                counts[c] += 1
        return tuple(counts)

    @staticmethod
    def _gain(d: StateDraft, seat: int, color: int, n: int) -> None:
        d.hands = _set(d.hands, seat, _add(d.hands[seat], color, n))
        d.hand_sizes = _add(d.hand_sizes, seat, n)
