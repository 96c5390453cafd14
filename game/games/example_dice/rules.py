"""Example dice rules on the turn kit: chance, multi-step turns, a hidden card, simultaneous bets.

Each seat is dealt a secret card (hidden). Each round, every seat in turn rolls the die, then
picks `add` (bank the die), `double` (bank twice the die, only on a low roll) or `reroll` (once
per turn), then confirms; once per game a seat may `peek`, showing its secret card to everyone.
After all turns, every seat bets `odd`/`even` at the same time (bets stay hidden until revealed)
and a roll decides: a right bet scores. After the last round the secret cards are revealed and
scored. The numbers come from levels/example_dice/dice.toml (see board.py).

The game is a stack of tasks (game.engine.flow): the deal is one `("deal",)` per seat; a round
is one `("roll",)` per seat (the seat is `turn`), then `("bet",)`, answered by every seat at
once, and `("bet_roll",)`. Each handler below says what one task asks for or what one answer
does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.engine.core import Chance, Config, Option, Pending, Prompt
from game.engine.flow import TurnRules, ask, decide, drafting, memo_field, resolve

from .board import GAME_ID, Board, load_board

HIDDEN = "hidden"


@dataclass(frozen=True)
class DiceState:
    """The whole (full-information) state; `tasks` is the turn kit's stack."""

    players: int
    rounds: int
    round: int = 0
    turn: int = 0  # whose turn it is (== players once every seat has played this round)
    secrets: tuple[int, ...] = ()
    die: int = 0
    rerolled: bool = False
    mode: str = ""
    banked: tuple[int, ...] = ()
    bets: tuple[str | None, ...] = ()
    bet_points: tuple[int, ...] = ()
    shown: tuple[bool, ...] = ()
    over: bool = False
    tasks: tuple[tuple, ...] = ()
    memo: Any = memo_field()

    @property
    def phase(self) -> str:
        """What the game waits for: the head task's kind (deal, roll, choose...), or "over"."""
        return "over" if self.over else self.tasks[0][0]


def _label(key: str) -> str:
    return f"{GAME_ID}.option.{key}"


