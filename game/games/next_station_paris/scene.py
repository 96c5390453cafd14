"""Next Station: Paris board renderer, on the renderer kit (game.ui.render_kit.RoomRenderer):
one sheet per seat, everyone draws at once.

Implements game.ui.board_api.SplitRenderer (and the plain BoardRenderer calls). Layouts of the
1920x1000 board rect, chosen by the number of human seats (`set_humans`):
- one person (or solo): one big sheet, the card and its score zone in the middle column, and a
  compact sheet per bot on the right, then the side panels in what is left (the modules, the
  round's cards; solo: the rating ladder);
- two people: two big sheets side by side, the card (and bots) in the middle column;
- three players: three tall sheets in a row, the card column between the second and third;
- four: a 2x2 grid of sheets (map + score zone each), the card in the middle column.
Every full sheet's score zone is the same: name and total, a row per round writing the line's
sum out (districts × stations + monuments ×2 = points, `line_sum`), the bonuses. Every text
painted is noted (`written`), for `board_geometry` and the tests (sums that add up, 24 px).

What the board shows is the newest view minus what running or queued tweens hold back (a stroke
in flight is not on the sheet yet, a card turning over is not on the table yet). Layers over one
static surface per layout (paper, districts, dashed links, overpasses, stations): each seat's
map (pencil lines, used overpasses, interchanges, gate marks), the card column's header, card and
Metro pips, and the modules panel, each repainted only when what it shows changes. Keeping the
worst frame short (p99 in `python -m game.bench`, "4 split" row) matters as much as the average:
a finished stroke adds just its own pencil line to its map (the marks are redrawn over it: the
same pixels as a full repaint); score zones are regions of their own, repainted row by row, only
rows whose numbers changed, at most SCORE_ROWS_PER_FRAME a frame, the seats taking turns (a
round's end changes some twenty rows for four seats at once); sprites and font sizes a game will
need are rendered when the layout is built, never in the middle of play.

Animations come from the rules' events (one @on_event handler per kind, with its sound): a drawn
segment is a pencil stroke on that seat's map (a seat's strokes follow each other and hold only
that seat, so the others keep playing), a scored line counts its round box and the seat's total
up, a revealed card turns over for everyone once every stroke queued before it has landed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from types import MappingProxyType
from typing import Any, ClassVar

import pygame
import pytweening

from game.engine.core import Config, Event, Prompt, Target
from game.ui import theme
from game.ui.audio import Cue, CueEntry, EventSound
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry, Icon, Label, Stroke, stroke_hits
from game.ui.paint import draw_seat_emblem, fast, fit_text, flip, seat_color, shade, wrap
from game.ui.render_kit import Batch, Layers, RoomRenderer, on_event, translator
from game.ui.split_room import SeatArea, SplitScreen

from . import sprites as sp
from .board import COLORS, Board
from .rules import MODULES, NextStationParis
from .scoring import (
    LineScore,
    drawn,
    interchange_counts,
    objective_met,
    overpass_uses,
    rating,
    score_line,
)
from .state import NONE, OVER, Line, State

t = translator("next_station_paris.scene.")

STROKE_TIME = 0.32  # seconds per pencil segment
FLIP_TIME = 0.42
FLIP_GAP = 0.08  # between two cards turning over (the branch card, then the next)
FLIP_LIFT = 18  # px a card rises at mid-turn
COUNT_TIME = 0.55  # a score box counting up
ROUNDS = 4
BONUS_BOX = ROUNDS  # the score "box" of the bonus row and the total (after the four rounds)
SCORE_ROWS_PER_FRAME = 4  # score rows repainted per frame (the rest wait for the next one)
OP_PAD = 10  # px around an operator of a line's sum
TOTAL_EXTRA = 12  # px the points box is wider than a factor's box
HEADER_EMBLEM = 30  # the seat's emblem before its name over its sheet (colour is never the only cue)
MINI_EMBLEM = 24  # the same before a bot's name over its small map


# == layout =======================================================================================
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
    deck: pygame.Rect | None = None  # the round's cards, seen and still to come, where there is room
    ladder: pygame.Rect | None = None  # solo: the rulebook's rating bands, the total's lit


def make_layout(players: int, humans: Sequence[int], modules: bool = False) -> Layout:
    """Place every seat's sheet and the card column for this many people. With advanced
    modules the objectives and city gates always get a panel: everyone needs to read them."""
    big = list(humans) or list(range(players))
    if len(big) <= 1:
        return _layout_one(players, big[0] if big else 0, modules)
    if len(big) == 2 and (players == 2 or not modules):
        return _layout_two(players, big, modules)
    if players == 3:  # three people, or two beside a bot and the modules: three full sheets
        return _layout_three(modules)
    return _layout_grid(players, modules)  # two people beside bots and modules: no room in the column


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
DECK_H = 260  # the round's cards: a heading and two rows of small cards
LADDER_H = 290  # solo: a heading and the six rating bands
PANEL_MIN_H = 240  # a leftover space smaller than this stays empty
BADGE_MIN_SPACING = 80  # px between stations a map needs to carry interchange numbers
BADGE_CORNERS = ((1, -1), (-1, -1), (1, 1), (-1, 1))  # a number's spots: the cells around
DECK_GAP = 8  # px between two small cards of the round's deck
DECK_HEAD_H = 48  # px from the deck panel's top to its cards (its heading above them)


def _layout_one(players: int, seat: int, modules: bool = False) -> Layout:
    column, header, card, name, pips = _column(956, 452, 250)
    score = pygame.Rect(956, pips.bottom + 8, 452, 992 - pips.bottom - 8)
    sheet = SeatArea(seat, pygame.Rect(8, 8, 936, 984), pygame.Rect(20, 8, 912, 912), score,
                     pygame.Rect(8, 928, 936, 64))
    seats = {seat: sheet}
    bots = [s for s in range(players) if s != seat]
    if len(bots) == 1:  # one opponent: its sheet takes the column, its map as wide as it is
        h = 984 - (MODULES_H + 12 if modules else DECK_H + 12)
    else:
        room = 984 - (MODULES_H if modules and len(bots) == 3 else 0)  # two bots leave room
        h = (room - 12 * 2) // 3
    for k, bot in enumerate(bots):
        area = pygame.Rect(1420, 8 + k * (h + 12), 492, h)
        seats[bot] = _mini(bot, area)
    top = 8 + len(bots) * (h + 12) if bots else 8
    panels = _side_panels(pygame.Rect(1420, top, 492, 992 - top), modules, solo=not bots)
    return Layout(seats, column, card, pips, header, name=name, **panels)


def _side_panels(free: pygame.Rect, modules: bool, solo: bool) -> dict[str, pygame.Rect | None]:
    """Share a free column between the modules panel, the round's cards and (solo) the rating
    ladder, in that order of need; the last one takes what is left, a space too small for a
    panel stays empty."""
    wanted = [(name, h) for name, h in (("modules", MODULES_H if modules else 0),
                                        ("deck", DECK_H), ("ladder", LADDER_H if solo else 0)) if h]
    out: dict[str, pygame.Rect | None] = {"modules": None, "ladder": None, "deck": None}
    y = free.y
    for k, (name, h) in enumerate(wanted):
        left = free.bottom - y
        if left < PANEL_MIN_H:
            break
        h = left if k == len(wanted) - 1 else min(h, left)
        out[name] = pygame.Rect(free.x, y, free.w, h)
        y += h + 12
    return out


def _layout_two(players: int, big: list[int], modules: bool) -> Layout:
    column, header, card, name, pips = _column(764, 392, 220)
    seats = {}
    for k, seat in enumerate(big):
        x = 8 if k == 0 else 1164
        area = pygame.Rect(x, 8, 748, 984)
        # the map a little under full width: the four round sums get rows as in every layout
        seats[seat] = SeatArea(seat, area, pygame.Rect(x + 34, 8, 680, 680),
                               pygame.Rect(x, 696, 748, 226), pygame.Rect(x, 928, 748, 64),
                               columns=2)
    bots = [s for s in range(players) if s not in big]
    top = pips.bottom + 10
    h = min(300, (992 - top - 10 * (len(bots) - 1)) // max(1, len(bots)))
    for k, bot in enumerate(bots):
        seats[bot] = _mini(bot, pygame.Rect(764, top + k * (h + 10), 392, h))
    free = top + len(bots) * (h + 10) if bots else top
    panel = pygame.Rect(764, free, 392, 992 - free) if 992 - free >= PANEL_MIN_H else None
    return _with_panel(Layout(seats, column, card, pips, header, name=name), panel, modules)


def _with_panel(layout: Layout, panel: pygame.Rect | None, modules: bool) -> Layout:
    """The column's free space under the pips: the modules when in play, else the round's
    cards."""
    if modules:
        layout.modules = panel
    else:
        layout.deck = panel
    return layout


SHEET3_W = 520  # three people: three sheets side by side and a narrow card column
STRIP3_H = 96  # their prompt strips: three lines of a long prompt beside the buttons


def _layout_three(modules: bool) -> Layout:
    """Three people: three tall sheets (map over score zone) in a row, the card column between
    the second and the third: bigger maps than a 2x2 grid, and no empty quarter."""
    cx = 8 + 2 * (SHEET3_W + 8)
    column, header, card, name, pips = _column(cx, 320, 220)
    seats = {}
    for seat, x in enumerate((8, 8 + SHEET3_W + 8, cx + 320 + 8)):
        area = pygame.Rect(x, 8, SHEET3_W, 984)
        side = SHEET3_W - 16
        strip = pygame.Rect(x, 992 - STRIP3_H, SHEET3_W, STRIP3_H)
        seats[seat] = SeatArea(seat, area, pygame.Rect(x + 8, 8, side, side),
                               pygame.Rect(x, 8 + side + 8, SHEET3_W, strip.y - side - 24),
                               strip)
    panel = pygame.Rect(cx, pips.bottom + 10, 320, 992 - pips.bottom - 10)
    return _with_panel(Layout(seats, column, card, pips, header, name=name), panel, modules)


def _layout_grid(players: int, modules: bool) -> Layout:
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
    panel = pygame.Rect(800, pips.bottom + 10, 320, 984 + 8 - pips.bottom - 10)
    return _with_panel(Layout(seats, column, card, pips, header, name=name), panel, modules)


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
        pygame.draw.rect(surf, shade(tint, 0.8), rect, max(1, int(sp_ / 24)),
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
    return fast(surf, alpha=False)


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


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One round on a sheet: its pencil colour and, once a segment is drawn, the line's sum."""

    color: int
    score: LineScore | None = None  # None: nothing drawn yet, the boxes are empty
    points: int = 0  # the points box as shown (it counts up when the round ends)
    live: bool = False  # the line still being drawn: its sum is dimmed


