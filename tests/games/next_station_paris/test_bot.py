"""Next Station: Paris GreedyBot heuristic: legal, deterministic, sensible, and strong enough.

Map facts used below (levels/next_station_paris/map.toml): the orange departure c2 links to the
triangle c0 and the monument d1; c0 links to the corner a0 (a square, a city gate) and to d1.
The main district d7 (bottom left) is i1, i3, j2, j4; the blue departure h2 links to the
pentagon i1, the triangles j2 and g1 and the monument i3; i1 links to j2 and i3 as well.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from game.engine.bots import GreedyBot, RandomBot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.games.next_station_paris import bot
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.state import OVER

from .support import crafted, line, sid

OBJECTIVES = ("objectives", True)
GATES = ("gates", True)
MODULE_CONFIGS = {"base": (), "objectives": (OBJECTIVES,), "gates": (GATES,),
                  "both": (OBJECTIVES, GATES)}
BONUSES = ("branch_free", "double_free", "double_district", "double_station")
INTERCHANGES, FULL_DISTRICT, MONUMENTS = 0, 4, 2  # indices in levels/next_station_paris/modules.toml


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    """The shared rules engine."""
    return NextStationParis()


def greedy(seed: int) -> GreedyBot:
    """A seeded GreedyBot with this game's heuristic."""
    return GreedyBot(bot.evaluate, random.Random(seed))


def test_one_score_per_option_for_every_prompt_kind(rules) -> None:
    kinds = set()
    m = Match(rules, Config(2, (("gates", True), ("objectives", True))), 4)
    player = greedy(4)
    while not m.is_over():
        m.resolve_chance()
        prompt = m.prompts()[0]
        scores = bot.evaluate(rules, m.view(prompt.player), prompt)
        assert len(scores) == len(prompt.options)
        assert all(isinstance(x, float) for x in scores)
        kinds.add(prompt.kind)
        best = max(scores)
        action = player.choose(rules, m.view(prompt.player), prompt)
        assert scores[prompt.actions().index(action)] == best
        m.apply(prompt.player, action)
    assert {"card", "start"} <= kinds


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("modules", sorted(MODULE_CONFIGS))
def test_answers_are_legal_in_every_module_config(rules, modules, players) -> None:
    m = Match(rules, Config(players, MODULE_CONFIGS[modules]), 11)
    kinds = set()
    while not m.is_over():
        m.resolve_chance()
        if m.is_over():  # the last card offered nobody a segment: the game ended on the reveal
            break
        prompt = m.prompts()[0]  # one at a time: an answer may change the others' prompts
        scores = bot.evaluate(rules, m.view(prompt.player), prompt)
        assert len(scores) == len(prompt.options)
        assert all(math.isfinite(x) for x in scores)
        kinds.add(prompt.kind)
        m.apply(prompt.player, prompt.options[scores.index(max(scores))].action)  # legal
    if modules in ("gates", "both"):  # the gates were reached and their bonuses played
        assert kinds & {"free_any", "free_end", "circle"}, kinds


def test_same_view_same_scores(rules) -> None:
    m = Match(rules, Config(1), 3)
    m.apply_chance("street_joker")
    prompt = m.prompt_for(0)
    view = m.view(0)
    assert bot.evaluate(rules, view, prompt) == bot.evaluate(rules, view, prompt)


def test_last_card_takes_the_best_immediate_segment(rules) -> None:
    m = Match(rules, Config(1), 0)
    for card in ("metro_circle", "metro_pentagon", "metro_square", "metro_joker"):
        m.apply_chance(card)
        m.apply(0, ("pass",))
    m.apply_chance("metro_triangle")  # the 5th Metro card: nothing comes after it
    choice = greedy(0).choose(rules, m.view(0), m.prompt_for(0))
    assert choice == ("draw", sid(rules, "c2"), sid(rules, "d1"))  # the monument: 1 x 2 + 2


# -- city gates ---------------------------------------------------------------------------------
def last_square_next_to_a0(rules, bonus: str | None) -> Match:
    """Solo, round 1: the line c2-c0, then the 5th Metro card, a square (no card follows).

    Without gates the monument d1 is best (1 district x 3 stations + 2 = 5 against the
    corner a0's 2 x 2 = 4). `bonus`: the city gate card paired with a0 (None: no gates).
    """
    m = Match(rules, Config(1, (GATES,) if bonus else ()), 0)
    if bonus:
        others = [i for i in range(len(BONUSES)) if i != BONUSES.index(bonus)]
        m.apply_chance(("gates", BONUSES.index(bonus), *others))  # a0 is the first corner
    m.apply_chance("street_triangle")
    m.apply(0, ("draw", sid(rules, "c2"), sid(rules, "c0")))
    for card in ("metro_circle", "metro_triangle", "metro_pentagon", "metro_joker"):
        m.apply_chance(card)
        if m.prompt_for(0) is not None:
            m.apply(0, ("pass",))
    m.apply_chance("metro_square")
    return m


