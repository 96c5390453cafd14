"""Ticket to Ride: Paris GreedyBot heuristic: sensible single decisions, and it beats RandomBot."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.bots import GreedyBot, RandomBot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.games.ticket_to_ride_paris.board import COLOR_INDEX
from game.games.ticket_to_ride_paris.bot import evaluate, make_plan
from game.games.ticket_to_ride_paris.rules import TicketToRideParis

ROW = ("red", "green", "purple", "yellow", "white")


@pytest.fixture(scope="module")
def rules() -> TicketToRideParis:
    """The rules engine, loaded once."""
    return TicketToRideParis()


def start(rules, hands, tickets, row=ROW) -> Match:
    """A 2-player match after a forced setup (each seat keeps both tickets); seat 0 to play."""
    m = Match(rules, Config(2), seed=0)
    for k in range(2):
        for seat in range(2):
            m.apply_chance(hands[seat][k])
    for color in row:
        m.apply_chance(color)
    for k in range(2):
        for seat in range(2):
            m.apply_chance(tickets[seat][k])
    for seat in range(2):
        m.apply(seat, ("keep", tickets[seat]))
    m.apply_chance(0)
    return m


def best(rules, m: Match, seat: int):
    """The action the heuristic rates highest for `seat` now."""
    prompt = m.prompt_for(seat)
    scores = evaluate(rules, m.view(seat), prompt)
    assert len(scores) == len(prompt.options)
    return prompt.options[scores.index(max(scores))].action


def test_greedy_beats_random_in_most_two_player_games(rules) -> None:
    wins = 0
    for seed in range(20):
        greedy = seed % 2
        m = Match(rules, Config(2), seed)
        bots = {greedy: GreedyBot(evaluate, random.Random(seed)),
                1 - greedy: RandomBot(random.Random(seed + 1000))}
        play_out(m, bots)
        wins += greedy in rules.winners(m.state)
    assert wins >= 15


def test_claims_a_route_on_its_ticket_path(rules) -> None:
    # st_germain-bastille: st_germain -> notre_dame (white 2) -> bastille (green 2)
    m = start(rules, hands=(("green", "green"), ("red", "red")),
              tickets=(("st_germain-bastille", "louvre-pere_lachaise"),
                       ("arc-notre_dame", "concorde-sacre_coeur")))
    plan = make_plan(rules.board, m.view(0), 0)
    assert rules.board.route_index["notre_dame-bastille"] in plan.wanted
    assert best(rules, m, 0) == ("route", "notre_dame-bastille")


def test_draws_a_needed_face_up_colour_rather_than_random_cards(rules) -> None:
    m = start(rules, hands=(("blue", "blue"), ("red", "red")),
              tickets=(("st_germain-bastille", "louvre-pere_lachaise"),
                       ("arc-notre_dame", "concorde-sacre_coeur")),
              row=("green", "yellow", "yellow", "yellow", "yellow"))
    assert best(rules, m, 0) == ("faceup", 0)  # green: notre_dame-bastille needs it


def test_pays_with_colour_cards_before_wilds_and_keeps_flag_cards(rules) -> None:
    m = start(rules, hands=(("red", "wild"), ("green", "green")),
              tickets=(("opera-montparnasse", "louvre-pere_lachaise"),
                       ("arc-notre_dame", "concorde-sacre_coeur")))
    m.apply(0, ("route", "arc-champs-2"))  # red 1: red or wild
    assert m.prompt_for(0).kind == "pay"
    assert best(rules, m, 0) == ("pay", 1, 0)
    m.apply(0, ("pay", 1, 0))
    assert best(rules, m, 0) == ("flag", "keep")


def test_takes_tickets_once_its_tickets_are_done(rules) -> None:
    m = start(rules, hands=(("white", "white"), ("red", "red")),
              tickets=(("st_germain-bastille", "louvre-pere_lachaise"),
                       ("arc-notre_dame", "concorde-sacre_coeur")))
    route = rules.board.route_index
    owners = list(m.state.owners)
    for rid in ("st_germain-notre_dame", "notre_dame-bastille", "louvre-republique",
                "republique-pere_lachaise"):
        owners[route[rid]] = 0
    m2 = Match(rules, m.config, 0)
    m2.state = dataclasses.replace(m.state, owners=tuple(owners), buses=(5 + 5, 15))
    assert best(rules, m2, 0) == ("tickets",)


def test_keeps_the_ticket_that_overlaps_its_network(rules) -> None:
    m = start(rules, hands=(("white", "white"), ("red", "red")),
              tickets=(("st_germain-bastille", "louvre-pere_lachaise"),
                       ("arc-notre_dame", "concorde-sacre_coeur")))
    m.apply(0, ("tickets",))
    m.apply_chance("arc-pere_lachaise")  # 11 points but far across the map
    m.apply_chance("luxembourg-republique")  # 6 points, next to its tickets
    route = rules.board.route_index
    owners = list(m.state.owners)
    for rid in ("st_germain-notre_dame", "notre_dame-bastille", "louvre-republique",
                "republique-pere_lachaise", "st_germain-luxembourg"):
        owners[route[rid]] = 0
    m2 = Match(rules, m.config, 0)
    m2.state = dataclasses.replace(m.state, owners=tuple(owners), buses=(4, 15))
    assert best(rules, m2, 0) == ("keep", ("luxembourg-republique",))


def test_last_turn_claims_the_most_points(rules) -> None:
    m = start(rules, hands=(("red", "red"), ("green", "green")),
              tickets=(("st_germain-bastille", "louvre-pere_lachaise"),
                       ("arc-notre_dame", "concorde-sacre_coeur")))
    hand = [0] * 7
    hand[COLOR_INDEX["red"]] = 3
    m2 = Match(rules, m.config, 0)
    m2.state = dataclasses.replace(m.state, hands=(tuple(hand), m.state.hands[1]),
                                   hand_sizes=(3, 2), final_turns=1, buses=(3, 15))
    assert best(rules, m2, 0) in {("route", "eiffel-montparnasse"),
                                  ("route", "pantheon-montparnasse")}  # red 3: 4 points
