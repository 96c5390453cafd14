"""Explore New York's finale damage: a sweep's area is reported once, not again the next frame.

The kit reports every tween's area where it paints now and where it painted last frame (a
sprite's pixels must go). A final sweep's `area` (final_paint.Sweep) already holds every pixel
that changed since the progress painted last, so its last frame's area is redrawn for nothing;
and since the finale's glow and boxes move on alternate frames (final_paint.on_grid), that
stale area was a redraw pass every other frame (with both: 2.8 -> 2.05 passes a finale frame
at four seats).
A mixin of ENYRenderer (scene.py), before the panel kit (its `tween_damage`).
"""

from __future__ import annotations

import pygame

from .final_paint import Sweep


class FinaleDamage:
    """The tweens' damage without the final sweeps' areas of the frame before."""

    def tween_damage(self) -> list[pygame.Rect]:
        """The kit's, then the areas kept for the next frame left without the sweeps' (only in
        the finale: the only tweens with a sweep; not when one tween may paint anywhere: the
        kit's whole board then stays for the next frame)."""
        out = super().tween_damage()  # type: ignore[misc]
        reach = self._reach[1]  # type: ignore[attr-defined]
        if self.view is not None and self.view.routes and reach:  # type: ignore[attr-defined]
            moved = self._moved  # type: ignore[attr-defined]
            self._last_areas = [rect for tween, rect in reach.items()
                                if tween not in moved and not isinstance(tween.paint, Sweep)]
        return out
