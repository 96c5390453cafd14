"""Seat colours stay apart from each other for every kind of colour vision and from the colours
the rooms paint their routes, lines and cards with; every seat has its own emblem shape.

The colour science (Machado 2009 simulation, CIEDE2000) is checked against published values.
"""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from game.games.french_quarter import scene as fq_scene
from game.games.french_quarter import sprites as fq
from game.games.next_station_paris import sprites as nsp
from game.games.ticket_to_ride_paris import sprites as ttr
from game.ui import paint, theme
from game.ui.color_vision import (
    VISIONS,
    ciede2000,
    closest_pair,
    closest_to,
    difference,
    lab,
    simulate,
)

MAX_SEATS = 4  # the most seats any room takes (every GameInfo.max_players)
SEATS_APART = 20.0  # CIEDE2000 between two seats, under every vision
ROOM_APART = 14.0  # between a seat and a room colour, full colour vision
ROOM_APART_DICHROMAT = 7.0  # the same under each dichromacy (emblems carry the rest)

# The colours a seat's pieces lie on or next to: TTR's routes and cards, NSP's metro lines,
# French Quarter's activities, decks, umbrellas, artists, Second Line and closed streets.
ROOM_COLORS = {
    **{f"ticket_to_ride_paris {k}": v for k, v in ttr.CARD_RGB.items()},
    **{f"next_station_paris {k}": v for k, v in nsp.PENCILS.items()},
    **{f"french_quarter {k}": v for k, v in fq.ACTIVITY_RGB.items()},
    **{f"french_quarter deck {k}": v for k, v in fq.DECK_RGB.items()},
    "french_quarter umbrella": fq.UMBRELLA_RGB, "french_quarter wild": fq.WILD_RGB,
    "french_quarter artist": fq.ARTIST_RGB, "french_quarter second line": fq_scene.LINE_RGB,
    "french_quarter closed street": fq_scene.CLOSED_RGB,
}


