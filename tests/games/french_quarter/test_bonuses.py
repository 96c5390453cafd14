"""French Quarter bonuses and meters: the edge cases of every bonus, one scenario each.

Rulebook: Bonificaciones, Medidor de Comida/Cultura/Compras/Misticismo/Fiesta, Artistas,
Paraguas, Actividades. Sheets are crafted one box before the circle under test; the turn is then
played through the public prompts with forced dice and cards (see support.py).
"""

from __future__ import annotations

import pytest

from game.games.french_quarter.board import ARTISTS
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import W

from .support import (
    CARRIAGE_FOOD,
    CULTURE,
    FOOD,
    MYSTICISM,
    PARTY,
    SOCIAL_UMB_UMB,
    bfs,
    bid,
    circle,
    craft,
    finish,
    food_turn,
    go,
    kind,
    mapped,
    mapping,
    myst_turn,
    plan,
    play_round,
    start,
    until,
)

CARRIAGE_PARTY = 4
SOCIAL_FOOD_FOOD = 1


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules engine, loaded once."""
    return FrenchQuarter()


def carriage_to(m, die: int, dest: str) -> None:
    """Seat 0 takes the Carriage die (Food card) and moves to `dest`."""
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [die]})
    m.apply(0, ("die", "carriage", die))
    go(m, 0, dest)


# -- activity circles (Actividades) ------------------------------------------------------------
def test_both_circle_with_every_bonus_taken_gives_the_multiplier(rules) -> None:
    both = circle(rules, FOOD, "BM")
    m = craft(start(rules), 0, meters=(both, 0, 0, 0, 0), bonuses=(3, 0, 0, 0, 0),
              mults=(3, 0, 0, 0, 0))
    food_turn(m)
    assert kind(m) == "move" and m.state.sheets[0].mults[FOOD] == 4


def test_both_circle_with_every_multiplier_taken_gives_the_bonus(rules) -> None:
    both = circle(rules, FOOD, "BM")
    m = craft(start(rules), 0, meters=(both, 0, 0, 0, 0), bonuses=(2, 0, 0, 0, 0),
              mults=(4, 0, 0, 0, 0))
    food_turn(m)
    assert kind(m) == "bmap"  # Comida C: map any building
    assert m.state.sheets[0].bonuses[FOOD] == 3


def test_bonus_circle_with_no_bonus_left_gives_nothing(rules) -> None:
    bonus = circle(rules, FOOD, "B", 1)
    m = craft(start(rules), 0, meters=(bonus, 0, 0, 0, 0), bonuses=(3, 0, 0, 0, 0))
    food_turn(m)
    sheet = m.state.sheets[0]
    assert kind(m) == "move" and sheet.meters[FOOD] == bonus + 1 and sheet.bonuses[FOOD] == 3


def test_a_wild_offers_only_meters_with_room(rules) -> None:
    m = craft(start(rules), 0, meters=(14, 0, 14, 0, 0))
    plan(m, cards={"walk": 6}, dice={"walk": [3]})  # walk[6] = wild
    m.apply(0, ("die", "walk", 3))
    assert {a[1] for a in m.prompts()[0].actions()} == {"culture", "mysticism", "party"}


# -- Comida (Food) -------------------------------------------------------------------------
def test_food_a_maps_only_where_the_adjacency_rule_allows(rules) -> None:
    m = craft(start(rules), 0, meters=(circle(rules, FOOD, "B"), 0, 0, 0, 0),
              mults=(1, 0, 0, 0, 0))
    m = mapping(rules, m, 0, {"cajun_jewelers": 6, "mississippi_dock_bar": 1})
    food_turn(m)
    options = m.prompts()[0].actions()
    assert ("building", "french_market") not in options  # between a 6 (north) and a 1 (east)
    assert ("building", "three_sisters_courtyard") in options


def test_food_b_gives_a_wild_for_a_small_building_mapped_by_a_bonus(rules) -> None:
    m = craft(start(rules), 0, meters=(circle(rules, FOOD, "B", 1), 0, 0, 0, 0),
              bonuses=(2, 0, 0, 0, 0), mults=(1, 0, 0, 0, 0))  # the 2nd "B": Comida C
    food_turn(m)
    m.apply(0, ("building", "cafe_chicory"))
    m.apply(0, ("map", 3))
    assert kind(m) == "wild" and mapped(rules, m, 0, "cafe_chicory") == 3


# -- Cultura (Culture) ---------------------------------------------------------------------
def test_culture_a_with_the_boat_moves_on_from_the_river(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 1, 0, 0, 0))
    plan(m, dice={"boat": [2]})
    m.apply(0, ("die", "boat", 2))
    until(m, "move")  # card-icon prompts (wilds) first
    assert ("building", "coops_bead_emporium") not in m.prompts()[0].actions()
    m.apply(0, ("boost", 1))  # Royal St row to Bourbon: 1 space off a Decatur building
    assert ("building", "coops_bead_emporium") in m.prompts()[0].actions()
    m.apply(0, ("building", "coops_bead_emporium"))
    assert m.state.sheets[0].boost_used


def test_culture_a_is_used_once(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 1, 0, 0, 0), boost_used=True)
    plan(m, dice={"walk": [2]})
    m.apply(0, ("die", "walk", 2))
    until(m, "move")  # card-icon prompts (wilds) first
    assert all(a[0] == "building" for a in m.prompts()[0].actions())


def test_party_b_slow_walk_still_takes_a_culture_a_boost(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 1, 0, 0, 2))
    plan(m, dice={"walk": [2]})
    m.apply(0, ("die", "walk", 2))
    until(m, "move")  # card-icon prompts (wilds) first
    m.apply(0, ("boost", 1))
    dist = bfs(rules.board, rules.board.start)
    assert len(m.prompts()[0].options) == sum(1 <= d <= 2 for d in dist)


def test_culture_b_maps_next_door_even_when_the_first_mapping_fails(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 2, 0, 0, 0))
    m = mapping(rules, m, 0, {"two_brothers_courtyard": 1})
    carriage_to(m, 4, "ljs_public_house")  # 4 next to a 1: no mapping, an umbrella
    assert mapped(rules, m, 0, "ljs_public_house") == 0 and kind(m) == "xmap"
    m.apply(0, ("building", "bayou_oyster_bar"))
    sheet = m.state.sheets[0]
    assert mapped(rules, m, 0, "bayou_oyster_bar") == 4 and sheet.umbrellas == 1


def test_declining_culture_b_gives_no_umbrella(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 2, 0, 0, 0))
    carriage_to(m, 4, "ljs_public_house")
    m.apply(0, None)
    assert mapped(rules, m, 0, "ljs_public_house") == 4 and m.state.sheets[0].umbrellas == 0


def test_culture_b_is_not_offered_when_no_neighbour_fits(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 2, 0, 0, 0))
    m = mapping(rules, m, 0, {"two_brothers_courtyard": 4, "bayou_oyster_bar": 4,
                              "bens_spectral_gems": 4, "roux_the_day_tavern": 4})
    carriage_to(m, 4, "ljs_public_house")
    assert m.prompts()[0].player == 1  # every neighbour is mapped: the turn is over


def test_culture_b_may_write_a_w_next_door(rules) -> None:
    """Compras A: "cuando mapees un edificio" — Cultura B's mapping too."""
    m = craft(start(rules), 0, bonuses=(0, 2, 1, 0, 0))
    m = mapping(rules, m, 0, {"ursuline_gallery": 1})  # a 4 cannot go on Ben's (north: 1)
    carriage_to(m, 4, "ljs_public_house")
    m.apply(0, ("map", 4))  # keep the W for Culture B
    xmap = m.prompts()[0]
    assert dict(next(o for o in xmap.options if o.action == ("building", "bens_spectral_gems"))
                .params)["value"] == "W"
    m.apply(0, ("building", "bens_spectral_gems"))
    assert kind(m) == "mapw" and m.prompts()[0].actions() == (("map", "W"),)
    m.apply(0, ("map", "W"))
    assert mapped(rules, m, 0, "bens_spectral_gems") == W and m.state.sheets[0].w_used == 1


