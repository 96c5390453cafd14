"""Explore New York bot heuristic: plan each step with the exact final-route score in mind.

GreedyBot calls `evaluate(rules, view, prompt)` for one score per option. Every option is
tried on the seat's own map and scored by the best route that map would then allow (the same
exact search as the final scoring), plus a small lookahead for what the route can still
become: links growing the route from one of its ends or touching the network, tourists near a
link, tourists matching their block's attraction. A first link along the turn's block is worth
its best second link, and a block its best links this turn; the discard keeps the pair of cards
whose best block is worth most. Weights were tuned on seeds 20-39 (2 and 4 players), on the
map before issue #27. Each seat adds its own taste (taste.py), so that equal bots play apart.
"""

from __future__ import annotations

from game.engine.core import Prompt
from game.engine.hints import Reason
from game.engine.trails import bits

from .board import TOURISTS
from .rules import ExploreNewYork
from .scoring import known_route
from .state import Route, Sheet, State
from .taste import FAVOURITE, Taste, taste_of, tolerance

END = 2.0  # a link growing the best route from one of its ends
TOUCH = 0.5  # a link touching the drawn network: it can join the route later
NEAR = 0.5  # per tourist on a block a link runs along (a block worth routing past)
MATCH = 2.0  # per new tourist whose type is its block's attraction


def evaluate(rules: ExploreNewYork, view: State, prompt: Prompt) -> list[float]:
    """One score per option of the prompt (higher is better): its worth to the route with
    the seat's own taste (taste.py), so that equal bots at different seats play apart.

    The options within the turn's tolerance of the best are near-ties: they all score the best
    plus the seat's pull towards them, so the seat's taste picks among them (the cost of a
    choice is never more than the tolerance); the others keep their worth."""
    taste = taste_of(view, prompt.player, len(rules.board.blocks), len(rules.board.links))
    drawn = {v for k in bits(view.sheets[prompt.player].links)
             for v in rules.board.link_vertices[k]}  # intersections the seat's links reach
    worths = [w + _liking(rules, view, prompt, taste, o.action, drawn)
              for w, o in zip(worth(rules, view, prompt), prompt.options)]
    best, near = max(worths), tolerance(view.turn, prompt.player, view.players)
    scores = [best + _pull(rules, taste, o.action) if w >= best - near else w
              for w, o in zip(worths, prompt.options)]
    _search_chosen(rules, view, prompt, scores)
    return scores


def _search_chosen(rules: ExploreNewYork, view: State, prompt: Prompt,
                   scores: list[float]) -> None:
    """Search the sheet the best option makes (those tied: the bot picks one) if the what-ifs
    did not (a block's tourists alone, the first link of a pair): here, on the bot worker's
    thread, the renderer then finds its route known (scoring.known_route)."""
    sheet, top = view.sheets[prompt.player], max(scores)
    for option, score in zip(prompt.options, scores):
        action = option.action
        if score < top - 1e-9:
            continue
        if action[0] == "block":
            lone = prompt.kind == "lone_block"
            types = () if lone else _turn_tourists(rules, view.turn_cards)
            known_route(rules.board, _placed(sheet, rules.board.block_at(*action[1:]), types))
        elif action[0] == "link":
            _route_after(rules, sheet, (action[1],))


def _pull(rules: ExploreNewYork, taste: Taste, action: tuple) -> float:
    """The seat's seeded pull towards a block or a link (its tie-break among near-ties)."""
    if action[0] == "block":
        return taste.block_pull[rules.board.block_at(*action[1:])]
    if action[0] == "link":
        return taste.link_pull[action[1]]
    return 0.0


def _liking(rules: ExploreNewYork, view: State, prompt: Prompt, taste: Taste, action: tuple,
            drawn: set[int]) -> float:
    """How much the seat's taste likes an option: its favourite tourists, closing loops or
    not (a point or so; `drawn`: the intersections its links reach)."""
    board = rules.board
    if action[0] == "block":
        types = () if prompt.kind == "lone_block" else _turn_tourists(rules, view.turn_cards)
        return FAVOURITE * types.count(taste.favourite)
    if action[0] == "link":
        return taste.loops * all(v in drawn for v in board.link_vertices[action[1]])
    if action[0] == "tourist":
        return FAVOURITE * (TOURISTS.index(action[1]) == taste.favourite)
    if action[0] == "discard":
        kept = tuple(c for c in view.revealed if c != action[1])
        return FAVOURITE * _turn_tourists(rules, kept).count(taste.favourite)
    return 0.0


def worth(rules: ExploreNewYork, view: State, prompt: Prompt) -> list[float]:
    """One score per option: what it does for the seat's best route (no taste)."""
    sheet = view.sheets[prompt.player]
    route = known_route(rules.board, sheet)
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
    last = links[-1]
    grows = bool(ends & set(board.link_vertices[last]))
    near = sum(sum(sheet.tourists[b]) for b in board.links[last].blocks)
    return (_route_after(rules, sheet, links) + END * grows + TOUCH * _touches(rules, sheet, last)
            + NEAR * near)


