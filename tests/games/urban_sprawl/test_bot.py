"""Urban Sprawl GreedyBot: sensible single decisions, and it beats random bots."""

from __future__ import annotations

import dataclasses
import random

from game.engine.bots import GreedyBot, RandomBot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.games.urban_sprawl.board import lot_of
from game.games.urban_sprawl.bot import evaluate
from game.games.urban_sprawl.tuning import OFFICE_EDGE, office_edge

from .support import after_setup, at_act, empty_city, pending_prompt, permit, rules, with_seat


def best(state):
    """The action the heuristic likes best at the pending prompt."""
    p = pending_prompt(rules(), state)
    scores = evaluate(rules(), rules().view(state, p.player), p)
    return p.options[scores.index(max(scores))].action


def test_it_builds_an_affordable_contract_before_anything_else() -> None:
    state = empty_city(after_setup(4))
    civ = next(c for c, card in rules().board.cards.items() if type(card).__name__ == "Contract"
               and card.zone == "CIV" and card.size == 1 and card.restriction is None)
    state = at_act(state, ap=6, contract_row=(civ, None, None, None, None),
                   hands=with_seat(state.hands, 0, (permit("CIV", 1),)), wealth=(30,) * 4)
    assert best(state) == ("build", "row", 0)


def test_it_places_next_to_its_own_zone_and_pays_with_the_smallest_permit() -> None:
    state = empty_city(after_setup(4), [("CIV", ((6, 6),), 0)])
    civ = next(c for c, card in rules().board.cards.items() if type(card).__name__ == "Contract"
               and card.zone == "CIV" and card.size == 1 and card.restriction is None)
    hand = tuple(sorted((permit("CIV", 1), permit("CIV", 3))))
    state = at_act(state, ap=6, contract_row=(civ, None, None, None, None),
                   hands=with_seat(state.hands, 0, hand), wealth=(30,) * 4)
    state, _ = rules().apply(state, 0, ("build", "row", 0))
    lots = best(state)[1]
    assert any(lot in rules().board.neighbours[lot_of(6, 6)] for lot in lots)
    state, _ = rules().apply(state, 0, ("lots", lots))
    assert best(state) == ("permit", permit("CIV", 1))


def test_it_hurts_the_leader_never_itself() -> None:
    state = empty_city(after_setup(3), [("COM", ((0, 0),), 0), ("COM", ((5, 5),), 1),
                                        ("COM", ((9, 9),), 2)])
    lead = with_seat(((0,) * 7,) * 3, 2, (9,) + (0,) * 6)
    state = dataclasses.replace(state, prestige=lead,
                                tasks=(("choose_building", 0, ("uncontrol",), (0, 1, 2)),))
    assert best(state) == ("building", 2)


def test_greedy_beats_random_players() -> None:
    r = rules()
    wins = 0
    for seed in range(4):
        bots = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(4)}
        bots[seed % 4] = GreedyBot(evaluate, random.Random(seed))
        m = play_out(Match(r, Config(4), seed), bots)
        wins += seed % 4 in r.winners(m.state)
    assert wins >= 3



def test_it_values_out_bidding_the_rival_of_the_zone() -> None:
    """A building worth more than every rival building of its zone would win the office."""
    state = empty_city(after_setup(4), [("CIV", ((6, 6),), 1), ("CIV", ((0, 0),), 0)])
    assert office_edge(rules(), state, 0, "CIV", 7) == OFFICE_EDGE  # the rival's is worth 6
    assert office_edge(rules(), state, 0, "CIV", 6) == 0.0  # a tie does not win it
    assert office_edge(rules(), state, 1, "CIV", 5) == OFFICE_EDGE  # seat 0's is worth 4
