"""Urban Sprawl board layout: where the city, the rows, the track and the panels sit on the
1920x1000 board rect, as constants and pure functions of the geometry (scene.py draws there,
anim.py animates there, the tests measure there).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.i18n import language
from game.ui.panels import Layout
from game.ui.render_kit import translator

from . import sprites as sp
from .board import BLOCKS, SIDE

t = translator("urban_sprawl.scene.")

LOT, LOT_H, STREET = 62, 52, 12  # a lot's width and height, a street's width
AVENUE = 28  # the street under each block row: the blocks' value plates sit in it, on no lot
PITCH = 2 * LOT + STREET  # one block and the street right of it
ROW_PITCH = 2 * LOT_H + AVENUE  # one block and the avenue under it
GRID = pygame.Rect(64, 96, BLOCKS * PITCH - STREET, BLOCKS * ROW_PITCH)
EDGE = 14  # the water and forest strips around the city
CIRCLE_R = 20
TRACK = pygame.Rect(16, 916, 904, 78)
CARD = (112, 176)
CARD_GAP = 8
CONTRACT_Y, PLANNING_Y = 8, 226
RIGHT_X = 944
# The key: whose turn it is, then what the board's symbols mean (right of the planning row).
KEY_BOX = pygame.Rect(RIGHT_X + 5 * (CARD[0] + CARD_GAP), PLANNING_Y, 366, CARD[1] + 38)
KEY_STEP, KEY_CIRCLE = 34, 16  # the key's line pitch, its circles' radius
PANELS = pygame.Rect(RIGHT_X, 448, 968, 544)
PANEL_HEAD = 44  # a seat panel's top strip: its emblem, name, wealth and prestige
ZOOM = (224, 352)  # the zoom panel: a card at twice its size
OPTION = (250, 250, 250)
WATER, FOREST, STREET_RGB, LOT_RGB = (60, 110, 170), (50, 110, 60), (58, 60, 66), (92, 96, 88)
TALL_PANEL = 400  # a panel at least this high (two seats) stacks its chips in rows
CHIP_H, CHIP_ASPECT = 64, 1.875  # a panel chip's height and its width per height (room for
# "Renovación" on one line)
CHIP_MIN_W = 96  # a chip narrows to this when a panel holds many ("Renovación" still fits)
PILL_H, PILL_PAD, PILL_GAP = 34, 10, 8  # a seat's status pills (AP left, offices)
PILLS_PER_LINE = 3  # a tall panel's pills per line before it takes a second line
FIGURE_SIZE = 36  # a seat's wealth and prestige
FOOT_STEP, FOOT_ICON = 38, 32  # a panel's foot lines (buildings, vocations) and their pictures
ZERO_ALPHA = 80  # a zone or vocation the seat has none of: its picture faded
PANEL_ZONES = ("CIV", "COM", "IND", "RES", "PARK")
RING_GAP = 10  # option rings sit outside their rect: visible around light cards
TARGET_SIDE = 44  # a building placement's target square
# The shell's pulsing focus frame reaches up to 16 px outside a target (game_paint.board_focus);
# a target keeps this far from its block's top and bottom edges so that the frame stays clear of
# the value plates in the avenues above and below (their digits start 5 px into the avenue).
PLATE_CLEARANCE = 12
CUBE_SIDE = 30  # a control cube sits at its building's centre
SMALL = sp.TEXT_SIZE


def lot_rect(lot: int) -> pygame.Rect:
    """The screen rect of one lot of the 12x12 grid."""
    row, col = divmod(lot, SIDE)
    x = GRID.x + (col // 2) * PITCH + (col % 2) * LOT
    y = GRID.y + (row // 2) * ROW_PITCH + (row % 2) * LOT_H
    return pygame.Rect(x, y, LOT, LOT_H)


def lots_center(lots: Sequence[int]) -> tuple[int, int]:
    """The centre of a set of lots (apart for every placement of one block)."""
    rects = [lot_rect(lot) for lot in lots]
    return (sum(r.centerx for r in rects) // len(rects),
            sum(r.centery for r in rects) // len(rects))


def lots_target(lots: Sequence[int]) -> pygame.Rect:
    """The focus square of a lot set (a placement, a building or one lot): at the lots' centre,
    inside them and PLATE_CLEARANCE off their top and bottom edges (a one-row set gets a flat
    square), so that the focus frame never runs through a block's value plate."""
    rects = [lot_rect(lot) for lot in lots]
    inside = rects[0].unionall(rects[1:]).inflate(0, -2 * PLATE_CLEARANCE)
    rect = pygame.Rect(0, 0, TARGET_SIDE, TARGET_SIDE)
    rect.center = lots_center(lots)
    return rect.clip(inside)


