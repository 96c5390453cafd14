"""The search bot: determinizers sample only from views, Hard is seeded, it finds best moves.

Run over every room that declares `search_hooks`; iteration caps are small (tens of rollouts) so
the suite stays quick.
"""

from __future__ import annotations

import functools
import random
import time
import types
from dataclasses import dataclass, replace

import pytest
from engine_support import redealer_for, snapshot, walk
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import capabilities, registry
from game.engine.bots import make_bot
from game.engine.core import TERMINAL, Chance, Config, Option, Prompt, prompt_for, total
from game.engine.match import sample
from game.engine.search import (
    Luck,
    SearchBot,
    SearchHooks,
    ValueRange,
    hooks_for,
    score_rollout,
    seat_values,
    view_is_state,
)

GAME_IDS = registry.game_ids(include_unlisted=True)
SEARCHED = [g for g in GAME_IDS if registry.get_game(g).declares("search_hooks")]
# Games whose random playouts end through a chance node (Urban Sprawl's last event card, the
# dice game's last roll): no last move ends them outright, so the last-turn test has no position.
ENDS_BY_CHANCE = {"urban_sprawl", "example_dice"}


def two_seats(game_id: str) -> Config:
    """A two-seat config (one seat for a solo-only game)."""
    info = registry.get_game(game_id)
    return Config(max(info.min_players, min(2, info.max_players)))


@functools.cache
def decision_states(game_id: str, seed: int) -> tuple:
    """(state, prompt) pairs along one random playout, every fifth decision."""
    rules = registry.rules_for(game_id)
    found = []
    for step, (state, pending, _) in enumerate(walk(rules, two_seats(game_id), random.Random(seed))):
        if not isinstance(pending, Chance) and step % 5 == 0:
            found.extend((state, prompt) for prompt in pending)
    return tuple(found)


def redealer(game_id: str):
    """How the conformance suite re-deals what a seat may not see, for this game."""
    rules = registry.rules_for(game_id)
    own = capabilities.capability(rules, "randomize_hidden")
    return own or functools.partial(redealer_for(game_id), rules)


def test_every_listed_game_declares_search_hooks() -> None:
    assert set(registry.game_ids()) <= set(SEARCHED)


@pytest.mark.parametrize("game_id", SEARCHED)
def test_a_sample_is_a_playable_state_with_the_same_view(game_id: str) -> None:
    rules, hooks = registry.rules_for(game_id), hooks_for(game_id)
    rng = random.Random(3)
    for state, prompt in decision_states(game_id, 11):
        view = rules.view(state, prompt.player)
        sampled = hooks.determinize(rules, view, prompt.player, rng)
        assert snapshot(rules.view(sampled, prompt.player)) == snapshot(view)
        again = prompt_for(rules.pending(sampled), prompt.player)
        assert again is not None and again.actions() == prompt.actions()
        rules.apply(sampled, prompt.player, prompt.options[-1].action)  # a state, not a view


@pytest.mark.parametrize("game_id", SEARCHED)
@settings(max_examples=15, deadline=None)
@given(walk_seed=st.integers(0, 3), pick=st.integers(0, 10**6), seed=st.integers(0, 2**32))
def test_states_with_the_same_view_give_the_same_samples(game_id: str, walk_seed: int,
                                                         pick: int, seed: int) -> None:
    """The re-sampler reveals nothing a view hides: re-dealing the hidden part of the true state
    changes no sample (the same seed gives the same sample)."""
    rules, hooks = registry.rules_for(game_id), hooks_for(game_id)
    states = decision_states(game_id, walk_seed)
    state, prompt = states[pick % len(states)]
    seat = prompt.player
    other = redealer(game_id)(state, seat, random.Random(seed + 1))
    first = hooks.determinize(rules, rules.view(state, seat), seat, random.Random(seed))
    second = hooks.determinize(rules, rules.view(other, seat), seat, random.Random(seed))
    assert snapshot(first) == snapshot(second)