def test_culture_c_the_socialize_die_not_its_card_moves_the_second_line(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 3, 0, 0, 0))
    plan(m, dice={"socialize": [3], "walk": [1]})
    m.apply(0, ("die", "socialize", 3))
    m.apply(0, ("card", "walk"))  # Walk's icons and movement, the Socialize die's value
    assert m.state.card_deck == "walk" and m.state.sheets[0].swap_used
    go(m, 0, "bayou_oyster_bar")  # 2 spaces: a Walk move, not Socialize's 1
    finish(m, 0)
    play_round(m, [(1, ("die", "walk", 1), "crescent_praline_shop"),
                   (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])
    assert kind(m) == "line_dir" and m.prompts()[0].player == 0


def test_culture_c_taking_the_socialize_card_moves_no_second_line(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 3, 0, 0, 0))
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"walk": [1]})
    m.apply(0, ("die", "walk", 1))
    m.apply(0, ("card", "socialize"))
    assert m.state.sheets[0].umbrellas == 2  # the Socialize card's two umbrellas
    go(m, 0, "crescent_praline_shop")
    finish(m, 0)
    play_round(m, [(1, ("die", "carriage", 1), "bayou_oyster_bar"),
                   (0, ("die", "streetcar", 1), "ljs_public_house"),
                   (1, ("die", "boat", 1), "french_market")])
    assert m.state.round == 2 and not m.state.line_segs


