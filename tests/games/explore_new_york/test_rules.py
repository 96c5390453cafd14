"""Explore New York rules, one scenario per rule, built from forced card outcomes.

Rulebook sections: Configuración del juego, Turno del jugador (Pasos 1-5), Bonificaciones de
café, Mapa de la ciudad (rounded corners), Fin del juego; our readings are in rules.py.
"""

from __future__ import annotations

import random

import pytest

from game.engine.core import TERMINAL, Chance, Config, IllegalAction
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.state import CHART, DISCARD, OVER

from .support import (
    act,
    blocks_offered,
    card,
    kinds,
    link,
    play_turn_cards,
    prompt,
    reference_rules,
    side,
    start,
    tourists_at,
)


@pytest.fixture(scope="module")
def rules() -> ExploreNewYork:
    return reference_rules()


def turn(rules, state, kept: tuple[int, int], discarded: int):
    """Reveal the two kept cards and a discarded one; the first player discards it."""
    return play_turn_cards(rules, state, (*kept, discarded), discarded)


def link_options(rules, state, seat) -> set[int]:
    return {o.action[1] for o in prompt(rules, state, seat).options if o.action[0] == "link"}


# -- setup (Configuración del juego) -------------------------------------------------------------
@pytest.mark.parametrize(("players", "unseen"), [(2, 3), (3, 0), (4, 3)])
def test_setup_removes_three_cards_unseen_with_two_or_four_players(rules, players, unseen):
    state = rules.initial_state(Config(players))
    chance = rules.pending(state)
    assert isinstance(chance, Chance)
    assert [o for o, _ in chance.outcomes] == list(range(players))  # a random first player
    state, events = rules.apply(state, None, players - 1)
    assert state.first == players - 1 and state.unseen == unseen
    assert state.left == 27 - unseen
    assert ("cards_removed" in kinds(events)) == bool(unseen)


def test_the_first_player_alone_discards_one_of_three_revealed_cards(rules):
    state = start(rules, 3, first=1)
    cards = (card(rules, 2, "triangle"), card(rules, 5, "circle"), card(rules, "*", "square"))
    for c in cards:
        assert rules.pending(state).outcomes  # each card is a chance outcome
        state, _ = rules.apply(state, None, c)
    assert state.phase == DISCARD
    (only,) = rules.pending(state)
    assert only.player == 1 and only.kind == "discard"
    assert [(o.action, o.target) for o in only.options] == [
        (("discard", c), ("card", c)) for c in cards]
    assert rules.view(state, 0).revealed == cards  # everyone sees the three cards
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, ("discard", cards[0]))
    state, events = rules.apply(state, 1, ("discard", cards[2]))
    assert state.turn_cards == cards[:2] and state.phase == CHART
    assert "card_discarded" in kinds(events)
    assert {p.player for p in rules.pending(state)} == {0, 1, 2}  # everyone charts at once


# -- Paso 2: the block ------------------------------------------------------------------------
def test_two_numbers_give_a_block_in_either_order(rules):
    state = turn(rules, start(rules, 2), (card(rules, 2, "triangle"), card(rules, 5, "circle")),
                 card(rules, 1, "circle", plus=True))
    assert blocks_offered(rules, state, 0) == {(2, 5), (5, 2)}
    option = prompt(rules, state, 0).options[0]
    assert option.target == ("block", *option.action[1:])


def test_an_occupied_block_leaves_only_the_other(rules):
    state = start(rules, 2)
    state = turn(rules, state, (card(rules, 2, "triangle"), card(rules, 5, "circle")),
                 card(rules, 1, "circle", plus=True))
    state, _ = act(rules, state, 0, ("block", 2, 5), ("link", side(rules, 2, 5, "top")),
                   ("stop",))
    state, _ = act(rules, state, 1, ("block", 5, 2), ("link", side(rules, 5, 2, "top")),
                   ("stop",))
    state = turn(rules, state, (card(rules, 2, "square", plus=True), card(rules, 5, "square",
                                                                          plus=True)),
                 card(rules, 1, "square", "triangle"))
    assert blocks_offered(rules, state, 0) == {(5, 2)}
    assert blocks_offered(rules, state, 1) == {(2, 5)}  # each seat's own map


