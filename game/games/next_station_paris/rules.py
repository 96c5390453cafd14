"""Next Station: Paris rules engine (rulebook: /work/shared/rules/next_station_paris.es.txt).

Data: `board.py` (map, cards, modules, scoring from levels/), state: `state.py`, points:
`scoring.py`. This file holds setup and the card turn; the class mixes in a seat's prompts
(`prompts.py`), its answers drawing on the sheet (`drawing.py`) and the results (`results.py`).

Flow, on the engine's turn kit (game.engine.flow): with advanced modules, setup draws are
chance tasks (2 of the 5 shared objectives, then the bonus card paired with each corner gate).
Each of the 4 rounds, every seat draws one line in its pencil colour for the round from that
colour's departure station. A card is three tasks (`refill`): "reveal" (chance over the remaining
deck as a set; the branch card reveals the next card at once), "answer" (every seat answers at
once: one prompt per seat that can still draw, a seat with no legal segment is skipped) and
"end_card" (the round ends after the 5th Metro card has been answered).

While a card is answered each seat works through its own queue of seat tasks (state.py): they
are declared with the kit's decorators like the shared tasks, and `_settle` (prompts.py) runs a
seat's queue to its next prompt as the kit's `advance` runs the shared stack.

Conventions for the UI: a segment option has target ("station", end) and action
("draw", start, end) (station indices). When the end can be reached from several starts (both
line ends, or after the branch card), the option is ("to", end) with target ("station", end),
followed by a "start" prompt whose options are ("draw", start, end) with target
("station", start). The double-station gate offers ("circle", station) with target
("station", station). Declining is ("pass",) for a card, ("stop",) for the guided tour and
("skip",) for a gate bonus, all with target None. Chance outcomes: card ids ("metro_square"),
("objectives", i, j) and ("gates", b0, b1, b2, b3) (bonus index per corner gate).
"""

from __future__ import annotations

from itertools import combinations, permutations
from pathlib import Path
from typing import Any, ClassVar

from game.engine.core import Action, Chance, Config, Event, Option, Prompt
from game.engine.flow import TurnRules, ask, drafting, resolve, run
from game.engine.open_sheets import HiddenDeck

from . import scoring
from .board import BRANCH, COLORS, GAME_ID, JOKER, Board, load_board
from .drawing import DrawingMixin
from .prompts import K, SeatPromptsMixin
from .results import ResultsMixin
from .state import DRAW, NONE, OVER, REVEAL, SETUP, Line, State

__all__ = ["Board", "Line", "NextStationParis", "State", "color_of"]

MODULES = ("objectives", "gates")
_DECLINED = {"pass": "passed", "stop": "tour_stopped", "skip": "bonus_skipped"}


def color_of(players: int, seat: int, round_: int) -> int:
    """The pencil colour of `seat` in a round (Preparación, Prepararte para la siguiente línea).

    Pencils pass around 4 places at the table: with 2 players each seat has a spare pencil on
    its left, with 3 one spare lies between two seats; solo uses the fixed order. Either way
    each seat uses each colour exactly once.
    """
    place = seat * 2 if players == 2 else seat
    return (place + round_) % len(COLORS)


