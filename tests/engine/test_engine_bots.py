"""Bots: kinds, greedy choice, views only, simultaneous prompts, play_out, the headless summary."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from game.engine.bots import (
    GreedyBot,
    RandomBot,
    bot_step,
    make_bot,
    play_out,
    random_playout,
    result_summary,
)
from game.engine.core import Config, Option, Prompt
from game.engine.match import Match
from game.games.example_dice.bot import evaluate as heuristic
from game.games.example_dice.rules import DiceGame

RULES = DiceGame()
DICE_ID = DiceGame.game_id


@dataclass
class SpyBot:
    """Records the views it is given and answers like a seeded RandomBot."""

    seat: int
    views: list = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def choose(self, rules, view, prompt):
        """Remember the view, pick at random."""
        self.views.append(view)
        return self.rng.choice(prompt.options).action


def test_make_bot_builds_each_kind_and_rejects_unknown_ones() -> None:
    assert isinstance(make_bot("random", DICE_ID, 1), RandomBot)
    greedy = make_bot("greedy", DICE_ID, 1)
    assert isinstance(greedy, GreedyBot) and greedy.heuristic is heuristic
    with pytest.raises(ValueError, match="unknown bot kind 'mcts'"):
        make_bot("mcts", DICE_ID, 1)


def test_greedy_bot_takes_the_best_option_and_breaks_ties_at_random() -> None:
    prompt = Prompt(0, "pick", "m", tuple(Option(a) for a in "abc"))
    best_b = GreedyBot(lambda r, v, p: [1, 3, 2], random.Random(1))
    assert {best_b.choose(RULES, None, prompt) for _ in range(20)} == {"b"}
    tie = GreedyBot(lambda r, v, p: [3, 0, 3], random.Random(1))
    assert {tie.choose(RULES, None, prompt) for _ in range(50)} == {"a", "c"}


def test_bots_only_ever_see_their_own_view() -> None:
    match = Match(RULES, Config(2), 4)
    spies = {0: SpyBot(0), 1: SpyBot(1)}
    play_out(match, spies)
    for seat, spy in spies.items():
        other = 1 - seat
        assert spy.views, "every seat decided something"
        for view in spy.views:
            assert view.secrets[other] == 0 or view.shown[other], "the other's secret is hidden"
            assert view.bets[other] in (None, "hidden")


def test_bot_step_answers_simultaneous_prompts_and_play_out_ends() -> None:
    match = Match(RULES, Config(3), 9)
    bots = {s: RandomBot(random.Random(s)) for s in range(3)}
    while match.state.phase != "bet":
        bot_step(match, bots)
    assert len(match.prompts()) == 3
    assert bot_step(match, bots)
    assert match.state.phase != "bet", "all three seats bet in one step"
    play_out(match, bots)
    assert match.is_over()


def test_play_out_stops_when_a_seat_has_no_bot() -> None:
    with pytest.raises(RuntimeError, match="did not end"):
        play_out(Match(RULES, Config(2), 1), {0: RandomBot(random.Random(0))})


def test_random_playout_reaches_the_end_and_is_seeded() -> None:
    a, steps_a = random_playout(RULES, Config(2), random.Random(3))
    b, steps_b = random_playout(RULES, Config(2), random.Random(3))
    assert a == b and steps_a == steps_b and a.phase == "over"
    with pytest.raises(RuntimeError, match="did not end in 5 steps"):
        random_playout(RULES, Config(2), random.Random(3), max_steps=5)


def test_result_summary_lists_seats_breakdowns_winners_and_actions() -> None:
    bots = {s: make_bot("greedy", DICE_ID, s) for s in range(2)}
    match = play_out(Match(RULES, Config(2), 5), bots)
    summary = result_summary(match, ["greedy", "greedy"])
    assert summary["game"] == DICE_ID and summary["seed"] == 5
    assert summary["actions"] == len(match.history)
    assert [p["seat"] for p in summary["players"]] == [0, 1]
    for player, breakdown in zip(summary["players"], RULES.scores(match.state)):
        assert player["breakdown"] == breakdown and player["total"] == sum(breakdown.values())
    totals = [p["total"] for p in summary["players"]]
    assert summary["winners"] == [s for s, t in enumerate(totals) if t == max(totals)]


def test_greedy_bot_refuses_a_heuristic_with_the_wrong_number_of_scores() -> None:
    prompt = Prompt(0, "pick", "m", tuple(Option(a) for a in "abc"))
    with pytest.raises(ValueError, match="2 scores for 3 options of pick"):
        GreedyBot(lambda r, v, p: [1, 2], random.Random(1)).choose(RULES, None, prompt)
