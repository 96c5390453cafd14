"""Example dice rules: chance nodes, multi-step turns, a hidden card and simultaneous bets.

Each seat is dealt a secret card (hidden). Each round, every seat in turn rolls the die, then
picks `add` (bank the die), `double` (bank twice the die, only on a low roll) or `reroll` (once
per turn), then confirms; once per game a seat may `peek`, showing its secret card to everyone.
After all turns, every seat bets `odd`/`even` at the same time (bets stay hidden until revealed)
and a roll decides: a right bet scores. After the last round the secret cards are revealed and
scored. The numbers come from levels/example_dice/dice.toml (see board.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

from game.engine.core import (
    TERMINAL,
    Action,
    Chance,
    Config,
    Event,
    IllegalAction,
    Option,
    Pending,
    Prompt,
    event,
    prompt_for,
)

from .board import GAME_ID, Board, load_board

HIDDEN = "hidden"


@dataclass(frozen=True)
class DiceState:
    """The whole (full-information) state."""

    players: int
    rounds: int
    phase: str = "deal"  # deal, roll, choose, confirm, bet, bet_roll, over
    round: int = 0
    turn: int = 0
    secrets: tuple[int, ...] = ()
    die: int = 0
    rerolled: bool = False
    mode: str = ""
    banked: tuple[int, ...] = ()
    bets: tuple[str | None, ...] = ()
    bet_points: tuple[int, ...] = ()
    shown: tuple[bool, ...] = ()


def _label(key: str) -> str:
    return f"{GAME_ID}.option.{key}"


class DiceGame:
    """Rules of the example dice game (implements the engine's Rules protocol)."""

    game_id = GAME_ID
    min_players = 2
    max_players = 3

    def __init__(self, root: Path | None = None) -> None:
        self.board: Board = load_board(root)
        self.die = Chance(tuple((f, 1.0) for f in range(1, self.board.die_faces + 1)), "roll")
        self.deal = Chance(tuple((c, 1.0) for c in self.board.secret_cards), "deal")

    def initial_state(self, config: Config) -> DiceState:
        """Nothing dealt yet; the `rounds` config option overrides the level's."""
        n = config.players
        return DiceState(n, config.option("rounds", self.board.rounds), banked=(0,) * n,
                         bets=(None,) * n, bet_points=(0,) * n, shown=(False,) * n)

    def pending(self, state: DiceState) -> Pending:
        """Chance for deals and rolls, one prompt per turn step, simultaneous prompts for bets."""
        phase = state.phase
        if phase == "deal":
            return self.deal
        if phase in ("roll", "bet_roll"):
            return self.die
        if phase == "choose":
            return (Prompt(state.turn, "choose", f"{GAME_ID}.prompt.choose",
                           self._choices(state), (("die", state.die),)),)
        if phase == "confirm":
            confirm = Option("confirm", None, _label("confirm"))
            return (Prompt(state.turn, "confirm", f"{GAME_ID}.prompt.confirm", (confirm,)),)
        if phase == "bet":
            bets = (Option("odd", None, _label("odd")), Option("even", None, _label("even")))
            return tuple(Prompt(p, "bet", f"{GAME_ID}.prompt.bet", bets)
                         for p in range(state.players) if state.bets[p] is None)
        return TERMINAL

    def _choices(self, state: DiceState) -> tuple[Option, ...]:
        options = [Option("add", ("die", "add"), _label("add"), (("points", state.die),))]
        if state.die <= self.board.double_up_to:
            options.append(Option("double", ("die", "double"), _label("double"),
                                  (("points", 2 * state.die),)))
        if not state.rerolled:
            options.append(Option("reroll", ("reroll",), _label("reroll")))
        if not state.shown[state.turn]:
            options.append(Option("peek", ("secret", state.turn), _label("peek")))
        return tuple(options)

    def apply(self, state: DiceState, player: int | None,
              action: Action) -> tuple[DiceState, tuple[Event, ...]]:
        """Dispatch on the phase; IllegalAction for anything not offered."""
        pending = self.pending(state)
        if isinstance(pending, Chance):
            if player is not None or action not in [o for o, _ in pending.outcomes]:
                raise IllegalAction(f"{action!r} is not an outcome of {pending.label}")
            return _CHANCE[state.phase](self.board, state, action)
        prompt = prompt_for(pending, player) if player is not None else None
        if prompt is None:
            raise IllegalAction(f"player {player} has nothing to decide now")
        if action not in prompt.actions():
            raise IllegalAction(f"{action!r} is not a legal choice for {prompt.kind}")
        return _MOVES[state.phase](state, player, action)

    def view(self, state: DiceState, player: int | None) -> DiceState:
        """Others' secrets and unrevealed bets are hidden until the game is over."""
        if state.phase == "over":
            return state
        secrets = tuple(s if p == player or state.shown[p] else 0
                        for p, s in enumerate(state.secrets))
        bets = tuple(b if p == player or b is None else HIDDEN for p, b in enumerate(state.bets))
        return replace(state, secrets=secrets, bets=bets)

    def randomize_hidden(self, state: DiceState, player: int | None,
                         rng: random.Random) -> DiceState:
        """Re-deal what `player` cannot see: the others' secrets and unrevealed bets."""
        if state.phase == "over":
            return state
        secrets = tuple(s if p == player or state.shown[p] else rng.choice(self.board.secret_cards)
                        for p, s in enumerate(state.secrets))
        bets = tuple(b if p == player or b is None else rng.choice(("odd", "even"))
                     for p, b in enumerate(state.bets))
        return replace(state, secrets=secrets, bets=bets)

    def scores(self, state: DiceState) -> tuple[dict[str, int], ...]:
        """Dice, bets, and the secret card once revealed."""
        over = state.phase == "over"
        return tuple({"dice": state.banked[p], "bets": state.bet_points[p],
                      "secret": state.secrets[p] if over else 0} for p in range(state.players))

    def winners(self, state: DiceState) -> tuple[int, ...]:
        """Every seat with the best total."""
        totals = [sum(b.values()) for b in self.scores(state)]
        return tuple(p for p, t in enumerate(totals) if t == max(totals))


def _deal(board: Board, state: DiceState, card: int) -> tuple[DiceState, tuple[Event, ...]]:
    secrets = state.secrets + (card,)
    phase = "roll" if len(secrets) == state.players else "deal"
    return replace(state, secrets=secrets, phase=phase), (event("dealt", len(secrets) - 1),)


def _roll(board: Board, state: DiceState, face: int) -> tuple[DiceState, tuple[Event, ...]]:
    return replace(state, die=face, phase="choose"), (event("rolled", state.turn, face=face),)


def _bet_roll(board: Board, state: DiceState, face: int) -> tuple[DiceState, tuple[Event, ...]]:
    parity = "odd" if face % 2 else "even"
    points = tuple(pts + board.bet_points * (b == parity)
                   for pts, b in zip(state.bet_points, state.bets))
    events = [event("bets_revealed", reveal=True, face=face, bets=state.bets)]
    nxt = replace(state, bet_points=points, bets=(None,) * state.players, round=state.round + 1)
    if nxt.round == state.rounds:
        events.append(event("secrets_revealed", reveal=True, secrets=state.secrets))
        return replace(nxt, phase="over"), tuple(events)
    return replace(nxt, phase="roll", turn=0), tuple(events)


def _choose(state: DiceState, player: int, action: Action) -> tuple[DiceState, tuple[Event, ...]]:
    if action == "peek":
        shown = tuple(v or p == player for p, v in enumerate(state.shown))
        reveal = event("secret_shown", player, reveal=True, card=state.secrets[player])
        return replace(state, shown=shown), (reveal,)
    if action == "reroll":
        return replace(state, rerolled=True, phase="roll"), (event("reroll", player),)
    return replace(state, mode=action, phase="confirm"), (event("chose", player, mode=action),)


def _confirm(state: DiceState, player: int, action: Action) -> tuple[DiceState, tuple[Event, ...]]:
    gain = state.die * (2 if state.mode == "double" else 1)
    banked = tuple(b + gain * (p == player) for p, b in enumerate(state.banked))
    turn = state.turn + 1
    phase = "bet" if turn == state.players else "roll"
    nxt = replace(state, banked=banked, turn=turn, phase=phase, die=0, mode="", rerolled=False)
    return nxt, (event("banked", player, gain=gain),)


def _bet(state: DiceState, player: int, action: Action) -> tuple[DiceState, tuple[Event, ...]]:
    bets = tuple(action if p == player else b for p, b in enumerate(state.bets))
    phase = "bet_roll" if all(b is not None for b in bets) else "bet"
    return replace(state, bets=bets, phase=phase), (event("bet_placed", player),)


_CHANCE = {"deal": _deal, "roll": _roll, "bet_roll": _bet_roll}
_MOVES = {"choose": _choose, "confirm": _confirm, "bet": _bet}
