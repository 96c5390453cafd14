"""French Quarter against the engine contract, with the Mayor and Tourism options mixed per seed.

The shared suite (tests/engine/test_conformance.py) runs each game with its options all off and
all on; this file, written before the game was registered, also mixes them and adds the
Vacation-card view checks. Folding it into the shared suite is a possible cleanup.

Random seeded playouts end, options are well formed and JSON-safe, apply never mutates its
input, the same seed gives the same history, save -> load -> replay gives the same state, and
views are invariant under re-dealing the hidden Vacation cards.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest

from game.engine.bots import RandomBot, play_out, random_playout
from game.engine.core import TERMINAL, Chance, Config, Event, IllegalAction, Prompt, freeze
from game.engine.match import Match, sample
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.state import OVER

NOT_AN_ACTION = ("__conformance__", "not an action")
MAX_STEPS = 20_000


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules, loaded once."""
    return FrenchQuarter()


def config(i: int) -> Config:
    """Cycle through 1-4 players and the Mayor / Tourism options."""
    return Config(1 + i % 4, (("mayor", i % 3 == 1), ("tourism", i % 2 == 0)))


def snapshot(obj):
    """A structural, comparable deep copy of a state (dataclasses, tuples, sets)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__,
                tuple((f.name, snapshot(getattr(obj, f.name))) for f in dataclasses.fields(obj)))
    if isinstance(obj, list | tuple):
        return tuple(snapshot(x) for x in obj)
    if isinstance(obj, set | frozenset):
        return ("set", tuple(sorted(obj, key=repr)))
    return obj


def walk(rules, cfg: Config, rng: random.Random):
    """Yield (state, pending, (player, action)) along one random playout."""
    state = rules.initial_state(cfg)
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
    raise AssertionError("playout did not end")


def roundtrip(value):
    """What an action becomes after a save-file round trip."""
    return freeze(json.loads(json.dumps(value)))


def test_random_playouts_end_with_well_formed_scores(rules) -> None:
    for i in range(120):
        cfg = config(i)
        state, _ = random_playout(rules, cfg, random.Random(i), max_steps=MAX_STEPS)
        assert rules.pending(state) is TERMINAL and state.phase == OVER
        assert state.round == 8
        scores = rules.scores(state)
        assert len(scores) == cfg.players
        for seat, breakdown in enumerate(scores):
            assert all(isinstance(v, int) and v >= 0 for v in breakdown.values())
            details = rules.details(state)[seat]
            for cat, pts in breakdown.items():
                assert sum(d.points for d in details if d.category == cat) == pts, cat
            sheet = state.sheets[seat]
            assert sheet.umbrellas <= 30 and sheet.line <= 60 and sheet.art <= 16
            assert all(m <= 14 for m in sheet.meters)
        winners = rules.winners(state)
        assert winners and set(winners) <= set(range(cfg.players))


def test_pending_and_options_are_well_formed(rules) -> None:
    for i in range(8):
        cfg = config(i)
        for state, pending, (player, action) in walk(rules, cfg, random.Random(i)):
            if isinstance(pending, Chance):
                assert pending.outcomes and all(w > 0 for _, w in pending.outcomes)
                assert all(roundtrip(o) == o for o, _ in pending.outcomes)
                with pytest.raises(IllegalAction):
                    rules.apply(state, 0, pending.outcomes[0][0])
                continue
            assert len(pending) == 1  # French Quarter is never simultaneous
            prompt = pending[0]
            assert isinstance(prompt, Prompt) and prompt.options, prompt.kind
            assert prompt.message.startswith("french_quarter.prompt.")
            actions = prompt.actions()
            assert len(set(actions)) == len(actions), prompt.kind
            assert all(roundtrip(a) == a for a in actions), prompt.kind
            with pytest.raises(IllegalAction):
                rules.apply(state, player, NOT_AN_ACTION)
            idle = set(range(cfg.players)) - {prompt.player}
            if idle:
                with pytest.raises(IllegalAction):
                    rules.apply(state, min(idle), action)


def test_apply_never_mutates_its_input(rules) -> None:
    for i in range(4):
        for state, _, (player, action) in walk(rules, config(i), random.Random(100 + i)):
            before = copy.deepcopy(state)
            frozen = snapshot(state)
            _, events = rules.apply(state, player, action)
            assert all(isinstance(e, Event) for e in events)
            assert snapshot(state) == frozen == snapshot(before), f"mutated at {action!r}"


def bots(players: int, seed: int) -> dict[int, RandomBot]:
    """Seeded random bots."""
    return {s: RandomBot(random.Random(seed * 10 + s)) for s in range(players)}


def test_same_seed_gives_same_history(rules) -> None:
    histories = []
    for seed in (1, 2, 3):
        cfg = config(seed)
        runs = [play_out(Match(rules, cfg, seed), bots(cfg.players, seed)) for _ in range(2)]
        assert runs[0].history == runs[1].history
        assert snapshot(runs[0].state) == snapshot(runs[1].state)
        histories.append(runs[0].history)
    assert len({repr(h) for h in histories}) == 3


def test_save_load_replay_gives_same_state(rules) -> None:
    for seed in (7, 8, 9, 10):
        cfg = config(seed)
        full = play_out(Match(rules, cfg, seed), bots(cfg.players, seed))
        for cut in (len(full.history) // 3, len(full.history)):
            original = Match.replay(rules, cfg, seed, full.history[:cut])
            data = json.loads(json.dumps(original.to_json()))
            loaded = Match.replay(rules, Config.from_json(data["config"]), data["seed"],
                                  data["actions"])
            assert loaded.history == original.history
            assert snapshot(loaded.state) == snapshot(original.state)
            assert loaded.pending() == original.pending()


def test_views_hide_vacation_cards(rules) -> None:
    rng = random.Random(5)
    changed = 0
    for i in range(4):
        cfg = Config(2 + i % 3, (("tourism", True),))
        for step, (state, _, _) in enumerate(walk(rules, cfg, random.Random(200 + i))):
            if step % 5:
                continue
            for seat in [*range(cfg.players), None]:
                other = rules.randomize_hidden(state, seat, rng)
                changed += snapshot(other) != snapshot(state)
                assert snapshot(rules.view(other, seat)) == snapshot(rules.view(state, seat))
    assert changed


def test_a_view_cannot_be_applied(rules) -> None:
    state = rules.initial_state(Config(2))
    with pytest.raises(IllegalAction):
        rules.apply(rules.view(state, 0), None, 3)
