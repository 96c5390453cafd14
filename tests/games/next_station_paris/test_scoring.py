"""Next Station: Paris scoring, rule by rule, and the rulebook's worked examples.

Rulebook: Puntos obtenidos por tu línea, Fin de la partida, Objetivos compartidos, Puertas de la
ciudad, Modo solitario. Lines are hand-built station sets (scoring ignores how they were drawn).
"""

from __future__ import annotations

import dataclasses

import pytest

from game.games.next_station_paris import scoring
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.state import OVER
from game.ui.i18n import set_language, t
from tests.games.plural_forms import abbreviated_points, plural_after_one

from .support import line, over, sid

# The rulebook's line example: 7 districts, 5 stations in the best one (d3), 5 monuments.
EXAMPLE_LINE = ("c2", "c4", "d1", "d3", "e4", "a4", "b8", "f2", "g8", "a0", "j9")
# The rulebook's final example (Emi): lines worth 134, shared stations e4 (4 lines),
# c4 (3 lines), d3, a0, f4, h7 (2 lines each).
EMI = (
    EXAMPLE_LINE,
    ("e4", "c4", "d3", "f4", "j0", "e7", "h5", "c0", "i6", "a2", "f0", "e0"),
    ("e4", "c4", "a0", "h7", "h0", "e9", "j7", "h2", "a5", "j4", "g3", "a9"),
    ("e4", "f4", "h7", "c7", "j2", "i3", "b6", "h9", "c5", "j5", "e5"),
)


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    """The shared rules engine."""
    return NextStationParis()


def bare(rules, names, color=0, **gates):
    """A scoring-only line (a station set), with gate bonuses."""
    return dataclasses.replace(line(rules, *names, color=color, path=False), **gates)


def test_rulebook_line_example_scores_45(rules) -> None:
    result = scoring.score_line(rules.board, bare(rules, EXAMPLE_LINE))
    assert (result.districts, result.stations, result.monuments) == (7, 5, 5)
    assert result.points == result.base == 45 == 7 * 5 + 10


def test_platform_and_monuments_count_as_stations_and_platform_is_a_district(rules) -> None:
    result = scoring.score_line(rules.board, bare(rules, ("e4", "platform", "f5", "d1")))
    # districts d3, centre, d6; the best one (d3) holds e4 and the monument d1
    assert (result.districts, result.stations, result.monuments) == (3, 2, 1)
    assert result.points == 3 * 2 + 2


def test_a_line_never_drawn_scores_nothing_and_joins_nothing(rules) -> None:
    # Our decision (the rulebook is silent): a line is made of segments; a bare departure
    # station is no line, no interchange and no part of the network for the objectives.
    b = rules.board
    undrawn = bare(rules, ("c2",))
    assert scoring.score_line(b, undrawn) == scoring.LineScore(0, 0, 0, 0, 0)
    green = bare(rules, ("c4", "c2", "b1"), color=1)
    assert scoring.interchange_points(b, (undrawn, green)) == 0
    assert scoring.interchange_points(b, (bare(rules, ("c2", "d3")), green)) == 2
    holding_c2 = b.districts[b.stations[sid(rules, "c2")].district]
    district = [b.stations[s].id for s in holding_c2.stations]
    rest = tuple(n for n in district if n != "c2")
    state = objective_state(rules, [bare(rules, rest), undrawn], "full_district")
    assert rules.scores(state)[0]["objectives"] == 0


def test_the_central_platform_can_be_an_interchange(rules) -> None:
    lines = (bare(rules, ("e4", "platform")), bare(rules, ("f5", "platform"), color=1),
             bare(rules, ("platform", "e5"), color=2))
    assert scoring.interchange_counts(lines) == {sid(rules, "platform"): 3}
    assert scoring.interchange_points(rules.board, lines) == 5


def test_overpass_points_two_for_once_six_for_twice(rules) -> None:
    b = rules.board
    a, c = b.overpasses[0].links
    assert scoring.overpass_points(b, 0) == 0
    assert scoring.overpass_points(b, 1 << a) == 2
    assert scoring.overpass_points(b, (1 << a) | (1 << c)) == 6
    other = b.adjacency[sid(rules, "c2")][0][0]  # a link with no overpass
    assert b.links[other].overpass == -1 or other in (a, c)


