"""French Quarter: the rulebook's worked examples not covered elsewhere, replayed from forced
dice and cards (see support.py). Each test names the example's section.

Also covered elsewhere: dice placement and picks (test_rules: rulebook_pick_example), Carriage
to Bayou Oyster Bar, LJ's mapping, DHM Speakeasy, the Second Line examples and Dani's 113.
"""

from __future__ import annotations

import pytest

from game.games.french_quarter.board import ARTISTS
from game.games.french_quarter.rules import FrenchQuarter

from .support import (
    CARRIAGE_FOOD,
    CULTURE,
    FOOD,
    SHOPPING,
    WALK_FOOD_CULTURE,
    bid,
    circle,
    craft,
    go,
    kind,
    mapped,
    plan,
    start,
)

CARRIAGE_UMBRELLA_FOOD = 5  # cards.toml carriage[5]


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules engine, loaded once."""
    return FrenchQuarter()


def test_paraguas_example_wild_is_spent_before_the_next_icon(rules) -> None:
    """Paraguas: Ana's umbrella marks a wild box, she puts it on Shopping, then marks Food."""
    m = craft(start(rules), 0, umbrellas=2)
    plan(m, cards={"carriage": CARRIAGE_UMBRELLA_FOOD}, dice={"carriage": [1]})
    events = list(m.apply(0, ("die", "carriage", 1)))
    assert kind(m) == "wild" and m.state.sheets[0].meters[FOOD] == 0
    events += m.apply(0, ("meter", "shopping"))
    marks = [e.get("activity") or "umbrella" for e in events if e.kind in ("umbrella", "meter")]
    assert marks == ["umbrella", "shopping", "food"]
    assert m.state.sheets[0].umbrellas == 3


def test_actividades_example_both_circle_bonus_is_culture_a(rules) -> None:
    """Actividades: Fernando takes the bonus of a Culture "both" circle: the +1/+2 move."""
    both = circle(rules, CULTURE, "BM")
    assert "B" not in "".join(rules.board.meters[CULTURE].boxes[:both])  # the first bonus
    m = craft(start(rules), 0, meters=(0, both, 0, 0, 0), mults=(0, 1, 0, 0, 0))
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [2]})
    m.apply(0, ("die", "walk", 2))
    assert kind(m) == "circle"
    m.apply(0, ("bonus", "culture"))
    sheet = m.state.sheets[0]
    assert sheet.bonuses[CULTURE] == 1 and sheet.mults[CULTURE] == 1
    # A one-use bonus may be used at once: this very move already offers the boost.
    assert {("boost", 1), ("boost", 2)} <= set(m.prompts()[0].actions())


def test_artistas_example_magician_maps_beignet_cafe_on_st_ann(rules) -> None:
    """Artistas: a first magician marks the top row and a meter box that maps on St Ann St."""
    assert rules.board.artist_meter[10] == "map:st_ann"
    m = craft(start(rules), 0, art=10, pos=bid(rules, "frenchmen_jazz_cellar"))
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [3]})
    m.apply(0, ("die", "carriage", 3))
    go(m, 0, "cajun_jewelers")  # shopping, magic
    assert kind(m) == "bmap"
    st_ann = rules.board.street_index("st_ann")
    assert {rules.board.building_index(a[1]) for a in m.prompts()[0].actions()} == set(
        rules.board.on_street[st_ann])
    m.apply(0, ("building", "beignet_cafe"))
    m.apply(0, ("map", 3))
    sheet = m.state.sheets[0]
    assert sheet.top == 1 << ARTISTS.index("magic") and sheet.art == 11
    assert mapped(rules, m, 0, "beignet_cafe") == 3 and sheet.meters[SHOPPING] == 1
    assert mapped(rules, m, 0, "cajun_jewelers") == 3  # then the turn's own mapping


def test_movimiento_de_destino_example_boat_from_bayou_to_three_sisters(rules) -> None:
    """Movimiento de destino: Dani's Boat 5 from Bayou Oyster Bar to Three Sisters Courtyard."""
    m = craft(start(rules), 0, pos=bid(rules, "bayou_oyster_bar"))
    plan(m, cards={"boat": 0}, dice={"boat": [5]})
    m.apply(0, ("die", "boat", 5))
    go(m, 0, "three_sisters_courtyard")
    sheet = m.state.sheets[0]
    assert sheet.pos == bid(rules, "three_sisters_courtyard")
    assert sheet.courtyards == (bid(rules, "three_sisters_courtyard"),)
    assert mapped(rules, m, 0, "three_sisters_courtyard") == 5
