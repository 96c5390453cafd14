"""French Quarter's map panel: the shared map and what moves on it.

Painted once into the static background: the streets (activity streets in their colour), the
blocks, the buildings with their icons. Painted in pieces (pieces.py), where it changed: the
Second Lines, the closed street, the start markers and street names over them, the active sheet's
mapped values, the Vacation card's buildings and the tourists, all placed by map_layout.py so that
no label hides anything (reported as the room's `board_geometry`). Targets: buildings, the start
crossings, the parade's directions; the focused building's name shows on a plate above it. The
panel animates the tourists' walks, values being written, the lines drawing on and the banners.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Mapping, Sequence
from functools import partial

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import theme
from game.ui.audio import Cue, EventSound
from game.ui.paint import INK, banner, draw_label, fast, seat_color, shade
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event, translator

from . import sprites as sp
from .layout import (
    BANNER,
    BLOCK,
    CLOSED_RGB,
    HOUSE,
    LINE_RGB,
    MAP,
    ROAD,
    SMALL_HOUSE,
    STARTS,
    STREET,
    TOOLTIP,
    WHITE,
    Build,
    PiecePanel,
    S,
    fit,
)
from .map_layout import HEAD, LINE_W, MARKER_R, OUTLINE, SPECIAL_INK, MapLayout, MapShapes
from .marks import GLOW_REACH, draw_glows, lane, no_entry, start_marker, tourist
from .pieces import Piece, RectTuple, blit_part, blit_piece, piece
from .state import State, W
from .tweens import Walker, ring_area, ring_pulse

t = translator("french_quarter.scene.")

MAP_HOLDS = frozenset({"pawn", "mapped", "seg", "pseg"})  # the holds the map shows


class MapPanel(PiecePanel):
    """The map: streets, buildings, lines, values and tourists; its targets and animations."""

    HOLDS = MAP_HOLDS

    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """Lay the map out; the street names and start markers are drawn once."""
        super().__init__(room, rect, "map")
        b = self.board = room.board
        self.map = MapLayout(b, MAP, STREET, room.abbr,
                             lambda kind, w: fit(t(f"special.{kind}"), S, w, SPECIAL_INK, True))
        self.bld, self.ix = self.map.bld, self.map.ix
        self._closed: dict[tuple[int, int], pygame.Surface] = {}  # hatching, by street size
        self._signs: dict[int, pygame.Surface] = {}
        self._shapes: tuple[Hashable, MapShapes] | None = None  # the map's layout and its key
        self._ahead: dict[Hashable, MapShapes] = {}  # layouts made ahead, by key (prepare)
        # what the map shows for which every step of its layout is made (build_step): looking
        # that up again cost ~0.1 ms a frame
        self._laid_out: set[Hashable] = set()
        self._name_imgs = {s.index: self._street_name(s.index) for s in b.streets
                           if not s.id.startswith("border")}
        self._name_sizes = {s: [img.get_size() for img in forms]
                            for s, forms in self._name_imgs.items()}
        self._markers = {p: start_marker(label, STARTS[p in b.line_starts])
                         for p, label in self.map.markers.items()}
        # the parade's head on a start marker turns it gold (made here, not in a round's
        # first frame: ~0.08 ms)
        self._gold = {p: start_marker(label, LINE_RGB) for p, label in self.map.markers.items()}

    # == static background ========================================================================
    def paint_static(self, surf: pygame.Surface) -> None:
        """Streets, blocks, buildings with their icons and names: painted once per match
        (street names and start markers go on the layer, over the lines)."""
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

    # == the layer ================================================================================
    def shows(self, holds: Mapping[Hashable, int] | None = None) -> Hashable:
        """Everything the map layer shows (with these holds; None: now's)."""
        view, large = self.view, self.room.large
        sheet = view.sheets[large]
        return (large, sheet.mapped, sheet.vacation, view.line_segs, view.line_head,
                view.mayor_card, tuple([(sh.pos, sh.p_segs) for sh in view.sheets]),
                self.held(MAP_HOLDS, self.holds if holds is None else holds))

    def shapes(self) -> MapShapes:
        """Where the layer puts what moves (laid out again when the map's key changes, unless
        it was laid out ahead: `prepare`)."""
        key = self.key()
        if self._shapes is None or self._shapes[0] != key:
            shapes = self._ahead.pop(key, None)
            self._shapes = (key, shapes or self.map.shapes(**self._shape_args(self.holds)))
        return self._shapes[1]

    def _shape_args(self, h: Mapping[Hashable, int], outlined: bool = True) -> dict:
        """`MapLayout.shapes`'s arguments for the view minus what the holds `h` hold back
        (without the Vacation outline's if not `outlined`: `MapLayout.prepare`'s)."""
        view, seat = self.view, self.room.large
        sh = view.sheets[seat]
        closed = self.room.rules.closed_street(view)
        personal = [(seg, s, lane(s)) for s, x in enumerate(view.sheets) for seg in x.p_segs
                    if not h.get(("pseg", s, seg), 0)]
        args = {
            "line": [seg for seg in view.line_segs if not h.get(("seg", seg), 0)],
            "personal": personal, "closed": closed, "head": view.line_head,
            "values": [b for b, v in enumerate(sh.mapped)
                       if v and not h.get(("mapped", seat, b), 0)],
            "pawns": [(s, x.pos) for s, x in enumerate(view.sheets) if not h.get(("pawn", s), 0)],
            "names": self._name_sizes,
            "sign": self._sign(closed).get_size() if closed >= 0 else None}
        if outlined:
            args["outlined"] = (self.board.vacations[sh.vacation].buildings
                                if sh.vacation >= 0 else ())
        return args

    def build_step(self, holds: Mapping | None = None) -> bool:
        """One step of what the map shows with these holds (None: now's) not made yet: the
        closed street's hatching, the labels' places, a tourist's spot, a group of pieces
        (laying the map out and building its groups cost up to ~0.9 ms in one frame)."""
        ahead, holds = holds is not None, self.holds if holds is None else holds
        shows = self._shows_with(holds)
        if shows not in self._laid_out:  # asked every frame until the groups are built too
            closed = self.room.rules.closed_street(self.view)
            if closed >= 0 and self.map.street_rect(closed).size not in self._closed:
                hatch_image(self._closed, self.map.street_rect(closed))
                return True
            if self.map.prepare(**self._shape_args(holds, outlined=False)):
                return True
            if len(self._laid_out) > 16:  # a long game's old views
                self._laid_out.clear()
            self._laid_out.add(shows)
            if ahead:  # listing the groups (laying the map out whole) is a step of its own
                return True  # (a repaint lists them now: its pixels come when they came)
        return super().build_step(holds)

    def builds(self, holds: Mapping) -> list[Build]:
        """The Second Lines, the closed street, the markers and names, the values, the
        tourists, in painting order (see pieces.py), as laid out with these holds."""
        view, shapes = self.view, self._shapes_for(holds)
        out: list[Build] = [(self._line_pieces, (tuple(shapes.lines),))]
        closed = self.room.rules.closed_street(view)
        if closed >= 0:  # over the lines: a closed street must read as closed
            sign = None if shapes.sign is None else tuple(shapes.sign)
            out.append((self._closed_pieces, (closed, tuple(map(tuple, shapes.hatch)), sign)))
        sh = view.sheets[self.room.large]
        return out + [
            (self._marker_pieces, (view.line_head,)),  # over the lines, which end at them
            (self._name_pieces, (tuple([(street, form, tuple(rect))
                                        for street, (form, rect) in shapes.names.items()]),)),
            (self._head_pieces, (None if shapes.head is None else tuple(shapes.head),)),
            (self._value_pieces, (tuple([(b, sh.mapped[b]) for b in shapes.values]),)),
            (self._outline_pieces, (sh.vacation,)),
            (self._pawn_pieces, (tuple([(seat, tuple(rect))
                                        for seat, rect in shapes.pawns.items()]),))]

    def _shapes_for(self, holds: Mapping) -> MapShapes:
        """`shapes` with these holds (laid out ahead and kept if they are not now's)."""
        if holds is self.holds:
            return self.shapes()
        key = self.shows(holds)
        if self._shapes is not None and self._shapes[0] == key:
            return self._shapes[1]
        shapes = self._ahead.get(key)
        if shapes is None:
            if len(self._ahead) > 8:  # a skipped animation's leftovers
                self._ahead.clear()
            shapes = self._ahead[key] = self.map.shapes(**self._shape_args(holds))
        return shapes

    def _line_pieces(self, lines: tuple[tuple[int, int, int], ...]) -> list[Piece]:
        """The Second Lines' stretches: (segment, seat or -1 for the parade, lane offset)."""
        out = []
        for seg, seat, offset in lines:
            color = LINE_RGB if seat < 0 else seat_color(seat)
            out.append(piece(("seg", seg, color, offset), self._seg_area(seg, offset),
                             partial(self.paint_seg, seg=seg, color=color, offset=offset)))
        return out

    def _marker_pieces(self, line_head: int) -> list[Piece]:
        """The start markers (the parade's head on one turns it gold)."""
        return [piece(("marker", p, p == line_head), self.map.marker_rects[p],
                      partial(self._paint_marker, p=p, gold=p == line_head))
                for p in self._markers]

    def _name_pieces(self, names: tuple[tuple[int, int, RectTuple], ...]) -> list[Piece]:
        """The street names: (street, form, rect)."""
        return [blit_piece(("name", street, form), self._name_imgs[street][form],
                           pygame.Rect(rect)) for street, form, rect in names]

    def _head_pieces(self, head: RectTuple | None) -> list[Piece]:
        """The parade's head off the start markers (None: on one, or none)."""
        if head is None:
            return []
        rect = pygame.Rect(head)
        return [piece(("head", head), rect.inflate(2, 2), partial(_paint_head, head=rect))]

    def _value_pieces(self, values: tuple[tuple[int, int], ...]) -> list[Piece]:
        """The large sheet's values on the map: (building, value)."""
        out = []
        for b, v in values:
            text, at = self._value_at(b, v)
            out.append(blit_piece(("value", b, v), text, at))
        return out

    def _outline_pieces(self, vacation: int) -> list[Piece]:
        """The buildings of the large sheet's Vacation card outlined (-1: none)."""
        if vacation < 0:
            return []
        return [piece(("outline", i), self.bld[i], partial(_paint_outline, rect=self.bld[i]))
                for i in self.board.vacations[vacation].buildings]

    def _pawn_pieces(self, pawns: tuple[tuple[int, RectTuple], ...]) -> list[Piece]:
        """The tourists: (seat, rect)."""
        return [blit_piece(("pawn", seat, rect[2]), tourist(seat, rect[2]), pygame.Rect(rect))
                for seat, rect in pawns]

    def _paint_marker(self, surf: pygame.Surface, p: int, gold: bool) -> None:
        img = self._gold[p] if gold else self._markers[p]
        surf.blit(img, self.map.marker_rects[p])

    def _value_at(self, b: int, v: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """Building b's value in the large sheet's pen, and where it is blitted in its spot."""
        text = sp.handwritten("W" if v == W else str(v), self.map.value_size(b))
        ink = text.get_bounding_rect()
        spot = self.map.value_spots[b]
        return text, (spot.centerx - ink.centerx, spot.centery - ink.centery)

    def blit_value(self, surf: pygame.Surface, b: int, v: int, frac: float = 1.0) -> None:
        """Building b's value in the large sheet's pen, in its spot (written left to right)."""
        text, at = self._value_at(b, v)
        if frac >= 1.0:
            surf.blit(text, at)
        else:
            surf.blit(text, at, pygame.Rect(0, 0, round(text.get_width() * frac),
                                            text.get_height()))

    def pawn_pos(self, seat: int, b: int, shapes: MapShapes | None = None) -> tuple[int, int]:
        """Top-left of seat's tourist in building b: where the map (`shapes`, else as laid out
        now) stands it, or (on a walk) where it would stand there alone."""
        shapes = self.shapes() if shapes is None else shapes
        shown = shapes.pawns.get(seat)
        if shown is not None and self.bld[b].contains(shown):
            return shown.topleft
        others = [r for s, r in shapes.pawns.items() if s < seat and self.bld[b].contains(r)]
        return self.map.pawn_spot(seat, b, shapes.values.get(b), others).topleft

    def paint_seg(self, surf: pygame.Surface, seg: int, color: tuple, offset: int,
                  frac: float = 1.0) -> None:
        """A stretch of a Second Line (the first `frac` of it), edged dark."""
        a, b = self.map.seg_points(seg, offset)
        end = (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)
        width = LINE_W[0] - 4 if offset == 0 else LINE_W[1] - 4
        pygame.draw.line(surf, INK, a, end, width + 4)
        pygame.draw.line(surf, color, a, end, width)

    def _seg_area(self, seg: int, offset: int) -> pygame.Rect:
        """Every pixel `paint_seg` paints for this stretch."""
        a, b = self.map.seg_points(seg, offset)
        pad = max(LINE_W) + 8
        return pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]),
                           abs(b[1] - a[1])).inflate(pad, pad)

    def _closed_pieces(self, street: int, hatch: tuple[RectTuple, ...], sign: RectTuple | None
                       ) -> list[Piece]:
        """Variante Alcalde: the closed street's stretches hatched red round its labels (the
        hatch's rects), and its sign (None: none)."""
        r = self.map.street_rect(street)
        image = hatch_image(self._closed, self.map.street_rect(street))
        out = [piece(("hatch", street, p), p, partial(blit_part, image=image, at=pygame.Rect(p),
                                                      part=pygame.Rect(p).move(-r.x, -r.y)))
               for p in hatch]
        if sign is not None:
            out.append(blit_piece(("sign", street), self._sign(street), pygame.Rect(sign)))
        return out

    def warm(self) -> None:
        """Paint the closed street's hatching and make its signs now if a street may be closed
        (Mayor variant): ~1 ms, once per axis, in the frame a street closed; render the
        values' pens. Find each seat's spot in each
        building with no value nor other tourist there (`pawn_spot` keeps it) and draw its
        tourists: a walk's set-up looks up every building on its way (up to ~0.3 ms)."""
        if self.room.mayor:
            for axis in ("h", "v"):
                street = next((s for s in self.board.streets if s.axis == axis), None)
                if street is not None:
                    hatch_image(self._closed, self.map.street_rect(street.index))
        for size in {self.map.value_size(b) for b in range(len(self.bld))}:
            for v in range(1, W + 1):  # the values' pens (a first one cost ~0.6 ms in a frame)
                sp.handwritten("W" if v == W else str(v), size)
        if self.room.mayor:  # the closed street's sign (its words: ~0.6 ms)
            for street in self.board.streets:
                self._sign(street.index)
        sizes = {self.map.pawn_size(b) for b in range(len(self.bld))}
        for seat in range(self.room.players):
            for size in sizes:
                tourist(seat, size)
            for b in range(len(self.bld)):
                self.map.pawn_spot(seat, b)

    # == targets and per-frame drawing ============================================================
    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Buildings, the start crossings and the directions the parade (or a seat's own line,
        while one is being drawn) may take (listed once for each crossing the line's head
        may be at: a move only looks them up)."""
        head = view.line_head
        if view.tasks and view.tasks[0][0] == "pdir":
            head = view.sheets[view.tasks[0][1]].p_head
        self.offered = self.map.targets_at(head)
        return self.offered

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """The map's options glow; directions as arrows."""
        breath = self.pulse_options(self.offered, options, GLOW_REACH) if prompt else None
        if breath is not None:
            draw_glows(canvas, prompt, self.offered, 3 + round(2 * breath))

    def draw_focus(self, canvas: pygame.Surface, focus: Target, rect: pygame.Rect,
                   prompt: Prompt | None) -> None:
        """The focused building's name on a plate above it (names are too long for the map)."""
        if focus[0] != "building":
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

    # == event reactions ==========================================================================
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
        path = [start, end] if hop else building_path(self.board.adjacency, start, end)
        if len(path) > 5 or self.view.card_deck in ("streetcar", "boat"):
            path = [start, end]
        # Where the map stands the tourists now (the layout last made): the move's own layout
        # waits for the walk's hold (laying it out now would lay the map out twice a move).
        shown = self._shapes[1] if self._shapes is not None else self.shapes()
        pts = [self.pawn_pos(seat, b, shown) for b in path]
        dur = min(0.8, 0.16 * max(1, len(pts) - 1) + 0.12)
        # early: a queued walk keeps its tourist where it was until it sets off
        sprite = tourist(seat, self.map.pawn_size(end))
        self.tween(at, dur, Walker(sprite, pts), pytweening.linear, (("pawn", seat),),
                   early=True)
        return at + dur

    @on_event("mapped", sound=EventSound((Cue("clunk", volume=0.5, at=0.3),), 0.4))
    def _mapped(self, ev: Event, at: float, batch: Batch) -> float:
        """A value is written on the large sheet's map, left to right."""
        seat = ev.player
        if seat != self.room.large:
            return at
        b = self.board.building_index(ev.get("building"))
        v = ev.get("value")
        value = W if v == "W" else v
        text, spot = self._value_at(b, value)
        self.tween(at, 0.4, lambda c, p: self.blit_value(c, b, value, max(0.05, p)),
                   pytweening.linear, (("mapped", seat, b),),
                   text.get_rect(topleft=spot).inflate(4, 4))
        return at + 0.4

    @on_event("line_advanced", sound=EventSound((Cue("fanfare", volume=0.5),), 0.5))
    def _line_advanced(self, ev: Event, at: float, batch: Batch) -> float:
        """The Second Line parades one stretch further."""
        seg = ev.get("segment")
        self.tween(at, 0.5, lambda c, p: self.paint_seg(c, seg, LINE_RGB, 0, max(0.02, p)),
                   pytweening.easeInOutSine, (("seg", seg),), self._seg_area(seg, 0))
        return at + 0.5

    @on_event("personal_advanced", sound=EventSound((Cue("swish", volume=0.6),), 0.5))
    def _personal_advanced(self, ev: Event, at: float, batch: Batch) -> float:
        """A seat's own Second Line draws one stretch further, in its lane."""
        seat, seg = ev.player, ev.get("segment")
        color, offset = seat_color(seat), lane(seat)
        self.tween(at, 0.5, lambda c, p: self.paint_seg(c, seg, color, offset, max(0.02, p)),
                   pytweening.easeInOutSine, (("pseg", seat, seg),), self._seg_area(seg, offset))
        return at + 0.5

    @on_event("line_start", sound=None)
    def _line_start(self, ev: Event, at: float, batch: Batch) -> float:
        """The Second Line's starting crossing rings."""
        c = self.ix[ev.get("intersection")]
        rect = pygame.Rect(c[0] - 24, c[1] - 24, 48, 48)
        self.tween(at, 0.5, ring_pulse(rect, LINE_RGB), area=ring_area(rect))
        return at + 0.3

    @on_event("round", sound=EventSound((Cue("chime", volume=0.6),), 0.8))
    def _round(self, ev: Event, at: float, batch: Batch) -> float:
        """A banner over the map: the round that begins."""
        return self._banner(t("round", round=ev.get("round")), at, 0.8, 0.6)

    @on_event("game_over")
    def _game_over(self, ev: Event, at: float, batch: Batch) -> float:
        """A banner over the map: the game is over."""
        return self._banner(t("game_over"), at, 0.9, 0.9)

    def _banner(self, label: str, at: float, dur: float, then: float) -> float:
        """A still announcement on its plate at the map's centre."""
        self.tween(at, dur, banner(label, MAP.center, WHITE, BANNER))  # drawn once
        return at + then


