"""Building a contract in Urban Sprawl: where it may go, what it costs, what it brings.

Rulebook "Construcción de contratos" (AP, licences, the block's value in wealth), "Colocación de
edificios", "Restricciones a las construcciones" and "a las zonas", "Renovación Urbana"
(demolition with an Urban Renewal card or as the Contractor), "Bonificación por vecindario"
(doubled for the District Attorney's first build of a turn), "Vocaciones" (taking a marker and
the vocation payout; the Police Chief takes wealth and prestige) and "Efectos de los edificios".
A build is a sequence of tasks: ("place", card), ("license", card, licences left),
("built", card, building), then its vocations and effects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from game.engine.core import Option, Pending
from game.engine.flow import ask, decide, run
from game.engine.trails import bits

from . import city
from .board import OFFICES, ZONES, Contract, Renewal
from .decks import run_first
from .effects import ANY_LOTS, restriction_filter
from .prompts import prompt_of, split_options
from .state import NOBODY, State, gain, lose, replaced, seats_from

CONTRACTOR, DISTRICT_ATTORNEY, POLICE_CHIEF = (OFFICES.index(o) for o in (
    "contractor", "district_attorney", "police_chief"))


def licences_in_hand(grants: Mapping[str, tuple[tuple[str, int], ...]],
                     hand: tuple[str, ...]) -> Mapping[str, int]:
    """Licences per zone that a hand's permits add up to (`grants`: Board.grants); read-only,
    as the rules share it among the states holding that hand."""
    held = dict.fromkeys(ZONES, 0)
    for card in hand:
        for zone, licences in grants.get(card, ()):
            held[zone] += licences
    return MappingProxyType(held)


NO_LICENCE = ((), None)  # a card that pays no licence: no zone, no option


class LotSetCheck:
    """can_build's lot set half for the contracts of one prompt whose licences the hand holds:
    the city's memo and the seat's rights are looked up once, at the first contract that needs
    them; a memo answer is read here, has_lot_set asked on a miss."""

    __slots__ = ("known", "memo", "rights", "rules", "seat", "state")

    def __init__(self, rules: BuildMixin, state: Any, seat: int) -> None:
        self.rules, self.state, self.seat = rules, state, seat
        self.memo = self.rights = self.known = None

    def check(self, card: str, kind: Any) -> bool:
        """True if contract `card` (its lot sets' `kind`: search_kind) has a legal lot set
        (a method, not __call__: a bound method's call runs in the caller's interpreter loop,
        a __call__ through the type's slot does not)."""
        if self.known is None:
            self.memo, self.rights = self.rules.build_context(self.state, self.seat)
            # memo.cheapest_for(demolition, protected), with no call
            self.known = self.memo.cheapest.setdefault(self.rights[1:], {})
        cheapest = self.known.get(kind)
        if cheapest is None:
            return self.rules.has_lot_set(self.state, self.rules.board.cards[card], self.memo,
                                          self.rights)
        return cheapest <= self.rights[0]


class BuildMixin:
    """The turn kit handlers and queries of building a contract."""

    board: Any
    fixed: Any  # the rules' prebuilt options (rules.UrbanSprawl._fixed_options)
    # [size][block] -> (((lots, mask, ring mask, place option), ...), {the block's free lots as
    # a mask: the lot sets on them}): board.placement_masks with each lot set's prebuilt option
    # (rules.lot_set_entry).
    lot_set_table: tuple
    lot_set_masks: Mapping[tuple[int, ...], int]  # a lot set -> the mask of its lots
    free_rings: tuple  # [size][block][free lots] -> ((ring mask, option), ...): the same
    # [size][block] -> (the mask of the lots of all its lot sets, the mask of all their rings)
    block_spans: tuple
    # Contract id -> what its lot sets depend on (zone, size, restriction): the memo's key, so
    # that contracts alike share their answers.
    search_kind: Any
    # A hand -> licences_in_hand of it; cached: every action prompt asks, and hands change
    # less often.
    hand_licences: Callable[[tuple[str, ...]], Mapping[str, int]]
    # Permit -> (the zones it licenses, its option in the licence prompt)
    licence_options: Mapping[str, tuple[Any, Option]]

    # -- where a contract may go ----------------------------------------------------------------
    def held_licences(self, s: Any, seat: int) -> Mapping[str, int]:
        """Licences per zone that the seat's permits add up to (read-only)."""
        return self.hand_licences(s.hands[seat])

    def can_build(self, s: Any, seat: int, card: str,
                  held: Mapping[str, int] | None = None) -> bool:
        """True if the seat has the licences and some lot set is legal and affordable (`held`:
        the seat's held_licences, when the caller has them already)."""
        contract = self.board.cards[card]
        if (held or self.held_licences(s, seat))[contract.zone] < contract.size:
            return False
        return self.has_lot_set(s, contract, *self.build_context(s, seat))

    def build_context(self, s: Any, seat: int) -> tuple[city.CityMemo, tuple]:
        """What can_build asks of every contract alike: the city's memo, the seat's rights."""
        memo = city.city_memo(s)
        return memo, self.builder_rights(s, seat, memo.richest)

    def builder_rights(self, s: Any, seat: int, richest: int) -> tuple[int, bool, int | None]:
        """What a seat's own placement search depends on besides the city: its wealth (capped
        at the dearest block), whether it may demolish (the Contractor, or with an Urban Renewal
        card), and whose buildings it may not demolish (the Contractor's, unless it is him)."""
        contractor = s.offices[CONTRACTOR]
        demolition = seat == contractor or not self.board.renewals.isdisjoint(s.hands[seat])
        protected = (None if not demolition or seat == contractor or contractor == NOBODY
                     else contractor)
        return min(s.wealth[seat], richest), demolition, protected

    def placements(self, s: Any, seat: int, contract: Contract, wealth: int | None = None,
                   demolition: bool | None = None) -> Iterator[tuple[int, ...]]:
        """Every legal lot set for the contract: affordable block, restriction, zones, and any
        demolition allowed (Contractor, or an Urban Renewal card not against his buildings).
        `wealth` and `demolition` (may it demolish at all), when given, stand in for the
        seat's own (has_room asks whether the city has room for the contract)."""
        own_wealth, own_demolition, _ = self.builder_rights(s, seat, max(s.values))
        contractor = s.offices[CONTRACTOR]
        demolition = own_demolition if demolition is None else demolition
        protected = (None if not demolition or seat == contractor or contractor == NOBODY
                     else contractor)
        found = self.lot_sets(s, contract, own_wealth if wealth is None else wealth, demolition,
                              protected)
        return (option.action[1] for option in found)

    def lot_sets(self, s: Any, contract: Contract, wealth: int, demolition: bool,
                 protected: int | None, first: bool = False,
                 blocks: tuple[int, ...] = city.ALL_BLOCKS) -> list[Option]:
        """The search of `placements`, for a builder with that wealth, who may demolish or
        not, and may not demolish the `protected` seat's buildings (None: may demolish any):
        the place prompt's option of each lot set (its action: ("lots", lots)), in block
        order (or the order of `blocks`); with `first`, only the first one found (or none).
        A list rather than a generator: the place prompt lists ~30 of them, and a generator's
        step costs."""
        values, found = s.values, []
        low, high, ring_need, lots_need = restriction_filter(self.board, s, contract.restriction)
        high = min(high, wealth)
        # The zone restriction on lot masks (city.zones_allow): the ring of a lot set never
        # holds a building it demolishes (that one lies wholly under the new building).
        zone_lots = s.zone_lots
        civ, com, ind, res, park = zone_lots  # city.zoned_lots, written out
        same = zone_lots[city.ZONE_INDEX[contract.zone]]
        other = (civ | com | ind | res) & ~same
        occupied = other | same | park
        size, restricted = contract.size, (ring_need, lots_need) != (ANY_LOTS, ANY_LOTS)
        table, free = self.lot_set_table[size], ~occupied
        # Per block, its lot sets' lots and rings all together: a block none of whose lot sets
        # could meet the card's restriction is passed over whole (most, for a restricted card).
        spans = self.block_spans[size]
        if demolition:  # demolition tested only for lot sets that pass the rest
            grid, buildings, set_masks = s.lots, s.buildings, self.lot_set_masks
            for block in blocks:
                if not low <= values[block] <= high:
                    continue
                if restricted:
                    lots_span, ring_span = spans[block]
                    if not (ring_span & ring_need and lots_span & lots_need):
                        continue
                for lots, mask, ring, option in table[block][0]:
                    if ring & other and not ring & same or restricted and not (
                            ring & ring_need and mask & lots_need):
                        continue
                    # Rulebook demolition (the Contractor, or with an Urban Renewal card): each
                    # building under it lies wholly under it (so it is no larger), and none is
                    # the protected seat's (the Contractor's unless he builds); written out, as
                    # a call per lot set would cost more than the test.
                    if mask & occupied:
                        for lot in lots:
                            bid = grid[lot]
                            if bid != NOBODY and (buildings[bid].owner == protected
                                                  or set_masks[buildings[bid].lots] & ~mask):
                                break
                        else:
                            bid = NOBODY  # none in the way
                        if bid != NOBODY:
                            continue
                    found.append(option)
                    if first:
                        return found
            return found
        if not restricted:
            return self._unrestricted(values, size, low, high, free, other, same, first, blocks)
        block_masks = self.board.block_masks
        for block in blocks:
            if not low <= values[block] <= high:
                continue
            lots_span, ring_span = spans[block]
            if not (ring_span & ring_need and lots_span & lots_need):
                continue
            for _, mask, ring, option in table[block][1][block_masks[block] & free]:
                if ring & other and not ring & same:
                    continue
                if ring & ring_need and mask & lots_need:
                    found.append(option)
                    if first:
                        return found
        return found

    def _unrestricted(self, values: tuple[int, ...], size: int, low: int, high: int, free: int,
                      other: int, same: int, first: bool, blocks: tuple[int, ...]
                      ) -> list[Option]:
        """lot_sets without demolition for a contract with no ring or lots restriction: the
        free lot sets of the blocks valued low..high whose ring has a building of the same
        zone or none of another."""
        found, rings, block_masks = [], self.free_rings[size], self.board.block_masks
        for block in blocks:
            if not low <= values[block] <= high:
                continue
            for ring, place in rings[block][block_masks[block] & free]:
                if not ring & other or ring & same:
                    found.append(place)
                    if first:
                        return found
        return found

    def has_room(self, s: Any, seat: int, contract: Contract) -> bool:
        """True if the city has a legal lot set for the contract whatever the seat gathers
        (any wealth, the licences, an Urban Renewal card); the search without demolition,
        the cheap one, goes first."""
        memo = city.city_memo(s)
        contractor = s.offices[CONTRACTOR]
        protected = None if seat == contractor or contractor == NOBODY else contractor
        return (self.has_lot_set(s, contract, memo, (memo.richest, False, None))
                or self.has_lot_set(s, contract, memo, (memo.richest, True, protected)))

    def has_lot_set(self, s: Any, contract: Contract, memo: city.CityMemo,
                    rights: tuple[int, bool, int | None]) -> bool:
        """True if the contract has a lot set for a builder with these rights
        (builder_rights): his wealth reaches the cheapest block where one lies, which the
        city's memo keeps per kind of contract (searched once, cheapest blocks first)."""
        wealth, demolition, protected = rights
        known = memo.cheapest.setdefault((demolition, protected), {})  # cheapest_for, no call
        kind = self.search_kind[contract.id]
        cheapest = known.get(kind)
        if cheapest is None:
            first = self.lot_sets(s, contract, memo.richest, demolition, protected, first=True,
                                  blocks=memo.blocks_by_value())
            cheapest = known[kind] = (s.values[self.board.block_of[first[0].action[1][0]]]
                                      if first else city.NO_LOT_SET)
        return cheapest <= wealth

    @staticmethod
    def covered(s: Any, lots: tuple[int, ...]) -> tuple[int, ...]:
        """Ids of the buildings standing on any of the lots."""
        return tuple(sorted({s.lots[lot] for lot in lots} - {NOBODY}))

    # -- the build tasks ------------------------------------------------------------------------
    @ask("place")
    def _ask_place(self, state: State, task: tuple) -> Pending:
        contract, seat = self.board.cards[task[1]], state.active
        memo = city.city_memo(state)
        rights = self.builder_rights(state, seat, memo.richest)
        key = (rights, self.search_kind[contract.id])
        options = memo.listed.get(key)
        if options is None:
            options = memo.listed[key] = tuple(self.lot_sets(state, contract, *rights))
        return prompt_of(seat, "place", options, (("card", contract.id),))

    @decide("place")
    def _placed(self, d: Any, seat: int, action: tuple) -> None:
        """Demolish what is under it, pay the block's value, put the building down."""
        card, lots = d.task[1], action[1]
        contract = self.board.cards[card]
        covered = self.covered(d, lots)
        if covered and d.offices[CONTRACTOR] != seat:
            renewal = next(c for c in d.hands[seat] if isinstance(self.board.cards[c], Renewal))
            self.discard_from_hand(d, seat, renewal)
        for bid in covered:
            city.demolish(d, bid)
        lose(d, seat, "wealth", city.block_value(self.board, d, self.board.block_of[lots[0]]),
             "cards")
        bid = city.place(d, contract.zone, lots, seat)
        if d.loud:  # a quiet draft's emit records nothing (flow.DraftBase.loud)
            d.emit("built", seat, card=card, building=bid)
        d.tasks = (("license", card, contract.size), ("built", card, bid), *d.tasks)  # d.push

    @ask("license")
    def _ask_license(self, state: State, task: tuple) -> Pending:
        _, card, left = task
        zone, licence_options = self.board.cards[card].zone, self.licence_options
        options = [licence_options[c][1] for c in state.hands[state.active]
                   if zone in licence_options.get(c, NO_LICENCE)[0]]
        return prompt_of(state.active, "license", options, (("left", left),))

    @decide("license")
    def _licensed(self, d: Any, seat: int, action: tuple) -> None:
        """A permit pays licences (no change is given for a bigger one)."""
        _, card, left = d.task
        self.discard_from_hand(d, seat, action[1])
        left -= self.board.cards[action[1]].licences
        if left > 0:
            d.push(("license", card, left))

    @run("built")
    def _built(self, d: Any, task: tuple) -> None:
        """Neighbourhood bonus, then vocations, then the effects from top to bottom."""
        _, card, bid = task
        contract = self.board.cards[card]
        seat = d.active
        # The buildings of its zone next to it: its ring's lots of that zone, by building.
        ring = self.board.ring_masks[d.buildings[bid].lots]
        grid = d.lots
        same = len({grid[lot] for lot in bits(ring & d.zone_lots[city.ZONE_INDEX[contract.zone]])})
        factor = 2 if d.builds == 0 and d.offices[DISTRICT_ATTORNEY] == seat else 1
        gain(d, seat, "prestige", same * factor, ("neighbourhood", contract.zone, factor))
        d.builds += 1
        run_first(self, d, (*[("vocation", name, value) for name, value in contract.vocations],
                            *[("effect", card, i, bid) for i in range(len(contract.effects))]))

    # -- vocations ------------------------------------------------------------------------------
    @run("vocation")
    def _vocation(self, d: Any, task: tuple) -> None:
        """One marker of the name: from the holding box, or else from an opponent."""
        _, name, value = task
        index = self.board.vocations.index(name)
        held = sum(v[index] for v in d.vocations)
        if held < self.board.vocation_copies:
            self.give_vocation(d, d.active, name)
            self._vocation_score(d, ("vocation_score", name, value))
            return
        holders = tuple(s for s in seats_from(d, d.active)[1:] if d.vocations[s][index])
        if holders:
            d.push(("steal", name, value, holders))
        else:
            self._vocation_score(d, ("vocation_score", name, value))

    @ask("steal")
    def _ask_steal(self, state: State, task: tuple) -> Pending:
        _, name, _, holders = task
        fixed = self.fixed
        return prompt_of(state.active, "steal", [fixed[("seat", s)] for s in holders],
                         (("vocation", name),))

    @decide("steal")
    def _stolen(self, d: Any, seat: int, action: tuple) -> None:
        _, name, value, _ = d.task
        index, victim = self.board.vocations.index(name), action[1]
        d.vocations = replaced(d.vocations, victim, replaced(d.vocations[victim], index,
                                                             d.vocations[victim][index] - 1))
        self.give_vocation(d, seat, name)
        d.push(("vocation_score", name, value))

    @run("vocation_score")
    def _vocation_score(self, d: Any, task: tuple) -> None:
        """Every marker of the name pays its holder the value, as wealth or prestige each."""
        _, name, value = task
        index = self.board.vocations.index(name)
        splits = []
        for seat in seats_from(d, d.active):
            n = d.vocations[seat][index]
            if not n:
                continue
            if d.offices[POLICE_CHIEF] == seat:
                gain(d, seat, "wealth", n * value, "vocations")
                gain(d, seat, "prestige", n * value, ("vocations", name))
            else:
                splits.append(("split", seat, value, n, name))
        d.push(*splits)

    @ask("split")
    def _ask_split(self, state: State, task: tuple) -> Pending:
        _, seat, value, n, _ = task
        return prompt_of(seat, "split", split_options(n, value), (("value", value),))

    @decide("split")
    def _split(self, d: Any, seat: int, action: tuple) -> None:
        _, _, value, n, name = d.task
        gain(d, seat, "prestige", action[1] * value, ("vocations", name))
        gain(d, seat, "wealth", (n - action[1]) * value, "vocations")