# -- the colour science ----------------------------------------------------------------------------
@pytest.mark.parametrize(("first", "second", "expected"), [  # Sharma, Wu and Dalal 2005, table 1
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_matches_the_published_test_data(first, second, expected):
    assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_lab_of_white_black_and_red():
    assert lab((255, 255, 255)) == pytest.approx((100, 0, 0), abs=1e-3)
    assert lab((0, 0, 0)) == pytest.approx((0, 0, 0), abs=1e-3)
    assert lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.01)


def test_dichromat_simulation_confuses_what_it_should():
    red, green = (214, 56, 52), (58, 160, 76)
    assert difference(red, green) > 60
    assert difference(red, green, "deuteranopia") < 30  # the red-green confusion
    assert difference(red, green, "tritanopia") > 40  # tritanopes tell red from green
    blue, green_blue = (40, 100, 220), (40, 160, 200)
    assert difference(blue, green_blue, "tritanopia") < difference(blue, green_blue)
    for vision in VISIONS:  # greys stay grey: the matrices keep white white
        assert simulate((128, 128, 128), vision) == pytest.approx((128, 128, 128), abs=1)


# -- the seat colours ------------------------------------------------------------------------------
def seat_colors() -> list[tuple[int, int, int]]:
    return [paint.seat_color(seat) for seat in range(MAX_SEATS)]


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_seats_stay_apart(vision):
    gap, i, j = closest_pair(seat_colors(), vision)
    assert gap >= SEATS_APART, f"{vision}: seats {i} and {j} are only {gap:.1f} apart"


@pytest.mark.parametrize("vision", VISIONS)
def test_seats_stay_clear_of_every_room_colour(vision):
    names = list(ROOM_COLORS)
    gap, seat, j = closest_to(seat_colors(), list(ROOM_COLORS.values()), vision)
    floor = ROOM_APART if vision == "normal" else ROOM_APART_DICHROMAT
    assert gap >= floor, f"{vision}: seat {seat} is {gap:.1f} from {names[j]}"


def test_seat_colours_read_on_the_dark_panels_and_dark_shades_are_darker():
    for seat in range(MAX_SEATS):
        assert difference(paint.seat_color(seat), theme.PANEL) > 40
        assert lab(paint.seat_dark(seat))[0] < lab(paint.seat_color(seat))[0] - 20


# -- the emblems -----------------------------------------------------------------------------------
def test_each_seat_has_its_own_emblem_and_a_pseudo_seat_a_ring():
    shapes = [paint.seat_emblem(seat) for seat in range(MAX_SEATS)]
    assert len(set(shapes)) == MAX_SEATS
    assert paint.seat_emblem(len(paint.SEAT_EMBLEMS)) == paint.seat_emblem(0)
    assert paint.seat_emblem(-1) == paint.NOBODY_EMBLEM


def emblem_mask(seat: int, size: int = 40) -> pygame.mask.Mask:
    surf = pygame.Surface((60, 60), pygame.SRCALPHA)
    rect = paint.draw_seat_emblem(surf, seat, (30, 30), size, edge=None)
    assert rect == pygame.Rect(10, 10, 40, 40)
    return pygame.mask.from_surface(surf)


def test_emblems_fill_their_box_in_the_seat_colour_and_differ_in_shape():
    masks = {seat: emblem_mask(seat) for seat in range(len(paint.SEAT_EMBLEMS))}
    for seat, mask in masks.items():
        box = mask.get_bounding_rects()[0]
        assert box.w >= 30 and box.h >= 30 and pygame.Rect(9, 9, 42, 42).contains(box), seat
        assert 0.35 * 40 * 40 <= mask.count() <= 40 * 40, seat  # about as big as each other
    for a, b in combinations(masks, 2):
        differ = masks[a].count() + masks[b].count() - 2 * masks[a].overlap_area(masks[b], (0, 0))
        assert differ > 120, f"emblems of seats {a} and {b} look alike"
    surf = pygame.Surface((60, 60))
    paint.draw_seat_emblem(surf, 2, (30, 30), 40)
    assert surf.get_at((30, 34))[:3] == paint.seat_color(2)
    assert surf.get_at((30, 11))[:3] == paint.INK  # outlined


def test_the_split_screen_bar_shows_the_emblems_of_the_seats_it_speaks_of():
    from game.scenes import game_paint

    pygame.font.init()
    plain = game_paint.render_bar("Waiting for Bot 1, Bot 3", (), "keyboard")
    marked = game_paint.render_bar("Waiting for Bot 1, Bot 3", (), "keyboard", who=(0, 2))
    y = marked.get_height() // 2
    first = 24 + game_paint.BAR_EMBLEM // 2
    second = first + game_paint.BAR_EMBLEM + 10
    assert marked.get_at((first, y))[:3] == paint.seat_color(0)
    assert marked.get_at((second, y + 4))[:3] == paint.seat_color(2)
    assert plain.get_at((first, y))[:3] != paint.seat_color(0)
    text_left = pygame.mask.from_threshold(marked, theme.TEXT, (1, 1, 1, 255)).get_bounding_rects()
    assert min(r.x for r in text_left) > second + game_paint.BAR_EMBLEM // 2  # text after them


def test_a_seat_strip_leads_with_the_emblem_unless_the_prompt_needs_the_room():
    from game.scenes import game_paint

    pygame.font.init()
    size = (700, 64)
    short = game_paint.render_strip(size, 3, "Pick a card", True, ())
    assert short.get_at((14 + game_paint.BAR_EMBLEM // 2, 32))[:3] == paint.seat_color(3)
    wide = theme.font(theme.SMALL_SIZE).size("x")[0]
    long_text = "x" * ((size[0] - 16 - 24) // wide)  # fits only without the emblem
    long = game_paint.render_strip(size, 3, long_text, True, ())
    assert long.get_at((14 + game_paint.BAR_EMBLEM // 2, 32))[:3] != paint.seat_color(3)
