"""Decks and rows of Urban Sprawl: drawing and revealing cards, and end-of-turn steps 1-8.

Rulebook "Final del turno" (slide the rows along their rails, refill them from the decks, turn
the decks' top cards face up), "Activadores de elecciones y pagos" (a revealed card's ballot
and payout icons), "Eventos" (an event runs as soon as it is revealed, then the deck is drawn
again) and "Mazos agotados". A draw is a chance node over the deck's multiset (state.Deck),
with the odds of the stacked deck (deck_odds.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.core import Pending
from game.engine.flow import ask, draw, resolve, run

from .board import CONTRACT_DECKS
from .deck_odds import deck_draw, draw_weights, pick_card
from .state import Deck, State, inserted, make_deck, replaced

DECK_INDEX = {name: k for k, name in enumerate(CONTRACT_DECKS)}
CARD_LABELS = {name: f"{name}_card" for name in ("planning", *CONTRACT_DECKS)}
# The contract rails by number of active decks: (deck feeding it, its row slots, 1 AP first).
# Town only: town cards slide through all five slots; with the City deck the Town keeps only
# the 5 AP slot; with the Metropolis deck the City keeps only the 4 AP slot.
RAILS = {1: ((0, (0, 1, 2, 3, 4)),),
         2: ((0, (4,)), (1, (0, 1, 2, 3))),
         3: ((0, (4,)), (1, (3,)), (2, (0, 1, 2)))}


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards less one copy of `card`."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def again(d: Any, before: tuple, task: tuple) -> None:
    """`task` again under what a step pushed on top of the stack it found (`before`): the
    step goes on once those are done."""
    pushed = len(d.tasks) - len(before)
    d.tasks = (*d.tasks[:pushed], task, *before)


def run_first(rules: Any, d: Any, tasks: tuple[tuple, ...]) -> None:
    """Push automatic tasks, the first one run now rather than pushed (the turn kit would
    run it next: it saves a trip through the kit's loop)."""
    if tasks:
        d.tasks = (*tasks[1:], *d.tasks)
        rules.run_now(d, tasks[0])


class DeckMixin:
    """The turn kit handlers of draws, reveals and the end-of-turn row steps."""

    board: Any
    # Card -> what its reveal triggers: None for an event, else (the resource of its payout
    # row, the row's value or 0 for none, its ballot icon); rules.prebuild_options fills it.
    reveal_payouts: Any
    _event: Callable[[Any, tuple], None]  # the event task's handler (rules.py)
    _ballot: Callable[[Any, tuple], None]  # the ballot task's handler (politics.py)
    _event_done: Callable[[Any, tuple], None]  # where a run event goes (rules.py)

    # -- drawing -----------------------------------------------------------------------------
    @run("draw")
    def _draw(self, d: Any, task: tuple) -> None:
        """Draw for a destination; an empty planning deck is reshuffled from its discards
        first (which brings the Urban Renewal cards into play); an empty contract deck gives
        nothing."""
        if task[1] == "planning" and not self.planning_fillable(d):
            return
        self.reveal_next(d, task[1], task[2], task[3])

    def reveal_next(self, d: Any, deck_name: str, dest: tuple, triggers: bool) -> None:
        """The draw task's work once the planning deck is known to be fillable (callers that
        checked it already come straight here): reshuffle the planning deck if it is empty,
        then reveal its next card for `dest`, if it has one."""
        if deck_name == "planning":
            deck = d.planning_deck
            if not deck.cards and d.discard:
                deck = d.planning_deck = Deck(d.discard, 0, (1, len(d.discard)))
                d.discard = ()
                d.emit("reshuffled", None)
        else:
            deck = d.decks[DECK_INDEX[deck_name]]
        if deck.cards:  # d.push, written out: a card is revealed every few steps
            d.tasks = (("reveal", deck_name, dest, triggers), *d.tasks)

    def planning_fillable(self, s: Any) -> bool:
        """True while the planning deck or its discards hold a card that is not an event (ours:
        with only events left, drawing "again" after each event would never end, so the
        slot stays empty until a permit or Urban Renewal card comes back)."""
        deck = s.planning_deck
        return (bool((deck.split or self.deck_split(deck))[1])
                or not self.board.events.issuperset(s.discard))

    def deck_split(self, deck: Deck) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(the deck's stacked events, its other cards), both sorted; kept on the deck
        (Deck.split). A contract deck's typed events are among the others: the setup shuffles
        them with its contracts, only the named event lies in the window."""
        split = deck.split
        if split is None:
            events = self.board.stacked
            split = (tuple(c for c in deck.cards if c in events),
                     tuple(c for c in deck.cards if c not in events))
            object.__setattr__(deck, "split", split)  # a cache field: decks stay values
        return split

    def deck_of(self, s: Any, name: str) -> Deck:
        """The face-down deck of that name."""
        return s.planning_deck if name == "planning" else s.decks[DECK_INDEX[name]]

    @ask("reveal")
    def _ask_reveal(self, state: State, task: tuple) -> Pending:
        """The next card: events only inside the window where the stacking put them, with the
        odds of the stacked deck (draw_weights)."""
        name = task[1]
        deck = state.planning_deck if name == "planning" else state.decks[DECK_INDEX[name]]
        event_cards, others = deck.split or self.deck_split(deck)
        some_events, event_weight, some_others, other_weight, running = draw_weights(
            len(event_cards), len(others), deck.drawn + 1, deck.window)
        return deck_draw(event_cards if some_events else (), event_weight,
                         others if some_others else (), other_weight, CARD_LABELS[name],
                         running)

    @draw("reveal")
    def _draw_reveal(self, d: Any, task: tuple, random: Callable[[], float]) -> str:
        """The card _ask_reveal's DeckDraw picks with this `random`, with no DeckDraw built
        (the fast path's draw: a card is revealed every few steps)."""
        name = task[1]
        deck = d.planning_deck if name == "planning" else d.decks[DECK_INDEX[name]]
        event_cards, others = deck.split or self.deck_split(deck)
        some_events, _, some_others, _, running = draw_weights(
            len(event_cards), len(others), deck.drawn + 1, deck.window)
        return pick_card(event_cards if some_events else (), others if some_others else (),
                         running, random)

    @resolve("reveal")
    def _revealed(self, d: Any, card: str) -> None:
        _, deck_name, dest, triggers = d.task
        self._remove_from_deck(d, deck_name, card)
        payout = self.reveal_payouts[card]
        if payout is None:  # an event, then the draw again; the event task run now
            d.tasks = (("draw", deck_name, dest, triggers), *d.tasks)
            if triggers:
                self._event(d, ("event", card, deck_name))
            else:  # a setup deal: it does nothing (rules.py's docstring) and leaves the game
                d.emit("event", None, reveal=True, card=card)
                self._event_done(d, ("event_done", card, deck_name))
            return
        self._put(d, dest, card, deck_name)
        if d.loud:  # a quiet draft's emit records nothing (flow.DraftBase.loud)
            d.emit("revealed", None, reveal=True, card=card, deck=deck_name)
        if not triggers:
            return
        # The ballot first, then the payout: the rulebook pays "después de cualquier elección
        # activada por la misma carta" (a new Mayor's park may join the paid row). Both run
        # here rather than as tasks when nothing comes between them.
        resource, value, ballot = payout
        if ballot:
            before = d.tasks
            self._ballot(d, ("ballot",))  # the ballot task, run now
            if value and d.tasks is not before:  # the election asks someone: pay after it
                again(d, before, ("payout", resource, value, "payouts"))
                return
        if value:
            self.pay_row(d, resource, value, "payouts")

    def _remove_from_deck(self, d: Any, deck_name: str, card: str) -> None:
        deck = d.planning_deck if deck_name == "planning" else d.decks[DECK_INDEX[deck_name]]
        events, others = deck.split or self.deck_split(deck)
        # without(), written out: a card is revealed every few steps
        if card in self.board.stacked:
            i = events.index(card)
            events = events[:i] + events[i + 1:]
        else:
            i = others.index(card)
            others = others[:i] + others[i + 1:]
        cards = deck.cards
        i = cards.index(card)
        new = make_deck(cards[:i] + cards[i + 1:], deck.drawn + 1, deck.window, (events, others))
        if deck_name == "planning":
            d.planning_deck = new
        else:
            d.decks = replaced(d.decks, DECK_INDEX[deck_name], new)

    @staticmethod
    def _put(d: Any, dest: tuple, card: str, deck_name: str) -> None:
        where = dest[0]
        if where == "hand":  # replaced(), written out: the commonest destination
            hands = list(d.hands)
            hands[dest[1]] = inserted(hands[dest[1]], card)
            d.hands = tuple(hands)
        elif where in ("row", "row_face_down"):
            d.planning_row = replaced(d.planning_row, dest[1], card)
            down = where == "row_face_down"
            if d.planning_face_down[dest[1]] is not down:  # mostly face up already
                d.planning_face_down = replaced(d.planning_face_down, dest[1], down)
        elif where == "slot":
            d.contract_row = replaced(d.contract_row, dest[1], card)
        elif deck_name == "planning":
            d.planning_top = card
        else:
            d.tops = replaced(d.tops, dest[1], card)

    # -- end of turn: planning (steps 1-3) ------------------------------------------------------
    @run("slide_planning")
    def _slide_planning(self, d: Any, task: tuple) -> None:
        """Step 1: cards slide toward the 1 AP slot, filling the gaps (a face-down card
        slides face down)."""
        row = d.planning_row
        if None not in row:
            return
        gap = row.count(None)
        if True not in d.planning_face_down:  # nothing face down: only the cards move
            d.planning_row = (*[c for c in row if c is not None], *(None,) * gap)
            return
        slots = [(c, down) for c, down in zip(row, d.planning_face_down) if c is not None]
        d.planning_row = tuple(c for c, _ in slots) + (None,) * gap
        d.planning_face_down = tuple(down for _, down in slots) + (False,) * gap

    @run("fill_planning")
    def _fill_planning(self, d: Any, task: tuple) -> None:
        """Step 2: empty slots filled one at a time from the top of the deck (the face-up top
        card first: it was revealed already, so it triggers nothing again); after a card
        drawn (and whatever it sets off), the step goes on."""
        before = d.tasks
        self.fill_planning_row(d)
        if d.tasks is not before:
            again(d, before, task)

    def fill_planning_row(self, d: Any) -> None:
        """Step 2 up to its next draw: the gaps the face-up top fills, then the draw for the
        next gap pushed (its reveal), if the deck has a card for it."""
        while None in d.planning_row:
            slot = d.planning_row.index(None)
            if d.planning_top is None:
                if self.planning_fillable(d):
                    self.reveal_next(d, "planning", ("row", slot), True)  # the draw, run now
                return
            d.planning_row = replaced(d.planning_row, slot, d.planning_top)
            d.planning_top = None

    @run("planning_top")
    def _planning_top(self, d: Any, task: tuple) -> None:
        """Step 3: the top card of the planning deck is turned face up."""
        if d.planning_top is None and self.planning_fillable(d):
            self.reveal_next(d, "planning", ("top",), True)  # the draw task, run now

    # -- end of turn: contracts (steps 4-8) -----------------------------------------------------
    @run("slide_contracts")
    def _slide_contracts(self, d: Any, task: tuple) -> None:
        """Step 4: along each active rail, contracts slide toward its cheapest slot."""
        if None not in d.contract_row:
            return
        row = list(d.contract_row)
        for _, slots in RAILS[d.active_decks]:
            cards = [row[j] for j in slots if row[j] is not None]
            for j, card in zip(slots, cards + [None] * (len(slots) - len(cards))):
                row[j] = card
        d.contract_row = tuple(row)

    @run("fill_contracts")
    def _fill_contracts(self, d: Any, task: tuple) -> None:
        """Step 5: each empty slot is filled from its rail's deck, one at a time; after a
        card drawn (and whatever it sets off), the step goes on."""
        before = d.tasks
        self.fill_contract_row(d)
        if d.tasks is not before:
            again(d, before, task)

    def fill_contract_row(self, d: Any) -> None:
        """Step 5 up to its next draw: the slots face-up tops fill, then the draw for the next
        slot pushed (its reveal)."""
        while self._fill_contract_slot(d):
            pass

    def _fill_contract_slot(self, d: Any) -> bool:
        """Fill the first empty slot that has a feeder: True if its deck's face-up top filled
        it, False once a draw for it was pushed or no slot can be filled."""
        if None not in d.contract_row:
            return False
        for deck, slots in RAILS[d.active_decks]:
            for slot in slots:
                if d.contract_row[slot] is not None:
                    continue
                feeder = self.feeder(d, deck)
                if feeder is None:
                    continue
                if d.tops[feeder] is not None:
                    d.contract_row = replaced(d.contract_row, slot, d.tops[feeder])
                    d.tops = replaced(d.tops, feeder, None)
                    return True
                self.reveal_next(d, CONTRACT_DECKS[feeder], ("slot", slot), True)
                return False
        return False

    def feeder(self, s: Any, deck: int) -> int | None:
        """The deck that refills a rail: its own, or once that is exhausted the next older one
        (rulebook "Mazos agotados": an exhausted City deck's slot takes Town cards); None when
        every one is exhausted."""
        for k in range(deck, -1, -1):
            if s.tops[k] is not None or s.decks[k].cards:
                return k
        return None

    @run("contract_top")
    def _contract_top(self, d: Any, task: tuple) -> None:
        """Steps 6-8: the top card of each active contract deck, from deck `task[1]` on, is
        turned face up; the next deck's step waits until this draw (and any event it reveals)
        is done, since an event may bring that deck into play."""
        for k in range(task[1], d.active_decks):
            if d.tops[k] is None and d.decks[k].cards:
                d.tasks = (("contract_top", k + 1), *d.tasks)  # d.push
                self.reveal_next(d, CONTRACT_DECKS[k], ("top", k), True)
                return
