"""Explore New York rules engine (rulebook: /work/shared/rules/explore_new_york.es.txt; our
readings in the Explore New York section of NOTES.md and below).

Data: `board.py` (map and deck from levels/), state and prompt shapes: `state.py` (its
docstring is the table of every prompt, action and target), points: `scoring.py`.

Flow, on the engine's turn kit (game.engine.flow): a chance draws the first player; each turn
the first player reveals 3 cards (3 chance tasks) and discards one (Paso 1); then every seat at
once works through its own queue of seat tasks (Pasos 2-4): a block, its tourists (drawn at
once, or the single tourist of a turn whose cards allow no empty block), the turn's link(s) and
one link per "+1" icon; cafés reached fire as the link is drawn. The turn ends when every seat
is done (Paso 5): the first player passes clockwise. The game ends after the turn in which the
deck can no longer supply 3 cards (Fin del juego; NOTES.md: the card counts decide), and each
seat's final route is then found exactly (scoring.best_route).

Removing 3 cards unseen (2 or 4 players) is played as 3 cards that never come out: the deck
stays whole and the game ends 3 cards earlier. Nobody ever sees the removed cards, so every
revealed sequence has the same probability either way, and a save needs no hidden draw.

Our readings: the second link continues from either end of the first (links are undrawn road
segments; at an intersection every other road is straight on, left or right); a first link
along the block may be left alone (that is the rulebook's "one link anywhere"); the "+1 link"
icons also apply to a seat that drew a single tourist; a café is reached when a drawn link
ends at its intersection.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine.core import (
    Action,
    Chance,
    Config,
    Detail,
    Note,
    Option,
    Prompt,
    tie_note,
)
from game.engine.flow import TurnRules, ask, decide, drafting, resolve, run
from game.engine.open_sheets import HiddenDeck
from game.engine.trails import bits

from . import scoring
from .board import GAME_ID, SIZE, TOURISTS, WILD, Board, load_board
from .state import CHART, DISCARD, NONE, OVER, REVEAL, SETUP, Route, Sheet, State

__all__ = ["Board", "ExploreNewYork", "Route", "Sheet", "State"]

K = GAME_ID + "."  # prefix of every string key
BLOCKS = SIZE * SIZE
EMPTY_BLOCK = (0, 0, 0)


def _set(t: tuple, i: int, v: Any) -> tuple:
    """Tuple `t` with item i replaced by v."""
    return (*t[:i], v, *t[i + 1:])


class ExploreNewYork(HiddenDeck, TurnRules):
    """The rules of Explore New York for 2-4 players (the engine `Rules` protocol)."""

    game_id = GAME_ID
    min_players = 2
    max_players = 4
    Draft = drafting(State)

    def __init__(self, levels_root: Path | None = None) -> None:
        """Load and validate the level data (levels_root: another levels/ folder, for tests)."""
        self.board = b = load_board(levels_root)
        self.all_cards = tuple(range(len(b.cards)))
        self.block_sides = tuple(sum(1 << link for link in block.sides) for block in b.blocks)
        # Per pair of coordinates (WILD for "*"): the blocks the two turn cards allow.
        self.allowed = {(p, q): self._allowed_blocks(p, q)
                        for p in range(SIZE + 1) for q in range(SIZE + 1)}
        self.opt_block = tuple(Option(("block", blk.x, blk.y), ("block", blk.x, blk.y),
                                      K + "option.block", (("x", blk.x), ("y", blk.y)))
                               for blk in b.blocks)
        self.opt_link = tuple(Option(("link", k), ("link", k), K + "option.link")
                              for k in range(len(b.links)))
        self.opt_tourist = tuple(Option(("tourist", name), ("tourist", name),
                                        K + "option.tourist." + name) for name in TOURISTS)
        self.opt_stop = Option(("stop",), None, K + "option.stop")
        self.first_chances = {n: Chance(tuple((seat, 1.0) for seat in range(n)),
                                        K + "chance.first")
                              for n in range(self.min_players, self.max_players + 1)}
        self.empty_sheet = Sheet((EMPTY_BLOCK,) * BLOCKS, 0, 0, 0, NONE)

    def _allowed_blocks(self, p: int, q: int) -> int:
        """Paso 2: the blocks two coordinates give, as a bitmask: (p, q) or (q, p); a WILD
        coordinate is any of 1..6 (two WILDs: any block)."""
        first = range(1, SIZE + 1) if p == WILD else (p,)
        second = range(1, SIZE + 1) if q == WILD else (q,)
        mask = 0
        for a in first:
            for c in second:
                mask |= 1 << self.board.block_at(a, c) | 1 << self.board.block_at(c, a)
        return mask

    # -- setup and the turn (Configuración del juego, Turno del jugador, Fin del juego) -------
    def setup(self, config: Config) -> State:
        """Empty maps, the whole deck; the first player is drawn first."""
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{GAME_ID}: {n} players (allowed {self.min_players}-{self.max_players})")
        unseen = self.board.removed_for(n)
        return State(n, SETUP, 0, NONE, self.all_cards, unseen, len(self.all_cards) - unseen,
                     (), (), (), (self.empty_sheet,) * n, ((),) * n, (), (("first",),))

    def refill(self, d: Any) -> None:
        """A turn: reveal the cards one by one, the discard, everyone charts, the turn ends."""
        d.push(*(("reveal",),) * self.board.cards_per_turn, ("discard",), ("chart",),
               ("end_turn",))
        d.phase = REVEAL

    def is_over(self, state: Any) -> bool:
        """True once the last turn has ended."""
        return state.phase == OVER

    @ask("first")
    def _first_chance(self, s: Any, task: tuple) -> Chance:
        """Configuración 4: a random first player."""
        return self.first_chances[s.players]

    @resolve("first")
    def _first_drawn(self, d: Any, seat: int) -> None:
        d.first = seat
        d.emit("first_player", seat)
        if d.unseen:
            d.emit("cards_removed", count=d.unseen)

    @ask("reveal")
    def _card_chance(self, s: Any, task: tuple) -> Chance:
        """Paso 1: the next card, each card left in the deck equally likely."""
        if s.deck is None:
            raise ValueError("pending() needs the full state, not a view")
        return Chance(tuple((card, 1.0) for card in s.deck), K + "chance.card")

    @resolve("reveal")
    def _reveal(self, d: Any, card: int) -> None:
        at = d.deck.index(card)
        d.deck = d.deck[:at] + d.deck[at + 1:]
        d.left -= 1
        d.revealed = (*d.revealed, card)
        if len(d.revealed) == self.board.cards_per_turn:
            d.phase = DISCARD
        spec = self.board.cards[card]
        d.emit("card_revealed", d.first, card=card, coord=spec.coord,
               tourists=tuple(TOURISTS[t] for t in spec.tourists), plus=spec.plus)

    @ask("discard")
    def _discard_prompt(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """Paso 1: the first player discards one of the 3 revealed cards."""
        options = tuple(Option(("discard", card), ("card", card), K + "option.discard",
                               self.card_params(card)) for card in s.revealed)
        return (Prompt(s.first, "discard", K + "prompt.discard", options),)

    def card_params(self, card: int) -> tuple[tuple[str, Any], ...]:
        """A card as label params: its coordinate ("*" for any) and tourist count."""
        spec = self.board.cards[card]
        return (("coord", "*" if spec.coord == WILD else spec.coord),
                ("tourists", len(spec.tourists)), ("plus", int(spec.plus)))

    @decide("discard")
    def _discard(self, d: Any, player: int, action: Action) -> None:
        card = action[1]
        d.turn_cards = tuple(c for c in d.revealed if c != card)
        d.discarded = (*d.discarded, card)
        d.emit("card_discarded", player, card=card, kept=d.turn_cards)
        d.phase = CHART
        d.queues = tuple((("block", seat),) for seat in range(d.players))
        d.prompts = (None,) * d.players
        for seat in range(d.players):
            self._settle(d, seat)

    @ask("chart")
    def _chart_prompts(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """One prompt per seat still charting (Pasos 2-4, every seat at once)."""
        prompts = s.prompts or tuple(self._seat_prompt(s, q[0]) if q else None for q in s.queues)
        return tuple(p for p in prompts if p is not None)

    @run("end_turn")
    def _end_turn(self, d: Any, task: tuple) -> None:
        """Paso 5: the turn cards are discarded, the next seat clockwise is first; Fin del juego:
        after the turn in which the deck could not supply 3 more cards."""
        d.discarded = (*d.discarded, *d.turn_cards)
        d.revealed, d.turn_cards = (), ()
        d.sheets = tuple(_with_block(sheet, NONE) for sheet in d.sheets)
        d.emit("turn_ended", turn=d.turn, number=d.turn + 1)
        d.turn += 1
        d.first = (d.first + 1) % d.players
        if d.left >= self.board.cards_per_turn:
            return
        d.routes = tuple(scoring.known_route(self.board, sheet) for sheet in d.sheets)
        for seat, route in enumerate(d.routes):
            d.emit("route_found", seat, links=route.links, blocks=route.blocks,
                   cafes=route.cafes, points=route.points, total=route.total)
        d.phase = OVER
        d.emit("game_over")

    # -- a seat's queue while charting --------------------------------------------------------
    def _settle(self, d: Any, seat: int) -> None:
        """Cache the prompt of the seat's head task (tasks offering nothing are dropped); once
        every seat is done, end the "chart" task at the head of the stack."""
        while True:
            queue = d.queues[seat]
            if not queue:
                d.prompts = _set(d.prompts, seat, None)
                if not any(d.queues):
                    d.pop()
                return
            prompt = self._seat_prompt(d, queue[0])
            if prompt is not None:
                d.prompts = _set(d.prompts, seat, prompt)
                return
            d.queues = _set(d.queues, seat, queue[1:])

    def _seat_prompt(self, s: Any, task: tuple) -> Prompt | None:
        """The prompt of one seat task, or None when it offers nothing."""
        seat = task[-1]
        sheet = s.sheets[seat]
        kind = task[0]
        if kind == "block":
            allowed = self.allowed_blocks(s, seat)
            lone = not allowed
            options = (tuple(self.opt_block[b] for b in bits(allowed)) if allowed
                       else _without(self.opt_block, sheet.filled))
            kind = "lone_block" if lone else "block"
            return Prompt(seat, kind, K + "prompt." + kind + self._joker_suffix(s), options,
                          self._coords(s))
        if kind == "tourist":
            return Prompt(seat, "tourist", K + "prompt.tourist", self.opt_tourist)
        if kind == "link2":
            free = self.board.touching[task[1]] & ~sheet.links
            options = (*(self.opt_link[k] for k in bits(free)), self.opt_stop)
            return Prompt(seat, "link2", K + "prompt.link2", options) if free else None
        options = _without(self.opt_link, sheet.links)
        if not options:
            return None
        if kind == "extra":
            return Prompt(seat, "extra", K + "prompt.extra", options)
        message = "prompt.link" if task[1] else "prompt.link_any"
        return Prompt(seat, "link", K + message, options)

    def _coords(self, s: Any) -> tuple[tuple[str, Any], ...]:
        """The turn cards' coordinates as prompt params ("*" for any)."""
        a, b = (self.board.cards[c].coord for c in s.turn_cards)
        if a == WILD:  # the number first: the joker wording names it as {a}
            a, b = b, a
        return (("a", a or "*"), ("b", b or "*"))

    def _joker_suffix(self, s: Any) -> str:
        """Which wording the block prompt needs: "" for two numbers, "_joker" when one card is
        a "*" (its number is the player's choice: said in words, never a bare asterisk),
        "_any" for two of them."""
        jokers = sum(self.board.cards[c].coord == WILD for c in s.turn_cards)
        return ("", "_joker", "_any")[jokers]

    def allowed_blocks(self, s: State, seat: int) -> int:
        """Paso 2: the empty blocks the turn cards give this seat (bitmask; 0: none is empty)."""
        a, b = (self.board.cards[c].coord for c in s.turn_cards)
        return self.allowed[a, b] & ~s.sheets[seat].filled

    # -- a seat's answers (one handler per action kind) -----------------------------------------
    @decide("chart", "block", keep_head=True)
    def _choose_block(self, d: Any, seat: int, action: Action) -> None:
        """Paso 2 then 3: the block, and the turn cards' tourists in it (or, when the cards gave
        no empty block, a single tourist of the seat's choice and one link only)."""
        _, x, y = action
        block = self.board.block_at(x, y)
        lone = d.prompts[seat].kind == "lone_block"
        sheet = d.sheets[seat]
        d.sheets = _set(d.sheets, seat, _with_block(sheet, block))
        d.emit("block_chosen", seat, x=x, y=y, lone=lone)
        extras = tuple(("extra", seat) for c in d.turn_cards if self.board.cards[c].plus)
        if lone:
            rest: tuple = (("tourist", seat), ("link", False, seat), *extras)
        else:
            cards = self.board.cards
            self._draw_tourists(d, seat, tuple(t for c in d.turn_cards for t in cards[c].tourists),
                                "tourists_drawn")
            rest = (("link", True, seat), *extras)
        d.queues = _set(d.queues, seat, rest + d.queues[seat][1:])
        self._settle(d, seat)

    @decide("chart", "tourist", keep_head=True)
    def _lone_tourist(self, d: Any, seat: int, action: Action) -> None:
        """Paso 3.b: the single tourist of the seat's choice."""
        self._draw_tourists(d, seat, (TOURISTS.index(action[1]),), "tourists_drawn")
        d.queues = _set(d.queues, seat, d.queues[seat][1:])
        self._settle(d, seat)

    @decide("chart", "link", keep_head=True)
    def _draw_link(self, d: Any, seat: int, action: Action) -> None:
        """Paso 4: draw a link; a first link along the chosen block may be followed by a second
        one continuing from it (straight on, left or right)."""
        link = action[1]
        queue = d.queues[seat]
        task = queue[0]
        rest = queue[1:]
        if (task[0] == "link" and task[1]
                and self.block_sides[d.sheets[seat].block] >> link & 1):
            rest = (("link2", link, seat), *rest)
        self._draw(d, seat, link)
        d.queues = _set(d.queues, seat, rest)
        self._settle(d, seat)

    @decide("chart", "stop", keep_head=True)
    def _stop(self, d: Any, seat: int, action: Action) -> None:
        """One link only (Paso 4.b): no second link."""
        d.queues = _set(d.queues, seat, d.queues[seat][1:])
        d.emit("link_skipped", seat)
        self._settle(d, seat)

    def _draw(self, d: Any, seat: int, link: int) -> None:
        """Draw a link; each café it reaches for the first time draws its two tourists into
        this turn's block (Bonificaciones de café)."""
        sheet = d.sheets[seat]
        d.sheets = _set(d.sheets, seat, Sheet(sheet.tourists, sheet.filled,
                                              sheet.links | 1 << link, sheet.cafes, sheet.block))
        d.emit("link_drawn", seat, link=link)
        for end in self.board.link_vertices[link]:
            cafe = self.board.cafe_of_vertex.get(end)
            if cafe is None or d.sheets[seat].cafes >> cafe & 1:
                continue
            sheet = d.sheets[seat]
            d.sheets = _set(d.sheets, seat, Sheet(sheet.tourists, sheet.filled, sheet.links,
                                                  sheet.cafes | 1 << cafe, sheet.block))
            d.emit("cafe_reached", seat, cafe=cafe)
            self._draw_tourists(d, seat, self.board.cafes[cafe].tourists, "cafe_tourists")

    def _draw_tourists(self, d: Any, seat: int, types: tuple[int, ...], kind: str) -> None:
        """Add tourists (type indices) to the seat's block of this turn."""
        sheet = d.sheets[seat]
        block = sheet.block
        counts = list(sheet.tourists[block])
        for t in types:
            counts[t] += 1
        d.sheets = _set(d.sheets, seat, Sheet(_set(sheet.tourists, block, tuple(counts)),
                                              sheet.filled | 1 << block, sheet.links,
                                              sheet.cafes, block))
        blk = self.board.blocks[block]
        d.emit(kind, seat, x=blk.x, y=blk.y, tourists=tuple(TOURISTS[t] for t in types))

    # -- views and scores ----------------------------------------------------------------------
    def route(self, state: State, seat: int) -> Route:
        """A seat's final route: found at the end, or the best one of its map so far."""
        if state.routes:
            return state.routes[seat]
        return scoring.known_route(self.board, state.sheets[seat])

    def scores(self, state: State) -> tuple[dict[str, int], ...]:
        """Points by category along each seat's best route (Cálculo de puntos de victoria)."""
        return tuple(dict(self.route(state, seat).points) for seat in range(state.players))

    def winners(self, state: State) -> tuple[int, ...]:
        """Most points; ties share the victory (the rulebook names no tie-break)."""
        totals = [self.route(state, seat).total for seat in range(state.players)]
        return tuple(seat for seat, total in enumerate(totals) if total == max(totals))

    def tiebreak(self, state: State) -> Note | None:
        """At the end, that tied leaders share the victory."""
        if state.phase != OVER:
            return None
        totals = [route.total for route in state.routes]
        winners = self.winners(state)
        # the note's count stays the tied total, so its plural form reads "1 point"
        return tie_note(totals, winners, K + "tiebreak.shared", K + "tiebreak.shared",
                        ("winners", len(winners)))

    def details(self, state: State) -> tuple[tuple[Detail, ...], ...]:
        """Per seat, the scoring boxes of its route (each term's counts and product)."""
        return tuple(scoring.route_details(self.board, self.route(state, seat),
                                           state.sheets[seat])
                     for seat in range(state.players))


def _without(options: tuple[Option, ...], mask: int) -> tuple[Option, ...]:
    """The options whose index is not in `mask` (a sparse mask: slices between its bits)."""
    out: list[Option] = []
    start = 0
    for index in bits(mask):
        out += options[start:index]
        start = index + 1
    out += options[start:]
    return tuple(out)


def _with_block(sheet: Sheet, block: int) -> Sheet:
    """The sheet with this turn's block set."""
    return Sheet(sheet.tourists, sheet.filled, sheet.links, sheet.cafes, block)

