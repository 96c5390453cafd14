"""Ticket to Ride: Paris: which layers a change of the tweens' holds can reach.

Most refreshes during an animation come from a tween letting go of what it held back (a card
landing in a seat's count, a bus dropping onto its route): the view, the language and the row
lit are those of the last refresh, and only the layers that read the holds that changed can
differ. The room (scene.py, `refresh`) then asks those layers' keys alone, not all of them
(~15 keys, ~0.1 ms in a frame after a sleep). Each kind of hold is listed with the layers whose
keys read it; a kind not listed sends the room back to asking every layer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

# kinds of holds as (kind, seat, ...) that the seat's row reads (its counts, its flag cards)
SEAT_KINDS = frozenset({"cards", "front", "front_show"})
HAND_KINDS = frozenset({"hand", "flipping", "unflipped"})  # read by the viewer's hand strip
NO_LAYER = frozenset({"offer"})  # read only by the ticket choice, drawn every frame


def changed_holds(before: Counter, now: Counter) -> list[tuple]:
    """The holds whose count differs between two Counters (a count going from 2 to 1 too)."""
    if before is now:
        return []
    return [held for held in before.keys() | now.keys() if before.get(held, 0) != now.get(held, 0)]


def layers_reached(changed: Iterable[tuple], map_layer: str) -> set[str] | None:
    """The names of the layers whose keys read these holds; None if one is of a kind not
    listed here (then every layer's key must be asked)."""
    names: set[str] = set()
    for held in changed:
        kind = held[0]
        if kind in SEAT_KINDS:
            names.add(f"seat{held[1]}")
        elif kind == "tickets":  # a seat's ticket count, and the hand's tickets if it is shown
            names.update((f"seat{held[1]}", "hand"))
        elif kind in HAND_KINDS:
            names.add("hand")
        elif kind == "slot":
            names.add(f"slot{held[1]}")
        elif kind == "route":
            names.add(map_layer)
        elif kind not in NO_LAYER:
            return None
    return names
