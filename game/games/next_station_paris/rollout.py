"""Next Station: Paris's fast rollout policy: the heuristic's segment judgement, one step deep.

The heuristic (bot.py `evaluate`) finishes the round over 48 random card orders per option with
a compact sheet policy, ~12 ms a decision: a game rolled out with it takes ~0.5 s. The engine's
one-move lookahead (search.score_rollout: apply each option, score the sheet) plays ~134 points
solo in 12 ms a game. This policy judges each option on the heuristic's compact sheet the way
the heuristic's own inner policy judges a segment (the line's score after it, the sheet points
it adds, MOBILITY per link still free from its end, the gates' and objectives' lures): ~142
points in ~4 ms a game. (The heuristic's judgement on 1 or 2 card orders instead of 48
plays 142 / 149 points in 18 / 31 ms: better, but 5-9x dearer, so fewer rollouts per second.)
"""

from __future__ import annotations

import random

from game.engine.core import Action, Prompt

from .bot import CompactSheet, Goals, compact_sheet, planner_for, sheets_after
from .rules import NextStationParis
from .state import State

TIE = 0.01  # random jitter: ties broken at random, seeded
# Per grey link still free from a segment's end. The heuristic's inner policy uses 3.5 to
# finish a round; one step deep on the engine, solo averages over 150 seeds were 140 at 0,
# 142 at 1, 134 at 2.5, 131 at 3.5, 124 at 5.
MOBILITY = 1.0


def free_links(planner, sheet: CompactSheet, station: int) -> int:
    """Grey links still open from `station` (neither blocked nor leading back onto the line)."""
    return sum(1 for _, _, link_bit, end_bit in planner.adjacency_bits[station]
               if not (sheet.blocked & link_bit or sheet.mask & end_bit))


def option_worths(rules: NextStationParis, state: State, prompt: Prompt) -> list[float]:
    """Per option, the heuristic's inner worth of the sheet it leads to (a "to" option: its
    best start); declining (pass, stop, skip) keeps the sheet as it is."""
    planner = planner_for(rules)
    seat = prompt.player
    goals = Goals(planner, state, seat)
    base = compact_sheet(planner, state, seat, goals)
    worths = []
    for option in prompt.options:
        best = -float("inf")
        for sheet in sheets_after(planner, base, option.action, prompt, state):
            worth = float(planner.line_value(sheet))
            if sheet is not base and option.action[0] in ("draw", "to"):
                end = sheet.stations[-1]
                worth += MOBILITY * free_links(planner, sheet, end) + goals.lure[end]
            best = max(best, worth)
        worths.append(best)
    return worths


def fast_rollout(rules: NextStationParis, state: State, prompt: Prompt, rng: random.Random
                 ) -> Action:
    """The option of best worth (`option_worths`), random among ties."""
    jittered = [w + rng.random() * TIE for w in option_worths(rules, state, prompt)]
    return prompt.options[jittered.index(max(jittered))].action
