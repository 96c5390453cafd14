"""French Quarter rules engine (rulebook: /work/shared/rules/french_quarter.es.txt).

Data: `board.py` (levels/french_quarter), state: `state.py`, sheet questions: `sheet.py`,
final scoring: `scoring.py`. The handlers live by concern in mixins that this class gathers:
`turn.py` (the die, the card, the move, the visit), `mapping.py` (writing values),
`meters.py` (umbrellas, wilds, meters, bonuses, artists), `parades.py` (the Second Lines),
`variants.py` (Variante Alcalde, Expansión Turismo) and `results.py` (scores and winners);
this file holds the setup, the round's phases, the planning chance and maintenance.

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

from itertools import combinations
from pathlib import Path

from game.engine.core import Action, Chance, Config, Option
from game.engine.flow import TurnRules, ask, decide, resolve, run

from .board import (
    ACTIVITIES,
    ACTIVITY_BOXES,
    ARTISTS,
    DECKS,
    DIRECTIONS,
    GAME_ID,
    Board,
    load_board,
)
from .mapping import MappingMixin
from .meters import MeterMixin
from .parades import ParadeMixin
from .prompts import MAX_OUTCOMES, K, even_chance, prompt
from .results import ResultsMixin
from .state import (
    CARLY,
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
from .turn import TurnMixin, distance_bands
from .variants import MayorMixin, TourismMixin

__all__ = ["Board", "FrenchQuarter", "State"]

CARDS_PER_DECK = 8  # the cards of each movement deck
MAX_PLAYERS = 4
DIE_FACES = even_chance(range(1, 7), K + "chance.die")
# Per number of players: the first player's draw.
FIRST_PLAYER = {n: even_chance(range(n), K + "chance.first")
                for n in range(1, MAX_PLAYERS + 1)}


class FrenchQuarter(TurnMixin, MappingMixin, MeterMixin, ParadeMixin, MayorMixin, TourismMixin,
                    ResultsMixin, TurnRules):
    """The rules of French Quarter for 1-4 players on the engine turn kit (game.engine.flow).

    Config options: "mayor" (bool, Variante Alcalde; forced on in solo), "tourism" (bool,
    Expansión Turismo).
    """

    game_id = GAME_ID
    min_players = 1
    max_players = MAX_PLAYERS
    Draft = Draft
    # True once the eighth round's maintenance is done (phase OVER): read with no Python call.
    over_field = "over"

    def __init__(self, levels_root: Path | None = None) -> None:
        """Load and validate the level data (levels_root: another levels/ folder, for tests)."""
        self.board = load_board(levels_root)
        b = self.board
        if max(len(b.mayor), len(b.vacations)) > MAX_OUTCOMES:
            raise ValueError(f"{GAME_ID}: more cards in a deck than prompts.MAX_OUTCOMES")
        self._bid = {x.id: x.index for x in b.buildings}
        self._decatur = b.street_index("decatur")
        self._near = distance_bands(b)
        # Prebuilt options (immutable, so a prompt only assembles tuples of them).
        self._move_opts = tuple(
            Option(("building", x.id), ("building", x.id), K + "option.move",
                   (("building", x.name),)) for x in b.buildings)
        self._bmap_opts = tuple(
            Option(("building", x.id), ("building", x.id), K + "option.bmap",
                   (("building", x.name),)) for x in b.buildings)
        # Keyed by a free die of State.dice as it stands: (deck, value, NOBODY).
        self._die_opts = {(d, v, NOBODY): Option(("die", d, v), ("die", d, v),
                                                 K + "option.die." + d, (("value", v),))
                          for d in DECKS for v in range(1, 7)}
        self._build_fixed_options()
        self._build_move_tables()
        # Per seat, the tasks a turn starts with (per deck, per card: its icons, then the
        # movement (the building's visit follows it at once), mapping and end-of-turn actions) and a visit pushes (per
        # building: its icons); built once, a turn only looks them up.
        self._turn_tasks = tuple(
            tuple(tuple((*(self._icon_task(seat, icon) for icon in card), ("move", seat, 0),
                         ("map", seat), ("xmap", seat), ("end_turn", seat))
                        for card in b.decks[deck]) for deck in DECKS)
            for seat in range(self.max_players))
        self._visit_tasks = tuple(tuple(tuple(self._icon_task(seat, icon) for icon in x.icons)
                                        for x in b.buildings)
                                  for seat in range(self.max_players))
        self._art_rewards = tuple(_art_reward(b, reward) for reward in b.artist_meter)
        # Per Second Line segment, the buildings with a side along it.
        self._seg_buildings = tuple(tuple(x.index for x in b.buildings if seg in x.sides)
                                    for seg in range(len(b.segments)))
        self._head_segments = tuple(
            tuple((d, b.seg_at[head, d], b.segments[b.seg_at[head, d]][2]) for d in DIRECTIONS
                  if (head, d) in b.seg_at)
            for head in range(len(b.intersections)))
        # Per player count: the dice of a new round (none rolled) and their roll tasks.
        self._fresh_dice = {n: tuple((deck, 0, NOBODY) for deck in b.dice[n]) for n in b.dice}
        self._roll_tasks = {n: tuple(("roll", NOBODY, i) for i in range(len(dice)))
                            for n, dice in b.dice.items()}
        self._street_pools = tuple(tuple(sorted(pool)) for pool in b.on_street)
        self._all_buildings = tuple(range(len(b.buildings)))
        # Per deck, per set of cards left (always in index order): the reveal's chance node.
        self._reveal_chances = tuple(
            {left: even_chance(left, K + "chance." + deck)
             for size in range(1, CARDS_PER_DECK + 1)
             for left in combinations(range(CARDS_PER_DECK), size)}
            for deck in DECKS)
        # Per set of cards left, per card revealed: the cards left after it.
        self._cards_left = {left: {c: tuple([x for x in left if x != c]) for c in left}
                            for left in self._reveal_chances[0]}

    def _build_move_tables(self) -> None:
        """The move options of the common cases, in `destinations` order: a distance band, or
        a Streetcar/Boat move without a boost, from each building; and per seat their prompts
        (a playout asks a move every turn: it only looks the prompt up)."""
        b = self.board
        self._band_opts = {key: tuple(self._move_opts[x] for x in dests)
                           for key, dests in self._near.items()}
        self._line_opts = {mv: tuple(tuple(self._move_opts[x] for x in sorted(reach - {pos}))
                                     for pos in range(len(b.buildings)))
                           for mv, reach in (("streetcar", b.streetcar), ("boat", b.boat))}
        self._band_prompts = tuple({key: prompt(("move", seat), options)
                                    for key, options in self._band_opts.items()}
                                   for seat in range(self.max_players))
        self._line_prompts = tuple({mv: tuple(prompt(("move", seat), options) for options in table)
                                    for mv, table in self._line_opts.items()}
                                   for seat in range(self.max_players))

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
                                             K + "option.meter." + a)
                                      for box in range(ACTIVITY_BOXES))
                                for a in ACTIVITIES)
        self._circle_opts = {a: (
            Option(("bonus", a), ("circle", a, "bonus"), K + "option.circle_bonus"),
            Option(("mult", a), ("circle", a, "mult"), K + "option.circle_mult"))
            for a in ACTIVITIES}
        self._xmap_opts = tuple(  # per building, per value written: index 1-6, a W at index W
            (None, *(Option(("building", x.id), ("building", x.id), K + "option.xmap",
                            (("building", x.name), ("value", "W" if v == W else v)))
                     for v in range(1, W + 1)))
            for x in self.board.buildings)
        b = self.board
        self._start_opts = {p: Option(("start", p), ("intersection", *b.intersections[p]),
                                      K + "option.start")
                            for p in (*b.line_starts, *b.personal_starts)}
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
        d.dice = self._fresh_dice[d.players]
        d.push(*[("reveal", NOBODY, i) for i, left in enumerate(d.decks) if left],
               *((("mayor", NOBODY),) if d.mayor else ()), *self._roll_tasks[d.players])

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

    # -- chance (setup, planning; the Second Line's start die is in parades.py) --------------
    @ask("line_start")
    @ask("roll")
    @ask("police_roll")
    def _die_roll(self, s: State, task: tuple) -> Chance:
        return DIE_FACES

    @ask("first")
    def _first_draw(self, s: State, task: tuple) -> Chance:
        return FIRST_PLAYER[s.players]

    @ask("reveal")
    def _card_reveal(self, s: State, task: tuple) -> Chance:
        return self._reveal_chances[task[2]][s.decks[task[2]]]

    @resolve("first")
    def _first_drawn(self, d: Draft, outcome: int) -> None:
        d.first = outcome
        d.emit("first_player", outcome)

    @resolve("reveal")
    def _card_revealed(self, d: Draft, outcome: int) -> None:
        i = d.task[2]
        cards, decks = list(d.cards), list(d.decks)  # with_item twice, inlined
        cards[i] = outcome
        decks[i] = self._cards_left[decks[i]][outcome]
        d.cards, d.decks = tuple(cards), tuple(decks)
        d.emit("card_revealed", None, deck=DECKS[i], icons=self.board.decks[DECKS[i]][outcome])

    @resolve("roll")
    def _die_rolled(self, d: Draft, outcome: int) -> None:
        i = d.task[2]
        dice = list(d.dice)  # with_item, inlined (every die of every round)
        deck, _, taker = dice[i]
        dice[i] = (deck, outcome, taker)
        d.dice = tuple(dice)
        d.emit("die_rolled", None, deck=deck, value=outcome)

    # -- declining, maintenance (Fase de mantenimiento) ---------------------------------------
    @decide("swap")
    @decide("xmap")
    @decide("pdir")
    def _declined(self, d: Draft, seat: int, action: Action) -> None:
        """An optional step declined (None): nothing happens."""

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
            d.phase, d.over = OVER, True
            d.emit("game_over", None, reveal=True)
            return
        d.emit("round", None, round=d.round)


def _art_reward(board: Board, reward: str) -> tuple[str, int] | None:
    """An artist meter box's reward as the task it pushes (kind, argument): an umbrella, an
    activity's box or a bonus mapping on a street; None for an empty box."""
    if reward == "umbrella":
        return ("umb", 1)
    if reward in ACTIVITIES:
        return ("act", ACTIVITIES.index(reward))
    if reward.startswith("map:"):
        return ("bmap", board.street_index(reward[4:]))
    return None
