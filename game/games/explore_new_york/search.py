"""Explore New York search hooks: the deck is the only hidden part.

A view keeps how many cards the deck can still supply (`left`) and how many were removed
unseen at setup (`unseen`, they stay among the deck); it does not keep the cards revealed in
earlier turns. A sample draws the deck's `left + unseen` cards from every card not revealed
this turn.
"""

from __future__ import annotations

import random

from game.engine.search import SearchHooks

from .rollout import fast_rollout
from .rules import ExploreNewYork
from .state import State


def determinize(rules: ExploreNewYork, view: State, player: int,
                rng: random.Random) -> State:
    """A full state `view` could come from, its deck drawn at random."""
    revealed = set(view.revealed)
    candidates = [card for card in rules.all_cards if card not in revealed]
    d = rules.Draft(view)
    d.deck = tuple(sorted(rng.sample(candidates, view.left + view.unseen)))
    d.viewer = None
    return d.freeze()


def hooks() -> SearchHooks:
    """Sampled decks, rollouts by the fast policy of rollout.py (the heuristic is too slow to
    roll out with, random rollouts score too little to rank moves), the heuristic's best 4
    moves compared at the root."""
    return SearchHooks(determinize=determinize, rollout=fast_rollout, root_moves=4, margins=False)
