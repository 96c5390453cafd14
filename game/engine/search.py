"""The Hard bot: information-set Monte Carlo tree search over the `Rules` protocol.

The bot sees only its view. The search runs in rounds: each round samples one full state
consistent with the view (the room's `determinize` hook: deck order, other hands and tickets,
secret cards) and one rollout seed, and tries every root move on that same sample (common
random numbers: two moves are compared on the same deal and the same luck; chance draws and the
players' random choices come from separate streams, so a rollout making more random choices
does not shift the draws of the other). After a root move,
each seat's moves are chosen by UCT down a tree whose edges are (seat, action) pairs; a node is
reached by the same moves in different samples, so it stands for an information set, and a
move legal in only some samples is judged against the samples where it was available
(single-observer ISMCTS, Cowling, Powley & Whitehouse 2012). One node is expanded per rollout,
the rest of the game (or up to a depth cap) is played by a fast rollout policy (or by the
room's own `finish`, a simulator of its own), and the values are backed up. Chance outcomes
are sampled, not branched on (open loop): a node averages over draws, which is what a player
who has not seen the draw knows. Simultaneous prompts are played
one seat after the other, the bot's own first at the root.

The root compares the heuristic's best few moves and keeps its favourite unless another one
beats it clearly over the rounds (rollouts by a fast policy are noisy judges). A game supplies
only hooks (`SearchHooks`, from `game/games/<id>/search.py`); everything else is generic.
Values are points: a seat's total (solo), or its margin over the best other seat plus a bonus
for winning; UCT compares them after scaling by the range seen in this search.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import TERMINAL, Action, Chance, Prompt, Rules, total
from .flow import TurnRules
from .flow import rollout as fast_rollout
from .match import sample
from .search_pool import SearchJob, SearchPool

DEFAULT_BUDGET_S = 1.0
PLAY_STREAM = 0x9E3779B97F4A7C15  # mixed into a round's seed for its players' random choices
Determinize = Callable[[Rules, Any, int, random.Random], Any]
RolloutPolicy = Callable[[Rules, Any, Prompt, random.Random], Action]
Evaluate = Callable[[Rules, Any], Sequence[float]]
Heuristic = Callable[[Rules, Any, Prompt], Sequence[float]]
Finish = Callable[[Rules, Any, int], Sequence[float]]


def view_is_state(rules: Rules, view: Any, player: int, rng: random.Random) -> Any:
    """The determinizer of a game whose views are full states (nothing hidden)."""
    return view


def random_rollout(rules: Rules, state: Any, prompt: Prompt, rng: random.Random) -> Action:
    """The cheapest rollout policy: any legal option."""
    return rng.choice(prompt.options).action


def score_rollout(rules: Rules, state: Any, prompt: Prompt, rng: random.Random) -> Action:
    """A rollout policy looking one move ahead: the option after which the seat's total (as
    the rules score it now) is highest, random among ties. Worth it where scoring is cheap and
    points come move by move (Next Station: ~4x a random move, twice the final score)."""
    seat, best, ties = prompt.player, -math.inf, []
    for option in prompt.options:
        after, _ = rules.apply(state, seat, option.action)
        points = total(rules.scores(after)[seat])
        if points > best:
            best, ties = points, [option.action]
        elif points == best:
            ties.append(option.action)
    return rng.choice(ties)


def score_totals(rules: Rules, state: Any) -> tuple[float, ...]:
    """Each seat's total as the rules score it now (the value of a rollout cut short)."""
    return tuple(float(total(b)) for b in rules.scores(state))


@dataclass(frozen=True)
class SearchHooks:
    """What a game gives the search: how to sample a state from a view, how to play fast.

    `rollout_depth` caps the decisions of a rollout (None: play to the end); a cut rollout is
    valued by `evaluate`. `root_moves` keeps the heuristic's best few moves at the root (None:
    all of them), so the search spends its budget on moves worth comparing. `margins` False
    values a seat by its own total alone: where the seats' scores hardly touch (each draws on
    its own sheet), the others' rollout luck is only noise in the comparison of two moves.
    `finish`, when given, replaces the rollout policy: it plays the rest of the game the room's
    own way (a fast simulator of its own) from the state after the tree and returns the
    seats' totals; its int argument seeds its chance, the same for every root move of a round.
    """

    determinize: Determinize = view_is_state
    rollout: RolloutPolicy = random_rollout
    evaluate: Evaluate = score_totals
    rollout_depth: int | None = None
    root_moves: int | None = 6
    win_bonus: float = 10.0
    margins: bool = True
    finish: Finish | None = None


