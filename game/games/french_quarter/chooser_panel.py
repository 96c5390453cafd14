"""French Quarter's choosers: chips for the choices that have no place of their own on the board.

A value to write on a building, a circle's bonus or multiplier, a Culture A boost: the head
prompt's options of these kinds (CHOOSERS) are chips on one dark plate next to where the decision
happens, with a ring round what they decide about (`anchor`). Value and boost chips lie along a
street beside the building or the tourist (a street holds no target of these prompts, so no
choice hides another; of the places that fit, the one hiding the least of the street names), a
circle's chips just below the circle on the sheet. An overlay: drawn per frame, no layer.
"""

from __future__ import annotations

import pygame

from game.engine.core import Prompt, Target
from game.ui import theme
from game.ui.paint import INK, fast
from game.ui.panels import PanelRoom
from game.ui.render_kit import translator

from . import sprites as sp
from .board import ACTIVITIES
from .layout import (
    BOOST_CHIP,
    CHIP_GAP,
    CHOOSER_TASKS,
    CHOOSERS,
    CIRCLE_CHIP_H,
    MAP,
    OPTION,
    PAWN,
    STREET,
    VALUE_CHIP,
    WHITE,
    FQPanel,
)
from .state import State

t = translator("french_quarter.scene.")


class ChooserPanel(FQPanel):
    """The prompt's value, circle or boost chips on their plate, and the ring round their anchor."""

    LAYERED = False

    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """No chips until a prompt offers some."""
        super().__init__(room, rect, "choosers")
        self.anchor: pygame.Rect | None = None  # what the chips decide about (ringed)
        self.plate: tuple[tuple, pygame.Surface, pygame.Rect] | None = None  # drawn chips

    def view_damage(self) -> list[pygame.Rect]:
        """None: the chips show only with a prompt (a new one redraws the whole frame)."""
        return []

    def forget(self) -> None:
        """A new view: the chips are placed again."""
        self.anchor, self.plate = None, None

    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Chips of the head prompt's value, circle or boost options (none for other prompts)."""
        self.offered = self._chips(view)
        return self.offered

    def _chips(self, view: State) -> dict[Target, pygame.Rect]:
        if not view.tasks or view.tasks[0][0] not in CHOOSER_TASKS:
            return {}
        pending = self.room.rules.pending(view)
        if not isinstance(pending, tuple) or not pending:
            return {}
        keys = [o.target for o in pending[0].options
                if o.target is not None and o.target[0] in CHOOSERS]
        if not keys:
            return {}
        head, board = view.tasks[0], self.room.board_panel
        if head[0] == "circle":
            self.anchor = self.room.sheet.art.box_rects[head[2]][
                view.sheets[head[1]].meters[head[2]] - 1]
            return self._circle_row(view, keys)
        if head[0] == "move":  # boosts: on the street beside the tourist
            seat = head[1]
            b = view.sheets[seat].pos
            pawn = pygame.Rect(board.pawn_pos(seat, b), (PAWN, PAWN))
            return self._street_row(keys, b, pawn.centery, BOOST_CHIP)
        self.anchor = board.bld[head[2]]  # mapw / bval: the building being mapped
        return self._street_row(keys, head[2], board.bld[head[2]].centery,
                                (VALUE_CHIP, VALUE_CHIP))

    def _street_row(self, keys: list[Target], b: int, near_y: int,
                    size: tuple[int, int]) -> dict[Target, pygame.Rect]:
        """Chips in a row along the street above or below building b's block (the side nearer
        to near_y): a street holds no target of these prompts, so no choice hides another."""
        board = self.room.board_panel
        block = board.map.building_rect(self.room.board.buildings[b].block, "")
        above = abs(near_y - block.top) < abs(near_y - block.bottom)
        y = block.top - STREET // 2 if above else block.bottom + STREET // 2
        w, h = len(keys) * (size[0] + CHIP_GAP) - CHIP_GAP, size[1]
        area = MAP.inflate(-24, 0)  # the plate round the chips stays on the map too
        # Centred on the building, else flush with one of its sides: the row that hides the
        # least of the street names.
        r = board.bld[b]
        rows = [pygame.Rect(x - w // 2, y - h // 2, w, h).clamp(area)
                for x in (r.centerx, r.x + w // 2, r.right - w // 2)]
        labels = board.map.label_rects(board.shapes())
        row = min(rows, key=lambda row: hidden(row, labels))
        return chip_row(keys, [size[0]] * len(keys), h, row.center, area)

    def _circle_row(self, view: State, keys: list[Target]) -> dict[Target, pygame.Rect]:
        """The bonus and multiplier chips just below the circle (above it at the sheet's foot),
        over the rows beneath while the choice lasts."""
        widths = [self.chip(view, k).get_width() for k in keys]
        circle, art = self.anchor, self.room.sheet.art
        inner = art.sheet_rect.inflate(-28, -28)
        left = art.box_rects[0][0].x + 10  # the activity names stay in view, plate and all
        area = pygame.Rect(left, inner.y, inner.right - left, inner.h)
        y = circle.bottom + 14 + CIRCLE_CHIP_H // 2
        if y + CIRCLE_CHIP_H // 2 > area.bottom:
            y = circle.top - 14 - CIRCLE_CHIP_H // 2
        return chip_row(keys, widths, CIRCLE_CHIP_H, (circle.centerx, y), area)

    def chip(self, view: State, key: Target) -> pygame.Surface:
        """A chooser chip's image: a handwritten value, a boost, a circle's bonus or multiplier."""
        if key[0] == "value":
            return sp.value_chip(str(key[1]), VALUE_CHIP)
        if key[0] == "boost":
            return sp.boost_chip(f"+{key[1]}", BOOST_CHIP)
        a = ACTIVITIES.index(key[1])
        sh, meter = view.sheets[self.room.large], self.room.board.meters[a]
        if key[2] == "bonus":
            label = t("bonus", letter="ABCD"[min(sh.bonuses[a], 3)])
            return sp.circle_chip("B", key[1], label, CIRCLE_CHIP_H)
        mult = meter.multipliers[min(sh.mults[a], len(meter.multipliers) - 1)]
        return sp.circle_chip("M", key[1], f"×{mult}", CIRCLE_CHIP_H)

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """The prompt's chips on one plate, and a ring round what they decide about."""
        if prompt is None:
            return
        keys = tuple(o.target for o in prompt.options if o.target is not None
                     and o.target[0] in CHOOSERS and o.target in self.offered)
        if not keys:
            return
        if self.anchor is not None:
            pygame.draw.rect(canvas, INK, self.anchor.inflate(16, 16), 4, border_radius=12)
            pygame.draw.rect(canvas, WHITE, self.anchor.inflate(10, 10), 4, border_radius=10)
        if self.plate is None or self.plate[0] != keys:
            self.plate = (keys, *self._build_plate(keys))
        canvas.blit(self.plate[1], self.plate[2])
        width = 3 + round(2 * self.pulse())
        for key in keys:
            pygame.draw.rect(canvas, OPTION, self.offered[key].inflate(6, 6), width,
                             border_radius=10)

    def _build_plate(self, keys: tuple) -> tuple[pygame.Surface, pygame.Rect]:
        """The chips painted once on a dark plate (a frame only blits it)."""
        rects = [self.offered[k] for k in keys]
        plate = rects[0].unionall(rects[1:]).inflate(16, 4 if keys[0][0] != "circle" else 12)
        surf = pygame.Surface(plate.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*theme.PANEL, 235), surf.get_rect(), border_radius=12)
        pygame.draw.rect(surf, INK, surf.get_rect(), 3, border_radius=12)
        for key, rect in zip(keys, rects):
            img = self.chip(self.view, key)
            surf.blit(img, img.get_rect(center=rect.move(-plate.x, -plate.y).center))
        return fast(surf), plate


def hidden(rect: pygame.Rect, labels: list[pygame.Rect]) -> int:
    """Pixels of the map's labels (street names, start markers…) `rect` would cover."""
    return sum(rect.clip(labels[i]).w * rect.clip(labels[i]).h
               for i in rect.collidelistall(labels))


def chip_row(keys: list[Target], widths: list[int], h: int, center: tuple[int, int],
             area: pygame.Rect) -> dict[Target, pygame.Rect]:
    """Rects of a chip row centred on `center`, shifted to stay inside `area`."""
    row = pygame.Rect(0, 0, sum(widths) + CHIP_GAP * (len(widths) - 1), h)
    row.center = center
    row.clamp_ip(area)
    out, x = {}, row.x
    for key, w in zip(keys, widths):
        out[key] = pygame.Rect(x, row.y, w, h)
        x += w + CHIP_GAP
    return out