@pytest.mark.parametrize("game_id", SEARCHED)
def test_hard_with_an_iteration_cap_and_a_seed_plays_deterministically(game_id: str) -> None:
    rules = registry.rules_for(game_id)
    positions = [p for p in decision_states(game_id, 2) if len(p[1].options) > 1][:3]
    for state, prompt in positions:
        view = rules.view(state, prompt.player)
        choices = [fast_hard(game_id, seed=9).choose(rules, view, prompt) for _ in range(2)]
        assert choices[0] == choices[1]
        assert choices[0] in prompt.actions()


def fast_hard(game_id: str, seed: int, iterations: int = 8) -> SearchBot:
    """A Hard bot with a small iteration cap, rollouts cut short after 30 decisions."""
    bot = make_bot("hard", game_id, seed, iterations=iterations)
    bot.hooks = replace(bot.hooks, rollout_depth=30)
    return bot


def last_decision(game_id: str, seed: int):
    """(state, prompt): the first decision of a random playout after which every option ends
    the game with no chance between, where the options give the seat different totals."""
    rules = registry.rules_for(game_id)
    for state, pending, _ in walk(rules, two_seats(game_id), random.Random(seed)):
        if isinstance(pending, Chance) or len(pending) != 1:
            continue
        prompt = pending[0]
        ends = [rules.apply(state, prompt.player, o.action)[0] for o in prompt.options]
        if all(rules.pending(s) is TERMINAL for s in ends):
            mine = [total(rules.scores(s)[prompt.player]) for s in ends]
            if len(set(mine)) > 1:
                return state, prompt, mine
    return None


@pytest.mark.parametrize("game_id", [g for g in SEARCHED if g not in ENDS_BY_CHANCE])
def test_hard_takes_the_move_that_scores_most_on_the_last_turn(game_id: str) -> None:
    """A constructed end of game: the seat's last move ends it, and the options score
    differently; Hard must take one that scores most for it."""
    rules = registry.rules_for(game_id)
    found = next(filter(None, (last_decision(game_id, seed) for seed in range(40))), None)
    assert found, f"{game_id}: no last move with different outcomes in 40 random games"
    state, prompt, mine = found
    bot = make_bot("hard", game_id, 1, iterations=40)
    bot.hooks = replace(bot.hooks, root_moves=None)  # judge the search, not the heuristic
    choice = bot.choose(rules, rules.view(state, prompt.player), prompt)
    assert mine[prompt.actions().index(choice)] == max(mine)


# -- a tiny perfect-information game: take 1 or 2 tokens, taking the last one wins -------------
@dataclass(frozen=True)
class Pile:
    """Tokens left and the seat to move."""

    tokens: int
    mover: int = 0


class TakeAway:
    """Two seats take 1 or 2 tokens in turn; whoever takes the last token wins."""

    game_id = "take_away"
    min_players = max_players = 2

    def initial_state(self, config: Config) -> Pile:
        """A pile of 7."""
        return Pile(7)

    def pending(self, state: Pile):
        """The mover's prompt, or the end."""
        if state.tokens == 0:
            return TERMINAL
        options = tuple(Option(n) for n in (1, 2) if n <= state.tokens)
        return (Prompt(state.mover, "take", "take", options),)

    def apply(self, state: Pile, player, action):
        """Take `action` tokens."""
        return Pile(state.tokens - action, 1 - state.mover), ()

    def view(self, state: Pile, player):
        """Nothing is hidden."""
        return state

    def scores(self, state: Pile):
        """One point for the seat that took the last token (the one not to move)."""
        return tuple({"win": int(state.tokens == 0 and seat != state.mover)} for seat in range(2))

    def winners(self, state: Pile):
        """The seat that took the last token."""
        return (1 - state.mover,)