def hooks_for(game_id: str) -> SearchHooks:
    """The room's search hooks (`game/games/<id>/search.py: hooks()`), or the defaults."""
    from .registry import ROOMS_PACKAGE, get_game

    if not get_game(game_id).declares("search_hooks"):
        return SearchHooks()
    return importlib.import_module(f"{ROOMS_PACKAGE}.{game_id}.search").hooks()


def greedy_rollout(heuristic: Heuristic, use_view: bool = True) -> RolloutPolicy:
    """A rollout policy taking the heuristic's best option (on the seat's view, or on the
    sampled state itself when the heuristic accepts one and `use_view` is False)."""

    def choose(rules: Rules, state: Any, prompt: Prompt, rng: random.Random) -> Action:
        seen = rules.view(state, prompt.player) if use_view else state
        scores = heuristic(rules, seen, prompt)
        best = max(scores)
        ties = [o for o, s in zip(prompt.options, scores) if s >= best - 1e-9]
        return rng.choice(ties).action

    return choose


def epsilon_rollout(policy: RolloutPolicy, epsilon: float) -> RolloutPolicy:
    """`policy`, but a random option with probability `epsilon` (rollouts then vary)."""

    def choose(rules: Rules, state: Any, prompt: Prompt, rng: random.Random) -> Action:
        if rng.random() < epsilon:
            return rng.choice(prompt.options).action
        return policy(rules, state, prompt, rng)

    return choose


def seat_values(totals: Sequence[float], winners: Sequence[int], win_bonus: float,
                margins: bool = True) -> tuple[float, ...]:
    """Per seat, the points a search maximises: its total alone (solo, or without `margins`),
    or its margin over the best other seat plus `win_bonus` (shared on a tie) when it won."""
    if len(totals) == 1 or not margins:
        return tuple(float(t) for t in totals)
    share = win_bonus / len(winners) if winners else 0.0
    return tuple(t - max(o for j, o in enumerate(totals) if j != i) + (share if i in winners
                                                                        else 0.0)
                 for i, t in enumerate(totals))


def leader_winners(totals: Sequence[float]) -> tuple[int, ...]:
    """The seats with the best value: who wins a rollout cut short."""
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


@dataclass(frozen=True)
class Luck:
    """The random streams of one rollout: chance outcomes apart from the players' random
    choices. Two root moves compared on the same luck then see the same draws even when their
    rollouts make different numbers of random choices (common random numbers)."""

    chance: random.Random
    play: random.Random
    seed: int = 0  # what the streams came from (a room's `finish` seeds its own from it)

    @classmethod
    def seeded(cls, seed: int) -> Luck:
        """Both streams from one seed."""
        return cls(random.Random(seed), random.Random(seed ^ PLAY_STREAM), seed)


@dataclass
class Node:
    """Statistics of one information set: visits, summed value (of the seat that moved into
    it), and how often it was available; children by (seat, action)."""

    visits: int = 0
    value: float = 0.0
    available: int = 0
    children: dict[tuple[int, Action], Node] = field(default_factory=dict)


@dataclass
class ValueRange:
    """The lowest and highest value seen so far, to scale values for UCT."""

    low: float = math.inf
    high: float = -math.inf

    def see(self, values: Sequence[float]) -> None:
        """Widen the range to include `values`."""
        self.low = min(self.low, *values)
        self.high = max(self.high, *values)

    def scale(self, value: float) -> float:
        """`value` mapped into [0, 1] (0.5 while the range is empty)."""
        span = self.high - self.low
        return 0.5 if span <= 0 else (value - self.low) / span


