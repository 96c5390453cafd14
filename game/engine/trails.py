"""The best trail of an undirected multigraph, exactly: each edge at most once, vertices may be
revisited, open or closed (a loop), chosen to maximise a score over the set of its edges.

Used by Explore New York's final route (a non-additive score: tourists x attractions along the
route) and by anyone wanting the longest trail by edge weight (`longest_trail`). Edges are
given as (u, v) vertex pairs (parallel edges and loops u == v allowed), an edge set as a bitmask
over edge indices.

**The score must be monotone**: adding edges to a set never lowers it (non-negative weights,
coverage counts, products of such counts). Then some best trail is *maximal* (no unused edge at
either end), and that fact makes an exact search small:

1. The best trail lies inside one connected component; a component's own score bounds every
   trail in it, so components are tried best bound first and skipped once beaten.
2. A component with at most two odd-degree vertices is a trail as a whole (Euler).
3. Otherwise a maximal trail is open (a maximal closed trail would be the whole component) and
   both of its ends have all their edges used, so it starts at an odd-degree vertex; and it
   passes every degree-2 vertex either on both of its edges or on neither. So chains through
   degree-2 vertices are merged into single edges, and only trails from odd vertices over that
   smaller multigraph are walked, each (edges used, current vertex) state once (the state fixes
   the trail's other end), scoring only states that cannot be extended.
4. The search stops as soon as a trail reaches the component's bound.

The answer is exact: every maximal trail of the component is reachable by step 3's walk.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Score = Callable[[int], float]  # edge-set bitmask -> score, monotone


@dataclass(frozen=True, slots=True)
class Trail:
    """A trail: its score, its edges in walking order and the vertex it starts from (None for
    the empty trail)."""

    score: float
    edges: tuple[int, ...]
    start: int | None

    @property
    def mask(self) -> int:
        """The trail's edges as a bitmask."""
        out = 0
        for edge in self.edges:
            out |= 1 << edge
        return out


def longest_trail(ends: Sequence[tuple[int, int]], weights: Sequence[float]) -> Trail:
    """The trail of greatest total edge weight (weights must be >= 0)."""
    if len(weights) != len(ends):
        raise ValueError(f"{len(weights)} weights for {len(ends)} edges")
    if any(w < 0 for w in weights):
        raise ValueError("edge weights must be >= 0 (the search needs a monotone score)")
    return best_trail(ends, lambda mask: _weight_of(mask, weights))


def _weight_of(mask: int, weights: Sequence[float]) -> float:
    """The total weight of an edge set."""
    total = 0.0
    while mask:
        low = mask & -mask
        total += weights[low.bit_length() - 1]
        mask ^= low
    return total


def best_trail(ends: Sequence[tuple[int, int]], score: Score) -> Trail:
    """The trail whose edge set scores most (ties: the first found, deterministically)."""
    best = Trail(score(0), (), None)
    components = sorted(((score(mask), mask) for mask in _components(ends)),
                        key=lambda found: -found[0])
    for bound, mask in components:
        if bound <= best.score:
            break
        found_score, found_mask, start = _best_in_component(ends, mask, bound, score)
        if found_score > best.score:
            best = Trail(found_score, walk(ends, found_mask, start), start)
    return best


def _components(ends: Sequence[tuple[int, int]]) -> list[int]:
    """The edge bitmask of each connected component (union-find over vertices)."""
    parent: dict[int, int] = {}

    def root(v: int) -> int:
        parent.setdefault(v, v)
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for u, v in ends:
        parent[root(u)] = root(v)
    masks: dict[int, int] = {}
    for edge, (u, _) in enumerate(ends):
        top = root(u)
        masks[top] = masks.get(top, 0) | 1 << edge
    return list(masks.values())


def _degrees(ends: Sequence[tuple[int, int]], mask: int) -> dict[int, int]:
    """Vertex degrees in the edge set (a loop counts twice)."""
    degree: dict[int, int] = {}
    for edge in bits(mask):
        u, v = ends[edge]
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    return degree


