"""Ticket to Ride: Paris rules, one scenario per rule, built from forced chance outcomes.

Rulebook: /work/shared/rules/ticket_to_ride_paris.es.txt; decisions: /work/shared/rules/NOTES.md.
Scenarios force deals with `Match.apply_chance`; a few edge cases start from a crafted state
(`dataclasses.replace` of a real one) because reaching them by play would take hundreds of moves.
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from game.engine.core import TERMINAL, Chance, Config, IllegalAction
from game.engine.match import Match, sample
from game.games.ticket_to_ride_paris.board import COLOR_INDEX, COLORS
from game.games.ticket_to_ride_paris.rules import TABLED_TURNS, TicketToRideParis
from game.games.ticket_to_ride_paris.state import EMPTY, OVER, State

STATE_FIELDS = {f.name for f in dataclasses.fields(State)}

ROW = ("red", "green", "purple", "yellow", "white")  # no wilds: no reset
TICKETS = (
    ("arc-notre_dame", "concorde-sacre_coeur"),
    ("louvre-pere_lachaise", "st_germain-bastille"),
    ("eiffel-sacre_coeur", "luxembourg-republique"),
    ("opera-montparnasse", "pigalle-luxembourg"),
)
HANDS = (("red", "red"), ("green", "green"), ("purple", "purple"), ("yellow", "yellow"))



def start(rules, players=2, hands=HANDS, row=ROW, tickets=TICKETS, keep=None, first=0) -> Match:
    """A match right after setup, every deal forced; `first` has the turn prompt."""
    m = Match(rules, Config(players), seed=0)
    for k in range(2):  # the setup deal goes round the table twice
        for seat in range(players):
            m.apply_chance(hands[seat][k])
    for color in row:
        m.apply_chance(color)
    for k in range(2):
        for seat in range(players):
            m.apply_chance(tickets[seat][k])
    for seat in range(players):
        m.apply(seat, ("keep", keep[seat] if keep else tickets[seat]))
    m.apply_chance(first)
    return m


def rebuild(m: Match, **changes) -> Match:
    """A fresh match whose state is `m`'s with some fields replaced (crafted edge cases)."""
    new = Match(m.rules, m.config, m.seed)
    new.state = dataclasses.replace(m.state, **changes)
    return new


def give(m: Match, seat: int, **cards: int) -> Match:
    """Move cards from the deck into a hand (keeps the 46-card total intact)."""
    s = m.state
    hand, deck = list(s.hands[seat]), list(s.deck)
    for name, n in cards.items():
        hand[COLOR_INDEX[name]] += n
        deck[COLOR_INDEX[name]] -= n
    assert min(deck) >= 0
    hands = s.hands[:seat] + (tuple(hand),) + s.hands[seat + 1:]
    sizes = s.hand_sizes[:seat] + (sum(hand),) + s.hand_sizes[seat + 1:]
    return rebuild(m, hands=hands, hand_sizes=sizes, deck=tuple(deck), deck_size=sum(deck))


def cards(m: Match, seat: int) -> dict[str, int]:
    """A hand as {colour: count} without zeros."""
    return {COLORS[c]: n for c, n in enumerate(m.state.hands[seat]) if n}


def actions(m: Match, seat: int) -> tuple:
    """The actions `seat` may take now."""
    prompt = m.prompt_for(seat)
    return prompt.actions() if prompt else ()


def kinds(events) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in events]


def owed_cards(s) -> list[tuple]:
    """The cards owed, in dealing order: ("hand"|"draw", seat) or ("row", slot)."""
    return [task[1:] for task in s.tasks if task[0] == "card"]


def card_total(s) -> int:
    """Every transport card: deck, discard, row, hands, flag cards, cards paid awaiting the flag."""
    paying = sum(s.claim[1:]) if s.phase == "flag" else 0
    return (sum(s.deck) + sum(s.discard) + sum(c != EMPTY for c in s.row)
            + sum(map(sum, s.hands)) + sum(map(sum, s.front)) + paying)


def claim(m: Match, seat: int, route_id: str, pay=None, flag="discard") -> list:
    """Claim a route, answering the payment and flag prompts if they come; all events."""
    events = list(m.apply(seat, ("route", route_id)))
    prompt = m.prompt_for(seat)
    if prompt and prompt.kind == "pay":
        events += m.apply(seat, pay or prompt.options[0].action)
        prompt = m.prompt_for(seat)
    if prompt and prompt.kind == "flag":
        events += m.apply(seat, ("flag", flag))
    return events