@dataclass
class SearchBot:
    """Picks a move by ISMCTS (see the module docstring); stops at `budget_s` seconds or
    `iterations` rollouts, whichever comes first (with `budget_s=None` and a cap, the choice is
    deterministic for a seed). With a `pool`, the search runs root-parallel in its worker
    processes (`search_pool`), each to the same deadline, an iteration cap applying to each."""

    hooks: SearchHooks
    heuristic: Heuristic | None = None
    rng: random.Random = field(default_factory=random.Random)
    budget_s: float | None = DEFAULT_BUDGET_S
    iterations: int | None = None
    exploration: float = 0.7
    switch_z: float = 1.0  # standard errors a move must beat the heuristic's favourite by
    name: str = "hard"
    pool: SearchPool | None = None  # worker processes to search in (None: this thread)

    def __post_init__(self) -> None:
        if self.budget_s is None and self.iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")

    def choose(self, rules: Rules, view: Any, prompt: Prompt) -> Action:
        """The root move with the best mean value over the completed rounds; the heuristic's
        favourite unless another move beats it clearly (see `confident_best`)."""
        if len(prompt.options) == 1:
            return prompt.options[0].action
        started = time.perf_counter()  # the heuristic's ranking counts against the budget
        moves = self.root_moves(rules, view, prompt)
        if len(moves) == 1:
            return moves[0]
        if self.pool is None:
            rounds = self.search(rules, view, prompt.player, moves, started)
        else:
            rounds = self.parallel_search(rules, view, prompt.player, moves, started)
        return self.confident_best(moves, rounds)

    def parallel_search(self, rules: Rules, view: Any, seat: int, moves: list[Action],
                        started: float) -> list[dict[Action, float]]:
        """`search` in each of the pool's workers at once, each on a seed of its own drawn
        from this bot's stream; their rounds merged (a round is a paired sweep of the root
        moves, whichever process ran it)."""
        assert self.pool is not None
        deadline = None
        if self.budget_s is not None:
            deadline = time.time() + self.budget_s - (time.perf_counter() - started)
        jobs = [SearchJob(rules.game_id, view, seat, tuple(moves), self.rng.getrandbits(64),
                          deadline, self.iterations, self.exploration)
                for _ in range(self.pool.workers)]
        return self.pool.rounds(jobs)

    def confident_best(self, moves: list[Action], rounds: list[dict[Action, float]]) -> Action:
        """The move with the best mean over the rounds, if it beats the first move (the
        heuristic's favourite, when there is a heuristic) by more than `switch_z` standard
        errors of their paired differences; else the first move. Rollouts by a weak policy
        are noisy judges: the search overrules the heuristic only on clear evidence."""
        if not rounds:
            return moves[0]
        means = {m: sum(r[m] for r in rounds) / len(rounds) for m in moves}
        best = max(moves, key=lambda m: means[m])  # ties keep the heuristic's order
        if self.heuristic is None or best == moves[0]:
            return best
        gaps = [r[best] - r[moves[0]] for r in rounds]
        mean = sum(gaps) / len(gaps)
        spread = (sum((g - mean) ** 2 for g in gaps) / max(len(gaps) - 1, 1)) ** 0.5
        return best if mean > self.switch_z * spread / math.sqrt(len(gaps)) else moves[0]

    def search(self, rules: Rules, view: Any, seat: int, moves: list[Action],
               started: float | None = None) -> list[dict[Action, float]]:
        """Each completed round's value of every root move (the same sample and luck); the
        time budget runs from `started` (a perf_counter reading; default: now)."""
        root, values = Node(), ValueRange()
        rounds: list[dict[Action, float]] = []
        started = time.perf_counter() if started is None else started
        deadline = None if self.budget_s is None else started + self.budget_s
        while self.iterations is None or (len(rounds) + 1) * len(moves) <= self.iterations:
            sampled = self.hooks.determinize(rules, view, seat, self.rng)
            luck = self.rng.getrandbits(64)
            this_round = {}
            for move in moves:
                if rounds and deadline is not None and time.perf_counter() >= deadline:
                    return rounds  # out of time: a round cut short is left out
                this_round[move] = self.iterate(rules, root, sampled, seat, move, values,
                                                Luck.seeded(luck))
            rounds.append(this_round)
        return rounds

    def root_moves(self, rules: Rules, view: Any, prompt: Prompt) -> list[Action]:
        """The moves the search compares, the heuristic's best first: its `hooks.root_moves`
        best, or all of them."""
        actions = list(prompt.actions())
        if self.heuristic is None:
            return actions
        scores = list(self.heuristic(rules, view, prompt))
        order = sorted(range(len(actions)), key=lambda i: -scores[i])
        return [actions[i] for i in order[:self.hooks.root_moves or len(actions)]]

    def iterate(self, rules: Rules, root: Node, state: Any, seat: int, move: Action,
                values: ValueRange, luck: Luck) -> float:
        """One rollout after `seat` plays `move`: descend the tree by UCT, expand one node,
        play on by the rollout policy, back the values up; returns `seat`'s value."""
        state, pending = rollout_step(rules, state, seat, move)
        node = root.children.setdefault((seat, move), Node())
        path: list[tuple[Node, int]] = [(node, seat)]  # (node entered, seat that moved into it)
        fresh = False
        while not fresh:
            state, pending = settle_chance(rules, state, pending, luck.chance)
            if pending is TERMINAL:
                break
            prompt = pending[0]
            node, action, fresh = self.select(node, prompt.player, prompt.actions(), values,
                                              luck.play)
            state, pending = rollout_step(rules, state, prompt.player, action)
            path.append((node, prompt.player))
        outcome = self.rollout(rules, state, luck)
        values.see(outcome)
        for entered, mover in path:
            entered.visits += 1
            entered.value += outcome[mover]
        return outcome[seat]

    def select(self, node: Node, mover: int, legal: Sequence[Action], values: ValueRange,
               rng: random.Random) -> tuple[Node, Action, bool]:
        """(child, action, fresh): an untried legal move if any (fresh), else the UCT best."""
        untried = [a for a in legal if (mover, a) not in node.children]
        for action in legal:
            child = node.children.get((mover, action))
            if child is not None:
                child.available += 1
        if untried:
            action = rng.choice(untried)
            child = node.children[(mover, action)] = Node(available=1)
            return child, action, True
        c = self.exploration

        def uct(action: Action) -> float:
            child = node.children[(mover, action)]
            mean = values.scale(child.value / child.visits) if child.visits else 0.5
            return mean + c * math.sqrt(math.log(child.available) / max(child.visits, 1))

        action = max(legal, key=uct)
        return node.children[(mover, action)], action, False

    def rollout(self, rules: Rules, state: Any, luck: Luck) -> tuple[float, ...]:
        """Play on by the rollout policy; the seats' values at the end (or at the depth cap).
        The turn kit's fast path plays it (`flow.rollout`: one quiet draft, no state or event
        per step), chance from the luck's chance stream, random choices from its play stream."""
        hooks = self.hooks
        if hooks.finish is not None and rules.pending(state) is not TERMINAL:
            totals = hooks.finish(rules, state, luck.seed)
            return seat_values(totals, leader_winners(totals), hooks.win_bonus, hooks.margins)
        state, _ = fast_rollout(rules, state, luck.play, hooks.rollout, hooks.rollout_depth,
                                live=hooks.rollout is random_rollout, chance_rng=luck.chance)
        if rules.pending(state) is not TERMINAL:  # stopped at the depth cap
            totals = hooks.evaluate(rules, state)
            return seat_values(totals, leader_winners(totals), hooks.win_bonus, hooks.margins)
        totals = [float(total(b)) for b in rules.scores(state)]
        return seat_values(totals, rules.winners(state), hooks.win_bonus, hooks.margins)


def rollout_step(rules: Rules, state: Any, player: int | None, action: Action
                 ) -> tuple[Any, Any]:
    """One step of a search: (the state after `action`, its pending). The one place the search
    advances a state: a game on the turn kit steps on a quiet draft (`TurnRules.step`: no
    event, no legality check), any other through `apply`."""
    if isinstance(rules, TurnRules):
        return rules.step(state, player, action)
    state, _ = rules.apply(state, player, action)
    return state, rules.pending(state)


def settle_chance(rules: Rules, state: Any, pending: Any, rng: random.Random
                  ) -> tuple[Any, Any]:
    """Sample chance outcomes until a decision or the end: (state, its pending)."""
    while isinstance(pending, Chance):
        state, pending = rollout_step(rules, state, None, sample(pending, rng))
    return state, pending
