"""The engine conformance checks, run on Next Station: Paris with every module subset.

The shared suite (tests/engine/test_conformance.py) runs each game with its options all off and
all on; this file also covers each module alone, with every player count (1-4), and the
game-specific view and details checks. Written before the game was registered, it builds the
rules directly; folding it into the shared suite (all option subsets) is a possible cleanup.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from game.engine.bots import GreedyBot, RandomBot, play_out, random_playout
from game.engine.core import TERMINAL, Chance, Config, Event, IllegalAction, Prompt, freeze
from game.engine.match import Match, match_from_json, sample
from game.games.next_station_paris import bot
from game.games.next_station_paris.rules import NextStationParis

PLAYOUTS = 120
MAX_STEPS = 20_000
NOT_AN_ACTION = ("__conformance__", "not an action")
MODULE_SETS = ((), (("objectives", True),), (("gates", True),),
               (("gates", True), ("objectives", True)))


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    """The shared rules engine."""
    return NextStationParis()


def config_for(i: int) -> Config:
    """Cycle through 1-4 players and the module combinations."""
    return Config(1 + i % 4, MODULE_SETS[(i // 4) % len(MODULE_SETS)])


def roundtrip(value):
    """What an action becomes after a save file round trip."""
    return freeze(json.loads(json.dumps(value)))


def snapshot(state) -> tuple:
    """The compared fields of a state (the prompts cache is excluded, as `==` does)."""
    return tuple((name, getattr(state, name)) for name in state.__dataclass_fields__
                 if state.__dataclass_fields__[name].compare)


def walk(rules, config: Config, rng: random.Random):
    """Yield (state, pending, (player, action)) along one random playout."""
    state = rules.initial_state(config)
    for _ in range(MAX_STEPS):
        pending = rules.pending(state)
        if pending is TERMINAL:
            return
        if isinstance(pending, Chance):
            move = (None, sample(pending, rng))
        else:
            prompt = rng.choice(pending)
            move = (prompt.player, rng.choice(prompt.options).action)
        yield state, pending, move
        state, _ = rules.apply(state, *move)
    raise AssertionError(f"playout did not end in {MAX_STEPS} steps")


def bots_for(players: int, seed: int) -> dict[int, object]:
    """One seeded greedy bot (seat 0: bot decisions are slow) and random bots."""
    return {s: (GreedyBot(bot.evaluate, random.Random(seed * 10 + s)) if s == 0
                else RandomBot(random.Random(seed * 10 + s))) for s in range(players)}


def test_random_playouts_end_with_well_formed_scores(rules) -> None:
    for i in range(PLAYOUTS):
        config = config_for(i)
        state, _ = random_playout(rules, config, random.Random(i), max_steps=MAX_STEPS)
        assert rules.pending(state) is TERMINAL
        scores = rules.scores(state)
        assert len(scores) == config.players
        for breakdown in scores:
            assert breakdown and all(isinstance(k, str) for k in breakdown)
            assert all(isinstance(v, int) and not isinstance(v, bool) for v in breakdown.values())
        assert all(len(lines) == 4 for lines in state.lines), "4 lines per seat"
        winners = rules.winners(state)
        assert winners and set(winners) <= set(range(config.players))


def test_pending_and_options_are_well_formed(rules) -> None:
    for i in range(8):
        config = config_for(i * 5)
        for state, pending, (player, action) in walk(rules, config, random.Random(i)):
            if isinstance(pending, Chance):
                assert pending.outcomes and all(w > 0 for _, w in pending.outcomes)
                assert all(roundtrip(o) == o for o, _ in pending.outcomes), pending.label
                continue
            assert isinstance(pending, tuple) and pending
            seats = [p.player for p in pending]
            assert len(set(seats)) == len(seats) and set(seats) <= set(range(config.players))
            for prompt in pending:
                assert isinstance(prompt, Prompt) and prompt.options
                actions = prompt.actions()
                assert len(set(actions)) == len(actions), f"{prompt.kind}: duplicate actions"
                assert all(roundtrip(a) == a for a in actions)
                targets = [o.target for o in prompt.options if o.target is not None]
                assert len(set(targets)) == len(targets), "one option per on-screen target"
                assert all(t[0] == "station" for t in targets)
            with pytest.raises(IllegalAction):
                rules.apply(state, player, NOT_AN_ACTION)
            idle = set(range(config.players)) - set(seats)
            if idle:
                with pytest.raises(IllegalAction):
                    rules.apply(state, min(idle), action)


def test_apply_never_mutates_its_input(rules) -> None:
    for i in range(4):
        for state, _, (player, action) in walk(rules, config_for(3 + i * 5), random.Random(100 + i)):
            before = copy.deepcopy(state)
            frozen = snapshot(state)
            new_state, events = rules.apply(state, player, action)
            assert new_state is not state
            assert all(isinstance(e, Event) for e in events)
            assert snapshot(state) == frozen == snapshot(before), f"apply mutated at {action!r}"
            assert state.prompts == before.prompts


def test_same_seed_gives_same_history(rules) -> None:
    histories = []
    for seed in (1, 2, 3):
        config = config_for(seed * 5)
        runs = [play_out(Match(rules, config, seed), bots_for(config.players, seed))
                for _ in range(2)]
        assert runs[0].history == runs[1].history, f"seed {seed}"
        assert runs[0].state == runs[1].state
        histories.append(runs[0].history)
    assert len({repr(h) for h in histories}) > 1, "different seeds should give different games"


def test_save_load_replay_gives_same_state(rules) -> None:
    rules_for = lambda game_id: {rules.game_id: rules}[game_id]
    for seed in (7, 8):
        config = config_for(seed * 3)
        full = play_out(Match(rules, config, seed), bots_for(config.players, seed))
        for cut in (len(full.history) // 3, len(full.history)):
            original = Match.replay(rules, config, seed, full.history[:cut])
            data = json.loads(json.dumps(original.to_json()))
            loaded = match_from_json(data, rules_for)
            assert loaded.history == original.history
            assert loaded.state == original.state
            assert loaded.pending() == original.pending()
        resumed = match_from_json(
            json.loads(json.dumps(Match.replay(rules, config, seed, full.history[:9]).to_json())),
            rules_for)
        for player, action in full.history[len(resumed.history):]:
            if player is not None:
                resumed.resolve_chance()
                resumed.apply(player, action)
        resumed.resolve_chance()
        assert resumed.history == full.history
        assert resumed.state == full.state


def test_views_hide_only_the_deck(rules) -> None:
    rng = random.Random(5)
    changed = 0
    for i in range(4):
        for step, (state, _, _) in enumerate(walk(rules, config_for(i + 12), random.Random(i))):
            if step % 3:
                continue
            for seat in [*range(state.players), None]:
                other = rules.randomize_hidden(state, seat, rng)
                changed += other != state
                assert rules.view(other, seat) == rules.view(state, seat)
    assert changed
    state = rules.initial_state(Config(3))
    view = rules.view(state, 1)
    assert view.deck is None and state.deck is not None and view.viewer == 1
    assert view.lines == state.lines and view.revealed == state.revealed
    assert rules.view(state, None).viewer == -1
    with pytest.raises(IllegalAction):
        rules.apply(view, None, "metro_square")


def test_details_add_up_to_the_scores(rules) -> None:
    for i in range(40):
        config = config_for(i)
        state, _ = random_playout(rules, config, random.Random(1000 + i))
        for breakdown, details in zip(rules.scores(state), rules.details(state), strict=True):
            for category, points in breakdown.items():
                assert sum(d.points for d in details if d.category == category) == points
            assert {d.category for d in details} == set(breakdown)
        note = rules.rating(state)
        assert (note is not None) == (config.players == 1)
