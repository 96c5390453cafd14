"""Sprites of the Urban Sprawl board: card faces, deck backs, building tiles, chips.

Procedural art (our own). Tiles, cubes and backs are cached by their parameters; card faces
are cached by the renderer (per card, size and language), so a draw loop only blits. Card
names are level data (English, like Ticket to Ride's place names); the words around them go
through the translator.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.paint import fast, fit_text, shade, wrap

from .board import Card, Contract, Permit, Renewal

ZONE_RGB = {
    "CIV": (70, 120, 210),  # civic: blue
    "COM": (220, 170, 40),  # commercial: amber
    "IND": (150, 150, 150),  # industrial: grey
    "RES": (200, 80, 70),  # residential: red
    "PARK": (70, 160, 80),  # parks: green
}
INK = (24, 24, 30)
PAPER = (236, 232, 220)
EVENT_RGB = (120, 70, 160)
RENEWAL_RGB = (60, 150, 150)
BACK_RGB = (60, 66, 84)
PRESTIGE_INK = (170, 110, 10)
TEXT_SIZE = 24  # the smallest text on the board (issue 15: >= 24 px at 1080p)
NAME_LINES = 3  # a contract's name takes at most this many lines
SQUEEZE = 0.65  # a line up to 1/SQUEEZE too wide is narrowed rather than cut (paint.fit_text)
Words = Callable[[str], str]  # the room's translator for a key under "scene."


def zone_rgb(zone: str) -> tuple[int, int, int]:
    """The colour of a zone (parks green)."""
    return ZONE_RGB[zone]


def card_face(card: Card, size: tuple[int, int], words: Words) -> pygame.Surface:
    """The face of any card at `size` (the zoom panel asks for a larger one); the renderer
    caches it per card, size and language (cards hold mappings: no lru_cache here)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=10)
    k = size[0] / 112  # text and icons scale with the card
    if isinstance(card, Contract):
        _contract(surf, card, k, words)
    elif isinstance(card, Permit):
        _permit(surf, card, k, words)
    elif isinstance(card, Renewal):
        _banner_card(surf, RENEWAL_RGB, words("renewal"), words("renewal_text"), k, card)
    else:
        _banner_card(surf, EVENT_RGB, words("event"), card.name, k, card)
    pygame.draw.rect(surf, INK, surf.get_rect(), max(2, round(2 * k)), border_radius=10)
    return fast(surf)


def _band(surf: pygame.Surface, rgb: tuple, label: str, k: float) -> int:
    """A coloured header band with a label; returns where the body starts."""
    band = pygame.Rect(0, 0, surf.get_width(), round(34 * k))
    pygame.draw.rect(surf, rgb, band, border_top_left_radius=10, border_top_right_radius=10)
    text = fit_text(label, round(TEXT_SIZE * k), band.w - 8, theme.TEXT, bold=True, squeeze=0.7)
    surf.blit(text, text.get_rect(center=band.center))
    return band.bottom + round(4 * k)


