"""Explore New York scoring: the final route and its points (Antes de puntuar, determinar el
recorrido final; Cálculo de puntos de victoria).

The final route is the trail of the seat's links that scores most, found exactly by the general
search of game.engine.trails (the score only grows with more links, as that search needs).
Points along a route: for each tourist type, the tourists on the route's blocks times that
type's attractions on them; each café on the route 3; each smiley 6; the stars 4/12/24/36 for
1/2/3/4. A block is on the route when a link along one of its sides is (a corner touch is not);
a café when the route passes its intersection.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.core import Detail
from game.engine.trails import best_trail, bits

from .board import GAME_ID, TOURISTS, Board
from .state import Route, Sheet

K = GAME_ID + "."
CATEGORIES: tuple[str, ...] = (*TOURISTS, "cafes", "smileys", "stars")


@dataclass(frozen=True)
class Counts:
    """What a route passes: tourists and attractions per type, cafés, smileys, stars."""

    tourists: tuple[int, int, int]
    attractions: tuple[int, int, int]
    cafes: int
    smileys: int
    stars: int


class RouteScorer:
    """Scores edge sets of one sheet's drawn links (edge i = the sheet's i-th link, lowest
    index first): the callback of the trail search, so built once per search."""

    def __init__(self, board: Board, sheet: Sheet) -> None:
        self.board = board
        self.links = bits(sheet.links)
        self.ends = tuple(board.link_vertices[k] for k in self.links)
        self.block_bits = tuple(board.link_blocks[k] for k in self.links)
        self.cafe_bits = tuple(board.link_cafes[k] for k in self.links)
        masks = board.attraction_masks
        self.attraction_masks = tuple(masks[t] for t in TOURISTS)
        self.smiley_mask, self.star_mask = masks["smiley"], masks["star"]
        self.occupied = tuple((1 << b, sheet.tourists[b]) for b in bits(sheet.filled))

    def areas(self, edges: int) -> tuple[int, int]:
        """(blocks, cafés) along an edge set, as bitmasks."""
        blocks = cafes = 0
        for edge in bits(edges):
            blocks |= self.block_bits[edge]
            cafes |= self.cafe_bits[edge]
        return blocks, cafes

    def counts(self, blocks: int, cafes: int) -> Counts:
        """What a route along these blocks and through these cafés passes."""
        tourists = [0, 0, 0]
        for bit, counts in self.occupied:
            if blocks & bit:
                tourists[0] += counts[0]
                tourists[1] += counts[1]
                tourists[2] += counts[2]
        attractions = tuple((blocks & m).bit_count() for m in self.attraction_masks)
        return Counts(tuple(tourists), attractions, cafes.bit_count(),
                      (blocks & self.smiley_mask).bit_count(),
                      (blocks & self.star_mask).bit_count())

    def points(self, counts: Counts) -> tuple[tuple[str, int], ...]:
        """Points by category (CATEGORIES order)."""
        b = self.board
        return (*((t, n * a) for t, n, a in zip(TOURISTS, counts.tourists, counts.attractions)),
                ("cafes", counts.cafes * b.cafe_points),
                ("smileys", counts.smileys * b.smiley_points),
                ("stars", b.star_points[counts.stars]))

    def __call__(self, edges: int) -> int:
        """The total points of a route over these edges (the search's score): `points` summed,
        inlined (the search calls it for every trail it cannot extend)."""
        blocks, cafes = self.areas(edges)
        circles = squares = triangles = 0
        for bit, (c, s, t) in self.occupied:
            if blocks & bit:
                circles += c
                squares += s
                triangles += t
        m_circle, m_square, m_triangle = self.attraction_masks
        b = self.board
        return (circles * (blocks & m_circle).bit_count()
                + squares * (blocks & m_square).bit_count()
                + triangles * (blocks & m_triangle).bit_count()
                + cafes.bit_count() * b.cafe_points
                + (blocks & self.smiley_mask).bit_count() * b.smiley_points
                + b.star_points[(blocks & self.star_mask).bit_count()])


def best_route(board: Board, sheet: Sheet) -> Route:
    """The seat's final route: the trail of its links with the most points (exact; among equal
    trails the search's first, so a map whose every trail scores 0 keeps an empty route)."""
    scorer = RouteScorer(board, sheet)
    trail = best_trail(scorer.ends, scorer)
    blocks, cafes = scorer.areas(trail.mask)
    start = trail.start
    return Route(tuple(scorer.links[e] for e in trail.edges), start, tuple(bits(blocks)),
                 tuple(bits(cafes)), scorer.points(scorer.counts(blocks, cafes)))


ROUTES_KEPT = 4096  # routes `known_route` remembers (emptied when full: a game's bots search
# ~10-30 what-if sheets a decision)
_known_routes: dict[tuple[int, int, tuple], tuple[Board, Route]] = {}


def known_route(board: Board, sheet: Sheet) -> Route:
    """`best_route`, remembered by what the search reads of the sheet (its links and tourists,
    which blocks hold them). The bots search the sheet each option would make (bot.py), on the
    bot worker's thread, so the sheet a bot's move makes is searched before the move lands:
    the renderer's search of it (~0.1-0.25 ms in a paced frame, in about half of the heaviest
    frames of a four-bot game) and the final routes find it done. Shared by both threads (a
    dict's get and set are atomic); the same board only (kept with the route, by identity)."""
    key = (sheet.links, sheet.filled, sheet.tourists)
    known = _known_routes.get(key)
    if known is not None and known[0] is board:
        return known[1]
    if len(_known_routes) >= ROUTES_KEPT:
        _known_routes.clear()
    route = best_route(board, sheet)
    _known_routes[key] = (board, route)
    return route


def route_details(board: Board, route: Route, sheet: Sheet) -> tuple[Detail, ...]:
    """The scoring boxes of a route, one Detail per category, with the counts behind them."""
    scorer = RouteScorer(board, sheet)
    counts = scorer.counts(sum(1 << b for b in route.blocks), sum(1 << c for c in route.cafes))
    points = dict(route.points)
    out = [Detail(t, K + "detail.tourists",
                  (("tourist", K + "tourist." + t), ("count", n), ("attractions", a)), points[t])
           for t, n, a in zip(TOURISTS, counts.tourists, counts.attractions)]
    out.append(Detail("cafes", K + "detail.cafes",
                      (("count", counts.cafes), ("each", board.cafe_points)), points["cafes"]))
    out.append(Detail("smileys", K + "detail.smileys",
                      (("count", counts.smileys), ("each", board.smiley_points)),
                      points["smileys"]))
    out.append(Detail("stars", K + "detail.stars", (("count", counts.stars),), points["stars"]))
    return tuple(out)
