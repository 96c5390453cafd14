"""Urban Sprawl search hooks: the decks' contents and the face-down planning cards are hidden.

A view shows a deck's events and "?" for its other cards, and "?" for each face-down planning
card. A sample fills every "?" of a deck (and of the planning row, from the planning deck's
cards) with that deck's cards in sight nowhere: not in a hand, a row, on top, among the
Favours or in the discard pile. Built contracts leave the game unseen, so a sample may put one
back in its deck: the view cannot tell which were built.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from game.engine.search import SearchHooks, epsilon_rollout, greedy_rollout

from .board import CONTRACT_DECKS, Renewal
from .bot import evaluate
from .politics import WEALTH_PER_PRESTIGE
from .rules import UrbanSprawl
from .state import HIDDEN_CARD, State, total_prestige


def in_sight(view: State) -> Counter[str]:
    """Every card a view shows outside the decks, with its copies (permits repeat)."""
    shown = Counter([*view.planning_row, view.planning_top, *view.discard, *view.contract_row,
                     *view.tops])
    for cards in (*view.hands, *view.favours):
        shown.update(cards)
    return shown


def unseen(rules: UrbanSprawl, deck_name: str, shown: Counter[str], rng: random.Random
           ) -> list[str]:
    """The deck's cards (events aside: a view shows them) in sight nowhere, shuffled; cards
    that left the game unseen (permits played, contracts built) are among them, so a sample
    needs only as many as the deck hides."""
    board = rules.board
    cards = Counter(c for c in board.decks[deck_name] if c not in board.events)
    if deck_name == "planning":  # Renewals are shuffled into it during the game
        cards.update(c for c, card in board.cards.items() if isinstance(card, Renewal))
    left = list((cards - shown).elements())
    rng.shuffle(left)
    return left


def fill(cards: tuple[str, ...], candidates: list[str]) -> tuple[str, ...]:
    """`cards` with each hidden one replaced by the next candidate, sorted."""
    return tuple(sorted(candidates.pop() if c == HIDDEN_CARD else c for c in cards))


def determinize(rules: UrbanSprawl, view: State, player: int, rng: random.Random) -> State:
    """A full state `view` could come from, its hidden cards dealt at random."""
    shown = in_sight(view)
    decks = tuple(replace(deck, cards=fill(deck.cards, unseen(rules, name, shown, rng)))
                  for name, deck in zip(CONTRACT_DECKS, view.decks))
    planning = unseen(rules, "planning", shown, rng)
    row = tuple(planning.pop() if c == HIDDEN_CARD else c for c in view.planning_row)
    d = rules.Draft(view)
    d.decks, d.planning_row = decks, row
    d.planning_deck = replace(view.planning_deck, cards=fill(view.planning_deck.cards, planning))
    d.viewer = None
    return d.freeze()


ROLLOUT_EPSILON = 0.05  # a random move now and then keeps rollouts from all playing alike
# Decisions a rollout plays before it is valued by `standing`: a game has ~550 decisions, so a
# rollout to the end takes ~40 ms (~23 a second, a handful per root move); 40 decisions (a few
# turns each) take ~7 ms (~135 a second).
ROLLOUT_DEPTH = 40


def standing(rules: UrbanSprawl, state: State) -> tuple[float, ...]:
    """A cut rollout's value per seat: prestige so far plus what its wealth will be worth at
    the end (1 prestige per WEALTH_PER_PRESTIGE, "Final de la partida"), fractions kept."""
    return tuple(total_prestige(state, seat) + state.wealth[seat] / WEALTH_PER_PRESTIGE
                 for seat in range(state.players))


def hooks() -> SearchHooks:
    """Sampled decks, rollouts by the heuristic (cheap here: a greedy game takes ~70 ms, a
    random one twice as long) cut after ROLLOUT_DEPTH decisions, the heuristic's best 4 moves
    compared at the root."""
    return SearchHooks(determinize=determinize, root_moves=4,
                       rollout=epsilon_rollout(greedy_rollout(evaluate), ROLLOUT_EPSILON),
                       rollout_depth=ROLLOUT_DEPTH, evaluate=standing)
