"""Ticket to Ride: Paris map panel: the city, its routes and the buses on them.

Its geometry is this room's own: landmarks fitted into the map box, bus slots along each route,
twin routes side by side, landmark names placed clear of every bus and marker by labels.py
(reported by the room's `board_geometry`). The static background holds the city, the empty
slots and the markers; the layer holds a bus in every slot of every claimed route, then the
names. Per frame it glows the claimable routes and rings the focused one with its name tag.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import theme
from game.ui.audio import Cue, EventSound
from game.ui.geometry import Icon, Stroke
from game.ui.paint import (
    INK,
    Plate,
    Sprite,
    banner,
    fly,
    popup,
    seat_color,
    seat_dark,
    seat_emblem,
)
from game.ui.panels import Panel, PanelRoom
from game.ui.render_kit import Batch, on_event, translator

from . import sprites as sp
from .board import COLORS
from .labels import place_labels
from .layout import OPTION
from .sprites import MARKER_R
from .state import EMPTY

t = translator("ticket_to_ride_paris.scene.")

SLOT_W = 24  # thickness of a bus slot
SLOT_MAX = 64  # longest slot
SLOT_GAP = 6
BUS_GROW = (4, 6)  # a claimed bus is this much longer and wider than its empty slot

# Our Seine and parks, in the map's own board coordinates (board.py MAP_X/MAP_Y space).
SEINE = ((1420, 905), (1250, 815), (1150, 700), (1080, 615), (960, 555), (830, 540),
         (690, 545), (540, 568), (380, 600), (205, 618), (100, 700), (30, 860))
PARKS = (((395, 160), 70, 45), ((835, 760), 85, 60), ((1180, 900), 80, 45),
         ((335, 760), 55, 95), ((790, 430), 90, 32), ((1360, 455), 55, 70), ((40, 300), 60, 150))
ISLAND = ((1030, 590), 70, 26)


@dataclass(slots=True)
class RouteGeom:
    """Where a route's slots are drawn on screen."""

    centers: list[tuple[float, float]]
    slot_len: int
    angle: int
    rect: pygame.Rect
    sprite_rects: list[pygame.Rect] = field(default_factory=list)


