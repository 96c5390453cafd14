"""Sprites and drawing helpers of the Ticket to Ride: Paris board: cards, tickets, bus slots, map.

Everything here is procedural (our own art). Sprites are cached by their parameters, so a draw
loop only blits; nothing here allocates per frame once the cache is warm. Colours, fitted text
and the display-format conversion come from game.ui.paint.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from itertools import pairwise

import pygame

from game.ui import theme
from game.ui.memory import art_cache
from game.ui.paint import INK, draw_emblem, fast, fit_text, shade

Point = tuple[float, float]

# Card and route colours. Each colour also has a glyph so colour-blind players can tell them apart.
CARD_RGB: dict[str, tuple[int, int, int]] = {
    "blue": (52, 104, 214),
    "red": (214, 56, 52),
    "white": (240, 240, 236),
    "yellow": (246, 204, 40),
    "green": (58, 160, 76),
    "purple": (140, 76, 180),
    "wild": (120, 120, 120),
    "gray": (150, 146, 138),
}
CARD_INK: dict[str, tuple[int, int, int]] = {
    "white": (40, 40, 48),
    "yellow": (60, 46, 10),
}
CARD_ORDER = ("blue", "red", "white", "yellow", "green", "purple", "wild")
RAINBOW = ((214, 56, 52), (246, 170, 40), (246, 224, 60), (58, 160, 76), (52, 104, 214),
           (140, 76, 180))
MAP_INK = (34, 34, 44)
BUS_EMBLEM = 0.7  # a bus's seat emblem, as a share of the bus's width
FLAG_COLORS = ("blue", "white", "red")


def color_rgb(name: str) -> tuple[int, int, int]:
    """The RGB of a card or route colour name (unknown names read as grey routes)."""
    return CARD_RGB.get(normal_color(name), CARD_RGB["gray"])


def normal_color(name: str) -> str:
    """Canonical colour name: 'grey', 'any' and 'locomotive' style aliases folded."""
    name = str(name).lower()
    aliases = {"grey": "gray", "any": "gray", "none": "gray", "multi": "wild",
               "locomotive": "wild", "multicolor": "wild", "bus": "wild", "rainbow": "wild"}
    return aliases.get(name, name)


def ink_for(name: str) -> tuple[int, int, int]:
    """Text/glyph colour readable on a card of this colour."""
    return CARD_INK.get(normal_color(name), (250, 250, 250))


# -- glyphs -------------------------------------------------------------------------------------
def draw_glyph(surface: pygame.Surface, name: str, center: Point, r: float, color) -> None:
    """A shape per colour (circle, diamond, square, star, triangle, hexagon, spokes)."""
    cx, cy = center
    name = normal_color(name)
    if name == "blue":
        pygame.draw.circle(surface, color, (cx, cy), r, max(3, int(r / 3)))
    elif name == "red":
        diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        pygame.draw.polygon(surface, color, diamond)
    elif name == "white":
        pygame.draw.rect(surface, color, pygame.Rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6),
                         border_radius=int(r / 4))
    elif name == "yellow":
        pygame.draw.polygon(surface, color, _star(cx, cy, r, r * 0.45, 5))
    elif name == "green":
        triangle = [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
        pygame.draw.polygon(surface, color, triangle)
    elif name == "purple":
        pygame.draw.polygon(surface, color, _star(cx, cy, r, r, 6, offset=0.5))
    elif name == "wild":
        for i in range(6):
            a = i * math.pi / 3
            end = (cx + r * math.cos(a), cy + r * math.sin(a))
            pygame.draw.line(surface, RAINBOW[i], (cx, cy), end,
                             max(3, int(r / 3)))
        pygame.draw.circle(surface, (250, 250, 250), (cx, cy), r / 3)


def _star(cx: float, cy: float, r1: float, r2: float, n: int, offset: float = 0.0) -> list[Point]:
    pts = []
    for i in range(n * 2):
        r = r1 if i % 2 == 0 else r2
        a = -math.pi / 2 + (i + offset) * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts[::2] if r1 == r2 else pts


def draw_bus_icon(surface: pygame.Surface, rect: pygame.Rect, body, ink) -> None:
    """A little side-on bus (body, windows, wheels) filling `rect`."""
    w, h = rect.size
    body_r = pygame.Rect(rect.x, rect.y, w, int(h * 0.8))
    pygame.draw.rect(surface, body, body_r, border_radius=max(2, h // 5))
    pygame.draw.rect(surface, ink, body_r, width=max(2, h // 14), border_radius=max(2, h // 5))
    win_h = int(h * 0.28)
    n = 4
    gap = w * 0.06
    win_w = (w - gap * (n + 1)) / n
    for i in range(n):
        x = rect.x + gap + i * (win_w + gap)
        pygame.draw.rect(surface, ink, pygame.Rect(x, rect.y + h * 0.14, win_w, win_h),
                         border_radius=max(1, h // 16))
    for fx in (0.22, 0.78):
        pygame.draw.circle(surface, ink, (rect.x + w * fx, rect.y + h * 0.8), h * 0.16)


@art_cache(maxsize=16)
def bus_icon(body: tuple, ink: tuple, w: int, h: int) -> pygame.Surface:
    """`draw_bus_icon` of this size on a clear sprite (the same pixels, in one blit: a seat's
    row draws it at every repaint)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    draw_bus_icon(surf, surf.get_rect(), body, ink)
    return surf