def cube_rect(lots: Sequence[int]) -> pygame.Rect:
    """Where a building's control cube sits: at its centre."""
    x, y = lots_center(lots)
    return pygame.Rect(x - CUBE_SIDE // 2, y - CUBE_SIDE // 2, CUBE_SIDE, CUBE_SIDE)


def block_plate_center(block: int) -> tuple[int, int]:
    """Where a block's value plate sits: in the avenue under the block, on no lot (so never
    under a building)."""
    row, col = divmod(block, BLOCKS)
    return GRID.x + col * PITCH + LOT, GRID.y + row * ROW_PITCH + 2 * LOT_H + AVENUE // 2


def block_area(block: int) -> pygame.Rect:
    """A block's lots and the avenue under it (its value plate): what repaints when the block
    changes."""
    row, col = divmod(block, BLOCKS)
    return pygame.Rect(GRID.x + col * PITCH, GRID.y + row * ROW_PITCH, 2 * LOT, ROW_PITCH)


def circle_center(line: str, index: int) -> tuple[int, int]:
    """A marker circle: above its block column, or right of its block row."""
    if line == "column":
        return GRID.x + index * PITCH + LOT, GRID.y - 64
    return GRID.right + EDGE + CIRCLE_R + 6, GRID.y + index * ROW_PITCH + LOT_H


def panel_rects(players: int) -> list[pygame.Rect]:
    """One panel per seat: side by side for two, a 2x2 grid for three or four."""
    w = (PANELS.w - 8) // 2
    if players == 2:
        return [pygame.Rect(PANELS.x + i * (w + 8), PANELS.y, w, PANELS.h) for i in range(2)]
    h = (PANELS.h - 8) // 2
    return [pygame.Rect(PANELS.x + (i % 2) * (w + 8), PANELS.y + (i // 2) * (h + 8), w, h)
            for i in range(players)]


def table_layout(players: int) -> Layout:
    """Where each panel goes: the city (and the markers on its circles above and right of it),
    the election track under it, the rows, piles and key on the right, and per seat its whole
    panel (`seat<n>`), split into its head (`head<n>`) and body (`panel<n>`)."""
    rects = {
        "city": GRID.inflate(8, 8),
        "markers": pygame.Rect(0, 0, RIGHT_X, GRID.y - 30),
        "side_markers": pygame.Rect(GRID.right + EDGE, GRID.y, 60, GRID.h),
        "rows": pygame.Rect(RIGHT_X, 0, KEY_BOX.x - RIGHT_X, KEY_BOX.bottom),
        "piles": pygame.Rect(card_slot("contract", 5).topleft,
                             (3 * (CARD[0] + CARD_GAP), CARD[1] + label_reach())),
        "key": KEY_BOX, "track": TRACK}
    for seat, panel in enumerate(panel_rects(players)):
        rects[f"seat{seat}"] = panel
        rects[f"head{seat}"] = pygame.Rect(panel.x, panel.y, panel.w, PANEL_HEAD)
        rects[f"panel{seat}"] = pygame.Rect(panel.x, panel.y + PANEL_HEAD, panel.w,
                                            panel.h - PANEL_HEAD)
    return Layout(**rects)


def track_cells(track: Sequence[str]) -> list[tuple[str, pygame.Rect]]:
    """The election track's squares, then the Contractor's, left to right."""
    w = TRACK.w // (len(track) + 1)
    return [(office, pygame.Rect(TRACK.x + i * w, TRACK.y, w - 6, TRACK.h))
            for i, office in enumerate((*track, "contractor"))]


def label_reach() -> int:
    """How far below its card a slot's AP label (`cost_label`) ends: the piles' rect holds it."""
    return RING_GAP + 2 + theme.font(SMALL, True).get_height()


def cost_label(slot: pygame.Rect, cost: int) -> tuple[str, pygame.Rect]:
    """A slot's AP cost under it: its text and rect (measured once per slot, cost and
    language: a slot repainted as the rows slide asks twice)."""
    key = (slot.centerx, slot.bottom, cost, language())
    found = _COST_LABELS.get(key)
    if found is None:
        text = t("ap", ap=cost)
        size = theme.font(SMALL, True).size(text)
        found = _COST_LABELS[key] = (text, pygame.Rect(
            (slot.centerx - size[0] // 2, slot.bottom + RING_GAP + 2), size))
    return found[0], found[1].copy()


_COST_LABELS: dict[tuple, tuple[str, pygame.Rect]] = {}  # a few slots x costs x languages


def card_slot(row: str, index: int) -> pygame.Rect:
    """A card slot: the contract row's 5 cards then 3 piles, the planning row's 4 then 1."""
    y = CONTRACT_Y if row == "contract" else PLANNING_Y
    return pygame.Rect(RIGHT_X + index * (CARD[0] + CARD_GAP), y, *CARD)


def prestige_point(panel: pygame.Rect) -> tuple[int, int]:
    """Where a panel shows its seat's prestige (stars fly there)."""
    return panel.right - 40, panel.y + 24


def wealth_point(panel: pygame.Rect) -> tuple[int, int]:
    """Where a panel shows its seat's wealth (coins fly there)."""
    return panel.right - 150, panel.y + 24
