"""French Quarter rules, one scenario per rule, built from forced chance outcomes.

Rulebook: /work/shared/rules/french_quarter.es.txt; decisions: /work/shared/rules/NOTES.md.
Cards are forced by index into levels/french_quarter/cards.toml, dice by face. Bonus scenarios
start from a crafted sheet (a meter one box before a circle) because reaching it by play would
take many turns; the turn itself is then played through the public prompts.
"""

from __future__ import annotations

import pytest

from game.engine.core import TERMINAL, Chance, IllegalAction
from game.games.french_quarter.board import ACTIVITIES, ARTISTS
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import CARLY, HIDDEN, OVER, W

from .support import (
    BOAT_FOOD,
    CARRIAGE_FOOD,
    CARRIAGE_UMBRELLA_MYST,
    CULTURE,
    FOOD,
    MYSTICISM,
    PARTY,
    SHOPPING,
    SOCIAL_UMB_UMB,
    STREETCAR_SHOPPING,
    WALK_FOOD_CULTURE,
    WALK_WILD,
    at,
    bfs,
    bid,
    circle,
    craft,
    food_turn,
    go,
    kind,
    mapped,
    mapping,
    myst_turn,
    plan,
    play_round,
    restate,
    start,
)


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules engine, loaded once."""
    return FrenchQuarter()


# -- setup and planning (Preparación, Fase de planificación) ----------------------------------
def test_setup_puts_tourists_on_the_hotel_and_circles_the_start(rules) -> None:
    m = start(rules, players=3, line=4, first=1)
    b = rules.board
    assert all(s.pos == b.start for s in m.state.sheets)
    assert m.state.line_head == b.line_starts[3] and m.state.first == 1
    assert isinstance(m.pending(), Chance) and m.state.phase == "plan"


@pytest.mark.parametrize(("players", "count", "taxi"), [(2, 5, False), (3, 7, True), (4, 9, True)])
def test_dice_pool_and_taxi_deck_by_player_count(rules, players, count, taxi) -> None:
    m = start(rules, players=players)
    assert len(m.state.dice) == count
    labels = []
    while isinstance(p := m.pending(), Chance):
        labels.append(p.label)
        m.apply_chance(p.outcomes[0][0])
    assert ("french_quarter.chance.taxi" in labels) == taxi
    assert labels.count("french_quarter.chance.die") == count
    assert all(v for _, v, _ in m.state.dice)


@pytest.mark.parametrize(("players", "pool"), [
    (1, {"walk": 1, "carriage": 1, "streetcar": 1, "boat": 1, "socialize": 1}),
    (2, {"walk": 1, "carriage": 1, "streetcar": 1, "boat": 1, "socialize": 1}),
    (3, {"walk": 2, "carriage": 1, "taxi": 1, "streetcar": 1, "boat": 1, "socialize": 1}),
    (4, {"walk": 2, "carriage": 2, "taxi": 2, "streetcar": 1, "boat": 1, "socialize": 1})])
def test_dice_pool_per_deck_follows_the_notes(rules, players, pool) -> None:
    """Preparación 3 (NOTES.md pools): which card each die of the pool lands on."""
    m = start(rules, players=players)
    decks = [d for d, _, _ in m.state.dice]
    assert {d: decks.count(d) for d in set(decks)} == pool


def test_each_die_is_placed_on_its_decks_card(rules) -> None:
    m = start(rules, players=4)
    plan(m, dice={"walk": [2, 4], "carriage": [1, 2], "taxi": [5, 5], "streetcar": [6],
                  "boat": [5], "socialize": [3]})
    options = m.prompts()[0].actions()
    assert ("die", "walk", 2) in options and ("die", "walk", 4) in options
    assert options.count(("die", "taxi", 5)) == 1  # two equal dice are one choice
    assert ("die", "socialize", 3) in options


def test_next_round_reveals_new_cards_and_rerolls_every_die(rules) -> None:
    """Fase de planificación: a new card on every deck; mantenimiento: dice back to the pool."""
    m = start(rules)
    plan(m, cards={"walk": 3, "boat": 5})
    while not isinstance(m.pending(), Chance):  # play round 1 out
        p = m.prompts()[0]
        m.apply(p.player, p.options[0].action)
    state = m.state
    assert state.round == 2 and state.cards == (-1,) * 6
    assert all(v == 0 and t == -1 for _, v, t in state.dice)
    assert 3 not in state.decks[0] and 5 not in state.decks[4] and len(state.decks[0]) == 7


def test_pick_order_is_clockwise_from_first_player_twice_and_one_die_stays(rules) -> None:
    m = start(rules, players=3, first=2)
    plan(m, dice={"walk": [1, 2]})
    seats = []
    while m.state.phase == "move":
        if isinstance(m.pending(), Chance):
            m.apply_chance(1)
            continue
        p = m.prompts()[0]
        if p.kind == "pick":
            seats.append(p.player)
        m.apply(p.player, p.options[0].action)
    assert seats == [2, 0, 1, 2, 0, 1]
    assert len(seats) == len(m.state.dice) - 1  # one die always stays unused


# -- card action (Acción de carta, Paraguas, Actividades) -------------------------------------
def test_card_icons_resolve_left_to_right(rules) -> None:
    m = start(rules)
    plan(m, cards={"carriage": CARRIAGE_UMBRELLA_MYST}, dice={"carriage": [1]})
    events = m.apply(0, ("die", "carriage", 1))
    kinds = [(e.kind, e.get("activity")) for e in events if e.kind in ("umbrella", "meter")]
    assert kinds == [("umbrella", None), ("meter", "mysticism")]
    sheet = m.state.sheets[0]
    assert sheet.umbrellas == 1 and sheet.meters[MYSTICISM] == 1
    assert kind(m) == "move"


def test_every_third_umbrella_is_a_wild(rules) -> None:
    m = craft(start(rules), 0, umbrellas=2)
    plan(m, cards={"carriage": CARRIAGE_UMBRELLA_MYST}, dice={"carriage": [1]})
    m.apply(0, ("die", "carriage", 1))
    assert kind(m) == "wild"  # resolved before the Mysticism icon
    assert m.state.sheets[0].meters[MYSTICISM] == 0
    m.apply(0, ("meter", "shopping"))
    assert m.state.sheets[0].meters[SHOPPING] == 1 and m.state.sheets[0].meters[MYSTICISM] == 1


def test_wild_card_icon_marks_a_meter_of_choice(rules) -> None:
    first = circle(rules, PARTY, "M")
    m = craft(start(rules), 0, meters=(0, 0, 0, 0, first))
    plan(m, cards={"walk": WALK_WILD}, dice={"walk": [3]})
    m.apply(0, ("die", "walk", 3))
    assert kind(m) == "wild" and len(m.prompts()[0].options) == 5
    m.apply(0, ("meter", "party"))
    assert m.state.sheets[0].meters[PARTY] == first + 1
    assert m.state.sheets[0].mults[PARTY] == 1  # the wild marked the multiplier circle


def test_full_umbrella_and_activity_meters_ignore_more_icons(rules) -> None:
    m = craft(start(rules), 0, umbrellas=30, meters=(0, 0, 0, 14, 0))
    plan(m, cards={"carriage": CARRIAGE_UMBRELLA_MYST}, dice={"carriage": [1]})
    m.apply(0, ("die", "carriage", 1))
    assert m.state.sheets[0].umbrellas == 30 and m.state.sheets[0].meters[MYSTICISM] == 14


def test_circles_give_multiplier_bonus_or_a_choice(rules) -> None:
    m = craft(start(rules), 0, meters=(circle(rules, FOOD, "M"), 0, 0, 0, 0))
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [3]})
    m.apply(0, ("die", "walk", 3))
    assert m.state.sheets[0].mults[FOOD] == 1
    m = craft(start(rules), 0, meters=(circle(rules, FOOD, "BM"), 0, 0, 0, 0),
              bonuses=(1, 0, 0, 0, 0), mults=(1, 0, 0, 0, 0))
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [3]})
    m.apply(0, ("die", "walk", 3))
    assert kind(m) == "circle"
    m.apply(0, ("mult", "food"))
    assert m.state.sheets[0].mults[FOOD] == 2 and m.state.sheets[0].bonuses[FOOD] == 1


# -- movement (Acción de movimiento) ---------------------------------------------------------
@pytest.mark.parametrize(("deck", "hi"), [("walk", 2), ("carriage", 3), ("socialize", 1)])
def test_distance_moves_go_1_to_n_spaces_never_staying(rules, deck, hi) -> None:
    m = start(rules)
    plan(m, dice={deck: [4]})
    m.apply(0, ("die", deck, 4))
    while kind(m) != "move":
        m.apply(0, m.prompts()[0].options[0].action)
    dist = bfs(rules.board, rules.board.start)
    want = {rules.board.buildings[b].id for b, d in enumerate(dist) if 1 <= d <= hi}
    got = {a[1] for a in m.prompts()[0].actions()}
    assert got == want


def test_a_movement_minimum_in_the_level_data_is_honoured(tmp_path) -> None:
    """game.toml's [min, max] is the whole range: a Walk of exactly 2 never goes 1 space."""
    import shutil

    from game.engine.levels import LEVELS_DIR

    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR / "french_quarter", root / "french_quarter")
    path = root / "french_quarter" / "game.toml"
    path.write_text(path.read_text("utf-8").replace("walk = [1, 2]", "walk = [2, 2]"), "utf-8")
    strict = FrenchQuarter(root)
    m = start(strict)
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [4]})
    m.apply(0, ("die", "walk", 4))
    dist = bfs(strict.board, strict.board.start)
    want = {strict.board.buildings[b].id for b, d in enumerate(dist) if d == 2}
    assert {a[1] for a in m.prompts()[0].actions()} == want


