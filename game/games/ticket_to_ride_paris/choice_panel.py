"""Ticket to Ride: Paris ticket choice: the drawn tickets as big cards over the dimmed map.

A modal panel over the map, drawn per frame while the viewer chooses tickets (at the start or
after drawing some): while it is up, its cards are the only targets and the map draws no
option glows. Each big card shows the two places on a thumbnail of the map; the focused card's
two landmarks are ringed on the dimmed map itself.
"""

from __future__ import annotations

import pygame

from game.engine.core import Prompt, Target
from game.ui import theme
from game.ui.paint import RING_GROW, fast, ring, veil
from game.ui.panels import Panel, PanelRoom
from game.ui.render_kit import translator

from . import sprites as sp
from .layout import OPTION
from .sprites import MARKER_R
from .state import EMPTY, KEEP_TICKETS, SETUP_TICKETS

t = translator("ticket_to_ride_paris.scene.")

OVERLAY_CARD = (540, 240)
THUMB = (230, 140)


class TicketChoicePanel(Panel):
    """The viewer's ticket choice, over the map."""

    LAYERED = False

    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """Over `rect` (the map's); the big cards are built on first use."""
        super().__init__(room, rect, "choice")
        self._thumb: pygame.Surface | None = None
        self._big_tickets: dict[int, pygame.Surface] = {}
        self.drawn = False  # the choice was drawn last frame (the room notes it when skipping
        # `draw_options`: none is up)

    def view_damage(self) -> list[pygame.Rect]:
        """The overlay's rect while it was or is up (a new view may change or end it)."""
        return [self.rect.copy()] if self.drawn or self.offered() else []

    def offered(self) -> tuple[int, ...]:
        """Tickets the viewer is choosing from right now (empty when no choice is up)."""
        view, seat = self.view, self.viewer
        if view is None or seat is None or view.phase not in (KEEP_TICKETS, SETUP_TICKETS):
            return ()
        offered = view.offered[seat]
        if not offered or EMPTY in offered:
            return ()
        return offered

    def modal(self) -> bool:
        """Up while the viewer chooses tickets."""
        return bool(self.offered())

    def card_rects(self, n: int) -> list[pygame.Rect]:
        """The big ticket cards of a choice of n: rows of two (three past four), centred."""
        gap = 40
        cols = min(n, 2) if n <= 4 else 3
        w = min(OVERLAY_CARD[0], (self.rect.w - 80 - (cols - 1) * gap) // max(1, cols))
        h = OVERLAY_CARD[1]
        rows = -(-n // max(1, cols))
        top = self.rect.centery - (rows * h + (rows - 1) * gap) // 2 + 20
        rects = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = self.rect.centerx - (in_row * w + (in_row - 1) * gap) // 2
            rects.append(pygame.Rect(x0 + col * (w + gap), top + row * (h + gap), w, h))
        return rects

    def targets(self, view) -> dict[Target, pygame.Rect]:
        """The offered tickets' cards."""
        offered = self.offered()
        return {("ticket", self.room.board.tickets[tk].id): rect
                for tk, rect in zip(offered, self.card_rects(len(offered)))}

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """The choice: dim the map, show the drawn tickets (those arrived) as big cards."""
        tickets = self.offered()
        self.drawn = bool(tickets)
        if not tickets:
            return
        canvas.blit(veil(self.rect.size, 200), self.rect)
        rects = self.card_rects(len(tickets))
        title, hint = self._texts()
        plate = self._plate(rects[0])
        pygame.draw.rect(canvas, theme.PANEL, plate, border_radius=18)
        pygame.draw.rect(canvas, theme.PANEL_LIGHT, plate, 3, border_radius=18)
        cx = self.rect.centerx
        canvas.blit(title, title.get_rect(midbottom=(cx, rects[0].y - 66)))
        canvas.blit(hint, hint.get_rect(midbottom=(cx, rects[0].y - 24)))
        arrived = len(tickets) - self.holds.get(("offer", self.viewer), 0)
        for i, (tk, rect) in enumerate(zip(tickets, rects)):
            if i >= arrived:
                continue
            ticket = self.room.board.tickets[tk]
            canvas.blit(self._big_ticket(tk, rect.size), rect)
            key = ("ticket", ticket.id)
            if key in options:
                ring(canvas, rect.inflate(10, 10), OPTION, 3,
                     self.pulse(rect.inflate(10 + RING_GROW, 10 + RING_GROW)))
            if focus == key:
                self._endpoints(canvas, ticket)

    def _texts(self) -> tuple[pygame.Surface, pygame.Surface]:
        return (theme.text(t("choose_tickets"), theme.HEADING_SIZE, theme.TEXT, True),
                theme.text(t("choose_hint"), theme.BODY_SIZE, theme.TEXT_DIM))

    def _plate(self, first: pygame.Rect) -> pygame.Rect:
        """The plate of the overlay's title and subtitle, above the first ticket card."""
        title, hint = self._texts()
        cx = self.rect.centerx
        return title.get_rect(midbottom=(cx, first.y - 66)).union(
            hint.get_rect(midbottom=(cx, first.y - 24))).inflate(60, 28)

    def keep_clear(self) -> list[pygame.Rect]:
        """The title plate while the choice is up (a hint's callout avoids it)."""
        tickets = self.offered()
        return [self._plate(self.card_rects(len(tickets))[0])] if tickets else []

    def _big_ticket(self, ticket: int, size: tuple[int, int]) -> pygame.Surface:
        """The overlay card of a ticket (built on first use, then cached for the match)."""
        card = self._big_tickets.get(ticket)
        if card is None or card.get_size() != size:
            board, loc = self.room.board, self.room.map_panel.loc
            tk = board.tickets[ticket]
            kx, ky = THUMB[0] / self.rect.w, THUMB[1] / self.rect.h
            ox, oy = self.rect.topleft
            pa, pb = (((loc[i][0] - ox) * kx, (loc[i][1] - oy) * ky) for i in (tk.a, tk.b))
            card = sp.big_ticket(board.locations[tk.a].name, board.locations[tk.b].name,
                                 tk.points, size[0], size[1], self._map_thumb(), pa, pb)
            self._big_tickets[ticket] = card
        return card

    def _map_thumb(self) -> pygame.Surface:
        """The empty map, small (the big cards' picture), from the static background."""
        if self._thumb is None:
            self._thumb = fast(pygame.transform.smoothscale(
                self.room.layers.static.subsurface(self.rect), THUMB), alpha=False)
        return self._thumb

    def _endpoints(self, canvas: pygame.Surface, ticket) -> None:
        """Ring the two landmarks of the focused ticket on the dimmed map."""
        points = [self.room.map_panel.loc[loc] for loc in (ticket.a, ticket.b)]
        reach = MARKER_R + 16  # the ring at its widest, and its 5 px line
        breath = self.pulse(*(pygame.Rect(p[0] - reach - 1, p[1] - reach - 1, 2 * reach + 3,
                                          2 * reach + 3) for p in points))
        r = MARKER_R + 10 + 4 * breath
        for p in points:
            sp.marker(canvas, p)
            pygame.draw.circle(canvas, theme.FOCUS, p, r, 5)
