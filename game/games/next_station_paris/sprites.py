"""Sprites and drawing helpers of the Next Station: Paris sheets: stations, pencils, cards, and
the marks the renderer lays over them (option rings, score boxes, previews, badges, icons).

Everything is procedural (our own art) and cached by its parameters, so a frame only blits.
Pencil strokes are drawn as a few jittered hairlines over a solid core: they read as coloured
pencil on paper, and the jitter is seeded by the segment so a redraw looks the same. Shading,
fitted text and the display-format conversion come from game.ui.paint.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

import pygame

from game.ui import theme
from game.ui.damage import column_parts
from game.ui.memory import art_cache
from game.ui.paint import fast, shade
from game.ui.tween import Painter

Point = tuple[float, float]

PAPER = (246, 241, 228)
PAPER_LINE = (205, 198, 182)
INK = (38, 38, 48)
LINK = (150, 146, 138)  # the grey dashed lines of the sheet
OPTION = (255, 255, 255)  # a station the seat may draw to
SHADOW = (20, 22, 30)  # the dark halo that keeps a mark readable on any district tint
GATE = (210, 50, 50)  # a city gate's ring
PENCILS: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    "orange": (240, 120, 20),
    "green": (40, 160, 70),
    "purple": (140, 70, 190),
    "blue": (40, 100, 220),
})
# Pale district tints (8 main + the corners and centre), distinct but quiet under the lines.
DISTRICT_TINTS = (
    (236, 222, 196), (214, 228, 210), (226, 214, 232), (208, 222, 236), (238, 214, 206),
    (220, 232, 200), (232, 226, 200), (206, 226, 228), (228, 206, 218), (218, 218, 218),
)
METRO_BG = (36, 110, 170)
METRO_EDGE = (60, 170, 120)
STREET_BG = (246, 204, 60)
CARD_BACK = (52, 60, 84)


def pencil_rgb(name: str | None) -> tuple[int, int, int]:
    """The RGB of a pencil colour name (unknown names are graphite)."""
    return PENCILS.get(str(name).lower(), (90, 90, 96))


# -- shapes ------------------------------------------------------------------------------------
def shape_points(shape: str, center: Point, r: float) -> list[Point]:
    """Polygon points of a station shape (circles are approximated for hit tests only)."""
    cx, cy = center
    if shape == "square":
        k = r * 0.82
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    n, turn = {"triangle": (3, -math.pi / 2), "pentagon": (5, -math.pi / 2)}.get(shape, (24, 0))
    rr = r * (1.12 if shape == "triangle" else 1.0)
    dy = r * 0.18 if shape == "triangle" else 0.0  # a triangle's centroid sits low: lift it
    return [(cx + rr * math.cos(turn + 2 * math.pi * i / n),
             cy + dy + rr * math.sin(turn + 2 * math.pi * i / n)) for i in range(n)]


def draw_shape(surface: pygame.Surface, shape: str, center: Point, r: float, fill, edge,
               width: int) -> None:
    """One station symbol: a filled shape with an ink outline."""
    if shape == "circle":
        pygame.draw.circle(surface, fill, center, r)
        pygame.draw.circle(surface, edge, center, r, width)
        return
    pts = shape_points(shape, center, r)
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, edge, pts, width)


def draw_monument(surface: pygame.Surface, center: Point, r: float) -> None:
    """A monument: a gold disc holding a small arch (it accepts any symbol)."""
    cx, cy = center
    pygame.draw.circle(surface, INK, center, r + 2)
    pygame.draw.circle(surface, (238, 190, 60), center, r)
    w = max(2, int(r / 4))
    arch = pygame.Rect(0, 0, r * 1.1, r * 1.1)
    arch.center = (round(cx), round(cy + r * 0.15))
    pygame.draw.arc(surface, INK, arch, 0, math.pi, w)
    pygame.draw.line(surface, INK, (arch.left + w // 2, arch.centery),
                     (arch.left + w // 2, arch.bottom - 1), w)
    pygame.draw.line(surface, INK, (arch.right - w // 2 - 1, arch.centery),
                     (arch.right - w // 2 - 1, arch.bottom - 1), w)
    pygame.draw.line(surface, INK, (cx - r * 0.75, arch.bottom), (cx + r * 0.75, arch.bottom), w)


def draw_platform(surface: pygame.Surface, center: Point, r: float) -> None:
    """The central platform: a square holding all four symbols."""
    cx, cy = center
    box = pygame.Rect(0, 0, r * 2.3, r * 2.3)
    box.center = (round(cx), round(cy))
    pygame.draw.rect(surface, (252, 250, 244), box, border_radius=max(2, int(r / 3)))
    pygame.draw.rect(surface, INK, box, max(2, int(r / 5)), border_radius=max(2, int(r / 3)))
    q = r * 0.52
    small = r * 0.38
    for shape, (dx, dy) in zip(("square", "circle", "triangle", "pentagon"),
                               ((-1, -1), (1, -1), (-1, 1), (1, 1))):
        draw_shape(surface, shape, (cx + dx * q, cy + dy * q), small, INK, INK, 1)


def draw_overpass(surface: pygame.Surface, center: Point, r: float, angle: float) -> None:
    """An overpass: a small bridge (two parallel rails with flared ends) across the crossing."""
    cx, cy = center
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    w = max(2, int(r / 5))
    for side in (-1, 1):
        ox, oy = px * side * r * 0.45, py * side * r * 0.45
        a = (cx - ux * r + ox, cy - uy * r + oy)
        b = (cx + ux * r + ox, cy + uy * r + oy)
        pygame.draw.line(surface, INK, a, b, w)
        for end, sign in ((a, -1), (b, 1)):
            tip = (end[0] + (ux * sign + px * side) * r * 0.35,
                   end[1] + (uy * sign + py * side) * r * 0.35)
            pygame.draw.line(surface, INK, end, tip, w)


def dashed(surface: pygame.Surface, color, a: Point, b: Point, width: int, dash: float,
           gap: float) -> None:
    """A dashed straight line from a to b."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    pos = 0.0
    while pos < length:
        end = min(length, pos + dash)
        pygame.draw.line(surface, color, (a[0] + ux * pos, a[1] + uy * pos),
                         (a[0] + ux * end, a[1] + uy * end), width)
        pos = end + gap


