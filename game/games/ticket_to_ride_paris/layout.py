"""Ticket to Ride: Paris board layout: where each panel goes and the sizes its art shares.

The board rect (1920x1000; the shell owns the 80 px bar below it) holds the map (top left), the
hand strip under it, and down the right: the score track, the market (face-up row and piles)
and one panel per seat, as tall as the seat count allows. The ticket choice lies over the map.
"""

from __future__ import annotations

import pygame

from game.ui.board_api import BOARD_RECT
from game.ui.panels import Layout

MAP_BOX = (12, 12, 1376, 834)
HAND_BOX = (12, 856, 1376, 136)
PANEL_X, PANEL_W = 1400, 508
TRACK_BOX = (1400, 12, 508, 98)
CARD_W, CARD_H = 88, 124
FLAG_CARD = (30, 42)  # a flag card in front of a player
ROW_Y = 126
PILES_Y = 264
PILE_H = 100
PLAYERS_Y = 376
# The right column's panels own it from here to the board's edge: a multiple of 16, so that a
# layer of the column (the track, a seat's row) is restored and cleared on whole 16-px columns,
# the fast path of fills and blits (a 508 px row from x=1400: ~0.06 ms; from 1392: ~0.008).
COLUMN_X = PANEL_X - 8
MARKET_Y = 116  # where the track's region ends and the market's begins
SEATS_Y = 370  # where the market's region ends and the seats' begins
OPTION = (250, 250, 250)  # options glow white: clearly apart from the yellow focus ring


def table_layout() -> Layout:
    """The panels' rects (the same at every seat count: the seats panel shares its height out,
    `seat_rects`)."""
    column_w = BOARD_RECT.w - COLUMN_X
    return Layout(
        map=MAP_BOX, choice=MAP_BOX, hand=HAND_BOX,
        track=(COLUMN_X, 0, column_w, MARKET_Y),
        market=(COLUMN_X, MARKET_Y, column_w, SEATS_Y - MARKET_Y),
        seats=(COLUMN_X, SEATS_Y, column_w, BOARD_RECT.h - SEATS_Y),
    )


def seat_rects(players: int) -> list[pygame.Rect]:
    """One player panel per seat, stacked under the market, each as tall as the count allows."""
    avail = BOARD_RECT.bottom - 8 - PLAYERS_Y
    gap = 8
    h = min(190, (avail - gap * (players - 1)) // players)
    return [pygame.Rect(PANEL_X, PLAYERS_Y + i * (h + gap), PANEL_W, h) for i in range(players)]