def test_without_gates_the_corner_is_only_a_district(rules) -> None:
    m = last_square_next_to_a0(rules, None)
    choice = greedy(0).choose(rules, m.view(0), m.prompt_for(0))
    assert choice == ("to", sid(rules, "d1"))


@pytest.mark.parametrize("bonus", BONUSES)
def test_the_bot_opens_a_gate_when_its_bonus_pays(rules, bonus) -> None:
    # Each bonus lifts a0 above d1: 2 free segments, 1 free segment from any station, a0
    # counted as 2 districts (3 x 2 = 6), or c0 circled (2 x 3 = 6).
    m = last_square_next_to_a0(rules, bonus)
    player = greedy(0)
    choice = player.choose(rules, m.view(0), m.prompt_for(0))
    assert choice == ("draw", sid(rules, "c0"), sid(rules, "a0"))
    m.apply(0, choice)
    while (prompt := m.prompt_for(0)) is not None:  # the bonus: never skipped when it pays
        action = player.choose(rules, m.view(0), prompt)
        assert action != ("skip",)
        m.apply(0, action)
    assert m.state.round == 1  # the round is over: its line scored more than d1's 5
    assert rules.line_scores(m.state, 0)[0].points > 5


def test_double_station_circles_the_best_district(rules) -> None:
    m = Match(rules, Config(1, (("gates", True),)), 0)
    m.apply_chance(("gates", 3, 0, 1, 2))  # double station on the corner a0
    m.apply_chance("metro_triangle")
    m.apply(0, ("draw", sid(rules, "c2"), sid(rules, "c0")))
    m.apply_chance("metro_square")
    m.apply(0, ("draw", sid(rules, "c0"), sid(rules, "a0")))
    prompt = m.prompt_for(0)
    assert prompt.kind == "circle"
    # c0 shares district d3 with the departure c2: circling it makes d3 worth 3 stations.
    assert greedy(0).choose(rules, m.view(0), prompt) == ("circle", sid(rules, "c0"))


def next_to_a0(rules, bonus: str | None) -> float:
    """Solo, round 1, the line c2 alone, a triangle revealed with only the two squares left
    unseen: how much more the bot scores c0 (next to the corner a0, a square) than d3 (no
    corner within one segment). `bonus`: the gate card on a0 (None: no gates)."""
    gates = ()
    if bonus:
        first = BONUSES.index(bonus)
        gates = (first, *[i for i in range(len(BONUSES)) if i != first])
    m = crafted(rules, [[line(rules, "c2")]], options=(GATES,) if bonus else (), gates=gates)
    cards = rules.board.card_index
    seen = tuple(cards[c] for c in ("metro_circle", "metro_pentagon", "metro_triangle",
                                    "metro_joker", "street_circle", "street_pentagon",
                                    "street_joker", "street_branch"))
    m.state = dataclasses.replace(
        m.state, revealed=seen, metros=4,
        deck=tuple(c for c in range(len(rules.board.cards)) if c not in seen))
    m._pending = None
    m.apply_chance("street_triangle")
    prompt = m.prompt_for(0)
    scores = dict(zip(prompt.actions(), bot.evaluate(rules, m.view(0), prompt)))
    by_end = {ends_on(a): x for a, x in scores.items() if a[0] in ("to", "draw")}
    return by_end[sid(rules, "c0")] - by_end[sid(rules, "d3")]


@pytest.mark.parametrize("bonus", BONUSES)
def test_the_bot_heads_for_a_gate_a_later_card_can_reach(rules, bonus) -> None:
    # Planning, not just landing: a square card to come can reach a0 from c0 only, so each
    # gate bonus must widen c0's lead over d3 (the rollouts are lured to the gate).
    assert next_to_a0(rules, bonus) > next_to_a0(rules, None) + 1.5


# -- shared objectives --------------------------------------------------------------------------
def bottom_left(rules, round_: int, current: tuple[str, ...], objectives: bool) -> Match:
    """Solo, round `round_` (2 or 3 of 0-3): earlier lines (orange and green at their
    departures, purple covering i3 and j4 of d7), and the blue line `current`; the 5th Metro
    card of the round, a triangle, is revealed (no card follows).

    With the full-district objective (and monuments, which no option here can complete),
    j2 completes d7 when the line holds i1.
    """
    lines = [line(rules, "c2", color=0), line(rules, "c7", color=1),
             line(rules, "h7", "h5", "h4", "i3", "j4", color=2), line(rules, *current, color=3)]
    lines = lines[:round_ - 1] + lines[2:]  # the purple line, then the blue one
    m = crafted(rules, [lines], round_=round_, options=(OBJECTIVES,) if objectives else ())
    cards = rules.board.card_index
    revealed = tuple(cards[c] for c in ("metro_square", "metro_circle", "metro_pentagon",
                                        "metro_joker"))
    m.state = dataclasses.replace(
        m.state, objectives=(FULL_DISTRICT, MONUMENTS) if objectives else (),
        revealed=revealed, metros=len(revealed),
        deck=tuple(c for c in range(len(rules.board.cards)) if c not in revealed))
    m._pending = None
    m.apply_chance("metro_triangle")
    return m


