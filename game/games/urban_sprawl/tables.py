"""Urban Sprawl's prebuilt tables: the options and lookups every playout step reads.

A mixin of `rules.UrbanSprawl`, built once when the rules load (`prebuild_options`) and
read-only afterwards (the bot worker shares the rules): each row slot's and deck top's option
at its AP cost, each permit's invest option, each lot set's, the placement search's table per
block, the payout rows' lot masks, each card's effect calls and reveal payout.
"""

from __future__ import annotations

from functools import partial
from types import MappingProxyType
from typing import Any

from game.engine.core import Option
from game.engine.memos import owned_memo

from . import city
from .board import CONTRACT_DECKS, Board, Contract, EventCard, Permit, Renewal
from .build import licences_in_hand
from .effects import EFFECTS
from .prompts import option
from .state import NOBODY


def lot_set_entry(block_mask: int, options: tuple) -> tuple[tuple, dict[int, tuple]]:
    """A block's entry of the placement search's table (BuildMixin.lot_set_table): its lot
    sets, and for each set of its lots that may be free, the lot sets lying on free lots only."""
    lots = [1 << lot for lot in range(block_mask.bit_length()) if block_mask >> lot & 1]
    free_sets = {sum(bit for i, bit in enumerate(lots) if pick >> i & 1)
                 for pick in range(1 << len(lots))}
    return options, {free: tuple(o for o in options if not o[1] & ~free) for free in free_sets}



def block_span(options: tuple[tuple[tuple[int, ...], int, int], ...]) -> tuple[int, int]:
    """(the mask of every lot of a block's lot sets, the mask of all their rings), from its
    (lots, lot mask, ring mask) entries of board.placement_masks (BuildMixin.block_spans)."""
    lots = rings = 0
    for _, mask, ring in options:
        lots |= mask
        rings |= ring
    return lots, rings


