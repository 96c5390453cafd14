"""Next Station: Paris: every text the board paints, noted where it went.

Each panel writes through the room's `Scribe`, which paints the text and notes it under the
layer or score region being painted (`begin`): `board_geometry` and the tests read them (sums
that add up, labels that hide nothing, nothing under 24 px). A region's notes are replaced each
time it is painted again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import theme
from game.ui.paint import fit_text, wrap

from .sprites import numeral


@dataclass(frozen=True, slots=True)
class Written:
    """A piece of text painted on the board: what it says, where, in which font size."""

    text: str
    rect: pygame.Rect
    size: int


class Scribe:
    """Paints texts and notes each one under the region being painted."""

    def __init__(self) -> None:
        """No region painted yet."""
        self.written: dict[str, list[Written]] = {}  # per layer or region, the text it shows
        self._region = ""  # the layer or region being painted (what `write` notes goes there)

    def begin(self, region: str) -> None:
        """A layer or region is painted again: what it writes replaces what it held."""
        self._region = region
        self.written[region] = []

    def painting(self, region: str, paint: Callable[[pygame.Surface], Any]
                 ) -> Callable[[pygame.Surface], Any]:
        """`paint` for a region: it begins that region first (what it returns, returned)."""
        def run(surface: pygame.Surface) -> Any:
            self.begin(region)
            return paint(surface)
        return run

    def write(self, surface: pygame.Surface, text: str, size: int, color: tuple,
              bold: bool = False, width: int | None = None, **anchor: Any) -> pygame.Rect:
        """Paint a text (shortened to `width` if given) where `anchor` says, and note it;
        returns its rect."""
        img = (theme.text(text, size, color, bold) if width is None
               else fit_text(text, size, width, color, bold))
        rect = img.get_rect(**anchor)
        surface.blit(img, rect)
        self.note(text, rect, size)
        return rect

    def number(self, surface: pygame.Surface, text: str, size: int, color: tuple,
                **anchor: Any) -> pygame.Rect:
        """Paint a bold number of a score zone (rendered before play: `sprites.numeral`) where
        `anchor` says, and note it; returns its rect."""
        img = numeral(text, size, color)
        rect = img.get_rect(**anchor)
        surface.blit(img, rect)
        self.note(text, rect, size)
        return rect

    def note(self, text: str, rect: pygame.Rect, size: int) -> None:
        """Note a text painted in the region being painted."""
        self.written.setdefault(self._region, []).append(Written(text, pygame.Rect(rect), size))

    def keep(self, notes: list[Written | None]) -> None:
        """Note texts painted in the region being painted, as made already (None: none)."""
        self.written.setdefault(self._region, []).extend(
            [note for note in notes if note is not None])

    def heading(self, surface: pygame.Surface, text: str, box: pygame.Rect, y: int) -> int:
        """A side panel's heading at `y` in `box`; returns the y under it."""
        return self.write(surface, text, theme.SMALL_SIZE, theme.ACCENT, True, box.w - 20,
                          topleft=(box.x + 10, y)).bottom + 2

    def paragraph(self, surface: pygame.Surface, text: str, x: int, y: int, width: int,
                  bottom: int) -> tuple[int, int]:
        """Wrapped small text; returns the y under it and its last line's width (stops at
        `bottom`)."""
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        last = 0
        for line in wrap(text, theme.SMALL_SIZE, width):
            if y + line_h > bottom:
                break
            last = self.write(surface, line, theme.SMALL_SIZE, theme.TEXT, topleft=(x, y)).w
            y += line_h
        return y, last
