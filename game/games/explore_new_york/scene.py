"""Explore New York board renderer, on the renderer kit (game.ui.render_kit.RoomRenderer): one
city map per seat, everyone charts at once (game.ui.board_api.SplitRenderer, like Next Station).

Layout of the 1920x1000 board rect by the number of seats (every seat, person or bot, has a
full map: bots answer at once, so their maps move while people think): two maps side by side
with the card column between them; with three or four, one map large (the first person's,
or at a table of bots the turn's first player's: each in turn) left of a narrower column and
the others small on the right, so the large map's symbols are >= 24 px at 1080p. Under or
beside each map are its scoring boxes, as on the paper map; they fill in at the end.

Targets: a seat's cursor moves over its own map's blocks, then its road links (each link's
target is a slim rect on its middle; the focused one is previewed as a pen line before it is
confirmed), over the three revealed cards for the first player's discard, and over its own
tourist boxes when it draws a single tourist of its choice.

Peek (keyboard R, the pad's right-stick click) switches a seat's faint best route on or off:
the route its map would score now (the live boxes' route), a wide band under its pen lines.

Layers over one static surface (panels and the printed maps): per seat its map (tourists in
marker strokes, links as a pen line, used cafés circled, this turn's block outlined; at the end
only the final route, glowing) and its scoring boxes; the card column (turn, first player,
cards left, the 3 revealed cards with the discarded one dimmed: the one shared moment).

Animations come from the rules' events: a revealed card turns over for everyone, the discarded
one dims; a seat's link is a pen stroke, its tourists are drawn one marker stroke at a time,
a café reached is circled (each seat's strokes follow each other and hold only that seat's
cursor). At the end every map erases what is not on its final route (the rulebook's step
before scoring), the route glows and the scoring boxes fill in one by one, the total last.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType
from typing import Any, ClassVar

import pygame
import pytweening

from game.engine.core import Config, Event, Prompt, Target
from game.engine.trails import bits
from game.ui import theme
from game.ui.audio import Cue, CueEntry, EventSound
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry, Icon, Label, Stroke
from game.ui.paint import fast, fit_text, flip, seat_color, seat_dark, veil
from game.ui.render_kit import Batch, Layers, RoomRenderer, on_event, translator
from game.ui.split_room import SeatArea, SplitScreen

from . import sprites as sp
from .board import TOURISTS, Board
from .rules import ExploreNewYork
from .scoring import CATEGORIES, RouteScorer
from .state import CHART, NONE, State

t = translator("explore_new_york.scene.")

STROKE_TIME = 0.28  # seconds per pen link
TOURIST_TIME = 0.16  # per tourist drawn
CIRCLE_TIME = 0.3  # a café circled
FLIP_TIME = 0.4
FLIP_GAP = 0.06
DISCARD_TIME = 0.3
ERASE_TIME = 0.7  # everything off the final route fades out
BOX_TIME = 0.22  # one scoring box filling in
COUNT_TIME = 0.6  # a live box counting to its new points
FAINT_ALPHA = 110  # the best route so far, drawn faintly under a seat's links (on Peek)
TOTAL = "total"
BOXES = (*CATEGORIES, TOTAL)  # the order the boxes fill in
GLOW = (255, 222, 80)
DIM_ALPHA = 170  # the veil over the discarded card
FOCUS_REACH = 16  # how far out of a target the shell's pulsing focus ring reaches (game_paint)
ROW_H = 52  # a scoring row (the header, then the boxes)
RESULT_COLUMNS = 3  # the scoring boxes under a seat's map on the results screen


# == layout =======================================================================================
@dataclass(slots=True)
class Layout:
    """The whole board: the seats' areas and the card column."""

    seats: dict[int, SeatArea]
    column: pygame.Rect
    header: pygame.Rect
    cards: tuple[pygame.Rect, ...]


def make_layout(players: int, focus: int = 0) -> Layout:
    """Two maps side by side; with three or four, the `focus` seat's map large (the seat a
    person plays; at a table of bots the turn's first player) and the others small beside the
    cards (four maps of one size would draw symbols of 12-16 px, issue #27)."""
    return _layout_two() if players == 2 else _layout_focus(players, focus)


def _column(x: int, w: int, card_w: int, card_h: int, gap: int, header_h: int = 132
            ) -> tuple[pygame.Rect, pygame.Rect, tuple[pygame.Rect, ...]]:
    column = pygame.Rect(x, 8, w, 984)
    header = pygame.Rect(x, 8, w, header_h)
    cards = tuple(pygame.Rect(x + (w - card_w) // 2, header.bottom + 12 + k * (card_h + gap),
                              card_w, card_h) for k in range(3))
    return column, header, cards


def _layout_two() -> Layout:
    column, header, cards = _column(764, 392, 330, 224, 24)
    seats = {seat: SeatArea(seat, pygame.Rect(x, 8, 748, 984), pygame.Rect(x + 24, 8, 700, 700),
                            pygame.Rect(x + 8, 716, 732, 3 * ROW_H + 40),
                            pygame.Rect(x, 928, 748, 64), 3)
             for seat, x in ((0, 8), (1, 1164))}
    return Layout(seats, column, header, cards)


def _layout_focus(players: int, focus: int) -> Layout:
    """The focused map 848 px square (every symbol >= 24 px at 1080p, issue #27) with
    its scoring boxes in a column on its right; the card column; the other seats' maps small,
    stacked on the right in seat order, each with its boxes and a strip."""
    column, header, cards = _column(1088, 290, 250, 170, 16, 196)  # a line may wrap
    seats = {focus: SeatArea(focus, pygame.Rect(8, 8, 1072, 984), pygame.Rect(16, 16, 848, 848),
                             pygame.Rect(872, 12, 204, 856), pygame.Rect(8, 880, 1072, 64), 1)}
    others = [seat for seat in range(players) if seat != focus]
    for k, seat in enumerate(others):
        y = 8 + k * 330
        seats[seat] = SeatArea(seat, pygame.Rect(1386, y, 526, 324),
                               pygame.Rect(1390, y + 4, 272, 272),
                               pygame.Rect(1666, y + 4, 244, 272),
                               pygame.Rect(1386, y + 280, 526, 44), 1)
    return Layout(seats, column, header, cards)


