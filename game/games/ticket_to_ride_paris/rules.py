"""Ticket to Ride: Paris rules engine (rulebook: /work/shared/rules/ticket_to_ride_paris.es.txt).

Data: `board.py` (map, tickets, deck from levels/), state: `state.py` (re-exported here).

Flow: setup deals are chance nodes (2 cards per seat, the face-up row, 2 tickets per seat); the
setup ticket choices are simultaneous prompts, one per seat (returned tickets go to the bottom in
the order the seats answer); the first player is a chance node; then turns. A turn is a
`turn` prompt (draw blind, draw face-up slot i, take tickets, claim route r, or pass when nothing
else is possible), followed when needed by `draw2` (second card), `pay` (which cards pay),
`flag` (keep a card for the French flag) or `keep_tickets` prompts.

Conventions for the UI: an option's action equals its target where it has one:
("deck",), ("faceup", slot), ("tickets",), ("route", route_id); keep-one ticket options have
target ("ticket", ticket_id) and action ("keep", (ticket_id,)); pay, flag, keep-all and pass
options have target None. Chance outcomes: colour names for cards, ticket ids for tickets,
seat numbers for the first player.
"""

from __future__ import annotations

from itertools import combinations
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

from .board import (
    COLOR_INDEX,
    COLORS,
    FLAG_COLORS,
    GAME_ID,
    ROUTE_COLORS,
    WILD,
    Board,
    Route,
    load_board,
)
from .state import (
    DRAW2,
    EMPTY,
    FIRST_PLAYER,
    FLAG,
    KEEP_TICKETS,
    OVER,
    PAY,
    SETUP,
    SETUP_TICKETS,
    TURN,
    State,
)

__all__ = ["Board", "State", "TicketToRideParis", "completed_tickets"]

K = GAME_ID + "."  # prefix of every string key
NO_CARDS = (0,) * len(COLORS)
_CARD_CHANCE = K + "chance.card"


_new_object = object.__new__
_set_attr = object.__setattr__  # bypasses the frozen dataclass's __setattr__


class _Draft:
    """A mutable scratch copy of a State: handlers edit it, `freeze` builds the new State.

    One copy in and one constructor call out per `apply` keeps apply cheap and never touches
    the input state. State is a plain (non-slots) frozen dataclass, so the copy in and the
    build out are each a single dict copy instead of one call per field (apply runs ~100k
    times per second of playouts).
    """

    def __init__(self, s: State) -> None:
        self.__dict__ = s.__dict__.copy()

    def freeze(self) -> State:
        """The new immutable State; it takes over the draft's dict (do not use the draft after)."""
        state = _new_object(State)
        _set_attr(state, "__dict__", self.__dict__)
        return state


def _set(t: tuple, i: int, v: Any) -> tuple:
    """Tuple `t` with item i replaced by v."""
    return t[:i] + (v,) + t[i + 1:]


