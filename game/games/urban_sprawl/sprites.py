"""Sprites of the Urban Sprawl board: card faces, deck backs, building tiles, chips.

Procedural art (our own). Tiles, cubes and backs are cached by their parameters; card faces
are cached by the renderer (per card, size and language), so a draw loop only blits. Card
names are level data (English, like Ticket to Ride's place names); the words around them go
through the translator.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.i18n import t as translate
from game.ui.memory import art_cache
from game.ui.paint import (
    draw_emblem,
    fast,
    fit_text,
    seat_color,
    seat_dark,
    seat_emblem,
    shade,
    wrap,
)

from .board import Card, Contract, Permit, Renewal, card_name
from .hyphens import SQUEEZE, fit_lines
from .icons import (
    BACK_RGB,
    INK,
    PAPER,
    ZONE_RGB,
    effect_icon,
    licence_icon,
    vocation_icon,
    zone_icon,
)

EVENT_RGB = (120, 70, 160)
RENEWAL_RGB = (60, 150, 150)
PRESTIGE_INK = (170, 110, 10)
WEALTH_RGB = (150, 220, 150)  # wealth: the green of the printed wealth values
# The block value markers (city.value_marks): plate fill and ink of the highest and lowest.
VALUE_MARK_RGB = {"high": (theme.ACCENT, INK), "low": ((150, 190, 240), INK)}
PLATE_H = 26  # a block value plate's height
ZOOM_TEXT_W, ZOOM_PAD, ZOOM_TITLE = 400, 14, 34  # the zoom panel's text column
PARAGRAPH_GAP = 8
TEXT_SIZE = theme.SMALL_SIZE  # the smallest text on the board: a 24 px line at 1080p (issue 15)
NAME_LINES = 2  # a contract's name takes at most this many lines
# A name that no split into its lines fits at SQUEEZE is narrowed this far before it is cut
# ("Residencia de / Estudiantes").
NAME_SQUEEZE = 0.55
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
        _banner_card(surf, RENEWAL_RGB, words("renewal"), words("renewal_card"), k, card)
    else:
        _banner_card(surf, EVENT_RGB, words("event"), translate(card_name(card.id)), k, card)
    pygame.draw.rect(surf, INK, surf.get_rect(), max(2, round(2 * k)), border_radius=10)
    return fast(surf)


def _band(surf: pygame.Surface, rgb: tuple, label: str, k: float) -> int:
    """A coloured header band with a label; returns where the body starts."""
    band = pygame.Rect(0, 0, surf.get_width(), round(34 * k))
    pygame.draw.rect(surf, rgb, band, border_top_left_radius=10, border_top_right_radius=10)
    text = fit_text(label, round(TEXT_SIZE * k), band.w - 8, theme.TEXT, bold=True, squeeze=SQUEEZE)
    surf.blit(text, text.get_rect(center=band.center))
    return band.bottom + round(4 * k)


def _lines(surf: pygame.Surface, text: str, y: int, k: float, limit: int,
           color: tuple = INK) -> int:
    """Text from y in at most `limit` lines, each fitted (narrowed at most to SQUEEZE); returns
    the next y."""
    size, width = round(TEXT_SIZE * k), surf.get_width() - round(10 * k)
    lines = wrap(text, size, width)
    squeeze, font = SQUEEZE, theme.font(size)
    if len(lines) > limit or any(font.size(line)[0] * SQUEEZE > width for line in lines):
        lines, squeeze = fit_lines(text, size, width, limit), NAME_SQUEEZE
    for line in lines:
        img = fit_text(line, size, width, color, squeeze=squeeze)
        surf.blit(img, img.get_rect(midtop=(surf.get_width() // 2, y)))
        y += img.get_height()
    return y


def _contract(surf: pygame.Surface, card: Contract, k: float, words: Words) -> None:
    """Zone (its picture and code), name, size in lots, the effect mark ("effect" by a lightning
    bolt), and at the bottom its vocation (picture and value) and the prestige row it pays out
    (the zoom panel spells everything out)."""
    band = pygame.Rect(0, 0, surf.get_width(), round(34 * k))
    pygame.draw.rect(surf, ZONE_RGB[card.zone], band, border_top_left_radius=10,
                     border_top_right_radius=10)
    icon_at(surf, zone_icon(card.zone, round(26 * k)), theme.text(card.zone, round(TEXT_SIZE * k),
                                                                  theme.TEXT, True), band)
    y = _lines(surf, translate(card_name(card.id)), band.bottom + round(4 * k), k, NAME_LINES)
    lot = round(14 * k)
    x0 = (surf.get_width() - card.size * (lot + 3)) // 2
    for i in range(card.size):  # the building's size as lots
        pygame.draw.rect(surf, ZONE_RGB[card.zone], (x0 + i * (lot + 3), y + 4, lot, lot))
    y += lot + round(8 * k)
    if card.effects or card.restriction:
        line = pygame.Rect(0, y, surf.get_width(), round(28 * k))
        icon = effect_icon(round(24 * k))
        room = line.w - icon.get_width() - round(14 * k)
        icon_at(surf, icon, fit_text(words("effect"), round(TEXT_SIZE * k), room, EVENT_RGB,
                                     squeeze=SQUEEZE), line)
    size, bottom = round(TEXT_SIZE * k), surf.get_height() - round(4 * k)
    for name, value in card.vocations:  # a vocation's picture and its value
        text = theme.text(str(value), size, INK, True)
        icon = vocation_icon(name, round(26 * k))
        at = icon.get_rect(bottomleft=(round(6 * k), bottom - round(1 * k)))
        surf.blit(icon, at)
        surf.blit(text, text.get_rect(midleft=(at.right + round(3 * k), at.centery)))
    if card.payout:  # the prestige row paid out when it is revealed: a star and the row
        text = theme.text(str(card.payout), size, PRESTIGE_INK, True)
        at = text.get_rect(bottomright=(surf.get_width() - round(6 * k), bottom))
        surf.blit(text, at)
        star(surf, (at.x - round(11 * k), at.centery), round(10 * k), PRESTIGE_INK)


def icon_at(surf: pygame.Surface, icon: pygame.Surface, text: pygame.Surface,
            box: pygame.Rect) -> None:
    """A picture then a word, together centred in `box`."""
    gap = icon.get_width() // 6
    x = box.centerx - (icon.get_width() + gap + text.get_width()) // 2
    surf.blit(icon, icon.get_rect(midleft=(x, box.centery)))
    surf.blit(text, text.get_rect(midleft=(x + icon.get_width() + gap, box.centery)))


def _permit(surf: pygame.Surface, card: Permit, k: float, words: Words) -> None:
    zones = sorted(card.zones)
    stripe = surf.get_width() / len(zones)
    for i, zone in enumerate(zones):  # one stripe per zone the permit licenses
        rect = pygame.Rect(round(i * stripe), 0, round(stripe) + 1, round(34 * k))
        pygame.draw.rect(surf, ZONE_RGB[zone], rect)
    big = theme.text(str(card.licences), round(48 * k), INK, True)
    surf.blit(big, big.get_rect(midtop=(surf.get_width() // 2, round(36 * k))))
    y = _lines(surf, words("licences", count=card.licences), round(84 * k), k, 1)
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
    """A card in a seat's panel, small but readable from the sofa: a permit's zones and its
    licences (a number and the licence page), a contract's zone and size (its picture and its
    lots), an Urban Renewal by name (the zoom panel shows the rest)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=8)
    band = pygame.Rect(0, 0, size[0], size[1] // 3)
    body = pygame.Rect(0, band.bottom, size[0], size[1] - band.bottom)
    if isinstance(card, Permit):
        zones = sorted(card.zones)
        for i, zone in enumerate(zones):
            part = pygame.Rect(band.x + i * band.w // len(zones), 0,
                               band.w // len(zones) + 1, band.h)
            pygame.draw.rect(surf, ZONE_RGB[zone], part)
        number = theme.text(str(card.licences), theme.SMALL_SIZE, INK, True)
        icon_at(surf, licence_icon(body.h - 6), number, body)
    elif isinstance(card, Contract):
        pygame.draw.rect(surf, ZONE_RGB[card.zone], band)
        _chip_contract(surf, card, body)
    else:
        pygame.draw.rect(surf, RENEWAL_RGB, band)
        text = fit_text(words("renewal"), theme.SMALL_SIZE, size[0] - 8, INK,  # regular: a
                        squeeze=SQUEEZE)  # narrow chip still holds "Renovación" whole
        surf.blit(text, text.get_rect(center=body.center))
    pygame.draw.rect(surf, INK, surf.get_rect(), 2, border_radius=8)
    return fast(surf)


def _chip_contract(surf: pygame.Surface, card: Contract, body: pygame.Rect) -> None:
    """A contract chip's body: its zone's picture and its size as lots."""
    icon = zone_icon(card.zone, body.h - 8)
    lot = max(6, min(14, (body.w - icon.get_width() - 20) // 4 - 3))
    width = icon.get_width() + 6 + card.size * (lot + 3)
    x = body.centerx - width // 2
    surf.blit(icon, icon.get_rect(midleft=(x, body.centery)))
    x += icon.get_width() + 6
    for i in range(card.size):
        pygame.draw.rect(surf, shade(ZONE_RGB[card.zone], 0.7),
                         (x + i * (lot + 3), body.centery - lot // 2, lot, lot))


def star(surf: pygame.Surface, center: tuple[int, int], radius: int,
         rgb: tuple[int, int, int]) -> None:
    """A five-pointed star: the prestige symbol (the UI font has no star glyph)."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((center[0] + r * math.cos(angle), center[1] - r * math.sin(angle)))
    pygame.draw.polygon(surf, rgb, points)


@art_cache(maxsize=4)
def star_sprite(side: int) -> pygame.Surface:
    """A prestige star on its own (flying to a panel), outlined so it reads over any art."""
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    center = (side // 2, side // 2)
    star(surf, center, side // 2, INK)
    star(surf, center, side // 2 - 3, theme.ACCENT)
    return fast(surf)


@art_cache(maxsize=4)
def coin(side: int) -> pygame.Surface:
    """A wealth coin (flying to a panel)."""
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    center = (side // 2, side // 2)
    pygame.draw.circle(surf, INK, center, side // 2)
    pygame.draw.circle(surf, WEALTH_RGB, center, side // 2 - 2)
    pygame.draw.circle(surf, shade(WEALTH_RGB, 0.6), center, side // 2 - 6, 2)
    return fast(surf)


@art_cache(maxsize=16)
def deck_back(label: str, size: tuple[int, int]) -> pygame.Surface:
    """A face-down pile's back with its name, room left under it for the count
    (`deck_count`)."""
    return fast(_back(label, size, size[1] // 2 - 16 - 14 * label.count("\n")))


def deck_count(surf: pygame.Surface, rect: pygame.Rect, label: str, count: int) -> None:
    """How many cards are left, written on the pile's back (`deck_back(label, ...)`) at
    `rect`: a pile that shrinks renders one number, not its back again (the same pixels as
    the count drawn into the back)."""
    left = theme.text(str(count), theme.SMALL_SIZE, theme.TEXT_DIM, True)
    lines = label.count("\n")
    surf.blit(left, left.get_rect(center=(rect.x + rect.w // 2,
                                          rect.y + rect.h // 2 + 18 + 14 * lines)))


@art_cache(maxsize=32)
def card_back(label: str, size: tuple[int, int]) -> pygame.Surface:
    """The back of one face-down card, its deck named on it."""
    return fast(_back(label, size, size[1] // 2))


def _back(label: str, size: tuple[int, int], name_y: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, BACK_RGB, surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, theme.TEXT_DIM, surf.get_rect(), 2, border_radius=10)
    lines = label.split("\n")  # a word too long for the back comes hyphenated in two lines
    step = theme.font(TEXT_SIZE, True).get_linesize()
    for k, line in enumerate(lines):
        name = fit_text(line, TEXT_SIZE, size[0] - 8, theme.TEXT, bold=True, squeeze=SQUEEZE)
        y = name_y + round((k - (len(lines) - 1) / 2) * step)
        surf.blit(name, name.get_rect(center=(size[0] // 2, y)))
    return surf


@art_cache(maxsize=64)
def tile(zone: str, size: tuple[int, int]) -> pygame.Surface:
    """A building tile (or the part of one on a lot) in its zone's colour."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rgb = ZONE_RGB[zone]
    pygame.draw.rect(surf, rgb, surf.get_rect(), border_radius=6)
    pygame.draw.rect(surf, shade(rgb, 0.55), surf.get_rect(), 3, border_radius=6)
    return fast(surf)


@art_cache(maxsize=16)
def cube(seat: int, side: int) -> pygame.Surface:
    """A seat's control cube, drawn as a small isometric box with the seat's emblem on its
    front (colour is never the only cue of whose a building is)."""
    rgb, dark = seat_color(seat), seat_dark(seat)
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    top = side // 3
    front = pygame.Rect(0, top, side - top // 2, side - top)
    pygame.draw.rect(surf, dark, front)
    pygame.draw.polygon(surf, rgb, [(0, top), (top // 2, 0), (side, 0), (side - top // 2, top)])
    pygame.draw.rect(surf, rgb, front.inflate(-4, -4))
    pygame.draw.rect(surf, INK, front, 2)
    draw_emblem(surf, seat_emblem(seat), front.center, front.h - 6, dark, None)
    return fast(surf)


@art_cache(maxsize=128)
def value_plate(value: int, mark: str | None) -> pygame.Surface:
    """A block's value on a small plate; the highest-value blocks' plates are gold with a
    triangle up, the lowest-value blocks' pale blue with a triangle down (the value markers)."""
    fill, ink = VALUE_MARK_RGB.get(mark, (INK, theme.TEXT))
    text = theme.text(str(value), TEXT_SIZE, ink, True)
    arrow = 12 if mark else 0
    surf = pygame.Surface((text.get_width() + arrow + 12, PLATE_H), pygame.SRCALPHA)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=6)
    pygame.draw.rect(surf, shade(fill, 0.5) if mark else theme.TEXT_DIM, surf.get_rect(), 2,
                     border_radius=6)
    surf.blit(text, text.get_rect(midright=(surf.get_width() - 5, PLATE_H // 2 + 1)))
    if mark:
        mid, x = PLATE_H // 2, 5
        tip, base = (mid - 6, mid + 5) if mark == "high" else (mid + 6, mid - 5)
        pygame.draw.polygon(surf, ink, [(x, base), (x + 10, base), (x + 5, tip)])
    return fast(surf)


def zoom_panel(face: pygame.Surface, title: str, lines: list[str]) -> pygame.Surface:
    """The zoom panel: the card's face at zoom size beside its whole text in words (a title,
    then one wrapped paragraph per line), on a dark plate."""
    text = zoom_text(title, lines)
    w = face.get_width() + ZOOM_TEXT_W + 3 * ZOOM_PAD
    h = max(face.get_height(), text.get_height()) + 2 * ZOOM_PAD
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.BACKGROUND, surf.get_rect(), border_radius=14)
    pygame.draw.rect(surf, theme.TEXT_DIM, surf.get_rect(), 2, border_radius=14)
    surf.blit(face, (ZOOM_PAD, ZOOM_PAD))
    surf.blit(text, (face.get_width() + 2 * ZOOM_PAD, ZOOM_PAD))
    return fast(surf)


def zoom_text(title: str, lines: list[str]) -> pygame.Surface:
    """The zoom panel's text column: the title in bold, then each paragraph wrapped, a small
    gap between paragraphs."""
    placed: list[tuple[pygame.Surface, int]] = []  # (line image, gap above it)
    for line in wrap(title, ZOOM_TITLE, ZOOM_TEXT_W, True):
        placed.append((theme.text(line, ZOOM_TITLE, theme.ACCENT, True), 0))
    for paragraph in lines:
        for k, line in enumerate(wrap(paragraph, TEXT_SIZE, ZOOM_TEXT_W)):
            placed.append((theme.text(line, TEXT_SIZE, theme.TEXT), PARAGRAPH_GAP * (k == 0)))
    surf = pygame.Surface((ZOOM_TEXT_W, sum(i.get_height() + gap for i, gap in placed)),
                          pygame.SRCALPHA)
    y = 0
    for image, gap in placed:
        surf.blit(image, (0, y + gap))
        y += gap + image.get_height()
    return surf