# -- pencil strokes ----------------------------------------------------------------------------
@art_cache(maxsize=2048)  # every link in every colour, for a big and a compact map's width
def pencil_grain(color: tuple[int, int, int], width: int, seed: int
                 ) -> tuple[tuple[tuple[int, int, int], float, float], ...]:
    """A stroke's hairlines: (tone, offset at its start, offset at its tip) each, seeded by the
    segment so that a redraw looks the same (worked out once: a stroke in flight is drawn
    every frame)."""
    rng = random.Random(seed)
    dark, light = shade(color, 0.7), shade(color, 1.25)
    half = width / 2
    return tuple((tone, rng.uniform(-half * 0.7, half * 0.7), rng.uniform(-half * 0.7, half * 0.7))
                 for tone in (dark, light, dark))


def warm_grains(width: int, links: int, colors: Sequence[str]) -> None:
    """Work out now the grain of every stroke a map of this pencil width may show (each
    colour on each link, seeded as its painters seed it): a new one costs tens of
    microseconds cold, in the frame a stroke starts (its first picture) or lands (its ink)."""
    for color, name in enumerate(colors):
        rgb = pencil_rgb(name)
        for lk in range(links):
            pencil_grain(rgb, width, lk * 7 + color)


def pencil_stroke(surface: pygame.Surface, color, a: Point, b: Point, width: int,
                  seed: int, progress: float = 1.0) -> None:
    """A coloured-pencil line from a towards b (drawn up to `progress` of its length)."""
    pencil_line(surface, color, a, b, width, pencil_grain(tuple(color), width, seed), progress)