def test_taxi_moves_1_to_4(rules) -> None:
    m = start(rules, players=3)
    plan(m, dice={"taxi": [2]})
    m.apply(0, ("die", "taxi", 2))
    while kind(m) != "move":
        m.apply(0, m.prompts()[0].options[0].action)
    dist = bfs(rules.board, rules.board.start)
    assert len(m.prompts()[0].options) == sum(1 <= d <= 4 for d in dist)


def test_a_small_building_is_one_space(rules) -> None:
    """Acción de movimiento, nota: Socialize from Ben's reaches the near half of a pair only."""
    m = at(rules, start(rules), 0, "bens_spectral_gems")
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    m.apply(0, ("die", "socialize", 3))
    got = {a[1] for a in m.prompts()[0].actions()}
    assert "madame_tarot_parlor" in got and "pralines_and_pearls" not in got
    assert rules.board.distance[bid(rules, "bens_spectral_gems")][
        bid(rules, "police_station")] == 3  # Ben's, Madame, Pralines, Police: 1 space each


def test_carriage_example_hotel_to_bayou_oyster_bar(rules) -> None:
    m = start(rules)
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [2]})
    m.apply(0, ("die", "carriage", 2))
    go(m, 0, "bayou_oyster_bar")
    assert m.state.sheets[0].pos == bid(rules, "bayou_oyster_bar")