def ends_on(action: tuple) -> int:
    """The end station of a segment option (("to", end) or ("draw", start, end))."""
    return action[-1]


def test_without_objectives_the_monument_wins(rules) -> None:
    # The monument i3 (2 + 2 points, an interchange with purple, an overpass) beats j2.
    m = bottom_left(rules, 3, ("h2", "i1"), objectives=False)
    choice = greedy(0).choose(rules, m.view(0), m.prompt_for(0))
    assert ends_on(choice) == sid(rules, "i3")


def test_the_bot_completes_an_objective_on_the_last_card(rules) -> None:
    # j2 scores 6 points less than i3 on the line and the sheet, but completes d7: +10.
    m = bottom_left(rules, 3, ("h2", "i1"), objectives=True)
    choice = greedy(0).choose(rules, m.view(0), m.prompt_for(0))
    assert ends_on(choice) == sid(rules, "j2")


def test_progress_towards_an_objective_is_worth_something_before_the_last_round(
        rules) -> None:
    # Round 2, one round left: from the blue line h2 alone, j2 leaves d7 one station short
    # (i1), g1 leaves it two short. The objective must widen j2's lead over g1.
    def margin(objectives: bool) -> float:
        m = bottom_left(rules, 2, ("h2",), objectives)
        prompt = m.prompt_for(0)
        scores = dict(zip(prompt.actions(), bot.evaluate(rules, m.view(0), prompt)))
        by_end = {ends_on(a): s for a, s in scores.items() if a[0] in ("to", "draw")}
        return by_end[sid(rules, "j2")] - by_end[sid(rules, "g1")]

    assert margin(True) > margin(False) + 1


def test_greedy_beats_random_and_plays_solo_well(rules) -> None:
    m = play_out(Match(rules, Config(2), 5), {0: greedy(5), 1: RandomBot(random.Random(5))})
    greedy_total, random_total = m.totals()
    assert greedy_total > random_total + 30
    totals = [play_out(Match(rules, Config(1), seed), {0: greedy(seed)}).totals()[0]
              for seed in (100, 101)]
    assert sum(totals) / len(totals) >= 125, totals


def test_solo_with_both_modules_meets_objectives_and_uses_gates(rules) -> None:
    totals, objectives, gates = [], 0, 0
    for seed in (100, 101):
        m = play_out(Match(rules, Config(1, MODULE_CONFIGS["both"]), seed), {0: greedy(seed)})
        breakdown = rules.scores(m.state)[0]
        totals.append(sum(breakdown.values()))
        objectives += breakdown["objectives"]
        gates += breakdown["gates"]
    assert sum(totals) / len(totals) >= 140, totals  # after the solo -20 for two modules
    assert objectives >= 20 and gates > 0, (objectives, gates)


# -- agreement with the engine's scoring ---------------------------------------------------------
def worth_to_the_engine(rules, state, before: int) -> float:
    """What the engine adds to the seat's total by the end of the game from `state` on, the
    seat answering best (a "to" option is worth its best start); `before`: the total so far
    without the current line."""
    if state.phase == OVER:
        return sum(rules.scores(state)[0].values()) - before
    prompt = rules.pending(state)[0]
    return max(worth_to_the_engine(rules, rules.apply(state, 0, o.action)[0], before)
               for o in prompt.options)


def last_card_of_the_game(rules, lines: list, objectives: tuple[int, ...] = ()
                          ) -> tuple[list[float], list[float], tuple]:
    """Solo, the last round with these lines (the last one is this round's), its 5th Metro
    card a square: no card follows and no round either, so the bot's worth of each option must
    be exactly what the engine adds for it. (bot scores, engine worths, the options' actions)."""
    options = (OBJECTIVES,) if objectives else ()
    m = crafted(rules, [lines], round_=3, options=options)
    cards = rules.board.card_index
    revealed = tuple(cards[c] for c in ("metro_circle", "metro_triangle", "metro_pentagon",
                                        "metro_joker"))
    m.state = dataclasses.replace(
        m.state, objectives=objectives, revealed=revealed, metros=4,
        deck=tuple(c for c in range(len(rules.board.cards)) if c not in revealed))
    m._pending = None
    m.apply_chance("metro_square")  # the 5th Metro card of the last round
    prompt = m.prompt_for(0)
    before = sum(rules.scores(m.state)[0].values()) - rules.line_scores(m.state, 0)[-1].points
    engine = [worth_to_the_engine(rules, rules.apply(m.state, 0, o.action)[0], before)
              for o in prompt.options]
    return list(bot.evaluate(rules, m.view(0), prompt)), engine, prompt.actions()


