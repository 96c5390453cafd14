"""Ticket to Ride: Paris score track: every seat's score on a lane of its own, ticks every 10
points, each seat's bar ending at its emblem.

Its own module beside the seat panels (seats_panel.py): the track shares nothing with the
player panels but the scores as shown (the room's `shown_scores`, counting up after the events
that changed them), and repaints on its own, within the lanes' stretch a score moved along.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui import theme
from game.ui.damage import blit_columns
from game.ui.paint import draw_seat_emblem, seat_dark
from game.ui.panels import Panel

from .layout import TRACK_BOX

EMBLEM_MAX = 16  # px around a score's spot on the track its emblem (20 px at most) may reach


class TrackPanel(Panel):
    """A compact score track: one lane per seat, ticks every 10 points."""

    # Its painter puts the background back itself: under the whole track, or, while a score
    # counts up on the same scale, under the lanes' stretch between the old and the new score.
    RESTORE = False

    def paint_static(self, surface: pygame.Surface) -> None:
        """The track's plate."""
        pygame.draw.rect(surface, theme.PANEL, pygame.Rect(TRACK_BOX), border_radius=16)

    def key(self) -> tuple[int, ...]:
        """The scores as shown (counting up)."""
        return tuple(self.room.shown_scores())

    def paint(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """The track within what changed since it was last painted (all of it, or the lanes'
        stretch a score moved along), over the background put back there."""
        scores = self.room.shown_scores()
        area = self.moved_area(self.room.layers.shown_key(self.name), scores) or self.rect
        clip = canvas.get_clip()
        canvas.set_clip(area.clip(clip))
        blit_columns(canvas, self.room.layers.static, area)
        self.paint_track(canvas, scores, area)
        canvas.set_clip(clip)
        return [area]

    def moved_area(self, before: Any, scores: list[int]) -> pygame.Rect | None:
        """Every pixel a change from the scores `before` to `scores` may touch, if the scale
        stayed the same: from the lowest to the highest of their old and new emblems' edges,
        across their lanes (None: the whole track)."""
        if before is None or len(before) != len(scores):
            return None
        scale = self._scale(scores)
        if self._scale(list(before)) != scale:
            return None
        moved = [seat for seat, (a, b) in enumerate(zip(before, scores)) if a != b]
        if not moved:
            return None
        _, lo, x0, span, lane_top, lane_h = scale
        reach = EMBLEM_MAX  # an emblem's half width and its edge, and the bar's half width
        xs = [x0 + (v - lo) * span for seat in moved for v in (before[seat], scores[seat])]
        ys = [lane_top + lane_h * (seat + 0.5) for seat in moved]
        left, right = math.floor(min(xs)) - reach, math.ceil(max(xs)) + reach
        top_y, bottom_y = math.floor(min(ys)) - reach, math.ceil(max(ys)) + reach
        return pygame.Rect(left, top_y, right - left, bottom_y - top_y).clip(self.rect)

    def _scale(self, scores: list[int]) -> tuple:
        """The track's scale for these scores: the highest and lowest ticks, where the lowest
        sits, pixels a point, the lanes' top and height."""
        box = pygame.Rect(TRACK_BOX)
        top = max(40, math.ceil((max(scores + [0]) + 6) / 20) * 20)
        lo = min(0, math.floor(min(scores + [0]) / 20) * 20)
        x0, x1 = box.x + 34, box.right - 34
        return top, lo, x0, (x1 - x0) / (top - lo), box.y + 12, 52 / self.room.players

    def paint_track(self, canvas: pygame.Surface, scores: list[int],
                    area: pygame.Rect | None = None) -> None:
        """Ticks and labels, then each seat's bar ending at its emblem; with an `area` (the
        canvas clipped to it), only those that reach into it (a score counting up repaints a
        stretch of its lane a frame: the rest, clipped away, cost calls and no pixel)."""
        players = self.room.players
        top, lo, x0, span, lane_top, lane_h = self._scale(scores)
        bottom = lane_top + lane_h * players
        left, right = (-math.inf, math.inf) if area is None else (area.left, area.right)
        for v in range(lo, top + 1, 10):
            x = x0 + (v - lo) * span
            if x + TICK_REACH >= left and x - TICK_REACH <= right:
                pygame.draw.line(canvas, theme.PANEL_LIGHT, (x, lane_top), (x, bottom), 2)
            if v % 20 == 0:
                label = theme.text(str(v), theme.SMALL_SIZE, theme.TEXT_DIM)
                spot = label.get_rect(midtop=(x, bottom + 4))
                if area is None or spot.colliderect(area):
                    canvas.blit(label, spot)
        zero = x0 - lo * span
        for seat in range(players):
            y = lane_top + lane_h * (seat + 0.5)
            x = x0 + (scores[seat] - lo) * span
            if area is not None and not _lane_reaches(area, zero, x, y):
                continue
            pygame.draw.line(canvas, seat_dark(seat), (zero, y), (x, y), 6)
            draw_seat_emblem(canvas, seat, (x, y), min(20, lane_h + 6))


TICK_REACH = 3  # px either side of a tick's x its 2 px line may touch


def _lane_reaches(area: pygame.Rect, zero: float, x: float, y: float) -> bool:
    """True if a lane's bar (from `zero` to `x`, 6 px thick at `y`) or its emblem (at x, y,
    EMBLEM_MAX around) may touch `area`."""
    return (y + EMBLEM_MAX >= area.top and y - EMBLEM_MAX <= area.bottom
            and max(zero, x) + EMBLEM_MAX >= area.left and min(zero, x) - EMBLEM_MAX <= area.right)