def test_streetcar_and_boat_go_to_their_streets(rules) -> None:
    b = rules.board
    m = start(rules)
    plan(m, cards={"streetcar": STREETCAR_SHOPPING}, dice={"streetcar": [6], "boat": [5]})
    m.apply(0, ("die", "streetcar", 6))
    got = {a[1] for a in m.prompts()[0].actions()}
    dauphine = b.street_index("dauphine")
    assert got == {x.id for x in b.buildings if dauphine in x.streets and x.index != b.start}
    go(m, 0, "ljs_public_house")
    m.apply(1, ("die", "boat", 5))
    while kind(m) != "move":
        m.apply(1, m.prompts()[0].options[0].action)
    got = {a[1] for a in m.prompts()[0].actions()}
    river = {b.street_index("decatur"), b.street_index("n_front")}
    assert got == {x.id for x in b.buildings if river & set(x.streets)}
    assert "three_sisters_courtyard" in got


def test_boat_never_stays_on_its_own_river_building(rules) -> None:
    """Acción de movimiento: the destination must be another space, even on the river."""
    m = at(rules, start(rules), 0, "french_market")
    plan(m, cards={"boat": BOAT_FOOD}, dice={"boat": [4]})
    m.apply(0, ("die", "boat", 4))
    got = {a[1] for a in m.prompts()[0].actions()}
    assert "french_market" not in got and "mississippi_dock_bar" in got


# -- building action (Acción de edificio, Artistas) ------------------------------------------
def test_building_icons_and_artists(rules) -> None:
    m = start(rules)
    m = at(rules, m, 0, "coops_bead_emporium")
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [3]})
    m.apply(0, ("die", "walk", 3))
    events = list(m.apply(0, ("building", "dhm_speakeasy")))
    sheet = m.state.sheets[0]
    assert sheet.meters[PARTY] == 1
    assert sheet.top == 1 << ARTISTS.index("unicycle") and sheet.art == 1
    assert [e.kind for e in events if e.kind in ("meter", "artist")][-2:] == ["meter", "artist"]


def test_artist_top_then_bottom_then_nothing_and_meter_rewards(rules) -> None:
    m = start(rules)
    t = ARTISTS.index("unicycle")
    m = craft(at(rules, m, 0, "coops_bead_emporium"), 0, top=1 << t, art=1)
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [3]})
    m.apply(0, ("die", "walk", 3))
    m.apply(0, ("building", "dhm_speakeasy"))
    sheet = m.state.sheets[0]
    assert sheet.bottom == 1 << t and sheet.art == 2
    assert sheet.umbrellas == 1  # artist meter box 2 gives an umbrella
    m = craft(at(rules, start(rules), 0, "coops_bead_emporium"), 0, top=1 << t,
              bottom=1 << t, art=2)
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [3]})
    m.apply(0, ("die", "walk", 3))
    m.apply(0, ("building", "dhm_speakeasy"))
    assert m.state.sheets[0].art == 2  # both boxes marked: not even the meter moves

def test_courtyards_and_riverwalk_are_marked_on_visits(rules) -> None:
    m = at(rules, start(rules), 0, "royal_art_gallery")
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [2]})
    m.apply(0, ("die", "carriage", 2))
    go(m, 0, "riverwalk_shopping_aquarium")
    assert m.state.sheets[0].riverwalk == 1
    m = at(rules, start(rules), 0, "royal_art_gallery")
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [2]})
    m.apply(0, ("die", "carriage", 2))
    go(m, 0, "pirates_alley_courtyard")
    assert m.state.sheets[0].courtyards == (bid(rules, "pirates_alley_courtyard"),)


# -- mapping (Acción de mapear) --------------------------------------------------------------
def test_mapping_example_ljs_public_house(rules) -> None:
    m = mapping(rules, start(rules), 0, {"bens_spectral_gems": 3, "two_brothers_courtyard": 1,
                                         "cajun_jewelers": 4})
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [2]})
    m.apply(0, ("die", "carriage", 2))
    go(m, 0, "ljs_public_house")
    assert mapped(rules, m, 0, "ljs_public_house") == 2


@pytest.mark.parametrize(("neighbour", "die", "ok"), [(3, 3, True), (3, 4, True), (3, 2, True),
                                                      (3, 5, False), (6, 1, False), (1, 6, False),
                                                      (W, 6, True)])
def test_adjacency_rule_equal_or_one_apart_no_wrap(rules, neighbour, die, ok) -> None:
    m = mapping(rules, start(rules), 0, {"two_brothers_courtyard": neighbour})
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [die]})
    m.apply(0, ("die", "carriage", die))
    go(m, 0, "ljs_public_house")
    assert mapped(rules, m, 0, "ljs_public_house") == (die if ok else 0)
    assert m.state.sheets[0].umbrellas == (0 if ok else 1)


def test_mapped_building_gives_an_umbrella(rules) -> None:
    m = mapping(rules, start(rules), 0, {"ljs_public_house": 5})
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [2]})
    m.apply(0, ("die", "carriage", 2))
    go(m, 0, "ljs_public_house")
    assert mapped(rules, m, 0, "ljs_public_house") == 5 and m.state.sheets[0].umbrellas == 1


