"""The conformance suite: every discovered room (listed or not) obeys the engine contract.

Random seeded playouts end, the same seed gives the same history, apply never mutates its input,
save→load→replay gives the same state, views are invariant under re-dealing hidden info, a
game's per-seat details add up to its scores, and its rules and renderer offer exactly the
optional capabilities its GameInfo declares (game.engine.capabilities). Each check runs over every
player count with every subset of the game's options (modules, expansions); checks that only one
game can make (its own targets, its sheet's bounds) live in tests/games/<id>/test_invariants.py.

What a game's rules must offer to pass (beyond the Rules protocol):
- states and views are compared structurally (dataclasses, tuples, dicts, sets, numpy arrays);
  a dataclass field declared with `field(compare=False)` is treated as a cache and ignored;
- every action and chance outcome survives a JSON round trip (`freeze(json.loads(...))`);
- `apply` raises IllegalAction for an action that is not offered, or for a seat not prompted;
- a way to re-deal everything `player` may not see (others' hands, deck order...): either the
  rules' own `randomize_hidden(state, player, rng) -> state` (declared as a capability), or a
  test-side `redeal(rules, state, seat, rng)` in tests/games/<id>/hidden_info.py. A game with
  neither fails the view check.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import random
from collections.abc import Iterator

import pytest
from engine_support import MAX_STEPS, redealer_for, snapshot, walk

from game.engine import capabilities, registry
from game.engine.bots import make_bot, play_out, random_playout
from game.engine.core import TERMINAL, Chance, Config, Event, IllegalAction, Prompt, Rules, freeze
from game.engine.jsonsafe import action_from_json
from game.engine.match import Match, match_from_json
from tests.long_run import quick_or_long

GAME_IDS = registry.game_ids(include_unlisted=True)
PLAYOUTS = 1000
# Random playouts stop at this many steps in all: every game but Urban Sprawl plays its 1,000
# within it (French Quarter's are ~250 steps each), Urban Sprawl's ~1,300-step games ~230 of them
PLAYOUT_STEPS = quick_or_long(300_000, None)
NOT_AN_ACTION = ("__conformance__", "not an action")


@pytest.fixture(params=GAME_IDS)
def game(request) -> Iterator[tuple[str, Rules]]:
    """(game id, rules) for each discovered room."""
    yield request.param, registry.rules_for(request.param)


def player_counts(rules: Rules) -> list[int]:
    """Every legal number of seats."""
    return list(range(rules.min_players, rules.max_players + 1))


def option_sets(rules: Rules) -> list[tuple[tuple[str, bool], ...]]:
    """Every subset of the game's on/off options (advanced modules, expansions), none first.

    Options add rules and hidden information, alone and together, so each subset is a config.
    """
    keys = sorted(registry.get_game(rules.game_id).options)
    return [tuple((key, True) for n, key in enumerate(keys) if mask >> n & 1)
            for mask in range(2 ** len(keys))]


def config_count(rules: Rules) -> int:
    """Configs needed to see every player count with every option subset."""
    return len(player_counts(rules)) * len(option_sets(rules))


def config_for(rules: Rules, i: int) -> Config:
    """Config i of the cycle: the player count varies fastest, then the option subset, so the
    first `config_count(rules)` configs cover every (player count, option subset) pair."""
    counts = player_counts(rules)
    sets = option_sets(rules)
    return Config(counts[i % len(counts)], sets[(i // len(counts)) % len(sets)])


def roundtrip(value):
    """What an action becomes after a save file round trip, read as strictly as saves are
    (only strings, true integers, null and lists: `jsonsafe.action_from_json`)."""
    saved = json.loads(json.dumps(value))
    loaded = action_from_json(saved)
    assert loaded == freeze(saved) and repr(loaded) == repr(value), value
    return loaded


def bots_for(game_id: str, players: int, seed: int) -> dict[int, object]:
    """A seeded mix of greedy and random bots."""
    kinds = ("greedy", "random")
    return {s: make_bot(kinds[s % 2], game_id, seed * 10 + s) for s in range(players)}


def test_random_playouts_end_with_well_formed_scores(game) -> None:
    _, rules = game
    steps = 0
    for i in range(PLAYOUTS):
        if PLAYOUT_STEPS is not None and steps >= PLAYOUT_STEPS:
            assert i >= 2 * config_count(rules), "the budget covers every config twice"
            break
        config = config_for(rules, i)
        state, taken = random_playout(rules, config, random.Random(i), max_steps=MAX_STEPS)
        steps += taken
        assert rules.pending(state) is TERMINAL
        scores = rules.scores(state)
        assert len(scores) == config.players, f"seed {i}: one breakdown per seat"
        for breakdown in scores:
            assert breakdown and all(isinstance(k, str) for k in breakdown)
            assert all(isinstance(v, int) and not isinstance(v, bool) for v in breakdown.values())
        winners = rules.winners(state)
        assert winners and set(winners) <= set(range(config.players)), f"seed {i}: {winners}"


def test_details_add_up_to_the_scores(game) -> None:
    _, rules = game
    details = capabilities.capability(rules, "details")
    if details is None:
        pytest.skip("this game offers no per-seat details")
    for i in range(config_count(rules)):
        config = config_for(rules, i)
        state, _ = random_playout(rules, config, random.Random(500 + i), max_steps=MAX_STEPS)
        for seat, (breakdown, lines) in enumerate(zip(rules.scores(state), details(state),
                                                      strict=True)):
            for category, points in breakdown.items():
                listed = sum(d.points for d in lines if d.category == category)
                assert listed == points, f"seat {seat}, {category}: {listed} != {points}"


def test_pending_and_options_are_well_formed(game) -> None:
    _, rules = game
    for i in range(config_count(rules)):
        config = config_for(rules, i)
        for state, pending, (player, action) in walk(rules, config, random.Random(i)):
            if isinstance(pending, Chance):
                assert pending.outcomes and all(w > 0 for _, w in pending.outcomes)
                assert all(roundtrip(o) == o for o, _ in pending.outcomes), pending.label
                continue
            assert isinstance(pending, tuple) and pending, "prompts, Chance or TERMINAL"
            seats = [p.player for p in pending]
            assert len(set(seats)) == len(seats) and set(seats) <= set(range(config.players))
            for prompt in pending:
                assert isinstance(prompt, Prompt) and prompt.options, prompt.kind
                actions = prompt.actions()
                assert len(set(actions)) == len(actions), f"{prompt.kind}: duplicate actions"
                assert all(roundtrip(a) == a for a in actions), f"{prompt.kind}: not JSON-safe"
            with pytest.raises(IllegalAction):
                rules.apply(state, player, NOT_AN_ACTION)
            idle = set(range(config.players)) - set(seats)
            if idle:
                with pytest.raises(IllegalAction):
                    rules.apply(state, min(idle), action)


def test_apply_never_mutates_its_input(game) -> None:
    _, rules = game
    for i in range(config_count(rules)):
        config = config_for(rules, i)
        for state, _, (player, action) in walk(rules, config, random.Random(100 + i)):
            # a snapshot holds no reference into the state (it is built of tuples, numbers,
            # strings and bytes), so it is as good a "before" as a deep copy, at half the cost
            frozen = snapshot(state)
            new_state, events = rules.apply(state, player, action)
            assert new_state is not state or snapshot(new_state) == frozen
            assert all(isinstance(e, Event) for e in events)
            assert snapshot(state) == frozen, f"apply mutated at {action!r}"


def test_same_seed_gives_same_history(game) -> None:
    game_id, rules = game
    histories = []
    for seed in (1, 2, 3):
        config = config_for(rules, seed)
        runs = [
            play_out(Match(rules, config, seed), bots_for(game_id, config.players, seed))
            for _ in range(2)
        ]
        assert runs[0].history == runs[1].history, f"seed {seed}"
        assert snapshot(runs[0].state) == snapshot(runs[1].state)
        histories.append(runs[0].history)
    assert len({repr(h) for h in histories}) > 1, "different seeds should give different games"


def test_save_load_replay_gives_same_state(game) -> None:
    game_id, rules = game
    for seed in (7, 8):
        config = config_for(rules, seed)
        full = play_out(Match(rules, config, seed), bots_for(game_id, config.players, seed))
        for cut in (len(full.history) // 3, len(full.history)):
            original = Match.replay(rules, config, seed, full.history[:cut])
            data = json.loads(json.dumps(original.to_json()))
            loaded = match_from_json(data, registry.rules_for)
            assert loaded.history == original.history
            assert snapshot(loaded.state) == snapshot(original.state)
            assert loaded.pending() == original.pending()
        # A loaded game goes on exactly like the original: chance depends on (seed, step) only.
        resumed = match_from_json(
            json.loads(json.dumps(Match.replay(rules, config, seed, full.history[:9]).to_json())),
            registry.rules_for,
        )
        for player, action in full.history[len(resumed.history) :]:
            if player is not None:
                resumed.resolve_chance()
                resumed.apply(player, action)
        resumed.resolve_chance()
        assert resumed.history == full.history
        assert snapshot(resumed.state) == snapshot(full.state)


def test_views_are_invariant_under_hidden_information(game) -> None:
    game_id, rules = game
    randomize = capabilities.capability(rules, "randomize_hidden")
    if randomize is None:
        redeal = redealer_for(game_id)
        assert redeal, f"{game_id}: no randomize_hidden and no tests/games/{game_id}/hidden_info.py"
        randomize = functools.partial(redeal, rules)
    rng = random.Random(5)
    changed = False
    for i in range(config_count(rules)):
        config = config_for(rules, i)
        for step, (state, _, _) in enumerate(walk(rules, config, random.Random(200 + i))):
            if step % 3:
                continue  # every third state keeps the test fast and still covers all phases
            seen = {seat: snapshot(rules.view(state, seat)) for seat in [*range(config.players), None]}
            whole = None if changed else snapshot(state)
            for seat, view in seen.items():
                other = randomize(state, seat, rng)
                if whole is not None and snapshot(other) != whole:
                    changed, whole = True, None  # one re-deal that changed something is proof
                assert snapshot(rules.view(other, seat)) == view, (
                    f"seat {seat} sees hidden information (step {step})"
                )
                if seat is not None:  # a spectator sees no more than any seat
                    assert snapshot(rules.view(other, None)) == seen[None]
    assert changed, "randomize_hidden never changed anything: the check proved nothing"


def search_module_of(game_id: str):
    """The room's game/games/<id>/search.py module, or None when it has none."""
    name = f"{registry.ROOMS_PACKAGE}.{game_id}.search"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_and_renderer_offer_exactly_the_declared_capabilities(game_id: str) -> None:
    info = registry.get_game(game_id)
    rules_class = type(registry.rules_for(game_id))
    found = capabilities.problems(rules_class, capabilities.RULES, info.capabilities)
    search_module = search_module_of(game_id)
    if search_module is not None or info.declares("search_hooks"):
        found += capabilities.problems(search_module, capabilities.SEARCH, info.capabilities)
    found += capabilities.problems(info.bot_module(), capabilities.BOT, info.capabilities)
    if info.has_scene:
        found += capabilities.problems(info.renderer_class(), capabilities.RENDERER,
                                       info.capabilities)
    assert not found, f"{game_id}: " + "; ".join(found)
    if info.declares("split_screen"):  # one map per seat only works when nothing is secret
        assert not info.hidden_hands, f"{game_id}: split screen with hidden hands"
