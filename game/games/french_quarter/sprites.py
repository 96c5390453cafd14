"""French Quarter sprites: icons, dice, cards and the handwritten digits, drawn with pygame.draw.

Everything is generated (no image files) and cached per size, so the renderer only blits. The
room-independent helpers (fast, shade, fitted and wrapped text) are game.ui.paint's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType

import pygame

from game.ui import theme
from game.ui.memory import art_cache
from game.ui.paint import INK, draw_emblem, fast

PAPER = (246, 240, 224)
PENCIL = (40, 60, 150)  # the "handwritten" blue of values written on the sheet
# Activity colours (kept apart from the seat colours by hue and by their glyphs).
ACTIVITY_RGB: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    "food": (214, 74, 60), "culture": (70, 120, 210), "shopping": (60, 160, 90),
    "mysticism": (130, 80, 180), "party": (225, 170, 30),
})
UMBRELLA_RGB = (60, 150, 190)
WILD_RGB = (90, 90, 100)
ARTIST_RGB = (200, 90, 140)
DECK_RGB: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    "walk": (120, 160, 90), "carriage": (150, 110, 70), "taxi": (220, 180, 40),
    "streetcar": (190, 70, 60), "boat": (60, 120, 180), "socialize": (170, 80, 160),
})


def _glyph(surf: pygame.Surface, name: str, c: tuple[float, float], r: float) -> None:
    """A white symbol for an icon inside a disc of radius r."""
    x, y = c
    w = max(2, round(r / 6))
    white = (255, 255, 255)
    if name == "food":  # a fork
        for dx in (-r * 0.3, 0, r * 0.3):
            pygame.draw.line(surf, white, (x + dx, y - r * 0.55), (x + dx, y - r * 0.1), w)
        pygame.draw.line(surf, white, (x - r * 0.3, y - r * 0.1), (x + r * 0.3, y - r * 0.1), w)
        pygame.draw.line(surf, white, (x, y - r * 0.1), (x, y + r * 0.6), w + 1)
    elif name == "culture":  # a temple front
        pygame.draw.polygon(surf, white, [(x - r * 0.6, y - r * 0.2), (x, y - r * 0.6),
                                          (x + r * 0.6, y - r * 0.2)])
        for dx in (-r * 0.4, 0, r * 0.4):
            pygame.draw.line(surf, white, (x + dx, y - r * 0.15), (x + dx, y + r * 0.4), w)
        pygame.draw.line(surf, white, (x - r * 0.6, y + r * 0.5), (x + r * 0.6, y + r * 0.5), w)
    elif name == "shopping":  # a bag
        pygame.draw.rect(surf, white, (x - r * 0.45, y - r * 0.2, r * 0.9, r * 0.75))
        pygame.draw.arc(surf, white, (x - r * 0.3, y - r * 0.6, r * 0.6, r * 0.8), 0, math.pi, w)
    elif name == "mysticism":  # a crescent moon
        pygame.draw.circle(surf, white, (x, y), r * 0.55)
        pygame.draw.circle(surf, ACTIVITY_RGB["mysticism"], (x + r * 0.25, y - r * 0.15), r * 0.45)
    elif name == "party":  # a star burst
        pts = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r * (0.62 if k % 2 == 0 else 0.27)
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surf, white, pts)
    elif name == "umbrella":  # canopy and hook
        pygame.draw.polygon(surf, white, [(x - r * 0.65, y), (x, y - r * 0.6), (x + r * 0.65, y)])
        pygame.draw.line(surf, white, (x, y), (x, y + r * 0.45), w)
        pygame.draw.arc(surf, white, (x - r * 0.3, y + r * 0.25, r * 0.3, r * 0.35), math.pi,
                        2 * math.pi, w)
    elif name == "wild":  # four coloured quarters
        for k, col in enumerate(ACTIVITY_RGB.values()):
            a = -math.pi / 2 + k * 2 * math.pi / 5
            pygame.draw.circle(surf, col, (x + r * 0.38 * math.cos(a), y + r * 0.38 * math.sin(a)),
                               r * 0.24)


def icon_rgb(name: str) -> tuple[int, int, int]:
    """The disc colour of an icon."""
    if name in ACTIVITY_RGB:
        return ACTIVITY_RGB[name]
    if name == "umbrella":
        return UMBRELLA_RGB
    if name == "wild":
        return (235, 235, 235)
    return ARTIST_RGB


@art_cache(maxsize=256)
def icon(name: str, size: int) -> pygame.Surface:
    """An icon disc: an activity, the umbrella or the wild (artists are tags: artist_tag)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size / 2
    c = (r, r)
    pygame.draw.circle(surf, INK, c, r)
    pygame.draw.circle(surf, icon_rgb(name), c, r - 2)
    _glyph(surf, name, c, r - 2)
    return fast(surf)


