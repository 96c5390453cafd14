"""Where the French Quarter map draws each thing, so that no label hides anything.

The map's labels (street names, the closed street's sign, the numbered start markers, the special
buildings' names, the handwritten values) and what they must leave visible (the Second Lines,
the closed street's hatching, building icons, tourists, the parade's head) as rectangles, in
canvas coordinates, reported as a game.ui.geometry.BoardGeometry.

What never moves is laid out once (`MapLayout`): blocks, buildings, their icons, their special
name and the spot of their value. What moves is laid out per view (`MapLayout.shapes`): a street
name sits on a stretch of its street (between two crossings) that no line runs along, or, for a
north-south street, as a level sign on the map's north or south edge where the street meets it
(no text on the map is ever turned: the legibility audit, issue 28), a tourist
stands in its building clear of the building's name and value, and the hatching of a closed
street stops short of the labels on it and of its crossings (the crossing streets stay open).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial

import pygame

from game.engine.core import Target
from game.ui.geometry import BoardGeometry, Icon, Label, Stroke, labels_from, stroke_hits

from . import sprites as sp
from .board import DIRECTIONS, Board, Building
from .layout import ARROW, INTERSECTION

ICON = 30  # a building's icons and artist tags (the tags' letters stay at the 28 px floor)
MARKER_R = 18  # a start marker's disc
HEAD = 24  # the parade's head: a gold dot on its crossing
LINE_W = (16, 11)  # drawn width of the public and of a personal Second Line (ink included)
GAP = 4  # what hatching leaves round a label
VALUE_SIZES = (52, 44, 38)  # the handwritten value's pen, largest that fits first
INSET = 6  # what labels and tourists leave inside a building's edge
OUTLINE = 3  # a Vacation building's outline, inside its edge
LABELS_A_STEP = 4  # labels a frame places ahead (MapLayout.prepare)
SPECIAL_INK = (90, 60, 30)  # a special building's name (Hotel, Police…) and the gift shop's box


def rect_stroke(name: str, rect: pygame.Rect) -> Stroke:
    """A filled rectangle as the stroke that covers exactly it (its centre line, as wide as its
    short side)."""
    if rect.w >= rect.h:
        y, half = rect.y + rect.h / 2, rect.h / 2
        return Stroke(name, ((rect.x + half, y), (rect.right - half, y)), rect.h)
    x, half = rect.x + rect.w / 2, rect.w / 2
    return Stroke(name, ((x, rect.y + half), (x, rect.bottom - half)), rect.w)


@dataclass(frozen=True, slots=True)
class Strokes:
    """Strokes a label must not hide, each with a box it cannot reach past (`stroke_box`): a
    spot is tested only against the strokes whose box it touches (placing the street names
    again after a Second Line grew tested every spot against every stroke: up to 0.8 ms)."""

    strokes: Sequence[Stroke]
    boxes: Sequence[pygame.Rect]

    @classmethod
    def of(cls, strokes: Sequence[Stroke]) -> Strokes:
        """These strokes and their boxes."""
        return cls(strokes, [stroke_box(s) for s in strokes])

    def hits(self, rect: pygame.Rect) -> int:
        """How many of the strokes `rect` touches (`stroke_hits`)."""
        strokes = self.strokes
        return sum(1 for k in rect.collidelistall(self.boxes) if stroke_hits(strokes[k], rect))


def stroke_box(stroke: Stroke) -> pygame.Rect:
    """A rect that every rect a stroke hits (`stroke_hits`) overlaps: its points' box grown by
    its width and a pixel more on each side (a rect grown by the width that only touches the
    line still counts as a hit)."""
    xs, ys = [x for x, _ in stroke.points], [y for _, y in stroke.points]
    reach = round(stroke.width) + 2
    left, top = math.floor(min(xs)) - reach, math.floor(min(ys)) - reach
    return pygame.Rect(left, top, math.ceil(max(xs)) + reach - left,
                       math.ceil(max(ys)) + reach - top)


def collisions(rect: pygame.Rect, strokes: Strokes, rects: Sequence[pygame.Rect]) -> int:
    """How many strokes and rects `rect` touches."""
    return strokes.hits(rect) + len(rect.collidelistall(rects))


@dataclass
class MapShapes:
    """One view's map: what moves, where it goes, and the whole map's geometry."""

    lines: list[tuple[int, int, int]] = field(default_factory=list)  # (segment, seat, offset)
    hatch: list[pygame.Rect] = field(default_factory=list)
    names: dict[int, tuple[int, pygame.Rect]] = field(default_factory=dict)  # street -> form,
    # rect: the form is the index of the name's form drawn (its full name, then shorter ones)
    sign: pygame.Rect | None = None
    head: pygame.Rect | None = None  # the parade's head, when it is not on a start marker
    values: dict[int, pygame.Rect] = field(default_factory=dict)  # building -> value's ink
    pawns: dict[int, pygame.Rect] = field(default_factory=dict)  # seat -> tourist
    describe: Callable[[MapShapes], BoardGeometry] | None = None  # how to tell its geometry
    _geometry: BoardGeometry | None = None

    @property
    def geometry(self) -> BoardGeometry:
        """Every label, stroke and icon of the map, described once asked (the map is laid out
        again on every change a frame shows; its geometry is read by audits and choosers)."""
        if self._geometry is None:
            self._geometry = BoardGeometry() if self.describe is None else self.describe(self)
        return self._geometry


class MapLayout:
    """The map's fixed measures and the per-view placement of what moves on it."""

    def __init__(self, board: Board, area: pygame.Rect, street_w: int, tags: Mapping[str, str],
                 special_text: Callable[[str, int], pygame.Surface]) -> None:
        """Measure blocks and buildings, lay out icons, special names and value spots once.

        tags: the artists' abbreviations; special_text(kind, width): a special building's name
        drawn no wider than width."""
        self.board, self.area, self.street_w = board, area, street_w
        self.bw = (area.w - (board.columns + 1) * street_w) / board.columns
        self.bh = (area.h - (board.rows + 1) * street_w) / board.rows
        self.bld = [self.building_rect(x.block, x.half) for x in board.buildings]
        self.ix = [self.point(x, y) for x, y in board.intersections]
        self.markers = {p: str(i + 1) for i, p in enumerate(board.line_starts)}
        self.markers.update({p: "•" for p in board.personal_starts})
        self.marker_rects = {p: pygame.Rect(self.ix[p][0] - MARKER_R, self.ix[p][1] - MARKER_R,
                                            2 * MARKER_R, 2 * MARKER_R) for p in self.markers}
        self.icons = [self._icons(x, r, tags) for x, r in zip(board.buildings, self.bld)]
        self.specials = {x.index: self._special(x, special_text)
                         for x in board.buildings if x.special}
        self.value_spots = [self._value_spot(b) for b in range(len(self.bld))]
        self._pawn_spots: dict[tuple, pygame.Rect] = {}  # see pawn_spot
        self._named: dict[tuple, tuple] = {}  # the labels placed for lines, closed street, head
        self._placing: dict[tuple, Generator] = {}  # labels being placed, a few a frame
        self._targets_at: dict[int, dict[Target, pygame.Rect]] = {}  # see targets_at
        self._hatches: dict[tuple, list[pygame.Rect]] = {}  # see _hatch

    # == fixed measures ===========================================================================
    def point(self, x: int, y: int) -> tuple[int, int]:
        """Canvas centre of grid intersection (x, y)."""
        step_x, step_y = self.street_w + self.bw, self.street_w + self.bh
        return (round(self.area.x + self.street_w / 2 + x * step_x),
                round(self.area.y + self.street_w / 2 + y * step_y))

    def building_rect(self, block: tuple[int, int], half: str) -> pygame.Rect:
        """A block's rect, or one of its halves ("w", "e", "n", "s") across an 8 px alley."""
        s = self.street_w
        x = self.area.x + s + block[0] * (s + self.bw)
        y = self.area.y + s + block[1] * (s + self.bh)
        w, h, alley = self.bw, self.bh, 8
        if half == "w":
            w = (w - alley) / 2
        elif half == "e":
            x, w = x + (w + alley) / 2, (w - alley) / 2
        elif half == "n":
            h = (h - alley) / 2
        elif half == "s":
            y, h = y + (h + alley) / 2, (h - alley) / 2
        return pygame.Rect(round(x), round(y), round(w), round(h))

    def street_rect(self, street: int) -> pygame.Rect:
        """A whole street, kerb to kerb, across the map."""
        s, w = self.board.streets[street], self.street_w
        if s.axis == "v":
            x, _ = self.point(s.line, 0)
            return pygame.Rect(x - w // 2, self.area.y, w, self.area.h)
        _, y = self.point(0, s.line)
        return pygame.Rect(self.area.x, y - w // 2, self.area.w, w)

    def stretch(self, street: int, k: int) -> pygame.Rect:
        """The k-th stretch of a street: between two crossings, kerb to kerb."""
        s, half = self.board.streets[street], self.street_w // 2
        if s.axis == "v":
            (x, y1), (_, y2) = self.point(s.line, k), self.point(s.line, k + 1)
            return pygame.Rect(x - half, y1 + half, 2 * half, y2 - y1 - 2 * half)
        (x1, y), (x2, _) = self.point(k, s.line), self.point(k + 1, s.line)
        return pygame.Rect(x1 + half, y - half, x2 - x1 - 2 * half, 2 * half)

    def stretches(self, street: int) -> int:
        """How many stretches a street has."""
        return self.board.rows if self.board.streets[street].axis == "v" else self.board.columns

    def seg_points(self, seg: int, offset: int = 0) -> tuple[tuple[int, int], tuple[int, int]]:
        """Ends of a Second Line segment, moved sideways by `offset` (a personal line's lane)."""
        a, b, _ = self.board.segments[seg]
        (x1, y1), (x2, y2) = self.ix[a], self.ix[b]
        if y1 == y2:
            return (x1, y1 + offset), (x2, y2 + offset)
        return (x1 + offset, y1), (x2 + offset, y2)

    def targets_at(self, head: int) -> dict[Target, pygame.Rect]:
        """The map's targets while the line's head is at crossing `head` (-1: none): buildings,
        the start crossings and the directions out of the head; listed once per crossing (a
        move only looks them up)."""
        out = self._targets_at.get(head)
        if out is None:
            out = self._targets_at[head] = self._list_targets(head)
        return out

    def _list_targets(self, head: int) -> dict[Target, pygame.Rect]:
        b = self.board
        out: dict[Target, pygame.Rect] = {}
        for x, rect in zip(b.buildings, self.bld):
            out[("building", x.id)] = rect
        for p in (*b.line_starts, *b.personal_starts):
            r = pygame.Rect(0, 0, INTERSECTION, INTERSECTION)
            r.center = self.ix[p]
            out[("intersection", *b.intersections[p])] = r
        if head >= 0:
            for d in DIRECTIONS:
                r = self.arrow_rect(head, d)
                if r is not None:
                    out[("direction", d)] = r
        return out

    def arrow_rect(self, head: int, d: str) -> pygame.Rect | None:
        """Where the arrow out of crossing `head` towards `d` is offered (None: no street)."""
        if (head, d) not in self.board.seg_at:
            return None
        dx, dy = DIRECTIONS[d]
        cx, cy = self.ix[head]
        reach = 30 + ARROW[0] // 2
        r = pygame.Rect(0, 0, *(ARROW if dx else ARROW[::-1]))
        r.center = (cx + dx * reach, cy + dy * reach)
        return r

    # == buildings: icons, special names, value spots ============================================
    def _icons(self, x: Building, r: pygame.Rect,
               tags: Mapping[str, str]) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """A building's icons in a column at its left (centred in a narrow one; from the very
        top of a flat one, where two only just fit)."""
        out = []
        at_y = r.y + (2 if r.h < 2 * ICON + 2 * INSET + 3 else INSET)
        for name in x.icons:
            img = sp.artist_tag(tags[name], ICON) if name in tags else sp.icon(name, ICON)
            left = r.x + INSET if r.w > 70 else r.centerx - img.get_width() // 2
            out.append((img, img.get_rect(topleft=(left, at_y))))
            at_y += ICON + 3
        return out

    def _special(self, x: Building, special_text: Callable[[str, int], pygame.Surface]) -> tuple:
        """A special building's name along its foot (a narrow building's gift shop: a wrapped
        present at its foot); (image, rect)."""
        r, icons = self.bld[x.index], [i for _, i in self.icons[x.index]]
        if r.w > 70:
            text = special_text(x.special, r.w - 2 * INSET)
            spot = text.get_rect(bottomright=(r.right - INSET, r.bottom - INSET))
            if spot.collidelist(icons) >= 0:  # a flat building: beside its icons
                spot.bottomleft = (max(i.right for i in icons) + INSET, r.bottom - INSET)
            return text, spot
        if x.special == "gift_shop":  # its name is too wide, and text is never turned
            sign = sp.gift_box(min(r.w - 2 * INSET, 2 * ICON), SPECIAL_INK)
            return sign, sign.get_rect(midbottom=(r.centerx, r.bottom - INSET))
        text = special_text(x.special, r.w - 2 * INSET)
        return text, text.get_rect(midbottom=(r.centerx, r.bottom - INSET))

    def _value_spot(self, b: int) -> pygame.Rect:
        """Where building b's value is written: clear of its icons and its name, as large as
        fits (the rect is the ink of the widest value, "W")."""
        r = self.bld[b]
        blocked = [i for _, i in self.icons[b]]
        if b in self.specials:
            blocked.append(self.specials[b][1])
        prefer = (r.right - 30, r.centery) if r.w > 70 else (r.centerx, r.bottom - 36)
        room = r.inflate(-2 * OUTLINE - 2, -2 * OUTLINE - 2)  # inside the Vacation outline
        for size in VALUE_SIZES:
            spot = nearest_free(room, value_ink(size).size, prefer, blocked)
            if spot is not None:
                return spot
        return value_ink(VALUE_SIZES[-1]).move(room.topleft)

    def value_size(self, b: int) -> int:
        """The pen size of building b's value."""
        w = self.value_spots[b].w
        return next((s for s in VALUE_SIZES if value_ink(s).w <= w), VALUE_SIZES[-1])

    def pawn_size(self, b: int) -> int:
        """A tourist's size in building b (smaller in the narrow and flat halves)."""
        r = self.bld[b]
        return 34 if r.w > 70 and r.h > 80 else 28

    # == per view =================================================================================
    def shapes(self, line: Iterable[int], personal: Iterable[tuple[int, int, int]], closed: int,
               head: int, values: Iterable[int], pawns: Iterable[tuple[int, int]],
               outlined: Iterable[int], names: Mapping[int, Sequence[tuple[int, int]]],
               sign: tuple[int, int] | None) -> MapShapes:
        """Place what moves. line: segments of the parade; personal: (segment, seat, offset);
        closed: the closed street (-1: none); head: the parade's head (-1: none); values:
        buildings with a value shown; pawns: (seat, building); outlined: Vacation buildings;
        names: street -> sizes of its name's forms, longest first; sign: the closed sign's
        size."""
        out = self._moving(line, personal, head)
        placed = self._placed_labels(out, closed, head, names, sign)
        out.sign = None if placed[0] is None else placed[0].copy()
        out.names = {street: (form, rect.copy()) for street, (form, rect) in placed[1].items()}
        if closed >= 0:
            on_it = out.names[closed][1] if closed in out.names else None
            out.hatch = self._hatch(closed, [out.sign, on_it])
        out.values = {b: self.value_spots[b] for b in values}
        self._place_pawns(out, pawns)
        out.describe = partial(self._geometry, outlined=tuple(outlined))
        return out

    def prepare(self, line: Iterable[int], personal: Iterable[tuple[int, int, int]],
                closed: int, head: int, values: Iterable[int], pawns: Iterable[tuple[int, int]],
                names: Mapping[int, Sequence[tuple[int, int]]], sign: tuple[int, int] | None
                ) -> bool:
        """One step of `shapes` for these arguments not worked out yet (the labels, or one
        tourist's spot), kept for when `shapes` is asked: False if none was left. A frame
        with time to spare lays out ahead what the map shows once the running tweens end."""
        out = self._moving(line, personal, head)
        key = self._labels_key(out, closed, head, names, sign)
        if key not in self._named:
            self._place_some_labels(key, out, closed, names, sign)
            return True
        out.values = {b: self.value_spots[b] for b in values}
        return self._place_pawns(out, pawns, stop_at_new=True)

    def _moving(self, line: Iterable[int], personal: Iterable[tuple[int, int, int]],
                head: int) -> MapShapes:
        """New shapes with the lines and the parade's head (off the start markers)."""
        out = MapShapes()
        out.lines += [(seg, -1, 0) for seg in line]
        out.lines += [(seg, seat, offset) for seg, seat, offset in personal]
        if head >= 0 and head not in self.markers:
            out.head = pygame.Rect(0, 0, HEAD, HEAD)
            out.head.center = self.ix[head]
        return out

    @staticmethod
    def _labels_key(out: MapShapes, closed: int, head: int,
                    names: Mapping[int, Sequence[tuple[int, int]]], sign: tuple[int, int] | None
                    ) -> tuple:
        """What the labels' places depend on: the lines, the closed street and the head."""
        return (tuple(out.lines), closed, head, sign,
                tuple([(street, tuple(forms)) for street, forms in names.items()]))

    def _placed_labels(self, out: MapShapes, closed: int, head: int,
                names: Mapping[int, Sequence[tuple[int, int]]], sign: tuple[int, int] | None
                ) -> tuple[pygame.Rect | None, dict[int, tuple[int, pygame.Rect]]]:
        """The closed sign's and the street names' places (`_place_labels`), kept by what
        they depend on."""
        key = self._labels_key(out, closed, head, names, sign)
        placed = self._named.get(key)
        if placed is None:
            while not self._place_some_labels(key, out, closed, names, sign):
                pass
            placed = self._named[key]
        return placed

    def _place_some_labels(self, key: tuple, out: MapShapes, closed: int,
                           names: Mapping[int, Sequence[tuple[int, int]]],
                           sign: tuple[int, int] | None) -> bool:
        """A few more of the labels `_place_labels` places for `key` (placing them all cost
        up to ~0.3 ms of one frame, so the work ahead places LABELS_A_STEP a frame): True
        once all are placed, kept in `_named`."""
        placing = self._placing.get(key)
        if placing is None:
            if len(self._placing) > 8:  # a skipped animation's leftovers
                self._placing.clear()
            placing = self._placing[key] = self._place_labels(out, closed, names, sign)
        for _ in range(LABELS_A_STEP):
            try:
                next(placing)
            except StopIteration as done:
                del self._placing[key]
                if len(self._named) > 64:
                    self._named.clear()
                self._named[key] = done.value
                return True
        return False

    def _geometry(self, out: MapShapes, outlined: tuple[int, ...]) -> BoardGeometry:
        """`out`'s labels, strokes (lines, hatching, Vacation outlines) and icons."""
        strokes = self._line_strokes(out.lines)
        strokes += [rect_stroke("the closed street's hatching", r) for r in out.hatch]
        for b in outlined:
            strokes += self._outline(b)
        return BoardGeometry(self._labels(out), strokes, self._icon_list(out))

    def _line_strokes(self, lines: Iterable[tuple[int, int, int]]) -> list[Stroke]:
        """The Second Lines' segments (the parade's, then the seats' own) as strokes."""
        return [self._line_stroke(seg, 0, LINE_W[0], "the Second Line") if seat < 0 else
                self._line_stroke(seg, offset, LINE_W[1], f"seat {seat}'s line")
                for seg, seat, offset in lines]

    def _place_labels(self, out: MapShapes, closed: int,
                      names: Mapping[int, Sequence[tuple[int, int]]], sign: tuple[int, int] | None
                      ) -> Generator[None, None, tuple[pygame.Rect | None,
                                                       dict[int, tuple[int, pygame.Rect]]]]:
        """The closed street's sign and the street names, placed clear of the lines (`out`'s),
        the start markers and the parade's head: returned once all are placed, pausing after
        the strokes are listed and after each label (`_place_some_labels`)."""
        strokes = Strokes.of(self._line_strokes(out.lines))
        labels = list(self.marker_rects.values())
        icons = [out.head] if out.head else []
        placed_sign = None
        yield
        if closed >= 0 and sign is not None:
            placed_sign = self._place_on(closed, sign, strokes, labels + icons, mid_first=True)[0]
            labels.append(placed_sign)
            yield
        placed: dict[int, tuple[int, pygame.Rect]] = {}
        for street, forms in sorted(names.items(), key=self._fewest_spots_first):
            placed[street] = self._place_name(street, forms, strokes, labels + icons)
            labels.append(placed[street][1])
            yield
        return placed_sign, placed

    def _fewest_spots_first(self, item: tuple[int, Sequence[tuple[int, int]]]) -> int:
        """North-south streets' names (two spots each) are placed before east-west ones."""
        return 0 if self.board.streets[item[0]].axis == "v" else 1

    def _line_stroke(self, seg: int, offset: int, width: int, name: str) -> Stroke:
        """A Second Line segment as drawn: it ends under the start markers painted over it."""
        (x1, y1), (x2, y2) = self.seg_points(seg, offset)
        a, b, _ = self.board.segments[seg]
        cut_a = MARKER_R + 1 if a in self.markers else 0  # + 1: the disc's rect ends there
        cut_b = MARKER_R + 1 if b in self.markers else 0
        half = width // 2
        if y1 == y2:
            lo, hi = (x1 + cut_a, x2 - cut_b) if x1 < x2 else (x2 + cut_b, x1 - cut_a)
            return rect_stroke(name, pygame.Rect(lo, y1 - half, max(1, hi - lo), width))
        lo, hi = (y1 + cut_a, y2 - cut_b) if y1 < y2 else (y2 + cut_b, y1 - cut_a)
        return rect_stroke(name, pygame.Rect(x1 - half, lo, width, max(1, hi - lo)))

    def _place_name(self, street: int, forms: Sequence[tuple[int, int]],
                    strokes: Strokes, rects: Sequence[pygame.Rect]
                    ) -> tuple[int, pygame.Rect]:
        """A street name's form and rect: the longest form on a stretch where it hides
        nothing, else a shorter one, else the full name where it hides least (a north-south
        street's name is a level sign where it meets the map's north or south edge)."""
        place = (self._place_at_ends if self.board.streets[street].axis == "v"
                 else self._place_on)
        placed = [place(street, size, strokes, rects) for size in forms]
        free = [k for k, (_, cost) in enumerate(placed) if cost == 0]
        form = free[0] if free else min(range(len(forms)), key=lambda k: placed[k][1])
        return form, placed[form][0]

    def _place_on(self, street: int, size: tuple[int, int], strokes: Strokes,
                  rects: Sequence[pygame.Rect], mid_first: bool = False
                  ) -> tuple[pygame.Rect, int]:
        """A label's rect on the stretch of `street` it hides least on, and how much it hides
        there (names spread out: each street prefers its own stretch; a sign, the middle)."""
        n = self.stretches(street)
        lean = 0 if mid_first else street % 3 - 1
        best, best_cost = None, None
        for k in sorted(range(n), key=lambda k: abs(k - (n - 1) / 2 - lean)):
            rect = pygame.Rect((0, 0), size)
            rect.center = self.stretch(street, k).center
            cost = collisions(rect, strokes, rects)
            if best_cost is None or cost < best_cost:
                best, best_cost = rect, cost
            if cost == 0:
                break
        return best, best_cost

    def _place_at_ends(self, street: int, size: tuple[int, int], strokes: Strokes,
                       rects: Sequence[pygame.Rect]) -> tuple[pygame.Rect, int]:
        """A north-south street's level sign on the north border where the street meets it,
        else on the south one, else beside the crossing (a start marker on it), and how much it
        hides there (text is never turned: issue 28)."""
        x = self.point(self.board.streets[street].line, 0)[0]
        side = size[0] // 2 + MARKER_R + GAP  # beside a marker on the crossing
        best, best_cost = None, None
        for dx, y in ((dx, y) for dx in (0, side, -side) for y in (0, self.board.rows)):
            rect = pygame.Rect((0, 0), size)
            rect.center = (x + dx, self.point(0, y)[1])
            cost = collisions(rect, strokes, rects) + (not self.area.contains(rect))
            if best_cost is None or cost < best_cost:
                best, best_cost = rect, cost
            if cost == 0:
                break
        return best, best_cost

    def sign_width(self) -> int:
        """The widest a north-south street's sign may be: the signs of neighbouring streets
        keep a gap between them on the border."""
        return round(self.street_w + self.bw) - 2 * GAP

    def _hatch(self, street: int, labels: Sequence[pygame.Rect | None]) -> list[pygame.Rect]:
        """The closed street's stretches, cut round the labels on it: worked out once per
        street and labels (each layout of the map asked again, ~35 calls, for the same)."""
        key = (street, *[None if c is None else tuple(c) for c in labels])
        kept = self._hatches.get(key)
        if kept is None:
            if len(self._hatches) > 64:  # a long game's old labels
                self._hatches.clear()
            kept = self._hatches[key] = self._cut_stretches(street, labels)
        return [r.copy() for r in kept]  # (the shapes' own: the kept ones never change)

    def _cut_stretches(self, street: int, labels: Sequence[pygame.Rect | None]
                       ) -> list[pygame.Rect]:
        """The closed street's stretches, cut round the labels on it (`_hatch`)."""
        vertical = self.board.streets[street].axis == "v"
        pieces = []
        for k in range(self.stretches(street)):
            r = self.stretch(street, k)
            lo, hi = (r.y, r.bottom) if vertical else (r.x, r.right)
            cuts = sorted((c.y, c.bottom) if vertical else (c.x, c.right)
                          for c in labels if c is not None and c.colliderect(r))
            for a, b in _gaps(lo, hi, [(a - GAP, b + GAP) for a, b in cuts]):
                if b - a >= 2 * GAP:
                    pieces.append(pygame.Rect(r.x, a, r.w, b - a) if vertical
                                  else pygame.Rect(a, r.y, b - a, r.h))
        return pieces

    def _outline(self, b: int) -> list[Stroke]:
        """A Vacation building's outline, side by side."""
        r, w = self.bld[b], OUTLINE
        sides = [pygame.Rect(r.x, r.y, r.w, w), pygame.Rect(r.x, r.bottom - w, r.w, w),
                 pygame.Rect(r.x, r.y, w, r.h), pygame.Rect(r.right - w, r.y, w, r.h)]
        return [rect_stroke(f"{self.board.buildings[b].name}'s Vacation outline", s)
                for s in sides]

    def _place_pawns(self, out: MapShapes, pawns: Iterable[tuple[int, int]],
                     stop_at_new: bool = False) -> bool:
        """Each tourist in its building, seat by seat (see pawn_spot). `stop_at_new`: stop
        after the first spot not kept yet (searched and kept; True), else False at the end."""
        for seat, b in sorted(pawns):
            others = [r for r in out.pawns.values() if self.bld[b].colliderect(r)]
            value = out.values.get(b)
            if stop_at_new and self._spot_key(seat, b, value, others) not in self._pawn_spots:
                self.pawn_spot(seat, b, value, others)
                return True
            out.pawns[seat] = self.pawn_spot(seat, b, value, others)
        return False

    @staticmethod
    def _spot_key(seat: int, b: int, value: pygame.Rect | None,
                  others: Sequence[pygame.Rect]) -> tuple:
        """What a tourist's spot depends on (`pawn_spot`)."""
        return seat, b, None if value is None else tuple(value), tuple(map(tuple, others))

    def pawn_spot(self, seat: int, b: int, value: pygame.Rect | None = None,
                  others: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """A tourist in building b clear of its labels (its name, its value), then of its icons,
        then of the other tourists, as near its seat's corner as that allows (each answer is
        kept: a walk's landing asks for several, and searching a building takes a millisecond)."""
        key = self._spot_key(seat, b, value, others)
        spot = self._pawn_spots.get(key)
        if spot is None:
            if len(self._pawn_spots) > 4096:  # a long game's odd crowds: start again
                self._pawn_spots.clear()
            spot = self._pawn_spots[key] = self._find_pawn_spot(seat, b, value, others)
        return spot.copy()

    def _find_pawn_spot(self, seat: int, b: int, value: pygame.Rect | None,
                        others: Sequence[pygame.Rect]) -> pygame.Rect:
        """`pawn_spot`, searched."""
        size = self.pawn_size(b)
        labels = [r for r in (self.specials.get(b, (None, None))[1], value) if r is not None]
        icons = [i for _, i in self.icons[b]]
        room = self.bld[b].inflate(-2 * INSET + 4, -2 * INSET + 4)
        prefer = _corner(room, seat)
        for blocked in (labels + icons + list(others), labels + list(others), labels):
            spot = nearest_free(room, (size, size), prefer, blocked)
            if spot is not None:
                return spot
        return pygame.Rect(room.topleft, (size, size))

    def _labels(self, out: MapShapes) -> list[Label]:
        """Every label on the map: markers, names, the sign, special names and values."""
        labels = labels_from([(self.markers[p], r) for p, r in self.marker_rects.items()])
        labels += labels_from([(self.board.streets[s].name, r)
                               for s, (_, r) in out.names.items()])
        if out.sign is not None:
            labels.append(Label("closed street sign", out.sign))
        labels += labels_from([(f"{self.board.buildings[b].name}'s name", r)
                               for b, (_, r) in self.specials.items()])
        labels += labels_from([(f"value on {self.board.buildings[b].name}", r)
                               for b, r in out.values.items()])
        return labels

    def label_rects(self, out: MapShapes) -> list[pygame.Rect]:
        """Where the labels of `_labels` lie, in its order, without naming them (a chooser's
        chips must hide as little of them as they can: asked at a move)."""
        rects = [*self.marker_rects.values(), *(r for _, r in out.names.values())]
        if out.sign is not None:
            rects.append(out.sign)
        return rects + [r for _, r in self.specials.values()] + list(out.values.values())

    def _icon_list(self, out: MapShapes) -> list[Icon]:
        """Building icons, tourists and the parade's head."""
        icons = [Icon(f"an icon of {self.board.buildings[b].name}", r)
                 for b, drawn in enumerate(self.icons) for _, r in drawn]
        icons += [Icon(f"seat {s}'s tourist", r) for s, r in out.pawns.items()]
        if out.head is not None:
            icons.append(Icon("the Second Line's head", out.head))
        return icons


# == helpers =====================================================================================
@cache
def value_ink(size: int) -> pygame.Rect:
    """The ink of the widest handwritten value ("W") at this pen size, at the origin."""
    img = sp.handwritten("W", size)
    ink = img.get_bounding_rect()
    return pygame.Rect(0, 0, ink.w, max(ink.h, sp.handwritten("8", size).get_bounding_rect().h))


def nearest_free(room: pygame.Rect, size: tuple[int, int], prefer: tuple[float, float],
                 blocked: Sequence[pygame.Rect], step: int = 2) -> pygame.Rect | None:
    """The rect of `size` inside `room` touching nothing blocked, its centre nearest `prefer`
    (ties: the leftmost, then the topmost), top-left corners `step` px apart (and the last one
    flush with the room's far edge).

    Only a few corners are tried: along each axis, the two nearest `prefer` and those on either
    side of a blocked rect's edge. The answer is among them: from any other free corner, the
    next corner towards `prefer` along an axis is nearer, so it is blocked too, by a rect
    whose edge lies between the two (a crowded building took a millisecond ranking every
    corner; this takes a few dozen tries)."""
    if size[0] > room.w or size[1] > room.h:
        return None
    w, h = size
    xs = [*range(room.x, room.right - w, step), room.right - w]
    ys = [*range(room.y, room.bottom - h, step), room.bottom - h]
    cx, cy = prefer[0] - w / 2, prefer[1] - h / 2  # the corner centred on prefer
    near_x = _tried(xs, cx, [e for r in blocked for e in (r.x - w, r.right)])
    near_y = _tried(ys, cy, [e for r in blocked for e in (r.y - h, r.bottom)])
    for _, x, y in sorted([(ex + ey, x, y) for x, ex in near_x for y, ey in near_y]):
        rect = pygame.Rect(x, y, w, h)
        if rect.collidelist(blocked) < 0:
            return rect
    return None


def _tried(grid: list[int], centre: float, edges: Iterable[int]) -> list[tuple[int, float]]:
    """The grid values `nearest_free` tries along one axis, each with its squared distance to
    `centre`: the two round `centre`, and the two round each edge of a blocked interval."""
    picked = set()
    for at in (centre, *edges):
        k = bisect_left(grid, at)
        picked.update(grid[max(0, k - 1):k + 1])
    return [(v, (v - centre) ** 2) for v in picked]


def _corner(room: pygame.Rect, seat: int) -> tuple[int, int]:
    """A seat's favourite corner of a building: top right, bottom right, bottom left, top left."""
    return (room.topright, room.bottomright, room.bottomleft, room.topleft)[seat % 4]


def _gaps(lo: int, hi: int, cuts: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """What is left of [lo, hi) once the (sorted) cuts are taken out."""
    out, at = [], lo
    for a, b in cuts:
        if a > at:
            out.append((at, min(a, hi)))
        at = max(at, b)
    if at < hi:
        out.append((at, hi))
    return out
