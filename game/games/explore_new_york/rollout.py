"""Explore New York's fast rollout policy: the heuristic's ideas at a fraction of its cost.

The heuristic (bot.py) runs the exact route search once per option, ~7.5 ms a decision, so a
game rolled out with it takes ~440 ms; random rollouts take 2 ms but score ~15 points against
~210 (a scattered map has no route), so they cannot tell two moves apart. This policy finds the
seat's best route once per decision and scores each option by a sum over bitmasks: what a link
adds when it grows the route from one of its ends (the exact points of the longer route), what
tourists add on a block the route passes or can reach, and small pulls towards the network:
~114 points a seat in ~9 ms a 2-player game (weights below: 150 seeds each, 111 with GROW 4,
REACH 3, OPEN_BLOCK 0.5). These figures are from the map before issue #27's rebalance, which
scores about half as much (levels/explore_new_york/map.toml).
"""

from __future__ import annotations

import random

from game.engine.core import Action, Prompt
from game.engine.trails import bits

from .board import TOURISTS
from .bot import route_ends
from .rules import ExploreNewYork
from .scoring import best_route
from .state import Sheet, State

GROW = 8.0  # a link growing the route from one of its ends (the route stays one trail)
TOUCH = 1.0  # a link touching the drawn network elsewhere (it may join the route later)
OPEN_BLOCK = 1.5  # per empty block a link runs along (tourists may still land there)
REACH = 6.0  # a block whose side touches an end of the route (the next link can reach it)
MATCH = 2.0  # per tourist whose type is its block's attraction


class RouteFacts:
    """What one decision needs about a seat's map: its best route's blocks, cafés and ends,
    and the route's points, with a scorer for the route grown by more blocks and cafés."""

    def __init__(self, rules: ExploreNewYork, sheet: Sheet) -> None:
        board = rules.board
        self.rules, self.sheet = rules, sheet
        route = best_route(board, sheet)
        self.blocks = sum(1 << b for b in route.blocks)
        self.cafes = sum(1 << c for c in route.cafes)
        self.ends = route_ends(rules, route)
        self.empty = not sheet.links
        self.points = self.score(self.blocks, self.cafes)

    def score(self, blocks: int, cafes: int, tourists: tuple[int, int, int] | None = None,
              at: int = -1) -> int:
        """A route's points along these blocks and cafés (with `tourists` added to block `at`)."""
        board, sheet = self.rules.board, self.sheet
        counts = [0, 0, 0]
        for block in bits(blocks & sheet.filled):
            for t, n in enumerate(sheet.tourists[block]):
                counts[t] += n
        if tourists is not None and blocks >> at & 1:
            for t, n in enumerate(tourists):
                counts[t] += n
        masks = board.attraction_masks
        return (sum(n * (blocks & masks[name]).bit_count() for n, name in zip(counts, TOURISTS))
                + cafes.bit_count() * board.cafe_points
                + (blocks & masks["smiley"]).bit_count() * board.smiley_points
                + board.star_points[(blocks & masks["star"]).bit_count()])

    def link_worth(self, link: int) -> float:
        """The points a link adds to the route when it grows it from an end, plus pulls."""
        board, sheet = self.rules.board, self.sheet
        grows = self.empty or bool(self.ends & set(board.link_vertices[link]))
        worth = OPEN_BLOCK * (board.link_blocks[link] & ~sheet.filled).bit_count()
        if grows:
            cafes = self.cafes | (board.link_cafes[link] & ~sheet.cafes)
            gained = self.score(self.blocks | board.link_blocks[link], cafes) - self.points
            return worth + GROW + gained
        return worth + TOUCH * bool(board.touching[link] & sheet.links)

    def block_worth(self, block: int, types: tuple[int, ...]) -> float:
        """Tourists of `types` on a block: their points if the route passes it, a pull if the
        route can reach it, and their match with its attraction."""
        board = self.rules.board
        added = [0, 0, 0]
        for t in types:
            added[t] += 1
        kind = board.blocks[block].attraction
        worth = MATCH * sum(TOURISTS[t] == kind for t in types)
        if self.blocks >> block & 1:
            return worth + self.score(self.blocks, self.cafes, tuple(added), block) - self.points
        sides = board.blocks[block].sides
        if self.empty or any(self.ends & set(board.link_vertices[s]) for s in sides):
            grown = self.score(self.blocks | 1 << block, self.cafes, tuple(added), block)
            worth += REACH + grown - self.points
        return worth


def option_worths(rules: ExploreNewYork, state: State, prompt: Prompt) -> list[float]:
    """One cheap score per option of the prompt (higher is better)."""
    facts = RouteFacts(rules, state.sheets[prompt.player])
    if prompt.kind == "discard":
        return [_kept_worth(rules, state, facts, o.action[1]) for o in prompt.options]
    if prompt.kind in ("block", "lone_block"):
        types = () if prompt.kind == "lone_block" else _turn_tourists(rules, state.turn_cards)
        return [facts.block_worth(rules.board.block_at(*o.action[1:]), types)
                for o in prompt.options]
    if prompt.kind == "tourist":
        return [facts.block_worth(facts.sheet.block, (TOURISTS.index(o.action[1]),))
                for o in prompt.options]
    return [facts.link_worth(o.action[1]) if o.action[0] == "link" else 0.0
            for o in prompt.options]


def _turn_tourists(rules: ExploreNewYork, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The tourist types these turn cards draw."""
    return tuple(t for c in cards for t in rules.board.cards[c].tourists)


def _kept_worth(rules: ExploreNewYork, state: State, facts: RouteFacts, discard: int) -> float:
    """Keeping the other two revealed cards: their best empty block, and their +1 links."""
    kept = tuple(c for c in state.revealed if c != discard)
    a, b = (rules.board.cards[c].coord for c in kept)
    types = _turn_tourists(rules, kept)
    plus = GROW * sum(rules.board.cards[c].plus for c in kept)
    allowed = rules.allowed[a, b] & ~facts.sheet.filled
    return plus + max((facts.block_worth(blk, types) for blk in bits(allowed)), default=0.0)


def fast_rollout(rules: ExploreNewYork, state: State, prompt: Prompt, rng: random.Random
                 ) -> Action:
    """The option with the best cheap score, random among ties."""
    worths = option_worths(rules, state, prompt)
    best = max(worths)
    return rng.choice([o.action for o, w in zip(prompt.options, worths) if w >= best - 1e-9])