def test_the_same_number_twice_gives_one_block(rules):
    state = turn(rules, start(rules, 2), (card(rules, 3, "square"), card(rules, 3, "circle",
                                                                          "circle")),
                 card(rules, 1, "circle", plus=True))
    assert blocks_offered(rules, state, 1) == {(3, 3)}


def test_a_star_is_any_coordinate_for_either_axis(rules):
    state = turn(rules, start(rules, 2), (card(rules, "*", "square"), card(rules, 4, "circle",
                                                                            "square")),
                 card(rules, 1, "circle", plus=True))
    expected = {(x, 4) for x in range(1, 7)} | {(4, y) for y in range(1, 7)}
    assert blocks_offered(rules, state, 0) == expected and len(expected) == 11


@pytest.mark.parametrize(("cards", "message", "params"), [
    ((2, 5), "block", {"a": 2, "b": 5}),
    (("*", 4), "block_joker", {"a": 4, "b": "*"}),  # the number first, the joker in words
    ((4, "*"), "block_joker", {"a": 4, "b": "*"}),
    (("*", "*"), "block_any", {"a": "*", "b": "*"}),
])
def test_the_block_prompt_says_what_a_joker_card_means(rules, cards, message, params):
    by_coord = {2: card(rules, 2, "triangle"), 5: card(rules, 5, "circle"),
                4: card(rules, 4, "circle", "square")}
    jokers = iter((card(rules, "*", "square"), card(rules, "*", "circle")))
    kept = tuple(by_coord[c] if c != "*" else next(jokers) for c in cards)
    state = turn(rules, start(rules, 2), kept, card(rules, 1, "circle", plus=True))
    asked = prompt(rules, state, 0)
    assert asked.kind == "block" and asked.message == "explore_new_york.prompt." + message
    assert dict(asked.params) == params


def test_two_stars_give_any_empty_block(rules):
    state = turn(rules, start(rules, 2), (card(rules, "*", "square"), card(rules, "*", "circle")),
                 card(rules, 1, "circle", plus=True))
    assert len(blocks_offered(rules, state, 0)) == 36
    state, _ = act(rules, state, 0, ("block", 6, 6))
    assert tourists_at(rules, state.sheets[0], 6, 6) == {"circle": 1, "square": 1,
                                                          "triangle": 0}


def test_occupied_coordinates_give_any_empty_block_with_one_tourist_and_one_link(rules):
    state = start(rules, 2)
    state = turn(rules, state, (card(rules, 3, "square"), card(rules, 3, "circle", "circle")),
                 card(rules, 1, "circle", plus=True))
    for seat in (0, 1):
        state, _ = act(rules, state, seat, ("block", 3, 3), ("link", side(rules, 3, 3, "top")),
                       ("stop",))
    # Again 3 and 3: block (3, 3) is taken, so any empty block, one tourist, one link (+1 too).
    state = turn(rules, state, (card(rules, 3, "triangle", plus=True),
                                card(rules, 3, "square", "triangle")),
                 card(rules, 1, "square", "triangle"))
    lone = prompt(rules, state, 0)
    assert lone.kind == "lone_block" and len(lone.options) == 35
    assert (3, 3) not in blocks_offered(rules, state, 0)
    state, events = act(rules, state, 0, ("block", 1, 2))
    assert "tourists_drawn" not in kinds(events)  # the tourist is chosen first
    tourist = prompt(rules, state, 0)
    assert tourist.kind == "tourist" and [o.action for o in tourist.options] == [
        ("tourist", "circle"), ("tourist", "square"), ("tourist", "triangle")]
    state, _ = act(rules, state, 0, ("tourist", "square"))
    assert tourists_at(rules, state.sheets[0], 1, 2) == {"circle": 0, "square": 1,
                                                          "triangle": 0}
    single = prompt(rules, state, 0)
    assert single.kind == "link" and single.message.endswith("link_any")
    state, _ = act(rules, state, 0, ("link", side(rules, 1, 2, "right")))
    assert prompt(rules, state, 0).kind == "extra"  # only the +1 link, no second link


