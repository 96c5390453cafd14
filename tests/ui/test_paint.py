"""The shared paint helpers: colours, fitted and wrapped text, labels, rings and the geometry of
each tween painter (where a flying card is, how wide a flipping card is, how far a popup rose)."""

from __future__ import annotations

import math

import pygame
import pytest
import pytweening

from game.ui import paint, theme

RED, BLUE = (220, 40, 40), (40, 60, 220)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def sprite(size=(20, 10), color=RED) -> pygame.Surface:
    surf = pygame.Surface(size)
    surf.fill(color)
    return surf


def blank(size=(400, 300)) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)


def painted(painter, p: float, size=(400, 300)) -> pygame.Rect:
    """The bounding rect of what a painter draws at progress p on a clear canvas."""
    canvas = blank(size)
    painter(canvas, p)
    return canvas.get_bounding_rect()


# == colours and surfaces ========================================================================
def test_shade_darkens_and_lightens_within_range():
    assert paint.shade((100, 200, 50), 0.5) == (50, 100, 25)
    assert paint.shade((100, 200, 50), 1.0) == (100, 200, 50)
    assert paint.shade((100, 200, 0), 2.0) == (255, 255, 255)
    assert paint.shade((0, 100, 200), 1.5) == (127, 177, 227)


def test_shade_may_round_each_channel_to_the_nearest_level():
    assert paint.shade((214, 74, 60), 0.55) == (117, 40, 33)  # truncated by default
    assert paint.shade((214, 74, 60), 0.55, nearest=True) == (118, 41, 33)
    assert paint.shade((0, 100, 201), 1.5, nearest=True) == (128, 178, 228)
    assert paint.shade((250, 10, 0), 3.0, nearest=True) == (255, 255, 255)


def test_seat_colours_wrap_round_and_negative_seats_are_neutral():
    n = len(theme.PLAYER_COLORS)
    assert paint.seat_color(1) == theme.PLAYER_COLORS[1] == paint.seat_color(1 + n)
    assert paint.seat_dark(2) == theme.PLAYER_DARK[2]
    assert paint.seat_color(-1) == paint.NOBODY_COLOR


def test_pulse_breathes_between_zero_and_one():
    values = [paint.pulse(k / 50) for k in range(200)]
    assert paint.pulse(0.0) == 0.5
    assert 0.0 <= min(values) < 0.01 and 0.99 < max(values) <= 1.0


def test_fast_keeps_the_surface_without_a_display():
    surf = sprite()
    if pygame.display.get_surface() is None:
        assert paint.fast(surf) is surf


def test_veil_is_a_cached_translucent_sheet():
    veil = paint.veil((30, 20), 200)
    assert veil.get_size() == (30, 20) and veil.get_at((5, 5)).a == 200
    assert paint.veil((30, 20), 200) is veil


def test_darken_changes_only_the_rect():
    canvas = pygame.Surface((40, 40))
    canvas.fill((200, 200, 200))
    paint.darken(canvas, pygame.Rect(10, 10, 10, 10), alpha=150)
    assert canvas.get_at((15, 15))[:3] == (150, 150, 150)
    assert canvas.get_at((5, 5))[:3] == (200, 200, 200)


def test_ring_is_an_outline_that_grows_as_it_breathes():
    rect = pygame.Rect(50, 50, 60, 40)
    calm, full = blank(), blank()
    paint.ring(calm, rect, RED, 3, 0.0)
    paint.ring(full, rect, RED, 3, 1.0)
    assert calm.get_bounding_rect() == rect
    assert full.get_bounding_rect() == rect.inflate(4, 4)
    assert calm.get_at(rect.center).a == 0  # an outline: the inside stays clear


# == text ========================================================================================
def test_fit_text_keeps_a_short_line_and_ellipsizes_a_long_one():
    short = paint.fit_text("Opera", theme.SMALL_SIZE, 400, theme.TEXT)
    assert short is theme.text("Opera", theme.SMALL_SIZE, theme.TEXT, False)
    message = "Cathédrale Notre-Dame de Paris et ses environs"
    fitted = paint.fit_text(message, theme.SMALL_SIZE, 200, theme.TEXT)
    assert fitted.get_width() <= 200
    assert fitted.get_height() == short.get_height()  # never a smaller font


def test_fit_text_narrows_a_line_that_is_only_a_little_too_wide():
    message = "Place de la Concorde"
    width = theme.text(message, theme.SMALL_SIZE, theme.TEXT).get_width()
    narrow = paint.fit_text(message, theme.SMALL_SIZE, width - 10, theme.TEXT, squeeze=0.85)
    assert narrow.get_width() == width - 10
    cut = paint.fit_text(message, theme.SMALL_SIZE, width - 10, theme.TEXT)
    assert cut.get_width() < width - 10  # without squeeze: ellipsized instead


