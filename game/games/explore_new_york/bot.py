"""Explore New York bot heuristic: plan each step with the exact final-route score in mind.

GreedyBot calls `evaluate(rules, view, prompt)` for one score per option. Every option is
tried on the seat's own map and scored by the best route that map would then allow (the same
exact search as the final scoring), plus a small lookahead for what the route can still
become: links that touch the drawn network, blocks near it, tourists matching their block's
attraction. The discard keeps the pair of cards whose best block is worth most.
"""

from __future__ import annotations

from game.engine.core import Prompt
from game.engine.trails import bits

from .board import TOURISTS
from .rules import ExploreNewYork
from .scoring import best_route
from .state import Sheet, State

TOUCH = 1.5  # a link touching the drawn network: it can join the route later
NEAR = 0.5  # per tourist on a block a link runs along (a block worth routing past)
MATCH = 1.0  # per new tourist whose type is its block's attraction
NEIGHBOUR = 0.75  # a block with a side touching the drawn network


def evaluate(rules: ExploreNewYork, view: State, prompt: Prompt) -> list[float]:
    """One score per option of the prompt (higher is better)."""
    sheet = view.sheets[prompt.player]
    if prompt.kind == "discard":
        return [_pair_worth(rules, view, sheet, option.action[1]) for option in prompt.options]
    if prompt.kind in ("block", "lone_block"):
        types = _turn_tourists(rules, view) if prompt.kind == "block" else ()
        return [_block_worth(rules, sheet, rules.board.block_at(*o.action[1:]), types)
                for o in prompt.options]
    if prompt.kind == "tourist":
        return [_tourist_worth(rules, sheet, o.action[1]) for o in prompt.options]
    base = best_route(rules.board, sheet).total
    return [_link_worth(rules, sheet, o.action[1], base) if o.action[0] == "link" else base
            for o in prompt.options]


def _turn_tourists(rules: ExploreNewYork, view: State) -> tuple[int, ...]:
    """The tourist types both turn cards draw."""
    return tuple(t for c in view.turn_cards for t in rules.board.cards[c].tourists)


def _with(sheet: Sheet, block: int | None, types: tuple[int, ...], links: int) -> Sheet:
    """The sheet with tourists added to a block and more links drawn (a what-if)."""
    tourists = sheet.tourists
    if block is not None and types:
        counts = list(tourists[block])
        for t in types:
            counts[t] += 1
        tourists = (*tourists[:block], tuple(counts), *tourists[block + 1:])
    return Sheet(tourists, sheet.filled, sheet.links | links, sheet.cafes, sheet.block)


def _touches(rules: ExploreNewYork, sheet: Sheet, link: int) -> bool:
    """True if the link shares an intersection with a drawn link."""
    return bool(rules.board.touching[link] & sheet.links)


def _link_worth(rules: ExploreNewYork, sheet: Sheet, link: int, base: int) -> float:
    """The route score with this link drawn, plus what it can lead to."""
    board = rules.board
    cafe_types: tuple[int, ...] = ()
    for end in board.link_vertices[link]:
        cafe = board.cafe_of_vertex.get(end)
        if cafe is not None and not sheet.cafes >> cafe & 1:
            cafe_types += board.cafes[cafe].tourists
    block = sheet.block if sheet.block >= 0 else None
    after = best_route(board, _with(sheet, block, cafe_types, 1 << link)).total
    near = sum(sum(sheet.tourists[b]) for b in board.links[link].blocks)
    return after + TOUCH * _touches(rules, sheet, link) + NEAR * near + 0.01 * (after - base)


def _block_worth(rules: ExploreNewYork, sheet: Sheet, block: int, types: tuple[int, ...]
                 ) -> float:
    """The best route score with the tourists here and one side of the block drawn."""
    board = rules.board
    sides = [s for s in board.blocks[block].sides if not sheet.links >> s & 1]
    kind = board.blocks[block].attraction
    match = MATCH * sum(TOURISTS[t] == kind for t in types)
    near = NEIGHBOUR * any(_touches(rules, sheet, s) for s in board.blocks[block].sides)
    if not sides:
        return match + near
    best = max(best_route(board, _with(sheet, block, types, 1 << s)).total for s in sides)
    return best + match + near


def _tourist_worth(rules: ExploreNewYork, sheet: Sheet, name: str) -> float:
    """A single tourist: the type with most attractions of its kind along the current route."""
    route = best_route(rules.board, sheet)
    return sum(rules.board.blocks[b].attraction == name for b in route.blocks) + (
        MATCH * (rules.board.blocks[sheet.block].attraction == name))


def _pair_worth(rules: ExploreNewYork, view: State, sheet: Sheet, discard: int) -> float:
    """Keeping the other two cards: the best empty block they give, by `_block_worth`."""
    kept = [c for c in view.revealed if c != discard]
    a, b = (rules.board.cards[c].coord for c in kept)
    types = tuple(t for c in kept for t in rules.board.cards[c].tourists)
    allowed = rules.allowed[a, b] & ~sheet.filled
    plus = sum(rules.board.cards[c].plus for c in kept)
    if not allowed:
        return float(plus)
    return max(_block_worth(rules, sheet, blk, types) for blk in bits(allowed)) + plus * TOUCH