def test_interchange_points_2_5_9(rules) -> None:
    b = rules.board
    two = (bare(rules, ("c2", "c4")), bare(rules, ("c4", "e4")))
    assert scoring.interchange_points(b, two) == 2
    three = (*two, bare(rules, ("c4", "f5")))
    assert scoring.interchange_points(b, three) == 5
    four = (*three, bare(rules, ("c4", "j9")))
    assert scoring.interchange_points(b, four) == 9
    assert scoring.interchange_points(b, (bare(rules, ("c2", "c4")),)) == 0


def test_rulebook_final_total_174(rules) -> None:
    b = rules.board
    lines = [bare(rules, names, color=i) for i, names in enumerate(EMI)]
    assert sum(scoring.score_line(b, ln).points for ln in lines) == 134
    used = 0
    for o in b.overpasses[:2]:  # used twice
        used |= (1 << o.links[0]) | (1 << o.links[1])
    for o in b.overpasses[2:5]:  # used once
        used |= 1 << o.links[0]
    state = over(rules, [lines], used=(used,))
    breakdown = rules.scores(state)[0]
    assert breakdown == {"lines": 134, "overpasses": 6 + 12, "interchanges": 8 + 5 + 9}
    assert sum(breakdown.values()) == 174


def test_gate_double_district_and_double_station(rules) -> None:
    b = rules.board
    names = ("c2", "c0", "a0", "d3")  # d3 holds c2, c0, d3; the corner nw holds a0
    plain = scoring.score_line(b, bare(rules, names))
    assert (plain.districts, plain.stations, plain.points) == (2, 3, 6)
    nw = b.stations[sid(rules, "a0")].district
    doubled = scoring.score_line(b, bare(rules, names, double_district=nw))
    assert (doubled.base, doubled.points) == (6, 3 * 3)
    circled = scoring.score_line(b, bare(rules, names, double_station=sid(rules, "c0")))
    assert (circled.base, circled.points) == (6, 2 * 4)
    # the gates' terms are kept apart, so a sheet can write the sum out
    assert (doubled.gate_districts, doubled.gate_stations) == (1, 0)
    assert (circled.gate_districts, circled.gate_stations) == (0, 1)
    for r in (plain, doubled, circled):
        assert r.points == ((r.districts + r.gate_districts) * (r.stations + r.gate_stations)
                            + r.monuments * r.each)


def test_gates_category_holds_what_the_bonuses_added(rules) -> None:
    nw = rules.board.stations[sid(rules, "a0")].district
    ln = bare(rules, ("c2", "c0", "a0", "d3"), double_district=nw)
    state = over(rules, [[ln]], options=(("gates", True),))
    assert rules.scores(state)[0]["lines"] == 6 and rules.scores(state)[0]["gates"] == 3
    details = rules.details(state)[0]
    assert sum(d.points for d in details if d.category == "gates") == 3


def objective_state(rules, lines, objective: str, used: int = 0):
    index = [o.id for o in rules.board.objectives].index(objective)
    state = over(rules, [lines], used=(used,), options=(("objectives", True),))
    return dataclasses.replace(state, objectives=(index,))


def test_objective_interchanges_three_stations_on_three_lines(rules) -> None:
    lines = [bare(rules, ("c2", "c4", "e4", "f5")) for _ in range(2)]
    lines.append(bare(rules, ("c2", "c4", "f5")))
    assert rules.scores(objective_state(rules, lines, "interchanges"))[0]["objectives"] == 10
    lines[2] = bare(rules, ("c2", "c4"))
    assert rules.scores(objective_state(rules, lines, "interchanges"))[0]["objectives"] == 0


def test_objective_seven_districts_counts_a_doubled_district_once(rules) -> None:
    assert rules.scores(objective_state(rules, [bare(rules, EXAMPLE_LINE)], "districts")
                        )[0]["objectives"] == 10
    six = tuple(n for n in EXAMPLE_LINE if n != "j9")
    nw = rules.board.stations[sid(rules, "a0")].district
    doubled = bare(rules, six, double_district=nw)
    assert scoring.score_line(rules.board, doubled).points == 7 * 5 + 10  # 7 for scoring...
    assert rules.scores(objective_state(rules, [doubled], "districts"))[0]["objectives"] == 0


def test_objective_six_monuments_over_the_network(rules) -> None:
    lines = [bare(rules, ("a4", "b8", "d1")), bare(rules, ("f2", "g8", "e7"))]
    assert rules.scores(objective_state(rules, lines, "monuments"))[0]["objectives"] == 10
    lines[1] = bare(rules, ("f2", "g8", "a4"))
    assert rules.scores(objective_state(rules, lines, "monuments"))[0]["objectives"] == 0


