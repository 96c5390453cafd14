"""Explore New York map repaints in parts: where two sets of a map's marks paint differently,
the strokes that landed painted over the layer as it is, and the tourists' inked rects worked
out ahead for those landings.

A stroke landing changes a few pixels of a seat's map; repainting its whole layer for that would
cost a frame much more. These methods tell the room (`ENYRenderer.repaint_parts`) what to repaint
or paint over instead. A mixin of `MapPanel` (map_panel.py), which holds the seat, its map's rect,
scale and board, and the room's layers it paints on.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from game.engine.trails import bits
from game.ui.damage import absorb
from game.ui.paint import seat_dark

from . import sprites as sp
from .map_paint import (
    Marks,
    cafe_reach,
    cafe_ring,
    link_reaches,
    paint_tourist,
    tourist_areas,
    tourist_inks,
)


class MapRepaint:
    """A map's layer repainted only where its marks changed (a mixin of `MapPanel`)."""

    def changed_areas(self, old: Marks, new: Marks) -> list[pygame.Rect] | None:
        """The layer's rects (board coordinates) where marks `old` and `new` paint differently
        (the room repaints only those: ENYRenderer.repaint_parts): the links and cafés drawn or
        undrawn, the tourists of each block whose tourists or strokes running changed (all of
        them: their slots depend on how many); None for a final route shown or gone (most of
        the map changes)."""
        if old.route is not None or new.route is not None:
            return None
        origin, scale = self.rect.topleft, self.scale
        links = link_reaches(scale, scale.pen, origin)  # on the layer: no move to the canvas
        reach = [links[k] for k in bits(old.links ^ new.links)]
        reach += [cafe_reach(self.board, scale, c, origin) for c in bits(old.cafes ^ new.cafes)]
        blocks = {d[0] for d in old.drawing ^ new.drawing}
        if old.tourists is not new.tourists:
            blocks |= {b for b, (was, now) in enumerate(zip(old.tourists, new.tourists))
                       if was != now}
        for block in blocks:
            b = self.board.blocks[block]
            for counts in (old.tourists[block], new.tourists[block]):
                reach += tourist_areas(scale.geom, b.x, b.y, sum(counts), origin)
        areas: list[pygame.Rect] = []  # overlapping ones are painted once, as their union
        for rect in reach:
            rect = rect.clip(self.rect)
            if rect.w and rect.h:
                absorb(rect, areas)
        return areas

    def paint_added(self, old: Marks, new: Marks) -> bool:
        """Paint on the layer (now showing marks `old`) only the marks `new` adds, each over
        what is there, if that gives the pixels of a whole repaint: strokes that landed, no
        mark gone, no tourist moved, and no pixel of an added mark under one of another
        colour painted after it (links and café circles are the seat's one colour, painted
        before every tourist, clear of their inked pixels; a tourist's inked pixels clear of
        its block's tourists of other types); True if it did
        (False: nothing painted, `changed_areas` repaints instead)."""
        if (old.route is not None or new.route is not None or old.links & ~new.links
                or old.cafes & ~new.cafes or not new.drawing <= old.drawing
                or (old.tourists is not new.tourists and old.tourists != new.tourists)):
            return False
        parts = self._added_links(old, new)
        if parts is None:
            return False
        for block, kind, k in old.drawing - new.drawing:
            area = self._lone_tourist(new, block, kind, k)
            if area is None:
                return False
            parts.append((area, partial(paint_tourist, origin=self.rect.topleft, board=self.board,
                                        block=block, counts=new.tourists[block], kind=kind, k=k,
                                        geom=self.scale.geom)))
        for area, paint in parts:
            self.room.layers.paint_region(self.name, area.clip(self.rect), new, paint,
                                          restore=False, clip=True)
        return True

    def _added_links(self, old: Marks, new: Marks) -> list[tuple[pygame.Rect, Any]] | None:
        """(area, painter) of each link and café circle `new` adds, or None if one reaches a
        block's tourists (painted after it)."""
        added, circled = bits(new.links & ~old.links), bits(new.cafes & ~old.cafes)
        if not added and not circled:
            return []
        scale, origin, color = self.scale, self.rect.topleft, seat_dark(self.seat)
        parts: list[tuple[pygame.Rect, Any]] = [
            (link_reaches(scale, scale.pen, origin)[k],
             partial(_pen, color, scale.lines[k], scale.pen, origin)) for k in added]
        parts += [(cafe_reach(self.board, scale, c, origin),
                   partial(_pen, color, cafe_ring(self.board, scale, c), max(3, scale.pen // 2),
                           origin)) for c in circled]
        for block in bits(self.view.sheets[self.seat].filled):
            b = self.board.blocks[block]
            for ink, _ in tourist_inks(scale.geom, b.x, b.y, new.tourists[block], origin):
                if any(area.colliderect(ink) for area, _ in parts):
                    return None
        return parts

    def _lone_tourist(self, marks: Marks, block: int, kind: int, k: int) -> pygame.Rect | None:
        """The rect of a tourist's inked pixels, if no tourist of another type in its block
        inks any pixel it inks (else None)."""
        b, counts = self.board.blocks[block], marks.tourists[block]
        ink, alone = tourist_inks(self.scale.geom, b.x, b.y, counts,
                                  self.rect.topleft)[sum(counts[:kind]) + k]
        return ink if alone else None

    def warm_inks(self) -> bool:
        """Work out ahead, in a quiet frame (the room's `damage`), the inked rects of the
        tourists of each block where the layer holds tourists back while their strokes run:
        `paint_added` asks for them as those strokes land, and working them out there
        (sprite masks overlapped pair by pair) cost that frame ~0.05-0.15 ms. True if any
        was worked out (one block a frame)."""
        shown = self.room.layers.shown_key(self.name)
        if not isinstance(shown, Marks) or not shown.drawing:
            return False
        for block in {drawn[0] for drawn in shown.drawing}:
            counts = shown.tourists[block]
            if (block, counts) not in self._inked:
                self._inked.add((block, counts))
                b = self.board.blocks[block]
                tourist_inks(self.scale.geom, b.x, b.y, counts, self.rect.topleft)
                return True
        return False


def _pen(color: tuple[int, int, int], points: Sequence[tuple[float, float]], width: int,
         origin: tuple[int, int], surface: pygame.Surface) -> None:
    """Paint: a pen line on the layer (a landed link or café circle, `paint_added`)."""
    sp.pen_line(surface, color, points, width, origin)
