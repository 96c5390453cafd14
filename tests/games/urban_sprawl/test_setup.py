"""Urban Sprawl setup (rulebook "Preparación del juego"), played through its chance and prompts."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.core import Chance, Config
from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import lot_of
from game.games.urban_sprawl.state import NOBODY

from .support import after_setup, prompt, rules, settle


@pytest.mark.parametrize(("players", "wealth"), [(2, 39), (3, 27), (4, 21)])
def test_starting_wealth_and_planning_cards_by_seat(players, wealth) -> None:
    state = settle(rules().initial_state(Config(players)))
    assert state.wealth == (wealth,) * players
    assert [len(h) for h in state.hands] == list(range(1, players + 1))  # 1/2/3/4 by seat
    assert None not in state.planning_row and state.planning_top is not None
    assert None not in state.contract_row and state.tops[0] is not None
    assert state.tops[1:] == (None, None) and state.active_decks == 1
    assert state.offices == (NOBODY,) * 6 and state.election_pos == 0  # pawn on the Mayor
    assert sorted(state.discard) == ["U1", "U2", "U3", "U4"]  # Urban Renewal starts discarded
    assert prompt(state).kind == "draft" and prompt(state).player == 0


def test_the_rulebook_block_value_two_plus_one() -> None:
    """"the RES building near 'Wilderness' is worth 2 + 1 = 3" at the start."""
    state = settle(rules().initial_state(Config(2)))
    wilderness = state.lots[lot_of(5, 1)]
    assert state.buildings[wilderness].zone == "RES"
    assert city.building_value(rules().board, state, wilderness) == 3
    assert lot_of(5, 1) in rules().board.forest_lots or lot_of(5, 0) in rules().board.forest_lots


def test_draft_pays_each_building_value_in_seat_order() -> None:
    r = rules()
    state = settle(r.initial_state(Config(4)))
    wilderness = state.lots[lot_of(5, 1)]
    state, _ = r.apply(state, 0, ("building", wilderness))
    assert state.wealth[0] == 21 - 3 and state.buildings[wilderness].owner == 0
    assert prompt(state).player == 1  # clockwise
    assert ("building", wilderness) not in prompt(state).actions()
    seats = [0]
    while prompt(state).kind == "draft":
        p = prompt(state)
        seats.append(p.player)
        state, _ = r.apply(state, p.player, p.options[-1].action)
    assert seats == [k % 4 for k in range(12)]
    assert all(b.owner != NOBODY for b in state.buildings)
    spent = [21 - w for w in state.wealth]
    owned = [sum(city.building_value(r.board, state, bid)
                 for bid, b in enumerate(state.buildings) if b.owner == s) for s in range(4)]
    assert spent == owned


def test_a_draft_pick_beyond_the_purse_pays_what_it_can() -> None:
    r = rules()
    state = settle(r.initial_state(Config(4)))
    state = dataclasses.replace(state, wealth=(2, 21, 21, 21))
    dear = max(range(12), key=lambda b: city.building_value(r.board, state, b))
    state, _ = r.apply(state, 0, ("building", dear))
    assert state.wealth[0] == 0  # a mandatory payment: what they have


def test_media_goes_to_the_wealthiest_after_the_draft() -> None:
    state = after_setup(3)
    media = rules().board.vocations.index("media")
    holders = [s for s in range(3) if state.vocations[s][media]]
    assert holders == [max(range(3), key=lambda s: (state.wealth[s], -s))]
    assert prompt(state).kind in ("invest", "act") and state.active == 0


def test_media_tie_then_the_start_player_chooses() -> None:
    r = rules()
    state = settle(r.initial_state(Config(2)))
    state = dataclasses.replace(state, tasks=(("media",),))
    state = dataclasses.replace(state, wealth=(10, 10))
    d = r.Draft(state)
    r.advance(d)
    state = d.freeze()
    assert prompt(state).kind == "choose_seat" and prompt(state).player == 0
    state, _ = r.apply(state, 0, ("seat", 1))
    assert state.vocations[1][r.board.vocations.index("media")] == 1


@pytest.mark.parametrize(("options", "window"), [
    ((), (16, 22)), ((("long", True),), (19, 28)), ((("short", True),), (10, 19)),
    ((("long", True), ("short", True)), (10, 19))])
def test_contract_decks_stack_their_event_by_variant(options, window) -> None:
    state = rules().initial_state(Config(2, options))
    assert {deck.window for deck in state.decks} == {window}
    assert state.planning_deck.window == (23, 50)


def test_event_odds_follow_the_stacked_deck() -> None:
    """A contract deck's event can only come out at draws 16-22, each slot equally likely."""
    r = rules()
    state = rules().initial_state(Config(2))
    deck = state.decks[1]
    task = ("reveal", "city", ("slot", 0), True)

    def event_weight(drawn: int) -> float:
        s = dataclasses.replace(state, decks=(state.decks[0],
                                              dataclasses.replace(deck, drawn=drawn),
                                              state.decks[2]))
        chance = r._ask_reveal(s, task)
        assert isinstance(chance, Chance)
        total = sum(w for _, w in chance.outcomes)
        return sum(w for c, w in chance.outcomes if c == "ES") / total
    assert event_weight(0) == 0 and event_weight(14) == 0
    assert event_weight(15) == pytest.approx(1 / 7)
    assert event_weight(21) == pytest.approx(1.0)


def test_no_planning_event_among_the_first_22_cards() -> None:
    r = rules()
    state = rules().initial_state(Config(2))
    chance = r._ask_reveal(state, ("reveal", "planning", ("top",), True))
    assert all(not c.startswith("E") for c, _ in chance.outcomes)
    late = dataclasses.replace(state, planning_deck=dataclasses.replace(state.planning_deck,
                                                                         drawn=22))
    chance = r._ask_reveal(late, ("reveal", "planning", ("top",), True))
    events = sum(w for c, w in chance.outcomes if c.startswith("E"))
    assert events / sum(w for _, w in chance.outcomes) == pytest.approx(14 / 28)  # 28 left