# -- Compras (Shopping) --------------------------------------------------------------------
def test_shopping_a_w_is_spent_once(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 0, 1, 0, 0), w_used=1)
    carriage_to(m, 2, "ljs_public_house")
    assert mapped(rules, m, 0, "ljs_public_house") == 2  # no W left: no question asked


def test_shopping_b_doubles_the_umbrella_of_a_failed_mapping(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 0, 2, 0, 0))
    m = mapping(rules, m, 0, {"ljs_public_house": 5})
    carriage_to(m, 2, "ljs_public_house")
    assert m.state.sheets[0].umbrellas == 2


# -- Misticismo (Mysticism) ----------------------------------------------------------------
def test_mysticism_a_under_party_d_gives_nothing(rules) -> None:
    m = craft(start(rules), 0, meters=(0, 0, 0, 1, 0), bonuses=(0, 0, 0, 0, 4))
    myst_turn(m)
    assert kind(m) == "move" and m.state.sheets[0].top == 0


def test_mysticism_b_starts_anywhere_but_the_public_start(rules) -> None:
    b = rules.board
    m = craft(start(rules, line=2), 0, meters=(0, 0, 0, circle(rules, MYSTICISM, "B", 1), 0),
              bonuses=(0, 0, 0, 1, 0), mults=(0, 0, 0, 3, 0))
    myst_turn(m)
    got = {a[1] for a in m.prompts()[0].actions()}
    assert got == (set(b.line_starts) - {b.line_starts[1]}) | set(b.personal_starts)


# -- Fiesta (Party) ------------------------------------------------------------------------
def test_party_a_with_no_culture_circle_left_crosses_nothing(rules) -> None:
    m = craft(start(rules), 0, meters=(0, 14, 0, 0, circle(rules, PARTY, "B")),
              mults=(0, 4, 0, 0, 1))
    plan(m, cards={"carriage": CARRIAGE_PARTY}, dice={"carriage": [1]})
    m.apply(0, ("die", "carriage", 1))
    sheet = m.state.sheets[0]
    assert sheet.bonuses[PARTY] == 1 and sheet.crossed == ()


def test_party_a_crossed_culture_circle_is_marked_without_reward(rules) -> None:
    first = circle(rules, CULTURE, "M")
    m = craft(start(rules), 0, meters=(0, first, 0, 0, 0), crossed=(first,))
    food_turn(m)  # Food, then Culture reaches the crossed circle
    sheet = m.state.sheets[0]
    assert sheet.meters[CULTURE] == first + 1 and sheet.mults[CULTURE] == 0
    assert kind(m) == "move"


def test_party_c_only_the_police_value_skips_mapping(rules) -> None:
    m = craft(start(rules), 0, police=3)
    carriage_to(m, 4, "ljs_public_house")
    assert mapped(rules, m, 0, "ljs_public_house") == 4


def test_party_c_police_value_also_skips_culture_b_and_the_w(rules) -> None:
    m = craft(start(rules), 0, police=4, bonuses=(0, 2, 1, 0, 0))
    carriage_to(m, 4, "ljs_public_house")
    sheet = m.state.sheets[0]
    assert m.prompts()[0].player == 1  # no mapw, no xmap
    assert not any(sheet.mapped) and sheet.umbrellas == 1


