"""Where the landmark names go on the Ticket to Ride: Paris map: never over a route piece.

The map is dense (26 landmarks, 49 routes, buses wider than their empty slots), so a name is
placed by search, not on a fixed side: every candidate plate (the name on one line, in two
halves, or as narrow as its words allow) at growing distances and in many directions around its
marker is tested against what the board draws, the shapes `game.ui.geometry` describes (a stroke
per bus of every route, an icon per marker), and against the names already placed; the nearest
free place wins. Names with the fewest free places go first, so a crowded landmark is not boxed
in by an easy neighbour. A name with no free place at all takes the one hiding the least (the
board-geometry test then names it).

The shapes are rasterised once into a mask, so testing a candidate is one mask overlap. The
layout depends only on the board and the map box: it is computed once and cached.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.geometry import Icon, Label, Stroke
from game.ui.paint import two_lines

from .sprites import label_plate, name_lines

Point = tuple[float, float]

DIRECTIONS = 32  # angles tried around a marker
NEAREST, FARTHEST, STEP = 3, 90, 3  # gap between marker and plate, in pixels
CLEARANCE = 3  # pixels kept free around a plate (a plate touching a bus reads as covering it)
SPACING = 6  # pixels between two plates
HALVED = 180  # a name wider than this may also be split in two near its middle
NARROW = 150  # the narrowest plate tried: a name broken after every space or hyphen it needs
AMBIGUOUS = 16  # a plate this much nearer another marker than its own reads as that one's
SEARCH_BUDGET, BRANCHES = 5000, 6  # places tried in all, and per name, before giving up
NEIGHBOURHOOD = 400  # markers farther than this cannot be mistaken for a plate's own


@dataclass(frozen=True)
class Placement:
    """One landmark's name: its plate and where it is blitted."""

    name: str
    plate: pygame.Surface
    rect: pygame.Rect


def place_labels(names: Sequence[str], markers: Sequence[Point], strokes: Sequence[Stroke],
                 icons: Sequence[Icon], area: pygame.Rect) -> list[Placement]:
    """A plate and a rect for every name, clear of strokes, icons and each other, in `area`."""
    layout = _layout(tuple(names), tuple(markers), tuple(strokes),
                     tuple((i.name, tuple(i.rect)) for i in icons), tuple(area))
    return [Placement(name, label_plate(lines), pygame.Rect(rect))
            for name, (lines, rect) in zip(names, layout)]


@lru_cache(maxsize=4)
def _layout(names: tuple[str, ...], markers: tuple[Point, ...], strokes: tuple[Stroke, ...],
            icons: tuple[tuple[str, tuple[int, ...]], ...],
            area: tuple[int, ...]) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
    """The lines and rect of every name (cached: every match on one map lays it out once)."""
    box = pygame.Rect(area)
    blocked = _obstacles(strokes, [Icon(name, pygame.Rect(r)) for name, r in icons], box)
    options = [_places(name, p, markers, blocked, box) for name, p in zip(names, markers)]
    # a name with no free place takes the one hiding the least before the others are placed
    stuck = {i: fallback for i, (free, fallback) in enumerate(options) if fallback}
    order = sorted((i for i in range(len(names)) if i not in stuck),
                   key=lambda k: (len(options[k][0]), k))
    free = [places for places, _ in options]
    chosen = _search(free, order, stuck) or _greedy(free, order, stuck)
    return tuple((chosen[i].lines, tuple(chosen[i].rect)) for i in range(len(names)))


def stuck_names(names: Sequence[str], markers: Sequence[Point], strokes: Sequence[Stroke],
                icons: Sequence[Icon], area: pygame.Rect) -> list[str]:
    """The names that have no free place at all (whatever the others do): a map to fix."""
    blocked = _obstacles(strokes, icons, area)
    return [name for name, p in zip(names, markers)
            if not _places(name, p, markers, blocked, area)[0]]


def line_choices(name: str) -> list[tuple[str, ...]]:
    """The ways a name may be set: one line, two halves, or as narrow as its words allow."""
    choices = [(name,), tuple(two_lines(name, theme.SMALL_SIZE, HALVED)),
               name_lines(name, NARROW)]
    return list(dict.fromkeys(choices))


def as_labels(placements: Sequence[Placement]) -> list[Label]:
    """The placed names as board-geometry labels (their drawn rects)."""
    return [Label(p.name, p.rect.copy()) for p in placements]


@dataclass(frozen=True)
class _Candidate:
    lines: tuple[str, ...]
    rect: pygame.Rect
    cost: float  # lower is better: near its marker and beside it


def _search(free: list[list[_Candidate]], order: list[int],
            fixed: dict[int, _Candidate]) -> dict[int, _Candidate] | None:
    """Free places for the names in `order`, apart from each other and from the `fixed` ones,
    by depth-first search over each name's best few places (None if the search gives up)."""
    chosen = dict(fixed)
    budget = [SEARCH_BUDGET]

    def place(depth: int) -> bool:
        if depth == len(order):
            return True
        i = order[depth]
        taken = [c.rect for c in chosen.values()]
        for candidate in _distinct(c for c in free[i] if not _crowds(c.rect, taken)):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            chosen[i] = candidate
            if place(depth + 1):
                return True
            del chosen[i]
        return False

    return chosen if place(0) else None


