"""French Quarter board renderer, on the renderer kit (game.ui.render_kit.RoomRenderer).

Screen (the 1920x1000 board rect): the shared map on the left (buildings with their icons,
named streets, the Second Line, tourists, the active sheet's mapped values); on the right the
row of cards with their dice (and the Mayor card), compact panels for the other seats (or Mayor
Carly in solo) and the active seat's sheet, large.

"Active seat": the seat of the decision at the head of the task stack, else the seat taking its
turn, else the viewer. Its sheet is large because every sheet target (wild meters, bonus or
multiplier circles, artists) belongs to whoever decides now.

What is this room's own: the map's layout (map_layout.py: blocks, buildings and their icons, and
per view where the street names, the closed street's sign and hatching, the values and the
tourists go so that no label hides anything, reported as `board_geometry`), the static
background painted once, and three layers over it, each repainted only when what it shows
changes, at most one a frame (REPAINT_BUDGET: a sheet takes a few milliseconds to paint):
- "map": the Second Lines, the closed street, the start markers and street names over them, the
  large sheet's values and the tourists;
- "cards": the row of cards with their dice, and the Mayor card;
- "sheet": the compact panels and the large sheet.
Per frame the kit blits the layers; this room adds option highlights, the chips of choices that
have no place of their own (see CHOOSERS), the running tweens and the focused building's name.

Animations: one @on_event handler per rule event, each with its sound timed to it (dice tumble
0.35 s each, staggered 0.07 s; a die flies 0.35 s; a tourist walks 0.16 s a space; a value is
written in 0.4 s; a box ticks in 0.22 s; a Second Line stretch draws in 0.5 s). Tweens hold back
parts of the view (a die still tumbling, a tourist still walking, a value not yet written) until
they end; `reset` drops them.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Hashable, Mapping, Sequence
from operator import attrgetter
from types import MappingProxyType
from typing import ClassVar

import pygame
import pytweening

from game.engine.core import Config, Event, Prompt, Target
from game.ui import theme
from game.ui.audio import Cue, CueEntry, EventSound
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry
from game.ui.memory import art_cache
from game.ui.paint import (
    INK,
    Plate,
    banner,
    draw_label,
    draw_seat_emblem,
    fast,
    fit_text,
    fly,
    popup,
    seat_color,
    seat_emblem,
    shade,
    wrap,
)
from game.ui.render_kit import Batch, Layers, RoomRenderer, on_event, translator, viewer_seat
from game.ui.tween import Painter

from . import sprites as sp
from .board import ACTIVITIES, ARTISTS, DECKS, DIRECTIONS, Board
from .map_layout import HEAD, LINE_W, MARKER_R, OUTLINE, SPECIAL_INK, MapLayout, MapShapes
from .rules import FrenchQuarter
from .sheet import w_left
from .state import CARLY, NOBODY, OVER, Sheet, State, W

t = translator("french_quarter.scene.")
tr = translator("french_quarter.")  # the rules' strings: deck and activity names

MAP = pygame.Rect(12, 12, 956, 976)
STREET = 44
RIGHT_X, RIGHT_W = 984, 924
CARDS_Y, CARDS_H = 10, 190
CARDS_AREA = pygame.Rect(RIGHT_X - 4, 0, RIGHT_W + 8, CARDS_Y + CARDS_H + 4)
PANELS_Y, PANELS_H = 208, 130
SHEET_Y = 346
SHEET_H = BOARD_RECT.bottom - 6 - SHEET_Y
INTERSECTION = 40
ARROW = (48, 40)
PAWN = 34
DIE = 50
TAKER_EMBLEM = 22  # the taker's emblem on the corner of a taken die's ring
ROAD = (196, 190, 178)
BLOCK = (70, 64, 58)
HOUSE = (238, 226, 200)
SMALL_HOUSE = (230, 214, 186)
WHITE = (255, 255, 255)
LINE_RGB = (240, 200, 40)  # the Second Line parade: gold, edged dark
CLOSED_RGB = (210, 40, 40)
VALUE_NOTE = (150, 180, 255)  # the sheet's note on the map's blue (handwritten) values
UMBRELLA_RGB_LIGHT = (120, 190, 220)
STARTS = ((200, 200, 210), (250, 250, 246))  # a personal line's start marker, the parade's
ARTIST_LIGHT = (230, 150, 190)
ACCENT_DARK = (190, 120, 20)
OPTION = (90, 230, 255)  # options glow cyan: apart from the shell's yellow focus ring
S = theme.SMALL_SIZE
SQUEEZE = 0.85  # text a little too wide is narrowed (its height, the 28 px floor, stays)
BOX = 41  # activity box
BOX_STEP = 43  # the 36 px multiplier and Party's "ABCD" still end inside the frame
METER_STEP = 44  # from one activity meter to the next
SMALL_BOX = 30  # umbrella and Second Line boxes: large enough to read a tick from the sofa
SMALL_STEP = 33
ART_BOX, ART_STEP = (32, 40), 34  # an artist meter box (its reward icon fills its width)
ARTIST_CELL = (50, 40)  # an artist's cell, in the top and in the bottom row
ARTIST_STEP = (54, 43)
GROUP_GAP = 10  # between runs of Second Line boxes (each run ends with an umbrella)
UMBRELLA_W = 500  # the umbrella rows at most: the courtyards and Riverwalk counts sit beside
LEGEND_STEP = 28  # the legend's lines (the artists' key, then the sheet's symbols)
KEY_TEXT_W, KEY_GAP = 170, 18  # a symbol's meaning in the key at most, and the gap after it
NAME_GAP = 14  # between a panel's name and its points: "Bot 1  27 points", never "Bot 127"
SIDE_LINE = 24  # the lines beside the umbrellas (courtyards, Riverwalk, Vacation)
MULT_SIZE = theme.BODY_SIZE  # a meter's multiplier (×2): the number the end score hangs on
BAND_LINE = 24  # a card band's line pitch, when a long deck name takes two (hyphenated)
VOWELS = frozenset("aeiouáéíóúü")
WIDE_PANEL = 400  # a compact panel this wide has room for its points in body text
LABEL_W = 186  # the sheet's label column
MARK = S  # letters on the sheet's circles and artist cells: never below the 28 px floor
# Choosers: options with no place of their own on the board (a value to write, a circle's
# bonus or multiplier, a Culture A boost) are drawn as chips next to where the decision happens.
CHOOSERS = frozenset({"value", "circle", "boost"})
CHOOSER_TASKS = frozenset({"mapw", "bval", "circle", "move"})  # the prompts that offer them
# Map chips (and their plate) fit inside a street: they never cover a building, so no choice
# hides a destination or a neighbour's value.
VALUE_CHIP = STREET - 4
BOOST_CHIP = (84, STREET - 4)
CIRCLE_CHIP_H = 50
CHIP_GAP = 12
# The holds each layer shows (by the first item of a hold key).
MAP_HOLDS = frozenset({"pawn", "mapped", "seg", "pseg"})
CARDS_HOLDS = frozenset({"die", "card", "mayor"})
SHEET_HOLDS = frozenset({"meter", "umb", "line", "art"})
BANNER = Plate((40, 30, 60), LINE_RGB, 4, 16, (60, 24))  # "Round 3", "Game over"
TOOLTIP = Plate((252, 249, 240), INK, 2, 10, (20, 10))  # the focused building's name
CLOSED_SIGN = Plate(CLOSED_RGB, WHITE, 2, 8, (16, 6))

_fields_of = attrgetter(*Sheet.__slots__)  # a sheet's fields as a tuple (layer keys)


def fit(message: str, size: int, max_w: int, color: Sequence[int],
        bold: bool = False) -> pygame.Surface:
    """Text no wider than max_w, narrowed down to SQUEEZE before it is shortened."""
    return fit_text(message, size, max_w, color, bold, SQUEEZE)


class FQRenderer(RoomRenderer):
    """Draws the French Quarter map, the cards and dice and the sheets; animates the events."""

    view: State | None
    # The results chart in the sheet's colours (board_api: score colours); the Second Line is
    # teal there, as the parade's gold is too close to Party's yellow.
    CATEGORY_COLORS: ClassVar[Mapping[str, tuple]] = MappingProxyType({
        **sp.ACTIVITY_RGB, "second_line": (120, 210, 200), "buildings": (170, 125, 80),
        "artists": sp.ARTIST_RGB, "vacation": sp.UMBRELLA_RGB})
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = MappingProxyType({  # kinds without a sound
        "first_player": None, "vacation_dealt": None, "police_value": None,
        "personal_line": None})
    REPAINT_BUDGET = 1  # layers repainted per frame after an animation (a sheet is costly)

    def __init__(self, rules: FrenchQuarter, config: Config, seat_names: Sequence[str]) -> None:
        """Build geometry, the static background and the blank sheets once; declare the layers."""
        super().__init__(rules, config, seat_names)
        self.board: Board = rules.board
        self.decks = [d for d in DECKS if not (d == "taxi" and self.players <= 2)]
        self.mayor = self.players == 1 or bool(config.option("mayor", False))
        self.large = 0  # the active seat (see the module docstring)
        self._totals: list[int] = [0] * self.players
        self._sheet_fields: tuple[tuple, ...] = ()  # each sheet shown, field by field
        self._scored: Hashable = None  # the sheets (and the end) the totals were added up from
        self._faces: dict[tuple[str, int], pygame.Surface] = {}
        self._closed: dict[int, pygame.Surface] = {}
        self._signs: dict[int, pygame.Surface] = {}
        self._shapes: tuple[Hashable, MapShapes] | None = None  # the map's layout and its key
        self._frames: dict[tuple, pygame.Surface] = {}
        self._anchor: pygame.Rect | None = None  # what the chips decide about (ringed)
        self._plate: tuple[tuple, pygame.Surface, pygame.Rect] | None = None  # drawn chips
        self._abbr = {a: t(f"abbr.{a}") for a in ARTISTS}
        self._geometry()
        self.layers = Layers(self._build_static())
        self._build_sheets()
        self.layers.add("map", MAP, self._map_key, self._paint_map)
        self.layers.add("cards", CARDS_AREA, self._cards_key, self._paint_cards)
        # No restore: the panels and the large sheet are opaque frames covering all they paint.
        self.layers.add("sheet", self.panels_area.union(self.sheet_rect), self._sheet_key,
                        self._paint_sheets, restore=False)
        for v in ("W", *map(str, range(1, 7))):  # warm the pen: a first rotozoom costs a frame
            sp.handwritten(v, 52)

    # == geometry =================================================================================
    def _geometry(self) -> None:
        """Rects of streets, blocks, buildings, intersections, cards and panels."""
        b = self.board
        self.map = MapLayout(b, MAP, STREET, self._abbr,
                             lambda kind, w: fit(t(f"special.{kind}"), S, w, SPECIAL_INK, True))
        self.bld, self.ix = self.map.bld, self.map.ix
        n = len(self.decks) + (1 if self.mayor else 0)
        gap = 10
        w = min(150, (RIGHT_W - gap * (n - 1)) // n)
        x0 = RIGHT_X + (RIGHT_W - (n * w + (n - 1) * gap)) // 2
        self.card_rects = {d: pygame.Rect(x0 + i * (w + gap), CARDS_Y, w, CARDS_H)
                           for i, d in enumerate(self.decks)}
        self.card_w = w
        two = any(len(self._band_lines(d)) > 1 for d in self.decks)
        self.band_h = 52 if two else 40  # every band as tall as the tallest
        self.mayor_rect = pygame.Rect(x0 + len(self.decks) * (w + gap), CARDS_Y, w, CARDS_H)
        self.sheet_rect = pygame.Rect(RIGHT_X, SHEET_Y, RIGHT_W, SHEET_H)
        self.panels_area = pygame.Rect(RIGHT_X, PANELS_Y, RIGHT_W, PANELS_H)
        self._sheet_geometry()

    def _sheet_geometry(self) -> None:
        """The large sheet's boxes: meters, umbrella and Second Line rows (as many rows as their
        boxes need), artist cells and the artist meter, and the legend's top."""
        b = self.board
        sx, y = self.sheet_rect.x + LABEL_W, SHEET_Y + 46
        self.box_rects = [[pygame.Rect(sx + k * BOX_STEP, y + a * METER_STEP, BOX, BOX)
                           for k in range(len(m.boxes))] for a, m in enumerate(b.meters)]
        y = self.box_rects[-1][0].bottom + 6
        rows = math.ceil(b.umbrella_boxes * SMALL_STEP / UMBRELLA_W)
        self.umb_rows = _box_rows(sx, y, b.umbrella_boxes, math.ceil(b.umbrella_boxes / rows))
        y = self.umb_rows[-1][0].bottom + 10  # room for the third line beside the umbrellas
        runs = (RIGHT_W - LABEL_W - 20 + GROUP_GAP) // (b.line_row * SMALL_STEP + GROUP_GAP)
        self.line_rows = _box_rows(sx, y, b.line_boxes, max(1, runs) * b.line_row, b.line_row)
        y = self.line_rows[-1][0].bottom + 6
        (cw, ch), (step, step_y) = ARTIST_CELL, ARTIST_STEP
        self.artist_rects = [pygame.Rect(sx + i * step, y, cw, step_y + ch)
                             for i in range(len(ARTISTS))]
        n = len(b.artist_meter)
        self.art_rows = _box_rows(self.artist_rects[-1].right + 12, y, n, math.ceil(n / 2),
                                  size=ART_BOX, step=(ART_STEP, step_y))
        self.umb_rects = [r for row in self.umb_rows for r in row]
        self.line_rects = [r for row in self.line_rows for r in row]
        self.art_meter = [r for row in self.art_rows for r in row]
        self.legend_y = self.artist_rects[0].bottom + 4

    def _relayout(self, mayor: bool) -> None:
        """A save made with other options: lay the card row out again, repaint everything."""
        self.mayor = mayor
        self._geometry()
        self.layers.rebuild(self._build_static())
        self._build_sheets()
        self._faces.clear()
        self._frames.clear()
        self._shapes = None

    # == static background ========================================================================
    def _build_static(self) -> pygame.Surface:
        """Streets, blocks, buildings with their icons and names, and panel frames: painted once
        per match (street names and start markers go on the map layer, over the lines)."""
        surf = pygame.Surface(BOARD_RECT.size)
        surf.fill(theme.BACKGROUND)
        pygame.draw.rect(surf, ROAD, MAP, border_radius=10)
        b = self.board
        for street in b.streets:  # activity streets carry their colour along the kerbs
            col = self._street_color(street.index)
            if col is not None:
                r = self.map.street_rect(street.index)
                pygame.draw.rect(surf, col, r.inflate(-6, -6) if street.border else r)
        for bx in range(b.columns):
            for by in range(b.rows):
                r = self.map.building_rect((bx, by), "")
                pygame.draw.rect(surf, BLOCK, r.inflate(6, 6), border_radius=6)
        for x, rect in zip(b.buildings, self.bld):
            pygame.draw.rect(surf, SMALL_HOUSE if x.small else HOUSE, rect, border_radius=6)
            surf.blits(self.map.icons[x.index], doreturn=False)
            if x.index in self.map.specials:
                surf.blit(*self.map.specials[x.index])
        self._name_imgs = {s.index: self._street_name(s.index) for s in b.streets
                           if not s.id.startswith("border")}
        self._markers = {p: start_marker(label, STARTS[p in b.line_starts])
                         for p, label in self.map.markers.items()}
        for rect in (self.panels_area, self.sheet_rect):
            pygame.draw.rect(surf, theme.PANEL, rect, border_radius=16)
        return fast(surf, alpha=False)

    def _street_color(self, street: int) -> tuple | None:
        """Scoring streets wear their activity's colour; Streetcar and Boat streets their deck's."""
        for meter in self.board.meters:
            if meter.street == street:
                return shade(sp.ACTIVITY_RGB[meter.activity], 0.55, nearest=True)
        sid = self.board.streets[street].id
        if sid == "dauphine":
            return shade(sp.DECK_RGB["streetcar"], 0.55, nearest=True)
        if sid == "n_front":
            return shade(sp.DECK_RGB["boat"], 0.55, nearest=True)
        return None

    def _street_name(self, street: int) -> tuple[pygame.Surface, ...]:
        """A street's name in two forms, the full one then without "St". An east-west street's
        name lies along it: no longer than from one crossing's line to the next, then between
        two crossings' kerbs (where lines run by). A north-south street's is a level sign on
        the map's edge (see MapLayout._place_at_ends): a plate in the street's colour."""
        s = self.board.streets[street]
        short = s.name.removesuffix(" St")
        if s.axis == "v":
            return tuple(self._street_sign(street, name) for name in (s.name, short))
        room = self.map.stretch(street, 0)
        color = WHITE if self._street_color(street) else INK
        return (fast(fit(s.name, S, room.w + STREET - LINE_W[0] - 4, color)),
                fast(fit(short, S, room.w - 4, color)))

    def _street_sign(self, street: int, name: str) -> pygame.Surface:
        """A north-south street's name, level, on a plate of its colour (or the road's)."""
        fill = self._street_color(street)
        text = fit(name, S, self.map.sign_width() - 12, WHITE if fill else INK)
        plate = pygame.Surface((text.get_width() + 12, min(text.get_height() + 4, STREET - 4)),
                               pygame.SRCALPHA)
        pygame.draw.rect(plate, fill or ROAD, plate.get_rect(), border_radius=8)
        plate.blit(text, text.get_rect(center=plate.get_rect().center))
        return fast(plate)

    def _sign(self, street: int) -> pygame.Surface:
        """The closed street's sign: "CLOSED" white on red along an east-west street; a
        no-entry sign on a north-south one (the word would have to be turned to fit)."""
        if street in self._signs:
            return self._signs[street]
        if self.board.streets[street].axis == "v":  # too narrow for the word, never turned
            sign = self._signs[street] = no_entry(STREET - 6)
            return sign
        # between the start markers on the crossings at its ends
        length = self.map.stretch(street, 0).w + STREET - 2 * MARKER_R - 4
        text = fit(t("closed"), S, length - 8, WHITE)
        plate = pygame.Surface((text.get_width() + 8, text.get_height() + 8), pygame.SRCALPHA)
        pygame.draw.rect(plate, CLOSED_RGB, plate.get_rect(), border_radius=8)
        pygame.draw.rect(plate, WHITE, plate.get_rect(), 2, border_radius=8)
        plate.blit(text, (4, 4))
        sign = self._signs[street] = fast(plate)
        return sign

    # == the kit's hooks ==========================================================================
    def show(self, view: State, viewer: int | None) -> None:
        """Take the view: re-lay out for other options, pick the large sheet, add the points
        up (when a sheet changed or the end reveals the Vacation cards), place the targets."""
        if view.mayor != self.mayor:
            self._relayout(view.mayor)
        self.large = self._active(view, viewer_seat(viewer))
        self._anchor, self._plate = None, None
        self._sheet_fields = tuple(map(_fields_of, view.sheets))
        scored = (self._sheet_fields, view.phase == OVER)
        if scored != self._scored:
            self._scored = scored
            self._totals = [sum(x.values()) for x in self.rules.scores(view)]
        super().show(view, viewer)

    def _active(self, view: State, viewer: int | None) -> int:
        """The seat whose sheet is large (see the module docstring)."""
        if view.tasks and view.tasks[0][1] >= 0:
            return view.tasks[0][1]
        if view.turn >= 0:
            return view.turn
        return viewer if viewer is not None else 0

    def place_targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Every option target with a place on screen (the shell keeps those of the prompt);
        notes what the prompt's chips decide about (`_anchor`)."""
        b = self.board
        out: dict[Target, pygame.Rect] = {}
        for x, rect in zip(b.buildings, self.bld):
            out[("building", x.id)] = rect
        for p in (*b.line_starts, *b.personal_starts):
            r = pygame.Rect(0, 0, INTERSECTION, INTERSECTION)
            r.center = self.ix[p]
            out[("intersection", *b.intersections[p])] = r
        head = view.line_head
        if view.tasks and view.tasks[0][0] == "pdir":
            head = view.sheets[view.tasks[0][1]].p_head
        if head >= 0:
            for d in DIRECTIONS:
                r = self._arrow_rect(head, d)
                if r is not None:
                    out[("direction", d)] = r
        for d, rect in self.card_rects.items():
            out[("card", d)] = pygame.Rect(rect.x, rect.y, rect.w, rect.h - DIE - 16)
        for i, (deck, value, taker) in enumerate(view.dice):
            key = ("die", deck, value)
            if taker == NOBODY and value and key not in out:
                out[key] = self._die_rect(view, i)
        for a, act in enumerate(ACTIVITIES):
            for k, rect in enumerate(self.box_rects[a]):
                out[("meter", act, k)] = rect
        for i, a in enumerate(ARTISTS):
            out[("artist", a)] = self.artist_rects[i]
        out.update(self._chooser_rects(view))
        return out

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """Every option target glows (direction options as arrows); chips on their plate."""
        if prompt is not None:
            self._draw_highlights(canvas, prompt)
            self._draw_choosers(canvas, prompt)

    def draw_focus(self, canvas: pygame.Surface, focus: Target | None,
                   prompt: Prompt | None) -> None:
        """The focused building's name on a plate above it (names are too long for the map)."""
        if focus is None or focus[0] != "building":
            return
        try:
            b = self.board.building_index(focus[1])
        except KeyError:
            return
        name, house = self.board.buildings[b].name, self.bld[b]
        rect = theme.text(name, theme.BODY_SIZE, INK, True).get_rect(
            midbottom=(house.centerx, house.y - 10))
        rect.clamp_ip(MAP.inflate(-8, -8))
        if rect.colliderect(house):
            rect.top = house.bottom + 10
            rect.clamp_ip(MAP.inflate(-8, -8))
        draw_label(canvas, name, rect.center, theme.BODY_SIZE, INK, TOOLTIP)

    # == targets ==================================================================================
    def _arrow_rect(self, head: int, d: str) -> pygame.Rect | None:
        if (head, d) not in self.board.seg_at:
            return None
        dx, dy = DIRECTIONS[d]
        cx, cy = self.ix[head]
        reach = 30 + ARROW[0] // 2
        r = pygame.Rect(0, 0, *(ARROW if dx else ARROW[::-1]))
        r.center = (cx + dx * reach, cy + dy * reach)
        return r

    def _die_rect(self, view: State, i: int) -> pygame.Rect:
        """Where die i sits on its card: side by side along the card's foot."""
        deck = view.dice[i][0]
        same = [j for j, d in enumerate(view.dice) if d[0] == deck]
        k, n = same.index(i), len(same)
        card = self.card_rects[deck]
        gap = 8
        x0 = card.centerx - (n * DIE + (n - 1) * gap) // 2
        return pygame.Rect(x0 + k * (DIE + gap), card.bottom - DIE - 8, DIE, DIE)

    # == choosers: chips for the choices that have no place of their own ==========================
    def _chooser_rects(self, view: State) -> dict[Target, pygame.Rect]:
        """Chips of the head prompt's value, circle or boost options (none for other prompts)."""
        if not view.tasks or view.tasks[0][0] not in CHOOSER_TASKS:
            return {}
        pending = self.rules.pending(view)
        if not isinstance(pending, tuple) or not pending:
            return {}
        keys = [o.target for o in pending[0].options
                if o.target is not None and o.target[0] in CHOOSERS]
        if not keys:
            return {}
        head = view.tasks[0]
        if head[0] == "circle":
            self._anchor = self.box_rects[head[2]][view.sheets[head[1]].meters[head[2]] - 1]
            return self._circle_row(view, keys)
        if head[0] == "move":  # boosts: on the street beside the tourist
            seat = head[1]
            b = view.sheets[seat].pos
            pawn = pygame.Rect(self._pawn_pos(seat, b), (PAWN, PAWN))
            return self._street_row(keys, b, pawn.centery, BOOST_CHIP)
        self._anchor = self.bld[head[2]]  # mapw / bval: the building being mapped
        return self._street_row(keys, head[2], self.bld[head[2]].centery,
                                (VALUE_CHIP, VALUE_CHIP))

    def _street_row(self, keys: list[Target], b: int, near_y: int,
                    size: tuple[int, int]) -> dict[Target, pygame.Rect]:
        """Chips in a row along the street above or below building b's block (the side nearer
        to near_y): a street holds no target of these prompts, so no choice hides another."""
        block = self.map.building_rect(self.board.buildings[b].block, "")
        above = abs(near_y - block.top) < abs(near_y - block.bottom)
        y = block.top - STREET // 2 if above else block.bottom + STREET // 2
        w, h = len(keys) * (size[0] + CHIP_GAP) - CHIP_GAP, size[1]
        area = MAP.inflate(-24, 0)  # the plate round the chips stays on the map too
        # Centred on the building, else flush with one of its sides: the row that hides the
        # least of the street names.
        r = self.bld[b]
        rows = [pygame.Rect(x - w // 2, y - h // 2, w, h).clamp(area)
                for x in (r.centerx, r.x + w // 2, r.right - w // 2)]
        row = min(rows, key=self._hidden_names)
        return _row(keys, [size[0]] * len(keys), h, row.center, area)

    def _hidden_names(self, rect: pygame.Rect) -> int:
        """Pixels of the map's labels (street names, start markers…) a chip row would cover."""
        labels = [label.rect for label in self._map_shapes().geometry.labels]
        return sum(rect.clip(r).w * rect.clip(r).h for r in labels)

    def _circle_row(self, view: State, keys: list[Target]) -> dict[Target, pygame.Rect]:
        """The bonus and multiplier chips just below the circle (above it at the sheet's foot),
        over the rows beneath while the choice lasts."""
        widths = [self._chip(view, k).get_width() for k in keys]
        circle = self._anchor
        inner = self.sheet_rect.inflate(-28, -28)
        left = self.box_rects[0][0].x + 10  # the activity names stay in view, plate and all
        area = pygame.Rect(left, inner.y, inner.right - left, inner.h)
        y = circle.bottom + 14 + CIRCLE_CHIP_H // 2
        if y + CIRCLE_CHIP_H // 2 > area.bottom:
            y = circle.top - 14 - CIRCLE_CHIP_H // 2
        return _row(keys, widths, CIRCLE_CHIP_H, (circle.centerx, y), area)

    def _chip(self, view: State, key: Target) -> pygame.Surface:
        """A chooser chip's image: a handwritten value, a boost, a circle's bonus or multiplier."""
        if key[0] == "value":
            return sp.value_chip(str(key[1]), VALUE_CHIP)
        if key[0] == "boost":
            return sp.boost_chip(f"+{key[1]}", BOOST_CHIP)
        a = ACTIVITIES.index(key[1])
        sh, meter = view.sheets[self.large], self.board.meters[a]
        if key[2] == "bonus":
            label = t("bonus", letter="ABCD"[min(sh.bonuses[a], 3)])
            return sp.circle_chip("B", key[1], label, CIRCLE_CHIP_H)
        mult = meter.multipliers[min(sh.mults[a], len(meter.multipliers) - 1)]
        return sp.circle_chip("M", key[1], f"×{mult}", CIRCLE_CHIP_H)

    # == the map layer ============================================================================
    def _held(self, kinds: frozenset[str]) -> frozenset:
        """The holds of these kinds now (part of a layer's key)."""
        return frozenset(x for x in self.holds if x[0] in kinds)

    def _map_key(self) -> Hashable:
        """Everything the map layer shows."""
        view = self.view
        large = view.sheets[self.large]
        return (self.large, large.mapped, large.vacation, view.line_segs, view.line_head,
                view.mayor_card, tuple((sh.pos, sh.p_segs) for sh in view.sheets),
                self._held(MAP_HOLDS))

    def _map_shapes(self) -> MapShapes:
        """Where the map layer puts what moves (laid out again when the map's key changes)."""
        key = self._map_key()
        if self._shapes is None or self._shapes[0] != key:
            self._shapes = (key, self._lay_out_map(self.view))
        return self._shapes[1]

    def _lay_out_map(self, view: State) -> MapShapes:
        """The map's shapes for this view, minus what the tweens still hold back."""
        h, seat = self.holds, self.large
        sh = view.sheets[seat]
        closed = self.rules.closed_street(view)
        personal = [(seg, s, _offset(s)) for s, x in enumerate(view.sheets) for seg in x.p_segs
                    if not h[("pseg", s, seg)]]
        return self.map.shapes(
            line=[seg for seg in view.line_segs if not h[("seg", seg)]], personal=personal,
            closed=closed, head=view.line_head,
            values=[b for b, v in enumerate(sh.mapped) if v and not h[("mapped", seat, b)]],
            pawns=[(s, x.pos) for s, x in enumerate(view.sheets) if not h[("pawn", s)]],
            outlined=self.board.vacations[sh.vacation].buildings if sh.vacation >= 0 else (),
            names={s: [img.get_size() for img in forms] for s, forms in self._name_imgs.items()},
            sign=self._sign(closed).get_size() if closed >= 0 else None)

    def board_geometry(self) -> BoardGeometry:
        """The map's labels, strokes and icons as last shown (the board_geometry capability)."""
        return self._map_shapes().geometry

    def _paint_map(self, surf: pygame.Surface) -> None:
        """The Second Lines, the closed street, the markers and names, the values, the tourists."""
        view, shapes = self.view, self._map_shapes()
        for seg, seat, offset in shapes.lines:
            self._paint_seg(surf, seg, LINE_RGB if seat < 0 else seat_color(seat), offset)
        closed = self.rules.closed_street(view)
        if closed >= 0:  # over the lines: a closed street must read as closed
            self._paint_closed(surf, closed, shapes)
        for p, img in self._markers.items():  # over the lines, which end at their edge
            if p == view.line_head:  # the parade's head on a start: the marker turns gold
                img = start_marker(self.map.markers[p], LINE_RGB)
            surf.blit(img, self.map.marker_rects[p])
        for street, (form, rect) in shapes.names.items():
            surf.blit(self._name_imgs[street][form], rect)
        if shapes.head is not None:
            pygame.draw.circle(surf, INK, shapes.head.center, HEAD // 2)
            pygame.draw.circle(surf, LINE_RGB, shapes.head.center, HEAD // 2 - 3)
        sh = view.sheets[self.large]
        for b in shapes.values:
            self._blit_value(surf, b, sh.mapped[b])
        if sh.vacation >= 0:
            for i in self.board.vacations[sh.vacation].buildings:
                pygame.draw.rect(surf, (60, 150, 190), self.bld[i], OUTLINE, border_radius=6)
        for seat, rect in shapes.pawns.items():
            surf.blit(_pawn(seat, rect.w), rect)

    def _blit_value(self, surf: pygame.Surface, b: int, v: int, frac: float = 1.0) -> None:
        """Building b's value in the large sheet's pen, in its spot (written left to right)."""
        text = sp.handwritten("W" if v == W else str(v), self.map.value_size(b))
        ink = text.get_bounding_rect()
        spot = self.map.value_spots[b]
        at = (spot.centerx - ink.centerx, spot.centery - ink.centery)
        if frac >= 1.0:
            surf.blit(text, at)
        else:
            surf.blit(text, at, pygame.Rect(0, 0, round(text.get_width() * frac),
                                            text.get_height()))

    def _pawn_pos(self, seat: int, b: int) -> tuple[int, int]:
        """Top-left of seat's tourist in building b: where the map stands it, or (on a walk)
        where it would stand there alone."""
        shapes = self._map_shapes()
        shown = shapes.pawns.get(seat)
        if shown is not None and self.bld[b].contains(shown):
            return shown.topleft
        others = [r for s, r in shapes.pawns.items() if s < seat and self.bld[b].contains(r)]
        return self.map.pawn_spot(seat, b, shapes.values.get(b), others).topleft

    def _paint_seg(self, surf: pygame.Surface, seg: int, color: tuple, offset: int,
                   frac: float = 1.0) -> None:
        a, b = self.map.seg_points(seg, offset)
        end = (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)
        width = LINE_W[0] - 4 if offset == 0 else LINE_W[1] - 4
        pygame.draw.line(surf, INK, a, end, width + 4)
        pygame.draw.line(surf, color, a, end, width)

    def _paint_closed(self, surf: pygame.Surface, street: int, shapes: MapShapes) -> None:
        """Variante Alcalde: the closed street's stretches hatched red round its labels, and
        its sign."""
        r = self.map.street_rect(street)
        hatch = self._closed.get(street)
        if hatch is None:
            hatch = pygame.Surface(r.size, pygame.SRCALPHA)
            hatch.fill((*CLOSED_RGB, 110))
            for k in range(-r.h, r.w + r.h, 28):
                pygame.draw.line(hatch, (*CLOSED_RGB, 230), (k, 0), (k + r.h, r.h), 5)
            hatch = self._closed[street] = fast(hatch)
        for piece in shapes.hatch:
            surf.blit(hatch, piece, piece.move(-r.x, -r.y))
        if shapes.sign is not None:
            surf.blit(self._sign(street), shapes.sign)

    # == the cards layer ==========================================================================
    def _cards_key(self) -> Hashable:
        """Everything the cards layer shows."""
        view = self.view
        return (view.cards, view.dice, view.mayor_card, self._held(CARDS_HOLDS))

    def _paint_cards(self, surf: pygame.Surface) -> None:
        """This round's card of each deck with its dice (taken ones faded), the Mayor card."""
        view, h = self.view, self.holds
        for d, rect in self.card_rects.items():
            i = DECKS.index(d)
            card = view.cards[i] if not h[("card", d)] else -1
            self._paint_card(surf, d, card, rect)
        for i, (deck, value, taker) in enumerate(view.dice):
            if deck not in self.card_rects or not value or h[("die", i)]:
                continue
            r = self._die_rect(view, i)
            if taker == NOBODY:
                surf.blit(sp.die(value, DIE), r)
            else:  # taken: a faded die ringed in the taker's colour
                surf.blit(sp.die(value, DIE, (150, 150, 150), (80, 80, 80)), r)
                pygame.draw.rect(surf, seat_color(taker), r.inflate(6, 6), 4, border_radius=12)
                draw_seat_emblem(surf, taker, r.topright, TAKER_EMBLEM)
        if view.mayor:
            self._paint_mayor(surf, view)

    def _paint_card(self, surf: pygame.Surface, deck: str, card: int, rect: pygame.Rect) -> None:
        key = (deck, card)
        face = self._faces.get(key)
        if face is None:  # painted over the static background: an opaque blit
            face = self.layers.static.subsurface(rect).copy()
            self._card_face(face, deck, card, face.get_rect())
            face = self._faces[key] = fast(face, alpha=False)
        surf.blit(face, rect)

    def _band_lines(self, deck: str) -> list[str]:
        """A deck's name in its card's band: one line, or two split with a hyphen."""
        return hyphenated(tr("deck." + deck), S, self.card_w - 6)

    def _card_face(self, surf: pygame.Surface, deck: str, card: int, rect: pygame.Rect) -> None:
        pygame.draw.rect(surf, sp.PAPER, rect, border_radius=12)
        band = pygame.Rect(rect.x, rect.y, rect.w, self.band_h)
        pygame.draw.rect(surf, sp.DECK_RGB[deck], band, border_top_left_radius=12,
                         border_top_right_radius=12)
        lines = self._band_lines(deck)
        for k, line in enumerate(lines):
            name = fit(line, S, rect.w - 6, WHITE)
            y = band.centery + (k - (len(lines) - 1) / 2) * BAND_LINE
            surf.blit(name, name.get_rect(center=(band.centerx, y)))
        mv = self.board.movement[deck]
        move = f"{mv[0]}–{mv[1]}" if isinstance(mv, tuple) else t(f"to_{mv}")
        text = fit(move, S, rect.w - 8, INK)
        surf.blit(text, text.get_rect(midtop=(rect.centerx, band.bottom + 4)))
        if card >= 0:
            icons = self.board.decks[deck][card]
            size = 46
            x0 = rect.centerx - (len(icons) * size + (len(icons) - 1) * 6) // 2
            for k, name in enumerate(icons):
                surf.blit(sp.icon(name, size), (x0 + k * (size + 6), band.bottom + 30))
        pygame.draw.rect(surf, INK, rect, 2, border_radius=12)

    def _paint_mayor(self, surf: pygame.Surface, view: State) -> None:
        """The Mayor card: the closed street, the car (Carly first) and her priority."""
        rect = self.mayor_rect
        pygame.draw.rect(surf, (236, 228, 240), rect, border_radius=12)
        band = pygame.Rect(rect.x, rect.y, rect.w, self.band_h)
        pygame.draw.rect(surf, (90, 60, 110), band, border_top_left_radius=12,
                         border_top_right_radius=12)
        title = fit(t("mayor"), S, rect.w - 10, WHITE, True)
        surf.blit(title, title.get_rect(center=band.center))
        if view.mayor_card >= 0 and not self.holds[("mayor",)]:
            card = self.board.mayor[view.mayor_card]
            street = self.board.streets[card.street].name if card.street >= 0 else t("no_closed")
            y = band.bottom + 6
            for line in wrap(street, S, rect.w - 10)[:2]:
                text = fit(line, S, rect.w - 10, CLOSED_RGB)
                surf.blit(text, text.get_rect(midtop=(rect.centerx, y)))
                y += 26
            if self.players == 1:
                self._paint_priority(surf, card, rect, y + 4)
        pygame.draw.rect(surf, INK, rect, 2, border_radius=12)

    def _paint_priority(self, surf: pygame.Surface, card, rect: pygame.Rect, y: int) -> None:
        """Mayor Carly's deck priority as coloured chips, in order (and the car icon)."""
        decks = [d for d in card.priority if d in self.card_rects]
        rows = math.ceil(len(decks) / 3)
        room = rect.bottom - 32 - y  # above "Carly first"
        chip = min(30, (rect.w - 12) // 3 - 4, room // rows - 4)
        for k, d in enumerate(decks):
            r = pygame.Rect(rect.x + 8 + (k % 3) * (chip + 4), y + (k // 3) * (chip + 4), chip,
                            chip)
            pygame.draw.rect(surf, sp.DECK_RGB[d], r, border_radius=6)
            num = theme.text(str(k + 1), S, WHITE, True)
            surf.blit(num, num.get_rect(center=r.center))
        if card.car:
            text = fit(t("carly_first"), S, rect.w - 6, (90, 60, 110), True)
            surf.blit(text, text.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))

    # == the sheet layer: compact panels and the large sheet ======================================
    def _sheet_key(self) -> Hashable:
        """Everything the panels and the large sheet show."""
        view = self.view
        return (self.large, self._sheet_fields, view.dice, view.turn, view.phase == OVER,
                self._held(SHEET_HOLDS))

    def _panel_seats(self) -> list[int]:
        """Seats in the compact panels (CARLY in solo)."""
        if self.players == 1:
            return [CARLY]
        return [s for s in range(self.players) if s != self.large]

    def _panel_rects(self) -> list[pygame.Rect]:
        seats = self._panel_seats()
        n = len(seats)
        gap = 10
        w = (RIGHT_W - gap * (n - 1)) // n  # one panel (2 players, solo) spans the row
        return [pygame.Rect(RIGHT_X + i * (w + gap), PANELS_Y, w, PANELS_H) for i in range(n)]

    def _seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a die taken by `seat` lands: its panel, or the large sheet's header."""
        if seat == self.large:
            return self.sheet_rect.x + 400, self.sheet_rect.y + 26
        for s, r in zip(self._panel_seats(), self._panel_rects()):
            if s == seat:
                return r.center
        return self.panels_area.center

    def _paint_sheets(self, surf: pygame.Surface) -> None:
        """The other seats' panels (Carly's in solo), then the active seat's large sheet."""
        view = self.view
        for seat, rect in zip(self._panel_seats(), self._panel_rects()):
            if seat == CARLY:
                self._paint_carly(surf, view, rect)
            else:
                self._paint_compact(surf, view, seat, rect)
        self._paint_large(surf, view, self.large)

    def _shown(self, view: State, seat: int) -> tuple[list[int], int, int, int]:
        """Meters, umbrellas, Second Line and artist meter of a seat minus running ticks."""
        sh, h = view.sheets[seat], self.holds
        meters = [m - h[("meter", seat, a)] for a, m in enumerate(sh.meters)]
        return meters, sh.umbrellas - h[("umb", seat)], sh.line - h[("line", seat)], \
            sh.art - h[("art", seat)]

    def _panel_frame(self, surf: pygame.Surface, rect: pygame.Rect, seat: int,
                     active: bool) -> None:
        """A panel, pre-painted over the static background (opaque blits are the fast ones)."""
        key = (tuple(rect), seat, active)
        frame = self._frames.get(key)
        if frame is None:
            frame = self.layers.static.subsurface(rect).copy()
            sp.panel(frame, seat_color(seat), active)
            frame = self._frames[key] = fast(frame, alpha=False)
        surf.blit(frame, rect)

    def _paint_compact(self, surf: pygame.Surface, view: State, seat: int,
                       rect: pygame.Rect) -> None:
        """Another seat: name and points, its five meters, umbrellas, Second Line, artists."""
        self._panel_frame(surf, rect, seat, view.turn == seat)
        meters, umb, line, art = self._shown(view, seat)
        wide = rect.w >= WIDE_PANEL  # narrow panels (4 players): the name's room comes first
        score = theme.text(self._points(self._totals[seat]), theme.BODY_SIZE if wide else S,
                           theme.TEXT, wide)
        srect = score.get_rect(topright=(rect.right - 12, rect.y + (6 if wide else 12)))
        surf.blit(score, srect)
        pawn = 34 if wide else 26
        surf.blit(_pawn(seat, pawn), (rect.x + 14 + (6 if wide else 0), rect.y + 4 + 34 - pawn))
        # No dice here (the cards ring the dice each seat took): a number beside dice read
        # as a dice count, and the name keeps its room.
        name_x = rect.x + (24 if wide else 18) + pawn
        room = srect.x - name_x - NAME_GAP  # well short of the points: never "Bot 127 points"
        # a narrow panel: smaller, then regular, never cut
        size, bold = next(((z, b) for z, b in ((theme.BODY_SIZE, True), (S, True))
                           if theme.font(z, b).size(self.names[seat])[0] * SQUEEZE <= room),
                          (S, False))
        name = fit(self.names[seat], size, room, seat_color(seat), bold)
        surf.blit(name, (name_x, rect.y + 8))
        cell = min(54, (rect.w - 30) // 5 - 4)
        for a, act in enumerate(ACTIVITIES):
            r = pygame.Rect(rect.x + 22 + a * (cell + 4), rect.y + 46, cell, 44)
            pygame.draw.rect(surf, sp.ACTIVITY_RGB[act], r, border_radius=8)
            num = theme.text(str(meters[a]), S, WHITE, True)
            surf.blit(num, num.get_rect(center=r.center))
        parts = [("umbrella", f"{umb}"), ("line", f"{line}"), ("art", f"{art}")]
        x = rect.x + 22
        for kind, value in parts:
            x = self._stat(surf, x, rect.y + 94, kind, value) + 16

    def _stat(self, surf: pygame.Surface, x: int, y: int, kind: str, value: str) -> int:
        """An icon and a number; returns the x after them."""
        if kind == "umbrella":
            surf.blit(sp.icon("umbrella", 32), (x, y))
        elif kind == "line":
            pygame.draw.line(surf, INK, (x, y + 16), (x + 32, y + 16), 12)
            pygame.draw.line(surf, LINE_RGB, (x, y + 16), (x + 32, y + 16), 8)
        else:  # a blank artist tag: any artist (a code here read as "the Sax count")
            surf.blit(sp.artist_tag("", 32), (x, y))
        text = theme.text(value, S, theme.TEXT, True)
        surf.blit(text, text.get_rect(midleft=(x + 38, y + 16)))
        return x + 38 + text.get_width()

    @staticmethod
    def _points(points: int) -> str:
        """ "1 point", "23 points": a score in whole words (the one/other plural)."""
        return t("points", count=points)

    def _paint_carly(self, surf: pygame.Surface, view: State, rect: pygame.Rect) -> None:
        """Solo: Mayor Carly's panel with the dice she took this round."""
        self._panel_frame(surf, rect, CARLY, False)
        name = theme.text(t("carly"), theme.BODY_SIZE, (220, 200, 240), True)
        surf.blit(name, (rect.x + 26, rect.y + 8))
        hint = fit(t("carly_hint"), S, rect.w - 40, theme.TEXT_DIM)
        surf.blit(hint, (rect.x + 26, rect.y + 48))
        taken = [(d, v) for d, v, tk in view.dice if tk == CARLY]
        for k, (d, v) in enumerate(taken):
            r = pygame.Rect(rect.x + 26 + k * 230, rect.y + 84, 44, 44)
            surf.blit(sp.die(v, 44), r)
            label = fit(tr("deck." + d), S, 170, sp.DECK_RGB[d], True)
            surf.blit(label, label.get_rect(midleft=(r.right + 6, r.centery)))

    def _paint_large(self, surf: pygame.Surface, view: State, seat: int) -> None:
        """The active seat's sheet: the pre-rendered blank sheet, then what is marked on it."""
        rect, content = self.sheet_rect, self._content
        base = self._frames.get(("large", seat))
        if base is None:  # the seat's frame and the blank sheet in one opaque surface
            base = self.layers.static.subsurface(rect).copy()
            sp.panel(base, seat_color(seat), True)
            base.blit(self._sheet_blank, content.move(-rect.x, -rect.y))
            base = self._frames[("large", seat)] = fast(base, alpha=False)
        surf.blit(base, rect)
        self._sheet_header(surf, view, seat, rect)
        meters, umb, line, art = self._shown(view, seat)
        sh = view.sheets[seat]
        marks = [(self.box_rects[a], meters[a]) for a in range(len(ACTIVITIES))]
        for rows, count in ((self.umb_rows, umb), (self.line_rows, line), (self.art_rows, art)):
            for row in rows:
                marks.append((row, count))
                count -= len(row)
        for boxes, n in marks:
            n = min(n, len(boxes))
            if n > 0:  # the marked part of a row, copied from the all-marked sheet
                area = boxes[0].union(boxes[n - 1]).inflate(4, 4)
                surf.blit(self._sheet_full, area, area.move(-content.x, -content.y))
        for a in range(len(ACTIVITIES)):
            self._meter_extras(surf, sh, a)
        self._artist_cells(surf, sh)
        self._sheet_footer(surf, view, seat, rect)

    def _build_sheets(self) -> None:
        """The blank and the all-marked large sheet (rows are copied from them when painting)."""
        rect = self.sheet_rect
        bottom = self.legend_y + 3 * LEGEND_STEP
        self._content = pygame.Rect(rect.x + 14, rect.y + 48, rect.w - 30, bottom - rect.y - 48)
        out = []
        for full in (False, True):
            surf = pygame.Surface(BOARD_RECT.size)
            surf.fill(theme.PANEL_LIGHT)
            n = 99 if full else 0
            for a, act in enumerate(ACTIVITIES):
                self._meter_row(surf, a, act, n)
            self._small_rows(surf, n)
            self._artist_frame(surf, n)
            self._legend(surf)
            out.append(fast(surf.subsurface(self._content).copy(), alpha=False))
        self._sheet_blank, self._sheet_full = out
        for key in [k for k in self._frames if k[0] == "large"]:
            del self._frames[key]

    def _small_rows(self, surf: pygame.Surface, n: int) -> None:
        """Umbrella and Second Line rows with their labels."""
        x0 = self.sheet_rect.x + 26
        surf.blit(sp.icon("umbrella", 30), (x0 - 4, self.umb_rects[0].y - 2))
        label = fit(t("umbrellas"), S, LABEL_W - 64, theme.TEXT)
        surf.blit(label, (x0 + 30, self.umb_rects[0].y))
        for k, r in enumerate(self.umb_rects):
            wild = (k + 1) % self.board.wild_every == 0
            _small_box(surf, r, k < n, UMBRELLA_RGB_LIGHT, wild)
        label = fit(t("second_line"), S, LABEL_W - 34, theme.TEXT)
        surf.blit(label, (x0, self.line_rects[0].y))
        for k, r in enumerate(self.line_rects):
            end = (k + 1) % self.board.line_row == 0
            _small_box(surf, r, k < n, LINE_RGB, end)

    def _sheet_header(self, surf: pygame.Surface, view: State, seat: int,
                      rect: pygame.Rect) -> None:
        """Name, this round's dice, unspent W writes and the police value, points."""
        surf.blit(_pawn(seat, 34), (rect.x + 20, rect.y + 8))
        name = fit(self.names[seat], theme.BODY_SIZE, 300 - 38, seat_color(seat), True)
        surf.blit(name, (rect.x + 58, rect.y + 10))
        score = theme.text(self._points(self._totals[seat]), theme.BODY_SIZE, theme.TEXT, True)
        surf.blit(score, score.get_rect(topright=(rect.right - 16, rect.y + 10)))
        taken = [v for d, v, tk in view.dice if tk == seat]
        for k, v in enumerate(taken):
            surf.blit(sp.die(v, 38), (rect.x + 360 + k * 44, rect.y + 6))
        x = rect.x + 470
        sh = view.sheets[seat]
        writes = max(0, w_left(sh))
        bits = []
        if writes:
            bits.append(t("w_left", count=writes))
        if sh.police > 0:
            bits.append(t("police", value=sh.police))
        if bits:
            text = fit("  ".join(bits), S, score.get_rect(
                topright=(rect.right - 16, 0)).x - x - 12, theme.ACCENT, True)
            surf.blit(text, (x, rect.y + 14))

    def _meter_row(self, surf: pygame.Surface, a: int, act: str, marked: int) -> None:
        """One activity meter's icon, name and 14 boxes (the first `marked` ones ticked)."""
        meter = self.board.meters[a]
        boxes = self.box_rects[a]
        y = boxes[0].centery
        x0 = self.sheet_rect.x + 18
        surf.blit(sp.icon(act, 28), (x0 - 4, y - 14))
        name = fit(tr("activity." + act), S, LABEL_W - 52, sp.ACTIVITY_RGB[act])
        surf.blit(name, name.get_rect(midleft=(x0 + 28, y)))
        col = sp.ACTIVITY_RGB[act]
        for k, r in enumerate(boxes):
            kind = meter.boxes[k]
            fill = col if k < marked else (248, 244, 234)
            if kind == "sq":
                pygame.draw.rect(surf, fill, r, border_radius=4)
                pygame.draw.rect(surf, INK, r, 2, border_radius=4)
            else:
                pygame.draw.circle(surf, fill, r.center, r.w // 2)
                pygame.draw.circle(surf, INK, r.center, r.w // 2, 2)
                text = sp.circle_mark(kind, INK if k >= marked else WHITE)
                surf.blit(text, text.get_rect(center=r.center))
            if k < marked:
                sp.check(surf, r, INK, 1.0, 3)

    def _meter_extras(self, surf: pygame.Surface, sh: Sheet, a: int) -> None:
        """Crossed-out circles (Party A), the multiplier reached and the bonuses unlocked."""
        meter = self.board.meters[a]
        boxes = self.box_rects[a]
        for k in sh.crossed if a == 1 else ():
            r = boxes[k]
            pygame.draw.line(surf, CLOSED_RGB, r.bottomleft, r.topright, 5)
        mult = meter.multipliers[sh.mults[a] - 1] if sh.mults[a] else 0
        for text, rect in self.meter_tail(a, mult, "ABCD"[:sh.bonuses[a]]):
            surf.blit(text, rect)

    def meter_tail(self, a: int, mult: int, letters: str) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """What follows meter a's boxes: its multiplier ("×2", body text) and the bonus letters
        unlocked (if any), each with where it goes."""
        boxes = self.box_rects[a]
        text = theme.text(f"×{mult}", MULT_SIZE, theme.TEXT, True)
        out = [(text, text.get_rect(midleft=(boxes[-1].right + 6, boxes[0].centery)))]
        if letters:
            tail = theme.text(letters, S, theme.ACCENT, True)
            out.append((tail, tail.get_rect(midleft=(out[0][1].right + 6, boxes[0].centery))))
        return out

    def _artist_frame(self, surf: pygame.Surface, marked: int) -> None:
        """The artist label, the empty artist cells and the 16-box artist meter."""
        x0 = self.sheet_rect.x + 26
        label = fit(t("artists"), S, LABEL_W - 34, theme.TEXT)
        surf.blit(label, (x0, self.artist_rects[0].y + 8))
        for i, a in enumerate(ARTISTS):
            for row in range(2):
                cell = self._artist_cell(i, row)
                pygame.draw.rect(surf, theme.PANEL, cell.inflate(-2, -2), 2, border_radius=10)
                text = theme.text(self._abbr[a], MARK, theme.TEXT_DIM, True)
                surf.blit(text, text.get_rect(center=cell.center))
        for k, r in enumerate(self.art_meter):
            reward = self.board.artist_meter[k]
            _small_box(surf, r, k < marked, ARTIST_LIGHT, bool(reward))
            _reward_mark(surf, r, reward)

    def _artist_cell(self, i: int, row: int) -> pygame.Rect:
        """Artist i's cell in the top (0) or the bottom (1) row."""
        r = self.artist_rects[i]
        return pygame.Rect((r.x, r.y + row * ARTIST_STEP[1]), ARTIST_CELL)

    def _legend(self, surf: pygame.Surface) -> None:
        """The artists' key under their cells (each tag with its artist's name, in two lines),
        then the key to the sheet's symbols."""
        per_line = math.ceil(len(ARTISTS) / 2)
        x0, width = self.sheet_rect.x + 26, (self.sheet_rect.w - 52) // per_line
        for i, a in enumerate(ARTISTS):
            x = x0 + (i % per_line) * width
            y = self.legend_y + (i // per_line) * LEGEND_STEP
            tag = sp.artist_tag(self._abbr[a], LEGEND_STEP - 2)
            surf.blit(tag, (x, y))
            name = fit(tr(f"option.artist.{a}"), S, width - tag.get_width() - 16, theme.TEXT)
            surf.blit(name, name.get_rect(midleft=(x + tag.get_width() + 6, y + tag.get_height() // 2)))
        self._symbol_key(surf, x0, self.legend_y + 2 * LEGEND_STEP)

    def _symbol_key(self, surf: pygame.Surface, x: int, y: int) -> None:
        """One line: each symbol as the sheet draws it (B, ×, B× circles; the artist meter's M
        and points boxes) and what it means."""
        cy = y + LEGEND_STEP // 2
        for kind, key in (("B", "bonus"), ("M", "mult"), ("BM", "either")):
            mark = sp.circle_mark(kind, INK)  # in a circle, or a pill when B× is wider
            r = pygame.Rect(0, 0, max(LEGEND_STEP, mark.get_width() + 10), LEGEND_STEP)
            r.midleft = (x, cy)
            pygame.draw.rect(surf, (248, 244, 234), r, border_radius=r.h // 2)
            pygame.draw.rect(surf, INK, r, 2, border_radius=r.h // 2)
            surf.blit(mark, mark.get_rect(center=r.center))
            x = self._key_text(surf, f"key.{key}", r.right + 6, cy)
        for reward, key in (("map:", "map"), ("points:3", "points")):
            r = pygame.Rect(0, 0, ART_BOX[0], LEGEND_STEP)
            r.midleft = (x, cy)
            _small_box(surf, r, False, ARTIST_LIGHT, True)
            _reward_mark(surf, r, reward)
            x = self._key_text(surf, f"key.{key}", r.right + 6, cy)

    def _key_text(self, surf: pygame.Surface, key: str, x: int, cy: int) -> int:
        """A symbol's meaning, left-aligned at x; returns where the next symbol goes."""
        text = fit(t(key), S, KEY_TEXT_W, theme.TEXT)
        surf.blit(text, text.get_rect(midleft=(x, cy)))
        return x + text.get_width() + KEY_GAP

    def _artist_cells(self, surf: pygame.Surface, sh: Sheet) -> None:
        """The artists seen, in the top row and then the bottom row."""
        for i, a in enumerate(ARTISTS):
            for row, mask in enumerate((sh.top, sh.bottom)):
                if mask & (1 << i):
                    img = sp.artist_tag(self._abbr[a], ARTIST_CELL[1])  # its code at 28 px
                    surf.blit(img, img.get_rect(center=self._artist_cell(i, row).center))

    def _sheet_footer(self, surf: pygame.Surface, view: State, seat: int,
                      rect: pygame.Rect) -> None:
        """Courtyards and Riverwalk beside the umbrellas; what the blue numbers on the map are
        and the Vacation card (only its owner sees it until the end) at the foot."""
        sh = view.sheets[seat]
        x, y = self.umb_rows[0][-1].right + 16, self.umb_rows[0][0].y - 3
        lines = [t("courtyards", count=len(sh.courtyards)), t("riverwalk", count=sh.riverwalk)]
        if view.tourism:  # the card's buildings are outlined on the map; here how many are done
            if sh.vacation >= 0:
                vac = self.board.vacations[sh.vacation]
                lines.append(t("vacation", count=sum(1 for b in vac.buildings if sh.mapped[b])))
            else:
                lines.append(t("vacation_hidden"))
        for k, line in enumerate(lines):
            text = fit(line, S, rect.right - 16 - x, theme.TEXT)
            surf.blit(text, (x, y + k * SIDE_LINE))
        text = fit(t("map_values", name=self.names[seat]), S, rect.w - 40, VALUE_NOTE)
        surf.blit(text, (rect.x + 26, self.legend_y + 3 * LEGEND_STEP + 2))

    # == per-frame drawing ========================================================================
    def _draw_highlights(self, canvas: pygame.Surface, prompt: Prompt) -> None:
        """Every option target glows; direction options get arrows (chips: _draw_choosers)."""
        width = 3 + round(2 * self.pulse())
        for opt in prompt.options:
            if opt.target is None or opt.target[0] in CHOOSERS:
                continue
            rect = self._targets.get(opt.target)
            if rect is None:
                continue
            if opt.target[0] == "direction":
                _arrow(canvas, opt.target[1], rect)
            elif opt.target[0] == "intersection":
                pygame.draw.circle(canvas, INK, rect.center, rect.w // 2 + 3, 3)
                pygame.draw.circle(canvas, OPTION, rect.center, rect.w // 2, width)
            else:  # dark outside, white inside: visible on the paper cards and the dark panels
                pygame.draw.rect(canvas, INK, rect.inflate(12, 12), 4, border_radius=10)
                pygame.draw.rect(canvas, OPTION, rect.inflate(6, 6), width, border_radius=8)

    def _draw_choosers(self, canvas: pygame.Surface, prompt: Prompt) -> None:
        """The prompt's chips on one plate, and a ring round what they decide about."""
        keys = tuple(o.target for o in prompt.options if o.target is not None
                     and o.target[0] in CHOOSERS and o.target in self._targets)
        if not keys:
            return
        if self._anchor is not None:
            pygame.draw.rect(canvas, INK, self._anchor.inflate(16, 16), 4, border_radius=12)
            pygame.draw.rect(canvas, WHITE, self._anchor.inflate(10, 10), 4, border_radius=10)
        if self._plate is None or self._plate[0] != keys:
            self._plate = (keys, *self._build_plate(keys))
        canvas.blit(self._plate[1], self._plate[2])
        width = 3 + round(2 * self.pulse())
        for key in keys:
            pygame.draw.rect(canvas, OPTION, self._targets[key].inflate(6, 6), width,
                             border_radius=10)

    def _build_plate(self, keys: tuple) -> tuple[pygame.Surface, pygame.Rect]:
        """The chips painted once on a dark plate (a frame only blits it)."""
        rects = [self._targets[k] for k in keys]
        plate = rects[0].unionall(rects[1:]).inflate(16, 4 if keys[0][0] != "circle" else 12)
        surf = pygame.Surface(plate.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*theme.PANEL, 235), surf.get_rect(), border_radius=12)
        pygame.draw.rect(surf, INK, surf.get_rect(), 3, border_radius=12)
        for key, rect in zip(keys, rects):
            img = self._chip(self.view, key)
            surf.blit(img, img.get_rect(center=rect.move(-plate.x, -plate.y).center))
        return fast(surf), plate

    # == event animations =========================================================================
    # Each handler queues tweens from `at` and returns where the next event's tweens start.
    @on_event("die_rolled", sound=EventSound((Cue("shuffle", volume=0.35),), 0.07))
    def _die_rolled(self, ev: Event, at: float, batch: Batch) -> float:
        """A die tumbles onto its card (the k-th roll of a deck is its k-th die)."""
        view, deck = self.view, ev.get("deck")
        k = batch.tally[deck]
        batch.tally[deck] += 1
        same = [i for i, d in enumerate(view.dice) if d[0] == deck]
        if k >= len(same) or deck not in self.card_rects:
            return at
        i = same[k]
        self.timeline.add(at, 0.35, _tumble(self._die_rect(view, i), ev.get("value"), i),
                          pytweening.easeOutQuad, (("die", i),))
        return at + 0.07

    @on_event("card_revealed", sound=EventSound((Cue("flip", volume=0.5),), 0.08))
    def _card_revealed(self, ev: Event, at: float, batch: Batch) -> float:
        """This round's card of a deck turns face up."""
        deck = ev.get("deck")
        if deck not in self.card_rects:
            return at
        self.timeline.add(at, 0.25, _flash(self.card_rects[deck], sp.DECK_RGB[deck]),
                          holds=(("card", deck),))
        return at + 0.08

    @on_event("mayor_card", sound=EventSound((Cue("flip"),), 0.25))
    def _mayor_card(self, ev: Event, at: float, batch: Batch) -> float:
        """This round's Mayor card turns face up."""
        self.timeline.add(at, 0.3, _flash(self.mayor_rect, CLOSED_RGB), holds=(("mayor",),))
        return at + 0.25

    @on_event("die_taken", sound=EventSound((Cue("swish"),), 0.35))
    def _die_taken(self, ev: Event, at: float, batch: Batch) -> float:
        """A seat takes a die: it flies to the seat's panel or sheet."""
        return self._fly_die(ev.get("deck"), ev.get("value"), ev.player, at, batch.old)

    @on_event("carly_took", sound=EventSound((Cue("swish", volume=0.7),), 0.35))
    def _carly_took(self, ev: Event, at: float, batch: Batch) -> float:
        """Mayor Carly takes a die: it flies to her panel."""
        return self._fly_die(ev.get("deck"), ev.get("value"), CARLY, at, batch.old)

    def _fly_die(self, deck: str, value: int, seat: int, at: float, old: State | None) -> float:
        src = old if old is not None else self.view
        i = next((j for j, (d, v, tk) in enumerate(src.dice)
                  if d == deck and v == value and tk == NOBODY), None)
        if i is None or deck not in self.card_rects:
            return at
        paint = fly(sp.die(value, DIE), self._die_rect(src, i).center, self._seat_anchor(seat),
                    arc=60)
        self.timeline.add(at, 0.35, paint)
        return at + 0.35

    @on_event("card_swapped", sound=EventSound((Cue("flip"),), 0.2))
    def _card_swapped(self, ev: Event, at: float, batch: Batch) -> float:
        """Culture C: the card whose movement the turn uses now rings."""
        rect = self.card_rects.get(ev.get("deck"))
        if rect is not None:
            self.timeline.add(at, 0.25, _ring_pulse(rect, theme.ACCENT))
        return at + 0.2

    @on_event("moved", sound=EventSound((Cue("tick", volume=0.6),), 0.45))
    def _moved(self, ev: Event, at: float, batch: Batch) -> float:
        """The tourist walks to its new building."""
        if batch.old is None:
            return at
        seat = ev.player
        end = self.board.building_index(ev.get("building"))
        return self._walk(seat, batch.old.sheets[seat].pos, end, at)

    @on_event("police", sound=EventSound((Cue("error", volume=0.6),), 0.45))
    def _police(self, ev: Event, at: float, batch: Batch) -> float:
        """Party C: the tourist is taken straight to the police station."""
        if batch.old is None:
            return at
        seat = ev.player
        return self._walk(seat, batch.old.sheets[seat].pos, self.board.police, at, hop=True)

    def _walk(self, seat: int, start: int, end: int, at: float, hop: bool = False) -> float:
        """The tourist walks building to building (a Streetcar or Boat ride hops straight)."""
        path = [start, end] if hop else self._path(start, end)
        if len(path) > 5 or self.view.card_deck in ("streetcar", "boat"):
            path = [start, end]
        pts = [self._pawn_pos(seat, b) for b in path]
        dur = min(0.8, 0.16 * max(1, len(pts) - 1) + 0.12)
        # early: a queued walk keeps its tourist where it was until it sets off
        sprite = _pawn(seat, self.map.pawn_size(end))
        self.timeline.add(at, dur, _walker(sprite, pts),
                          pytweening.linear, (("pawn", seat),), early=True)
        return at + dur

    def _path(self, a: int, b: int) -> list[int]:
        """Shortest building path (BFS over orthogonal adjacency)."""
        prev = {a: a}
        queue = deque([a])
        while queue:
            x = queue.popleft()
            if x == b:
                break
            for n in self.board.adjacency[x]:
                if n not in prev:
                    prev[n] = x
                    queue.append(n)
        if b not in prev:
            return [a, b]
        out = [b]
        while out[-1] != a:
            out.append(prev[out[-1]])
        return out[::-1]

    @on_event("mapped", sound=EventSound((Cue("clunk", volume=0.5, at=0.3),), 0.4))
    def _mapped(self, ev: Event, at: float, batch: Batch) -> float:
        """A value is written on the large sheet's map, left to right."""
        seat = ev.player
        if seat != self.large:
            return at
        b = self.board.building_index(ev.get("building"))
        v = ev.get("value")
        value = W if v == "W" else v
        self.timeline.add(at, 0.4, lambda c, p: self._blit_value(c, b, value, max(0.05, p)),
                          pytweening.linear, (("mapped", seat, b),))
        return at + 0.4

    @on_event("meter", sound=EventSound((Cue("tick"),), 0.22))
    def _meter(self, ev: Event, at: float, batch: Batch) -> float:
        """A meter box of the large sheet is ticked."""
        seat = ev.player
        if seat != self.large:
            return at + 0.05
        a = ACTIVITIES.index(ev.get("activity"))
        rect = self.box_rects[a][min(ev.get("box"), len(self.box_rects[a]) - 1)]
        self.timeline.add(at, 0.22, _tick(rect, sp.ACTIVITY_RGB[ACTIVITIES[a]]),
                          holds=(("meter", seat, a),))
        return at + 0.22

    @on_event("umbrella", sound=EventSound((Cue("tick", volume=0.7),), 0.22))
    def _umbrella(self, ev: Event, at: float, batch: Batch) -> float:
        """An umbrella box of the large sheet is ticked."""
        seat = ev.player
        if seat != self.large:
            return at + 0.05
        rect = self.umb_rects[min(ev.get("box"), len(self.umb_rects)) - 1]
        self.timeline.add(at, 0.22, _tick(rect, UMBRELLA_RGB_LIGHT), holds=(("umb", seat),))
        return at + 0.22

    @on_event("multiplier", sound=EventSound((Cue("confirm"),), 0.3))
    def _multiplier(self, ev: Event, at: float, batch: Batch) -> float:
        """A multiplier is reached: "×3" rises by the meter (or the seat's panel)."""
        return self._popup_for(ev.player, ev.get("activity"), f"×{ev.get('value')}", at)

    @on_event("bonus", sound=EventSound((Cue("fanfare", volume=0.6),), 0.45))
    def _bonus(self, ev: Event, at: float, batch: Batch) -> float:
        """A bonus is unlocked: "Bonus A" rises by the meter (or the seat's panel)."""
        return self._popup_for(ev.player, ev.get("activity"),
                               t("bonus", letter=ev.get("letter")), at)

    def _popup_for(self, seat: int, act: str, label: str, at: float) -> float:
        if seat == self.large:
            r = self.box_rects[ACTIVITIES.index(act)][-1]
            c = (r.right + 60, r.centery)
        else:
            c = self._seat_anchor(seat)
        self.timeline.add(at, 0.5, _rising_tag(label, c, sp.ACTIVITY_RGB[act]))
        return at + 0.3

    @on_event("artist", sound=EventSound((Cue("tick"),), 0.22))
    def _artist(self, ev: Event, at: float, batch: Batch) -> float:
        """An artist is seen: its cell on the large sheet rings."""
        seat = ev.player
        if seat != self.large:
            return at + 0.05
        i = ARTISTS.index(ev.get("artist"))
        self.timeline.add(at, 0.3, _ring_pulse(self.artist_rects[i], sp.ARTIST_RGB),
                          holds=(("art", seat),))
        return at + 0.22

    @on_event("line_advanced", sound=EventSound((Cue("fanfare", volume=0.5),), 0.5))
    def _line_advanced(self, ev: Event, at: float, batch: Batch) -> float:
        """The Second Line parades one stretch further."""
        seg = ev.get("segment")
        self.timeline.add(at, 0.5, lambda c, p: self._paint_seg(c, seg, LINE_RGB, 0, max(0.02, p)),
                          pytweening.easeInOutSine, (("seg", seg),))
        return at + 0.5

    @on_event("personal_advanced", sound=EventSound((Cue("swish", volume=0.6),), 0.5))
    def _personal_advanced(self, ev: Event, at: float, batch: Batch) -> float:
        """A seat's own Second Line draws one stretch further, in its lane."""
        seat, seg = ev.player, ev.get("segment")
        color, offset = seat_color(seat), _offset(seat)
        self.timeline.add(at, 0.5,
                          lambda c, p: self._paint_seg(c, seg, color, offset, max(0.02, p)),
                          pytweening.easeInOutSine, (("pseg", seat, seg),))
        return at + 0.5

    @on_event("line_scored", sound=EventSound((Cue("tick", volume=0.5),), 0.3))
    def _line_scored(self, ev: Event, at: float, batch: Batch) -> float:
        """Second Line boxes are marked: "+n" rises by the row (or the seat's panel)."""
        seat = ev.player
        c = self._seat_anchor(seat)
        if seat == self.large:
            c = (self.line_rects[-1].right - 40, self.line_rects[0].y)
        self.timeline.add(at, 0.5, _rising_tag(f"+{ev.get('count')}", c, LINE_RGB))
        return at + 0.3

    @on_event("line_start", sound=None)
    def _line_start(self, ev: Event, at: float, batch: Batch) -> float:
        """The Second Line's starting crossing rings."""
        c = self.ix[ev.get("intersection")]
        rect = pygame.Rect(c[0] - 24, c[1] - 24, 48, 48)
        self.timeline.add(at, 0.5, _ring_pulse(rect, LINE_RGB))
        return at + 0.3

    @on_event("round", sound=EventSound((Cue("chime", volume=0.6),), 0.8))
    def _round(self, ev: Event, at: float, batch: Batch) -> float:
        """A banner over the map: the round that begins."""
        self.timeline.add(at, 0.8, banner(t("round", round=ev.get("round")), MAP.center, WHITE,
                                          BANNER))
        return at + 0.6

    @on_event("game_over")
    def _game_over(self, ev: Event, at: float, batch: Batch) -> float:
        """A banner over the map: the game is over."""
        self.timeline.add(at, 0.9, banner(t("game_over"), MAP.center, WHITE, BANNER))
        return at + 0.9

    @on_event("no_move", sound=EventSound((Cue("error", volume=0.5),), 0.2))
    def _no_move(self, ev: Event, at: float, batch: Batch) -> float:
        """A seat cannot move: a red note rises by its panel."""
        self.timeline.add(at, 0.4, _rising_tag(t("no_move"), self._seat_anchor(ev.player),
                                               CLOSED_RGB))
        return at + 0.2


# == small helpers ===============================================================================
@art_cache(maxsize=64)
def start_marker(label: str, fill: tuple) -> pygame.Surface:
    """A start marker: a disc with its number (the parade's) or a dot (a personal line's)."""
    r = MARKER_R
    surf = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(surf, INK, (r, r), r)
    pygame.draw.circle(surf, fill, (r, r), r - 2)
    text = theme.text(label, S, INK, True)
    surf.blit(text, text.get_rect(center=(r, r)))
    return fast(surf)


@art_cache(maxsize=4)
def no_entry(size: int) -> pygame.Surface:
    """A no-entry road sign: a red disc, white-rimmed, with a white bar across."""
    r = size // 2
    surf = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(surf, WHITE, (r, r), r)
    pygame.draw.circle(surf, CLOSED_RGB, (r, r), r - 2)
    bar = pygame.Rect(0, 0, round(r * 1.3), max(6, r // 3))
    bar.center = (r, r)
    pygame.draw.rect(surf, WHITE, bar, border_radius=2)
    return fast(surf)


def _offset(seat: int) -> int:
    """Personal Second Lines run beside the public one, one lane per seat."""
    return (-12, 12, -6, 6)[seat % 4]


def _row(keys: list[Target], widths: list[int], h: int, center: tuple[int, int],
         area: pygame.Rect) -> dict[Target, pygame.Rect]:
    """Rects of a chip row centred on `center`, shifted to stay inside `area`."""
    row = pygame.Rect(0, 0, sum(widths) + CHIP_GAP * (len(widths) - 1), h)
    row.center = center
    row.clamp_ip(area)
    out, x = {}, row.x
    for key, w in zip(keys, widths):
        out[key] = pygame.Rect(x, row.y, w, h)
        x += w + CHIP_GAP
    return out


def hyphenated(word: str, size: int, max_w: int) -> list[str]:
    """The word on one line if it fits (narrowed at worst), else in two lines split with a
    hyphen before a consonant between two vowels (a syllable's start), the first as long as fits."""
    font = theme.font(size)
    if font.size(word)[0] * SQUEEZE <= max_w:
        return [word]
    low = word.lower()
    cuts = [i for i in range(2, len(word) - 2) if low[i] not in VOWELS
            and low[i - 1] in VOWELS and low[i + 1] in VOWELS
            and font.size(word[:i] + "-")[0] * SQUEEZE <= max_w]
    return [word[:max(cuts)] + "-", word[max(cuts):]] if cuts else [word]


def _box_rows(x: int, y: int, count: int, per_row: int, run: int = 0,
              size: tuple[int, int] = (SMALL_BOX, SMALL_BOX),
              step: tuple[int, int] = (SMALL_STEP, SMALL_STEP)) -> list[list[pygame.Rect]]:
    """Rows of `count` boxes of `size`, `per_row` a row at `step` (x, y) apart, a gap after
    every `run` boxes (0: none)."""
    rows: list[list[pygame.Rect]] = []
    for k in range(count):
        col = k % per_row
        if col == 0:
            rows.append([])
        gaps = col // run if run else 0
        rows[-1].append(pygame.Rect((x + col * step[0] + gaps * GROUP_GAP,
                                     y + (k // per_row) * step[1]), size))
    return rows


def _small_box(surf: pygame.Surface, r: pygame.Rect, marked: bool, col: tuple,
               special: bool) -> None:
    """An umbrella, Second Line or artist meter box (special ones edged in dark gold)."""
    pygame.draw.rect(surf, col if marked else (248, 244, 234), r, border_radius=4)
    pygame.draw.rect(surf, ACCENT_DARK if special else INK, r, 3 if special else 2,
                     border_radius=4)
    if marked:
        sp.check(surf, r, INK, 1.0, 2)


def _reward_mark(surf: pygame.Surface, r: pygame.Rect, reward: str) -> None:
    """An artist meter box's reward: an activity's or the umbrella's icon as wide as the box,
    else its letter or number."""
    if reward in ACTIVITIES or reward == "umbrella":
        img = sp.icon(reward, r.w)
        surf.blit(img, img.get_rect(center=r.center))
    elif glyph := _reward_glyph(reward):
        text = theme.text(glyph, MARK, INK, True)
        surf.blit(text, text.get_rect(center=r.center))


def _reward_glyph(reward: str) -> str:
    """The letter or number an artist meter box shows for its reward."""
    if reward.startswith("points:"):
        return reward[7:]
    if reward.startswith("map:"):
        return "M"
    return {"umbrella": "U", "": ""}.get(reward, reward[:1].upper())


def _arrow(canvas: pygame.Surface, d: str, rect: pygame.Rect) -> None:
    """A gold arrow pointing in direction d, filling rect (a Second Line direction option)."""
    dx, dy = DIRECTIONS[d]
    cx, cy = rect.center
    length = max(rect.w, rect.h) // 2 - 2
    width = min(rect.w, rect.h) // 2 - 2
    tip = (cx + dx * length, cy + dy * length)
    back = (cx - dx * length, cy - dy * length)
    side = (-dy, dx)
    pts = [tip, (back[0] + side[0] * width, back[1] + side[1] * width),
           (back[0] - side[0] * width, back[1] - side[1] * width)]
    pygame.draw.polygon(canvas, LINE_RGB, pts)
    pygame.draw.polygon(canvas, INK, pts, 3)


# == tween painters: this room's own animations ==================================================
def _rising_tag(label: str, center: Sequence[float], color: tuple) -> Painter:
    """Paint: white text on a plate of `color` rising 30 px from `center`."""
    return popup(label, center, WHITE, theme.BODY_SIZE, lift=0, rise=30,
                 plate=Plate(color, INK, 2, 10, (18, 8)), nearest=True)


def _tumble(rect: pygame.Rect, value: int, seed: int) -> Painter:
    """Paint: a die falls onto its card, rolling through faces, and lands on `value`."""
    rng = random.Random(seed)
    faces = [rng.randint(1, 6) for _ in range(8)]

    def paint(canvas: pygame.Surface, p: float) -> None:
        face = value if p > 0.85 else faces[int(p * 8) % 8]
        img = sp.die(face, DIE)
        if p < 1.0:
            img = pygame.transform.rotate(img, (1 - p) * 360)
        y = rect.centery - (1 - p) * 80 - abs(math.sin(p * math.pi * 2)) * 12 * (1 - p)
        canvas.blit(img, img.get_rect(center=(rect.centerx, y)))
    return paint


def _walker(sprite: pygame.Surface, pts: list[tuple[int, int]]) -> Painter:
    """Paint: a pawn moves along pts at an even pace, hopping a little at each step."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        n = len(pts) - 1
        f = p * n
        k = min(n - 1, int(f))
        u = f - k
        (x1, y1), (x2, y2) = pts[k], pts[k + 1]
        hop = math.sin(u * math.pi) * 14
        canvas.blit(sprite, (x1 + (x2 - x1) * u, y1 + (y2 - y1) * u - hop))
    return paint


def _tick(rect: pygame.Rect, color: tuple) -> Painter:
    """Paint: a box fills and gets its pencil cross."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        pygame.draw.rect(canvas, color, rect, border_radius=4)
        pygame.draw.rect(canvas, INK, rect, 2, border_radius=4)
        sp.check(canvas, rect, INK, p, 3)
        pygame.draw.rect(canvas, OPTION, rect.inflate(8, 8), 3, border_radius=6)
    return paint


def _flash(rect: pygame.Rect, color: tuple) -> Painter:
    """Paint: a card turning face up grows from a thin strip."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        r = pygame.Rect(0, 0, max(2, round(rect.w * p)), rect.h)
        r.center = rect.center
        pygame.draw.rect(canvas, color, r, border_radius=12)
        pygame.draw.rect(canvas, INK, r, 2, border_radius=12)
    return paint


def _ring_pulse(rect: pygame.Rect, color: tuple) -> Painter:
    """Paint: a ring round rect widens by 16 px."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        grow = round(16 * p)
        pygame.draw.rect(canvas, color, rect.inflate(grow, grow), 4, border_radius=12)
    return paint


def _pawn(seat: int, size: int) -> pygame.Surface:
    """A seat's tourist, in its colour with its emblem for a head."""
    return sp.pawn(seat_color(seat), size, seat_emblem(seat))
