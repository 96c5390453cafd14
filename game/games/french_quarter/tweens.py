"""French Quarter's own animations: tween painters, each with the area it paints (its damage)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

import pygame

from game.ui import theme
from game.ui.paint import INK, Moving, Plate, popup
from game.ui.tween import Painter

from . import sprites as sp
from .layout import DIE, OPTION, WHITE

STRIP_ROUND = 4  # a flashing card's strip this wide or wider has rounded corners
STRIP_RADIUS = 12  # their radius
# A strip this wide or wider is its card's full strip's two halves, copied (pygame draws its
# rounded ends the same at any width from twice the radius: test_slices.py); drawing
# it, filled and outlined, cost ~16 us a frame per card turning up (a round turns up six).
STRIP_HALVES = 2 * STRIP_RADIUS


def tag_plate(color: tuple) -> Plate:
    """The plate of a rising tag in `color`."""
    return Plate(color, INK, 2, 10, (18, 8))


def rising_tag(label: str, center: Sequence[float], color: tuple) -> Painter:
    """Paint: white text on a plate of `color` rising 30 px from `center`."""
    return popup(label, center, WHITE, theme.BODY_SIZE, lift=0, rise=30,
                 plate=tag_plate(color), nearest=True)


class Tumble:
    """Paint: a die falls onto its card, rolling through faces, and lands on `value`. `where(p)`
    is every pixel it paints at p: its tween's area is that path, so a frame redraws where the
    die is and was, not its whole fall. The die turned for p is made once for the frame's
    damage and its every draw pass (its turned faces are kept: sprites.turned_die)."""

    def __init__(self, rect: pygame.Rect, value: int, seed: int) -> None:
        """A die landing on `rect` showing `value`; `seed` picks the faces it rolls through."""
        self.rect, self.value = rect, value
        self.faces = tumble_faces(seed)
        self._at: tuple[float, pygame.Surface, pygame.Rect] | None = None

    def where(self, p: float) -> pygame.Rect:
        """Every pixel the die covers at `p`: its picture for `p` is made here (the frame's
        damage asks first, then each draw pass blits it, without a call more: `__call__`)."""
        at = self._at
        if at is None or at[0] != p:
            face = self.value if p > 0.85 else self.faces[int(p * 8) % 8]
            img = sp.turned_die(face, DIE, sp.die_turn((1 - p) * 360))
            y = self.rect.centery - (1 - p) * 80 - abs(math.sin(p * math.pi * 2)) * 12 * (1 - p)
            at = self._at = (p, img, img.get_rect(center=(self.rect.centerx, y)))
        return at[2].copy()

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Blit the die as it is at `p`."""
        at = self._at
        if at is None or at[0] != p:
            self.where(p)
            at = self._at
        canvas.blit(at[1], at[2])  # type: ignore[index]


@cache
def tumble_faces(seed: int) -> tuple[int, ...]:
    """The faces a die rolls through, picked by `seed` (its index among the round's dice):
    made once each (seeding a generator and drawing them for every die of a round cost
    ~0.15 ms of the frame a round's dice start tumbling)."""
    rng = random.Random(seed)
    return tuple(rng.randint(1, 6) for _ in range(8))


class Walker(Moving):
    """Paint: a pawn moves along pts at an even pace, hopping a little at each step. It says
    where it is (`paint.Moving`): a frame redraws the pawn where it is and was, not its walk."""

    def __init__(self, sprite: pygame.Surface, pts: list[tuple[int, int]]) -> None:
        """`sprite`'s top left walks from pts[0] to pts[-1] through the points between."""
        self.sprite, self.pts = sprite, pts
        self._at: tuple[float, pygame.Rect] | None = None  # the last step asked and its rect

    def where(self, p: float) -> pygame.Rect:
        """The pawn's rect at `p` (its position truncated to the pixel, as a blit does),
        worked out once a frame (its damage asks first, then each draw pass: `__call__`)."""
        at = self._at
        if at is None or at[0] != p:
            n = len(self.pts) - 1
            f = p * n
            k = min(n - 1, int(f))
            u = f - k
            (x1, y1), (x2, y2) = self.pts[k], self.pts[k + 1]
            hop = math.sin(u * math.pi) * 14
            at = self._at = (p, self.sprite.get_rect(topleft=(int(x1 + (x2 - x1) * u),
                                                              int(y1 + (y2 - y1) * u - hop))))
        return at[1].copy()

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Blit the pawn where it is at `p`."""
        at = self._at
        canvas.blit(self.sprite, at[1] if at is not None and at[0] == p else self.where(p))


def tick(rect: pygame.Rect, color: tuple) -> Painter:
    """Paint: a box fills and gets its pencil cross."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        pygame.draw.rect(canvas, color, rect, border_radius=4)
        pygame.draw.rect(canvas, INK, rect, 2, border_radius=4)
        sp.check(canvas, rect, INK, p, 3)
        pygame.draw.rect(canvas, OPTION, rect.inflate(8, 8), 3, border_radius=6)
    return paint


