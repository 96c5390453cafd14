"""Ticket to Ride: Paris board renderer, on the renderer kit (game.ui.render_kit.RoomRenderer).

What is this room's own: the map's geometry (landmarks fitted into the map box, bus slots along
each route, twin routes side by side, landmark names placed clear of every bus and marker by
labels.py, reported by `board_geometry`), the static background painted once, and three layers
over it, each repainted only when what it shows changes (frame p50 ~0.9 ms, p99 ~3 ms at
1920x1080 in `python -m game.bench`):
- "map": a bus in every slot of every claimed route, then the landmark names;
- "panel": score track, face-up row, piles and players (right);
- "hand": the viewer's cards and tickets, chips as wide as their names (bottom strip); with no
  seat to show (bots only), the table's latest moves (moves.py) instead.
Per frame the kit blits the layers; this room adds option glows, the ticket choice overlay,
the running tweens and the focus ring with its route tag.

Animations: one @on_event handler per rule event (cards fly, buses drop, tickets flip, the
French flag bursts), each with its sound. The board shows the newest view minus what running or
queued tweens hold back (a card in flight is not in the hand yet, a route being claimed has no
buses yet); scores count up after the events that changed them (`animated`). `reset` drops the
timeline and its holds, so the board is correct mid-animation after undo, load or resize.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pygame
import pytweening

from game.engine.core import Config, Event, Prompt, Target
from game.ui import i18n, theme
from game.ui.audio import Cue, CueEntry, EventSound
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry, Icon, Stroke
from game.ui.paint import (
    INK,
    Plate,
    banner,
    darken,
    delayed,
    draw_seat_emblem,
    fast,
    fit_text,
    flip,
    fly,
    popup,
    ring,
    seat_color,
    seat_dark,
    seat_emblem,
    veil,
    wrap,
)
from game.ui.render_kit import Batch, Layers, RoomRenderer, on_event, translator

from . import sprites as sp
from .board import COLORS, FLAG_COLORS, Board
from .labels import as_labels, place_labels
from .moves import MoveLog
from .rules import TicketToRideParis, completed_tickets
from .sprites import MARKER_R
from .state import EMPTY, KEEP_TICKETS, OVER, SETUP_TICKETS, State

t = translator("ticket_to_ride_paris.scene.")

# Layout of the 1920x1000 board rect (the shell owns the 80 px bar below it).
MAP_BOX = (12, 12, 1376, 834)
HAND_BOX = (12, 856, 1376, 136)
PANEL_X, PANEL_W = 1400, 508
TRACK_BOX = (1400, 12, 508, 98)
CARD_W, CARD_H = 88, 124
ROW_Y = 126
PILES_Y = 264
PILE_H = 100
PLAYERS_Y = 376
HAND_CARD = (60, 86)
HAND_GAP = 8
TICKET_CHIP_H = 60
TICKET_GAP = 8
MOVE_ROWS, MOVE_STEP = 4, 31  # lines per column of the spectator's move log, and their step
MOVE_SIZE = 32  # the move log's text: 28 px lines, above the 24 px floor even in grey
OVERLAY_CARD = (540, 240)
THUMB = (230, 140)

SLOT_W = 24  # thickness of a bus slot
SLOT_MAX = 64  # longest slot
SLOT_GAP = 6
PANEL_EMBLEM = 28  # the seat's emblem before its name in the player panel
BUS_GROW = (4, 6)  # a claimed bus is this much longer and wider than its empty slot
OPTION = (250, 250, 250)  # options glow white: clearly apart from the yellow focus ring

# Our Seine and parks, in the map's own board coordinates (board.py MAP_X/MAP_Y space).
SEINE = ((1420, 905), (1250, 815), (1150, 700), (1080, 615), (960, 555), (830, 540),
         (690, 545), (540, 568), (380, 600), (205, 618), (100, 700), (30, 860))
PARKS = (((395, 160), 70, 45), ((835, 760), 85, 60), ((1180, 900), 80, 45),
         ((335, 760), 55, 95), ((790, 430), 90, 32), ((1360, 455), 55, 70), ((40, 300), 60, 150))
ISLAND = ((1030, 590), 70, 26)


@dataclass(frozen=True, slots=True)
class TicketStrip:
    """The viewer's tickets in the hand strip: a rect per chip (None if it does not fit) and
    the "+N more" chip standing for the `hidden` ones."""

    chips: list[pygame.Rect | None]
    more: pygame.Rect | None
    hidden: int


@dataclass(slots=True)
class RouteGeom:
    """Where a route's slots are drawn on screen."""

    centers: list[tuple[float, float]]
    slot_len: int
    angle: int
    rect: pygame.Rect
    sprite_rects: list[pygame.Rect] = field(default_factory=list)