# -- setup (Preparación) ------------------------------------------------------------------------
def test_setup_deals_two_cards_each_five_faceup_and_two_tickets(rules) -> None:
    m = Match(rules, Config(3), seed=0)
    for color in ("red", "blue", "wild", "red", "white", "green"):
        m.apply_chance(color)
    assert cards(m, 0) == {"red": 2} and cards(m, 1) == {"blue": 1, "white": 1}
    assert cards(m, 2) == {"wild": 1, "green": 1}
    for color in ROW:
        events = m.apply_chance(color)
    assert kinds(events) == ["faceup_refilled"]
    assert m.state.row == tuple(COLOR_INDEX[c] for c in ROW)
    assert m.state.deck_size == 46 - 6 - 5
    for k in range(2):
        for seat in range(3):
            m.apply_chance(TICKETS[seat][k])
    # Setup ticket choices are simultaneous: one prompt per seat.
    prompts = m.prompts()
    assert [p.player for p in prompts] == [0, 1, 2]
    assert all(p.kind == "keep_tickets" and len(p.options) == 3 for p in prompts)
    assert m.state.ticket_deck_size == 20 - 6


def test_setup_keep_at_least_one_ticket_and_return_the_rest_to_the_bottom_in_order(rules) -> None:
    m = start(rules, keep=[("arc-notre_dame",), ("st_germain-bastille",)])
    board = rules.board
    assert m.state.tickets[0] == (board.ticket_index["arc-notre_dame"],)
    assert m.state.ticket_bottom == (board.ticket_index["concorde-sacre_coeur"],
                                     board.ticket_index["louvre-pere_lachaise"])
    assert m.state.ticket_deck_size == 20 - 4 + 2
    m2 = Match(rules, Config(2), 0)
    for c in HANDS[0] + HANDS[1] + ROW:
        m2.apply_chance(c)
    for t in ("arc-notre_dame", "louvre-pere_lachaise", "concorde-sacre_coeur",
              "st_germain-bastille"):
        m2.apply_chance(t)
    with pytest.raises(IllegalAction):
        m2.apply(0, ("keep", ()))  # keeping nothing is not an option


def test_setup_row_with_three_wilds_is_discarded_and_redealt(rules) -> None:
    m = Match(rules, Config(2), seed=0)
    for color in ("red", "red", "green", "green", "wild", "wild", "red", "wild"):
        m.apply_chance(color)
    events = m.apply_chance("blue")
    assert "row_reset" in kinds(events)
    assert m.state.row == (EMPTY,) * 5 and len(owed_cards(m.state)) == 5
    assert m.state.discard[COLOR_INDEX["wild"]] == 3
    for color in ROW:
        m.apply_chance(color)
    assert m.state.row == tuple(COLOR_INDEX[c] for c in ROW)


def test_first_player_is_a_chance_node_over_the_seats(rules) -> None:
    m = Match(rules, Config(3), seed=0)
    for c in HANDS[0] + HANDS[1] + HANDS[2] + ROW:
        m.apply_chance(c)
    for k in range(2):
        for seat in range(3):
            m.apply_chance(TICKETS[seat][k])
    for seat in range(3):
        m.apply(seat, ("keep", TICKETS[seat]))
    pending = m.pending()
    assert isinstance(pending, Chance) and [o for o, _ in pending.outcomes] == [0, 1, 2]
    m.apply_chance(2)
    assert m.state.current == 2 and m.prompt_for(2).kind == "turn"
    assert m.prompt_for(0) is None


# -- drawing cards (Robar cartas de Transporte) ----------------------------------------------
def test_blind_draw_takes_two_cards_and_only_the_drawer_sees_them(rules) -> None:
    m = start(rules)
    m.apply(0, ("deck",))
    events = m.apply_chance("blue")
    assert events[0].kind == "card_drawn" and events[0].get("visible_to") == 0
    assert not events[0].reveal
    assert m.prompt_for(0).kind == "draw2"
    m.apply(0, ("deck",))
    m.apply_chance("purple")
    assert cards(m, 0) == {"red": 2, "blue": 1, "purple": 1}
    assert m.state.current == 1 and m.state.deck_size == 46 - 4 - 5 - 2


def test_faceup_pick_is_refilled_at_once_and_a_second_card_follows(rules) -> None:
    m = start(rules)
    events = m.apply(0, ("faceup", 1))
    assert events[0].get("color") == "green" and m.state.row[1] == EMPTY
    assert isinstance(m.pending(), Chance)  # the refill comes before the second card
    events = m.apply_chance("yellow")
    assert kinds(events) == ["faceup_refilled"] and m.state.row[1] == COLOR_INDEX["yellow"]
    m.apply(0, ("faceup", 1))
    m.apply_chance("red")
    assert cards(m, 0) == {"red": 2, "green": 1, "yellow": 1} and m.state.current == 1


