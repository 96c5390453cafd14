"""French Quarter GreedyBot heuristic: well-formed scores, whole games, better than random,
the rules' own points in its value, and the pursuit of its Vacation card (Tourism)."""

from __future__ import annotations

import random

import pytest

from game.engine.bots import GreedyBot, RandomBot, play_out
from game.engine.core import Config, total
from game.engine.match import Match
from game.games.french_quarter.bot import evaluate, value
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scoring import vacation_done

from .support import FOOD, bid, circle, craft, food_turn, kind, mapping, plan, start

# Vacation card indices (levels/french_quarter/cards.toml [[vacation]]).
MARDI_GRAS, FOODIE_TOUR, SAME_OLD_TOWN, PUB_CRAWL = 0, 2, 8, 9


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules, loaded once."""
    return FrenchQuarter()


def greedy_game(rules, players: int, seed: int, **options) -> Match:
    """A whole game of greedy bots."""
    bots = {s: GreedyBot(evaluate, random.Random(seed * 10 + s)) for s in range(players)}
    return play_out(Match(rules, Config(players, tuple(sorted(options.items()))), seed), bots)


def scores_of(rules, m: Match, prompt) -> dict:
    """The heuristic's score per option action of `prompt` (seen from its player's view)."""
    return dict(zip(prompt.actions(), evaluate(rules, m.view(prompt.player), prompt)))


def test_one_score_per_option_from_a_view(rules) -> None:
    m = Match(rules, Config(3, (("tourism", True),)), seed=4)
    rng = random.Random(4)
    for _ in range(60):
        m.resolve_chance()
        prompt = m.prompts()[0]
        scores = evaluate(rules, m.view(prompt.player), prompt)
        assert len(scores) == len(prompt.options) and all(s > -1e9 for s in scores)
        m.apply(prompt.player, rng.choice(prompt.options).action)


def test_greedy_beats_random(rules) -> None:
    wins = 0
    for seed in range(6):
        bots = {0: GreedyBot(evaluate, random.Random(seed)), 1: RandomBot(random.Random(seed))}
        m = play_out(Match(rules, Config(2), seed), bots)
        totals = [total(b) for b in rules.scores(m.state)]
        wins += totals[0] > totals[1]
    assert wins >= 5


COURTYARDS = ("cabildo_courtyard", "pirates_alley_courtyard", "three_sisters_courtyard")


@pytest.mark.parametrize("field", ["riverwalk", "courtyards", "art", "line"])
def test_value_counts_the_rules_points(rules, field) -> None:
    # The bot adds scoring.sheet_points, the functions behind FrenchQuarter.scores (no copy
    # of its own to drift): a sheet change that only scores moves the value by its points.
    # test_scoring checks those functions term by term on crafted sheets.
    change = {"riverwalk": 2, "art": 7, "line": 18,
              "courtyards": tuple(sorted(bid(rules, c) for c in COURTYARDS))}[field]
    before = start(rules)
    after = craft(before, 0, **{field: change})
    gained = total(rules.scores(after.state)[0]) - total(rules.scores(before.state)[0])
    assert gained > 0
    assert value(rules.board, after.state, 0) - value(rules.board, before.state, 0) == (
        pytest.approx(gained))


# -- Vacation card (Tourism) -----------------------------------------------------------------
def last_step(rules, card: int) -> Match:
    """Seat 0 at the start with the Walk die (3) to play; Foodie Tour misses only Bayou Oyster
    Bar and Mardi Gras only DHM Speakeasy: both a Walk away and, without either card, about
    equally good (they tie for the old heuristic)."""
    m = start(rules, players=2, vacations=(MARDI_GRAS, FOODIE_TOUR), tourism=True)
    m = mapping(rules, m, 0, {"crescent_praline_shop": 3, "beignet_cafe": 3,
                              "gumbo_pot_kitchen": 3, "coops_bead_emporium": 3,
                              "bloody_marys": 3, "french_market": 3})
    m = craft(m, 0, vacation=card)
    plan(m, cards={"walk": 0}, dice={"walk": [3]})
    m.apply(0, ("die", "walk", 3))
    assert kind(m) == "move"
    return m


@pytest.mark.parametrize(("card", "goal", "other"), [
    (FOODIE_TOUR, "bayou_oyster_bar", "dhm_speakeasy"),
    (MARDI_GRAS, "dhm_speakeasy", "bayou_oyster_bar"),
])
def test_moves_to_the_building_its_vacation_card_misses(rules, card, goal, other) -> None:
    m = last_step(rules, card)
    scores = scores_of(rules, m, m.prompts()[0])
    assert scores[("building", goal)] > scores[("building", other)]
    assert max(scores, key=scores.get) == ("building", goal)


def bonus_value_prompt(rules, card: int, values: dict[str, int], target: str) -> Match:
    """Seat 0 (a W in hand) unlocks Comida C (map any building) and picks `target`: the
    prompt is now the value to write there."""
    m = start(rules, players=2, vacations=(card, MARDI_GRAS), tourism=True)
    m = mapping(rules, m, 0, values)
    m = craft(m, 0, meters=(circle(rules, FOOD, "B", 1), 0, 0, 0, 0), bonuses=(2, 0, 1, 0, 0),
              mults=(1, 0, 0, 0, 0))
    food_turn(m)
    assert kind(m) == "bmap"
    m.apply(0, ("building", target))
    assert kind(m) == "bval"
    return m


def test_bonus_mapping_writes_the_value_an_equal_card_needs(rules) -> None:
    m = bonus_value_prompt(rules, SAME_OLD_TOWN, {"bayou_oyster_bar": 4,
                                                  "two_brothers_courtyard": 4,
                                                  "ljs_public_house": 4}, "hotel_ama_house")
    scores = scores_of(rules, m, m.prompts()[0])
    best = scores.pop(("map", 4))
    assert best > max(scores.values())  # any other value, or the W, breaks "all equal"


def test_bonus_mapping_writes_a_value_a_different_card_still_lacks(rules) -> None:
    m = bonus_value_prompt(rules, PUB_CRAWL, {"roux_the_day_tavern": 3,
                                              "brush_and_brew_pub": 4,
                                              "ljs_public_house": 2}, "rampart_jazz_hall")
    scores = scores_of(rules, m, m.prompts()[0])
    fresh = [scores[("map", v)] for v in (1, 5, 6)]
    spoiling = [scores[("map", v)] for v in (2, 3, 4)] + [scores[("map", "W")]]
    assert min(fresh) > max(spoiling)


def test_greedy_bots_complete_their_vacation_cards(rules) -> None:
    # The one-step heuristic without a Vacation term completed 14 cards of 400 (3.5%) over
    # 200 two-player games; this one completes about half of them.
    done = seats = 0
    for seed in range(10):
        m = greedy_game(rules, 2, seed, tourism=True)
        seats += 2
        done += sum(vacation_done(rules.board, sheet) for sheet in m.state.sheets)
    assert done >= seats // 4



def test_a_die_is_worth_the_best_move_it_allows(rules) -> None:
    # The pick looks through the move: the old heuristic valued only the card's icons, so
    # a die that reaches the missing Vacation building looked no better than any other.
    m = start(rules, players=2, vacations=(FOODIE_TOUR, MARDI_GRAS), tourism=True)
    m = mapping(rules, m, 0, {"crescent_praline_shop": 3, "beignet_cafe": 3,
                              "gumbo_pot_kitchen": 3})
    plan(m, cards={"walk": 0}, dice={"walk": [3]})
    picks = scores_of(rules, m, m.prompts()[0])
    m.apply(0, ("die", "walk", 3))
    moves = scores_of(rules, m, m.prompts()[0])
    assert picks[("die", "walk", 3)] == pytest.approx(max(moves.values()))
    assert max(moves, key=moves.get) == ("building", "bayou_oyster_bar")
