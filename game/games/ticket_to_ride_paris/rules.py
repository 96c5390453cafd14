"""Ticket to Ride: Paris rules engine (rulebook: /work/shared/rules/ticket_to_ride_paris.es.txt).

Data: `board.py` (map, tickets, deck from levels/), state: `state.py` (re-exported here); the
chance tasks and the upkeep after cards move: `deals.py`; views, scores and the results
screen's lines: `scoring.py` (mixins of the rules class).

Flow, on the engine's turn kit (game.engine.flow): setup deals are chance tasks (2 cards per seat,
the face-up row, 2 tickets per seat); the setup ticket choices are one simultaneous task, one
prompt per seat (returned tickets go to the bottom in the order the seats answer); the first
player is a chance task; then turns. A turn is a `turn` task (draw blind, draw face-up slot i,
take tickets, claim route r, or pass when nothing else is possible), followed when needed by
`draw2` (second card), `pay` (which cards pay), `flag` (keep a card for the French flag) or
`keep_tickets` tasks, with the cards and tickets owed dealt first. When a turn's tasks are done
the stack runs empty and `refill` ends the turn and starts the next one.

Conventions for the UI: an option's action equals its target where it has one:
("deck",), ("faceup", slot), ("tickets",), ("route", route_id); keep-one ticket options have
target ("ticket", ticket_id) and action ("keep", (ticket_id,)); pay, flag, keep-all and pass
options have target None. Chance outcomes: colour names for cards, ticket ids for tickets,
seat numbers for the first player.
"""

from __future__ import annotations

from itertools import chain, combinations
from operator import getitem
from pathlib import Path
from typing import Any

from game.engine.core import (
    Config,
    Option,
    Prompt,
    event,
    prompts_of,
)
from game.engine.flow import TurnRules, ask, decide, run

from .board import (
    COLORS,
    FLAG_COLORS,
    GAME_ID,
    ROUTE_COLORS,
    WILD,
    Board,
    Route,
    load_board,
)
from .deals import NO_CARDS, DealsMixin, _add, _set
from .scoring import ScoringMixin, completed_tickets
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
    StateDraft,
)

__all__ = ["Board", "State", "TicketToRideParis", "completed_tickets"]

K = GAME_ID + "."  # prefix of every string key
TURN_MESSAGE = K + "prompt.turn"
# Every key a prompt or chance of a playout names, made once here (no string is built in a
# rollout: the keys are only read when a prompt is shown).
STUCK_MESSAGE = K + "prompt.stuck"
SECOND_CARD_MESSAGE = K + "prompt.draw_second"
PAY_MESSAGE = K + "prompt.pay"
FLAG_MESSAGE = K + "prompt.flag"
KEEP_MESSAGE = K + "prompt.keep_tickets"
SETUP_KEEP_MESSAGE = K + "prompt.setup_tickets"
KEEP_ALL_LABEL = K + "option.keep_all"
KEEP_SOME_LABEL = K + "option.keep_some"
CHANCE_TASKS = ("card", "ticket", "first_player")  # the task kinds that deal (State.tasks)
TABLED_TURNS = 256  # turn_started events built once for turns below this (later: on the fly)