def test_faceup_wild_first_ends_the_draw(rules) -> None:
    m = start(rules, row=("wild", "green", "purple", "yellow", "white"))
    m.apply(0, ("faceup", 0))
    m.apply_chance("red")
    assert cards(m, 0) == {"red": 2, "wild": 1}
    assert m.state.current == 1 and m.prompt_for(1).kind == "turn"


def test_faceup_wild_may_not_be_the_second_card(rules) -> None:
    m = start(rules, row=("wild", "green", "purple", "yellow", "white"))
    m.apply(0, ("faceup", 1))
    m.apply_chance("red")
    assert ("faceup", 0) not in actions(m, 0)
    assert ("deck",) in actions(m, 0) and ("faceup", 1) in actions(m, 0)
    with pytest.raises(IllegalAction):
        m.apply(0, ("faceup", 0))
    with pytest.raises(IllegalAction, match="not a legal choice"):
        rules.apply(m.state, 0, ("faceup", 0))


def test_third_faceup_wild_after_a_refill_resets_the_row_before_the_second_card(rules) -> None:
    m = start(rules, row=("wild", "wild", "purple", "yellow", "white"))
    m.apply(0, ("faceup", 2))
    events = m.apply_chance("wild")
    assert "row_reset" in kinds(events) and m.state.row == (EMPTY,) * 5
    for color in ROW:
        m.apply_chance(color)
    assert m.prompt_for(0).kind == "draw2" and ("faceup", 0) in actions(m, 0)


def test_row_reset_stops_when_no_legal_row_can_be_dealt(rules) -> None:
    m = start(rules, row=("wild", "wild", "purple", "yellow", "white"))
    wild = COLOR_INDEX["wild"]
    # Only wilds left to deal: after the refill, a new row would have 3+ wilds again.
    m = rebuild(m, deck=tuple(3 if c == wild else 0 for c in range(7)), deck_size=3,
                discard=(0,) * 7)
    m.apply(0, ("faceup", 2))
    events = m.apply_chance("wild")
    assert "row_reset" not in kinds(events)
    assert m.state.row.count(wild) == 3 and m.prompt_for(0).kind == "draw2"


def test_no_reset_when_the_deck_alone_would_deal_the_same_wilds_again(rules) -> None:
    m = start(rules, row=("wild", "wild", "purple", "yellow", "white"))
    wild, blue = COLOR_INDEX["wild"], COLOR_INDEX["blue"]
    # Six cards left: after the refill, exactly 5 (4 wilds + blue) would form the new row, so a
    # reset could never give a legal row whatever the discard pile holds (it used to cycle).
    deck = tuple({wild: 5, blue: 1}.get(c, 0) for c in range(7))
    discard = tuple({COLOR_INDEX["red"]: 4}.get(c, 0) for c in range(7))
    m = rebuild(m, deck=deck, deck_size=6, discard=discard)
    m.apply(0, ("faceup", 2))
    events = m.apply_chance("wild")
    assert "row_reset" not in kinds(events) and m.prompt_for(0).kind == "draw2"


def test_empty_deck_takes_the_discard_pile_as_a_new_deck(rules) -> None:
    m = start(rules)
    discard = tuple(3 if c == COLOR_INDEX["green"] else 0 for c in range(7))
    m = rebuild(m, deck=(0,) * 7, deck_size=0, discard=discard)
    assert ("deck",) in actions(m, 0)
    events = m.apply(0, ("deck",))
    assert kinds(events) == ["deck_reshuffled"]
    assert [o for o, _ in m.pending().outcomes] == ["green"]
    m.apply_chance("green")
    assert m.state.deck[COLOR_INDEX["green"]] == 2 and sum(m.state.discard) == 0


def test_deck_running_out_reshuffles_the_discard_at_once(rules) -> None:
    m = start(rules)
    red = COLOR_INDEX["red"]
    m = rebuild(m, deck=tuple(int(c == red) for c in range(7)), deck_size=1,
                discard=tuple(2 * int(c != red) for c in range(7)))
    m.apply(0, ("deck",))
    events = m.apply_chance("red")  # the last card: the discard pile becomes the deck
    assert kinds(events) == ["card_drawn", "deck_reshuffled"]
    assert m.state.deck_size == 12 and sum(m.state.discard) == 0


def test_no_draw_when_deck_and_discard_are_empty_and_slots_stay_empty(rules) -> None:
    m = start(rules)
    m = rebuild(m, deck=(0,) * 7, deck_size=0, discard=(0,) * 7)
    assert ("deck",) not in actions(m, 0)
    m.apply(0, ("faceup", 1))
    assert not isinstance(m.pending(), Chance) and m.state.row[1] == EMPTY
    assert ("deck",) not in actions(m, 0) and ("faceup", 1) not in actions(m, 0)


