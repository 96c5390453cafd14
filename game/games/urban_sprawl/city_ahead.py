"""Urban Sprawl: pictures of the city's blocks made ahead, for the frame a building lands in.

A building landing where another of its block's buildings reaches repaints its block (the
background put back, each of its buildings, its value plate: ~0.05-0.08 ms of blits and calls in
one of a game's slowest frames). The frames before it (holds_ahead.py, `paint_ahead`) make the
block's picture as it will show, on a surface of its own: the landing frame then blits it once.
The picture is the very pixels the repaint would leave (the same background, sprites and plate
painted in the same order on a copy of the background of the same format).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from . import sprites as sp
from .faces import lots_box
from .layout import block_area, block_plate_center

PICTURES_KEPT = 8  # block pictures kept (a landing uses one or two; a new view starts again)


class BlockPictures:
    """The block pictures made ahead, by what they show: (block, its buildings as shown, its
    plate)."""

    def __init__(self, faces: object, block_of: Sequence[int]) -> None:
        """No picture made yet; `faces` makes the buildings' sprites."""
        self.faces, self.block_of = faces, block_of
        self._pictures: dict[tuple, pygame.Surface] = {}

    def stamp(self, block: int, buildings: Sequence, plate: tuple) -> tuple:
        """What a block's picture shows: the block, its buildings (in the order painted) and
        its plate."""
        block_of = self.block_of
        return block, tuple([b for b in buildings
                             if b is not None and block_of[b.lots[0]] == block]), plate

    def make(self, static: pygame.Surface, block: int, buildings: Sequence,
             plate: tuple) -> None:
        """Make (if not made) the picture of a block showing `buildings` and `plate`."""
        stamp = self.stamp(block, buildings, plate)
        if stamp in self._pictures:
            return
        if len(self._pictures) >= PICTURES_KEPT:
            self._pictures.clear()
        area = block_area(block)
        picture = static.subsurface(area).copy()
        for zone, lots, owner in stamp[1]:
            picture.blit(self.faces.building(zone, lots, owner), lots_box(lots).move(-area.x,
                                                                                     -area.y))
        shown = sp.value_plate(*plate)
        center = block_plate_center(block)
        picture.blit(shown, shown.get_rect(center=(center[0] - area.x, center[1] - area.y)))
        self._pictures[stamp] = picture

    def paint(self, surf: pygame.Surface, blocks: set[int], buildings: Sequence,
              plates: Sequence[tuple]) -> bool:
        """Blit the pictures of these blocks as they show now, if every one was made ahead;
        False (nothing painted) otherwise."""
        found = []
        for block in blocks:
            picture = self._pictures.get(self.stamp(block, buildings, plates[block]))
            if picture is None:
                return False
            found.append((picture, block_area(block)))
        for picture, area in found:
            surf.blit(picture, area)
        return True