def _route_after(rules: ExploreNewYork, sheet: Sheet, links: tuple[int, ...]) -> int:
    """The best route's points once these links are drawn (the cafés they reach included)."""
    block = sheet.block if sheet.block >= 0 else None
    drawn = sum(1 << k for k in links)
    return known_route(rules.board, _with(sheet, block, _cafe_tourists(rules, sheet, links),
                                         drawn)).total


def _link_worth(rules: ExploreNewYork, sheet: Sheet, link: int, ends: set[int], pair: bool
                ) -> float:
    """A link's worth; with `pair`, a first link along the turn's block is worth its best
    second link."""
    if pair and rules.block_sides[sheet.block] >> link & 1:
        seconds = bits(rules.board.touching[link] & ~sheet.links & ~(1 << link))
        if seconds:
            return max(_links_worth(rules, sheet, (link, second), ends) for second in seconds)
    return _links_worth(rules, sheet, (link,), ends)


def _placed(sheet: Sheet, block: int, types: tuple[int, ...]) -> Sheet:
    """The sheet with this turn's tourists drawn in `block`, now the turn's block."""
    placed = _with(sheet, block, types, 0)
    return Sheet(placed.tourists, placed.filled | 1 << block, placed.links, placed.cafes, block)


def _free_sides(rules: ExploreNewYork, sheet: Sheet, block: int) -> list[int]:
    """The block's sides with no link drawn yet."""
    return [s for s in rules.board.blocks[block].sides if not sheet.links >> s & 1]


def _block_worth(rules: ExploreNewYork, sheet: Sheet, block: int, types: tuple[int, ...],
                 ends: set[int], pair: bool) -> float:
    """The tourists drawn here, then this turn's best link (or pair of links) from it."""
    board = rules.board
    kind = board.blocks[block].attraction
    match = MATCH * sum(TOURISTS[t] == kind for t in types)
    placed = _placed(sheet, block, types)
    sides = _free_sides(rules, sheet, block)
    if not sides:
        return match + known_route(board, placed).total
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


# -- the Hint's reason (capability move_reasons) --------------------------------------------
WHY = "explore_new_york.hint.why."


def reason(rules: ExploreNewYork, view: State, prompt: Prompt, index: int) -> Reason | None:
    """Why the Normal bot's choice is good, in points of the seat's best route where it can
    say (None: the room's text for the prompt kind says it)."""
    sheet = view.sheets[prompt.player]
    now = known_route(rules.board, sheet).total
    action = prompt.options[index].action
    if action[0] == "link":
        return _link_reason(rules, sheet, now, action[1], prompt)
    if action[0] == "block":
        lone = prompt.kind == "lone_block"
        types = () if lone else _turn_tourists(rules, view.turn_cards)
        return _reach(now, _block_reach(rules, sheet, rules.board.block_at(*action[1:]), types))
    if action[0] == "discard":
        kept = tuple(c for c in view.revealed if c != action[1])
        return _reach(now, _cards_reach(rules, sheet, kept))
    if action[0] == "tourist":
        blocks = rules.board.blocks
        route = known_route(rules.board, sheet)
        along = sum(blocks[b].attraction == action[1] for b in route.blocks)
        return Reason(WHY + "tourist", (("count", along),)) if along else None
    return None


def _reach(now: int, then: int) -> Reason | None:
    """'Your best route can reach {then} points (now {now})', when that is a gain."""
    return Reason(WHY + "reach", (("now", now), ("then", then))) if then > now else None


def _link_reason(rules: ExploreNewYork, sheet: Sheet, now: int, link: int, prompt: Prompt
                 ) -> Reason | None:
    """Points the link (with its best second link, for a first link along the turn's block)
    brings; else that it grows the route from an end or joins the drawn streets."""
    board = rules.board
    then = _route_after(rules, sheet, (link,))
    if prompt.kind == "link" and prompt.message.endswith(".link") and (
            rules.block_sides[sheet.block] >> link & 1):
        seconds = bits(board.touching[link] & ~sheet.links & ~(1 << link))
        then = max([then, *(_route_after(rules, sheet, (link, k)) for k in seconds)])
    if then > now:
        return _reach(now, then)
    if route_ends(rules, known_route(board, sheet)) & set(board.link_vertices[link]):
        return Reason(WHY + "grows")
    return Reason(WHY + "touches") if _touches(rules, sheet, link) else None


def _block_reach(rules: ExploreNewYork, sheet: Sheet, block: int, types: tuple[int, ...]) -> int:
    """The best route once the tourists are drawn in `block` and one link is drawn along it."""
    placed = _placed(sheet, block, types)
    sides = _free_sides(rules, sheet, block)
    if not sides:
        return known_route(rules.board, placed).total
    return max(_route_after(rules, placed, (side,)) for side in sides)


def _cards_reach(rules: ExploreNewYork, sheet: Sheet, kept: tuple[int, ...]) -> int:
    """The best route the two kept turn cards allow (their best block, one link)."""
    a, b = (rules.board.cards[c].coord for c in kept)
    allowed = rules.allowed[a, b] & ~sheet.filled
    types = _turn_tourists(rules, kept)
    return max((_block_reach(rules, sheet, blk, types) for blk in bits(allowed)),
               default=known_route(rules.board, sheet).total)