# -- Second Line (Fase de Segunda Línea) ----------------------------------------------------
def test_second_line_example_bourbon_st_peter_east(rules) -> None:
    b = rules.board
    m = start(rules, line=2)  # die 2: Bourbon x St Peter
    m = mapping(rules, m, 1, {"bens_spectral_gems": 3, "cabildo_courtyard": 3,
                              "frenchmen_jazz_cellar": 4})
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    play_round(m, [(0, ("die", "socialize", 3), "crescent_praline_shop"),
                   (1, ("die", "walk", 1), "bayou_oyster_bar"),
                   (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])
    p = m.prompts()[0]
    assert (p.kind, p.player) == ("line_dir", 0)
    assert ("direction", "e") in p.actions()
    m.apply(0, ("direction", "e"))
    assert b.intersections[m.state.line_head] == (4, 2)  # Bourbon x St Ann
    # Seat 1: Ben's (north side) and Cabildo (south side) touch that stretch; Frenchmen no.
    assert m.state.sheets[1].line == 2


def test_no_socialize_die_no_second_line(rules) -> None:
    m = start(rules)
    plan(m)
    play_round(m, [(0, ("die", "walk", 1), "crescent_praline_shop"),
                   (1, ("die", "carriage", 1), "bayou_oyster_bar"),
                   (0, ("die", "streetcar", 1), "ljs_public_house"),
                   (1, ("die", "boat", 1), "french_market")])
    assert m.state.line_segs == frozenset() and m.state.round == 2 and m.state.first == 1


def test_second_line_never_reuses_a_drawn_stretch_and_scores_once_per_building(rules) -> None:
    b = rules.board
    m = start(rules, line=2)
    head = m.state.line_head
    seg = b.seg_at[(head, "e")]
    m = restate(m, line_segs=frozenset({seg}))
    m = mapping(rules, m, 0, {"cabildo_courtyard": 2})
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    play_round(m, [(0, ("die", "socialize", 3), "crescent_praline_shop"),
                   (1, ("die", "walk", 1), "bayou_oyster_bar"),
                   (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])
    assert ("direction", "e") not in m.prompts()[0].actions()
    m.apply(0, ("direction", "s"))  # down St Peter: Cabildo touches both stretches
    assert m.state.sheets[0].line == 1


def test_completed_second_line_row_gives_an_umbrella_after_scoring(rules) -> None:
    m = start(rules, line=2)
    m = craft(mapping(rules, m, 1, {"bens_spectral_gems": 3, "cabildo_courtyard": 3}), 1,
              line=9)
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    play_round(m, [(0, ("die", "socialize", 3), "crescent_praline_shop"),
                   (1, ("die", "walk", 1), "bayou_oyster_bar"),
                   (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])
    before = m.state.sheets[1].umbrellas
    m.apply(0, ("direction", "e"))
    assert m.state.sheets[1].line == 11 and m.state.sheets[1].umbrellas == before + 1


# -- maintenance and end (Fase de mantenimiento, Fin de la partida) -------------------------
def test_eight_rounds_then_over_first_player_passes_left(rules) -> None:
    import random

    m = start(rules, players=3, first=1)
    rng = random.Random(3)
    firsts = []
    while not m.is_over():
        if isinstance(m.pending(), Chance):
            if m.state.phase == "plan" and m.state.cards == (-1,) * 6:
                firsts.append(m.state.first)
            m.resolve_chance()
            continue
        p = m.prompts()[0]
        m.apply(p.player, rng.choice(p.options).action)
    assert firsts == [1, 2, 0, 1, 2, 0, 1, 2]
    assert m.state.phase == OVER and m.pending() is TERMINAL


# -- bonuses (Bonificaciones) -----------------------------------------------------------------
def test_food_a_maps_a_decatur_building_with_a_value_of_choice(rules) -> None:
    m = craft(start(rules), 0, meters=(circle(rules, FOOD, "B"), 0, 0, 0, 0),
              mults=(1, 0, 0, 0, 0))
    food_turn(m)
    assert kind(m) == "bmap"
    decatur = rules.board.street_index("decatur")
    ids = {a[1] for a in m.prompts()[0].actions()}
    assert ids == {b.id for b in rules.board.buildings if decatur in b.streets}
    m.apply(0, ("building", "french_market"))
    assert kind(m) == "bval" and len(m.prompts()[0].options) == 6
    m.apply(0, ("map", 6))
    assert mapped(rules, m, 0, "french_market") == 6


def test_food_b_small_building_gives_a_wild_and_end_points(rules) -> None:
    m = craft(start(rules), 0, bonuses=(2, 0, 0, 0, 0), pos=bid(rules, "coops_bead_emporium"))
    food_turn(m)
    go(m, 0, "roux_the_day_tavern")
    assert kind(m) == "wild"
    score = rules.scores(m.state)[0]["food"]
    assert score == 1  # 1 small building mapped, multiplier x0


def test_food_c_maps_any_street(rules) -> None:
    m = craft(start(rules), 0, meters=(circle(rules, FOOD, "B", 1), 0, 0, 0, 0),
              bonuses=(2, 0, 0, 0, 0), mults=(1, 0, 0, 0, 0))
    food_turn(m)
    assert kind(m) == "bmap" and len(m.prompts()[0].options) == len(rules.board.buildings)


def test_culture_a_adds_one_or_two_to_a_move_once(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 1, 0, 0, 0))
    plan(m, cards={"streetcar": STREETCAR_SHOPPING}, dice={"streetcar": [2]})
    m.apply(0, ("die", "streetcar", 2))
    assert ("boost", 2) in m.prompts()[0].actions()
    m.apply(0, ("boost", 2))
    got = {a[1] for a in m.prompts()[0].actions()}
    assert "french_market" not in got and "beignet_cafe" in got  # 2 spaces off Dauphine
    m.apply(0, ("building", "beignet_cafe"))
    assert m.state.sheets[0].boost_used


def test_culture_b_maps_an_adjacent_building_too(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 2, 0, 0, 0))
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [4]})
    m.apply(0, ("die", "carriage", 4))
    go(m, 0, "ljs_public_house")
    assert kind(m) == "xmap" and (None in m.prompts()[0].actions())
    m.apply(0, ("building", "bens_spectral_gems"))
    assert mapped(rules, m, 0, "bens_spectral_gems") == 4


