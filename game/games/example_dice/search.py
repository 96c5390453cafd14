"""Example dice search hooks: a view becomes a state by re-dealing what it hides.

A view blanks the others' unshown secret cards and unrevealed bets; the rules' own
`randomize_hidden` already deals exactly those parts at random, so it is the determinizer.
"""

from __future__ import annotations

import random

from game.engine.search import SearchHooks

from .rules import DiceGame, DiceState


def determinize(rules: DiceGame, view: DiceState, player: int, rng: random.Random) -> DiceState:
    """A full state `view` could come from: hidden secrets and bets dealt at random."""
    return rules.randomize_hidden(view, player, rng)


def hooks() -> SearchHooks:
    """Sampled states, random rollouts (a game of a few dozen steps)."""
    return SearchHooks(determinize=determinize)
