"""Explore New York's card turning over reports where it paints (cards_panel.TurningOver.area):
its whole slot until first painted, then the card where it stands, which a frame redrawing only
that (and last frame's, as the kit adds) draws exactly as a whole redraw."""

from __future__ import annotations

import pygame

from game.games.explore_new_york import sprites as sp
from game.games.explore_new_york.cards_panel import LIFT, SLOT_EDGE, turn_over
from game.games.explore_new_york.rules import ExploreNewYork
from game.ui import theme


def _slot_backdrop(size: tuple[int, int], rect: pygame.Rect) -> pygame.Surface:
    """The column under a card turning over: panel, the empty slot's outline near its edges."""
    surface = pygame.Surface(size)
    surface.fill(theme.PANEL)
    pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 3, border_radius=14)
    return surface


def _flip(rect: pygame.Rect):
    rules = ExploreNewYork()
    back = sp.card_back(rect.w, rect.h)
    face = sp.card_face(rules.board.cards[7], rect.w, rect.h)
    return turn_over(back, face, rect)


def test_a_turning_card_reports_its_slot_until_painted_then_where_it_stands():
    pygame.init()
    rect = pygame.Rect(60, 60, 240, 170)
    card = _flip(rect)
    assert card.area(0.3) == card.whole and card.whole.contains(rect.inflate(8, 8))
    card(pygame.Surface((400, 300)), 0.0)
    narrow = card.area(0.45)
    assert narrow.h == rect.h and narrow.w < rect.w // 3
    assert narrow.centerx == rect.centerx and narrow.bottom < rect.bottom  # it rose
    assert card.area(1.0).w == rect.w


def test_frames_redrawn_where_it_reports_equal_whole_redraws():
    """Each frame redraws the backdrop and the card only in its area now and last frame's (the
    kit's tween damage), at 60 fps over the flip; the canvas equals a whole redraw each frame
    (its edge covering the slot's outline stays covered)."""
    pygame.init()
    size, rect = (400, 300), pygame.Rect(60, 60 + LIFT, 240, 170)
    assert rect.w > 4 * SLOT_EDGE
    backdrop = _slot_backdrop(size, rect)
    card, whole_card = _flip(rect), _flip(rect)
    canvas = backdrop.copy()
    last: pygame.Rect | None = None
    frames = 24
    for k in range(frames + 1):
        p = k / frames
        area = card.area(p)
        for clip in [area] + ([last] if last is not None else []):
            canvas.set_clip(clip)
            canvas.blit(backdrop, (0, 0))
            card(canvas, p)
        canvas.set_clip(None)
        last = area
        whole = backdrop.copy()
        whole_card(whole, p)
        assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(whole, "RGB"), p