def test_party_c_unlocked_in_the_second_line_phase_goes_to_the_police(rules) -> None:
    """Row umbrella -> wild -> Party circle C: the tourist moves at maintenance."""
    m = start(rules, line=2)
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    play_round(m, [(0, ("die", "socialize", 3), "crescent_praline_shop"),
                   (1, ("die", "walk", 1), "bayou_oyster_bar"),
                   (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])
    m = craft(mapping(rules, m, 1, {"bens_spectral_gems": 3, "cabildo_courtyard": 3}), 1,
              line=9, umbrellas=2, meters=(0, 0, 0, 0, circle(rules, PARTY, "B", 2)),
              bonuses=(0, 0, 0, 0, 2))
    m.apply(0, ("direction", "e"))  # 2 boxes: row 1 complete, an umbrella, box 3 is a wild
    assert kind(m) == "wild" and m.prompts()[0].player == 1
    m.apply(1, ("meter", "party"))  # the 3rd "B": Fiesta C
    assert m.pending().label == "french_quarter.chance.die"
    m.apply_chance(5)
    sheet = m.state.sheets[1]
    assert sheet.police == 5 and sheet.pos == rules.board.police and m.state.round == 2


# -- Artists (Artistas) --------------------------------------------------------------------
def test_artist_meter_activity_reward(rules) -> None:
    m = craft(start(rules), 0, art=4, pos=bid(rules, "coops_bead_emporium"))  # box 4 "food"
    food_turn(m)
    m.apply(0, ("building", "dhm_speakeasy"))
    sheet = m.state.sheets[0]
    assert sheet.art == 5 and sheet.meters[FOOD] == 2  # the card's Food, then the meter's


def test_a_full_artist_meter_still_marks_the_rows(rules) -> None:
    m = craft(start(rules), 0, art=16, pos=bid(rules, "coops_bead_emporium"))
    food_turn(m)
    m.apply(0, ("building", "dhm_speakeasy"))
    sheet = m.state.sheets[0]
    assert sheet.top == 1 << ARTISTS.index("unicycle") and sheet.art == 16
    assert sheet.umbrellas == 0 and sheet.meters[FOOD] == 1


def test_social_food_food_resolves_each_icon_fully_before_the_next(rules) -> None:
    """Recordatorios: the first Food reaches Comida A, mapped before the second Food."""
    bonus = circle(rules, FOOD, "B")
    assert rules.board.meters[FOOD].boxes[bonus + 1] == "sq"
    m = craft(start(rules), 0, meters=(bonus, 0, 0, 0, 0), mults=(1, 0, 0, 0, 0))
    plan(m, cards={"socialize": SOCIAL_FOOD_FOOD}, dice={"socialize": [2]})
    m.apply(0, ("die", "socialize", 2))
    assert m.state.sheets[0].meters[FOOD] == bonus + 1 and kind(m) == "bmap"  # Comida A
    m.apply(0, ("building", "french_market"))
    m.apply(0, ("map", 2))
    assert m.state.sheets[0].meters[FOOD] == bonus + 2 and kind(m) == "move"


def test_w_counts_for_the_culture_street_but_zero_on_a_gift_shop(rules) -> None:
    m = mapping(rules, start(rules), 0, {"ljs_public_house": W, "two_brothers_courtyard": 3})
    m = craft(m, 0, mults=(0, 1, 0, 0, 0))
    assert rules.scores(m.state)[0]["culture"] == 2


def test_party_c_police_value_still_allows_a_bonus_mapping(rules) -> None:
    """Fiesta C skips the turn's mapping action only: Comida A still maps (our reading)."""
    m = craft(start(rules), 0, police=3, meters=(circle(rules, FOOD, "B"), 0, 0, 0, 0),
              mults=(1, 0, 0, 0, 0))
    food_turn(m, value=3)  # Food reaches the first "B": Comida A
    assert kind(m) == "bmap"
    m.apply(0, ("building", "french_market"))
    m.apply(0, ("map", 5))
    go(m, 0, "crescent_praline_shop")
    sheet = m.state.sheets[0]
    assert mapped(rules, m, 0, "french_market") == 5
    assert mapped(rules, m, 0, "crescent_praline_shop") == 0 and sheet.umbrellas == 1


def test_mysticism_a_offers_only_artists_with_an_empty_box(rules) -> None:
    """Artistas: a type with both boxes marked gives nothing, so it is not offered."""
    sax = 1 << ARTISTS.index("sax")
    m = craft(start(rules), 0, meters=(0, 0, 0, 1, 0), top=sax, bottom=sax)
    myst_turn(m)
    got = {a[1] for a in m.prompts()[0].actions()}
    assert "sax" not in got and len(got) == 7
