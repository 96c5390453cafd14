"""Explore New York with three or four people: whose map is large (issue #27).

Everyone charts at once, but one map is drawn large (848 px: every symbol >= 24 px at 1080p).
It zooms on the person choosing now: the one who last moved their cursor or answered. A
person keeps it while they keep moving (`HOLD` seconds after their last move), so cursors
moving together never make the board flicker between maps; a person who has finished
choosing for the round hands it at once to one still choosing (the latest to move). While
nobody is choosing (the cards turning over, a bot discarding) it stays where it is.

`Zoom` only notes who moved when (the renderer tells it what each frame's cursors are and
who answered) and picks the seat; the renderer lays the board out again (scene.py) and paints
the move over it for a moment (`ZoomMove`: the old board fading out, the person's map growing
from its small place into the large one). Its clock is the players' (seconds,
`time.monotonic`), not the animations' (which the speed setting scales, and "instant" stops);
a test gives it one counting its frames.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame
import pytweening

from game.engine.core import Target
from game.ui.board_api import BOARD_RECT

from .state import CHART, DISCARD, State

HOLD = 1.0  # seconds a person keeps the large map after their last move while still choosing


def choosing(view: State) -> set[int]:
    """The seats that still have a choice to make this round: the first player while they
    discard, every seat with tasks left while the turn is charted."""
    if view.phase == DISCARD:
        return {view.first}
    if view.phase == CHART:
        return {seat for seat, queue in enumerate(view.queues) if queue}
    return set()


class Zoom:
    """When each person last moved their cursor or answered, and whose map that makes large."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        """No move seen yet; `clock` tells the time in seconds."""
        self.clock = clock
        self.moved: dict[int, float] = {}  # seat -> clock of its last move or answer
        self._cursors: Mapping[int, Target | None] = {}  # last frame's focus per seat

    def acted(self, seat: int) -> None:
        """The seat moved its cursor or answered just now."""
        self.moved[seat] = self.clock()

    def saw(self, cursors: Mapping[int, Target | None]) -> None:
        """This frame's cursors (seat -> focused target): a cursor on another target than
        last frame has moved (or its seat answered and its next prompt put it elsewhere: an
        answer, too); one that only appears, after its seat's own animation, has not."""
        for seat, target in cursors.items():
            before = self._cursors.get(seat)
            if target is not None and before is not None and target != before:
                self.acted(seat)
        self._cursors = dict(cursors)

    def pick(self, people: Sequence[int], live: set[int], holder: int) -> int:
        """The person whose map is large now (`live`: the seats still choosing; `holder`:
        whose map is large now)."""
        candidates = [seat for seat in people if seat in live]
        if not candidates:
            return holder
        latest = max(candidates, key=self._last)  # ties: the first in seat order
        if holder not in candidates:
            return latest  # finished for the round: the large map goes to one still choosing
        if self._last(latest) > self._last(holder) and self.clock() - self._last(holder) >= HOLD:
            return latest
        return holder

    def _last(self, seat: int) -> float:
        return self.moved.get(seat, -math.inf)


@dataclass(frozen=True)
class ZoomMove:
    """The board laid out again for another person: the old board fades out over the new one
    while that person's map grows from its small place into the large one."""

    old_board: pygame.Surface  # the board shown before (the renderer keeps it, unchanged)
    grown: pygame.Surface  # the person's large map on the new board (a live subsurface)
    small: pygame.Rect  # where its map was small
    large: pygame.Rect  # where it is large now
    start: float  # on the zoom's clock
    color: tuple[int, int, int]  # its seat's, framing it as on the board

    def paint(self, canvas: pygame.Surface, left: float) -> None:
        """Paint over the new board (`left`: the share of the move still to run, 1 to 0)."""
        self.old_board.set_alpha(round(255 * pytweening.easeInQuad(left)))
        canvas.blit(self.old_board, BOARD_RECT)
        self.old_board.set_alpha(None)  # the renderer keeps that board to come back to
        p = pytweening.easeOutCubic(1.0 - left)
        rect = pygame.Rect(
            round(self.small.x + (self.large.x - self.small.x) * p),
            round(self.small.y + (self.large.y - self.small.y) * p),
            round(self.small.w + (self.large.w - self.small.w) * p),
            round(self.small.h + (self.large.h - self.small.h) * p))
        rect.move_ip(BOARD_RECT.topleft)
        pygame.draw.rect(canvas, self.color, rect.inflate(8, 8), border_radius=10)
        canvas.blit(pygame.transform.scale(self.grown, rect.size), rect)
