"""Next Station: Paris rules engine (rulebook: /work/shared/rules/next_station_paris.es.txt).

Data: `board.py` (map, cards, modules, scoring from levels/), state: `state.py`, points:
`scoring.py`.

Flow, on the engine's turn kit (game.engine.flow): with advanced modules, setup draws are
chance tasks (2 of the 5 shared objectives, then the bonus card paired with each corner gate).
Each of the 4 rounds, every seat draws one line in its pencil colour for the round from that
colour's departure station. A card is three tasks (`refill`): "reveal" (chance over the remaining
deck as a set; the branch card reveals the next card at once), "answer" (every seat answers at
once: one prompt per seat that can still draw, a seat with no legal segment is skipped) and
"end_card" (the round ends after the 5th Metro card has been answered).

While a card is answered each seat works through its own queue of seat tasks (state.py): they
are declared with the kit's decorators like the shared tasks, and `_settle` runs a seat's
queue to its next prompt as the kit's `advance` runs the shared stack.

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

from game.engine.core import Action, Chance, Config, Detail, Event, Note, Option, Prompt, tie_note
from game.engine.flow import TurnRules, ask, decide, drafting, resolve, run
from game.engine.open_sheets import HiddenDeck

from . import scoring
from .board import BRANCH, COLORS, GAME_ID, JOKER, Board, load_board
from .state import DRAW, NONE, OVER, REVEAL, SETUP, Line, State

__all__ = ["Board", "Line", "NextStationParis", "State", "color_of"]

K = GAME_ID + "."  # prefix of every string key
MODULES = ("objectives", "gates")
_DECLINED = {"pass": "passed", "stop": "tour_stopped", "skip": "bonus_skipped"}
# City gate bonuses played as seat tasks (the seat is appended); double_district applies at once.
_BONUS_TASKS = {"branch_free": ("free_any",), "double_free": ("free_end", 2),
                "double_station": ("circle",)}
_LINE_SETTERS = tuple(Line.__dict__[name].__set__ for name in Line.__slots__)
_PROMPT_SETTERS = tuple(Prompt.__dict__[name].__set__
                        for name in ("player", "kind", "message", "options", "params"))


def make_line(color: int, stations: tuple[int, ...], links: tuple[int, ...],
              ends: tuple[int, ...], mask: int, double_district: int = NONE,
              double_station: int = NONE) -> Line:
    """A Line without the frozen __init__'s per-field setattr (every segment builds one)."""
    line = object.__new__(Line)
    set_color, set_stations, set_links, set_ends, set_mask, set_district, set_station = (
        _LINE_SETTERS)
    set_color(line, color)
    set_stations(line, stations)
    set_links(line, links)
    set_ends(line, ends)
    set_mask(line, mask)
    set_district(line, double_district)
    set_station(line, double_station)
    return line


def _one_prompt(player: int, kind: str, message: str, options: tuple[Option, ...],
                params: tuple[tuple[str, Any], ...] = ()) -> tuple[Prompt]:
    """A one-prompt answer for a seat task, equal to (Prompt(...),) but built without the
    frozen __init__'s per-field setattr (half the cost; every answer builds one)."""
    prompt = object.__new__(Prompt)
    set_player, set_kind, set_message, set_options, set_params = _PROMPT_SETTERS
    set_player(prompt, player)
    set_kind(prompt, kind)
    set_message(prompt, message)
    set_options(prompt, options)
    set_params(prompt, params)
    return (prompt,)


def _set(t: tuple, i: int, v: Any) -> tuple:
    """Tuple `t` with item i replaced by v."""
    return t[:i] + (v,) + t[i + 1:]


def color_of(players: int, seat: int, round_: int) -> int:
    """The pencil colour of `seat` in a round (Preparación, Prepararte para la siguiente línea).

    Pencils pass around 4 places at the table: with 2 players each seat has a spare pencil on
    its left, with 3 one spare lies between two seats; solo uses the fixed order. Either way
    each seat uses each colour exactly once.
    """
    place = seat * 2 if players == 2 else seat
    return (place + round_) % len(COLORS)