class MapPanel(Panel):
    """The Paris map: routes as targets, buses as they are claimed, landmark names."""


    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """Fit the landmarks into the map box, lay out every route's slots, place the names."""
        super().__init__(room, rect, "map")
        self.board = room.board
        self._fit = self._make_fit()
        self.loc = [self._fit((loc.x, loc.y)) for loc in self.board.locations]
        self.routes = [self._route_geom(r) for r in self.board.routes]
        self._separate_twins()
        self._target_index = {("route", r.id): i for i, r in enumerate(self.board.routes)}
        self._shown: tuple | None = None  # (owners, holds, the key shown for them): `key`
        self.labels = place_labels(  # drawn above buses, and never over one
            [loc.name for loc in self.board.locations], self.loc, self.route_strokes(),
            self.marker_icons(), self.rect.inflate(-16, -16))

    # == geometry =================================================================================
    def _make_fit(self) -> Callable[[tuple[float, float]], tuple[float, float]]:
        """Map board coordinates into the map box (labels need a margin around the markers)."""
        xs = [loc.x for loc in self.board.locations]
        ys = [loc.y for loc in self.board.locations]
        box = self.rect
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

    def route_strokes(self) -> list[Stroke]:
        """Every bus place of every route as a stroke as wide as a claimed bus (wider than the
        empty slot), named by its route."""
        strokes = []
        for route, geom in zip(self.board.routes, self.routes):
            a = math.radians(geom.angle)
            ux, uy = math.cos(a), -math.sin(a)
            half = (geom.slot_len + BUS_GROW[0] - (SLOT_W + BUS_GROW[1])) / 2  # capsule's spine
            name = f"route {self.room.rules.route_name(route)}"
            strokes += [Stroke(name, ((cx - ux * half, cy - uy * half),
                                      (cx + ux * half, cy + uy * half)), SLOT_W + BUS_GROW[1])
                        for cx, cy in geom.centers]
        return strokes

    def marker_icons(self) -> list[Icon]:
        """Every landmark's marker disc."""
        r = MARKER_R + 2
        return [Icon(f"marker {loc.name}", pygame.Rect(round(p[0]) - r, round(p[1]) - r,
                                                       2 * r + 1, 2 * r + 1))
                for loc, p in zip(self.board.locations, self.loc)]

    # == static background and layer ==============================================================
    def paint_static(self, surface: pygame.Surface) -> None:
        """The city, the empty slots and the landmark markers."""
        river = [self._fit(p) for p in SEINE]
        sx = (self._fit((1, 0))[0] - self._fit((0, 0))[0])
        sy = (self._fit((0, 1))[1] - self._fit((0, 0))[1])
        parks = [(self._fit(c), rx * sx, ry * sy) for c, rx, ry in PARKS]
        sp.paint_paris(surface, self.rect, river, parks)
        self._paint_island(surface, sx, sy)
        for route, geom in zip(self.board.routes, self.routes):
            sprite = sp.slot_sprite(COLORS[route.color], geom.slot_len, SLOT_W, geom.angle)
            for r in geom.sprite_rects:
                surface.blit(sprite, r)
        for p in self.loc:
            sp.marker(surface, p)

    def _paint_island(self, surf: pygame.Surface, sx: float, sy: float) -> None:
        (cx, cy), rx, ry = ISLAND
        c = self._fit((cx, cy))
        rect = pygame.Rect(0, 0, rx * 2 * sx, ry * 2 * sy)
        rect.center = (round(c[0]), round(c[1]))
        pygame.draw.ellipse(surf, sp.MAP_BANK, rect.inflate(6, 6))
        pygame.draw.ellipse(surf, sp.MAP_BLOCK[1], rect)

    def key(self) -> tuple[int, ...]:
        """Route owners as the map shows them: a route whose buses still drop is not yet.
        Worked out once per view's owners and tweens' holds (asked several times a refresh;
        the timeline's holds are a new Counter whenever they change)."""
        owners, holds = self.view.owners, self.holds
        memo = self._shown
        if memo is None or memo[0] is not owners or memo[1] is not holds:
            shown = owners
            if any([k[0] == "route" for k in holds]):  # noqa: C419 (a list: one call, not one a hold)
                shown = tuple(EMPTY if holds.get(("route", i), 0) else o  # .get: no __missing__
                              for i, o in enumerate(owners))
            memo = self._shown = owners, holds, shown
        return memo[2]

    def paint(self, surface: pygame.Surface) -> None:
        """A bus in every slot of every visibly claimed route, then the landmark names."""
        self.paint_within(surface.get_rect(), surface)

    def add_claims(self) -> None:
        """Routes newly shown as claimed are painted into the layer over their own buses' rect
        alone (`paint_within`), not the whole map: the next frame redraws only that rect. Any
        other change (an undo, a first paint) is left to the layer's full repaint."""
        layers = self.room.layers
        before, now = layers.shown_key(self.name), self.key()
        if before is None or before == now or len(before) != len(now):
            return
        added = [i for i, (was, seat) in enumerate(zip(before, now)) if was != seat]
        if any(before[i] != EMPTY or now[i] == EMPTY for i in added):
            return
        for i in added:
            area = self.bus_area(i, now[i])
            layers.paint_region(self.name, area, now, partial(self.paint_within, area), clip=True)

    def bus_area(self, route: int, seat: int) -> pygame.Rect:
        """The rect a seat's buses cover on a route."""
        geom = self.routes[route]
        bus = self.bus(seat, geom)
        rects = [bus.get_rect(center=(round(c[0]), round(c[1]))) for c in geom.centers]
        return rects[0].unionall(rects[1:])

    def paint_within(self, area: pygame.Rect, surface: pygame.Surface) -> None:
        """What `paint` paints inside `area` (over the background put back there): the buses
        and names that reach into it, in the same order."""
        for i, seat in enumerate(self.key()):
            if seat == EMPTY:
                continue
            geom = self.routes[i]
            bus = self.bus(seat, geom)
            for c in geom.centers:
                rect = bus.get_rect(center=(round(c[0]), round(c[1])))
                if rect.colliderect(area):
                    surface.blit(bus, rect)
        for label in self.labels:
            if label.rect.colliderect(area):
                surface.blit(label.plate, label.rect)

    def buses_ahead(self) -> None:
        """Draw every seat's bus for every route's slot now (~37 slot shapes a seat, ~0.03 ms
        each), not in the frame a claim is animated (a first bus turned costs ~0.3 ms)."""
        for seat in range(self.room.players):
            for geom in self.routes:
                self.bus(seat, geom)

    def bus(self, seat: int, geom: RouteGeom) -> pygame.Surface:
        """A seat's bus as it sits in one of this route's slots."""
        return sp.bus_sprite(seat_color(seat), seat_dark(seat), geom.slot_len + BUS_GROW[0],
                             SLOT_W + BUS_GROW[1], geom.angle, seat_emblem(seat))

    # == targets and per-frame drawing ============================================================
    def targets(self, view) -> dict[Target, pygame.Rect]:
        """Every route."""
        return {("route", route.id): geom.rect
                for route, geom in zip(self.board.routes, self.routes)}

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """Claimable routes pulse; the route being paid for stays lit."""
        # the routes that are options, in board order: looked up from the options (a handful,
        # or none while nobody is prompted), not by walking every route in every redraw pass
        index = self._target_index
        lit = [self.routes[i] for i in sorted(index[o] for o in options if o in index)]
        if lit:  # only then does the map breathe (and get redrawn every frame while it does)
            alpha = int(120 + 135 * self.pulse())
            for geom in lit:
                self.glow_route(canvas, geom, INK, alpha, 8)
                self.glow_route(canvas, geom, OPTION, alpha, 5)
        view = self.view
        if prompt is not None and prompt.kind in ("pay", "flag") and view.claim:
            self.glow_route(canvas, self.routes[view.claim[0]], theme.FOCUS, 255)

    def draw_focus(self, canvas: pygame.Surface, focus: Target, rect: pygame.Rect,
                   prompt: Prompt | None) -> None:
        """The focused route glows bold (dark-edged) with its name tag."""
        route = self.board.route(focus[1])
        geom = self.routes[route.index]
        self.glow_route(canvas, geom, INK, 255, 11)
        self.glow_route(canvas, geom, theme.FOCUS, 255, 8)
        self._route_tip(canvas, route, geom)

    def glow_route(self, canvas: pygame.Surface, geom: RouteGeom, color: tuple,
                   alpha: int, thick: int = 5) -> None:
        """A glow around every slot of a route."""
        glow = sp.glow_sprite(geom.slot_len, SLOT_W, geom.angle, color, thick)
        glow.set_alpha(alpha)
        for c in geom.centers:
            canvas.blit(glow, glow.get_rect(center=(round(c[0]), round(c[1]))))
        glow.set_alpha(255)

    def _route_tip(self, canvas: pygame.Surface, route, geom: RouteGeom) -> None:
        """A name tag by the focused route: its two places and what it scores."""
        text = theme.text(self.room.rules.route_name(route), theme.SMALL_SIZE, theme.TEXT, True)
        pts = theme.text(f"+{route.points}", theme.SMALL_SIZE, INK, True)
        w = text.get_width() + pts.get_width() + 46
        tip = pygame.Rect(0, 0, w, 44)
        tip.midbottom = (geom.rect.centerx, geom.rect.y - 10)
        if tip.y < self.rect.y + 6:  # no room above: put it below the route
            tip.midtop = (geom.rect.centerx, geom.rect.bottom + 10)
        tip.clamp_ip(self.rect.inflate(-8, -8))
        pygame.draw.rect(canvas, INK, tip, border_radius=12)
        pygame.draw.rect(canvas, theme.FOCUS, tip, 3, border_radius=12)
        canvas.blit(text, text.get_rect(midleft=(tip.x + 14, tip.centery)))
        badge = pygame.Rect(0, 0, pts.get_width() + 14, 32)
        badge.midright = (tip.right - 8, tip.centery)
        pygame.draw.rect(canvas, theme.FOCUS, badge, border_radius=16)
        canvas.blit(pts, pts.get_rect(center=badge.center))

    # == event reactions ==========================================================================
    @on_event("route_claimed", sound=EventSound(
        (Cue("swish", volume=0.5), Cue("clunk", 0.42, every=0.12)), 0.3, 0.12, "cards"))
    def _route(self, ev: Event, at: float, batch: Batch) -> float:
        """Paid cards go to the discard pile, then buses drop into the slots one by one."""
        seat = ev.player
        index = self.board.route_index[ev.get("route")]
        geom = self.routes[index]
        market = self.room.market
        for k, name in enumerate(ev.get("cards") or ()):
            c = COLORS.index(name)
            card = market.card_sprite(c, True)
            path = (self.room.hand_target(seat, c), market.discard_rect.center)
            self.tween(at + k * 0.05, 0.35, fly(card, *path, arc=30))
        drop = at + 0.12
        bus = self.bus(seat, geom)
        last = drop + 0.12 * (len(geom.centers) - 1) + 0.3
        for k, c in enumerate(geom.centers):
            dur = last - drop - k * 0.12  # every bus stays until the route shows them all
            self.tween(drop + k * 0.12, dur,
                       bus_drop(bus, c, 0.3 / max(0.3, dur), pytweening.easeOutBounce),
                       pytweening.linear, (("route", index),))
        label, (x, y) = f"+{ev.get('points') or 0}", geom.rect.center
        self.tween(last - 0.1, 0.6, popup(label, (x, y), seat_color(seat)), pytweening.easeOutQuad)
        batch.moments["score"] = drop
        return last

    @on_event("last_round", sound=EventSound((Cue("pause"),), 0.6))
    def _last_round(self, ev: Event, at: float, batch: Batch) -> float:
        """A banner across the top of the map."""
        spot, plate = (self.rect.centerx, self.rect.y + 80), Plate(INK, theme.ACCENT, 4, 18, (60, 24))
        self.tween(at, 0.6, banner(t("last_round"), spot, theme.ACCENT, plate), pytweening.linear)
        return at + 0.6


BUS_FALL = 70  # px above its slot a claimed route's bus starts from


def bus_drop(bus: pygame.Surface, c: tuple[float, float], frac: float,
         bounce: Callable[[float], float]) -> Sprite:
    """Paint: a bus falls into its slot at centre `c` with a bounce (the first `frac` of the
    tween), then sits there until the route is shown."""
    def at(p: float) -> pygame.Rect:
        q = min(1.0, p / frac) if frac > 0 else 1.0
        y = c[1] - BUS_FALL * (1.0 - bounce(q))
        return bus.get_rect(center=(round(c[0]), round(y)))
    return Sprite(bus, at)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h