def test_second_draw_impossible_ends_the_turn(rules) -> None:
    m = start(rules)
    # Green + two wilds, two empty slots and nothing to deal: craft it.
    wild = COLOR_INDEX["wild"]
    m = rebuild(m, row=(COLOR_INDEX["green"], wild, wild, EMPTY, EMPTY), deck=(0,) * 7,
                deck_size=0, discard=(0,) * 7)
    m.apply(0, ("faceup", 0))
    assert m.state.current == 1  # only wilds face up and no deck: the draw ends after 1 card


def test_empty_faceup_slots_refill_once_cards_reach_the_discard(rules) -> None:
    m = start(rules)
    m = rebuild(m, deck=(0,) * 7, deck_size=0, discard=(0,) * 7,
                row=(EMPTY,) + m.state.row[1:])
    claim(m, 0, "opera-louvre")  # 2 red cards go to the discard pile
    pending = m.pending()
    assert isinstance(pending, Chance) and owed_cards(m.state) == [("row", 0)]
    assert [o for o, _ in pending.outcomes] == ["red"]


# -- claiming routes (Cubrir un Recorrido) ----------------------------------------------------
def test_claim_pays_cards_places_buses_and_scores_by_length(rules) -> None:
    m = start(rules)
    events = claim(m, 0, "opera-louvre")
    claimed = next(e for e in events if e.kind == "route_claimed")
    assert claimed.get("cards") == ("red", "red") and claimed.get("points") == 2
    s = m.state
    assert s.owners[rules.board.route_index["opera-louvre"]] == 0
    assert s.buses[0] == 13 and s.hand_sizes[0] == 0 and s.route_points[0] == 2
    assert s.discard[COLOR_INDEX["red"]] == 2 and s.current == 1  # one route per turn
    points = {r.length: r.points for r in rules.board.routes}
    assert points == {1: 1, 2: 2, 3: 4}


def test_claim_needs_matching_colour_or_wilds(rules) -> None:
    m = start(rules)
    opts = actions(m, 0)
    assert ("route", "opera-louvre") in opts  # red, 2
    assert ("route", "eiffel-montparnasse") not in opts  # red, 3: one card short
    assert ("route", "pigalle-opera") not in opts  # purple
    m = give(m, 0, wild=1)
    assert ("route", "eiffel-montparnasse") in actions(m, 0)
    assert ("route", "madeleine-opera") in actions(m, 0)  # blue 1 paid by the wild


def test_several_card_sets_give_a_payment_choice(rules) -> None:
    m = give(start(rules), 0, wild=2)
    m.apply(0, ("route", "opera-louvre"))
    prompt = m.prompt_for(0)
    assert prompt.kind == "pay"
    assert prompt.actions() == (("pay", 2, 0), ("pay", 1, 1), ("pay", 0, 2))
    assert all(o.target is None and o.label for o in prompt.options)
    events = m.apply(0, ("pay", 1, 1))
    assert next(e for e in events if e.kind == "route_claimed").get("cards") == ("red", "wild")
    assert cards(m, 0) == {"red": 1, "wild": 1}


def test_claim_needs_enough_buses(rules) -> None:
    m = rebuild(start(rules), buses=(1, 15))
    assert ("route", "opera-louvre") not in actions(m, 0)
    assert ("route", "arc-champs-2") in actions(m, 0)  # red, length 1


def test_double_routes_never_both_to_one_player(rules) -> None:
    m = start(rules, players=3, hands=(("red", "blue"), ("red", "blue"), HANDS[2]))
    claim(m, 0, "arc-champs")  # blue twin
    assert ("route", "arc-champs-2") in actions(m, 1)  # 3 players: the twin stays open
    claim(m, 1, "arc-champs-2")
    m.apply(2, ("deck",))
    m.apply_chance("red")
    m.apply(2, ("deck",))
    m.apply_chance("red")
    m = give(m, 0, red=1)
    assert ("route", "arc-champs-2") not in actions(m, 0)


def test_single_player_never_claims_both_twins_even_in_three_player_games(rules) -> None:
    m = start(rules, players=3, hands=(("red", "blue"), HANDS[1], HANDS[2]))
    claim(m, 0, "arc-champs")
    for seat in (1, 2):
        m.apply(seat, ("deck",))
        m.apply_chance("white")
        m.apply(seat, ("deck",))
        m.apply_chance("white")
    assert ("route", "arc-champs-2") not in actions(m, 0)
    with pytest.raises(IllegalAction):
        rules.apply(m.state, 0, ("route", "arc-champs-2"))


def test_two_players_twin_closes_once_one_is_claimed(rules) -> None:
    m = start(rules, hands=(("red", "blue"), ("red", "blue")))
    claim(m, 0, "arc-champs")
    assert ("route", "arc-champs-2") not in actions(m, 1)
    assert ("route", "pigalle-sacre_coeur") in actions(m, 1)


