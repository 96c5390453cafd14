"""Urban Sprawl end of turn (rulebook "Final del turno", "Eventos", "Mazos agotados")."""

from __future__ import annotations

import dataclasses

from game.engine.core import Chance
from game.games.urban_sprawl.state import Deck

from .support import after_setup, empty_city, rules, run_tasks

R = rules()
END_STEPS = (("slide_planning",), ("fill_planning",), ("planning_top",), ("slide_contracts",),
             ("fill_contracts",), ("contract_top", 0), ("next_player",))  # 6-8: one task


def base():
    """Four players after setup in an empty city, waiting for the end-of-turn steps."""
    return dataclasses.replace(empty_city(after_setup(4)), hands=((),) * 4)


def end_turn(state, *cards):
    """Run the nine steps, forcing each card drawn (in order) from the decks."""
    state, _ = run_tasks(dataclasses.replace(state, tasks=()), *END_STEPS)
    forced = list(cards)
    while isinstance(R.pending(state), Chance):
        state, _ = R.apply(state, None, forced.pop(0))
    assert not forced, f"cards left over: {forced}"
    return state


def test_planning_cards_slide_to_the_cheap_end_then_the_top_card_fills_in() -> None:
    state = base()
    _, b, _, d = state.planning_row
    top = state.planning_top
    nxt = next(x for x in state.planning_deck.cards if x.startswith("P"))
    state = dataclasses.replace(state, planning_row=(None, b, None, d))
    state = end_turn(state, nxt, "P36" if nxt != "P36" else "P35")
    assert state.planning_row[:3] == (b, d, top)  # slid, then the face-up top card moved in
    assert state.planning_row[3] == nxt  # then a fresh one drawn
    assert state.active == 1  # step 9


def test_town_cards_slide_along_all_five_slots_at_first() -> None:
    state = base()
    row, top = state.contract_row, state.tops[0]
    state = dataclasses.replace(state, contract_row=(None, row[1], None, row[3], row[4]))
    nxt = [c for c in state.decks[0].cards if c.startswith("T")][:2]
    state = end_turn(state, *nxt)
    assert state.contract_row == (row[1], row[3], row[4], top, nxt[0])
    assert state.tops[0] == nxt[1]  # step 6: the new top card is turned up


def test_with_the_city_deck_town_keeps_the_five_ap_slot() -> None:
    state = base()
    row = state.contract_row
    state = dataclasses.replace(state, active_decks=2, contract_row=(None, None, row[2], row[3],
                                                                       None))
    town_top = state.tops[0]
    city_cards = [c for c in state.decks[1].cards if c.startswith("C")][:3]
    town = next(c for c in state.decks[0].cards if c.startswith("T"))
    state = end_turn(state, city_cards[0], city_cards[1], town, city_cards[2])
    assert state.contract_row == (row[2], row[3], city_cards[0], city_cards[1], town_top)
    assert state.tops[:2] == (town, city_cards[2])  # steps 6 and 7


def test_exhausted_decks() -> None:
    """An exhausted Town deck leaves the 5 AP slot empty; an exhausted City deck's 4 AP slot
    takes Town cards."""
    state = base()
    none_left = Deck((), 37, (16, 22))
    state = dataclasses.replace(state, active_decks=3, contract_row=(*state.contract_row[:4], None),
                                tops=(None, None, None),
                                decks=(none_left, state.decks[1], state.decks[2]))
    metro = [c for c in state.decks[2].cards if c.startswith("M")][:1]
    city = next(c for c in state.decks[1].cards if c.startswith("C"))
    state = end_turn(state, city, *metro)
    assert state.contract_row[4] is None and state.tops == (None, city, metro[0])
    town = dataclasses.replace(state.decks[1], cards=())
    state = dataclasses.replace(base(), active_decks=3, tops=(None, None, None),
                                contract_row=(*base().contract_row[:3], None, None),
                                decks=(base().decks[0], town, base().decks[2]))
    towns = [c for c in state.decks[0].cards if c.startswith("T")][:3]
    state = end_turn(state, towns[0], towns[1], towns[2], metro[0])
    assert state.contract_row[3:] == (towns[1], towns[0])  # 4 AP: a Town card
    assert state.tops == (towns[2], None, metro[0])


def test_a_revealed_planning_event_runs_is_discarded_and_the_deck_is_drawn_again() -> None:
    state = base()
    late = dataclasses.replace(state.planning_deck, drawn=30)
    state = dataclasses.replace(state, planning_deck=late, planning_top=None,
                                wealth=(10, 10, 10, 10))
    permit_card = next(c for c in late.cards if c.startswith("P"))
    state = end_turn(state, "E05", permit_card)  # Luxury Tax: everyone loses 3 wealth
    assert state.wealth == (7, 7, 7, 7)
    assert "E05" in state.discard and state.planning_top == permit_card


def test_a_contract_event_leaves_the_game_and_brings_the_city_deck_in() -> None:
    state = base()
    deck = dataclasses.replace(state.decks[0], drawn=18)
    state = dataclasses.replace(state, tops=(None, None, None), decks=(deck, *state.decks[1:]))
    town = next(c for c in deck.cards if c.startswith("T"))
    city = next(c for c in state.decks[1].cards if c.startswith("C"))
    state = end_turn(state, "EA", town, city)  # Airport: politicians and the City deck
    assert state.politicians_in_play and state.active_decks == 2
    assert "EA" not in state.decks[0].cards and "EA" not in state.discard
    assert state.tops[:2] == (town, city)


def test_an_empty_planning_deck_is_reshuffled_with_the_urban_renewals() -> None:
    state = base()
    state = dataclasses.replace(state, planning_deck=Deck((), 50, (23, 50)), planning_top=None)
    assert "U1" in state.discard
    state, _ = run_tasks(state, ("planning_top",))
    assert state.planning_deck.cards and not state.discard
    assert state.planning_deck.window == (1, len(state.planning_deck.cards))
    state, _ = R.apply(state, None, "U1")
    assert state.planning_top == "U1"


def test_revealed_icons_trigger_an_election_then_a_payout() -> None:
    state = base()
    card = next(c for c, p in R.board.cards.items() if type(p).__name__ == "Permit"
                and p.ballot and p.payout)
    state = dataclasses.replace(state, planning_top=None,
                                planning_deck=dataclasses.replace(state.planning_deck,
                                                                  cards=(card,)))
    state, events = run_tasks(state, ("planning_top",))
    state, events = R.apply(state, None, card)
    kinds = [e.kind for e in events]
    assert state.election_pos == 1  # the pawn moved to the DA: blank before the Airport
    assert "payout" in kinds and "elected" not in kinds


def test_a_planning_deck_of_events_only_leaves_the_row_empty() -> None:
    """Ours: with every permit in players' hands, drawing "again" after each event would never
    end; the slot stays empty until a non-event card is back."""
    state = base()
    events = tuple(sorted(c for c in state.planning_deck.cards if c.startswith("E")))
    state = dataclasses.replace(state, planning_row=(None,) * 4, planning_top=None,
                                planning_deck=Deck(events[:7], 43, (1, 50)), discard=events[7:])
    state, _ = run_tasks(state, ("fill_planning",), ("planning_top",), ("act",))
    assert state.planning_row == (None,) * 4 and state.planning_top is None
    assert R.pending(state)[0].kind == "act"