def test_culture_c_swaps_the_card_and_movement(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 3, 0, 0, 0))
    plan(m, cards={"boat": BOAT_FOOD}, dice={"walk": [2]})
    m.apply(0, ("die", "walk", 2))
    assert kind(m) == "swap"
    m.apply(0, ("card", "boat"))
    assert m.state.sheets[0].meters[FOOD] == 1
    assert "three_sisters_courtyard" in {a[1] for a in m.prompts()[0].actions()}
    m.apply(0, ("building", "three_sisters_courtyard"))
    assert mapped(rules, m, 0, "three_sisters_courtyard") == 2  # the die value stays


def test_shopping_a_w_instead_of_the_die(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 0, 1, 0, 0))
    m = mapping(rules, m, 0, {"two_brothers_courtyard": 6})
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [2]})
    m.apply(0, ("die", "carriage", 2))
    go(m, 0, "ljs_public_house")
    assert kind(m) == "mapw" and set(m.prompts()[0].actions()) == {None, ("map", "W")}
    m.apply(0, ("map", "W"))
    assert mapped(rules, m, 0, "ljs_public_house") == W and m.state.sheets[0].w_used == 1


def test_shopping_b_doubles_umbrellas_and_scores_wilds(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 0, 2, 0, 0), umbrellas=4)
    plan(m, cards={"carriage": CARRIAGE_UMBRELLA_MYST}, dice={"carriage": [1]})
    m.apply(0, ("die", "carriage", 1))
    assert m.state.sheets[0].umbrellas == 6  # one icon, two boxes
    assert kind(m) == "wild"  # the extra umbrella reached box 6
    m.apply(0, ("meter", "food"))
    assert rules.scores(m.state)[0]["shopping"] == 2  # 2 wilds marked, x0 multiplier


def test_shopping_c_gives_two_more_ws(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 0, 3, 0, 0), w_used=1)
    plan(m, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [2]})
    m.apply(0, ("die", "carriage", 2))
    go(m, 0, "ljs_public_house")
    assert set(m.prompts()[0].actions()) == {("map", 2), ("map", "W")}


def test_mysticism_a_one_artist_of_choice(rules) -> None:
    m = craft(start(rules), 0, meters=(0, 0, 0, 1, 0))
    myst_turn(m)
    assert kind(m) == "apick" and len(m.prompts()[0].options) == 8
    m.apply(0, ("artist", "tuba"))
    assert m.state.sheets[0].top == 1 << ARTISTS.index("tuba")


def test_mysticism_b_personal_second_line(rules) -> None:
    b = rules.board
    m = craft(start(rules, line=2), 0, meters=(0, 0, 0, circle(rules, MYSTICISM, "B", 1), 0),
              bonuses=(0, 0, 0, 1, 0), mults=(0, 0, 0, 3, 0))
    myst_turn(m)
    assert kind(m) == "pstart"
    m.apply(0, ("start", b.personal_starts[0]))
    assert m.state.sheets[0].p_head == b.personal_starts[0]


def test_mysticism_c_two_different_artists(rules) -> None:
    both = circle(rules, MYSTICISM, "BM")
    m = craft(start(rules), 0, meters=(0, 0, 0, both, 0), bonuses=(0, 0, 0, 2, 0),
              mults=(0, 0, 0, 1, 0))
    myst_turn(m)
    assert kind(m) == "circle"
    m.apply(0, ("bonus", "mysticism"))
    m.apply(0, ("artist", "sax"))
    assert ("artist", "sax") not in m.prompts()[0].actions()
    m.apply(0, ("artist", "statue"))
    assert m.state.sheets[0].top.bit_count() == 2


def test_party_a_crosses_out_the_next_culture_circle(rules) -> None:
    m = start(rules)
    m = craft(m, 0, meters=(0, 0, 0, 0, circle(rules, PARTY, "B")), mults=(0, 0, 0, 0, 1))
    plan(m, cards={"carriage": 4}, dice={"carriage": [1]})  # carriage[4] = party
    m.apply(0, ("die", "carriage", 1))
    sheet = m.state.sheets[0]
    culture = rules.board.meters[CULTURE].boxes
    first = next(i for i, box in enumerate(culture) if box != "sq")
    assert sheet.bonuses[PARTY] == 1 and sheet.crossed == (first,)


def test_party_b_walk_moves_only_one(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 0, 0, 0, 2))
    plan(m, dice={"walk": [1]})
    m.apply(0, ("die", "walk", 1))
    while kind(m) != "move":
        m.apply(0, m.prompts()[0].options[0].action)
    dist = bfs(rules.board, rules.board.start)
    assert len(m.prompts()[0].options) == sum(d == 1 for d in dist)


def test_party_c_police_station_roll_and_skipped_mapping(rules) -> None:
    m = craft(start(rules), 0, meters=(0, 0, 0, 0, 12), bonuses=(0, 0, 0, 0, 2),
              mults=(0, 0, 0, 0, 4))
    plan(m, cards={"carriage": 4}, dice={"carriage": [1]})
    m.apply(0, ("die", "carriage", 1))
    go(m, 0, "crescent_praline_shop")
    assert m.pending().label == "french_quarter.chance.die"
    m.apply_chance(4)
    sheet = m.state.sheets[0]
    assert sheet.police == 4 and sheet.pos == rules.board.police
    m2 = craft(start(rules), 0, police=3)
    plan(m2, cards={"carriage": CARRIAGE_FOOD}, dice={"carriage": [3]})
    m2.apply(0, ("die", "carriage", 3))
    go(m2, 0, "bayou_oyster_bar")
    assert mapped(rules, m2, 0, "bayou_oyster_bar") == 0 and m2.state.sheets[0].umbrellas == 1


