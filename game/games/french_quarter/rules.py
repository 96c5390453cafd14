"""French Quarter rules engine (rulebook: /work/shared/rules/french_quarter.es.txt).

Data: `board.py` (levels/french_quarter), state: `state.py`, sheet questions: `sheet.py`,
final scoring: `scoring.py`.

Flow: setup chance (Second Line start die 1-6, Vacation cards with Tourism, first player); each
round a planning chance phase (one card per deck in play, the Mayor card with the variant, every
die of the pool in pool order, faces 1-6); then the movement phase: in turn order every seat
answers `pick` (a die), and its turn runs as a stack of tasks (card icons, `move`, building
icons, mapping, Cultura B), each decision a small prompt; then the Second Line phase
(`direction` prompts, scoring) and maintenance. Solo (1 player): Mayor Carly takes dice
automatically by her card's priority (Modo solitario).

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

from operator import attrgetter
from pathlib import Path
from typing import Any

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
    line_buildings,
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
_FIELDS = State.__slots__
_read_fields = attrgetter(*_FIELDS)
DIE_FACES = Chance(tuple((v, 1.0) for v in range(1, 7)), K + "chance.die")
# Decision tasks: pending shows them as prompts. Every other task kind runs automatically.
DECISIONS = frozenset({"pick", "swap", "move", "mapw", "xmap", "wild", "circle", "bmap", "bval",
                       "apick", "pstart", "line_dir", "pdir"})


class FrenchQuarter:
    """The rules of French Quarter for 1-4 players (the engine `Rules` protocol).

    Config options: "mayor" (bool, Variante Alcalde; forced on in solo), "tourism" (bool,
    Expansión Turismo).
    """

    game_id = GAME_ID
    min_players = 1
    max_players = 4

    def __init__(self, levels_root: Path | None = None) -> None:
        """Load and validate the level data (levels_root: another levels/ folder, for tests)."""
        self.board = load_board(levels_root)
        b = self.board
        self._bid = {x.id: x.index for x in b.buildings}
        self._decatur = b.street_index("decatur")
        self._near: dict[tuple[int, int, int], tuple[int, ...]] = {}
        # Answers of pending() kept by state identity (see _lookup).
        self._memo: tuple[State | None, Pending | None, str | None] = (None, None, None)
        self._asked = self._memo
        # Task handlers by name ("_opt_pick", "_do_move", "_run_umb"...): one dict lookup per
        # task instead of a getattr on the class chain.
        self._handlers = {name: getattr(self, name) for name in dir(self)
                          if name.startswith(("_opt_", "_do_", "_run_"))}
        self._draws: dict[tuple[int, tuple[int, ...]], tuple[str, Chance]] = {}
        self._die_needs = tuple((f"die:{i}", DIE_FACES)
                                for i in range(max(len(pool) for pool in b.dice.values())))
        # Prebuilt options (immutable, so pending only assembles tuples of them).
        self._move_opts = tuple(
            Option(("building", x.id), ("building", x.id), K + "option.move",
                   (("building", x.name),)) for x in b.buildings)
        self._bmap_opts = tuple(
            Option(("building", x.id), ("building", x.id), K + "option.bmap",
                   (("building", x.name),)) for x in b.buildings)
        self._die_opts = {(d, v): Option(("die", d, v), ("die", d, v), K + "option.die." + d,
                                         (("value", v),)) for d in DECKS for v in range(1, 7)}

    # -- setup (rulebook: Preparación) ---------------------------------------------------------
    def initial_state(self, config: Config) -> State:
        """Every sheet blank, tourists on Hotel Ama House; setup chance comes next."""
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
        return State(
            players=n, mayor=n == 1 or bool(config.option("mayor", False)), tourism=tourism,
            phase=SETUP, round=1, first=-1,
            decks=tuple(() if self._deck_out(d, n) else tuple(range(8)) for d in DECKS),
            cards=(-1,) * len(DECKS), mayor_deck=tuple(range(len(b.mayor))), mayor_card=-1,
            dice=tuple((d, 0, NOBODY) for d in b.dice[n]), order=(), social=NOBODY,
            line_start=-1, line_head=-1, line_segs=frozenset(),
            vac_pool=tuple(range(len(b.vacations))) if tourism else (),
            tasks=(), turn=NOBODY, die=("", 0), card_deck="",
            sheets=tuple(sheet.copy() for _ in range(n)),
        )

    @staticmethod
    def _deck_out(deck: str, players: int) -> bool:
        """The Taxi deck goes back to the box with 2 players and in solo (Preparación 1)."""
        return deck == "taxi" and players <= 2

    # -- pending -------------------------------------------------------------------------------
    def pending(self, state: State) -> Pending:
        """The head task's prompt or roll, a setup/planning chance, or TERMINAL."""
        return self._lookup(state)[1]

    def _lookup(self, s: State) -> tuple[State, Pending, str | None]:
        """(s, what is pending, which setup/planning outcome it is: _chance_need's name).

        `apply` leaves the answer for the state it returns in `_memo` (States are immutable and
        the memo holds the state itself, so an identity match is never stale): callers ask
        pending() and then apply() on the same state, so every prompt is built once.
        """
        memo = self._memo
        if memo[0] is s:
            return memo
        memo = self._asked  # a bot applies every option to one state: keep its answer too
        if memo[0] is s:
            return memo
        if s.phase == OVER:
            found: tuple[State, Pending, str | None] = (s, TERMINAL, None)
        elif s.tasks:
            head = s.tasks[0]
            if head[0] == "police_roll":
                found = (s, DIE_FACES, None)
            else:
                found = (s, (self._prompt(s, head, None),), None)
        else:
            need = self._chance_need(s)
            if need is None:  # pragma: no cover - _advance never stops here
                raise RuntimeError("french_quarter: nothing pending")
            found = (s, need[1], need[0])
        self._asked = found
        return found

    def _chance_need(self, s: State) -> tuple[str, Chance] | None:
        """Which setup or planning outcome is owed next."""
        if s.phase == SETUP:
            if s.line_start < 0:
                return "line_start", DIE_FACES
            for seat, sh in enumerate(s.sheets):
                if s.tourism and sh.vacation < 0:
                    return f"vacation:{seat}", Chance(tuple((v, 1.0) for v in s.vac_pool),
                                                      K + "chance.vacation")
            return "first", Chance(tuple((p, 1.0) for p in range(s.players)), K + "chance.first")
        if s.phase == PLAN:
            cards, decks = s.cards, s.decks
            for i in range(len(DECKS)):
                if cards[i] < 0 and decks[i]:
                    return self._draw_need(i, decks[i])
            if s.mayor and s.mayor_card < 0:
                return self._draw_need(-1, s.mayor_deck)
            for i, die in enumerate(s.dice):
                if die[1] == 0:
                    return self._die_needs[i]
        return None

    def _draw_need(self, deck: int, left: tuple[int, ...]) -> tuple[str, Chance]:
        """The reveal of a card among `left` from deck `deck` (-1: the Mayor deck), cached:
        the same few (deck, cards left) pairs recur in every game."""
        key = (deck, left)
        need = self._draws.get(key)
        if need is None:
            name = "mayor" if deck < 0 else DECKS[deck]
            label = K + "chance." + name
            need = ("mayor" if deck < 0 else f"card:{deck}",
                    Chance(tuple((c, 1.0) for c in left), label))
            self._draws[key] = need
        return need

    def _prompt(self, s: State, head: tuple, opts: tuple[Option, ...] | None) -> Prompt:
        kind, seat = head[0], head[1]
        if opts is None:
            opts = self._options(s, head)
        return Prompt(seat, kind, K + "prompt." + kind, opts, self._prompt_params(s, head))

    def _prompt_params(self, s: State, head: tuple) -> tuple[tuple[str, Any], ...]:
        kind = head[0]
        if kind == "circle":
            return (("activity", ACTIVITIES[head[2]]),)
        if kind in ("mapw", "bval"):
            b = head[2]
            return (("building", self.board.buildings[b].name), ("value", s.die[1]))
        if kind == "bmap":
            st = head[2]
            return (("street", self.board.streets[st].name if st >= 0 else ""),)
        return ()

    # -- options per decision task -----------------------------------------------------------
    def _options(self, s: State, head: tuple) -> tuple[Option, ...]:
        return self._handlers["_opt_" + head[0]](s, head)

    def _opt_pick(self, s: State, head: tuple) -> tuple[Option, ...]:
        seen = []
        for deck, value, taker in s.dice:
            if taker == NOBODY and (deck, value) not in seen:
                seen.append((deck, value))
        return tuple(self._die_opts[dv] for dv in seen)

    def _opt_swap(self, s: State, head: tuple) -> tuple[Option, ...]:
        out = [Option(None, None, K + "option.keep_card")]
        for i, d in enumerate(DECKS):
            if d != s.die[0] and s.cards[i] >= 0:
                out.append(Option(("card", d), ("card", d), K + "option.card." + d))
        return tuple(out)

    def _opt_move(self, s: State, head: tuple) -> tuple[Option, ...]:
        seat, boost = head[1], head[2]
        sh = s.sheets[seat]
        out = [self._move_opts[b] for b in self.destinations(s, seat, boost)]
        if boost == 0 and can_boost(sh):
            if not out:  # only a boost could move: the bonus is never forced (our decision)
                out.append(Option(None, None, K + "option.no_move"))
            out += [Option(("boost", k), ("boost", k), K + "option.boost", (("count", k),))
                    for k in (1, 2)]
        return tuple(out)

    def destinations(self, s: State, seat: int, boost: int = 0) -> list[int]:
        """Buildings the tourist may move to with this turn's card (Acción de movimiento)."""
        b = self.board
        sh = s.sheets[seat]
        pos = sh.pos
        mv = b.movement[s.card_deck]
        if isinstance(mv, tuple):
            lo, hi = mv
            if s.card_deck == "walk" and slow_walk(sh):
                lo = hi = 1  # Fiesta B: Walk moves only 1 space (a Cultura A boost still adds)
            dests = list(self._within(pos, lo, hi + boost))
        else:
            base = b.streetcar if mv == "streetcar" else b.boat
            if boost == 0:
                dests = sorted(base - {pos})
            else:
                # Recordatorios: first move to a building of the street (never staying put),
                # then 1-2 extra spaces, even off that street; the end must not be the start.
                reach: set[int] = set()
                for x in base - {pos}:
                    reach.update(self._within(x, 1, boost))
                dests = sorted(reach - {pos})
        closed = self.closed_street(s)
        if closed >= 0:  # Variante Alcalde: no visiting a closed street (moving through is fine)
            dests = [x for x in dests if x not in b.on_street[closed]]
        return dests

    def _within(self, pos: int, lo: int, hi: int) -> tuple[int, ...]:
        """Buildings lo..hi spaces away from pos (cached: the map never changes)."""
        key = (pos, lo, hi)
        got = self._near.get(key)
        if got is None:
            dist = self.board.distance[pos]
            got = self._near[key] = tuple(x for x in range(len(dist)) if lo <= dist[x] <= hi)
        return got

    def closed_street(self, s: State) -> int:
        """The street closed this round by the Mayor card, -1 for none."""
        if s.mayor_card < 0:
            return -1
        return self.board.mayor[s.mayor_card].street

    def _opt_mapw(self, s: State, head: tuple) -> tuple[Option, ...]:
        seat, b = head[1], head[2]
        sh = s.sheets[seat]
        v = s.die[1]
        out = []
        if can_map(self.board, sh, b, v):
            out.append(Option(("map", v), ("value", v), K + "option.map", (("value", v),)))
        elif head[3]:  # the W is optional: without it the mapping fails and gives an umbrella
            out.append(Option(None, None, K + "option.no_map"))
        out.append(Option(("map", "W"), ("value", "W"), K + "option.map_w"))
        return tuple(out)

    def _opt_xmap(self, s: State, head: tuple) -> tuple[Option, ...]:
        seat = head[1]
        sh = s.sheets[seat]
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
        return (*out, Option(None, None, K + "option.skip")) if out else ()

    def _opt_wild(self, s: State, head: tuple) -> tuple[Option, ...]:
        sh = s.sheets[head[1]]
        return tuple(Option(("meter", a), ("meter", a, sh.meters[i]), K + "option.meter." + a)
                     for i, a in enumerate(ACTIVITIES) if sh.meters[i] < 14)

    def _opt_circle(self, s: State, head: tuple) -> tuple[Option, ...]:
        a = ACTIVITIES[head[2]]
        return (Option(("bonus", a), ("circle", a, "bonus"), K + "option.circle_bonus"),
                Option(("mult", a), ("circle", a, "mult"), K + "option.circle_mult"))

    def _opt_bmap(self, s: State, head: tuple) -> tuple[Option, ...]:
        seat, street = head[1], head[2]
        sh = s.sheets[seat]
        b = self.board
        pool = b.on_street[street] if street >= 0 else range(len(b.buildings))
        w = w_left(sh) > 0
        return tuple(self._bmap_opts[x] for x in sorted(pool)
                     if not sh.mapped[x] and (w or any(can_map(b, sh, x, v) for v in range(1, 7))))

    def _opt_bval(self, s: State, head: tuple) -> tuple[Option, ...]:
        seat, x = head[1], head[2]
        sh = s.sheets[seat]
        out = [Option(("map", v), ("value", v), K + "option.map", (("value", v),))
               for v in legal_values(self.board, sh, x)]
        if w_left(sh) > 0:
            out.append(Option(("map", "W"), ("value", "W"), K + "option.map_w"))
        return tuple(out)

    def _opt_apick(self, s: State, head: tuple) -> tuple[Option, ...]:
        seat, exclude = head[1], head[2]
        sh = s.sheets[seat]
        if no_artists(sh):
            return ()
        return tuple(Option(("artist", a), ("artist", a), K + "option.artist." + a)
                     for t, a in enumerate(ARTISTS) if t not in exclude and artist_free(sh, t))

    def _opt_pstart(self, s: State, head: tuple) -> tuple[Option, ...]:
        b = self.board
        points = [p for p in b.line_starts if p != s.line_start] + list(b.personal_starts)
        return tuple(Option(("start", p), ("intersection", *b.intersections[p]),
                            K + "option.start") for p in points)

    def _opt_line_dir(self, s: State, head: tuple) -> tuple[Option, ...]:
        return tuple(Option(("direction", d), ("direction", d), K + "option.direction." + d)
                     for d in self.line_moves(s, s.line_head, s.line_segs))

    def _opt_pdir(self, s: State, head: tuple) -> tuple[Option, ...]:
        sh = s.sheets[head[1]]
        dirs = self.line_moves(s, sh.p_head, sh.p_segs)
        if not dirs:
            return ()
        return (*(Option(("direction", d), ("direction", d), K + "option.direction." + d)
                  for d in dirs), Option(None, None, K + "option.skip"))

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

    # -- apply ---------------------------------------------------------------------------------
    def apply(self, state: State, player: int | None,
              action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply a decision or a chance outcome; never mutates `state`."""
        if state.viewer is not None:
            raise IllegalAction("a view cannot be played; apply to the full state")
        _, pending, need = self._lookup(state)
        if pending is TERMINAL:
            raise IllegalAction("the game is over")
        d = Draft(state)
        if isinstance(pending, Chance):
            if player is not None:
                raise IllegalAction("a die roll or card reveal is pending, not a decision")
            if action not in [o for o, _ in pending.outcomes]:
                raise IllegalAction(f"{action!r} is not a possible outcome of {pending.label}")
            self._apply_chance(d, action, need)
        else:
            prompt = pending[0]
            if player != prompt.player:
                raise IllegalAction(f"player {player} has nothing to decide now")
            if action not in prompt.actions():
                raise IllegalAction(f"{action!r} is not a legal choice for {prompt.kind}")
            head = d.tasks[0]
            d.tasks = d.tasks[1:]
            self._handlers["_do_" + head[0]](d, head, action)
        pending, need = self._advance(d)
        new = d.freeze()
        self._memo = (new, pending, need)
        return new, tuple(d.events)

    def _apply_chance(self, d: Draft, outcome: int, need: str | None) -> None:
        if d.tasks:  # police_roll: Fiesta C writes the rolled value
            seat = d.tasks[0][1]
            d.tasks = d.tasks[1:]
            d.sh(seat).police = outcome
            d.events.append(event("police_value", seat, value=outcome))
            return
        if need == "line_start":
            p = self.board.line_starts[outcome - 1]
            d.line_start = d.line_head = p
            d.events.append(event("line_start", None, die=outcome, intersection=p))
        elif need.startswith("vacation:"):
            seat = int(need[9:])
            d.sh(seat).vacation = outcome
            d.vac_pool = tuple(v for v in d.vac_pool if v != outcome)
            d.events.append(event("vacation_dealt", seat))
        elif need == "first":
            d.first = outcome
            d.events.append(event("first_player", outcome))
        elif need.startswith("card:"):
            i = int(need[5:])
            d.cards = _set(d.cards, i, outcome)
            d.decks = _set(d.decks, i, tuple(c for c in d.decks[i] if c != outcome))
            d.events.append(event("card_revealed", None, deck=DECKS[i],
                                  icons=self.board.decks[DECKS[i]][outcome]))
        elif need == "mayor":
            d.mayor_card = outcome
            d.mayor_deck = tuple(c for c in d.mayor_deck if c != outcome)
            street = self.board.mayor[outcome].street
            d.events.append(event("mayor_card", None, card=outcome,
                                  street=self.board.streets[street].name if street >= 0 else ""))
        else:
            i = int(need[4:])
            deck, _, taker = d.dice[i]
            d.dice = _set(d.dice, i, (deck, outcome, taker))
            d.events.append(event("die_rolled", None, deck=deck, value=outcome))

    # -- the automatic machine -----------------------------------------------------------------
    def _advance(self, d: Draft) -> tuple[Pending, str | None]:
        """Run automatic tasks and phase changes until a decision, a roll or the end.

        Returns what is then pending, with its _chance_need name (see _lookup).
        """
        while True:
            if d.tasks:
                head = d.tasks[0]
                kind = head[0]
                if kind == "police_roll":
                    return DIE_FACES, None
                if kind in DECISIONS:
                    opts = self._options(d, head)
                    if opts:
                        return (self._prompt(d, head, opts),), None
                    d.tasks = d.tasks[1:]
                    self._no_options(d, head)
                    continue
                d.tasks = d.tasks[1:]
                self._handlers["_run_" + kind](d, head)
                continue
            if d.phase == OVER:
                return TERMINAL, None
            if d.phase == SETUP:
                if d.first < 0:
                    need = self._chance_need(d)
                    if d.players > 1 or need[0] != "first":
                        return need[1], need[0]
                    d.first = 0  # solo: nobody else to hold the first-player marker
                d.phase = PLAN
                continue
            if d.phase == PLAN:
                need = self._chance_need(d)
                if need is not None:
                    return need[1], need[0]
                d.phase = MOVE
                d.order = self._pick_order(d)
                continue
            if d.phase == MOVE:
                if d.order:
                    seat, d.order = d.order[0], d.order[1:]
                    if seat == CARLY:
                        self._carly_pick(d)
                    else:
                        d.push(("pick", seat))
                    continue
                d.phase = LINE
                if d.social == NOBODY:  # nobody took Socialize: straight to maintenance
                    d.push(("maintenance", NOBODY))
                    continue
                # Solo: the player always steers the Second Line (Modo solitario).
                chooser = 0 if d.social == CARLY else d.social
                d.push(("line_dir", chooser), ("personal_dirs", NOBODY),
                       ("line_score", NOBODY), ("maintenance", NOBODY))
                continue
            raise RuntimeError("french_quarter: stuck")  # pragma: no cover - LINE ends in maintenance

    def _pick_order(self, d: Draft) -> tuple[int, ...]:
        """Fase de movimiento: from the first player clockwise, 2 picks each (solo: A,B,A,B)."""
        if d.players == 1:
            car = self.board.mayor[d.mayor_card].car if d.mayor_card >= 0 else False
            pair = (CARLY, 0) if car else (0, CARLY)
            return pair * self.board.picks
        seats = tuple((d.first + i) % d.players for i in range(d.players))
        return seats * self.board.picks

    def _carly_pick(self, d: Draft) -> None:
        """Mayor Carly takes the die of the first deck on her card's priority list still free."""
        for deck in self.board.mayor[d.mayor_card].priority:
            for i, (dk, v, taker) in enumerate(d.dice):
                if dk == deck and taker == NOBODY:
                    d.dice = _set(d.dice, i, (dk, v, CARLY))
                    if deck == "socialize":
                        d.social = CARLY
                    d.events.append(event("carly_took", None, deck=deck, value=v))
                    return

    def _no_options(self, d: Draft, head: tuple) -> None:
        """A decision with no legal option: skip it (and what it stands for)."""
        kind, seat = head[0], head[1]
        if kind == "move":
            # Variante Alcalde, aclaraciones: no legal move skips move, building and mapping
            # actions for one umbrella. (Outside the Mayor variant a move always exists.)
            while d.tasks and d.tasks[0][0] in ("visit", "map", "xmap") and d.tasks[0][1] == seat:
                d.tasks = d.tasks[1:]
            d.events.append(event("no_move", seat))
            d.push(("umb", seat, 1))
        # Other decisions without options simply do nothing: a full meter, no free artist, no
        # mappable building for a bonus, a Second Line with nowhere to go (our decision: it
        # stays, and still scores).

    # -- automatic tasks -------------------------------------------------------------------
    def _run_turn(self, d: Draft, head: tuple) -> None:
        """The 4 actions in order: card icons, movement, building, mapping (+ Cultura B)."""
        seat = head[1]
        card = self.board.decks[d.card_deck][d.cards[DECKS.index(d.card_deck)]]
        d.push(*(self._icon_task(seat, icon) for icon in card), ("move", seat, 0),
               ("visit", seat), ("map", seat), ("xmap", seat), ("end_turn", seat))

    @staticmethod
    def _icon_task(seat: int, icon: str) -> tuple:
        if icon == "umbrella":
            return ("umb", seat, 1)
        if icon == "wild":
            return ("wild", seat)
        if icon in ACTIVITIES:
            return ("act", seat, ACTIVITIES.index(icon))
        return ("artist", seat, ARTISTS.index(icon))

    def _run_umb(self, d: Draft, head: tuple) -> None:
        """Paraguas: mark the next box; every third is a wild (Compras B doubles the icon)."""
        seat, first = head[1], head[2]
        sh = d.sh(seat)
        tasks: list[tuple] = []
        if sh.umbrellas < self.board.umbrella_boxes:
            sh.umbrellas += 1
            d.events.append(event("umbrella", seat, box=sh.umbrellas))
            if sh.umbrellas % self.board.wild_every == 0:
                tasks.append(("wild", seat))
        if first and double_umbrellas(sh):
            tasks.append(("umb", seat, 0))  # the extra umbrella is not doubled again
        d.push(*tasks)

    def _run_act(self, d: Draft, head: tuple) -> None:
        """Actividades: mark the next box; a circle gives a bonus, a multiplier or a choice."""
        seat, a = head[1], head[2]
        sh = d.sh(seat)
        box = sh.meters[a]
        if box >= 14:
            return
        sh.meters = _set(sh.meters, a, box + 1)
        d.events.append(event("meter", seat, activity=ACTIVITIES[a], box=box))
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
            sh.mults = _set(sh.mults, a, sh.mults[a] + 1)
            d.events.append(event("multiplier", seat, activity=ACTIVITIES[a],
                                  value=meter.multipliers[sh.mults[a] - 1]))

    def _run_bonus(self, d: Draft, head: tuple) -> None:
        """Unlock the leftmost bonus of a meter; instant ones act now (Bonificaciones)."""
        seat, a = head[1], head[2]
        sh = d.sh(seat)
        letter = sh.bonuses[a]
        sh.bonuses = _set(sh.bonuses, a, letter + 1)
        effect = self.board.meters[a].bonuses[letter]
        d.events.append(event("bonus", seat, activity=ACTIVITIES[a], letter="ABCD"[letter],
                              effect=effect))
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

    def _run_artist(self, d: Draft, head: tuple) -> None:
        """Artistas: mark the top box, else the bottom one, then the artist meter."""
        seat, t = head[1], head[2]
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
        d.events.append(event("artist", seat, artist=ARTISTS[t]))
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

    def _run_visit(self, d: Draft, head: tuple) -> None:
        """Acción de edificio: the building's icons in order; courtyards and Riverwalk marks."""
        seat = head[1]
        sh = d.sh(seat)
        b = self.board.buildings[sh.pos]
        if b.special == "courtyard" and b.index not in sh.courtyards:
            sh.courtyards = tuple(sorted((*sh.courtyards, b.index)))
        elif b.special == "riverwalk" and sh.riverwalk < self.board.riverwalk_visits:
            sh.riverwalk += 1
        d.push(*(self._icon_task(seat, icon) for icon in b.icons))

    def _run_map(self, d: Draft, head: tuple) -> None:
        """Acción de mapear: write the die value if it fits, else an umbrella."""
        seat = head[1]
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
        d.events.append(event("mapped", seat, building=self.board.buildings[b].id,
                              value="W" if value == W else value))
        if self.board.buildings[b].small and small_gives_wild(sh):
            d.push(("wild", seat))

    def _run_end_turn(self, d: Draft, head: tuple) -> None:
        """End of turn: Fiesta C sends the tourist to the Police Station and rolls its value."""
        seat = head[1]
        d.turn = NOBODY
        self._police(d, seat)

    def _police(self, d: Draft, seat: int) -> None:
        if d.sheets[seat].police == -1:
            sh = d.sh(seat)
            sh.pos = self.board.police
            d.events.append(event("police", seat))
            d.push(("police_roll", seat))
            sh.police = -2  # rolled next; -2 keeps it from being placed twice

    def _run_personal_dirs(self, d: Draft, head: tuple) -> None:
        """Misticismo B: each personal Second Line may advance too, from the first player on."""
        seats = [(d.first + i) % d.players for i in range(d.players)]
        d.push(*(("pdir", seat) for seat in seats if has_personal_line(d.sheets[seat])))

    def _run_line_score(self, d: Draft, head: tuple) -> None:
        """Puntuación Segunda Línea: a box per mapped building touching a line, then umbrellas."""
        b = self.board
        umbrellas: list[tuple] = []
        for i in range(d.players):
            seat = (d.first + i) % d.players
            sh = d.sh(seat)
            count = len(line_buildings(b, sh, d.line_segs))
            before = sh.line
            sh.line = min(b.line_boxes, before + count)
            rows = sh.line // b.line_row - before // b.line_row
            d.events.append(event("line_scored", seat, count=count, rows=rows))
            umbrellas += [("umb", seat, 1)] * rows
        d.push(*umbrellas)

    def _run_maintenance(self, d: Draft, head: tuple) -> None:
        """Fase de mantenimiento: first player passes left; after round 8 the game ends."""
        for seat in range(d.players):  # Fiesta C unlocked outside one's own turn
            self._police(d, seat)
        if d.tasks:  # a police roll comes first; maintenance resumes after it
            d.tasks = (*d.tasks, ("maintenance", NOBODY))
            return
        d.first = (d.first + 1) % d.players
        d.round += 1
        d.social = NOBODY
        if d.round > self.board.rounds:
            d.round = self.board.rounds
            d.phase = OVER
            d.events.append(event("game_over", None, reveal=True))
            return
        d.phase = PLAN
        d.cards = tuple(-1 for _ in DECKS)
        d.mayor_card = -1
        d.dice = tuple((deck, 0, NOBODY) for deck, _, _ in d.dice)
        d.events.append(event("round", None, round=d.round))

    # -- decision handlers -------------------------------------------------------------------
    def _do_pick(self, d: Draft, head: tuple, action: Action) -> None:
        """Pick a die: its card and movement (and value) drive this turn."""
        seat = head[1]
        _, deck, value = action
        for i, (dk, v, taker) in enumerate(d.dice):
            if dk == deck and v == value and taker == NOBODY:
                d.dice = _set(d.dice, i, (dk, v, seat))
                break
        if deck == "socialize":
            d.social = seat
        d.turn, d.die, d.card_deck = seat, (deck, value), deck
        d.events.append(event("die_taken", seat, deck=deck, value=value))
        if can_swap(d.sheets[seat]):
            d.push(("swap", seat), ("turn", seat))
        else:
            d.push(("turn", seat))

    def _do_swap(self, d: Draft, head: tuple, action: Action) -> None:
        """Cultura C: use another revealed card's icons and movement (one use)."""
        if action is None:
            return
        d.card_deck = action[1]
        d.sh(head[1]).swap_used = True
        d.events.append(event("card_swapped", head[1], deck=action[1]))

    def _do_move(self, d: Draft, head: tuple, action: Action) -> None:
        seat, boost = head[1], head[2]
        if action is None:
            self._no_options(d, head)
            return
        if action[0] == "boost":
            d.push(("move", seat, action[1]))
            return
        sh = d.sh(seat)
        sh.pos = self._bid[action[1]]
        if boost:
            sh.boost_used = True
        d.events.append(event("moved", seat, building=action[1]))

    def _do_mapw(self, d: Draft, head: tuple, action: Action) -> None:
        seat, b = head[1], head[2]
        if action is None:
            d.push(("umb", seat, 1))
            return
        self._write(d, seat, b, W if action[1] == "W" else action[1])

    def _do_xmap(self, d: Draft, head: tuple, action: Action) -> None:
        """Cultura B: map one adjacent building with the same die value (optional).

        With a W left (Compras A/C: "cuando mapees un edificio") the W may replace the value:
        the chosen building was offered because one of them fits, so there is no declining.
        """
        if action is None:
            return
        seat, b = head[1], self._bid[action[1]]
        if w_left(d.sheets[seat]) > 0:
            d.push(("mapw", seat, b, False))
        else:
            self._write(d, seat, b, d.die[1])

    def _do_wild(self, d: Draft, head: tuple, action: Action) -> None:
        d.push(("act", head[1], ACTIVITIES.index(action[1])))

    def _do_circle(self, d: Draft, head: tuple, action: Action) -> None:
        seat, a = head[1], head[2]
        if action[0] == "bonus":
            d.push(("bonus", seat, a))
            return
        sh = d.sh(seat)
        sh.mults = _set(sh.mults, a, sh.mults[a] + 1)
        d.events.append(event("multiplier", seat, activity=ACTIVITIES[a],
                              value=self.board.meters[a].multipliers[sh.mults[a] - 1]))

    def _do_bmap(self, d: Draft, head: tuple, action: Action) -> None:
        d.push(("bval", head[1], self._bid[action[1]]))

    def _do_bval(self, d: Draft, head: tuple, action: Action) -> None:
        self._write(d, head[1], head[2], W if action[1] == "W" else action[1])

    def _do_apick(self, d: Draft, head: tuple, action: Action) -> None:
        seat, exclude, count = head[1], head[2], head[3]
        t = ARTISTS.index(action[1])
        more = (("apick", seat, (*exclude, t), count - 1),) if count > 1 else ()
        d.push(("artist", seat, t), *more)

    def _do_pstart(self, d: Draft, head: tuple, action: Action) -> None:
        d.sh(head[1]).p_head = action[1]
        d.events.append(event("personal_line", head[1], intersection=action[1]))

    def _do_line_dir(self, d: Draft, head: tuple, action: Action) -> None:
        seg = self.board.seg_at[(d.line_head, action[1])]
        d.line_segs = d.line_segs | {seg}
        d.line_head = self.board.seg_end[(d.line_head, action[1])]
        d.events.append(event("line_advanced", head[1], direction=action[1], segment=seg))

    def _do_pdir(self, d: Draft, head: tuple, action: Action) -> None:
        if action is None:
            return
        sh = d.sh(head[1])
        seg = self.board.seg_at[(sh.p_head, action[1])]
        sh.p_segs = sh.p_segs | {seg}
        sh.p_head = self.board.seg_end[(sh.p_head, action[1])]
        d.events.append(event("personal_advanced", head[1], direction=action[1], segment=seg))

    # -- views, scores, results ----------------------------------------------------------------
    def view(self, state: State, player: int | None) -> State:
        """Hide other seats' Vacation cards and the undealt ones until the end."""
        s = state
        if not s.tourism:
            return _replace(s, viewer=-1 if player is None else player)
        over = s.phase == OVER
        sheets = []
        for seat, sh in enumerate(s.sheets):
            if seat != player and not over and sh.vacation >= 0:
                sh = sh.copy()
                sh.vacation = HIDDEN
            sheets.append(sh)
        return _replace(s, sheets=tuple(sheets), vac_pool=(),
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
        return _replace(s, sheets=tuple(sheets), vac_pool=pool)

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
        tied = tuple(seat for seat, t in enumerate(totals) if t == max(totals))
        if len(tied) == 1:
            return None
        winners = self.winners(state)
        params = (("points", max(totals)), ("count", state.sheets[winners[0]].line))
        if len(winners) == 1:
            return K + "tiebreak.second_line", (("player", winners[0]), ("players", tied),
                                                *params)
        return K + "tiebreak.shared", (("players", winners), *params)

    def rating(self, state: State) -> Note | None:
        """Solo only, once the game is over: the rulebook's rating of the score (results screen)."""
        if state.players != 1 or state.phase != OVER:
            return None
        return self.solo_rating(state), (("points", sum(self.scores(state)[0].values())),)

    def solo_rating(self, state: State) -> str:
        """Modo solitario: the rating key for the solo total."""
        t = sum(self.scores(state)[0].values())
        for limit, key in ((74, "0"), (99, "1"), (124, "2"), (149, "3"), (174, "4"), (199, "5")):
            if t <= limit:
                return K + "solo_rating." + key
        return K + "solo_rating.6"


def _set(t: tuple, i: int, v: Any) -> tuple:
    """Tuple `t` with item i replaced by v."""
    return t[:i] + (v,) + t[i + 1:]


def _replace(s: State, **changes: Any) -> State:
    values = dict(zip(_FIELDS, _read_fields(s)))
    values.update(changes)
    return State(**values)
