"""Next Station: Paris search hooks: the deck is the only hidden part, and it is known.

Each round starts from the whole deck (`rules.all_cards`) and reveals cards from it, so the
cards left are exactly those not yet revealed this round; only their order is unknown, and
the deck is a set drawn at random by chance nodes, so the sample is the true deck.
"""

from __future__ import annotations

import random

from game.engine.search import SearchHooks

from .finish import finish
from .rules import NextStationParis
from .state import State


def determinize(rules: NextStationParis, view: State, player: int,
                rng: random.Random) -> State:
    """The full state of `view`: the deck is the round's cards not revealed yet."""
    d = rules.Draft(view)
    revealed = set(view.revealed)
    d.deck = tuple(card for card in rules.all_cards if card not in revealed)
    d.viewer = None
    return d.freeze()


def hooks() -> SearchHooks:
    """The true state; after the tree, the rest of the game on the planner's compact sheets
    (finish.py: ~0.6 ms a game from the start against ~4 ms for an engine rollout by
    rollout.py's policy, so ~3x the rollouts a second; and each round is finished by the very
    policy whose trials Normal averages, so a move is judged as Normal judges it plus what it
    leaves the later rounds); the heuristic's best 4 moves at the root.

    Solo against Normal, paired seeds 3000-3199 (2026-11-28), cap 400 rollouts: +8.9 [+6.8,
    +11.1] points with the finish's own mobility weight (finish.FINISH_MOBILITY), +6.1 [+3.4,
    +8.7] with Normal's (the old engine rollouts at cap 200: +4.6 [-0.4, +9.7] over 50 seeds).
    On seeds 3000-3049, cap 1200 (about what the 1 s budget buys): +11.2 [+5.4, +17.0], +1.2
    [-3.4, +5.9] over cap 400; overruling the heuristic's favourite more readily did not pay:
    switch_z 0.5 scored -1.7 [-6.4, +2.9] and 0 scored -2.9 [-7.2, +1.4] against the default 1."""
    return SearchHooks(determinize=determinize, root_moves=4, finish=finish)