class TTRRenderer(RoomRenderer):
    """Draws the Paris map, cards, tickets and players; animates the rules' events."""

    view: State | None
    # Kinds that make no sound of their own (tickets_drawn: its ticket_drawn events flip).
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = {
        "tickets_drawn": None, "first_player": None, "passed": None}

    def __init__(self, rules: TicketToRideParis, config: Config, seat_names: Sequence[str]) -> None:
        """Build geometry, sprites and the static map once; declare the three layers."""
        super().__init__(rules, config, seat_names)
        self.board: Board = rules.board
        self.flag_points = rules.rules.get("flag_points", 4)
        self.map_rect = pygame.Rect(MAP_BOX)
        self.hand_rect = pygame.Rect(HAND_BOX)
        self._score_hold = [0.0] * self.players  # points of each seat still to count up
        self._fit = self._make_fit()
        self.loc = [self._fit((loc.x, loc.y)) for loc in self.board.locations]
        self.routes = [self._route_geom(r) for r in self.board.routes]
        self._separate_twins()
        self._layout_panels()
        self.layers = Layers(self._build_static())
        self._labels = place_labels(  # drawn above buses, and never over one
            [loc.name for loc in self.board.locations], self.loc, self._route_strokes(),
            self._marker_icons(), self.map_rect.inflate(-16, -16))
        self._thumb = fast(pygame.transform.smoothscale(
            self.layers.static.subsurface(self.map_rect), THUMB), alpha=False)
        self._big_tickets: dict[int, pygame.Surface] = {}
        self.layers.add("map", self.map_rect, self._shown_owners, self._paint_map)
        self.layers.add("panel", self.panel_area, self._panel_key, self._paint_panel)
        self.layers.add("hand", self.hand_rect, self._hand_key, self._paint_hand)
        self.moves = MoveLog({r.id: rules.route_name(r) for r in self.board.routes})
        self.move_col_w = (self.hand_rect.w - 48) // 2

    # == geometry =================================================================================
    def _make_fit(self) -> Callable[[tuple[float, float]], tuple[float, float]]:
        """Map board coordinates into the map box (labels need a margin around the markers)."""
        xs = [loc.x for loc in self.board.locations]
        ys = [loc.y for loc in self.board.locations]
        box = self.map_rect
        left, right = box.x + 100, box.right - 84
        top, bottom = box.y + 48, box.bottom - 66
        x0, x1 = min(xs), max(xs)
        y0, y1 = min(ys), max(ys)
        sx = (right - left) / max(1, x1 - x0)
        sy = (bottom - top) / max(1, y1 - y0)
        return lambda p: (left + (p[0] - x0) * sx, top + (p[1] - y0) * sy)

    def _route_geom(self, route) -> RouteGeom:
        """Slot centres of one route; a double's twins run side by side."""
        a, b = self.loc[route.a], self.loc[route.b]
        if route.a > route.b:  # one orientation per pair, so twin offsets point apart
            a, b = b, a
        offset = 0.0
        if route.twin >= 0:
            offset = (SLOT_W / 2 + 4) * (-1 if route.index < route.twin else 1)
        dist = math.hypot(b[0] - a[0], b[1] - a[1]) - 2 * (MARKER_R + 8)
        slot_len = int(min(SLOT_MAX, (dist - (route.length - 1) * SLOT_GAP) / route.length))
        slot_len = max(28, slot_len)
        centers = sp.slot_centers(a, b, route.length, slot_len, SLOT_GAP, offset)
        angle = round(sp.segment_angle(a, b))
        sprite = sp.slot_sprite(COLORS[route.color], slot_len, SLOT_W, angle)
        rects = [sprite.get_rect(center=(round(x), round(y))) for x, y in centers]
        rect = rects[0].unionall(rects[1:]).inflate(6, 6)
        return RouteGeom(centers, slot_len, angle, rect, rects)

    def _separate_twins(self) -> None:
        """Diagonal doubles have overlapping bounding boxes: give each twin a box at its middle.

        The box is pushed outwards from the pair's axis, so a pointer or the d-pad can tell the
        twins apart; straight doubles keep boxes around all their slots.
        """
        for route in self.board.routes:
            if route.twin < 0 or route.index > route.twin:
                continue
            a, b = self.routes[route.index], self.routes[route.twin]
            if _overlap(a.rect, b.rect) < 0.25 * a.rect.w * a.rect.h:
                continue
            mids = [(sum(x for x, _ in g.centers) / len(g.centers),
                     sum(y for _, y in g.centers) / len(g.centers)) for g in (a, b)]
            dx, dy = mids[1][0] - mids[0][0], mids[1][1] - mids[0][1]
            d = math.hypot(dx, dy) or 1.0
            for g, (mx, my), sign in ((a, mids[0], -1), (b, mids[1], 1)):
                box = pygame.Rect(0, 0, 38, 38)
                box.center = (round(mx + sign * 8 * dx / d), round(my + sign * 8 * dy / d))
                g.rect = box

    def _layout_panels(self) -> None:
        """Rects of the right-hand panel and the hand strip (fixed for the whole match)."""
        x0 = PANEL_X + 14
        step = (PANEL_W - 28 - CARD_W) / 4
        self.faceup_rects = [pygame.Rect(round(x0 + i * step), ROW_Y, CARD_W, CARD_H)
                             for i in range(self.rules.rules.get("faceup", 5))]
        third = (PANEL_W - 28 - 20) // 3
        self.deck_rect = pygame.Rect(x0, PILES_Y, third, PILE_H)
        self.tickets_rect = pygame.Rect(x0 + third + 10, PILES_Y, third, PILE_H)
        self.discard_rect = pygame.Rect(x0 + 2 * (third + 10), PILES_Y, third, PILE_H)
        avail = BOARD_RECT.bottom - 8 - PLAYERS_Y
        gap = 8
        h = min(190, (avail - gap * (self.players - 1)) // self.players)
        self.player_rects = [pygame.Rect(PANEL_X, PLAYERS_Y + i * (h + gap), PANEL_W, h)
                             for i in range(self.players)]
        hx, hy = self.hand_rect.x + 22, self.hand_rect.y + 26
        self.hand_rects = [pygame.Rect(hx + i * (HAND_CARD[0] + HAND_GAP), hy, *HAND_CARD)
                           for i in range(len(COLORS))]
        self.panel_area = pygame.Rect(PANEL_X - 4, 0, BOARD_RECT.w - PANEL_X + 4, BOARD_RECT.h)
        self.tickets_area = pygame.Rect(self.hand_rects[-1].right + 30, self.hand_rect.y + 8,
                                        self.hand_rect.right - self.hand_rects[-1].right - 42,
                                        self.hand_rect.h - 16)

    # == static layer =============================================================================
    def _build_static(self) -> pygame.Surface:
        """The map, empty slots, landmarks and panel backgrounds: drawn once per match."""
        surf = pygame.Surface(BOARD_RECT.size)
        surf.fill(theme.BACKGROUND)
        river = [self._fit(p) for p in SEINE]
        sx = (self._fit((1, 0))[0] - self._fit((0, 0))[0])
        sy = (self._fit((0, 1))[1] - self._fit((0, 0))[1])
        parks = [(self._fit(c), rx * sx, ry * sy) for c, rx, ry in PARKS]
        sp.paint_paris(surf, self.map_rect, river, parks)
        self._paint_island(surf, sx, sy)
        for route, geom in zip(self.board.routes, self.routes):
            sprite = sp.slot_sprite(COLORS[route.color], geom.slot_len, SLOT_W, geom.angle)
            for r in geom.sprite_rects:
                surf.blit(sprite, r)
        for p in self.loc:
            sp.marker(surf, p)
        self._paint_panel_frames(surf)
        return fast(surf, alpha=False)

    def _paint_island(self, surf: pygame.Surface, sx: float, sy: float) -> None:
        (cx, cy), rx, ry = ISLAND
        c = self._fit((cx, cy))
        rect = pygame.Rect(0, 0, rx * 2 * sx, ry * 2 * sy)
        rect.center = (round(c[0]), round(c[1]))
        pygame.draw.ellipse(surf, sp.MAP_BANK, rect.inflate(6, 6))
        pygame.draw.ellipse(surf, sp.MAP_BLOCK[1], rect)

    def _route_strokes(self) -> list[Stroke]:
        """Every bus place of every route as a stroke as wide as a claimed bus (wider than the
        empty slot), named by its route."""
        strokes = []
        for route, geom in zip(self.board.routes, self.routes):
            a = math.radians(geom.angle)
            ux, uy = math.cos(a), -math.sin(a)
            half = (geom.slot_len + BUS_GROW[0] - (SLOT_W + BUS_GROW[1])) / 2  # capsule's spine
            name = f"route {self.rules.route_name(route)}"
            strokes += [Stroke(name, ((cx - ux * half, cy - uy * half),
                                      (cx + ux * half, cy + uy * half)), SLOT_W + BUS_GROW[1])
                        for cx, cy in geom.centers]
        return strokes

    def _marker_icons(self) -> list[Icon]:
        """Every landmark's marker disc."""
        r = MARKER_R + 2
        return [Icon(f"marker {loc.name}", pygame.Rect(round(p[0]) - r, round(p[1]) - r,
                                                       2 * r + 1, 2 * r + 1))
                for loc, p in zip(self.board.locations, self.loc)]

    def board_geometry(self) -> BoardGeometry:
        """The landmark names as drawn, and the buses and markers they must leave visible."""
        return BoardGeometry(as_labels(self._labels), self._route_strokes(), self._marker_icons())

    def _paint_panel_frames(self, surf: pygame.Surface) -> None:
        """Backgrounds of the right panel and the hand strip (the counts are drawn per frame)."""
        pygame.draw.rect(surf, theme.PANEL, self.hand_rect, border_radius=18)
        pygame.draw.rect(surf, theme.PANEL, pygame.Rect(TRACK_BOX), border_radius=16)
        for rect in (self.deck_rect, self.tickets_rect, self.discard_rect):
            pygame.draw.rect(surf, theme.PANEL, rect, border_radius=14)
        row = pygame.Rect(PANEL_X, ROW_Y - 8, PANEL_W, CARD_H + 16)
        pygame.draw.rect(surf, theme.PANEL, row, border_radius=16)
        for r in self.faceup_rects:
            pygame.draw.rect(surf, theme.PANEL_LIGHT, r, 2, border_radius=10)
        for rect in self.hand_rects:
            pygame.draw.rect(surf, theme.PANEL_LIGHT, rect, 2, border_radius=10)

    # == the kit's hooks ===========================================================================
    def reset(self, view: State, viewer: int | None) -> None:
        """Show this view now; moves after its turn leave the log (an undo went back)."""
        self.moves.forget_after(view.turn)
        super().reset(view, viewer)

    def animate(self, events: Sequence[Event], view: State, viewer: int | None) -> None:
        """Log the moves the events make, then animate them."""
        self.moves.note(events, (self.view or view).turn)
        super().animate(events, view, viewer)

    def place_targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Every route, face-up card and pile; only the offered tickets while choosing."""
        overlay = self._overlay_tickets()
        if overlay:
            return {("ticket", self.board.tickets[tk].id): rect
                    for tk, rect in zip(overlay, self._overlay_rects(len(overlay)))}
        out: dict[Target, pygame.Rect] = {}
        for route, geom in zip(self.board.routes, self.routes):
            out[("route", route.id)] = geom.rect
        for i, rect in enumerate(self.faceup_rects):
            if i < len(view.row) and view.row[i] != EMPTY:
                out[("faceup", i)] = rect
        out[("deck",)] = self.deck_rect
        out[("tickets",)] = self.tickets_rect
        return out

    def refresh(self, limit: int | None = None) -> None:
        """Note the points still counting up, then let the kit repaint the dirty layers."""
        score = [0.0] * self.players
        for (seat, points), left in self.timeline.counting():
            score[seat] += points * left
        self._score_hold = score
        super().refresh(limit)

    def animated(self, batch: Batch, end: float) -> None:
        """Scores count up once the events that changed them have played."""
        old = batch.old
        if old is not None and old.players == self.view.players:
            self._score_tweens(old, self.view, batch.moments.get("score", batch.start))

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """Option glows on the row, the hand and the map, or the ticket choice over the map."""
        view = self.view
        opts = {o.target for o in prompt.options if o.target is not None} if prompt else set()
        overlay = self._overlay_tickets()
        self._decorate_row(canvas, view, opts)
        self._decorate_hand(canvas, view, prompt)
        if overlay:
            self._draw_overlay(canvas, overlay, opts, focus)
        else:
            self._draw_route_highlights(canvas, view, opts, prompt)

    def draw_focus(self, canvas: pygame.Surface, focus: Target | None,
                   prompt: Prompt | None) -> None:
        """The bold focus ring (a dark outline keeps it visible on light cards)."""
        if focus is None or focus not in self._targets:
            return
        if focus[0] == "route":
            route = self.board.route(focus[1])
            geom = self.routes[route.index]
            self._glow_route(canvas, geom, INK, 255, 11)
            self._glow_route(canvas, geom, theme.FOCUS, 255, 8)
            self._route_tip(canvas, route, geom)
            return
        rect = self._targets[focus].inflate(12, 12)
        pygame.draw.rect(canvas, INK, rect.inflate(6, 6), 3, border_radius=16)
        pygame.draw.rect(canvas, theme.FOCUS, rect, 6, border_radius=14)

    # == layers ====================================================================================
    def _shown_owners(self) -> tuple[int, ...]:
        """Route owners as the map shows them: a route whose buses still drop is not yet."""
        owners = self.view.owners
        if any(k[0] == "route" for k in self.holds):
            owners = tuple(EMPTY if self.holds[("route", i)] else o for i, o in enumerate(owners))
        return owners

    def _paint_map(self, surface: pygame.Surface) -> None:
        """A bus in every slot of every visibly claimed route, then the landmark names."""
        for i, seat in enumerate(self._shown_owners()):
            if seat == EMPTY:
                continue
            geom = self.routes[i]
            bus = self._bus(seat, geom)
            for c in geom.centers:
                surface.blit(bus, bus.get_rect(center=(round(c[0]), round(c[1]))))
        for label in self._labels:
            surface.blit(label.plate, label.rect)

    def _panel_key(self) -> tuple:
        """Everything the right-hand panel shows: it is repainted only when this changes."""
        view, h = self.view, self.holds
        return (tuple(self._shown_scores()), view.current, view.phase, view.buses,
                tuple(view.hand_sizes[s] - h[("cards", s)] for s in range(self.players)),
                tuple(None if tk is None else len(tk) - h[("tickets", s)]
                      for s, tk in enumerate(view.tickets)),
                tuple(tuple(self._front_shown(view, s, k) for k in range(len(fr)))
                      for s, fr in enumerate(view.front)),
                view.flags, view.deck_size, view.ticket_deck_size, sum(view.discard),
                tuple(c if not h[("slot", i)] else EMPTY for i, c in enumerate(view.row)),
                view.final_turns, view.owners if view.phase == OVER else None)

    def _paint_panel(self, surface: pygame.Surface) -> None:
        """Score track, face-up row, piles and players."""
        self._draw_track(surface)
        self._draw_row(surface, self.view)
        self._draw_piles(surface, self.view)
        self._draw_players(surface, self.view)

    def _hand_key(self) -> tuple:
        """Everything the hand strip shows."""
        view, seat, h = self.view, self.viewer, self.holds
        hand = view.hands[seat] if seat is not None else None
        if hand is None:
            return (seat, self.moves.key(), i18n.language())
        return (seat, tuple(n - h[("hand", c)] for c, n in enumerate(hand)), view.tickets[seat],
                h[("tickets", seat)], view.owners, view.phase == OVER,
                tuple((h[("flipping", i)], h[("unflipped", i)])
                      for i in range(len(view.tickets[seat] or ()))))

    def _bus(self, seat: int, geom: RouteGeom) -> pygame.Surface:
        return sp.bus_sprite(seat_color(seat), seat_dark(seat), geom.slot_len + BUS_GROW[0],
                             SLOT_W + BUS_GROW[1], geom.angle, seat_emblem(seat))

    def _overlay_tickets(self) -> tuple[int, ...]:
        """Tickets the viewer is choosing from right now (empty when no choice is up)."""
        view, seat = self.view, self.viewer
        if view is None or seat is None or view.phase not in (KEEP_TICKETS, SETUP_TICKETS):
            return ()
        offered = view.offered[seat]
        if not offered or EMPTY in offered:
            return ()
        return offered

    def _overlay_rects(self, n: int) -> list[pygame.Rect]:
        """The big ticket cards of a choice of n: rows of two (three past four), centred."""
        gap = 40
        cols = min(n, 2) if n <= 4 else 3
        w = min(OVERLAY_CARD[0], (self.map_rect.w - 80 - (cols - 1) * gap) // max(1, cols))
        h = OVERLAY_CARD[1]
        rows = -(-n // max(1, cols))
        top = self.map_rect.centery - (rows * h + (rows - 1) * gap) // 2 + 20
        rects = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = self.map_rect.centerx - (in_row * w + (in_row - 1) * gap) // 2
            rects.append(pygame.Rect(x0 + col * (w + gap), top + row * (h + gap), w, h))
        return rects

    def _score_tweens(self, old: State, new: State, at: float) -> None:
        for seat, (a, b) in enumerate(zip(self._totals(old), self._totals(new))):
            if a != b:
                self.timeline.add(at, 0.5, None, pytweening.easeOutQuad, tag=(seat, b - a))

    def _totals(self, view: State) -> list[int]:
        return [sum(b.values()) for b in self.rules.scores(view)]

    # == painting: the panel and hand layers, and the per-frame glows and ticket choice ==========
    def _shown_scores(self) -> list[int]:
        totals = self._totals(self.view)
        return [round(v - h) for v, h in zip(totals, self._score_hold)]

    def _draw_track(self, canvas: pygame.Surface) -> None:
        """A compact score track: one lane per seat, ticks every 10 points."""
        box = pygame.Rect(TRACK_BOX)
        scores = self._shown_scores()
        top = max(40, math.ceil((max(scores + [0]) + 6) / 20) * 20)
        lo = min(0, math.floor(min(scores + [0]) / 20) * 20)
        x0, x1 = box.x + 34, box.right - 34
        lane_top, lane_h = box.y + 12, 52 / self.players
        bottom = lane_top + lane_h * self.players
        span = (x1 - x0) / (top - lo)
        for v in range(lo, top + 1, 10):
            x = x0 + (v - lo) * span
            pygame.draw.line(canvas, theme.PANEL_LIGHT, (x, lane_top), (x, bottom), 2)
            if v % 20 == 0:
                label = theme.text(str(v), theme.SMALL_SIZE, theme.TEXT_DIM)
                canvas.blit(label, label.get_rect(midtop=(x, bottom + 4)))
        for seat in range(self.players):
            y = lane_top + lane_h * (seat + 0.5)
            x = x0 + (scores[seat] - lo) * span
            zero = x0 - lo * span
            pygame.draw.line(canvas, seat_dark(seat), (zero, y), (x, y), 6)
            draw_seat_emblem(canvas, seat, (x, y), min(20, lane_h + 6))

    def _draw_row(self, canvas: pygame.Surface, view: State) -> None:
        """The face-up cards (a card still flying in is not there yet)."""
        for i, rect in enumerate(self.faceup_rects):
            if i >= len(view.row) or view.row[i] == EMPTY or self.holds[("slot", i)]:
                continue
            canvas.blit(sp.transport_card(COLORS[view.row[i]], CARD_W, CARD_H), rect)

    def _decorate_row(self, canvas: pygame.Surface, view: State, opts: set) -> None:
        """Per frame: face-up options and piles glow; face-up cards that are not options dim."""
        if not opts:
            return
        pulse = self.pulse()
        for i, rect in enumerate(self.faceup_rects):
            if i >= len(view.row) or view.row[i] == EMPTY or self.holds[("slot", i)]:
                continue
            if ("faceup", i) in opts:
                ring(canvas, rect.inflate(8, 8), OPTION, 3, pulse)
            else:
                darken(canvas, rect)
        for key, rect in ((("deck",), self.deck_rect), (("tickets",), self.tickets_rect)):
            if key in opts:
                ring(canvas, rect.inflate(6, 6), OPTION, 3, pulse)

    def _draw_piles(self, canvas: pygame.Surface, view: State) -> None:
        """Deck, ticket pile and discard pile, each with its count."""
        deck, tickets, disc = self.deck_rect, self.tickets_rect, self.discard_rect
        back = sp.card_back(42, 58)
        canvas.blit(back, (deck.x + 14, deck.y + 6))
        self._pile_text(canvas, deck, view.deck_size, t("deck"))
        tback = sp.ticket_back(58, 40)
        canvas.blit(tback, (tickets.x + 12, tickets.y + 14))
        # the caption under the count agrees with it: "1" over "Ticket"
        self._pile_text(canvas, tickets, view.ticket_deck_size,
                        t("tickets", count=view.ticket_deck_size))
        n = sum(view.discard)
        for k in range(3 if n else 1):  # a fanned stack of spent cards
            r = pygame.Rect(disc.x + 14 + k * 6, disc.y + 10 - k * 3, 40, 54)
            pygame.draw.rect(canvas, theme.PANEL_LIGHT if n else theme.PANEL, r, border_radius=8)
            pygame.draw.rect(canvas, theme.TEXT_DIM, r, 2, border_radius=8)
        self._pile_text(canvas, disc, n, t("discard"))

    @staticmethod
    def _pile_text(canvas: pygame.Surface, rect: pygame.Rect, count: int, caption: str) -> None:
        num = theme.text(str(count), theme.HEADING_SIZE, theme.TEXT, True)
        canvas.blit(num, num.get_rect(midright=(rect.right - 14, rect.y + 34)))
        cap = fit_text(caption, theme.SMALL_SIZE, rect.w - 16, theme.TEXT_DIM)
        canvas.blit(cap, cap.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))

    def _draw_players(self, canvas: pygame.Surface, view: State) -> None:
        scores = self._shown_scores()
        for seat, rect in enumerate(self.player_rects):
            self._draw_player(canvas, view, seat, rect, scores[seat])

    def _draw_player(self, canvas: pygame.Surface, view: State, seat: int, rect: pygame.Rect,
                     score: int) -> None:
        """Name, score, buses, cards, tickets and flag cards of one seat."""
        current = view.current == seat and view.phase != OVER
        pygame.draw.rect(canvas, theme.PANEL_LIGHT if current else theme.PANEL, rect,
                         border_radius=16)
        pygame.draw.rect(canvas, seat_color(seat), pygame.Rect(rect.x, rect.y, 14, rect.h),
                         border_top_left_radius=16, border_bottom_left_radius=16)
        if current:
            pygame.draw.rect(canvas, seat_color(seat), rect, 4, border_radius=16)
        draw_seat_emblem(canvas, seat, (rect.x + 44, rect.y + 34), PANEL_EMBLEM)
        x = rect.x + 30
        num = theme.text(str(score), theme.HEADING_SIZE, theme.TEXT, True)
        num_rect = num.get_rect(topright=(rect.right - 18, rect.y + 6))
        canvas.blit(num, num_rect)
        name_x = x + PANEL_EMBLEM + 4
        name = fit_text(self.names[seat], theme.BODY_SIZE, num_rect.x - name_x - 16,
                        seat_color(seat), bold=True)
        canvas.blit(name, (name_x, rect.y + 14))
        row_y = rect.y + 62
        x = self._stat(canvas, x, row_y, "bus", view.buses[seat] - 0, seat)
        cards = max(0, view.hand_sizes[seat] - self.holds[("cards", seat)])
        x = self._stat(canvas, x + 22, row_y, "card", cards, seat)
        tickets = view.tickets[seat]
        shown = "?" if tickets is None else max(0, len(tickets) - self.holds[("tickets", seat)])
        self._stat(canvas, x + 22, row_y, "ticket", shown, seat)
        self._draw_front(canvas, view, seat, rect)
        self._draw_player_status(canvas, view, seat, rect)

    def _stat(self, canvas: pygame.Surface, x: int, y: int, icon: str, value: Any,
              seat: int) -> int:
        """An icon with a number; returns the x after it."""
        if icon == "bus":
            sp.draw_bus_icon(canvas, pygame.Rect(x, y + 4, 46, 30), seat_color(seat), INK)
            x += 52
        elif icon == "card":
            canvas.blit(sp.card_back(26, 36), (x, y + 1))
            x += 32
        else:
            canvas.blit(sp.ticket_back(40, 28), (x, y + 5))
            x += 46
        num = theme.text(str(value), theme.BODY_SIZE, theme.TEXT, True)
        canvas.blit(num, (x, y + 4))
        return x + num.get_width()

    def _flag_rect(self, seat: int, slot: int) -> pygame.Rect:
        rect = self.player_rects[seat]
        return pygame.Rect(rect.right - 18 - (3 - slot) * 34, rect.y + 62, 30, 42)

    def _front_shown(self, view: State, seat: int, slot: int) -> bool:
        """A flag card shows once it has landed and until the flag it completes is celebrated."""
        h = self.holds
        return bool(view.front[seat][slot] or h[("front_show", seat, slot)]) and not h[
            ("front", seat, slot)]

    def _draw_front(self, canvas: pygame.Surface, view: State, seat: int,
                    rect: pygame.Rect) -> None:
        """Flag cards in front of the player: filled when kept, outlined when still missing."""
        for slot, color in enumerate(FLAG_COLORS):
            r = self._flag_rect(seat, slot)
            have = self._front_shown(view, seat, slot)
            if have:
                canvas.blit(sp.transport_card(COLORS[color], 30, 42), r)
            else:
                pygame.draw.rect(canvas, theme.BACKGROUND, r, border_radius=6)
                pygame.draw.rect(canvas, sp.CARD_RGB[COLORS[color]], r, 3, border_radius=6)
        flags = view.flags[seat]
        if flags:
            label = theme.text(f"×{flags}", theme.SMALL_SIZE, theme.TEXT, True)
            x = self._flag_rect(seat, 0).x - label.get_width() - 8
            canvas.blit(label, (x, rect.y + 70))
            sp.tricolour(canvas, pygame.Rect(x - 40, rect.y + 70, 34, 24))

    def _draw_player_status(self, canvas: pygame.Surface, view: State, seat: int,
                            rect: pygame.Rect) -> None:
        """Third line (when there is room): ticket results at the end, last-round notice."""
        if rect.h < 140:
            return
        y = rect.y + 112
        line = None
        if view.phase == OVER and view.tickets[seat] is not None:
            done = completed_tickets(self.board, view.owners, seat, view.tickets[seat])
            line = t("results", done=sum(done), failed=len(done) - sum(done))
        elif view.final_turns >= 0 and view.current == seat:
            line = (t("final_turn") if view.final_turns <= 1
                    else t("turns_left", count=view.final_turns))
        if line:
            text = fit_text(line, theme.SMALL_SIZE, rect.w - 48, theme.TEXT_DIM)
            canvas.blit(text, (rect.x + 30, y))

    def _paint_hand(self, canvas: pygame.Surface) -> None:
        """The viewer's cards grouped by colour (large, with counts) and their tickets."""
        seat, view = self.viewer, self.view
        hand = view.hands[seat] if seat is not None else None
        if hand is None:  # nobody's hand may be shown: the table's latest moves instead
            pygame.draw.rect(canvas, theme.PANEL, self.hand_rect, border_radius=18)
            self._draw_moves(canvas)
            return
        pygame.draw.rect(canvas, seat_color(seat), pygame.Rect(self.hand_rect.x, self.hand_rect.y, 8,
                                                            self.hand_rect.h), border_radius=4)
        for c, rect in enumerate(self.hand_rects):
            n = max(0, hand[c] - self.holds[("hand", c)])
            if n == 0:
                continue
            canvas.blit(sp.transport_card(COLORS[c], *HAND_CARD), rect)
            sp.count_badge(canvas, (rect.right - 6, rect.y + 8), n)
        self._draw_ticket_strip(canvas, view, seat)

    def _draw_moves(self, canvas: pygame.Surface) -> None:
        """The latest moves, newest first, down two columns, each by its seat's colour dot; a
        long move wraps onto a second line."""
        moves = self.moves.lines(self.names)
        if not moves:
            msg = theme.text(t("spectator"), theme.BODY_SIZE, theme.TEXT_DIM)
            canvas.blit(msg, msg.get_rect(center=self.hand_rect.center))
            return
        slot = 0  # the next free line: column slot // MOVE_ROWS, row slot % MOVE_ROWS
        for i, (seat, text) in enumerate(moves):
            lines = self.move_lines(text)
            if slot % MOVE_ROWS + len(lines) > MOVE_ROWS:  # no room left in this column
                slot += MOVE_ROWS - slot % MOVE_ROWS
            if slot + len(lines) > 2 * MOVE_ROWS:
                break
            col, row = divmod(slot, MOVE_ROWS)
            x = self.hand_rect.x + 24 + col * self.move_col_w
            y = self.hand_rect.y + 10 + row * MOVE_STEP + MOVE_STEP // 2
            if seat is not None:
                draw_seat_emblem(canvas, seat, (x + 11, y - 1), 24)  # as tall as the text
            color = theme.TEXT if i == 0 else theme.TEXT_DIM
            for k, line in enumerate(lines):
                surf = fit_text(line, MOVE_SIZE, self.move_col_w - 56, color)
                canvas.blit(surf, surf.get_rect(midleft=(x + 30, y + k * MOVE_STEP)))
            slot += len(lines)

    def move_lines(self, text: str) -> list[str]:
        """A move's text as the log sets it: on one line, or on two of about the same width (so
        that "+2" is never left alone on the second)."""
        width = self.move_col_w - 56
        lines = wrap(text, MOVE_SIZE, width)
        if len(lines) > 2:
            return [lines[0], " ".join(lines[1:])]
        while len(lines) == 2 and len(narrower := wrap(text, MOVE_SIZE, width - 20)) == 2:
            lines, width = narrower, width - 20
        return lines

    def _decorate_hand(self, canvas: pygame.Surface, view: State, prompt: Prompt | None) -> None:
        """Per frame: while paying for a route, the hand groups that can pay glow."""
        for c in self._pay_colors(view, prompt):
            ring(canvas, self.hand_rects[c].inflate(8, 8), theme.ACCENT, 4, self.pulse())

    def _pay_colors(self, view: State, prompt: Prompt | None) -> set[int]:
        """While paying for a route, the hand groups that can pay glow."""
        if prompt is None or prompt.kind != "pay" or not view.claim:
            return set()
        route = self.board.routes[view.claim[0]]
        return {route.color, len(COLORS) - 1}

    def _strip_layout(self, tickets: Sequence[int]) -> TicketStrip:
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
        tk = self.board.tickets[ticket]
        return min(sp.chip_width(self.board.locations[tk.a].name, self.board.locations[tk.b].name),
                   self.tickets_area.w)

    def _ticket_status(self, view: State, seat: int, tickets: tuple[int, ...]) -> list[str]:
        done = completed_tickets(self.board, view.owners, seat, tickets)
        over = view.phase == OVER
        return ["done" if ok else ("failed" if over else "") for ok in done]

    def _draw_ticket_strip(self, canvas: pygame.Surface, view: State, seat: int) -> None:
        tickets = view.tickets[seat] or ()
        tickets = tickets[:max(0, len(tickets) - self.holds[("tickets", seat)])]
        if not tickets:
            msg = theme.text(t("no_tickets"), theme.SMALL_SIZE, theme.TEXT_DIM)
            canvas.blit(msg, msg.get_rect(midleft=(self.tickets_area.x + 10,
                                                   self.tickets_area.centery)))
            return
        status = self._ticket_status(view, seat, tickets)
        strip = self._strip_layout(tickets)
        for i, (tk, st, rect) in enumerate(zip(tickets, status, strip.chips)):
            if rect is None or self.holds[("flipping", i)]:
                continue
            if self.holds[("unflipped", i)] and st == "failed":
                st = ""
            canvas.blit(self._chip(tk, rect, st), rect)
        if strip.more is not None:
            pygame.draw.rect(canvas, theme.PANEL_LIGHT, strip.more, border_radius=10)
            more = theme.text(t("more_tickets", count=strip.hidden), theme.SMALL_SIZE, theme.TEXT,
                              True)
            canvas.blit(more, more.get_rect(center=strip.more.center))

    def _chip(self, ticket: int, rect: pygame.Rect, status: str) -> pygame.Surface:
        tk = self.board.tickets[ticket]
        locs = self.board.locations
        return sp.ticket_card(locs[tk.a].name, locs[tk.b].name, tk.points, rect.w, rect.h, status)

    def _draw_overlay(self, canvas: pygame.Surface, tickets: tuple[int, ...], opts: set,
                      focus: Target | None) -> None:
        """The ticket choice: dim the map, show the drawn tickets as big cards."""
        canvas.blit(veil(self.map_rect.size, 200), self.map_rect)
        rects = self._overlay_rects(len(tickets))
        title, hint = self._overlay_texts()
        plate = self._overlay_plate(rects[0])
        pygame.draw.rect(canvas, theme.PANEL, plate, border_radius=18)
        pygame.draw.rect(canvas, theme.PANEL_LIGHT, plate, 3, border_radius=18)
        cx = self.map_rect.centerx
        canvas.blit(title, title.get_rect(midbottom=(cx, rects[0].y - 66)))
        canvas.blit(hint, hint.get_rect(midbottom=(cx, rects[0].y - 24)))
        arrived = len(tickets) - self.holds[("offer", self.viewer)]
        for i, (tk, rect) in enumerate(zip(tickets, rects)):
            if i >= arrived:
                continue
            ticket = self.board.tickets[tk]
            canvas.blit(self._big_ticket(tk, rect.size), rect)
            key = ("ticket", ticket.id)
            if key in opts:
                ring(canvas, rect.inflate(10, 10), OPTION, 3, self.pulse())
            if focus == key:
                self._endpoints(canvas, ticket)

    def _overlay_texts(self) -> tuple[pygame.Surface, pygame.Surface]:
        return (theme.text(t("choose_tickets"), theme.HEADING_SIZE, theme.TEXT, True),
                theme.text(t("choose_hint"), theme.BODY_SIZE, theme.TEXT_DIM))

    def _overlay_plate(self, first: pygame.Rect) -> pygame.Rect:
        """The plate of the overlay's title and subtitle, above the first ticket card."""
        title, hint = self._overlay_texts()
        cx = self.map_rect.centerx
        return title.get_rect(midbottom=(cx, first.y - 66)).union(
            hint.get_rect(midbottom=(cx, first.y - 24))).inflate(60, 28)

    def keep_clear(self) -> list[pygame.Rect]:
        """The ticket choice's title plate while the choice is up (a hint's callout avoids it)."""
        tickets = self._overlay_tickets()
        return [self._overlay_plate(self._overlay_rects(len(tickets))[0])] if tickets else []

    def _big_ticket(self, ticket: int, size: tuple[int, int]) -> pygame.Surface:
        """The overlay card of a ticket (built on first use, then cached for the match)."""
        card = self._big_tickets.get(ticket)
        if card is None or card.get_size() != size:
            tk = self.board.tickets[ticket]
            locs = self.board.locations
            kx, ky = THUMB[0] / self.map_rect.w, THUMB[1] / self.map_rect.h
            ox, oy = self.map_rect.topleft
            pa, pb = (((self.loc[i][0] - ox) * kx, (self.loc[i][1] - oy) * ky)
                      for i in (tk.a, tk.b))
            card = sp.big_ticket(locs[tk.a].name, locs[tk.b].name, tk.points, size[0], size[1],
                                 self._thumb, pa, pb)
            self._big_tickets[ticket] = card
        return card

    def _endpoints(self, canvas: pygame.Surface, ticket) -> None:
        """Ring the two landmarks of the focused ticket on the dimmed map."""
        r = MARKER_R + 10 + 4 * self.pulse()
        for loc in (ticket.a, ticket.b):
            p = self.loc[loc]
            sp.marker(canvas, p)
            pygame.draw.circle(canvas, theme.FOCUS, p, r, 5)

    def _draw_route_highlights(self, canvas: pygame.Surface, view: State, opts: set,
                               prompt: Prompt | None) -> None:
        """Claimable routes pulse; the route being paid for stays lit."""
        alpha = int(120 + 135 * self.pulse())
        for route, geom in zip(self.board.routes, self.routes):
            if ("route", route.id) in opts:
                self._glow_route(canvas, geom, INK, alpha, 8)
                self._glow_route(canvas, geom, OPTION, alpha, 5)
        if prompt is not None and prompt.kind in ("pay", "flag") and view.claim:
            self._glow_route(canvas, self.routes[view.claim[0]], theme.FOCUS, 255)
        if prompt is not None and prompt.kind == "flag":
            seat = prompt.player
            color = self.board.routes[view.claim[0]].color
            if color in FLAG_COLORS:
                r = self._flag_rect(seat, FLAG_COLORS.index(color))
                ring(canvas, r.inflate(8, 8), theme.ACCENT, 4, self.pulse())

    def _glow_route(self, canvas: pygame.Surface, geom: RouteGeom, color: tuple,
                    alpha: int, thick: int = 5) -> None:
        glow = sp.glow_sprite(geom.slot_len, SLOT_W, geom.angle, color, thick)
        glow.set_alpha(alpha)
        for c in geom.centers:
            canvas.blit(glow, glow.get_rect(center=(round(c[0]), round(c[1]))))
        glow.set_alpha(255)

    def _route_tip(self, canvas: pygame.Surface, route, geom: RouteGeom) -> None:
        """A name tag by the focused route: its two places and what it scores."""
        text = theme.text(self.rules.route_name(route), theme.SMALL_SIZE, theme.TEXT, True)
        pts = theme.text(f"+{route.points}", theme.SMALL_SIZE, INK, True)
        w = text.get_width() + pts.get_width() + 46
        tip = pygame.Rect(0, 0, w, 44)
        tip.midbottom = (geom.rect.centerx, geom.rect.y - 10)
        if tip.y < self.map_rect.y + 6:  # no room above: put it below the route
            tip.midtop = (geom.rect.centerx, geom.rect.bottom + 10)
        tip.clamp_ip(self.map_rect.inflate(-8, -8))
        pygame.draw.rect(canvas, INK, tip, border_radius=12)
        pygame.draw.rect(canvas, theme.FOCUS, tip, 3, border_radius=12)
        canvas.blit(text, text.get_rect(midleft=(tip.x + 14, tip.centery)))
        badge = pygame.Rect(0, 0, pts.get_width() + 14, 32)
        badge.midright = (tip.right - 8, tip.centery)
        pygame.draw.rect(canvas, theme.FOCUS, badge, border_radius=16)
        canvas.blit(pts, pts.get_rect(center=badge.center))

    # == event animations ========================================================================
    # Each handler queues tweens from `at` and returns where the next event's tweens start; a
    # handler after which the scores should count up notes it in batch.moments["score"].
    def _hand_target(self, seat: int, color: int) -> tuple[float, float]:
        """Where a card lands: the viewer's hand group, or the card count of another seat."""
        if seat == self.viewer:
            return self.hand_rects[color].center
        rect = self.player_rects[seat]
        return (rect.x + 140, rect.y + 80)

    def _card_sprite(self, color: int, visible: bool) -> pygame.Surface:
        if visible:
            return sp.transport_card(COLORS[color], CARD_W, CARD_H)
        return sp.card_back(CARD_W, CARD_H)

    @on_event("card_dealt", sound=EventSound((Cue("swish", volume=0.55),), 0.12))
    @on_event("card_drawn", sound=EventSound((Cue("swish"),), 0.3))
    def _card(self, ev: Event, at: float, batch: Batch) -> float:
        """A card from the deck or the face-up row into a hand (face-down for others)."""
        seat = ev.player
        color = COLORS.index(ev.get("color"))
        faceup = ev.get("source") == "faceup"
        visible = faceup or (seat == self.viewer and ev.get("visible_to") == seat)
        start = self.faceup_rects[ev.get("slot")].center if faceup else self.deck_rect.center
        holds: tuple = (("cards", seat),)
        if seat == self.viewer:
            holds += (("hand", color),)
        if faceup:
            holds += (("slot", ev.get("slot")),)
        paint = fly(self._card_sprite(color, visible), start, self._hand_target(seat, color))
        self.timeline.add(at, 0.42, paint, pytweening.easeInOutCubic, holds)
        return at + (0.12 if ev.kind == "card_dealt" else 0.3)

    @on_event("faceup_refilled", sound=EventSound((Cue("swish", volume=0.35),), 0.1))
    def _refill(self, ev: Event, at: float, batch: Batch) -> float:
        """A new face-up card slides from the deck into its slot."""
        slot = ev.get("slot")
        color = COLORS.index(ev.get("color"))
        paint = fly(self._card_sprite(color, True), self.deck_rect.center,
                    self.faceup_rects[slot].center, arc=0)
        self.timeline.add(at, 0.32, paint, pytweening.easeOutCubic, (("slot", slot),))
        return at + 0.1

    @on_event("row_reset", sound=EventSound((Cue("shuffle", volume=0.7),), 0.6))
    def _row_reset(self, ev: Event, at: float, batch: Batch) -> float:
        """Three wilds: the whole row sweeps into the discard pile."""
        cards = list(ev.get("discarded") or ())
        holds = tuple(("slot", i) for i in range(len(self.faceup_rects)))
        now = self.timeline.clock
        for i, name in enumerate(cards[:len(self.faceup_rects)]):
            sprite = sp.transport_card(name, CARD_W, CARD_H)
            sweep = fly(sprite, self.faceup_rects[i].center, self.discard_rect.center, arc=-30)
            # the old card waits in its slot (the view already holds the new row) until it goes
            start = at + i * 0.05
            dur = start - now + 0.4
            self.timeline.add(now, dur, delayed(sweep, (start - now) / dur, pytweening.easeInCubic),
                              pytweening.linear, holds)
        self.timeline.add(at, 0.62, None, holds=holds)  # the row stays empty until it refills
        return at + 0.6

    @on_event("deck_reshuffled", sound=EventSound((Cue("shuffle"),), 0.5))
    def _reshuffle(self, ev: Event, at: float, batch: Batch) -> float:
        """The discard pile goes back into the deck."""
        back = sp.card_back(CARD_W, CARD_H)
        for i in range(3):
            self.timeline.add(at + i * 0.08, 0.35,
                              fly(back, self.discard_rect.center, self.deck_rect.center))
        return at + 0.5

    @on_event("ticket_drawn", sound=EventSound((Cue("flip"),), 0.15))
    def _ticket_drawn(self, ev: Event, at: float, batch: Batch) -> float:
        """A ticket from the pile to the chooser's overlay (or to another seat's panel)."""
        seat = ev.player
        sprite = sp.ticket_back(140, 92)
        if seat == self.viewer:
            n = sum(1 for tw in self.timeline if ("offer", seat) in tw.holds)
            count = max(len(self.view.offered[seat]), n + 1)
            dest = self._overlay_rects(count)[min(n, count - 1)].center
            holds: tuple = (("offer", seat),)
        else:
            dest = (self.player_rects[seat].x + 260, self.player_rects[seat].y + 80)
            holds = ()
        self.timeline.add(at, 0.4, fly(sprite, self.tickets_rect.center, dest),
                          pytweening.easeOutCubic, holds)
        return at + 0.15

    @on_event("tickets_kept", sound=None)
    def _tickets_kept(self, ev: Event, at: float, batch: Batch) -> float:
        """The viewer's kept tickets fly from the choice overlay into the ticket strip."""
        seat, old = ev.player, batch.old
        if seat != self.viewer or old is None or old.offered[seat] is None:
            return at
        offered = old.offered[seat]
        mine = self.view.tickets[seat] or ()
        strip = self._strip_layout(mine)
        src = self._overlay_rects(len(offered))
        for k, tid in enumerate(ev.get("kept") or ()):
            tk = self.board.ticket_index[tid]
            if tk not in mine or tk not in offered:
                continue
            dest = strip.chips[mine.index(tk)] or strip.more
            if dest is None:
                continue
            chip = fly(self._chip(tk, dest, ""), src[offered.index(tk)].center, dest.center,
                       arc=20)
            self.timeline.add(at + k * 0.08, 0.4, chip, pytweening.easeInOutCubic,
                              (("tickets", seat),))
        return at + 0.45

    @on_event("route_claimed", sound=EventSound(
        (Cue("swish", volume=0.5), Cue("clunk", 0.42, every=0.12)), 0.3, 0.12, "cards"))
    def _route(self, ev: Event, at: float, batch: Batch) -> float:
        """Paid cards go to the discard pile, then buses drop into the slots one by one."""
        seat = ev.player
        index = self.board.route_index[ev.get("route")]
        geom = self.routes[index]
        for k, name in enumerate(ev.get("cards") or ()):
            c = COLORS.index(name)
            paid = fly(self._card_sprite(c, True), self._hand_target(seat, c),
                       self.discard_rect.center, arc=30)
            self.timeline.add(at + k * 0.05, 0.35, paid)
        drop = at + 0.12
        bus = self._bus(seat, geom)
        last = drop + 0.12 * (len(geom.centers) - 1) + 0.3
        for k, c in enumerate(geom.centers):
            dur = last - drop - k * 0.12  # every bus stays until the route shows them all
            self.timeline.add(drop + k * 0.12, dur, _drop(bus, c, 0.3 / max(0.3, dur)),
                              pytweening.linear, (("route", index),))
        points = popup(f"+{ev.get('points') or 0}", geom.rect.center, seat_color(seat))
        self.timeline.add(last - 0.1, 0.6, points, pytweening.easeOutQuad)
        batch.moments["score"] = drop
        return last

    @on_event("flag_card_kept", sound=EventSound((Cue("swish", volume=0.6),), 0.4))
    def _flag_kept(self, ev: Event, at: float, batch: Batch) -> float:
        """One card of the route stays in front of the player, towards the French flag."""
        seat = ev.player
        color = COLORS.index(ev.get("color"))
        slot = FLAG_COLORS.index(color)
        dest = self._flag_rect(seat, slot)
        sprite = sp.transport_card(COLORS[color], 30, 42)
        self.timeline.add(at, 0.4, fly(sprite, self.discard_rect.center, dest.center),
                          pytweening.easeInOutCubic, (("front", seat, slot),))
        return at + 0.4

    @on_event("flag_completed", sound=EventSound((Cue("fanfare"),), 0.6))
    def _flag_done(self, ev: Event, at: float, batch: Batch) -> float:
        """Bastille Day: a tricolour pops up on the player's panel with the points."""
        seat = ev.player
        text = t("flag", points=ev.get("points") or self.flag_points)
        slots = [self._flag_rect(seat, k) for k in range(len(FLAG_COLORS))]
        # the three cards stay in front of the player until the celebration takes them
        now = self.timeline.clock
        self.timeline.add(now, at - now, None,
                          holds=tuple(("front_show", seat, k) for k in range(len(FLAG_COLORS))))
        self.timeline.add(at, 0.6, _flag_burst(self.player_rects[seat], text, slots),
                          pytweening.linear)
        batch.moments["score"] = at + 0.2
        return at + 0.6

    @on_event("last_round", sound=EventSound((Cue("pause"),), 0.6))
    def _last_round(self, ev: Event, at: float, batch: Batch) -> float:
        """A banner across the top of the map."""
        notice = banner(t("last_round"), (self.map_rect.centerx, self.map_rect.y + 80),
                        theme.ACCENT, Plate(INK, theme.ACCENT, 4, 18, (60, 24)))
        self.timeline.add(at, 0.6, notice, pytweening.linear)
        return at + 0.6

    @on_event("game_over")
    def _game_over(self, ev: Event, at: float, batch: Batch) -> float:
        """The viewer's tickets flip to show completed or failed; scores count up."""
        seat, view = self.viewer, self.view
        if seat is None or view.tickets[seat] is None:
            batch.moments["score"] = at
            return at + 0.3
        tickets = view.tickets[seat]
        status = self._ticket_status(view, seat, tickets)
        now = self.timeline.clock
        shown = [(i, rect) for i, rect in enumerate(self._strip_layout(tickets).chips) if rect]
        for k, (i, rect) in enumerate(shown):
            front = self._chip(tickets[i], rect, "done" if status[i] == "done" else "")
            back = self._chip(tickets[i], rect, status[i])
            start = at + k * 0.08
            # until its flip starts a ticket shows its face from before the end
            self.timeline.add(now, start - now, None, holds=(("unflipped", i),))
            self.timeline.add(start, 0.45, flip(front, back, rect), pytweening.linear,
                              (("flipping", i),), late=True)
        batch.moments["score"] = at + 0.2
        return at + 0.08 * max(0, len(shown) - 1) + 0.45


# == small helpers ===============================================================================
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


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


def _drop(bus: pygame.Surface, c: Sequence[float], frac: float):
    """Paint: a bus falls into its slot with a bounce, then sits there until the route is shown."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        q = min(1.0, p / frac) if frac > 0 else 1.0
        y = c[1] - 70 * (1.0 - pytweening.easeOutBounce(q))
        canvas.blit(bus, bus.get_rect(center=(round(c[0]), round(y))))
    return paint


def _flag_burst(rect: pygame.Rect, label: str, slots: list[pygame.Rect]):
    """Paint: the three flag cards gather, then a tricolour pops up with the points."""
    names = [COLORS[c] for c in FLAG_COLORS]
    spot = (rect.x + 120, rect.centery)

    def paint(canvas: pygame.Surface, p: float) -> None:
        if p < 0.35:
            q = pytweening.easeInCubic(p / 0.35)
            for name, r in zip(names, slots):
                card = sp.transport_card(name, 30, 42)
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
