"""Ticket to Ride: Paris: the next tween's landing worked out ahead, in a frame that paints nothing.

Most refreshes during an animation come from one tween ending (a card landing in a seat's count
or a face-up slot, a ticket reaching its pile): the frame it ends in worked out the holds left,
the layers they reach and those layers' keys before painting what changed (~0.1 ms of the
~0.17 ms such a frame added). While nothing but the clock moves, all of that follows from the
queue alone: `planning` works it out in earlier frames that repaint nothing, as
`TTRRenderer._refresh_reached` would once the tween ended, and `land` takes it in the frame it
ends in, if that frame finds the queue, the view and the layers just as the plan foresaw (else
the room works it all out, as before). Only what the holds reach is planned: no score counting
up, no row still to light, no claim (the map), no layer pending, no `late` tween still waiting.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Hashable
from dataclasses import dataclass
from typing import Any

from game.ui.i18n import language

from .reach import changed_holds, layers_reached


@dataclass(frozen=True, slots=True)
class Landing:
    """What the refresh of the frame the next tween ends in does, worked out ahead."""

    view: Any  # the view it was worked out for
    limit: int  # the layers the refresh may repaint (its budget)
    after: list  # the queue once the tween ended (the same tweens, by identity)
    holds: Counter  # the holds then (`Timeline.holds` of that queue)
    shown: tuple  # (layer, the key it shows) of every layer reached: still so when it lands
    paints: tuple  # (layer spec, its key) of the layers to repaint then, in order
    pending: tuple[str, ...]  # the layers found dirty beyond the frame's budget


def planning(room: Any, limit: int) -> Generator[None, None, Landing | None]:
    """Work out the refresh of the frame the next tween to end ends in, if it can be foreseen
    (see the module docstring), repainting at most `limit` layers as `_refresh_reached` does,
    in two steps (it pauses between: each a frame's piece, ~0.04 ms): the queue and holds
    left and the layers they reach, then those layers' keys. Returns the plan, or None."""
    timeline, layers = room.timeline, room.layers
    tweens, clock = timeline.tweens, timeline.clock
    if (not tweens or room.seats.lighting or layers._pending or layers._unsure
            or any(room.score_hold) or room._asked_all != (room.view, language())
            or not _asked_now(room)):
        return None
    if any(tw.tag is not None or (tw.late and tw.start > clock) for tw in tweens):
        return None  # a score counting up, or holds starting later: not foreseen
    end = min(tw.start + tw.dur for tw in tweens)
    after = [tw for tw in tweens if tw.start + tw.dur > end]
    if not after:  # the last tween: the refresh then asks every layer
        return None
    holds = Counter([key for tw in after for key in tw.holds])
    reached = layers_reached(changed_holds(room.holds, holds), room.map_panel.name)
    if reached is None or room.map_panel.name in reached:
        return None
    yield
    dirty = _dirty_with(room, holds, reached)
    # (as `_refresh_reached`: two layers only if the first is the track, PAIRED)
    painted = 1 if dirty and dirty[0][0][0] != "track" else limit
    shown = tuple((name, layers.shown_key(name)) for name in reached)
    return Landing(room.view, limit, after, holds, shown, tuple(dirty[:painted]),
                   tuple(spec[0] for spec, _ in dirty[painted:]))


def _asked_now(room: Any) -> bool:
    """True if the scores shown, the row lit and the move log's text made are those the
    layers were last asked with (else a refresh reaches more than the holds do)."""
    return (room.shown_scores() == room._scores_asked and room.seats.lit == room._lit_asked
            and room.hand.log.ready == room._log_asked)


def _dirty_with(room: Any, holds: Counter, reached: set[str]) -> list[tuple[tuple, Hashable]]:
    """The specs and keys of the layers reached whose keys differ from those shown, the
    room's holds being `holds` meanwhile (the keys read them through the room)."""
    layers, was = room.layers, room.holds
    room.holds = holds
    try:
        dirty = []
        for spec in room._specs:
            if spec[0] in reached:
                key = spec[2]()
                if layers.shown_key(spec[0]) != key:
                    dirty.append((spec, key))
        return dirty
    finally:
        room.holds = was


def land(room: Any, plan: Landing | None, limit: int) -> bool:
    """Take the plan in the frame its tween ended in, if it foresaw this frame (the same
    budget and queue left, view and language, nothing asked anew, the layers reached showing
    what they did): the holds, the repaints and the pending layers as the refresh would work
    them out (no score counts up: none held back); False (nothing done) if not."""
    layers = room.layers
    if (plan is None or plan.limit != limit or room.timeline.tweens != plan.after
            or plan.view is not room.view or layers._pending or layers._unsure or room._asked_all != (room.view, language())
            or room.seats.lighting or not _asked_now(room)
            or any(layers.shown_key(name) is not key for name, key in plan.shown)):
        return False
    room.holds, room.score_hold = plan.holds, [0.0] * room.players
    for (name, area, _, paint, restore, clip), key in plan.paints:
        layers.paint_region(name, area, key, paint, restore, clip)
    room._repainted += len(plan.paints)
    layers._pending = plan.pending
    return True
