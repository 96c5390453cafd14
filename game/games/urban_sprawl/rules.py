"""Urban Sprawl rules on the turn kit (game.engine.flow): setup, the turn, events, the end.

Rulebook sections, in the order of this file: "Preparación del juego" (decks stacked with their
events, the starting planning cards 1/2/3/4, the draft of the starting buildings with payments,
the Media vocation), and the scores and winner at the end; "La partida" (investments, action
points, building contracts, Favours, the nine steps of "Final del turno") is turn.py's. Card
effects are the closed vocabulary of effects.py, run as `("effect", card, index, origin)` tasks
by choices.py (events, effects and the decisions they ask for); decks live in decks.py,
building in build.py, payouts, elections and the final scoring in politics.py, the prebuilt
option tables in tables.py.

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
from pathlib import Path
from typing import Any

from game.engine.core import Config, Detail, Note, Pending, tie_note
from game.engine.flow import TurnRules, ask, decide, drafting, run

from . import city
from .board import CONTRACT_DECKS, GAME_ID, OFFICES, Board, Permit, Renewal, card_name, load_board
from .build import BuildMixin
from .choices import ChoicesMixin
from .decks import DeckMixin
from .politics import OFFICE, PoliticsMixin
from .prompts import option, prompt
from .state import (
    HIDDEN_CARD,
    NOBODY,
    SOURCES,
    Building,
    Deck,
    State,
    lose,
    replaced,
    total_prestige,
)
from .tables import TablesMixin
from .turn import TurnMixin

K = f"{GAME_ID}."
VARIANT_WINDOWS = {"standard": (16, 22), "long": (19, 28), "short": (10, 19)}
PLANNING_WINDOW = (23, 50)  # 22 permits on top, then 14 permits shuffled with the 14 events
ROW_SOURCES = ("payouts", "final_payout")  # their details list the rows by value
SCENE_NAME = f"{K}scene."  # the scene's names of vocations (strings_scene.toml)
VIEW_UNSET = ("memo", "city_memo", "ledger_terms")  # a view's memo fields: empty (`view`)
HIDDEN_DECKS_KEPT = 16  # decks whose view `_hidden` keeps (four a state: those of a few moves)


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


class UrbanSprawl(TurnMixin, TablesMixin, DeckMixin, BuildMixin, PoliticsMixin, ChoicesMixin,
                  TurnRules):
    """Rules of Urban Sprawl (implements the engine's Rules protocol)."""

    game_id = GAME_ID
    min_players = 2
    max_players = 4
    Draft = drafting(State)
    over_field = "over"  # set after the Olympic Games and the final scoring

    def __init__(self, root: Path | None = None) -> None:
        self.board: Board = load_board(root)
        self.prebuild_options()
        self._hidden_decks: dict[int, tuple[Deck, Deck]] = {}  # id -> (deck, as shown): _hidden

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
        if d.loud:  # a quiet draft's emit records nothing (flow.DraftBase.loud)
            d.emit("vocation_taken", seat, vocation=name)


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
        face-down planning cards. Made through a draft (a dict copy: `replace` calls the
        39-field __init__), without the memos, as `replace` leaves them; the frame a move lands
        in makes one."""
        d = self.Draft(state)
        d.planning_row = tuple(HIDDEN_CARD if down else c
                               for c, down in zip(state.planning_row, state.planning_face_down))
        d.planning_deck = self._hidden(state.planning_deck)
        d.decks = tuple(self._hidden(deck) for deck in state.decks)
        d.viewer = NOBODY if player is None else player
        fields = vars(d)
        for memo in VIEW_UNSET:
            fields.pop(memo, None)
        return d.freeze()

    def _hidden(self, deck: Deck) -> Deck:
        """The deck as a view shows it (only its events named), made once per deck: a deck no
        move drew from is the same object in the next state. The memo holds the decks it
        answers for (an id is never reused meanwhile); a thread that races another one only
        makes a deck again."""
        kept = self._hidden_decks.get(id(deck))
        if kept is not None and kept[0] is deck:
            return kept[1]
        events = self.board.events
        hidden = replace(deck, cards=tuple(c if c in events else HIDDEN_CARD for c in deck.cards))
        if len(self._hidden_decks) >= HIDDEN_DECKS_KEPT:
            self._hidden_decks = {}  # (a new dict: a reader on another thread keeps the old)
        self._hidden_decks[id(deck)] = (deck, hidden)
        return hidden

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