@pytest.mark.parametrize("tokens, winning", [(2, 2), (4, 1), (5, 2), (7, 1), (8, 2)])
def test_hard_finds_the_forced_win_of_a_take_away_game(tokens: int, winning: int) -> None:
    rules, pile = TakeAway(), Pile(tokens)
    bot = SearchBot(SearchHooks(determinize=view_is_state), rng=random.Random(4),
                    budget_s=None, iterations=400)
    assert bot.choose(rules, pile, rules.pending(pile)[0]) == winning


def test_a_search_needs_a_budget_or_a_cap() -> None:
    with pytest.raises(ValueError, match="budget or an iteration cap"):
        SearchBot(SearchHooks(), budget_s=None, iterations=None)


def test_hard_stops_at_its_time_budget() -> None:
    rules, pile = TakeAway(), Pile(30)
    bot = SearchBot(SearchHooks(), rng=random.Random(1), budget_s=0.05)
    start = time.perf_counter()
    bot.choose(rules, pile, rules.pending(pile)[0])
    assert time.perf_counter() - start < 0.5


def test_seat_values_are_margins_plus_a_shared_win_bonus() -> None:
    assert seat_values([30, 20, 25], (0,), 10) == (15, -10, -5)
    assert seat_values([30, 30], (0, 1), 10) == (5, 5)
    assert seat_values([42], (0,), 10) == (42,)


def test_value_range_scales_into_the_unit_interval() -> None:
    values = ValueRange()
    assert values.scale(3) == 0.5
    values.see((-10, 10))
    assert (values.scale(-10), values.scale(0), values.scale(10)) == (0, 0.5, 1)


def test_a_sampled_rollout_reaches_the_end_of_every_game() -> None:
    for game_id in SEARCHED:
        rules, config = registry.rules_for(game_id), two_seats(game_id)
        bot = fast_hard(game_id, seed=1)
        state, rng = rules.initial_state(config), random.Random(1)
        while isinstance(pending := rules.pending(state), Chance):
            state, _ = rules.apply(state, None, sample(pending, rng))
        values = bot.rollout(rules, state, Luck.seeded(1))
        assert len(values) == config.players


def test_the_search_capability_checks_the_room_module() -> None:
    good = types.ModuleType("good")
    good.hooks = lambda: SearchHooks()
    assert capabilities.problems(good, capabilities.SEARCH, ("search_hooks",)) == []
    assert capabilities.problems(None, capabilities.SEARCH, ("search_hooks",)) == [
        "'search_hooks' declared but hooks is missing"]
    assert capabilities.problems(good, capabilities.SEARCH, ()) == [
        "hooks is there but 'search_hooks' is not declared"]
    wrong = types.ModuleType("wrong")
    wrong.hooks = lambda game: SearchHooks()
    assert capabilities.problems(wrong, capabilities.SEARCH, ("search_hooks",)) == [
        "'search_hooks' declared but hooks does not take ()"]


def test_hard_answers_on_the_bot_worker_and_a_stale_answer_is_dropped() -> None:
    from game.engine.bot_worker import BotWorker

    rules, pile = TakeAway(), Pile(5)
    prompt = rules.pending(pile)[0]
    bot = SearchBot(SearchHooks(), rng=random.Random(4), budget_s=None, iterations=200)
    worker = BotWorker()
    try:
        worker.start(0, pile, bot, rules, pile, prompt)
        deadline = time.perf_counter() + 10
        while (answer := worker.collect(pile)) is None and time.perf_counter() < deadline:
            time.sleep(0.01)
        assert answer == (0, 2)
        worker.start(0, pile, bot, rules, pile, prompt)
        while worker.busy() and time.perf_counter() < deadline:
            assert worker.collect(Pile(5)) is None  # an equal pile, but not the one asked about
            time.sleep(0.01)
        assert not worker.busy()  # the answer came and was dropped
    finally:
        worker.close()