# -- Paso 3 and 4: tourists and links -----------------------------------------------------------
def test_the_turn_cards_tourists_go_into_the_chosen_block(rules):
    state = turn(rules, start(rules, 2), (card(rules, 4, "circle", "triangle"),
                                          card(rules, 5, "circle")),
                 card(rules, "*", "triangle"))
    state, events = act(rules, state, 1, ("block", 5, 4))
    assert tourists_at(rules, state.sheets[1], 5, 4) == {"circle": 2, "square": 0,
                                                          "triangle": 1}
    assert kinds(events) == ["block_chosen", "tourists_drawn"]
    assert state.sheets[0].filled == 0  # the other seat's map is untouched


def test_a_first_link_along_the_block_may_be_continued_straight_or_turning(rules):
    state = turn(rules, start(rules, 2), (card(rules, 4, "circle", "triangle"),
                                          card(rules, 5, "circle")),
                 card(rules, "*", "triangle"))
    state, _ = act(rules, state, 0, ("block", 4, 5))
    assert len(link_options(rules, state, 0)) == 80  # the first link: anywhere
    first = side(rules, 4, 5, "top")  # (3, 4) - (4, 4)
    state, _ = act(rules, state, 0, ("link", first))
    second = prompt(rules, state, 0)
    assert second.kind == "link2"
    assert link_options(rules, state, 0) == {
        link(rules, (2, 4), (3, 4)), link(rules, (3, 3), (3, 4)), link(rules, (3, 4), (3, 5)),
        link(rules, (4, 4), (5, 4)), link(rules, (4, 3), (4, 4)), link(rules, (4, 4), (4, 5))}
    assert ("stop",) in second.actions() and second.options[-1].target is None
    state, events = act(rules, state, 0, ("link", link(rules, (4, 4), (5, 4))))
    assert kinds(events) == ["link_drawn"] and prompt(rules, state, 0) is None
    assert state.sheets[0].links == 1 << first | 1 << link(rules, (4, 4), (5, 4))


def test_a_first_link_away_from_the_block_is_the_only_link(rules):
    state = turn(rules, start(rules, 2), (card(rules, 4, "circle", "triangle"),
                                          card(rules, 5, "circle")),
                 card(rules, "*", "triangle"))
    state, _ = act(rules, state, 0, ("block", 4, 5), ("link", side(rules, 1, 1, "bottom")))
    assert prompt(rules, state, 0) is None


def test_a_link_is_never_drawn_twice(rules):
    state = start(rules, 2)
    state = turn(rules, state, (card(rules, 4, "circle", "triangle"), card(rules, 5, "circle")),
                 card(rules, "*", "triangle"))
    top = side(rules, 4, 5, "top")
    state, _ = act(rules, state, 0, ("block", 4, 5), ("link", top))
    assert top not in link_options(rules, state, 0)
    state, _ = act(rules, state, 0, ("stop",))
    state, _ = act(rules, state, 1, ("block", 5, 4), ("link", top))  # not along (5, 4)
    state = turn(rules, state, (card(rules, 4, "triangle", "triangle"),
                                card(rules, 6, "circle", "circle")),
                 card(rules, 1, "circle", plus=True))
    state, _ = act(rules, state, 0, ("block", 4, 6))
    assert top not in link_options(rules, state, 0)
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, ("link", top))


@pytest.mark.parametrize(("kept", "extras"), [
    (((4, ("triangle",), True), (5, ("circle",), False)), 1),
    (((4, ("triangle",), True), (5, ("square",), True)), 2),
])
def test_each_plus_icon_adds_a_link_anywhere(rules, kept, extras):
    cards = tuple(card(rules, coord, *tourists, plus=plus) for coord, tourists, plus in kept)
    state = turn(rules, start(rules, 2), cards, card(rules, "*", "triangle"))
    state, _ = act(rules, state, 0, ("block", 4, 5), ("link", side(rules, 4, 5, "left")),
                   ("stop",))
    for n in range(extras):
        extra = prompt(rules, state, 0)
        assert extra.kind == "extra" and len(extra.options) == 80 - 1 - n  # anywhere
        state, _ = act(rules, state, 0, ("link", side(rules, 2 + n, 6, "bottom")))
    assert prompt(rules, state, 0) is None
    assert state.sheets[0].links.bit_count() == 1 + extras


# -- cafés (Bonificaciones de café) -------------------------------------------------------------
def cafe_turn(rules):
    """Both seats on block (3, 2): its top-left corner (2, 1) holds the circle+square café."""
    state = turn(rules, start(rules, 2), (card(rules, 3, "square"), card(rules, 2, "triangle")),
                 card(rules, 1, "circle", plus=True))
    state, _ = act(rules, state, 0, ("block", 3, 2))
    return state