class TicketToRideParis(DealsMixin, ScoringMixin, TurnRules):
    """The rules of Ticket to Ride: Paris for 2-4 players (the engine `Rules` protocol)."""

    game_id = GAME_ID
    min_players = 2
    max_players = 4
    Draft = StateDraft

    def __init__(self, levels_root: Path | None = None) -> None:
        """Load and validate the level data (levels_root: another levels/ folder, for tests)."""
        self.board = load_board(levels_root)
        self.rules = self.board.rules
        self._wild_limit = self.rules["faceup_wild_limit"]
        self._last_round_buses = self.rules["last_round_buses"]
        self._build_route_tables()
        self._build_options()
        self._build_event_tables()

    # -- tables built once from the level data (nothing on the rules object changes in play) ----
    def _build_route_tables(self) -> None:
        """Per colour and affordable length, the routes short enough (for the turn prompt)."""
        self._max_length = max((r.length for r in self.board.routes), default=0)
        # (index, twin) pairs. A route without a twin is paired with itself: the twin test of
        # _claimable_indices then passes whenever the route itself is unclaimed.
        by_cap = tuple(
            tuple(tuple((r.index, r.twin if r.twin >= 0 else r.index)
                        for r in routes if r.length <= cap)
                  for cap in range(self._max_length + 1))
            for routes in self.board.routes_by_color)
        # Per longest length the buses allow, per colour, per count of that colour plus wilds
        # (up to every card): the pairs it affords. The turn prompt looks them up, no clamping.
        most = sum(self.board.deck)
        self._routes_by_top = tuple(
            tuple(tuple(pairs[min(cap, top)] for cap in range(most + 1)) for pairs in by_cap)
            for top in range(self._max_length + 1))

    def _build_options(self) -> None:
        """Every option that does not depend on the state (pending only assembles tuples)."""
        self.opt_deck = Option(("deck",), ("deck",), K + "option.deck")
        self.opt_tickets = Option(("tickets",), ("tickets",), K + "option.tickets")
        self.opt_pass = Option(("pass",), None, K + "option.pass")
        self._route_of = {r.id: r for r in self.board.routes}
        # Per route colour, its slot among the French flag's cards (-1: not a flag colour).
        self._flag_slot = tuple(FLAG_COLORS.index(c) if c in FLAG_COLORS else -1
                                for c in range(len(ROUTE_COLORS)))
        self._turn_tasks = tuple(("turn", seat) for seat in range(self.max_players))
        self._player_params = tuple((("player", seat),) for seat in range(self.max_players))
        self._flag_params = tuple((("color", f"{K}color.{name}"),) for name in ROUTE_COLORS)
        # The pay prompt's option label per route colour and its parameters per route.
        self._pay_labels = tuple(f"{K}option.pay.{name}" for name in ROUTE_COLORS)
        self._pay_params = tuple((("route", self.route_name(r)),) for r in self.board.routes)
        self.opt_faceup = tuple(
            tuple(Option(("faceup", slot), ("faceup", slot), f"{K}option.faceup.{color}",
                         (("slot", slot + 1),)) for color in COLORS)
            for slot in range(self.rules["faceup"])
        )
        self.opt_claim = tuple(
            Option(("route", r.id), ("route", r.id), f"{K}option.claim.{ROUTE_COLORS[r.color]}",
                   (("route", self.route_name(r)), ("length", r.length), ("points", r.points)))
            for r in self.board.routes
        )
        self.opt_keep_one = tuple(
            Option(("keep", (t.id,)), ("ticket", t.id), K + "option.keep_one",
                   self.ticket_params(t.index))
            for t in self.board.tickets
        )
        self.opt_flag = tuple(
            (Option(("flag", "keep"), None, f"{K}option.flag_keep.{ROUTE_COLORS[c]}"),
             Option(("flag", "discard"), None, K + "option.flag_discard"))
            if c in FLAG_COLORS else ()
            for c in range(len(ROUTE_COLORS))
        )

    def _build_event_tables(self) -> None:
        """The chance weights and the frequent events: they recur all game and are immutable
        (building an event costs about as much as the rest of the step that emits it)."""
        # Per colour, per count left: the (outcome, weight) pair of the card chance.
        self._ticket_outcomes = tuple((t.id, 1.0) for t in self.board.tickets)
        self._card_weights = tuple(tuple((name, float(k)) for k in range(sum(self.board.deck) + 1))
                                   for name in COLORS)
        seats, slots = range(self.max_players), range(self.rules["faceup"])
        # Only the drawer sees a blind card: `visible_to` names the seat that may see it.
        self._deal_events = {
            "hand": tuple(tuple(event("card_dealt", seat, source="deck", color=name,
                                      visible_to=seat) for name in COLORS) for seat in seats),
            "draw": tuple(tuple(event("card_drawn", seat, source="deck", color=name,
                                      visible_to=seat) for name in COLORS) for seat in seats),
            "row": tuple(tuple(event("faceup_refilled", slot=slot, color=name) for name in COLORS)
                         for slot in slots),
        }
        # A turn starts every turn of every playout; 4-player random games end within ~90 turns.
        self._turn_events = tuple(tuple(event("turn_started", seat, turn=turn)
                                        for turn in range(TABLED_TURNS)) for seat in seats)
        self._faceup_events = tuple(
            tuple(tuple(event("card_drawn", seat, source="faceup", slot=slot, color=name)
                        for name in COLORS) for slot in slots)
            for seat in seats)

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
    def setup(self, config: Config) -> State:
        """Full deck, all tickets in the pool; the setup deals, keeps and first player to come."""
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{GAME_ID}: {n} players (allowed {self.min_players}-{self.max_players})")
        r = self.rules
        tasks = (*(("card", "hand", seat) for _ in range(r["hand"]) for seat in range(n)),
                 *(("card", "row", slot) for slot in range(r["faceup"])),
                 *(("ticket", seat) for _ in range(r["tickets_dealt"]) for seat in range(n)),
                 ("enter", SETUP_TICKETS), ("setup_tickets",),
                 ("enter", FIRST_PLAYER), ("first_player",))
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
            claim=(), drawn=0, final_turns=-1, passes=0, turn=0, tasks=tasks,
        )

    @run("enter")
    def _enter(self, d: StateDraft, task: tuple) -> None:
        d.phase = task[1]

    def is_over(self, state: State) -> bool:
        """True once the game has ended."""
        return state.phase == OVER

    # -- prompts -------------------------------------------------------------------------------
    def prompts(self, s: State) -> tuple[Prompt, ...]:
        """The prompts of the current decision; on a view, only the viewer's own prompt."""
        if s.viewer is None:
            return prompts_of(self.pending(s))
        if self.is_over(s):
            return ()
        head = s.tasks[0]
        seat = s.viewer
        if head[0] == "setup_tickets":  # the others' offers are hidden: build the viewer's only
            return ((self._keep_prompt(s, seat, SETUP_KEEP_MESSAGE),)
                    if 0 <= seat < s.players and s.offered[seat] else ())
        if head[0] in CHANCE_TASKS or head[1] != seat:
            return ()
        return self.find_pending(s)

    @ask("turn")
    def _ask_turn(self, s: State, task: tuple) -> tuple[Prompt, ...]:
        p = task[1]
        options = self.turn_options(s)
        if options:
            return (Prompt(p, "turn", TURN_MESSAGE, options, self._player_params[p]),)
        return (Prompt(p, "pass", STUCK_MESSAGE, (self.opt_pass,), self._player_params[p]),)

    @ask("draw2")
    def _ask_second_card(self, s: State, task: tuple) -> tuple[Prompt, ...]:
        """The second card, unless two were taken (or a face-up wild) or none can be drawn."""
        if s.drawn >= 2:
            return ()
        options = self.second_draw_options(s)
        if not options:
            return ()
        return (Prompt(task[1], "draw2", SECOND_CARD_MESSAGE, options),)

    @ask("pay")
    def _ask_pay(self, s: State, task: tuple) -> tuple[Prompt, ...]:
        route = self.board.routes[s.claim[0]]
        label = self._pay_labels[route.color]
        options = tuple(
            Option(("pay", k, w), None, label, (("colored", k), ("wilds", w)))
            for k, w in self.payments(s.hands[task[1]], route)
        )
        return (Prompt(task[1], "pay", PAY_MESSAGE, options, self._pay_params[route.index]),)

    @ask("flag")
    def _ask_flag(self, s: State, task: tuple) -> tuple[Prompt, ...]:
        color = self.board.routes[s.claim[0]].color
        return (Prompt(task[1], "flag", FLAG_MESSAGE, self.opt_flag[color],
                       self._flag_params[color]),)

    @ask("keep_tickets")
    def _ask_keep(self, s: State, task: tuple) -> tuple[Prompt, ...]:
        return (self._keep_prompt(s, task[1], KEEP_MESSAGE),)

    @ask("setup_tickets")
    def _ask_setup_keep(self, s: State, task: tuple) -> tuple[Prompt, ...]:
        return tuple(self._keep_prompt(s, seat, SETUP_KEEP_MESSAGE)
                     for seat in range(s.players) if s.offered[seat])

    def turn_options(self, s: State) -> tuple[Option, ...]:
        """The 3 actions of a turn (rulebook, Turno del juego), in board order."""
        options: list[Option] = [self.opt_deck] if s.deck_size or any(s.discard) else []
        row = s.row
        if EMPTY in row:  # only once the deck and the discard pile ran out
            options += [self.opt_faceup[i][c] for i, c in enumerate(row) if c != EMPTY]
        else:
            options += map(getitem, self.opt_faceup, row)  # slot i's option for its colour
        if s.ticket_deck_size:
            options.append(self.opt_tickets)
        seat = s.current
        hand = s.hands[seat]
        if hand is not None:
            options += map(self.opt_claim.__getitem__, self._claimable_indices(
                hand, s.buses[seat], s.owners, seat, s.players == 2))
        return tuple(options)

    def second_draw_options(self, s: State) -> tuple[Option, ...]:
        """Second card: blind, or any face-up card but a wild (Robar cartas de Transporte)."""
        faceup = self.opt_faceup
        options = [faceup[i][c] for i, c in enumerate(s.row) if c != EMPTY and c != WILD]
        if s.deck_size or any(s.discard):
            options.insert(0, self.opt_deck)
        return tuple(options)

    def _claimable_indices(self, hand: tuple[int, ...], buses: int, owners: tuple[int, ...],
                           seat: int, two_players: bool) -> list[int]:
        """Routes `seat` may claim now, in index order: open, affordable, enough buses, and
        Recorridos Dobles: never both twins; with 2 players the twin closes once claimed."""
        top = min(buses, self._max_length)  # longest affordable route length
        if top <= 0:
            return []
        # Every colour's candidates, chained into one comprehension: this runs for every turn
        # prompt of every playout (a comprehension per colour cost 40% more; testing the pairs
        # by maps in C instead, 2.5x more: a handful of candidates do not pay for the
        # iterators). The tables stop at the route colours, so the hand's wild count is left
        # out of the lookups.
        candidates = chain.from_iterable(
            map(getitem, self._routes_by_top[top], map(hand[WILD].__add__, hand)))
        if two_players:
            found = [i for i, twin in candidates if owners[i] == EMPTY and owners[twin] == EMPTY]
        else:
            found = [i for i, twin in candidates if owners[i] == EMPTY and owners[twin] != seat]
        found.sort()
        return found

    @staticmethod
    def payments(hand: tuple[int, ...], route: Route) -> list[tuple[int, int]]:
        """Distinct ways to pay (colour cards, wilds) for a route, most colour cards first."""
        have, wild, n = hand[route.color], hand[WILD], route.length
        return [(k, n - k) for k in range(min(have, n), max(0, n - wild) - 1, -1)]

    def _keep_prompt(self, s: State, seat: int, message: str) -> Prompt:
        """Keep at least one of the drawn tickets: every non-empty subset is an option."""
        offered = s.offered[seat]
        options = [self.opt_keep_one[t] for t in offered]
        for size in range(2, len(offered) + 1):
            for combo in combinations(offered, size):
                keep = tuple(self.board.tickets[t].id for t in combo)
                if size == len(offered):
                    options.append(Option(("keep", keep), None, KEEP_ALL_LABEL,
                                          (("count", size),)))
                else:  # only with a ticket draw of 3+ (deck.toml rules.tickets_drawn)
                    names = ", ".join("{a} – {b}".format(**dict(self.ticket_params(t)))
                                      for t in combo)
                    options.append(Option(("keep", keep), None, KEEP_SOME_LABEL,
                                          (("count", size), ("tickets", names))))
        return Prompt(seat, "keep_tickets", message, tuple(options), (("count", len(offered)),))

    # -- player actions (one small handler per action kind; the kit checked it was offered) ------
    @decide("turn", "deck")
    @decide("draw2", "deck")
    def _draw_blind(self, d: StateDraft, player: int, action: tuple) -> None:
        """Draw the top card blind (Robar cartas de Transporte)."""
        d.push(("card", "draw", player), ("draw2", player))
        d.drawn += 1
        d.phase = DRAW2
        self._settle(d)

    @decide("turn", "faceup")
    @decide("draw2", "faceup")
    def _draw_faceup(self, d: StateDraft, player: int, action: tuple) -> None:
        """Take a face-up card; a wild first ends the draw (a wild second is never offered)."""
        slot = action[1]
        color = d.row[slot]
        d.row = _set(d.row, slot, EMPTY)
        self._gain(d, player, color, 1)
        d.events.append(self._faceup_events[player][slot][color])
        # "reemplaza de inmediato la carta robada con una carta de la parte superior del mazo"
        if d.deck_size or any(d.discard):
            d.push(("card", "row", slot), ("draw2", player))
        else:
            d.push(("draw2", player))
        # A face-up wild taken first is the whole draw: count it as both cards.
        d.drawn = 2 if color == WILD else d.drawn + 1
        d.phase = DRAW2
        self._settle(d)

    @decide("turn", "tickets")
    def _draw_tickets(self, d: StateDraft, player: int, action: tuple) -> None:
        """Draw 2 tickets (fewer if the deck has fewer) and choose (Robar Billetes de Destino)."""
        count = min(self.rules["tickets_drawn"], d.ticket_deck_size)
        d.push(*(("ticket", player),) * count, ("keep_tickets", player))
        d.phase = KEEP_TICKETS
        d.emit("tickets_drawn", player, count=count)

    @decide("keep_tickets")
    def _keep(self, d: StateDraft, player: int, action: tuple) -> None:
        """Keep a non-empty subset; the rest go to the bottom of the ticket deck, in order."""
        offered = d.offered[player]
        keep = action[1]
        ids = self.board.ticket_index
        kept = tuple(ids[k] for k in keep)
        returned = tuple(t for t in offered if t not in kept)
        d.tickets = _set(d.tickets, player, d.tickets[player] + kept)
        d.offered = _set(d.offered, player, ())
        d.ticket_bottom = d.ticket_bottom + returned
        d.ticket_deck_size += len(returned)
        d.emit("tickets_kept", player, kept=keep, visible_to=player, count=len(kept),
               returned=len(returned))

    @decide("setup_tickets", keep_head=True)
    def _keep_at_setup(self, d: StateDraft, player: int, action: tuple) -> None:
        """Every seat keeps tickets at once; the task ends with the last seat's answer."""
        self._keep(d, player, action)
        if not any(d.offered):
            d.pop()

    @decide("turn", "route")
    def _claim_route(self, d: StateDraft, player: int, action: tuple) -> None:
        """Claim a route (Cubrir un Recorrido); ask how to pay when several card sets can."""
        route = self._route_of[action[1]]
        ways = self.payments(d.hands[player], route)
        d.claim = (route.index,)
        if len(ways) == 1:
            self._pay(d, player, route, *ways[0])
        else:
            d.phase = PAY
            d.push(("pay", player))

    @decide("pay")
    def _pay_chosen(self, d: StateDraft, player: int, action: tuple) -> None:
        """Pay with the chosen card set (the rulebook's A/B/C example)."""
        self._pay(d, player, self.board.routes[d.claim[0]], action[1], action[2])

    def _pay(self, d: StateDraft, player: int, route: Route, k: int, w: int) -> None:
        hand = list(d.hands[player])
        hand[route.color] -= k
        hand[WILD] -= w
        d.hands = _set(d.hands, player, tuple(hand))
        d.hand_sizes = _add(d.hand_sizes, player, -route.length)
        d.owners = _set(d.owners, route.index, player)
        d.buses = _add(d.buses, player, -route.length)
        d.route_points = _add(d.route_points, player, route.points)
        cards = (ROUTE_COLORS[route.color],) * k + ("wild",) * w
        # The paid cards come out of a hidden hand: a reveal (undo may not cross it).
        d.emit("route_claimed", player, route=route.id, cards=cards, points=route.points,
               reveal=True)
        flag_slot = self._flag_slot[route.color]
        # La bandera francesa: only a card of the route's own colour (never a wild), and only if
        # no card of that colour is already in front of the player.
        if flag_slot >= 0 and k >= 1 and not d.front[player][flag_slot]:
            d.claim = (route.index, k, w)
            d.phase = FLAG
            d.push(("flag", player))
            return
        d.discard = _add(_add(d.discard, route.color, k), WILD, w)

    @decide("flag")
    def _flag_chosen(self, d: StateDraft, player: int, action: tuple) -> None:
        """Keep one paid card in front of you for the French flag, or discard it."""
        index, k, w = d.claim
        color = self.board.routes[index].color
        if action[1] == "keep":
            slot = FLAG_COLORS.index(color)
            d.front = _set(d.front, player, _set(d.front[player], slot, 1))
            k -= 1
            d.emit("flag_card_kept", player, color=COLORS[color])
        d.discard = _add(_add(d.discard, color, k), WILD, w)

    @decide("turn", "pass")
    def _pass(self, d: StateDraft, player: int, action: tuple) -> None:
        """Pass: only offered when no action is possible (ours: so every game can end)."""
        d.passes += 1
        d.emit("passed", player)
        self._end_turn(d, passed=True)

    # -- turn structure ------------------------------------------------------------------------
    def refill(self, d: StateDraft) -> None:
        """The turn's tasks are done: end it and start the next one (or end the game)."""
        self._end_turn(d)

    def _start_turn(self, d: StateDraft, seat: int) -> None:
        d.phase, d.current, d.drawn, d.claim = TURN, seat, 0, ()
        d.turn += 1
        d.tasks = (self._turn_tasks[seat], *d.tasks)
        if d.turn < TABLED_TURNS:
            d.events.append(self._turn_events[seat][d.turn])
        else:
            d.emit("turn_started", seat, turn=d.turn)

    def _end_turn(self, d: StateDraft, passed: bool = False) -> None:
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
            d.emit("flag_completed", p, points=self.rules["flag_points"])
        if d.final_turns > 0:
            d.final_turns -= 1
        elif d.final_turns < 0 and d.buses[p] <= self._last_round_buses:
            # Every player, this one included, gets one more turn.
            d.final_turns = d.players
            d.emit("last_round", p, turns=d.players)
        if d.final_turns == 0 or d.passes >= d.players:
            self._game_over(d)
            return
        self._start_turn(d, (p + 1) % d.players)
        # Face-up slots left empty while deck and discard were out refill once cards are back.
        if EMPTY in d.row and (d.deck_size or any(d.discard)):
            d.push(*(("card", "row", i) for i, c in enumerate(d.row) if c == EMPTY))
        self._settle(d)

    def _game_over(self, d: StateDraft) -> None:
        d.phase = OVER
        d.tasks = ()
        results = []
        for seat in range(d.players):
            done = completed_tickets(self.board, d.owners, seat, d.tickets[seat])
            ids = [self.board.tickets[t].id for t in d.tickets[seat]]
            results.append({"seat": seat,
                            "completed": tuple(i for i, ok in zip(ids, done) if ok),
                            "failed": tuple(i for i, ok in zip(ids, done) if not ok)})
        d.emit("game_over", None, reveal=True, tickets=tuple(results))