def test_wrap_keeps_words_whole_and_lines_within_the_width():
    text = "Connect the two districts with a line that passes the river twice\nthen stop"
    lines = paint.wrap(text, theme.SMALL_SIZE, 260)
    font = theme.font(theme.SMALL_SIZE)
    assert len(lines) >= 3 and lines[-1] == "then stop"
    assert all(font.size(line)[0] <= 260 for line in lines)
    assert " ".join(lines).split() == text.split()
    assert paint.wrap("Supercalifragilistic", theme.SMALL_SIZE, 40) == ["Supercalifragilistic"]
    assert paint.wrap("", theme.SMALL_SIZE, 100) == [""]


def test_two_lines_splits_a_long_name_near_its_middle():
    assert paint.two_lines("Opéra", theme.SMALL_SIZE, 300) == ["Opéra"]
    assert paint.two_lines("Arc de Triomphe", theme.SMALL_SIZE, 120) == ["Arc de", "Triomphe"]
    assert paint.two_lines("Saint-Germain", theme.SMALL_SIZE, 60) == ["Saint-", "Germain"]
    assert paint.two_lines("Montparnasse", theme.SMALL_SIZE, 20) == ["Montparnasse"]


def test_a_label_on_a_plate_covers_the_text_plus_padding():
    canvas = blank()
    plate = paint.Plate(BLUE, RED, 3, 8, (40, 20))
    rect = paint.draw_label(canvas, "Hi", (200, 150), theme.BODY_SIZE, theme.TEXT, plate)
    text = theme.text("Hi", theme.BODY_SIZE, theme.TEXT, True)
    assert rect.size == (text.get_width() + 40, text.get_height() + 20)
    assert rect.center == (200, 150)
    assert canvas.get_bounding_rect() == rect
    assert canvas.get_at((rect.x + 1, rect.centery))[:3] == RED  # the edge
    assert canvas.get_at((rect.x + 8, rect.centery))[:3] == BLUE  # the fill


def test_an_outlined_label_has_a_two_pixel_halo():
    canvas = blank()
    rect = paint.draw_label(canvas, "+4", (200, 150), theme.BODY_SIZE, theme.TEXT,
                            outline=paint.INK)
    bare = blank()
    paint.draw_label(bare, "+4", (200, 150), theme.BODY_SIZE, theme.TEXT)
    ink = bare.get_bounding_rect()
    assert canvas.get_bounding_rect() == ink.inflate(4, 4)  # 2 px of halo on every side
    assert rect.contains(ink)


# == tween painters ==============================================================================
def test_fly_starts_at_a_ends_at_b_and_arcs_in_between():
    a, b = (50, 200), (350, 200)
    fly = paint.fly(sprite(), a, b, arc=60)
    assert painted(fly, 0.0).center == a
    assert painted(fly, 1.0).center == b
    mid = painted(fly, 0.5)
    assert mid.center == (200, 140)  # halfway, `arc` px above the straight line
    assert painted(paint.fly(sprite(), a, b, arc=0), 0.5).centery == 200


def test_flip_squeezes_the_card_and_turns_it_over_halfway():
    rect = pygame.Rect(100, 100, 80, 50)
    first, second = sprite(rect.size, RED), sprite(rect.size, BLUE)
    flip = paint.flip(first, second, rect)
    assert painted(flip, 0.0) == rect
    quarter = painted(flip, 0.25)
    assert quarter.h == rect.h and quarter.w == int(80 * math.cos(math.pi / 4))
    assert quarter.center == rect.center
    canvas = blank()
    flip(canvas, 0.75)
    assert canvas.get_at(rect.center)[:3] == BLUE
    assert painted(flip, 0.5).w >= 1  # edge-on, still one pixel wide
    assert painted(paint.flip(first, second, rect, min_width=2), 0.5).w == 2


def test_flip_lifts_at_mid_turn_over_its_backdrop():
    rect = pygame.Rect(100, 100, 80, 50)
    flip = paint.flip(sprite(rect.size), sprite(rect.size, BLUE), rect, lift=18,
                      backdrop=(10, 10, 10))
    canvas = blank()
    flip(canvas, 0.5)
    assert canvas.get_at((rect.x - 3, rect.bottom + 3))[:3] == (10, 10, 10)  # the backdrop
    assert canvas.get_bounding_rect().top == rect.y - 18  # the card, edge-on, at its highest
    lifted = painted(paint.flip(sprite(rect.size), sprite(rect.size), rect, lift=18), 0.3)
    assert lifted.centery == rect.centery - int(18 * math.sin(math.pi * 0.3))