def tick_area(rect: pygame.Rect) -> pygame.Rect:
    """Every pixel `tick` paints."""
    return rect.inflate(12, 12)


class Flash(Moving):
    """Paint: a card turning face up grows from a thin strip (square-cornered while narrower
    than STRIP_ROUND: pygame's 2 px outline of a rounded strip that thin spreads up to 64 px
    each side, past the card). Its strip's width says what it paints (`paint.Moving`)."""

    def __init__(self, rect: pygame.Rect, color: tuple) -> None:
        """The card at `rect` in its deck's `color`."""
        self.rect, self.color = rect, color
        self._at: tuple[float, pygame.Rect] | None = None  # the last step asked and its strip

    def strip(self, p: float) -> pygame.Rect:
        """The strip at `p`, centred on the card (worked out once a frame: the damage asks
        first, then each draw pass)."""
        at = self._at
        if at is None or at[0] != p:
            r = pygame.Rect(0, 0, max(2, round(self.rect.w * p)), self.rect.h)
            r.center = self.rect.center
            at = self._at = (p, r)
        return at[1].copy()

    def where(self, p: float) -> pygame.Rect:
        """Every pixel the strip paints at `p` (its rect and a margin)."""
        return self.strip(p).inflate(4, 4)

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Draw the strip as wide as it is at `p`."""
        at = self._at
        r = at[1] if at is not None and at[0] == p else self.strip(p)
        if not canvas.get_clip().colliderect(r):
            return  # a draw pass elsewhere (a round turns several cards up at once)
        if r.w < STRIP_HALVES:
            draw_strip(canvas, r, self.color)
            return
        full = full_strip(self.rect.size, self.color)
        left = r.w // 2  # its left half from the full strip's left, the rest from its right
        canvas.blit(full, r.topleft, (0, 0, left, r.h))
        canvas.blit(full, (r.x + left, r.y), (self.rect.w - (r.w - left), 0, r.w - left, r.h))


def draw_strip(canvas: pygame.Surface, r: pygame.Rect, color: tuple) -> None:
    """A flashing card's strip at `r`: filled in its deck's colour, outlined in ink."""
    radius = STRIP_RADIUS if r.w >= STRIP_ROUND else 0
    pygame.draw.rect(canvas, color, r, border_radius=radius)
    pygame.draw.rect(canvas, INK, r, 2, border_radius=radius)


@cache
def full_strip(size: tuple[int, int], color: tuple) -> pygame.Surface:
    """A card's strip fully grown, its corners keyed out (its halves make the narrower
    strips: Flash); made with the room (CardsPanel.warm)."""
    key = next(k for k in ((255, 0, 255), (0, 255, 1)) if k not in (tuple(color), INK))
    strip = pygame.Surface(size)
    strip.fill(key)
    draw_strip(strip, strip.get_rect(), color)
    strip.set_colorkey(key, pygame.RLEACCEL)
    return strip


def flash_area(rect: pygame.Rect) -> pygame.Rect:
    """Every pixel a `Flash` of the card at `rect` paints: inside the card."""
    return rect.inflate(4, 4)


def ring_pulse(rect: pygame.Rect, color: tuple) -> Painter:
    """Paint: a ring round rect widens by 16 px."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        grow = round(16 * p)
        pygame.draw.rect(canvas, color, rect.inflate(grow, grow), 4, border_radius=12)
    return paint


def ring_area(rect: pygame.Rect) -> pygame.Rect:
    """Every pixel `ring_pulse` paints."""
    return rect.inflate(20, 20)