def _lines(surf: pygame.Surface, text: str, y: int, k: float, limit: int,
           color: tuple = INK) -> int:
    """Wrapped text from y (at most `limit` lines, the last fitted); returns the next y."""
    size, width = round(TEXT_SIZE * k), surf.get_width() - round(10 * k)
    lines = wrap(text, size, width)
    if len(lines) > limit:
        lines = lines[:limit - 1] + [" ".join(lines[limit - 1:])]
    for line in lines:
        img = fit_text(line, size, width, color, squeeze=SQUEEZE)
        surf.blit(img, img.get_rect(midtop=(surf.get_width() // 2, y)))
        y += img.get_height()
    return y


def _contract(surf: pygame.Surface, card: Contract, k: float, words: Words) -> None:
    y = _band(surf, ZONE_RGB[card.zone], f"{card.zone} {card.id}", k)
    y = _lines(surf, card.name, y, k, NAME_LINES)
    lot = round(14 * k)
    x0 = (surf.get_width() - card.size * (lot + 3)) // 2
    for i in range(card.size):  # the building's size as lots
        pygame.draw.rect(surf, ZONE_RGB[card.zone], (x0 + i * (lot + 3), y + 4, lot, lot))
    y += lot + round(8 * k)
    jobs = " ".join(f"{words('voc.' + name)}{value}" for name, value in card.vocations)
    extras = [jobs] if jobs else []
    if card.effects or card.restriction:
        extras.append(words("effect"))
    for text in extras:
        y = _lines(surf, text, y, k, 1, shade(INK, 1.6))
    if card.payout:  # the prestige row paid out when it is revealed: a star and the row
        size = round(TEXT_SIZE * k)
        text = theme.text(str(card.payout), size, PRESTIGE_INK, True)
        at = text.get_rect(bottomright=(surf.get_width() - round(6 * k),
                                        surf.get_height() - round(4 * k)))
        surf.blit(text, at)
        star(surf, (at.x - round(11 * k), at.centery), round(10 * k), PRESTIGE_INK)


def _permit(surf: pygame.Surface, card: Permit, k: float, words: Words) -> None:
    zones = sorted(card.zones)
    stripe = surf.get_width() / len(zones)
    for i, zone in enumerate(zones):  # one stripe per zone the permit licenses
        rect = pygame.Rect(round(i * stripe), 0, round(stripe) + 1, round(34 * k))
        pygame.draw.rect(surf, ZONE_RGB[zone], rect)
    big = theme.text(str(card.licences), round(48 * k), INK, True)
    surf.blit(big, big.get_rect(midtop=(surf.get_width() // 2, round(36 * k))))
    y = _lines(surf, words("licences"), round(92 * k), k, 1)
    _lines(surf, words("invest", wealth=card.invest), y, k, 1, shade(INK, 1.6))
    _reveal_icons(surf, card.ballot, card.payout, k)


def _banner_card(surf: pygame.Surface, rgb: tuple, title: str, body: str, k: float,
                 card: Card) -> None:
    y = _band(surf, rgb, title, k)
    _lines(surf, body, y, k, 4)
    if isinstance(card, Renewal):
        _reveal_icons(surf, card.ballot, card.payout, k)


def _reveal_icons(surf: pygame.Surface, ballot: bool, payout: int, k: float) -> None:
    """Bottom corners: the ballot box (an election) and the payout row of a reveal."""
    size, y = round(TEXT_SIZE * k), surf.get_height() - round(30 * k)
    if ballot:
        box = pygame.Rect(round(6 * k), y, round(24 * k), round(24 * k))
        pygame.draw.rect(surf, EVENT_RGB, box, border_radius=4)
        pygame.draw.lines(surf, theme.TEXT, False, [(box.x + 5 * k, box.centery),
                                                    (box.centerx, box.bottom - 5 * k),
                                                    (box.right - 4 * k, box.y + 4 * k)],
                          max(2, round(3 * k)))
    if payout:
        text = theme.text(f"${payout}", size, (30, 110, 50), True)
        surf.blit(text, text.get_rect(bottomright=(surf.get_width() - round(6 * k),
                                                   surf.get_height() - round(4 * k))))


def card_chip(card: Card, size: tuple[int, int], words: Words) -> pygame.Surface:
    """A card in a seat's panel, small but readable from the sofa: a permit's zones and
    licences, a contract's zone, size and number (the zoom panel shows the rest)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=8)
    band = pygame.Rect(0, 0, size[0], size[1] // 3)
    if isinstance(card, Permit):
        zones = sorted(card.zones)
        for i, zone in enumerate(zones):
            part = pygame.Rect(band.x + i * band.w // len(zones), 0,
                               band.w // len(zones) + 1, band.h)
            pygame.draw.rect(surf, ZONE_RGB[zone], part)
        big = str(card.licences)
    elif isinstance(card, Contract):
        pygame.draw.rect(surf, ZONE_RGB[card.zone], band)
        big = card.id
    else:
        pygame.draw.rect(surf, RENEWAL_RGB, band)
        big = words("renewal_short")
    text = fit_text(big, theme.SMALL_SIZE, size[0] - 6, INK, bold=True, squeeze=0.7)
    surf.blit(text, text.get_rect(center=(size[0] // 2, (band.bottom + size[1]) // 2)))
    pygame.draw.rect(surf, INK, surf.get_rect(), 2, border_radius=8)
    return fast(surf)


def star(surf: pygame.Surface, center: tuple[int, int], radius: int,
         rgb: tuple[int, int, int]) -> None:
    """A five-pointed star: the prestige symbol (the UI font has no star glyph)."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((center[0] + r * math.cos(angle), center[1] - r * math.sin(angle)))
    pygame.draw.polygon(surf, rgb, points)


@lru_cache(maxsize=32)
def deck_back(label: str, size: tuple[int, int], count: int) -> pygame.Surface:
    """A face-down pile: its name and how many cards are left."""
    surf = _back(label, size, size[1] // 2 - 16)
    left = theme.text(str(count), theme.SMALL_SIZE, theme.TEXT_DIM, True)
    surf.blit(left, left.get_rect(center=(size[0] // 2, size[1] // 2 + 18)))
    return fast(surf)


@lru_cache(maxsize=32)
def card_back(label: str, size: tuple[int, int]) -> pygame.Surface:
    """The back of one face-down card, its deck named on it."""
    return fast(_back(label, size, size[1] // 2))


def _back(label: str, size: tuple[int, int], name_y: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, BACK_RGB, surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, theme.TEXT_DIM, surf.get_rect(), 2, border_radius=10)
    name = fit_text(label, TEXT_SIZE, size[0] - 8, theme.TEXT, bold=True, squeeze=0.7)
    surf.blit(name, name.get_rect(center=(size[0] // 2, name_y)))
    return surf


@lru_cache(maxsize=64)
def tile(zone: str, size: tuple[int, int]) -> pygame.Surface:
    """A building tile (or the part of one on a lot) in its zone's colour."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rgb = ZONE_RGB[zone]
    pygame.draw.rect(surf, rgb, surf.get_rect(), border_radius=6)
    pygame.draw.rect(surf, shade(rgb, 0.55), surf.get_rect(), 3, border_radius=6)
    return fast(surf)


@lru_cache(maxsize=8)
def cube(rgb: tuple[int, int, int], dark: tuple[int, int, int], side: int) -> pygame.Surface:
    """A player's control cube, drawn as a small isometric box."""
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    top = side // 3
    pygame.draw.rect(surf, dark, (0, top, side - top // 2, side - top))
    pygame.draw.polygon(surf, rgb, [(0, top), (top // 2, 0), (side, 0), (side - top // 2, top)])
    pygame.draw.rect(surf, rgb, (2, top + 2, side - top // 2 - 4, side - top - 4))
    pygame.draw.rect(surf, INK, (0, top, side - top // 2, side - top), 2)
    return fast(surf)
