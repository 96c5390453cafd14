"""French Quarter Mayor variant, solo mode and Tourism expansion (Variante Alcalde, Modo
solitario, Expansión Turismo), built from forced chance outcomes (see support.py)."""

from __future__ import annotations

import pytest

from game.engine.core import Chance
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import OVER, W

from .support import (
    FOOD,
    bfs,
    circle,
    craft,
    kind,
    mapped,
    mapping,
    plan,
    restate,
    start,
    until,
)

BOURBON, DECATUR, DAUPHINE, NO_STREET = 0, 2, 5, 9  # Mayor card indices (cards.toml)


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules engine, loaded once."""
    return FrenchQuarter()


# -- Variante Alcalde ----------------------------------------------------------------------
def test_tourists_move_through_a_closed_street(rules) -> None:
    """Walk 2 from the hotel with Dauphine closed: only buildings beyond the closed row."""
    b = rules.board
    m = start(rules, mayor=True)
    plan(m, dice={"walk": [3]}, mayor=DAUPHINE)
    m.apply(0, ("die", "walk", 3))
    until(m, "move")
    dist = bfs(b, b.start)
    dauphine = b.street_index("dauphine")
    want = {x.id for x in b.buildings if 1 <= dist[x.index] <= 2 and dauphine not in x.streets}
    assert want == {"dhm_speakeasy"} and {a[1] for a in m.prompts()[0].actions()} == want


def test_streetcar_with_dauphine_closed_skips_move_building_and_mapping(rules) -> None:
    m = start(rules, mayor=True)
    plan(m, dice={"streetcar": [3]}, mayor=DAUPHINE)
    events = m.apply(0, ("die", "streetcar", 3))  # streetcar[0]: umbrella, food
    sheet = m.state.sheets[0]
    assert any(e.kind == "no_move" for e in events)
    assert sheet.umbrellas == 2 and sheet.pos == rules.board.start and not any(sheet.mapped)
    assert m.prompts()[0].player == 1


def test_bonus_mappings_ignore_the_closed_street(rules) -> None:
    """Variante Alcalde, aclaraciones: Comida A maps on Decatur St even when it is closed."""
    bonus = circle(rules, FOOD, "B")
    m = craft(start(rules, mayor=True), 0, meters=(bonus, 0, 0, 0, 0), mults=(1, 0, 0, 0, 0))
    plan(m, cards={"walk": 0}, dice={"walk": [3]}, mayor=DECATUR)
    m.apply(0, ("die", "walk", 3))
    assert kind(m) == "bmap"
    m.apply(0, ("building", "french_market"))
    m.apply(0, ("map", 3))
    assert mapped(rules, m, 0, "french_market") == 3
    assert m.state.sheets[0].meters[FOOD] == bonus + 1


def test_a_mayor_card_without_a_street_closes_nothing(rules) -> None:
    m = start(rules, mayor=True)
    plan(m, mayor=NO_STREET)
    assert rules.closed_street(m.state) == -1
    assert len(rules.line_moves(m.state, m.state.line_head, frozenset())) == 4


def test_a_new_mayor_card_each_round(rules) -> None:
    m = start(rules, mayor=True)
    plan(m, mayor=BOURBON)
    while not isinstance(m.pending(), Chance):  # play round 1 out
        p = m.prompts()[0]
        m.apply(p.player, p.options[0].action)
    while m.state.tasks[0][0] != "mayor":
        m.apply_chance(m.pending().outcomes[0][0])
    chance = m.pending()
    assert m.state.round == 2 and len(chance.outcomes) == 11
    assert BOURBON not in [o for o, _ in chance.outcomes]


def test_the_car_icon_changes_nothing_with_several_players(rules) -> None:
    """Variante Alcalde: a Mayor card's icons matter only in solo; the first player picks."""
    assert rules.board.mayor[BOURBON].car
    m = start(rules, players=3, first=2, mayor=True)
    plan(m, mayor=BOURBON)
    picks = [task[1] for task in m.state.tasks if task[0] == "pick"]  # the round's pick order
    assert picks == [2, 0, 1, 2, 0, 1] and m.prompts()[0].player == 2
    assert all(t == -1 for _, _, t in m.state.dice)  # no die goes to Mayor Carly


# -- Modo solitario ------------------------------------------------------------------------
def test_solo_uses_the_two_player_pool_without_taxi(rules) -> None:
    m = start(rules, players=1)
    labels = []
    while isinstance(p := m.pending(), Chance):
        labels.append(p.label)
        m.apply_chance(p.outcomes[0][0])
    assert m.state.mayor and len(m.state.dice) == 5
    assert "french_quarter.chance.taxi" not in labels
    assert "taxi" not in {d for d, _, _ in m.state.dice}


def test_solo_draws_no_first_player_and_the_player_holds_the_marker(rules) -> None:
    m = start(rules, players=1, line=4)  # only the Second Line die before planning
    assert m.state.first == 0 and m.state.phase == "plan"
    assert m.pending().label == "french_quarter.chance.walk"  # the first card reveal


