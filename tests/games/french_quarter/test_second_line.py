"""French Quarter Second Line: who steers, where it may run, what it scores (Fase de Segunda
Línea; Misticismo B; Variante Alcalde). Dice and cards are forced (see support.py)."""

from __future__ import annotations

import pytest

from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import W

from .support import SOCIAL_UMB_UMB, craft, kind, mapping, plan, play_round, restate, start, until

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
