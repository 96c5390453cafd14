"""Next Station: Paris map panel: one seat's map (a person's big one, or a bot's compact one).

Its static paint is the sheet's plate, the map's frame in the seat's colour and the empty map
(map_art.py). Its layer is the seat's pencil work as on screen (strokes in flight held back):
lines, used overpasses, interchanges with their numbers where there is room, city gates and
doubled stations. A finished stroke adds just its own pencil line to the layer (the marks are
drawn again over it: the same pixels as a full repaint), which keeps the worst frame short.
Its targets are the stations; per frame it rings the seat's options, marks where a segment
goes and previews the focused one. A drawn segment is a pencil stroke on this map, after the
seat's earlier strokes (it holds this seat alone, so the others keep playing).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import theme
from game.ui.audio import Cue, EventSound
from game.ui.geometry import Icon, Stroke
from game.ui.paint import seat_color
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event
from game.ui.split_room import SeatArea, SeatPanel

from . import sprites as sp
from .board import COLORS
from .map_art import MapGeom
from .map_marks import (
    MARK_REACH,
    Badge,
    Inked,
    badge_spots,
    badges_after,
    box,
    grown,
    ink_box,
    links_of,
    marked,
    marks_changed,
)
from .scoring import interchange_counts, overpass_uses
from .state import NONE, Line, State

STROKE_TIME = 0.32  # seconds per pencil segment
RING_WIDEST = 5  # px: an option ring's width at the top of its breath (3 at the bottom)

class MapPanel(SeatPanel):
    """One seat's map: its pencil work, its stations as targets, its strokes."""

    RESTORE = False  # a finished stroke is added over the strokes already there

    def __init__(self, room: PanelRoom, area: SeatArea) -> None:
        """The map of the seat of `area`; its stations' rects are placed once."""
        super().__init__(room, area.map, area.seat, f"map{area.seat}")
        self.area = area
        self.board = room.board  # type: ignore[attr-defined]
        self.geom: MapGeom = room.geom(area.map.w)  # type: ignore[attr-defined]
        self.badges: tuple[Badge, ...] = ()  # its interchange numbers as painted
        self._icons: list[Icon] | None = None  # its stations and overpasses (screen rects)
        self._stations = self._station_rects()
        # What `shown_links` and `key` last worked out, with what from: (lines, holds, the
        # seat's links held back, shown links) and (lines, shown links, modules, key).
        self._shown: tuple = (None, None, None, ())
        self._key: tuple = (None, None, None, None)
        self._seen: tuple = (None, None, None)  # (view, holds, key) `key` last answered
        # (colour, link) -> that pencil segment and the box it lies in (screen coordinates;
        # a segment never moves): the badges' placement tests every segment after a stroke
        self._segments: dict[tuple[int, int], tuple[Stroke, pygame.Rect]] = {}
        self._crossings: tuple = (None, None, {})  # (shown links, lines, interchanges shown)

    def station_center(self, station: int) -> tuple[float, float]:
        """Screen position of a station on this map."""
        x, y = self.geom.pos[station]
        return (self.area.map.x + x, self.area.map.y + y)

    def _station_rects(self) -> dict[Target, pygame.Rect]:
        side = round(self.geom.spacing * 0.72)  # >= 30 px on every person's map
        out: dict[Target, pygame.Rect] = {}
        for s in self.board.stations:
            x, y = self.station_center(s.index)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(x), round(y))
            out[("station", s.index)] = rect
        return out

    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Every station of this map (placed once: read them, never change them)."""
        return self._stations

    # == static paint and layer ===================================================================
    def paint_static(self, surface: pygame.Surface) -> None:
        """The sheet's plate, the map's frame in the seat's colour, the empty map."""
        area = self.area
        pygame.draw.rect(surface, theme.PANEL, area.area, border_radius=16)
        pygame.draw.rect(surface, seat_color(self.seat), area.map.inflate(8, 8), border_radius=10)
        static = self.room.static_map(area.map.w, area.mini)  # type: ignore[attr-defined]
        surface.blit(static, area.map)

    def shown_links(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Per line: (colour, links already drawn on screen), strokes in flight held back.
        Worked out again only when this seat's lines or strokes in flight change (the key,
        the paint and the badges all ask, at every refresh, for every seat)."""
        lines, holds = self.view.lines[self.seat], self.holds
        memo = self._shown
        if memo[0] is lines and memo[1] is holds:
            return memo[3]
        seat = self.seat
        held = frozenset([h[2:] for h in holds if h[:2] == ("link", seat)])  # (line, link)
        if memo[0] is lines and memo[2] == held:
            self._shown = (lines, holds, held, memo[3])
            return memo[3]
        shown = tuple([(line.color, tuple([lk for lk in line.links if (r, lk) not in held])
                        if held else line.links) for r, line in enumerate(lines)])
        self._shown = (lines, holds, held, shown)
        return shown

    def key(self) -> tuple:
        """The strokes on screen, the gate marks, the modules (city gates ringed); looked up
        again only for a new view or new holds (every refresh asks each map, twice)."""
        room = self.room
        seen = self._seen
        if seen[0] is room.view and seen[1] is room.holds:
            return seen[2]
        view = room.view
        lines, shown, modules = view.lines[self.seat], self.shown_links(), view.modules
        memo = self._key
        if memo[0] is lines and memo[1] is shown and memo[2] is modules:
            key = memo[3]
        else:
            marks = tuple([(ln.double_station, ln.double_district) for ln in lines])
            key = (shown, marks, modules)
            self._key = (lines, shown, modules, key)
        self._seen = (view, room.holds, key)
        return key

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Just the new strokes (and the marks over them) when the map only grew since it was
        painted, returning where the picture changed; else all of it over the empty sheet."""
        self.room.scribe.begin(self.name)  # type: ignore[attr-defined]
        layers = self.room.layers
        before, now = layers.shown_key(self.name), self.key()
        inked = None
        if isinstance(before, Inked):  # strokes already inked over the picture of `before`
            before, inked = before.before, before.links
        grew = (before is not None and before[2] == now[2] and grown(before[0], now[0])
                and marked(before[1], now[1]))
        crossed = self._crossings  # the interchanges as last painted (asked before they change)
        old_badges = self.badges
        self.badges = self._badges_after(before[0] if grew else None, now[0])
        moved = {(st, tuple(rect)) for st, _, rect in old_badges} - {
            (st, tuple(rect)) for st, _, rect in self.badges}
        if grew and not moved:
            shown = {(st, n, tuple(rect)) for st, n, rect in old_badges}
            changed = [pygame.Rect(rect) for _, _, rect in shown ^ {
                (st, n, tuple(rect)) for st, n, rect in self.badges}]
            changed += self._marks_added(before[1], now[1])
            marks = (self._marks_changed(before[0], crossed[2]) if crossed[0] is before[0]
                     else None)
            ink = marks is not None  # else each stroke's whole reach, marks and all
            return [*self._paint_lines(surface, before[0], changed, ink, inked), *changed,
                    *(marks or ())]
        layers.restore(self.area.map)
        self._paint_lines(surface)
        return None

    def _paint_lines(self, surface: pygame.Surface, since: tuple | None = None,
                     also: Sequence[pygame.Rect] = (), ink: bool = False,
                     inked: tuple | None = None) -> list[pygame.Rect]:
        """The seat's pencil lines, used overpasses and interchanges over its sheet; returns
        the rects of the strokes it added with what may change around them.

        With `since` (the links already on the layer, a prefix of each line's shown links) only
        the newer strokes are added; the marks are drawn again over them (they cover themselves
        exactly), so the result is the same as a full repaint at a fraction of the cost. Only
        the marks that reach the rect around what changed (the new strokes and `also`: marks
        added, numbers moved) are drawn again, clipped to it: in it, every mark there is drawn
        in its order as a full repaint would; outside it nothing changed. With `ink` it returns
        each new stroke's own ink (`map_marks.ink_box`) rather than its reach: a mark drawn
        again over itself changes no pixel, so with the marks whose look changed
        (`_marks_changed`) that is all the frame must redraw and present. With `inked` (links
        after `since` already inked on the layer, `ink_landed`) those strokes count as added but
        are not drawn again.
        """
        width = self.pencil_width()
        lines = self.view.lines[self.seat]
        used, added = self._ink(surface, since, inked)
        near = None
        if since is not None:  # the marks in the rect around what changed, clipped to it
            around = [*(self._mark_reach(pa, pb) for pa, pb in added), *also]
            near = around[0].unionall(around[1:]) if around else pygame.Rect(0, 0, 0, 0)
        clip = surface.get_clip()
        if near is not None:
            surface.set_clip(near.clip(clip))
        self._paint_overpasses(surface, used, near)
        self._paint_interchanges(surface, near)
        self._paint_bonuses(surface, lines, near)
        for _, n, rect in self.badges:  # the number of lines at each interchange
            if near is None or rect.colliderect(near):
                surface.blit(sp.badge(n, rect.w), rect)
            self.room.scribe.note(str(n), rect, theme.SMALL_SIZE)  # type: ignore[attr-defined]
        surface.set_clip(clip)
        if ink:
            return [ink_box(pa, pb, width) for pa, pb in added]
        return [self._mark_reach(pa, pb) for pa, pb in added]

    def _ink(self, surface: pygame.Surface, since: tuple | None, inked: tuple | None = None
             ) -> tuple[int, list[tuple[tuple[float, float], tuple[float, float]]]]:
        """Draw the pencil strokes shown after `since` (a prefix of each line's shown links;
        None: all), skipping those `inked` already; the links shown (a bit each) and the ends
        of every stroke after `since`."""
        geom = self.geom
        ox, oy = self.area.map.topleft
        width = self.pencil_width()
        used = 0
        added = []
        for r, ((color, links), line) in enumerate(zip(self.shown_links(),
                                                        self.view.lines[self.seat])):
            rgb = sp.pencil_rgb(COLORS[color])
            done = len(since[r][1]) if since is not None and r < len(since) else 0
            drawn = len(inked[r][1]) if inked is not None and r < len(inked) else 0
            for k, lk in enumerate(links):
                used |= 1 << lk
                if k < done:
                    continue
                a, b = self._oriented(line, lk)
                pa, pb = (ox + geom.pos[a][0], oy + geom.pos[a][1]), (ox + geom.pos[b][0],
                                                                    oy + geom.pos[b][1])
                if k >= drawn:
                    sp.pencil_stroke(surface, rgb, pa, pb, width, lk * 7 + color)
                added.append((pa, pb))
        return used, added

    def ink_landed(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The first half of a landed stroke's repaint, in the frame its tween ends: just its
        pencil line over the layer (the tween's last picture: the line over the marks), its
        ink returned. The marks and numbers around it are drawn again over it at the layer's
        next repaint (`paint`, told by the `Inked` key), a frame or so later: a map's repaint
        costs ~0.15-0.25 ms, the line alone a third of it."""
        since = links_of(self.room.layers.shown_key(self.name))
        width = self.pencil_width()
        return [ink_box(pa, pb, width) for pa, pb in self._ink(surface, since)[1]]

    def _reaches(self, near: pygame.Rect | None, x: float, y: float) -> bool:
        """True if a mark centred at (x, y) on the canvas may paint in `near` (None: all)."""
        if near is None:
            return True
        half = math.ceil(MARK_REACH * self.geom.spacing) + 2
        return near.colliderect((math.floor(x) - half, math.floor(y) - half, 2 * half + 1,
                                 2 * half + 1))

    def _mark_reach(self, a: tuple[float, float], b: tuple[float, float]) -> pygame.Rect:
        """Every pixel a segment from a to b (canvas points) may change on the sheet: its line,
        an overpass on it, the interchange rings and gate marks at its ends (numbers apart)."""
        reach = math.ceil(MARK_REACH * self.geom.spacing) + self.pencil_width() + 2
        return box(a, b).inflate(2 * reach, 2 * reach)

    def _marks_added(self, old: tuple, new: tuple) -> list[pygame.Rect]:
        """Where the gate marks added since `old` (a circled station, a doubled corner) lie."""
        out = []
        for was, now in zip(old, new):
            if was == now:
                continue
            stations = [now[0]] if now[0] != NONE else []
            stations += [d.stations[0] for d in self.board.districts
                         if d.index == now[1] and d.stations]
            for st in stations:
                point = self.station_center(st)
                out.append(self._mark_reach(point, point))
        return out

    _marks_changed = marks_changed

    def pencil_width(self) -> int:
        """A pencil line's width on this map (thinner on a bot's compact sheet)."""
        return max(3, round(self.geom.spacing * (0.13 if self.area.mini else 0.15)))

    def _oriented(self, line: Line, link: int) -> tuple[int, int]:
        """A link's ends in drawing order (the station reached first comes first)."""
        lk = self.board.links[link]
        order = {st: i for i, st in enumerate(line.stations)}
        a, b = lk.a, lk.b
        return (a, b) if order.get(a, 99) <= order.get(b, 99) else (b, a)

    def _paint_overpasses(self, surface: pygame.Surface, used: int,
                          near: pygame.Rect | None = None) -> None:
        """Used overpasses: a dark bridge over the line, doubled when both links are drawn
        (those that reach `near`)."""
        geom = self.geom
        ox, oy = self.area.map.topleft
        for o, n in zip(self.board.overpasses, overpass_uses(self.board, used)):
            x, y = geom.point(o.col, o.row)
            if not n or not self._reaches(near, ox + x, oy + y):
                continue
            r = geom.spacing * 0.2
            la = self.board.links[o.links[0]]
            a, b = geom.pos[la.a], geom.pos[la.b]
            angle = math.atan2(b[1] - a[1], b[0] - a[0])
            sp.draw_overpass(surface, (ox + x, oy + y), r * 1.15, angle)
            if n == 2:
                sp.draw_overpass(surface, (ox + x, oy + y), r * 1.15, angle + math.pi / 2)

    def _interchanges_shown(self) -> dict[int, int]:
        """Station -> lines through it, for the strokes on screen (a line still being stroked
        counts when its stroke lands); worked out once per shown links (a repaint asks twice:
        the numbers' places, the rings)."""
        shown, lines = self.shown_links(), self.view.lines[self.seat]
        memo = self._crossings
        if memo[0] is shown and memo[1] is lines:
            return memo[2]
        counts = self._count_interchanges()
        self._crossings = (shown, lines, counts)
        return counts

    def _count_interchanges(self) -> dict[int, int]:
        landed = []
        for (color, links), line in zip(self.shown_links(), self.view.lines[self.seat]):
            if len(links) != len(line.links):
                keep = {line.stations[0]}
                for lk in links:
                    keep.update((self.board.links[lk].a, self.board.links[lk].b))
                line = Line(color, tuple(st for st in line.stations if st in keep), (), (), 0)
            landed.append(line)
        return interchange_counts(tuple(landed))

    def _paint_interchanges(self, surface: pygame.Surface,
                            near: pygame.Rect | None = None) -> None:
        """Stations on two or more lines: a white ring, thicker for more lines (those that
        reach `near`)."""
        ox, oy = self.area.map.topleft
        r = self.geom.radius * 1.25
        for st, n in self._interchanges_shown().items():
            x, y = self.geom.pos[st]
            if self._reaches(near, ox + x, oy + y):
                sp.interchange_mark(surface, (ox + x, oy + y), r, n)

    _badges_after = badges_after
    _badge_spots = badge_spots

    def _paint_bonuses(self, surface: pygame.Surface, lines: Sequence[Line],
                       near: pygame.Rect | None = None) -> None:
        """City gates ringed in red; a doubled station or corner dotted in its line's colour
        (those that reach `near`)."""
        geom = self.geom
        ox, oy = self.area.map.topleft
        if "gates" in self.view.modules:
            for corner in self.board.gate_corners:
                x, y = geom.pos[corner]
                if not self._reaches(near, ox + x, oy + y):
                    continue
                pygame.draw.circle(surface, sp.GATE, (ox + x, oy + y), geom.spacing * 0.45,
                                   max(2, round(geom.spacing / 14)))
        for line in lines:
            rgb = sp.pencil_rgb(COLORS[line.color])
            marks = [st for st in (line.double_station,) if st != NONE]
            marks += [d.stations[0] for d in self.board.districts
                      if d.index == line.double_district and d.stations]
            for st in marks:
                x, y = geom.pos[st]
                if not self._reaches(near, ox + x, oy + y):
                    continue
                sp.dotted_ring(surface, rgb, (ox + x, oy + y), geom.spacing * 0.4,
                               max(2, round(geom.spacing / 16)))

    # == what the map shows, for board_geometry ===================================================
    def strokes(self) -> list[Stroke]:
        """The pencil segments on this map as drawn now (screen coordinates)."""
        return [stroke for stroke, _ in self._shown_segments()]

    def _shown_segments(self) -> list[tuple[Stroke, pygame.Rect]]:
        """Each pencil segment drawn now with its box, each made once (`_segments`)."""
        known, out = self._segments, []
        for color, links in self.shown_links():
            for lk in links:
                segment = known.get((color, lk))
                out.append(segment if segment is not None else self._segment(color, lk))
        return out

    def _segment(self, color: int, lk: int) -> tuple[Stroke, pygame.Rect]:
        """The pencil segment of this colour on this link and its box (made once)."""
        segment = self._segments.get((color, lk))
        if segment is None:
            link = self.board.links[lk]
            stroke = Stroke(f"seat {self.seat} {COLORS[color]} line",
                            (self.station_center(link.a), self.station_center(link.b)),
                            self.pencil_width())
            segment = self._segments[color, lk] = (stroke, _stroke_box(stroke))
        return segment

    def icons(self) -> list[Icon]:
        """The station symbols and overpasses of this map (screen rects; built once)."""
        if self._icons is None:
            self._icons = self._build_icons()
        return self._icons

    def _build_icons(self) -> list[Icon]:
        geom, seat = self.geom, self.seat
        out = []
        half = geom.radius * 1.15  # the biggest symbol: a departure station
        for s in self.board.stations:
            x, y = self.station_center(s.index)
            out.append(Icon(f"seat {seat} station {s.id}",
                            pygame.Rect(round(x - half), round(y - half), round(2 * half),
                                        round(2 * half))))
        half = geom.spacing * 0.25
        for k, o in enumerate(self.board.overpasses):
            x, y = geom.point(o.col, o.row)
            out.append(Icon(f"seat {seat} overpass {k}",
                            pygame.Rect(round(self.area.map.x + x - half),
                                        round(self.area.map.y + y - half),
                                        round(2 * half), round(2 * half))))
        return out

    # == per frame ================================================================================
    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """A person's options ringed, the goal of its segment marked, its focused segment
        previewed (a bot's compact sheet shows none)."""
        if self.area.mini or prompt is None:
            return
        breath = self.pulse_options(self._stations, options, self._ring_grow())
        if breath is not None:  # the rings alone breathe: only they are redrawn each frame
            self._draw_rings(canvas, prompt, breath)
        self._draw_goal(canvas, prompt)
        self._draw_preview(canvas, prompt, focus)

    def _ring_grow(self) -> int:
        """How much wider than a station's target rect its option ring is at its widest (with
        a pixel each side for centring)."""
        side = next(iter(self._stations.values())).w
        return max(2, 2 * (round(self.geom.radius * 1.55) + RING_WIDEST + 3) - side + 2)

    def _draw_rings(self, canvas: pygame.Surface, prompt: Prompt, breath: float) -> None:
        """Ring every station this seat may draw to now."""
        ring = sp.ring_sprite(round(self.geom.radius * 1.55),
                              RING_WIDEST - 2 + round(2 * breath))
        for o in prompt.options:
            rect = self._stations.get(o.target) if o.target is not None else None
            if rect is not None:
                canvas.blit(ring, ring.get_rect(center=rect.center))

    def _draw_goal(self, canvas: pygame.Surface, prompt: Prompt) -> None:
        """"Where does this segment start?": the station it goes to wears a pencil-coloured
        target, so the question needs no station name."""
        if prompt.kind != "start" or not prompt.options:
            return
        action = prompt.options[0].action
        lines = self.view.lines[self.seat]
        if not isinstance(action, tuple) or len(action) != 3 or not lines:
            return
        color = sp.pencil_rgb(COLORS[lines[-1].color])
        sprite = sp.goal_sprite(round(self.geom.radius * 1.7), color)
        center = self.station_center(action[2])
        canvas.blit(sprite, sprite.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_preview(self, canvas: pygame.Surface, prompt: Prompt,
                      focus: Target | None) -> None:
        """The focused segment before it is confirmed: a dashed pencil line from the line."""
        if focus is None or focus[0] != "station":
            return
        view = self.view
        station = focus[1]
        if not isinstance(station, int) or not view.lines[self.seat]:
            return
        color = sp.pencil_rgb(COLORS[view.lines[self.seat][-1].color])
        width = max(4, round(self.geom.spacing * 0.12))
        for a, b in self._preview_pairs(view, prompt, station):
            pa, pb = self.station_center(a), self.station_center(b)
            # drawn once into a sprite: a cursor rests on the same segment for many frames
            x, y = math.floor(min(pa[0], pb[0])) - width, math.floor(min(pa[1], pb[1])) - width
            sprite = sp.dash_sprite((pa[0] - x, pa[1] - y), (pb[0] - x, pb[1] - y), color, width)
            canvas.blit(sprite, (x, y))

    def _preview_pairs(self, view: State, prompt: Prompt, station: int) -> list[tuple[int, int]]:
        """(from, to) pairs the focused option would draw (several when the start is open)."""
        action = _action_at(prompt, ("station", station))
        if not isinstance(action, tuple) or not action:
            return []
        if action[0] == "draw":  # ("draw", start, end): exactly this segment
            return [(action[1], action[2])]
        if action[0] != "to":
            return []
        # ("to", end): the end is reachable from several starts, asked next: show them all
        seat = self.seat
        tasks = view.queues[seat] if view.queues else ()
        task = tasks[0] if tasks else ("card",)
        line = view.lines[seat][-1]
        if task[0] == "tour":
            starts: Sequence[int] = (task[1],)
        elif task[0] == "free_any" or (task[0] == "card" and view.branch):
            starts = line.stations
        else:
            starts = line.ends
        blocked = view.blocked[seat]
        out = []
        for s in starts:
            link = self.board.link_between(s, station)
            if link >= 0 and not (blocked >> link) & 1:
                out.append((s, station))
        return out

    # == the stroke ===============================================================================
    @on_event("segment_drawn", sound=EventSound((Cue("swish", volume=0.45),), STROKE_TIME))
    def segment(self, ev: Event, at: float, batch: Batch) -> float:
        """A pencil stroke on this map after the seat's earlier strokes (it holds this seat
        alone); a card or count-up after it waits for it."""
        seat, link, color = self.seat, ev.get("link"), ev.get("color")
        r = next(k for k, line in enumerate(self.view.lines[seat]) if link in line.links)
        a, b = self.station_center(ev.get("start")), self.station_center(ev.get("end"))
        size = sp.pencil_size(self.geom.spacing)
        paint = sp.stroke_painter(sp.pencil_rgb(COLORS[color]), a, b, self.pencil_width(),
                                  link * 7 + color, size, self.area.mini)
        start = self.timeline.tail(seat)
        self.tween(start, STROKE_TIME, paint, pytweening.easeInOutSine,
                   (("link", seat, r, link),), area=self._stroke_path(a, b, size), seat=seat)
        return max(at, start + STROKE_TIME)

    def _stroke_path(self, a: tuple[float, float], b: tuple[float, float],
                     size: float) -> Callable[[float], pygame.Rect]:
        """Where a stroke paints at each progress (the tween's area as it goes): its line so
        far and the pencil (of `size`) at its tip, not the whole path from the start (a frame
        redraws what the stroke covers now and covered the frame before). Asked every frame
        of the stroke: `map_marks.box` and `sprites.pencil_box` inline, in one call, what they
        share over the stroke's frames worked out here once."""
        reach = self.pencil_width() + 4
        lean = sp.pencil_lean(a, b)
        mini = self.area.mini
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        tip_x, tip_y = lean[0] * size * 2.2, lean[1] * size * 2.2  # the pencil's far end
        body = math.ceil(size * 0.22) + 4  # pencil_box's reach around the pencil
        floor, ceil = math.floor, math.ceil

        def where(p: float) -> pygame.Rect:
            q = max(0.02, p)  # the line is drawn this far (sprites.stroke_painter)
            x, y = ax + dx * q, ay + dy * q
            line = pygame.Rect(floor(min(ax, x)) - reach, floor(min(ay, y)) - reach,
                               ceil(abs(ax - x)) + 1 + 2 * reach,
                               ceil(abs(ay - y)) + 1 + 2 * reach)
            if mini or p >= 1.0:
                return line
            x, y = ax + dx * p, ay + dy * p  # the tip
            end_x, end_y = x + tip_x, y + tip_y
            return line.union((floor(min(x, end_x)) - body, floor(min(y, end_y)) - body,
                               ceil(abs(x - end_x)) + 2 * body + 1,
                               ceil(abs(y - end_y)) + 2 * body + 1))
        return where


# == helpers =======================================================================================
def _stroke_box(stroke: Stroke) -> pygame.Rect:
    """The rectangle a stroke (with its width) lies in."""
    xs, ys = [p[0] for p in stroke.points], [p[1] for p in stroke.points]
    half = math.ceil(stroke.width / 2) + 1
    return pygame.Rect(math.floor(min(xs)) - half, math.floor(min(ys)) - half,
                       math.ceil(max(xs) - min(xs)) + 2 * half + 1,
                       math.ceil(max(ys) - min(ys)) + 2 * half + 1)


def warm_pencils(panel: MapPanel) -> None:
    """Draw now the pencil of every stroke `panel`'s map may show (`sp.pencil_sprite`: each
    colour, each link in both directions), so that no stroke's first frame draws one."""
    if panel.area.mini:  # a compact map's strokes show no pencil
        return
    ends = [(link.a, link.b) for link in panel.board.links]
    leans = {sp.stroke_lean(panel.station_center(a), panel.station_center(b))
             for a, b in (*ends, *((b, a) for a, b in ends))}
    sp.warm_pencils(sp.pencil_size(panel.geom.spacing), sorted(leans), COLORS)


def _action_at(prompt: Prompt, target: Target) -> Any:
    """The action of the prompt's option on this target (None if there is none)."""
    for o in prompt.options:
        if o.target == target:
            return o.action
    return None