def _add(t: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    """Count tuple `t` with n added at index i."""
    return t[:i] + (t[i] + n,) + t[i + 1:]


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def completed_tickets(board: Board, owners: tuple[int, ...], seat: int,
                      tickets: tuple[int, ...]) -> tuple[bool, ...]:
    """For each ticket, whether `seat`'s claimed routes connect its two locations (union-find)."""
    parent = list(range(len(board.locations)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in board.routes:
        if owners[r.index] == seat:
            parent[find(r.a)] = find(r.b)
    return tuple(find(board.tickets[t].a) == find(board.tickets[t].b) for t in tickets)


class TicketToRideParis:
    """The rules of Ticket to Ride: Paris for 2-4 players (the engine `Rules` protocol)."""

    game_id = GAME_ID
    min_players = 2
    max_players = 4

    def __init__(self, levels_root: Path | None = None) -> None:
        """Load and validate the level data (levels_root: another levels/ folder, for tests)."""
        self.board = load_board(levels_root)
        self.rules = self.board.rules
        self._chances: dict[tuple[int, ...], Chance] = {}
        self._build_options()

    # -- prebuilt options (they never change, so pending only assembles tuples) ---------------
    def _build_options(self) -> None:
        b = self.board
        # Per colour, shortest first (board order within a length): (length, index, twin).
        self._route_keys_by_color = tuple(
            tuple((r.length, r.index, r.twin) for r in routes) for routes in b.routes_by_color)
        self._max_length = max((r.length for r in b.routes), default=0)
        # Per colour, per affordable length 0..max: (index, twin) of the routes short enough.
        # (solo, twins): solo[cap] = indices of twinless routes, twins[cap] = (index, twin).
        self._routes_by_cap = tuple(
            (tuple(tuple(i for length, i, twin in keys if length <= cap and twin < 0)
                   for cap in range(self._max_length + 1)),
             tuple(tuple((i, twin) for length, i, twin in keys if length <= cap and twin >= 0)
                   for cap in range(self._max_length + 1)))
            for keys in self._route_keys_by_color)
        self._events: dict[tuple, Event] = {}  # memo of recurring events (they are immutable)
        self._row_options: dict[tuple[int, ...], tuple[tuple[Option, ...], ...]] = {}
        self._keep_prompts: dict[tuple, Prompt] = {}  # memo: (seat, offered, message) -> Prompt
        self._wild_limit = self.rules["faceup_wild_limit"]
        self.opt_deck = Option(("deck",), ("deck",), K + "option.deck")
        self.opt_tickets = Option(("tickets",), ("tickets",), K + "option.tickets")
        self.opt_pass = Option(("pass",), None, K + "option.pass")
        self.opt_faceup = tuple(
            tuple(Option(("faceup", slot), ("faceup", slot), f"{K}option.faceup.{color}",
                         (("slot", slot + 1),)) for color in COLORS)
            for slot in range(self.rules["faceup"])
        )
        self.opt_claim = tuple(
            Option(("route", r.id), ("route", r.id), f"{K}option.claim.{ROUTE_COLORS[r.color]}",
                   (("route", self.route_name(r)), ("length", r.length), ("points", r.points)))
            for r in b.routes
        )
        self.opt_flag = tuple(
            (Option(("flag", "keep"), None, f"{K}option.flag_keep.{ROUTE_COLORS[c]}"),
             Option(("flag", "discard"), None, K + "option.flag_discard"))
            if c in FLAG_COLORS else ()
            for c in range(len(ROUTE_COLORS))
        )

    def route_name(self, route: Route) -> str:
        """Display text of a route: its two location names."""
        locs = self.board.locations
        return f"{locs[route.a].name} – {locs[route.b].name}"

    def ticket_params(self, t: int) -> tuple[tuple[str, Any], ...]:
        """Label params of a ticket: its locations' names and its points."""
        ticket = self.board.tickets[t]
        locs = self.board.locations
        return (("a", locs[ticket.a].name), ("b", locs[ticket.b].name),
                ("points", ticket.points))

    # -- setup (rulebook: Preparación) ---------------------------------------------------------
    def initial_state(self, config: Config) -> State:
        """Before the setup deals: full deck, all tickets in the pool, every card owed by chance."""
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{GAME_ID}: {n} players (allowed {self.min_players}-{self.max_players})")
        r = self.rules
        hand_deals = tuple(("hand", seat) for _ in range(r["hand"]) for seat in range(n))
        row_deals = tuple(("row", slot) for slot in range(r["faceup"]))
        return State(
            players=n, phase=SETUP, current=-1,
            hands=(NO_CARDS,) * n, hand_sizes=(0,) * n,
            buses=(r["buses"],) * n, route_points=(0,) * n, flags=(0,) * n,
            front=((0, 0, 0),) * n, owners=(EMPTY,) * len(self.board.routes),
            deck=self.board.deck, deck_size=sum(self.board.deck), discard=NO_CARDS,
            row=(EMPTY,) * r["faceup"],
            tickets=((),) * n, offered=((),) * n,
            ticket_pool=tuple(range(len(self.board.tickets))), ticket_bottom=(),
            ticket_deck_size=len(self.board.tickets),
            card_queue=hand_deals + row_deals,
            ticket_queue=tuple(seat for _ in range(r["tickets_dealt"]) for seat in range(n)),
            claim=(), drawn=0, final_turns=-1, passes=0, turn=0,
        )

    # -- pending -------------------------------------------------------------------------------
    def pending(self, state: State) -> Pending:
        """Chance (card, ticket or first player), TERMINAL, or the prompts of who acts now."""
        s = state
        if s.phase == OVER:
            return TERMINAL
        if s.card_queue:
            pile = s.deck if s.deck_size else s.discard
            if pile is None:
                raise ValueError("pending() needs the full state, not a view")
            chance = self._chances.get(pile)
            return chance if chance is not None else self._card_chance(pile)
        if s.ticket_queue:
            if s.ticket_pool is None:
                raise ValueError("pending() needs the full state, not a view")
            if s.ticket_pool:
                ids = self.board.tickets
                return Chance(tuple((ids[t].id, 1.0) for t in s.ticket_pool), K + "chance.ticket")
            return Chance(((self.board.tickets[s.ticket_bottom[0]].id, 1.0),), K + "chance.ticket")
        if s.phase == FIRST_PLAYER:
            return Chance(tuple((seat, 1.0) for seat in range(s.players)), K + "chance.first")
        return self.prompts(s)

    def _card_chance(self, pile: tuple[int, ...]) -> Chance:
        """The next card: a colour weighted by its count (memoised: piles repeat a lot)."""
        chance = self._chances.get(pile)
        if chance is None:
            if len(self._chances) > 100_000:  # bound the memo; it refills quickly
                self._chances.clear()
            chance = Chance(tuple([(COLORS[c], float(k)) for c, k in enumerate(pile) if k]),
                            _CARD_CHANCE)
            self._chances[pile] = chance
        return chance

    def prompts(self, s: State) -> tuple[Prompt, ...]:
        """The prompts of the current decision; on a view, only the viewer's own prompt."""
        phase = s.phase
        p = s.current
        if s.viewer is not None:
            if phase == SETUP_TICKETS:
                seat = s.viewer
                return ((self._keep_prompt(s, seat, "prompt.setup_tickets"),)
                        if 0 <= seat < s.players and s.offered[seat] else ())
            if s.viewer != p or s.card_queue or s.ticket_queue or phase in (FIRST_PLAYER, OVER):
                return ()
        if phase == TURN:
            options = self.turn_options(s)
            if options:
                return (Prompt(p, "turn", K + "prompt.turn", options, (("player", p),)),)
            return (Prompt(p, "pass", K + "prompt.stuck", (self.opt_pass,), (("player", p),)),)
        if phase == DRAW2:
            return (Prompt(p, "draw2", K + "prompt.draw_second", self.second_draw_options(s)),)
        if phase == PAY:
            return (self._pay_prompt(s),)
        if phase == FLAG:
            route = self.board.routes[s.claim[0]]
            return (Prompt(p, "flag", K + "prompt.flag", self.opt_flag[route.color],
                           (("color", f"{K}color.{ROUTE_COLORS[route.color]}"),)),)
        if phase == KEEP_TICKETS:
            return (self._keep_prompt(s, p, "prompt.keep_tickets"),)
        if phase == SETUP_TICKETS:
            return tuple(self._keep_prompt(s, seat, "prompt.setup_tickets")
                         for seat in range(s.players) if s.offered[seat])
        return ()

    def turn_options(self, s: State) -> tuple[Option, ...]:
        """The 3 actions of a turn (rulebook, Turno del juego), in board order."""
        options: list[Option] = []
        if s.deck_size or any(s.discard):
            options.append(self.opt_deck)
        row_options = self._row_options.get(s.row)
        if row_options is None:
            row_options = self._build_row_options(s.row)
        options.extend(row_options[0])
        if s.ticket_deck_size:
            options.append(self.opt_tickets)
        hand = s.hands[s.current]
        if hand is not None:
            claim = self.opt_claim
            options.extend([claim[i] for i in self._claimable_indices(
                hand, s.buses[s.current], s.owners, s.current, s.players == 2)])
        return tuple(options)

    def second_draw_options(self, s: State) -> tuple[Option, ...]:
        """Second card: blind, or any face-up card but a wild (Robar cartas de Transporte)."""
        row_options = self._row_options.get(s.row)
        if row_options is None:
            row_options = self._build_row_options(s.row)
        if s.deck_size or any(s.discard):
            return (self.opt_deck,) + row_options[1]
        return row_options[1]

    def _build_row_options(self, row: tuple[int, ...]) -> tuple[tuple[Option, ...], ...]:
        """Face-up options of a row (memoised): (every card, every card but wilds)."""
        if len(self._row_options) > 100_000:  # bound the memo; it refills quickly
            self._row_options.clear()
        faceup = self.opt_faceup
        built = (tuple(faceup[i][c] for i, c in enumerate(row) if c != EMPTY),
                 tuple(faceup[i][c] for i, c in enumerate(row) if c != EMPTY and c != WILD))
        self._row_options[row] = built
        return built

    def claimable(self, s: State, seat: int) -> list[Route]:
        """Routes `seat` may claim now: open, affordable, enough buses, double-route rules."""
        hand = s.hands[seat]
        if hand is None:
            return []
        routes = self.board.routes
        return [routes[i] for i in self._claimable_indices(hand, s.buses[seat], s.owners, seat,
                                                           s.players == 2)]

    def _claimable_indices(self, hand: tuple[int, ...], buses: int, owners: tuple[int, ...],
                           seat: int, two_players: bool) -> list[int]:
        """Indices of the routes `claimable` returns, in index order."""
        wild = hand[WILD]
        top = min(buses, self._max_length)  # longest affordable route length
        found: list[int] = []
        if top <= 0:
            return found
        append = found.append
        for color, (solo, twins) in enumerate(self._routes_by_cap):
            can_pay = hand[color] + wild
            if not can_pay:
                continue
            cap = min(top, can_pay)
            found += [index for index in solo[cap] if owners[index] == EMPTY]
            for index, twin in twins[cap]:
                # Recorridos Dobles: never both twins; with 2 players the twin closes.
                if owners[index] == EMPTY and not (
                        owners[twin] == seat or (two_players and owners[twin] != EMPTY)):
                    append(index)
        found.sort()
        return found

    @staticmethod
    def can_claim(s: State, seat: int, r: Route) -> bool:
        """Whether `seat` may claim route r now (the same tests as `claimable`)."""
        hand = s.hands[seat]
        if hand is None or s.owners[r.index] != EMPTY or r.length > s.buses[seat]:
            return False
        if r.length > hand[r.color] + hand[WILD]:
            return False
        twin = r.twin
        return not (twin >= 0 and (s.owners[twin] == seat
                                   or (s.players == 2 and s.owners[twin] != EMPTY)))

    @staticmethod
    def payments(hand: tuple[int, ...], route: Route) -> list[tuple[int, int]]:
        """Distinct ways to pay (colour cards, wilds) for a route, most colour cards first."""
        have, wild, n = hand[route.color], hand[WILD], route.length
        return [(k, n - k) for k in range(min(have, n), max(0, n - wild) - 1, -1)]

    def _pay_prompt(self, s: State) -> Prompt:
        route = self.board.routes[s.claim[0]]
        color = ROUTE_COLORS[route.color]
        options = tuple(
            Option(("pay", k, w), None, f"{K}option.pay.{color}", (("colored", k), ("wilds", w)))
            for k, w in self.payments(s.hands[s.current], route)
        )
        return Prompt(s.current, "pay", K + "prompt.pay", options,
                      (("route", self.route_name(route)),))

    def _keep_prompt(self, s: State, seat: int, message: str) -> Prompt:
        """Keep at least one of the drawn tickets: every non-empty subset is an option."""
        offered = s.offered[seat]
        key = (seat, offered, message)
        prompt = self._keep_prompts.get(key)
        if prompt is None:
            if len(self._keep_prompts) > 100_000:  # bound the memo
                self._keep_prompts.clear()
            prompt = self._keep_prompts[key] = self._build_keep_prompt(offered, seat, message)
        return prompt

    def _build_keep_prompt(self, offered: tuple[int, ...], seat: int, message: str) -> Prompt:
        ids = [self.board.tickets[t].id for t in offered]
        options = []
        for size in range(1, len(offered) + 1):
            for combo in combinations(range(len(offered)), size):
                keep = tuple(ids[i] for i in combo)
                if size == 1:
                    options.append(Option(("keep", keep), ("ticket", keep[0]),
                                          K + "option.keep_one", self.ticket_params(offered[combo[0]])))
                elif size == len(offered):
                    options.append(Option(("keep", keep), None, K + "option.keep_all",
                                          (("count", size),)))
                else:  # only with a ticket draw of 3+ (deck.toml rules.tickets_drawn)
                    names = ", ".join("{a} – {b}".format(**dict(self.ticket_params(offered[i])))
                                      for i in combo)
                    options.append(Option(("keep", keep), None, K + "option.keep_some",
                                          (("count", size), ("tickets", names))))
        return Prompt(seat, "keep_tickets", K + message, tuple(options), (("count", len(offered)),))

    # -- apply ---------------------------------------------------------------------------------
    def apply(self, state: State, player: int | None, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply one action or chance outcome; never mutates `state`; IllegalAction if not legal."""
        s = state
        if s.viewer is not None:
            raise IllegalAction("apply() needs the full state, not a view")
        if s.phase == OVER:
            raise IllegalAction("the game is over")
        d = _new_object(_Draft)  # _Draft(s), without the __init__ call
        d.__dict__ = s.__dict__.copy()
        events: list[Event] = []
        if player is None:
            if s.card_queue:
                self._deal_card(d, action, events)
            elif s.ticket_queue or s.phase == FIRST_PLAYER:
                self._apply_chance(d, action, events)
            else:
                raise IllegalAction("no chance node is pending")
        else:
            if s.card_queue or s.ticket_queue or s.phase == FIRST_PLAYER:
                raise IllegalAction("a chance outcome must be resolved first")
            self._apply_player(d, player, action, events)
        self._advance(d, events)
        new = _new_object(State)  # d.freeze(), without the method call
        _set_attr(new, "__dict__", d.__dict__)
        return new, tuple(events)

    def _apply_player(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        if d.phase == SETUP_TICKETS:
            if not (0 <= player < d.players and d.offered[player]):
                raise IllegalAction(f"player {player} has no tickets to choose")
        elif player != d.current:
            raise IllegalAction(f"it is player {d.current}'s turn, not {player}'s")
        if not isinstance(action, tuple) or not action:
            raise IllegalAction(f"{action!r} is not an action")
        handler = self._handlers.get((d.phase, action[0]))
        if handler is None:
            raise IllegalAction(f"{action!r} is not a legal choice in phase {d.phase!r}")
        handler(self, d, player, action, events)

    # -- chance outcomes -----------------------------------------------------------------------
    def _apply_chance(self, d: _Draft, outcome: Action, events: list[Event]) -> None:
        if d.card_queue:
            self._deal_card(d, outcome, events)
        elif d.ticket_queue:
            self._deal_ticket(d, outcome, events)
        else:
            if outcome not in range(d.players) or isinstance(outcome, bool):
                raise IllegalAction(f"{outcome!r} is not a seat")
            events.append(event("first_player", outcome))
            self._start_turn(d, outcome, events)

    def _deal_card(self, d: _Draft, outcome: Action, events: list[Event]) -> None:
        """One card off the deck; an empty deck first takes the shuffled discard pile."""
        color = COLOR_INDEX.get(outcome) if isinstance(outcome, str) else None
        if not d.deck_size:
            self._reshuffle(d, events)
        if color is None or not d.deck[color]:
            raise IllegalAction(f"{outcome!r} is not a card left in the deck")
        d.deck = _add(d.deck, color, -1)
        d.deck_size -= 1
        (where, who), d.card_queue = d.card_queue[0], d.card_queue[1:]
        key = (where, who, color)
        ev = self._events.get(key)
        if ev is None:
            name = COLORS[color]
            if where == "row":
                ev = event("faceup_refilled", slot=who, color=name)
            else:
                kind = "card_dealt" if where == "hand" else "card_drawn"
                # Only the drawer sees a blind card: `visible_to` names the seat that may see it.
                ev = event(kind, who, source="deck", color=name, visible_to=who)
            self._events[key] = ev
        if where == "row":
            d.row = _set(d.row, who, color)
        else:
            self._gain(d, who, color, 1)
        events.append(ev)

    def _deal_ticket(self, d: _Draft, outcome: Action, events: list[Event]) -> None:
        t = self.board.ticket_index.get(outcome) if isinstance(outcome, str) else None
        if d.ticket_pool:
            if t is None or t not in d.ticket_pool:
                raise IllegalAction(f"{outcome!r} is not a ticket in the deck")
            d.ticket_pool = tuple(x for x in d.ticket_pool if x != t)
        else:
            # The pool of unknown tickets is out: returned tickets come back in order.
            if t is None or t != d.ticket_bottom[0]:
                raise IllegalAction(f"{outcome!r} is not the next returned ticket")
            d.ticket_bottom = d.ticket_bottom[1:]
        d.ticket_deck_size -= 1
        seat, d.ticket_queue = d.ticket_queue[0], d.ticket_queue[1:]
        d.offered = _set(d.offered, seat, d.offered[seat] + (t,))
        events.append(event("ticket_drawn", seat, ticket=outcome, visible_to=seat))

    @staticmethod
    def _reshuffle(d: _Draft, events: list[Event]) -> None:
        """Rulebook: "Si se agota el mazo, baraja la pila de descartes para crear un nuevo mazo".

        A multiset has no order, so shuffling is just moving the counts; the chance node over
        colours does the rest.
        """
        if d.deck_size == 0 and any(d.discard):
            d.deck, d.deck_size, d.discard = d.discard, sum(d.discard), NO_CARDS
            events.append(event("deck_reshuffled", size=d.deck_size))

    @staticmethod
    def _gain(d: _Draft, seat: int, color: int, n: int) -> None:
        d.hands = _set(d.hands, seat, _add(d.hands[seat], color, n))
        d.hand_sizes = _add(d.hand_sizes, seat, n)

    # -- player actions (one small handler per action kind) ------------------------------------
    def _act_deck(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        """Draw the top card blind (Robar cartas de Transporte)."""
        if action != ("deck",) or not (d.deck_size or any(d.discard)):
            raise IllegalAction("the deck and the discard pile are empty")
        d.card_queue = d.card_queue + (("draw", player),)
        d.drawn += 1
        d.phase = DRAW2  # `_advance` ends the turn once the card is dealt if this was the 2nd

    def _act_faceup(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        """Take a face-up card; a wild first ends the draw, a wild second is not allowed."""
        slot = action[1] if len(action) == 2 else None
        if not isinstance(slot, int) or not 0 <= slot < len(d.row) or d.row[slot] == EMPTY:
            raise IllegalAction(f"{action!r}: no face-up card there")
        color = d.row[slot]
        if color == WILD and d.drawn:
            raise IllegalAction("a face-up wild cannot be the second card")
        d.row = _set(d.row, slot, EMPTY)
        self._gain(d, player, color, 1)
        key = ("faceup", player, slot, color)
        ev = self._events.get(key)
        if ev is None:
            ev = self._events[key] = event("card_drawn", player, source="faceup", slot=slot,
                                           color=COLORS[color])
        events.append(ev)
        # "reemplaza de inmediato la carta robada con una carta de la parte superior del mazo"
        if d.deck_size or any(d.discard):
            d.card_queue = d.card_queue + (("row", slot),)
        # A face-up wild taken first is the whole draw: count it as both cards.
        d.drawn = 2 if color == WILD else d.drawn + 1
        d.phase = DRAW2

    def _act_tickets(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        """Draw 2 tickets (fewer if the deck has fewer) and choose (Robar Billetes de Destino)."""
        if action != ("tickets",) or not d.ticket_deck_size:
            raise IllegalAction("the ticket deck is empty")
        count = min(self.rules["tickets_drawn"], d.ticket_deck_size)
        d.ticket_queue = (player,) * count
        d.phase = KEEP_TICKETS
        events.append(event("tickets_drawn", player, count=count))

    def _act_keep(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        """Keep a non-empty subset; the rest go to the bottom of the ticket deck, in order."""
        offered = d.offered[player]
        ids = self.board.ticket_index
        keep = action[1] if len(action) == 2 and isinstance(action[1], tuple) else ()
        kept = tuple(ids.get(k, EMPTY) for k in keep)
        if not kept or len(set(kept)) != len(kept) or any(t not in offered for t in kept):
            raise IllegalAction(f"{action!r}: keep at least one of the tickets you drew")
        returned = tuple(t for t in offered if t not in kept)
        d.tickets = _set(d.tickets, player, d.tickets[player] + kept)
        d.offered = _set(d.offered, player, ())
        d.ticket_bottom = d.ticket_bottom + returned
        d.ticket_deck_size += len(returned)
        events.append(event("tickets_kept", player, kept=keep, visible_to=player,
                            count=len(kept), returned=len(returned)))
        if d.phase == KEEP_TICKETS:
            self._end_turn(d, events)

    def _act_route(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        """Claim a route (Cubrir un Recorrido); ask how to pay when several card sets can."""
        index = self.board.route_index.get(action[1]) if len(action) == 2 else None
        if index is None:
            raise IllegalAction(f"{action!r}: unknown route")
        route = self.board.routes[index]
        if not self.can_claim(d, player, route):
            raise IllegalAction(f"route {route.id!r} cannot be claimed now")
        ways = self.payments(d.hands[player], route)
        d.claim = (index,)
        if len(ways) == 1:
            self._pay(d, player, route, *ways[0], events)
        else:
            d.phase = PAY

    def _act_pay(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        """Pay with the chosen card set (the rulebook's A/B/C example)."""
        route = self.board.routes[d.claim[0]]
        if len(action) != 3 or (action[1], action[2]) not in self.payments(d.hands[player], route):
            raise IllegalAction(f"{action!r} does not pay for {route.id!r}")
        self._pay(d, player, route, action[1], action[2], events)

    def _pay(self, d: _Draft, player: int, route: Route, k: int, w: int,
             events: list[Event]) -> None:
        hand = _add(_add(d.hands[player], route.color, -k), WILD, -w)
        d.hands = _set(d.hands, player, hand)
        d.hand_sizes = _add(d.hand_sizes, player, -route.length)
        d.owners = _set(d.owners, route.index, player)
        d.buses = _add(d.buses, player, -route.length)
        d.route_points = _add(d.route_points, player, route.points)
        cards = (ROUTE_COLORS[route.color],) * k + ("wild",) * w
        # The paid cards come out of a hidden hand: a reveal (undo may not cross it).
        events.append(event("route_claimed", player, route=route.id, cards=cards,
                            points=route.points, reveal=True))
        flag_slot = FLAG_COLORS.index(route.color) if route.color in FLAG_COLORS else -1
        # La bandera francesa: only a card of the route's own colour (never a wild), and only if
        # no card of that colour is already in front of the player.
        if flag_slot >= 0 and k >= 1 and not d.front[player][flag_slot]:
            d.claim = (route.index, k, w)
            d.phase = FLAG
            return
        d.discard = _add(_add(d.discard, route.color, k), WILD, w)
        self._end_turn(d, events)

    def _act_flag(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        """Keep one paid card in front of you for the French flag, or discard it."""
        if action not in (("flag", "keep"), ("flag", "discard")):
            raise IllegalAction(f"{action!r}: choose ('flag', 'keep') or ('flag', 'discard')")
        index, k, w = d.claim
        color = self.board.routes[index].color
        if action[1] == "keep":
            slot = FLAG_COLORS.index(color)
            d.front = _set(d.front, player, _set(d.front[player], slot, 1))
            k -= 1
            events.append(event("flag_card_kept", player, color=COLORS[color]))
        d.discard = _add(_add(d.discard, color, k), WILD, w)
        self._end_turn(d, events)

    def _act_pass(self, d: _Draft, player: int, action: Action, events: list[Event]) -> None:
        """Pass: only offered when no action is possible (ours: so every game can end)."""
        if action != ("pass",) or self.turn_options(d):
            raise IllegalAction("you can only pass when no action is possible")
        d.passes += 1
        events.append(event("passed", player))
        self._end_turn(d, events, passed=True)

    _handlers: ClassVar[dict] = {
        (TURN, "deck"): _act_deck,
        (DRAW2, "deck"): _act_deck,
        (TURN, "faceup"): _act_faceup,
        (DRAW2, "faceup"): _act_faceup,
        (TURN, "tickets"): _act_tickets,
        (TURN, "route"): _act_route,
        (TURN, "pass"): _act_pass,
        (PAY, "pay"): _act_pay,
        (FLAG, "flag"): _act_flag,
        (KEEP_TICKETS, "keep"): _act_keep,
        (SETUP_TICKETS, "keep"): _act_keep,
    }

    # -- turn structure ------------------------------------------------------------------------
    def _start_turn(self, d: _Draft, seat: int, events: list[Event]) -> None:
        d.phase, d.current, d.drawn, d.claim = TURN, seat, 0, ()
        d.turn += 1
        key = ("turn_started", seat, d.turn)
        ev = self._events.get(key)
        if ev is None:
            ev = self._events[key] = event("turn_started", seat, turn=d.turn)
        events.append(ev)

    def _end_turn(self, d: _Draft, events: list[Event], passed: bool = False) -> None:
        """French flag check, row refill, last-round count, then the next seat (or game over)."""
        p = d.current
        if not passed:
            d.passes = 0
        if d.front[p] == (1, 1, 1):
            # "al final del turno ... carta azul, blanca y roja ... gana 4 puntos y deberá
            # descartar las cartas de la bandera"; repeatable.
            d.front = _set(d.front, p, (0, 0, 0))
            d.flags = _add(d.flags, p, 1)
            for c in FLAG_COLORS:
                d.discard = _add(d.discard, c, 1)
            events.append(event("flag_completed", p, points=self.rules["flag_points"]))
        self._refill_row(d)
        if d.final_turns > 0:
            d.final_turns -= 1
        elif d.final_turns < 0 and d.buses[p] <= self.rules["last_round_buses"]:
            # Every player, this one included, gets one more turn.
            d.final_turns = d.players
            events.append(event("last_round", p, turns=d.players))
        if d.final_turns == 0 or d.passes >= d.players:
            self._game_over(d, events)
        else:
            self._start_turn(d, (p + 1) % d.players, events)

    def _refill_row(self, d: _Draft) -> None:
        """Fill face-up slots left empty while deck and discard were out (ours: once cards return)."""
        if EMPTY not in d.row or not (d.deck_size or any(d.discard)):
            return
        queued = {who for where, who in d.card_queue if where == "row"}
        empty = tuple(("row", i) for i, c in enumerate(d.row) if c == EMPTY and i not in queued)
        d.card_queue = d.card_queue + empty

    def _game_over(self, d: _Draft, events: list[Event]) -> None:
        d.phase = OVER
        d.card_queue, d.ticket_queue = (), ()
        results = []
        for seat in range(d.players):
            done = completed_tickets(self.board, d.owners, seat, d.tickets[seat])
            ids = [self.board.tickets[t].id for t in d.tickets[seat]]
            results.append({"seat": seat,
                            "completed": tuple(i for i, ok in zip(ids, done) if ok),
                            "failed": tuple(i for i, ok in zip(ids, done) if not ok)})
        events.append(event("game_over", None, reveal=True, tickets=tuple(results)))

    def _advance(self, d: _Draft, events: list[Event]) -> None:
        """Automatic steps after every apply: drop impossible deals, row resets, phase changes."""
        while True:
            if d.phase == OVER:
                return
            if not d.deck_size:
                self._reshuffle(d, events)  # at once: the deck on screen is never falsely empty
            if d.card_queue:
                if d.deck_size or any(d.discard):
                    return
                d.card_queue = ()  # deck and discard are out: the slots stay empty
            if d.row.count(WILD) >= self._wild_limit and self._reset_row(d, events):
                continue
            if d.ticket_queue:
                if d.ticket_deck_size:
                    return
                d.ticket_queue = ()
            if d.phase == SETUP:
                d.phase = SETUP_TICKETS
            if d.phase == SETUP_TICKETS and not any(d.offered):
                d.phase = FIRST_PLAYER
            elif d.phase == DRAW2 and (d.drawn >= 2 or not self.second_draw_options(d)):
                # Two cards taken (or a face-up wild), or no second card can be drawn.
                self._end_turn(d, events)
                continue
            return

    def _reset_row(self, d: _Draft, events: list[Event]) -> bool:
        """3 face-up wilds: discard the row and deal 5 new, unless no legal row can come out."""
        limit = self.rules["faceup_wild_limit"]
        if d.row.count(WILD) < limit or not self._legal_row_possible(d, limit):
            return False
        row_cards = tuple(COLORS[c] for c in d.row if c != EMPTY)
        d.discard = _plus(d.discard, self._row_counts(d.row))
        d.row = (EMPTY,) * len(d.row)
        d.card_queue = d.card_queue + tuple(("row", i) for i in range(len(d.row)))
        events.append(event("row_reset", discarded=row_cards))
        return True

    @staticmethod
    def _legal_row_possible(d: _Draft, limit: int) -> bool:
        """NOTES.md: stop resetting when the deck and discard cannot supply a legal row.

        The new row takes the deck first and, once it runs out, the reshuffled discard pile
        (which then holds the old row). Checking the deck and the rest separately matters: with
        exactly 5 cards left in the deck, the new row is those 5, whatever the discard holds.
        """
        size = len(d.row)
        wild_deck = d.deck[WILD]
        if d.deck_size >= size:
            return d.deck_size - wild_deck >= size - (limit - 1)
        rest = _plus(d.discard, TicketToRideParis._row_counts(d.row))
        from_rest = min(size - d.deck_size, sum(rest))
        best_nonwild = d.deck_size - wild_deck + min(from_rest, sum(rest) - rest[WILD])
        return best_nonwild >= d.deck_size + from_rest - (limit - 1)

    @staticmethod
    def _row_counts(row: tuple[int, ...]) -> tuple[int, ...]:
        counts = [0] * len(COLORS)
        for c in row:
            if c != EMPTY:
                counts[c] += 1
        return tuple(counts)

    # -- views and scores ----------------------------------------------------------------------
    def view(self, state: State, player: int | None) -> State:
        """What `player` may see: own hand/tickets; sizes only of others' hands and the decks."""
        s = state
        reveal = s.phase == OVER  # the final scoring shows every ticket
        return State(
            players=s.players, phase=s.phase, current=s.current,
            hands=tuple(h if seat == player else None for seat, h in enumerate(s.hands)),
            hand_sizes=s.hand_sizes, buses=s.buses, route_points=s.route_points,
            flags=s.flags, front=s.front, owners=s.owners,
            deck=None, deck_size=s.deck_size, discard=s.discard, row=s.row,
            tickets=tuple(t if seat == player or reveal else None
                          for seat, t in enumerate(s.tickets)),
            offered=tuple(o if seat == player else (EMPTY,) * len(o)
                          for seat, o in enumerate(s.offered)),
            ticket_pool=None, ticket_bottom=None, ticket_deck_size=s.ticket_deck_size,
            card_queue=s.card_queue, ticket_queue=s.ticket_queue, claim=s.claim,
            drawn=s.drawn, final_turns=s.final_turns, passes=s.passes, turn=s.turn,
            viewer=-1 if player is None else player,
        )

    def scores(self, state: State) -> tuple[dict[str, int], ...]:
        """Points by category: routes, tickets (only once the game is over: they are secret), flags."""
        s = state
        out = []
        for seat in range(s.players):
            tickets = 0
            if s.phase == OVER and s.tickets[seat] is not None:
                done = completed_tickets(self.board, s.owners, seat, s.tickets[seat])
                for t, ok in zip(s.tickets[seat], done):
                    tickets += self.board.tickets[t].points * (1 if ok else -1)
            out.append({"routes": s.route_points[seat], "tickets": tickets,
                        "flags": s.flags[seat] * self.rules["flag_points"]})
        return tuple(out)

    def completed_count(self, state: State, seat: int) -> int:
        """How many of `seat`'s tickets are completed (0 if they are hidden)."""
        tickets = state.tickets[seat]
        if tickets is None:
            return 0
        return sum(completed_tickets(self.board, state.owners, seat, tickets))

    def winners(self, state: State) -> tuple[int, ...]:
        """Most points; tie: most completed tickets; still tied: shared victory."""
        totals = [sum(b.values()) for b in self.scores(state)]
        best = max(totals)
        tied = [seat for seat, t in enumerate(totals) if t == best]
        if len(tied) == 1:
            return tuple(tied)
        done = {seat: self.completed_count(state, seat) for seat in tied}
        most = max(done.values())
        return tuple(seat for seat in tied if done[seat] == most)

    # -- score explanation for the results screen (rulebook: Final de la partida) --------------
    def details(self, state: State) -> tuple[tuple[Detail, ...], ...]:
        """Per seat, the lines behind `scores`: each ticket, routes by length, French flags."""
        return tuple(self._ticket_details(state, seat) + self._route_details(state, seat)
                     + self._flag_details(state, seat) for seat in range(state.players))

    def _ticket_details(self, s: State, seat: int) -> tuple[Detail, ...]:
        """Each ticket: +points if its locations are connected, -points if not (once over)."""
        tickets = s.tickets[seat]
        if s.phase != OVER or tickets is None:
            return ()
        done = completed_tickets(self.board, s.owners, seat, tickets)
        return tuple(
            Detail("tickets", K + "detail.ticket", self.ticket_params(t),
                   self.board.tickets[t].points * (1 if ok else -1), ok)
            for t, ok in zip(tickets, done)
        )

    def _route_details(self, s: State, seat: int) -> tuple[Detail, ...]:
        """Claimed routes grouped by length, longest first: "Length 3: 2 x 4 pt"."""
        groups: dict[int, list[int]] = {}
        for r in self.board.routes:
            if s.owners[r.index] == seat:
                groups.setdefault(r.length, []).append(r.points)
        if not groups:
            return (Detail("routes", K + "detail.no_routes"),)
        return tuple(
            Detail("routes", K + "detail.routes",
                   (("length", length), ("count", len(pts)), ("each", pts[0])), sum(pts))
            for length, pts in sorted(groups.items(), reverse=True)
        )

    def _flag_details(self, s: State, seat: int) -> tuple[Detail, ...]:
        """Completed French flags (+4 each) and the cards of an unfinished one (no points)."""
        each = self.rules["flag_points"]
        out = []
        if s.flags[seat]:
            out.append(Detail("flags", K + "detail.flags",
                              (("count", s.flags[seat]), ("each", each)), s.flags[seat] * each,
                              True))
        cards = sum(s.front[seat])
        if cards:
            out.append(Detail("flags", K + "detail.flag_cards", (("count", cards),)))
        return tuple(out) or (Detail("flags", K + "detail.no_flags"),)

    def tiebreak(self, state: State) -> Note | None:
        """At the end, why tied leaders were separated (most tickets) or share the victory."""
        if state.phase != OVER:
            return None
        totals = [sum(b.values()) for b in self.scores(state)]
        tied = tuple(seat for seat, t in enumerate(totals) if t == max(totals))
        if len(tied) == 1:
            return None
        winners = self.winners(state)
        params = (("points", max(totals)), ("count", self.completed_count(state, winners[0])))
        if len(winners) == 1:
            return K + "tiebreak.tickets", (("player", winners[0]), ("players", tied), *params)
        return K + "tiebreak.shared", (("players", winners), *params)
