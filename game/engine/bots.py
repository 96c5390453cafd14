"""Bots: RandomBot and GreedyBot, both over the engine protocol; they only ever see views."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import TERMINAL, Action, Chance, Config, Prompt, Rules, total
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


BOT_KINDS = ("greedy", "random")


def make_bot(kind: str, game_id: str, seed: int) -> RandomBot | GreedyBot:
    """Build a bot by kind name; ValueError on an unknown kind."""
    from .registry import get_game

    rng = random.Random(seed)
    if kind == "random":
        return RandomBot(rng)
    if kind == "greedy":
        return GreedyBot(get_game(game_id).heuristic(), rng)
    raise ValueError(f"unknown bot kind {kind!r} (choose from {', '.join(BOT_KINDS)})")


def seat_bots(kinds: Sequence[str | None], game_id: str, seed: int) -> dict[int, Any]:
    """The bots of a match: seat -> bot for each seat with a kind (None: a person).

    Every place that plays a seeded game (the console, `--headless`, `--screenshot`) seats its
    bots here, so one seed means one game everywhere: seat i's bot draws from seed + i.
    """
    return {seat: make_bot(kind, game_id, seed + seat)
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
    """Fast random playout straight on the rules (no Match bookkeeping); returns (state, steps)."""
    state = rules.initial_state(config)
    for step in range(max_steps):
        pending = rules.pending(state)
        if pending is TERMINAL:
            return state, step
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, sample(pending, rng))
        else:
            prompt = pending[0]
            state, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)
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