# -- cards --------------------------------------------------------------------------------------
@art_cache(maxsize=256)
def transport_card(color: str, w: int, h: int) -> pygame.Surface:
    """A face-up transport card: colour field, glyph in the corner and a bus in the middle."""
    color = normal_color(color)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(6, w // 9)
    if color == "wild":
        _rainbow_fill(surf, rect, radius)
    else:
        pygame.draw.rect(surf, CARD_RGB[color], rect, border_radius=radius)
    inner = rect.inflate(-max(6, w // 12), -max(6, w // 12))
    pygame.draw.rect(surf, shade(CARD_RGB[color], 1.35) if color != "white" else (200, 200, 196),
                     inner, width=2, border_radius=radius - 2)
    ink = ink_for(color)
    bus = pygame.Rect(0, 0, int(w * 0.7), int(w * 0.42))
    bus.center = (w // 2, int(h * 0.58))
    body = (250, 250, 250) if color != "white" else (210, 210, 206)
    if color == "wild":
        body, ink = (250, 250, 250), (40, 40, 48)
    draw_bus_icon(surf, bus, body, ink)
    draw_glyph(surf, color, (w * 0.24, h * 0.2), w * 0.12, ink if color != "wild" else None)
    pygame.draw.rect(surf, (20, 20, 26), rect, width=2, border_radius=radius)
    return fast(surf)


def _rainbow_fill(surf: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    stripes = pygame.Surface(rect.size, pygame.SRCALPHA)
    band = rect.h / len(RAINBOW)
    for i, c in enumerate(RAINBOW):
        pygame.draw.rect(stripes, c, pygame.Rect(0, int(i * band), rect.w, math.ceil(band) + 1))
    stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(stripes, (0, 0))


@art_cache(maxsize=32)
def card_back(w: int, h: int) -> pygame.Surface:
    """The back of a transport card (deck, blind draws)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(6, w // 9)
    pygame.draw.rect(surf, (46, 60, 96), rect, border_radius=radius)
    gold = (220, 190, 110)
    pygame.draw.rect(surf, gold, rect.inflate(-10, -10), width=3, border_radius=radius - 3)
    cx, cy = w / 2, h / 2
    r = min(w, h) * 0.26
    pygame.draw.circle(surf, (220, 190, 110), (cx, cy), r, 3)
    bus = pygame.Rect(0, 0, int(r * 1.3), int(r * 0.8))
    bus.center = (int(cx), int(cy))
    draw_bus_icon(surf, bus, (220, 190, 110), (46, 60, 96))
    pygame.draw.rect(surf, (16, 18, 26), rect, width=2, border_radius=radius)
    return fast(surf)


@art_cache(maxsize=32)
def ticket_back(w: int, h: int) -> pygame.Surface:
    """The back of a destination ticket (ticket pile, hidden tickets)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (236, 222, 186), rect, border_radius=10)
    pygame.draw.rect(surf, (150, 60, 50), rect.inflate(-10, -10), width=3, border_radius=8)
    # a little Eiffel-ish pylon: our own stylised mark
    cx, top, bottom = w / 2, h * 0.2, h * 0.8
    pylon = [(cx, top), (cx + h * 0.18, bottom), (cx - h * 0.18, bottom)]
    pygame.draw.polygon(surf, (150, 60, 50), pylon, 4)
    pygame.draw.line(surf, (150, 60, 50), (cx - h * 0.11, h * 0.6), (cx + h * 0.11, h * 0.6), 4)
    pygame.draw.rect(surf, (40, 30, 26), rect, width=2, border_radius=10)
    return fast(surf)


CHIP_PAD = 12  # paper left of the names on a ticket chip
CHIP_BADGE_R = 23  # radius of a chip's points badge
CHIP_BADGE_GAP = 18  # between the names and the badge, and right of it


def chip_width(a: str, b: str) -> int:
    """The width of a ticket chip that shows both names in full."""
    font = theme.font(theme.SMALL_SIZE, True)
    return max(font.size(a)[0], font.size(b)[0]) + CHIP_PAD + 2 * CHIP_BADGE_R + 2 * CHIP_BADGE_GAP


@art_cache(maxsize=512)
def ticket_card(a: str, b: str, points: int, w: int, h: int, status: str = "") -> pygame.Surface:
    """A destination ticket chip: the two places on two lines and the points in a badge.

    status 'done' tints it green and shows +points; 'failed' tints it red and shows -points.
    A chip `chip_width(a, b)` wide shows both names in full.
    """
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    paper = {"done": (206, 236, 196), "failed": (244, 200, 190)}.get(status, (244, 234, 204))
    badge_rgb = {"done": (46, 140, 66), "failed": (190, 50, 44)}.get(status, (150, 60, 50))
    pygame.draw.rect(surf, paper, rect, border_radius=10)
    pygame.draw.rect(surf, badge_rgb, rect.inflate(-6, -6), width=2, border_radius=8)
    size = theme.SMALL_SIZE
    badge_r = min(CHIP_BADGE_R, h // 2 - 6)
    names_w = w - CHIP_PAD - 2 * badge_r - 2 * CHIP_BADGE_GAP
    lh = theme.font(size, True).get_linesize() - 2
    top = (h - 2 * lh) // 2 + 1
    for i, name in enumerate((a, b)):
        surf.blit(fit_text(name, size, names_w, MAP_INK, bold=True), (CHIP_PAD, top + i * lh))
    cx, cy = w - badge_r - CHIP_BADGE_GAP // 2, h // 2
    pygame.draw.circle(surf, badge_rgb, (cx, cy), badge_r)
    label = {"done": f"+{points}", "failed": f"-{points}"}.get(status, str(points))
    num = theme.text(label, size, (250, 244, 230), True)
    if num.get_width() > badge_r * 2 - 2:  # "+12" is wider than the badge: widen it to a pill
        pill = num.get_rect(center=(cx, cy)).inflate(10, 6)
        pill.right = min(pill.right, w - 6)
        pygame.draw.rect(surf, badge_rgb, pill, border_radius=pill.h // 2)
        surf.blit(num, num.get_rect(center=pill.center))
    else:
        surf.blit(num, num.get_rect(center=(cx, cy)))
    pygame.draw.rect(surf, (40, 30, 26), rect, width=2, border_radius=10)
    return fast(surf)


def ticket_names(a: str, b: str, width: int, height: int) -> tuple[int, tuple[str, ...],
                                                                    tuple[str, ...]]:
    """The size and lines of a big ticket's two names: the body size if both fit `width` (broken
    after spaces and hyphens) and all lines fit `height`, else the small size."""
    for size in (theme.BODY_SIZE, theme.SMALL_SIZE):
        lines_a, lines_b = name_lines(a, width, size), name_lines(b, width, size)
        font = theme.font(size, True)
        wide = any(font.size(line)[0] > width for line in lines_a + lines_b)
        if not wide and (len(lines_a) + len(lines_b)) * ticket_line(size) + ARROW_H <= height:
            break
    return size, lines_a, lines_b


def ticket_line(size: int) -> int:
    """The line step of names on a big ticket."""
    return theme.font(size, True).get_linesize() - 2


ARROW_H = 30  # the arrow between a big ticket's names


def big_ticket(a: str, b: str, points: int, w: int, h: int, thumb: pygame.Surface,
               pa: Point, pb: Point) -> pygame.Surface:
    """A large ticket for the choice overlay: names, points and a mini map with both places.

    pa, pb are the places in thumbnail coordinates. The renderer builds it once per ticket.
    Both names are set in one size (`ticket_names`), each broken after spaces and hyphens.
    """
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    red = (150, 60, 50)
    pygame.draw.rect(surf, (244, 234, 204), rect, border_radius=14)
    pygame.draw.rect(surf, red, rect.inflate(-10, -10), width=3, border_radius=12)
    tr = thumb.get_rect(bottomright=(w - 18, h - 18))
    surf.blit(thumb, tr)
    pygame.draw.rect(surf, (120, 108, 86), tr, 2, border_radius=4)
    qa, qb = (tr.x + pa[0], tr.y + pa[1]), (tr.x + pb[0], tr.y + pb[1])
    pygame.draw.line(surf, MAP_INK, qa, qb, 6)
    pygame.draw.line(surf, (220, 70, 60), qa, qb, 3)
    for q in (qa, qb):
        pygame.draw.circle(surf, MAP_INK, q, 10)
        pygame.draw.circle(surf, (230, 70, 60), q, 7)
    cx, cy = tr.centerx, (tr.y + 14) // 2 + 2
    pygame.draw.circle(surf, red, (cx, cy), 32)
    num = theme.text(str(points), theme.BODY_SIZE, (250, 244, 230), True)
    surf.blit(num, num.get_rect(center=(cx, cy + 2)))
    text_w = tr.x - 40
    size, lines_a, lines_b = ticket_names(a, b, text_w, h - 48)
    y = 24
    for i, lines in enumerate((lines_a, lines_b)):
        for line in lines:
            surf.blit(fit_text(line, size, text_w, MAP_INK, True), (24, y))
            y += ticket_line(size)
        if i == 0:
            ax = 38
            pygame.draw.line(surf, red, (ax, y + 2), (ax, y + 16), 4)
            pygame.draw.polygon(surf, red, [(ax - 8, y + 14), (ax + 8, y + 14), (ax, y + 24)])
            y += ARROW_H
    pygame.draw.rect(surf, (40, 30, 26), rect, width=2, border_radius=14)
    return fast(surf)


# -- landmarks and panel marks ------------------------------------------------------------------
MARKER_R = 17  # landmark radius on the map


def marker(surf: pygame.Surface, p: Point) -> None:
    """A landmark: a white disc with a dark ring and a dark centre (readable on any colour)."""
    pygame.draw.circle(surf, INK, p, MARKER_R + 2)
    pygame.draw.circle(surf, (250, 248, 240), p, MARKER_R - 2)
    pygame.draw.circle(surf, (170, 60, 50), p, MARKER_R - 9)


@art_cache(maxsize=128)
def label_plate(lines: tuple[str, ...]) -> pygame.Surface:
    """A landmark name on a light plate, one line of text under the other."""
    texts = [theme.text(line, theme.SMALL_SIZE, INK, True) for line in lines]
    w = max(s.get_width() for s in texts) + 14
    lh = theme.font(theme.SMALL_SIZE, True).get_linesize() - 3
    h = lh * len(texts) + 8
    plate = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(plate, (252, 249, 240, 225), plate.get_rect(), border_radius=9)
    pygame.draw.rect(plate, (120, 108, 86, 255), plate.get_rect(), 2, border_radius=9)
    for i, s in enumerate(texts):
        plate.blit(s, s.get_rect(midtop=(w // 2, 5 + i * lh)))
    return plate


def name_lines(name: str, width: int, size: int = theme.SMALL_SIZE) -> tuple[str, ...]:
    """A bold name broken after spaces and hyphens into lines no wider than `width` where it
    can (a single word wider than that stays whole)."""
    pieces = re.findall(r"[^ -]+-?", name)
    lines: list[str] = []
    for piece in pieces:
        joined = lines[-1] + ("" if lines[-1].endswith("-") else " ") + piece if lines else piece
        if lines and theme.font(size, True).size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(piece)
    return tuple(lines)


def count_badge(canvas: pygame.Surface, center: tuple[int, int], n: int) -> None:
    """A round count badge (white on dark) on the corner of a card."""
    pygame.draw.circle(canvas, INK, center, 22)
    pygame.draw.circle(canvas, theme.ACCENT, center, 22, 3)
    num = theme.text(str(n), theme.BODY_SIZE, (255, 255, 255), True)
    canvas.blit(num, num.get_rect(center=center))


def tricolour(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    """The French flag: blue, white, red bands."""
    w = rect.w / 3
    for i, name in enumerate(FLAG_COLORS):
        band = pygame.Rect(rect.x + i * w, rect.y, w + 1, rect.h)
        pygame.draw.rect(canvas, CARD_RGB[name], band)
    pygame.draw.rect(canvas, INK, rect, 2)


# -- buses and slots ----------------------------------------------------------------------------
def slot_centers(a: Point, b: Point, length: int, slot_len: float, gap: float,
                 offset: float = 0.0) -> list[Point]:
    """Centres of `length` slots centred on segment a→b, shifted sideways by `offset` pixels."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    nx, ny = -uy, ux
    mx, my = (a[0] + b[0]) / 2 + nx * offset, (a[1] + b[1]) / 2 + ny * offset
    step = slot_len + gap
    first = -(length - 1) * step / 2
    return [(mx + ux * (first + i * step), my + uy * (first + i * step)) for i in range(length)]


def segment_angle(a: Point, b: Point) -> float:
    """Angle in degrees (pygame rotation convention: counter-clockwise, y up) of a→b."""
    ang = -math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    # keep sprites upright-ish: a bus never drives upside down
    if ang > 90:
        ang -= 180
    elif ang < -90:
        ang += 180
    return ang


@art_cache(maxsize=1024)
def slot_sprite(color: str, w: int, h: int, angle: int) -> pygame.Surface:
    """An empty bus slot: a rounded rectangle in the route colour, rotated (smoothly, once)."""
    big = pygame.Surface((w * 2 + 8, h * 2 + 8), pygame.SRCALPHA)
    r = pygame.Rect(4, 4, w * 2, h * 2)
    rgb = color_rgb(color)
    pygame.draw.rect(big, (28, 26, 30), r.inflate(4, 4), border_radius=h // 2 + 2)
    pygame.draw.rect(big, rgb, r.inflate(-4, -4), border_radius=h // 2)
    pygame.draw.rect(big, shade(rgb, 1.45), r.inflate(-14, -14), width=3, border_radius=h // 2 - 4)
    if normal_color(color) != "gray":
        ink = shade(rgb, 0.55) if color != "white" else (120, 120, 120)
        draw_glyph(big, color, r.center, h * 0.42, ink)
    return fast(pygame.transform.rotozoom(big, angle, 0.5))


@art_cache(maxsize=1024)
def bus_sprite(body: tuple, dark: tuple, w: int, h: int, angle: int, emblem: str) -> pygame.Surface:
    """A claimed-route bus in a player's colour with its seat's emblem shape on the roof (colour
    is never the only cue of whose it is), seen from above-ish, rotated once and cached."""
    big = pygame.Surface((w * 2 + 12, h * 2 + 12), pygame.SRCALPHA)
    r = pygame.Rect(6, 6, w * 2, h * 2)
    pygame.draw.rect(big, (0, 0, 0, 90), r.move(3, 4), border_radius=h // 2)  # drop shadow
    pygame.draw.rect(big, dark, r, border_radius=h // 2)
    pygame.draw.rect(big, body, r.inflate(-8, -8), border_radius=h // 2 - 4)
    # windows along the roof so a claimed slot never looks like an empty one
    win = pygame.Rect(0, 0, int(w * 0.34), int(h * 0.8))
    for fx in (0.3, 0.7):
        win.center = (r.x + int(r.w * fx), r.centery)
        pygame.draw.rect(big, shade(dark, 0.8), win, border_radius=6)
    pygame.draw.rect(big, shade(body, 1.5), r.inflate(-8, -8), width=3, border_radius=h // 2 - 4)
    bus = pygame.transform.rotozoom(big, angle, 0.5)
    # drawn upright after the turn: a square turned 45 degrees would read as a diamond
    draw_emblem(bus, emblem, bus.get_rect().center, h * BUS_EMBLEM, body, INK)
    return fast(bus)


@art_cache(maxsize=512)
def glow_sprite(w: int, h: int, angle: int, color: tuple, thick: int = 6) -> pygame.Surface:
    """A rounded outline used to highlight a slot (claimable routes pulse with it)."""
    big = pygame.Surface((w * 2 + thick * 4 + 8, h * 2 + thick * 4 + 8), pygame.SRCALPHA)
    r = big.get_rect().inflate(-8, -8)
    pygame.draw.rect(big, (*color, 255), r, width=thick * 2, border_radius=h + thick)
    return fast(pygame.transform.rotozoom(big, angle, 0.5))


# -- the map ------------------------------------------------------------------------------------
MAP_PAPER = (214, 206, 182)
MAP_BLOCK = ((206, 197, 172), (220, 212, 189), (210, 203, 180), (200, 192, 168))
MAP_PARK = (162, 190, 132)
MAP_WATER = (118, 164, 196)
MAP_BANK = (88, 128, 160)
MAP_STREET = (232, 226, 208)


def catmull_rom(points: Sequence[Point], steps: int = 12) -> list[Point]:
    """A smooth curve through the points (Catmull-Rom spline)."""
    pts = [points[0], *points, points[-1]]
    out: list[Point] = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for s in range(steps):
            t = s / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(  # type: ignore[arg-type]
                0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t
                       + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                       + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3)
                for k in (0, 1)))
    out.append(points[-1])
    return out


def thick_polyline(surface: pygame.Surface, color, pts: Sequence[Point], width: float) -> None:
    """A thick smooth band along pts (circles at the joints keep it round)."""
    for p, q in pairwise(pts):
        pygame.draw.line(surface, color, p, q, int(width))
    for p in pts:
        pygame.draw.circle(surface, color, p, width / 2)


def paint_paris(surface: pygame.Surface, rect: pygame.Rect, river: Sequence[Point],
                parks: Sequence[tuple[Point, float, float]], seed: int = 75) -> None:
    """Paint the soft background: paper, arrondissement blocks, streets, parks and the Seine."""
    rng = random.Random(seed)  # local RNG: the same map every run, no global random
    pygame.draw.rect(surface, MAP_PAPER, rect, border_radius=24)
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-6, -6))
    _paint_blocks(surface, rect, rng)
    for centre, rx, ry in parks:
        park = pygame.Rect(0, 0, rx * 2, ry * 2)
        park.center = (int(centre[0]), int(centre[1]))
        pygame.draw.ellipse(surface, shade(MAP_PARK, 0.85), park.inflate(8, 8))
        pygame.draw.ellipse(surface, MAP_PARK, park)
        for _ in range(int(rx * ry / 300)):
            tx = rng.uniform(park.left + rx * 0.3, park.right - rx * 0.3)
            ty = rng.uniform(park.top + ry * 0.3, park.bottom - ry * 0.3)
            pygame.draw.circle(surface, shade(MAP_PARK, 0.8), (tx, ty), rng.uniform(4, 8))
    curve = catmull_rom(river, 16)
    thick_polyline(surface, MAP_BANK, curve, 62)
    thick_polyline(surface, MAP_WATER, curve, 50)
    thick_polyline(surface, shade(MAP_WATER, 1.15), curve[::2], 8)
    _boulevard_ring(surface, rect)
    surface.set_clip(clip)
    pygame.draw.rect(surface, (120, 108, 86), rect, width=4, border_radius=24)


def _paint_blocks(surface: pygame.Surface, rect: pygame.Rect, rng: random.Random) -> None:
    """Irregular quadrilateral city blocks separated by pale streets: arrondissement hints."""
    cell = 120
    cols, rows = rect.w // cell + 2, rect.h // cell + 2
    grid = [[(rect.x + (i - 0.5) * cell + rng.uniform(-30, 30),
              rect.y + (j - 0.5) * cell + rng.uniform(-30, 30))
             for j in range(rows + 1)] for i in range(cols + 1)]
    for i in range(cols):
        for j in range(rows):
            quad = [grid[i][j], grid[i + 1][j], grid[i + 1][j + 1], grid[i][j + 1]]
            pygame.draw.polygon(surface, MAP_BLOCK[rng.randrange(len(MAP_BLOCK))], quad)
            pygame.draw.polygon(surface, MAP_STREET, quad, 3)


def _boulevard_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The old city wall as a soft oval boulevard (a hint of the périphérique)."""
    ring = rect.inflate(-rect.w * 0.06, -rect.h * 0.08)
    pygame.draw.ellipse(surface, (236, 226, 196), ring, 10)
    pygame.draw.ellipse(surface, (196, 184, 156), ring, 2)