def test_claimed_route_is_no_longer_offered(rules) -> None:
    m = start(rules, hands=(("red", "red"), ("red", "red")))
    claim(m, 0, "opera-louvre")
    assert ("route", "opera-louvre") not in actions(m, 1)
    with pytest.raises(IllegalAction):
        m.apply(1, ("route", "opera-louvre"))


# -- the French flag (La bandera francesa) -------------------------------------------------
def test_flag_card_may_be_kept_from_a_red_route_paid_with_red(rules) -> None:
    m = start(rules)
    events = m.apply(0, ("route", "opera-louvre"))
    assert m.prompt_for(0).kind == "flag"
    assert m.prompt_for(0).actions() == (("flag", "keep"), ("flag", "discard"))
    events = m.apply(0, ("flag", "keep"))
    assert "flag_card_kept" in kinds(events)
    assert m.state.front[0] == (0, 0, 1) and m.state.discard[COLOR_INDEX["red"]] == 1
    assert card_total(m.state) == 46


def test_flag_declined_discards_every_paid_card(rules) -> None:
    m = start(rules)
    m.apply(0, ("route", "opera-louvre"))
    m.apply(0, ("flag", "discard"))
    assert m.state.front[0] == (0, 0, 0) and m.state.discard[COLOR_INDEX["red"]] == 2


def test_no_flag_from_wilds_other_colours_or_a_colour_already_in_front(rules) -> None:
    m = start(rules, hands=(("wild", "wild"), HANDS[1]))
    m.apply(0, ("route", "opera-louvre"))  # red route paid with wilds only
    assert m.state.current == 1 and m.state.front[0] == (0, 0, 0)
    m = start(rules, hands=(("green", "green"), HANDS[1]))
    m.apply(0, ("route", "louvre-st_germain"))  # green: not a flag colour
    assert m.state.current == 1
    m = rebuild(start(rules), front=((0, 0, 1), (0, 0, 0)))
    m.apply(0, ("route", "opera-louvre"))
    assert m.state.current == 1 and m.state.front[0] == (0, 0, 1)


def test_full_flag_at_end_of_turn_scores_four_and_is_discarded(rules) -> None:
    m = rebuild(start(rules), front=((1, 1, 0), (0, 0, 0)))
    m = rebuild(m, deck=tuple(d - (c in (0, 2)) for c, d in enumerate(m.state.deck)),
                deck_size=m.state.deck_size - 2)  # the two flag cards came from the deck
    m.apply(0, ("route", "opera-louvre"))
    events = m.apply(0, ("flag", "keep"))
    done = [e for e in events if e.kind == "flag_completed"]
    assert done and done[0].player == 0 and done[0].get("points") == 4
    s = m.state
    assert s.flags[0] == 1 and s.front[0] == (0, 0, 0)
    assert [s.discard[COLOR_INDEX[c]] for c in ("blue", "white", "red")] == [1, 1, 2]
    assert rules.scores(s)[0]["flags"] == 4 and card_total(s) == 46


# -- destination tickets (Robar Billetes de Destino) ---------------------------------------
def test_ticket_action_draws_two_keeps_one_and_returns_the_other_to_the_bottom(rules) -> None:
    m = start(rules, keep=[("arc-notre_dame",), ("louvre-pere_lachaise",)])
    events = m.apply(0, ("tickets",))
    assert kinds(events) == ["tickets_drawn"]
    m.apply_chance("champs-vosges")
    m.apply_chance("invalides-republique")
    prompt = m.prompt_for(0)
    assert prompt.kind == "keep_tickets"
    assert [o.target for o in prompt.options] == [
        ("ticket", "champs-vosges"), ("ticket", "invalides-republique"), None]
    m.apply(0, ("keep", ("invalides-republique",)))
    idx = rules.board.ticket_index
    assert m.state.tickets[0] == (idx["arc-notre_dame"], idx["invalides-republique"])
    assert m.state.ticket_bottom[-1] == idx["champs-vosges"]
    assert m.state.current == 1


def test_returned_tickets_come_back_in_order_once_the_pool_is_empty(rules) -> None:
    m = start(rules)
    idx = rules.board.ticket_index
    bottom = (idx["champs-vosges"], idx["invalides-republique"], idx["arc-pere_lachaise"])
    m = rebuild(m, ticket_pool=(), ticket_bottom=bottom, ticket_deck_size=3)
    m.apply(0, ("tickets",))
    assert [o for o, _ in m.pending().outcomes] == ["champs-vosges"]
    with pytest.raises(IllegalAction):
        m.apply_chance("invalides-republique")
    m.apply_chance("champs-vosges")
    m.apply_chance("invalides-republique")
    m.apply(0, ("keep", ("champs-vosges",)))
    assert m.state.ticket_bottom == (idx["arc-pere_lachaise"], idx["invalides-republique"])


