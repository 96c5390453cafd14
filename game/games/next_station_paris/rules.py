"""Next Station: Paris rules engine (rulebook: /work/shared/rules/next_station_paris.es.txt).

Data: `board.py` (map, cards, modules, scoring from levels/), state: `state.py`, points:
`scoring.py`.

Flow: with advanced modules, setup draws are chance nodes (2 of the 5 shared objectives, then
the bonus card paired with each corner gate). Each of the 4 rounds, every seat draws one line in
its pencil colour for the round from that colour's departure station. Cards are chance nodes
(the remaining deck as a set); after each revealed card every seat answers at once (one prompt
per seat that can still draw; a seat with no legal segment is skipped). The branch card reveals
the next card at once. The round ends after the 5th Metro card has been answered.

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

import random
from collections.abc import Callable
from itertools import combinations, permutations
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar

from game.engine.core import (
    TERMINAL,
    Action,
    Chance,
    Config,
    Detail,
    Event,
    IllegalAction,
    Note,
    Option,
    Pending,
    Prompt,
    event,
)

from . import scoring
from .board import BRANCH, COLORS, GAME_ID, JOKER, Board, load_board
from .state import DRAW, NONE, OVER, REVEAL, SETUP, Line, State

__all__ = ["Board", "Line", "NextStationParis", "State", "color_of"]

K = GAME_ID + "."  # prefix of every string key
MODULES = ("objectives", "gates")
_DECLINED = {"pass": "passed", "stop": "tour_stopped", "skip": "bonus_skipped"}

_FIELDS = tuple(f for f in State.__slots__ if f != "__weakref__")
_read_fields = attrgetter(*_FIELDS)
# Slot setters: `freeze` fills a fresh State without the frozen __init__'s per-field setattr.
_SETTERS = tuple(State.__dict__[name].__set__ for name in _FIELDS)


class _Draft:
    """A mutable scratch copy of a State: handlers edit it, `freeze` builds the new State.

    `__init__` and `freeze` are generated below from the State's slots (one plain assignment
    or slot setter per field, no loop: they run once per apply).
    """

    __slots__ = _FIELDS

    def __init__(self, s: State) -> None:  # replaced below (same behaviour, unrolled)
        for name, value in zip(_FIELDS, _read_fields(s)):
            setattr(self, name, value)

    def freeze(self) -> State:  # replaced below (same behaviour, unrolled)
        """The new immutable State."""
        state = object.__new__(State)
        for setter, value in zip(_SETTERS, _read_fields(self)):
            setter(state, value)
        return state


def _unroll() -> None:
    """Generate `_Draft.__init__` and `_Draft.freeze` with the per-field loops unrolled."""
    env: dict[str, Any] = {"_new": object.__new__, "_State": State}
    init = ["def __init__(self, s):"] + [f"    self.{name} = s.{name}" for name in _FIELDS]
    freeze = ["def freeze(self):", "    state = _new(_State)"]
    for i, (name, setter) in enumerate(zip(_FIELDS, _SETTERS)):
        env[f"_s{i}"] = setter
        freeze.append(f"    _s{i}(state, self.{name})")
    freeze.append("    return state")
    exec("\n".join(init) + "\n" + "\n".join(freeze), env)  # noqa: S102 - from slot names
    for name in ("__init__", "freeze"):
        env[name].__doc__ = getattr(_Draft, name).__doc__
        env[name].__qualname__ = "_Draft." + name
        setattr(_Draft, name, env[name])


_unroll()


_LINE_SETTERS = tuple(Line.__dict__[name].__set__ for name in Line.__slots__)


def make_line(color: int, stations: tuple[int, ...], links: tuple[int, ...],
              ends: tuple[int, ...], mask: int, double_district: int = NONE,
              double_station: int = NONE) -> Line:
    """A Line without the frozen __init__'s per-field setattr (apply builds many)."""
    line = object.__new__(Line)
    for setter, value in zip(_LINE_SETTERS, (color, stations, links, ends, mask,
                                             double_district, double_station)):
        setter(line, value)
    return line


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