@dataclass(frozen=True, slots=True)
class MapScale:
    """One map size: where its blocks and links are, and how wide a pen line is on it."""

    geom: sp.MapGeom
    lines: tuple[tuple[tuple[float, float], ...], ...]  # per link, its polyline
    pen: int  # a pen line's width


def make_scale(board: Board, size: int) -> MapScale:
    """The scale of a map `size` pixels square."""
    geom = sp.make_geom(size)
    return MapScale(geom, sp.link_polylines(board, geom), max(4, round(geom.cell * 0.09)))


@dataclass(frozen=True, slots=True)
class Marks:
    """What a seat's map shows: drawn links and circled cafés (masks, strokes still running
    left out), tourists per block, the (block, type, k) of those still being drawn and the
    final route (links, blocks mask) once shown."""

    links: int
    cafes: int
    tourists: tuple[tuple[int, int, int], ...]
    drawing: frozenset
    route: tuple[tuple[int, ...], int] | None


@dataclass(frozen=True, slots=True)
class Box:
    """One scoring box as shown: its counts ("3×2", "" while empty) and points (None: empty)."""

    category: str
    counts: str
    points: int | None


# == the renderer ==================================================================================
class ENYRenderer(SplitScreen, RoomRenderer):
    """Draws every seat's city map and the tourist cards; animates strokes and final routes."""

    view: State | None
    CATEGORY_COLORS: ClassVar[Mapping[str, tuple[int, int, int]]] = MappingProxyType({
        **{kind: sp.MARKERS[kind] for kind in TOURISTS}, "cafes": sp.CAFE,
        "smileys": sp.EMBLEMS["smiley"], "stars": sp.EMBLEMS["star"]})
    # Shown at once, without a sound: the first player and the removed cards (the column's
    # header says so), a block (its tourists follow), one link only, a turn's end.
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = MappingProxyType({
        "first_player": None, "cards_removed": None, "block_chosen": None,
        "link_skipped": None, "turn_ended": None})

    def __init__(self, rules: ExploreNewYork, config: Config,
                 seat_names: Sequence[str]) -> None:
        """Lay out every seat's map and paint the static background."""
        super().__init__(rules, config, seat_names)
        self.board = rules.board
        self.humans: tuple[int, ...] = ()
        self.focus = 0  # the seat whose map is large at 3-4 seats (see _wanted_focus)
        self.peeking: set[int] = set()  # seats showing their best route (the Peek button)
        self._score_hold: dict[tuple[int, str], float] = {}  # (seat, box): fraction to come
        self._boxes: tuple[Any, tuple] = (None, ())  # (view, boxes per seat)
        self._counted_from: dict[tuple[int, str], Box] = {}  # (seat, box): shown before a change
        self._faint: dict[int, tuple[Any, pygame.Surface]] = {}  # seat: (route, faint route)
        self._routes: tuple[Any, dict[int, Any]] = (None, {})  # (view, best route per seat)
        self._pictures: dict[tuple, pygame.Surface] = {}  # result_picture's, drawn once
        self._printed: dict[sp.MapGeom, pygame.Surface] = {}  # the printed map per size
        self._arrange(0)
        self._warm()

    def _arrange(self, focus: int) -> None:
        """Lay the board out (`focus`: the seat whose map is large, see make_layout): each
        seat's map scale, targets and layers."""
        self.focus = focus
        self.layout = make_layout(self.players, focus)
        by_size: dict[int, MapScale] = {}
        self.scales = {seat: by_size.setdefault(area.map.w, make_scale(self.board, area.map.w))
                       for seat, area in self.layout.seats.items()}
        self._own_targets = {seat: self._place_own_targets(area)
                             for seat, area in self.layout.seats.items()}
        self.seat_rects: dict[int, dict[Target, pygame.Rect]] = dict(self._own_targets)
        self._faint.clear()
        self.layers = Layers(self._build_base())
        for seat, area in self.layout.seats.items():
            self.layers.add(f"map{seat}", area.map, partial(self._marks, seat),
                            partial(self._paint_map, area))
            header, cells = self._score_cells(area)
            total = partial(self._shown_box, seat, len(CATEGORIES))
            self.layers.add(f"total{seat}", header, total, partial(self._paint_header, area))
            for n, cell in enumerate(cells):  # a box counting up repaints alone
                self.layers.add(f"box{seat}.{n}", cell, partial(self._shown_box, seat, n),
                                partial(self._paint_box, seat, n, cell))
        self.layers.add("column", self.layout.column, self._column_key, self._paint_column)

    def _warm(self) -> None:
        """Render now what a game needs later, so its first use never costs a frame (loading
        a font size alone takes a few milliseconds): fonts, card faces, tourist strokes."""
        for size, bold in ((theme.SMALL_SIZE, False), (theme.SMALL_SIZE, True),
                           (theme.BODY_SIZE, True), (theme.HEADING_SIZE, True),
                           (theme.TITLE_SIZE, True)):
            theme.font(size, bold)
        card = self.layout.cards[0]
        sp.card_back(card.w, card.h)
        for spec in self.board.cards:
            sp.card_face(spec, card.w, card.h)
        for scale in {id(s): s for s in self.scales.values()}.values():
            for count in (1, 7):  # the two tourist sizes: a few in a block, or many
                r = sp.tourist_radius(scale.geom, count)
                for kind, name in enumerate(TOURISTS):
                    for k in range(5):
                        sp.tourist_sprite(name, r, _seed(kind, k))

    def _build_base(self) -> pygame.Surface:
        """Panels and the printed maps, framed in each seat's colour: drawn once."""
        surf = pygame.Surface(BOARD_RECT.size)
        surf.fill(theme.BACKGROUND)
        pygame.draw.rect(surf, theme.PANEL, self.layout.column, border_radius=18)
        for area in self.layout.seats.values():
            pygame.draw.rect(surf, theme.PANEL, area.area, border_radius=16)
            pygame.draw.rect(surf, seat_color(area.seat), area.map.inflate(8, 8),
                             border_radius=10)
            surf.blit(self._printed_map(area.seat), area.map)
        return fast(surf, alpha=False)

    def _printed_map(self, seat: int) -> pygame.Surface:
        """The printed map at the seat's size, painted once per size (a table of bots lays
        the board out again each turn, its large map moving on)."""
        scale = self.scales[seat]
        if scale.geom not in self._printed:
            self._printed[scale.geom] = sp.paint_map(self.board, scale.geom)
        return self._printed[scale.geom]

    def _place_own_targets(self, area: SeatArea) -> dict[Target, pygame.Rect]:
        """The targets of one seat: its map's blocks, a slim rect on the middle of each link,
        and the scoring boxes of the three tourist types (the single tourist's choice)."""
        _, cells = self._score_cells(area)
        rects: dict[Target, pygame.Rect] = {("tourist", name): cells[k].copy()
                                            for k, name in enumerate(TOURISTS)}
        geom = self.scales[area.seat].geom
        for block in self.board.blocks:
            rects[("block", block.x, block.y)] = geom.block_rect(block.x, block.y).move(
                area.map.topleft)
        along, across = round(geom.cell * 0.56), max(16, round(geom.road * 2.4))
        for k, points in enumerate(self.scales[area.seat].lines):
            (ax, ay), (bx, by) = points[0], points[-1]
            mid = points[len(points) // 2] if len(points) > 2 else ((ax + bx) / 2, (ay + by) / 2)
            w, h = (along, across) if abs(bx - ax) > abs(by - ay) else (across, along)
            if len(points) > 2:
                w = h = across * 2
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(area.map.x + mid[0]), round(area.map.y + mid[1]))
            rects[("link", k)] = _clear_of_coordinates(rect, area.map, geom)
        return rects

    # == the SplitRenderer calls ===================================================================
    def set_humans(self, humans: Sequence[int]) -> None:
        """The seats people play (every seat has a full map whoever plays it)."""
        self.humans = tuple(h for h in humans if h in self.layout.seats)
        if self._follow(self.view) and self.view is not None:
            self.refresh()

    def _wanted_focus(self, view: State | None) -> int:
        """The seat whose map is large at 3-4 seats: the first person's; at a table of bots
        (attract demos, screenshots) the turn's first player's, so each map is large in turn."""
        if self.humans:
            return self.humans[0]
        return view.first if view is not None and view.first != NONE else self.focus

    def _follow(self, view: State | None) -> bool:
        """Lay the board out again if the large map moves to another seat; True if it did."""
        focus = self._wanted_focus(view)
        if self.players == 2 or focus == self.focus:
            return False
        self._arrange(focus)
        self._warm()
        return True

    def reset(self, view: State, viewer: int | None) -> None:
        """Show this view now, the large map on the seat to follow."""
        self._follow(view)
        super().reset(view, viewer)

    def animate(self, events: Sequence[Event], view: State, viewer: int | None) -> None:
        """Queue the events' tweens; when a new turn moves the large map, the strokes still
        running land at once (they were laid out on the old maps)."""
        if self._follow(view):
            self.timeline.clear()
        super().animate(events, view, viewer)

    def peek(self, seat: int) -> bool:
        """The Peek button: the seat's best route now, drawn faintly on its map, on or off (a
        toggle: the thumb that clicks the stick also presses A, it cannot hold both)."""
        if self.view is None or self.view.routes or seat not in self.layout.seats:
            return False
        self.peeking ^= {seat}
        return True

    def place_targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Per seat its own map's targets and the revealed cards (the discard is shared)."""
        cards = {("card", c): self.layout.cards[k] for k, c in enumerate(view.revealed)}
        self.seat_rects = {seat: {**rects, **cards}
                              for seat, rects in self._own_targets.items()}
        return self.seat_rects[self.humans[0] if self.humans else 0]

    def draw_table(self, canvas: pygame.Surface) -> None:
        """This turn's blocks outlined; the faint best routes of the seats peeking."""
        if self.view.phase == CHART:
            self._draw_blocks(canvas)
        if not self.view.routes:  # at the end the final route glows instead
            for seat in sorted(self.peeking):
                self._draw_faint_route(canvas, seat)

    def draw_seat(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                  focus: Target | None) -> None:
        """The seat's options highlighted and its focused link previewed."""
        breath = self.pulse()
        self._draw_options(canvas, seat, prompt, breath)
        if focus is not None and focus[0] == "link":
            self._draw_preview(canvas, seat, focus[1], breath)

    def refresh(self, limit: int | None = None) -> None:
        """Note the scoring boxes still filling in, then repaint the dirty layers."""
        self._score_hold = dict(self.timeline.counting())
        super().refresh(limit)

    # == event animations ===========================================================================
    @on_event("card_revealed", sound=EventSound((Cue("flip"),), FLIP_TIME))
    def _card_revealed(self, ev: Event, at: float, batch: Batch) -> float:
        """The card turns over in its slot for everyone."""
        card = ev.get("card")
        if card not in self.view.revealed:
            return at  # a later turn already cleared the table
        rect = self.layout.cards[self.view.revealed.index(card)]
        face = sp.card_face(self.board.cards[card], rect.w, rect.h)
        paint = flip(sp.card_back(rect.w, rect.h), face, rect, 14, theme.PANEL, min_width=2)
        self.timeline.add(at, FLIP_TIME, paint, pytweening.linear, (("flip", card),))
        return at + FLIP_TIME + FLIP_GAP

    @on_event("card_discarded", sound=EventSound((Cue("swish", volume=0.5),), DISCARD_TIME))
    def _card_discarded(self, ev: Event, at: float, batch: Batch) -> float:
        """The discarded card dims: the other two are everyone's turn cards."""
        card = ev.get("card")
        if card not in self.view.revealed:
            return at
        rect = self.layout.cards[self.view.revealed.index(card)]
        shadow = veil(rect.size, DIM_ALPHA).copy()

        def paint(canvas: pygame.Surface, p: float) -> None:
            shadow.set_alpha(round(255 * p))
            canvas.blit(shadow, rect)
        self.timeline.add(at, DISCARD_TIME, paint, pytweening.easeOutQuad, (("discard", card),))
        return at + DISCARD_TIME

    @on_event("link_drawn", sound=EventSound((Cue("swish", volume=0.45),), STROKE_TIME))
    def _link_drawn(self, ev: Event, at: float, batch: Batch) -> float:
        """A pen stroke along the link, after the seat's earlier strokes."""
        seat, link = ev.player, ev.get("link")
        origin = self.layout.seats[seat].map.topleft
        scale = self.scales[seat]
        points, color, width = scale.lines[link], seat_dark(seat), scale.pen

        def paint(canvas: pygame.Surface, p: float) -> None:
            sp.pen_line(canvas, color, sp.partial_line(points, p), width, origin)
        return self._seat_tween(seat, at, STROKE_TIME, paint, ("link", link))

    @on_event("cafe_reached", sound=EventSound((Cue("chime", volume=0.6),), CIRCLE_TIME))
    def _cafe_reached(self, ev: Event, at: float, batch: Batch) -> float:
        """The café is circled in the seat's colour."""
        seat, cafe = ev.player, ev.get("cafe")
        origin = self.layout.seats[seat].map.topleft
        scale = self.scales[seat]
        points, width = _cafe_ring(self.board, scale, cafe), max(3, scale.pen // 2)

        def paint(canvas: pygame.Surface, p: float) -> None:
            sp.pen_line(canvas, seat_dark(seat), sp.partial_line(points, p), width, origin)
        return self._seat_tween(seat, at, CIRCLE_TIME, paint, ("cafe", cafe))

    @on_event("tourists_drawn", sound=EventSound((Cue("tick", volume=0.5),), TOURIST_TIME,
                                                 per_item=TOURIST_TIME, count="tourists"))
    @on_event("cafe_tourists", sound=EventSound((Cue("tick", volume=0.5),), TOURIST_TIME,
                                                per_item=TOURIST_TIME, count="tourists"))
    def _tourists_drawn(self, ev: Event, at: float, batch: Batch) -> float:
        """Each tourist drawn into its place in the block, one marker stroke after another."""
        seat, x, y = ev.player, ev.get("x"), ev.get("y")
        block = self.board.block_at(x, y)
        counts = self.view.sheets[seat].tourists[block]
        old = batch.old.sheets[seat].tourists[block] if batch.old is not None else (0, 0, 0)
        geom = self.scales[seat].geom
        slots = sp.tourist_slots(geom, x, y, sum(counts))
        r = sp.tourist_radius(geom, sum(counts))
        ox, oy = self.layout.seats[seat].map.topleft
        for name in ev.get("tourists"):
            kind = TOURISTS.index(name)
            k = old[kind] + batch.tally[seat, block, kind]
            batch.tally[seat, block, kind] += 1
            cx, cy = slots[sum(counts[:kind]) + k]
            path = sp.marker_path(name, r, _seed(kind, k))
            paint = partial(_marker, name, path, sp.marker_width(r), (ox + cx, oy + cy))
            at = self._seat_tween(seat, at, TOURIST_TIME, paint, ("tourist", block, kind, k))
        return at

    @on_event("route_found", sound=EventSound((Cue("swish", volume=0.4),), ERASE_TIME))
    def _route_found(self, ev: Event, at: float, batch: Batch) -> float:
        """Every map at once: what is off the final route fades out, then the route glows
        while the scoring boxes fill in one by one."""
        seat = ev.player
        start = batch.moments.setdefault("final", at)
        area = self.layout.seats[seat]
        erased = self.layers.static.subsurface(area.map).copy()
        sheet = self.view.sheets[seat]
        self._paint_sheet(erased, (0, 0), seat, Marks(sheet.links, sheet.cafes, sheet.tourists,
                                                      frozenset(), self._route_of(seat)),
                          self.scales[seat])
        self.timeline.add(start, ERASE_TIME, partial(_fade_in, erased, area.map.topleft),
                          pytweening.easeInOutQuad, (("seat", seat, "erase"),), seat=seat)
        boxes = start + ERASE_TIME
        for box in BOXES:  # the final boxes fill in from empty, as on the paper map
            self._counted_from.pop((seat, box), None)
        for n, box in enumerate(BOXES):
            self.timeline.add(boxes + n * BOX_TIME, BOX_TIME, None, pytweening.easeOutQuad,
                              tag=(seat, box), seat=seat)
        glow = self._glow(seat, ev.get("links"))
        self.timeline.add(boxes, len(BOXES) * BOX_TIME, partial(_pulse, glow, area.map.topleft),
                          pytweening.linear, seat=seat)
        return at

    def animated(self, batch: Batch, end: float) -> None:
        """The live scoring boxes that changed count from their old points to the new ones,
        each seat's once its own strokes have landed (the final route counts on its own)."""
        if batch.old is None or self.view.routes:
            return
        before, after = self._boxes_of(batch.old), self._final_boxes()
        for seat in range(self.players):
            changed = [n for n, (old, new) in enumerate(zip(before[seat], after[seat]))
                       if old.points != new.points]
            start = self.timeline.tail(seat)
            for n in changed:
                self._counted_from[seat, BOXES[n]] = before[seat][n]
                self.timeline.add(start, COUNT_TIME, None, pytweening.easeOutQuad,
                                  tag=(seat, BOXES[n]), seat=seat)

    def _seat_tween(self, seat: int, at: float, dur: float, paint: Any, hold: tuple) -> float:
        """Queue a stroke of one seat after its earlier ones (it holds that seat alone)."""
        start = self.timeline.tail(seat)
        self.timeline.add(start, dur, paint, pytweening.easeInOutSine, (("seat", seat, *hold),),
                          seat=seat)
        return max(at, start + dur)

    def _glow(self, seat: int, links: Sequence[int]) -> pygame.Surface:
        """A wide bright halo along the route's links, pulsed over the map while boxes fill
        (the pen line over it: the route stays sharp inside its glow)."""
        surf = pygame.Surface(self.layout.seats[seat].map.size, pygame.SRCALPHA)
        scale = self.scales[seat]
        for link in links:
            sp.pen_line(surf, GLOW, scale.lines[link], scale.pen * 4)
        for link in links:
            sp.pen_line(surf, seat_dark(seat), scale.lines[link], scale.pen)
        return surf

    # == the maps ===================================================================================
    def _route_of(self, seat: int) -> tuple[tuple[int, ...], int] | None:
        """(route links, route blocks mask) once the final route is known, else None."""
        if not self.view.routes:
            return None
        route = self.view.routes[seat]
        return route.links, sum(1 << b for b in route.blocks)

    def _marks(self, seat: int) -> Marks:
        """What the seat's map shows now: its layer's key (a stroke that starts changes no
        pixel, so it changes no key either: the map repaints when the stroke lands)."""
        sheet = self.view.sheets[seat]
        links, cafes, drawing, erasing = sheet.links, sheet.cafes, set(), False
        for hold in self.holds:
            if hold[0] != "seat" or hold[1] != seat:
                continue
            if hold[2] == "link":
                links &= ~(1 << hold[3])
            elif hold[2] == "cafe":
                cafes &= ~(1 << hold[3])
            elif hold[2] == "tourist":
                drawing.add(hold[3:])
            else:
                erasing = True
        route = None if erasing else self._route_of(seat)
        return Marks(links, cafes, sheet.tourists, frozenset(drawing), route)

    def _paint_map(self, area: SeatArea, surface: pygame.Surface) -> None:
        self._paint_sheet(surface, area.map.topleft, area.seat, self._marks(area.seat),
                          self.scales[area.seat])

    def _xy(self, block: int) -> tuple[int, int]:
        b = self.board.blocks[block]
        return b.x, b.y

    def _paint_sheet(self, surface: pygame.Surface, origin: tuple[int, int], seat: int,
                     marks: Marks, scale: MapScale) -> None:
        """A seat's marks on its map at `origin`: links, circled cafés and tourists (with a
        route: only the route, glowing, and the tourists on its blocks)."""
        links, blocks = list(bits(marks.links)), self.view.sheets[seat].filled
        lines, pen = scale.lines, scale.pen
        if marks.route is not None:
            links, blocks = list(marks.route[0]), blocks & marks.route[1]
            for k in links:
                sp.pen_line(surface, GLOW, lines[k], pen * 3, origin)
        for k in links:
            sp.pen_line(surface, seat_dark(seat), lines[k], pen, origin)
        for cafe in bits(marks.cafes):
            sp.pen_line(surface, seat_dark(seat), _cafe_ring(self.board, scale, cafe),
                        max(3, pen // 2), origin)
        for block in bits(blocks):
            self._paint_tourists(surface, origin, block, marks.tourists[block], marks.drawing,
                                 scale.geom)

    def _paint_tourists(self, surface: pygame.Surface, origin: tuple[int, int], block: int,
                        counts: tuple[int, int, int], drawing: frozenset, geom: sp.MapGeom
                        ) -> None:
        x, y = self._xy(block)
        slots = sp.tourist_slots(geom, x, y, sum(counts))
        r = sp.tourist_radius(geom, sum(counts))
        n = 0
        for kind, count in enumerate(counts):
            for k in range(count):
                if (block, kind, k) not in drawing:
                    sprite = sp.tourist_sprite(TOURISTS[kind], r, _seed(kind, k))
                    cx, cy = slots[n]
                    surface.blit(sprite, sprite.get_rect(center=(round(origin[0] + cx),
                                                                 round(origin[1] + cy))))
                n += 1

    # == the scoring boxes ==========================================================================
    def _final_boxes(self) -> tuple[tuple[Box, ...], ...]:
        """Per seat its boxes (categories, then the total) for the best final route its map
        allows now (live during the game, the final route at the end)."""
        view = self.view
        if self._boxes[0] is not view:
            self._boxes = (view, self._boxes_of(view))
        return self._boxes[1]

    def _boxes_of(self, view: State) -> tuple[tuple[Box, ...], ...]:
        """Every seat's boxes in a view (the exact route search, ~0.15 ms a map)."""
        return tuple(self._seat_boxes(view, seat) for seat in range(self.players))

    def _seat_boxes(self, view: State, seat: int) -> tuple[Box, ...]:
        route = self._route_now(seat) if view is self.view else self.rules.route(view, seat)
        sheet, b = view.sheets[seat], self.board
        counts = RouteScorer(b, sheet).counts(sum(1 << k for k in route.blocks),
                                              sum(1 << c for c in route.cafes))
        points = dict(route.points)
        texts = [f"{n}×{a}" for n, a in zip(counts.tourists, counts.attractions)]
        texts += [f"{counts.cafes}×{b.cafe_points}", f"{counts.smileys}×{b.smiley_points}",
                  str(counts.stars)]  # the box's star sign says what is counted
        return (*(Box(c, text, points[c]) for c, text in zip(CATEGORIES, texts)),
                Box(TOTAL, "", route.total))

    def _shown_box(self, seat: int, n: int) -> Box:
        """Box n (BOXES order) as on screen now: empty until its turn, then counting up."""
        if self.view is None:
            return Box(BOXES[n], "", None)
        box = self._final_boxes()[seat][n]
        left = self._score_hold.get((seat, box.category))
        if left is None:
            return box
        before = self._counted_from.get((seat, box.category))
        if left >= 1.0:
            return Box(box.category, "", None) if before is None else before
        start = 0 if before is None else before.points
        return Box(box.category, box.counts, round(start + (box.points - start) * (1.0 - left)))

    def _shown_boxes(self, seat: int) -> tuple[Box, ...]:
        """Every box of a seat as on screen now."""
        return tuple(self._shown_box(seat, n) for n in range(len(BOXES)))

    def _score_cells(self, area: SeatArea) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The header row (name and total) and one cell per category."""
        rect = area.score
        rows = 2 if rect.w < 240 and rect.h > 600 else 1  # name over total in a narrow column
        header = pygame.Rect(rect.x + 8, rect.y, rect.w - 16, rows * ROW_H - 8 * (rows - 1))
        cols = area.columns
        w = (rect.w - 8) // cols
        h = (rect.bottom - header.bottom - 4) // math.ceil(len(CATEGORIES) / cols)
        cells = [pygame.Rect(rect.x + 4 + (k % cols) * w, header.bottom + 4 + (k // cols) * h,
                             w - 6, h - 6) for k in range(len(CATEGORIES))]
        return header, cells

    def _name_labels(self, area: SeatArea, total: Box) -> list[tuple[pygame.Surface,
                                                                       pygame.Rect]]:
        """The seat's name and its total (once counted) with where they go."""
        header, _ = self._score_cells(area)
        img = theme.text("" if total.points is None else str(total.points), theme.BODY_SIZE,
                         theme.TEXT, True)
        if header.h >= 2 * ROW_H - 8:  # a narrow column: the name, the total under it
            rect = img.get_rect(bottomright=(header.right - 4, header.bottom))
            name = fit_text(self.names[area.seat], theme.SMALL_SIZE, header.w - 8,
                            seat_color(area.seat), True)
            return [(name, name.get_rect(topleft=(header.x + 4, header.y + 4))), (img, rect)]
        rect = img.get_rect(midright=(header.right - 4, header.centery))
        name = fit_text(self.names[area.seat], theme.SMALL_SIZE, header.w - rect.w - 24,
                        seat_color(area.seat), True)
        return [(name, name.get_rect(midleft=(header.x + 4, header.centery))), (img, rect)]

    @staticmethod
    def _box_labels(cell: pygame.Rect, box: Box) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """A box's counts ("3×2") after its sign and its points on the right; in a box too
        narrow for one line and tall enough for two, the points under the counts."""
        counts = theme.text(box.counts, theme.SMALL_SIZE, theme.TEXT_DIM)
        icon_right = cell.x + 8 + 2 * _icon_radius(cell)
        value = "" if box.points is None else f"= {box.points}"
        points = theme.text(value, theme.SMALL_SIZE, theme.TEXT, True)
        one_line = icon_right + 12 + counts.get_width() + 16 + points.get_width() + 10
        if one_line > cell.right and cell.h >= 2 * counts.get_height() + 16:
            half = counts.get_height() // 2 + 2
            return [(counts, counts.get_rect(midleft=(icon_right + 12, cell.centery - half))),
                    (points, points.get_rect(midright=(cell.right - 10, cell.centery + half)))]
        return [(counts, counts.get_rect(midleft=(icon_right + 12, cell.centery))),
                (points, points.get_rect(midright=(cell.right - 10, cell.centery)))]

    def _paint_header(self, area: SeatArea, surface: pygame.Surface) -> None:
        """The seat's name, and its total once the boxes are filled."""
        for img, rect in self._name_labels(area, self._shown_box(area.seat, len(CATEGORIES))):
            surface.blit(img, rect)

    def _paint_box(self, seat: int, n: int, cell: pygame.Rect, surface: pygame.Surface) -> None:
        """One scoring box: its sign, the counts, the points."""
        box = self._shown_box(seat, n)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, cell, border_radius=10)
        _box_icon(surface, box.category, cell)
        for img, rect in self._box_labels(cell, box):
            surface.blit(img, rect)

    # == the card column ============================================================================
    def _column_key(self) -> tuple:
        view = self.view
        shown = tuple(c for c in view.revealed if ("flip", c) not in self.holds)
        dimmed = tuple(c for c in view.revealed
                       if view.turn_cards and c not in view.turn_cards
                       and ("discard", c) not in self.holds)
        return (view.turn, view.first, view.left, view.revealed, shown, dimmed,
                bool(view.routes))

    def _header_lines(self) -> list[tuple[str, tuple[int, int, int], int, bool]]:
        """(text, colour, size, bold) of the column's header lines."""
        view = self.view
        if view.routes:
            return [(t("final"), theme.ACCENT, theme.BODY_SIZE, True)]
        lines = [(t("turn", n=view.turn + 1), theme.TEXT, theme.BODY_SIZE, True)]
        if view.first != NONE:
            lines.append((t("first", name=self.names[view.first]), seat_color(view.first),
                          theme.SMALL_SIZE, True))
        lines.append((t("deck", count=view.left), theme.TEXT_DIM, theme.SMALL_SIZE, False))
        return lines

    def _header_labels(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        header = self.layout.header
        y = header.y + 8
        out = []
        for text, color, size, bold in self._header_lines():
            for part in _split_if_wide(text, size, header.w - 20, bold, header.h >= 180):
                img = fit_text(part, size, header.w - 20, color, bold)
                out.append((img, img.get_rect(midtop=(header.centerx, y))))
                y += img.get_height() + 4
        return out

    def _paint_column(self, surface: pygame.Surface) -> None:
        """The header, then the revealed cards (the discarded one dimmed), empty slots after."""
        _, _, _, revealed, shown, dimmed, _ = self._column_key()
        for img, rect in self._header_labels():
            surface.blit(img, rect)
        for k, rect in enumerate(self.layout.cards):
            card = revealed[k] if k < len(revealed) else None
            if card is None or card not in shown:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 3, border_radius=14)
                continue
            surface.blit(sp.card_face(self.board.cards[card], rect.w, rect.h), rect)
            if card in dimmed:
                surface.blit(veil(rect.size, DIM_ALPHA), rect)

    # == per-frame overlays =========================================================================
    def _draw_blocks(self, canvas: pygame.Surface) -> None:
        """Each seat's block of this turn outlined (café tourists go there too): drawn per
        frame, so the turn's end repaints no map."""
        for seat, sheet in enumerate(self.view.sheets):
            if sheet.block != NONE:
                rect = self._own_targets[seat][("block", *self._xy(sheet.block))]
                pygame.draw.rect(canvas, seat_color(seat), rect.inflate(6, 6), 4,
                                 border_radius=6)

    def _route_now(self, seat: int) -> Any:
        """The seat's best route in the view on screen, searched once per view (the boxes read
        it, and the faint route is drawn every frame)."""
        if self._routes[0] is not self.view:
            self._routes = (self.view, {})
        found = self._routes[1]
        if seat not in found:
            found[seat] = self.rules.route(self.view, seat)
        return found[seat]

    def _draw_faint_route(self, canvas: pygame.Surface, seat: int) -> None:
        """The route the seat's map would score now (the live boxes' route), a faint wide
        band under its pen lines: which links extend it is plain to see."""
        route = self._route_now(seat)
        cached = self._faint.get(seat)
        if cached is None or cached[0] != route.links:
            surf = pygame.Surface(self.layout.seats[seat].map.size, pygame.SRCALPHA)
            scale = self.scales[seat]
            for link in route.links:  # the band's own alpha: the pen lines stay opaque on it
                sp.pen_line(surf, (*GLOW, FAINT_ALPHA), scale.lines[link], scale.pen * 3)
            for link in route.links:
                sp.pen_line(surf, seat_dark(seat), scale.lines[link], scale.pen)
            cached = route.links, surf
            self._faint[seat] = cached
        canvas.blit(cached[1], self.layout.seats[seat].map.move(BOARD_RECT.topleft))

    def _draw_options(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                      breath: float) -> None:
        """Ring the blocks, cards or tourist boxes the seat may choose; dot the links that
        continue its turn (a link anywhere is every road: those are left plain)."""
        targets = self.seat_rects.get(seat, {})
        color = seat_color(seat)
        if prompt.kind in ("block", "lone_block", "discard", "tourist"):
            grow, width = 4 + round(4 * breath), 3 + round(2 * breath)
            for o in prompt.options:
                rect = targets.get(o.target)
                if rect is not None:
                    pygame.draw.rect(canvas, color, rect.inflate(grow, grow), width,
                                     border_radius=8)
        else:
            ox, oy = self.layout.seats[seat].map.topleft
            scale = self.scales[seat]
            radius = scale.pen * (0.35 + 0.15 * breath)
            for k in self._near_links(seat, prompt):
                sp.dotted(canvas, color, [(ox + x, oy + y) for x, y in scale.lines[k]], radius,
                          scale.geom.cell / 5)

    def _near_links(self, seat: int, prompt: Prompt) -> list[int]:
        """The options that continue the turn: after the first link, or along the chosen
        block when a second link may follow (none for a link anywhere)."""
        if prompt.kind == "link2":
            return [o.action[1] for o in prompt.options if o.action[0] == "link"]
        queue = self.view.queues[seat]
        if prompt.kind != "link" or not queue or not queue[0][1]:
            return []
        sides = self.board.blocks[self.view.sheets[seat].block].sides
        return [o.action[1] for o in prompt.options if o.action[1] in sides]

    def _draw_preview(self, canvas: pygame.Surface, seat: int, link: int, breath: float) -> None:
        """The focused link before it is confirmed: a pen line in the seat's colour, dotted."""
        origin = self.layout.seats[seat].map.topleft
        scale = self.scales[seat]
        points = scale.lines[link]
        sp.pen_line(canvas, seat_color(seat), points, scale.pen + round(2 * breath), origin)
        ox, oy = origin
        sp.dotted(canvas, seat_dark(seat), [(ox + x, oy + y) for x, y in points],
                  max(2.0, scale.pen / 3), scale.geom.cell / 6)

    # == the results screen (capability result_picture) ==========================================
    def result_picture(self, state: State, seat: int, size: tuple[int, int]) -> pygame.Surface:
        """The seat's final map as the rulebook scores it: only its final route (glowing) and
        the tourists along it, its six scoring boxes under the map (drawn once per seat)."""
        key = (id(state), seat, size)
        if key not in self._pictures:
            if self.view is not state:
                self.show(state, None)
            self._pictures[key] = self._paint_result(seat, size)
        return self._pictures[key]

    def _paint_result(self, seat: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        rows = math.ceil(len(CATEGORIES) / RESULT_COLUMNS)
        side = min(w - 8, h - rows * (ROW_H + 8) - 16)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        scale = make_scale(self.board, side)
        origin = ((w - side) // 2, 4)
        frame = pygame.Rect(origin, (side, side))
        pygame.draw.rect(surface, seat_color(seat), frame.inflate(8, 8), border_radius=10)
        surface.blit(sp.paint_map(self.board, scale.geom), origin)
        sheet = self.view.sheets[seat]
        self._paint_sheet(surface, origin, seat, Marks(sheet.links, sheet.cafes, sheet.tourists,
                                                       frozenset(), self._route_of(seat)), scale)
        width = w // RESULT_COLUMNS
        for n in range(len(CATEGORIES)):
            cell = pygame.Rect((n % RESULT_COLUMNS) * width + 4,
                               frame.bottom + 16 + (n // RESULT_COLUMNS) * (ROW_H + 8),
                               width - 8, ROW_H)
            self._paint_box(seat, n, cell, surface)
        return surface

    # == board geometry (tests/ui/test_board_geometry.py) ==========================================
    def keep_clear(self) -> list[pygame.Rect]:
        """The card column: every seat reads the turn's cards there (a hint's callout avoids it)."""
        return [self.layout.column.move(BOARD_RECT.topleft)]

    def board_geometry(self) -> BoardGeometry:
        """The labels (coordinates, names, scores, the column's header), the drawn links and
        the icons (emblems, cafés, cards, box signs) as last shown."""
        out = BoardGeometry()
        for seat, area in self.layout.seats.items():
            self._map_geometry(out, area)
            _, cells = self._score_cells(area)
            boxes = self._shown_boxes(seat)
            texts = self._name_labels(area, boxes[-1])
            for cell, box in zip(cells, boxes):
                texts += self._box_labels(cell, box)
            out.labels += [Label(f"seat {seat} score", rect) for img, rect in texts
                           if img.get_width() > 1]
            for cell, category in zip(cells, CATEGORIES):
                r = _icon_radius(cell)
                icon = pygame.Rect(cell.x + 8, cell.centery - r, 2 * r, 2 * r)
                out.icons.append(Icon(f"seat {seat} {category} box sign", icon))
        out.labels += [Label("column header", rect) for _, rect in self._header_labels()]
        out.icons += [Icon(f"card {k}", rect) for k, rect in enumerate(self.layout.cards)]
        return out

    def _map_geometry(self, out: BoardGeometry, area: SeatArea) -> None:
        ox, oy = area.map.topleft
        seat = area.seat
        geom, lines, pen = self.scales[seat].geom, self.scales[seat].lines, self.scales[seat].pen
        for n in range(1, 7):
            digit = theme.text(str(n), theme.SMALL_SIZE, sp.INK, True)
            x, y = geom.point(n - 0.5, n - 0.5)
            half = round(geom.margin / 2)
            out.labels.append(Label(f"X {n}", digit.get_rect(center=(round(ox + x), oy + half))))
            out.labels.append(Label(f"Y {n}", digit.get_rect(center=(ox + half, round(oy + y)))))
        for k in bits(self.view.sheets[seat].links):
            out.strokes.append(Stroke(f"seat {seat} link {k}",
                                      tuple((ox + x, oy + y) for x, y in lines[k]),
                                      pen))
        r = sp.cafe_radius(geom)
        for c, cafe in enumerate(self.board.cafes):
            x, y = geom.point(*cafe.at)
            out.icons.append(Icon(f"seat {seat} café {c}",
                                  pygame.Rect(round(ox + x - r), round(oy + y - r), 2 * r, 2 * r)))


# == helpers ========================================================================================
def _split_if_wide(text: str, size: int, width: int, bold: bool, room: bool) -> list[str]:
    """A header line, split after its colon when it is too wide and the header has `room`
    ("First player:" over the name) rather than cut short."""
    head, colon, tail = text.partition(": ")
    if not room or not colon or theme.font(size, bold).size(text)[0] <= width:
        return [text]
    return [head + ":", tail]


def _clear_of_coordinates(rect: pygame.Rect, map_rect: pygame.Rect, geom: sp.MapGeom
                          ) -> pygame.Rect:
    """A link's target moved inwards, if need be, so the focus ring around it (up to
    FOCUS_REACH px outside) stays off the coordinates printed in the map's top and left margin
    (the outer roads run just inside them)."""
    digit = theme.text("6", theme.SMALL_SIZE, sp.INK, True)
    top = map_rect.y + round(geom.margin / 2 + digit.get_height() / 2) + FOCUS_REACH
    left = map_rect.x + round(geom.margin / 2 + digit.get_width() / 2) + FOCUS_REACH
    return rect.move(max(0, left - rect.x), max(0, top - rect.y))


def _cafe_ring(board: Board, scale: MapScale, cafe: int) -> list[tuple[float, float]]:
    """The circle drawn around a used café (map coordinates)."""
    cx, cy = scale.geom.point(*board.cafes[cafe].at)
    r = sp.cafe_radius(scale.geom) + scale.pen * 0.8
    return [(cx + r * math.cos(-math.pi / 2 + math.tau * k / 24),
             cy + r * math.sin(-math.pi / 2 + math.tau * k / 24)) for k in range(25)]


def _seed(kind: int, k: int) -> int:
    """The wobble of the k-th tourist of a type in a block (a few shapes, reused)."""
    return kind * 5 + k % 5


def _marker(kind: str, path: Sequence[tuple[float, float]], width: int,
            center: tuple[float, float], canvas: pygame.Surface, p: float) -> None:
    """Paint: a tourist's marker stroke, drawn up to p."""
    sp.pen_line(canvas, sp.MARKERS[kind], sp.partial_line(path, p), width, center)


def _fade_in(image: pygame.Surface, topleft: tuple[int, int], canvas: pygame.Surface,
             p: float) -> None:
    """Paint: an image laid over its place more and more opaque (the map being erased)."""
    image.set_alpha(round(255 * p))
    canvas.blit(image, topleft)


def _pulse(glow: pygame.Surface, topleft: tuple[int, int], canvas: pygame.Surface,
           p: float) -> None:
    """Paint: a halo breathing twice over the tween."""
    glow.set_alpha(round(150 * math.sin(math.pi * ((2 * p) % 1.0))))
    canvas.blit(glow, topleft)


def _icon_radius(cell: pygame.Rect) -> int:
    """A box sign's radius in its cell."""
    return max(10, min(18, cell.h // 3))


def _box_icon(surface: pygame.Surface, category: str, cell: pygame.Rect) -> None:
    """A scoring box's sign: the tourist shape, a café plate, a smiley or a star."""
    r = _icon_radius(cell)
    center = (cell.x + 8 + r, cell.centery)
    if category in TOURISTS:
        sprite = sp.tourist_sprite(category, round(r * 0.8), 0)
        surface.blit(sprite, sprite.get_rect(center=center))
    elif category == "cafes":
        pygame.draw.circle(surface, (250, 244, 232), center, r)
        pygame.draw.circle(surface, sp.CAFE, center, r, 3)
    else:
        sp.emblem(surface, category[:-1], center, r)
