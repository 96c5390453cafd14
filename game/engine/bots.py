"""Bots over the engine protocol; they only ever see views.

The levels people choose at seat setup are Easy (`EasyBot`: the heuristic with sensible
mistakes), Normal (`GreedyBot`: the room's heuristic) and Hard (`game.engine.search.SearchBot`).
Random stays for tests, the benchmark and `--headless`; "greedy" is Normal's former name, still
accepted (old saves, scripts, the in-game hints).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import TERMINAL, Action, Chance, Config, Prompt, Rules, total
from .flow import rollout
from .match import Match, sample

Heuristic = Callable[[Rules, Any, Prompt], Sequence[float]]


@dataclass
class RandomBot:
    """Picks uniformly among the legal options."""

    rng: random.Random = field(default_factory=random.Random)
    name: str = "random"

    def choose(self, rules: Rules, view: Any, prompt: Prompt) -> Action:
        """One legal action."""
        return self.rng.choice(prompt.options).action


@dataclass
class GreedyBot:
    """Scores each option with the game's heuristic and takes the best (random among ties)."""

    heuristic: Heuristic
    rng: random.Random = field(default_factory=random.Random)
    name: str = "greedy"

    def choose(self, rules: Rules, view: Any, prompt: Prompt) -> Action:
        """The best-scoring legal action."""
        if len(prompt.options) == 1:
            return prompt.options[0].action
        scores = list(self.heuristic(rules, view, prompt))
        if len(scores) != len(prompt.options):  # zip would silently drop options
            raise ValueError(
                f"{rules.game_id} heuristic gave {len(scores)} scores "
                f"for {len(prompt.options)} options of {prompt.kind}"
            )
        best = max(scores)
        ties = [o for o, s in zip(prompt.options, scores) if s >= best - 1e-9]
        return self.rng.choice(ties).action


@dataclass
class EasyBot:
    """The Normal heuristic with mistakes: at `mistake_rate`, a runner-up option instead of the
    best, drawn by a softmax over the next `top_k` scores (a near miss more often than a
    blunder, never an option the heuristic ranks low)."""

    heuristic: Heuristic
    rng: random.Random = field(default_factory=random.Random)
    mistake_rate: float = 0.35
    top_k: int = 3
    temperature: float = 0.5  # in units of the spread of the candidates' scores
    name: str = "easy"

    def choose(self, rules: Rules, view: Any, prompt: Prompt) -> Action:
        """The best option, or now and then one of the few next best."""
        if len(prompt.options) == 1:
            return prompt.options[0].action
        scores = list(self.heuristic(rules, view, prompt))
        order = sorted(range(len(scores)), key=lambda i: -scores[i])
        if self.rng.random() >= self.mistake_rate:
            return prompt.options[order[0]].action
        runners_up = order[1:1 + self.top_k]
        spread = max(scores[order[0]] - scores[runners_up[-1]], 1e-9)
        weights = [math.exp((scores[i] - scores[order[0]]) / (self.temperature * spread))
                   for i in runners_up]
        return prompt.options[self.rng.choices(runners_up, weights)[0]].action


SEAT_LEVELS = ("easy", "normal", "hard")  # what seat setup offers, weakest first
NORMAL = "normal"
ALIASES = {"greedy": NORMAL}  # former kind names, still read from saves and command lines
BOT_KINDS = (NORMAL, "easy", "hard", "random", *ALIASES)  # every kind make_bot builds


def canonical_kind(kind: str) -> str:
    """The current name of a bot kind ("greedy" -> "normal")."""
    return ALIASES.get(kind, kind)


