"""The turn kit's fast path (`flow.rollout`, `bots.random_playout`) against the reference `apply`.

The fast path edits one quiet draft across many steps (no new state, no events, no legality
check per step); `apply` stays the reference. Over seeded games of every room, with every
player count and with the options off and on, it must give the same states, the same histories
and the same draws from the rng, whether it plays to the end, stops at a decision cap or hands
states to a rollout policy.
"""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

import pytest

from game.engine import registry
from game.engine.bots import playout_by_apply, random_playout
from game.engine.core import TERMINAL, Chance, Config, Event, Option, Prompt, quick_init
from game.engine.flow import TurnRules, rollout
from game.engine.match import sample

GAME_IDS = registry.game_ids(include_unlisted=True)
SEEDS = 3  # per config: enough to cross reshuffles, last rounds and bonus chains


def configs(rules: Any) -> list[Config]:
    """Every player count, with every on/off option of the game off, then on."""
    switches = sorted(registry.get_game(rules.game_id).options)
    options = [(), tuple((key, True) for key in switches)] if switches else [()]
    return [Config(n, opts) for n in range(rules.min_players, rules.max_players + 1)
            for opts in options]


def seeded_games(rules: Any) -> list[tuple[Config, int]]:
    return [(config, 100 * i + seed) for i, config in enumerate(configs(rules))
            for seed in range(SEEDS)]


@pytest.fixture(params=GAME_IDS)
def rules(request) -> Any:
    return registry.rules_for(request.param)


def apply_states(rules: Any, config: Config, seed: int) -> list[Any]:
    """The state before each step of a random game played through `apply`, and the last one."""
    state, rng, states = rules.initial_state(config), random.Random(seed), []
    while True:
        states.append(state)
        pending = rules.pending(state)
        if pending is TERMINAL:
            return states
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, sample(pending, rng))
        else:
            prompt = pending[0]
            state, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)


def test_random_playout_is_the_game_apply_plays(rules) -> None:
    for config, seed in seeded_games(rules):
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        state, steps = random_playout(rules, config, fast_rng)
        reference, history = playout_by_apply(rules, config, slow_rng)
        assert state == reference, f"{config} seed {seed}"
        assert steps == len(history)
        assert rules.pending(state) is TERMINAL
        assert rules.scores(state) == rules.scores(reference)
        assert fast_rng.random() == slow_rng.random(), "the same draws from the rng"


def test_a_rollout_stopped_at_each_decision_gives_applys_states(rules) -> None:
    """One decision at a time (`max_decisions=1`): each stop is apply's state at that step,
    with its pending already known, and the input state is never changed."""
    config, seed = seeded_games(rules)[-1]
    states = apply_states(rules, config, seed)
    rng, at, state = random.Random(seed), 0, states[0]
    while rules.pending(state) is not TERMINAL:
        before = repr(state)
        state, steps = rollout(rules, state, rng, max_decisions=1)
        assert repr(states[at]) == before, "rollout never changes its input"
        at += steps
        assert state == states[at], f"step {at}"
        assert state.memo == rules.find_pending(states[at]), "the memo is the state's pending"
    assert at == len(states) - 1


def test_a_search_step_gives_applys_state_and_its_pending(rules) -> None:
    """`TurnRules.step` (the search's step: a quiet draft, no legality check): apply's next
    state, with its pending, at every step of a seeded game; the input state never changes."""
    if not isinstance(rules, TurnRules):
        pytest.skip("a game off the turn kit steps through apply")
    config, seed = seeded_games(rules)[-1]
    states = apply_states(rules, config, seed)
    rng = random.Random(seed)
    for at, state in enumerate(states[:-1]):
        pending, before = rules.pending(state), repr(state)
        if isinstance(pending, Chance):
            player, action = None, sample(pending, rng)
        else:
            player, action = pending[0].player, rng.choice(pending[0].options).action
        after, found = rules.step(state, player, action)
        assert repr(state) == before, "step never changes its input"
        assert after == states[at + 1], f"step {at}"
        assert found == rules.find_pending(states[at + 1]), "its pending comes with it"


@dataclass
class Recorder:
    """A rollout policy: a random option, every state it was shown kept."""

    seen: list[Any] = field(default_factory=list)

    def __call__(self, rules: Any, state: Any, prompt: Prompt, rng: random.Random) -> Any:
        self.seen.append(state)
        return rng.choice(prompt.options).action


def policy_by_apply(rules: Any, state: Any, rng: random.Random, policy: Recorder) -> Any:
    """What `rollout(..., policy)` must do, one `apply` at a time: a single option is taken
    without asking the policy."""
    while (pending := rules.pending(state)) is not TERMINAL:
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, sample(pending, rng))
            continue
        prompt = pending[0]
        action = (prompt.options[0].action if len(prompt.options) == 1
                  else policy(rules, state, prompt, rng))
        state, _ = rules.apply(state, prompt.player, action)
    return state


