"""Next Station on the engine turn kit: the task stack, the seats' queues, the prompt cache,
and no state kept on the shared rules object (game.engine.flow; rules.py's module docstring)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.bots import GreedyBot, play_out
from game.engine.core import TERMINAL, Chance, Config, Prompt
from game.engine.match import Match, sample
from game.games.next_station_paris import bot
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.state import DRAW, REVEAL, SETUP

from .support import crafted, line, sid

BOTH = (("gates", True), ("objectives", True))


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    """The shared rules engine."""
    return NextStationParis()


def test_the_stack_holds_the_module_draws_then_one_card_turn_at_a_time(rules) -> None:
    m = Match(rules, Config(2, BOTH), 0)
    assert m.state.phase == SETUP
    assert m.state.tasks == (("deal_objectives",), ("deal_gates",))
    m.apply_chance(("objectives", 0, 1))
    assert m.state.tasks == (("deal_gates",),)
    m.apply_chance(("gates", 0, 1, 2, 3))
    assert m.state.phase == REVEAL and m.state.tasks == rules.CARD_TURN
    m.apply_chance("street_circle")
    assert m.state.phase == DRAW and m.state.tasks == (("answer",), ("end_card",))
    assert m.state.queues == ((("card", 0),), (("card", 1),))


def test_the_branch_card_puts_another_reveal_on_top(rules) -> None:
    m = Match(rules, Config(2), 0)
    m.apply_chance("street_branch")
    assert m.state.branch and m.state.tasks == rules.CARD_TURN
    assert m.state.queues == ((), ())


def test_the_answer_task_ends_when_the_last_seat_is_done(rules) -> None:
    m = Match(rules, Config(2), 0)
    m.apply_chance("street_circle")
    m.apply(0, ("pass",))
    assert m.state.tasks[0] == ("answer",) and m.state.queues == ((), (("card", 1),))
    events = m.apply(1, ("pass",))
    assert [e.kind for e in events] == ["passed"] and m.state.tasks == rules.CARD_TURN


def test_seat_tasks_carry_their_seat_and_queue_what_a_segment_triggers(rules) -> None:
    m = Match(rules, Config(2), 0)
    m.apply_chance("street_joker")  # seat 1 (green) starts at c7, next to no monument
    d1 = sid(rules, "d1")
    m.apply(0, ("draw", sid(rules, "c2"), d1))  # a monument on the joker: the guided tour
    assert m.state.queues[0] == (("tour", d1, 0),)
    assert m.prompt_for(0).kind == "tour" and m.prompt_for(1).kind == "card"


def test_a_gate_is_an_automatic_seat_task_that_queues_its_bonus(rules) -> None:
    m = crafted(rules, [[line(rules, "c2", "c0")]], options=(("gates", True),),
                gates=(1, 0, 2, 3))  # double_free on the corner a0
    m.apply_chance("metro_square")
    events = m.apply(0, ("draw", sid(rules, "c0"), sid(rules, "a0")))
    assert [e.kind for e in events] == ["segment_drawn", "gate_triggered"]
    assert m.state.queues == ((("free_end", 2, 0),),)
    assert m.prompt_for(0).kind == "free_end"


@pytest.mark.parametrize("seed", range(4))
def test_pending_is_the_same_when_the_prompt_cache_is_rebuilt(rules, seed) -> None:
    rng = random.Random(seed)
    state = rules.initial_state(Config(1 + seed, BOTH))
    checked = 0
    while (pending := rules.pending(state)) is not TERMINAL:
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, sample(pending, rng))
            continue
        fresh = dataclasses.replace(state)  # neither the pending memo nor the prompts cache
        assert fresh.memo is None and fresh.prompts == ()
        assert rules.pending(fresh) == pending
        checked += 1
        prompt = rng.choice(pending)
        state, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)
    assert checked > 40


def test_prompts_built_fast_equal_and_hash_like_plain_prompts(rules) -> None:
    m = Match(rules, Config(3), 0)
    m.apply_chance("street_triangle")
    for prompt in m.prompts():
        plain = Prompt(prompt.player, prompt.kind, prompt.message, prompt.options, prompt.params)
        assert prompt == plain and hash(prompt) == hash(plain)


def test_every_deck_has_its_card_chance(rules) -> None:
    assert len(rules.card_chances) == 2 ** len(rules.board.cards) - 1
    rng = random.Random(3)
    for size in (1, 5, 11):
        deck = tuple(sorted(rng.sample(rules.all_cards, size)))
        chance = rules.card_chances[deck]
        assert [o for o, _ in chance.outcomes] == [rules.board.cards[c].id for c in deck]
        assert {w for _, w in chance.outcomes} == {1.0}


def _attributes(rules: NextStationParis) -> dict[str, tuple[int, int]]:
    """Each attribute of the rules object: its identity and, for a container, its size."""
    return {name: (id(value), len(value) if hasattr(value, "__len__") else -1)
            for name, value in vars(rules).items()}


def test_the_shared_rules_object_does_not_change_during_play() -> None:
    rules = NextStationParis()
    before = _attributes(rules)
    bots = {seat: GreedyBot(bot.evaluate, random.Random(seat)) for seat in range(2)}
    play_out(Match(rules, Config(2, BOTH), 5), bots)
    assert _attributes(rules) == before
