"""Every trail of a small network, enumerated: the reference the exact trail search is checked
against (the engine's trail tests and Explore New York's scoring tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def brute_force(ends: Sequence[tuple[int, int]], score: Callable[[int], float]) -> float:
    """The best score over every trail, each enumerated edge by edge from every vertex (a
    trail that reaches a vertex with the same edges used as one already walked has the same
    continuations, so it is walked once)."""
    best = score(0)
    walked: set[tuple[int, int]] = set()  # what can follow depends only on (here, used)

    def extend(here: int, used: int) -> None:
        nonlocal best
        if (here, used) in walked:
            return
        walked.add((here, used))
        best = max(best, score(used))
        for edge, (u, v) in enumerate(ends):
            if not used >> edge & 1 and here in (u, v):
                extend(v if here == u else u, used | 1 << edge)

    for start in {v for pair in ends for v in pair}:
        extend(start, 0)
    return best
