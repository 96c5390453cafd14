"""Next Station: Paris board layout: where each seat's sheet, the card column and the side
panels go, chosen by the number of people playing (`make_layout`).

Layouts of the 1920x1000 board rect, chosen by the human seats:
- one person (or solo): one big sheet, the card and its score zone in the middle column, and a
  compact sheet per bot on the right, then the side panels in what is left (the modules, the
  round's cards; solo: the rating ladder);
- two people: two big sheets side by side, the card (and bots) in the middle column;
- three players: three tall sheets in a row, the card column between the second and third;
- four: a 2x2 grid of sheets (map + score zone each), the card in the middle column.
`Table` is the kit's Layout of one of them (panel name -> rect) with the places by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

import pygame

from game.ui.panels import Layout
from game.ui.split_room import SeatArea


@dataclass(slots=True)
class Places:
    """The whole screen: seat sheets and the card column."""

    seats: dict[int, SeatArea]
    column: pygame.Rect
    card: pygame.Rect
    pips: pygame.Rect
    header: pygame.Rect
    modules: pygame.Rect | None = None  # shared objectives and city gates, where there is room
    name: pygame.Rect | None = None  # the card's name, under it
    deck: pygame.Rect | None = None  # the round's cards, seen and still to come, where there is room
    ladder: pygame.Rect | None = None  # solo: the rulebook's rating bands, the total's lit


class Table(Layout):
    """One layout as the panel kit reads it (panel name -> rect: `map<seat>`, `score<seat>`,
    `header`, `card`, `pips` and the side panels there is room for), with its places as
    attributes (`seats`, `column`, `card`, `name`, `pips`, `header`, `modules`, `deck`,
    `ladder`)."""

    seats: dict[int, SeatArea]
    column: pygame.Rect
    card: pygame.Rect
    pips: pygame.Rect
    header: pygame.Rect
    modules: pygame.Rect | None
    name: pygame.Rect | None
    deck: pygame.Rect | None
    ladder: pygame.Rect | None

    def __init__(self, places: Places) -> None:
        """The panels' rects of these places."""
        name_rect = places.name or places.card
        band = pygame.Rect(places.column.x, places.header.bottom, places.column.w,
                           name_rect.bottom - places.header.bottom)  # the card and its name
        rects = {"header": places.header, "card": band, "pips": places.pips}
        for side in ("modules", "deck", "ladder"):
            if getattr(places, side) is not None:
                rects[side] = getattr(places, side)
        for seat, area in places.seats.items():
            rects[f"map{seat}"] = area.map
            rects[f"score{seat}"] = area.score
        super().__init__(**rects)
        for f in fields(places):
            setattr(self, f.name, getattr(places, f.name))



def make_layout(players: int, humans: Sequence[int], modules: bool = False) -> Table:
    """Place every seat's sheet and the card column for this many people. With advanced
    modules the objectives and city gates always get a panel: everyone needs to read them."""
    return Table(_places(players, humans, modules))


def _places(players: int, humans: Sequence[int], modules: bool) -> Places:
    """The places of `make_layout`."""
    big = list(humans) or list(range(players))
    if len(big) <= 1:
        return _layout_one(players, big[0] if big else 0, modules)
    if len(big) == 2 and (players == 2 or not modules):
        return _layout_two(players, big, modules)
    if players == 3:  # three people, or two beside a bot and the modules: three full sheets
        return _layout_three(modules)
    return _layout_grid(players, modules)  # two people beside bots and modules: no room in the column


def _column(x: int, w: int, card_w: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect,
                                                  pygame.Rect, pygame.Rect]:
    """The card column: header, the big card, its name, the Metro pips."""
    column = pygame.Rect(x, 8, w, 984)
    header = pygame.Rect(x, 8, w, 104)
    card = pygame.Rect(0, 0, card_w, round(card_w * 1.4))
    card.midtop = (column.centerx, header.bottom + 10)
    name = pygame.Rect(x, card.bottom + 6, w, 42)
    pips = pygame.Rect(x, name.bottom + 2, w, 56)
    return column, header, card, name, pips


MINI_SCORE_H = 150  # a bot's numbers under its map: name and total, then the rounds in a row
MODULES_H = 300  # the objectives and city gates panel beside three bots (two short lists)
DECK_H = 260  # the round's cards: a heading and two rows of small cards
LADDER_H = 290  # solo: a heading and the six rating bands
PANEL_MIN_H = 240  # a leftover space smaller than this stays empty


def _layout_one(players: int, seat: int, modules: bool = False) -> Places:
    column, header, card, name, pips = _column(956, 452, 250)
    score = pygame.Rect(956, pips.bottom + 8, 452, 992 - pips.bottom - 8)
    sheet = SeatArea(seat, pygame.Rect(8, 8, 936, 984), pygame.Rect(20, 8, 912, 912), score,
                     pygame.Rect(8, 928, 936, 64))
    seats = {seat: sheet}
    bots = [s for s in range(players) if s != seat]
    if len(bots) == 1:  # one opponent: its sheet takes the column, its map as wide as it is
        h = 984 - (MODULES_H + 12 if modules else DECK_H + 12)
    else:
        room = 984 - (MODULES_H if modules and len(bots) == 3 else 0)  # two bots leave room
        h = (room - 12 * 2) // 3
    for k, bot in enumerate(bots):
        area = pygame.Rect(1420, 8 + k * (h + 12), 492, h)
        seats[bot] = _mini(bot, area)
    top = 8 + len(bots) * (h + 12) if bots else 8
    panels = _side_panels(pygame.Rect(1420, top, 492, 992 - top), modules, solo=not bots)
    return Places(seats, column, card, pips, header, name=name, **panels)