class TablesMixin:
    """The read-only tables the rules build once (prebuild_options)."""

    board: Board
    max_players: int
    _invest_choices: Any  # turn.TurnMixin's

    def prebuild_options(self) -> None:
        """Build once, read-only, the options that never change (a row slot at its AP cost, a
        lot set...), so that the prompts asked in every playout step only look them up."""
        fixed = self.fixed = MappingProxyType(self._fixed_options())
        board = self.board
        # Bounded and thread-safe (the bot worker shares the rules); its values are read-only.
        self.hand_licences = owned_memo(partial(licences_in_hand, board.grants), 4096)
        # The action prompt's places, in its order: (AP cost, option) per planning place, then
        # (AP cost, build option, Favour option) per contract row slot and deck top.
        self.take_places = tuple(
            (cost, fixed[("take", "row", i) if i < 4 else ("take", "top")])
            for i, cost in enumerate((*board.planning_costs, board.planning_deck_cost)))
        # Per number of action points left, the (place, option) of the takes they afford
        # (the last entry: every take, for as many points as the dearest costs or more).
        self.takes_within = tuple(
            tuple((place, take) for place, (cost, take) in enumerate(self.take_places)
                  if cost <= ap)
            for ap in range(max(cost for cost, _ in self.take_places) + 1))
        # The same, options only: the takes of a whole planning row (~40% of act prompts).
        self.take_options = tuple(tuple(take for _, take in takes) for takes in self.takes_within)
        places = [(("row", j), cost) for j, cost in enumerate(board.contract_costs)]
        places += [(("top", k), board.contract_deck_cost) for k in range(len(CONTRACT_DECKS))]
        self.contract_places = tuple((cost, fixed[("build", *place)], fixed[("favour", *place)])
                                     for place, cost in places)
        # Per number of active decks, per action points (up to the dearest place's cost), the
        # contract places the action prompt offers: (index in row + tops, build option, Favour
        # option), in the prompt's order (the places a seat cannot afford are left out).
        self.dearest = max(cost for cost, _, _ in self.contract_places)
        self.places_within = tuple(
            tuple(tuple((i, build, favour) for i, (cost, build, favour)
                        in enumerate(self.contract_places[:len(board.contract_costs) + decks])
                        if cost <= ap) for ap in range(self.dearest + 1))
            for decks in range(len(CONTRACT_DECKS) + 1))
        # Per card, (effect function, parameters) of each effect; an event's effect tasks.
        self.effect_calls = MappingProxyType({
            card.id: tuple((EFFECTS[rule.kind].fn, rule.params) for rule in card.effects)
            for card in board.cards.values() if isinstance(card, Contract | EventCard)})
        self.reveal_payouts = MappingProxyType({
            card.id: None if isinstance(card, EventCard) else (
                "wealth" if isinstance(card, Permit | Renewal) else "prestige", card.payout,
                isinstance(card, Permit | Renewal) and card.ballot)
            for card in board.cards.values()})
        self.event_effects = MappingProxyType({
            card: tuple(("effect", card, i, NOBODY) for i in range(len(self.effect_calls[card])))
            for card in board.events})
        # Per permit, its invest option; per lot, its park option (prompts look them up).
        self.invest_options = MappingProxyType({key[1]: found for key, found in fixed.items()
                                                if key[0] == "invest"})
        self.invest_choices = owned_memo(self._invest_choices, 4096)
        self.end_option = fixed[("end",)]
        self.licence_options = MappingProxyType({
            card.id: (card.zones, option(("permit", card.id), ("hand", card.id), "permit"))
            for card in board.cards.values() if isinstance(card, Permit)})
        self.favour_builds = MappingProxyType({key[2]: found for key, found in fixed.items()
                                               if key[:2] == ("build", "favour")})
        self.park_options = tuple(fixed[("lot", lot)] for lot in range(len(board.block_of)))
        self.neighbour_masks = tuple(city.lot_mask(near) for near in board.neighbours)
        kinds: dict[tuple, int] = {}  # (zone, size, restriction) -> a number (cheap to hash)
        self.search_kind = MappingProxyType({
            card.id: kinds.setdefault((card.zone, card.size, card.restriction and (
                card.restriction.kind, tuple(sorted(card.restriction.params.items())))),
                len(kinds))
            for card in board.cards.values() if isinstance(card, Contract)})
        rows = {*board.printed_rows.values(), *board.circle_blocks}
        # Per contract, what the action prompt checks: (zone, size, search kind).
        self.contract_needs = MappingProxyType({
            card: (contract.zone, contract.size, kind) for card, kind in self.search_kind.items()
            for contract in (board.cards[card],)})
        self.row_masks = MappingProxyType({blocks: city.lot_mask(
            lot for lot, block in enumerate(board.block_of) if block in blocks) for blocks in rows})
        self.payout_rows = MappingProxyType(self._payout_rows())
        self.circle_masks = tuple(self.row_masks[blocks] for blocks in board.circle_blocks)
        self.lot_set_masks = MappingProxyType({lots: city.lot_mask(lots) for lots in board.rings})
        self.lot_set_table = tuple(
            tuple(lot_set_entry(block_mask, tuple((lots, mask, ring, fixed[("lots", lots)])
                                                  for lots, mask, ring in options))
                  for block_mask, options in zip(board.block_masks, by_block))
            for by_block in board.placement_masks)
        # The same, for the search of a contract with no restriction and no demolition: per
        # free-lots mask, only (ring mask, option) of each lot set (less to unpack per step).
        self.block_spans = tuple(tuple(block_span(options) for options in by_block)
                                 for by_block in board.placement_masks)
        self.free_rings = tuple(
            tuple({free: tuple((ring, found) for _, _, ring, found in on_free)
                   for free, on_free in by_free.items()} for _, by_free in by_size)
            for by_size in self.lot_set_table)

    def _payout_rows(self) -> dict[tuple[str, int], tuple[int, int | None, tuple[int, ...]]]:
        """(resource, value) -> what pay_row needs of that row: its lots' mask if printed on
        the board, else the index of the marker whose circle places it (city.payout_blocks),
        and the payout table's line for it."""
        board, out = self.board, {}
        for resource, table in (("wealth", board.wealth_payouts),
                                ("prestige", board.prestige_payouts)):
            for value, amounts in enumerate(table, 1):
                printed = board.printed_rows.get((resource, value))
                if printed is not None:
                    out[(resource, value)] = (self.row_masks[printed], None, amounts)
                else:
                    marker = board.markers.index(f"{resource[0]}{value}")
                    out[(resource, value)] = (0, marker, amounts)
        return out

    def _fixed_options(self) -> dict[tuple, Option]:
        board, out = self.board, {}
        for i, cost in enumerate((*board.planning_costs, board.planning_deck_cost)):
            place = ("row", i) if i < 4 else ("top",)
            out[("take", *place)] = option(("take", *place), ("planning", *place), "take",
                                           ap=cost)
        places = [(("row", j), cost) for j, cost in enumerate(board.contract_costs)]
        places += [(("top", k), board.contract_deck_cost) for k in range(len(CONTRACT_DECKS))]
        for place, cost in places:
            for verb in ("build", "favour"):
                out[(verb, *place)] = option((verb, *place), ("contract", *place), verb, ap=cost)
        for card, found in board.cards.items():
            if isinstance(found, Contract):
                out[("build", "favour", card)] = option(("build", "favour", card),
                                                        ("favour", card), "build", ap=0)
            elif isinstance(found, Permit):
                out[("invest", card)] = option(("invest", card), ("hand", card), "invest",
                                               wealth=found.invest)
        for verb in ("done", "buy", "pass"):
            out[(verb,)] = option((verb,), None, verb)
        out[("end",)] = option(("end",), None, "end")
        for lots in board.rings:
            out[("lots", lots)] = option(("lots", lots), ("lots", lots), "lots")
        for lot in range(len(board.block_of)):
            out[("lot", lot)] = option(("lot", lot), ("lot", lot), "park")
        for seat in range(self.max_players):
            out[("seat", seat)] = option(("seat", seat), ("seat", seat), "seat", player=seat)
        return out
