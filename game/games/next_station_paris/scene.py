"""Next Station: Paris board renderer: one sheet per seat, everyone draws at once.

Implements game.ui.board_api.SplitRenderer (and the plain BoardRenderer calls). Layouts of the
1920x1000 board rect, chosen by the number of human seats (`set_humans`):
- one person (or solo): one big sheet, the card and its score zone in the middle column, and a
  compact sheet per bot on the right;
- two people: two big sheets side by side, the card (and bots) in the middle column;
- three or four: a 2x2 grid of sheets (map + score zone each), the card in the middle column.

Layers, so a frame stays cheap with four sheets on screen: one static surface per map size (paper,
districts, dashed links, overpasses, stations), blitted once into `_base`; `_layer` is `_base`
plus everything that changes only with the game (each seat's pencil lines, used overpasses,
interchanges, score zone; the card column), each region repainted only when its key changes.
Per frame: one blit of `_layer`, then option rings, the previews of focused segments and running
tweens. Keeping the worst frame short (p99 in `python -m game.bench`, "4 split" row) matters as
much as the average: a finished stroke adds just its own pencil line to the layer (the marks are
redrawn over it: the same pixels as a full repaint); score zones repaint row by row, only rows
whose numbers changed, at most SCORE_ROWS_PER_FRAME a frame (a round's end changes some twenty
rows for four seats at once); the card column is three regions (header, card, pips); sprites and
font sizes a game will need are rendered when the layout is built, never in the middle of play.

Animations come from comparing the old and new views (so they follow whatever events the rules
emit) and run as tweens on game.ui.tween's Timeline: new segments are drawn like pencil strokes
(per seat, so one seat's stroke never holds another seat's cursor), a newly revealed card flips
over, a finished round's score boxes count up.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame
import pytweening

from game.engine.core import Config, Event, Prompt, Target
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.i18n import t as _translate
from game.ui.tween import Timeline
from game.ui.widgets import wrap

from . import sprites as sp
from .board import COLORS, Board
from .rules import MODULES
from .scoring import interchange_counts, objective_met, overpass_uses, score_line
from .sounds import SOUND_CUES
from .state import NONE, Line

K = "next_station_paris.scene."
STROKE_TIME = 0.32  # seconds per pencil segment
FLIP_TIME = 0.42
COUNT_TIME = 0.55  # a score box counting up
OPTION = (255, 255, 255)
SHADOW = (20, 22, 30)
GATE = (210, 50, 50)
ROUNDS = 4
SCORE_ROWS_PER_FRAME = 4  # score rows repainted per frame (the rest wait for the next one)
LIVE = "live"  # marks a score row of the line still being drawn


def t(key: str, **params: Any) -> str:
    """Translate one of this renderer's strings."""
    return _translate(K + key, **params)


# == layout =======================================================================================
@dataclass(slots=True)
class SeatArea:
    """Where one seat's sheet lives on screen."""

    seat: int
    area: pygame.Rect
    map: pygame.Rect
    score: pygame.Rect
    strip: pygame.Rect
    mini: bool = False  # a bot's compact sheet (no score boxes, small map)
    wide: bool = False  # score boxes laid out in columns (under a tall map)


@dataclass(slots=True)
class Layout:
    """The whole screen: seat sheets and the card column."""

    seats: dict[int, SeatArea]
    column: pygame.Rect
    card: pygame.Rect
    pips: pygame.Rect
    header: pygame.Rect
    modules: pygame.Rect | None = None  # shared objectives and city gates, where there is room
    name: pygame.Rect | None = None  # the card's name, under it


def make_layout(players: int, humans: Sequence[int], modules: bool = False) -> Layout:
    """Place every seat's sheet and the card column for this many people. With advanced
    modules the objectives and city gates always get a panel: everyone needs to read them."""
    big = list(humans) or list(range(players))
    if len(big) <= 1:
        return _layout_one(players, big[0] if big else 0, modules)
    if len(big) == 2 and (players == 2 or not modules):
        return _layout_two(players, big)
    return _layout_grid(players)  # two people beside bots and modules: no room in the column


def _column(x: int, w: int, card_w: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect,
                                                  pygame.Rect, pygame.Rect]:
    """The card column: header, the big card, its name, the Metro pips."""
    column = pygame.Rect(x, 8, w, 984)
    header = pygame.Rect(x, 8, w, 104)
    card = pygame.Rect(0, 0, card_w, round(card_w * 1.4))
    card.midtop = (column.centerx, header.bottom + 10)
    name = pygame.Rect(x, card.bottom + 6, w, 42)
    pips = pygame.Rect(x, name.bottom + 2, w, 56)
    return column, header, card, name, pips


MINI_SCORE_H = 150  # a bot's numbers under its map: name and total, then the rounds in a row
MODULES_H = 300  # the objectives and city gates panel beside three bots (two short lists)


def _layout_one(players: int, seat: int, modules: bool = False) -> Layout:
    column, header, card, name, pips = _column(956, 452, 250)
    score = pygame.Rect(956, pips.bottom + 8, 452, 992 - pips.bottom - 8)
    sheet = SeatArea(seat, pygame.Rect(8, 8, 936, 984), pygame.Rect(20, 8, 912, 912), score,
                     pygame.Rect(8, 928, 936, 64))
    seats = {seat: sheet}
    bots = [s for s in range(players) if s != seat]
    if len(bots) == 1:  # one opponent: its sheet takes the column, its map as wide as it is
        h = 984 - (MODULES_H + 12 if modules else 0)
    else:
        room = 984 - (MODULES_H if modules and len(bots) == 3 else 0)  # two bots leave room
        h = (room - 12 * 2) // 3
    for k, bot in enumerate(bots):
        area = pygame.Rect(1420, 8 + k * (h + 12), 492, h)
        seats[bot] = _mini(bot, area)
    top = 8 + len(bots) * (h + 12)
    panel = pygame.Rect(1420, top, 492, 992 - top) if 992 - top >= 240 else None
    return Layout(seats, column, card, pips, header, panel, name)