@art_cache(maxsize=4)
def gift_box(size: int, color: tuple) -> pygame.Surface:
    """A wrapped present: a gift shop's sign where its name would not fit level."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 12
    ribbon = (225, 170, 30)
    lid = pygame.Rect(round(u), round(4 * u), round(10 * u), round(2.5 * u))
    body = pygame.Rect(round(2 * u), lid.bottom, round(8 * u), size - lid.bottom - 1)
    for part in (body, lid):
        pygame.draw.rect(surf, color, part, border_radius=2)
    pygame.draw.rect(surf, ribbon, (round(5 * u), lid.y, round(2 * u), size - lid.y - 1))
    for side in (-1, 1):  # the bow's two loops
        loop = pygame.Rect(0, 0, round(3.5 * u), round(3 * u))
        loop.midbottom = (round(6 * u + side * 1.8 * u), lid.y + 1)
        pygame.draw.ellipse(surf, ribbon, loop, max(2, round(u)))
    return fast(surf)


@art_cache(maxsize=256)
def artist_tag(abbr: str, height: int) -> pygame.Surface:
    """An artist as a rounded tag as wide as its 28 px abbreviation (map and panels)."""
    label = theme.text(abbr, theme.SMALL_SIZE, (255, 255, 255), True)
    surf = pygame.Surface((max(height, label.get_width() + 10), height), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, INK, rect, border_radius=height // 4)
    pygame.draw.rect(surf, ARTIST_RGB, rect.inflate(-4, -4), border_radius=height // 4)
    surf.blit(label, label.get_rect(center=rect.center))
    return fast(surf)


@art_cache(maxsize=256)
def die(value: int, size: int, body: tuple = (250, 250, 246), pips: tuple = INK) -> pygame.Surface:
    """A die face (0 = blank) with pips."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, INK, rect, border_radius=size // 5)
    pygame.draw.rect(surf, body, rect.inflate(-4, -4), border_radius=size // 5)
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
             4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
             6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}.get(value, [])
    step = size * 0.27
    for gx, gy in spots:
        pygame.draw.circle(surf, pips, (size / 2 + (gx - 1) * step, size / 2 + (gy - 1) * step),
                           max(3, size // 10))
    return fast(surf)


DIE_TURNS = (*range(0, 20, 2), *range(20, 180, 10))  # the turns `die_turn` gives


def die_turn(angle: float) -> int:
    """A tumbling die's angle (degrees) as one of DIE_TURNS, whose turned faces are kept: in
    steps of 10 degrees while it spins fast (over 30 a frame as it starts), of 2 in the last 20
    as it settles, modulo 180 (every face looks the same turned half a turn)."""
    angle %= 180
    return (round(angle / 2) * 2 if angle < 20 else round(angle / 10) * 10) % 180


@art_cache(maxsize=256)
def turned_die(value: int, size: int, turn: int) -> pygame.Surface:
    """A die face turned by `turn` degrees (one of DIE_TURNS): made once (CardsPanel.warm),
    blitted while dice tumble (turning one each frame cost up to 0.04 ms)."""
    return pygame.transform.rotate(die(value, size), turn)


@art_cache(maxsize=256)
def handwritten(value: str, size: int, color: tuple = PENCIL) -> pygame.Surface:
    """A value as if written with a pen: slanted, slightly bold."""
    text = theme.font(size, True).render(value, True, color)
    return fast(pygame.transform.rotozoom(text, -8, 1.0))


@art_cache(maxsize=256)
def value_chip(value: str, size: int) -> pygame.Surface:
    """A value to write, as a paper chip with the handwritten digit (or W) of the map."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, PAPER, rect, border_radius=10)
    pygame.draw.rect(surf, INK, rect, 3, border_radius=10)
    text = handwritten(value, size - 4)
    surf.blit(text, text.get_rect(center=(rect.centerx, rect.centery + 1)))
    return fast(surf)


@art_cache(maxsize=256)
def boost_chip(label: str, size: tuple[int, int]) -> pygame.Surface:
    """A Culture A boost: the Culture icon and "+1"/"+2" in white on Culture blue."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, INK, rect, border_radius=12)
    pygame.draw.rect(surf, ACTIVITY_RGB["culture"], rect.inflate(-6, -6), border_radius=10)
    mark = icon("culture", rect.h - 14)
    surf.blit(mark, mark.get_rect(midleft=(6, rect.centery)))
    text = theme.text(label, theme.SMALL_SIZE + 4, (255, 255, 255), True)
    surf.blit(text, text.get_rect(midright=(rect.right - 8, rect.centery)))
    return fast(surf)


@art_cache(maxsize=256)
def pawn(color: tuple, size: int, emblem: str) -> pygame.Surface:
    """A tourist meeple whose head is its seat's emblem shape (colour is never the only cue of
    whose it is): a body under the head, ringed dark so it reads on any building."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size / 2
    body = [(r * 0.2, size - 2), (r, r * 0.55), (size - r * 0.2, size - 2)]
    pygame.draw.polygon(surf, INK, body)
    pygame.draw.polygon(surf, color, [(r * 0.38, size - 5), (r, r * 0.8), (size - r * 0.38,
                                                                          size - 5)])
    draw_emblem(surf, emblem, pawn_head(size), size * PAWN_HEAD, color, INK)
    return fast(surf)


PAWN_HEAD = 0.52  # the emblem head's size, as a share of the pawn's


def pawn_head(size: int) -> tuple[float, float]:
    """Where a pawn's emblem head is centred inside its `size` px square."""
    return size / 2, size * PAWN_HEAD / 2 + 1


def check(surf: pygame.Surface, rect: pygame.Rect, color: tuple = INK, frac: float = 1.0,
          width: int = 3) -> None:
    """A pencil cross over a box, drawn up to `frac` (ticking animation)."""
    a = rect.inflate(-rect.w // 4, -rect.h // 4)
    if frac <= 0:
        return
    f1 = min(1.0, frac * 2)
    pygame.draw.line(surf, color, a.topleft, (a.x + a.w * f1, a.y + a.h * f1), width)
    if frac > 0.5:
        f2 = (frac - 0.5) * 2
        pygame.draw.line(surf, color, a.topright, (a.right - a.w * f2, a.y + a.h * f2), width)


def panel(surf: pygame.Surface, color: tuple, active: bool) -> None:
    """A seat's panel over all of `surf`: rounded, with the seat's colour down its left edge
    (and round it when the seat is active)."""
    rect = surf.get_rect()
    pygame.draw.rect(surf, theme.PANEL_LIGHT if active else theme.PANEL, rect, border_radius=14)
    pygame.draw.rect(surf, color, pygame.Rect(0, 0, 12, rect.h), border_top_left_radius=14,
                     border_bottom_left_radius=14)
    if active:
        pygame.draw.rect(surf, color, rect, 3, border_radius=14)


@art_cache(maxsize=256)
def circle_mark(kind: str, color: tuple) -> pygame.Surface:
    """A circle box's symbol: B (bonus, a 28 px letter), a bold drawn × (multiplier), or both."""
    letter = theme.text("B", theme.SMALL_SIZE, color, True) if "B" in kind else None
    cross = 0 if "M" not in kind else (12 if letter else 15)
    w = (letter.get_width() if letter else 0) + cross + (1 if letter and cross else 0)
    h = letter.get_height() if letter else cross
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if letter:
        surf.blit(letter, (0, 0))
    if cross:  # the font's × is tiny: two strokes read from the sofa
        x0, y0 = w - cross, (h - cross) // 2 + (1 if letter else 0)
        width = 4 if cross > 12 else 3  # bold, yet smaller than a tick
        pygame.draw.line(surf, color, (x0, y0), (x0 + cross - 1, y0 + cross - 1), width)
        pygame.draw.line(surf, color, (x0, y0 + cross - 1), (x0 + cross - 1, y0), width)
    return fast(surf)


@art_cache(maxsize=256)
def circle_chip(kind: str, activity: str, label: str, height: int) -> pygame.Surface:
    """A circle choice: the sheet's circle (in the activity's colour, with its B or × mark)
    and what choosing it gives ("Bonus A", "×3")."""
    text = theme.text(label, theme.SMALL_SIZE, INK, True)
    d = 36
    surf = pygame.Surface((d + text.get_width() + 34, height), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, PAPER, rect, border_radius=10)
    pygame.draw.rect(surf, INK, rect, 3, border_radius=10)
    c = (12 + d // 2, rect.centery)
    pygame.draw.circle(surf, INK, c, d // 2)
    pygame.draw.circle(surf, ACTIVITY_RGB[activity], c, d // 2 - 2)
    mark = circle_mark(kind, (255, 255, 255))
    surf.blit(mark, mark.get_rect(center=c))
    surf.blit(text, text.get_rect(midleft=(12 + d + 10, rect.centery)))
    return fast(surf)
