"""Urban Sprawl elections, politicians, payouts and the end (rulebook pages 13-17)."""

from __future__ import annotations

import dataclasses

import pytest

from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import OFFICES, lot_of
from game.games.urban_sprawl.politics import shares
from game.games.urban_sprawl.state import NOBODY, SOURCES

from .support import (
    after_setup,
    empty_city,
    pending_prompt,
    play,
    rules,
    run_tasks,
    with_marker,
    with_seat,
)

R = rules()
MEDIA = R.board.vocations.index("media")


def offices(**holders) -> tuple[int, ...]:
    """The offices tuple with the named holders."""
    return tuple(holders.get(name, NOBODY) for name in OFFICES)


def vocations(*counts: int, media: tuple[int, ...] = ()) -> tuple:
    """Per seat, `counts[seat]` finance markers (and media markers)."""
    finance = R.board.vocations.index("finance")
    out = []
    for seat, n in enumerate(counts):
        row = with_seat((0,) * 6, finance, n)
        out.append(with_seat(row, MEDIA, media[seat]) if media else row)
    return tuple(out)


@pytest.fixture(scope="module")
def base():
    """Four players after setup, empty city, no vocations, politicians in play."""
    state = empty_city(after_setup(4))
    return dataclasses.replace(state, vocations=((0,) * 6,) * 4, politicians_in_play=True,
                               offices=(NOBODY,) * 6)


@pytest.mark.parametrize(("counts", "table", "expected"), [
    ((3, 3, 1, 0), (6, 3, 1, 0), {0: 4, 1: 4, 2: 1}),  # (A) a tie for first shares 6 + 3
    ((2, 2, 2, 2), (6, 3, 1, 0), {0: 2, 1: 2, 2: 2, 3: 2}),  # (B) all four share 10
    ((4, 3, 1, 1), (6, 3, 1, 0), {0: 6, 1: 3, 2: 0, 3: 0}),  # (C) third place shares 1 + 0
    ((1, 0, 0), (6, 3, 1), {0: 6}),  # no building in the row, no payout
])
def test_the_rulebook_payout_examples(counts, table, expected) -> None:
    assert shares(list(counts), table) == expected


def test_a_payout_pays_the_row_by_buildings_controlled(base) -> None:
    """Wealth row 6 (the east column): two buildings for seat 0, one for seat 1."""
    state = empty_city(base, [("COM", ((0, 10),), 0), ("RES", ((5, 11),), 0),
                              ("IND", ((11, 10),), 1), ("CIV", ((0, 0),), 2)])
    state = dataclasses.replace(state, wealth=(0,) * 4)
    state, _ = run_tasks(state, ("payout", "wealth", 6, "payouts"))
    assert state.wealth == (6, 3, 0, 0)


def test_a_payout_of_a_marker_row_waits_for_its_marker(base) -> None:
    state = empty_city(base, [("COM", ((0, 2),), 0)])
    state = dataclasses.replace(state, wealth=(0,) * 4)
    same, _ = run_tasks(state, ("payout", "wealth", 9, "payouts"))
    assert same.wealth == (0,) * 4
    circle = next(i for i, (line, index) in enumerate(R.board.circles)
                  if line == "column" and index == 1)
    marked = with_marker(state, "w9", circle)
    paid, _ = run_tasks(marked, ("payout", "wealth", 9, "payouts"))
    assert paid.wealth[0] == 9


def test_a_marker_raises_its_row_and_lowers_the_old_one(base) -> None:
    """The rulebook's COM example: value 8, then 14 with the prestige 6 marker on its row."""
    block = 1 * 6 + 5  # block row 1 (prestige 3), column 5 (wealth 6): 3 + 6 = 9 here
    assert city.block_value(R.board, base, block) == 9
    circle = next(i for i, blocks in enumerate(R.board.circle_blocks)
                  if block in blocks and R.board.circles[i][0] == "row")
    marked = with_marker(base, "p6", circle)
    assert city.block_value(R.board, marked, block) == 15
    assert city.block_value(R.board, marked, 2 * 6 + 5) == 8  # other rows unchanged


def test_ballots_move_the_pawn_and_only_the_mayor_sits_before_the_airport(base) -> None:
    state = dataclasses.replace(base, politicians_in_play=False, election_pos=4,
                                vocations=vocations(0, 2, 0, 0))
    state, _ = run_tasks(state, ("ballot",))
    assert state.election_pos == 0 and pending_prompt(R, state).kind == "place_park"
    state, _ = play(R, state, ("lot", lot_of(6, 6)))
    assert state.offices[0] == 1  # most vocations
    assert state.buildings[state.lots[lot_of(6, 6)]] == (city.PARK, (lot_of(6, 6),), 1)
    state, _ = run_tasks(state, ("ballot",))
    assert state.offices == offices(mayor=1)  # the DA's square is blank before the Airport


def test_a_mayor_tie_is_broken_by_the_media_holder(base) -> None:
    state = dataclasses.replace(base, vocations=vocations(1, 1, 0, 0, media=(0, 0, 1, 0)))
    state, _ = run_tasks(state, ("election", "mayor"))
    choose = pending_prompt(R, state)
    assert choose.player == 2 and choose.actions() == (("seat", 0), ("seat", 1), ("seat", 2))


def test_zone_offices_go_to_the_most_valuable_building_first(base) -> None:
    state = empty_city(base, [("CIV", ((0, 10),), 0), ("CIV", ((11, 0),), 1),
                              ("CIV", ((10, 0),), 1)])
    state, _ = run_tasks(state, ("election", "district_attorney"))
    assert state.offices[1] == 0  # value 9 beats two buildings of value 2


