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

    Solo against Normal, paired seeds 3000-3199 (2026-11-28): at cap 1200 rollouts, below what
    the default 1 s budget buys (a quiet machine: median 1,846 rollouts a search, 9 in 10 above
    1,272), 177.2 against 166.7, +10.5 [+7.9, +13.0] points; at cap 400, +8.9 [+6.8, +11.1]
    with the finish's own mobility weight (finish.FINISH_MOBILITY), +6.1 [+3.4, +8.7] with
    Normal's (the old engine rollouts at cap 200: +4.6 [-0.4, +9.7] over 50 seeds).
    Tried at cap 400 against this search, paired, and left out: overruling the heuristic's
    favourite more readily (switch_z 0.5: -1.7 [-6.4, +2.9], 0: -2.9 [-7.2, +1.4], seeds
    3000-3049); on seeds 3050-3099, a node expanding its replies best first by the fast
    rollout's worths instead of at random (-0.3 [-3.8, +3.2]), the finish's mobility at 0.5
    (-1.2 [-5.7, +3.2]; its policy plays 146 points a game against 144 at 1.0), Normal's
    choice in the last round (-3.3 [-5.4, -1.3]: the search earns points there too) and
    Normal's mobility for the finish of the last round (-2.1 [-4.0, -0.1])."""
    return SearchHooks(determinize=determinize, root_moves=4, finish=finish)
