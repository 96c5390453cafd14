"""Urban Sprawl's city: the 12x12 lots in 6x6 blocks, its buildings and value plates, and the
wealth and prestige markers on the circles around it.

`CityPanel` paints once what never moves (water and forest along the edges, the streets and
lots, the printed wealth value of each block column above it and the prestige value of each
block row left of it with its star, the marker circles) and keeps the buildings and the value
plates in a layer that repaints block by block. Its targets are the lots, the building
placements (a small square at the centre of the lots a building would cover, so the four pairs
and four L shapes of one block are apart), the buildings and the circles; a focused placement
shows a ghost building. `MarkersPanel` draws the markers on one line of circles (the column
circles above the city, or the row circles right of it).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import zip_longest

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import theme
from game.ui.damage import blit_columns
from game.ui.paint import Sprite, fly
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event

from . import sprites as sp
from .anim import CRUMBLE_TIME, DROP_TIME, FLY_TIME
from .board import BLOCKS, Contract
from .city import PARK, payout_blocks
from .city_ahead import BlockPictures
from .faces import lots_box
from .layout import (
    CIRCLE_R,
    CUBE_SIDE,
    EDGE,
    FOREST,
    GRID,
    LOT,
    LOT_H,
    LOT_RGB,
    PITCH,
    ROW_PITCH,
    SIDE,
    SMALL,
    STREET_RGB,
    WATER,
    block_area,
    block_plate_center,
    circle_center,
    cube_rect,
    lot_rect,
    lots_center,
    lots_target,
)
from .panel_base import USPanel, by_view
from .state import NOBODY, State


class CityPanel(USPanel):
    """The city's lots, buildings and value plates, its targets and the ghost building."""

    RESTORE = False  # it restores only the blocks that changed

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str = "city") -> None:
        """The city of `room`'s board, and the targets that never move."""
        super().__init__(room, rect, name)
        self.board = self.room.board
        self._fixed = self._fixed_targets()
        self._built: dict[tuple[int, ...], pygame.Rect] = {}  # a building's lots: its target
        self._boxes: dict[tuple[int, ...], pygame.Rect] = {}  # a building's lots: its box
        self._sprites_built: tuple | None = None  # the buildings whose sprites are all built
        self.pictures = BlockPictures(self.room.faces, self.board.block_of)  # `paint_ahead`

    # == what never changes =======================================================================
    def paint_static(self, surface: pygame.Surface) -> None:
        """Edges, streets and lots, the printed line values with their stars, the circles."""
        self._paint_edges(surface)
        pygame.draw.rect(surface, STREET_RGB, GRID)
        for lot in range(SIDE * SIDE):
            pygame.draw.rect(surface, LOT_RGB, lot_rect(lot).inflate(-4, -4), border_radius=4)
        for text, rect, rgb in self.line_values():
            surface.blit(theme.text(text, SMALL, rgb, True), rect)
        for rect in self._row_stars():
            sp.star(surface, rect.center, rect.w // 2, theme.ACCENT)
        for line, index in self.board.circles:
            pygame.draw.circle(surface, theme.PANEL_LIGHT, circle_center(line, index), CIRCLE_R)
            pygame.draw.circle(surface, theme.TEXT_DIM, circle_center(line, index), CIRCLE_R, 2)

    def line_values(self) -> list[tuple[str, pygame.Rect, tuple[int, int, int]]]:
        """(text, rect, colour) of the printed values: wealth above each block column,
        prestige left of each block row."""
        found = []
        for col, value in enumerate(self.board.wealth_columns):
            center = (GRID.x + col * PITCH + LOT, GRID.y - 28)
            found.append((f"${value}", sp.WEALTH_RGB, center))
        for row, value in enumerate(self.board.row_prestige):
            found.append((str(value), theme.ACCENT, (GRID.x - 22, GRID.y + row * ROW_PITCH + LOT_H)))
        return [(text, theme.text(text, SMALL, rgb, True).get_rect(center=center), rgb)
                for text, rgb, center in found]

    def _row_stars(self) -> list[pygame.Rect]:
        """The prestige star left of each row's printed value (a value without its star would
        not say what it counts)."""
        return [pygame.Rect(0, 0, 24, 24).move(GRID.x - 56, GRID.y + row * ROW_PITCH + LOT_H - 12)
                for row in range(len(self.board.row_prestige))]

    def _paint_edges(self, surf: pygame.Surface) -> None:
        """Water and forest strips along the city's sides."""
        out = GRID.inflate(2 * EDGE, 2 * EDGE)
        strips = {"north": (out.x, out.y, out.w, EDGE), "south": (out.x, GRID.bottom, out.w, EDGE),
                  "west": (out.x, out.y, EDGE, out.h), "east": (GRID.right, out.y, EDGE, out.h)}
        middle = {"north": 5, "south": (SIDE - 1) * SIDE + 5, "west": 5 * SIDE,
                  "east": 5 * SIDE + SIDE - 1}  # a lot in the middle of each side
        for name, rect in strips.items():
            water = middle[name] in self.board.water_lots
            pygame.draw.rect(surf, WATER if water else FOREST, rect)

    # == targets ==================================================================================
    def _fixed_targets(self) -> dict[Target, pygame.Rect]:
        """The targets that never move: placements, lots, circles."""
        rects: dict[Target, pygame.Rect] = {}
        for lots in self.board.rings:
            rects[("lots", lots)] = lots_target(lots)
        for lot in range(SIDE * SIDE):
            rects[("lot", lot)] = lots_target((lot,))
        for i, (line, index) in enumerate(self.board.circles):
            rects[("circle", i)] = pygame.Rect(0, 0, 2 * CIRCLE_R + 8, 2 * CIRCLE_R + 8)
            rects[("circle", i)].center = circle_center(line, index)
        return rects

    def targets_moved_by(self, view: State) -> Hashable:
        """Which building covers each lot: where the buildings' targets are (not who controls
        them)."""
        return view.lots

    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """The fixed targets, then this view's buildings."""
        rects = dict(self._fixed)
        for bid, building in enumerate(view.buildings):
            if building is not None:
                rects[("building", bid)] = self._building_target(building.lots)
        return rects

    def _building_target(self, lots: tuple[int, ...]) -> pygame.Rect:
        """A building's focus square, worked out once per set of lots (a full city places
        ~60 of them at every move; targets are read only, as the fixed ones)."""
        if lots not in self._built:
            self._built[lots] = lots_target(lots)
        return self._built[lots]

    def draw_focus(self, canvas: pygame.Surface, focus: Target, rect: pygame.Rect,
                   prompt: Prompt | None) -> None:
        """On a placement a ghost building under the frame."""
        if focus[0] == "lots" and prompt is not None:
            self._ghost(canvas, focus[1], dict(prompt.params).get("card"))
        super().draw_focus(canvas, focus, rect, prompt)

    def _ghost(self, canvas: pygame.Surface, lots: tuple[int, ...], card: str | None) -> None:
        found = self.board.cards.get(card) if card else None
        zone = found.zone if isinstance(found, Contract) else PARK
        for lot in lots:
            ghost = sp.tile(zone, (LOT - 6, LOT_H - 6)).copy()
            ghost.set_alpha(150)
            canvas.blit(ghost, lot_rect(lot).inflate(-6, -6))

    # == the layer ================================================================================
    @by_view("building", "cube", reads=("buildings", "values", "value_marks"))
    def key(self) -> Hashable:
        """The buildings as shown, the block values and the value marks."""
        return self.room.shown_buildings(), self.view.values, self.view.value_marks

    def paint(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Repaint the blocks whose buildings or value plate changed since the last paint
        (every block when nothing was painted yet): a building never leaves its block, so a
        build repaints one block, and a marker move the blocks of its line and of the moved
        value marks, instead of the city; a building that only landed (`_landed`) is blitted
        alone. Returns the areas repainted (all that changed)."""
        buildings, values, marks = self.key()
        layers = self.room.layers
        before = layers.shown_key(self.name)
        if before is not None and before[1:] == (values, marks):
            landed = self._landed(before[0], buildings)
            if landed is not None:  # only new buildings, each on lots nothing else reaches
                for building in landed:
                    self.paint_building(surf, building.zone, building.lots, building.owner)
                return [lots_box(building.lots) for building in landed]
        plates = block_plates(values, marks)
        if before is None:
            blocks = set(range(BLOCKS * BLOCKS))
        else:
            blocks = self._changed_blocks(before[0], buildings)
            if before[1:] != (values, marks):  # (a building landing changes no plate)
                blocks.update(b for b, (old, new) in enumerate(
                    zip(block_plates(*before[1:]), plates)) if old != new)
            elif self.pictures.paint(surf, blocks, buildings, plates):
                return [block_area(block) for block in blocks]  # (made ahead: `paint_ahead`)
        for block in blocks:
            blit_columns(surf, layers.static, block_area(block))
        for building in buildings:
            if building is not None and self.board.block_of[building.lots[0]] in blocks:
                self.paint_building(surf, building.zone, building.lots, building.owner)
        for block in blocks:
            plate = sp.value_plate(*plates[block])
            surf.blit(plate, plate.get_rect(center=block_plate_center(block)))
        return [block_area(block) for block in blocks]

    def paint_ahead(self) -> None:
        """Make ahead the pictures of the blocks the next repaint will repaint, if only
        buildings changed and not just some landed alone (those blit their sprites): the
        frame a building lands in then blits one picture a block (city_ahead.py)."""
        buildings, values, marks = self.key()
        layers = self.room.layers
        before = layers.shown_key(self.name)
        if before is None or before[1:] != (values, marks) or (
                self._landed(before[0], buildings) is not None):
            return
        plates = block_plates(values, marks)
        for block in self._changed_blocks(before[0], buildings):
            self.pictures.make(layers.static, block, buildings, plates[block])

    def prepare_ahead(self) -> bool:
        """Build one sprite of the view's buildings not built yet, if any: as it stands and,
        controlled, without its cube; True if it built one. A building whose cube changes
        hands shows no cube while they fly, then the new owner's: both built in quiet frames
        before (the frames that show them repaint its block: a sprite built there doubles
        their cost)."""
        buildings, done = self.view.buildings, self._sprites_built
        if buildings is done:
            return False
        faces = self.room.faces
        for building, before in zip_longest(buildings, done or ()):
            if building is None or building is before:
                continue  # (a building the last view showed alike: its sprites are built)
            zone, lots, owner = building
            for shown in {owner, NOBODY}:
                if not faces.has_building(zone, lots, shown):
                    faces.building(zone, lots, shown)
                    return True
        self._sprites_built = buildings
        return False

    def _landed(self, before: tuple, now: tuple) -> list | None:
        """The buildings `now` shows that `before` did not, if that is all that differs and
        none of them reaches where another building of its block paints: each can then be
        blitted alone over the layer, which shows the bare lots there (a building dropped in
        or let go by its tween repaints its own box, not its block). None otherwise."""
        landed = []
        for old, new in zip_longest(before, now):
            if old is new or old == new:
                continue
            if old is not None or new is None:
                return None  # a building changed or went: its block is repainted
            landed.append(new)
        block_of = self.board.block_of
        for building in landed:
            box, block = self._box(building.lots), block_of[building.lots[0]]
            for other in now:
                if (other is not None and other is not building
                        and block_of[other.lots[0]] == block
                        and self._box(other.lots).colliderect(box)):
                    return None
        return landed

    def _box(self, lots: tuple[int, ...]) -> pygame.Rect:
        """The rect a building on these lots paints (read only), worked out once per lots."""
        box = self._boxes.get(lots)
        if box is None:
            box = self._boxes[lots] = lots_box(lots)
        return box

    def _changed_blocks(self, before: tuple, now: tuple) -> set[int]:
        """The blocks of every building that differs between two shown cities."""
        blocks = set()
        for old, new in zip_longest(before, now):
            if old is not new and old != new:  # (the shown city keeps the view's buildings)
                blocks.update(self.board.block_of[b.lots[0]] for b in (old, new) if b)
        return blocks

    def paint_building(self, surf: pygame.Surface, zone: str, lots: Sequence[int],
                       owner: int) -> None:
        """A building (its cached sprite) on its lots."""
        surf.blit(self.room.faces.building(zone, lots, owner), lots_box(lots))

    # == event reactions ==========================================================================
    @on_event("building_placed", sound="clunk")
    def _drop(self, ev: Event, at: float, batch: Batch) -> float:
        bid, lots, zone = ev.get("building"), ev.get("lots"), ev.get("zone")
        owner = ev.player if ev.player is not None else NOBODY
        self.room.origin = lots_center(lots)

        box = lots_box(lots)
        self.tween(at, DROP_TIME, Sprite(self.room.faces.building(zone, lots, owner),
                                         lambda p: box.move(0, round(-120 * (1 - p)))),
                   pytweening.easeOutBounce, holds=(("building", bid),))
        return at + DROP_TIME * 0.6

    @on_event("building_demolished", sound="clunk")
    def _crumble(self, ev: Event, at: float, batch: Batch) -> float:
        old = batch.old.buildings[ev.get("building")] if batch.old else None
        if old is None:
            return at

        def paint(canvas: pygame.Surface, p: float) -> None:
            for lot in old.lots:
                rect = lot_rect(lot).inflate(-4 - round(50 * p), -4 - round(50 * p))
                if rect.w > 0 and rect.h > 0:  # lots are wider than high: h ends first
                    canvas.blit(sp.tile(old.zone, rect.size), rect)
        self.tween(at, CRUMBLE_TIME, paint, area=lots_box(old.lots))
        return at + CRUMBLE_TIME

    @on_event("control_changed", sound="clunk")
    def _cube_moves(self, ev: Event, at: float, batch: Batch) -> float:
        """The old owner's cube flies back to their panel, the new owner's comes from theirs."""
        bid = ev.get("building")
        old = batch.old.buildings[bid] if batch.old else None
        if old is None:  # placed in this batch: its cube drops with it
            return at
        spot = cube_rect(old.lots).center
        new = ev.player if ev.player is not None else NOBODY
        for seat, a, b in ((old.owner, spot, None), (new, None, spot)):
            if seat != NOBODY:
                home = self.room.panel_point(seat)
                sprite = sp.cube(seat, CUBE_SIDE)
                self.tween(at, FLY_TIME, fly(sprite, a or home, b or home, 40),
                           holds=(("cube", bid),))
        return at + FLY_TIME

    @on_event("payout", sound="chord")
    def _payout(self, ev: Event, at: float, batch: Batch) -> float:
        """Gains of a row payout fly from the middle of the paid blocks."""
        blocks = payout_blocks(self.room.board, self.view, ev.get("resource"), ev.get("value"))
        if blocks:
            points = [block_plate_center(block) for block in blocks]
            self.room.origin = (sum(x for x, _ in points) // len(points),
                            sum(y for _, y in points) // len(points) - PITCH // 3)
            if ev.get("resource") == "wealth":
                self.room.coins_from = self.room.origin
                batch.moments.setdefault("coins", at)
        return at


class MarkersPanel(USPanel):
    """The wealth and prestige markers on one line of circles ("column" or "row")."""

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str, line: str) -> None:
        """The markers of `line`, in `rect`."""
        super().__init__(room, rect, name)
        self.line = line

    @by_view(reads=("markers",))
    def key(self) -> Hashable:
        """Which circle each marker stands on."""
        return self.view.markers

    def paint(self, surf: pygame.Surface) -> None:
        """A disc on each circle of this line that holds a marker."""
        board = self.room.board
        for marker, circle in zip(board.markers, self.view.markers, strict=True):
            if circle == NOBODY or board.circles[circle][0] != self.line:
                continue
            marker_disc(surf, circle_center(*board.circles[circle]), marker, CIRCLE_R - 2)


def block_plates(values: Sequence[int], marks: tuple[Sequence[int], Sequence[int]]
                 ) -> list[tuple[int, str | None]]:
    """Each block's value and its value mark ("high", "low" or None): what its plate shows."""
    high, low = marks
    return [(value, "high" if block in high else "low" if block in low else None)
            for block, value in enumerate(values)]


def marker_disc(surf: pygame.Surface, center: tuple[int, int], marker: str, radius: int) -> None:
    """A wealth (green) or prestige (gold) marker: a disc with its value."""
    rgb = sp.WEALTH_RGB if marker.startswith("w") else theme.ACCENT
    pygame.draw.circle(surf, sp.INK, center, radius)
    pygame.draw.circle(surf, rgb, center, radius - 2)
    text = theme.text(marker[1:], SMALL, sp.INK, True)
    surf.blit(text, text.get_rect(center=center))
