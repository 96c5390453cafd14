"""French Quarter final scoring and the special buildings (Puntuación final; Edificios
especiales), on crafted sheets or forced turns (see support.py)."""

from __future__ import annotations

import pytest

from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scoring import sheet_points
from game.games.french_quarter.state import OVER, W

from .support import CARRIAGE_FOOD, bid, craft, go, mapping, plan, restate, start

SAME_OLD_TOWN = 8  # Vacation card: four buildings, all the same value (cards.toml)


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules engine, loaded once."""
    return FrenchQuarter()


def test_a_building_scores_on_every_street_it_touches(rules) -> None:
    """LJ's touches St Peter (Culture) and Bourbon (Party)."""
    m = mapping(rules, start(rules), 0, {"ljs_public_house": 2})
    m = craft(m, 0, mults=(0, 1, 0, 0, 2))
    s = rules.scores(m.state)[0]
    assert (s["culture"], s["party"], s["food"]) == (1, 2, 0)


def test_the_highest_multiplier_counts_and_none_is_x0(rules) -> None:
    m = mapping(rules, start(rules), 0, {"ljs_public_house": 2, "bens_spectral_gems": 2})
    assert rules.scores(m.state)[0]["culture"] == 0  # x0: no multiplier marked
    m = craft(m, 0, mults=(0, 3, 0, 0, 0))  # x1, x2, x3 marked
    assert rules.scores(m.state)[0]["culture"] == 6


def test_food_b_points_are_not_multiplied(rules) -> None:
    m = mapping(rules, start(rules), 0, {"gumbo_pot_kitchen": 2, "cafe_chicory": 2,
                                         "bloody_marys": 5})
    m = craft(m, 0, bonuses=(2, 0, 0, 0, 0), mults=(3, 0, 0, 0, 0))
    assert rules.scores(m.state)[0]["food"] == 2 * 3 + 3  # 2 on Decatur x3, 3 small buildings


def test_shopping_b_points_are_not_multiplied(rules) -> None:
    m = mapping(rules, start(rules), 0, {"crescent_praline_shop": 2})  # on Conti St
    m = craft(m, 0, bonuses=(0, 0, 2, 0, 0), mults=(0, 0, 2, 0, 0), umbrellas=10)
    assert rules.scores(m.state)[0]["shopping"] == 1 * 2 + 3  # 3 wilds among 10 umbrellas


def test_gift_shops_score_only_both_mapped(rules) -> None:
    m = mapping(rules, start(rules), 0, {"dauphine_gift_shop": 5})
    assert rules.scores(m.state)[0]["buildings"] == 0
    m = mapping(rules, m, 0, {"riverside_gift_shop": 4})
    assert rules.scores(m.state)[0]["buildings"] == 9  # the rulebook's "5" and "4"


def test_both_artist_rows_score_apart(rules) -> None:
    m = craft(start(rules), 0, top=0b11111111, bottom=0b111)
    assert rules.scores(m.state)[0]["artists"] == 20 + 3  # a full row, and 3


def walk_from(rules, m, pos: str, dest: str):
    """Seat 0 stands on `pos` and takes a Carriage die to `dest`."""
    m = craft(m, 0, pos=bid(rules, pos))
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [2]})
    m.apply(0, ("die", "carriage", 2))
    go(m, 0, dest)
    return m


def test_a_courtyard_visited_again_counts_once(rules) -> None:
    cabildo = bid(rules, "cabildo_courtyard")
    m = walk_from(rules, craft(start(rules), 0, courtyards=(cabildo,)), "bens_spectral_gems",
                  "cabildo_courtyard")
    assert m.state.sheets[0].courtyards == (cabildo,)


def test_riverwalk_box_then_circle_then_nothing(rules) -> None:
    m = walk_from(rules, craft(start(rules), 0, riverwalk=1), "antique_row_emporium",
                  "riverwalk_shopping_aquarium")
    assert m.state.sheets[0].riverwalk == 2 and rules.scores(m.state)[0]["buildings"] == 8
    m = walk_from(rules, craft(start(rules), 0, riverwalk=2), "antique_row_emporium",
                  "riverwalk_shopping_aquarium")
    assert m.state.sheets[0].riverwalk == 2


def test_w_on_a_gift_shop_scores_zero_but_completes_the_pair(rules) -> None:
    m = mapping(rules, start(rules), 0, {"dauphine_gift_shop": W, "riverside_gift_shop": 4})
    assert rules.scores(m.state)[0]["buildings"] == 4


def test_every_term_scores_alike_in_details_scores_and_the_bot(rules) -> None:
    """One sheet where every scoring term counts: each category's Detail lines add up to it,
    and sheet_points (what the bot values) is the total without the Vacation card."""
    m = start(rules, vacations=(SAME_OLD_TOWN, 0), tourism=True)
    m = mapping(rules, m, 0, {"dauphine_gift_shop": W, "riverside_gift_shop": 4,
                              "gumbo_pot_kitchen": 2, "cafe_chicory": 2,
                              "bayou_oyster_bar": 4, "two_brothers_courtyard": 4,
                              "ljs_public_house": 4, "hotel_ama_house": 4,
                              "voodoo_queen_museum": 4, "madame_tarot_parlor": 4})
    courts = tuple(sorted(bid(rules, c) for c in ("cabildo_courtyard", "three_sisters_courtyard")))
    m = craft(m, 0, bonuses=(2, 1, 2, 0, 0), mults=(3, 1, 2, 1, 2), umbrellas=10, line=5,
              courtyards=courts, riverwalk=2, top=0b1011, bottom=0b1, art=7)
    m = restate(m, phase=OVER)
    scores, lines = rules.scores(m.state)[0], rules.details(m.state)[0]
    assert all(scores.values()), scores  # every category scores, so every sum is checked
    for category, points in scores.items():
        assert sum(d.points for d in lines if d.category == category) == points, category
    labels = {d.label.removeprefix("french_quarter.detail."): d.points for d in lines}
    # Small: both Gift Shops (the W too), Gumbo Pot, Café Chicory, Madame Tarot.
    assert labels["small_buildings"] == 5 and labels["umbrella_wilds"] == 3
    assert labels["gift_shops"] == 4 and labels["riverwalk"] == 8 and labels["courtyards"] == 6
    assert labels["artist_meter"] > 0 and labels["vacation"] == 8
    assert sheet_points(rules.board, m.state.sheets[0]) == sum(scores.values()) - 8
