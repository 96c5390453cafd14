"""French Quarter, a turn (Fase de movimiento): the die picked, Cultura C's card swap, the
card's icons, the move (Cultura A boosts, Fiesta B's slow Walk), the building visited and the
end of the turn (Fiesta C's Police Station). Mixed into `rules.FrenchQuarter`."""

from __future__ import annotations

from typing import Any

from game.engine.core import Action, Option, Pending
from game.engine.flow import ask, decide, resolve, run

from .board import ACTIVITIES, ARTISTS, DECKS, Board
from .prompts import prompt
from .sheet import can_boost, can_swap, slow_walk
from .state import NOBODY, Draft, Sheet, State

DECK_INDEX = {deck: i for i, deck in enumerate(DECKS)}
# The automatic icon tasks `run_icons` may run ahead: each only marks its sheet and pushes
# tasks on top of the stack (never removes one), whatever the stack holds.
ICON_TASKS = frozenset({"act", "umb", "artist"})


class TurnMixin:
    """The turn kit handlers of a seat's turn: its die, its card, its move and its visit."""

    board: Board
    _bid: dict[str, int]
    _near: dict[tuple[int, int, int], tuple[int, ...]]
    _move_opts: tuple[Option, ...]
    _band_opts: dict[tuple[int, int, int], tuple[Option, ...]]
    _line_opts: dict[str, tuple[tuple[Option, ...], ...]]
    _band_prompts: tuple[dict[tuple[int, int, int], Pending], ...]  # per seat
    _line_prompts: tuple[dict[str, tuple[Pending, ...]], ...]  # per seat
    _die_opts: dict[tuple[str, int, int], Option]
    _no_move_opt: Option
    _boost_opts: tuple[Option, ...]
    _keep_card_opt: Option
    _card_opts: dict[str, Option]
    _turn_tasks: tuple
    _runs: dict[str, Any]  # the kit's run handlers (TurnRules)
    _map: Any  # mapping.MappingMixin
    _visit_tasks: tuple
    closed_street: Any  # variants.MayorMixin
    _no_move: Any  # variants.MayorMixin

    @ask("pick")
    def _ask_pick(self, s: State, task: tuple) -> Pending:
        # Each free (deck, value) once, in pool order (a dict keeps the first one seen).
        # The options are keyed by the free dice themselves: no (deck, value) pair is built.
        free = dict.fromkeys([die for die in s.dice if die[2] == NOBODY])
        return prompt(task, tuple(map(self._die_opts.__getitem__, free)))

    @decide("pick")
    def _picked(self, d: Draft, seat: int, action: Action) -> None:
        """Pick a die: its card and movement (and value) drive this turn."""
        _, deck, value = action
        dice = list(d.dice)  # the first free die of that deck and value is taken
        dice[dice.index((deck, value, NOBODY))] = (deck, value, seat)
        d.dice = tuple(dice)
        if deck == "socialize":
            d.social = seat
        d.turn, d.die, d.card_deck = seat, (deck, value), deck
        d.emit("die_taken", seat, deck=deck, value=value)
        if can_swap(d.sheets[seat]):
            d.push(("swap", seat), ("turn", seat))
        else:  # the turn task would run next: its work is done now, one step less
            self._turn(d, ("turn", seat))

    @ask("swap")
    def _ask_swap(self, s: State, task: tuple) -> Pending:
        out = [self._keep_card_opt]
        for i, d in enumerate(DECKS):
            if d != s.die[0] and s.cards[i] >= 0:
                out.append(self._card_opts[d])
        return prompt(task, tuple(out))

    @decide("swap", "card")
    def _swapped(self, d: Draft, seat: int, action: Action) -> None:
        """Cultura C: use another revealed card's icons and movement (one use)."""
        d.card_deck = action[1]
        d.sh(seat).swap_used = True
        d.emit("card_swapped", seat, deck=action[1])

    @run("turn")
    def _turn(self, d: Draft, task: tuple) -> None:
        """The 4 actions in order: card icons, movement, building, mapping (+ Cultura B)."""
        deck = DECK_INDEX[d.card_deck]
        self.run_icons(d, self._turn_tasks[task[1]][deck][d.cards[deck]])

    def run_icons(self, d: Draft, tasks: tuple[tuple, ...]) -> None:
        """Put `tasks` on top of the stack, running at once the icons at their head that the
        kit's loop would run next anyway (the same steps in the same order, a trip through the
        loop less for each): up to the first task that is no icon or pushes one of its own."""
        runs = self._runs
        for k, task in enumerate(tasks):
            if task[0] not in ICON_TASKS:
                d.tasks = tasks[k:] + d.tasks
                return
            before = d.tasks
            runs[task[0]](self, d, task)
            after = d.tasks
            if after is not before:  # it pushed: those tasks first, then the other icons
                d.tasks = after[:len(after) - len(before)] + tasks[k + 1:] + before
                return

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
        sh = s.sheets[seat]
        if boost == 0 and can_boost(sh):
            # No move but a boosted one: declining is offered, the bonus is never forced (ours).
            out = self._move_options(s, seat, boost)
            return prompt(task, (*(out or (self._no_move_opt,)), *self._boost_opts))
        if s.mayor_card < 0 or self.closed_street(s) < 0:  # the common cases, prebuilt
            band = self._band(s, sh)
            if band is not None:
                return self._band_prompts[seat][sh.pos, band[0], band[1] + boost]
            if boost == 0:
                return self._line_prompts[seat][self.board.movement[s.card_deck]][sh.pos]
        return prompt(task, self._move_options(s, seat, boost))

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
        self._visit(d, seat, sh)

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

    def _visit(self, d: Draft, seat: int, sh: Sheet) -> None:
        """Acción de edificio, right after the move: the building's icons in order; courtyards
        and Riverwalk marks. (Not a task of its own: it would always run next.)"""
        b = self.board.buildings[sh.pos]
        if b.special == "courtyard" and b.index not in sh.courtyards:
            sh.courtyards = tuple(sorted((*sh.courtyards, b.index)))
        elif b.special == "riverwalk" and sh.riverwalk < self.board.riverwalk_visits:
            sh.riverwalk += 1
        self.run_icons(d, self._visit_tasks[seat][b.index])
        tasks = d.tasks
        if tasks[0][0] == "map":  # the icons pushed nothing: the mapping would run next
            d.tasks = tasks[1:]
            self._map(d, tasks[0])

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

    @resolve("police_roll")
    def _police_rolled(self, d: Draft, outcome: int) -> None:
        """Fiesta C: the rolled value is the one that skips mapping from now on."""
        seat = d.task[1]
        d.sh(seat).police = outcome
        d.emit("police_value", seat, value=outcome)


def distance_bands(board: Board) -> dict[tuple[int, int, int], tuple[int, ...]]:
    """(pos, lo, hi) -> the buildings lo..hi spaces from pos, for every range a move may ask
    (a card's, Fiesta B's single space, each with a Cultura A boost of up to 2): built once,
    since the map never changes, so a move prompt only looks its range up."""
    ranges = [mv for mv in board.movement.values() if isinstance(mv, tuple)]
    lows = {1} | {lo for lo, _ in ranges}
    top = max((hi for _, hi in ranges), default=1) + 2
    return {(pos, lo, hi): tuple(x for x, steps in enumerate(dist) if lo <= steps <= hi)
            for pos, dist in enumerate(board.distance) for lo in lows
            for hi in range(lo, top + 1)}
