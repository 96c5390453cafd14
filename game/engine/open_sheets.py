"""Rules of games where every seat has its own open sheet and only the deck is hidden.

In Next Station and Explore New York everyone draws on a sheet of their own, in the open, from
one shared deck of cards turned over one at a time: the order of the cards still in the deck is
the one secret, and it is the same secret for every seat. `HiddenDeck` gives such rules the
`view` and `randomize_hidden` of the Rules protocol (game.engine.core) once: a view is the state
without its deck (the cards left follow from those seen), and the conformance check re-deals the
deck to see that no view depends on it. The rules class puts it before its base
(`class MyRules(HiddenDeck, TurnRules)`) and has `Draft` (game.engine.flow.drafting of its
state, whose fields `deck` and `viewer` these set) and `all_cards` (every card of the deck).
"""

from __future__ import annotations

import random
from typing import Any


class HiddenDeck:
    """`view` and `randomize_hidden` for rules whose one hidden part is the shared deck."""

    Draft: Any  # drafting(State): a mutable copy of the state
    all_cards: tuple[int, ...]  # every card of the deck

    def view(self, state: Any, player: int | None) -> Any:
        """Everything but the deck (the cards left, and so the ones removed unseen)."""
        d = self.Draft(state)
        d.deck = None
        d.viewer = -1 if player is None else player
        return d.freeze()

    def randomize_hidden(self, state: Any, player: int | None, rng: random.Random) -> Any:
        """The state with the deck re-dealt (for the conformance view check): the deck is the
        only hidden part, and a view must not change with it."""
        if state.deck is None:
            return state
        d = self.Draft(state)
        d.deck = tuple(sorted(rng.sample(self.all_cards, len(state.deck))))
        return d.freeze()
