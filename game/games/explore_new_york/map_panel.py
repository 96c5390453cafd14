"""Explore New York map panel: one seat's city map (a `SeatPanel`, one per seat).

Its layer shows the seat's marks: tourists in marker strokes, links as a pen line, used cafés
circled (at the end only the final route, glowing, and the tourists on it). Its targets are the
map's blocks and a slim rect on the middle of each link; per frame it rings the blocks the seat
may choose, dots the links that continue its turn, previews the focused link as a pen line, and
(for the room, `draw_table`) outlines this turn's block and draws the faint best route on Peek.

It animates the seat's own strokes, one after another (each holds only that seat's cursor): a
link is a pen stroke, tourists are drawn one marker stroke at a time, a café reached is circled;
at the end what is off the final route fades out, then the route glows while the boxes fill.
What a stroke landing repaints of its layer (the changed parts, the strokes painted over) is
map_repaint.py's.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.engine.trails import bits
from game.ui import theme
from game.ui.audio import Cue, EventSound
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry, Icon, Label, Stroke
from game.ui.paint import seat_color, seat_dark
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event
from game.ui.split_room import SeatArea, SeatPanel

from . import sprites as sp
from .board import TOURISTS
from .final_paint import GLOW_WAVES, Sweep, fade_alpha, glow_alpha, on_grid
from .layout import BOXES, GLOW, MapScale
from .map_paint import (
    Marks,
    bounds_reach,
    cafe_ring,
    paint_sheet,
    pen_reach,
    seed,
    tourist_areas,
)
from .map_repaint import MapRepaint
from .score_panel import ring_options
from .state import CHART, NONE, Sheet

STROKE_TIME = 0.28  # seconds per pen link
TOURIST_TIME = 0.16  # per tourist drawn
CIRCLE_TIME = 0.3  # a café circled
ERASE_TIME = 0.7  # everything off the final route fades out
BOX_TIME = 0.22  # one scoring box filling in
FAINT_ALPHA = 110  # the best route so far, drawn faintly under a seat's links (on Peek)
FOCUS_REACH = 16  # how far out of a target the shell's pulsing focus ring reaches (game_paint)
RINGED = ("block", "lone_block")  # the prompts whose options are this map's blocks
ZOOM_EDGE = 4  # the outline of the sheet the zoom is on, in its seat's colour


@dataclass(frozen=True, slots=True)
class Pictures:
    """What the room draws on a map per frame (MapPanel.pictures): the block outline's canvas
    rect and the faint route's links (None: not drawn)."""

    outline: tuple[int, int, int, int] | None
    faint: tuple[int, ...] | None


NOTHING = Pictures(None, None)  # a map with no block outlined and no faint route