def bits(mask: int) -> list[int]:
    """The indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _best_in_component(ends: Sequence[tuple[int, int]], mask: int, bound: float,
                       score: Score) -> tuple[float, int, int]:
    """(score, edge mask, start vertex) of the best trail in one connected component."""
    degree = _degrees(ends, mask)
    odd = sorted(v for v, d in degree.items() if d % 2)
    if len(odd) <= 2:
        return bound, mask, odd[0] if odd else ends[bits(mask)[0]][0]
    search = _ChainWalk(_chains(ends, mask, degree), score, bound)
    # Each open trail is scored from its lower end, so none starts from the highest odd vertex.
    for start in odd[:-1]:
        if search.extend(start, 0, 0, start):
            break
    return search.best, search.best_edges, search.best_start


class _ChainWalk:
    """Step 3 of the module docstring: trails from odd vertices over merged chains, each
    (chains used, current vertex) state once."""

    def __init__(self, chains: list[tuple[int, int, int]], score: Score, bound: float) -> None:
        self.incident: dict[int, list[tuple[int, int, int]]] = {}  # node: (bit, far, edges)
        for index, (u, v, edges) in enumerate(chains):
            self.incident.setdefault(u, []).append((1 << index, v, edges))
            if v != u:
                self.incident.setdefault(v, []).append((1 << index, u, edges))
        self.score, self.bound = score, bound
        self.seen: set[tuple[int, int]] = set()
        self.best, self.best_edges, self.best_start = float("-inf"), 0, -1

    def extend(self, node: int, used: int, edges: int, start: int) -> bool:
        """Walk on from `node` (chains `used` so far, covering `edges`); True once a trail
        reaches the component's bound (the search stops)."""
        key = (used, node)
        if key in self.seen:
            return False
        self.seen.add(key)
        stuck = True
        for bit, far, chain_edges in self.incident[node]:
            if not used & bit:
                stuck = False
                if self.extend(far, used | bit, edges | chain_edges, start):
                    return True
        # A stuck walk is a maximal trail; its reverse is walked from `node`: score it once.
        if stuck and start <= node:
            value = self.score(edges)
            if value > self.best:
                self.best, self.best_edges, self.best_start = value, edges, start
                return value >= self.bound
        return False


def _around(ends: Sequence[tuple[int, int]], mask: int) -> dict[int, list[tuple[int, int]]]:
    """Per vertex of an edge set: its (edge, other end) pairs (a loop is listed once)."""
    around: dict[int, list[tuple[int, int]]] = {}
    for edge in bits(mask):
        u, v = ends[edge]
        around.setdefault(u, []).append((edge, v))
        if v != u:
            around.setdefault(v, []).append((edge, u))
    return around


def _chains(ends: Sequence[tuple[int, int]], mask: int, degree: dict[int, int]
            ) -> list[tuple[int, int, int]]:
    """The component's edges merged through degree-2 vertices: (end, end, edge mask) chains
    between vertices of other degrees (a chain may return to its own end: a loop)."""
    around = _around(ends, mask)
    done = 0
    chains = []
    for node in sorted(v for v, d in degree.items() if d != 2):
        for edge, other in around[node]:
            if done >> edge & 1:
                continue
            done |= 1 << edge
            edges, here = 1 << edge, other
            while degree[here] == 2:
                edge = next(e for e, _ in around[here] if not done >> e & 1)
                done |= 1 << edge
                edges |= 1 << edge
                u, v = ends[edge]
                here = v if u == here else u
            chains.append((node, here, edges))
    return chains


def walk(ends: Sequence[tuple[int, int]], mask: int, start: int) -> tuple[int, ...]:
    """The edges of a trail set in walking order from `start` (Hierholzer's algorithm); the
    set must be connected with `start` odd, or with no odd vertex at all."""
    around = _around(ends, mask)
    used = 0
    stack: list[tuple[int, int]] = [(start, -1)]  # (vertex, edge that led there)
    order: list[int] = []
    while stack:
        here, came_by = stack[-1]
        edges = around.get(here, [])
        while edges and used >> edges[-1][0] & 1:
            edges.pop()
        if edges:
            edge, other = edges.pop()
            used |= 1 << edge
            stack.append((other, edge))
        else:
            stack.pop()
            if came_by >= 0:
                order.append(came_by)
    order.reverse()
    return tuple(order)


def is_trail(ends: Sequence[tuple[int, int]], edges: Sequence[int], start: int | None) -> bool:
    """True if `edges`, walked in order from `start`, form a trail (no edge twice)."""
    if not edges:
        return True
    if len(set(edges)) != len(edges) or start is None:
        return False
    here = start
    for edge in edges:
        u, v = ends[edge]
        if here not in (u, v):
            return False
        here = v if here == u else u
    return True