@dataclass(slots=True)
class SeatScore:
    """What a seat's score zone shows: a row per round, then overpasses, interchanges,
    objectives and the total."""

    rounds: list[RoundRow | None] = field(default_factory=list)
    overpasses: int = 0
    interchanges: int = 0
    objectives: int = 0
    total: int = 0


ScoreRow = tuple[pygame.Rect, tuple, Callable[[pygame.Surface], None]]

# A piece of a line's sum as written on the sheet: its text and how it is drawn: "box" (a
# number in a box), "gate" (a box whose number counts a city gate's bonus), "op" (an operator
# between boxes) or "total" (the line's points).
SumPiece = tuple[str, str]


def line_sum(score: LineScore | None, points: int, each: int) -> tuple[SumPiece, ...]:
    """A line's sum as its score row writes it: districts × stations + monuments ×each =
    points. A city gate's extra district or station is counted in its factor (that box is
    marked), so the written sum always equals the points (`score` None: the boxes are empty)."""
    if score is None:
        return (("", "box"), ("×", "op"), ("", "box"), ("+", "op"), ("", "box"),
                (f"×{each}", "op"), ("=", "op"), ("", "total"))
    return ((str(score.districts + score.gate_districts), "gate" if score.gate_districts
             else "box"), ("×", "op"),
            (str(score.stations + score.gate_stations), "gate" if score.gate_stations
             else "box"), ("+", "op"),
            (str(score.monuments), "box"), (f"×{score.each}", "op"), ("=", "op"),
            (str(points), "total"))


@dataclass(frozen=True, slots=True)
class Written:
    """A piece of text painted on the board: what it says, where, in which font size (tests
    read them: sums that add up, labels that hide nothing, nothing under 24 px)."""

    text: str
    rect: pygame.Rect
    size: int


