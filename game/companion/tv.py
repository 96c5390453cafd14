"""What the TV shows of the companion: a card with the QR code of the phone page's address and
the room code, on the title and seat screens while the server listens."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.i18n import t
from game.ui.widgets import draw_text, panel

if TYPE_CHECKING:
    from game.ui.app import App

CARD_W, QR_SIZE, PAD = 300, 248, 26
QUIET = 2  # modules of white border: a QR reader needs a quiet zone round the code


@lru_cache(maxsize=4)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """`text` as a QR code, `size` pixels square, black on white (segno builds the matrix)."""
    import segno

    matrix = [list(row) for row in segno.make(text, error="m", boost_error=False).matrix]
    modules = len(matrix) + 2 * QUIET
    small = pygame.Surface((modules, modules))
    small.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x + QUIET, y + QUIET), (0, 0, 0))
    return pygame.transform.scale(small, (size, size))  # nearest-neighbour: crisp modules


def card_rect(bottomright: tuple[int, int]) -> pygame.Rect:
    """Where the join card goes when anchored at `bottomright`."""
    rect = pygame.Rect(0, 0, CARD_W, QR_SIZE + 3 * PAD + 2 * theme.SMALL_SIZE + 20)
    rect.bottomright = bottomright
    return rect


def draw_join_card(surface: pygame.Surface, app: App, bottomright: tuple[int, int]) -> None:
    """The QR code and room code, if phones may join now (nothing otherwise)."""
    companion = app.companion
    if not companion.running:
        return
    rect = card_rect(bottomright)
    panel(surface, rect, theme.PANEL)
    draw_text(surface, t("phone.scan"), (rect.centerx, rect.y + PAD // 2), theme.SMALL_SIZE,
              theme.TEXT, "midtop")
    qr = qr_surface(companion.url(), QR_SIZE)
    surface.blit(qr, qr.get_rect(midtop=(rect.centerx, rect.y + PAD + theme.SMALL_SIZE + 8)))
    draw_text(surface, t("phone.room", code=companion.code),
              (rect.centerx, rect.bottom - PAD // 2), theme.BODY_SIZE, theme.ACCENT,
              "midbottom", True)
