"""Every trail of a small network, enumerated: the reference the exact trail search is checked
against (the engine's trail tests and Explore New York's scoring tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def brute_force(ends: Sequence[tuple[int, int]], score: Callable[[int], float]) -> float:
    """The best score over every trail, each enumerated edge by edge from every vertex."""
    best = score(0)

    def extend(here: int, used: int) -> None:
        nonlocal best
        best = max(best, score(used))
        for edge, (u, v) in enumerate(ends):
            if not used >> edge & 1 and here in (u, v):
                extend(v if here == u else u, used | 1 << edge)

    for start in {v for pair in ends for v in pair}:
        extend(start, 0)
    return best