def test_a_cafe_reached_by_the_first_link_adds_its_tourists_to_the_block(rules):
    state, events = act(rules, cafe_turn(rules), 0, ("link", side(rules, 3, 2, "top")))
    assert kinds(events) == ["link_drawn", "cafe_reached", "cafe_tourists"]
    assert tourists_at(rules, state.sheets[0], 3, 2) == {"circle": 1, "square": 2,
                                                          "triangle": 1}
    assert state.sheets[0].cafes == 1 << rules.board.cafe_of_vertex[1 * 7 + 2]


def test_a_cafe_reached_by_the_second_link(rules):
    state, events = act(rules, cafe_turn(rules), 0, ("link", side(rules, 3, 2, "bottom")))
    assert "cafe_reached" not in kinds(events) and state.sheets[0].cafes == 0
    state, events = act(rules, state, 0, ("link", link(rules, (2, 2), (2, 1))))  # turn left
    assert "cafe_reached" in kinds(events)
    assert tourists_at(rules, state.sheets[0], 3, 2)["circle"] == 1


def test_two_cafes_in_one_turn_both_fill_this_turns_block(rules):
    state = turn(rules, start(rules, 2), (card(rules, 6, "square", "triangle"),
                                          card(rules, 2, "triangle")),
                 card(rules, 1, "circle", plus=True))
    state, _ = act(rules, state, 1, ("block", 6, 2))
    state, events = act(rules, state, 1, ("link", side(rules, 6, 2, "bottom")),  # café (5, 2)
                        ("link", link(rules, (6, 2), (6, 3))))  # straight on: café (6, 3)
    assert kinds(events).count("cafe_reached") == 2
    # 1 square + 2 triangles from the cards, triangle + circle, then square + circle.
    assert tourists_at(rules, state.sheets[1], 6, 2) == {"circle": 2, "square": 2,
                                                          "triangle": 3}


def test_a_cafe_fires_once_per_player(rules):
    state, _ = act(rules, cafe_turn(rules), 0, ("link", side(rules, 3, 2, "top")),
                   ("link", link(rules, (2, 0), (2, 1))))  # back to the same café
    assert tourists_at(rules, state.sheets[0], 3, 2)["circle"] == 1
    state, events = act(rules, state, 1, ("block", 3, 2), ("link", side(rules, 3, 2, "top")))
    assert "cafe_reached" in kinds(events)  # the other seat's café is its own


# -- rounded corners (Mapa de la ciudad) ----------------------------------------------------------
def test_a_rounded_corner_is_one_link_along_the_corner_block(rules):
    board = rules.board
    corners = [k for k, ln in enumerate(board.links) if ln.corner]
    assert [board.links[k].corner for k in corners] == ["nw", "ne", "sw", "se"]
    nw = corners[0]
    assert board.links[nw].blocks == (board.block_at(1, 1),)
    assert len(board.blocks[board.block_at(1, 1)].sides) == 3  # the curve, bottom, right
    state = turn(rules, start(rules, 2), (card(rules, 1, "circle", plus=True),
                                          card(rules, 1, "circle", "square")),
                 card(rules, "*", "triangle"))
    state, _ = act(rules, state, 0, ("block", 1, 1), ("link", nw))
    assert link_options(rules, state, 0) == {
        link(rules, (1, 0), (2, 0)), link(rules, (1, 0), (1, 1)),
        link(rules, (0, 1), (0, 2)), link(rules, (0, 1), (1, 1))}


# -- Paso 5 and the end of the game ----------------------------------------------------------------
@pytest.mark.parametrize(("players", "turns"), [(2, 8), (3, 9), (4, 8)])
def test_the_game_ends_when_the_deck_cannot_supply_three_cards(rules, players, turns):
    state = start(rules, players, first=1)
    rng = random.Random(players)
    firsts = []
    while rules.pending(state) is not TERMINAL:
        pending = rules.pending(state)
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, rng.choice(pending.outcomes)[0])
            continue
        if pending[0].kind == "discard":
            firsts.append(pending[0].player)
        p = pending[0]
        state, _ = rules.apply(state, p.player, rng.choice(p.options).action)
    assert state.phase == OVER and state.turn == turns
    assert firsts == [(1 + t) % players for t in range(turns)]  # clockwise each turn
    assert state.left == len(state.deck) - state.unseen < 3
    assert len(state.routes) == players