class MapPanel(MapRepaint, SeatPanel):
    """One seat's city map: its marks, its targets, its strokes (its layer repainted in parts:
    MapRepaint)."""

    def __init__(self, room: PanelRoom, area: SeatArea, scale: MapScale) -> None:
        """The map of `area`'s seat, drawn at `scale`."""
        super().__init__(room, area.map, area.seat, f"map{area.seat}")
        self.area, self.scale, self.board = area, scale, room.board
        self.own = self._place_targets()
        self._faint: tuple[Any, pygame.Surface] | None = None  # (route, faint route)
        self._drawn = NOTHING  # what `draw_table` draws (none yet): `drawn_now`
        self._pictured: tuple[Any, bool, Pictures] | None = None  # (view, peeking, pictures)
        self._keyed: tuple | None = None  # (view, holds, key, sheet, own holds): `key`'s
        self._inked: set[tuple[int, tuple[int, int, int]]] = set()  # (block, counts): warm_inks'
        self._final: tuple[Marks, pygame.Surface] | None = None  # the finale's erased map

    def _place_targets(self) -> dict[Target, pygame.Rect]:
        """The map's blocks and a slim rect on the middle of each link."""
        geom, origin = self.scale.geom, self.rect.topleft
        rects: dict[Target, pygame.Rect] = {("block", b.x, b.y): geom.block_rect(b.x, b.y).move(
            origin) for b in self.board.blocks}
        along, across = round(geom.cell * 0.56), max(16, round(geom.road * 2.4))
        for k, points in enumerate(self.scale.lines):
            (ax, ay), (bx, by) = points[0], points[-1]
            mid = points[len(points) // 2] if len(points) > 2 else ((ax + bx) / 2, (ay + by) / 2)
            w, h = (along, across) if abs(bx - ax) > abs(by - ay) else (across, along)
            if len(points) > 2:
                w = h = across * 2
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(self.rect.x + mid[0]), round(self.rect.y + mid[1]))
            rects[("link", k)] = _clear_of_coordinates(rect, self.rect, geom)
        return rects

    # == the layer ================================================================================
    def paint_static(self, surface: pygame.Surface) -> None:
        """The seat's sheet panel and its printed map, framed in the seat's colour (the whole
        sheet too while the zoom of three or four people is on it: whose map is large)."""
        pygame.draw.rect(surface, theme.PANEL, self.area.area, border_radius=16)
        if self.room.zoomed_on(self.seat):
            pygame.draw.rect(surface, seat_color(self.seat), self.area.area, ZOOM_EDGE,
                             border_radius=16)
        pygame.draw.rect(surface, seat_color(self.seat), self.rect.inflate(8, 8),
                         border_radius=10)
        surface.blit(self.room.printed_map(self.scale), self.rect)

    def key(self) -> Hashable:
        """What the seat's map shows (a stroke starting changes no key, landing does); worked
        out again only if its sheet or own holds changed or a final route came or went."""
        keyed, view, holds = self._keyed, self.view, self.holds
        if keyed is not None and keyed[0] is view and keyed[1] is holds:
            return keyed[2]
        sheet, mine = view.sheets[self.seat], self.room.seat_holds(self.seat)
        kept = (keyed is not None and keyed[3] is sheet and keyed[4] == mine
                and not view.routes and not keyed[0].routes)
        marks = keyed[2] if kept else self._marks(sheet, mine)
        self._keyed = (view, holds, marks, sheet, mine)
        return marks

    def _marks(self, sheet: Sheet, holds: frozenset[tuple]) -> Marks:
        """What the seat's map shows with its sheet and its own holds (`key`)."""
        links, cafes, drawing, erasing = sheet.links, sheet.cafes, set(), False
        for hold in holds:
            if hold[0] == "link":
                links &= ~(1 << hold[1])
            elif hold[0] == "cafe":
                cafes &= ~(1 << hold[1])
            elif hold[0] == "tourist":
                drawing.add(hold[1:])
            else:
                erasing = True
        route = None if erasing else self.room.route_of(self.seat)
        return Marks(links, cafes, sheet.tourists, frozenset(drawing), route)

    def paint(self, surface: pygame.Surface) -> None:
        """The seat's marks; clipped to a part of the map (`ENYRenderer.repaint_parts`), only
        those reaching into it (the others paint no pixel there). The whole map with its final
        route once the fade ends: the picture the fade laid over it (`_route_found`, the same
        pixels), not painted again (four maps at once: ~1.2 ms of that frame at four seats)."""
        clip, key = surface.get_clip(), self.key()
        within = None if clip.contains(self.rect) else clip
        final = self._final
        if within is None and final is not None and final[0] == key:
            alpha = final[1].get_alpha()  # (the fade's sweep set it: laid opaque here)
            final[1].set_alpha(None)
            surface.blit(final[1], self.rect)
            final[1].set_alpha(alpha)
            return
        paint_sheet(surface, self.rect.topleft, self.board, self.view.sheets[self.seat],
                    self.seat, key, self.scale, within)

    def targets(self, view: Any) -> dict[Target, pygame.Rect]:
        return self.own

    # == per frame ================================================================================
    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """Ring the blocks the seat may choose; dot the links that continue its turn (a link
        anywhere is every road: those are left plain); the focused link previewed."""
        if prompt is None:
            return
        breath = self.pulse()
        if prompt.kind in RINGED:
            ring_options(canvas, self.own, prompt, breath)
        elif prompt.kind in ("link", "link2"):
            ox, oy = self.rect.topleft
            radius = self.scale.pen * (0.35 + 0.15 * breath)
            for k in self.near_links(prompt):
                sp.dotted(canvas, seat_color(self.seat),
                          [(ox + x, oy + y) for x, y in self.scale.lines[k]], radius,
                          self.scale.geom.cell / 5)
        if focus is not None and focus[0] == "link":
            self._draw_preview(canvas, focus[1], breath)

    def near_links(self, prompt: Prompt) -> list[int]:
        """The options that continue the turn: after the first link, or along the chosen
        block when a second link may follow (none for a link anywhere)."""
        if prompt.kind == "link2":
            return [o.action[1] for o in prompt.options if o.action[0] == "link"]
        queue = self.view.queues[self.seat]
        if prompt.kind != "link" or not queue or not queue[0][1]:
            return []
        sides = self.board.blocks[self.view.sheets[self.seat].block].sides
        return [o.action[1] for o in prompt.options if o.action[1] in sides]

    def _draw_preview(self, canvas: pygame.Surface, link: int, breath: float) -> None:
        """The focused link before it is confirmed: a pen line in the seat's colour, dotted."""
        origin, scale = self.rect.topleft, self.scale
        points = scale.lines[link]
        sp.pen_line(canvas, seat_color(self.seat), points, scale.pen + round(2 * breath), origin)
        ox, oy = origin
        sp.dotted(canvas, seat_dark(self.seat), [(ox + x, oy + y) for x, y in points],
                  max(2.0, scale.pen / 3), scale.geom.cell / 6)

    def pictures(self) -> Pictures:
        """What the room draws on this map per frame for the view now (`draw_table`): the
        rect of the seat's block of this turn outlined (in the chart phase; café tourists go
        there too), and the links of its faint best route (on Peek, until the final route)."""
        view, peeking = self.view, self.seat in self.room.peeking
        known = self._pictured
        if known is not None and known[0] is view and known[1] == peeking:
            return known[2]  # asked once per map and damaged rect every frame
        outline, faint = None, None
        block = view.sheets[self.seat].block
        if view.phase == CHART and block != NONE:
            b = self.board.blocks[block]
            outline = tuple(self.own["block", b.x, b.y].inflate(6, 6))
        if peeking and not view.routes:
            faint = tuple(self.room.route_now(self.seat).links)
        self._pictured = (view, peeking, Pictures(outline, faint))
        return self._pictured[2]

    def drawn_now(self) -> tuple | None:
        """Note the pictures of the view now as those drawn each frame (the room asks once per
        view, Peek and board: `ENYRenderer.draw_table`), for `view_damage` to compare a new
        view's with; what the room draws on this map then: (block outline, its colour, faint
        route's links, this map), or None for nothing."""
        shown = self._drawn = self.pictures()
        if shown == NOTHING:
            return None
        return shown.outline, seat_color(self.seat), shown.faint, self

    def draw_faint_route(self, canvas: pygame.Surface, links: tuple[int, ...]) -> None:
        """The route the seat's map would score now (the live boxes' route), a faint wide
        band under its pen lines: which links extend it is plain to see."""
        if self._faint is None or self._faint[0] != links:
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            scale = self.scale
            for link in links:  # the band's own alpha: the pen lines stay opaque on it
                sp.pen_line(surf, (*GLOW, FAINT_ALPHA), scale.lines[link], scale.pen * 3)
            for link in links:
                sp.pen_line(surf, seat_dark(self.seat), scale.lines[link], scale.pen)
            self._faint = links, surf
        canvas.blit(self._faint[1], self.rect.move(BOARD_RECT.topleft))

    def view_damage(self) -> list[pygame.Rect]:
        """What a new view changes of the room's per-frame pictures on this map (the layer
        reports its own repaints): the block outline last drawn and the one to draw, or the
        whole map when the faint route changes."""
        drawn, now = self._drawn, self.pictures()
        out = [] if drawn.outline == now.outline else [
            pygame.Rect(r) for r in (drawn.outline, now.outline) if r is not None]
        if drawn.faint != now.faint:
            out.append(self.rect.move(BOARD_RECT.topleft))
        return out

    # == event animations =========================================================================
    @on_event("link_drawn", sound=EventSound((Cue("swish", volume=0.45),), STROKE_TIME))
    def _link_drawn(self, ev: Event, at: float, batch: Batch) -> float:
        """A pen stroke along the link, after the seat's earlier strokes."""
        link = ev.get("link")
        origin, scale = self.rect.topleft, self.scale
        points, color, width = scale.lines[link], seat_dark(self.seat), scale.pen

        def paint(canvas: pygame.Surface, p: float) -> None:
            sp.pen_line(canvas, color, sp.partial_line(points, p), width, origin)
        return self._stroke(at, STROKE_TIME, paint, ("link", link),
                            pen_reach(points, width, origin))

    @on_event("cafe_reached", sound=EventSound((Cue("chime", volume=0.6),), CIRCLE_TIME))
    def _cafe_reached(self, ev: Event, at: float, batch: Batch) -> float:
        """The café is circled in the seat's colour."""
        cafe, origin = ev.get("cafe"), self.rect.topleft
        points, width = cafe_ring(self.board, self.scale, cafe), max(3, self.scale.pen // 2)
        color = seat_dark(self.seat)

        def paint(canvas: pygame.Surface, p: float) -> None:
            sp.pen_line(canvas, color, sp.partial_line(points, p), width, origin)
        return self._stroke(at, CIRCLE_TIME, paint, ("cafe", cafe),
                            pen_reach(points, width, origin))

    @on_event("tourists_drawn", sound=EventSound((Cue("tick", volume=0.5),), TOURIST_TIME,
                                                 per_item=TOURIST_TIME, count="tourists"))
    @on_event("cafe_tourists", sound=EventSound((Cue("tick", volume=0.5),), TOURIST_TIME,
                                                per_item=TOURIST_TIME, count="tourists"))
    def _tourists_drawn(self, ev: Event, at: float, batch: Batch) -> float:
        """Each tourist drawn into its place in the block, one marker stroke after another."""
        seat, x, y = self.seat, ev.get("x"), ev.get("y")
        block = self.board.block_at(x, y)
        counts = self.view.sheets[seat].tourists[block]
        old = batch.old.sheets[seat].tourists[block] if batch.old is not None else (0, 0, 0)
        geom = self.scale.geom
        slots = sp.tourist_slots(geom, x, y, sum(counts))
        r = sp.tourist_radius(geom, sum(counts))
        ox, oy = self.rect.topleft
        for name in ev.get("tourists"):
            kind = TOURISTS.index(name)
            k = old[kind] + batch.tally[seat, block, kind]
            batch.tally[seat, block, kind] += 1
            cx, cy = slots[sum(counts[:kind]) + k]
            path = sp.marker_path(name, r, seed(kind, k))
            width, center = sp.marker_width(r), (ox + cx, oy + cy)
            paint = partial(_marker, name, path, width, center)
            at = self._stroke(at, TOURIST_TIME, paint, ("tourist", block, kind, k),
                              pen_reach(path, width, center))
        return at

    @on_event("route_found", sound=EventSound((Cue("swish", volume=0.4),), ERASE_TIME))
    def _route_found(self, ev: Event, at: float, batch: Batch) -> float:
        """Every map at once: what is off the final route fades out, swept from left to right,
        then a shimmer travels along the route while the scoring boxes fill in one by one. Both
        are painted strip by strip (final_paint.Sweep: a frame redraws the few strips that
        change), each blended only where the marks reach (`_erased_reach`, `_glow_reach`)."""
        seat, topleft = self.seat, self.rect.topleft
        start = batch.moments.setdefault("final", at)
        erased = self.room.layers.static.subsurface(self.rect).copy()
        sheet, route = self.view.sheets[seat], self.room.route_of(seat)
        final = Marks(sheet.links, sheet.cafes, sheet.tourists, frozenset(), route)
        paint_sheet(erased, (0, 0), self.board, sheet, seat, final, self.scale)
        self._final = (final, erased)  # the map's layer once the fade ends (`paint`)
        fade = Sweep(erased, topleft, self._erased_reach(sheet, route), fade_alpha, keep=True)
        self.tween(start, ERASE_TIME, fade, pytweening.linear, (("seat", seat, "erase"),),
                   area=fade.area, covers_last=True, seat=seat)  # (a sweep's area: see glow)
        boxes, half = start + ERASE_TIME, self.room.finale_half(seat)
        self.room.count_from_empty(seat)  # the final boxes fill in, as on the paper map
        for n, box in enumerate(BOXES):  # (eased by the boxes: LiveBoxes._final_step)
            at_n = boxes + n * BOX_TIME
            self.tween(at_n, BOX_TIME, None, self.room.final_box_ease(seat, at_n, BOX_TIME),
                       tag=(seat, box), seat=seat)
        links = ev.get("links")
        glow = Sweep(self._glow(links), topleft, self._glow_reach(links), glow_alpha,
                     keep=False, waves=GLOW_WAVES)
        glowing = len(BOXES) * BOX_TIME
        # A sweep's area holds every pixel changed since the progress painted last, so the
        # frame after need not redraw it again (covers_last); the glow and boxes move on
        # alternate frames (on_grid), and that stale area was a redraw pass every other frame
        # (2.8 -> 2.05 passes a finale frame at four seats).
        self.tween(boxes, glowing, glow, on_grid(boxes, glowing, half), area=glow.area,
                   covers_last=True, seat=seat)
        return at

    def _erased_reach(self, sheet: Sheet, route: tuple[tuple[int, ...], int]
                      ) -> list[pygame.Rect]:
        """The rects of the map (its own coordinates) where the marks as drawn in play and
        the final route's picture differ: the links off the route, the route's glow and the
        tourists of the blocks off it (cafés stay circled)."""
        links, blocks = route
        scale, origin = self.scale, (0, 0)
        reach = [bounds_reach(scale.bounds[k], scale.pen, origin)
                 for k in bits(sheet.links) if k not in links]
        reach += [bounds_reach(scale.bounds[k], scale.pen * 3, origin) for k in links]
        for block in bits(sheet.filled & ~blocks):
            b = self.board.blocks[block]
            reach += tourist_areas(scale.geom, b.x, b.y, sum(sheet.tourists[block]), origin)
        return reach

    def _glow_reach(self, links: Sequence[int]) -> list[pygame.Rect]:
        """The rects of the map (its own coordinates) the route's glow covers."""
        scale = self.scale
        return [bounds_reach(scale.bounds[k], scale.pen * 4, (0, 0)) for k in links]

    def _stroke(self, at: float, dur: float, paint: Any, hold: tuple, reach: pygame.Rect
                ) -> float:
        """Queue a stroke of the seat after its earlier ones (it holds that seat alone); only
        `reach` (pen_reach: the canvas pixels its pen touches) is redrawn while it runs, and a
        redraw pass elsewhere skips it (the tween's area: the kit's `tween_reach`)."""
        start = self.timeline.tail(self.seat)
        self.tween(start, dur, paint, pytweening.easeInOutSine,
                   (("seat", self.seat, *hold),), area=reach, seat=self.seat)
        return max(at, start + dur)

    def _glow(self, links: Sequence[int]) -> pygame.Surface:
        """A wide bright halo along the route's links, pulsed over the map while boxes fill
        (the pen line over it: the route stays sharp inside its glow)."""
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        for link in links:
            sp.pen_line(surf, GLOW, self.scale.lines[link], self.scale.pen * 4)
        for link in links:
            sp.pen_line(surf, seat_dark(self.seat), self.scale.lines[link], self.scale.pen)
        return surf

    # == board geometry (tests/ui/test_board_geometry.py) ========================================
    def geometry(self, out: BoardGeometry) -> None:
        """The coordinates printed in the margins, the drawn links and the cafés."""
        ox, oy = self.rect.topleft
        seat, geom, lines = self.seat, self.scale.geom, self.scale.lines
        for n in range(1, 7 if geom.coords else 1):  # a thumbnail prints none
            digit = theme.text(str(n), theme.SMALL_SIZE, sp.INK, True)
            x, y = geom.point(n - 0.5, n - 0.5)
            half = round(geom.margin / 2)
            out.labels.append(Label(f"X {n}", digit.get_rect(center=(round(ox + x), oy + half))))
            out.labels.append(Label(f"Y {n}", digit.get_rect(center=(ox + half, round(oy + y)))))
        for k in bits(self.view.sheets[seat].links):
            out.strokes.append(Stroke(f"seat {seat} link {k}",
                                      tuple((ox + x, oy + y) for x, y in lines[k]),
                                      self.scale.pen))
        r = sp.cafe_radius(geom)
        for c, cafe in enumerate(self.board.cafes):
            x, y = geom.point(*cafe.at)
            out.icons.append(Icon(f"seat {seat} café {c}",
                                  pygame.Rect(round(ox + x - r), round(oy + y - r), 2 * r, 2 * r)))


def _clear_of_coordinates(rect: pygame.Rect, map_rect: pygame.Rect, geom: sp.MapGeom
                          ) -> pygame.Rect:
    """A link's target moved inwards, if need be, so the focus ring around it (up to
    FOCUS_REACH px outside) stays off the coordinates printed in the map's top and left margin
    (the outer roads run just inside them)."""
    digit = _digit_size()
    top = map_rect.y + round(geom.margin / 2 + digit[1] / 2) + FOCUS_REACH
    left = map_rect.x + round(geom.margin / 2 + digit[0] / 2) + FOCUS_REACH
    return rect.move(max(0, left - rect.x), max(0, top - rect.y))


def _digit_size() -> tuple[int, int]:
    """The size of a coordinate printed in a map's margin (asked for each of its links; not
    kept here: a miniature draws without text, where the size is a blank's)."""
    return theme.text("6", theme.SMALL_SIZE, sp.INK, True).get_size()



def _marker(kind: str, path: Sequence[tuple[float, float]], width: int,
            center: tuple[float, float], canvas: pygame.Surface, p: float) -> None:
    """Paint: a tourist's marker stroke, drawn up to p."""
    sp.pen_line(canvas, sp.MARKERS[kind], sp.partial_line(path, p), width, center)
