"""Next Station: Paris search hooks: the deck is the only hidden part, and it is known.

Each round starts from the whole deck (`rules.all_cards`) and reveals cards from it, so the
cards left are exactly those not yet revealed this round; only their order is unknown, and
the deck is a set drawn at random by chance nodes, so the sample is the true deck.
"""

from __future__ import annotations

import random

from game.engine.search import SearchHooks, epsilon_rollout

from .finish import finish
from .rollout import fast_rollout
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


ROLLOUT_EPSILON = 0.1  # a random move now and then keeps rollouts from all playing alike


def hooks() -> SearchHooks:
    """The true state, rollouts by the fast policy of rollout.py (the heuristic's segment
    judgement one step deep: as good as a look ahead on the engine's score at a third of its
    cost; the heuristic itself costs ~12 ms a decision, too slow to roll out with), the
    heuristic's best 4 moves at the root."""
    return SearchHooks(determinize=determinize, root_moves=4,
                       rollout=epsilon_rollout(fast_rollout, ROLLOUT_EPSILON), finish=finish)
