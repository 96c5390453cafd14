"""French Quarter rules engine (rulebook: /work/shared/rules/french_quarter.es.txt).

Data: `board.py` (levels/french_quarter), state: `state.py`, sheet questions: `sheet.py`,
final scoring: `scoring.py`.

Flow, written on the engine turn kit (game.engine.flow: every step a task on the stack, its
handler declared with @ask/@run/@decide/@resolve; `refill` starts the next phase): setup chance
(Second Line start die 1-6, Vacation cards with Tourism, first player); each round a planning
chance phase (one card per deck in play, the Mayor card with the variant, every die of the pool
in pool order, faces 1-6); then the movement phase: in turn order every seat answers `pick` (a
die), and its turn runs as a stack of tasks (card icons, `move`, building icons, mapping,
Cultura B), each decision a small prompt; then the Second Line phase (`direction` prompts,
scoring) and maintenance. Solo (1 player): Mayor Carly takes dice automatically by her card's
priority (Modo solitario).

Actions: ("die", deck, value); ("card", deck) Cultura C; ("building", id) moves and bonus
mappings; ("boost", 1|2) Cultura A; ("map", value|"W") which value to write; ("meter", activity)
wilds; ("bonus", activity)/("mult", activity) circle choices; ("artist", type); ("start",
intersection) personal Second Line; ("direction", "n"|"s"|"e"|"w"); None declines an optional
step.

Targets (where the scene draws each option; every choice of one prompt has its own): most
actions are their own target; a wild targets its meter's next box ("meter", activity, box); a
personal start its ("intersection", x, y); a value to write ("value", value|"W") (chips beside
the building being mapped); a circle choice ("circle", activity, "bonus"|"mult") (chips beside
the meter); a boost ("boost", 1|2) (chips beside the tourist). Declining (None) has no target:
the shell shows it as a bottom-bar button.

Chance outcomes are ints: die faces 1-6, card indices within the deck being revealed,
Mayor/Vacation card indices, seats.

Where the rulebook is silent or terse, our reading (each also noted next to its code):
- a Second Line with no legal stretch stays put and still scores that round;
- the personal Second Line never reuses its own stretches but may run along the public one
  (Recordatorios: both "pueden avanzar en paralelo"); advancing it is optional ("podrás"); it
  starts at any numbered start but the public one, or at a further start point
  (levels: personal_starts); owners choose after the public line moves, from the first player;
- Cultura A with Streetcar/Boat: the first move goes "de la manera habitual" (Recordatorios),
  so to a building of the street other than the current one; the 1-2 extra spaces may pass
  through and end anywhere but the start; closed streets may be crossed, not visited;
- Cultura A is offered with every move and never forced; when only a boost could move the
  tourist, declining it is the Mayor variant's "no move: an umbrella"; on a distance move it
  raises the maximum only (a boosted Walk goes 1-4 spaces);
- Cultura B may write a W instead of the die value (Compras A/C: "cuando mapees un
  edificio"); Fiesta C's police value skips it along with the mapping ("sáltate la acción de
  mapear"), as does the Mayor variant's no-move turn;
- Fiesta C's police value skips only the turn's own mapping action: a bonus mapping earned
  in that turn (Comida A/C, artist meter) still happens;
- a "W" replaces the die only by choice: when the die value fits, mapping is still mandatory;
  when it does not, the player may decline the W and take the umbrella;
- bonus mappings (Comida A/C, artist meter) write a value of the player's choice 1-6 or a W
  (Comida A/C say so; for the artist meter, "funcionan como una acción normal de mapear" is
  read as: adjacency and W apply, since an artist may come outside one's turn with no die).
  They are mandatory when possible, give nothing when impossible (the umbrella is for the
  visited building only), ignore closed streets (Variante Alcalde, aclaraciones) and never
  trigger Cultura B ("el mismo valor del dado": there is none);
- Misticismo A/C offer only artist types with an empty box left (a full type gives nothing);
- Second Line row umbrellas resolve once every sheet has scored, seat by seat from the first
  player ("una vez hayas terminado de puntuar");
- a Fiesta A crossed circle is still marked when reached, with neither bonus nor multiplier;
- a circle showing both icons gives the one still available when the other is used up;
- Fiesta C unlocked outside one's own turn (Second Line umbrellas) sends the tourist to the
  Police Station during maintenance;
- Vacation cards score "al final de la partida" only (they are secret until then); a W breaks
  "all equal" and "all different" conditions (it is no number).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

from game.engine.core import Action, Chance, Config, Detail, Note, Option, Pending, Prompt, tie_note
from game.engine.flow import TurnRules, ask, decide, resolve, run

from . import scoring
from .board import (
    ACTIVITIES,
    ARTISTS,
    CULTURE,
    DECKS,
    DIRECTIONS,
    GAME_ID,
    Board,
    load_board,
)
from .sheet import (
    artist_free,
    can_boost,
    can_map,
    can_swap,
    double_umbrellas,
    has_personal_line,
    legal_values,
    maps_adjacent,
    no_artists,
    slow_walk,
    small_gives_wild,
    w_left,
)
from .state import (
    CARLY,
    HIDDEN,
    LINE,
    MOVE,
    NOBODY,
    OVER,
    PLAN,
    SETUP,
    Draft,
    Sheet,
    State,
    W,
)

__all__ = ["Board", "FrenchQuarter", "State"]

K = GAME_ID + "."
METER_TOP = 14  # boxes of an activity meter: a meter at 14 is full
CARDS_PER_DECK = 8  # the cards of each movement deck
DIE_FACES = Chance(tuple((v, 1.0) for v in range(1, 7)), K + "chance.die")


class FrenchQuarter(TurnRules):
    """The rules of French Quarter for 1-4 players on the engine turn kit (game.engine.flow).

    Config options: "mayor" (bool, Variante Alcalde; forced on in solo), "tourism" (bool,
    Expansión Turismo).
    """

    game_id = GAME_ID
    min_players = 1
    max_players = 4
    Draft = Draft

    def __init__(self, levels_root: Path | None = None) -> None:
        """Load and validate the level data (levels_root: another levels/ folder, for tests)."""
        self.board = load_board(levels_root)
        b = self.board
        self._bid = {x.id: x.index for x in b.buildings}
        self._decatur = b.street_index("decatur")
        self._near = _distance_bands(b)
        # Prebuilt options (immutable, so a prompt only assembles tuples of them).
        self._move_opts = tuple(
            Option(("building", x.id), ("building", x.id), K + "option.move",
                   (("building", x.name),)) for x in b.buildings)
        self._bmap_opts = tuple(
            Option(("building", x.id), ("building", x.id), K + "option.bmap",
                   (("building", x.name),)) for x in b.buildings)
        self._die_opts = {(d, v): Option(("die", d, v), ("die", d, v), K + "option.die." + d,
                                         (("value", v),)) for d in DECKS for v in range(1, 7)}
        self._build_fixed_options()
        # The move options of the common cases, in `destinations` order: a distance band, or
        # a Streetcar/Boat move without a boost, from each building.
        self._band_opts = {key: tuple(self._move_opts[x] for x in dests)
                           for key, dests in self._near.items()}
        # Per seat, the tasks a turn starts with (per deck, per card: its icons, then the
        # movement, building, mapping and end-of-turn actions) and a visit pushes (per
        # building: its icons); built once, a turn only looks them up.
        self._turn_tasks = tuple(
            tuple(tuple((*(self._icon_task(seat, icon) for icon in card), ("move", seat, 0),
                         ("visit", seat), ("map", seat), ("xmap", seat), ("end_turn", seat))
                        for card in b.decks[deck]) for deck in DECKS)
            for seat in range(self.max_players))
        self._visit_tasks = tuple(tuple(tuple(self._icon_task(seat, icon) for icon in x.icons)
                                        for x in b.buildings)
                                  for seat in range(self.max_players))
        # Per Second Line segment, the buildings with a side along it.
        self._seg_buildings = tuple(tuple(x.index for x in b.buildings if seg in x.sides)
                                    for seg in range(len(b.segments)))
        self._street_pools = tuple(tuple(sorted(pool)) for pool in b.on_street)
        self._all_buildings = tuple(range(len(b.buildings)))
        self._line_opts = {mv: tuple(tuple(self._move_opts[x] for x in sorted(reach - {pos}))
                                     for pos in range(len(b.buildings)))
                           for mv, reach in (("streetcar", b.streetcar), ("boat", b.boat))}
        # Per deck, per set of cards left (always in index order): the reveal's chance node.
        self._reveal_chances = tuple(
            {left: Chance(tuple((c, 1.0) for c in left), K + "chance." + deck)
             for size in range(1, CARDS_PER_DECK + 1)
             for left in combinations(range(CARDS_PER_DECK), size)}
            for deck in DECKS)

    def _build_fixed_options(self) -> None:
        """The options that depend on nothing but their arguments, built once: prompts asked in
        every playout step only pick them (Options are immutable)."""
        map_value = tuple(Option(("map", v), ("value", v), K + "option.map", (("value", v),))
                          for v in range(7))  # index = the value; 0 is never offered
        self._map_opts = map_value
        self._map_w_opt = Option(("map", "W"), ("value", "W"), K + "option.map_w")
        self._no_map_opt = Option(None, None, K + "option.no_map")
        self._no_move_opt = Option(None, None, K + "option.no_move")
        self._boost_opts = tuple(Option(("boost", k), ("boost", k), K + "option.boost",
                                        (("count", k),)) for k in (1, 2))
        self._skip_opt = Option(None, None, K + "option.skip")
        self._keep_card_opt = Option(None, None, K + "option.keep_card")
        self._card_opts = {d: Option(("card", d), ("card", d), K + "option.card." + d)
                           for d in DECKS}
        self._wild_opts = tuple(tuple(Option(("meter", a), ("meter", a, box),
                                             K + "option.meter." + a) for box in range(METER_TOP))
                                for a in ACTIVITIES)
        self._circle_opts = {a: (
            Option(("bonus", a), ("circle", a, "bonus"), K + "option.circle_bonus"),
            Option(("mult", a), ("circle", a, "mult"), K + "option.circle_mult"))
            for a in ACTIVITIES}
        self._artist_opts = tuple(Option(("artist", a), ("artist", a), K + "option.artist." + a)
                                  for a in ARTISTS)
        self._direction_opts = {d: Option(("direction", d), ("direction", d),
                                          K + "option.direction." + d) for d in DIRECTIONS}

    # -- setup and the round (rulebook: Preparación, Ronda) -----------------------------------
    def setup(self, config: Config) -> State:
        """Every sheet blank, tourists on Hotel Ama House; the setup chance is on the stack."""
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{GAME_ID}: {n} players (allowed 1-4)")
        b = self.board
        nb = len(b.buildings)
        sheet = Sheet(pos=b.start, mapped=(0,) * nb, meters=(0,) * 5, mults=(0,) * 5,
                      bonuses=(0,) * 5, crossed=(), umbrellas=0, line=0, top=0, bottom=0, art=0,
                      boost_used=False, swap_used=False, w_used=0, police=0, p_head=-1,
                      p_segs=frozenset(), courtyards=(), riverwalk=0, vacation=-1)
        tourism = bool(config.option("tourism", False))
        tasks = (("line_start", NOBODY),
                 *(("vacation", NOBODY, seat) for seat in range(n) if tourism),
                 *((("first", NOBODY),) if n > 1 else ()))
        return State(
            players=n, mayor=n == 1 or bool(config.option("mayor", False)), tourism=tourism,
            phase=SETUP, round=1, first=-1,
            decks=tuple(() if self._deck_out(d, n) else tuple(range(CARDS_PER_DECK))
                        for d in DECKS),
            cards=(-1,) * len(DECKS), mayor_deck=tuple(range(len(b.mayor))), mayor_card=-1,
            dice=tuple((d, 0, NOBODY) for d in b.dice[n]), social=NOBODY,
            line_start=-1, line_head=-1, line_segs=frozenset(),
            vac_pool=tuple(range(len(b.vacations))) if tourism else (),
            tasks=tasks, turn=NOBODY, die=("", 0), card_deck="",
            sheets=tuple(sheet.copy() for _ in range(n)),
        )

    @staticmethod
    def _deck_out(deck: str, players: int) -> bool:
        """The Taxi deck goes back to the box with 2 players and in solo (Preparación 1)."""
        return deck == "taxi" and players <= 2

    def is_over(self, state: State) -> bool:
        """True once the eighth round's maintenance is done."""
        return state.phase == OVER

    def refill(self, d: Draft) -> None:
        """The phase whose tasks are done hands over to the next one."""
        if d.phase == PLAN:
            self._movement_phase(d)
        elif d.phase == MOVE:
            self._line_phase(d)
        else:  # setup done, or a round's maintenance
            d.first = max(d.first, 0)  # solo draws no first player: seat 0 holds the marker
            self._planning_phase(d)

    def _planning_phase(self, d: Draft) -> None:
        """Fase de planificación: one card per deck in play, the Mayor card, every die."""
        d.phase = PLAN
        d.cards = (-1,) * len(DECKS)
        d.mayor_card = -1
        d.dice = tuple((deck, 0, NOBODY) for deck, _, _ in d.dice)
        d.push(*(("reveal", NOBODY, i) for i, left in enumerate(d.decks) if left),
               *((("mayor", NOBODY),) if d.mayor else ()),
               *(("roll", NOBODY, i) for i in range(len(d.dice))))

    def _movement_phase(self, d: Draft) -> None:
        """Fase de movimiento: every pick of the round in order (Mayor Carly's are automatic)."""
        d.phase = MOVE
        d.push(*(("carly", CARLY) if seat == CARLY else ("pick", seat)
                 for seat in self._pick_order(d)))

    def _pick_order(self, d: Draft) -> tuple[int, ...]:
        """From the first player clockwise, 2 picks each (solo: A,B,A,B by the card's car)."""
        if d.players == 1:
            car = self.board.mayor[d.mayor_card].car if d.mayor_card >= 0 else False
            pair = (CARLY, 0) if car else (0, CARLY)
            return pair * self.board.picks
        seats = tuple((d.first + i) % d.players for i in range(d.players))
        return seats * self.board.picks

    def _line_phase(self, d: Draft) -> None:
        """The Second Line advances and scores if anyone took Socialize; then maintenance."""
        d.phase = LINE
        end = (("late_police", NOBODY), ("maintenance", NOBODY))
        if d.social == NOBODY:  # nobody took Socialize: straight to maintenance
            d.push(*end)
            return
        # Solo: the player always steers the Second Line (Modo solitario).
        chooser = 0 if d.social == CARLY else d.social
        d.push(("line_dir", chooser), ("personal_dirs", NOBODY), ("line_score", NOBODY), *end)

    # -- chance (setup, planning, the police value) -------------------------------------------
    @ask("line_start")
    @ask("roll")
    @ask("police_roll")
    def _die_roll(self, s: State, task: tuple) -> Chance:
        return DIE_FACES

    @ask("vacation")
    def _vacation_deal(self, s: State, task: tuple) -> Chance:
        return Chance(tuple((v, 1.0) for v in s.vac_pool), K + "chance.vacation")

    @ask("first")
    def _first_draw(self, s: State, task: tuple) -> Chance:
        return Chance(tuple((p, 1.0) for p in range(s.players)), K + "chance.first")

    @ask("reveal")
    def _card_reveal(self, s: State, task: tuple) -> Chance:
        return self._reveal_chances[task[2]][s.decks[task[2]]]

    @ask("mayor")
    def _mayor_reveal(self, s: State, task: tuple) -> Chance:
        return Chance(tuple((c, 1.0) for c in s.mayor_deck), K + "chance.mayor")

    @resolve("line_start")
    def _line_started(self, d: Draft, outcome: int) -> None:
        p = self.board.line_starts[outcome - 1]
        d.line_start = d.line_head = p
        d.emit("line_start", None, die=outcome, intersection=p)

    @resolve("vacation")
    def _vacation_dealt(self, d: Draft, outcome: int) -> None:
        seat = d.task[2]
        d.sh(seat).vacation = outcome
        d.vac_pool = tuple(v for v in d.vac_pool if v != outcome)
        d.emit("vacation_dealt", seat)

    @resolve("first")
    def _first_drawn(self, d: Draft, outcome: int) -> None:
        d.first = outcome
        d.emit("first_player", outcome)

    @resolve("reveal")
    def _card_revealed(self, d: Draft, outcome: int) -> None:
        i = d.task[2]
        d.cards = _set(d.cards, i, outcome)
        d.decks = _set(d.decks, i, tuple([c for c in d.decks[i] if c != outcome]))
        d.emit("card_revealed", None, deck=DECKS[i], icons=self.board.decks[DECKS[i]][outcome])

    @resolve("mayor")
    def _mayor_revealed(self, d: Draft, outcome: int) -> None:
        d.mayor_card = outcome
        d.mayor_deck = tuple(c for c in d.mayor_deck if c != outcome)
        street = self.board.mayor[outcome].street
        d.emit("mayor_card", None, card=outcome,
               street=self.board.streets[street].name if street >= 0 else "")

    @resolve("roll")
    def _die_rolled(self, d: Draft, outcome: int) -> None:
        i = d.task[2]
        deck, _, taker = d.dice[i]
        d.dice = _set(d.dice, i, (deck, outcome, taker))
        d.emit("die_rolled", None, deck=deck, value=outcome)

    @resolve("police_roll")
    def _police_rolled(self, d: Draft, outcome: int) -> None:
        """Fiesta C: the rolled value is the one that skips mapping from now on."""
        seat = d.task[1]
        d.sh(seat).police = outcome
        d.emit("police_value", seat, value=outcome)

    # -- prompts ------------------------------------------------------------------------------
    @staticmethod
    def _prompt(task: tuple, options: tuple[Option, ...],
                params: tuple[tuple[str, Any], ...] = ()) -> tuple[Prompt, ...]:
        """The task's seat chooses among `options`; nothing to ask (skipped) without any."""
        if not options:
            return ()
        kind = task[0]
        return (Prompt(task[1], kind, K + "prompt." + kind, options, params),)

    def _map_params(self, s: State, b: int) -> tuple[tuple[str, Any], ...]:
        return (("building", self.board.buildings[b].name), ("value", s.die[1]))

    # -- a turn: the die, the card, the move (Fase de movimiento) -----------------------------
    @ask("pick")
    def _ask_pick(self, s: State, task: tuple) -> Pending:
        # Each free (deck, value) once, in pool order (a dict keeps the first one seen).
        free = dict.fromkeys([(deck, value) for deck, value, taker in s.dice if taker == NOBODY])
        return self._prompt(task, tuple(map(self._die_opts.__getitem__, free)))

    @decide("pick")
    def _picked(self, d: Draft, seat: int, action: Action) -> None:
        """Pick a die: its card and movement (and value) drive this turn."""
        _, deck, value = action
        for i, (dk, v, taker) in enumerate(d.dice):
            if dk == deck and v == value and taker == NOBODY:
                d.dice = _set(d.dice, i, (dk, v, seat))
                break
        if deck == "socialize":
            d.social = seat
        d.turn, d.die, d.card_deck = seat, (deck, value), deck
        d.emit("die_taken", seat, deck=deck, value=value)
        if can_swap(d.sheets[seat]):
            d.push(("swap", seat), ("turn", seat))
        else:
            d.push(("turn", seat))

    @run("carly")
    def _carly_pick(self, d: Draft, task: tuple) -> None:
        """Mayor Carly takes the die of the first deck on her card's priority list still free."""
        for deck in self.board.mayor[d.mayor_card].priority:
            for i, (dk, v, taker) in enumerate(d.dice):
                if dk == deck and taker == NOBODY:
                    d.dice = _set(d.dice, i, (dk, v, CARLY))
                    if deck == "socialize":
                        d.social = CARLY
                    d.emit("carly_took", None, deck=deck, value=v)
                    return

    @ask("swap")
    def _ask_swap(self, s: State, task: tuple) -> Pending:
        out = [self._keep_card_opt]
        for i, d in enumerate(DECKS):
            if d != s.die[0] and s.cards[i] >= 0:
                out.append(self._card_opts[d])
        return self._prompt(task, tuple(out))

    @decide("swap", "card")
    def _swapped(self, d: Draft, seat: int, action: Action) -> None:
        """Cultura C: use another revealed card's icons and movement (one use)."""
        d.card_deck = action[1]
        d.sh(seat).swap_used = True
        d.emit("card_swapped", seat, deck=action[1])

    @run("turn")
    def _turn(self, d: Draft, task: tuple) -> None:
        """The 4 actions in order: card icons, movement, building, mapping (+ Cultura B)."""
        deck = DECKS.index(d.card_deck)
        d.tasks = self._turn_tasks[task[1]][deck][d.cards[deck]] + d.tasks

    @staticmethod
    def _icon_task(seat: int, icon: str) -> tuple:
        if icon == "umbrella":
            return ("umb", seat, 1)
        if icon == "wild":
            return ("wild", seat)
        if icon in ACTIVITIES:
            return ("act", seat, ACTIVITIES.index(icon))
        return ("artist", seat, ARTISTS.index(icon))

    @ask("move")
    def _ask_move(self, s: State, task: tuple) -> Pending:
        seat, boost = task[1], task[2]
        out = self._move_options(s, seat, boost)
        if boost == 0 and can_boost(s.sheets[seat]):
            # No move but a boosted one: declining is offered, the bonus is never forced (ours).
            out = (*(out or (self._no_move_opt,)), *self._boost_opts)
        return self._prompt(task, out)

    def _move_options(self, s: State, seat: int, boost: int) -> tuple[Option, ...]:
        """The options of `destinations`, from the prebuilt tables when no street is closed."""
        if self.closed_street(s) >= 0:
            return tuple(self._move_opts[x] for x in self.destinations(s, seat, boost))
        sh = s.sheets[seat]
        band = self._band(s, sh)
        if band is not None:
            return self._band_opts[sh.pos, band[0], band[1] + boost]
        if boost == 0:
            return self._line_opts[self.board.movement[s.card_deck]][sh.pos]
        return tuple(self._move_opts[x] for x in self.destinations(s, seat, boost))

    def _band(self, s: State, sh: Sheet) -> tuple[int, int] | None:
        """The spaces (lo, hi) of this turn's distance move; None for a Streetcar/Boat."""
        mv = self.board.movement[s.card_deck]
        if not isinstance(mv, tuple):
            return None
        if s.card_deck == "walk" and slow_walk(sh):
            return 1, 1  # Fiesta B: Walk moves only 1 space (a Cultura A boost still adds)
        return mv

    def destinations(self, s: State, seat: int, boost: int = 0) -> list[int]:
        """Buildings the tourist may move to with this turn's card (Acción de movimiento)."""
        b = self.board
        sh = s.sheets[seat]
        pos = sh.pos
        band = self._band(s, sh)
        if band is not None:
            dests = list(self._near[pos, band[0], band[1] + boost])
        else:
            base = b.streetcar if b.movement[s.card_deck] == "streetcar" else b.boat
            if boost == 0:
                dests = sorted(base - {pos})
            else:
                # Recordatorios: first move to a building of the street (never staying put),
                # then 1-2 extra spaces, even off that street; the end must not be the start.
                reach: set[int] = set()
                for x in base - {pos}:
                    reach.update(self._near[x, 1, boost])
                dests = sorted(reach - {pos})
        closed = self.closed_street(s)
        if closed >= 0:  # Variante Alcalde: no visiting a closed street (moving through is fine)
            dests = [x for x in dests if x not in b.on_street[closed]]
        return dests

    def closed_street(self, s: State) -> int:
        """The street closed this round by the Mayor card, -1 for none."""
        if s.mayor_card < 0:
            return -1
        return self.board.mayor[s.mayor_card].street

    @decide("move")
    def _moved(self, d: Draft, seat: int, action: Action) -> None:
        """Move the tourist (None: the no-move option when only a boost could move)."""
        if action is None:
            self._no_move(d, seat)
            return
        sh = d.sh(seat)
        sh.pos = self._bid[action[1]]
        if d.task[2]:
            sh.boost_used = True
        d.emit("moved", seat, building=action[1])

    @decide("move", "boost")
    def _boosted(self, d: Draft, seat: int, action: Action) -> None:
        """Cultura A: the move is asked again, with 1 or 2 more spaces."""
        d.push(("move", seat, action[1]))

    def skipped(self, d: Draft, task: tuple) -> None:
        """A decision with no legal option does nothing, but for a move (`_no_move`).

        Others: a full meter, no free artist, no mappable building for a bonus, a Second Line
        with nowhere to go (our decision: it stays, and still scores).
        """
        if task[0] == "move":
            self._no_move(d, task[1])

    def _no_move(self, d: Draft, seat: int) -> None:
        """Variante Alcalde, aclaraciones: no legal move skips move, building and mapping
        actions for one umbrella. (Outside the Mayor variant a move always exists.)"""
        while d.tasks and d.tasks[0][0] in ("visit", "map", "xmap") and d.tasks[0][1] == seat:
            d.tasks = d.tasks[1:]
        d.emit("no_move", seat)
        d.push(("umb", seat, 1))

    @run("visit")
    def _visit(self, d: Draft, task: tuple) -> None:
        """Acción de edificio: the building's icons in order; courtyards and Riverwalk marks."""
        seat = task[1]
        sh = d.sh(seat)
        b = self.board.buildings[sh.pos]
        if b.special == "courtyard" and b.index not in sh.courtyards:
            sh.courtyards = tuple(sorted((*sh.courtyards, b.index)))
        elif b.special == "riverwalk" and sh.riverwalk < self.board.riverwalk_visits:
            sh.riverwalk += 1
        d.tasks = self._visit_tasks[seat][b.index] + d.tasks

    @run("end_turn")
    def _end_turn(self, d: Draft, task: tuple) -> None:
        """End of turn: Fiesta C sends the tourist to the Police Station and rolls its value."""
        d.turn = NOBODY
        self._police(d, task[1])

    def _police(self, d: Draft, seat: int) -> None:
        if d.sheets[seat].police == -1:
            sh = d.sh(seat)
            sh.pos = self.board.police
            d.emit("police", seat)
            d.push(("police_roll", seat))
            sh.police = -2  # rolled next; -2 keeps it from being placed twice

    # -- mapping (Acción de mapear, Cultura B, bonus mappings) --------------------------------
    @run("map")
    def _map(self, d: Draft, task: tuple) -> None:
        """Acción de mapear: write the die value if it fits, else an umbrella."""
        seat = task[1]
        sh = d.sh(seat)
        v = d.die[1]
        if sh.police > 0 and v == sh.police:
            # Fiesta C: a die showing the police value skips the mapping action (and with it
            # Cultura B's extra mapping, our decision) for an umbrella.
            if d.tasks and d.tasks[0][:2] == ("xmap", seat):
                d.tasks = d.tasks[1:]
            d.push(("umb", seat, 1))
            return
        b = sh.pos
        if sh.mapped[b]:
            d.push(("umb", seat, 1))
        elif w_left(sh) > 0:
            d.push(("mapw", seat, b, True))  # True: declining takes the umbrella
        elif can_map(self.board, sh, b, v):
            self._write(d, seat, b, v)
        else:
            d.push(("umb", seat, 1))

    def _write(self, d: Draft, seat: int, b: int, value: int) -> None:
        """Write a value (or W) on a building; Comida B: a small building gives a wild."""
        sh = d.sh(seat)
        sh.mapped = _set(sh.mapped, b, value)
        if value == W:
            sh.w_used += 1
        d.emit("mapped", seat, building=self.board.buildings[b].id,
               value="W" if value == W else value)
        if self.board.buildings[b].small and small_gives_wild(sh):
            d.push(("wild", seat))

    @ask("mapw")
    def _ask_mapw(self, s: State, task: tuple) -> Pending:
        """Which value to write with a W left: the die's (if it fits), the W, or (turn mapping
        only, when the die does not fit) nothing and the umbrella."""
        seat, b = task[1], task[2]
        v = s.die[1]
        out = []
        if can_map(self.board, s.sheets[seat], b, v):
            out.append(self._map_opts[v])
        elif task[3]:  # the W is optional: without it the mapping fails and gives an umbrella
            out.append(self._no_map_opt)
        out.append(self._map_w_opt)
        return self._prompt(task, tuple(out), self._map_params(s, b))

    @decide("mapw")
    def _mapped_w(self, d: Draft, seat: int, action: Action) -> None:
        if action is None:
            d.push(("umb", seat, 1))
            return
        self._write(d, seat, d.task[2], W if action[1] == "W" else action[1])

    @ask("xmap")
    def _ask_xmap(self, s: State, task: tuple) -> Pending:
        """Cultura B: the unmapped neighbours the die value (or a W) fits, or skipping."""
        sh = s.sheets[task[1]]
        if not maps_adjacent(sh):
            return ()
        v = s.die[1]
        blds = self.board.buildings
        w = w_left(sh) > 0  # Compras A/C: a W may replace the die value in any mapping
        fits = {n: can_map(self.board, sh, n, v) for n in self.board.adjacency[sh.pos]
                if not sh.mapped[n]}
        out = [Option(("building", blds[n].id), ("building", blds[n].id), K + "option.xmap",
                      (("building", blds[n].name), ("value", v if ok else "W")))
               for n, ok in fits.items() if ok or w]
        return self._prompt(task, (*out, self._skip_opt) if out else ())

    @decide("xmap", "building")
    def _xmapped(self, d: Draft, seat: int, action: Action) -> None:
        """Cultura B: map one adjacent building with the same die value (optional).

        With a W left (Compras A/C: "cuando mapees un edificio") the W may replace the value:
        the chosen building was offered because one of them fits, so there is no declining.
        """
        b = self._bid[action[1]]
        if w_left(d.sheets[seat]) > 0:
            d.push(("mapw", seat, b, False))
        else:
            self._write(d, seat, b, d.die[1])

    @decide("swap")
    @decide("xmap")
    @decide("pdir")
    def _declined(self, d: Draft, seat: int, action: Action) -> None:
        """An optional step declined (None): nothing happens."""

    @ask("bmap")
    def _ask_bmap(self, s: State, task: tuple) -> Pending:
        """A bonus mapping's building: unmapped, on the street if any, some value fitting."""
        street = task[2]
        sh = s.sheets[task[1]]
        b = self.board
        pool = self._street_pools[street] if street >= 0 else self._all_buildings
        w = w_left(sh) > 0
        options = tuple(self._bmap_opts[x] for x in pool
                        if not sh.mapped[x] and (w or legal_values(b, sh, x)))
        return self._prompt(task, options,
                            (("street", b.streets[street].name if street >= 0 else ""),))

    @decide("bmap")
    def _bmap_building(self, d: Draft, seat: int, action: Action) -> None:
        d.push(("bval", seat, self._bid[action[1]]))

    @ask("bval")
    def _ask_bval(self, s: State, task: tuple) -> Pending:
        """A bonus mapping's value: any that fits (1-6), or a W while one is left."""
        x = task[2]
        sh = s.sheets[task[1]]
        out = [self._map_opts[v] for v in legal_values(self.board, sh, x)]
        if w_left(sh) > 0:
            out.append(self._map_w_opt)
        return self._prompt(task, tuple(out), self._map_params(s, x))

    @decide("bval")
    def _bval_written(self, d: Draft, seat: int, action: Action) -> None:
        self._write(d, seat, d.task[2], W if action[1] == "W" else action[1])

    # -- icons: umbrellas, activities, bonuses, artists ---------------------------------------
    @run("umb")
    def _umbrella(self, d: Draft, task: tuple) -> None:
        """Paraguas: mark the next box; every third is a wild (Compras B doubles the icon)."""
        seat, first = task[1], task[2]
        sh = d.sh(seat)
        tasks: list[tuple] = []
        if sh.umbrellas < self.board.umbrella_boxes:
            sh.umbrellas += 1
            d.emit("umbrella", seat, box=sh.umbrellas)
            if sh.umbrellas % self.board.wild_every == 0:
                tasks.append(("wild", seat))
        if first and double_umbrellas(sh):
            tasks.append(("umb", seat, 0))  # the extra umbrella is not doubled again
        d.push(*tasks)

    @ask("wild")
    def _ask_wild(self, s: State, task: tuple) -> Pending:
        """A wild marks any activity meter not yet full."""
        wild = self._wild_opts
        return self._prompt(task, tuple([wild[i][box] for i, box
                                         in enumerate(s.sheets[task[1]].meters)
                                         if box < METER_TOP]))

    @decide("wild")
    def _wild_used(self, d: Draft, seat: int, action: Action) -> None:
        d.push(("act", seat, ACTIVITIES.index(action[1])))

    @run("act")
    def _activity(self, d: Draft, task: tuple) -> None:
        """Actividades: mark the next box; a circle gives a bonus, a multiplier or a choice."""
        seat, a = task[1], task[2]
        sh = d.sh(seat)
        box = sh.meters[a]
        if box >= METER_TOP:
            return
        sh.meters = _set(sh.meters, a, box + 1)
        d.emit("meter", seat, activity=ACTIVITIES[a], box=box)
        if a == CULTURE and box in sh.crossed:
            return  # Fiesta A crossed this circle out: neither bonus nor multiplier
        meter = self.board.meters[a]
        kind = meter.boxes[box]
        can_b = sh.bonuses[a] < len(meter.bonuses)
        can_m = sh.mults[a] < len(meter.multipliers)
        # A "both" circle whose bonuses or multipliers are used up gives the other (our reading).
        if kind == "BM" and can_b and can_m:
            d.push(("circle", seat, a))
        elif kind in ("B", "BM") and can_b:
            d.push(("bonus", seat, a))
        elif kind in ("M", "BM") and can_m:
            self._multiplier(d, seat, a)

    def _multiplier(self, d: Draft, seat: int, a: int) -> None:
        """Circle the next multiplier of activity a."""
        sh = d.sh(seat)
        sh.mults = _set(sh.mults, a, sh.mults[a] + 1)
        d.emit("multiplier", seat, activity=ACTIVITIES[a],
               value=self.board.meters[a].multipliers[sh.mults[a] - 1])

    @ask("circle")
    def _ask_circle(self, s: State, task: tuple) -> Pending:
        """A circle showing both icons: the bonus or the multiplier."""
        a = ACTIVITIES[task[2]]
        return self._prompt(task, self._circle_opts[a], (("activity", a),))

    @decide("circle", "bonus")
    def _circle_bonus(self, d: Draft, seat: int, action: Action) -> None:
        d.push(("bonus", seat, d.task[2]))

    @decide("circle", "mult")
    def _circle_mult(self, d: Draft, seat: int, action: Action) -> None:
        self._multiplier(d, seat, d.task[2])

    @run("bonus")
    def _bonus(self, d: Draft, task: tuple) -> None:
        """Unlock the leftmost bonus of a meter; instant ones act now (Bonificaciones)."""
        seat, a = task[1], task[2]
        sh = d.sh(seat)
        letter = sh.bonuses[a]
        sh.bonuses = _set(sh.bonuses, a, letter + 1)
        effect = self.board.meters[a].bonuses[letter]
        d.emit("bonus", seat, activity=ACTIVITIES[a], letter="ABCD"[letter], effect=effect)
        if effect == "food_a_map_decatur":
            d.push(("bmap", seat, self._decatur))
        elif effect == "food_c_map_any":
            d.push(("bmap", seat, -1))
        elif effect == "mysticism_a_artist":
            d.push(("apick", seat, (), 1))
        elif effect == "mysticism_b_personal_line":
            d.push(("pstart", seat))
        elif effect == "mysticism_c_two_artists":
            d.push(("apick", seat, (), 2))
        elif effect == "party_a_cross_culture":
            circles = [i for i, k in enumerate(self.board.meters[CULTURE].boxes)
                       if k != "sq" and i >= sh.meters[CULTURE] and i not in sh.crossed]
            if circles:
                sh.crossed = tuple(sorted((*sh.crossed, circles[0])))
        elif effect == "party_c_police":
            sh.police = -1  # placed at the Police Station at the end of the turn
        # Permanent and one-use bonuses act later, where they apply (sheet.py).

    @ask("apick")
    def _ask_apick(self, s: State, task: tuple) -> Pending:
        """Misticismo A/C: an artist type with an empty box left (not one already taken)."""
        exclude = task[2]
        sh = s.sheets[task[1]]
        if no_artists(sh):
            return ()
        return self._prompt(task, tuple(
            option for t, option in enumerate(self._artist_opts)
            if t not in exclude and artist_free(sh, t)))

    @decide("apick")
    def _artist_picked(self, d: Draft, seat: int, action: Action) -> None:
        _, _, exclude, count = d.task
        t = ARTISTS.index(action[1])
        more = (("apick", seat, (*exclude, t), count - 1),) if count > 1 else ()
        d.push(("artist", seat, t), *more)

    @run("artist")
    def _artist(self, d: Draft, task: tuple) -> None:
        """Artistas: mark the top box, else the bottom one, then the artist meter."""
        seat, t = task[1], task[2]
        sh = d.sh(seat)
        if no_artists(sh):
            return
        bit = 1 << t
        if not sh.top & bit:
            sh.top |= bit
        elif not sh.bottom & bit:
            sh.bottom |= bit
        else:
            return  # both boxes marked: nothing happens (not even the meter)
        d.emit("artist", seat, artist=ARTISTS[t])
        if sh.art >= len(self.board.artist_meter):
            return
        reward = self.board.artist_meter[sh.art]
        sh.art += 1
        if reward == "umbrella":
            d.push(("umb", seat, 1))
        elif reward in ACTIVITIES:
            d.push(("act", seat, ACTIVITIES.index(reward)))
        elif reward.startswith("map:"):
            d.push(("bmap", seat, self.board.street_index(reward[4:])))

    # -- the Second Lines (Puntuación Segunda Línea, Misticismo B) ----------------------------
    @ask("pstart")
    def _ask_pstart(self, s: State, task: tuple) -> Pending:
        """Misticismo B: any numbered start but the public line's, or a further start point."""
        b = self.board
        points = [p for p in b.line_starts if p != s.line_start] + list(b.personal_starts)
        return self._prompt(task, tuple(
            Option(("start", p), ("intersection", *b.intersections[p]), K + "option.start")
            for p in points))

    @decide("pstart")
    def _pstarted(self, d: Draft, seat: int, action: Action) -> None:
        d.sh(seat).p_head = action[1]
        d.emit("personal_line", seat, intersection=action[1])

    def _direction_options(self, s: State, head: int, drawn: frozenset[int]
                           ) -> tuple[Option, ...]:
        return tuple(map(self._direction_opts.__getitem__, self.line_moves(s, head, drawn)))

    @ask("line_dir")
    def _ask_line_dir(self, s: State, task: tuple) -> Pending:
        """Who took Socialize steers the public Second Line (never declined)."""
        return self._prompt(task, self._direction_options(s, s.line_head, s.line_segs))

    @ask("pdir")
    def _ask_pdir(self, s: State, task: tuple) -> Pending:
        """A personal Second Line may advance ("podrás"), so skipping is offered."""
        sh = s.sheets[task[1]]
        dirs = self._direction_options(s, sh.p_head, sh.p_segs)
        return self._prompt(task, (*dirs, self._skip_opt) if dirs else ())

    def line_moves(self, s: State, head: int, drawn: frozenset[int]) -> list[str]:
        """Directions a Second Line may advance: a street or border, not drawn, not closed."""
        closed = self.closed_street(s)
        out = []
        for d in DIRECTIONS:
            seg = self.board.seg_at.get((head, d))
            if seg is None or seg in drawn or self.board.segments[seg][2] == closed:
                continue
            out.append(d)
        return out

    @decide("line_dir")
    def _line_advanced(self, d: Draft, seat: int, action: Action) -> None:
        seg = self.board.seg_at[(d.line_head, action[1])]
        d.line_segs = d.line_segs | {seg}
        d.line_head = self.board.seg_end[(d.line_head, action[1])]
        d.emit("line_advanced", seat, direction=action[1], segment=seg)

    @decide("pdir", "direction")
    def _personal_advanced(self, d: Draft, seat: int, action: Action) -> None:
        sh = d.sh(seat)
        seg = self.board.seg_at[(sh.p_head, action[1])]
        sh.p_segs = sh.p_segs | {seg}
        sh.p_head = self.board.seg_end[(sh.p_head, action[1])]
        d.emit("personal_advanced", seat, direction=action[1], segment=seg)

    @run("personal_dirs")
    def _personal_dirs(self, d: Draft, task: tuple) -> None:
        """Misticismo B: each personal Second Line may advance too, from the first player on."""
        seats = [(d.first + i) % d.players for i in range(d.players)]
        d.push(*(("pdir", seat) for seat in seats if has_personal_line(d.sheets[seat])))

    @run("line_score")
    def _line_score(self, d: Draft, task: tuple) -> None:
        """Puntuación Segunda Línea: a box per mapped building touching a line, then umbrellas."""
        b = self.board
        umbrellas: list[tuple] = []
        for i in range(d.players):
            seat = (d.first + i) % d.players
            sh = d.sh(seat)
            count = self.line_count(sh, d.line_segs)
            before = sh.line
            sh.line = min(b.line_boxes, before + count)
            rows = sh.line // b.line_row - before // b.line_row
            d.emit("line_scored", seat, count=count, rows=rows)
            umbrellas += [("umb", seat, 1)] * rows
        d.push(*umbrellas)

    def line_count(self, sh: Sheet, public: frozenset[int]) -> int:
        """`len(sheet.line_buildings(board, sh, public))`, from the segments drawn (a few
        dozen) rather than every building's sides: it runs for every seat every round."""
        mapped, touching = sh.mapped, self._seg_buildings
        return len({x for seg in public | sh.p_segs for x in touching[seg] if mapped[x]})

    # -- maintenance (Fase de mantenimiento) --------------------------------------------------
    @run("late_police")
    def _late_police(self, d: Draft, task: tuple) -> None:
        """Fiesta C unlocked outside one's own turn (Second Line umbrellas): to the Police
        Station now, its value rolled before the round ends."""
        for seat in range(d.players):
            self._police(d, seat)

    @run("maintenance")
    def _maintenance(self, d: Draft, task: tuple) -> None:
        """The first player passes left; after round 8 the game ends."""
        d.first = (d.first + 1) % d.players
        d.round += 1
        d.social = NOBODY
        if d.round > self.board.rounds:
            d.round = self.board.rounds
            d.phase = OVER
            d.emit("game_over", None, reveal=True)
            return
        d.emit("round", None, round=d.round)

    # -- views, scores, results ----------------------------------------------------------------
    def view(self, state: State, player: int | None) -> State:
        """Hide other seats' Vacation cards and the undealt ones until the end."""
        s = state
        if not s.tourism:
            return replace(s, viewer=-1 if player is None else player)
        over = s.phase == OVER
        sheets = []
        for seat, sh in enumerate(s.sheets):
            if seat != player and not over and sh.vacation >= 0:
                sh = sh.copy()
                sh.vacation = HIDDEN
            sheets.append(sh)
        return replace(s, sheets=tuple(sheets), vac_pool=(),
                        viewer=-1 if player is None else player)

    def randomize_hidden(self, state: State, player: int | None, rng) -> State:
        """Re-deal every Vacation card `player` cannot see (for the conformance view check)."""
        s = state
        if not s.tourism or s.phase == OVER:
            return s
        mine = s.sheets[player].vacation if player is not None else -1
        hidden = [v for v in range(len(self.board.vacations)) if v != mine]
        rng.shuffle(hidden)
        sheets = []
        for seat, sh in enumerate(s.sheets):
            if seat != player and sh.vacation >= 0:
                sh = sh.copy()
                sh.vacation = hidden.pop()
            sheets.append(sh)
        pool = tuple(sorted(hidden[:len(s.vac_pool)]))
        return replace(s, sheets=tuple(sheets), vac_pool=pool)

    def _seat_scores(self, s: State, seat: int,
                     lines: list[Detail] | None = None) -> dict[str, int]:
        """One seat's points by category; `lines` (if given) collects the Detail lines."""
        b, sh = self.board, s.sheets[seat]
        out = scoring.breakdown(b, sh, lines)
        if s.tourism:
            # Vacation cards are secret: they score only once the game is over.
            out["vacation"] = scoring.vacation(b, sh, lines) if s.phase == OVER else 0
        return out

    def scores(self, state: State) -> tuple[dict[str, int], ...]:
        """Points by category: the 5 activities, second_line, buildings, artists(, vacation)."""
        return tuple(self._seat_scores(state, seat) for seat in range(state.players))

    def details(self, state: State) -> tuple[tuple[Detail, ...], ...]:
        """Per seat, the lines behind `scores` (built by the same scoring functions)."""
        out = []
        for seat in range(state.players):
            lines: list[Detail] = []
            self._seat_scores(state, seat, lines)
            out.append(tuple(lines))
        return tuple(out)

    def winners(self, state: State) -> tuple[int, ...]:
        """Most points; tie: most Second Line points; still tied: shared victory."""
        totals = [sum(x.values()) for x in self.scores(state)]
        tied = [seat for seat, t in enumerate(totals) if t == max(totals)]
        if len(tied) == 1:
            return tuple(tied)
        best = max(state.sheets[seat].line for seat in tied)
        return tuple(seat for seat in tied if state.sheets[seat].line == best)

    def tiebreak(self, state: State) -> Note | None:
        """Why tied leaders were separated (Second Line) or share the victory."""
        if state.phase != OVER or state.players == 1:
            return None
        totals = [sum(x.values()) for x in self.scores(state)]
        winners = self.winners(state)
        return tie_note(totals, winners, K + "tiebreak.second_line", K + "tiebreak.shared",
                        ("line", state.sheets[winners[0]].line))

    def rating(self, state: State) -> Note | None:
        """Solo only, once the game is over: the rulebook's rating of the score (results screen)."""
        if state.players != 1 or state.phase != OVER:
            return None
        total = sum(self.scores(state)[0].values())
        return self.solo_rating(state), (("points", total), ("count", total))  # count: plural

    def solo_rating(self, state: State) -> str:
        """Modo solitario: the rating key for the solo total."""
        t = sum(self.scores(state)[0].values())
        for limit, key in ((74, "0"), (99, "1"), (124, "2"), (149, "3"), (174, "4"), (199, "5")):
            if t <= limit:
                return K + "solo_rating." + key
        return K + "solo_rating.6"


def _set(t: tuple, i: int, v: Any) -> tuple:
    """Tuple `t` with item i replaced by v."""
    # Through a list: a third faster than slicing and concatenating (called every step).
    items = list(t)
    items[i] = v
    return tuple(items)


def _distance_bands(board: Board) -> dict[tuple[int, int, int], tuple[int, ...]]:
    """(pos, lo, hi) -> the buildings lo..hi spaces from pos, for every range a move may ask
    (a card's, Fiesta B's single space, each with a Cultura A boost of up to 2): built once,
    since the map never changes, so a move prompt only looks its range up."""
    ranges = [mv for mv in board.movement.values() if isinstance(mv, tuple)]
    lows = {1} | {lo for lo, _ in ranges}
    top = max((hi for _, hi in ranges), default=1) + 2
    return {(pos, lo, hi): tuple(x for x, steps in enumerate(dist) if lo <= steps <= hi)
            for pos, dist in enumerate(board.distance) for lo in lows
            for hi in range(lo, top + 1)}
