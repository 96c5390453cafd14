"""Every event card of cards.toml, revealed on a city where each of its effects has something to
act on: it runs its effects from top to bottom (rulebook "Eventos"), each leaves its mark, and
the card goes to the planning discards or out of the game.

The effect kinds themselves are tested one by one in test_effects.py; here each card's data is
checked to do, as a whole, what its effects say.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.core import TERMINAL
from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import OFFICES, EventCard
from game.games.urban_sprawl.state import NOBODY

from .support import after_setup, empty_city, pending_prompt, play, rules

R = rules()
EVENTS = sorted(c.id for c in R.board.cards.values() if isinstance(c, EventCard))
PRESTIGE = (5, 0, 0, 0, 0, 0, 0)  # 5 prestige each: enough for every optional payment


def office(name: str) -> int:
    """Index of an office in State.offices."""
    return OFFICES.index(name)


@pytest.fixture(scope="module")
def city_of_three():
    """Three seats, seat 0 active. Seat 0: a COM on the north (water) edge and a RES; seat 1:
    a COM, an IND on the west (forest) edge and every vocation; seat 2: a RES on the water
    edge and a CIV; the Treasurer is seat 1, the District Attorney seat 2, the Union Boss
    seat 0; 20 wealth and 5 prestige each."""
    state = empty_city(after_setup(3), [
        ("COM", ((0, 2),), 0), ("RES", ((6, 6),), 0), ("COM", ((4, 4),), 1),
        ("RES", ((0, 11),), 2), ("CIV", ((10, 1),), 2), ("IND", ((6, 0),), 1)])
    offices = [NOBODY] * len(OFFICES)
    offices[office("treasurer")], offices[office("district_attorney")] = 1, 2
    offices[office("union_boss")] = 0
    return dataclasses.replace(
        state, wealth=(20,) * 3, prestige=(PRESTIGE,) * 3, active=0,
        vocations=((0,) * 6, (1,) * 6, (0,) * 6), offices=tuple(offices),
        politicians_in_play=True, tasks=(("act",),))


def reveal(state, card: str):
    """Run the event as a reveal does, answering every prompt with its first option until the
    turn is back at the action prompt (or the game is over); returns the state, the events
    and the kinds of prompts asked."""
    d = R.Draft(state)
    d.push(("event", card, R.board.cards[card].deck))
    R.advance(d)
    events = list(d.events)
    state, asked = d.freeze(), []
    while R.pending(state) is not TERMINAL and (p := pending_prompt(R, state)).kind != "act":
        asked.append(p.kind)
        state, new = play(R, state, p.options[0].action)
        events += new
    return state, events, asked


def kinds(events) -> set[str]:
    """The kinds of the events emitted."""
    return {e.kind for e in events}


def owners(state) -> list[int]:
    """The controller of every building, by id (NOBODY for none or demolished)."""
    return [b.owner if b else NOBODY for b in state.buildings]


def left_its_mark(effect, before, after, events, asked) -> bool:
    """Whether the state, events and prompts show that one effect of the card ran."""
    p = effect.params
    if effect.kind == "election":
        return "elected" in kinds(events) or "choose_seat" in asked
    if effect.kind == "vocation_bonus":  # seat 1 holds every vocation
        return (after.wealth[1] >= before.wealth[1] + p["wealth"]
                and sum(after.prestige[1]) >= sum(before.prestige[1]) + p["prestige"])
    if effect.kind == "remove_control":
        return any(old != NOBODY and new == NOBODY and city.matches(b, p["zone"])
                   for old, new, b in zip(owners(before), owners(after), before.buildings))
    if effect.kind == "all_lose":
        held = before.wealth if p["resource"] == "wealth" else [sum(x) for x in before.prestige]
        now = after.wealth if p["resource"] == "wealth" else [sum(x) for x in after.prestige]
        return all(n == h - min(h, p["amount"]) for h, n in zip(held, now))
    if effect.kind == "optional_purchase":
        return "purchase" in asked
    if effect.kind in ("highest_value_bonus", "decay"):
        return "choose_building" in asked
    if effect.kind == "disaster":
        return "disaster" in asked or "order" in asked
    if effect.kind == "payout":
        return any(e.kind == "payout" and dict(e.data) == {"resource": p["resource"],
                                                            "value": p["value"]}
                   for e in events)
    if effect.kind == "activate":
        return any(e.kind == "activated" and dict(e.data)["what"] == p["what"] for e in events)
    if effect.kind == "end_game":
        return after.over
    raise AssertionError(f"no check for the effect kind {effect.kind!r}: add one here")


@pytest.mark.parametrize("card", EVENTS)
def test_every_event_card_runs_each_of_its_effects(city_of_three, card) -> None:
    event = R.board.cards[card]
    after, events, asked = reveal(city_of_three, card)
    assert events[0].kind == "event" and dict(events[0].data)["card"] == card
    for effect in event.effects:
        assert left_its_mark(effect, city_of_three, after, events, asked), (card, effect.kind)
    if event.deck == "planning":
        assert card in after.discard  # planning events can happen again after a reshuffle
    else:
        assert card not in after.discard  # contract events leave the game


def test_the_deck_events_are_the_rulebooks_three() -> None:
    """Airport: the four politicians and the City deck; Sports Team: the Contractor and the
    Metropolis deck; Olympic Games: the end."""
    names = {R.board.cards[c].name: c for c in R.board.stacked if R.board.cards[c].deck != "planning"}
    assert set(names) == {"Airport", "Sports Team", "Olympic Games"}
    base = dataclasses.replace(after_setup(3), tasks=(("act",),), politicians_in_play=False)
    airport, _, _ = reveal(base, names["Airport"])
    assert airport.politicians_in_play and airport.active_decks == 2
    sports, _, _ = reveal(airport, names["Sports Team"])
    assert sports.contractor_in_play and sports.active_decks == 3
    olympics, _, _ = reveal(sports, names["Olympic Games"])
    assert olympics.over
