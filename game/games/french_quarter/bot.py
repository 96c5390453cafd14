"""GreedyBot heuristic for French Quarter: one score per option, from a view only.

One-step lookahead: each option is applied to the view (made playable: the only hidden parts,
other seats' Vacation cards, do not affect the acting seat's rules) and the resulting sheet is
valued as the points it scores now plus the promise of its progress: meter boxes (closer to
circles), multipliers weighed by the buildings already mapped on their street, umbrellas
(wilds), mapped buildings (Second Line and street scoring), artists and one-use bonuses kept.
"""

from __future__ import annotations

import dataclasses

from game.engine.core import IllegalAction, Prompt

from .board import Board
from .rules import FrenchQuarter
from .sheet import w_left
from .state import Sheet, State

MAPPED = 1.2  # a mapped building: street points later, Second Line boxes every advance
METER_BOX = 0.6  # an activity box: the next circle comes closer
UMBRELLA = 0.35  # every third umbrella is a wild
ARTIST = 1.0
SPARE_ONE_USE = 1.5  # an unspent one-use bonus (W, boost, card swap) keeps options open
LINE_TOUCH = 0.8  # a mapped building next to the public Second Line scores again


def value(board: Board, s: State, seat: int, scores: dict[str, int]) -> float:
    """How good `seat`'s sheet looks: points now plus weighted progress."""
    sh: Sheet = s.sheets[seat]
    v = float(sum(scores.values()))
    mapped = [b for b in range(len(sh.mapped)) if sh.mapped[b]]
    v += MAPPED * len(mapped)
    v += METER_BOX * sum(sh.meters) + UMBRELLA * sh.umbrellas
    v += ARTIST * (sh.top.bit_count() + sh.bottom.bit_count())
    v += SPARE_ONE_USE * (w_left(sh) + (not sh.boost_used and sh.bonuses[1] >= 1)
                          + (not sh.swap_used and sh.bonuses[1] >= 3))
    if s.line_segs:
        near = {x for seg in s.line_segs for x in _touching(board, seg)}
        v += LINE_TOUCH * sum(1 for b in mapped if b in near)
    for a, meter in enumerate(board.meters):
        # A multiplier is worth more where buildings are already mapped on its street.
        on = sum(1 for b in board.on_street[meter.street] if sh.mapped[b])
        if sh.mults[a] < len(meter.multipliers):
            v += 0.15 * on * sh.meters[a]
    return v


def _touching(board: Board, seg: int) -> list[int]:
    return [b.index for b in board.buildings if seg in b.sides]


def evaluate(rules: FrenchQuarter, view: State, prompt: Prompt) -> list[float]:
    """One score per option of `prompt`: the value of the sheet right after choosing it."""
    seat = prompt.player
    state = dataclasses.replace(view, viewer=None)
    out = []
    for option in prompt.options:
        try:
            after, _ = rules.apply(state, seat, option.action)
        except (IllegalAction, KeyError, IndexError, ValueError):
            out.append(-1e9)
            continue
        out.append(value(rules.board, after, seat, rules.scores(after)[seat]))
    return out