def test_with_one_ticket_left_you_must_keep_it(rules) -> None:
    m = start(rules)
    m = rebuild(m, ticket_pool=(rules.board.ticket_index["champs-vosges"],), ticket_bottom=(),
                ticket_deck_size=1)
    m.apply(0, ("tickets",))
    m.apply_chance("champs-vosges")
    assert m.prompt_for(0).actions() == (("keep", ("champs-vosges",)),)


def test_ticket_action_not_offered_when_the_ticket_deck_is_empty(rules) -> None:
    m = rebuild(start(rules), ticket_pool=(), ticket_bottom=(), ticket_deck_size=0)
    assert ("tickets",) not in actions(m, 0)
    with pytest.raises(IllegalAction):
        rules.apply(m.state, 0, ("tickets",))


def test_larger_ticket_draws_offer_every_non_empty_subset(tmp_path) -> None:
    import shutil

    from game.engine.levels import LEVELS_DIR

    shutil.copytree(LEVELS_DIR / "ticket_to_ride_paris", tmp_path / "ticket_to_ride_paris")
    deck = tmp_path / "ticket_to_ride_paris" / "deck.toml"
    deck.write_text(deck.read_text("utf-8").replace("tickets_drawn = 2", "tickets_drawn = 3"),
                    "utf-8")
    m = start(TicketToRideParis(tmp_path))
    m.apply(0, ("tickets",))
    for t in ("champs-vosges", "invalides-republique", "arc-pere_lachaise"):
        m.apply_chance(t)
    prompt = m.prompt_for(0)
    assert len(prompt.options) == 7  # 3 singles, 3 pairs, all three
    assert [o.label.rsplit(".", 1)[1] for o in prompt.options].count("keep_some") == 3
    m.apply(0, ("keep", ("champs-vosges", "arc-pere_lachaise")))
    assert m.state.ticket_bottom[-1] == rules_index(m, "invalides-republique")


def rules_index(m: Match, ticket_id: str) -> int:
    """A ticket's index in the match's board."""
    return m.rules.board.ticket_index[ticket_id]


# -- end of the game and scoring (Final de la partida) ------------------------------------
def test_two_buses_or_fewer_gives_everyone_one_last_turn(rules) -> None:
    m = rebuild(start(rules), buses=(3, 15))
    claim(m, 0, "opera-louvre")
    assert m.state.final_turns == 2
    m.apply(1, ("deck",))
    m.apply_chance("blue")
    m.apply(1, ("deck",))
    m.apply_chance("blue")
    assert m.prompt_for(0).kind == "turn"  # the player who triggered it plays once more
    m.apply(0, ("deck",))
    m.apply_chance("white")
    m.apply(0, ("deck",))
    events = m.apply_chance("white")
    assert m.pending() is TERMINAL
    over = next(e for e in events if e.kind == "game_over")
    assert over.reveal and over.get("tickets")[0]["seat"] == 0


def test_last_round_event_when_triggered(rules) -> None:
    m = rebuild(start(rules), buses=(3, 15))
    m.apply(0, ("route", "opera-louvre"))
    events = m.apply(0, ("flag", "discard"))
    assert "last_round" in kinds(events) and m.state.current == 1


def test_scores_routes_flags_and_tickets_completed_minus_failed(rules) -> None:
    m = start(rules, keep=[TICKETS[0], TICKETS[1]])
    route = rules.board.route_index
    owners = [EMPTY] * len(rules.board.routes)
    # arc -> champs -> grand_palais -> concorde -> louvre -> notre_dame: arc-notre_dame (7) done;
    # concorde-sacre_coeur (5) not done.
    for rid in ("arc-champs", "champs-grand_palais", "grand_palais-concorde",
                "concorde-louvre", "louvre-notre_dame"):
        owners[route[rid]] = 0
    s = dataclasses.replace(m.state, owners=tuple(owners), route_points=(7, 0), flags=(1, 0),
                            phase=OVER)
    assert rules.scores(s)[0] == {"routes": 7, "tickets": 7 - 5, "flags": 4}
    # tickets count only at the end (they are secret until then)
    assert rules.scores(dataclasses.replace(s, phase="turn"))[0]["tickets"] == 0
    # an opponent's route in the middle breaks the connection
    owners[route["concorde-louvre"]] = 1
    s2 = dataclasses.replace(s, owners=tuple(owners))
    assert rules.scores(s2)[0]["tickets"] == -7 - 5