TIERS = (  # crafted sheets with a known total, completed by Second Line boxes (0-60)
    {},
    {"courtyards": "all"},
    {"courtyards": "all", "riverwalk": 2, "top": 255, "bottom": 255, "art": 16},
    {"courtyards": "all", "riverwalk": 2, "top": 255, "bottom": 255, "art": 16,
     "mapped": "all", "mults": (4, 0, 0, 0, 0)},
    {"courtyards": "all", "riverwalk": 2, "top": 255, "bottom": 255, "art": 16,
     "mapped": "all", "mults": (4, 0, 0, 0, 1)},
)


def solo_with_total(rules, total: int):
    """A solo match whose player has exactly `total` points."""
    b = rules.board
    m = start(rules, players=1)
    for tier in TIERS:
        changes = dict(tier)
        if changes.get("courtyards") == "all":
            changes["courtyards"] = tuple(x.index for x in b.buildings if x.special == "courtyard")
        if changes.get("mapped") == "all":
            changes["mapped"] = (1,) * len(b.buildings)
        base = sum(rules.scores(craft(m, 0, **changes).state)[0].values())
        if 0 <= total - base <= 60:
            return craft(m, 0, line=total - base, **changes)
    raise AssertionError(f"no crafted sheet reaches {total}")


@pytest.mark.parametrize(("total", "rating"), [
    (74, 0), (75, 1), (99, 1), (100, 2), (124, 2), (125, 3), (149, 3), (150, 4), (174, 4),
    (175, 5), (199, 5), (200, 6)])
def test_solo_rating_table_bounds(rules, total, rating) -> None:
    m = solo_with_total(rules, total)
    assert sum(rules.scores(m.state)[0].values()) == total
    assert rules.solo_rating(m.state) == f"french_quarter.solo_rating.{rating}"


def test_carly_never_gets_a_prompt(rules) -> None:
    m = start(rules, players=1)
    plan(m, mayor=NO_STREET)  # car icon: Carly first
    seats = set()
    while m.state.round == 1 and not isinstance(m.pending(), Chance):
        p = m.prompts()[0]
        seats.add(p.player)
        m.apply(p.player, p.options[0].action)
    assert seats == {0}


# -- Expansión Turismo ---------------------------------------------------------------------
@pytest.mark.parametrize(("values", "ok"), [((1, 2, 3, 4), True), ((1, 2, 2, 4), False),
                                            ((1, 2, W, 4), False), ((5, 4, 3, 2), True)])
def test_vacation_different_condition(rules, values, ok) -> None:
    m = start(rules, vacations=(9, 0), tourism=True)  # Pub Crawl: four different values
    card = rules.board.vacations[9]
    assert card.condition == "different"
    names = [rules.board.buildings[x].id for x in card.buildings]
    m = restate(mapping(rules, m, 0, dict(zip(names, values))), phase=OVER)
    assert rules.scores(m.state)[0]["vacation"] == (8 if ok else 0)


def test_vacation_needs_all_four_buildings(rules) -> None:
    m = start(rules, vacations=(0, 1), tourism=True)  # Mardi Gras, no condition
    card = rules.board.vacations[0]
    names = [rules.board.buildings[x].id for x in card.buildings]
    m = restate(mapping(rules, m, 0, dict.fromkeys(names[:3], 2)), phase=OVER)
    assert rules.scores(m.state)[0]["vacation"] == 0


def test_each_player_gets_a_different_vacation_card(rules) -> None:
    m = start(rules, players=3, vacations=(4, 7, 2), tourism=True)
    assert [s.vacation for s in m.state.sheets] == [4, 7, 2]
    assert set(m.state.vac_pool) == set(range(12)) - {4, 7, 2}


def test_culture_b_maps_next_door_on_the_closed_street(rules) -> None:
    """Variante Alcalde, aclaraciones: Cultura B maps a Bourbon St building while closed."""
    m = craft(start(rules, mayor=True), 0, bonuses=(0, 2, 0, 0, 0))
    plan(m, cards={"carriage": 1}, dice={"carriage": [3]}, mayor=BOURBON)
    m.apply(0, ("die", "carriage", 3))
    assert ("building", "ljs_public_house") not in m.prompts()[0].actions()  # no visiting
    m.apply(0, ("building", "two_brothers_courtyard"))
    assert kind(m) == "xmap" and ("building", "ljs_public_house") in m.prompts()[0].actions()
    m.apply(0, ("building", "ljs_public_house"))
    assert mapped(rules, m, 0, "ljs_public_house") == 3


def test_no_legal_move_also_skips_culture_b(rules) -> None:
    """Variante Alcalde: without a move there is no mapping action, so no Cultura B either."""
    m = craft(start(rules, mayor=True), 0, bonuses=(0, 2, 0, 0, 0))
    plan(m, dice={"streetcar": [3]}, mayor=DAUPHINE)
    m.apply(0, ("die", "streetcar", 3))
    m.apply(0, None)  # decline the Cultura A boost: no move
    sheet = m.state.sheets[0]
    assert m.prompts()[0].player == 1 and not any(sheet.mapped) and sheet.umbrellas == 2