def test_party_d_no_more_artists(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 0, 0, 0, 4), pos=bid(rules, "coops_bead_emporium"))
    food_turn(m)
    go(m, 0, "dhm_speakeasy")
    assert m.state.sheets[0].top == 0 and m.state.sheets[0].art == 0


# -- scoring (Puntuación final) ----------------------------------------------------------------
def test_rulebook_scoring_example_dani_113(rules) -> None:
    """Dani: activities 42, Second Line 18, buildings 37, artists 16 = 113."""
    b = rules.board
    chosen = {"bens_spectral_gems": 3, "cajun_jewelers": 3, "dauphine_gift_shop": 5,
              "french_market": 3, "frenchmen_jazz_cellar": 3, "gumbo_pot_kitchen": 3,
              "madame_tarot_parlor": 3, "mississippi_dock_bar": 3, "napoleon_hall": 3,
              "pirates_alley_courtyard": 3, "rampart_jazz_hall": 3, "riverside_gift_shop": 4,
              "steamboat_souvenirs": 3, "three_sisters_courtyard": 3,
              "two_brothers_courtyard": 3, "voodoo_queen_museum": 3}
    m = mapping(rules, start(rules), 0, chosen)  # 8 on Decatur, 4 St Peter, 2 Conti...
    courts = tuple(sorted(x.index for x in b.buildings if x.special == "courtyard"))
    m = craft(m, 0, courtyards=courts, riverwalk=2, line=18, top=0b111111, bottom=0b1, art=7,
              umbrellas=15, mults=(2, 1, 0, 2, 1), bonuses=(0, 0, 2, 0, 0))
    s = rules.scores(m.state)[0]
    assert (s["food"], s["culture"], s["shopping"], s["mysticism"], s["party"]) == (
        16, 4, 5, 14, 3)
    assert s["second_line"] == 18 and s["buildings"] == 37 and s["artists"] == 16
    assert sum(s.values()) == 113


def test_courtyard_table_and_gift_shop_w_counts_zero(rules) -> None:
    b = rules.board
    m = start(rules)
    courts = [x.index for x in b.buildings if x.special == "courtyard"]
    for n, pts in enumerate((0, 2, 6, 12, 20)):
        m2 = craft(m, 0, courtyards=tuple(courts[:n]))
        assert rules.scores(m2.state)[0]["buildings"] == pts
    m2 = mapping(rules, m, 0, {"dauphine_gift_shop": W, "riverside_gift_shop": 6})
    assert rules.scores(m2.state)[0]["buildings"] == 6
    m2 = craft(m, 0, riverwalk=1)
    assert rules.scores(m2.state)[0]["buildings"] == 0


def test_tie_break_second_line_then_shared(rules) -> None:
    m = start(rules)
    m = restate(craft(craft(m, 0, line=5), 1, line=3, courtyards=(
        bid(rules, "cabildo_courtyard"),)), phase=OVER)
    assert rules.winners(m.state) == (0,)
    key, params = rules.tiebreak(m.state)
    assert key == "french_quarter.tiebreak.second_line" and dict(params)["player"] == 0
    m = restate(craft(m, 1, line=5, courtyards=()), phase=OVER)
    assert rules.winners(m.state) == (0, 1)
    assert rules.tiebreak(m.state)[0] == "french_quarter.tiebreak.shared"


# -- Mayor variant, solo, Tourism ------------------------------------------------------------
def test_mayor_closes_a_street_for_visits_and_the_second_line(rules) -> None:
    b = rules.board
    m = start(rules, line=2, mayor=True)
    plan(m, mayor=0)  # Bourbon St closed
    bourbon = b.street_index("bourbon")
    assert rules.closed_street(m.state) == bourbon
    m.apply(0, ("die", "carriage", 1))
    got = {b.building_index(a[1]) for a in m.prompts()[0].actions()}
    assert got and not got & b.on_street[bourbon]
    # The public line sits on Bourbon x St Peter: it may only leave along St Peter.
    assert rules.line_moves(m.state, m.state.line_head, frozenset()) == ["n", "s"]


def test_mayor_no_legal_move_gives_an_umbrella_and_skips_the_turn(rules) -> None:
    m = start(rules, mayor=True)
    plan(m, cards={"socialize": 1}, dice={"socialize": [2]}, mayor=5)  # Dauphine closed
    events = m.apply(0, ("die", "socialize", 2))  # Food Food, then no 1-space move
    assert any(e.kind == "no_move" for e in events)
    sheet = m.state.sheets[0]
    assert sheet.umbrellas == 1 and sheet.pos == rules.board.start and not any(sheet.mapped)
    assert m.prompts()[0].player == 1


def test_solo_carly_takes_dice_by_priority_and_player_steers(rules) -> None:
    m = start(rules, players=1, line=2)
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, mayor=0)  # car icon: Carly first; socialize
    assert m.state.mayor and m.state.dice[-1][2] == CARLY  # she took Socialize already
    assert m.prompts()[0].kind == "pick" and m.prompts()[0].player == 0
    actions = m.prompts()[0].actions()
    assert all(a[1] != "socialize" for a in actions)
    m.apply(0, ("die", "walk", 1))
    while m.prompts()[0].kind != "pick":
        m.apply(0, m.prompts()[0].options[0].action)
    assert sum(t == CARLY for _, _, t in m.state.dice) == 2  # boat was next on her list
    m.apply(0, m.prompts()[0].options[0].action)
    while m.prompts() and m.prompts()[0].kind != "line_dir":
        m.apply(0, m.prompts()[0].options[0].action)
    assert m.prompts()[0].player == 0


