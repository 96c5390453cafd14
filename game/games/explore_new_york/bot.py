"""Explore New York bot heuristic: plan each step with the exact final-route score in mind.

GreedyBot calls `evaluate(rules, view, prompt)` for one score per option. Every option is
tried on the seat's own map and scored by the best route that map would then allow (the same
exact search as the final scoring), plus a small lookahead for what the route can still
become: links growing the route from one of its ends or touching the network, tourists near a
link, tourists matching their block's attraction. A first link along the turn's block is worth
its best second link, and a block its best links this turn; the discard keeps the pair of cards
whose best block is worth most. Weights were tuned on seeds 20-39 (2 and 4 players).
"""

from __future__ import annotations

from game.engine.core import Prompt
from game.engine.trails import bits

from .board import TOURISTS
from .rules import ExploreNewYork
from .scoring import best_route
from .state import Route, Sheet, State

END = 2.0  # a link growing the best route from one of its ends
TOUCH = 0.5  # a link touching the drawn network: it can join the route later
NEAR = 0.5  # per tourist on a block a link runs along (a block worth routing past)
MATCH = 2.0  # per new tourist whose type is its block's attraction


def evaluate(rules: ExploreNewYork, view: State, prompt: Prompt) -> list[float]:
    """One score per option of the prompt (higher is better)."""
    sheet = view.sheets[prompt.player]
    route = best_route(rules.board, sheet)
    ends = route_ends(rules, route)
    if prompt.kind == "discard":
        return [_cards_worth(rules, view, sheet, o.action[1], ends) for o in prompt.options]
    if prompt.kind in ("block", "lone_block"):
        lone = prompt.kind == "lone_block"
        types = () if lone else _turn_tourists(rules, view.turn_cards)
        return [_block_worth(rules, sheet, rules.board.block_at(*o.action[1:]), types, ends,
                             pair=not lone) for o in prompt.options]
    if prompt.kind == "tourist":
        return [_tourist_worth(rules, sheet, route, o.action[1]) for o in prompt.options]
    pair = prompt.kind == "link" and prompt.message.endswith(".link")
    return [_link_worth(rules, sheet, o.action[1], ends, pair) if o.action[0] == "link"
            else route.total for o in prompt.options]


def _turn_tourists(rules: ExploreNewYork, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The tourist types these turn cards draw."""
    return tuple(t for c in cards for t in rules.board.cards[c].tourists)


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


def route_ends(rules: ExploreNewYork, route: Route) -> set[int]:
    """The intersections where the route starts and ends (where it can grow)."""
    if route.start is None:
        return set()
    here = route.start
    for link in route.links:
        a, b = rules.board.link_vertices[link]
        here = b if here == a else a
    return {route.start, here}


def _cafe_tourists(rules: ExploreNewYork, sheet: Sheet, links: tuple[int, ...]
                   ) -> tuple[int, ...]:
    """The tourists the cafés not yet used at these links' ends would draw."""
    board = rules.board
    types: tuple[int, ...] = ()
    used = sheet.cafes
    for link in links:
        for end in board.link_vertices[link]:
            cafe = board.cafe_of_vertex.get(end)
            if cafe is not None and not used >> cafe & 1:
                used |= 1 << cafe
                types += board.cafes[cafe].tourists
    return types


def _links_worth(rules: ExploreNewYork, sheet: Sheet, links: tuple[int, ...], ends: set[int]
                 ) -> float:
    """The route score with these links drawn (cafés included), plus what the last one can
    lead to: growing the route from one of its ends, or at least touching the network."""
    board = rules.board
    block = sheet.block if sheet.block >= 0 else None
    drawn = sum(1 << k for k in links)
    after = best_route(board, _with(sheet, block, _cafe_tourists(rules, sheet, links), drawn))
    last = links[-1]
    grows = bool(ends & set(board.link_vertices[last]))
    near = sum(sum(sheet.tourists[b]) for b in board.links[last].blocks)
    return after.total + END * grows + TOUCH * _touches(rules, sheet, last) + NEAR * near


def _link_worth(rules: ExploreNewYork, sheet: Sheet, link: int, ends: set[int], pair: bool
                ) -> float:
    """A link's worth; with `pair`, a first link along the turn's block is worth its best
    second link."""
    if pair and rules.block_sides[sheet.block] >> link & 1:
        seconds = bits(rules.board.touching[link] & ~sheet.links & ~(1 << link))
        if seconds:
            return max(_links_worth(rules, sheet, (link, second), ends) for second in seconds)
    return _links_worth(rules, sheet, (link,), ends)


def _block_worth(rules: ExploreNewYork, sheet: Sheet, block: int, types: tuple[int, ...],
                 ends: set[int], pair: bool) -> float:
    """The tourists drawn here, then this turn's best link (or pair of links) from it."""
    board = rules.board
    kind = board.blocks[block].attraction
    match = MATCH * sum(TOURISTS[t] == kind for t in types)
    placed = _with(sheet, block, types, 0)
    placed = Sheet(placed.tourists, placed.filled | 1 << block, placed.links, placed.cafes, block)
    sides = [s for s in board.blocks[block].sides if not sheet.links >> s & 1]
    if not sides:
        return match + best_route(board, placed).total
    return match + max(_link_worth(rules, placed, s, ends, pair) for s in sides)


def _tourist_worth(rules: ExploreNewYork, sheet: Sheet, route: Route, name: str) -> float:
    """A single tourist: the type with most attractions of its kind along the current route."""
    blocks = rules.board.blocks
    return sum(blocks[b].attraction == name for b in route.blocks) + (
        MATCH * (blocks[sheet.block].attraction == name))


def _cards_worth(rules: ExploreNewYork, view: State, sheet: Sheet, discard: int,
                 ends: set[int]) -> float:
    """Keeping the other two cards: the best empty block they give (by `_block_worth`, one
    link: the pair lookahead over every block a "*" allows would be slow) and their +1s."""
    kept = tuple(c for c in view.revealed if c != discard)
    a, b = (rules.board.cards[c].coord for c in kept)
    types = _turn_tourists(rules, kept)
    allowed = rules.allowed[a, b] & ~sheet.filled
    plus = sum(rules.board.cards[c].plus for c in kept) * END
    if not allowed:
        return float(plus)
    return plus + max(_block_worth(rules, sheet, blk, types, ends, pair=False)
                      for blk in bits(allowed))