def test_the_final_routes_are_found_when_the_game_ends(rules):
    state = start(rules, 3)
    for c in (card(rules, 1, "circle", plus=True), card(rules, 1, "square", "triangle"),
              card(rules, "*", "triangle")):
        state, _ = rules.apply(state, None, c)
    # Force the end: nothing left to supply after this turn.
    d = rules.Draft(state)
    d.left = 0
    state = d.freeze()
    state, _ = rules.apply(state, 0, ("discard", card(rules, "*", "triangle")))
    for seat in range(3):
        state, _ = act(rules, state, seat, ("block", 1, 1), ("link", side(rules, 1, 1, "right")))
        if prompt(rules, state, seat):
            state, _ = act(rules, state, seat, ("stop",))
        state, events = act(rules, state, seat, ("link", side(rules, 6, 6, "top")))
    assert rules.pending(state) is TERMINAL
    assert kinds(events)[-4:] == ["route_found"] * 3 + ["game_over"]
    assert all(route.links == (side(rules, 1, 1, "right"),) for route in state.routes)
    assert rules.winners(state) == (0, 1, 2)  # the same maps: a shared victory
    key, params = rules.tiebreak(state)
    assert key.endswith("tiebreak.shared")
    # the note's plural form follows the tied total ("Tied on 1 point"), not the winners
    assert dict(params)["count"] == dict(params)["points"] == state.routes[0].total


# -- the rulebook's worked example (Ejemplo de una partida de 2 jugadores) ---------------------
def test_max_and_lina_first_two_turns(rules):
    max_, lina = 0, 1
    state = start(rules, 2, first=max_)
    # Turn 1: Max reveals 4, 5 and *, keeps 4 and 5 (3 tourists, no +1) and discards the *.
    four, five = card(rules, 4, "circle", "triangle"), card(rules, 5, "circle")
    state = play_turn_cards(rules, state, (four, five, card(rules, "*", "square")),
                            card(rules, "*", "square"))
    state, _ = act(rules, state, max_, ("block", 4, 5), ("link", side(rules, 4, 5, "top")),
                   ("link", link(rules, (4, 4), (5, 4))))  # straight on from the first link
    assert sum(tourists_at(rules, state.sheets[max_], 4, 5).values()) == 3
    state, events = act(rules, state, lina, ("block", 5, 4), ("link", side(rules, 5, 4, "top")),
                        ("link", link(rules, (5, 3), (6, 3))))  # straight on, to a café
    assert "cafe_reached" in kinds(events)  # she circles the café and adds its 2 tourists
    assert sum(tourists_at(rules, state.sheets[lina], 5, 4).values()) == 5
    assert state.first == lina  # Lina becomes the next first player
    # Turn 2: Lina discards the 1 and keeps 2 and 4 (two triangles, one +1 icon).
    two, four_plus = card(rules, 2, "triangle"), card(rules, 4, "triangle", plus=True)
    state = play_turn_cards(rules, state, (card(rules, 1, "circle", plus=True), two, four_plus),
                            card(rules, 1, "circle", plus=True))
    assert blocks_offered(rules, state, lina) >= {(4, 2)}
    state, _ = act(rules, state, lina, ("block", 4, 2), ("link", side(rules, 4, 2, "top")),
                   ("link", link(rules, (4, 1), (5, 1))), ("link", side(rules, 2, 3, "top")))
    assert tourists_at(rules, state.sheets[lina], 4, 2)["triangle"] == 2
    assert state.sheets[lina].links.bit_count() == 2 + 3  # 3 links, one more for the +1
    # Max draws his 3 links differently to reach a café: a square and a triangle join (4, 2).
    state, events = act(rules, state, max_, ("block", 4, 2), ("link", side(rules, 4, 2, "left")),
                        ("link", link(rules, (3, 2), (3, 3))), ("link", side(rules, 6, 6, "left")))
    assert "cafe_reached" in kinds(events)
    assert tourists_at(rules, state.sheets[max_], 4, 2) == {"circle": 0, "square": 1,
                                                             "triangle": 3}
    assert state.first == max_  # and Max becomes the next first player