def pencil_line(surface: pygame.Surface, color, a: Point, b: Point, width: int,
                grain: tuple, progress: float) -> None:
    """`pencil_stroke` with its grain (`pencil_grain`) looked up already: a stroke in flight,
    drawn every frame, looks it up once."""
    ex = a[0] + (b[0] - a[0]) * progress
    ey = a[1] + (b[1] - a[1]) * progress
    length = math.hypot(ex - a[0], ey - a[1])
    if length < 1:
        return
    ux, uy = (ex - a[0]) / length, (ey - a[1]) / length
    px, py = -uy, ux
    line = pygame.draw.line
    line(surface, color, a, (ex, ey), width)
    hair = max(1, width // 5)
    for tone, off0, off1 in grain:  # the pencil grain
        line(surface, tone, (a[0] + px * off0, a[1] + py * off0), (ex + px * off1, ey + py * off1),
             hair)
    r = max(1, width // 2 - 1)
    pygame.draw.circle(surface, color, a, r)
    pygame.draw.circle(surface, color, (ex, ey), r)


def pencil_lean(a: Point, b: Point) -> Point:
    """The unit vector from a stroke's tip up its pencil: leaning up and back from the
    stroke from a to b, like a hand holding it."""
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    lx, ly = -ux * 0.5 + 0.5, -uy * 0.5 - 0.85
    n = math.hypot(lx, ly) or 1.0
    return lx / n, ly / n


def pencil_size(spacing: float) -> float:
    """The size of the pencil drawn at a stroke's tip on a map whose stations lie `spacing`
    apart (never under 18 px, so that a small map's pencil still reads as one): the one rule
    that the stroke, its damage and the pencils drawn before play all follow."""
    return max(18.0, spacing * 0.5)


def pencil_box(at: Point, lean: Point, size: float) -> pygame.Rect:
    """Every pixel `pencil_tip` paints with its tip at `at` (`lean`: `pencil_lean`)."""
    end = (at[0] + lean[0] * size * 2.2, at[1] + lean[1] * size * 2.2)
    reach = math.ceil(size * 0.22) + 4  # the body's half width, its ink outline, rounding
    return pygame.Rect(math.floor(min(at[0], end[0])) - reach,
                       math.floor(min(at[1], end[1])) - reach,
                       math.ceil(abs(at[0] - end[0])) + 2 * reach + 1,
                       math.ceil(abs(at[1] - end[1])) + 2 * reach + 1)


def pencil_tip(surface: pygame.Surface, color, at: Point, lean: Point, size: float) -> None:
    """The pencil itself, drawn at the tip of a stroke in progress (`lean`: `pencil_lean` of
    the stroke, worked out once for all its frames)."""
    lx, ly = lean
    px, py = -ly, lx
    tip = at
    cone = (at[0] + lx * size * 0.45, at[1] + ly * size * 0.45)
    end = (at[0] + lx * size * 2.2, at[1] + ly * size * 2.2)
    w = size * 0.22
    body = [(cone[0] + px * w, cone[1] + py * w), (end[0] + px * w, end[1] + py * w),
            (end[0] - px * w, end[1] - py * w), (cone[0] - px * w, cone[1] - py * w)]
    pygame.draw.polygon(surface, color, body)
    pygame.draw.polygon(surface, INK, body, 2)
    wood = [tip, (cone[0] + px * w, cone[1] + py * w), (cone[0] - px * w, cone[1] - py * w)]
    pygame.draw.polygon(surface, (232, 200, 150), wood)
    pygame.draw.polygon(surface, INK, wood, 2)
    pygame.draw.circle(surface, color, tip, max(2, size * 0.08))


@art_cache(maxsize=256)  # 4 colours, a lean per link direction, a size per map width
def pencil_sprite(color: tuple[int, int, int], lean: Point, size: float
                  ) -> tuple[pygame.Surface, int, int]:
    """The pencil `pencil_tip` draws with its tip on a whole pixel, as a picture cropped to
    its pixels, and where its top-left lies from the tip: a stroke in flight blits it each
    frame (one blit against four polygons and a disc, some 10 us a stroke a frame, paced).
    Pixels are those `pencil_tip` draws there: shifting its points by whole pixels shifts
    its pixels the same."""
    reach = pencil_box((0, 0), lean, size)
    surf = pygame.Surface(reach.size, pygame.SRCALPHA)
    pencil_tip(surf, color, (-reach.x, -reach.y), lean, size)
    crop = surf.get_bounding_rect()
    return fast(surf.subsurface(crop).copy()), reach.x + crop.x, reach.y + crop.y


def stroke_lean(a: Point, b: Point) -> Point:
    """`pencil_lean`, rounded so that parallel strokes share one key of `pencil_sprite` (their
    unit vectors differ in the last bits; 1e-6 of a 50 px pencil moves no pixel)."""
    lx, ly = pencil_lean(a, b)
    return round(lx, 6), round(ly, 6)


def warm_pencils(size: float, leans: Sequence[Point], colors: Sequence[str]) -> None:
    """Draw now every pencil a map may show (each colour at each of its strokes' leans), so
    that no stroke's first frame draws one."""
    for name in colors:
        for lean in leans:
            pencil_sprite(pencil_rgb(name), lean, size)


def interchange_mark(surface: pygame.Surface, center: Point, r: float, lines: int) -> None:
    """An interchange: a white ring with a dark rim, thicker for more lines through it."""
    pygame.draw.circle(surface, INK, center, r + 2, max(2, int(r / 4)) + 2)
    pygame.draw.circle(surface, (255, 255, 255), center, r, max(2, int(r / 4)) + (lines - 2))


# -- cards -------------------------------------------------------------------------------------
@art_cache(maxsize=64)
def card_face(symbol: str, metro: bool, w: int, h: int) -> pygame.Surface:
    """A station card: Metro (blue-green) or Street (yellow) with its big symbol."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(6, w // 12)
    bg = METRO_BG if metro else STREET_BG
    pygame.draw.rect(surf, bg, rect, border_radius=radius)
    if metro:  # the green band of the Metro cards
        band = pygame.Rect(0, int(h * 0.78), w, h - int(h * 0.78))
        pygame.draw.rect(surf, METRO_EDGE, band, border_bottom_left_radius=radius,
                         border_bottom_right_radius=radius)
    inner = rect.inflate(-w // 8, -w // 8)
    pygame.draw.rect(surf, (252, 250, 242), inner.inflate(0, -int(h * 0.2)).move(
        0, -int(h * 0.06)), border_radius=radius)
    center = (w / 2, h * 0.42)
    r = w * 0.26
    if symbol == "joker":
        _draw_joker(surf, center, r)
    elif symbol == "branch":
        _draw_branch(surf, center, r)
    else:
        draw_shape(surf, symbol, center, r, INK, INK, 2)
    pygame.draw.rect(surf, INK, rect, 4, border_radius=radius)
    return fast(surf)


@art_cache(maxsize=4)
def seen_veil(w: int, h: int) -> pygame.Surface:
    """A dark veil over a small card already turned over this round, with a tick."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (20, 22, 30, 190), surf.get_rect(), border_radius=max(6, w // 12))
    tick = [(w * 0.3, h * 0.5), (w * 0.45, h * 0.62), (w * 0.72, h * 0.38)]
    pygame.draw.lines(surf, (250, 248, 240), False, tick, max(3, w // 12))
    return fast(surf)


@art_cache(maxsize=8)
def card_back(w: int, h: int) -> pygame.Surface:
    """The back of a station card."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(6, w // 12)
    pygame.draw.rect(surf, CARD_BACK, rect, border_radius=radius)
    pygame.draw.rect(surf, (230, 230, 236), rect.inflate(-w // 6, -w // 6), 3,
                     border_radius=radius)
    r = w * 0.18
    cx, cy = w / 2, h / 2
    pygame.draw.circle(surf, (230, 230, 236), (cx, cy), r, 4)
    pygame.draw.line(surf, (230, 230, 236), (cx - r * 0.6, cy), (cx + r * 0.6, cy), 4)
    pygame.draw.rect(surf, INK, rect, 4, border_radius=radius)
    return fast(surf)


def _draw_joker(surf: pygame.Surface, center: Point, r: float) -> None:
    """Joker / guided tour: the four symbols around a star."""
    cx, cy = center
    for shape, (dx, dy) in zip(("square", "circle", "triangle", "pentagon"),
                               ((-1, -1), (1, -1), (-1, 1), (1, 1))):
        draw_shape(surf, shape, (cx + dx * r * 0.62, cy + dy * r * 0.62), r * 0.38, INK, INK, 1)
    pts = []
    for i in range(10):
        rr = r * (0.42 if i % 2 == 0 else 0.18)
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surf, (230, 60, 60), pts)


def _draw_branch(surf: pygame.Surface, center: Point, r: float) -> None:
    """Branch: a line splitting in two."""
    cx, cy = center
    w = max(4, int(r / 5))
    root = (cx, cy + r)
    fork = (cx, cy)
    pygame.draw.line(surf, INK, root, fork, w)
    for side in (-1, 1):
        tip = (cx + side * r * 0.8, cy - r * 0.9)
        pygame.draw.line(surf, INK, fork, tip, w)
        pygame.draw.circle(surf, INK, tip, w)
    pygame.draw.circle(surf, INK, root, w)


# -- marks over the sheets -----------------------------------------------------------------------
@art_cache(maxsize=64)
def ring_sprite(r: int, width: int) -> pygame.Surface:
    """A white option ring with a dark halo (readable on any district tint)."""
    size = 2 * (r + width + 3)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, SHADOW, c, r + width + 2, width + 4)
    pygame.draw.circle(surf, OPTION, c, r + width, width)
    return fast(surf)


@art_cache(maxsize=16)
def goal_sprite(r: int, color: tuple) -> pygame.Surface:
    """A thick ring in the line's colour with a dark halo: the end of the segment being asked."""
    width = max(4, r // 4)
    size = 2 * (r + 4)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, SHADOW, c, r + 3, width + 6)
    pygame.draw.circle(surf, color, c, r, width)
    return fast(surf)


@art_cache(maxsize=256)
def dash_sprite(a: Point, b: Point, color: tuple, width: int) -> pygame.Surface:
    """A dashed pencil segment with a dark halo from a to b (sprite coordinates)."""
    size = (math.ceil(max(a[0], b[0])) + width + 4, math.ceil(max(a[1], b[1])) + width + 4)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    dashed(surf, SHADOW, a, b, width + 4, width * 2.2, width * 1.4)
    dashed(surf, color, a, b, width, width * 2.2, width * 1.4)
    return fast(surf)


def stroke_painter(color, a: Point, b: Point, width: int, seed: int, size: float,
                   mini: bool) -> Painter:
    """Paint: the segment is drawn like a pencil stroke, the pencil travelling with its tip
    (a bot's compact map shows the line alone). What every frame of the stroke shares (its
    grain, the pencil's lean and size) is worked out once: a stroke runs some 25 frames,
    each a cold call chain (the tween's pass skips it where the frame's clip misses it:
    `Timeline.paint`'s reach). The grain is looked up at the first frame painted, not when
    the move lands (a new one costs tens of microseconds; the frame of the move has the most
    to do, and a seat's later strokes wait for its earlier ones). `size`: the pencil's
    (`pencil_size`)."""
    lean = stroke_lean(a, b)
    grain: tuple | None = None
    tip: tuple[pygame.Surface, int, int] | None = None  # the pencil's picture (pencil_sprite)

    def paint(canvas: pygame.Surface, p: float) -> None:
        nonlocal grain, tip
        if grain is None:
            grain = pencil_grain(tuple(color), width, seed)
        pencil_line(canvas, color, a, b, width, grain, max(0.02, p))
        if not mini and p < 1.0:
            if tip is None:
                tip = pencil_sprite(tuple(color), lean, size)
            picture, dx, dy = tip  # the tip on the nearest whole pixel
            canvas.blit(picture, (round(a[0] + (b[0] - a[0]) * p) + dx,
                                  round(a[1] + (b[1] - a[1]) * p) + dy))
    return paint


def card_flip(back: pygame.Surface, face: pygame.Surface, rect: pygame.Rect, lift: float,
              backdrop: tuple[int, int, int]) -> Painter:
    """Paint: a card in `rect` turns over from its back to its face, rising `lift` px at
    mid-turn, over `backdrop` (game.ui.paint.flip's picture, at least 2 px wide). The backdrop
    is filled only around the squeezed card (its pictures are opaque), on whole columns: one
    fill of the whole spot starting off a column cost ~0.1 ms a frame at 3 seats. The back,
    the same picture at every flip, is squeezed once per width (`squeezed_back`: frames at a
    steady rate meet the same widths flip after flip); the face is squeezed straight onto the
    canvas (`squeeze_onto`), with no picture made and blitted in between."""
    spot = flip_spot(rect)

    def paint(canvas: pygame.Surface, p: float) -> None:
        card = flipping_card(rect, lift, p)
        width = card.w
        for part in around(spot, card):  # `fill_columns` inline: a flip frame fills up to 4
            for piece in column_parts(part):
                canvas.fill(backdrop, piece)
        if p < 0.5:
            canvas.blit(squeezed_back(back, width), card)
        else:
            squeeze_onto(canvas, face, card)
    return paint


def flip_spot(rect: pygame.Rect) -> pygame.Rect:
    """Where a card in `rect` turning over (`card_flip`) paints every pixel in each frame:
    the backdrop round the squeezed card (risen at mid-turn, the card may reach past it)."""
    return rect.inflate(8, 8)


def flipping_card(rect: pygame.Rect, lift: float, p: float) -> pygame.Rect:
    """Where a card in `rect` turning over (`card_flip`) lies at progress `p`: squeezed to
    |cos| of its width (2 px at least), risen `lift` px at mid-turn."""
    card = pygame.Rect(0, 0, max(2, int(rect.w * abs(math.cos(math.pi * p)))), rect.h)
    card.center = (rect.centerx, rect.centery - int(lift * math.sin(math.pi * p)))
    return card


class FlipArea:
    """Where a card turning over (`card_flip`) changes pixels in a frame, a tween's path
    (`PanelRoom.tween`'s area): its whole spot the first time it is asked (the card there
    before must go, and the backdrop come round it), then the squeezed card alone; the kit adds
    where it was the frame before, and around both the spot shows the backdrop in both
    frames. A frame near mid-turn redraws a sliver, not the 272x372 spot (~0.1 ms less). The
    flip still paints its whole `spot` (its tween's reach: another part of the canvas
    redrawn over the spot gets the backdrop, not what is laid under it)."""

    def __init__(self, rect: pygame.Rect, lift: float, spot: pygame.Rect) -> None:
        self.rect, self.lift, self.spot = pygame.Rect(rect), lift, pygame.Rect(spot)
        self.asked = False  # the first frame's damage worked out

    def __call__(self, p: float) -> pygame.Rect:
        if not self.asked:
            self.asked = True
            return self.spot.copy()
        return flipping_card(self.rect, self.lift, p)


@art_cache(maxsize=24)
def squeezed_back(back: pygame.Surface, width: int) -> pygame.Surface:
    """A card's back squeezed to `width` (its height kept): every flip shows the same back, so
    a width met at an earlier flip is a blit, not a scale (~0.05 ms of a flip's frame)."""
    return pygame.transform.scale(back, (width, back.get_height()))


def squeeze_onto(canvas: pygame.Surface, picture: pygame.Surface, card: pygame.Rect) -> None:
    """`picture` squeezed into `card` on the canvas: scaled straight into the canvas where the
    card lies in the clip and the two share a pixel format (the same pixels as scaling then
    blitting an opaque picture; no ~350 KB picture made, filled and copied again), else
    scaled, then blitted within the clip."""
    if canvas.get_clip().contains(card) and canvas.get_masks() == picture.get_masks() \
            and canvas.get_bitsize() == picture.get_bitsize():
        pygame.transform.scale(picture, card.size, canvas.subsurface(card))
    else:
        canvas.blit(pygame.transform.scale(picture, card.size), card)


def around(area: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """`area` less `hole`: the bands above and under the hole, then those beside it (empty
    ones left out)."""
    top, bottom = max(area.top, hole.top), min(area.bottom, hole.bottom)
    if bottom <= top or hole.right <= area.left or hole.left >= area.right:
        return [pygame.Rect(area)]
    left, right = max(area.left, hole.left), min(area.right, hole.right)
    parts = [pygame.Rect(area.left, area.top, area.w, top - area.top),
             pygame.Rect(area.left, bottom, area.w, area.bottom - bottom),
             pygame.Rect(area.left, top, left - area.left, bottom - top),
             pygame.Rect(right, top, area.right - right, bottom - top)]
    return [part for part in parts if part.w > 0 and part.h > 0]


@art_cache(maxsize=16)
def badge(n: int, size: int) -> pygame.Surface:
    """A small dark disc with the number of lines meeting at an interchange."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, INK, (size // 2, size // 2), size // 2)
    txt = theme.text(str(n), theme.SMALL_SIZE, (255, 255, 255), True)  # readable: >= 24 px
    surf.blit(txt, txt.get_rect(center=(size // 2, size // 2 + 1)))
    return fast(surf)


def dotted_ring(surface: pygame.Surface, color, center: Point, r: float, dot: int) -> None:
    """A ring of dots: the rulebook's 'circle it with a dotted line'."""
    n = max(8, int(2 * math.pi * r / (dot * 3)))
    for i in range(n):
        a = 2 * math.pi * i / n
        pygame.draw.circle(surface, color, (center[0] + r * math.cos(a),
                                            center[1] + r * math.sin(a)), dot)


# -- the score zone and the modules panel ---------------------------------------------------------
@art_cache(maxsize=64)
def box_sprite(w: int, h: int, filled: bool, strong: bool, gate: bool = False) -> pygame.Surface:
    """One score box, without its number (`numeral`, laid over it: the box is opaque where
    the number goes): paper once its number is known and final, else dark; a number that
    counts a city gate's bonus gets the gates' red rim."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    box = surf.get_rect()
    fill = (250, 248, 240) if filled else theme.BACKGROUND
    pygame.draw.rect(surf, fill, box, border_radius=8)
    rim = GATE if gate else theme.ACCENT if strong else theme.TEXT_DIM
    pygame.draw.rect(surf, rim, box, 4 if gate else 3 if strong else 2, border_radius=8)
    return fast(surf)


# The score zones' numbers, rendered before play (`warm_numerals`): a number seen for the first
# time in a frame would cost that frame a render (a total counting up shows eight new ones on
# every sheet at once). Kept apart from theme.text's cache, which they would flush.
NUMERALS_CACHED = 1024


@art_cache(maxsize=NUMERALS_CACHED)
def numeral(text: str, size: int, color: tuple) -> pygame.Surface:
    """A bold number (or a short mark such as "-") as theme.text renders it."""
    return theme.font(size, True).render(text, True, color)


def warm_numerals(size: int, color: tuple, top: int) -> None:
    """Render the numbers 0..top at this size and colour now, before play."""
    for n in range(top + 1):
        numeral(str(n), size, color)


@art_cache(maxsize=64)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """How wide a line of text renders (measured once: a font's measure costs a frame)."""
    return theme.font(size, bold).size(text)[0]


def icon(surface: pygame.Surface, kind: str, center: tuple[int, int], r: int) -> None:
    """Score-zone icons: an overpass bridge, an interchange ring, an objective star."""
    if kind == "bridge":
        pygame.draw.circle(surface, (250, 248, 240), center, r + 4)
        draw_overpass(surface, center, r * 0.8, 0.0)
    elif kind == "ring":
        pygame.draw.circle(surface, (250, 248, 240), center, r + 4)
        interchange_mark(surface, center, r * 0.6, 2)
    else:
        cx, cy = center
        pts = []
        for i in range(10):
            rr = r * (1.0 if i % 2 == 0 else 0.45)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surface, theme.ACCENT, pts)


def corner_glyph(surface: pygame.Surface, rect: pygame.Rect, right: bool, bottom: bool) -> None:
    """A tiny map with one corner marked: which city gate a bonus belongs to."""
    pygame.draw.rect(surface, PAPER, rect, border_radius=4)
    pygame.draw.rect(surface, LINK, rect, 2, border_radius=4)
    x = rect.right - 7 if right else rect.x + 7
    y = rect.bottom - 7 if bottom else rect.y + 7
    pygame.draw.circle(surface, GATE, (x, y), 6)
