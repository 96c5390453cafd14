"""Ticket to Ride: Paris: the French flag's celebration on a seat's row (seats_panel.py queues
it): the three flag cards gather, then a tricolour pops up with the points."""

from __future__ import annotations

import pygame
import pytweening

from game.ui import theme
from game.ui.paint import INK

from . import sprites as sp
from .board import COLORS, FLAG_COLORS
from .layout import FLAG_CARD


def burst_area(rect: pygame.Rect, label: str, slots: list[pygame.Rect]) -> pygame.Rect:
    """Every pixel `flag_burst` paints: the cards' way to the flag, the flag at its largest
    (easeOutBack overshoots by a tenth), and the points beside it."""
    spot = (rect.x + 120, rect.centery)
    flag = pygame.Rect(0, 0, 140, 100)
    flag.center = spot
    text = theme.text(label, theme.BODY_SIZE, theme.ACCENT, True).get_rect()
    box = pygame.Rect(flag.right + 10, spot[1] - text.h // 2 - 10, text.w + 30, text.h + 20)
    return flag.unionall([*slots, box]).inflate(24, 24)


def flag_burst(rect: pygame.Rect, label: str, slots: list[pygame.Rect]):
    """Paint: the three flag cards gather, then a tricolour pops up with the points."""
    names = [COLORS[c] for c in FLAG_COLORS]
    spot = (rect.x + 120, rect.centery)

    def paint(canvas: pygame.Surface, p: float) -> None:
        if p < 0.35:
            q = pytweening.easeInCubic(p / 0.35)
            for name, r in zip(names, slots):
                card = sp.transport_card(name, *FLAG_CARD)
                x = r.centerx + (spot[0] - r.centerx) * q
                y = r.centery + (spot[1] - r.centery) * q
                canvas.blit(card, card.get_rect(center=(round(x), round(y))))
            return
        k = pytweening.easeOutBack((p - 0.35) / 0.65)
        flag = pygame.Rect(0, 0, max(2, int(120 * k)), max(2, int(80 * k)))
        flag.center = spot
        shadow = flag.inflate(12, 12)
        pygame.draw.rect(canvas, INK, shadow, border_radius=8)
        sp.tricolour(canvas, flag)
        text = theme.text(label, theme.BODY_SIZE, theme.ACCENT, True)
        box = text.get_rect(midleft=(flag.right + 20, spot[1])).inflate(20, 12)
        pygame.draw.rect(canvas, INK, box, border_radius=10)
        canvas.blit(text, text.get_rect(center=box.center))
    return paint
