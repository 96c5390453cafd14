"""The four planning cards dealt face down at setup (rulebook "Preparación del juego", step 7):
hidden in every view, takeable unseen, sliding face down, replaced by face-up cards."""

from __future__ import annotations

import dataclasses
import random

from game.engine.core import Config
from game.games.urban_sprawl.bot import FACE_DOWN_WORTH, evaluate
from game.games.urban_sprawl.state import HIDDEN_CARD

from .support import after_setup, at_act, pending_prompt, play, rules, run_tasks, settle

R = rules()


def test_setup_deals_the_row_face_down_and_the_deck_top_face_up() -> None:
    state = settle(R.initial_state(Config(3)))
    assert state.planning_face_down == (True,) * 4 and None not in state.planning_row
    for seat in (0, 1, 2, None):
        view = R.view(state, seat)
        assert view.planning_row == (HIDDEN_CARD,) * 4
        assert view.planning_top == state.planning_top  # step 8: the top card is revealed


def test_a_face_down_card_is_taken_unseen_and_then_public() -> None:
    base = after_setup(3)
    card = base.planning_row[2]
    state, events = play(R, at_act(base, ap=6), ("take", "row", 2))
    assert state.ap == 3 and card in state.hands[0]
    assert state.planning_face_down == (True, True, False, True)
    assert R.view(state, 1).planning_row == (HIDDEN_CARD, HIDDEN_CARD, None, HIDDEN_CARD)
    assert card in R.view(state, 1).hands[0]  # planning cards in hand are public
    assert not [e for e in events if e.kind in ("payout", "election")]  # never revealed


def test_face_down_cards_slide_face_down_and_new_cards_arrive_face_up() -> None:
    base = after_setup(3)
    a, _, c, _ = base.planning_row
    top = base.planning_top
    state = dataclasses.replace(base, planning_row=(a, None, c, None),
                                planning_face_down=(True, False, True, False))
    state, _ = run_tasks(dataclasses.replace(state, tasks=()), ("slide_planning",),
                         ("fill_planning",))
    state = settle(state)
    assert state.planning_row[:3] == (a, c, top)
    assert state.planning_face_down == (True, True, False, False)
    view = R.view(state, 0)
    assert view.planning_row[:3] == (HIDDEN_CARD, HIDDEN_CARD, top)
    assert view.planning_row[3] not in (HIDDEN_CARD, None)


def test_randomize_hidden_redeals_face_down_cards_with_the_decks_permits() -> None:
    """Only which permits lie face down is unknown; every deck keeps its contents (a built
    contract never comes back)."""
    base = after_setup(4)
    row_and_deck = sorted((*base.planning_row, *base.planning_deck.cards))
    rng = random.Random(3)
    redealt = [R.randomize_hidden(base, 0, rng) for _ in range(20)]
    assert any(s.planning_row != base.planning_row for s in redealt)
    for state in redealt:
        assert R.view(state, 0) == R.view(base, 0)
        assert all(type(R.board.cards[c]).__name__ == "Permit" for c in state.planning_row)
        assert sorted((*state.planning_row, *state.planning_deck.cards)) == row_and_deck
        assert state.decks == base.decks
    face_up = dataclasses.replace(base, planning_face_down=(False,) * 4)
    assert R.randomize_hidden(face_up, 0, rng) == face_up  # then nothing is hidden


def test_the_bot_values_a_face_down_card_without_seeing_it() -> None:
    state = at_act(after_setup(3), ap=6)
    prompt = pending_prompt(R, state)
    scores = dict(zip(prompt.actions(), evaluate(R, R.view(state, 0), prompt)))
    assert scores[("take", "row", 0)] == FACE_DOWN_WORTH - 0.6 * R.board.planning_costs[0]