def test_zone_office_ties_go_to_the_named_decider(base) -> None:
    state = empty_city(base, [("CIV", ((0, 10),), 0), ("CIV", ((1, 11),), 2),
                              ("CIV", ((11, 0),), 2), ("CIV", ((11, 11),), 1)])
    state, _ = run_tasks(state, ("election", "district_attorney"))
    assert state.offices[1] == 2  # tied on the best value, seat 2 has more CIV buildings
    tied = empty_city(base, [("COM", ((0, 10),), 0), ("COM", ((1, 11),), 3)])
    tied = dataclasses.replace(tied, offices=offices(district_attorney=1))
    tied, _ = run_tasks(tied, ("election", "treasurer"))
    choose = pending_prompt(R, tied)
    assert choose.player == 1 and choose.actions() == (("seat", 0), ("seat", 3))
    tied, _ = play(R, tied, ("seat", 3))
    assert tied.offices[2] == 3


def test_the_contractor_goes_to_the_least_prestige_after_each_election(base) -> None:
    state = empty_city(base, [("IND", ((3, 3),), 0)])
    low = with_seat(((5,) + (0,) * 6,) * 4, 2, (1,) + (0,) * 6)
    state = dataclasses.replace(state, contractor_in_play=True, prestige=low)
    state, _ = run_tasks(state, ("election", "union_boss"))
    assert state.offices[3 + 1] == 0 and state.offices[5] == 2


def test_the_final_scoring(base) -> None:
    """Prestige rows paid, 1 per 10 wealth, the politicians' bonuses; ties go to wealth."""
    state = empty_city(base, [("CIV", ((0, 0),), 0), ("COM", ((0, 2),), 1),
                              (city.PARK, ((0, 1),), 1), ("RES", ((4, 4),), 2)])
    state = dataclasses.replace(state, wealth=(25, 9, 30, 0),
                                offices=offices(mayor=0, district_attorney=0, treasurer=3))
    state, _ = run_tasks(state, ("final",))
    assert state.over
    scores = R.scores(state)
    # prestige row 3: seat 1 has two buildings (a park is a building), seat 0 one: 4 and 2;
    # prestige row 2: seat 2 alone: 3
    assert [s["final_payout"] for s in scores] == [2, 4, 3, 0]
    assert scores[0]["wealth"] == 2 and scores[2]["wealth"] == 3
    assert scores[0]["politicians"] == 1 + 1  # Mayor: CIV beside the park; DA: one CIV
    assert scores[3]["politicians"] == 1  # Treasurer: one COM in play
    assert set(scores[0]) == set(SOURCES)


def test_the_police_chief_and_union_boss_bonuses_count_every_building_of_their_zone(base):
    """1 prestige per RES (Police Chief) and per IND (Union Boss) in play, whoever owns it."""
    state = empty_city(base, [("RES", ((0, 0),), 0), ("RES", ((6, 6),), 1),
                              ("RES", ((9, 9),), NOBODY), ("IND", ((3, 3),), 2),
                              ("IND", ((5, 8),), 3), ("COM", ((8, 1),), 2)])
    state = dataclasses.replace(state, wealth=(0,) * 4,
                                offices=offices(police_chief=2, union_boss=3))
    state, _ = run_tasks(state, ("final",))
    assert [s["politicians"] for s in R.scores(state)] == [0, 0, 3, 2]


def test_the_winner_has_most_prestige_then_most_wealth(base) -> None:
    tied = dataclasses.replace(base, prestige=(((10,) + (0,) * 6),) * 4, wealth=(1, 5, 5, 0),
                               over=True)
    assert R.winners(tied) == (1, 2)  # still tied on wealth: a shared victory
    note = R.tiebreak(tied)
    assert note[0] == "urban_sprawl.tiebreak.shared"
    tied = dataclasses.replace(tied, wealth=(1, 6, 5, 0))
    assert R.winners(tied) == (1,)
    assert R.tiebreak(tied)[0] == "urban_sprawl.tiebreak.wealth"


def test_the_olympic_games_end_the_game_at_once(base) -> None:
    state = dataclasses.replace(base, active_decks=3, tasks=(("act",),))
    deck = dataclasses.replace(state.decks[2], drawn=21)
    state = dataclasses.replace(state, decks=(*state.decks[:2], deck),
                                tasks=(("draw", "metropolis", ("top", 2), True), ("act",)))
    d = R.Draft(state)
    R.advance(d)
    state, _ = R.apply(d.freeze(), None, "EO")
    assert state.over and R.pending(state).__class__.__name__ == "Terminal"


def test_a_mayor_tie_without_a_media_holder_goes_to_the_active_player(base) -> None:
    state = dataclasses.replace(base, vocations=vocations(1, 1, 0, 0), active=3)
    state, _ = run_tasks(state, ("election", "mayor"))
    assert pending_prompt(R, state).player == 3


def test_a_contractor_tie_is_broken_by_the_union_boss(base) -> None:
    state = dataclasses.replace(base, contractor_in_play=True, offices=offices(union_boss=1))
    state, _ = run_tasks(state, ("contractor",))
    choose = pending_prompt(R, state)
    assert choose.player == 1 and len(choose.options) == 4  # everyone at 0 prestige
    state, _ = play(R, state, ("seat", 3))
    assert state.offices[5] == 3
