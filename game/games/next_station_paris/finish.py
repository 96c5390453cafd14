"""Next Station: Paris's finish for the Hard search: the rest of the game on compact sheets.

The engine's rollout (one quiet draft, a prompt per card) costs ~4 ms a game. The Normal bot's
planner plays a round on its compact sheets (`bot.CompactSheet`: bitmasks and counts) in tens
of microseconds. `finish` plays the rest of the game that way: what is left of the card being
answered on the engine (rare: a tour, a start, a gate), then the rest of this round and every
later round on compact sheets by the planner's segment policy (the one Normal's trials play, with
the finish's own mobility weight), each seat on its own sheet with the same cards. The totals are
scored exactly as the engine would score those sheets (`line_points` and `sheet_points`, checked
against `rules.scores` by the tests).

The card orders come from the round's seed alone, never from a stream shared with the tree's
draws: every root move of one search round sees the same orders (a permutation per round,
filtered to the cards still in the deck), so two moves are compared on the same luck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.engine.core import TERMINAL, Chance, total

from . import scoring
from .bot import CompactSheet, Goals, Planner
from .drawing import make_line
from .rollout import fast_rollout
from .rules import NextStationParis, color_of
from .state import Line, State

DEAL_STREAM = 0x5DEECE66D  # mixed into the seed: the card orders
PLAY_STREAM = 0xB5297A4D  # mixed into the seed: the policy's tie-breaks and the engine steps
# The finish's policy values each free link from a segment's end at 1.0, not at the 3.5 of
# Normal's trials (`bot.MOBILITY`, tuned for Normal's own choices). As a player of whole games
# the policy scores 144 at 1.0 against 132 at 3.5 (2,000 solo games), and the search judges
# moves by how well the rest of the game is played. Hard at a cap of 400, seeds 3000-3199:
# 175.6 at 1.0 against 172.8 at 3.5 (+2.9 [+0.4, +5.3], paired; Normal 166.7); on seeds
# 3000-3019: 176.3 at 0.3, 179.5 at 1.0, 170.2 at 2.0, 172.8 at 3.5.
FINISH_MOBILITY = 1.0


@dataclass(frozen=True, slots=True)
class SheetView:
    """What `bot.Goals` reads of a state, for a round the finish plays on compact sheets."""

    modules: tuple[str, ...]
    gates: tuple[int, ...]
    objectives: tuple[int, ...]
    round: int
    lines: tuple[tuple[Line, ...], ...]
    used: tuple[int, ...]


def finish(rules: NextStationParis, state: State, seed: int) -> tuple[float, ...]:
    """Each seat's final total after the rest of the game is played as the module docstring
    says (chance from `seed`: the same seed gives the same card orders)."""
    rng = random.Random(seed ^ PLAY_STREAM)
    state, pending = finish_card(rules, state, rng)
    if pending is TERMINAL:
        return tuple(float(total(b)) for b in rules.scores(state))
    return play_rounds(rules, state, deal(len(rules.all_cards), rules.rounds, seed), rng)


@lru_cache(maxsize=16)
def deal(cards: int, rounds: int, seed: int) -> tuple[tuple[int, ...], ...]:
    """A card order per round from the seed alone (a pure memo: the root moves of a search
    round share the seed, so all but the first one find it here)."""
    rng = random.Random(seed ^ DEAL_STREAM)
    return tuple(tuple(rng.sample(range(cards), cards)) for _ in range(rounds))


@lru_cache(maxsize=4)
def finish_planner(rules: NextStationParis) -> Planner:
    """The planner whose policy plays the finish (one per rules object, as `bot.planner_for`)."""
    return Planner(rules, FINISH_MOBILITY)


def finish_card(rules: NextStationParis, state: State, rng: random.Random
                ) -> tuple[State, Any]:
    """Answer the card being answered on the engine (the fast policy): the state once every
    seat is done with it, and its pending (the next card's chance, or the end). The search
    starts from a decision, so the module draws of the setup are never ahead."""
    pending = rules.pending(state)
    while not (pending is TERMINAL or isinstance(pending, Chance)):
        prompt = pending[0]
        state, _ = rules.apply(state, prompt.player, fast_rollout(rules, state, prompt, rng))
        pending = rules.pending(state)
    return state, pending


def play_rounds(rules: NextStationParis, state: State, orders: tuple[tuple[int, ...], ...],
                rng: random.Random) -> tuple[float, ...]:
    """From a state waiting for a card: this round's remaining cards (in `orders[round]`'s
    order), then the later rounds, on compact sheets; the seats' totals."""
    p = finish_planner(rules)
    players = state.players
    lines = [list(seat_lines) for seat_lines in state.lines]
    used, blocked = list(state.used), list(state.blocked)
    points = [[line_points(p, compact(p, line, used[seat])) for line in lines[seat][:-1]]
              for seat in range(players)]  # per seat, its lines' points (gates included)
    deck = set(state.deck)
    order = [card for card in orders[state.round] if card in deck]
    metros, branch = state.metros, state.branch
    for round_ in range(state.round, rules.rounds):
        view = SheetView(state.modules, state.gates, state.objectives, round_,
                         tuple(tuple(seat_lines) for seat_lines in lines), tuple(used))
        for seat in range(players):
            goals = Goals(p, view, seat)
            sheet = CompactSheet(lines[seat][-1], blocked[seat], used[seat], goals.shared,
                                 p.district, p.monument)
            p.play_cards(sheet, order, metros, branch, goals, rng)
            lines[seat][-1] = sheet_line(sheet, lines[seat][-1])
            used[seat], blocked[seat] = sheet.used, sheet.blocked
            points[seat].append(line_points(p, sheet))
        if round_ + 1 < rules.rounds:
            for seat in range(players):
                lines[seat].append(rules.new_line(color_of(players, seat, round_ + 1)))
            order, metros, branch = orders[round_ + 1], 0, False
    return tuple(float(sum(points[seat]) + sheet_points(rules, state, lines[seat], used[seat]))
                 for seat in range(players))


def sheet_line(sheet: CompactSheet, line: Line) -> Line:
    """The engine's Line through a compact sheet's stations (what Goals and the objectives
    read; its links and gate marks stay as they were: the points come from `line_points`)."""
    return make_line(line.color, tuple(sheet.stations), line.links, tuple(sheet.ends),
                     sheet.mask, line.double_district, line.double_station)


def compact(p: Planner, line: Line, used: int) -> CompactSheet:
    """A line as a compact sheet (for its points: nothing shared, nothing blocked)."""
    return CompactSheet(line, 0, used, {}, p.district, p.monument)


def line_points(p: Planner, sheet: CompactSheet) -> int:
    """The points a compact sheet's line scores, city gate bonuses included (a line with no
    segment scores nothing: `scoring.drawn`)."""
    return p.line_value(sheet) - sheet.gain


def sheet_points(rules: NextStationParis, state: State, lines: list[Line], used: int) -> int:
    """A seat's points beyond its lines' own (as results.seat_scores scores them): overpasses,
    interchanges, objectives, the solo modules' malus."""
    board = rules.board
    final = tuple(lines)
    points = scoring.overpass_points(board, used) + scoring.interchange_points(board, final)
    if "objectives" in state.modules:
        points += board.objective_points * sum(
            scoring.objective_met(board, board.objectives[o], final, used)
            for o in state.objectives)
    if state.players == 1 and state.modules:
        points += board.scoring["solo_module"] * len(state.modules)
    return points