def test_tie_goes_to_most_completed_tickets_then_shared(rules) -> None:
    tickets = (("st_germain-bastille", "arc-notre_dame"),
               ("louvre-pere_lachaise", "concorde-sacre_coeur"))
    m = start(rules, tickets=tickets, keep=[("st_germain-bastille",), ("louvre-pere_lachaise",)])
    route = rules.board.route_index
    owners = [EMPTY] * len(rules.board.routes)
    for rid in ("st_germain-notre_dame", "notre_dame-bastille"):  # 4 spaces: ticket worth 4
        owners[route[rid]] = 0
    # seat 0: 4 route points + 4 ticket = 8; seat 1: 13 route points - 5 ticket = 8
    s = dataclasses.replace(m.state, owners=tuple(owners), route_points=(4, 13), phase=OVER)
    assert [sum(b.values()) for b in rules.scores(s)] == [8, 8]
    assert rules.winners(s) == (0,)
    owners[route["louvre-republique"]] = 1
    owners[route["republique-pere_lachaise"]] = 1
    s = dataclasses.replace(s, owners=tuple(owners), route_points=(4, 2))
    assert [sum(b.values()) for b in rules.scores(s)] == [8, 2 + 5]
    s = dataclasses.replace(s, route_points=(4, 3))
    assert rules.winners(s) == (0, 1)  # equal points, one ticket each: shared victory


def test_a_player_who_can_do_nothing_passes_and_a_stuck_table_ends_the_game(rules) -> None:
    m = start(rules)
    empty = (0,) * 7
    m = rebuild(m, deck=empty, deck_size=0, discard=empty, row=(EMPTY,) * 5,
                hands=(empty, empty), hand_sizes=(0, 0), ticket_pool=(), ticket_bottom=(),
                ticket_deck_size=0)
    prompt = m.prompt_for(0)
    assert prompt.kind == "pass" and prompt.actions() == (("pass",),)
    m.apply(0, ("pass",))
    assert m.pending() is not TERMINAL
    m.apply(1, ("pass",))
    assert m.pending() is TERMINAL


def test_pass_is_illegal_while_another_action_exists(rules) -> None:
    m = start(rules)
    assert ("pass",) not in actions(m, 0)
    with pytest.raises(IllegalAction):
        rules.apply(m.state, 0, ("pass",))


# -- engine contract ------------------------------------------------------------------------
def test_illegal_actions_are_refused_with_a_reason(rules) -> None:
    m = start(rules)
    with pytest.raises(IllegalAction, match="nothing to decide"):
        rules.apply(m.state, 1, ("deck",))  # not seat 1's turn
    with pytest.raises(IllegalAction):
        rules.apply(m.state, 0, ("route", "no-such-route"))
    with pytest.raises(IllegalAction):
        rules.apply(m.state, None, "red")  # no chance pending
    m.apply(0, ("deck",))
    with pytest.raises(IllegalAction, match="chance"):
        rules.apply(m.state, 0, ("deck",))
    with pytest.raises(IllegalAction):
        rules.apply(m.state, None, "gold")
    with pytest.raises(IllegalAction):
        rules.apply(rules.view(m.state, 0), None, "red")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_card_and_ticket_and_never_mutate(rules, players) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = rules.initial_state(Config(players))
        for _ in range(5000):
            pending = rules.pending(state)
            if pending is TERMINAL:
                break
            before = copy.deepcopy(state)
            if isinstance(pending, Chance):
                new, _ = rules.apply(state, None, sample(pending, rng))
            else:
                prompt = rng.choice(pending)
                new, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)
            assert state == before  # apply never mutates its input
            state = new
            assert set(vars(state)) == STATE_FIELDS  # no draft scratch leaks into a state
            assert card_total(state) == 46
            kept = sum(len(t) + len(o) for t, o in zip(state.tickets, state.offered))
            assert kept + len(state.ticket_pool) + len(state.ticket_bottom) == 20
            assert state.ticket_deck_size == len(state.ticket_pool) + len(state.ticket_bottom)
            assert sum(state.deck) == state.deck_size and all(b >= 0 for b in state.buses)
        assert rules.pending(state) is TERMINAL


def test_playing_leaves_the_rules_object_unchanged(rules) -> None:
    """The rules object is shared with the bot worker thread: nothing on it may change in play."""
    before = copy.deepcopy(vars(rules))
    for players in (2, 4):
        state = rules.initial_state(Config(players))
        rng = random.Random(players)
        while (pending := rules.pending(state)) is not TERMINAL:
            if isinstance(pending, Chance):
                state, _ = rules.apply(state, None, sample(pending, rng))
            else:
                prompt = rng.choice(pending)
                state, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)
            rules.prompts(rules.view(state, 0))
    assert vars(rules) == before


