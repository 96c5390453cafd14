"""The turn of Urban Sprawl (rulebook "La partida"): investments, actions, the end of the turn.

A mixin of `rules.UrbanSprawl`. A turn's tasks: ("turn_start",) (action points, the
Treasurer's tax), ("invest",) (permits cashed in), ("act",) (planning cards taken, contracts
built or taken as Favours, until the seat ends or its points run out), then ("end_of_turn", ...)
(our stall check and the nine steps of "Final del turno", run in one task: END_TASKS).
"""

from __future__ import annotations

from typing import Any

from game.engine.core import Option, Pending
from game.engine.flow import ask, decide, run

from .build import LotSetCheck
from .decks import again
from .politics import OFFICE
from .prompts import prompt_of
from .state import State, gain, inserted, lose, replaced, seats_from

TREASURER_TAX = 2  # wealth the Treasurer collects from each opponent at the start of a turn
# After a turn's actions (rulebook "Final del turno"), in order: the stall check (ours) and steps
# 1-3 (planning row), 4-5 (contract row), 6-8 (deck tops: one task) and 9 (next player).
END_TASKS = (("stall_check",), ("slide_planning",), ("fill_planning",), ("planning_top",),
             ("slide_contracts",), ("fill_contracts",), ("contract_top", 0), ("next_player",))