@pytest.mark.parametrize("live", [False, True])
def test_a_policy_sees_the_states_apply_would_show_it(rules, live) -> None:
    """Snapshots are real states that later steps never change (copy-on-write drafts copy
    again after a snapshot); a live policy sees the draft's fields as they are."""
    for config, seed in seeded_games(rules)[::2]:
        fast, slow = Recorder(), Recorder()
        start = rules.initial_state(config)
        state, _ = rollout(rules, start, random.Random(seed), fast, live=live)
        reference = policy_by_apply(rules, start, random.Random(seed), slow)
        assert state == reference
        assert len(fast.seen) == len(slow.seen)
        if not live:
            assert fast.seen == slow.seen, "a snapshot stays the state it was when shown"
            assert all(type(seen) is type(start) for seen in fast.seen)


def test_a_decision_cap_stops_at_a_decision_and_the_step_cap_raises(rules) -> None:
    config, seed = seeded_games(rules)[0]
    state, _ = rollout(rules, rules.initial_state(config), random.Random(seed), max_decisions=5)
    pending = rules.pending(state)
    assert pending is not TERMINAL and not isinstance(pending, Chance)
    with pytest.raises(RuntimeError, match="did not end"):
        rollout(rules, rules.initial_state(config), random.Random(seed), max_steps=3)


class Forwarding:
    """The same game behind the bare Rules protocol (not a TurnRules): the fallback loop."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.game_id = rules.game_id

    def pending(self, state: Any) -> Any:
        return self.rules.pending(state)

    def apply(self, state: Any, player: int | None, action: Any) -> Any:
        return self.rules.apply(state, player, action)


def test_rules_off_the_kit_roll_out_through_apply() -> None:
    rules = registry.rules_for("example_dice")
    forwarding = Forwarding(rules)
    assert not isinstance(forwarding, TurnRules)
    config = Config(2)
    for max_decisions in (None, 3):
        fast = rollout(rules, rules.initial_state(config), random.Random(4),
                       max_decisions=max_decisions)
        slow = rollout(forwarding, rules.initial_state(config), random.Random(4),
                       max_decisions=max_decisions)
        assert fast == slow


def test_sample_draws_what_rng_choices_draws() -> None:
    weights_rng = random.Random(7)
    for seed in range(300):
        n = weights_rng.randint(1, 12)
        outcomes = tuple((f"o{i}", weights_rng.choice((1.0, 0.5, 3.0, 7.25))) for i in range(n))
        a, b = random.Random(seed), random.Random(seed)
        expected = (outcomes[0][0] if n == 1 else
                    b.choices([o for o, _ in outcomes], weights=[w for _, w in outcomes])[0])
        assert sample(Chance(outcomes), a) == expected
        assert a.random() == b.random()


def test_quick_init_builds_the_same_frozen_values() -> None:
    assert Option(("a", 1)) == Option(action=("a", 1), target=None, label="", params=())
    assert Prompt(0, "k", "m", ()) == Prompt(player=0, kind="k", message="m", options=())
    assert Chance(((1, 1.0),)).label == ""
    assert Event("e", data=(("x", 1),)).get("x") == 1
    with pytest.raises(FrozenInstanceError):
        Option(("a",)).label = "changed"
    with pytest.raises(TypeError, match="missing"):
        Option()

    @dataclass(frozen=True, slots=True)
    class WithFactory:
        items: list = field(default_factory=list)

    with pytest.raises(TypeError, match="plain field"):
        quick_init(WithFactory)


def test_a_separate_chance_stream_deals_the_chance_outcomes(rules) -> None:
    """`chance_rng`: chance from that stream, random choices from `rng`, as the search's luck
    has it; on the kit and off it (the same game through a forwarding wrapper)."""
    config = configs(rules)[0]
    for seed in range(SEEDS):
        reference = rules.initial_state(config)
        chance, play = random.Random(seed), random.Random(seed + 50)
        while (pending := rules.pending(reference)) is not TERMINAL:
            if isinstance(pending, Chance):
                reference, _ = rules.apply(reference, None, sample(pending, chance))
            else:
                action = random.Random.choice(play, pending[0].options).action
                reference, _ = rules.apply(reference, pending[0].player, action)
        for wrapped in (rules, Forwarding(rules)):
            got, _ = rollout(wrapped, rules.initial_state(config), random.Random(seed + 50),
                             chance_rng=random.Random(seed))
            assert got == reference, f"{rules.game_id} seed {seed}"


def test_an_over_field_is_what_is_over_reads_and_may_not_be_said_twice() -> None:
    @dataclass(frozen=True)
    class Done:
        finished: bool

    class Flagged(TurnRules):
        over_field = "finished"

    assert Flagged().is_over(Done(True)) and not Flagged().is_over(Done(False))
    assert Flagged()._over_check()(Done(True)) is True
    with pytest.raises(TypeError, match="say the same thing twice"):
        class Both(TurnRules):
            over_field = "finished"

            def is_over(self, state: Any) -> bool:
                return state.finished
