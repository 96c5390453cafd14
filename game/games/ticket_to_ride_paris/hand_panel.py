"""Ticket to Ride: Paris hand panel: the viewer's cards and tickets (bottom strip).

Cards are grouped by colour (large, with counts); tickets are chips as wide as their names, packed
into rows, a "+N more" chip standing for those that do not fit. With no seat to show (bots
only), the strip shows the table's latest moves instead (log_strip.py). While a route is paid
for, the hand groups that can pay glow. It animates the kept tickets flying into the strip and,
at the end, each ticket flipping to show whether it was completed.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import i18n, theme
from game.ui.damage import column_parts
from game.ui.paint import RING_GROW, flip, fly, ring, seat_color
from game.ui.panels import Panel, PanelRoom
from game.ui.render_kit import Batch, on_event, translator

from . import sprites as sp
from .board import COLORS
from .log_strip import MoveLogStrip, changed_boxes
from .rules import completed_tickets
from .state import OVER, State

t = translator("ticket_to_ride_paris.scene.")

HAND_CARD = (60, 86)
HAND_GAP = 8
TICKET_CHIP_H = 60
TICKET_GAP = 8


@dataclass(frozen=True, slots=True)
class TicketStrip:
    """The viewer's tickets in the hand strip: a rect per chip (None if it does not fit) and
    the "+N more" chip standing for the `hidden` ones."""

    chips: list[pygame.Rect | None]
    more: pygame.Rect | None
    hidden: int


class HandPanel(Panel):
    """The viewer's cards by colour and their ticket chips, or the table's latest moves."""

    # Its painter lays the strip's backdrop itself (`paint`): the move log's plain plate in one
    # blit, instead of the static background put back and then covered by the plate.
    RESTORE = False

    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """Place a slot per card colour, then the ticket area to their right."""
        super().__init__(room, rect, "hand")
        hx, hy = rect.x + 22, rect.y + 26
        self.card_rects = [pygame.Rect(hx + i * (HAND_CARD[0] + HAND_GAP), hy, *HAND_CARD)
                           for i in range(len(COLORS))]
        self.tickets_area = pygame.Rect(self.card_rects[-1].right + 30, rect.y + 8,
                                        rect.right - self.card_rects[-1].right - 42,
                                        rect.h - 16)
        self.log = MoveLogStrip(room.moves, self.rect)
        self._log_plate: pygame.Surface | None = None  # the backdrop of the move log
        # the layer's key when the move log was last painted, and its lines' boxes then
        # (`MoveLogStrip.composed_boxes`; none if drawn whole now)
        self._log_boxes: tuple[Hashable, dict] | None = None

    # == static background and layer ==============================================================
    def paint_static(self, surface: pygame.Surface) -> None:
        """The strip's plate and the card slots' outlines."""
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=18)
        for rect in self.card_rects:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 2, border_radius=10)

    def key(self) -> tuple:
        """Everything the hand strip shows."""
        view, seat, h = self.view, self.viewer, self.holds
        hand = view.hands[seat] if seat is not None else None
        if hand is None:
            return (seat, self.log_key(), i18n.language())
        # .get: a missing key's [] runs Counter.__missing__ in Python (a dozen keys, each key)
        return (seat, tuple(n - h.get(("hand", c), 0) for c, n in enumerate(hand)),
                view.tickets[seat],
                h.get(("tickets", seat), 0), view.owners, view.phase == OVER,
                tuple((h.get(("flipping", i), 0), h.get(("unflipped", i), 0))
                      for i in range(len(view.tickets[seat] or ()))))

    def shows_log(self) -> bool:
        """True while the strip shows the table's moves (no seat's hand may be shown)."""
        seat = self.viewer
        return seat is None or self.view.hands[seat] is None

    def see_view(self) -> None:
        """A new view (or viewer): note whether the strip shows the moves (`log_shown`, asked
        in every frame of an animation: a flag, not a look at the view)."""
        self.log_shown = self.shows_log()

    log_shown = False  # `shows_log()` as of the last view shown (`see_view`)

    def log_key(self) -> Hashable:
        """The moves the strip shows: while an animation runs, those whose text is made
        (`prepare_log` makes a new move's a piece a frame); at rest, all of them."""
        if not self.timeline:
            self.log.prepare(self.room.names, None)
        return self.log.ready

    def log_pending(self) -> bool:
        """True while the strip shows the moves and a move's text is still to make."""
        return self.log_shown and self.log.ready != self.room.moves.key()

    def prepare_log(self) -> bool:
        """One frame's piece of the moves' text, or of the strip drawn ahead with it
        (`MoveLogStrip.prepare`); True when the strip may now show more moves than it does."""
        if not self.log_shown or self.log.ready == self.room.moves.key():
            return False
        # the strip drawn ahead only while an animation runs: never in an idle frame
        return self.log.prepare(self.room.names, plate=self.log_plate if self.timeline else None)

    def paint(self, canvas: pygame.Surface) -> list[pygame.Rect] | None:
        """The viewer's cards grouped by colour (large, with counts) and their tickets (None:
        all of the strip repainted), or the move log (`_paint_log`)."""
        seat, view = self.viewer, self.view
        hand = view.hands[seat] if seat is not None else None
        if hand is None:  # nobody's hand may be shown: the table's latest moves instead
            return self._paint_log(canvas)
        self._log_boxes = None
        canvas.blit(self.room.layers.static, self.rect, self.rect)  # the slots' outlines
        pygame.draw.rect(canvas, seat_color(seat), pygame.Rect(self.rect.x, self.rect.y, 8,
                                                               self.rect.h), border_radius=4)
        for c, rect in enumerate(self.card_rects):
            n = max(0, hand[c] - self.holds.get(("hand", c), 0))
            if n == 0:
                continue
            canvas.blit(sp.transport_card(COLORS[c], *HAND_CARD), rect)
            sp.count_badge(canvas, (rect.right - 6, rect.y + 8), n)
        self._paint_tickets(canvas, view, seat)

    def _paint_log(self, canvas: pygame.Surface) -> list[pygame.Rect] | None:
        """The move log: drawn ahead over its plate (`MoveLogStrip.prepare`), only where its
        lines changed since the strip the layer shows was painted (the places each line's
        pixels lie in, before and after: a new move early in a game is two short lines, not
        the whole strip redrawn and presented), else whole; or the plate and its lines drawn
        now. The rects repainted (None: all of it)."""
        names, (x, y) = self.room.names, self.rect.topleft
        composed = self.log.composed(names)  # drawn ahead, or the plate alone
        boxes = self.log.composed_boxes() if composed is not None else {}
        shown, self._log_boxes = self._log_boxes, (self.key(), boxes)  # (shown once painted)
        # (no lines, or drawn now: not among the boxes, the strip is painted whole)
        if (boxes and shown is not None and shown[1]
                and shown[0] == self.room.layers.shown_key(self.name)):
            changed = changed_boxes(shown[1], boxes)
            for rect in changed:
                canvas.blit(composed, rect, rect.move(-x, -y))
            return changed
        plate = composed or self.log_plate()
        for part in column_parts(self.rect):  # the strip starts off a column: see COLUMN
            canvas.blit(plate, part, part.move(-x, -y))
        if composed is None:
            self.log.paint(canvas, names)
        return None

    def log_ahead(self) -> None:
        """The move log's plate and the surfaces its strip is drawn ahead on, made before
        play (each new strip-sized surface cost 0.3-2 ms in the frame that first needed it)."""
        self.log.surfaces_ahead(self.log_plate())

    def log_plate(self) -> pygame.Surface:
        """The move log's backdrop: the static background under the strip covered by a plain
        plate (no card slots), made once."""
        if self._log_plate is None:
            plate = self.room.layers.static.subsurface(self.rect).copy()
            pygame.draw.rect(plate, theme.PANEL, plate.get_rect(), border_radius=18)
            self._log_plate = plate
        return self._log_plate

    def _paint_tickets(self, canvas: pygame.Surface, view: State, seat: int) -> None:
        tickets = view.tickets[seat] or ()
        tickets = tickets[:max(0, len(tickets) - self.holds.get(("tickets", seat), 0))]
        if not tickets:
            msg = theme.text(t("no_tickets"), theme.SMALL_SIZE, theme.TEXT_DIM)
            canvas.blit(msg, msg.get_rect(midleft=(self.tickets_area.x + 10,
                                                   self.tickets_area.centery)))
            return
        status = self.ticket_status(view, seat, tickets)
        strip = self.strip_layout(tickets)
        for i, (tk, st, rect) in enumerate(zip(tickets, status, strip.chips)):
            if rect is None or self.holds.get(("flipping", i), 0):
                continue
            if self.holds.get(("unflipped", i), 0) and st == "failed":
                st = ""
            canvas.blit(self.chip(tk, rect, st), rect)
        if strip.more is not None:
            pygame.draw.rect(canvas, theme.PANEL_LIGHT, strip.more, border_radius=10)
            more = theme.text(t("more_tickets", count=strip.hidden), theme.SMALL_SIZE, theme.TEXT,
                              True)
            canvas.blit(more, more.get_rect(center=strip.more.center))

    # == the ticket strip's geometry ==============================================================
    def strip_layout(self, tickets: Sequence[int]) -> TicketStrip:
        """Where each ticket chip goes in the hand strip (as wide as its names, first fit in
        the rows), and the "+N more" chip if some do not fit."""
        widths: list[int | None] = [self._chip_width(tk) for tk in tickets]
        chips = _pack(widths, self.tickets_area)
        if all(chips):
            return TicketStrip(chips, None, 0)
        label = t("more_tickets", count=len(tickets))
        more = theme.font(theme.SMALL_SIZE, True).size(label)[0] + 2 * sp.CHIP_PAD
        for drop in (None, *reversed(range(len(widths)))):  # hide chips from the end until
            if drop is not None:                            # the "+N more" chip fits
                widths[drop] = None
            *chips, more_rect = _pack([*widths, more], self.tickets_area)
            if more_rect is not None:
                return TicketStrip(chips, more_rect, sum(1 for c in chips if c is None))
        return TicketStrip([None] * len(tickets), None, len(tickets))

    def _chip_width(self, ticket: int) -> int:
        tk = self.room.board.tickets[ticket]
        locs = self.room.board.locations
        return min(sp.chip_width(locs[tk.a].name, locs[tk.b].name), self.tickets_area.w)

    def ticket_status(self, view: State, seat: int, tickets: tuple[int, ...]) -> list[str]:
        """Each ticket's chip face: "done", "failed" (at the end) or "" (still open)."""
        done = completed_tickets(self.room.board, view.owners, seat, tickets)
        over = view.phase == OVER
        return ["done" if ok else ("failed" if over else "") for ok in done]

    def chip(self, ticket: int, rect: pygame.Rect, status: str) -> pygame.Surface:
        """A ticket chip of this rect's size."""
        tk = self.room.board.tickets[ticket]
        locs = self.room.board.locations
        return sp.ticket_card(locs[tk.a].name, locs[tk.b].name, tk.points, rect.w, rect.h, status)

    # == per-frame drawing =========================================================================
    def card_spot(self, color: int) -> tuple[int, int]:
        """Where a card of this colour lands in the viewer's hand."""
        return self.card_rects[color].center

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """While paying for a route, the hand groups that can pay glow."""
        view = self.view
        if prompt is None or prompt.kind != "pay" or not view.claim:
            return
        route = self.room.board.routes[view.claim[0]]
        groups = [self.card_rects[c] for c in {route.color, len(COLORS) - 1}]
        breath = self.pulse(*(rect.inflate(8 + RING_GROW, 8 + RING_GROW) for rect in groups))
        for rect in groups:  # only these breathe, not the whole strip
            ring(canvas, rect.inflate(8, 8), theme.ACCENT, 4, breath)

    # == event reactions ==========================================================================
    @on_event("tickets_kept", sound=None)
    def _tickets_kept(self, ev: Event, at: float, batch: Batch) -> float:
        """The viewer's kept tickets fly from the choice overlay into the ticket strip."""
        seat, old = ev.player, batch.old
        if seat != self.viewer or old is None or old.offered[seat] is None:
            return at
        offered = old.offered[seat]
        mine = self.view.tickets[seat] or ()
        strip = self.strip_layout(mine)
        src = self.room.choice.card_rects(len(offered))
        for k, tid in enumerate(ev.get("kept") or ()):
            tk = self.room.board.ticket_index[tid]
            if tk not in mine or tk not in offered:
                continue
            dest = strip.chips[mine.index(tk)] or strip.more
            if dest is None:
                continue
            chip = self.chip(tk, dest, "")
            path = (src[offered.index(tk)].center, dest.center)
            self.tween(at + k * 0.08, 0.4, fly(chip, *path, arc=20), pytweening.easeInOutCubic,
                       (("tickets", seat),))
        return at + 0.45

    @on_event("game_over")
    def _game_over(self, ev: Event, at: float, batch: Batch) -> float:
        """The viewer's tickets flip to show completed or failed; scores count up."""
        seat, view = self.viewer, self.view
        if seat is None or view.tickets[seat] is None:
            batch.moments["score"] = at
            return at + 0.3
        tickets = view.tickets[seat]
        status = self.ticket_status(view, seat, tickets)
        now = self.timeline.clock
        shown = [(i, rect) for i, rect in enumerate(self.strip_layout(tickets).chips) if rect]
        for k, (i, rect) in enumerate(shown):
            front = self.chip(tickets[i], rect, "done" if status[i] == "done" else "")
            back = self.chip(tickets[i], rect, status[i])
            start = at + k * 0.08
            # until its flip starts a ticket shows its face from before the end
            self.timeline.add(now, start - now, None, holds=(("unflipped", i),))
            self.tween(start, 0.45, flip(front, back, rect), pytweening.linear,
                       (("flipping", i),), rect.inflate(4, 4), late=True)
        batch.moments["score"] = at + 0.2
        return at + 0.08 * max(0, len(shown) - 1) + 0.45


def _pack(widths: Sequence[int | None], area: pygame.Rect) -> list[pygame.Rect | None]:
    """Chips of these widths (None: not shown) in rows inside `area`, each in the first row
    with room left; None for a chip that fits nowhere."""
    rows = max(1, (area.h + 2) // TICKET_CHIP_H)
    ends = [area.x] * rows  # where the next chip of each row starts
    out: list[pygame.Rect | None] = []
    for w in widths:
        row = next((r for r in range(rows) if w is not None and ends[r] + w <= area.right), None)
        if row is None:
            out.append(None)
            continue
        out.append(pygame.Rect(ends[row], area.y + row * TICKET_CHIP_H, w, TICKET_CHIP_H - 2))
        ends[row] += w + TICKET_GAP
    return out
