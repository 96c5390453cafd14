"""Urban Sprawl's cached pictures that several panels and the animations share: card faces and
chips (per card, size and language), a card's zoom panel, and one sprite per building."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.i18n import language
from game.ui.i18n import t as translate
from game.ui.paint import fast

from . import sprites as sp
from .board import Board, Contract, EventCard, Renewal, card_name
from .card_text import card_lines
from .layout import CARD, CHIP_ASPECT, CHIP_H, CUBE_SIDE, LOT, LOT_H, ZOOM, cube_rect, lot_rect, t
from .state import NOBODY

FULL_CHIP = (round(CHIP_H * CHIP_ASPECT), CHIP_H)  # a chip in a panel with room (seat_panel)


class Faces:
    """The board's pictures, each drawn once and then only blitted."""

    def __init__(self, board: Board) -> None:
        """An empty cache for `board`'s cards."""
        self.board = board
        self._cache: dict[tuple, pygame.Surface] = {}

    def face(self, card_id: str, size: tuple[int, int] = CARD,
             chip: bool = False) -> pygame.Surface:
        """A card's face (or its panel chip), cached per card, size and language."""
        key = (card_id, size, chip, language())
        if key not in self._cache:
            card = self.board.cards.get(card_id)
            if card is None:  # a face-down card: views show an unknown id
                self._cache[key] = sp.card_back(t("planning_back"), size)
            else:
                draw = sp.card_chip if chip else sp.card_face
                self._cache[key] = draw(card, size, t)
        return self._cache[key]

    def draw_faces(self) -> None:
        """Every card's face at the rows' size and its chip at a seat panel's full chip size,
        now (before the first frame: ~10-40 ms): a card revealed in a row, or taken into a
        hand or as a Favour, would otherwise draw it (0.1-0.5 ms, its texts cold) in the
        frame it turns over or lands, one of the slowest frames of a game. (A chip narrowed
        in a crowded panel is drawn when it is needed.)"""
        for card_id in self.board.cards:
            self.face(card_id)
            self.face(card_id, FULL_CHIP, chip=True)

    def zoom_panel(self, card_id: str) -> pygame.Surface:
        """A card's zoom panel (twice its size, its whole text beside it), cached per card and
        language."""
        key = ("zoom", card_id, language())
        if key not in self._cache:
            card = self.board.cards[card_id]
            title = translate(card_name(card_id)) if isinstance(card, Contract | EventCard) else t(
                "renewal_title" if isinstance(card, Renewal) else "permit_title")
            self._cache[key] = sp.zoom_panel(self.face(card_id, ZOOM), title,
                                             card_lines(card, t))
        return self._cache[key]

    def building(self, zone: str, lots: Sequence[int], owner: int) -> pygame.Surface:
        """A building: its lots joined into one tile, the owner's cube on it (one sprite per
        building, so a city of sixty buildings repaints in sixty blits)."""
        key = ("building", zone, tuple(lots), owner)
        if key not in self._cache:
            self._cache[key] = building_sprite(zone, lots, owner)
        return self._cache[key]

    def has_building(self, zone: str, lots: Sequence[int], owner: int) -> bool:
        """True if that building's sprite is built already."""
        return ("building", zone, tuple(lots), owner) in self._cache


def lots_box(lots: Sequence[int]) -> pygame.Rect:
    """The rect around a set of lots."""
    return lot_rect(lots[0]).unionall([lot_rect(lot) for lot in lots])


def building_sprite(zone: str, lots: Sequence[int], owner: int) -> pygame.Surface:
    """A building's tiles joined (no seam between neighbouring lots) with its owner's cube."""
    box = lots_box(lots)
    surf = pygame.Surface(box.size, pygame.SRCALPHA)
    rects = [lot_rect(lot).move(-box.x, -box.y) for lot in lots]
    for rect in rects:
        surf.blit(sp.tile(zone, (LOT - 4, LOT_H - 4)), rect.inflate(-4, -4))
    for a in rects:
        for b in rects:
            if a is not b and (a.x == b.x or a.y == b.y):
                pygame.draw.rect(surf, sp.zone_rgb(zone), a.union(b).inflate(-14, -14))
    if owner != NOBODY:
        surf.blit(sp.cube(owner, CUBE_SIDE), cube_rect(lots).move(-box.x, -box.y))
    return fast(surf)