def _paint_head(surf: pygame.Surface, head: pygame.Rect) -> None:
    """The parade's head: a gold dot on its crossing."""
    pygame.draw.circle(surf, INK, head.center, HEAD // 2)
    pygame.draw.circle(surf, LINE_RGB, head.center, HEAD // 2 - 3)


def _paint_outline(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """A Vacation building's outline."""
    pygame.draw.rect(surf, (60, 150, 190), rect, OUTLINE, border_radius=6)


def hatch_image(kept: dict[tuple[int, int], pygame.Surface], r: pygame.Rect) -> pygame.Surface:
    """The closed street's red hatching all along its rect `r`, painted once per size and kept
    in `kept` (every street of an axis is as long and as wide)."""
    image = kept.get(r.size)
    if image is None:
        image = pygame.Surface(r.size, pygame.SRCALPHA)
        image.fill((*CLOSED_RGB, 110))
        for k in range(-r.h, r.w + r.h, 28):
            pygame.draw.line(image, (*CLOSED_RGB, 230), (k, 0), (k + r.h, r.h), 5)
        image = kept[r.size] = fast(image)
    return image


def building_path(adjacency: Sequence[Sequence[int]], a: int, b: int) -> list[int]:
    """The shortest walk from building a to b (breadth-first over orthogonal neighbours);
    [a, b] if none joins them."""
    prev = {a: a}
    queue = deque([a])
    while queue:
        x = queue.popleft()
        if x == b:
            break
        for n in adjacency[x]:
            if n not in prev:
                prev[n] = x
                queue.append(n)
    if b not in prev:
        return [a, b]
    out = [b]
    while out[-1] != a:
        out.append(prev[out[-1]])
    return out[::-1]
