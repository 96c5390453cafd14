"""What every Urban Sprawl panel shares: option rings, the focus frame and the card zoom.

A panel rings each option it offered (in the prompt's order: a target offered twice rings
twice), frames the focused one, and on a card (a row slot, a pile top, a seat's planning card or
Favour) shows the card zoomed left of the rows with its whole text (card_text.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import pygame

from game.engine.core import Prompt, Target
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.i18n import language
from game.ui.paint import RING_GROW, ring
from game.ui.panels import Panel

from . import sprites as sp
from .layout import OPTION, RIGHT_X, RING_GAP

P = TypeVar("P", bound="USPanel")


def by_view(key: Callable[[P], Hashable]) -> Callable[[P], Hashable]:
    """A panel's key that reads only the room's view, its holds and the language, computed once
    for each of them: a refresh asks every key each frame something counts up, and the room
    keeps its holds object while what they hold is unchanged (scene.USRenderer.refresh)."""
    @functools.wraps(key)
    def memo(self: P) -> Hashable:
        stamp = (self.view, self.holds, language())
        last = self.key_memo
        if last is not None and last[0] is stamp[0] and last[1] is stamp[1] and last[2] == stamp[2]:
            return last[3]
        value = key(self)
        self.key_memo = (*stamp, value)
        return value
    return memo


class USPanel(Panel):
    """An Urban Sprawl panel: white option rings, a pulsing focus frame, a zoom on cards."""

    room: Any  # scene.USRenderer (not imported here: no import circle through scene.py)
    key_memo: tuple | None = None  # (view, holds, language, key) of the last `by_view` key

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """A white ring around every option's place this panel offered."""
        if prompt is None:
            return
        owner, placed = self.room.owners(), self.room.placed()
        rings = [placed[o.target].inflate(RING_GAP, RING_GAP) for o in prompt.options
                 if o.target is not None and owner.get(o.target) is self and o.target in placed]
        if not rings:
            return
        breath = self.pulse(*(r.inflate(RING_GROW, RING_GROW) for r in rings))
        for rect in rings:
            ring(canvas, rect, OPTION, 3, breath, radius=10)

    def draw_focus(self, canvas: pygame.Surface, focus: Target, rect: pygame.Rect,
                   prompt: Prompt | None) -> None:
        """The focus frame, then the zoomed card on a card."""
        frame = rect.inflate(6, 6)
        pygame.draw.rect(canvas, sp.INK, frame.inflate(6, 6), 3, border_radius=14)
        ring(canvas, frame, theme.FOCUS, 5, self.pulse(frame.inflate(RING_GROW, RING_GROW)),
             radius=12)
        card = self.card_at(focus)
        if card in self.room.board.cards:  # nothing to zoom on an empty slot or face-down card
            self.zoom(canvas, card, rect)

    def card_at(self, target: Target) -> str | None:
        """The card shown at one of this panel's targets (None: no card there)."""
        return None

    def zoom(self, canvas: pygame.Surface, card: str, near: pygame.Rect) -> None:
        """The focused card at twice its size with its whole text beside it, left of the rows
        and panels (over the city), so that it never hides another option of the card
        prompts."""
        panel = self.room.faces.zoom_panel(card)
        rect = panel.get_rect(topright=(RIGHT_X - 16, near.y))
        canvas.blit(panel, rect.clamp(BOARD_RECT.inflate(-16, -16)))