class TurnMixin:
    """The turn kit handlers of a turn, from its action points to the next player."""

    board: Any
    fixed: Any  # tables.TablesMixin's, as the names below
    takes_within: Any
    take_options: Any
    hand_licences: Any
    contract_needs: Any
    contract_places: Any
    places_within: Any
    dearest: int
    favour_builds: Any
    end_option: Any
    invest_options: Any
    invest_choices: Any

    def refill(self, d: Any) -> None:
        """A turn: action points, investments, actions, then the nine end-of-turn steps."""
        offer = (*d.contract_row, *d.tops)  # as the turn starts: the stall check compares
        d.tasks = (("invest",), ("act",), ("end_of_turn", offer, 0), *d.tasks)  # d.push
        self._turn_start(d, ("turn_start",))  # the task the stack would run first, run now

    @run("end_of_turn")
    def _end_of_turn(self, d: Any, task: tuple) -> None:
        """The stall check and end-of-turn steps 1-9 (END_TASKS, each also a task of its own),
        run here one after another from step `task[2]` (a task each cost a trip through the
        turn kit's loop in every playout turn). A step that pushes tasks (a draw) has them run
        first: the rest follows them, as a task (from the same step if it fills a row: it
        goes on after each card drawn). A row with no gap skips its slide and fill, a face-up
        planning top its step 3: those steps would do nothing (each checks the same first),
        and most turns leave one row whole."""
        _, offer, step = task
        before = d.tasks
        if step == 0:
            self._stall_check(d, ("stall_check", offer))
            step = 1
        if step <= 2 and None in d.planning_row:
            if step == 1:
                self._slide_planning(d, END_TASKS[1])
            self.fill_planning_row(d)  # step 2 up to its next draw: it goes on after that
            if d.tasks is not before:
                return again(d, before, ("end_of_turn", offer, 2))
        if step <= 3 and d.planning_top is None:
            self._planning_top(d, END_TASKS[3])
            if d.tasks is not before:
                return again(d, before, ("end_of_turn", offer, 4))
        if step <= 5 and None in d.contract_row:
            if step <= 4:
                self._slide_contracts(d, END_TASKS[4])
            self.fill_contract_row(d)  # step 5 up to its next draw: it goes on after that
            if d.tasks is not before:
                return again(d, before, ("end_of_turn", offer, 5))
        if step <= 6:
            self._contract_top(d, END_TASKS[6])
            if d.tasks is not before:
                return again(d, before, ("end_of_turn", offer, 7))
        self._next_player(d, END_TASKS[7])
        return None

    @run("turn_start")
    def _turn_start(self, d: Any, task: tuple) -> None:
        """Action points (8 for the Union Boss); the Treasurer collects from every opponent."""
        seat, board = d.active, self.board
        boss = d.offices[OFFICE["union_boss"]] == seat
        d.ap = board.union_boss_action_points if boss else board.action_points
        d.builds = 0
        if d.loud:  # a quiet draft's emit records nothing (flow.DraftBase.loud)
            d.emit("turn", seat, ap=d.ap)
        if d.offices[OFFICE["treasurer"]] == seat:
            for other in seats_from(d, seat)[1:]:
                gain(d, seat, "wealth", lose(d, other, "wealth", TREASURER_TAX, "cards"), "cards")

    @ask("invest")
    def _ask_invest(self, state: State, task: tuple) -> Pending:
        options = self.invest_choices(state.hands[state.active])
        return prompt_of(state.active, "invest", options, ()) if options else ()

    def _invest_choices(self, hand: tuple[str, ...]) -> tuple[Option, ...]:
        """The invest prompt's options for a hand: each permit's, then done; () with none
        (cached per hand in `invest_choices`: hands recur, and the prompt comes every turn;
        the prompt itself is made anew, as each decision's own)."""
        invest = self.invest_options
        options = [invest[c] for c in hand if c in invest]
        return (*options, self.fixed[("done",)]) if options else ()

    @decide("invest", "invest")
    def _invested(self, d: Any, seat: int, action: tuple) -> None:
        card = action[1]
        self.discard_from_hand(d, seat, card)
        wealth = list(d.wealth)  # gain(), written out: a permit is cashed in most turns
        wealth[seat] += self.board.cards[card].invest
        d.wealth = tuple(wealth)
        d.tasks = (("invest",), *d.tasks)  # d.push, written out: every few steps

    @decide("invest", "done")
    def _invest_done(self, d: Any, seat: int, action: tuple) -> None:
        """On to spending action points."""

    def discard_from_hand(self, d: Any, seat: int, card: str) -> None:
        """A planning card from a seat's hand to the discard pile."""
        hands, hand = list(d.hands), list(d.hands[seat])  # replaced(), written out
        hand.remove(card)
        hands[seat] = tuple(hand)
        d.hands = tuple(hands)
        d.discard = inserted(d.discard, card)

    @ask("act")
    def _ask_act(self, state: State, task: tuple) -> Pending:
        seat, ap, within = state.active, state.ap, self.takes_within
        row, top = state.planning_row, state.planning_top
        if top is not None and None not in row:  # a whole planning row: every take it affords
            options = list(self.take_options[ap if ap < len(within) else -1])
        else:
            cards = (*row, top)
            options = [take for place, take in within[ap if ap < len(within) else -1]
                       if cards[place] is not None]
        favours = state.favours[seat]
        favour_room = len(favours) < (2 if state.extra_favour == seat else 1)  # favour_capacity
        held, needs = self.hand_licences(state.hands[seat]), self.contract_needs
        has_lot_set = None  # made at the first contract whose licences the hand holds
        offered = (*state.contract_row, *state.tops)
        for place, build, favour in self.places_within[state.active_decks][min(ap, self.dearest)]:
            card = offered[place]
            if card is None:
                continue
            zone, size, kind = needs[card]
            if held[zone] >= size:
                has_lot_set = has_lot_set or LotSetCheck(self, state, seat).check
                if has_lot_set(card, kind):
                    options.append(build)
            if favour_room:
                options.append(favour)
        for card in favours:  # a Favour is built for no action points
            zone, size, kind = needs[card]
            if held[zone] >= size:
                has_lot_set = has_lot_set or LotSetCheck(self, state, seat).check
                if has_lot_set(card, kind):
                    options.append(self.favour_builds[card])
        options.append(self.end_option)
        return prompt_of(seat, "act", options, (("ap", ap),))

    def favour_capacity(self, state: State, seat: int) -> int:
        """One Favour at a time; two with the Extra Favour tile (golden rule)."""
        return 2 if state.extra_favour == seat else 1

    @decide("act", "take")
    def _take_planning(self, d: Any, seat: int, action: tuple) -> None:
        if action[1] == "row":
            i = action[2]
            row = list(d.planning_row)  # replaced(), written out: the commonest action
            card, row[i], d.ap = row[i], None, d.ap - self.board.planning_costs[i]
            d.planning_row = tuple(row)
            if d.planning_face_down[i]:  # it turns face up (taken unseen)
                d.planning_face_down = replaced(d.planning_face_down, i, False)
        else:
            card, d.ap = d.planning_top, d.ap - self.board.planning_deck_cost
            d.planning_top = None
        hands = list(d.hands)
        hands[seat] = inserted(hands[seat], card)
        d.hands = tuple(hands)
        if d.loud:
            d.emit("planning_taken", seat, card=card)
        d.tasks = (("act",), *d.tasks)  # d.push, written out: the commonest action

    @decide("act", "favour")
    def _take_favour(self, d: Any, seat: int, action: tuple) -> None:
        card = self.take_contract(d, action[1:])
        d.favours = replaced(d.favours, seat, (*d.favours[seat], card))
        if d.loud:
            d.emit("favour_taken", seat, card=card)
        d.push(("act",))

    @decide("act", "build")
    def _build(self, d: Any, seat: int, action: tuple) -> None:
        if action[1] == "favour":
            card = action[2]
            d.favours = replaced(d.favours, seat, tuple(c for c in d.favours[seat] if c != card))
        else:
            card = self.take_contract(d, action[1:])
        d.push(("place", card), ("act",))

    def take_contract(self, d: Any, place: tuple) -> str:
        """Remove a contract from the row or a deck top, paying its AP; returns the card."""
        where, index = place
        if where == "row":
            card, d.ap = d.contract_row[index], d.ap - self.board.contract_costs[index]
            d.contract_row = replaced(d.contract_row, index, None)
        else:
            card, d.ap = d.tops[index], d.ap - self.board.contract_deck_cost
            d.tops = replaced(d.tops, index, None)
        return card

    @decide("act", "end")
    def _end_actions(self, d: Any, seat: int, action: tuple) -> None:
        """Unspent action points are lost; the end-of-turn steps follow."""

    @run("stall_check")
    def _stall_check(self, d: Any, task: tuple) -> None:
        """A stalled offer (ours, see rules.py's module docstring): after a whole round of turns in
        which no contract left the offer, with every seat stuck, the contract in the cheapest
        occupied row slot leaves the game."""
        if task[1] != (*d.contract_row, *d.tops):
            d.stalled_turns = 0
            return
        d.stalled_turns += 1
        if d.stalled_turns < d.players or any(self.may_take_contract(d, seat)
                                              for seat in range(d.players)):
            return
        d.stalled_turns = 0
        slot = next((j for j, card in enumerate(d.contract_row) if card is not None), None)
        if slot is not None:
            card = d.contract_row[slot]
            d.contract_row = replaced(d.contract_row, slot, None)
            d.emit("contract_discarded", None, card=card, slot=slot)

    def may_take_contract(self, s: Any, seat: int) -> bool:
        """True unless the seat is stuck whatever it gathers: its Favour slots are full and no
        contract on offer or held as a Favour has room in the city for it (any lot set, with
        the wealth, licences and an Urban Renewal card it may yet get)."""
        cards = (*s.contract_row, *s.tops)  # those a turn's action points reach
        places = self.places_within[s.active_decks][min(self.board.action_points, self.dearest)]
        offered = [cards[place] for place, _, _ in places if cards[place] is not None]
        if offered and len(s.favours[seat]) < self.favour_capacity(s, seat):
            return True
        contracts = self.board.cards
        return any(self.has_room(s, seat, contracts[card]) for card in (*offered, *s.favours[seat]))

    @run("next_player")
    def _next_player(self, d: Any, task: tuple) -> None:
        """Step 9: the Active Player tile passes clockwise."""
        d.active = (d.active + 1) % d.players
