"""The part both layers of an Urban Sprawl player panel share (seat_head.py's head, seat_panel.py's
body): `SeatPart`, a part of one seat's panel whose turn outline it paints along its own edges,
in strips that stay apart on the screen (`outline_strips`)."""

from __future__ import annotations

import pygame

from game.ui.board_api import BOARD_RECT
from game.ui.damage import COLUMN
from game.ui.paint import seat_color
from game.ui.panels import PanelRoom

from .panel_base import Item, ItemPanel, turn_seat

FRAME_REACH = 12  # the turn outline's rounded corners lie this far inside the panel's edges
OUTLINE_WIDTH = 3  # ... and its line this far


class SeatPart(ItemPanel):
    """A part of one seat's panel (`whole`: the seat's panel rect), over the plate the head
    paints into the background: on the seat's turn both parts outline the panel in the seat's
    colour, each on its own part."""

    # A change of turn repaints the outline's strips (`outline_strips`: five, the line's ends
    # apart); a building landing at once (the turn's last move) adds a foot entry or two: kept
    # apart, not joined into the whole body, nor the line's ends into the line (a union that
    # adds nothing: the line would reach into the sides' columns again). A pass here is a
    # background blit and the few items it reaches; the shell joins its redraw passes itself.
    REPAINT_PASSES = 8
    REPAINT_WASTE = -1

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str, seat: int,
                 whole: pygame.Rect) -> None:
        """Part `rect` of seat `seat`'s panel `whole`."""
        super().__init__(room, rect, name)
        self.seat, self.whole = seat, whole

    def outline_items(self, *edges: str) -> list[Item]:
        """The outline on the seat's turn, as items along each edge of this part that it runs
        along (strips as deep as its rounded corners): a change of turn repaints the strips,
        not the panel."""
        whole, active = self.whole, self.seat == turn_seat(self.view)

        def draw(surf: pygame.Surface) -> None:
            if active:
                pygame.draw.rect(surf, seat_color(self.seat), whole, OUTLINE_WIDTH,
                                 border_radius=FRAME_REACH)
        return [Item(("outline", *part), active, strip, draw)
                for edge in edges for part, strip in outline_strips(whole, self.rect, edge)]


def outline_strips(whole: pygame.Rect, part: pygame.Rect, edge: str
                   ) -> list[tuple[tuple[str, ...], pygame.Rect]]:
    """((edge, piece...), strip) of the turn outline around `whole` along one `edge` of `part`:
    a side strip holds its rounded corners (FRAME_REACH wide); the top or bottom line between
    them is cut at the first and last whole COLUMN inside it (the pieces at its ends apart),
    so that the strips, widened to whole columns as the shell redraws and presents them
    (damage.merge), do not overlap: the line's ends then fall in the sides' columns, the line
    between them in columns of its own (overlapping, they were joined into one pass over the
    whole body: 480x500 redrawn and presented for three thin strips). No strip overlaps an
    item inside the outline (they would be repainted as their union)."""
    reach, line = FRAME_REACH, OUTLINE_WIDTH
    if edge == "left":
        return [((edge,), pygame.Rect(whole.x, part.y, reach, part.h))]
    if edge == "right":
        return [((edge,), pygame.Rect(whole.right - reach, part.y, reach, part.h))]
    y = whole.y if edge == "top" else whole.bottom - line
    shift = BOARD_RECT.x  # (the columns are the canvas's)
    start, end = whole.x + reach, whole.right - reach
    left = min(end, -(-(start + shift) // COLUMN) * COLUMN - shift)
    right = max(left, (end + shift) // COLUMN * COLUMN - shift)
    pieces = (((edge, "start"), start, left), ((edge,), left, right), ((edge, "end"), right, end))
    return [(name, pygame.Rect(x, y, x2 - x, line)) for name, x, x2 in pieces if x2 > x]