def test_popup_appears_above_its_point_and_rises():
    start = painted(paint.popup("+7", (200, 200), RED, lift=30, rise=40), 0.0)
    end = painted(paint.popup("+7", (200, 200), RED, lift=30, rise=40), 1.0)
    label = painted(lambda canvas, p: paint.draw_label(canvas, "+7", (200, 170),
                                                       theme.HEADING_SIZE, RED, outline=paint.INK),
                    0.0)
    assert start == label  # `lift` px above its point at first
    assert start.centery - end.centery == 40
    plated = painted(paint.popup("+7", (200, 200), RED, lift=0, rise=30,
                                 plate=paint.Plate(RED, paint.INK)), 0.0)
    text = theme.text("+7", theme.HEADING_SIZE, RED, True)
    assert plated.size == (text.get_width() + 18, text.get_height() + 8)


def test_a_moving_painter_covers_exactly_the_rect_it_says_at_every_progress():
    """`where(p)` is the damage a room reports for a flight or a popup: it must hold every
    pixel painted at p (the outline's halo, the plate): a sprite's rect, a label's text box."""
    plate = paint.Plate((0, 0, 0), (255, 255, 255), 3, 10, (20, 8))
    painters = [paint.fly(sprite(), (50, 200), (350, 120), arc=60),
                paint.popup("+7", (200, 200), RED, lift=30, rise=40),
                paint.popup("Bonus", (200.5, 200.7), RED, theme.BODY_SIZE, 0, 33, plate),
                paint.popup("-3", (200, 200), RED, rise=31, outline=None, nearest=True),
                paint.delayed(paint.fly(sprite(), (50, 200), (350, 120)), 0.3,
                              pytweening.easeInCubic),
                paint.banner("Last", (200, 100), theme.ACCENT, plate)]
    for painter in painters:
        for k in range(21):
            p = k / 20
            drawn, said = painted(painter, p), painter.where(p)
            assert said.contains(drawn), (painter, p)
            assert said.w * said.h < 2 * drawn.w * drawn.h, (painter, p)  # not much more
    assert painters[0].where(0.5) == painted(painters[0], 0.5)  # a sprite's: exactly it


def test_a_sprite_works_out_its_rect_once_per_progress_and_lends_copies():
    """A frame asks a sprite where it is (its damage), then paints it: the rect is worked out
    once for that progress; a caller changing the rect it got moves nothing, and another
    progress is worked out anew."""
    calls: list[float] = []

    def path(p: float) -> pygame.Rect:
        calls.append(p)
        return pygame.Rect(round(100 * p), 50, 20, 20)
    flying = paint.Sprite(sprite((20, 20)), path)
    said = flying.where(0.5)
    said.move_ip(300, 300)  # the kit's damage may grow or move what it got
    assert painted(flying, 0.5) == pygame.Rect(50, 50, 20, 20) and calls == [0.5]
    assert flying.where(0.75) == painted(flying, 0.75) == pygame.Rect(75, 50, 20, 20)
    assert calls == [0.5, 0.75]


def test_popup_may_round_its_centre_to_the_nearest_pixel():
    # at p = 0.08 the label's centre is 30 * 0.08 = 2.4 px up: y = 197.6
    truncated = painted(paint.popup("+7", (200, 200), RED, lift=0, rise=30), 0.08)
    nearest = painted(paint.popup("+7", (200, 200), RED, lift=0, rise=30, nearest=True), 0.08)
    label = painted(lambda canvas, p: paint.draw_label(canvas, "+7", (200, 198),
                                                       theme.HEADING_SIZE, RED, outline=paint.INK),
                    0.0)
    assert nearest == label
    assert nearest.centery - truncated.centery == 1


def test_banner_stays_still_for_its_whole_tween():
    plate = paint.Plate(paint.INK, theme.ACCENT, 4, 18, (60, 24))
    banner = paint.banner("Last round", (600, 100), theme.ACCENT, plate)
    first = painted(banner, 0.0, (1200, 300))
    assert first == painted(banner, 0.9, (1200, 300))
    assert first.center == (600, 100)


def test_delayed_holds_the_first_frame_then_runs_to_the_end():
    seen: list[float] = []
    wrapped = paint.delayed(lambda canvas, p: seen.append(p), 0.5, pytweening.linear)
    for p in (0.0, 0.25, 0.5, 0.75, 1.0):
        wrapped(blank((1, 1)), p)
    assert seen == [0.0, 0.0, 0.0, 0.5, 1.0]