def test_objective_two_overpasses_used_twice(rules) -> None:
    b = rules.board
    both = [(1 << o.links[0]) | (1 << o.links[1]) for o in b.overpasses]
    lines = [bare(rules, ("c2",))]
    state = objective_state(rules, lines, "overpasses", both[0] | both[1])
    assert rules.scores(state)[0]["objectives"] == 10
    state = objective_state(rules, lines, "overpasses", both[0] | (1 << b.overpasses[1].links[0]))
    assert rules.scores(state)[0]["objectives"] == 0


def test_objective_every_station_of_one_district(rules) -> None:
    d1 = [rules.board.stations[s].id for s in rules.board.districts[5].stations]
    lines = [bare(rules, d1[:2]), bare(rules, d1[2:])]
    assert rules.scores(objective_state(rules, lines, "full_district"))[0]["objectives"] == 10
    lines = [bare(rules, d1[:-1])]
    assert rules.scores(objective_state(rules, lines, "full_district"))[0]["objectives"] == 0


def test_objective_full_district_means_one_of_the_8_main_districts(rules) -> None:
    # The corners and the centre hold one station each: passing through them is not enough.
    lines = [bare(rules, ("c0", "a0")), bare(rules, ("e4", "platform"), color=1),
             bare(rules, ("a7", "a9"), color=2)]
    assert rules.scores(objective_state(rules, lines, "full_district"))[0]["objectives"] == 0
    lines.append(bare(rules, ("i1", "i3", "j2", "j4"), color=3))  # all of d7
    assert rules.scores(objective_state(rules, lines, "full_district"))[0]["objectives"] == 10


def test_two_objectives_count_for_every_seat_that_meets_them(rules) -> None:
    ids = [o.id for o in rules.board.objectives]
    district = [rules.board.stations[s].id for s in rules.board.districts[5].stations]
    both = [bare(rules, district), bare(rules, ("a4", "b8", "f2", "g8", "e7", "i3"))]
    one = [bare(rules, district)]
    state = over(rules, [both, one, [bare(rules, ("c2", "c4"))]],
                 options=(("objectives", True),))
    state = dataclasses.replace(state, objectives=(ids.index("monuments"),
                                                   ids.index("full_district")))
    assert [b["objectives"] for b in rules.scores(state)] == [20, 10, 0]


def test_solo_loses_ten_per_module(rules) -> None:
    ln = [bare(rules, ("c2",))]
    assert "solo_modules" not in rules.scores(over(rules, [ln]))[0]
    one = over(rules, [ln], options=(("gates", True),))
    assert rules.scores(one)[0]["solo_modules"] == -10
    both = over(rules, [ln], options=(("gates", True), ("objectives", True)))
    assert rules.scores(both)[0]["solo_modules"] == -20
    duo = over(rules, [ln, ln], options=(("gates", True),))
    assert all("solo_modules" not in b for b in rules.scores(duo))


@pytest.mark.parametrize(("total", "rating"), [
    (60, "no_luck"), (100, "no_luck"), (101, "back_to_work"), (120, "back_to_work"),
    (121, "almost"), (140, "almost"), (141, "well_led"), (160, "well_led"),
    (161, "well_done"), (180, "well_done"), (181, "fulgence"), (230, "fulgence")])
def test_solo_rating_table(rules, total, rating) -> None:
    assert scoring.rating(rules.board, total) == rating


def test_rating_note_only_for_a_finished_solo_game(rules) -> None:
    lines = [bare(rules, names, color=i) for i, names in enumerate(EMI)]
    used = (1 << rules.board.overpasses[0].links[0],)
    state = over(rules, [lines], used=used)
    total = sum(rules.scores(state)[0].values())
    assert total == 134 + 2 + 22
    assert rules.rating(state) == ("next_station_paris.rating.well_led", (("points", total), ("count", total)))
    assert rules.rating(dataclasses.replace(state, phase="reveal")) is None
    assert rules.rating(over(rules, [lines, lines])) is None


def test_solo_rating_judges_the_total_after_the_module_penalty(rules) -> None:
    lines = [bare(rules, names, color=i) for i, names in enumerate(EMI)]
    used = (1 << rules.board.overpasses[0].links[0],)
    plain = over(rules, [lines], used=used)
    assert rules.rating(plain)[0] == "next_station_paris.rating.well_led"  # 158
    state = over(rules, [lines], used=used, options=(("gates", True), ("objectives", True)))
    total = sum(rules.scores(state)[0].values())
    assert total == 134 + 2 + 22 - 20
    assert rules.rating(state) == ("next_station_paris.rating.almost", (("points", total), ("count", total)))