class DiceGame(TurnRules):
    """Rules of the example dice game (implements the engine's Rules protocol)."""

    game_id = GAME_ID
    min_players = 2
    max_players = 3
    Draft = drafting(DiceState)

    def __init__(self, root: Path | None = None) -> None:
        self.board: Board = load_board(root)
        faces = tuple((f, 1.0) for f in range(1, self.board.die_faces + 1))
        self.roll, self.bet_roll = Chance(faces, "roll"), Chance(faces, "bet_roll")
        self.deal = Chance(tuple((c, 1.0) for c in self.board.secret_cards), "deal")

    # -- the round structure -------------------------------------------------------------------
    def setup(self, config: Config) -> DiceState:
        """Nothing dealt yet; the `rounds` config option overrides the level's."""
        n = config.players
        return DiceState(n, config.option("rounds", self.board.rounds), banked=(0,) * n,
                         bets=(None,) * n, bet_points=(0,) * n, shown=(False,) * n,
                         tasks=(("deal",),) * n)

    def refill(self, d: Any) -> None:
        """A round: every seat's turn, then the bet everyone places at once and its roll."""
        d.push(*(("roll",),) * d.players, ("bet",), ("bet_roll",))

    def is_over(self, state: Any) -> bool:
        """After the last round's bet roll."""
        return state.over

    # -- chance ----------------------------------------------------------------------------------
    @ask("deal")
    def _ask_deal(self, state: DiceState, task: tuple) -> Pending:
        return self.deal

    @resolve("deal")
    def _dealt(self, d: Any, card: int) -> None:
        d.secrets += (card,)
        d.emit("dealt", len(d.secrets) - 1)

    @ask("roll")
    def _ask_roll(self, state: DiceState, task: tuple) -> Pending:
        return self.roll

    @resolve("roll")
    def _rolled(self, d: Any, face: int) -> None:
        d.die = face
        d.push(("choose",))
        d.emit("rolled", d.turn, face=face)

    @ask("bet_roll")
    def _ask_bet_roll(self, state: DiceState, task: tuple) -> Pending:
        return self.bet_roll

    @resolve("bet_roll")
    def _bets_decided(self, d: Any, face: int) -> None:
        parity = "odd" if face % 2 else "even"
        d.bet_points = tuple(pts + self.board.bet_points * (b == parity)
                             for pts, b in zip(d.bet_points, d.bets))
        d.emit("bets_revealed", reveal=True, face=face, bets=d.bets)
        d.bets, d.round, d.turn = (None,) * d.players, d.round + 1, 0
        if d.round == d.rounds:
            d.emit("secrets_revealed", reveal=True, secrets=d.secrets)
            d.over = True

    # -- a seat's turn ---------------------------------------------------------------------------
    @ask("choose")
    def _ask_choose(self, state: DiceState, task: tuple) -> Pending:
        options = [Option("add", ("die", "add"), _label("add"), (("points", state.die),))]
        if state.die <= self.board.double_up_to:
            options.append(Option("double", ("die", "double"), _label("double"),
                                  (("points", 2 * state.die),)))
        if not state.rerolled:
            options.append(Option("reroll", ("reroll",), _label("reroll")))
        if not state.shown[state.turn]:
            options.append(Option("peek", ("secret", state.turn), _label("peek")))
        message = f"{GAME_ID}.prompt.choose"
        return (Prompt(state.turn, "choose", message, tuple(options), (("die", state.die),)),)

    @decide("choose", "peek")
    def _peek(self, d: Any, player: int, action: str) -> None:
        d.shown = tuple(v or p == player for p, v in enumerate(d.shown))
        d.push(("choose",))  # showing the card is free: the choice is still to make
        d.emit("secret_shown", player, reveal=True, card=d.secrets[player])

    @decide("choose", "reroll")
    def _reroll(self, d: Any, player: int, action: str) -> None:
        d.rerolled = True
        d.push(("roll",))
        d.emit("reroll", player)

    @decide("choose")
    def _bank_choice(self, d: Any, player: int, action: str) -> None:
        d.mode = action
        d.push(("confirm",))
        d.emit("chose", player, mode=action)

    @ask("confirm")
    def _ask_confirm(self, state: DiceState, task: tuple) -> Pending:
        confirm = Option("confirm", None, _label("confirm"))
        return (Prompt(state.turn, "confirm", f"{GAME_ID}.prompt.confirm", (confirm,)),)

    @decide("confirm")
    def _confirmed(self, d: Any, player: int, action: str) -> None:
        gain = d.die * (2 if d.mode == "double" else 1)
        d.banked = tuple(b + gain * (p == player) for p, b in enumerate(d.banked))
        d.turn, d.die, d.mode, d.rerolled = d.turn + 1, 0, "", False
        d.emit("banked", player, gain=gain)

    # -- the simultaneous bet --------------------------------------------------------------------
    @ask("bet")
    def _ask_bet(self, state: DiceState, task: tuple) -> Pending:
        bets = (Option("odd", None, _label("odd")), Option("even", None, _label("even")))
        return tuple(Prompt(p, "bet", f"{GAME_ID}.prompt.bet", bets)
                     for p in range(state.players) if state.bets[p] is None)

    @decide("bet", keep_head=True)
    def _bet(self, d: Any, player: int, action: str) -> None:
        d.bets = tuple(action if p == player else b for p, b in enumerate(d.bets))
        if all(b is not None for b in d.bets):
            d.pop()  # every seat has answered: on to the roll
        d.emit("bet_placed", player)

    # -- what each seat sees, and the score ------------------------------------------------------
    def view(self, state: DiceState, player: int | None) -> DiceState:
        """Others' secrets and unrevealed bets are hidden until the game is over."""
        if state.over:
            return state
        secrets = tuple(s if p == player or state.shown[p] else 0
                        for p, s in enumerate(state.secrets))
        bets = tuple(b if p == player or b is None else HIDDEN for p, b in enumerate(state.bets))
        return replace(state, secrets=secrets, bets=bets)

    def randomize_hidden(self, state: DiceState, player: int | None,
                         rng: random.Random) -> DiceState:
        """Re-deal what `player` cannot see: the others' secrets and unrevealed bets."""
        if state.over:
            return state
        secrets = tuple(s if p == player or state.shown[p] else rng.choice(self.board.secret_cards)
                        for p, s in enumerate(state.secrets))
        bets = tuple(b if p == player or b is None else rng.choice(("odd", "even"))
                     for p, b in enumerate(state.bets))
        return replace(state, secrets=secrets, bets=bets)

    def scores(self, state: DiceState) -> tuple[dict[str, int], ...]:
        """Dice, bets, and the secret card once revealed."""
        return tuple({"dice": state.banked[p], "bets": state.bet_points[p],
                      "secret": state.secrets[p] if state.over else 0}
                     for p in range(state.players))

    def winners(self, state: DiceState) -> tuple[int, ...]:
        """Every seat with the best total."""
        totals = [sum(b.values()) for b in self.scores(state)]
        return tuple(p for p, t in enumerate(totals) if t == max(totals))
