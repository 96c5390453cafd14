"""French Quarter's own animations: tween painters, each with the area it paints (its damage)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.paint import INK, Plate, popup
from game.ui.panels import label_area
from game.ui.tween import Painter

from . import sprites as sp
from .layout import DIE, OPTION, WHITE

TUMBLE_DROP = 80 + 12  # a tumbling die falls this far, and hops up to 12 px on its way
STRIP_ROUND = 4  # a flashing card's strip this wide or wider has rounded corners


def tag_plate(color: tuple) -> Plate:
    """The plate of a rising tag in `color`."""
    return Plate(color, INK, 2, 10, (18, 8))


def rising_tag(label: str, center: Sequence[float], color: tuple) -> Painter:
    """Paint: white text on a plate of `color` rising 30 px from `center`."""
    return popup(label, center, WHITE, theme.BODY_SIZE, lift=0, rise=30,
                 plate=tag_plate(color), nearest=True)


def tag_area(label: str, center: Sequence[float], color: tuple) -> pygame.Rect:
    """Every pixel `rising_tag` paints on its way up."""
    return label_area(label, (round(center[0]), round(center[1])), theme.BODY_SIZE,
                      tag_plate(color), rise=30).inflate(4, 4)


def tumble(rect: pygame.Rect, value: int, seed: int) -> Painter:
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


def tumble_area(rect: pygame.Rect) -> pygame.Rect:
    """Every pixel `tumble` paints: the die turned (its diagonal) all the way down."""
    side = math.ceil(DIE * math.sqrt(2)) + 6
    turned = pygame.Rect(0, 0, side, side)
    turned.center = rect.center
    return turned.union(turned.move(0, -TUMBLE_DROP))


def walker(sprite: pygame.Surface, pts: list[tuple[int, int]]) -> Painter:
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


def walk_area(sprite: pygame.Surface, pts: list[tuple[int, int]]) -> pygame.Rect:
    """Every pixel `walker` paints: the sprite at every point, the hops above them."""
    spots = [sprite.get_rect(topleft=pt) for pt in pts]
    path = spots[0].unionall(spots[1:])
    path.y -= 15
    path.h += 15
    return path.inflate(4, 4)


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


def flash(rect: pygame.Rect, color: tuple) -> Painter:
    """Paint: a card turning face up grows from a thin strip (square-cornered while narrower
    than STRIP_ROUND: pygame's 2 px outline of a rounded strip that thin spreads up to 64 px
    each side, past the card)."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        r = pygame.Rect(0, 0, max(2, round(rect.w * p)), rect.h)
        r.center = rect.center
        radius = 12 if r.w >= STRIP_ROUND else 0
        pygame.draw.rect(canvas, color, r, border_radius=radius)
        pygame.draw.rect(canvas, INK, r, 2, border_radius=radius)
    return paint


def flash_area(rect: pygame.Rect) -> pygame.Rect:
    """Every pixel `flash` paints: inside the card."""
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