def test_the_score_rollout_takes_the_move_that_scores_at_once() -> None:
    rules, pile = TakeAway(), Pile(2)
    prompt = rules.pending(pile)[0]
    assert {score_rollout(rules, pile, prompt, random.Random(s)) for s in range(10)} == {2}
    ties = {score_rollout(rules, Pile(5), rules.pending(Pile(5))[0], random.Random(s))
            for s in range(20)}
    assert ties == {1, 2}  # nothing scores yet: random among the tied options


# -- luck: a die rolled after a detour of random choices ---------------------------------------
@dataclass(frozen=True)
class Detour:
    """Seat 0 picks a route: "short" goes straight to a die roll, "long" first makes
    `steps` choices between two equal options (random picks in a rollout); the die's face is
    the score."""

    route: str = ""
    steps: int = 0
    face: int = 0


class DetourGame:
    """A one-seat game whose two root moves reach the same die after different detours."""

    game_id = "detour"
    min_players = max_players = 1

    def pending(self, state: Detour):
        """The route, the detour's choices, the die, then the end."""
        if not state.route:
            return (Prompt(0, "route", "route", (Option("short"), Option("long"))),)
        if state.steps:
            return (Prompt(0, "step", "step", (Option("left"), Option("right"))),)
        if not state.face:
            return Chance(tuple((face, 1.0) for face in range(1, 7)))
        return TERMINAL

    def apply(self, state: Detour, player, action):
        """Take the route (the long one has 3 steps), a step, or roll the die."""
        if not state.route:
            return replace(state, route=action, steps=3 if action == "long" else 0), ()
        if state.steps:
            return replace(state, steps=state.steps - 1), ()
        return replace(state, face=action), ()

    def view(self, state: Detour, player):
        """Nothing is hidden."""
        return state

    def scores(self, state: Detour):
        """The die's face."""
        return ({"face": state.face},)

    def winners(self, state: Detour):
        """The only seat."""
        return (0,)


def test_root_moves_compared_on_the_same_luck_see_the_same_draws() -> None:
    # The detour's random picks must not shift the die: both routes roll the same face in
    # every round, so neither can look better by luck.
    rules, start_state = DetourGame(), Detour()
    bot = SearchBot(SearchHooks(), rng=random.Random(2), budget_s=None, iterations=40)
    rounds = bot.search(rules, start_state, 0, ["short", "long"])
    assert len(rounds) == 20
    assert all(r["short"] == r["long"] for r in rounds)
    assert len({r["short"] for r in rounds}) > 1  # and the die does vary between rounds


def test_without_margins_each_seat_is_valued_by_its_own_total() -> None:
    assert seat_values([30, 20, 25], [0], 10.0, margins=False) == (30.0, 20.0, 25.0)


def test_a_finish_hook_plays_the_rest_on_the_same_luck_for_every_root_move() -> None:
    # The finish replaces the rollout policy: the die below is "rolled" from the round's
    # seed alone, so both steps of the detour see the same face in a round and neither looks
    # better by luck.
    seeds: list[int] = []

    def finish(rules, state, seed: int) -> tuple[float, ...]:
        seeds.append(seed)
        return (float(seed % 6 + 1),)

    bot = SearchBot(SearchHooks(finish=finish), rng=random.Random(3), budget_s=None,
                    iterations=40)
    rounds = bot.search(DetourGame(), Detour("long", 30), 0, ["left", "right"])
    assert len(rounds) == 20 and len(seeds) == 40  # one finish per rollout
    assert seeds[0::2] == seeds[1::2]  # the two root moves of a round: one seed
    assert all(r["left"] == r["right"] for r in rounds)
    assert len({r["left"] for r in rounds}) > 1


def test_a_finish_hook_is_not_asked_about_a_finished_game() -> None:
    def finish(rules, state, seed: int) -> tuple[float, ...]:
        raise AssertionError("the game is over: its score is the rules' own")

    bot = SearchBot(SearchHooks(finish=finish), budget_s=None, iterations=4)
    assert bot.rollout(DetourGame(), Detour("short", 0, 5), Luck.seeded(1)) == (5.0,)