def test_an_undrawn_earlier_line_joins_nothing_for_the_bot(rules) -> None:
    # The engine's rule (scoring.drawn): the orange line of round 1, never drawn, is no line,
    # so its bare departure c2 makes no interchange and does not cover d3 for the full-district
    # objective. Counting the bare c2, the bot saw an interchange at c2 (+2) and d3 complete
    # with the monument d1 (+10).
    lines = [line(rules, "c2", color=0),
             line(rules, "c7", "c5", "c4", "e4", "d3", "e2", color=1),  # 4 stations of d3
             line(rules, "h7", "h5", color=2),
             line(rules, "h2", "f2", "f0", "e0", "c0", color=3)]  # e0, c0: d3 lacks d1, c2
    scores, engine, actions = last_card_of_the_game(rules, lines, (FULL_DISTRICT, MONUMENTS))
    assert {ends_on(a) for a in actions} >= {sid(rules, "c2"), sid(rules, "d1")}
    assert scores == pytest.approx(engine)


def test_an_undrawn_current_line_is_worth_nothing_to_the_bot(rules) -> None:
    # The blue line is still its bare departure h2 on the last card: passing leaves no line
    # (scoring.drawn scores it 0), so passing is worth 0, not the 1 x 1 of a one-station line,
    # and drawing is worth the whole 2-station line.
    lines = [line(rules, "c2", "c0", color=0), line(rules, "c7", "c5", color=1),
             line(rules, "h7", "h5", color=2), line(rules, "h2", color=3)]
    scores, engine, actions = last_card_of_the_game(rules, lines)
    assert ("pass",) in actions and len(actions) > 1
    assert engine[actions.index(("pass",))] == 0
    assert scores == pytest.approx(engine)


def test_the_first_segment_makes_the_departure_an_interchange_for_the_bot(rules) -> None:
    # The purple line of round 3 passes through h2, the blue departure. Once the blue line
    # draws its first segment h2 is on it too: an interchange (+2) whatever the segment's end.
    lines = [line(rules, "c2", "c0", color=0), line(rules, "c7", "c5", color=1),
             line(rules, "h7", "h5", "h4", "h2", color=2), line(rules, "h2", color=3)]
    scores, engine, actions = last_card_of_the_game(rules, lines)
    drawing = [x for a, x in zip(actions, engine) if a[0] in ("to", "draw")]
    assert drawing and engine[actions.index(("pass",))] == 0
    assert scores == pytest.approx(engine)


def test_an_undrawn_departure_meets_no_interchange_objective_for_the_bot(rules) -> None:
    # Three earlier lines meet at f4 and h4; orange and purple also pass through the blue
    # departure h2. The objective (3 stations joining 3 lines) is met once the blue line draws
    # a segment (h2 joins it: 5 points instead of 2, and +10), never by passing: the bare h2
    # is no line (scoring.drawn).
    lines = [line(rules, "c2", "c4", "e4", "f4", "f2", "h2", "h4", color=0),
             line(rules, "c7", "c5", "e5", "platform", "f4", "g3", "h4", color=1),
             line(rules, "h7", "f7", "f5", "f4", "h4", "i3", "h2", color=2),
             line(rules, "h2", color=3)]
    scores, engine, actions = last_card_of_the_game(rules, lines, (INTERCHANGES, MONUMENTS))
    assert engine[actions.index(("pass",))] == 0
    assert any(x >= 10 for a, x in zip(actions, engine) if a != ("pass",))
    assert scores == pytest.approx(engine)


def test_an_undrawn_departure_covers_no_district_for_the_bot(rules) -> None:
    # Green and blue cover d3 but for the orange departure c2. The orange line completes d3
    # (+10) once it draws a segment, never by passing: the bare c2 covers nothing
    # (scoring.network).
    lines = [line(rules, "c7", "c5", "c4", "e4", "d3", "e2", color=1),
             line(rules, "h7", "h5", color=2),
             line(rules, "h2", "f2", "f0", "e0", "c0", "d1", color=3),
             line(rules, "c2", color=0)]
    scores, engine, actions = last_card_of_the_game(rules, lines, (FULL_DISTRICT, MONUMENTS))
    assert engine[actions.index(("pass",))] == 0
    assert any(x >= 10 for a, x in zip(actions, engine) if a != ("pass",))
    assert scores == pytest.approx(engine)