def make_bot(kind: str, game_id: str, seed: int, budget_s: float | None = None,
             iterations: int | None = None, pool: Any = None) -> Any:
    """Build a bot by kind name; ValueError on an unknown kind. `budget_s` (seconds per
    decision, default 1), `iterations` (a cap; alone it makes Hard deterministic) and `pool` (a
    `search_pool.SearchPool` to search in, root-parallel) are Hard's."""
    from .registry import get_game
    from .search import DEFAULT_BUDGET_S, SearchBot, hooks_for

    rng = random.Random(seed)
    kind = canonical_kind(kind)
    if kind == "random":
        return RandomBot(rng)
    if kind == NORMAL:
        return GreedyBot(get_game(game_id).heuristic(), rng, name=NORMAL)
    if kind == "easy":
        return EasyBot(get_game(game_id).heuristic(), rng)
    if kind == "hard":
        if budget_s is None and iterations is None:
            budget_s = DEFAULT_BUDGET_S
        return SearchBot(hooks_for(game_id), get_game(game_id).heuristic(), rng,
                         budget_s=budget_s, iterations=iterations, pool=pool)
    raise ValueError(f"unknown bot kind {kind!r} (choose from {', '.join(BOT_KINDS)})")


def seat_bots(kinds: Sequence[str | None], game_id: str, seed: int,
              budget_s: float | None = None, pool: Any = None) -> dict[int, Any]:
    """The bots of a match: seat -> bot for each seat with a kind (None: a person).

    Every place that plays a seeded game (the console, `--headless`, `--screenshot`) seats its
    bots here, so one seed means one game everywhere: seat i's bot draws from seed + i.
    `budget_s` is a Hard bot's thinking time per decision (the `bot_budget` setting); `pool`
    the worker processes Hard bots search in (one decision at a time, so they share it).
    """
    return {seat: make_bot(kind, game_id, seed + seat, budget_s=budget_s, pool=pool)
            for seat, kind in enumerate(kinds) if kind is not None}


def bot_step(match: Match, bots: dict[int, Any]) -> bool:
    """Resolve chance, then let every bot with a prompt act once; False if nothing happened."""
    match.resolve_chance()
    acted = False
    for seat in [p.player for p in match.prompts()]:
        bot = bots.get(seat)
        # Re-read the prompt: an earlier seat's move this step may have changed or ended it.
        prompt = match.prompt_for(seat)
        if bot is not None and prompt is not None:
            view = match.view(seat)
            match.apply(seat, bot.choose(match.rules, view, prompt))
            acted = True
            match.resolve_chance()
    return acted


def play_out(match: Match, bots: dict[int, Any], max_actions: int = 100_000) -> Match:
    """Play bots against each other until the game ends; RuntimeError if it does not."""
    while not match.is_over():
        if len(match.history) > max_actions or not bot_step(match, bots):
            raise RuntimeError(
                f"{match.game_id}: game did not end after {len(match.history)} actions"
            )
    return match


def random_playout(rules: Rules, config: Config, rng: random.Random, max_steps: int = 100_000):
    """A random game straight on the rules (no Match bookkeeping): every prompt answered by
    `rng.choice` of its options; returns (final state, steps). The same game as a loop of
    `apply` (`playout_by_apply`), on the turn kit's fast path (`flow.rollout`)."""
    return rollout(rules, rules.initial_state(config), rng, max_steps=max_steps)


def playout_by_apply(rules: Rules, config: Config, rng: random.Random,
                     max_steps: int = 100_000) -> tuple[Any, list[tuple[int | None, Action]]]:
    """`random_playout` one `apply` at a time, the reference it must equal: (final state,
    history of (player, action), chance outcomes as player None)."""
    state, history = rules.initial_state(config), []
    for _ in range(max_steps):
        pending = rules.pending(state)
        if pending is TERMINAL:
            return state, history
        if isinstance(pending, Chance):
            move = (None, sample(pending, rng))
        else:
            prompt = pending[0]
            move = (prompt.player, rng.choice(prompt.options).action)
        state, _ = rules.apply(state, *move)
        history.append(move)
    raise RuntimeError(f"{rules.game_id}: random playout did not end in {max_steps} steps")


def result_summary(match: Match, bot_names: Sequence[str]) -> dict:
    """The headless JSON result: seats with totals and breakdowns, winners, number of actions."""
    breakdowns = match.rules.scores(match.state)
    return {
        "game": match.game_id,
        "seed": match.seed,
        "options": dict(match.config.options),  # with game and seed: enough to replay the game
        "players": [
            {"seat": seat, "bot": bot_names[seat], "total": total(b), "breakdown": dict(b)}
            for seat, b in enumerate(breakdowns)
        ],
        "winners": list(match.rules.winners(match.state)),
        "actions": len(match.history),
    }