def test_the_task_stack_deals_what_is_owed_before_the_next_decision(rules) -> None:
    m = start(rules)
    assert m.state.tasks == (("turn", 0),)
    m.apply(0, ("faceup", 1))
    assert m.state.tasks == (("card", "row", 1), ("draw2", 0)) and m.state.phase == "draw2"
    m.apply_chance("yellow")
    m.apply(0, ("deck",))
    assert m.state.tasks == (("card", "draw", 0), ("draw2", 0))
    m.apply_chance("red")
    assert m.state.tasks == (("turn", 1),) and m.state.phase == "turn"
    assert rules.pending(m.state) is m.state.memo  # apply left the next decision cached


def test_views_hide_hands_tickets_offers_and_decks(rules) -> None:
    m = start(rules, players=3, hands=HANDS)
    m.apply(0, ("tickets",))
    m.apply_chance("champs-vosges")
    m.apply_chance("invalides-republique")
    view = rules.view(m.state, 1)
    assert view.hands[1] == m.state.hands[1] and view.hands[0] is None and view.hands[2] is None
    assert view.hand_sizes == m.state.hand_sizes
    assert view.tickets[1] == m.state.tickets[1] and view.tickets[0] is None
    assert view.offered[0] == (EMPTY, EMPTY)
    assert view.deck is None and view.ticket_pool is None and view.ticket_bottom is None
    assert view.deck_size == m.state.deck_size and view.viewer == 1
    own = rules.view(m.state, 0)
    assert own.offered[0] == m.state.offered[0]
    # the deciding seat can still read its prompt from its view (the renderer needs it)
    assert rules.prompts(own)[0].actions() == m.prompt_for(0).actions()
    spectator = rules.view(m.state, None)
    assert all(h is None for h in spectator.hands) and all(t is None for t in spectator.tickets)


def test_a_view_shows_only_the_viewers_own_prompt(rules) -> None:
    m = start(rules)
    assert rules.prompts(rules.view(m.state, 1)) == ()
    assert rules.prompts(rules.view(m.state, None)) == ()
    m2 = Match(rules, Config(2), 0)
    for c in HANDS[0] + HANDS[1] + ROW + TICKETS[0][:1] + TICKETS[1][:1] + TICKETS[0][1:] \
            + TICKETS[1][1:]:
        m2.apply_chance(c)
    (mine,) = rules.prompts(rules.view(m2.state, 1))
    assert mine.player == 1 and mine.actions() == m2.prompt_for(1).actions()


def test_game_over_view_reveals_every_ticket(rules) -> None:
    m = start(rules)
    over = dataclasses.replace(m.state, phase=OVER)
    assert rules.view(over, 1).tickets == over.tickets


def test_events_name_what_the_scene_animates(rules) -> None:
    m = start(rules)
    events = m.apply(0, ("route", "opera-louvre"))
    claimed = next(e for e in events if e.kind == "route_claimed")
    assert claimed.player == 0 and claimed.get("route") == "opera-louvre"
    events = m.apply(0, ("flag", "discard"))
    assert kinds(events) == ["turn_started"] and events[0].player == 1


def test_turn_started_names_the_turn_also_past_the_prebuilt_events(rules) -> None:
    m = rebuild(start(rules), turn=TABLED_TURNS - 2)
    started = [e for e in claim(m, 0, "opera-louvre") if e.kind == "turn_started"]
    m.apply(1, ("deck",))
    m.apply_chance("blue")
    m.apply(1, ("deck",))
    started += [e for e in m.apply_chance("blue") if e.kind == "turn_started"]
    assert [(e.player, e.get("turn")) for e in started] == [(1, TABLED_TURNS - 1),
                                                            (0, TABLED_TURNS)]


def test_every_label_key_has_english_and_spanish_text(rules) -> None:
    import tomllib
    from pathlib import Path

    import game.games.ticket_to_ride_paris as room

    strings = tomllib.loads((Path(room.__file__).parent / "strings.toml").read_text("utf-8"))
    assert strings["en"].keys() == strings["es"].keys()
    used = set()
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = rules.initial_state(Config(players))
        while (pending := rules.pending(state)) is not TERMINAL:
            if isinstance(pending, Chance):
                used.add(pending.label)
                state, _ = rules.apply(state, None, sample(pending, rng))
                continue
            for prompt in pending:
                used.add(prompt.message)
                used.update(o.label for o in prompt.options)
            prompt = pending[0]
            state, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)
    used.update(f"ticket_to_ride_paris.score.{k}" for k in rules.scores(state)[0])
    used.add("rules.ticket_to_ride_paris")
    missing = sorted(k for k in used if k not in strings["en"])
    assert not missing