class NextStationParis(SeatPromptsMixin, DrawingMixin, ResultsMixin, HiddenDeck,
                       TurnRules):
    """The rules of Next Station: Paris for 1-4 players (the engine `Rules` protocol)."""

    game_id = GAME_ID
    min_players = 1
    max_players = 4
    Draft = drafting(State)
    # The tasks of one card, pushed by `refill` (the branch card pushes one more reveal).
    CARD_TURN: ClassVar[tuple[tuple, ...]] = (("reveal",), ("answer",), ("end_card",))

    def __init__(self, levels_root: Path | None = None) -> None:
        """Load and validate the level data (levels_root: another levels/ folder, for tests)."""
        self.board = load_board(levels_root)
        b = self.board
        self.rounds = b.scoring["rounds"]
        self.metro_end = b.scoring["metro_cards_per_round"]
        self.all_cards = tuple(range(len(b.cards)))
        self.all_stations = b.accepts[JOKER]
        # The next card's chance node for every deck a round can leave (2^11 - 1 sorted
        # tuples, ~2 ms once): a reveal then costs a lookup, not a new Chance.
        outcomes = tuple((c.id, 1.0) for c in b.cards)
        self.card_chances = {deck: Chance(tuple(outcomes[c] for c in deck), K + "chance.card")
                             for size in range(1, len(b.cards) + 1)
                             for deck in combinations(self.all_cards, size)}
        # By player count: every seat's queue when a card is revealed.
        self.card_queues = tuple(tuple((("card", seat),) for seat in range(n))
                                 for n in range(self.max_players + 1))
        self.objective_chance = Chance(
            tuple((("objectives", i, j), 1.0)
                  for i, j in combinations(range(len(b.objectives)), 2)),
            K + "chance.objectives")
        self.gate_chance = Chance(
            tuple((("gates", *p), 1.0) for p in permutations(range(len(b.bonuses)))),
            K + "chance.gates")
        self.corner_of = {st: i for i, st in enumerate(b.gate_corners)}
        self.card_message = (K + "prompt.card", K + "prompt.branch")  # by State.branch
        # Declining's event by action and seat (events are values: built once, shared).
        self.declined = {action: tuple(Event(kind, seat) for seat in range(self.max_players))
                         for action, kind in _DECLINED.items()}
        self.card_params = tuple((("card", K + "card." + c.symbol),) for c in b.cards)
        self.link_of = {(a, c): link for a, adj in enumerate(b.adjacency) for link, c in adj}
        # Per link: the bits a drawn link adds to `blocked` (itself and the links it crosses).
        self.block_bits = tuple((1 << link) | b.conflicts[link] for link in range(len(b.conflicts)))
        # By accepted stations (a card symbol's mask), per station: its links to an accepted
        # station as (link bit, end bit, end), for the segment prompt's hot loop (a shape card
        # accepts 20 of the 53 stations: the loop skips the rest without looking).
        self.links_to = {accept: tuple(tuple((1 << link, 1 << c, c) for link, c in adj
                                             if accept >> c & 1) for adj in b.adjacency)
                         for accept in set(b.accepts.values())}
        self._build_options()

    def _build_options(self) -> None:
        """Every option a prompt can hold, built once (prompts are built thousands of times
        per second of playouts): segments by [start][end], "to" and circle options by station."""
        st = self.board.stations
        self.opt_pass = Option(("pass",), None, K + "option.pass")
        self.opt_stop = Option(("stop",), None, K + "option.stop")
        self.opt_skip = Option(("skip",), None, K + "option.skip")
        n = len(st)
        self.opt_draw: list[list[Option | None]] = [[None] * n for _ in range(n)]
        self.opt_from: list[list[Option | None]] = [[None] * n for _ in range(n)]
        for a, adj in enumerate(self.board.adjacency):
            for _, c in adj:
                self.opt_draw[a][c] = Option(("draw", a, c), ("station", c), K + "option.draw",
                                             (("station", st[c].id),))
                self.opt_from[a][c] = Option(("draw", a, c), ("station", a), K + "option.from",
                                             (("station", st[a].id), ("end", st[c].id)))
        self.opt_to = tuple(Option(("to", c), ("station", c), K + "option.draw",
                                   (("station", st[c].id),)) for c in range(n))
        self.opt_circle = tuple(Option(("circle", c), ("station", c), K + "option.circle",
                                       (("station", st[c].id),)) for c in range(n))

    # -- setup and the card turn (Preparación de la partida, Modo avanzado, Cómo se juega) ----
    def setup(self, config: Config) -> State:
        """Before the first card (and the module draws): empty sheets, round 1 pencils."""
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{GAME_ID}: {n} players (allowed {self.min_players}-{self.max_players})")
        modules = tuple(m for m in MODULES if config.option(m, False))
        colors = tuple(color_of(n, seat, 0) for seat in range(n))
        return State(
            players=n, phase=SETUP if modules else REVEAL, modules=modules,
            objectives=(), gates=(), round=0, colors=colors, deck=self.all_cards,
            revealed=(), card=NONE, branch=False, metros=0,
            used=(0,) * n, blocked=(0,) * n,
            lines=tuple((self.new_line(c),) for c in colors),
            queues=((),) * n, tasks=tuple(("deal_" + m,) for m in modules),
        )

    def new_line(self, color: int) -> Line:
        """An empty line at the colour's departure station (Identificar tu estación de partida)."""
        dep = self.board.departures[color]
        return Line(color, (dep,), (), (dep,), 1 << dep)

    def refill(self, d: Any) -> None:
        """The next card: reveal it, every seat answers, then the card (maybe the round) ends."""
        d.phase = REVEAL
        d.push(*self.CARD_TURN)

    def is_over(self, state: Any) -> bool:
        """True once the 4th round has been scored."""
        return state.phase == OVER

    @ask("deal_objectives")
    @ask("deal_gates")
    def _module_draw(self, s: Any, task: tuple) -> Chance:
        """Modo avanzado: 2 of the 5 shared objectives, then a bonus card per corner gate."""
        return self.objective_chance if task[0] == "deal_objectives" else self.gate_chance

    @resolve("deal_objectives")
    def _objectives_drawn(self, d: Any, outcome: Action) -> None:
        """The 2 shared objectives in play, shown to everyone."""
        d.objectives = tuple(outcome[1:])
        d.emit("objectives_drawn", objectives=tuple(
            self.board.objectives[i].id for i in d.objectives))

    @resolve("deal_gates")
    def _gates_dealt(self, d: Any, outcome: Action) -> None:
        """A bonus card face up by each corner gate."""
        d.gates = tuple(outcome[1:])
        d.emit("gates_dealt", gates=tuple(
            (self.board.stations[c].id, self.board.bonuses[g])
            for c, g in zip(self.board.gate_corners, d.gates)))

    @ask("reveal")
    def _card_chance(self, s: Any, task: tuple) -> Chance:
        """The next station card: each remaining card equally likely."""
        if s.deck is None:
            raise ValueError("pending() needs the full state, not a view")
        return self.card_chances[s.deck]

    @resolve("reveal")
    def _reveal(self, d: Any, outcome: Action) -> None:
        """Reveal a card: the branch card reveals the next at once; others start a turn
        (Construir tu Línea de Metro; Cartas especiales: bifurcación)."""
        index = self.board.card_index[outcome]
        card = self.board.cards[index]
        at = d.deck.index(index)
        d.deck = d.deck[:at] + d.deck[at + 1:]
        d.revealed = (*d.revealed, index)
        d.metros += card.metro
        # Event() from a data tuple: faster than emit's keywords (a fifth of all actions).
        d.events.append(Event("card_revealed", None, (
            ("card", card.id), ("symbol", card.symbol), ("name", K + "card." + card.symbol),
            ("metro", card.metro), ("metros", d.metros))))
        if card.symbol == BRANCH:
            d.branch = True
            d.push(("reveal",))
            return
        d.card = index
        d.phase = DRAW
        d.queues = self.card_queues[d.players]
        d.prompts = (None,) * d.players
        for seat in range(d.players):
            self._settle(d, seat)

    @ask("answer")
    def _answers(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """One prompt per seat still busy with the card (none left: the card is done)."""
        prompts = s.prompts or self._seat_prompts(s)
        return tuple(filter(None, prompts))  # a Prompt is always truthy

    @run("end_card")
    def _end_card(self, d: Any, task: tuple) -> None:
        """Everyone answered: next card, or the round ends after the 5th Metro card
        (Construir tu Línea de Metro, Puntuar, Prepararte para la siguiente línea, Fin de la
        partida)."""
        d.card = NONE
        d.branch = False
        if d.metros < self.metro_end:
            return
        for seat in range(d.players):
            result = scoring.score_line(self.board, d.lines[seat][-1])
            d.emit("line_scored", seat, color=d.colors[seat], points=result.points)
        d.round += 1
        if d.round >= self.rounds:
            d.phase = OVER
            d.emit("game_over")
            return
        d.colors = tuple(color_of(d.players, seat, d.round) for seat in range(d.players))
        d.lines = tuple((*lines, self.new_line(c)) for lines, c in zip(d.lines, d.colors))
        d.deck = self.all_cards
        d.revealed = ()
        d.metros = 0
        d.emit("round_started", round=d.round, number=d.round + 1, colors=d.colors)
