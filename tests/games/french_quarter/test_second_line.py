"""French Quarter Second Line: who steers, where it may run, what it scores (Fase de Segunda
Línea; Misticismo B; Variante Alcalde). Dice and cards are forced (see support.py)."""

from __future__ import annotations

import random

import pytest

from game.engine.core import Config
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import W

from .support import (
    SOCIAL_UMB_UMB,
    craft,
    kind,
    mapping,
    plan,
    play_round,
    restate,
    start,
    until,
)

# Bourbon x St Peter, the start for die 2 (rulebook example).
LINE_DIE = 2


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules engine, loaded once."""
    return FrenchQuarter()


def social_round(m, taker: int = 0) -> None:
    """A 2-player round where `taker` takes the Socialize die; stops at the direction prompt."""
    plan(m, cards={"socialize": SOCIAL_UMB_UMB}, dice={"socialize": [3]})
    first = (("die", "socialize", 3), "crescent_praline_shop")
    other = (("die", "walk", 1), "bayou_oyster_bar")
    a, b = (first, other) if taker == 0 else (other, first)
    play_round(m, [(0, *a), (1, *b), (0, ("die", "carriage", 1), "hotel_ama_house"),
                   (1, ("die", "boat", 1), "french_market")])


def test_the_socialize_taker_steers_not_the_first_player(rules) -> None:
    m = start(rules, line=LINE_DIE, first=0)
    social_round(m, taker=1)
    p = m.prompts()[0]
    assert (p.kind, p.player) == ("line_dir", 1)


def test_every_player_scores_the_stretch_whoever_steered(rules) -> None:
    m = start(rules, line=LINE_DIE)
    for seat in (0, 1):
        m = mapping(rules, m, seat, {"bens_spectral_gems": 3})
    social_round(m)
    m.apply(0, ("direction", "e"))  # Bourbon St east, along Ben's south side
    assert [s.line for s in m.state.sheets] == [1, 1]


def test_a_w_building_touching_the_line_scores(rules) -> None:
    m = mapping(rules, start(rules, line=LINE_DIE), 1, {"cabildo_courtyard": W})
    social_round(m)
    m.apply(0, ("direction", "e"))
    assert m.state.sheets[1].line == 1


def test_the_second_line_meter_stops_at_60(rules) -> None:
    m = start(rules, line=LINE_DIE)
    m = craft(mapping(rules, m, 1, {"bens_spectral_gems": 3, "cabildo_courtyard": 3}), 1,
              line=59)
    social_round(m)
    m.apply(0, ("direction", "e"))
    until(m, "pick")
    assert m.state.sheets[1].line == 60


def test_personal_line_may_run_along_the_public_one_not_its_own(rules) -> None:
    """Recordatorios: both lines "pueden avanzar en paralelo"; each never repeats itself."""
    b = rules.board
    p = b.personal_starts[0]  # Toulouse x Dauphine
    m = start(rules, line=LINE_DIE)
    m = restate(m, line_segs=frozenset({b.seg_at[(p, "e")]}))
    m = craft(m, 1, bonuses=(0, 0, 0, 2, 0), p_head=p, p_segs=frozenset({b.seg_at[(p, "n")]}))
    social_round(m)
    m.apply(0, ("direction", "s"))
    options = set(m.prompts()[0].actions())
    assert ("direction", "e") in options and ("direction", "n") not in options


def test_personal_line_stays_when_the_public_one_does_not_move(rules) -> None:
    b = rules.board
    m = craft(start(rules, line=LINE_DIE), 1, bonuses=(0, 0, 0, 2, 0),
              p_head=b.personal_starts[0])
    plan(m)  # nobody takes the Socialize die below
    play_round(m, [(0, ("die", "walk", 1), "crescent_praline_shop"),
                   (1, ("die", "carriage", 1), "bayou_oyster_bar"),
                   (0, ("die", "streetcar", 1), "ljs_public_house"),
                   (1, ("die", "boat", 1), "french_market")])
    assert m.state.round == 2 and not m.state.sheets[1].p_segs


def test_a_closed_street_blocks_the_personal_line_too(rules) -> None:
    b = rules.board
    p = b.personal_starts[0]  # Toulouse x Dauphine; Dauphine is closed below
    m = craft(start(rules, line=LINE_DIE, mayor=True), 1, bonuses=(0, 0, 0, 2, 0), p_head=p)
    plan(m, dice={"socialize": [3]}, mayor=5)
    m.apply(0, ("die", "socialize", 3))
    until(m, "line_dir")
    m.apply(m.prompts()[0].player, ("direction", "s"))
    assert kind(m) == "pdir"
    assert set(m.prompts()[0].actions()) == {("direction", "n"), ("direction", "s"), None}


def test_every_advance_counts_again_the_buildings_of_earlier_stretches(rules) -> None:
    """Puntuación Segunda Línea: each scoring recounts the whole line, old stretches too."""
    m = mapping(rules, start(rules, line=LINE_DIE), 1, {"bens_spectral_gems": 3})
    social_round(m)
    m.apply(0, ("direction", "e"))  # Bourbon St along Ben's south side
    assert m.state.sheets[1].line == 1
    plan(m, cards={"socialize": 0}, dice={"socialize": [1]})  # round 2: wild, umbrella
    play_round(m, [(1, ("die", "socialize", 1), "mississippi_dock_bar"),
                   (0, ("die", "walk", 1), "crescent_praline_shop"),
                   (1, ("die", "carriage", 1), "gumbo_pot_kitchen"),
                   (0, ("die", "boat", 1), "french_market")])
    assert (m.prompts()[0].kind, m.prompts()[0].player) == ("line_dir", 1)
    m.apply(1, ("direction", "s"))  # St Ann St between Cabildo and Frenchmen: not seat 1's
    assert m.state.sheets[1].line == 2  # Ben's again


def test_a_building_on_both_second_lines_counts_once(rules) -> None:
    """Misticismo B: a building touching the public and the personal line scores one box."""
    b = rules.board
    corner = b.intersections.index((3, 1))  # Dauphine x St Peter: Ben's north-west corner
    personal = b.seg_at[(corner, "e")]  # along Ben's north side
    m = craft(start(rules, line=LINE_DIE), 1, bonuses=(0, 0, 0, 2, 0),
              p_head=b.seg_end[(corner, "e")], p_segs=frozenset({personal}))
    m = mapping(rules, m, 1, {"bens_spectral_gems": 3})
    social_round(m)
    m.apply(0, ("direction", "e"))  # public: along Ben's south side
    m.apply(1, None)  # the personal line stays
    assert m.state.sheets[1].line == 1


def test_the_second_line_runs_along_a_map_border(rules) -> None:
    """Fase de Segunda Línea: the 4 map borders are open to the line (die 6: east border)."""
    b = rules.board
    m = mapping(rules, start(rules, line=6), 1, {"police_station": 2})
    social_round(m)
    p = m.prompts()[0]
    assert set(p.actions()) == {("direction", "n"), ("direction", "s"), ("direction", "w")}
    m.apply(0, ("direction", "n"))
    (seg,) = m.state.line_segs
    assert b.streets[b.segments[seg][2]].border
    assert m.state.sheets[1].line == 1  # the Police Station's east side


def test_a_row_umbrella_is_doubled_by_shopping_b(rules) -> None:
    """Compras B applies to every umbrella icon, the Second Line row's included."""
    m = start(rules, line=LINE_DIE)
    m = craft(mapping(rules, m, 1, {"bens_spectral_gems": 3}), 1, line=9,
              bonuses=(0, 0, 2, 0, 0))
    social_round(m)
    before = m.state.sheets[1].umbrellas
    m.apply(0, ("direction", "e"))
    assert m.state.sheets[1].line == 10 and m.state.sheets[1].umbrellas == before + 2