def _layout_two(players: int, big: list[int]) -> Layout:
    column, header, card, name, pips = _column(764, 392, 220)
    seats = {}
    for k, seat in enumerate(big):
        x = 8 if k == 0 else 1164
        area = pygame.Rect(x, 8, 748, 984)
        seats[seat] = SeatArea(seat, area, pygame.Rect(x + 24, 8, 700, 700),
                               pygame.Rect(x, 716, 748, 204), pygame.Rect(x, 928, 748, 64),
                               wide=True)
    bots = [s for s in range(players) if s not in big]
    top = pips.bottom + 10
    h = min(300, (992 - top - 10 * (len(bots) - 1)) // max(1, len(bots)))
    for k, bot in enumerate(bots):
        seats[bot] = _mini(bot, pygame.Rect(764, top + k * (h + 10), 392, h))
    free = top + len(bots) * (h + 10)
    modules = pygame.Rect(764, free, 392, 992 - free) if 992 - free >= 240 else None
    return Layout(seats, column, card, pips, header, modules, name)


def _layout_grid(players: int) -> Layout:
    column, header, card, name, pips = _column(800, 320, 220)
    seats = {}
    for seat in range(players):
        col, row = seat % 2, seat // 2
        x, y = (8 if col == 0 else 1128), (8 if row == 0 else 504)
        area = pygame.Rect(x, y, 784, 488)
        # the map sits on the outer side, the score zone next to the card column
        mx = x + 2 if col == 0 else x + 784 - 426
        sx = x + 434 if col == 0 else x + 2
        seats[seat] = SeatArea(seat, area, pygame.Rect(mx, y + 2, 424, 424),
                               pygame.Rect(sx, y + 2, 348, 424),
                               pygame.Rect(x, y + 488 - 56, 784, 56))
    modules = pygame.Rect(800, pips.bottom + 10, 320, 984 + 8 - pips.bottom - 10)
    return Layout(seats, column, card, pips, header, modules, name)


def _mini(seat: int, area: pygame.Rect) -> SeatArea:
    """A bot's compact sheet: a small map and a few numbers beside it (under it, in a tall
    area)."""
    if area.h >= area.w + MINI_SCORE_H:
        side = area.w - 8
        m = pygame.Rect(area.x + 4, area.y + 4, side, side)
        score = pygame.Rect(area.x, m.bottom + 4, area.w, area.bottom - m.bottom - 4)
        return SeatArea(seat, area, m, score, pygame.Rect(score), mini=True)
    side = min(area.h - 8, area.w * 3 // 5)
    m = pygame.Rect(area.x + 4, area.y + (area.h - side) // 2, side, side)
    score = pygame.Rect(m.right + 8, area.y, area.right - m.right - 8, area.h)
    return SeatArea(seat, area, m, score, pygame.Rect(score), mini=True)


# == map geometry and static art ====================================================================
@dataclass(frozen=True, slots=True)
class MapGeom:
    """Station positions on a square map of one size (relative to its top-left corner)."""

    size: int
    spacing: float
    margin: float
    pos: tuple[tuple[float, float], ...]

    @property
    def radius(self) -> float:
        """Station symbol radius."""
        return self.spacing * 0.27

    def point(self, col: float, row: float) -> tuple[float, float]:
        """A lattice point in map coordinates."""
        return (self.margin + col * self.spacing, self.margin + row * self.spacing)


def make_geom(board: Board, size: int) -> MapGeom:
    """Geometry of a map drawn `size` pixels square."""
    spacing = size / 10.0
    margin = spacing * 0.5
    pos = tuple((margin + s.col * spacing, margin + s.row * spacing) for s in board.stations)
    return MapGeom(size, spacing, margin, pos)


def paint_map(board: Board, geom: MapGeom, mini: bool) -> pygame.Surface:
    """The empty sheet: paper, districts, dashed links, overpasses and stations."""
    surf = pygame.Surface((geom.size, geom.size))
    surf.fill(sp.PAPER)
    sp_ = geom.spacing
    main = [d for d in board.districts if d.main]
    for k, d in enumerate(main):
        x0, y0 = geom.point(d.cols[0] - 0.47, d.rows[0] - 0.47)
        x1, y1 = geom.point(d.cols[1] + 0.47, d.rows[1] + 0.47)
        rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        tint = sp.DISTRICT_TINTS[k % len(sp.DISTRICT_TINTS)]
        pygame.draw.rect(surf, tint, rect, border_radius=max(3, int(sp_ * 0.25)))
        pygame.draw.rect(surf, sp.shade(tint, 0.8), rect, max(1, int(sp_ / 24)),
                         border_radius=max(3, int(sp_ * 0.25)))
    for d in board.districts:
        if d.main or not d.stations:
            continue
        center = geom.pos[d.stations[0]]
        pygame.draw.circle(surf, (250, 236, 214), center, sp_ * 0.46)
        pygame.draw.circle(surf, (196, 120, 90), center, sp_ * 0.46, max(1, int(sp_ / 20)))
    link_w = max(1, round(sp_ / 28))
    for link in board.links:
        a, b = geom.pos[link.a], geom.pos[link.b]
        sp.dashed(surf, sp.LINK, a, b, link_w, max(3, sp_ * 0.12), max(3, sp_ * 0.1))
    for o in board.overpasses:
        la = board.links[o.links[0]]
        a, b = geom.pos[la.a], geom.pos[la.b]
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        sp.draw_overpass(surf, geom.point(o.col, o.row), sp_ * 0.2, angle)
    for s in board.stations:
        _paint_station(surf, s, geom.pos[s.index], geom.radius, mini)
    pygame.draw.rect(surf, sp.PAPER_LINE, surf.get_rect(), 2)
    return sp.fast(surf, alpha=False)


def _paint_station(surf: pygame.Surface, s, p: tuple[float, float], r: float, mini: bool) -> None:
    """One station symbol (departures filled with their pencil colour)."""
    edge = max(1, round(r / 5))
    if s.platform:
        sp.draw_platform(surf, p, r * 1.1)
    elif s.monument:
        sp.draw_monument(surf, p, r * 1.05)
    elif s.departure >= 0:
        color = sp.pencil_rgb(COLORS[s.departure])
        sp.draw_shape(surf, s.shape, p, r * 1.15, color, sp.INK, edge + 1)
    else:
        sp.draw_shape(surf, s.shape, p, r, (255, 255, 255), sp.INK, edge)


@dataclass(slots=True)
class SeatScore:
    """What a seat's score zone shows: per round (colour, districts, stations, monuments, line),
    then overpasses, interchanges, objectives and the total."""

    rounds: list[tuple | None] = field(default_factory=list)
    overpasses: int = 0
    interchanges: int = 0
    objectives: int = 0
    total: int = 0


# == the renderer ==================================================================================
class NSPRenderer:
    """Draws every seat's sheet and the revealed card; animates strokes, flips and scores."""

    SOUND_CUES = SOUND_CUES  # event sounds timed to these animations (read by the GameScene)

    def __init__(self, rules: Any, config: Config, seat_names: Sequence[str]) -> None:
        """Lay the sheets out (every seat big until `set_humans` says who plays)."""
        self.rules = rules
        self.board: Board = rules.board
        self.players = config.players
        self.modules = any(config.option(m, False) for m in MODULES)
        extra = range(len(seat_names), config.players)
        self.names = list(seat_names) + [f"P{i + 1}" for i in extra]
        self._view: Any = None
        self._timeline = Timeline()  # a stroke's tween has its seat; flips and counts are shared
        self._time = 0.0
        self._holds: Counter = Counter()
        self._score_hold: dict[tuple[int, int], float] = {}
        self._keys: dict[Any, Any] = {}
        self._geoms: dict[int, MapGeom] = {}
        self._statics: dict[tuple[int, bool], pygame.Surface] = {}
        self._line_scores: dict[Line, Any] = {}
        self._scores: tuple[Any, tuple] = (None, ())  # (view, rules.scores(view)) of the last refresh
        self._met: tuple[Any, list] = (None, [])  # (view, objectives met) of the last refresh
        self._scores_due = False  # score rows may have changed and wait to be repainted
        self._score_turn = 0  # the seat whose score rows are checked first (round-robin)
        self.set_humans(tuple(range(self.players)) if self.players <= 4 else (0,))

    # -- layout -----------------------------------------------------------------------------------
    def set_humans(self, humans: Sequence[int]) -> None:
        """Choose the layout for these human seats and pre-render its static layers."""
        self.humans = tuple(h for h in humans if 0 <= h < self.players)
        self.layout = make_layout(self.players, self.humans, self.modules)
        self._base = self._build_base()
        self._layer = self._base.copy()
        self._keys = {}
        self._targets = {seat: self._seat_targets(seat) for seat in self.layout.seats}
        self._warm()
        if self._view is not None:
            self._refresh(at_once=True)

    def _warm(self) -> None:
        """Render now the sprites a game needs later, so their first use never costs a frame
        (loading a font size alone takes a few milliseconds)."""
        card = self.layout.card
        for c in self.board.cards:
            sp.card_face(c.symbol, c.metro, card.w, card.h)
        sp.card_face("branch", False, card.w * 2 // 5, round(card.w * 2 // 5 * 1.4))
        sp.card_back(card.w, card.h)
        for area in self.layout.seats.values():
            geom = self.geom(area.map.w)
            if not area.mini:
                for width in (3, 4, 5):
                    _ring_sprite(round(geom.radius * 1.55), width)
                if geom.spacing >= 40:
                    for n in (2, 3, 4):
                        _badge(n, max(20, round(geom.spacing * 0.3)))
        for size, bold in ((theme.SMALL_SIZE, False), (theme.SMALL_SIZE, True),
                           (theme.BODY_SIZE, True), (theme.HEADING_SIZE, True)):
            theme.font(size, bold)

    def geom(self, size: int) -> MapGeom:
        """The (cached) geometry of a map of this size."""
        if size not in self._geoms:
            self._geoms[size] = make_geom(self.board, size)
        return self._geoms[size]

    def _static(self, size: int, mini: bool) -> pygame.Surface:
        key = (size, mini)
        if key not in self._statics:  # maps of one size share one pre-rendered sheet
            self._statics[key] = paint_map(self.board, self.geom(size), mini)
        return self._statics[key]

    def _build_base(self) -> pygame.Surface:
        """Background, panels and empty sheets: drawn once per layout."""
        surf = pygame.Surface(BOARD_RECT.size)
        surf.fill(theme.BACKGROUND)
        lay = self.layout
        pygame.draw.rect(surf, theme.PANEL, lay.column, border_radius=18)
        for area in lay.seats.values():
            pygame.draw.rect(surf, theme.PANEL, area.area, border_radius=16)
            frame = area.map.inflate(8, 8)
            pygame.draw.rect(surf, _color(area.seat), frame, border_radius=10)
            surf.blit(self._static(area.map.w, area.mini), area.map)
        return sp.fast(surf, alpha=False)

    def _seat_targets(self, seat: int) -> dict[Target, pygame.Rect]:
        area = self.layout.seats.get(seat)
        if area is None:
            return {}
        geom = self.geom(area.map.w)
        side = round(geom.spacing * 0.72)  # >= 30 px on every person's map
        out: dict[Target, pygame.Rect] = {}
        for s in self.board.stations:
            x, y = geom.pos[s.index]
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(area.map.x + x), round(area.map.y + y))
            out[("station", s.index)] = rect
        return out

    def station_center(self, seat: int, station: int) -> tuple[float, float]:
        """Screen position of a station on a seat's map."""
        area = self.layout.seats[seat]
        x, y = self.geom(area.map.w).pos[station]
        return (area.map.x + x, area.map.y + y)

    # -- the BoardRenderer protocol -----------------------------------------------------------------
    def reset(self, view: Any, viewer: int | None) -> None:
        """Show this view now; running animations are dropped."""
        self._timeline.clear()
        self._view = view
        self._keys = {}
        self._refresh(at_once=True)

    def animate(self, events: Sequence[Event], view: Any, viewer: int | None) -> None:
        """Queue strokes, flips and score count-ups for what changed; end on `view`."""
        old = self._view
        self._view = view
        if old is None or old.players != view.players or _rewound(old, view):
            self.reset(view, viewer)
            return
        shared_end = self._timeline.shared_tail()
        new_round = view.round != old.round or len(view.lines[0]) != len(old.lines[0])
        strokes_end = shared_end
        for seat in range(self.players):
            strokes_end = max(strokes_end, self._stroke_tweens(old, view, seat, shared_end))
        at = strokes_end if (new_round or _new_cards(old, view)) else shared_end
        if new_round or view.phase != old.phase:
            at = self._count_tweens(old, view, at)
        self._flip_tweens(old, view, at)
        self._refresh()

    def busy(self) -> bool:
        """True while any tween runs or waits, or score boxes still wait to be repainted."""
        return bool(self._timeline) or self._scores_due

    def seat_busy(self, seat: int) -> bool:
        """True while a shared animation or this seat's own stroke runs."""
        return any(tw.seat is None or tw.seat == seat for tw in self._timeline)

    def update(self, dt: float) -> None:
        """Advance the timeline; finished tweens release what they held back."""
        self._time += dt
        tweens = len(self._timeline.tweens)
        # An ended tween releases a hold; a running count-up shows a new number every frame.
        if self._timeline.update(dt) and (len(self._timeline.tweens) != tweens
                                          or self._score_hold):
            self._refresh()
        if self._scores_due:  # a few rows a frame (a round's end changes some twenty)
            self._paint_scores(SCORE_ROWS_PER_FRAME)

    def targets(self) -> dict[Target, pygame.Rect]:
        """Targets of the first human seat's map (the single-prompt view of the contract)."""
        seat = self.humans[0] if self.humans else 0
        return self.seat_targets(seat)

    def seat_targets(self, seat: int) -> dict[Target, pygame.Rect]:
        """Every station on that seat's own map (built once per layout: read it, never change
        it; the shell asks several times a frame per seat, so it is not copied)."""
        return self._targets.get(seat, {})

    def seat_bar(self, seat: int) -> pygame.Rect:
        """The strip under (or beside) a seat's map where the shell draws its prompt."""
        area = self.layout.seats.get(seat)
        return area.strip.copy() if area else pygame.Rect(0, 936, 600, 56)

    def draw(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None) -> None:
        """The single-prompt form of `draw_seats`."""
        prompts = {prompt.player: prompt} if prompt is not None else {}
        focus_by_seat = {prompt.player: focus} if prompt is not None else {}
        self.draw_seats(canvas, focus_by_seat, prompts)

    def draw_seats(self, canvas: pygame.Surface, focus_by_seat: dict[int, Target | None],
                   prompts: dict[int, Prompt]) -> None:
        """Every sheet; each seat's options ringed and its focused segment previewed."""
        canvas.blit(self._layer, BOARD_RECT)
        if self._view is None:
            return
        pulse = 0.5 + 0.5 * math.sin(self._time * 5)
        for seat, prompt in prompts.items():
            if seat in self.layout.seats and not self.layout.seats[seat].mini:
                self._draw_options(canvas, seat, prompt, pulse)
                self._draw_goal(canvas, seat, prompt)
                self._draw_preview(canvas, seat, prompt, focus_by_seat.get(seat))
        self._timeline.paint(canvas)  # every seat's strokes: each paints on its own map

    # -- state bookkeeping -----------------------------------------------------------------------
    def _refresh(self, at_once: bool = False) -> None:
        """Recompute holds, then repaint the layer regions whose content changed (score rows
        on the next frames, unless `at_once`)."""
        score_hold: dict[tuple[int, int], float] = {}
        for tw in self._timeline:
            if tw.tag is not None:  # (seat, box) pairs counting up: the fraction still to come
                left = 1.0 - tw.progress(self._timeline.clock)  # 1.0 while still queued
                score_hold.update(dict.fromkeys(tw.tag, left))
        self._holds, self._score_hold = self._timeline.holds(), score_hold
        view = self._view
        if view is None:
            return
        for area in self.layout.seats.values():
            self._refresh_map(view, area)  # at once: a finished stroke must never blink
        self._refresh_column(view)  # at once: so must a card that has just turned over
        if self.layout.modules is not None and view.modules:
            self._repaint("modules", (view.modules, view.objectives, view.gates,
                                      tuple(self._objectives_met(view))), self._paint_modules)
        # Score rows can wait a frame or two: update() repaints a few of them per frame.
        self._scores_due = True
        if at_once:
            self._paint_scores(None)

    def _repaint(self, region: Any, key: Any, paint: Callable[[], None]) -> None:
        if self._keys.get(region) != key:
            self._keys[region] = key
            paint()

    def _restore(self, rect: pygame.Rect) -> None:
        self._layer.blit(self._base, rect, rect)

    def _shown_links(self, view: Any, seat: int) -> list[tuple[int, tuple[int, ...]]]:
        """Per line: (colour, links already drawn on screen), strokes in flight held back."""
        out = []
        for r, line in enumerate(view.lines[seat]):
            links = tuple(lk for lk in line.links if ("link", seat, r, lk) not in self._holds)
            out.append((line.color, links))
        return out

    def _refresh_map(self, view: Any, area: SeatArea) -> None:
        """Repaint a seat's pencil work when it changed: a finished stroke adds just itself."""
        seat = area.seat
        shown = tuple(self._shown_links(view, seat))
        marks = tuple((ln.double_station, ln.double_district) for ln in view.lines[seat])
        key = (shown, marks, view.modules)
        old = self._keys.get(("map", seat))
        if old == key:
            return
        self._keys[("map", seat)] = key
        if old is not None and old[2] == key[2] and _grown(old[0], shown) and _marked(old[1],
                                                                                     marks):
            self._paint_lines(area, old[0])  # a few new strokes (and the marks over them)
        else:
            self._paint_lines(area)

    # -- painting the layer -------------------------------------------------------------------------
    def _paint_lines(self, area: SeatArea, since: tuple | None = None) -> None:
        """A seat's pencil lines, used overpasses and interchanges over its empty sheet.

        With `since` (the links already on the layer, a prefix of each line's shown links) only
        the newer strokes are added; the marks are drawn again over them (they cover themselves
        exactly), so the result is the same as a full repaint at a fraction of the cost.
        """
        if since is None:
            self._restore(area.map)
        view, seat = self._view, area.seat
        geom = self.geom(area.map.w)
        ox, oy = area.map.topleft
        width = max(3, round(geom.spacing * (0.13 if area.mini else 0.15)))
        shown = self._shown_links(view, seat)
        lines = view.lines[seat]
        used = 0
        for r, ((color, links), line) in enumerate(zip(shown, lines)):
            rgb = sp.pencil_rgb(COLORS[color])
            done = len(since[r][1]) if since is not None and r < len(since) else 0
            for k, lk in enumerate(links):
                used |= 1 << lk
                if k < done:
                    continue
                a, b = self._oriented(line, lk)
                pa, pb = geom.pos[a], geom.pos[b]
                sp.pencil_stroke(self._layer, rgb, (ox + pa[0], oy + pa[1]),
                                 (ox + pb[0], oy + pb[1]), width, lk * 7 + color)
        self._paint_overpasses(area, geom, used)
        self._paint_interchanges(area, geom, shown, lines)
        self._paint_bonuses(area, geom, lines)

    def _oriented(self, line: Line, link: int) -> tuple[int, int]:
        """A link's ends in drawing order (the station reached first comes first)."""
        lk = self.board.links[link]
        order = {st: i for i, st in enumerate(line.stations)}
        a, b = lk.a, lk.b
        return (a, b) if order.get(a, 99) <= order.get(b, 99) else (b, a)

    def _paint_overpasses(self, area: SeatArea, geom: MapGeom, used: int) -> None:
        """Used overpasses: a dark bridge over the line, doubled when both links are drawn."""
        ox, oy = area.map.topleft
        for o, n in zip(self.board.overpasses, overpass_uses(self.board, used)):
            if not n:
                continue
            x, y = geom.point(o.col, o.row)
            r = geom.spacing * 0.2
            la = self.board.links[o.links[0]]
            a, b = geom.pos[la.a], geom.pos[la.b]
            angle = math.atan2(b[1] - a[1], b[0] - a[0])
            sp.draw_overpass(self._layer, (ox + x, oy + y), r * 1.15, angle)
            if n == 2:
                sp.draw_overpass(self._layer, (ox + x, oy + y), r * 1.15, angle + math.pi / 2)

    def _paint_interchanges(self, area: SeatArea, geom: MapGeom, shown: list,
                            lines: Sequence[Line]) -> None:
        """Stations on two or more lines: a white ring, the number of lines beside it."""
        drawn = []
        for (color, links), line in zip(shown, lines):
            if len(links) != len(line.links):  # a line still being stroked counts when done
                keep = {line.stations[0]}
                for lk in links:
                    keep.update((self.board.links[lk].a, self.board.links[lk].b))
                line = Line(color, tuple(st for st in line.stations if st in keep), (), (), 0)
            drawn.append(line)
        ox, oy = area.map.topleft
        r = geom.radius * 1.25
        for st, n in interchange_counts(tuple(drawn)).items():
            x, y = geom.pos[st]
            sp.interchange_mark(self._layer, (ox + x, oy + y), r, n)
            if not area.mini and geom.spacing >= 40:
                badge = _badge(n, max(20, round(geom.spacing * 0.3)))
                self._layer.blit(badge, badge.get_rect(center=(round(ox + x + r * 1.05),
                                                               round(oy + y - r * 1.05))))

    def _paint_bonuses(self, area: SeatArea, geom: MapGeom, lines: Sequence[Line]) -> None:
        """City gates ringed in red; a doubled station or corner dotted in its line's colour."""
        view = self._view
        ox, oy = area.map.topleft
        if "gates" in view.modules:
            for corner in self.board.gate_corners:
                x, y = geom.pos[corner]
                pygame.draw.circle(self._layer, GATE, (ox + x, oy + y), geom.spacing * 0.45,
                                   max(2, round(geom.spacing / 14)))
        for line in lines:
            rgb = sp.pencil_rgb(COLORS[line.color])
            marks = [st for st in (line.double_station,) if st != NONE]
            marks += [d.stations[0] for d in self.board.districts
                      if d.index == line.double_district and d.stations]
            for st in marks:
                x, y = geom.pos[st]
                _dotted_ring(self._layer, rgb, (ox + x, oy + y), geom.spacing * 0.4,
                             max(2, round(geom.spacing / 16)))

    # -- the score zone ---------------------------------------------------------------------------
    def _seat_score(self, view: Any, seat: int) -> SeatScore:
        """Everything the score zone shows, from the rules' own scoring functions."""
        out = SeatScore()
        lines = view.lines[seat]
        finished = len(lines) if view.phase == "over" else len(lines) - 1
        for r in range(ROUNDS):
            if r < len(lines) and r < finished:
                s = self._line_score(lines[r])
                out.rounds.append((lines[r].color, s.districts, s.stations, s.monuments,
                                   s.points))
            elif r < len(lines) and len(lines[r].stations) > 1:
                s = self._line_score(lines[r])  # the line so far, shown dimmed
                out.rounds.append((lines[r].color, s.districts, s.stations, s.monuments,
                                   s.points, LIVE))
            elif r < len(lines):
                out.rounds.append((lines[r].color, -1, -1, -1, -1))
            else:
                out.rounds.append(None)
        breakdown = self._breakdowns(view)[seat]
        out.overpasses = breakdown.get("overpasses", 0)
        out.interchanges = breakdown.get("interchanges", 0)
        out.objectives = breakdown.get("objectives", 0)
        out.total = sum(breakdown.values())
        return out

    def _breakdowns(self, view: Any) -> tuple:
        """rules.scores(view), computed once per view (every region of a refresh reads it)."""
        if self._scores[0] is not view:
            self._scores = (view, self.rules.scores(view))
        return self._scores[1]

    def _line_score(self, line: Line) -> Any:
        """score_line, memoised: a finished line never changes."""
        score = self._line_scores.get(line)
        if score is None:
            if len(self._line_scores) > 256:
                self._line_scores.clear()
            score = self._line_scores[line] = score_line(self.board, line)
        return score

    def _held(self, seat: int, box: int, value: int) -> int:
        """A box's value while it counts up (box: round index, or 4 for the totals)."""
        h = self._score_hold.get((seat, box))
        return value if h is None else round(value * (1.0 - h))

    def _shown_score(self, seat: int, score: SeatScore) -> SeatScore:
        """The score as on screen now: boxes that are counting up show their current value."""
        rounds: list[tuple | None] = []
        for r, row in enumerate(score.rounds):
            if row is None or (seat, r) not in self._score_hold:
                rounds.append(row)
            else:
                values = tuple(v if v < 0 else self._held(seat, r, v) for v in row[1:5])
                rounds.append((row[0], *values, *row[5:]))
        return SeatScore(rounds, self._held(seat, 4, score.overpasses),
                         self._held(seat, 4, score.interchanges),
                         self._held(seat, 4, score.objectives), self._held(seat, 4, score.total))

    def _paint_scores(self, budget: int | None) -> None:
        """Repaint the score rows whose numbers changed, at most `budget` of them (None: all);
        the seats take turns to go first, so a long count-up moves on every sheet. With a
        budget, a seat whose pencil is still drawing waits: its line's score changes when the
        stroke lands, not in the frame of the answer (which already has the most to do)."""
        view = self._view
        seats = list(self.layout.seats.values())
        if view is None or not seats:
            self._scores_due = False
            return
        drawing = {tw.seat for tw in self._timeline if tw.seat is not None} if budget else set()
        objectives = "objectives" in view.modules
        current = view.round if view.phase != "over" else -1  # the round column to highlight
        painted = 0
        for k in range(len(seats)):
            turn = (self._score_turn + k) % len(seats)
            area = seats[turn]
            if area.seat in drawing:
                continue
            score = self._shown_score(area.seat, self._seat_score(view, area.seat))
            for n, (rect, key, paint) in enumerate(self._score_rows(area, score, current,
                                                                    objectives)):
                region = ("score", area.seat, n)
                if self._keys.get(region) == (rect, key):
                    continue
                if budget is not None and painted >= budget:
                    self._score_turn = turn  # this sheet goes first next frame
                    return
                self._keys[region] = (rect, key)
                self._restore(rect)
                clip = self._layer.get_clip()
                self._layer.set_clip(rect)
                paint()
                self._layer.set_clip(clip)
                painted += 1
        self._score_turn = (self._score_turn + 1) % len(seats)
        self._scores_due = bool(drawing)  # the drawing seats' turn comes when they finish

    def _score_rows(self, area: SeatArea, score: SeatScore, current: int, objectives: bool
                    ) -> list[tuple[pygame.Rect, tuple, Callable[[], None]]]:
        """(rect, content key, painter) of each part of a seat's score zone."""
        rect, seat = area.score, area.seat
        bonus = [("bridge", score.overpasses), ("ring", score.interchanges)]
        if objectives:
            bonus.append(("star", score.objectives))
        name = self.names[seat]
        if area.mini:
            return [(rect, (name, score.total, tuple(score.rounds)),
                     lambda: self._paint_mini_score(area, score))]
        rows: list[tuple[pygame.Rect, tuple, Callable[[], None]]] = []
        if area.wide:  # under a tall map: a header, then one column per round and the bonuses
            head = pygame.Rect(rect.x + 16, rect.y + 4, rect.w - 32, 60)
            rows.append((pygame.Rect(rect.x, rect.y, rect.w, 68), (name, score.total),
                         lambda: self._score_header(head, seat, score.total)))
            w = (rect.w - 32) // (ROUNDS + 1)
            y = rect.y + 70
            h = rect.bottom - y - 8
            for r in range(ROUNDS):
                cell = pygame.Rect(rect.x + 16 + r * w, y, w - 10, h)
                row = score.rounds[r]
                rows.append((cell, (row, r == current),
                             lambda c=cell, row=row, now=r == current: self._round_cell(c, row,
                                                                                         now)))
            cell = pygame.Rect(rect.x + 16 + ROUNDS * w, y, w - 10, h)
            rows.append((cell, tuple(bonus), lambda: self._bonus_cell(cell, bonus)))
            return rows
        count = ROUNDS + 2
        row_h = min(76, rect.h // count)
        top = rect.y + (rect.h - count * row_h) // 2
        band = [pygame.Rect(rect.x, top + k * row_h, rect.w, row_h) for k in range(count)]
        inner = [b.inflate(-20, 0) for b in band]
        box_w = min(64, (rect.w - 20 - 34 - 3 * 22 - 24) // 4)
        rows.append((band[0], (name, score.total),
                     lambda: self._score_header(inner[0], seat, score.total)))
        for r in range(ROUNDS):
            row = score.rounds[r]
            rows.append((band[r + 1], (row, r == current),
                         lambda b=inner[r + 1], row=row, now=r == current:
                         self._round_row(b, row, now, box_w)))
        rows.append((band[-1], tuple(bonus), lambda: self._bonus_row(inner[-1], bonus)))
        return rows

    def _score_header(self, rect: pygame.Rect, seat: int, total: int) -> None:
        num = theme.text(str(total), theme.HEADING_SIZE, theme.TEXT, True)
        num_rect = num.get_rect(midright=(rect.right - 4, rect.centery))
        self._layer.blit(num, num_rect)
        name = sp.fit_text(self.names[seat], theme.BODY_SIZE, num_rect.x - rect.x - 16,
                           _color(seat), True)
        self._layer.blit(name, name.get_rect(midleft=(rect.x + 4, rect.centery)))

    def _round_row(self, rect: pygame.Rect, row: tuple | None, current: bool,
                   box_w: int) -> None:
        """Swatch, districts × stations + monuments = line points."""
        h = min(rect.h - 12, 54)
        cy = rect.centery
        color = sp.pencil_rgb(COLORS[row[0]]) if row else theme.PANEL_LIGHT
        swatch = pygame.Rect(rect.x, cy - h // 2, 26, h)
        pygame.draw.rect(self._layer, color, swatch, border_radius=8)
        if row is not None and current:
            pygame.draw.rect(self._layer, theme.FOCUS, swatch.inflate(6, 6), 3, border_radius=10)
        values = list(row[1:5]) if row else [-1] * 4
        live = row is not None and row[-1] == LIVE
        x = swatch.right + 10
        for k, (value, op) in enumerate(zip(values, ("×", "+", "=", ""))):
            w = box_w + (12 if k == 3 else 0)
            box = pygame.Rect(x, cy - h // 2, w, h)
            self._layer.blit(_box_sprite(w, h, value, k == 3, live), box)
            x = box.right
            if op:
                sym = theme.text(op, theme.SMALL_SIZE, theme.TEXT_DIM, True)
                self._layer.blit(sym, sym.get_rect(center=(x + 11, cy)))
                x += 22

    def _bonus_row(self, rect: pygame.Rect, items: list[tuple[str, int]]) -> None:
        """Overpasses, interchanges and objectives: icon and points each."""
        w = rect.w // len(items)
        for k, (icon, value) in enumerate(items):
            cell = pygame.Rect(rect.x + k * w, rect.y, w, rect.h)
            _icon(self._layer, icon, (cell.x + 22, cell.centery), 16)
            num = theme.text(str(value), theme.BODY_SIZE, theme.TEXT, True)
            self._layer.blit(num, num.get_rect(midleft=(cell.x + 48, cell.centery)))

    def _bonus_cell(self, cell: pygame.Rect, items: list[tuple[str, int]]) -> None:
        """The bonuses as the last column of a wide score zone."""
        pygame.draw.rect(self._layer, theme.PANEL_LIGHT, cell, border_radius=10)
        step = cell.h // len(items)
        for k, (icon, value) in enumerate(items):
            cy = cell.y + step * k + step // 2
            _icon(self._layer, icon, (cell.x + 26, cy), 14)
            num = theme.text(str(value), theme.SMALL_SIZE, theme.TEXT, True)
            self._layer.blit(num, num.get_rect(midleft=(cell.x + 50, cy)))

    def _round_cell(self, cell: pygame.Rect, row: tuple | None, current: bool) -> None:
        """One round as a column: a colour band, 'D×S+M' and the line's points in a box."""
        color = sp.pencil_rgb(COLORS[row[0]]) if row else theme.PANEL_LIGHT
        pygame.draw.rect(self._layer, theme.BACKGROUND, cell, border_radius=10)
        band = pygame.Rect(cell.x, cell.y, cell.w, 14)
        pygame.draw.rect(self._layer, color, band, border_top_left_radius=10,
                         border_top_right_radius=10)
        if row is not None and current:
            pygame.draw.rect(self._layer, theme.FOCUS, cell, 3, border_radius=10)
        if row is None or row[1] < 0:
            return
        d, s, m, pts = row[1:5]
        formula = theme.text(f"{d}×{s}+{m}", theme.SMALL_SIZE, theme.TEXT_DIM, True)
        self._layer.blit(formula, formula.get_rect(midtop=(cell.centerx, band.bottom + 6)))
        box = pygame.Rect(0, 0, cell.w - 24, cell.bottom - band.bottom - 56)
        box.midbottom = (cell.centerx, cell.bottom - 8)
        self._layer.blit(_box_sprite(box.w, box.h, pts, True, row[-1] == LIVE), box)

    def _paint_mini_score(self, area: SeatArea, score: SeatScore) -> None:
        """A bot's numbers: name, total, and each round's line points."""
        rect, seat = area.score, area.seat
        wide = rect.w >= 400  # under a tall map: name and total on one line, rounds in a row
        total = theme.text(str(score.total), theme.HEADING_SIZE, theme.TEXT, True)
        room = rect.w - 8 - (total.get_width() + 16 if wide else 0)
        name = sp.fit_text(self.names[seat], theme.SMALL_SIZE, room, _color(seat), True)
        self._layer.blit(name, (rect.x + 4, rect.y + 10))
        if wide:
            self._layer.blit(total, total.get_rect(topright=(rect.right - 8, rect.y)))
            top, cols = rect.y + 76, ROUNDS
        else:
            self._layer.blit(total, (rect.x + 4, rect.y + 46))
            top = rect.y + 112
            cols = 2 if rect.bottom - top < 4 * 34 else 1  # short panels: the rounds 2 by 2
        for r, row in enumerate(score.rounds):
            col, line = r % cols, r // cols
            x, y = rect.x + 4 + col * (rect.w // cols), top + line * 36
            color = sp.pencil_rgb(COLORS[row[0]]) if row else theme.PANEL_LIGHT
            pygame.draw.rect(self._layer, color, pygame.Rect(x, y + 4, 18, 26), border_radius=5)
            value = row[4] if row and row[4] >= 0 and row[-1] != LIVE else None
            num = theme.text("-" if value is None else str(value), theme.SMALL_SIZE, theme.TEXT,
                             True)
            self._layer.blit(num, (x + 26, y + 2))

    # -- the card column ------------------------------------------------------------------------
    def _refresh_column(self, view: Any) -> None:
        """The column's three parts, each repainted only when what it shows changed."""
        self._repaint("header", (view.round, self._deck_left(view)), self._paint_header)
        self._repaint("card", (self._shown_card(view), self._branch_shown(view)),
                      self._paint_card)
        self._repaint("pips", view.metros - self._held_metros(), self._paint_pips)

    def _branch_shown(self, view: Any) -> bool:
        """The branch card came before the card on the table (its flip has finished)."""
        shown = self._shown_card(view)
        if shown == NONE or shown not in view.revealed:
            return False
        k = view.revealed.index(shown)
        return k > 0 and self.board.cards[view.revealed[k - 1]].symbol == "branch"

    def _held_cards(self) -> int:
        return sum(1 for h in self._holds if h[0] == "card")

    def _held_metros(self) -> int:
        return sum(1 for h in self._holds if h[0] == "card" and h[2])

    def _shown_card(self, view: Any) -> int:
        """The card face on the table: the newest one whose flip has finished."""
        shown = [c for c in view.revealed if ("card", c, self.board.cards[c].metro)
                 not in self._holds]
        if view.card != NONE and view.card in shown:
            return view.card
        return shown[-1] if shown else NONE

    def _deck_left(self, view: Any) -> int:
        return len(self.board.cards) - len(view.revealed) + self._held_cards()

    def _paint_header(self) -> None:
        """Round number and the cards left in the deck."""
        header, view = self.layout.header, self._view
        self._restore(header)
        rnd = min(view.round + 1, ROUNDS)
        title = theme.text(t("round", n=rnd, total=ROUNDS), theme.BODY_SIZE, theme.TEXT, True)
        self._layer.blit(title, title.get_rect(midtop=(header.centerx, header.y + 6)))
        back = sp.card_back(34, 48)
        left = self._deck_left(view)
        words = {0: t("deck_none"), 1: t("deck_one")}.get(left) or t("deck", count=left)
        deck = theme.text(words, theme.SMALL_SIZE, theme.TEXT_DIM)
        w = back.get_width() + 12 + deck.get_width()
        x = header.centerx - w // 2
        self._layer.blit(back, (x, header.y + 52))
        self._layer.blit(deck, deck.get_rect(midleft=(x + back.get_width() + 12,
                                                      header.y + 76)))

    def _paint_card(self) -> None:
        """The revealed card (the branch tucked beside it when it came first) and its name."""
        lay, view = self.layout, self._view
        name_rect = lay.name or lay.card
        band = pygame.Rect(lay.column.x, lay.header.bottom, lay.column.w,
                           name_rect.bottom - lay.header.bottom)
        self._restore(band)
        card = self._shown_card(view)
        if card == NONE:
            self._layer.blit(sp.card_back(lay.card.w, lay.card.h), lay.card)
            return
        c = self.board.cards[card]
        self._layer.blit(sp.card_face(c.symbol, c.metro, lay.card.w, lay.card.h), lay.card)
        if lay.name is not None:  # what the card is, in words, for everyone at once
            name = sp.fit_text(t(f"card.{c.symbol}"), theme.SMALL_SIZE, lay.name.w - 16,
                               theme.TEXT, True)
            self._layer.blit(name, name.get_rect(center=lay.name.center))
        if self._branch_shown(view):
            # branch + this card: the branch sits tucked in at the lower left, its name on a
            # plate over the card's bottom band (clear of the big symbol)
            w = lay.card.w * 2 // 5
            branch = sp.card_face("branch", False, w, round(w * 1.4))
            spot = branch.get_rect(bottomleft=(max(lay.column.x + 6, lay.card.x - w),
                                               lay.card.bottom - 36))
            self._layer.blit(branch, spot)
            label = theme.text(t("branch"), theme.SMALL_SIZE, theme.TEXT, True)
            plate = label.get_rect(topleft=(spot.x + 6, spot.bottom + 3)).inflate(12, 2)
            pygame.draw.rect(self._layer, sp.INK, plate, border_radius=8)
            self._layer.blit(label, label.get_rect(center=plate.center))

    def _paint_pips(self) -> None:
        """Five Metro pips: the round ends with the fifth Metro card."""
        pips, view = self.layout.pips, self._view
        self._restore(pips)
        metros = view.metros - self._held_metros()
        need = self.board.scoring.get("metro_cards_per_round", 5)
        label = theme.text(t("metro"), theme.SMALL_SIZE, theme.TEXT_DIM)
        gap, r = 40, 14
        w = label.get_width() + 16 + need * gap
        x = pips.centerx - w // 2
        self._layer.blit(label, label.get_rect(midleft=(x, pips.centery)))
        x += label.get_width() + 16 + r
        for k in range(need):
            center = (x + k * gap, pips.centery)
            if k < metros:
                pygame.draw.circle(self._layer, sp.METRO_BG, center, r)
                pygame.draw.circle(self._layer, sp.METRO_EDGE, center, r, 4)
            else:
                pygame.draw.circle(self._layer, theme.TEXT_DIM, center, r, 3)

    # -- the advanced modules -------------------------------------------------------------------
    def _objectives_met(self, view: Any) -> list[tuple[int, ...]]:
        """Per objective in play, the seats that meet it now (computed once per view)."""
        if self._met[0] is view:
            return self._met[1]
        out = []
        for o in view.objectives:
            obj = self.board.objectives[o]
            out.append(tuple(s for s in range(self.players)
                             if objective_met(self.board, obj, view.lines[s], view.used[s])))
        self._met = (view, out)
        return out

    def _paint_modules(self) -> None:
        """Shared objectives (with who meets them) and the bonus of each city gate."""
        rect, view = self.layout.modules, self._view
        self._restore(rect)
        box = rect.inflate(-6, -6)
        pygame.draw.rect(self._layer, theme.BACKGROUND, box, border_radius=14)
        y = box.y + 8
        width = box.w - 20
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        if view.objectives:
            y = self._heading(t("objectives", points=self.board.objective_points), box, y)
            for o, seats in zip(view.objectives, self._objectives_met(view)):
                text = t(f"objective.{self.board.objectives[o].id}")
                y, last = self._paragraph(text, box.x + 10, y, width, box.bottom)
                dots = 26 * len(seats)
                if seats and last + 12 + dots > width:  # no room after the text: a row of its own
                    y += 28
                for k, seat in enumerate(seats):  # a dot per seat meeting it, right-aligned
                    pygame.draw.circle(self._layer, _color(seat),
                                       (box.right - 22 - k * 26, y - line_h // 2), 10)
                y += 6
        if view.gates and y + line_h * 2 < box.bottom:
            y = self._heading(t("gates"), box, y + 2)
            for corner, bonus in zip(self.board.gate_corners, view.gates):
                if y + line_h > box.bottom:
                    break
                s = self.board.stations[corner]
                _corner_glyph(self._layer, pygame.Rect(box.x + 10, y + 4, 26, 26),
                              s.col > 4.5, s.row > 4.5)
                name = sp.fit_text(t(f"bonus.{self.board.bonuses[bonus]}"), theme.SMALL_SIZE,
                                   width - 40, theme.TEXT)
                self._layer.blit(name, (box.x + 50, y))
                y += line_h

    def _heading(self, text: str, box: pygame.Rect, y: int) -> int:
        img = sp.fit_text(text, theme.SMALL_SIZE, box.w - 20, theme.ACCENT, True)
        self._layer.blit(img, (box.x + 10, y))
        return y + img.get_height() + 2

    def _paragraph(self, text: str, x: int, y: int, width: int, bottom: int) -> tuple[int, int]:
        """Wrapped small text; returns the y under it and its last line's width (stops at
        `bottom`)."""
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        last = 0
        for line in wrap(text, theme.SMALL_SIZE, width):
            if y + line_h > bottom:
                break
            img = theme.text(line, theme.SMALL_SIZE, theme.TEXT)
            self._layer.blit(img, (x, y))
            y += line_h
            last = img.get_width()
        return y, last

    # -- per-frame overlays ---------------------------------------------------------------------
    def _draw_options(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                      pulse: float) -> None:
        """Ring every station this seat may draw to now."""
        targets = self._targets.get(seat, {})
        geom = self.geom(self.layout.seats[seat].map.w)
        ring = _ring_sprite(round(geom.radius * 1.55), 3 + round(2 * pulse))
        for o in prompt.options:
            rect = targets.get(o.target) if o.target is not None else None
            if rect is not None:
                canvas.blit(ring, ring.get_rect(center=rect.center))

    def _draw_goal(self, canvas: pygame.Surface, seat: int, prompt: Prompt) -> None:
        """"Where does this segment start?": the station it goes to wears a pencil-coloured
        target, so the question needs no station name."""
        if prompt.kind != "start" or not prompt.options:
            return
        action = prompt.options[0].action
        if not isinstance(action, tuple) or len(action) != 3 or not self._view.lines[seat]:
            return
        geom = self.geom(self.layout.seats[seat].map.w)
        color = sp.pencil_rgb(COLORS[self._view.lines[seat][-1].color])
        sprite = _goal_sprite(round(geom.radius * 1.7), color)
        center = self.station_center(seat, action[2])
        canvas.blit(sprite, sprite.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_preview(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                      focus: Target | None) -> None:
        """The focused segment before it is confirmed: a dashed pencil line from the line."""
        if focus is None or focus[0] != "station":
            return
        view = self._view
        station = focus[1]
        if not isinstance(station, int) or not view.lines[seat]:
            return
        geom = self.geom(self.layout.seats[seat].map.w)
        color = sp.pencil_rgb(COLORS[view.lines[seat][-1].color])
        width = max(4, round(geom.spacing * 0.12))
        for a, b in self._preview_pairs(view, seat, prompt, station):
            pa, pb = self.station_center(seat, a), self.station_center(seat, b)
            # drawn once into a sprite: a cursor rests on the same segment for many frames
            x, y = math.floor(min(pa[0], pb[0])) - width, math.floor(min(pa[1], pb[1])) - width
            sprite = _dash_sprite((pa[0] - x, pa[1] - y), (pb[0] - x, pb[1] - y), color, width)
            canvas.blit(sprite, (x, y))

    def _preview_pairs(self, view: Any, seat: int, prompt: Prompt,
                       station: int) -> list[tuple[int, int]]:
        """(from, to) pairs the focused option would draw (several when the start is open)."""
        action = _action_at(prompt, ("station", station))
        if not isinstance(action, tuple) or not action:
            return []
        if action[0] == "draw":  # ("draw", start, end): exactly this segment
            return [(action[1], action[2])]
        if action[0] != "to":
            return []
        # ("to", end): the end is reachable from several starts, asked next: show them all
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

    # -- tweens ---------------------------------------------------------------------------------
    def _stroke_tweens(self, old: Any, new: Any, seat: int, after: float) -> float:
        """A pencil stroke per new segment of this seat; returns when its strokes end."""
        start = max(after, self._timeline.tail(seat))  # after its own earlier strokes
        at = start
        area = self.layout.seats.get(seat)
        if area is None:
            return start
        geom = self.geom(area.map.w)
        width = max(3, round(geom.spacing * (0.13 if area.mini else 0.15)))
        for r, line in enumerate(new.lines[seat]):
            before = old.lines[seat][r].links if r < len(old.lines[seat]) else ()
            for lk in line.links[len(before):]:
                a, b = self._oriented(line, lk)
                paint = _stroke(sp.pencil_rgb(COLORS[line.color]),
                                self.station_center(seat, a), self.station_center(seat, b),
                                width, lk * 7 + line.color, geom.spacing * 0.5, area.mini)
                self._timeline.add(at, STROKE_TIME, paint, pytweening.easeInOutSine,
                                   (("link", seat, r, lk),), seat=seat)
                at += STROKE_TIME
        return at

    def _flip_tweens(self, old: Any, new: Any, at: float) -> None:
        """Each newly revealed card turns over on the table, one after the other."""
        fresh = list(new.revealed[len(old.revealed):]) if new.round == old.round else list(
            new.revealed)
        card = self.layout.card
        for c in fresh:
            spec = self.board.cards[c]
            face = sp.card_face(spec.symbol, spec.metro, card.w, card.h)
            back = sp.card_back(card.w, card.h)
            self._timeline.add(at, FLIP_TIME, _flip(back, face, card), pytweening.linear,
                               (("card", c, spec.metro),))
            at += FLIP_TIME + 0.08

    def _count_tweens(self, old: Any, new: Any, at: float) -> float:
        """A round just scored (or the game ended): its boxes and totals count up."""
        rounds = [r for r in range(ROUNDS) if self._newly_scored(old, new, r)]
        end = at
        for seat in range(self.players):
            boxes = tuple((seat, r) for r in (*rounds, 4))  # box 4: the bonus row and total
            self._timeline.add(at, COUNT_TIME, None, pytweening.easeOutQuad, tag=boxes)
        end = at + COUNT_TIME
        return end

    def _newly_scored(self, old: Any, new: Any, r: int) -> bool:
        def scored(view: Any) -> bool:
            n = len(view.lines[0])
            return r < n - 1 or (view.phase == "over" and r < n)
        return scored(new) and not scored(old)


# == helpers ========================================================================================
def _rewound(old: Any, new: Any) -> bool:
    """True if `new` is not a later state of `old` (undo, load): just show it."""
    if new.round < old.round:
        return True
    if new.round == old.round and len(new.revealed) < len(old.revealed):
        return True
    for a, b in zip(old.lines, new.lines):
        if len(b) < len(a) or any(len(lb.links) < len(la.links) for la, lb in zip(a, b)):
            return True
    return False


def _new_cards(old: Any, new: Any) -> bool:
    return new.round != old.round or len(new.revealed) != len(old.revealed)


def _action_at(prompt: Prompt, target: Target) -> Any:
    """The action of the prompt's option on this target (None if there is none)."""
    for o in prompt.options:
        if o.target == target:
            return o.action
    return None


def _color(seat: int) -> tuple:
    return theme.PLAYER_COLORS[seat % len(theme.PLAYER_COLORS)]


@lru_cache(maxsize=64)
def _ring_sprite(r: int, width: int) -> pygame.Surface:
    """A white option ring with a dark halo (readable on any district tint)."""
    size = 2 * (r + width + 3)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, SHADOW, c, r + width + 2, width + 4)
    pygame.draw.circle(surf, OPTION, c, r + width, width)
    return sp.fast(surf)


def _grown(old: tuple, new: tuple) -> bool:
    """True if `new` only adds lines or strokes after those of `old` (per line, a prefix)."""
    if len(new) < len(old):
        return False
    return all(c0 == c1 and l1[:len(l0)] == l0 for (c0, l0), (c1, l1) in zip(old, new))


def _marked(old: tuple, new: tuple) -> bool:
    """True if `new` only adds gate marks (a circled station, a doubled corner) to `old`."""
    return len(new) >= len(old) and all(
        n == o or (o[0] in (n[0], NONE) and o[1] in (n[1], NONE)) for o, n in zip(old, new))


@lru_cache(maxsize=512)
def _box_sprite(w: int, h: int, value: int, strong: bool, live: bool) -> pygame.Surface:
    """One score box: empty until its value is known; the line in progress is dimmed."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    box = surf.get_rect()
    fill = (250, 248, 240) if value >= 0 and not live else theme.BACKGROUND
    pygame.draw.rect(surf, fill, box, border_radius=8)
    pygame.draw.rect(surf, theme.ACCENT if strong else theme.TEXT_DIM, box, 3 if strong else 2,
                     border_radius=8)
    if value >= 0:
        txt = theme.text(str(value), theme.BODY_SIZE if strong else theme.SMALL_SIZE,
                         theme.TEXT_DIM if live else sp.INK, True)
        surf.blit(txt, txt.get_rect(center=box.center))
    return sp.fast(surf)


@lru_cache(maxsize=256)
def _dash_sprite(a: tuple[float, float], b: tuple[float, float], color: tuple,
                 width: int) -> pygame.Surface:
    """A dashed pencil segment with a dark halo from a to b (sprite coordinates)."""
    size = (math.ceil(max(a[0], b[0])) + width + 4, math.ceil(max(a[1], b[1])) + width + 4)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    sp.dashed(surf, SHADOW, a, b, width + 4, width * 2.2, width * 1.4)
    sp.dashed(surf, color, a, b, width, width * 2.2, width * 1.4)
    return sp.fast(surf)


@lru_cache(maxsize=16)
def _goal_sprite(r: int, color: tuple) -> pygame.Surface:
    """A thick ring in the line's colour with a dark halo: the end of the segment being asked."""
    width = max(4, r // 4)
    size = 2 * (r + 4)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, SHADOW, c, r + 3, width + 6)
    pygame.draw.circle(surf, color, c, r, width)
    return sp.fast(surf)


@lru_cache(maxsize=16)
def _badge(n: int, size: int) -> pygame.Surface:
    """A small dark disc with the number of lines meeting at an interchange."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, sp.INK, (size // 2, size // 2), size // 2)
    txt = theme.text(str(n), max(16, size - 8), (255, 255, 255), True)
    surf.blit(txt, txt.get_rect(center=(size // 2, size // 2 + 1)))
    return sp.fast(surf)


def _icon(surface: pygame.Surface, kind: str, center: tuple[int, int], r: int) -> None:
    """Score-zone icons: an overpass bridge, an interchange ring, an objective star."""
    if kind == "bridge":
        pygame.draw.circle(surface, (250, 248, 240), center, r + 4)
        sp.draw_overpass(surface, center, r * 0.8, 0.0)
    elif kind == "ring":
        pygame.draw.circle(surface, (250, 248, 240), center, r + 4)
        sp.interchange_mark(surface, center, r * 0.6, 2)
    else:
        cx, cy = center
        pts = []
        for i in range(10):
            rr = r * (1.0 if i % 2 == 0 else 0.45)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surface, theme.ACCENT, pts)


def _corner_glyph(surface: pygame.Surface, rect: pygame.Rect, right: bool, bottom: bool) -> None:
    """A tiny map with one corner marked: which city gate a bonus belongs to."""
    pygame.draw.rect(surface, sp.PAPER, rect, border_radius=4)
    pygame.draw.rect(surface, sp.LINK, rect, 2, border_radius=4)
    x = rect.right - 7 if right else rect.x + 7
    y = rect.bottom - 7 if bottom else rect.y + 7
    pygame.draw.circle(surface, GATE, (x, y), 6)


def _dotted_ring(surface: pygame.Surface, color, center: tuple[float, float], r: float,
                 dot: int) -> None:
    """A ring of dots: the rulebook's 'circle it with a dotted line'."""
    n = max(8, int(2 * math.pi * r / (dot * 3)))
    for i in range(n):
        a = 2 * math.pi * i / n
        pygame.draw.circle(surface, color, (center[0] + r * math.cos(a),
                                            center[1] + r * math.sin(a)), dot)


def _stroke(color, a, b, width: int, seed: int, pencil: float, mini: bool):
    """Paint: the segment is drawn like a pencil stroke, the pencil travelling with its tip."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        sp.pencil_stroke(canvas, color, a, b, width, seed, max(0.02, p))
        if not mini and p < 1.0:
            tip = (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)
            sp.pencil_tip(canvas, color, tip, a, b, max(18.0, pencil))
    return paint


def _flip(back: pygame.Surface, face: pygame.Surface, rect: pygame.Rect):
    """Paint: the card turns over (scaled horizontally), lifting a little at mid-turn."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        img = back if p < 0.5 else face
        k = abs(math.cos(math.pi * p))
        w = max(2, int(rect.w * k))
        lift = int(18 * math.sin(math.pi * p))
        pygame.draw.rect(canvas, theme.PANEL, rect.inflate(8, 8))
        scaled = pygame.transform.scale(img, (w, rect.h))  # only during the short flip
        canvas.blit(scaled, scaled.get_rect(center=(rect.centerx, rect.centery - lift)))
    return paint