def test_tie_broken_by_best_single_line_then_shared(rules) -> None:
    b = rules.board
    wide = bare(rules, ("e4", "e2", "a4", "b8"))  # 3 districts x 2 + 2 monuments x 2 = 10
    strong = bare(rules, ("c2", "c4", "d3", "c0", "a2", "b1"))  # 2 districts x 4 = 8
    assert [scoring.score_line(b, x).points for x in (wide, strong)] == [10, 8]
    seat0 = [wide, bare(rules, ("f9", "h9")), bare(rules, ("h0", "j0")),
             bare(rules, ("j4", "j2"))]  # 10 + 2 + 2 + 2 = 16
    seat1 = [strong, bare(rules, ("j0", "i1", "j2")), bare(rules, ("j9", "i8")),
             bare(rules, ("a9", "a7"))]  # 8 + 2 x 2 + 2 + 2 = 16
    state = over(rules, [seat0, seat1])
    assert [sum(x.values()) for x in rules.scores(state)] == [16, 16]
    assert rules.winners(state) == (0,)  # best single line: 10 beats 8
    key, params = rules.tiebreak(state)
    assert key == "next_station_paris.tiebreak.line"
    assert dict(params) == {"player": 0, "players": (0, 1), "points": 16, "count": 16,
                            "line": 10}
    state = over(rules, [seat0, [*seat1[:3], bare(rules, ("a9", "b8"))]])  # 18 for seat 1
    assert rules.winners(state) == (1,) and rules.tiebreak(state) is None
    state = over(rules, [seat1, seat1])
    assert rules.winners(state) == (0, 1)
    assert rules.tiebreak(state)[0] == "next_station_paris.tiebreak.shared"


def test_tie_break_counts_a_lines_gate_bonus(rules) -> None:
    # Our reading (Fin de la partida): the best single line is its score as written on the
    # sheet, city-gate bonuses included. Seat 0: 6 + 3 (doubled corner) and 2 = 11; seat 1:
    # 8 and 3 = 11. Seat 0's best line is 9 with the bonus (6 without), seat 1's is 8.
    b = rules.board
    nw = b.stations[sid(rules, "a0")].district
    gated = bare(rules, ("c2", "c0", "a0", "d3"), double_district=nw)
    seat0 = [gated, bare(rules, ("j9", "i8"), color=1)]
    seat1 = [bare(rules, ("c2", "c4", "d3", "c0", "a2", "b1")),
             bare(rules, ("h0", "h2", "h4"), color=1)]
    state = over(rules, [seat0, seat1], options=(("gates", True),))
    assert [sum(x.values()) for x in rules.scores(state)] == [11, 11]
    assert [rules.best_line(state, seat) for seat in (0, 1)] == [9, 8]
    assert rules.winners(state) == (0,)


def test_details_explain_every_category(rules) -> None:
    lines = [bare(rules, names, color=i) for i, names in enumerate(EMI)]
    used = (1 << rules.board.overpasses[0].links[0]) | (1 << rules.board.overpasses[1].links[0])
    state = over(rules, [lines], used=(used,))
    state = dataclasses.replace(state, phase=OVER)
    details = rules.details(state)[0]
    for category, points in rules.scores(state)[0].items():
        assert sum(d.points for d in details if d.category == category) == points, category
    first = details[0]
    assert first.label == "next_station_paris.detail.line"
    assert dict(first.params) == {"color": "next_station_paris.color.orange", "districts": 7,
                                  "stations": 5, "monuments": 5, "each": 2} and first.points == 45


def test_no_string_puts_a_plural_after_one():
    """The results' details and ratings for a count of 1: "Overpasses used once: 1 × 2", never
    "1 overpasses used once: 2 pt each" (nor "pt", a cut word)."""
    # interchanges join 2 lines or more; the ratings above the lowest start at 101 points
    two_or_more = {"detail.interchanges", *(f"rating.{r}" for r in (
        "almost", "back_to_work", "fulgence", "well_done", "well_led"))}
    assert plural_after_one("next_station_paris", two_or_more) == []
    assert abbreviated_points("next_station_paris") == []


def test_a_line_reads_in_spanish_with_its_colour_agreeing():
    set_language("es")
    try:
        text = t("next_station_paris.detail.line", color="next_station_paris.color.purple",
                 districts=1, stations=1, monuments=0, each=2)
    finally:
        set_language("en")
    assert text.startswith("Línea morada:")  # "Línea Morado" did not agree
