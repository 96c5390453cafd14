"""Urban Sprawl's events and card effects: running them, and the decisions they ask for
(where a park or a marker goes, which building a bonus, a decay or a disaster takes, paying
to save it, splitting a payment, a purchase) and the order in which several players decide
(rulebook "Eventos", "Efectos de los edificios", "El jugador activo controla...").

A mixin of `rules.UrbanSprawl` (its tables: `effect_calls`, `park_options`, `fixed`...).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from game.engine.core import Pending
from game.engine.flow import ask, decide, run
from game.engine.trails import bits

from . import city
from .decks import run_first
from .effects import area_buildings
from .prompts import option, prompt, prompt_of, split_options
from .state import NOBODY, State, can_pay, gain, inserted, lose


class ChoicesMixin:
    """The turn kit handlers of events, card effects and the decisions they ask for."""

    board: Any
    fixed: Any  # the rules' prebuilt options (rules.UrbanSprawl._fixed_options)
    park_options: tuple  # per lot, its option in the park prompt
    neighbour_masks: tuple  # per lot, the mask of the lots around it
    effect_calls: Any  # per card, (effect function, parameters) of each effect
    event_effects: Any  # per event card, its effect tasks

    # -- events and effects (rulebook "Eventos", "Efectos de los edificios") -------------------
    @run("event")
    def _event(self, d: Any, task: tuple) -> None:
        _, card, deck = task
        if d.loud:  # a quiet draft's emit records nothing (flow.DraftBase.loud)
            d.emit("event", None, reveal=True, card=card)
        run_first(self, d, (*self.event_effects[card], ("event_done", card, deck)))

    @run("event_done")
    def _event_done(self, d: Any, task: tuple) -> None:
        """Planning events go to the discard pile; contract events leave the game."""
        if task[2] == "planning":
            d.discard = inserted(d.discard, task[1])

    @run("effect")
    def _effect(self, d: Any, task: tuple) -> None:
        _, card, index, origin = task
        run_effect, params = self.effect_calls[card][index]
        if d.effect_card != card:  # its prestige goes to its ledger term (state._add_prestige)
            d.effect_card = card
        run_effect(self, d, params, origin)

    @ask("place_park")
    def _ask_park(self, state: State, task: tuple) -> Pending:
        _, seat, scope, origin = task
        if scope == "adjacent":  # the few free lots around the building, from masks
            near = 0
            for lot in state.buildings[origin].lots:
                near |= self.neighbour_masks[lot]
            parks = self.park_options
            options = [parks[lot] for lot in bits(city.free_lots(state) & near)]
        else:
            # The parks of the lots where no building stands, in C (map and compress).
            options = list(compress(self.park_options, map(NOBODY.__eq__, state.lots)))
        return prompt(seat, "place_park", options) if options else ()

    @decide("place_park")
    def _park_placed(self, d: Any, seat: int, action: tuple) -> None:
        city.place(d, city.PARK, (action[1],), seat)

    @ask("place_marker")
    def _ask_marker(self, state: State, task: tuple) -> Pending:
        _, seat, marker = task
        used = set(state.markers)
        options = [option(("circle", i), ("circle", i), "circle", marker=marker)
                   for i in range(len(self.board.circles)) if i not in used]
        return prompt(seat, "place_marker", options, marker=marker) if options else ()

    @decide("place_marker")
    def _marker_placed(self, d: Any, seat: int, action: tuple) -> None:
        marker = d.task[2]
        city.move_marker(self.board, d, marker, action[1])
        d.emit("marker_placed", seat, marker=marker, circle=action[1])

    @ask("choose_building")
    def _ask_building(self, state: State, task: tuple) -> Pending:
        _, seat, purpose, candidates = task
        options = [option(("building", bid), ("building", bid), purpose[0]) for bid in candidates]
        return prompt_of(seat, "choose_building", options, (("purpose", purpose[0]),))

    @decide("choose_building")
    def _building_chosen(self, d: Any, seat: int, action: tuple) -> None:
        bid, purpose = action[1], d.task[2]
        owner = d.buildings[bid].owner
        if purpose[0] == "uncontrol":
            city.set_owner(d, bid, NOBODY)
        elif purpose[0] == "bonus":
            gain(d, owner, purpose[1], purpose[2], "cards")
        elif can_pay(d, owner, "prestige", purpose[1]):  # decay: the owner may save it
            d.push(("decay_save", owner, bid, purpose[1]))
        else:
            city.demolish(d, bid)

    @ask("decay_save")
    def _ask_decay(self, state: State, task: tuple) -> Pending:
        _, seat, bid, cost = task
        return prompt(seat, "decay_save", [option(("pay",), ("building", bid), "pay", cost=cost),
                                           option(("lose",), None, "lose")], prestige=cost)

    @decide("decay_save")
    def _decay_decided(self, d: Any, seat: int, action: tuple) -> None:
        _, _, bid, cost = d.task
        if action == ("pay",):
            lose(d, seat, "prestige", cost, "cards")
        else:
            city.demolish(d, bid)

    # -- decisions several players take (rulebook "El jugador activo controla...") -------------
    def in_order(self, d: Any, decision: tuple, seats: list[int]) -> None:
        """Each of `seats` takes `decision` (kind, args...); with several, the active player
        picks who decides next, one at a time."""
        if len(seats) > 1:
            d.push(("order", decision, tuple(seats)))
        elif seats:
            d.push((decision[0], seats[0], *decision[1:]))

    @ask("order")
    def _ask_order(self, state: State, task: tuple) -> Pending:
        _, decision, seats = task
        fixed = self.fixed
        return prompt_of(state.active, "order", [fixed[("seat", s)] for s in seats],
                         (("decision", decision[0]),))

    @decide("order")
    def _ordered(self, d: Any, active: int, action: tuple) -> None:
        _, decision, seats = d.task
        chosen = action[1]
        self.in_order(d, decision, [s for s in seats if s != chosen])  # after the chosen one:
        d.push((decision[0], chosen, *decision[1:]))  # pushed last, so it runs first

    @ask("pay_split")
    def _ask_pay_split(self, state: State, task: tuple) -> Pending:
        _, seat, zone, amount = task
        n = city.owned(state, seat, zone)
        return prompt_of(seat, "pay_split", split_options(n, amount), (("amount", amount),))

    @decide("pay_split")
    def _paid_split(self, d: Any, seat: int, action: tuple) -> None:
        _, _, zone, amount = d.task
        n = city.owned(d, seat, zone)
        lose(d, seat, "prestige", action[1] * amount, "cards")
        lose(d, seat, "wealth", (n - action[1]) * amount, "cards")

    @ask("disaster")
    def _ask_disaster(self, state: State, task: tuple) -> Pending:
        _, seat, area, cost = task
        options = [option(("building", bid), ("building", bid), "lose")
                   for bid in area_buildings(self.board, state, seat, area)]
        if can_pay(state, seat, "prestige", cost):
            options.append(option(("pay",), None, "pay", cost=cost))
        return prompt_of(seat, "disaster", options, (("prestige", cost),))

    @decide("disaster")
    def _disaster_decided(self, d: Any, seat: int, action: tuple) -> None:
        if action == ("pay",):
            lose(d, seat, "prestige", d.task[3], "cards")
        else:
            city.demolish(d, action[1])

    @ask("purchase")
    def _ask_purchase(self, state: State, task: tuple) -> Pending:
        _, seat, (pay, cost, get, amount) = task
        fixed = self.fixed
        return prompt_of(seat, "purchase", (fixed[("buy",)], fixed[("pass",)]),
                         (("pay", pay), ("cost", cost), ("get", get), ("amount", amount)))

    @decide("purchase")
    def _purchased(self, d: Any, seat: int, action: tuple) -> None:
        pay, cost, get, amount = d.task[2]
        if action == ("buy",):
            lose(d, seat, pay, cost, "cards")
            gain(d, seat, get, amount, "cards")