class NextStationParis:
    """The rules of Next Station: Paris for 1-4 players (the engine `Rules` protocol)."""

    game_id = GAME_ID
    min_players = 1
    max_players = 4

    def __init__(self, levels_root: Path | None = None) -> None:
        """Load and validate the level data (levels_root: another levels/ folder, for tests)."""
        self.board = load_board(levels_root)
        b = self.board
        self.rounds = b.scoring["rounds"]
        self.metro_end = b.scoring["metro_cards_per_round"]
        self.all_cards = tuple(range(len(b.cards)))
        self.all_stations = b.accepts[JOKER]
        self.opt_pass = Option(("pass",), None, K + "option.pass")
        self.opt_stop = Option(("stop",), None, K + "option.stop")
        self.opt_skip = Option(("skip",), None, K + "option.skip")
        self._draw_opts: dict[tuple[int, int, str], Option] = {}
        # Prebuilt segment options by [start][end] and "to" options by end (pending builds
        # thousands of prompts per second of playouts).
        n = len(b.stations)
        self.opt_draw = [[None] * n for _ in range(n)]
        for a, adj in enumerate(b.adjacency):
            for _, c in adj:
                self.opt_draw[a][c] = self._draw_option(a, c, "draw")
        self.opt_to = [self._draw_option(NONE, c, "to") for c in range(n)]
        self._chances: dict[tuple[int, ...], Chance] = {}
        self.objective_chance = Chance(
            tuple((("objectives", i, j), 1.0)
                  for i, j in combinations(range(len(b.objectives)), 2)),
            K + "chance.objectives")
        self.gate_chance = Chance(
            tuple((("gates", *p), 1.0) for p in permutations(range(len(b.bonuses)))),
            K + "chance.gates")
        self.corner_of = {st: i for i, st in enumerate(b.gate_corners)}
        self.card_message = (K + "prompt.card", K + "prompt.branch")  # by State.branch
        self.card_params = tuple((("card", K + "card." + c.symbol),) for c in b.cards)
        self.link_of = {(a, c): link for a, adj in enumerate(b.adjacency) for link, c in adj}
        # Per link: the bits a drawn link adds to `blocked` (itself and the links it crosses).
        self.block_bits = tuple((1 << link) | b.conflicts[link] for link in range(len(b.conflicts)))
        # Per station: its links as (link bit, end bit, end) for make_prompt's hot loop.
        self.adjacency_bits = tuple(tuple((1 << link, 1 << c, c) for link, c in adj)
                                    for adj in b.adjacency)

    # -- setup (rulebook: Preparación de la partida, Modo avanzado) ----------------------------
    def initial_state(self, config: Config) -> State:
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
            tasks=((),) * n, prompts=(None,) * n,
        )

    def new_line(self, color: int) -> Line:
        """An empty line at the colour's departure station (Identificar tu estación de partida)."""
        dep = self.board.departures[color]
        return Line(color, (dep,), (), (dep,), 1 << dep)

    # -- pending -------------------------------------------------------------------------------
    def pending(self, state: State) -> Pending:
        """Chance (module draw or next card), TERMINAL, or one prompt per seat still answering."""
        s = state
        phase = s.phase
        if phase == DRAW:
            return tuple(filter(None, s.prompts))  # a Prompt is always truthy
        if phase == REVEAL:
            if s.deck is None:
                raise ValueError("pending() needs the full state, not a view")
            return self._card_chance(s.deck)
        if phase == SETUP:
            if "objectives" in s.modules and not s.objectives:
                return self.objective_chance
            return self.gate_chance
        return TERMINAL

    def _card_chance(self, deck: tuple[int, ...]) -> Chance:
        """The next station card: each remaining card equally likely (memoised per deck)."""
        chance = self._chances.get(deck)
        if chance is None:
            cards = self.board.cards
            chance = Chance(tuple((cards[c].id, 1.0) for c in deck), K + "chance.card")
            self._chances[deck] = chance  # at most 2^11 decks: no bound needed
        return chance

    # -- options -------------------------------------------------------------------------------
    def task_starts(self, s: State, seat: int, task: tuple) -> tuple[tuple[int, ...], int]:
        """Where a task's segment may start and the stations it may end on (bitmask).

        Reglas de construcción: from a line end, on the card's symbol (monuments and the
        platform take any); Cartas especiales: after the branch from any station of the line,
        the joker and the guided tour's second segment to any station; Puertas de la ciudad:
        free entries to any station, from any station (branch) or from the ends (double).
        """
        line = s.lines[seat][-1]
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

    def _draw_option(self, start: int, end: int, kind: str) -> Option:
        key = (start, end, kind)
        opt = self._draw_opts.get(key)
        if opt is None:
            st = self.board.stations
            if kind == "to":
                opt = Option(("to", end), ("station", end), K + "option.draw",
                             (("station", st[end].id),))
            elif kind == "from":
                opt = Option(("draw", start, end), ("station", start), K + "option.from",
                             (("station", st[start].id), ("end", st[end].id)))
            elif kind == "circle":
                opt = Option(("circle", end), ("station", end), K + "option.circle",
                             (("station", st[end].id),))
            else:
                opt = Option(("draw", start, end), ("station", end), K + "option.draw",
                             (("station", st[end].id),))
            self._draw_opts[key] = opt
        return opt

    def make_prompt(self, s: State, seat: int, task: tuple) -> Prompt | None:
        """The prompt for a seat's task, or None when it offers nothing but declining."""
        kind = task[0]
        if kind == "circle":
            # Puertas de la ciudad, doble estación: any station of the line as drawn when the
            # bonus is played (it is instantaneous), except the special ones (departures of
            # any colour, the platform, monuments). Our reading: a corner gate station is an
            # ordinary station, so it may be circled.
            line = s.lines[seat][-1]
            stations = self.board.stations
            opts = [self._draw_option(st, st, "circle") for st in line.stations
                    if not stations[st].special]
            if not opts:
                return None
            return Prompt(seat, "circle", K + "prompt.circle", (*opts, self.opt_skip))
        if kind == "start":
            end, parent = task[1], task[2]
            starts, _ = self.task_starts(s, seat, parent)
            ok = self.segments(s, seat, starts, 1 << end).get(end, [])
            opts = tuple(self._draw_option(a, end, "from") for a in ok)
            return Prompt(seat, "start", K + "prompt.start", opts,
                          (("station", self.board.stations[end].id),))
        starts, accept = self.task_starts(s, seat, task)
        free = accept & ~s.lines[seat][-1].mask  # accepted stations not on the line yet
        blocked = s.blocked[seat]
        adjacency_bits = self.adjacency_bits
        found: dict[int, int] = {}  # end -> its only start, or NONE when there are several
        for start in starts:
            for link_bit, end_bit, end in adjacency_bits[start]:
                if blocked & link_bit or not free & end_bit:
                    continue
                found[end] = NONE if end in found else start
        if not found:
            return None
        opt_draw, opt_to = self.opt_draw, self.opt_to
        opts = [opt_draw[a][end] if a != NONE else opt_to[end] for end, a in found.items()]
        if kind == "card":
            opts.append(self.opt_pass)
            return Prompt(seat, "card", self.card_message[s.branch], tuple(opts),
                          self.card_params[s.card])
        if kind == "tour":
            return Prompt(seat, "tour", K + "prompt.tour", (*opts, self.opt_stop),
                          (("station", self.board.stations[task[1]].id),))
        count = task[1] if kind == "free_end" else 1
        return Prompt(seat, kind, K + "prompt." + kind, (*opts, self.opt_skip),
                      (("count", count),))

    # -- apply ---------------------------------------------------------------------------------
    def apply(self, state: State, player: int | None, action: Action
              ) -> tuple[State, tuple[Event, ...]]:
        """Apply a seat's answer or a chance outcome; never mutates `state`."""
        if state.viewer is not None:
            raise IllegalAction("apply() needs the full state, not a view")
        d = _Draft(state)
        events: list[Event] = []
        if player is None:
            self._apply_chance(d, action, events)
        else:
            self._apply_player(d, player, action, events)
        return d.freeze(), tuple(events)

    def _apply_player(self, d: _Draft, seat: int, action: Action, events: list[Event]) -> None:
        if d.phase != DRAW or not 0 <= seat < d.players or d.prompts[seat] is None:
            raise IllegalAction(f"player {seat} has nothing to decide now")
        prompt = d.prompts[seat]
        for option in prompt.options:
            if option.action == action:
                break
        else:
            raise IllegalAction(f"{action!r} is not a legal choice for {prompt.kind}")
        handler = self._handlers[action[0]]
        handler(self, d, seat, action, events)
        self._settle(d, seat, events)
        if not any(d.tasks):
            self._end_card(d, events)

    def _act_pass(self, d: _Draft, seat: int, action: Action, events: list[Event]) -> None:
        """Decline: ignore the card, stop the guided tour or skip a gate bonus (always optional)."""
        events.append(event(_DECLINED[action[0]], seat))
        d.tasks = _set(d.tasks, seat, d.tasks[seat][1:])

    def _act_to(self, d: _Draft, seat: int, action: Action, events: list[Event]) -> None:
        """An end reachable from several starts: ask which start (target = start station)."""
        queue = d.tasks[seat]
        d.tasks = _set(d.tasks, seat, (("start", action[1], queue[0]), *queue[1:]))

    def _act_circle(self, d: _Draft, seat: int, action: Action, events: list[Event]) -> None:
        """Double-station gate: the circled station counts twice for this line."""
        line = d.lines[seat][-1]
        self._replace_line(d, seat, Line(line.color, line.stations, line.links, line.ends,
                                         line.mask, line.double_district, action[1]))
        d.tasks = _set(d.tasks, seat, d.tasks[seat][1:])
        events.append(event("station_circled", seat, station=action[1]))

    def _act_draw(self, d: _Draft, seat: int, action: Action, events: list[Event]) -> None:
        """Draw one segment, then queue what it triggers (see `follow_ups`)."""
        _, start, end = action
        queue = d.tasks[seat]
        self._draw(d, seat, start, end, events)
        d.tasks = _set(d.tasks, seat, self.follow_ups(queue, d.card, d.modules, end))

    def follow_ups(self, queue: tuple, card: int, modules: tuple[str, ...], end: int) -> tuple:
        """A seat's task queue once its head task drew a segment ending at `end` (Cartas
        especiales: visita guiada; Puertas de la ciudad).

        Pure, so the bot predicts exactly what the engine queues. `card`: the card being
        answered; `queue`: the tasks before the segment (its head may be a "start" task).
        """
        task = queue[0]
        if task[0] == "start":
            task = task[2]
        rest = queue[1:]
        if task[0] == "free_end" and task[1] > 1:
            rest = (("free_end", task[1] - 1), *rest)
        board = self.board
        if (task[0] == "card" and board.cards[card].symbol == JOKER
                and board.stations[end].monument):
            # Guided tour: a segment to a monument, then a second one from it to any station.
            # Our reading: only the card's own segment starts a tour (not the tour's second
            # segment, nor a gate's free segment that happens to reach a monument).
            rest = (("tour", end), *rest)
        if "gates" in modules and end in self.corner_of:
            # A gate landed on during another bonus waits until that bonus is done.
            rest = (*rest, ("gate", end))
        return rest

    _handlers: ClassVar[dict[str, Callable]] = {"pass": _act_pass, "stop": _act_pass, "skip": _act_pass, "to": _act_to,
                 "draw": _act_draw, "circle": _act_circle}

    def _draw(self, d: _Draft, seat: int, start: int, end: int, events: list[Event]) -> None:
        line = d.lines[seat][-1]
        link = self.link_of[start, end]
        ends = line.ends
        if line.links and start in ends:  # the start was an end: it is now inside the line
            ends = tuple(e for e in ends if e != start)
        self._replace_line(d, seat, make_line(
            line.color, (*line.stations, end), (*line.links, link), (*ends, end),
            line.mask | (1 << end), line.double_district, line.double_station))
        used, blocked = d.used, d.blocked
        d.used = (*used[:seat], used[seat] | (1 << link), *used[seat + 1:])
        d.blocked = (*blocked[:seat], blocked[seat] | self.block_bits[link], *blocked[seat + 1:])
        events.append(Event("segment_drawn", seat, (("start", start), ("end", end),
                                                     ("link", link), ("color", line.color))))

    @staticmethod
    def _replace_line(d: _Draft, seat: int, line: Line) -> None:
        lines = d.lines[seat]
        d.lines = _set(d.lines, seat, (*lines[:-1], line))

    def _settle(self, d: _Draft, seat: int, events: list[Event]) -> None:
        """Resolve gates at the head of the queue and cache the seat's next prompt.

        Tasks offering nothing but declining are dropped at once (nobody is asked to pass
        when they cannot draw).
        """
        while True:
            queue = d.tasks[seat]
            if not queue:
                d.prompts = _set(d.prompts, seat, None)
                return
            task = queue[0]
            if task[0] == "gate":
                d.tasks = _set(d.tasks, seat, self._open_gate(d, seat, task[1], events) + queue[1:])
                continue
            prompt = self.make_prompt(d, seat, task)  # a _Draft reads like a State
            if prompt is not None:
                d.prompts = _set(d.prompts, seat, prompt)
                return
            d.tasks = _set(d.tasks, seat, queue[1:])

    def _open_gate(self, d: _Draft, seat: int, corner: int, events: list[Event]) -> tuple:
        """City gate reached: its bonus as new tasks (Puertas de la ciudad)."""
        bonus = self.board.bonuses[d.gates[self.corner_of[corner]]]
        events.append(event("gate_triggered", seat, station=corner, bonus=bonus,
                            name=K + "bonus." + bonus))
        if bonus == "branch_free":
            return (("free_any",),)
        if bonus == "double_free":
            return (("free_end", 2),)
        if bonus == "double_station":
            return (("circle",),)
        # double_district: never worse than not using it, so it applies at once.
        line = d.lines[seat][-1]
        district = self.board.stations[corner].district
        self._replace_line(d, seat, Line(line.color, line.stations, line.links, line.ends,
                                         line.mask, district, line.double_station))
        return ()

    # -- chance --------------------------------------------------------------------------------
    def _apply_chance(self, d: _Draft, outcome: Action, events: list[Event]) -> None:
        phase = d.phase
        if phase == SETUP:
            chance = self.pending(d)  # type: ignore[arg-type]
            if outcome not in {o for o, _ in chance.outcomes}:
                raise IllegalAction(f"{outcome!r} is not a possible setup outcome")
            if outcome[0] == "objectives":
                d.objectives = tuple(outcome[1:])
                events.append(event("objectives_drawn", None, objectives=tuple(
                    self.board.objectives[i].id for i in d.objectives)))
            else:
                d.gates = tuple(outcome[1:])
                events.append(event("gates_dealt", None, gates=tuple(
                    (self.board.stations[c].id, self.board.bonuses[g])
                    for c, g in zip(self.board.gate_corners, d.gates))))
            if ("objectives" in d.modules) <= bool(d.objectives) and (
                    ("gates" in d.modules) <= bool(d.gates)):
                d.phase = REVEAL
            return
        if phase != REVEAL:
            raise IllegalAction("no chance outcome is expected now")
        index = self.board.card_index.get(outcome) if isinstance(outcome, str) else None
        if index is None or index not in d.deck:
            raise IllegalAction(f"{outcome!r} is not in the deck")
        self._reveal(d, index, events)

    def _reveal(self, d: _Draft, index: int, events: list[Event]) -> None:
        """Reveal a card: the branch card reveals the next at once; others start a turn
        (Construir tu Línea de Metro; Cartas especiales: bifurcación)."""
        card = self.board.cards[index]
        d.deck = tuple(c for c in d.deck if c != index)
        d.revealed = (*d.revealed, index)
        d.metros += card.metro
        events.append(event("card_revealed", None, card=card.id, symbol=card.symbol,
                            name=K + "card." + card.symbol, metro=card.metro,
                            metros=d.metros))
        if card.symbol == BRANCH:
            d.branch = True
            return
        d.card = index
        d.phase = DRAW
        d.tasks = ((("card",),),) * d.players
        for seat in range(d.players):
            self._settle(d, seat, events)
        if not any(d.tasks):
            self._end_card(d, events)

    def _end_card(self, d: _Draft, events: list[Event]) -> None:
        """Everyone answered: next card, or the round ends after the 5th Metro card
        (Construir tu Línea de Metro, Puntuar, Prepararte para la siguiente línea, Fin de la
        partida)."""
        d.card = NONE
        d.branch = False
        d.phase = REVEAL
        if d.metros < self.metro_end:
            return
        for seat in range(d.players):
            result = scoring.score_line(self.board, d.lines[seat][-1])
            events.append(event("line_scored", seat, color=d.colors[seat], points=result.points))
        d.round += 1
        if d.round >= self.rounds:
            d.phase = OVER
            events.append(event("game_over"))
            return
        d.colors = tuple(color_of(d.players, seat, d.round) for seat in range(d.players))
        d.lines = tuple((*lines, self.new_line(c)) for lines, c in zip(d.lines, d.colors))
        d.deck = self.all_cards
        d.revealed = ()
        d.metros = 0
        events.append(event("round_started", None, round=d.round, number=d.round + 1,
                            colors=d.colors))

    # -- views and scores ----------------------------------------------------------------------
    def view(self, state: State, player: int | None) -> State:
        """Everything but the remaining deck (its content follows from `revealed` anyway)."""
        d = _Draft(state)
        d.deck = None
        d.viewer = -1 if player is None else player
        return d.freeze()

    def randomize_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """The state with the deck re-dealt (for the conformance view check): the deck is the
        only hidden part, and a view must not change with it."""
        if state.deck is None:
            return state
        d = _Draft(state)
        d.deck = tuple(sorted(rng.sample(self.all_cards, len(state.deck))))
        return d.freeze()

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
        tied = tuple(seat for seat, t in enumerate(totals) if t == max(totals))
        if len(tied) == 1:
            return None
        winners = self.winners(state)
        params = (("points", max(totals)), ("line", self.best_line(state, winners[0])))
        if len(winners) == 1:
            return K + "tiebreak.line", (("player", winners[0]), ("players", tied), *params)
        return K + "tiebreak.shared", (("players", winners), *params)

    def rating(self, state: State) -> Note | None:
        """Solo only, at the end: the mayor's verdict for the total (Modo solitario)."""
        if state.players != 1 or state.phase != OVER:
            return None
        total = sum(self.scores(state)[0].values())
        return K + "rating." + scoring.rating(self.board, total), (("points", total),)

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
                       ("stations", r.stations), ("monuments", r.monuments)), r.base)
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