def test_solo_rating_table(rules) -> None:
    m = start(rules, players=1)
    assert rules.solo_rating(m.state) == "french_quarter.solo_rating.0"
    m = craft(m, 0, line=60, courtyards=tuple(
        x.index for x in rules.board.buildings if x.special == "courtyard"), riverwalk=2)
    assert rules.solo_rating(m.state) == "french_quarter.solo_rating.1"  # 88 points


def test_tourism_vacation_is_secret_and_scores_8_at_the_end(rules) -> None:
    m = start(rules, vacations=(0, 8), tourism=True)
    assert m.state.sheets[0].vacation == 0
    view = rules.view(m.state, 0)
    assert view.sheets[0].vacation == 0 and view.sheets[1].vacation == HIDDEN
    assert view.vac_pool == ()
    m = mapping(rules, m, 0, {"coops_bead_emporium": 1, "dhm_speakeasy": 2, "bloody_marys": 5,
                              "french_market": W})
    assert rules.scores(m.state)[0]["vacation"] == 0  # secret until the end
    over = restate(m, phase=OVER)
    assert rules.scores(over.state)[0]["vacation"] == 8
    assert rules.view(over.state, 0).sheets[1].vacation == 8


@pytest.mark.parametrize(("values", "ok"), [((2, 2, 2, 2), True), ((2, 2, 3, 2), False),
                                            ((2, W, 2, 2), False)])
def test_vacation_equal_condition(rules, values, ok) -> None:
    m = start(rules, vacations=(8, 0), tourism=True)  # Same Old Town: equal values
    card = rules.board.vacations[8]
    names = [rules.board.buildings[x].id for x in card.buildings]
    m = restate(mapping(rules, m, 0, dict(zip(names, values))), phase=OVER)
    assert rules.scores(m.state)[0]["vacation"] == (8 if ok else 0)


def test_illegal_actions_are_refused(rules) -> None:
    m = start(rules)
    plan(m)
    with pytest.raises(IllegalAction):
        m.rules.apply(m.state, 1, ("die", "walk", 1))
    with pytest.raises(IllegalAction):
        m.rules.apply(m.state, 0, ("die", "taxi", 1))
    with pytest.raises(IllegalAction):
        m.rules.apply(m.state, None, 3)


def test_strings_cover_every_key_the_rules_emit(rules) -> None:
    import random
    import tomllib
    from pathlib import Path

    import game.games.french_quarter as pkg

    strings = tomllib.loads((Path(pkg.__file__).parent / "strings.toml").read_text("utf-8"))
    en, es = strings["en"], strings["es"]
    assert en.keys() == es.keys()
    seen: set[str] = set()
    for i in range(6):
        m = start(rules, players=1 + i % 4, tourism=True, mayor=bool(i % 2),
                  vacations=tuple(range(1 + i % 4)))
        rng = random.Random(i)
        while not m.is_over():
            p = m.pending()
            if isinstance(p, Chance):
                seen.add(p.label)
                m.resolve_chance()
                continue
            seen.add(p[0].message)
            seen.update(o.label for o in p[0].options)
            m.apply(p[0].player, rng.choice(p[0].options).action)
        seen.update(d.label for line in rules.details(m.state) for d in line)
        seen.update(f"french_quarter.score.{c}" for c in rules.scores(m.state)[0])
    assert not seen - en.keys(), sorted(seen - en.keys())
    assert "rules.french_quarter" in en and "game.french_quarter" in en
    assert all(f"french_quarter.score.{a}" in en for a in ACTIVITIES)


def test_personal_second_line_advances_by_choice_and_scores_the_union(rules) -> None:
    b = rules.board
    m = start(rules, line=2)
    p = b.personal_starts[0]  # (2, 1): Toulouse x Dauphine
    m = craft(m, 1, bonuses=(0, 0, 0, 2, 0), p_head=p)
    m = mapping(rules, m, 1, {"ljs_public_house": 3, "cabildo_courtyard": 3})
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    play_round(m, [(0, ("die", "socialize", 3), "crescent_praline_shop"),
                   (1, ("die", "walk", 1), "bayou_oyster_bar"),
                   (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])
    m.apply(0, ("direction", "s"))  # public: down St Peter along Cabildo
    prompt = m.prompts()[0]
    assert (prompt.kind, prompt.player) == ("pdir", 1) and None in prompt.actions()
    m.apply(1, ("direction", "s"))  # personal: down Toulouse, along LJ's west side
    sheet = m.state.sheets[1]
    assert sheet.p_head == b.seg_end[(p, "s")] and len(sheet.p_segs) == 1
    assert sheet.line == 2  # LJ's (personal) + Cabildo (public), each once


def test_artist_meter_map_reward_on_its_street(rules) -> None:
    m = craft(start(rules), 0, art=3, pos=bid(rules, "coops_bead_emporium"))
    food_turn(m)
    m.apply(0, ("building", "dhm_speakeasy"))
    assert kind(m) == "bmap"  # meter box 4: map a building on St Peter St
    st_peter = rules.board.street_index("st_peter")
    assert all(st_peter in rules.board.buildings[bid(rules, a[1])].streets
               for a in m.prompts()[0].actions())


def test_culture_a_boost_extends_a_distance_move(rules) -> None:
    m = craft(start(rules), 0, bonuses=(0, 1, 0, 0, 0))
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [2]})
    m.apply(0, ("die", "walk", 2))
    base = len([o for o in m.prompts()[0].options if o.action[0] == "building"])
    m.apply(0, ("boost", 1))
    dist = bfs(rules.board, rules.board.start)
    assert len(m.prompts()[0].options) == sum(1 <= d <= 3 for d in dist) > base
    assert not m.state.sheets[0].boost_used  # spent only when the boosted move is made


