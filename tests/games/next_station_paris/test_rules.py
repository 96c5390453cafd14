"""Next Station: Paris rules, one scenario per rule, built from forced chance outcomes.

Rulebook: /work/shared/rules/next_station_paris.es.txt (Cómo se juega, Reglas de construcción,
Estaciones especiales, Pasos elevados, Cartas especiales, Modo avanzado, Modo solitario).
Map facts used below (levels/next_station_paris/map.toml): the orange departure c2 (a square)
links to a2 T, b1 C, c0 T, c4 C, e2 P, d3 T, b3 P and the monument d1; the link c0-c2 crosses
b1-d1; the links a2-c2 and b1-b3 cross at an overpass; the corner a0 (a square) is a gate.
"""

from __future__ import annotations

import random

import pytest

from game.engine.core import TERMINAL, Chance, Config, IllegalAction
from game.engine.match import Match, sample
from game.games.next_station_paris.rules import NextStationParis, color_of
from game.games.next_station_paris.state import DRAW, OVER, REVEAL

from .support import crafted, finish_round, ids, line, sid, targets

GATES = ("gates", True)
BONUS = {"branch_free": 0, "double_free": 1, "double_district": 2, "double_station": 3}


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    """The shared rules engine."""
    return NextStationParis()


def solo(rules, *options) -> Match:
    """A solo match (orange first: departure c2)."""
    return Match(rules, Config(1, options), 0)


def draw(m: Match, a: str, b: str, seat: int = 0) -> None:
    """Draw a segment a -> b (through the start prompt when the end has several starts)."""
    r = m.rules
    action = ("draw", sid(r, a), sid(r, b))
    prompt = m.prompt_for(seat)
    if action not in prompt.actions():
        m.apply(seat, ("to", sid(r, b)))
    m.apply(seat, action)


def actions(m: Match, seat: int = 0) -> tuple:
    """The seat's legal actions now."""
    return m.prompt_for(seat).actions()


# -- rounds, cards and pencils (Cómo se juega) ----------------------------------------------
def test_each_seat_uses_each_colour_once_and_colours_differ_per_round() -> None:
    for players in (1, 2, 3, 4):
        for seat in range(players):
            assert sorted(color_of(players, seat, r) for r in range(4)) == [0, 1, 2, 3]
        for r in range(4):
            colours = [color_of(players, seat, r) for seat in range(players)]
            assert len(set(colours)) == players


@pytest.mark.parametrize("players", [0, 5])
def test_only_1_to_4_players(rules, players) -> None:
    with pytest.raises(ValueError, match="allowed 1-4"):
        rules.initial_state(Config(players))


@pytest.mark.parametrize(("players", "expected"), [
    (1, [(0,), (1,), (2,), (3,)]),  # solo: the pencils in a fixed order (NOTES.md)
    (2, [(0, 2), (1, 3), (2, 0), (3, 1)]),  # a spare pencil beside each seat
    (3, [(0, 1, 2), (1, 2, 3), (2, 3, 0), (3, 0, 1)]),  # one spare between two seats
    (4, [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)])])
def test_pencils_pass_round_the_table_and_lines_start_at_their_colour(rules, players,
                                                                        expected) -> None:
    m = Match(rules, Config(players), 0)
    for round_, colours in enumerate(expected):
        assert m.state.round == round_ and m.state.colors == colours
        for seat, colour in enumerate(colours):
            assert m.state.line(seat).color == colour
            assert m.state.line(seat).stations == (rules.board.departures[colour],)
        finish_round(m)
    assert m.state.phase == OVER


def test_first_card_is_a_chance_over_the_11_cards(rules) -> None:
    m = solo(rules)
    pending = m.pending()
    assert isinstance(pending, Chance) and len(pending.outcomes) == 11
    m.apply_chance("metro_triangle")
    assert len(m.pending()[0].options) == 5  # a2, c0, d3, monument d1 + pass
    m.apply(0, ("pass",))
    assert {o for o, _ in m.pending().outcomes} == {
        c.id for c in rules.board.cards if c.id != "metro_triangle"}


