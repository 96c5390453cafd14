"""French Quarter's small marks shared by its panels: start markers, the no-entry sign, tourists,
the sheet's small boxes and their rewards, and the option glows and direction arrows."""

from __future__ import annotations

import pygame

from game.engine.core import Target
from game.ui import theme
from game.ui.memory import art_cache
from game.ui.paint import INK, fast, seat_color, seat_emblem

from . import sprites as sp
from .board import ACTIVITIES, DIRECTIONS
from .layout import ACCENT_DARK, CLOSED_RGB, LINE_RGB, MARK, OPTION, WHITE, S
from .map_layout import MARKER_R


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


def lane(seat: int) -> int:
    """Personal Second Lines run beside the public one, one lane per seat."""
    return (-12, 12, -6, 6)[seat % 4]


def tourist(seat: int, size: int) -> pygame.Surface:
    """A seat's tourist, in its colour with its emblem for a head."""
    return sp.pawn(seat_color(seat), size, seat_emblem(seat))


def small_box(surf: pygame.Surface, r: pygame.Rect, marked: bool, col: tuple,
              special: bool) -> None:
    """An umbrella, Second Line or artist meter box (special ones edged in dark gold)."""
    pygame.draw.rect(surf, col if marked else (248, 244, 234), r, border_radius=4)
    pygame.draw.rect(surf, ACCENT_DARK if special else INK, r, 3 if special else 2,
                     border_radius=4)
    if marked:
        sp.check(surf, r, INK, 1.0, 2)


def reward_mark(surf: pygame.Surface, r: pygame.Rect, reward: str) -> None:
    """An artist meter box's reward: an activity's or the umbrella's icon as wide as the box,
    else its letter or number."""
    if reward in ACTIVITIES or reward == "umbrella":
        img = sp.icon(reward, r.w)
        surf.blit(img, img.get_rect(center=r.center))
    elif glyph := reward_glyph(reward):
        text = theme.text(glyph, MARK, INK, True)
        surf.blit(text, text.get_rect(center=r.center))


def reward_glyph(reward: str) -> str:
    """The letter or number an artist meter box shows for its reward."""
    if reward.startswith("points:"):
        return reward[7:]
    if reward.startswith("map:"):
        return "M"
    return {"umbrella": "U", "": ""}.get(reward, reward[:1].upper())


def arrow(canvas: pygame.Surface, d: str, rect: pygame.Rect) -> None:
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


GLOW_REACH = 16  # `glow` paints inside its target's rect grown by this (the breathing's damage)


def glow(canvas: pygame.Surface, target: Target, rect: pygame.Rect, width: int) -> None:
    """An option's highlight: an arrow for a direction, a ring round a crossing, else a frame
    dark outside and cyan inside (visible on the paper cards and the dark panels)."""
    if target[0] == "direction":
        arrow(canvas, target[1], rect)
    elif target[0] == "intersection":
        pygame.draw.circle(canvas, INK, rect.center, rect.w // 2 + 3, 3)
        pygame.draw.circle(canvas, OPTION, rect.center, rect.w // 2, width)
    else:
        pygame.draw.rect(canvas, INK, rect.inflate(12, 12), 4, border_radius=10)
        pygame.draw.rect(canvas, OPTION, rect.inflate(6, 6), width, border_radius=8)


def draw_glows(canvas: pygame.Surface, prompt, targets: dict[Target, pygame.Rect],
               width: int) -> None:
    """Every option of the prompt among these targets glows, in the prompt's order."""
    for opt in prompt.options:
        rect = targets.get(opt.target) if opt.target is not None else None
        if rect is not None:
            glow(canvas, opt.target, rect, width)