class NextStationParis(HiddenDeck, TurnRules):
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

    def _seat_prompts(self, s: State) -> tuple[Prompt | None, ...]:
        """Each seat's prompt rebuilt from its queue (a state whose `prompts` is not known)."""
        out = []
        for queue in s.queues:
            found = self._asks[queue[0][0]](self, s, queue[0]) if queue else ()
            out.append(found[0] if found else None)
        return tuple(out)

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

    # -- a seat's queue while it answers the card ---------------------------------------------
    def _settle(self, d: Any, seat: int) -> None:
        """Run a seat's queue until its head asks something, and cache that prompt; once
        every seat is done with the card, end the "answer" task at the head of the stack.

        City gates open on the way; tasks offering nothing but declining are dropped at once
        (nobody is asked to pass when they cannot draw).
        """
        asks, runs = self._asks, self._runs
        prompts = d.prompts  # rebuilt in place below: every answer ends here
        while True:
            queue = d.queues[seat]
            if not queue:
                d.prompts = (*prompts[:seat], None, *prompts[seat + 1:])
                if not any(d.queues):
                    d.pop()
                return
            head = queue[0]
            asking = asks.get(head[0])
            if asking is not None:
                found = asking(self, d, head)
                if found:
                    d.prompts = (*prompts[:seat], found[0], *prompts[seat + 1:])
                    return
            d.queues = _set(d.queues, seat, queue[1:])
            if asking is None:
                runs[head[0]](self, d, head)

    def task_starts(self, s: State, task: tuple) -> tuple[tuple[int, ...], int]:
        """Where a seat task's segment may start and the stations it may end on (bitmask).

        Reglas de construcción: from a line end, on the card's symbol (monuments and the
        platform take any); Cartas especiales: after the branch from any station of the line,
        the joker and the guided tour's second segment to any station; Puertas de la ciudad:
        free entries to any station, from any station (branch) or from the ends (double).
        """
        line = s.lines[task[-1]][-1]
        kind = task[0]
        if kind == "card":
            symbol = self.board.cards[s.card].symbol
            return (line.stations if s.branch else line.ends), self.board.accepts[symbol]
        if kind == "tour":
            return (task[1],), self.all_stations
        if kind == "free_any":
            return line.stations, self.all_stations
        return line.ends, self.all_stations  # free_end

    def segments(self, s: State, seat: int, starts: tuple[int, ...], accept: int
                 ) -> dict[int, list[int]]:
        """Legal segments (Reglas de construcción) as end station -> possible start stations.

        Along a grey link; ending on an accepted station; never into a station already on this
        line (no loops, the platform once); never a link already drawn or crossing a drawn one
        outside an overpass (`blocked`).
        """
        line = s.lines[seat][-1]
        mask = line.mask
        blocked = s.blocked[seat]
        adjacency = self.board.adjacency
        found: dict[int, list[int]] = {}
        for start in starts:
            for link, end in adjacency[start]:
                if (blocked >> link) & 1 or (mask >> end) & 1 or not (accept >> end) & 1:
                    continue
                if end in found:
                    found[end].append(start)
                else:
                    found[end] = [start]
        return found

    @ask("card")
    @ask("tour")
    @ask("free_any")
    @ask("free_end")
    def _segment_prompt(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """A segment to draw for the card, the guided tour or a free gate bonus, or decline;
        nothing when no segment is legal."""
        seat = task[-1]
        starts, accept = self.task_starts(s, task)
        on_line = s.lines[seat][-1].mask
        blocked = s.blocked[seat]
        links_to = self.links_to[accept]
        found: dict[int, int] = {}  # end -> its only start, or NONE when there are several
        for start in starts:
            for link_bit, end_bit, end in links_to[start]:
                if blocked & link_bit or on_line & end_bit:
                    continue
                found[end] = NONE if end in found else start
        if not found:
            return ()
        opt_draw, opt_to = self.opt_draw, self.opt_to
        opts = [opt_draw[a][end] if a != NONE else opt_to[end] for end, a in found.items()]
        kind = task[0]
        if kind == "card":
            opts.append(self.opt_pass)
            return _one_prompt(seat, "card", self.card_message[s.branch], tuple(opts),
                               self.card_params[s.card])
        if kind == "tour":
            return _one_prompt(seat, "tour", K + "prompt.tour", (*opts, self.opt_stop),
                               (("station", self.board.stations[task[1]].id),))
        count = task[1] if kind == "free_end" else 1
        return _one_prompt(seat, kind, K + "prompt." + kind, (*opts, self.opt_skip),
                           (("count", count),))

    @ask("start")
    def _start_prompt(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """The start of a segment whose chosen end several starts reach."""
        _, end, parent, seat = task
        starts, _ = self.task_starts(s, parent)
        opt_from = self.opt_from
        opts = tuple(opt_from[a][end] for a in self.segments(s, seat, starts, 1 << end)[end])
        return _one_prompt(seat, "start", K + "prompt.start", opts,
                           (("station", self.board.stations[end].id),))

    @ask("circle")
    def _circle_prompt(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """Puertas de la ciudad, doble estación: any station of the line as drawn when the
        bonus is played (it is instantaneous), except the special ones (departures of any
        colour, the platform, monuments). Our reading: a corner gate station is an ordinary
        station, so it may be circled."""
        seat = task[-1]
        stations = self.board.stations
        opts = [self.opt_circle[st] for st in s.lines[seat][-1].stations
                if not stations[st].special]
        if not opts:
            return ()
        return _one_prompt(seat, "circle", K + "prompt.circle", (*opts, self.opt_skip))

    @run("gate")
    def _open_gate(self, d: Any, task: tuple) -> None:
        """City gate reached: its bonus as the seat's next tasks (Puertas de la ciudad)."""
        _, corner, seat = task
        bonus = self.board.bonuses[d.gates[self.corner_of[corner]]]
        d.emit("gate_triggered", seat, station=corner, bonus=bonus, name=K + "bonus." + bonus)
        follow = _BONUS_TASKS.get(bonus)
        if follow is not None:
            d.queues = _set(d.queues, seat, ((*follow, seat), *d.queues[seat]))
            return
        # double_district: never worse than not using it, so it applies at once.
        line = d.lines[seat][-1]
        district = self.board.stations[corner].district
        self._replace_line(d, seat, Line(line.color, line.stations, line.links, line.ends,
                                         line.mask, district, line.double_station))

    # -- a seat's answers (one handler per action kind) ---------------------------------------
    @decide("answer", keep_head=True)
    def _decline(self, d: Any, seat: int, action: Action) -> None:
        """Decline: ignore the card, stop the guided tour or skip a gate bonus (always optional)."""
        d.events.append(self.declined[action[0]][seat])
        d.queues = _set(d.queues, seat, d.queues[seat][1:])
        self._settle(d, seat)

    @decide("answer", "to", keep_head=True)
    def _choose_end(self, d: Any, seat: int, action: Action) -> None:
        """An end reachable from several starts: ask which start (target = start station)."""
        queue = d.queues[seat]
        d.queues = _set(d.queues, seat, (("start", action[1], queue[0], seat), *queue[1:]))
        self._settle(d, seat)

    @decide("answer", "circle", keep_head=True)
    def _circle(self, d: Any, seat: int, action: Action) -> None:
        """Double-station gate: the circled station counts twice for this line."""
        line = d.lines[seat][-1]
        self._replace_line(d, seat, Line(line.color, line.stations, line.links, line.ends,
                                         line.mask, line.double_district, action[1]))
        d.queues = _set(d.queues, seat, d.queues[seat][1:])
        d.emit("station_circled", seat, station=action[1])
        self._settle(d, seat)

    @decide("answer", "draw", keep_head=True)
    def _draw_segment(self, d: Any, seat: int, action: Action) -> None:
        """Draw one segment, then queue what it triggers (see `follow_ups`)."""
        _, start, end = action
        queue = d.queues[seat]
        self._draw(d, seat, start, end)
        d.queues = _set(d.queues, seat, self.follow_ups(queue, d.card, d.modules, end))
        self._settle(d, seat)

    def follow_ups(self, queue: tuple, card: int, modules: tuple[str, ...], end: int) -> tuple:
        """A seat's task queue once its head task drew a segment ending at `end` (Cartas
        especiales: visita guiada; Puertas de la ciudad).

        Pure, so the bot predicts exactly what the engine queues. `card`: the card being
        answered; `queue`: the tasks before the segment (its head may be a "start" task).
        """
        task = queue[0]
        if task[0] == "start":
            task = task[2]
        seat = task[-1]
        rest = queue[1:]
        if task[0] == "free_end" and task[1] > 1:
            rest = (("free_end", task[1] - 1, seat), *rest)
        board = self.board
        if (task[0] == "card" and board.cards[card].symbol == JOKER
                and board.stations[end].monument):
            # Guided tour: a segment to a monument, then a second one from it to any station.
            # Our reading: only the card's own segment starts a tour (not the tour's second
            # segment, nor a gate's free segment that happens to reach a monument).
            rest = (("tour", end, seat), *rest)
        if "gates" in modules and end in self.corner_of:
            # A gate landed on during another bonus waits until that bonus is done.
            rest = (*rest, ("gate", end, seat))
        return rest

    def _draw(self, d: Any, seat: int, start: int, end: int) -> None:
        lines = d.lines
        line = lines[seat][-1]
        link = self.link_of[start, end]
        ends = line.ends
        if line.links and start in ends:  # the start was an end: it is now inside the line
            ends = tuple(e for e in ends if e != start)
        drawn = make_line(line.color, (*line.stations, end), (*line.links, link), (*ends, end),
                          line.mask | (1 << end), line.double_district, line.double_station)
        # The tuples rebuilt in place (no helper calls: every answer draws).
        d.lines = (*lines[:seat], (*lines[seat][:-1], drawn), *lines[seat + 1:])
        used, blocked = d.used, d.blocked
        d.used = (*used[:seat], used[seat] | (1 << link), *used[seat + 1:])
        d.blocked = (*blocked[:seat], blocked[seat] | self.block_bits[link], *blocked[seat + 1:])
        # Event() from a data tuple: faster than emit's keywords, and every answer draws.
        d.events.append(Event("segment_drawn", seat, (("start", start), ("end", end),
                                                      ("link", link), ("color", line.color))))

    @staticmethod
    def _replace_line(d: Any, seat: int, line: Line) -> None:
        lines = d.lines[seat]
        d.lines = _set(d.lines, seat, (*lines[:-1], line))

    # -- views and scores ----------------------------------------------------------------------
    def line_scores(self, state: State, seat: int) -> tuple[scoring.LineScore, ...]:
        """Each line of a seat, scored (the current one as drawn so far)."""
        return tuple(scoring.score_line(self.board, line) for line in state.lines[seat])

    def scores(self, state: State) -> tuple[dict[str, int], ...]:
        """Points by category: lines, overpasses, interchanges (+ objectives, gates, solo)."""
        return tuple(self._breakdown(state, seat) for seat in range(state.players))

    def _breakdown(self, s: State, seat: int) -> dict[str, int]:
        board = self.board
        lines = s.lines[seat]
        results = self.line_scores(s, seat)
        out = {
            "lines": sum(r.base for r in results),
            "overpasses": scoring.overpass_points(board, s.used[seat]),
            "interchanges": scoring.interchange_points(board, lines),
        }
        if "objectives" in s.modules:
            out["objectives"] = board.objective_points * sum(
                scoring.objective_met(board, board.objectives[o], lines, s.used[seat])
                for o in s.objectives)
        if "gates" in s.modules:
            out["gates"] = sum(r.points - r.base for r in results)
        if s.players == 1 and s.modules:
            out["solo_modules"] = board.scoring["solo_module"] * len(s.modules)
        return out

    def best_line(self, state: State, seat: int) -> int:
        """A seat's best single line score (the tie-break, Fin de la partida).

        Our reading: the line's score as written on the sheet, city-gate bonuses included.
        """
        return max(r.points for r in self.line_scores(state, seat))

    def winners(self, state: State) -> tuple[int, ...]:
        """Most points; tie: best single line; still tied: shared victory (Fin de la partida)."""
        totals = [sum(b.values()) for b in self.scores(state)]
        tied = [seat for seat, t in enumerate(totals) if t == max(totals)]
        if len(tied) == 1:
            return tuple(tied)
        best = {seat: self.best_line(state, seat) for seat in tied}
        top = max(best.values())
        return tuple(seat for seat in tied if best[seat] == top)

    def tiebreak(self, state: State) -> Note | None:
        """At the end, why tied leaders were separated (best line) or share the victory."""
        if state.phase != OVER or state.players == 1:
            return None
        totals = [sum(b.values()) for b in self.scores(state)]
        winners = self.winners(state)
        return tie_note(totals, winners, K + "tiebreak.line", K + "tiebreak.shared",
                        ("line", self.best_line(state, winners[0])))

    def rating(self, state: State) -> Note | None:
        """Solo only, at the end: the mayor's verdict for the total (Modo solitario)."""
        if state.players != 1 or state.phase != OVER:
            return None
        total = sum(self.scores(state)[0].values())
        return K + "rating." + scoring.rating(self.board, total), (("points", total), ("count", total))

    # -- score explanation for the results screen ----------------------------------------------
    def details(self, state: State) -> tuple[tuple[Detail, ...], ...]:
        """Per seat, the lines behind `scores` (each metro line, overpasses, interchanges...)."""
        return tuple(self._details(state, seat) for seat in range(state.players))

    def _details(self, s: State, seat: int) -> tuple[Detail, ...]:
        board = self.board
        lines = s.lines[seat]
        results = self.line_scores(s, seat)
        out = [Detail("lines", K + "detail.line",
                      (("color", K + "color." + COLORS[line.color]), ("districts", r.districts),
                       ("stations", r.stations), ("monuments", r.monuments),
                       ("each", board.scoring["monument"])), r.base)
               for line, r in zip(lines, results)]
        out.extend(self._overpass_details(s, seat))
        out.extend(self._interchange_details(lines))
        if "objectives" in s.modules:
            for o in s.objectives:
                obj = board.objectives[o]
                ok = scoring.objective_met(board, obj, lines, s.used[seat])
                out.append(Detail("objectives", K + "objective." + obj.id, (),
                                  board.objective_points if ok else 0, ok))
        if "gates" in s.modules:
            extra = [Detail("gates", K + "detail.gate", (("color", K + "color."
                                                          + COLORS[line.color]),),
                            r.points - r.base, True)
                     for line, r in zip(lines, results) if r.points != r.base]
            out.extend(extra or [Detail("gates", K + "detail.no_gates")])
        if s.players == 1 and s.modules:
            out.append(Detail("solo_modules", K + "detail.solo_modules",
                              (("count", len(s.modules)),),
                              board.scoring["solo_module"] * len(s.modules), False))
        return tuple(out)

    def _overpass_details(self, s: State, seat: int) -> tuple[Detail, ...]:
        table = self.board.scoring["overpass"]
        uses = scoring.overpass_uses(self.board, s.used[seat])
        out = tuple(Detail("overpasses", K + f"detail.overpass{n}",
                           (("count", uses.count(n)), ("each", table[n])),
                           uses.count(n) * table[n]) for n in (1, 2) if uses.count(n))
        return out or (Detail("overpasses", K + "detail.no_overpasses"),)

    def _interchange_details(self, lines: tuple[Line, ...]) -> tuple[Detail, ...]:
        table = self.board.scoring["interchange"]
        joined = list(scoring.interchange_counts(lines).values())
        out = tuple(Detail("interchanges", K + "detail.interchanges",
                           (("lines", n), ("count", joined.count(n)), ("each", table[n])),
                           joined.count(n) * table[n]) for n in (2, 3, 4) if joined.count(n))
        return out or (Detail("interchanges", K + "detail.no_interchanges"),)