def test_segment_must_end_on_the_cards_symbol_or_a_monument(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_square")
    assert targets(m) == {"d1"}  # no square next to c2: only the monument
    m = solo(rules)
    m.apply_chance("street_triangle")
    assert targets(m) == {"a2", "c0", "d3", "d1"}
    assert m.prompt_for(0).kind == "card"
    assert ("pass",) in actions(m)


def test_round_ends_after_the_fifth_metro_card_which_still_counts(rules) -> None:
    m = solo(rules)
    for card in ("metro_circle", "metro_pentagon", "metro_square", "metro_joker"):
        m.apply_chance(card)
        m.apply(0, ("pass",))
    assert m.state.metros == 4 and m.state.round == 0
    m.apply_chance("metro_triangle")  # the 5th Metro card: one last segment
    assert m.state.phase == DRAW
    draw(m, "c2", "d3")
    s = m.state
    assert s.round == 1 and s.phase == REVEAL and s.metros == 0 and s.revealed == ()
    assert len(s.deck) == 11 and len(s.lines[0]) == 2
    assert s.lines[0][0].stations == (sid(rules, "c2"), sid(rules, "d3"))
    assert s.colors == (1,) and s.lines[0][1].stations == (rules.board.departures[1],)


def test_street_cards_never_end_the_round(rules) -> None:
    m = solo(rules)
    for card in ("street_square", "street_circle", "street_triangle", "street_pentagon",
                 "street_joker", "street_branch", "metro_square", "metro_circle",
                 "metro_triangle", "metro_pentagon"):
        m.apply_chance(card)
        if m.prompt_for(0):
            m.apply(0, ("pass",))
    assert m.state.round == 0 and m.state.metros == 4 and len(m.state.revealed) == 10
    assert {o for o, _ in m.pending().outcomes} == {"metro_joker"}
    m.apply_chance("metro_joker")
    m.apply(0, ("pass",))
    assert m.state.round == 1


def test_each_line_is_scored_when_its_round_ends(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "d3")
    m.apply_chance("metro_circle")
    draw(m, "d3", "c4")
    for card in ("metro_square", "metro_pentagon"):
        m.apply_chance(card)
        m.apply(0, ("pass",))
    events = m.apply_chance("metro_joker")
    events += m.apply(0, ("pass",))
    scored = [e for e in events if e.kind == "line_scored"]
    assert len(scored) == 1 and scored[0].get("points") == 1 * 3  # 1 district x 3 stations
    assert scored[0].get("color") == 0


def test_a_card_nobody_can_use_is_ignored(rules) -> None:
    # The line is the corner a0 alone, and all 3 links of a0 were drawn in earlier lines.
    old = (line(rules, "a2", "a0", "b1"), line(rules, "c0", "a0"))
    m = crafted(rules, [[*old, line(rules, "a0")]], round_=2)
    m.apply_chance("street_joker")
    assert isinstance(m.pending(), Chance) and m.state.revealed == (
        rules.board.card_index["street_joker"],)


def test_only_cards_still_in_the_deck_can_be_revealed(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_square")
    m.apply(0, ("pass",))
    for outcome in ("metro_square", "metro_hexagon", ("objectives", 0, 1)):
        with pytest.raises(IllegalAction):
            rules.apply(m.state, None, outcome)  # the rules check it, not just the Match
    m.apply_chance("street_circle")
    with pytest.raises(IllegalAction, match="nothing to decide"):
        rules.apply(m.state, None, "metro_circle")  # seats are answering: no card now


def test_game_ends_after_four_rounds(rules) -> None:
    m = solo(rules)
    metros = [c.id for c in rules.board.cards if c.metro]
    for _ in range(4):
        for card in metros:
            m.apply_chance(card)
            if m.prompt_for(0):
                m.apply(0, ("pass",))
    assert m.state.phase == OVER and m.pending() is TERMINAL
    assert len(m.state.lines[0]) == 4
    assert sorted(ln.color for ln in m.state.lines[0]) == [0, 1, 2, 3]


def test_everyone_answers_the_same_card_at_once(rules) -> None:
    m = Match(rules, Config(3), 0)
    m.apply_chance("street_circle")
    assert [p.player for p in m.prompts()] == [0, 1, 2]
    m.apply(1, ("pass",))
    assert [p.player for p in m.prompts()] == [0, 2]
    with pytest.raises(IllegalAction):
        m.apply(1, ("pass",))
    m.apply(0, ("pass",))
    m.apply(2, ("pass",))
    assert isinstance(m.pending(), Chance)


def test_a_seat_that_cannot_draw_is_not_asked(rules) -> None:
    # Seat 1's line is the corner a0 alone, and all 3 links of a0 were drawn in earlier lines.
    old = (line(rules, "a2", "a0", "b1"), line(rules, "c0", "a0"))
    m = crafted(rules, [[line(rules, "c2")] * 3, [*old, line(rules, "a0")]], round_=2)
    m.apply_chance("street_joker")
    assert [p.player for p in m.prompts()] == [0]


# -- drawing rules (Reglas de construcción) --------------------------------------------------
def test_next_segments_start_from_either_end(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "d3")
    assert set(m.state.line(0).ends) == {sid(rules, "c2"), sid(rules, "d3")}
    m.apply_chance("metro_square")
    assert targets(m) == {"d1", "e4"}  # d1 from c2 or d3, e4 from d3
    assert ("draw", sid(rules, "d3"), sid(rules, "e4")) in actions(m)


def test_two_possible_starts_ask_which_one(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "d3")
    m.apply_chance("metro_square")
    d1 = sid(rules, "d1")
    option = next(o for o in m.prompt_for(0).options if o.target == ("station", d1))
    assert option.action == ("to", d1)
    m.apply(0, ("to", d1))
    prompt = m.prompt_for(0)
    assert prompt.kind == "start"
    assert {o.target for o in prompt.options} == {("station", sid(rules, "c2")),
                                                  ("station", sid(rules, "d3"))}
    m.apply(0, ("draw", sid(rules, "d3"), d1))
    assert set(m.state.line(0).ends) == {sid(rules, "c2"), d1}


def test_only_line_ends_start_a_segment(rules) -> None:
    m = crafted(rules, [[line(rules, "c2", "c4", "e4")]])
    m.apply_chance("metro_pentagon")
    # c5 is a pentagon next to c4, but c4 is inside the line now.
    assert targets(m) == {"b3", "e2", "d1", "platform"}


def test_departure_stations_are_ordinary_stations_for_other_lines(rules) -> None:
    green = line(rules, "c7", "c5", "c4", color=1)  # round 2: c2 is orange's departure
    m = crafted(rules, [[line(rules, "c2", color=0), green]], round_=1)
    m.apply_chance("metro_square")
    assert "c2" in targets(m)  # c2 is a square
    draw(m, "c4", "c2")
    m = crafted(rules, [[line(rules, "c2", color=0), green]], round_=1)
    m.apply_chance("metro_triangle")
    assert "c2" not in targets(m)


def test_no_crossing_a_segment_of_another_colour(rules) -> None:
    old = line(rules, "b1", "d1", color=1)  # crosses c0-c2
    m = crafted(rules, [[old, line(rules, "c2", color=0)]], round_=1)
    m.apply_chance("metro_triangle")
    assert targets(m) == {"a2", "d3", "d1"}  # not c0
    m = crafted(rules, [[line(rules, "c2", color=0)]])
    m.apply_chance("metro_triangle")
    assert targets(m) == {"a2", "c0", "d3", "d1"}


def test_no_crossing_a_drawn_segment(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "c0")
    m.apply_chance("metro_circle")
    draw(m, "c2", "b1")
    m.apply_chance("metro_square")
    b1, d1, c0 = sid(rules, "b1"), sid(rules, "d1"), sid(rules, "c0")
    assert ("draw", b1, d1) not in actions(m)  # b1-d1 crosses c0-c2
    assert ("draw", c0, d1) in actions(m)


def test_overpass_takes_one_segment_in_each_direction(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "a2")
    assert rules.scores(m.state)[0]["overpasses"] == 2
    m.apply_chance("metro_circle")
    draw(m, "c2", "b1")
    m.apply_chance("metro_pentagon")
    assert "b3" in targets(m)  # b1-b3 crosses a2-c2 on the overpass
    draw(m, "b1", "b3")
    b1_b3 = rules.board.link_between(sid(rules, "b1"), sid(rules, "b3"))
    assert m.state.line(0).links[-1] == b1_b3 and rules.board.links[b1_b3].overpass == 0
    assert rules.scores(m.state)[0]["overpasses"] == 6


def test_overpass_lets_two_colours_cross_once_each(rules) -> None:
    old = line(rules, "b1", "b3", color=1)  # the overpass with a2-c2
    m = crafted(rules, [[old, line(rules, "c2", color=0)]], round_=1)
    m.apply_chance("metro_triangle")
    assert "a2" in targets(m)
    draw(m, "c2", "a2")
    assert rules.scores(m.state)[0]["overpasses"] == 6
    a2, c2 = sid(rules, "a2"), sid(rules, "c2")
    link = rules.board.link_between(a2, c2)
    assert m.state.blocked[0] >> link & 1  # both directions taken: it is used up


def test_no_loop_back_into_the_line(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "d3")
    m.apply_chance("metro_circle")
    draw(m, "d3", "c4")
    m.apply_chance("metro_square")
    assert "c2" not in targets(m)  # c4-c2 is a grey link, but c2 is on the line
    assert targets(m) == {"d1", "e4", "a4"}


def test_never_two_segments_between_the_same_stations_in_any_colour(rules) -> None:
    old = line(rules, "c2", "d3", "e4", color=0)
    current = line(rules, "c4", "d3", color=1)
    m = crafted(rules, [[old, current]], round_=1)
    m.apply_chance("metro_joker")
    c2, d3, c4 = sid(rules, "c2"), sid(rules, "d3"), sid(rules, "c4")
    assert ("draw", d3, c2) not in actions(m) and ("draw", d3, sid(rules, "e4")) not in actions(m)
    assert ("draw", c4, c2) in actions(m)  # the station is fine, the link was the problem


def test_a_later_line_through_an_earlier_lines_station_makes_an_interchange(rules) -> None:
    orange = line(rules, "c2", "d3", "e4", color=0)
    green = line(rules, "c7", "c5", "c4", color=1)
    m = crafted(rules, [[orange, green]], round_=1)
    assert rules.scores(m.state)[0]["interchanges"] == 0
    m.apply_chance("metro_triangle")
    draw(m, "c4", "d3")  # d3 is on the orange line: a station joining 2 lines
    assert rules.scores(m.state)[0]["interchanges"] == 2


def test_central_platform_at_most_once_per_line(rules) -> None:
    current = line(rules, "e4", "platform", "f5")
    m = crafted(rules, [[current]])
    m.apply_chance("metro_joker")
    assert "platform" not in targets(m)
    m = crafted(rules, [[line(rules, "c4", "e4")]])
    m.apply_chance("metro_triangle")
    assert "platform" in targets(m)  # the platform takes any symbol


def test_branch_lets_the_segment_start_from_any_station_of_the_line(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "d3")
    m.apply_chance("metro_square")
    draw(m, "d3", "e4")
    m.apply_chance("street_branch")
    assert isinstance(m.pending(), Chance)  # the next card is revealed at once
    m.apply_chance("metro_pentagon")
    prompt = m.prompt_for(0)
    assert prompt.message == "next_station_paris.prompt.branch"
    e2 = sid(rules, "e2")
    m.apply(0, ("to", e2))
    assert {o.action[1] for o in m.prompt_for(0).options} == {sid(rules, "c2"), sid(rules, "d3"),
                                                             sid(rules, "e4")}
    m.apply(0, ("draw", sid(rules, "d3"), e2))
    assert set(m.state.line(0).ends) == {sid(rules, "c2"), sid(rules, "e4"), e2}
    m.apply_chance("metro_circle")
    assert m.prompt_for(0).message == "next_station_paris.prompt.card"  # branch is over
    assert all(o.action[1] != sid(rules, "d3") for o in m.prompt_for(0).options
               if o.action[0] == "draw")


def test_branch_from_the_central_platform(rules) -> None:
    m = crafted(rules, [[line(rules, "e4", "platform", "f5")]])
    m.apply_chance("street_branch")
    m.apply_chance("metro_triangle")
    m.apply(0, ("to", sid(rules, "e5")))  # from e4 or, through the branch, the platform
    assert ("draw", sid(rules, "platform"), sid(rules, "e5")) in actions(m)


def test_branch_never_closes_a_loop(rules) -> None:
    current = line(rules, "c2", "c4", "e4", "d3")
    m = crafted(rules, [[current]])
    m.apply_chance("street_branch")
    m.apply_chance("metro_joker")
    on_line = {"c2", "c4", "e4", "d3"}
    assert targets(m).isdisjoint(on_line) and "a4" in targets(m)
    draw(m, "c4", "a4")  # from inside the line to a monument: the guided tour follows
    assert m.prompt_for(0).kind == "tour"
    assert set(m.state.line(0).ends) == set(ids(rules, "c2", "d3", "a4"))


def test_branch_before_the_fifth_metro_card(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "d3")
    m.apply_chance("metro_square")
    draw(m, "d3", "e4")
    for card in ("metro_circle", "metro_pentagon"):
        m.apply_chance(card)
        m.apply(0, ("pass",))
    m.apply_chance("street_branch")
    m.apply_chance("metro_joker")  # the 5th Metro card, with the branch
    assert m.prompt_for(0).message == "next_station_paris.prompt.branch"
    draw(m, "d3", "e2")
    assert m.state.round == 1
    assert m.state.lines[0][0].stations[-1] == sid(rules, "e2")


def test_joker_ends_anywhere(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_joker")
    assert targets(m) == {"a2", "b1", "c0", "c4", "e2", "d3", "b3", "d1"}
    draw(m, "c2", "c4")
    assert m.prompt_for(0) is None  # not a monument: no guided tour


def test_guided_tour_second_segment_from_the_monument(rules) -> None:
    m = solo(rules)
    m.apply_chance("street_joker")
    draw(m, "c2", "d1")
    prompt = m.prompt_for(0)
    assert prompt.kind == "tour" and ("stop",) in prompt.actions()
    d1 = sid(rules, "d1")
    assert all(o.action[1] == d1 for o in prompt.options if o.action[0] == "draw")
    draw(m, "d1", "e0")  # any symbol
    assert isinstance(m.pending(), Chance)
    assert m.state.line(0).stations == (sid(rules, "c2"), d1, sid(rules, "e0"))


def test_a_monument_reached_on_a_shape_card_gives_no_tour(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_square")
    draw(m, "c2", "d1")
    assert m.prompt_for(0) is None and isinstance(m.pending(), Chance)


def test_guided_tour_may_stop_after_the_monument(rules) -> None:
    m = solo(rules)
    m.apply_chance("street_joker")
    draw(m, "c2", "d1")
    m.apply(0, ("stop",))
    assert isinstance(m.pending(), Chance)


# -- advanced modules (Modo avanzado) --------------------------------------------------------
def test_modules_are_setup_chance_nodes(rules) -> None:
    m = solo(rules, ("objectives", True), GATES)
    pending = m.pending()
    assert isinstance(pending, Chance) and len(pending.outcomes) == 10  # 2 of 5
    assert {o for o, _ in pending.outcomes} == {("objectives", i, j)
                                                for i in range(5) for j in range(i + 1, 5)}
    assert len({w for _, w in pending.outcomes}) == 1  # every pair equally likely
    m.apply_chance(("objectives", 1, 3))
    pending = m.pending()
    assert isinstance(pending, Chance) and len(pending.outcomes) == 24  # bonus per corner
    assert all(sorted(o[1:]) == [0, 1, 2, 3] for o, _ in pending.outcomes)  # one each
    m.apply_chance(("gates", 3, 2, 1, 0))
    assert m.state.objectives == (1, 3) and m.state.gates == (3, 2, 1, 0)
    assert len(m.pending().outcomes) == 11
    assert set(rules.scores(m.state)[0]) == {"lines", "overpasses", "interchanges",
                                             "objectives", "gates", "solo_modules"}


def to_gate(rules, bonus: str) -> Match:
    """Solo with gates, `bonus` on the corner a0, the line c2-c0-a0 just drawn."""
    m = solo(rules, GATES)
    m.apply_chance(("gates", BONUS[bonus], *[i for i in range(4) if i != BONUS[bonus]]))
    m.apply_chance("metro_triangle")
    draw(m, "c2", "c0")
    m.apply_chance("metro_square")
    events = m.apply(0, ("draw", sid(rules, "c0"), sid(rules, "a0")))
    assert any(e.kind == "gate_triggered" and e.get("bonus") == bonus for e in events)
    return m


def test_gate_double_district(rules) -> None:
    m = to_gate(rules, "double_district")
    assert isinstance(m.pending(), Chance)  # applied at once, nothing to decide
    nw = rules.board.stations[sid(rules, "a0")].district
    assert m.state.line(0).double_district == nw
    assert rules.scores(m.state)[0]["gates"] == 2  # 3 x 2 instead of 2 x 2
    finish_round(m)  # the bonus is for this round's line only
    assert m.state.line(0).double_district == -1 and m.state.lines[0][0].double_district == nw
    assert rules.scores(m.state)[0]["gates"] == 2


def test_gate_branch_and_free_entry(rules) -> None:
    m = to_gate(rules, "branch_free")
    prompt = m.prompt_for(0)
    assert prompt.kind == "free_any" and ("skip",) in prompt.actions()
    c0, e0 = sid(rules, "c0"), sid(rules, "e0")
    assert ("draw", c0, e0) in prompt.actions()  # from the middle of the line, any symbol
    m.apply(0, ("draw", c0, e0))
    assert isinstance(m.pending(), Chance)


def test_gate_double_free_entry(rules) -> None:
    m = to_gate(rules, "double_free")
    assert m.prompt_for(0).kind == "free_end"
    assert dict(m.prompt_for(0).params)["count"] == 2
    draw(m, "c2", "e2")  # a pentagon on a square card: free entry
    assert m.prompt_for(0).kind == "free_end" and dict(m.prompt_for(0).params)["count"] == 1
    assert "b3" not in targets(m)  # only from the ends a0 and e2, not from c2
    draw(m, "e2", "e4")
    assert isinstance(m.pending(), Chance)


def test_gate_double_station(rules) -> None:
    m = to_gate(rules, "double_station")
    prompt = m.prompt_for(0)
    assert prompt.kind == "circle"
    assert targets(m) == {"c0", "a0"}  # not the departure station (a special station)
    m.apply(0, ("circle", sid(rules, "c0")))
    assert m.state.line(0).double_station == sid(rules, "c0")
    assert rules.scores(m.state)[0]["gates"] == 2 * 3 - 2 * 2


def test_gate_bonus_may_be_skipped(rules) -> None:
    m = to_gate(rules, "double_station")
    m.apply(0, ("skip",))
    assert m.state.line(0).double_station == -1 and isinstance(m.pending(), Chance)


def test_gates_do_nothing_without_the_module(rules) -> None:
    m = solo(rules)
    m.apply_chance("metro_triangle")
    draw(m, "c2", "c0")
    m.apply_chance("metro_square")
    events = m.apply(0, ("draw", sid(rules, "c0"), sid(rules, "a0")))
    assert not any(e.kind == "gate_triggered" for e in events)
    assert isinstance(m.pending(), Chance)


def test_a_gate_reached_during_another_bonus_waits_for_it(rules) -> None:
    # nw (a0): double free entry; ne (a9): double station (Puertas de la ciudad: the first
    # bonus is played out before the second one).
    m = crafted(rules, [[line(rules, "a2", "a4", "a5", "a7")]], options=(GATES,),
                gates=(BONUS["double_free"], BONUS["double_station"], 0, 2))
    m.apply_chance("metro_square")
    draw(m, "a2", "a0")
    assert m.prompt_for(0).kind == "free_end"
    events = m.apply(0, ("draw", sid(rules, "a7"), sid(rules, "a9")))  # a gate too
    assert not any(e.kind == "gate_triggered" for e in events)
    prompt = m.prompt_for(0)
    assert prompt.kind == "free_end" and dict(prompt.params)["count"] == 1
    events = m.apply(0, ("draw", sid(rules, "a9"), sid(rules, "c9")))
    assert [e.get("bonus") for e in events if e.kind == "gate_triggered"] == ["double_station"]
    assert targets(m) == {"a0", "a2", "a5", "a7", "a9", "c9"}  # the monument a4 is special
    m.apply(0, ("circle", sid(rules, "a5")))
    assert isinstance(m.pending(), Chance)


def test_a_gate_acts_only_when_a_segment_ends_there(rules) -> None:
    m = crafted(rules, [[line(rules, "c0", "a0")]], options=(GATES,),
                gates=(BONUS["double_station"], 0, 1, 2))
    m.apply_chance("metro_circle")
    m.apply(0, ("to", sid(rules, "b1")))  # b1 is next to both ends, c0 and a0
    events = m.apply(0, ("draw", sid(rules, "a0"), sid(rules, "b1")))  # leaving the corner
    assert not any(e.kind == "gate_triggered" for e in events)
    assert isinstance(m.pending(), Chance)


def test_a_gate_reached_on_the_guided_tour_opens_after_it(rules) -> None:
    # Round 2, green from c7: the joker to the monument b8, then the tour's second segment
    # to the corner a9 (double station). Map: c7-b8 and b8-a9 are grey links.
    m = crafted(rules, [[line(rules, "c2", "d3", color=0), line(rules, "c7", color=1)]],
                round_=1, options=(GATES,), gates=(0, BONUS["double_station"], 1, 2))
    m.apply_chance("metro_joker")
    draw(m, "c7", "b8")
    assert m.prompt_for(0).kind == "tour"
    events = m.apply(0, ("draw", sid(rules, "b8"), sid(rules, "a9")))
    assert [e.get("bonus") for e in events if e.kind == "gate_triggered"] == ["double_station"]
    assert m.prompt_for(0).kind == "circle"
    assert targets(m) == {"a9"}  # c7 is a departure and b8 a monument: both special


def test_a_gate_segment_to_a_monument_gives_no_guided_tour(rules) -> None:
    # Our reading (Cartas especiales, Puertas de la ciudad): the tour belongs to the joker
    # card's own segment; a gate's free segment on the same card ending on a monument is
    # just a segment.
    m = crafted(rules, [[line(rules, "c2", "c0")]], options=(GATES,),
                gates=(BONUS["branch_free"], 1, 2, 3))
    m.apply_chance("metro_joker")
    draw(m, "c0", "a0")  # a corner, not a monument: no tour, the gate opens
    assert m.prompt_for(0).kind == "free_any"
    draw(m, "c2", "d1")  # the free segment reaches the monument d1
    assert m.prompt_for(0) is None and isinstance(m.pending(), Chance)
    assert m.state.line(0).ends[-1] == sid(rules, "d1")


def test_every_seat_gets_a_gate_bonus_every_time_it_arrives(rules) -> None:
    seat0 = [line(rules, "h7", "h5", color=2), line(rules, "c2", "c0", color=0)]
    seat1 = [line(rules, "a2", "a0", color=0), line(rules, "c2", "b1", color=1)]  # been there
    m = crafted(rules, [seat0, seat1], round_=1, options=(GATES,),
                gates=(BONUS["double_station"], 0, 1, 2))
    m.apply_chance("metro_square")
    draw(m, "c0", "a0", seat=0)
    draw(m, "b1", "a0", seat=1)
    assert [p.kind for p in m.prompts()] == ["circle", "circle"]


# -- every drawing rule at once, against an independent reading (Reglas de construcción) -----
def _crosses(rules, one: int, other: int) -> bool:
    """Two links cross or overlap other than at a shared end (integer geometry, own code)."""
    b = rules.board
    pos = [(int(s.col * 2), int(s.row * 2)) for s in b.stations]  # the platform sits at .5
    a, c = pos[b.links[one].a], pos[b.links[one].b]
    p, q = pos[b.links[other].a], pos[b.links[other].b]

    def side(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])

    def inside(x, u, v):  # x within the box of u-v and not one of its ends
        return (min(u[0], v[0]) <= x[0] <= max(u[0], v[0])
                and min(u[1], v[1]) <= x[1] <= max(u[1], v[1]) and x not in (u, v))

    if side(a, c, p) == side(a, c, q) == 0:  # collinear: only an overlap conflicts
        return any(inside(x, a, c) for x in (p, q)) or any(inside(x, p, q) for x in (a, c))
    if {a, c} & {p, q}:
        return False
    return side(a, c, p) * side(a, c, q) <= 0 and side(p, q, a) * side(p, q, c) <= 0


def _expected(rules, state, seat: int, task: tuple) -> set[tuple[int, int]]:
    """The (start, end) segments the rulebook allows for this task."""
    b = rules.board
    line = state.line(seat)
    degree = {s: sum(s in (b.links[k].a, b.links[k].b) for k in line.links) for s in line.stations}
    ends = [s for s in line.stations if degree[s] <= 1]
    symbol = b.cards[state.card].symbol if task[0] == "card" else "joker"
    starts = {"card": line.stations if state.branch else ends, "tour": (task[1],),
              "free_any": line.stations, "free_end": ends}[task[0]]
    partner = {o.links[i]: o.links[1 - i] for o in b.overpasses for i in (0, 1)}
    drawn = [k for k in range(len(b.links)) if state.used[seat] >> k & 1]
    out = set()
    for start in starts:
        for link, end in b.adjacency[start]:
            st = b.stations[end]
            if end in line.stations or not (symbol in ("joker", st.shape) or st.monument
                                            or st.platform):
                continue
            if all(k != link and (partner.get(link) == k or not _crosses(rules, link, k))
                   for k in drawn):
                out.add((start, end))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_offered_segments_are_exactly_the_legal_ones(rules, seed) -> None:
    rng = random.Random(seed)
    options = (GATES,) if seed % 2 else ()
    state = rules.initial_state(Config(1 + seed % 4, options))
    while (pending := rules.pending(state)) is not TERMINAL:
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, sample(pending, rng))
            continue
        for prompt in pending:
            task = state.queues[prompt.player][0]
            if task[0] not in ("card", "tour", "free_any", "free_end"):
                continue
            expected = _expected(rules, state, prompt.player, task)
            offered = {o.action[1:] for o in prompt.options if o.action[0] == "draw"}
            for o in prompt.options:  # an end reached from several starts: every start
                if o.action[0] == "to":
                    starts = {(a, e) for a, e in expected if e == o.action[1]}
                    assert len(starts) > 1
                    offered |= starts
            assert offered == expected
        prompt = rng.choice(pending)
        state, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)
