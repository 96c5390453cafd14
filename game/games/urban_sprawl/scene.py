"""Urban Sprawl board renderer, on the renderer kit (game.ui.render_kit.RoomRenderer).

Layout (layout.py) of the 1920x1000 board rect: the city on the left (12x12 lots in 6x6 blocks;
each block's value on a plate in the avenue under it, on no lot, so never under a building; gold
with a triangle up on the highest-value blocks and pale blue with a triangle down on the lowest;
the printed wealth value of each block column above it ("$3"), the prestige value of each block
row left of it (a star and the value), the marker circles at the line ends, water and forest
along its edges) with the election track under it; on the right the contract row (five cards,
then the Town, City and Metropolis piles) and the planning row (four cards, then the planning
pile) with each slot's AP cost, the key (whose turn and the AP left, the planning deck and
discard, then a picture and a meaning for each board symbol that says nothing by itself: an empty
circle, the markers, a block value, the highest/lowest marks), and one panel per seat.

A seat's panel tells its story: emblem, name, wealth and prestige (large); pills for the AP left,
each office held and the Extra Favour; its planning cards and Favours as chips (a permit's zones
and licences, a contract's zone picture and lots, an Urban Renewal by name); and at its foot its
buildings per zone and its vocations as pictures with their counts (named in a two-seat panel),
a zero faded. Cards show their zone as a picture and code, their vocation as a picture and value,
and "effect" by a lightning bolt. Control cubes wear their seat's emblem.

Targets: every option's target has a place: row cards and pile tops, a seat's planning cards
(`hand`) and favours, lots and circles, buildings, and a seat's panel (`seat`). A building
placement (`lots`) is a small square at the centre of the lots it would cover, so the four
pairs and four L shapes of one block are apart; the focused one is previewed as a ghost
building. A focused card is zoomed left of the rows with its whole text in words
(card_text.py), in the current language: the on-focus explanation of every mark on a card.

Layers over one static surface: the city (repainted block by block), the value markers, the
rows, the key, the election track, and the seat panels. The animations live in anim.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import ClassVar

import pygame

from game.engine.core import Config, Prompt, Target
from game.ui import theme
from game.ui.audio import CueEntry
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry, Icon, Label
from game.ui.i18n import language
from game.ui.i18n import t as translate
from game.ui.paint import (
    draw_seat_emblem,
    fast,
    fit_text,
    ring,
    seat_color,
)
from game.ui.render_kit import Layers

from . import sprites as sp
from .anim import USAnimations
from .board import CONTRACT_DECKS, OFFICES, Contract, EventCard, Renewal, card_name
from .card_text import card_lines
from .city import PARK
from .layout import (
    BLOCKS,
    CARD,
    CARD_GAP,
    CHIP_ASPECT,
    CHIP_H,
    CHIP_MIN_W,
    CIRCLE_R,
    CUBE_SIDE,
    EDGE,
    FIGURE_SIZE,
    FOOT_ICON,
    FOOT_STEP,
    FOREST,
    GRID,
    KEY_BOX,
    KEY_CIRCLE,
    KEY_STEP,
    LOT,
    LOT_H,
    LOT_RGB,
    OPTION,
    PANEL_HEAD,
    PANEL_ZONES,
    PILL_GAP,
    PILL_H,
    PILL_PAD,
    PILLS_PER_LINE,
    PITCH,
    RIGHT_X,
    RING_GAP,
    ROW_PITCH,
    SIDE,
    SMALL,
    STREET_RGB,
    TALL_PANEL,
    TRACK,
    WATER,
    ZERO_ALPHA,
    ZOOM,
    block_area,
    block_plate_center,
    card_slot,
    circle_center,
    cost_label,
    cube_rect,
    lot_rect,
    lots_target,
    panel_rects,
    t,
    track_cells,
)
from .rules import UrbanSprawl
from .state import NOBODY, State, total_prestige


class USRenderer(USAnimations):
    """Draws one Urban Sprawl match and animates its events."""

    SOUNDS: ClassVar[Mapping[str, CueEntry]] = {
        "activated": "fanfare", "extra_favour": "swish",
        "reshuffled": "shuffle", "vocation_taken": "swish",
        "marker_placed": "clunk", "turn": None, "built": None, "event": "fanfare",
        "value_marks_moved": None}  # the value plates change colour with the city layer

    def __init__(self, rules: UrbanSprawl, config: Config, seat_names: Sequence[str]) -> None:
        """Lay out the board and paint what never changes."""
        super().__init__(rules, config, seat_names)
        self.board = rules.board
        self.panels = panel_rects(self.players)
        # Per seat, where its planning cards and favours sit (positions: a hand may hold
        # several face-down cards that all read as one unknown id).
        self.hand_rects: list[list[pygame.Rect]] = []
        self.favour_rects: list[list[pygame.Rect]] = []
        self._faces: dict[tuple, pygame.Surface] = {}
        self._zone_memo: tuple = (None, None, [])  # (view, holds, per seat zone counts)
        self._fixed_targets = self._fixed()
        self.layers = Layers(self._static())
        self.layers.add("city", GRID.inflate(8, 8), self._city_key, self._paint_city,
                        restore=False)  # it restores only the blocks that changed
        self.layers.add("markers", pygame.Rect(0, 0, 944, GRID.y - 30), self._marker_key,
                        self._paint_markers, restore=True)
        self.layers.add("side_markers", pygame.Rect(GRID.right + EDGE, GRID.y, 60, GRID.h),
                        self._marker_key, self._paint_side_markers)
        self.layers.add("rows", pygame.Rect(RIGHT_X, 0, KEY_BOX.x - RIGHT_X, KEY_BOX.bottom),
                        self._rows_key, self._paint_rows)
        self.layers.add("piles", pygame.Rect(card_slot("contract", 5).topleft,
                                             (3 * (CARD[0] + CARD_GAP), CARD[1] + 30)),
                        self._rows_key, self._paint_rows_piles)
        self.layers.add("key", KEY_BOX, self._turn_key, self._paint_key)
        self.layers.add("track", TRACK, self._track_key, self._paint_track)
        for seat, panel in enumerate(self.panels):  # two layers each: the head (name and
            # figures) repaints alone while a count runs up, the body when what it shows changes
            head = pygame.Rect(panel.x, panel.y, panel.w, PANEL_HEAD)
            body = pygame.Rect(panel.x, head.bottom, panel.w, panel.h - PANEL_HEAD)
            self.layers.add(f"head{seat}", head, partial(self._head_key, seat),
                            partial(self._paint_panel_head, seat), clip=True)
            self.layers.add(f"panel{seat}", body, partial(self._panel_key, seat),
                            partial(self._paint_panel, seat), clip=True)

    # == static background ========================================================================
    def _static(self) -> pygame.Surface:
        surf = fast(pygame.Surface(BOARD_RECT.size), alpha=False)
        surf.fill(theme.BACKGROUND)
        self._paint_edges(surf)
        pygame.draw.rect(surf, STREET_RGB, GRID)
        for lot in range(SIDE * SIDE):
            pygame.draw.rect(surf, LOT_RGB, lot_rect(lot).inflate(-4, -4), border_radius=4)
        for text, rect, rgb in self._line_values():
            surf.blit(theme.text(text, SMALL, rgb, True), rect)
        for rect in self._row_stars():
            sp.star(surf, rect.center, rect.w // 2, theme.ACCENT)
        for line, index in self.board.circles:
            pygame.draw.circle(surf, theme.PANEL_LIGHT, circle_center(line, index), CIRCLE_R)
            pygame.draw.circle(surf, theme.TEXT_DIM, circle_center(line, index), CIRCLE_R, 2)
        for rect in self.panels:
            pygame.draw.rect(surf, theme.PANEL, rect, border_radius=12)
        return surf

    def _line_values(self) -> list[tuple[str, pygame.Rect, tuple[int, int, int]]]:
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

    # == BoardRenderer ============================================================================
    def place_targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Every target this view can show a rect for: the fixed ones laid out once, then the
        buildings, panels, planning cards and favours of this view."""
        rects = dict(self._fixed_targets)
        for bid, building in enumerate(view.buildings):
            if building is not None:
                rects[("building", bid)] = lots_target(building.lots)
        self._place_panel_items(view)
        for seat, rect in enumerate(self.panels):
            rects[("seat", seat)] = pygame.Rect(rect.x, rect.y, rect.w, 44)
        for seat in range(self.players):
            rects.update({("hand", card): r for card, r in zip(view.hands[seat],
                                                                self.hand_rects[seat])})
            rects.update({("favour", card): r for card, r in zip(view.favours[seat],
                                                                  self.favour_rects[seat])})
        return rects

    def _fixed(self) -> dict[Target, pygame.Rect]:
        """The targets that never move: row slots and piles, placements, lots, circles."""
        rects: dict[Target, pygame.Rect] = {}
        for i in range(4):
            rects[("planning", "row", i)] = card_slot("planning", i)
        rects[("planning", "top")] = card_slot("planning", 4)
        for j in range(5):
            rects[("contract", "row", j)] = card_slot("contract", j)
        for k in range(len(CONTRACT_DECKS)):
            rects[("contract", "top", k)] = card_slot("contract", 5 + k)
        for lots in self.board.rings:
            rects[("lots", lots)] = lots_target(lots)
        for lot in range(SIDE * SIDE):
            rects[("lot", lot)] = lots_target((lot,))
        for i, (line, index) in enumerate(self.board.circles):
            rects[("circle", i)] = pygame.Rect(0, 0, 2 * CIRCLE_R + 8, 2 * CIRCLE_R + 8)
            rects[("circle", i)].center = circle_center(line, index)
        return rects

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """A white ring around every option's place."""
        if prompt is None:
            return
        breath = self.pulse()
        for option in prompt.options:
            rect = self._targets.get(option.target) if option.target else None
            if rect is not None:
                ring(canvas, rect.inflate(RING_GAP, RING_GAP), OPTION, 3, breath, radius=10)

    def draw_focus(self, canvas: pygame.Surface, focus: Target | None,
                   prompt: Prompt | None) -> None:
        """The focus ring, a ghost building on a placement, the zoomed card on a card."""
        if focus is None or focus not in self._targets:
            return
        if focus[0] == "lots" and prompt is not None:
            self._ghost(canvas, focus[1], dict(prompt.params).get("card"))
        rect = self._targets[focus].inflate(6, 6)
        pygame.draw.rect(canvas, sp.INK, rect.inflate(6, 6), 3, border_radius=14)
        ring(canvas, rect, theme.FOCUS, 5, self.pulse(), radius=12)
        card = self._card_at(focus)
        if card in self.board.cards:  # nothing to zoom on an empty slot or a face-down card
            self._zoom(canvas, card, self._targets[focus])

    def keep_clear(self) -> list[pygame.Rect]:
        """What every seat reads (a hint's callout avoids it): the election track's offices, the
        turn box and each seat panel's head (name, wealth, prestige)."""
        heads = [pygame.Rect(panel.x, panel.y, panel.w, PANEL_HEAD) for panel in self.panels]
        return [TRACK.copy(), KEY_BOX.copy(), *heads]

    def board_geometry(self) -> BoardGeometry:
        """The labels of the city and rows (printed values, block value plates, AP costs, the
        election track) and what they must leave visible (control cubes, marker circles)."""
        labels = [Label(text, rect) for text, rect, _ in self._line_values()]
        for block, (value, mark) in enumerate(block_plates(self.view.values, self.view.value_marks)):
            plate = sp.value_plate(value, mark).get_rect(center=block_plate_center(block))
            labels.append(Label(f"block {block} value {value}", plate))
        labels += [Label(text, rect) for text, rect in self._cost_labels()]
        labels += [Label(text, rect) for text, rect in self._track_labels()]
        icons = [Icon(f"cube of building {bid}", cube_rect(b.lots))
                 for bid, b in enumerate(self._shown_buildings())
                 if b is not None and b.owner != NOBODY]
        for i, (line, index) in enumerate(self.board.circles):
            circle = pygame.Rect(0, 0, 2 * CIRCLE_R, 2 * CIRCLE_R)
            circle.center = circle_center(line, index)
            icons.append(Icon(f"circle {i}", circle))
        return BoardGeometry(labels, [], icons)

    # == helpers ==================================================================================
    def _face(self, card_id: str, size: tuple[int, int] = CARD,
              chip: bool = False) -> pygame.Surface:
        """A card's face (or its panel chip), cached per card, size and language."""
        key = (card_id, size, chip, language())
        if key not in self._faces:
            card = self.board.cards.get(card_id)
            if card is None:  # a face-down card: views show an unknown id
                self._faces[key] = sp.card_back(t("planning_back"), size)
            else:
                draw = sp.card_chip if chip else sp.card_face
                self._faces[key] = draw(card, size, t)
        return self._faces[key]

    def _card_at(self, key: tuple) -> str | None:
        """The card shown at a target (None for lots, seats...)."""
        view = self.view
        if key[0] in ("hand", "favour"):
            return key[1]
        if key[0] == "planning":
            return view.planning_row[key[2]] if key[1] == "row" else view.planning_top
        if key[0] == "contract":
            return view.contract_row[key[2]] if key[1] == "row" else view.tops[key[2]]
        return None

    def _zoom(self, canvas: pygame.Surface, card: str, near: pygame.Rect) -> None:
        """The focused card at twice its size with its whole text beside it, left of the rows
        and panels (over the city), so that it never hides another option of the card
        prompts."""
        panel = self.zoom_panel(card)
        rect = panel.get_rect(topright=(RIGHT_X - 16, near.y))
        canvas.blit(panel, rect.clamp(BOARD_RECT.inflate(-16, -16)))

    def zoom_panel(self, card_id: str) -> pygame.Surface:
        """A card's zoom panel, cached per card and language."""
        key = ("zoom", card_id, language())
        if key not in self._faces:
            card = self.board.cards[card_id]
            title = translate(card_name(card_id)) if isinstance(card, Contract | EventCard) else t(
                "renewal_title" if isinstance(card, Renewal) else "permit_title")
            self._faces[key] = sp.zoom_panel(self._face(card_id, ZOOM), title,
                                             card_lines(card, t))
        return self._faces[key]

    def _ghost(self, canvas: pygame.Surface, lots: tuple[int, ...], card: str | None) -> None:
        found = self.board.cards.get(card) if card else None
        zone = found.zone if isinstance(found, Contract) else PARK
        for lot in lots:
            ghost = sp.tile(zone, (LOT - 6, LOT_H - 6)).copy()
            ghost.set_alpha(150)
            canvas.blit(ghost, lot_rect(lot).inflate(-6, -6))

    # == the city =================================================================================
    def _shown_buildings(self) -> tuple:
        """The view's buildings less those still dropping in, and without the cubes still
        changing hands."""
        shown = []
        for bid, b in enumerate(self.view.buildings):
            if b is not None and ("cube", bid) in self.holds:
                b = b._replace(owner=NOBODY)
            shown.append(None if ("building", bid) in self.holds else b)
        return tuple(shown)

    def _city_key(self) -> tuple:
        return self._shown_buildings(), self.view.values, self.view.value_marks

    def _paint_city(self, surf: pygame.Surface) -> None:
        """Repaint the blocks whose buildings or value plate changed since the last paint
        (every block when nothing was painted yet): a building never leaves its block, so a
        build repaints one block, and a marker move the blocks of its line and of the moved
        value marks, instead of the city."""
        buildings, values, marks = self._city_key()
        before = self.layers.shown_key("city")
        plates = block_plates(values, marks)
        if before is None:
            blocks = set(range(BLOCKS * BLOCKS))
        else:
            blocks = self._changed_blocks(before[0], buildings)
            blocks.update(b for b, (old, new) in enumerate(zip(block_plates(*before[1:]), plates))
                          if old != new)
        for block in blocks:
            area = block_area(block)
            surf.blit(self.layers.static, area, area)
        for building in buildings:
            if building is not None and self.board.block_of[building.lots[0]] in blocks:
                self._paint_building(surf, building.zone, building.lots, building.owner)
        for block in blocks:
            plate = sp.value_plate(*plates[block])
            surf.blit(plate, plate.get_rect(center=block_plate_center(block)))

    def _changed_blocks(self, before: tuple, now: tuple) -> set[int]:
        """The blocks of every building that differs between two shown cities."""
        blocks = set()
        for bid in range(max(len(before), len(now))):
            old = before[bid] if bid < len(before) else None
            new = now[bid] if bid < len(now) else None
            if old != new:
                blocks.update(self.board.block_of[b.lots[0]] for b in (old, new) if b)
        return blocks

    def _paint_building(self, surf: pygame.Surface, zone: str, lots: Sequence[int],
                        owner: int, offset: tuple[int, int] = (0, 0)) -> None:
        """A building: its lots joined into one tile, the owner's cube on it (one cached
        sprite per building, so a city of sixty buildings repaints in sixty blits)."""
        key = ("building", zone, tuple(lots), owner)
        if key not in self._faces:
            self._faces[key] = self._building_sprite(zone, lots, owner)
        box = lot_rect(lots[0]).unionall([lot_rect(lot) for lot in lots])
        surf.blit(self._faces[key], box.move(offset))

    @staticmethod
    def _building_sprite(zone: str, lots: Sequence[int], owner: int) -> pygame.Surface:
        box = lot_rect(lots[0]).unionall([lot_rect(lot) for lot in lots])
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        rects = [lot_rect(lot).move(-box.x, -box.y) for lot in lots]
        for rect in rects:
            surf.blit(sp.tile(zone, (LOT - 4, LOT_H - 4)), rect.inflate(-4, -4))
        for a in rects:  # join neighbouring lots of one building (no seam between them)
            for b in rects:
                if a is not b and (a.x == b.x or a.y == b.y):
                    pygame.draw.rect(surf, sp.zone_rgb(zone), a.union(b).inflate(-14, -14))
        if owner != NOBODY:
            surf.blit(sp.cube(owner, CUBE_SIDE), cube_rect(lots).move(-box.x, -box.y))
        return fast(surf)

    def _marker_key(self) -> tuple:
        return self.view.markers

    def _paint_markers(self, surf: pygame.Surface) -> None:
        self._paint_marker_line(surf, "column")

    def _paint_side_markers(self, surf: pygame.Surface) -> None:
        self._paint_marker_line(surf, "row")

    def _paint_marker_line(self, surf: pygame.Surface, line: str) -> None:
        for marker, circle in zip(self.board.markers, self.view.markers, strict=True):
            if circle == NOBODY or self.board.circles[circle][0] != line:
                continue
            marker_disc(surf, circle_center(*self.board.circles[circle]), marker, CIRCLE_R - 2)

    # == the rows =================================================================================
    def _rows_key(self) -> tuple:
        v = self.view
        return (v.planning_row, v.planning_top, v.contract_row, v.tops, v.active_decks,
                len(v.planning_deck.cards), tuple(len(d.cards) for d in v.decks),
                self._held_cards(), language())

    def _paint_rows(self, surf: pygame.Surface) -> None:
        v, board = self.view, self.board
        for j, card in enumerate(v.contract_row):
            self._paint_slot(surf, card_slot("contract", j), card, board.contract_costs[j])
        for i, card in enumerate((*v.planning_row, v.planning_top)):
            cost = board.planning_costs[i] if i < 4 else board.planning_deck_cost
            self._paint_slot(surf, card_slot("planning", i), card, cost,
                             len(v.planning_deck.cards) if i == 4 else None, t("planning_back"))

    def _paint_rows_piles(self, surf: pygame.Surface) -> None:
        v = self.view
        for k, deck in enumerate(CONTRACT_DECKS):
            rect = card_slot("contract", 5 + k)
            if k >= v.active_decks:
                surf.blit(sp.deck_back(t(f"deck.{deck}"), CARD, len(v.decks[k].cards)), rect)
                continue
            self._paint_slot(surf, rect, v.tops[k], self.board.contract_deck_cost,
                             len(v.decks[k].cards), t(f"deck.{deck}"))

    def _paint_slot(self, surf: pygame.Surface, rect: pygame.Rect, card: str | None, cost: int,
                    pile: int | None = None, pile_name: str = "") -> None:
        """A card (or an empty place or a pile) with its AP cost under it."""
        if card is not None and ("card", card) not in self.holds:
            surf.blit(self._face(card), rect)
        elif pile is not None:
            surf.blit(sp.deck_back(pile_name, CARD, pile), rect)
        else:
            pygame.draw.rect(surf, theme.PANEL, rect, 2, border_radius=10)
        text, at = cost_label(rect, cost)
        surf.blit(theme.text(text, SMALL, theme.TEXT, True), at)

    def _cost_labels(self) -> list[tuple[str, pygame.Rect]]:
        board = self.board
        costs = [("contract", j, c) for j, c in enumerate(board.contract_costs)]
        costs += [("contract", 5 + k, board.contract_deck_cost)
                  for k in range(self.view.active_decks)]
        costs += [("planning", i, c) for i, c in enumerate(board.planning_costs)]
        costs.append(("planning", 4, board.planning_deck_cost))
        return [cost_label(card_slot(row, i), cost) for row, i, cost in costs]

    # == the key: the turn, the piles and what the board's symbols mean =========================
    def _turn_key(self) -> tuple:
        v = self.view
        return (v.active, v.ap, len(v.planning_deck.cards), len(v.discard), v.over,
                language())

    def _paint_key(self, surf: pygame.Surface) -> None:
        """Whose turn and the AP left, the planning deck and discard, then one line per board
        symbol that says nothing by itself: its picture and its meaning."""
        v, box = self.view, KEY_BOX
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=12)
        if v.over:  # no one's turn any more
            surf.blit(theme.text(t("game_over"), theme.SMALL_SIZE, theme.ACCENT, True),
                      (box.x + 12, box.y + 8))
        else:
            ap = theme.text(t("ap", ap=v.ap), theme.SMALL_SIZE, theme.ACCENT, True)
            surf.blit(ap, ap.get_rect(topright=(box.right - 12, box.y + 8)))
            turn = fit_text(t("turn_of", player=self.names[v.active]), theme.SMALL_SIZE,
                            box.w - 36 - ap.get_width(), seat_color(v.active), True, 0.8)
            surf.blit(turn, (box.x + 12, box.y + 8))
        piles = t("key.piles", count=len(v.planning_deck.cards), discard=len(v.discard))
        surf.blit(fit_text(piles, SMALL, box.w - 24, theme.TEXT_DIM, squeeze=0.8),
                  (box.x + 12, box.y + 8 + KEY_STEP))
        pygame.draw.line(surf, theme.PANEL_LIGHT, (box.x + 12, box.y + 6 + 2 * KEY_STEP),
                         (box.right - 12, box.y + 6 + 2 * KEY_STEP), 2)
        for (picture, words), (icon, line) in zip(self.key_entries(), key_rows(), strict=True):
            picture(surf, icon)
            surf.blit(fit_text(words, SMALL, line.w, theme.TEXT, squeeze=0.8), line)

    def key_entries(self) -> list[tuple[Callable[[pygame.Surface, pygame.Rect], None], str]]:
        """The key's symbols (each drawn into its icon rect) and what they mean, in words."""
        def circle(surf: pygame.Surface, at: pygame.Rect) -> None:
            pygame.draw.circle(surf, theme.PANEL_LIGHT, at.center, KEY_CIRCLE)
            pygame.draw.circle(surf, theme.TEXT_DIM, at.center, KEY_CIRCLE, 2)

        def markers(surf: pygame.Surface, at: pygame.Rect) -> None:
            for dx, marker in ((-17, "w9"), (17, "p5")):
                marker_disc(surf, (at.centerx + dx, at.centery), marker, KEY_CIRCLE)

        def plate(surf: pygame.Surface, at: pygame.Rect) -> None:
            surf.blit(sp.value_plate(12, None), sp.value_plate(12, None).get_rect(center=at.center))

        def marks(surf: pygame.Surface, at: pygame.Rect) -> None:
            for dx, mark, value in ((-19, "high", 9), (19, "low", 2)):
                img = sp.value_plate(value, mark)
                surf.blit(img, img.get_rect(center=(at.centerx + dx, at.centery)))

        return [(circle, t("key.circle")), (markers, t("key.markers")),
                (plate, t("key.block")), (marks, t("key.marks"))]

    # == the election track ========================================================================
    def _track_key(self) -> tuple:
        v = self.view
        held = tuple(sorted(k for k in self.holds if k[0] == "office"))
        return v.election_pos, v.offices, held, language()

    def _paint_track(self, surf: pygame.Surface) -> None:
        """The election track (the pawn's square lit) and who holds each office; an office
        whose ballot is still turning over is left for its animation."""
        for office, rect in track_cells(self.board.election_track):
            if ("office", office) not in self.holds:
                surf.blit(self._office_face(office, self._holder(office)), rect)

    def _holder(self, office: str, view: State | None = None) -> int:
        return (view or self.view).offices[OFFICES.index(office)]

    def _office_face(self, office: str, holder: int) -> pygame.Surface:
        """One square of the track: the office over its holder's name (or "vacant"), lit
        where the election pawn stands."""
        v, track = self.view, self.board.election_track
        lit = office != "contractor" and track.index(office) == v.election_pos % len(track)
        key = ("office", office, holder, lit, language())
        if key not in self._faces:
            rect = track_cells(track)[0][1]
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            box = surf.get_rect()
            pygame.draw.rect(surf, theme.PANEL_LIGHT if lit else theme.PANEL, box,
                             border_radius=8)
            if lit:
                pygame.draw.rect(surf, theme.ACCENT, box, 3, border_radius=8)
            for text, at, rgb, bold in self._office_texts(office, holder, box):
                surf.blit(fit_text(text, SMALL, box.w - 10, rgb, bold, 0.7), at)
            self._faces[key] = fast(surf)
        return self._faces[key]

    def _office_texts(self, office: str, holder: int,
                      box: pygame.Rect) -> list[tuple[str, pygame.Rect, tuple, bool]]:
        """(text, rect, colour, bold) of an office square's two lines, inside `box`."""
        label = self.names[holder] if holder != NOBODY else t("vacant")
        rgb = seat_color(holder) if holder != NOBODY else theme.TEXT_DIM
        found = []
        for text, color, bold, anchor in ((t(f"office.{office}"), theme.TEXT, True,
                                           {"midtop": (box.centerx, box.y + 6)}),
                                          (label, rgb, False,
                                           {"midbottom": (box.centerx, box.bottom - 6)})):
            img = fit_text(text, SMALL, box.w - 10, color, bold, 0.7)
            found.append((text, img.get_rect(**anchor), color, bold))
        return found

    def _track_labels(self) -> list[tuple[str, pygame.Rect]]:
        return [(text, rect) for office, cell in track_cells(self.board.election_track)
                for text, rect, _, _ in self._office_texts(office, self._holder(office), cell)]

    # == the seat panels ==========================================================================
    # A panel, top to bottom: the head (emblem, name, wealth, prestige), pills for the AP left,
    # the offices and the Extra Favour, the planning cards and Favours as chips, then at the
    # foot the seat's buildings per zone and its vocations as pictures with their counts (all of
    # them, a zero faded: a panel reads the same from the first turn to the last).
    def _place_panel_items(self, view: State) -> None:
        """Where each seat's planning cards and Favours sit in its panel: under the lines kept
        for its pills (a fixed number, so that no language moves a card)."""
        self.hand_rects, self.favour_rects = [], []
        for seat, panel in enumerate(self.panels):
            lines = self._pill_lines(panel, len(self._pills(seat, view)))
            top = panel.y + PANEL_HEAD + 4 + lines * (PILL_H + 6) + 4
            bottom = self._foot_top(panel) - 6
            hand = len(view.hands[seat])
            chips = self._chip_rows(hand + len(view.favours[seat]), panel, top,
                                    min(CHIP_H, bottom - top), bottom)
            self.hand_rects.append(chips[:hand])
            self.favour_rects.append(chips[hand:])

    @staticmethod
    def _pill_lines(panel: pygame.Rect, count: int) -> int:
        """Lines kept for `count` pills: one in a quarter panel, and in a tall one a second
        line past three pills (by count, not width: no language moves a card). A line too
        short for its pills narrows them."""
        return 2 if panel.h >= TALL_PANEL and count > PILLS_PER_LINE else 1

    def _pills(self, seat: int, view: State) -> list[tuple[str, str]]:
        """(text, style) of a seat's pills: the AP left (the active seat), its offices, the
        Extra Favour; "No office" when there is nothing to show."""
        active = seat == view.active and view.ap and not view.over
        found = [(t("ap_left", ap=view.ap), "ap")] if active else []
        found += [(t(f"office.{office}"), "office")
                  for office, holder in zip(OFFICES, view.offices, strict=True) if holder == seat]
        if view.extra_favour == seat:
            found.append((t("extra_favour"), "favour"))
        return found or [(t("no_office"), "none")]

    @staticmethod
    def _pill_layout(panel: pygame.Rect, pills: list[tuple[str, str]]
                     ) -> list[tuple[str, str, pygame.Rect]]:
        """The pills packed in lines under the head (two lines at most in a quarter panel,
        three in a tall one); a line still too long narrows its pills alike."""
        font, width = theme.font(SMALL), panel.w - 24
        most = USRenderer._pill_lines(panel, len(pills))
        lines: list[list[tuple[str, str, int]]] = [[]]
        for text, style in pills:
            w = font.size(text)[0] + 2 * PILL_PAD
            used = sum(pw + PILL_GAP for _, _, pw in lines[-1])
            if lines[-1] and used + w > width and len(lines) < most:
                lines.append([])
            lines[-1].append((text, style, w))
        placed = []
        for k, line in enumerate(lines):
            gaps = PILL_GAP * (len(line) - 1)
            scale = min(1.0, (width - gaps) / max(1, sum(w for _, _, w in line)))
            x, y = panel.x + 12, panel.y + PANEL_HEAD + 4 + k * (PILL_H + 6)
            for text, style, w in line:
                rect = pygame.Rect(x, y, max(2 * PILL_PAD, int(w * scale)), PILL_H)
                placed.append((text, style, rect))
                x = rect.right + PILL_GAP
        return placed

    @staticmethod
    def _foot_columns(panel: pygame.Rect) -> int:
        """A tall panel names each zone and vocation (two to a line), a quarter one lines up
        the pictures alone (five zones, then six vocations)."""
        return 2 if panel.h >= TALL_PANEL else 0

    def _foot_top(self, panel: pygame.Rect) -> int:
        """Top of a panel's foot: the buildings lines over the vocation lines."""
        columns = self._foot_columns(panel)
        lines = (-(-len(PANEL_ZONES) // columns) + -(-len(self.board.vocations) // columns)
                 if columns else 2)
        return panel.bottom - 8 - lines * FOOT_STEP

    @staticmethod
    def _chip_rows(count: int, panel: pygame.Rect, y: int, h: int, bottom: int
                   ) -> list[pygame.Rect]:
        """`count` chips from the panel's left edge, in as many rows as fit above `bottom`
        (one in a quarter panel): narrower when a row holds more than fit (down to CHIP_MIN_W,
        room for "Renovación"), overlapping past that."""
        width = panel.w - 24
        rows = 1 if panel.h < TALL_PANEL else max(1, (bottom - y + 6) // (h + 6))
        per_row = max(1, -(-count // rows))
        w = max(CHIP_MIN_W, min(round(h * CHIP_ASPECT), (width + 6) // per_row - 6))
        per_row = max(per_row, (width + 6) // (w + 6))
        step = min(w + 6, (width - w) // max(1, per_row - 1))
        return [pygame.Rect(panel.x + 12 + (i % per_row) * step, y + (i // per_row) * (h + 6),
                            w, h) for i in range(count)]

    def _head_key(self, seat: int) -> tuple:
        v = self.view
        return (v.wealth[seat], v.prestige[seat], v.active == seat, self._counting(seat),
                self._counting(seat, "wealth"))

    def _panel_key(self, seat: int) -> tuple:
        v = self.view
        return (v.hands[seat], v.favours[seat], v.vocations[seat], v.offices, v.active == seat,
                v.ap if v.active == seat else None, v.over, v.extra_favour == seat,
                self._zone_counts(seat), self._held_cards(), language())

    def _held_cards(self) -> tuple:
        return tuple(sorted(k for k in self.holds if k[0] == "card"))

    def _zone_counts(self, seat: int) -> tuple[int, ...]:
        """How many buildings the seat controls in each zone (parks last), as shown; counted
        for every seat at once per view and holds (each panel's key asks at each refresh)."""
        view, holds, counts = self._zone_memo
        if view is not self.view or holds is not self.holds:
            counts = [dict.fromkeys(PANEL_ZONES, 0) for _ in range(self.players)]
            for building in self._shown_buildings():
                if building is not None and building.owner != NOBODY:
                    counts[building.owner][building.zone] += 1
            counts = [tuple(c.values()) for c in counts]
            self._zone_memo = (self.view, self.holds, counts)
        return counts[seat]

    def _paint_panel_back(self, seat: int, surf: pygame.Surface) -> None:
        """The panel's plate, outlined in the seat's colour on its turn (each of the panel's
        layers paints it, clipped to its own part)."""
        panel = self.panels[seat]
        pygame.draw.rect(surf, theme.PANEL, panel, border_radius=12)
        if seat == self.view.active:
            pygame.draw.rect(surf, seat_color(seat), panel, 3, border_radius=12)

    def _paint_panel(self, seat: int, surf: pygame.Surface) -> None:
        """The panel's body: pills, chips and its foot."""
        v, panel = self.view, self.panels[seat]
        self._paint_panel_back(seat, surf)
        for text, style, rect in self._pill_layout(panel, self._pills(seat, v)):
            paint_pill(surf, text, style, rect)
        for card, rect in zip(v.hands[seat], self.hand_rects[seat], strict=True):
            self._paint_chip(surf, card, rect)
        for card, rect in zip(v.favours[seat], self.favour_rects[seat], strict=True):
            self._paint_chip(surf, card, rect)
        for icon, text, rect, count in self.panel_foot(seat):
            surf.blit(icon, icon.get_rect(midleft=(rect.x, rect.centery)))
            words = theme.text(text, SMALL, theme.TEXT if count else theme.TEXT_DIM)
            surf.blit(words, words.get_rect(midleft=(rect.x + icon.get_width() + 6,
                                                     rect.centery)))

    def _paint_panel_head(self, seat: int, surf: pygame.Surface) -> None:
        """Emblem and name on the left, wealth and prestige (a star) on the right, large."""
        v, panel = self.view, self.panels[seat]
        self._paint_panel_back(seat, surf)
        draw_seat_emblem(surf, seat, (panel.x + 24, panel.y + 24), 14)
        prestige = theme.text(str(total_prestige(v, seat) - self._counting(seat)),
                              FIGURE_SIZE, theme.ACCENT, True)
        at = prestige.get_rect(topright=(panel.right - 12, panel.y + 4))
        surf.blit(prestige, at)
        sp.star(surf, (at.x - 20, at.centery), 16, theme.ACCENT)
        wealth = theme.text(f"${v.wealth[seat] - self._counting(seat, 'wealth')}",
                            FIGURE_SIZE, sp.WEALTH_RGB, True)
        where = wealth.get_rect(topright=(at.x - 48, at.y))
        surf.blit(wealth, where)
        name = fit_text(self.names[seat], theme.SMALL_SIZE, where.x - panel.x - 60,
                        seat_color(seat), True)
        surf.blit(name, (panel.x + 44, panel.y + 8))

    def panel_foot(self, seat: int) -> list[tuple[pygame.Surface, str, pygame.Rect, int]]:
        """(picture, text, rect, count) of a panel's foot: the seat's buildings in each zone,
        then its vocations, each a picture and a count (and its name in a tall panel)."""
        panel = self.panels[seat]
        columns = self._foot_columns(panel)
        def alpha(count: int) -> int:
            return 255 if count else ZERO_ALPHA
        items = [(sp.zone_icon(zone, FOOT_ICON, alpha(count)), t(f"zone.{zone}"), count)
                 for zone, count in zip(PANEL_ZONES, self._zone_counts(seat), strict=True)]
        jobs = [(sp.vocation_icon(name, FOOT_ICON, alpha(count)), t(f"vocation.{name}"), count)
                for name, count in zip(self.board.vocations, self.view.vocations[seat],
                                       strict=True)]
        found, y = [], self._foot_top(panel)
        for group in (items, jobs):
            per_line = columns or len(group)
            width = (panel.w - 24) // per_line
            for k, (icon, name, count) in enumerate(group):
                row, col = divmod(k, per_line)
                text = f"{name[:1].upper()}{name[1:]} {count}" if columns else str(count)
                rect = pygame.Rect(panel.x + 12 + col * width, y + row * FOOT_STEP, width,
                                   FOOT_STEP)
                found.append((icon, text, rect, count))
            y += -(-len(group) // per_line) * FOOT_STEP
        return found

    def _paint_chip(self, surf: pygame.Surface, card: str, rect: pygame.Rect) -> None:
        if ("card", card) in self.holds:
            return
        surf.blit(self._face(card, rect.size, chip=True), rect)


def paint_pill(surf: pygame.Surface, text: str, style: str, rect: pygame.Rect) -> None:
    """One pill of a seat's status: the AP left in gold, an office, the Extra Favour in the
    event colour, or "No office" as plain dim text."""
    if style == "none":
        surf.blit(fit_text(text, SMALL, rect.w, theme.TEXT_DIM), rect.topleft)
        return
    fill, ink = {"ap": (theme.ACCENT, sp.INK), "favour": (sp.EVENT_RGB, theme.TEXT)}.get(
        style, (theme.PANEL_LIGHT, theme.TEXT))
    pygame.draw.rect(surf, fill, rect, border_radius=PILL_H // 2)
    words = fit_text(text, SMALL, rect.w - 2 * PILL_PAD + 4, ink, style == "ap", 0.6)
    surf.blit(words, words.get_rect(center=rect.center))


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


def key_rows() -> list[tuple[pygame.Rect, pygame.Rect]]:
    """(icon rect, text rect) of each of the key's symbol lines, under its turn and piles."""
    top, icon_w = KEY_BOX.y + 10 + 2 * KEY_STEP, 80
    return [(pygame.Rect(KEY_BOX.x + 8, top + k * KEY_STEP, icon_w, KEY_STEP),
             pygame.Rect(KEY_BOX.x + 12 + icon_w, top + k * KEY_STEP + 2,
                         KEY_BOX.w - 24 - icon_w, KEY_STEP - 2)) for k in range(4)]
