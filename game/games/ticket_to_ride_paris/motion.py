"""Ticket to Ride: Paris moving sprites: painters that know where they paint at each moment.

A card flying across the right column covered a rect as large as its whole path in every frame
of its flight (`fly_area`): a fifth of the canvas redrawn for an 88x124 card. These painters
paint exactly as `game.ui.paint.fly` (and `delayed`) do, and also answer `where(p)`: the rect
the sprite covers at eased progress `p`. The room's `tween_damage` (scene.py) then reports only
where each sprite was last frame and where it is now, and nothing once it stops moving (a bus
that has landed in its slot and waits for the rest of its route).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

Point = Sequence[float]


class Flight:
    """Paint: the sprite travels from a to b (centres) along an arc `arc` px high (`paint.fly`)."""

    def __init__(self, sprite: pygame.Surface, a: Point, b: Point, arc: float = 50) -> None:
        """A flight of `sprite` from `a` to `b`."""
        self.sprite, self.a, self.b, self.arc = sprite, a, b, arc

    def where(self, p: float) -> pygame.Rect:
        """The rect the sprite covers at eased progress `p`."""
        a, b = self.a, self.b
        x = a[0] + (b[0] - a[0]) * p
        y = a[1] + (b[1] - a[1]) * p - self.arc * math.sin(math.pi * p)
        return self.sprite.get_rect(center=(round(x), round(y)))

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Paint the sprite where it is at `p`."""
        canvas.blit(self.sprite, self.where(p))


class Delayed:
    """Paint: a moving painter's first frame for the first `still` fraction of the tween, then
    the rest of it with its own ease (`paint.delayed`: a card that waits in its slot, then
    flies)."""

    def __init__(self, inner: Flight, still: float, ease: Callable[[float], float]) -> None:
        """`inner` held still, then eased."""
        self.inner, self.still, self.ease = inner, still, ease

    def inner_progress(self, p: float) -> float:
        """The inner painter's progress at this one's `p`."""
        return self.ease(max(0.0, (p - self.still) / (1.0 - self.still))) if self.still < 1 else 0.0

    def where(self, p: float) -> pygame.Rect:
        """The rect the inner painter covers at `p`."""
        return self.inner.where(self.inner_progress(p))

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Paint the inner painter at its own progress."""
        self.inner(canvas, self.inner_progress(p))


class Drop:
    """Paint: a bus falls into its slot with a bounce (the first `frac` of the tween), then sits
    there until the route is shown."""

    FALL = 70  # px above its slot the bus starts from

    def __init__(self, bus: pygame.Surface, c: Point, frac: float, bounce: Callable) -> None:
        """`bus` dropping onto centre `c`, eased by `bounce` while it falls."""
        self.bus, self.c, self.frac, self.bounce = bus, c, frac, bounce

    def where(self, p: float) -> pygame.Rect:
        """The rect the bus covers at progress `p`."""
        q = min(1.0, p / self.frac) if self.frac > 0 else 1.0
        y = self.c[1] - self.FALL * (1.0 - self.bounce(q))
        return self.bus.get_rect(center=(round(self.c[0]), round(y)))

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Paint the bus where it is at `p`."""
        canvas.blit(self.bus, self.where(p))


def moving_damage(now: dict, before: dict) -> list[pygame.Rect]:
    """The rects to redraw for moving sprites: for each, where it was drawn last frame and where
    it is now, unless it stands where it stood (the same sprite at the same rect: the same
    pixels). `now`/`before` map each painter's key to its rect (absent: not drawn)."""
    out = []
    for key in now.keys() | before.keys():
        was, is_ = before.get(key), now.get(key)
        if was == is_:
            continue
        out += [r for r in (was, is_) if r is not None]
    return out