# == the renderer ==================================================================================
class NSPRenderer(SplitScreen, RoomRenderer):
    """Draws every seat's sheet and the revealed card; animates strokes, flips and scores."""

    view: State | None
    # Kinds with no animation: a new round shuffles the deck; declining a card, a tour or a
    # gate bonus, and what shows at once (a gate reached, a circled station, the modules
    # drawn at setup) make no sound. The end of the game keeps the shared chord.
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = MappingProxyType({
        "round_started": EventSound((Cue("shuffle", volume=0.6),), 0.3),
        "passed": None, "tour_stopped": None, "bonus_skipped": None, "gate_triggered": None,
        "station_circled": None, "objectives_drawn": None, "gates_dealt": None})

    def __init__(self, rules: NextStationParis, config: Config,
                 seat_names: Sequence[str]) -> None:
        """Lay the sheets out (every seat big until `set_humans` says who plays)."""
        super().__init__(rules, config, seat_names)
        self.board: Board = rules.board
        self.modules = any(config.option(m, False) for m in MODULES)
        self._geoms: dict[int, MapGeom] = {}
        self._statics: dict[tuple[int, bool], pygame.Surface] = {}
        self._line_scores: dict[Line, Any] = {}
        self._scores: tuple[Any, tuple] = (None, ())  # (view, rules.scores(view)) last computed
        self._met: tuple[Any, list] = (None, [])  # (view, objectives met) last computed
        self._score_hold: dict[tuple[int, int], float] = {}  # (seat, box): fraction to count
        self._scores_due = False  # score rows may have changed and wait to be repainted
        self._score_turn = 0  # the seat whose score rows are checked first (round-robin)
        self._each = self.board.scoring["monument"]  # points per monument, in every line's sum
        self.written: dict[str, list[Written]] = {}  # per layer or region, the text it shows
        self._region = ""  # the layer or region being painted (what `_write` notes goes there)
        self._badges: dict[int, tuple] = {}  # per seat, its interchange numbers as painted
        self._icons: dict[int, list[Icon]] = {}  # per seat, its map's stations and overpasses
        self.set_humans(tuple(range(self.players)) if self.players <= 4 else (0,))

    # == layout =====================================================================================
    def set_humans(self, humans: Sequence[int]) -> None:
        """Choose the layout for these human seats, pre-render it and declare its layers."""
        self.written.clear()
        self._badges, self._icons = {}, {}
        self.humans = tuple(h for h in humans if 0 <= h < self.players)
        self.layout = make_layout(self.players, self.humans, self.modules)
        self.layers = Layers(self._build_base())
        self._declare_layers()
        self.seat_rects = {seat: self._station_rects(seat) for seat in self.layout.seats}
        self._warm()
        if self.view is not None:
            self.refresh()
            self._paint_scores(None)

    def _declare_layers(self) -> None:
        """Each seat's map, the card column's three parts and the modules panel (score rows
        are regions of their own: `_paint_scores`)."""
        lay, layers = self.layout, self.layers
        for area in lay.seats.values():
            name = f"map{area.seat}"
            # not restored first: a finished stroke is added over the strokes already there
            layers.add(name, area.map, partial(self._map_key, area.seat),
                       self._painting(name, partial(self._paint_map, name, area)),
                       restore=False)
        layers.add("header", lay.header, self._header_key,
                   self._painting("header", self._paint_header))
        name_rect = lay.name or lay.card
        band = pygame.Rect(lay.column.x, lay.header.bottom, lay.column.w,
                           name_rect.bottom - lay.header.bottom)
        layers.add("card", band, self._card_key, self._painting("card", self._paint_card))
        layers.add("pips", lay.pips, self._shown_metros, self._painting("pips", self._paint_pips))
        if lay.modules is not None:
            layers.add("modules", lay.modules, self._modules_key,
                       self._painting("modules", self._paint_modules))
        if lay.deck is not None:
            layers.add("deck", lay.deck, self._deck_key, self._painting("deck", self._paint_deck))
        if lay.ladder is not None:
            layers.add("ladder", lay.ladder, self._ladder_key,
                       self._painting("ladder", self._paint_ladder))

    def _warm(self) -> None:
        """Render now the sprites a game needs later, so their first use never costs a frame
        (loading a font size alone takes a few milliseconds)."""
        card = self.layout.card
        for c in self.board.cards:
            sp.card_face(c.symbol, c.metro, card.w, card.h)
        sp.card_face("branch", False, card.w * 2 // 5, round(card.w * 2 // 5 * 1.4))
        sp.card_back(card.w, card.h)
        if self.layout.deck is not None:
            w, h = self._deck_card_size(self.layout.deck.inflate(-6, -6))
            for c in self.board.cards:
                sp.card_face(c.symbol, c.metro, w, h)
            sp.seen_veil(w, h)
        for area in self.layout.seats.values():
            geom = self.geom(area.map.w)
            if not area.mini:
                for width in (3, 4, 5):
                    sp.ring_sprite(round(geom.radius * 1.55), width)
                if geom.spacing >= BADGE_MIN_SPACING:
                    for n in (2, 3, 4):
                        sp.badge(n, theme.font(theme.SMALL_SIZE, True).get_height() + 4)
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
        for panel in (lay.modules, lay.deck, lay.ladder):  # panels beside the card column
            if panel is not None and not lay.column.contains(panel):
                pygame.draw.rect(surf, theme.PANEL, panel, border_radius=16)
        for area in lay.seats.values():
            pygame.draw.rect(surf, theme.PANEL, area.area, border_radius=16)
            frame = area.map.inflate(8, 8)
            pygame.draw.rect(surf, seat_color(area.seat), frame, border_radius=10)
            surf.blit(self._static(area.map.w, area.mini), area.map)
        return fast(surf, alpha=False)

    def _station_rects(self, seat: int) -> dict[Target, pygame.Rect]:
        area = self.layout.seats[seat]
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

    # == the BoardRenderer and SplitRenderer calls the kit leaves to the room ======================
    def reset(self, view: State, viewer: int | None) -> None:
        """Show this view now, score zones included; running animations are dropped."""
        super().reset(view, viewer)
        self._paint_scores(None)

    def busy(self) -> bool:
        """True while any tween runs or waits, or score rows still wait to be repainted."""
        return bool(self.timeline) or self._scores_due

    def update(self, dt: float) -> None:
        """Advance the timeline; then a few score rows a frame (a round's end changes some
        twenty)."""
        super().update(dt)
        if self._scores_due:
            self._paint_scores(SCORE_ROWS_PER_FRAME)

    def refresh(self, limit: int | None = None) -> None:
        """Note the boxes still counting up, repaint the dirty layers; score rows are due."""
        self._score_hold = {box: left for boxes, left in self.timeline.counting()
                            for box in boxes}
        super().refresh(limit)
        if self.view is not None:
            self._scores_due = True

    def draw_seat(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                  focus: Target | None) -> None:
        """A person's options ringed, the goal of its segment marked, its focused segment
        previewed (a bot's compact sheet shows none)."""
        if not self.layout.seats[seat].mini:
            self._draw_options(canvas, seat, prompt, self.pulse())
            self._draw_goal(canvas, seat, prompt)
            self._draw_preview(canvas, seat, prompt, focus)

    # == event animations ===========================================================================
    @on_event("segment_drawn", sound=EventSound((Cue("swish", volume=0.45),), STROKE_TIME))
    def _segment(self, ev: Event, at: float, batch: Batch) -> float:
        """A pencil stroke on the seat's map after that seat's earlier strokes (it holds that
        seat alone); a card or count-up after it waits for it."""
        seat, link, color = ev.player, ev.get("link"), ev.get("color")
        r = next(k for k, line in enumerate(self.view.lines[seat]) if link in line.links)
        area = self.layout.seats[seat]
        geom = self.geom(area.map.w)
        paint = sp.stroke_painter(sp.pencil_rgb(COLORS[color]),
                                  self.station_center(seat, ev.get("start")),
                                  self.station_center(seat, ev.get("end")),
                                  _pencil_width(area, geom), link * 7 + color,
                                  geom.spacing * 0.5, area.mini)
        start = self.timeline.tail(seat)
        self.timeline.add(start, STROKE_TIME, paint, pytweening.easeInOutSine,
                          (("link", seat, r, link),), seat=seat)
        return max(at, start + STROKE_TIME)

    @on_event("line_scored", sound=None)
    def _line_scored(self, ev: Event, at: float, batch: Batch) -> float:
        """The seat's box of the round just ended and its total count up, every seat's at
        once."""
        start = batch.moments.setdefault("count", at)
        seat, ended = ev.player, self.view.round - 1  # the view is already past that round
        self.timeline.add(start, COUNT_TIME, None, pytweening.easeOutQuad,
                          tag=((seat, ended), (seat, BONUS_BOX)))
        return start + COUNT_TIME

    @on_event("card_revealed", sound=EventSound((Cue("flip"),), FLIP_TIME))
    def _card_revealed(self, ev: Event, at: float, batch: Batch) -> float:
        """The card turns over on the table for everyone (a branch card, then the next)."""
        index = self.board.card_index[ev.get("card")]
        spec, rect = self.board.cards[index], self.layout.card
        face = sp.card_face(spec.symbol, spec.metro, rect.w, rect.h)
        paint = flip(sp.card_back(rect.w, rect.h), face, rect, FLIP_LIFT, theme.PANEL,
                     min_width=2)
        self.timeline.add(at, FLIP_TIME, paint, pytweening.linear,
                          (("card", index, spec.metro),))
        return at + FLIP_TIME + FLIP_GAP

    # == the maps ===================================================================================
    def _shown_links(self, seat: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Per line: (colour, links already drawn on screen), strokes in flight held back."""
        return tuple((line.color, tuple(lk for lk in line.links
                                        if ("link", seat, r, lk) not in self.holds))
                     for r, line in enumerate(self.view.lines[seat]))

    def _map_key(self, seat: int) -> tuple:
        lines = self.view.lines[seat]
        marks = tuple((ln.double_station, ln.double_district) for ln in lines)
        return (self._shown_links(seat), marks, self.view.modules)

    def _paint_map(self, name: str, area: SeatArea, surface: pygame.Surface) -> None:
        """A seat's pencil work: just the new strokes (and the marks over them) when the map
        only grew since it was painted, else all of it over the empty sheet."""
        before, now = self.layers.shown_key(name), self._map_key(area.seat)
        old_badges = self._badges.get(area.seat, ())
        self._badges[area.seat] = badges = self._badge_spots(area)
        moved = {(st, tuple(rect)) for st, _, rect in old_badges} - {
            (st, tuple(rect)) for st, _, rect in badges}
        if (before is not None and before[2] == now[2] and _grown(before[0], now[0])
                and _marked(before[1], now[1]) and not moved):
            self._paint_lines(surface, area, before[0])
        else:
            self.layers.restore(area.map)
            self._paint_lines(surface, area)

    def _paint_lines(self, surface: pygame.Surface, area: SeatArea,
                     since: tuple | None = None) -> None:
        """A seat's pencil lines, used overpasses and interchanges over its sheet.

        With `since` (the links already on the layer, a prefix of each line's shown links) only
        the newer strokes are added; the marks are drawn again over them (they cover themselves
        exactly), so the result is the same as a full repaint at a fraction of the cost.
        """
        seat = area.seat
        geom = self.geom(area.map.w)
        ox, oy = area.map.topleft
        width = _pencil_width(area, geom)
        shown = self._shown_links(seat)
        lines = self.view.lines[seat]
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
                sp.pencil_stroke(surface, rgb, (ox + pa[0], oy + pa[1]),
                                 (ox + pb[0], oy + pb[1]), width, lk * 7 + color)
        self._paint_overpasses(surface, area, geom, used)
        self._paint_interchanges(surface, area, geom)
        self._paint_bonuses(surface, area, geom, lines)
        for _, n, rect in self._badges.get(seat, ()):  # the number of lines at each interchange
            surface.blit(sp.badge(n, rect.w), rect)
            self._note(str(n), rect, theme.SMALL_SIZE)

    def _oriented(self, line: Line, link: int) -> tuple[int, int]:
        """A link's ends in drawing order (the station reached first comes first)."""
        lk = self.board.links[link]
        order = {st: i for i, st in enumerate(line.stations)}
        a, b = lk.a, lk.b
        return (a, b) if order.get(a, 99) <= order.get(b, 99) else (b, a)

    def _paint_overpasses(self, surface: pygame.Surface, area: SeatArea, geom: MapGeom,
                          used: int) -> None:
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
            sp.draw_overpass(surface, (ox + x, oy + y), r * 1.15, angle)
            if n == 2:
                sp.draw_overpass(surface, (ox + x, oy + y), r * 1.15, angle + math.pi / 2)

    def _interchanges_shown(self, seat: int) -> dict[int, int]:
        """Station -> lines through it, for the strokes on screen (a line still being stroked
        counts when its stroke lands)."""
        landed = []
        for (color, links), line in zip(self._shown_links(seat), self.view.lines[seat]):
            if len(links) != len(line.links):
                keep = {line.stations[0]}
                for lk in links:
                    keep.update((self.board.links[lk].a, self.board.links[lk].b))
                line = Line(color, tuple(st for st in line.stations if st in keep), (), (), 0)
            landed.append(line)
        return interchange_counts(tuple(landed))

    def _paint_interchanges(self, surface: pygame.Surface, area: SeatArea,
                            geom: MapGeom) -> None:
        """Stations on two or more lines: a white ring, thicker for more lines."""
        ox, oy = area.map.topleft
        r = geom.radius * 1.25
        for st, n in self._interchanges_shown(area.seat).items():
            x, y = geom.pos[st]
            sp.interchange_mark(surface, (ox + x, oy + y), r, n)

    def _badge_spots(self, area: SeatArea) -> tuple[tuple[int, int, pygame.Rect], ...]:
        """(station, lines, rect) of each interchange's number: in the first corner beside the
        station that no pencil line, station, overpass or other number covers (none free: the
        ring alone tells). Only maps with room for a readable number carry them."""
        geom = self.geom(area.map.w)
        if area.mini or geom.spacing < BADGE_MIN_SPACING:
            return ()
        strokes = self._map_strokes(area)
        reach = [_stroke_box(s) for s in strokes]  # a cheap first test before the exact one
        taken = [icon.rect for icon in self._map_icons(area)]
        size = theme.font(theme.SMALL_SIZE, True).get_height() + 4
        out = []
        for st, n in sorted(self._interchanges_shown(area.seat).items()):
            x, y = self.station_center(area.seat, st)
            for dx, dy in BADGE_CORNERS:
                rect = pygame.Rect(0, 0, size, size)
                rect.center = (round(x + dx * geom.spacing / 2), round(y + dy * geom.spacing / 2))
                if (area.map.contains(rect) and rect.collidelist(taken) < 0
                        and not any(stroke_hits(strokes[k], rect)
                                    for k in rect.collidelistall(reach))):
                    out.append((st, n, rect))
                    taken.append(rect)
                    break
        return tuple(out)

    def _map_strokes(self, area: SeatArea) -> list[Stroke]:
        """The pencil segments on a seat's map as drawn now (screen coordinates)."""
        width = _pencil_width(area, self.geom(area.map.w))
        out = []
        for color, links in self._shown_links(area.seat):
            for lk in links:
                link = self.board.links[lk]
                out.append(Stroke(f"seat {area.seat} {COLORS[color]} line",
                                  (self.station_center(area.seat, link.a),
                                   self.station_center(area.seat, link.b)), width))
        return out

    def _map_icons(self, area: SeatArea) -> list[Icon]:
        """The station symbols and overpasses of a seat's map (screen rects; built once per
        layout)."""
        if area.seat not in self._icons:
            self._icons[area.seat] = self._build_icons(area)
        return self._icons[area.seat]

    def _build_icons(self, area: SeatArea) -> list[Icon]:
        geom = self.geom(area.map.w)
        out = []
        half = geom.radius * 1.15  # the biggest symbol: a departure station
        for s in self.board.stations:
            x, y = self.station_center(area.seat, s.index)
            out.append(Icon(f"seat {area.seat} station {s.id}",
                            pygame.Rect(round(x - half), round(y - half), round(2 * half),
                                        round(2 * half))))
        half = geom.spacing * 0.25
        for k, o in enumerate(self.board.overpasses):
            x, y = geom.point(o.col, o.row)
            out.append(Icon(f"seat {area.seat} overpass {k}",
                            pygame.Rect(round(area.map.x + x - half), round(area.map.y + y - half),
                                        round(2 * half), round(2 * half))))
        return out

    def board_geometry(self) -> BoardGeometry:
        """What the board shows as last painted: every text written, every seat's pencil
        segments, its stations and overpasses (the `board_geometry` capability)."""
        labels = [Label(w.text, w.rect) for texts in self.written.values() for w in texts]
        strokes, icons = [], []
        for area in self.layout.seats.values():
            strokes += self._map_strokes(area)
            icons += self._map_icons(area)
        return BoardGeometry(labels, strokes, icons)

    def _paint_bonuses(self, surface: pygame.Surface, area: SeatArea, geom: MapGeom,
                       lines: Sequence[Line]) -> None:
        """City gates ringed in red; a doubled station or corner dotted in its line's colour."""
        ox, oy = area.map.topleft
        if "gates" in self.view.modules:
            for corner in self.board.gate_corners:
                x, y = geom.pos[corner]
                pygame.draw.circle(surface, sp.GATE, (ox + x, oy + y), geom.spacing * 0.45,
                                   max(2, round(geom.spacing / 14)))
        for line in lines:
            rgb = sp.pencil_rgb(COLORS[line.color])
            marks = [st for st in (line.double_station,) if st != NONE]
            marks += [d.stations[0] for d in self.board.districts
                      if d.index == line.double_district and d.stations]
            for st in marks:
                x, y = geom.pos[st]
                sp.dotted_ring(surface, rgb, (ox + x, oy + y), geom.spacing * 0.4,
                               max(2, round(geom.spacing / 16)))

    # == the score zones ============================================================================
    def _seat_score(self, view: State, seat: int) -> SeatScore:
        """Everything the score zone shows, from the rules' own scoring functions."""
        out = SeatScore()
        lines = view.lines[seat]
        finished = len(lines) if view.phase == OVER else len(lines) - 1
        for r in range(ROUNDS):
            if r >= len(lines):
                out.rounds.append(None)
            elif r < finished or drawn(lines[r]):  # a line being drawn shows its sum dimmed
                s = self._line_score(lines[r])
                out.rounds.append(RoundRow(lines[r].color, s, s.points, live=r >= finished))
            else:
                out.rounds.append(RoundRow(lines[r].color))
        breakdown = self._breakdowns(view)[seat]
        out.overpasses = breakdown.get("overpasses", 0)
        out.interchanges = breakdown.get("interchanges", 0)
        out.objectives = breakdown.get("objectives", 0)
        out.total = sum(breakdown.values())
        return out

    def _breakdowns(self, view: State) -> tuple:
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
        """A box's value while it counts up (box: round index, or BONUS_BOX for the totals)."""
        h = self._score_hold.get((seat, box))
        return value if h is None else round(value * (1.0 - h))

    def _shown_score(self, seat: int, score: SeatScore) -> SeatScore:
        """The score as on screen now: boxes that are counting up show their current value."""
        rounds = [row if row is None or (seat, r) not in self._score_hold
                  else replace(row, points=self._held(seat, r, row.points))
                  for r, row in enumerate(score.rounds)]
        return SeatScore(rounds, self._held(seat, BONUS_BOX, score.overpasses),
                         self._held(seat, BONUS_BOX, score.interchanges),
                         self._held(seat, BONUS_BOX, score.objectives),
                         self._held(seat, BONUS_BOX, score.total))

    def _paint_scores(self, budget: int | None) -> None:
        """Repaint the score rows whose numbers changed, at most `budget` of them (None: all);
        the seats take turns to go first, so a long count-up moves on every sheet. With a
        budget, a seat whose pencil is still drawing waits: its line's score changes when the
        stroke lands, not in the frame of the answer (which already has the most to do)."""
        view = self.view
        seats = list(self.layout.seats.values())
        if view is None or not seats:
            self._scores_due = False
            return
        drawing = {tw.seat for tw in self.timeline if tw.seat is not None} if budget else set()
        objectives = "objectives" in view.modules
        current = view.round if view.phase != OVER else -1  # the round column to highlight
        painted = 0
        for k in range(len(seats)):
            turn = (self._score_turn + k) % len(seats)
            area = seats[turn]
            if area.seat in drawing:
                continue
            score = self._shown_score(area.seat, self._seat_score(view, area.seat))
            for n, (rect, key, paint) in enumerate(self._score_rows(area, score, current,
                                                                    objectives)):
                region = f"score{area.seat}.{n}"
                if self.layers.shown_key(region) == key:
                    continue
                if budget is not None and painted >= budget:
                    self._score_turn = turn  # this sheet goes first next frame
                    return
                self.layers.paint_region(region, rect, key, self._painting(region, paint),
                                         clip=True)
                painted += 1
        self._score_turn = (self._score_turn + 1) % len(seats)
        self._scores_due = bool(drawing)  # the drawing seats' turn comes when they finish

    def _score_rows(self, area: SeatArea, score: SeatScore, current: int,
                    objectives: bool) -> list[ScoreRow]:
        """(rect, content key, painter) of each part of a seat's score zone: the name and
        total, a row per round (in `area.columns` columns), the bonuses."""
        rect, seat = area.score, area.seat
        bonus = [("bridge", score.overpasses), ("ring", score.interchanges)]
        if objectives:
            bonus.append(("star", score.objectives))
        name = self.names[seat]
        if area.mini:
            return [(rect, (name, score.total, tuple(score.rounds)),
                     partial(self._paint_mini_score, area, score))]
        cols = area.columns
        count = -(-ROUNDS // cols) + 2
        row_h = min(76, rect.h // count)
        top = rect.y + (rect.h - count * row_h) // 2
        head = pygame.Rect(rect.x, top, rect.w, row_h)
        rows: list[ScoreRow] = [(head, (name, score.total),
                                 partial(self._score_header, head.inflate(-20, 0), seat,
                                         score.total))]
        w = rect.w // cols
        for r in range(ROUNDS):
            band = pygame.Rect(rect.x + r % cols * w, top + (1 + r // cols) * row_h, w, row_h)
            row = score.rounds[r]
            rows.append((band, (row, r == current),
                         partial(self._round_row, band.inflate(-20, 0), row, r == current)))
        band = pygame.Rect(rect.x, top + (count - 1) * row_h, rect.w, row_h)
        rows.append((band, tuple(bonus), partial(self._bonus_row, band.inflate(-20, 0), bonus)))
        return rows

    def _write(self, surface: pygame.Surface, text: str, size: int, color: tuple,
               bold: bool = False, width: int | None = None, **anchor: Any) -> pygame.Rect:
        """Paint a text (shortened to `width` if given) where `anchor` says, and note it as
        written in the region being painted; returns its rect."""
        img = (theme.text(text, size, color, bold) if width is None
               else fit_text(text, size, width, color, bold))
        rect = img.get_rect(**anchor)
        surface.blit(img, rect)
        self._note(text, rect, size)
        return rect

    def _note(self, text: str, rect: pygame.Rect, size: int) -> None:
        """Note a text painted in the region being painted (`_painting`)."""
        self.written.setdefault(self._region, []).append(Written(text, pygame.Rect(rect), size))

    def _painting(self, region: str, paint: Callable[[pygame.Surface], None]
                  ) -> Callable[[pygame.Surface], None]:
        """`paint` for a layer or region: what it writes replaces what that region held."""
        def run(surface: pygame.Surface) -> None:
            self._region = region
            self.written[region] = []
            paint(surface)
        return run

    def _score_header(self, rect: pygame.Rect, seat: int, total: int,
                      surface: pygame.Surface) -> None:
        num = self._write(surface, str(total), theme.HEADING_SIZE, theme.TEXT, True,
                          midright=(rect.right - 4, rect.centery))
        mark = draw_seat_emblem(surface, seat, (rect.x + 4 + HEADER_EMBLEM // 2, rect.centery),
                                HEADER_EMBLEM)
        self._write(surface, self.names[seat], theme.BODY_SIZE, seat_color(seat), True,
                    num.x - mark.right - 24, midleft=(mark.right + 8, rect.centery))

    def _round_row(self, rect: pygame.Rect, row: RoundRow | None, current: bool,
                   surface: pygame.Surface) -> None:
        """Swatch, then the line's sum: districts × stations + monuments ×2 = points."""
        h = min(rect.h - 12, 54)
        cy = rect.centery
        color = sp.pencil_rgb(COLORS[row.color]) if row else theme.PANEL_LIGHT
        swatch = pygame.Rect(rect.x, cy - h // 2, 22, h)
        pygame.draw.rect(surface, color, swatch, border_radius=8)
        if row is not None and current:
            pygame.draw.rect(surface, theme.FOCUS, swatch.inflate(6, 6), 3, border_radius=10)
        pieces = line_sum(row.score if row else None, row.points if row else 0, self._each)
        bold = theme.font(theme.SMALL_SIZE, True)
        ops = sum(bold.size(text)[0] + OP_PAD for text, kind in pieces if kind == "op")
        box_w = min(64, (rect.right - swatch.right - 8 - ops - TOTAL_EXTRA) // 4)
        live = row is not None and row.live
        x = swatch.right + 8
        for text, kind in pieces:
            if kind == "op":
                x = self._write(surface, text, theme.SMALL_SIZE, theme.TEXT_DIM, True,
                                midleft=(x + OP_PAD // 2, cy)).right + OP_PAD // 2
                continue
            total = kind == "total"
            size = theme.BODY_SIZE if total else theme.SMALL_SIZE
            box = pygame.Rect(x, cy - h // 2, box_w + (TOTAL_EXTRA if total else 0), h)
            surface.blit(sp.box_sprite(box.w, box.h, text, size, total, live, kind == "gate"),
                         box)
            if text:
                self._note(text, theme.text(text, size, sp.INK, True).get_rect(
                    center=box.center), size)
            x = box.right

    def _bonus_row(self, rect: pygame.Rect, items: list[tuple[str, int]],
                   surface: pygame.Surface) -> None:
        """Overpasses, interchanges and objectives: icon and points each."""
        w = rect.w // len(items)
        for k, (icon, value) in enumerate(items):
            cell = pygame.Rect(rect.x + k * w, rect.y, w, rect.h)
            sp.icon(surface, icon, (cell.x + 22, cell.centery), 16)
            self._write(surface, str(value), theme.BODY_SIZE, theme.TEXT, True,
                        midleft=(cell.x + 48, cell.centery))

    def _paint_mini_score(self, area: SeatArea, score: SeatScore,
                          surface: pygame.Surface) -> None:
        """A bot's numbers: name, total, and each round's line points."""
        rect, seat = area.score, area.seat
        wide = rect.w >= 400  # under a tall map: name and total on one line, rounds in a row
        total = theme.text(str(score.total), theme.HEADING_SIZE, theme.TEXT, True)
        room = rect.w - 8 - (total.get_width() + 16 if wide else 0) - MINI_EMBLEM - 6
        name_y = rect.y + 10 + theme.font(theme.SMALL_SIZE, True).get_height() // 2
        mark = draw_seat_emblem(surface, seat, (rect.x + 4 + MINI_EMBLEM // 2, name_y),
                                MINI_EMBLEM)
        self._write(surface, self.names[seat], theme.SMALL_SIZE, seat_color(seat), True, room,
                    midleft=(mark.right + 6, name_y))
        if wide:
            self._write(surface, str(score.total), theme.HEADING_SIZE, theme.TEXT, True,
                        topright=(rect.right - 8, rect.y))
            top, cols = rect.y + 76, ROUNDS
        else:
            self._write(surface, str(score.total), theme.HEADING_SIZE, theme.TEXT, True,
                        topleft=(rect.x + 4, rect.y + 46))
            top = rect.y + 112
            cols = 2 if rect.bottom - top < 4 * 34 else 1  # short panels: the rounds 2 by 2
        for r, row in enumerate(score.rounds):
            col, line = r % cols, r // cols
            x, y = rect.x + 4 + col * (rect.w // cols), top + line * 36
            color = sp.pencil_rgb(COLORS[row.color]) if row else theme.PANEL_LIGHT
            pygame.draw.rect(surface, color, pygame.Rect(x, y + 4, 18, 26), border_radius=5)
            done = row is not None and row.score is not None and not row.live
            self._write(surface, str(row.points) if done else "-", theme.SMALL_SIZE,
                        theme.TEXT, True, topleft=(x + 26, y + 2))

    # == the card column ============================================================================
    def _shown_card(self) -> int:
        """The card face on the table: the newest one whose flip has finished."""
        view = self.view
        shown = [c for c in view.revealed if ("card", c, self.board.cards[c].metro)
                 not in self.holds]
        if view.card != NONE and view.card in shown:
            return view.card
        return shown[-1] if shown else NONE

    def _branch_shown(self) -> bool:
        """The branch card came before the card on the table (its flip has finished)."""
        view, shown = self.view, self._shown_card()
        if shown == NONE or shown not in view.revealed:
            return False
        k = view.revealed.index(shown)
        return k > 0 and self.board.cards[view.revealed[k - 1]].symbol == "branch"

    def _card_key(self) -> tuple[int, bool]:
        return (self._shown_card(), self._branch_shown())

    def _deck_left(self) -> int:
        held = sum(1 for h in self.holds if h[0] == "card")  # cards not turned over yet
        return len(self.board.cards) - len(self.view.revealed) + held

    def _header_key(self) -> tuple[int, int]:
        return (self.view.round, self._deck_left())

    def _shown_metros(self) -> int:
        return self.view.metros - sum(1 for h in self.holds if h[0] == "card" and h[2])

    def _paint_header(self, surface: pygame.Surface) -> None:
        """Round number and the cards left in the deck."""
        header = self.layout.header
        rnd = min(self.view.round + 1, ROUNDS)
        self._write(surface, t("round", n=rnd, total=ROUNDS), theme.BODY_SIZE, theme.TEXT, True,
                    midtop=(header.centerx, header.y + 6))
        back = sp.card_back(34, 48)
        left = self._deck_left()
        words = {0: t("deck_none"), 1: t("deck_one")}.get(left) or t("deck", count=left)
        w = back.get_width() + 12 + theme.font(theme.SMALL_SIZE).size(words)[0]
        x = header.centerx - w // 2
        surface.blit(back, (x, header.y + 52))
        self._write(surface, words, theme.SMALL_SIZE, theme.TEXT_DIM,
                    midleft=(x + back.get_width() + 12, header.y + 76))

    def _paint_card(self, surface: pygame.Surface) -> None:
        """The revealed card (the branch tucked beside it when it came first) and its name."""
        lay = self.layout
        card = self._shown_card()
        if card == NONE:
            surface.blit(sp.card_back(lay.card.w, lay.card.h), lay.card)
            return
        c = self.board.cards[card]
        surface.blit(sp.card_face(c.symbol, c.metro, lay.card.w, lay.card.h), lay.card)
        if lay.name is not None:  # what the card is, in words, for everyone at once
            self._write(surface, t(f"card.{c.symbol}"), theme.SMALL_SIZE, theme.TEXT, True,
                        lay.name.w - 16, center=lay.name.center)
        if self._branch_shown():
            self._paint_branch(surface)

    def _paint_branch(self, surface: pygame.Surface) -> None:
        """The branch card tucked in at the card's lower left, its name on a plate over the
        card's bottom band (clear of the big symbol)."""
        lay = self.layout
        w = lay.card.w * 2 // 5
        branch = sp.card_face("branch", False, w, round(w * 1.4))
        spot = branch.get_rect(bottomleft=(max(lay.column.x + 6, lay.card.x - w),
                                           lay.card.bottom - 36))
        surface.blit(branch, spot)
        label = theme.text(t("branch"), theme.SMALL_SIZE, theme.TEXT, True)
        plate = label.get_rect(topleft=(spot.x + 6, spot.bottom + 3)).inflate(12, 2)
        pygame.draw.rect(surface, sp.INK, plate, border_radius=8)
        self._write(surface, t("branch"), theme.SMALL_SIZE, theme.TEXT, True,
                    center=plate.center)

    def _paint_pips(self, surface: pygame.Surface) -> None:
        """Five Metro pips: the round ends with the fifth Metro card."""
        pips = self.layout.pips
        metros = self._shown_metros()
        need = self.board.scoring.get("metro_cards_per_round", 5)
        gap, r = 40, 14
        w = theme.font(theme.SMALL_SIZE).size(t("metro"))[0] + 16 + need * gap
        x = pips.centerx - w // 2
        x = self._write(surface, t("metro"), theme.SMALL_SIZE, theme.TEXT_DIM,
                        midleft=(x, pips.centery)).right + 16 + r
        for k in range(need):
            center = (x + k * gap, pips.centery)
            if k < metros:
                pygame.draw.circle(surface, sp.METRO_BG, center, r)
                pygame.draw.circle(surface, sp.METRO_EDGE, center, r, 4)
            else:
                pygame.draw.circle(surface, theme.TEXT_DIM, center, r, 3)

    # == the round's cards and the solo rating ====================================================
    def _seen_cards(self) -> tuple[int, ...]:
        """The cards turned over this round, as on the table now (a flip in flight held back)."""
        return tuple(c for c in self.view.revealed
                     if ("card", c, self.board.cards[c].metro) not in self.holds)

    def _deck_key(self) -> tuple:
        return (self._seen_cards(),)

    def _deck_card_size(self, box: pygame.Rect) -> tuple[int, int]:
        """Small cards for the round's deck (in the panel `box`, under its heading): a row of
        Street cards over a row of Metro cards."""
        per_row = max(sum(not c.metro for c in self.board.cards),
                      sum(c.metro for c in self.board.cards))
        w = min((box.w - 20 - DECK_GAP * (per_row - 1)) // per_row,
                round((box.h - DECK_HEAD_H - DECK_GAP - 10) / 2 / 1.4), 96)
        return w, round(w * 1.4)

    def _paint_deck(self, surface: pygame.Surface) -> None:
        """Every card of the round's deck, the ones already turned over dimmed: what may still
        come (how many Metro cards before the round ends, which symbols)."""
        box = self.layout.deck.inflate(-6, -6)
        pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=14)
        self._heading(surface, t("deck_panel"), box, box.y + 8)
        y = box.y + DECK_HEAD_H
        w, h = self._deck_card_size(box)
        seen = set(self._seen_cards())
        for row, metro in enumerate((False, True)):
            cards = [k for k, c in enumerate(self.board.cards) if c.metro == metro]
            x = box.centerx - (len(cards) * (w + DECK_GAP) - DECK_GAP) // 2
            for n, k in enumerate(cards):
                spot = pygame.Rect(x + n * (w + DECK_GAP), y + row * (h + DECK_GAP), w, h)
                c = self.board.cards[k]
                surface.blit(sp.card_face(c.symbol, c.metro, w, h), spot)
                if k in seen:
                    surface.blit(sp.seen_veil(w, h), spot)

    def _rating_id(self) -> str:
        """The solo rating band the seat's total is in now."""
        return rating(self.board, sum(self._breakdowns(self.view)[0].values()))

    def _ladder_key(self) -> str:
        return self._rating_id()

    def _paint_ladder(self, surface: pygame.Surface) -> None:
        """Solo: the rulebook's rating bands, best first, the one the total is in lit up."""
        box = self.layout.ladder.inflate(-6, -6)
        pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=14)
        y = self._heading(surface, t("ladder"), box, box.y + 8) + 4
        bands = self.board.ratings
        step = min(64, (box.bottom - 8 - y) // len(bands))
        now = self._rating_id()
        for k, (rid, low) in enumerate(bands):
            band = pygame.Rect(box.x + 8, y + k * step, box.w - 16, step - 4)
            lit = rid == now
            if lit:
                pygame.draw.rect(surface, theme.ACCENT, band, border_radius=10)
            ink = theme.BACKGROUND if lit else theme.TEXT
            high = bands[k - 1][1] - 1 if k else None
            points = (f"≤ {high}" if k == len(bands) - 1 else
                      f"{low}+" if high is None else f"{low}–{high}")
            right = self._write(surface, points, theme.SMALL_SIZE, ink, True,
                                midright=(band.right - 10, band.centery))
            self._write(surface, t(f"ladder.{rid}"), theme.SMALL_SIZE, ink, lit,
                        right.x - band.x - 24, midleft=(band.x + 10, band.centery))

    # == the advanced modules =======================================================================
    def _objectives_met(self, view: State) -> list[tuple[int, ...]]:
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

    def _modules_key(self) -> tuple:
        view = self.view
        if not view.modules:
            return ()
        return (view.modules, view.objectives, view.gates, tuple(self._objectives_met(view)))

    def _paint_modules(self, surface: pygame.Surface) -> None:
        """Shared objectives (with who meets them) and the bonus of each city gate."""
        view = self.view
        if not view.modules:
            return
        box = self.layout.modules.inflate(-6, -6)
        pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=14)
        y = box.y + 8
        if view.objectives:
            y = self._paint_objectives(surface, box, y)
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        if view.gates and y + line_h * 2 < box.bottom:
            self._paint_gates(surface, box, y + 2)

    def _paint_objectives(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        """The objectives in play, a dot per seat meeting each; returns the y under them."""
        view, width = self.view, box.w - 20
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        y = self._heading(surface, t("objectives", points=self.board.objective_points), box, y)
        for o, seats in zip(view.objectives, self._objectives_met(view)):
            text = t(f"objective.{self.board.objectives[o].id}")
            y, last = self._paragraph(surface, text, box.x + 10, y, width, box.bottom)
            dots = 26 * len(seats)
            if seats and last + 12 + dots > width:  # no room after the text: a row of its own
                y += 28
            for k, seat in enumerate(seats):  # an emblem per seat meeting it, right-aligned
                draw_seat_emblem(surface, seat, (box.right - 22 - k * 26, y - line_h // 2), 22)
            y += 6
        return y

    def _paint_gates(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> None:
        """Each city gate's corner and its bonus, as many as fit."""
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        y = self._heading(surface, t("gates"), box, y)
        for corner, bonus in zip(self.board.gate_corners, self.view.gates):
            if y + line_h > box.bottom:
                break
            s = self.board.stations[corner]
            sp.corner_glyph(surface, pygame.Rect(box.x + 10, y + 4, 26, 26), s.col > 4.5,
                            s.row > 4.5)
            self._write(surface, t(f"bonus.{self.board.bonuses[bonus]}"), theme.SMALL_SIZE,
                        theme.TEXT, width=box.w - 60, topleft=(box.x + 50, y))
            y += line_h

    def _heading(self, surface: pygame.Surface, text: str, box: pygame.Rect, y: int) -> int:
        return self._write(surface, text, theme.SMALL_SIZE, theme.ACCENT, True, box.w - 20,
                           topleft=(box.x + 10, y)).bottom + 2

    def _paragraph(self, surface: pygame.Surface, text: str, x: int, y: int, width: int,
                   bottom: int) -> tuple[int, int]:
        """Wrapped small text; returns the y under it and its last line's width (stops at
        `bottom`)."""
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        last = 0
        for line in wrap(text, theme.SMALL_SIZE, width):
            if y + line_h > bottom:
                break
            last = self._write(surface, line, theme.SMALL_SIZE, theme.TEXT, topleft=(x, y)).w
            y += line_h
        return y, last

    # == per-frame overlays =========================================================================
    def _draw_options(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                      breath: float) -> None:
        """Ring every station this seat may draw to now."""
        targets = self.seat_rects.get(seat, {})
        geom = self.geom(self.layout.seats[seat].map.w)
        ring = sp.ring_sprite(round(geom.radius * 1.55), 3 + round(2 * breath))
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
        if not isinstance(action, tuple) or len(action) != 3 or not self.view.lines[seat]:
            return
        geom = self.geom(self.layout.seats[seat].map.w)
        color = sp.pencil_rgb(COLORS[self.view.lines[seat][-1].color])
        sprite = sp.goal_sprite(round(geom.radius * 1.7), color)
        center = self.station_center(seat, action[2])
        canvas.blit(sprite, sprite.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_preview(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                      focus: Target | None) -> None:
        """The focused segment before it is confirmed: a dashed pencil line from the line."""
        if focus is None or focus[0] != "station":
            return
        view = self.view
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
            sprite = sp.dash_sprite((pa[0] - x, pa[1] - y), (pb[0] - x, pb[1] - y), color, width)
            canvas.blit(sprite, (x, y))

    def _preview_pairs(self, view: State, seat: int, prompt: Prompt,
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


# == helpers ========================================================================================
def _pencil_width(area: SeatArea, geom: MapGeom) -> int:
    """A pencil line's width on this map (thinner on a bot's compact sheet)."""
    return max(3, round(geom.spacing * (0.13 if area.mini else 0.15)))


def _stroke_box(stroke: Stroke) -> pygame.Rect:
    """The rectangle a stroke (with its width) lies in."""
    xs, ys = [p[0] for p in stroke.points], [p[1] for p in stroke.points]
    half = math.ceil(stroke.width / 2) + 1
    return pygame.Rect(math.floor(min(xs)) - half, math.floor(min(ys)) - half,
                       math.ceil(max(xs) - min(xs)) + 2 * half + 1,
                       math.ceil(max(ys) - min(ys)) + 2 * half + 1)


def _action_at(prompt: Prompt, target: Target) -> Any:
    """The action of the prompt's option on this target (None if there is none)."""
    for o in prompt.options:
        if o.target == target:
            return o.action
    return None


def _grown(old: tuple, new: tuple) -> bool:
    """True if `new` only adds lines or strokes after those of `old` (per line, a prefix)."""
    if len(new) < len(old):
        return False
    return all(c0 == c1 and l1[:len(l0)] == l0 for (c0, l0), (c1, l1) in zip(old, new))


def _marked(old: tuple, new: tuple) -> bool:
    """True if `new` only adds gate marks (a circled station, a doubled corner) to `old`."""
    return len(new) >= len(old) and all(
        n == o or (o[0] in (n[0], NONE) and o[1] in (n[1], NONE)) for o, n in zip(old, new))