def test_a_blocked_second_line_stays_and_still_scores(rules) -> None:
    b = rules.board
    m = start(rules, line=2)
    head = m.state.line_head
    around = frozenset(b.seg_at[(head, d)] for d in "nsew")
    m = mapping(rules, restate(m, line_segs=around), 0, {"cabildo_courtyard": 2})
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    play_round(m, [(0, ("die", "socialize", 3), "crescent_praline_shop"),
                   (1, ("die", "walk", 1), "bayou_oyster_bar"),
                   (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])
    assert m.state.round == 2 and m.state.line_head == head  # no direction prompt
    assert m.state.sheets[0].line == 1


def test_solo_without_the_car_the_player_picks_first(rules) -> None:
    m = start(rules, players=1)
    plan(m, mayor=1)  # no car icon; priority walk, carriage...
    assert m.prompts()[0].kind == "pick" and all(t == -1 for _, _, t in m.state.dice)
    m.apply(0, ("die", "walk", 1))
    while m.prompts()[0].kind != "pick":
        m.apply(0, m.prompts()[0].options[0].action)
    carly = [d for d, _, t in m.state.dice if t == CARLY]
    assert carly == ["carriage"]  # walk was taken by the player: her next priority


def test_spectators_see_no_vacation_card(rules) -> None:
    m = start(rules, vacations=(3, 4), tourism=True)
    view = rules.view(m.state, None)
    assert [s.vacation for s in view.sheets] == [HIDDEN, HIDDEN] and view.viewer == -1


def test_rulebook_pick_example_leaves_the_taxi_5_unused(rules) -> None:
    """Tania, Fernando, Dani, Ana (4 players): the second Taxi 5 stays on its card."""
    m = start(rules, players=4, first=0)
    plan(m, dice={"walk": [2, 4], "carriage": [1, 2], "taxi": [5, 5], "streetcar": [6],
                  "boat": [5], "socialize": [3]})
    script = [("socialize", 3), ("streetcar", 6), ("carriage", 2), ("walk", 4),
              ("taxi", 5), ("walk", 2), ("boat", 5), ("carriage", 1)]
    pickers = []
    while m.prompts()[0].kind != "line_dir":
        if isinstance(m.pending(), Chance):
            m.apply_chance(1)
            continue
        p = m.prompts()[0]
        if p.kind == "pick":
            pickers.append(p.player)
            m.apply(p.player, ("die", *script.pop(0)))
        else:
            m.apply(p.player, p.options[0].action)
    assert pickers == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [(d, v) for d, v, t in m.state.dice if t == -1] == [("taxi", 5)]
    assert m.prompts()[0].player == 0  # Tania took Socialize: she steers


def test_rulebook_fourth_advance_example_three_buildings(rules) -> None:
    """Fernando: Roux the Day Tavern, Brush & Brew Pub and LJ's touch the line: 3 boxes."""
    b = rules.board
    m = start(rules, line=2)  # Bourbon x St Peter
    head, segs = m.state.line_head, set()
    for d in "wse":  # three earlier advances: west on Bourbon, south, east on Royal
        segs.add(b.seg_at[(head, d)])
        head = b.seg_end[(head, d)]
    m = restate(m, line_head=head, line_segs=frozenset(segs))
    m = mapping(rules, m, 1, {"roux_the_day_tavern": 2, "brush_and_brew_pub": 3,
                              "ljs_public_house": 2})
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    play_round(m, [(0, ("die", "socialize", 3), "crescent_praline_shop"),
                   (1, ("die", "walk", 1), "crescent_praline_shop"),
                   (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])
    assert ("direction", "w") not in m.prompts()[0].actions()  # Royal west is drawn
    m.apply(0, ("direction", "n"))  # up St Peter: crossing the start point is fine
    assert m.state.sheets[1].line == 3


def test_every_event_kind_has_a_log_string(rules) -> None:
    import re
    import tomllib
    from pathlib import Path

    import game.games.french_quarter as pkg

    folder = Path(pkg.__file__).parent
    en = tomllib.loads((folder / "strings.toml").read_text("utf-8"))["en"]
    kinds = set(re.findall(r'emit\("([a-z_]+)"', (folder / "rules.py").read_text("utf-8")))
    assert kinds and all(f"french_quarter.event.{k}" in en for k in kinds)


def test_culture_a_may_rescue_a_blocked_move_but_is_never_forced(rules) -> None:
    m = craft(start(rules, mayor=True), 0, bonuses=(0, 1, 0, 0, 0))
    plan(m, cards={"socialize": 1}, dice={"socialize": [2]}, mayor=5)  # Dauphine closed
    m.apply(0, ("die", "socialize", 2))
    assert set(m.prompts()[0].actions()) == {None, ("boost", 1), ("boost", 2)}
    m.apply(0, ("boost", 1))  # 2 spaces now: off Dauphine St
    assert all(rules.board.street_index("dauphine") not in
               rules.board.buildings[bid(rules, a[1])].streets for a in m.prompts()[0].actions())
    m2 = craft(start(rules, mayor=True), 0, bonuses=(0, 1, 0, 0, 0))
    plan(m2, cards={"socialize": 1}, dice={"socialize": [2]}, mayor=5)
    m2.apply(0, ("die", "socialize", 2))
    m2.apply(0, None)
    sheet = m2.state.sheets[0]
    assert sheet.umbrellas == 1 and not sheet.boost_used and sheet.pos == rules.board.start
