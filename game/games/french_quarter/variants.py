"""French Quarter variants: Variante Alcalde (the Mayor card closes a street; in solo Mayor
Carly takes dice by its priority; no legal move gives an umbrella) and Expansión Turismo
(Vacation cards, dealt at setup and secret until the end). Mixed into `rules.FrenchQuarter`."""

from __future__ import annotations

from dataclasses import replace

from game.engine.core import Chance
from game.engine.flow import ask, resolve, run

from .board import Board
from .prompts import K, even_chance
from .state import CARLY, HIDDEN, NOBODY, OVER, Draft, State, with_item

MAYOR_LABEL = K + "chance.mayor"  # labels made once: no string is built in a game
VACATION_LABEL = K + "chance.vacation"


class MayorMixin:
    """Variante Alcalde and the solo mode's Mayor Carly."""

    board: Board

    def closed_street(self, s: State) -> int:
        """The street closed this round by the Mayor card, -1 for none."""
        if s.mayor_card < 0:
            return -1
        return self.board.mayor[s.mayor_card].street

    @ask("mayor")
    def _mayor_reveal(self, s: State, task: tuple) -> Chance:
        return even_chance(s.mayor_deck, MAYOR_LABEL)

    @resolve("mayor")
    def _mayor_revealed(self, d: Draft, outcome: int) -> None:
        d.mayor_card = outcome
        d.mayor_deck = tuple(c for c in d.mayor_deck if c != outcome)
        street = self.board.mayor[outcome].street
        d.emit("mayor_card", None, card=outcome,
               street=self.board.streets[street].name if street >= 0 else "")

    @run("carly")
    def _carly_pick(self, d: Draft, task: tuple) -> None:
        """Mayor Carly takes the die of the first deck on her card's priority list still free."""
        for deck in self.board.mayor[d.mayor_card].priority:
            for i, (dk, v, taker) in enumerate(d.dice):
                if dk == deck and taker == NOBODY:
                    d.dice = with_item(d.dice, i, (dk, v, CARLY))
                    if deck == "socialize":
                        d.social = CARLY
                    d.emit("carly_took", None, deck=deck, value=v)
                    return

    def _no_move(self, d: Draft, seat: int) -> None:
        """Variante Alcalde, aclaraciones: no legal move skips move, building and mapping
        actions for one umbrella. (Outside the Mayor variant a move always exists.)"""
        # (The building's visit is no task: it comes with a move, and there is none.)
        while d.tasks and d.tasks[0][0] in ("map", "xmap") and d.tasks[0][1] == seat:
            d.tasks = d.tasks[1:]
        d.emit("no_move", seat)
        d.push(("umb", seat, 1))


class TourismMixin:
    """Expansión Turismo: Vacation cards dealt, and hidden from other seats until the end."""

    board: Board

    @ask("vacation")
    def _vacation_deal(self, s: State, task: tuple) -> Chance:
        return even_chance(s.vac_pool, VACATION_LABEL)

    @resolve("vacation")
    def _vacation_dealt(self, d: Draft, outcome: int) -> None:
        seat = d.task[2]
        d.sh(seat).vacation = outcome
        d.vac_pool = tuple(v for v in d.vac_pool if v != outcome)
        d.emit("vacation_dealt", seat)

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
