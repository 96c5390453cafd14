"""What Urban Sprawl keeps on its states for speed (a deck's events/others split, the city's
placement memo, the deck draws' fast sampling) always equals what it stands for,
along seeded random games."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.core import Chance, Config, Prompt
from game.engine.match import sample
from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import Contract
from game.games.urban_sprawl.deck_odds import DeckDraw
from game.games.urban_sprawl.effects import area_buildings, area_owners
from game.games.urban_sprawl.prompts import prompt_of
from game.games.urban_sprawl.state import HIDDEN_CARD, NOBODY, Deck, make_deck, total_prestige

from .support import rules


def walk(seed: int):
    """Every state of one seeded random game (random_playout's sampling)."""
    r, rng = rules(), random.Random(seed)
    state = r.initial_state(Config(4))
    while not r.is_over(state):
        yield state
        pending = r.pending(state)
        if isinstance(pending, Chance):
            state, _ = r.apply(state, None, sample(pending, rng))
        else:
            state, _ = r.apply(state, pending[0].player, rng.choice(pending[0].options).action)


def test_a_decks_split_is_its_events_and_other_cards() -> None:
    events = rules().board.stacked  # the events stacked in a window (typed ones are others)
    checked = 0
    for state in walk(seed=3):
        for deck in (state.planning_deck, *state.decks):
            if deck.split is not None:
                want = (tuple(c for c in deck.cards if c in events),
                        tuple(c for c in deck.cards if c not in events))
                assert deck.split == want
                checked += 1
    assert checked > 1000


def test_memoised_build_answers_equal_a_fresh_search() -> None:
    """can_build through the memo a state carries equals can_build on a copy without it."""
    r, rng = rules(), random.Random(5)
    contracts = [c.id for c in r.board.cards.values() if isinstance(c, Contract)]
    states = list(walk(seed=4))[::25]
    for state in states:
        fresh = dataclasses.replace(state)  # a new state: no memo
        assert getattr(fresh, "city_memo", None) is None
        for card in rng.sample(contracts, 8):
            for seat in range(state.players):
                assert r.can_build(state, seat, card) == r.can_build(fresh, seat, card)
    assert any(s.city_memo is not None for s in states)


def test_has_lot_set_through_the_memo_equals_the_search_at_each_wealth() -> None:
    """has_lot_set (memoised per city, rights and kind of contract) answers as the search at
    that wealth, for builders who may demolish or not."""
    r, rng = rules(), random.Random(6)
    contracts = [c for c in r.board.cards.values() if isinstance(c, Contract)]
    answers = set()
    for state in list(walk(seed=7))[::40]:
        memo = city.city_memo(state)
        for contract in rng.sample(contracts, 6):
            for demolition, protected in ((False, None), (True, None), (True, 0)):
                for wealth in (0, 3, 6, 9, 12, 20):
                    rights = (wealth, demolition, protected)
                    searched = any(True for _ in r.lot_sets(state, contract, *rights))
                    assert r.has_lot_set(state, contract, memo, rights) == searched
                    answers.add(searched)
    assert answers == {True, False}


def test_a_deck_draw_picks_what_sample_draws_from_its_outcomes() -> None:
    """DeckDraw.pick (the fast path's draw) against match.sample over the same outcomes as a
    plain Chance, with the same random stream; its outcomes are the stacked deck's odds."""
    draws = 0
    for state in walk(seed=9):
        pending = rules().pending(state)
        if not isinstance(pending, DeckDraw):
            continue
        plain = Chance(tuple(pending.outcomes), pending.label)
        assert abs(sum(w for _, w in plain.outcomes) - 1) < 1e-9
        assert {c for c, _ in plain.outcomes} <= set(rules().deck_of(state, state.tasks[0][1]).cards)
        for k in range(3):
            a, b = random.Random(k), random.Random(k)
            assert pending.pick(a.random) == sample(plain, b)
            assert a.random() == b.random()  # as many draws
        draws += 1
    assert draws > 300


def test_the_memos_cheapest_block_is_the_searchs() -> None:
    """The cheapest block value a city's memo keeps per kind of contract (what has_lot_set
    compares a builder's wealth with) is the least value among the lot sets a search at any
    wealth yields, or NO_LOT_SET when it yields none."""
    r, rng = rules(), random.Random(10)
    contracts = [c for c in r.board.cards.values() if isinstance(c, Contract)]
    seen = set()
    for state in list(walk(seed=11))[::60]:
        memo = city.city_memo(state)
        for contract in rng.sample(contracts, 4):
            for demolition, protected in ((False, None), (True, None), (True, 1)):
                r.has_lot_set(state, contract, memo, (0, demolition, protected))
                kept = memo.cheapest_for(demolition, protected)[r.search_kind[contract.id]]
                values = [state.values[r.board.block_of[found.action[1][0]]] for found in
                          r.lot_sets(state, contract, memo.richest, demolition, protected)]
                assert kept == min(values, default=city.NO_LOT_SET), (contract.id, demolition)
                seen.add(kept == city.NO_LOT_SET)
    assert seen == {True, False}


def test_the_anchors_are_the_controlled_buildings_first_lots() -> None:
    """State.anchors, kept in step by place/demolish/set_owner, equals what it is derived
    from, and a seat's buildings and count of a zone read from it equal the buildings'."""
    checked = 0
    for state in walk(seed=12):
        assert state.anchors == city.anchors_of(state.buildings, state.players)
        if checked % 50 == 0:
            for seat in range(state.players):
                assert city.controlled(state, seat) == [
                    bid for bid, b in enumerate(state.buildings)
                    if b is not None and b.owner == seat]
                for zone in (*city.ZONES, city.PARK, city.ANY):
                    assert city.owned(state, seat, zone) == sum(
                        1 for b in state.buildings
                        if b is not None and b.owner == seat and city.matches(b, zone))
        checked += 1
    assert checked > 1000


def test_the_fast_paths_draw_is_the_deck_draws_pick() -> None:
    """The reveal's `draw` handler (the rollout draws with it, no DeckDraw built) picks the
    card the pending DeckDraw picks, with as many calls of the same random stream."""
    r, draws = rules(), 0
    for state in walk(seed=13):
        pending = r.pending(state)
        if not isinstance(pending, DeckDraw):
            continue
        for k in range(3):
            a, b = random.Random(k), random.Random(k)
            assert r._draw_reveal(state, state.tasks[0], a.random) == pending.pick(b.random)
            assert a.random() == b.random()
        draws += 1
    assert draws > 300


def test_a_new_citys_memo_keeps_the_blocks_order_only_while_the_values_stay() -> None:
    """A memo made for a changed city takes the blocks' order by value and the dearest value
    over from the older city's memo when the values are the same tuple: along a random game
    (markers move, so values change too), each state's memo has its own values' order."""
    moved = 0
    for state in walk(seed=14):
        memo = city.city_memo(state)
        values = state.values
        assert memo.blocks_by_value() == tuple(sorted(range(len(values)), key=values.__getitem__))
        assert memo.richest == max(values)
        moved += state.markers.count(city.NOBODY) < len(state.markers)
    assert moved > 100  # markers were in play for a good part of the game


def test_prompts_and_decks_filled_in_their_twins_are_real_frozen_ones() -> None:
    """prompt_of and make_deck fill a plain twin of the slots and then change its class: a
    Prompt (a Deck) equal to one built by its constructor, and frozen like it."""
    option = rules().end_option
    made = prompt_of(2, "act", [option], (("ap", 3),))[0]
    assert type(made) is Prompt
    assert made == Prompt(2, "act", "urban_sprawl.prompt.act", (option,), (("ap", 3),))
    deck = make_deck(("E1", "P1"), 4, (2, 9), (("E1",), ("P1",)))
    assert type(deck) is Deck and deck == Deck(("E1", "P1"), 4, (2, 9))
    assert deck.split == (("E1",), ("P1",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.player = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        deck.drawn = 0  # type: ignore[misc]


def test_the_ledgers_term_index_follows_the_ledger() -> None:
    """ledger_terms (a state's per-seat {term: index}, carried along drafts) always indexes
    the state's own ledger, along a random game: each term at its entry, every entry there,
    and the prestige the ledger adds up to."""
    checked = 0
    for state in walk(seed=15):
        known = getattr(state, "ledger_terms", None)
        if known is None or known[0] is not state.ledger:
            continue
        for seat, (entries, index) in enumerate(zip(state.ledger, known[1])):
            assert index == {entry[0]: i for i, entry in enumerate(entries)}
            assert sum(points for _, points, _ in entries) == total_prestige(state, seat)
        checked += 1
    assert checked > 500


def test_a_disasters_owners_are_the_seats_with_a_building_in_its_area() -> None:
    """area_owners (read off the edge's lots or the anchors) names exactly the seats for which
    area_buildings (each seat's buildings, lot by lot) finds one, in every area."""
    board, seen = rules().board, set()
    for state in list(walk(seed=12))[::25]:
        for area in ("water", "forest", "anywhere"):
            owners = {seat for seat in range(state.players)
                      if area_buildings(board, state, seat, area)}
            assert area_owners(board, state, area) == owners
            seen.add(len(owners))
    assert len(seen) > 2  # cities where none, some and all seats have one


def plain_view(r, state, player):
    """A view made the plain way (what UrbanSprawl.view stands for): `replace` throughout."""
    events = r.board.events

    def hidden(deck):
        return dataclasses.replace(deck, cards=tuple(c if c in events else HIDDEN_CARD
                                                     for c in deck.cards))
    row = tuple(HIDDEN_CARD if down else c
                for c, down in zip(state.planning_row, state.planning_face_down))
    return dataclasses.replace(state, planning_row=row, planning_deck=hidden(state.planning_deck),
                               decks=tuple(hidden(deck) for deck in state.decks),
                               viewer=NOBODY if player is None else player)


def test_a_view_through_its_memo_of_hidden_decks_is_the_plain_view() -> None:
    """Each view (made through a draft, its decks kept per deck) equals the plain view, field
    for field and memo for memo, and a deck no move drew from is shown by the same object."""
    r, reused = rules(), 0
    for step, state in enumerate(walk(seed=6)):
        if step % 3:
            continue
        for player in (None, 0, 3):
            view = r.view(state, player)
            assert vars(view) == vars(plain_view(r, state, player))
            assert all(deck.split is None for deck in (view.planning_deck, *view.decks))
        again = r.view(state, 1)
        reused += again.planning_deck is view.planning_deck
    assert reused > 50
