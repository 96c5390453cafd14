"""What Ticket to Ride's room makes before its first frame, so that no frame makes it: fonts,
glyphs, counts and card pictures (each a fraction of a millisecond the first time)."""

from __future__ import annotations

from collections.abc import Sequence

from game.ui import theme

from .sprites import CARD_ORDER, card_back, ticket_back, transport_card

# What the room's repaints write with (size, bold), loaded and rendered ahead (`text_ahead`); the
# move log's own size (log_strip.MOVE_SIZE) is loaded by the strip.
TEXT_FONTS = ((theme.SMALL_SIZE, False), (theme.SMALL_SIZE, True), (theme.BODY_SIZE, False),
              (theme.BODY_SIZE, True), (theme.HEADING_SIZE, True))
# Every glyph a move, a name or a count may need, in English and Spanish.
GLYPHS = ("0123456789+-×?…:,.()' ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
          "áéíóúüñÁÉÍÓÚÑ¿¡")


def text_ahead(counts: int, figures: int) -> None:
    """Make, before the game's first frame, the text its repaints would otherwise make inside
    one: load each font (0.3-0.9 ms each, the first time a size is drawn), render every glyph
    once (the font's glyph cache: a glyph's first render is several times dearer), and render
    the counts 0..`counts` (piles and scores, large) and 0..`figures` (a seat's buses, cards
    and tickets) as their painters do (theme.text's cache)."""
    for size, bold in TEXT_FONTS:
        theme.font(size, bold).render(GLYPHS, True, theme.TEXT)
    for value in range(counts + 1):
        theme.text(str(value), theme.HEADING_SIZE, theme.TEXT, True)
    for value in range(figures + 1):
        theme.text(str(value), theme.BODY_SIZE, theme.TEXT, True)


def cards_ahead(faces: Sequence[tuple[int, int]], backs: Sequence[tuple[int, int]],
                tickets: Sequence[tuple[int, int]]) -> None:
    """Draw, before the game's first frame, every transport card's face at each of the sizes
    `faces` and the card and ticket backs at theirs (~0.1 ms each): a move's animation set-up
    (its landing frame) would otherwise draw the first cards of a colour it flies."""
    for w, h in faces:
        for color in CARD_ORDER:
            transport_card(color, w, h)
    for w, h in backs:
        card_back(w, h)
    for w, h in tickets:
        ticket_back(w, h)