def _distinct(candidates: Iterable[_Candidate]) -> list[_Candidate]:
    """The best few places that differ: each overlaps none of the better ones by half."""
    out: list[_Candidate] = []
    for c in candidates:
        if all(_overlap(c.rect, d.rect) * 2 < c.rect.w * c.rect.h for d in out):
            out.append(c)
            if len(out) == BRANCHES:
                break
    return out


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


def _greedy(free: list[list[_Candidate]], order: list[int],
            fixed: dict[int, _Candidate]) -> dict[int, _Candidate]:
    """Each name in turn takes its best place apart from those already placed (or its best)."""
    chosen = dict(fixed)
    for i in order:
        taken = [c.rect for c in chosen.values()]
        chosen[i] = next((c for c in free[i] if not _crowds(c.rect, taken)), free[i][0])
    return chosen


def _obstacles(strokes: Sequence[Stroke], icons: Sequence[Icon],
               area: pygame.Rect) -> pygame.mask.Mask:
    """A mask of every pixel a plate must not cover, in canvas coordinates.

    A stroke is stamped as a square of its width slid along its spine: the shape
    `geometry.stroke_hits` tests (a rect meets the stroke where it meets this).
    """
    surf = pygame.Surface((area.right + 1, area.bottom + 1), pygame.SRCALPHA)
    solid = (255, 255, 255, 255)
    for stroke in strokes:
        side = round(stroke.width)
        for (ax, ay), (bx, by) in zip(stroke.points, stroke.points[1:]):
            steps = max(1, math.ceil(math.hypot(bx - ax, by - ay)))
            for k in range(steps + 1):
                x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                surf.fill(solid, pygame.Rect(round(x - side / 2), round(y - side / 2), side, side))
    for icon in icons:
        surf.fill(solid, icon.rect)
    return pygame.mask.from_surface(surf)


def _places(name: str, p: Point, markers: Sequence[Point], blocked: pygame.mask.Mask,
            area: pygame.Rect) -> tuple[list[_Candidate], _Candidate | None]:
    """A name's free places around its marker, best first, and (only when there is none) the
    place that hides the least.

    A free place hides nothing and reads as this marker's name (it is clearly nearer to it
    than to any other marker).
    """
    others = [q for q in markers if q != p
              and abs(q[0] - p[0]) < NEIGHBOURHOOD and abs(q[1] - p[1]) < NEIGHBOURHOOD]
    boxes: dict[tuple[int, int], pygame.mask.Mask] = {}

    def hidden(rect: pygame.Rect) -> int:
        """Pixels of routes and markers under the plate and its clearance."""
        size = (rect.w + 2 * CLEARANCE, rect.h + 2 * CLEARANCE)
        box = boxes.setdefault(size, pygame.mask.Mask(size, fill=True))
        at = (rect.x - CLEARANCE, rect.y - CLEARANCE)
        return 0 if blocked.overlap(box, at) is None else blocked.overlap_area(box, at)

    around = list(_around(name, p, area))
    if not around:  # a plate wider than the map: on its marker, kept inside
        rect = label_plate((name,)).get_rect(center=p).clamp(area)
        return [], _Candidate((name,), rect, 0.0)
    free = sorted((c for c in around if not hidden(c.rect) and not _mistaken(c.rect, p, others)),
                  key=lambda c: c.cost)
    if free:
        return free, None
    # no free place: its own place hiding the fewest pixels (a test will name what it hides)
    return free, min(around, key=lambda c: (_mistaken(c.rect, p, others), hidden(c.rect), c.cost))


def _around(name: str, p: Point, area: pygame.Rect) -> Iterator[_Candidate]:
    """Every plate of the name at growing gaps, in every direction around p, inside `area`."""
    for lines in line_choices(name):
        plate = label_plate(lines)
        w, h = plate.get_size()
        for gap in range(NEAREST, FARTHEST + 1, STEP):
            for k in range(DIRECTIONS):
                ux, uy = math.cos(2 * math.pi * k / DIRECTIONS), math.sin(2 * math.pi * k / DIRECTIONS)
                reach = gap + abs(ux) * w / 2 + abs(uy) * h / 2  # the plate's edge faces p
                rect = plate.get_rect(center=(round(p[0] + ux * reach), round(p[1] + uy * reach)))
                if area.contains(rect):  # near, beside rather than above, compact
                    yield _Candidate(lines, rect, gap + 6 * abs(uy) + w * h / 2000)


def _mistaken(rect: pygame.Rect, own: Point, others: Sequence[Point]) -> bool:
    """True if the plate is about as near another marker as its own (it would read as that
    one's name)."""
    gap = _gap(rect, own)
    return any(_gap(rect, q) < gap + AMBIGUOUS for q in others)


def _crowds(rect: pygame.Rect, taken: Sequence[pygame.Rect]) -> bool:
    return rect.inflate(2 * SPACING, 2 * SPACING).collidelist(taken) >= 0


def _gap(rect: pygame.Rect, p: Point) -> float:
    """Distance from a point to the nearest edge of a rect (0 inside)."""
    dx = max(rect.left - p[0], 0, p[0] - rect.right)
    dy = max(rect.top - p[1], 0, p[1] - rect.bottom)
    return math.hypot(dx, dy)