def test_row_umbrellas_come_after_every_sheet_has_scored(rules) -> None:
    """Puntuación Segunda Línea: umbrellas resolve once the scoring is done (first player on)."""
    m = start(rules, line=LINE_DIE)
    for seat in (0, 1):
        m = craft(mapping(rules, m, seat, {"bens_spectral_gems": 3}), seat, line=9)
    social_round(m)
    events = m.apply(0, ("direction", "e"))
    order = [(e.kind, e.player) for e in events if e.kind in ("line_scored", "umbrella")]
    assert order == [("line_scored", 0), ("line_scored", 1), ("umbrella", 0), ("umbrella", 1)]


def test_line_count_is_the_number_of_line_buildings(rules) -> None:
    """The scoring count from the segment index equals sheet.line_buildings on random sheets:
    random buildings mapped (values and W), random public and personal segments drawn."""
    from game.games.french_quarter.sheet import line_buildings

    rng = random.Random(5)
    board = rules.board
    blank = rules.initial_state(Config(2)).sheets[0]
    segments = range(len(board.segments))
    for _ in range(300):
        sheet = blank.copy()
        sheet.mapped = tuple(rng.choice((0, 0, 1, 4, 6, W)) for _ in board.buildings)
        sheet.p_segs = frozenset(rng.sample(segments, rng.randint(0, 8)))
        public = frozenset(rng.sample(segments, rng.randint(0, 20)))
        assert rules.line_count(sheet, public) == len(line_buildings(board, sheet, public))
