"""Urban Sprawl rules on the turn kit (game.engine.flow): setup, the turn, events, the end.

Rulebook sections, in the order of this file: "Preparación del juego" (decks stacked with their
events, the starting planning cards 1/2/3/4, the draft of the starting buildings with payments,
the Media vocation), "La partida" (investments, action points, building contracts, Favours, the
nine steps of "Final del turno"), and the scores and winner at the end. Card effects are the
closed vocabulary of effects.py, run as `("effect", card, index, origin)` tasks by choices.py
(events, effects and the decisions they ask for); decks live in decks.py, building in
build.py, payouts, elections and the final scoring in politics.py.

Rulebook points put right in issue 26 (line numbers of ../shared/rules/urban_sprawl.es.txt):
- a revealed card's election comes first, then its payout ("después de cualquier elección
  activada por la misma carta", l. 847-848: decks.DeckMixin._revealed);
- a "row" is the rulebook's one meaning, "6 o 12 bloques contiguos" (l. 337-344), for payouts,
  marker circles and the cards' "estas filas" alike (board.rulebook_row);
- the contract decks "también contienen cartas de evento" (l. 474-475) and Business Relocation
  comes from the City deck (l. 1111-1126); the disasters are the Flood, the Fire and the
  Earthquake (l. 1282-1283); High School builds a 2-lot CIV (l. 509-510); Corporate HQ is
  FINANZAS-6 with its two effects (l. 664-666, 714-721); the Media tie-break on value-4 RES
  buildings (l. 170-172) can decide on our board (board.toml's starting buildings).

Our decisions where the rulebook is silent (see also levels/urban_sprawl/*.toml):
- how many typed events each contract deck holds: the rulebook gives none (l. 474-475), ours
  is 3 of its 36 others (cards.toml's header); which deck holds each disaster (l. 1282-1283
  names them only): Flood and Fire the planning deck, Earthquake the Metropolis deck; Corporate
  HQ's size and the Marina's zone (l. 664-666, 1280-1282 give neither): ours;
- how many contracts grant the Extra Favour tile (l. 1243-1244 names the Warehouse, l. 1427 one
  tile): one per contract deck (effects.extra_favour);
- seat 0 is the start player; with both the long and the short variant switched on, short wins;
- cards revealed during setup trigger no election or payout (the pawn's setup "does not trigger
  an election" either). No planning event and no named event can come out then (they lie
  deeper), but a Town deck's typed event can ("Baraja las demás cartas de Pueblo juntas"): it
  leaves the game and the deck is drawn again, with no effect, since the rulebook deals the
  decks (steps H-J) before any wealth, building or vocation is handed out (steps T-V), so
  nothing in play could gain or lose by it;
- the Airport event also brings the City deck into play, the Sports Team the Metropolis deck;
- players with no building in a paid row receive nothing from its payout;
- a vocation comes from the holding box; only when none is left there may one be taken from an
  opponent (the translation's "si quedan más" read as the original "if none remain");
- an election with no candidate (nobody has a building of the zone) leaves the office as it is;
- a tie-break that names a vacant office (or Media nobody holds alone) goes to the active player;
- the four planning cards dealt face down at setup (step 7) may be taken, unseen, at their
  slot's AP cost; they slide face down, turn face up in the taker's hand (planning cards in
  hand are public) and, never having been revealed, trigger no election or payout. Cards that
  refill the row later are revealed (steps 2-3);
- a stalled offer. The game ends only when the Olympic Games come out of the Metropolis deck,
  and the contract decks run down only when contracts leave the offer (built, or taken as a
  Favour): the rulebook never slides out or discards an untaken contract, and an exhausted deck
  only stops refilling. So a city where nobody can build or demolish and every Favour slot is
  full would never end. Ours, as players at the table would agree: once a whole round of turns
  has passed with no contract leaving the offer and every seat is stuck whatever it gathers
  (Favour slots full, and no contract offered or held has room in the city: no legal lot set
  even with the wealth, the licences and an Urban Renewal card; being short of wealth or
  licences for now is no stall), the contract in the cheapest occupied row slot leaves the game
  at the end of that turn (before step 4), so the row slides and refills and the decks keep
  running; the Airport, the Sports Team and the Olympic Games lie inside their decks' windows,
  so every game ends. Play where anyone could still take a contract is untouched (no seeded
  bot game of tests/golden ever stalls).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.engine.core import Config, Detail, Note, Option, Pending, tie_note
from game.engine.flow import TurnRules, ask, decide, drafting, run
from game.engine.memos import owned_memo

from . import city
from .board import (
    CONTRACT_DECKS,
    GAME_ID,
    OFFICES,
    Board,
    Contract,
    EventCard,
    Permit,
    Renewal,
    card_name,
    load_board,
)
from .build import BuildMixin, LotSetCheck, licences_in_hand
from .choices import ChoicesMixin
from .decks import DeckMixin, again
from .effects import EFFECTS
from .politics import OFFICE, PoliticsMixin
from .prompts import option, prompt, prompt_of
from .state import (
    HIDDEN_CARD,
    NOBODY,
    SOURCES,
    Building,
    Deck,
    State,
    gain,
    inserted,
    lose,
    replaced,
    seats_from,
    total_prestige,
)

K = f"{GAME_ID}."
TREASURER_TAX = 2  # wealth the Treasurer collects from each opponent at the start of a turn
VARIANT_WINDOWS = {"standard": (16, 22), "long": (19, 28), "short": (10, 19)}
PLANNING_WINDOW = (23, 50)  # 22 permits on top, then 14 permits shuffled with the 14 events
# After a turn's actions (rulebook "Final del turno"), in order: the stall check (ours) and steps
# 1-3 (planning row), 4-5 (contract row), 6-8 (deck tops: one task) and 9 (next player).
END_TASKS = (("stall_check",), ("slide_planning",), ("fill_planning",), ("planning_top",),
             ("slide_contracts",), ("fill_contracts",), ("contract_top", 0), ("next_player",))


ROW_SOURCES = ("payouts", "final_payout")  # their details list the rows by value
SCENE_NAME = f"{K}scene."  # the scene's names of vocations (strings_scene.toml)


def detail_line(term: tuple, points: int, times: int) -> Detail:
    """The results line of one ledger term (State.ledger) of a seat."""
    source = term[0]
    if source == "neighbourhood":  # by zone (a line per contract made a long list)
        _, zone, factor = term
        label = "neighbours_doubled" if factor > 1 else "neighbours"
        return Detail(source, f"{K}detail.{label}.{zone}", (("count", points // factor),), points)
    if source == "vocations":
        return Detail(source, f"{K}detail.vocation", (
            ("vocation", f"{SCENE_NAME}vocation.{term[1]}"), ("count", times)), points)
    if source == "payouts":
        return Detail(source, f"{K}detail.payout", (("value", term[1]), ("count", times)),
                      points)
    if source == "final_payout":
        return Detail(source, f"{K}detail.final_row", (("value", term[1]), ("count", term[2])),
                      points)
    if source == "wealth":
        return Detail(source, f"{K}detail.wealth_left", (("wealth", term[1]),), points)
    if source == "politicians":
        return Detail(source, f"{K}detail.office.{term[1]}", (("count", points),), points)
    return Detail(source, f"{K}detail.card", (("card", card_name(term[1])),), points)


def lot_set_entry(block_mask: int, options: tuple) -> tuple[tuple, dict[int, tuple]]:
    """A block's entry of the placement search's table (BuildMixin.lot_set_table): its lot
    sets, and for each set of its lots that may be free, the lot sets lying on free lots only."""
    lots = [1 << lot for lot in range(block_mask.bit_length()) if block_mask >> lot & 1]
    free_sets = {sum(bit for i, bit in enumerate(lots) if pick >> i & 1)
                 for pick in range(1 << len(lots))}
    return options, {free: tuple(o for o in options if not o[1] & ~free) for free in free_sets}


class UrbanSprawl(DeckMixin, BuildMixin, PoliticsMixin, ChoicesMixin, TurnRules):
    """Rules of Urban Sprawl (implements the engine's Rules protocol)."""

    game_id = GAME_ID
    min_players = 2
    max_players = 4
    Draft = drafting(State)
    over_field = "over"  # set after the Olympic Games and the final scoring

    def __init__(self, root: Path | None = None) -> None:
        self.board: Board = load_board(root)
        self.prebuild_options()

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
        places = [(("row", j), cost) for j, cost in enumerate(board.contract_costs)]
        places += [(("top", k), board.contract_deck_cost) for k in range(len(CONTRACT_DECKS))]
        self.contract_places = tuple((cost, fixed[("build", *place)], fixed[("favour", *place)])
                                     for place, cost in places)
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
        self.lot_set_table = tuple(
            tuple(lot_set_entry(block_mask, tuple((lots, mask, ring, fixed[("lots", lots)])
                                                  for lots, mask, ring in options))
                  for block_mask, options in zip(board.block_masks, by_block))
            for by_block in board.placement_masks)
        # The same, for the search of a contract with no restriction and no demolition: per
        # free-lots mask, only (ring mask, option) of each lot set (less to unpack per step).
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
        out[("done",)] = option(("done",), None, "done")
        out[("end",)] = option(("end",), None, "end")
        for lots in board.rings:
            out[("lots", lots)] = option(("lots", lots), ("lots", lots), "lots")
        for lot in range(len(board.block_of)):
            out[("lot", lot)] = option(("lot", lot), ("lot", lot), "park")
        for seat in range(self.max_players):
            out[("seat", seat)] = option(("seat", seat), ("seat", seat), "seat", player=seat)
        return out

    def office_index(self, name: str) -> int:
        """Position of an office in State.offices."""
        return OFFICE[name]

    # -- setup (rulebook "Preparación del juego") ---------------------------------------------
    def setup(self, config: Config) -> State:
        """Decks stacked, the twelve starting buildings, and the setup deals and draft to run."""
        n, board = config.players, self.board
        variant = ("short" if config.option("short") else
                   "long" if config.option("long") else "standard")
        window = VARIANT_WINDOWS[variant]
        renewals = tuple(sorted(c for c, card in board.cards.items() if isinstance(card, Renewal)))
        starting = tuple(Building(zone, (lot,), NOBODY) for zone, lot in board.starting)
        values = city.block_values(board, (NOBODY,) * len(board.markers))
        lots = [NOBODY] * len(board.block_of)
        for bid, (_, lot) in enumerate(board.starting):
            lots[lot] = bid
        return State(
            players=n, wealth=(board.start_wealth[n - 2],) * n,
            prestige=((0,) * len(SOURCES),) * n, ledger=((),) * n, lots=tuple(lots),
            buildings=starting,
            zone_lots=city.zone_lots_of(starting), anchors=city.anchors_of(starting, n),
            hands=((),) * n, favours=((),) * n, extra_favour=NOBODY,
            vocations=((0,) * len(board.vocations),) * n, offices=(NOBODY,) * len(OFFICES),
            politicians_in_play=False, contractor_in_play=False, election_pos=0,
            markers=(NOBODY,) * len(board.markers), values=values,
            value_marks=city.value_marks(values), planning_row=(None,) * 4,
            planning_face_down=(False,) * 4, planning_top=None,
            planning_deck=Deck(tuple(sorted(board.decks["planning"])), 0, PLANNING_WINDOW),
            discard=renewals, contract_row=(None,) * 5, tops=(None,) * 3,
            decks=tuple(Deck(tuple(sorted(board.decks[d])), 0, window) for d in CONTRACT_DECKS),
            active_decks=1, active=0, ap=0, builds=0, stalled_turns=0, over=False, tasks=self._setup_tasks(n))

    @staticmethod
    def _setup_tasks(n: int) -> tuple[tuple, ...]:
        deals = [("draw", "planning", ("hand", seat), False)
                 for seat in range(n) for _ in range(seat + 1)]
        deals += [("draw", "planning", ("row_face_down", i), False) for i in range(4)]
        deals += [("draw", "planning", ("top",), False)]
        deals += [("draw", "town", ("slot", j), False) for j in range(5)]
        deals += [("draw", "town", ("top", 0), False)]
        draft = [("draft", k % n) for k in range(12)]
        return (*deals, *draft, ("media",))

    @ask("draft")
    def _ask_draft(self, state: State, task: tuple) -> Pending:
        seat = task[1]
        options = [option(("building", bid), ("building", bid), "draft",
                          cost=city.building_value(self.board, state, bid))
                   for bid, b in enumerate(state.buildings) if b.owner == NOBODY]
        return prompt(seat, "draft", options)

    @decide("draft")
    def _drafted(self, d: Any, seat: int, action: tuple) -> None:
        bid = action[1]
        lose(d, seat, "wealth", city.building_value(self.board, d, bid), "cards")
        city.set_owner(d, bid, seat)

    @run("media")
    def _give_media(self, d: Any, task: tuple) -> None:
        """Media to the wealthiest; tie: most value-4 RES buildings; then the start player."""
        richest = max(d.wealth)
        tied = [s for s in range(d.players) if d.wealth[s] == richest]
        if len(tied) > 1:
            homes = {s: sum(1 for bid, b in city.live_buildings(d) if b.owner == s
                            and b.zone == "RES" and city.building_value(self.board, d, bid) == 4)
                     for s in tied}
            tied = [s for s in tied if homes[s] == max(homes.values())]
        if len(tied) == 1:
            self.give_vocation(d, tied[0], "media")
        else:
            d.push(("choose_seat", d.active, ("media",), tuple(tied)))

    def give_vocation(self, d: Any, seat: int, name: str) -> None:
        """A vocation marker from the holding box to a seat."""
        index = self.board.vocations.index(name)
        d.vocations = replaced(d.vocations, seat, replaced(d.vocations[seat], index,
                                                           d.vocations[seat][index] + 1))
        d.emit("vocation_taken", seat, vocation=name)

    # -- the turn (rulebook "La partida") --------------------------------------------------------
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
        gain(d, seat, "wealth", self.board.cards[card].invest, "cards")
        d.tasks = (("invest",), *d.tasks)  # d.push, written out: every few steps

    @decide("invest", "done")
    def _invest_done(self, d: Any, seat: int, action: tuple) -> None:
        """On to spending action points."""

    def discard_from_hand(self, d: Any, seat: int, card: str) -> None:
        """A planning card from a seat's hand to the discard pile."""
        hand = list(d.hands[seat])
        hand.remove(card)
        d.hands = replaced(d.hands, seat, tuple(hand))
        d.discard = inserted(d.discard, card)

    @ask("act")
    def _ask_act(self, state: State, task: tuple) -> Pending:
        seat, ap = state.active, state.ap
        cards, within = (*state.planning_row, state.planning_top), self.takes_within
        options = [take for place, take in within[ap if ap < len(within) else -1]
                   if cards[place] is not None]
        favours = state.favours[seat]
        favour_room = len(favours) < (2 if state.extra_favour == seat else 1)  # favour_capacity
        held, needs = self.hand_licences(state.hands[seat]), self.contract_needs
        has_lot_set = LotSetCheck(self, state, seat)
        offered = (*state.contract_row, *state.tops[:state.active_decks])
        for card, (cost, build, favour) in zip(offered, self.contract_places):
            if card is None or cost > ap:
                continue
            zone, size, kind = needs[card]
            if held[zone] >= size and has_lot_set(card, kind):
                options.append(build)
            if favour_room:
                options.append(favour)
        for card in favours:  # a Favour is built for no action points
            zone, size, kind = needs[card]
            if held[zone] >= size and has_lot_set(card, kind):
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
            card, d.ap = d.planning_row[i], d.ap - self.board.planning_costs[i]
            d.planning_row = replaced(d.planning_row, i, None)
            if d.planning_face_down[i]:  # it turns face up (taken unseen)
                d.planning_face_down = replaced(d.planning_face_down, i, False)
        else:
            card, d.ap = d.planning_top, d.ap - self.board.planning_deck_cost
            d.planning_top = None
        d.hands = replaced(d.hands, seat, inserted(d.hands[seat], card))
        d.emit("planning_taken", seat, card=card)
        d.tasks = (("act",), *d.tasks)  # d.push, written out: the commonest action

    @decide("act", "favour")
    def _take_favour(self, d: Any, seat: int, action: tuple) -> None:
        card = self.take_contract(d, action[1:])
        d.favours = replaced(d.favours, seat, (*d.favours[seat], card))
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
        """A stalled offer (ours, see the module docstring): after a whole round of turns in
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
        cards = (*s.contract_row, *s.tops[:s.active_decks])
        offered = [card for card, (cost, _, _) in zip(cards, self.contract_places)
                   if card is not None and cost <= self.board.action_points]
        if offered and len(s.favours[seat]) < self.favour_capacity(s, seat):
            return True
        contracts = self.board.cards
        return any(self.has_room(s, seat, contracts[card]) for card in (*offered, *s.favours[seat]))

    @run("next_player")
    def _next_player(self, d: Any, task: tuple) -> None:
        """Step 9: the Active Player tile passes clockwise."""
        d.active = (d.active + 1) % d.players

    def scores(self, state: State) -> tuple[dict[str, int], ...]:
        """Prestige by source, per seat."""
        return tuple(dict(zip(SOURCES, state.prestige[seat])) for seat in range(state.players))

    def details(self, state: State) -> tuple[tuple[Detail, ...], ...]:
        """Per seat, its prestige term by term (State.ledger): the neighbours by zone, each
        vocation's payouts, each prestige row's payouts, each card, the final payout row by
        row with the buildings counted, the wealth, each office's bonus. A source's lines add
        up to it; sources in SOURCES order, payout rows by value, the rest as first scored."""
        out = []
        for entries in state.ledger:
            lines = [detail_line(term, points, times) for term, points, times in entries]
            order = {source: i for i, source in enumerate(SOURCES)}
            lines.sort(key=lambda line: (order[line.category], line.category in ROW_SOURCES
                                         and dict(line.params)["value"]))
            out.append(tuple(lines))
        return tuple(out)

    def winners(self, state: State) -> tuple[int, ...]:
        """Most prestige; tie: most wealth; still tied: a shared victory."""
        key = [(total_prestige(state, s), state.wealth[s]) for s in range(state.players)]
        return tuple(s for s in range(state.players) if key[s] == max(key))

    def tiebreak(self, state: State) -> Note | None:
        """Why tied leaders were separated (wealth) or that they share the victory."""
        if not state.over:
            return None
        totals = [total_prestige(state, s) for s in range(state.players)]
        winners = self.winners(state)
        return tie_note(totals, winners, K + "tiebreak.wealth", K + "tiebreak.shared",
                        ("wealth", state.wealth[winners[0]]))

    # -- what each seat sees ----------------------------------------------------------------------
    def view(self, state: State, player: int | None) -> State:
        """Everything is public but what is left in the decks (only its events show) and the
        face-down planning cards."""
        row = tuple(HIDDEN_CARD if down else c
                    for c, down in zip(state.planning_row, state.planning_face_down))
        return replace(state, planning_row=row, planning_deck=self._hidden(state.planning_deck),
                       decks=tuple(self._hidden(deck) for deck in state.decks),
                       viewer=NOBODY if player is None else player)

    def _hidden(self, deck: Deck) -> Deck:
        events = self.board.events
        return replace(deck, cards=tuple(c if c in events else HIDDEN_CARD for c in deck.cards))

    def randomize_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """The face-down planning cards re-dealt among themselves and the planning deck's
        permits (the setup deals them from the permits on top of the deck).

        Nothing else is unknown: every card that left a deck was seen (hands, rows, tops,
        Favours and discards are public; built contracts and contract events leave the game),
        so each deck's contents follow from what was played, and their order is not modelled
        (state.Deck). Re-dealing a contract deck from its cards "not in sight" would bring back
        contracts already built.
        """
        face_down = [i for i, down in enumerate(state.planning_face_down) if down]
        if not face_down:
            return state
        cards, deck = self.board.cards, state.planning_deck
        others = [c for c in deck.cards if not isinstance(cards[c], Permit)]
        pool = [c for c in deck.cards if isinstance(cards[c], Permit)]
        pool += [state.planning_row[i] for i in face_down]
        rng.shuffle(pool)
        row = list(state.planning_row)
        for i in face_down:
            row[i] = pool.pop()
        d = self.Draft(state)
        d.planning_row = tuple(row)
        d.planning_deck = replace(deck, cards=tuple(sorted(others + pool)))
        return d.freeze()