def _side_panels(free: pygame.Rect, modules: bool, solo: bool) -> dict[str, pygame.Rect | None]:
    """Share a free column between the modules panel, the round's cards and (solo) the rating
    ladder, in that order of need; the last one takes what is left, a space too small for a
    panel stays empty."""
    wanted = [(name, h) for name, h in (("modules", MODULES_H if modules else 0),
                                        ("deck", DECK_H), ("ladder", LADDER_H if solo else 0)) if h]
    out: dict[str, pygame.Rect | None] = {"modules": None, "ladder": None, "deck": None}
    y = free.y
    for k, (name, h) in enumerate(wanted):
        left = free.bottom - y
        if left < PANEL_MIN_H:
            break
        h = left if k == len(wanted) - 1 else min(h, left)
        out[name] = pygame.Rect(free.x, y, free.w, h)
        y += h + 12
    return out


def _layout_two(players: int, big: list[int], modules: bool) -> Places:
    column, header, card, name, pips = _column(764, 392, 220)
    seats = {}
    for k, seat in enumerate(big):
        x = 8 if k == 0 else 1164
        area = pygame.Rect(x, 8, 748, 984)
        # the map a little under full width: the four round sums get rows as in every layout
        seats[seat] = SeatArea(seat, area, pygame.Rect(x + 34, 8, 680, 680),
                               pygame.Rect(x, 696, 748, 226), pygame.Rect(x, 928, 748, 64),
                               columns=2)
    bots = [s for s in range(players) if s not in big]
    top = pips.bottom + 10
    h = min(300, (992 - top - 10 * (len(bots) - 1)) // max(1, len(bots)))
    for k, bot in enumerate(bots):
        seats[bot] = _mini(bot, pygame.Rect(764, top + k * (h + 10), 392, h))
    free = top + len(bots) * (h + 10) if bots else top
    panel = pygame.Rect(764, free, 392, 992 - free) if 992 - free >= PANEL_MIN_H else None
    return _with_panel(Places(seats, column, card, pips, header, name=name), panel, modules)


def _with_panel(layout: Places, panel: pygame.Rect | None, modules: bool) -> Places:
    """The column's free space under the pips: the modules when in play, else the round's
    cards."""
    if modules:
        layout.modules = panel
    else:
        layout.deck = panel
    return layout


SHEET3_W = 520  # three people: three sheets side by side and a narrow card column
STRIP3_H = 96  # their prompt strips: three lines of a long prompt beside the buttons


def _layout_three(modules: bool) -> Places:
    """Three people: three tall sheets (map over score zone) in a row, the card column between
    the second and the third: bigger maps than a 2x2 grid, and no empty quarter."""
    cx = 8 + 2 * (SHEET3_W + 8)
    column, header, card, name, pips = _column(cx, 320, 220)
    seats = {}
    for seat, x in enumerate((8, 8 + SHEET3_W + 8, cx + 320 + 8)):
        area = pygame.Rect(x, 8, SHEET3_W, 984)
        side = SHEET3_W - 16
        strip = pygame.Rect(x, 992 - STRIP3_H, SHEET3_W, STRIP3_H)
        seats[seat] = SeatArea(seat, area, pygame.Rect(x + 8, 8, side, side),
                               pygame.Rect(x, 8 + side + 8, SHEET3_W, strip.y - side - 24),
                               strip)
    panel = pygame.Rect(cx, pips.bottom + 10, 320, 992 - pips.bottom - 10)
    return _with_panel(Places(seats, column, card, pips, header, name=name), panel, modules)


def _layout_grid(players: int, modules: bool) -> Places:
    column, header, card, name, pips = _column(800, 320, 220)
    seats = {}
    for seat in range(players):
        col, row = seat % 2, seat // 2
        x, y = (8 if col == 0 else 1128), (8 if row == 0 else 504)
        area = pygame.Rect(x, y, 784, 488)
        # the map sits on the outer side, the score zone next to the card column
        mx = x + 2 if col == 0 else x + 784 - 426
        sx = x + 434 if col == 0 else x + 2
        seats[seat] = SeatArea(seat, area, pygame.Rect(mx, y + 2, 424, 424),
                               pygame.Rect(sx, y + 2, 348, 424),
                               pygame.Rect(x, y + 488 - 56, 784, 56))
    panel = pygame.Rect(800, pips.bottom + 10, 320, 984 + 8 - pips.bottom - 10)
    return _with_panel(Places(seats, column, card, pips, header, name=name), panel, modules)


def _mini(seat: int, area: pygame.Rect) -> SeatArea:
    """A bot's compact sheet: a small map and a few numbers beside it (under it, in a tall
    area)."""
    if area.h >= area.w + MINI_SCORE_H:
        side = area.w - 8
        m = pygame.Rect(area.x + 4, area.y + 4, side, side)
        score = pygame.Rect(area.x, m.bottom + 4, area.w, area.bottom - m.bottom - 4)
        return SeatArea(seat, area, m, score, pygame.Rect(score), mini=True)
    side = min(area.h - 8, area.w * 3 // 5)
    m = pygame.Rect(area.x + 4, area.y + (area.h - side) // 2, side, side)
    score = pygame.Rect(m.right + 8, area.y, area.right - m.right - 8, area.h)
    return SeatArea(seat, area, m, score, pygame.Rect(score), mini=True)

