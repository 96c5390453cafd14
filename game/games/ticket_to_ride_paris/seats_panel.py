"""Ticket to Ride: Paris seat panels: one player panel per seat.

Each player panel shows a seat's name, score, buses, cards, tickets and the flag cards in front
of it (and, at 3 lines tall, the ticket results at the end or the last-round notice). Scores
count up after the events that changed them (the room's `shown_scores`; the score track showing
them all is track_panel.py). The seats panel animates the French flag: a card kept in front of
a player, then the tricolour's celebration.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import i18n, theme
from game.ui.audio import Cue, EventSound
from game.ui.paint import (
    RING_GROW,
    draw_seat_emblem,
    fit_text,
    fly,
    ring,
    seat_color,
)
from game.ui.panels import Panel, PanelRoom
from game.ui.render_kit import Batch, Layers, on_event, translator

from . import sprites as sp
from .board import COLORS, FLAG_COLORS
from .burst import burst_area, flag_burst
from .figures import (
    FIGURES_X,
    FIGURES_Y,
    FiguresAhead,
    draw_figures,
    figure_spots,
    figures_area,
    redraw_figures,
)
from .layout import FLAG_CARD, seat_rects
from .rules import completed_tickets
from .state import OVER, State

t = translator("ticket_to_ride_paris.scene.")

PANEL_EMBLEM = 28  # the seat's emblem before its name in the player panel


class SeatsPanel(Panel):
    """One player panel per seat: name, score, buses, cards, tickets and flag cards."""


    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """Share the panel's height out between the seats."""
        super().__init__(room, rect, "seats")
        self.rects = seat_rects(room.players)
        self.lit: int | None = None  # the seat whose row shows it to play (`follow_turn`)
        self._out: int | None = None  # the seat whose row goes out first
        self._out_at = 0.0  # the room's clock when it went out
        self.lighting = False  # the row of the seat to play is still to light up (a step due)
        # each row's key as last worked out, by (seat, lit): (view, holds, scores shown,
        # language, the key) (the scores: the room's list, the same while they are)
        self._keys: dict[tuple[int, bool], tuple] = {}

    def follow_turn(self, at_once: bool) -> None:
        """Light the row of the seat to play a step a refresh: first the row lit until now
        goes out, then, once it is painted out, the new one lights up (the turn passing
        repaints two rows whole, ~0.2-0.3 ms each: in two frames, not one); `at_once` (a
        reset) lights it now."""
        current = self.view.current
        if self.lit == current:
            self.lighting = False
            return
        if at_once or (self.lit is None and self._out is None):
            self.lit, self._out = current, None
        elif self.lit is not None:
            self._out, self.lit, self._out_at = self.lit, None, self.room.clock
        elif self.room.clock > self._out_at:  # a frame later (a frame may refresh twice)
            shown = self.room.layers.shown_key(f"seat{self._out}")
            if shown is None or not shown[1][1]:  # painted out (its key's lit flag)
                self.lit, self._out = current, None
        self.lighting = self.lit != current

    def see_turn(self) -> None:
        """A new view: its seat to play's row is to light up if it is not lit (`lighting`,
        asked every frame: a flag, not a look at the view)."""
        self.lighting = self.lit != self.view.current

    def _plate(self, seat: int) -> tuple[int, int, int]:
        """The colour of a seat's row: lighter for the seat to play."""
        current = self.lit == seat and self.view.phase != OVER
        return theme.PANEL_LIGHT if current else theme.PANEL

    # One layer per seat row instead of one for the panel (`add_layers`): a move repaints, and
    # the next frame redraws, only the rows whose figures changed, not the whole column.
    LAYERED = False

    def add_layers(self, layers: Layers) -> None:
        """A layer per seat's row, clipped to it (named "seat0", "seat1"...), across the whole
        column: restored on whole 16-px columns (layout.COLUMN_X), the fast path. Its painter
        restores the row itself (`paint_row`: a change of the figures alone repaints them alone)."""
        for spec in self.layer_specs():
            layers.add(*spec)
        # each row's backdrop, as the seat to play and not: the static background under it,
        # the plate, the seat's stripe (and ring) and emblem, laid in one blit
        self._backdrops = {(seat, current): self._backdrop(layers.static, seat, current)
                           for seat in range(len(self.rects)) for current in (False, True)}
        # rows composed ahead (`compose_ahead`), each at its own place on a copy of the board
        # (rows never overlap): the key each shows, and (seat, key, the next part to draw)
        # of the one begun
        self._ahead = layers.static.copy()
        self._ready: dict[int, tuple] = {}
        self._composing: tuple[int, tuple, int] | None = None
        self._composed_for: tuple | None = None  # what the rows were all composed for
        # figures lines drawn ahead for a card flying to a seat (`_figures_ahead`), and the
        # (view, holds, row lit) they were last all drawn for
        self._figures_for: tuple | None = None
        rect = self.rects[0]
        self._figures = FiguresAhead(layers.surface,
                                     self.flag_rect(0, 0).x - rect.x - FIGURES_X)

    def layer_specs(self) -> list[tuple]:
        """Each row's layer as (name, area, key, painter, restore, clip), as `Layers.add`
        takes them (the room asks some of them alone: reach.py)."""
        return [(f"seat{seat}", self.row_area(seat), partial(self.row_key, seat),
                 partial(self.paint_row, seat), False, True) for seat in range(len(self.rects))]

    def _backdrop(self, static: pygame.Surface, seat: int, current: bool) -> pygame.Surface:
        """A row's backdrop, drawn over its area of the static background."""
        row = self.row_area(seat)
        backdrop = static.subsurface(row).copy()
        _draw_plate(backdrop, seat, self.rects[seat].move(-row.x, -row.y), current)
        return backdrop

    def row_area(self, seat: int) -> pygame.Rect:
        """A seat's row across the whole column (its layer's area)."""
        rect = self.rects[seat]
        return pygame.Rect(self.rect.x, rect.y, self.rect.w, rect.h)

    def view_damage(self) -> list[pygame.Rect]:
        """Nothing beside the rows' layers (which report their own repaints)."""
        return []

    def row_key(self, seat: int, lit: bool | None = None) -> tuple:
        """Everything one seat's row shows: the language and its figures (`lit`: as if it
        showed the seat to play or not; None: as it does): the score, lit, the game over, the
        buses, cards and tickets, the flag cards shown, the flags won, the turns left (lit)
        and the routes' owners (over). Asked for every row at each refresh, and again by
        the painter of a row found dirty: worked out once per view, holds, scores shown and
        language (`_keys`), here, not through a helper per seat."""
        scores, view, h = self.room.shown_scores(), self.view, self.holds
        lit = self.lit == seat if lit is None else lit
        language, memo = i18n.language(), self._keys.get((seat, lit))
        if (memo is not None and memo[0] is view and memo[1] is h and memo[2] is scores
                and memo[3] == language):
            return memo[4]
        over, tickets = view.phase == OVER, view.tickets[seat]
        front = view.front[seat]  # (`front_shown` of each slot, inline)
        key = language, (
            scores[seat], lit, over, view.buses[seat],
            view.hand_sizes[seat] - h.get(("cards", seat), 0),
            None if tickets is None else len(tickets) - h.get(("tickets", seat), 0),
            tuple([bool(front[k] or h.get(("front_show", seat, k), 0))
                   and not h.get(("front", seat, k), 0) for k in range(len(front))]),
            view.flags[seat], view.final_turns if lit else None,
            view.owners if over else None)
        self._keys[seat, lit] = view, h, scores, language, key
        return key

    def paint_row(self, seat: int, canvas: pygame.Surface) -> list[pygame.Rect] | None:
        """One seat's row: when only its bus, card or ticket count changed (most moves: a card
        drawn), those figures alone over their plate (the rect returned); when only its score
        changed (a score counting up, a frame in two), the row within the old and the new
        number alone; else all of it over the static background put back (None: the whole
        row)."""
        view, rect = self.view, self.rects[seat]
        before, now = self.room.layers.shown_key(f"seat{seat}"), self.row_key(seat)
        area, first = self._figures_area(seat, before, now)
        if area is not None:
            plate = self._plate(seat)
            if not self._figures.paint(canvas, seat, plate, now[1][3:6], rect, area):
                redraw_figures(canvas, plate, area, rect, now[1][3:6], seat, first)
            return [area]
        area = self._front_area(seat, before, now)
        if area is not None:
            self._paint_front(canvas, seat, area)
            return [area]
        area = self._score_area(seat, before, now)
        if area is None and self._paint_ready(seat, now, canvas):
            return None
        clip = canvas.get_clip()
        if area is not None:
            canvas.set_clip(area.clip(clip))
        current = self.lit == seat and view.phase != OVER
        canvas.blit(self._backdrops[seat, current], self.row_area(seat))
        if area is not None and area.bottom <= rect.y + FIGURES_Y:
            self._draw_head(canvas, seat, rect, now[1][0])  # the rest lies below the area
        else:
            self._draw_player(canvas, view, seat, rect, now[1][0])
        canvas.set_clip(clip)
        return None if area is None else [area]

    def _front_area(self, seat: int, before: Any, now: tuple) -> pygame.Rect | None:
        """The flag cards' slots, if nothing but which of them show changed between the row
        keys (a card kept in front of the player landing; None: not so)."""
        if before is None or before[0] != now[0]:
            return None
        was, key = before[1], now[1]
        if was[:6] != key[:6] or was[7:] != key[7:] or was[6] == key[6]:
            return None
        return self.flag_rect(seat, 0).union(self.flag_rect(seat, len(FLAG_COLORS) - 1))

    def _paint_front(self, canvas: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        """The flag cards' slots over the row's backdrop put back there, and whatever else
        of the row reaches into them (the figures line, if that long)."""
        view, rect = self.view, self.rects[seat]
        clip = canvas.get_clip()
        canvas.set_clip(area.clip(clip))
        current = self.lit == seat and view.phase != OVER
        row = self.row_area(seat)
        canvas.blit(self._backdrops[seat, current], area, area.move(-row.x, -row.y))
        counts = (view.buses[seat], view.hand_sizes[seat] - self.holds.get(("cards", seat), 0),
                  None if view.tickets[seat] is None
                  else len(view.tickets[seat]) - self.holds.get(("tickets", seat), 0))
        if figure_spots(rect.x, counts)[1] > area.x:
            self._draw_figures(canvas, view, seat, rect)
        self._draw_front(canvas, view, seat, rect)
        canvas.set_clip(clip)

    def _paint_ready(self, seat: int, now: tuple, canvas: pygame.Surface) -> bool:
        """A whole row from its picture composed ahead, if there is one showing `now` or
        differing only in its counts (then those are painted over it as a count's change
        is): the pixels a whole repaint gives, for one blit; False if none fits."""
        ready = self._ready.get(seat)
        if ready is None:
            return False
        area, first = (None, 0) if ready == now else self._figures_area(seat, ready, now)
        if ready != now and area is None:
            return False
        row, rect, plate = self.row_area(seat), self.rects[seat], self._plate(seat)
        canvas.blit(self._ahead, row, row)
        if area is not None and not self._figures.paint(canvas, seat, plate, now[1][3:6],
                                                        rect, area):
            redraw_figures(canvas, plate, area, rect, now[1][3:6], seat, first)
        return True

    def compose_ahead(self) -> bool:
        """Compose a part of a row the turn passing will repaint whole, on `_ahead` (the
        seat to play's row going out, the next seat's lighting up), so that its repaint
        then is one blit (`_paint_ready`; a whole row costs ~0.15 ms in a frame): the
        backdrop, then in other calls the name and score, the figures, the flag cards and
        status; True if it drew something (the room asks in frames that repaint nothing)."""
        # (what the keys read: when they are all composed and it has not changed, most
        # frames of a move's tweens, nothing is asked; a new language only misses the short cut)
        # (compared inline: asked in most frames of an animation; the scores shown are kept
        # by the room from frame to frame while they stay the same)
        view, holds, scores = self.view, self.holds, self.room.shown_scores()
        last = self._composed_for
        if (last is not None and last[0] is view and last[1] is holds and last[2] == self.lit
                and last[3] == scores):
            return False
        if self._figures_ahead():
            return True
        for seat, lit in self._rows_to_turn():
            key = self.row_key(seat, lit)
            ready = self._ready.get(seat)
            if ready != key:
                if ready is None or not self._recount_ready(seat, lit, ready, key):
                    self._compose_part(seat, lit, key)
                return True
        self._composed_for = (view, holds, self.lit, scores)
        return False

    def _figures_ahead(self) -> bool:
        """Draw ahead the figures line of a seat a card flies to, as it will show once the
        card lands (its card count one up); True if one was drawn (one a call). Once all are,
        not looked at again (four seats' lines, ~0.03 ms) until the view, holds or row lit
        change."""
        view, h, last = self.view, self.holds, self._figures_for
        if last is not None and last[0] is view and last[1] is h and last[2] == self.lit:
            return False
        for seat in range(len(self.rects)):
            held = h.get(("cards", seat), 0)
            if held:
                tickets = view.tickets[seat]
                counts = (view.buses[seat], view.hand_sizes[seat] - held + 1,
                          None if tickets is None else len(tickets) - h.get(("tickets", seat), 0))
                if self._figures.make(seat, self._plate(seat), counts):
                    return True
        self._figures_for = view, h, self.lit
        return False

    def _recount_ready(self, seat: int, lit: bool, ready: tuple, key: tuple) -> bool:
        """A row composed ahead whose counts alone changed since (a card landed in it): its
        figures line redrawn over it from the first count that changed, as `paint_row` does
        on the board, in one part, not the row composed again in four; False if more changed."""
        area, first = self._figures_area(seat, ready, key)
        if area is None:
            return False
        surface = self._ahead
        surface.set_clip(self.row_area(seat))
        redraw_figures(surface, theme.PANEL_LIGHT if lit else theme.PANEL, area,
                       self.rects[seat], key[1][3:6], seat, first)
        surface.set_clip(None)
        self._ready[seat] = key
        return True

    def _rows_to_turn(self) -> list[tuple[int, bool]]:
        """(seat, lit) of the rows the turn passing repaints next: the row lit now going out
        and the seat to play's lighting up; once that is done, the seat to play's going out
        and the next seat's lighting up (before the first player is drawn, every row lit)."""
        view, players = self.view, self.room.players
        if view is None or view.phase == OVER:
            return []
        current = view.current
        if not 0 <= current < players:  # the opening: any seat may be drawn to play first
            return [(seat, True) for seat in range(players)]
        if self.lit == current:
            return [(current, False), ((current + 1) % players, True)]
        rows = [(current, True)]
        return rows if self.lit is None or self.lit < 0 else [(self.lit, False), *rows]

    def _compose_part(self, seat: int, lit: bool, key: tuple) -> None:
        """The next part of a row's picture on `_ahead` (the first again if its key changed
        meanwhile), drawn as `paint_row` draws a whole row, within its area (the backdrop,
        the name and score, the figures, then the flag cards and status: each a frame's part,
        ~0.05-0.08 ms; the backdrop with the name and score was ~0.11-0.12, the last two in
        one ~0.18)."""
        view, rect, row = self.view, self.rects[seat], self.row_area(seat)
        surface = self._ahead
        surface.set_clip(row)
        begun = self._composing
        if begun is None or begun[:2] != (seat, key):
            self._ready.pop(seat, None)
            surface.blit(self._backdrops[seat, lit], row)
            self._composing = (seat, key, 1)
        elif begun[2] == 1:
            self._draw_head(surface, seat, rect, key[1][0])
            self._composing = (seat, key, 2)
        elif begun[2] == 2:
            self._draw_figures(surface, view, seat, rect)
            self._composing = (seat, key, 3)
        else:
            self._draw_front(surface, view, seat, rect)
            self._draw_status(surface, view, seat, rect, lit)
            self._ready[seat], self._composing = key, None
        surface.set_clip(None)

    def _score_area(self, seat: int, before: Any, now: tuple) -> pygame.Rect | None:
        """The rect the score covers before and now, if nothing but the score changed between
        the row keys and the name beside it is drawn the same (None: repaint all)."""
        if before is None or before[0] != now[0] or before[1][1:] != now[1][1:]:
            return None
        (was, name_was), (score, name) = (self._score_rect(seat, before[1][0]),
                                          self._score_rect(seat, now[1][0]))
        if name_was is not name:  # the name fitted into another width: it changed too
            return None
        return was.union(score)

    def _score_rect(self, seat: int, score: int) -> tuple[pygame.Rect, pygame.Surface]:
        """Where a score's number goes on a seat's row, and the name drawn beside it."""
        rect = self.rects[seat]
        num = theme.text(str(score), theme.HEADING_SIZE, theme.TEXT, True)
        num_rect = num.get_rect(topright=(rect.right - 18, rect.y + 6))
        name_x = rect.x + 30 + PANEL_EMBLEM + 4
        name = fit_text(self.room.names[seat], theme.BODY_SIZE, num_rect.x - name_x - 16,
                        seat_color(seat), bold=True)
        return num_rect, name

    def _figures_area(self, seat: int, before: Any, now: tuple
                      ) -> tuple[pygame.Rect | None, int]:
        """The rect of the figures line that differs between the row keys, and the first
        count that changed (`figures.figures_area`), if nothing but the counts changed and the
        line stays clear of the flag cards ((None, 0): repaint all)."""
        if before is None or before[0] != now[0]:
            return None, 0
        was, key = before[1], now[1]
        if was[:3] != key[:3] or was[6:] != key[6:]:  # beyond the buses, cards and tickets
            return None, 0
        limit = self.flag_rect(seat, 0).x
        if key[7]:  # the flags won: their count and tricolour left of the cards
            label = theme.text(f"×{key[7]}", theme.SMALL_SIZE, theme.TEXT, True)
            limit -= label.get_width() + 8 + 40
        return figures_area(self.rects[seat], was[3:6], key[3:6], limit)

    def card_spot(self, seat: int) -> tuple[int, int]:
        """Where a card given to this seat lands: its card count."""
        rect = self.rects[seat]
        return (rect.x + 140, rect.y + 80)

    def _draw_player(self, canvas: pygame.Surface, view: State, seat: int, rect: pygame.Rect,
                     score: int) -> None:
        """Name, score, buses, cards, tickets and flag cards of one seat, over its backdrop."""
        self._draw_head(canvas, seat, rect, score)
        self._draw_figures(canvas, view, seat, rect)
        self._draw_front(canvas, view, seat, rect)
        self._draw_status(canvas, view, seat, rect, self.lit == seat)

    def _draw_head(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect,
                   score: int) -> None:
        """A seat's name and score."""
        num_rect, name = self._score_rect(seat, score)
        canvas.blit(theme.text(str(score), theme.HEADING_SIZE, theme.TEXT, True), num_rect)
        canvas.blit(name, (rect.x + 30 + PANEL_EMBLEM + 4, rect.y + 14))

    def _draw_figures(self, canvas: pygame.Surface, view: State, seat: int,
                      rect: pygame.Rect, first: int = 0) -> None:
        """The figures line: buses, cards and tickets, each an icon and its count (from the
        count `first` on, its icon left as drawn: a count's change repaints from it)."""
        tickets = view.tickets[seat]
        counts = (view.buses[seat], view.hand_sizes[seat] - self.holds.get(("cards", seat), 0),
                  None if tickets is None else len(tickets) - self.holds.get(("tickets", seat), 0))
        draw_figures(canvas, rect, counts, seat, first)

    def flag_rect(self, seat: int, slot: int) -> pygame.Rect:
        """Where one of the flag's three cards sits on a seat's panel."""
        rect = self.rects[seat]
        return pygame.Rect(rect.right - 18 - (3 - slot) * 34, rect.y + 62, *FLAG_CARD)

    def front_shown(self, view: State, seat: int, slot: int) -> bool:
        """A flag card shows once it has landed and until the flag it completes is celebrated."""
        h = self.holds  # .get: a missing key's [] runs Counter.__missing__ in Python
        return bool(view.front[seat][slot] or h.get(("front_show", seat, slot), 0)) and not h.get(
            ("front", seat, slot), 0)

    def _draw_front(self, canvas: pygame.Surface, view: State, seat: int,
                    rect: pygame.Rect) -> None:
        """Flag cards in front of the player: filled when kept, outlined when still missing."""
        for slot, color in enumerate(FLAG_COLORS):
            r = self.flag_rect(seat, slot)
            if self.front_shown(view, seat, slot):
                canvas.blit(sp.transport_card(COLORS[color], *FLAG_CARD), r)
            else:
                pygame.draw.rect(canvas, theme.BACKGROUND, r, border_radius=6)
                pygame.draw.rect(canvas, sp.CARD_RGB[COLORS[color]], r, 3, border_radius=6)
        flags = view.flags[seat]
        if flags:
            label = theme.text(f"×{flags}", theme.SMALL_SIZE, theme.TEXT, True)
            x = self.flag_rect(seat, 0).x - label.get_width() - 8
            canvas.blit(label, (x, rect.y + 70))
            sp.tricolour(canvas, pygame.Rect(x - 40, rect.y + 70, 34, 24))

    def _draw_status(self, canvas: pygame.Surface, view: State, seat: int,
                     rect: pygame.Rect, lit: bool) -> None:
        """Third line (when there is room): ticket results at the end, last-round notice (on
        the row of the seat to play: `lit`)."""
        if rect.h < 140:
            return
        y = rect.y + 112
        line = None
        if view.phase == OVER and view.tickets[seat] is not None:
            done = completed_tickets(self.room.board, view.owners, seat, view.tickets[seat])
            line = t("results", done=sum(done), failed=len(done) - sum(done))
        elif view.final_turns >= 0 and lit:
            line = (t("final_turn") if view.final_turns <= 1
                    else t("turns_left", count=view.final_turns))
        if line:
            text = fit_text(line, theme.SMALL_SIZE, rect.w - 48, theme.TEXT_DIM)
            canvas.blit(text, (rect.x + 30, y))

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """While a route's flag card is chosen, its place in front of the player glows."""
        if prompt is None or prompt.kind != "flag":
            return
        view = self.view
        color = self.room.board.routes[view.claim[0]].color
        if color in FLAG_COLORS:
            r = self.flag_rect(prompt.player, FLAG_COLORS.index(color))
            ring(canvas, r.inflate(8, 8), theme.ACCENT, 4,
                 self.pulse(r.inflate(8 + RING_GROW, 8 + RING_GROW)))

    # == event reactions ==========================================================================
    @on_event("flag_card_kept", sound=EventSound((Cue("swish", volume=0.6),), 0.4))
    def _flag_kept(self, ev: Event, at: float, batch: Batch) -> float:
        """One card of the route stays in front of the player, towards the French flag."""
        seat = ev.player
        color = COLORS.index(ev.get("color"))
        slot = FLAG_COLORS.index(color)
        dest = self.flag_rect(seat, slot)
        sprite = sp.transport_card(COLORS[color], *FLAG_CARD)
        path = (self.room.market.discard_rect.center, dest.center)
        self.tween(at, 0.4, fly(sprite, *path), pytweening.easeInOutCubic,
                   (("front", seat, slot),))
        return at + 0.4

    @on_event("flag_completed", sound=EventSound((Cue("fanfare"),), 0.6))
    def _flag_done(self, ev: Event, at: float, batch: Batch) -> float:
        """Bastille Day: a tricolour pops up on the player's panel with the points."""
        seat = ev.player
        text = t("flag", points=ev.get("points") or self.room.flag_points)
        slots = [self.flag_rect(seat, k) for k in range(len(FLAG_COLORS))]
        # the three cards stay in front of the player until the celebration takes them
        now = self.timeline.clock
        self.timeline.add(now, at - now, None,
                          holds=tuple(("front_show", seat, k) for k in range(len(FLAG_COLORS))))
        self.tween(at, 0.6, flag_burst(self.rects[seat], text, slots), pytweening.linear,
                   area=burst_area(self.rects[seat], text, slots))
        batch.moments["score"] = at + 0.2
        return at + 0.6


def _draw_plate(canvas: pygame.Surface, seat: int, rect: pygame.Rect, current: bool) -> None:
    """A seat row's plate (lighter for the seat to play, then ringed), stripe and emblem."""
    pygame.draw.rect(canvas, theme.PANEL_LIGHT if current else theme.PANEL, rect,
                     border_radius=16)
    pygame.draw.rect(canvas, seat_color(seat), pygame.Rect(rect.x, rect.y, 14, rect.h),
                     border_top_left_radius=16, border_bottom_left_radius=16)
    if current:
        pygame.draw.rect(canvas, seat_color(seat), rect, 4, border_radius=16)
    draw_seat_emblem(canvas, seat, (rect.x + 44, rect.y + 34), PANEL_EMBLEM)
