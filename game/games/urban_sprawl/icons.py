"""Urban Sprawl's pictograms: zones, vocations, the effect mark and licences as small pictures
(our own art), drawn four times larger and smoothed down (pygame's shapes have no anti-aliasing).
A glyph is drawn in a 100-unit square; each icon is cached by its parameters."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui.memory import art_cache
from game.ui.paint import fast, shade

ZONE_RGB = {
    "CIV": (70, 120, 210),  # civic: blue
    "COM": (220, 170, 40),  # commercial: amber
    "IND": (150, 150, 150),  # industrial: grey
    "RES": (200, 80, 70),  # residential: red
    "PARK": (70, 160, 80),  # parks: green
}
INK = (24, 24, 30)
PAPER = (236, 232, 220)
BACK_RGB = (60, 66, 84)
VOCATION_RGB = {"media": (150, 90, 200), "finance": (40, 140, 80), "factory": (130, 100, 80),
                "tourism": (30, 150, 160), "education": (60, 100, 200), "health": (200, 60, 60)}
GLYPH_INK = (250, 248, 240)
OVERSAMPLE = 4
Glyph = Callable[[pygame.Surface, Callable[[float], int]], None]


def _pictogram(side: int, back: tuple | None, round_back: bool, glyph: Glyph) -> pygame.Surface:
    """A glyph on a disc or a rounded square of colour `back` (none: bare), `side` px wide."""
    big = OVERSAMPLE * side
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    if back is not None:
        if round_back:
            pygame.draw.circle(surf, shade(back, 0.55), (big // 2, big // 2), big // 2)
            pygame.draw.circle(surf, back, (big // 2, big // 2), big // 2 - OVERSAMPLE * 2)
        else:
            pygame.draw.rect(surf, shade(back, 0.55), surf.get_rect(), border_radius=big // 5)
            pygame.draw.rect(surf, back, surf.get_rect().inflate(-4 * OVERSAMPLE, -4 * OVERSAMPLE),
                             border_radius=big // 6)
    glyph(surf, lambda units: round(units * big / 100))
    return fast(pygame.transform.smoothscale(surf, (side, side)))


def _civic(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.polygon(s, GLYPH_INK, [(u(14), u(38)), (u(50), u(16)), (u(86), u(38))])
    for x in (22, 44, 66):
        pygame.draw.rect(s, GLYPH_INK, (u(x), u(42), u(12), u(32)))
    pygame.draw.rect(s, GLYPH_INK, (u(14), u(76), u(72), u(10)))


def _commercial(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.rect(s, GLYPH_INK, (u(22), u(38), u(56), u(46)), border_radius=u(4))
    pygame.draw.arc(s, GLYPH_INK, (u(34), u(16), u(32), u(40)), 0, math.pi, u(7))
    pygame.draw.circle(s, ZONE_RGB["COM"], (u(50), u(60)), u(8))


def _industrial(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.polygon(s, GLYPH_INK, [(u(12), u(84)), (u(12), u(50)), (u(36), u(36)),
                                       (u(36), u(50)), (u(60), u(36)), (u(60), u(50)),
                                       (u(68), u(50)), (u(68), u(14)), (u(84), u(14)),
                                       (u(84), u(84))])


def _residential(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.polygon(s, GLYPH_INK, [(u(16), u(48)), (u(50), u(16)), (u(84), u(48)),
                                       (u(76), u(48)), (u(76), u(84)), (u(24), u(84)),
                                       (u(24), u(48))])
    pygame.draw.rect(s, ZONE_RGB["RES"], (u(42), u(60), u(16), u(24)))


def _park(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.rect(s, GLYPH_INK, (u(44), u(56), u(12), u(30)))
    pygame.draw.circle(s, GLYPH_INK, (u(50), u(40)), u(26))


def _media(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.line(s, GLYPH_INK, (u(36), u(20)), (u(50), u(34)), u(6))
    pygame.draw.line(s, GLYPH_INK, (u(64), u(20)), (u(50), u(34)), u(6))
    pygame.draw.rect(s, GLYPH_INK, (u(20), u(34), u(60), u(42)), border_radius=u(6))
    pygame.draw.rect(s, VOCATION_RGB["media"], (u(27), u(41), u(46), u(28)), border_radius=u(3))


def _finance(s: pygame.Surface, u: Callable[[float], int]) -> None:
    for y in (66, 50, 34):  # a stack of three coins
        pygame.draw.ellipse(s, shade(VOCATION_RGB["finance"], 0.5), (u(24), u(y), u(52), u(20)))
        pygame.draw.ellipse(s, GLYPH_INK, (u(24), u(y - 4), u(52), u(20)))


def _factory(s: pygame.Surface, u: Callable[[float], int]) -> None:
    center = (u(50), u(50))
    for k in range(8):  # a gear: eight teeth round a wheel with a hole
        a = k * math.pi / 4
        tip = (u(50 + 30 * math.cos(a)), u(50 + 30 * math.sin(a)))
        pygame.draw.line(s, GLYPH_INK, center, tip, u(14))
    pygame.draw.circle(s, GLYPH_INK, center, u(24))
    pygame.draw.circle(s, VOCATION_RGB["factory"], center, u(10))


def _tourism(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.rect(s, GLYPH_INK, (u(36), u(24), u(28), u(12)), border_radius=u(3))
    pygame.draw.rect(s, GLYPH_INK, (u(16), u(32), u(68), u(46)), border_radius=u(8))
    pygame.draw.circle(s, VOCATION_RGB["tourism"], (u(50), u(55)), u(15))
    pygame.draw.circle(s, GLYPH_INK, (u(50), u(55)), u(8))


def _education(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.polygon(s, GLYPH_INK, [(u(10), u(40)), (u(50), u(22)), (u(90), u(40)),
                                       (u(50), u(58))])
    pygame.draw.polygon(s, GLYPH_INK, [(u(28), u(50)), (u(72), u(50)), (u(72), u(72)),
                                       (u(50), u(80)), (u(28), u(72))])
    pygame.draw.line(s, GLYPH_INK, (u(82), u(40)), (u(82), u(70)), u(5))


def _health(s: pygame.Surface, u: Callable[[float], int]) -> None:
    pygame.draw.rect(s, GLYPH_INK, (u(38), u(18), u(24), u(64)), border_radius=u(4))
    pygame.draw.rect(s, GLYPH_INK, (u(18), u(38), u(64), u(24)), border_radius=u(4))


def _bolt(s: pygame.Surface, u: Callable[[float], int]) -> None:
    points = [(u(58), u(4)), (u(18), u(56)), (u(46), u(56)), (u(38), u(96)), (u(82), u(40)),
              (u(54), u(40))]
    pygame.draw.polygon(s, INK, points)
    inner = [(x + (u(50) - x) // 5, y + (u(50) - y) // 5) for x, y in points]
    pygame.draw.polygon(s, (250, 210, 60), inner)


def _licence(s: pygame.Surface, u: Callable[[float], int]) -> None:
    """A permit's licence: the rulebook's long page icon."""
    page = [(u(26), u(6)), (u(62), u(6)), (u(76), u(20)), (u(76), u(94)), (u(26), u(94))]
    pygame.draw.polygon(s, INK, page)
    pygame.draw.polygon(s, PAPER, [(x + (u(51) - x) // 6, y + (u(50) - y) // 12)
                                   for x, y in page])
    for y in (36, 52, 68):
        pygame.draw.line(s, INK, (u(36), u(y)), (u(66), u(y)), u(5))


ZONE_GLYPHS: dict[str, Glyph] = {"CIV": _civic, "COM": _commercial, "IND": _industrial,
                                 "RES": _residential, "PARK": _park}
VOCATION_GLYPHS: dict[str, Glyph] = {"media": _media, "finance": _finance, "factory": _factory,
                                     "tourism": _tourism, "education": _education,
                                     "health": _health}


@art_cache(maxsize=64)
def zone_icon(zone: str, side: int, alpha: int = 255) -> pygame.Surface:
    """A zone's picture (civic columns, a shopping bag, a factory, a house, a tree) on a square
    of its colour (`alpha` below 255 fades it)."""
    return _faded(_pictogram(side, ZONE_RGB[zone], False, ZONE_GLYPHS[zone]), alpha)


@art_cache(maxsize=64)
def vocation_icon(vocation: str, side: int, alpha: int = 255) -> pygame.Surface:
    """A vocation's picture (a television, coins, a gear, a camera, a mortarboard, a cross) on a
    disc of its colour (`alpha` below 255 fades it); an unknown vocation gets a bare disc."""
    glyph = VOCATION_GLYPHS.get(vocation, lambda s, u: None)
    return _faded(_pictogram(side, VOCATION_RGB.get(vocation, BACK_RGB), True, glyph), alpha)


def _faded(icon: pygame.Surface, alpha: int) -> pygame.Surface:
    if alpha < 255:
        icon.set_alpha(alpha)
    return icon


@art_cache(maxsize=8)
def effect_icon(side: int) -> pygame.Surface:
    """The mark of a card with an effect: a lightning bolt."""
    return _pictogram(side, None, False, _bolt)


@art_cache(maxsize=8)
def licence_icon(side: int) -> pygame.Surface:
    """One licence (a page)."""
    return _pictogram(side, None, False, _licence)
