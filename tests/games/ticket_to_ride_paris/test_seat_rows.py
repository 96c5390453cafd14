"""A seat's row repainted by a short cut (composed ahead, or only its flag cards) gives the pixels
a whole repaint gives: the row's backdrop and everything on it drawn anew."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.games.ticket_to_ride_paris.state import OVER
from game.ui import theme
from game.ui.i18n import set_language
from tests.games.scene_match import scene_match, step


def played(players: int = 3):
    """A renderer some moves into a match, every tween run out, a seat to play."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), players, 5)
    for _ in range(12):
        step(match, bots, renderer)
    renderer.reset(match.view(None), None)
    assert 0 <= renderer.view.current < players and renderer.view.phase != OVER
    return renderer


def held(renderer, key: tuple, count: int, add: bool = True) -> None:
    """A hold's count changed (`add`ed to, or set), as a refresh changes it: in a new Counter
    (the room's is never changed in place: the rows' keys are kept per holds)."""
    renderer.holds = renderer.holds.copy()
    renderer.holds[key] = renderer.holds[key] + count if add else count


def whole_row(renderer, seat: int) -> bytes:
    """The row's pixels as a whole repaint draws them now."""
    seats = renderer.seats
    surface = renderer.layers.surface.copy()
    row = seats.row_area(seat)
    surface.set_clip(row)
    current = seats.lit == seat
    surface.blit(seats._backdrops[seat, current], row)
    seats._draw_player(surface, renderer.view, seat, seats.rects[seat],
                       renderer.shown_scores()[seat])
    return pygame.image.tobytes(surface.subsurface(row), "RGB")


def row_painted(renderer, seat: int) -> bytes:
    """The row's pixels after its layer's painter ran for what it shows now."""
    surface = renderer.layers.surface.copy()
    row = renderer.seats.row_area(seat)
    surface.set_clip(row)
    renderer.seats.paint_row(seat, surface)
    return pygame.image.tobytes(surface.subsurface(row), "RGB")


def compose_all(renderer) -> None:
    """Compose ahead every row the turn passing will repaint (four parts each)."""
    for _ in range(20):
        if not renderer.seats.compose_ahead():
            return
    raise AssertionError("rows still to compose after 20 parts")


def test_rows_composed_ahead_are_those_the_turn_passing_repaints_whole():
    renderer = played()
    seats, current = renderer.seats, renderer.view.current
    compose_all(renderer)
    nxt = (current + 1) % renderer.players
    assert seats._ready == {current: seats.row_key(current, False), nxt: seats.row_key(nxt, True)}
    assert not seats.compose_ahead()  # all of it composed: nothing more to do


def test_a_row_composed_ahead_paints_as_a_whole_repaint_also_with_other_counts():
    renderer = played()
    seats, current = renderer.seats, renderer.view.current
    compose_all(renderer)
    nxt = (current + 1) % renderer.players
    seats.lit = nxt  # the turn passed: the seat to play's row goes out, the next one's lights
    for seat in (current, nxt):
        assert seats._ready[seat] == seats.row_key(seat)
        assert row_painted(renderer, seat) == whole_row(renderer, seat)
    # a card still flying to the seat: its count differs from the picture's (painted over it)
    held(renderer, ("cards", current), 1)
    assert seats._ready[current] != seats.row_key(current)
    assert row_painted(renderer, current) == whole_row(renderer, current)


@pytest.mark.parametrize("parts", [1, 2, 3])
def test_a_row_composed_in_part_whose_key_changed_is_composed_again_from_its_backdrop(parts):
    renderer = played()
    seats, current = renderer.seats, renderer.view.current
    for _ in range(parts):  # the first parts of the seat to play's row, going out
        assert seats.compose_ahead()
    renderer.score_hold[current] = -7  # its score changes before the last part
    compose_all(renderer)
    seats.lit = (current + 1) % renderer.players
    assert seats._ready[current] == seats.row_key(current)
    assert row_painted(renderer, current) == whole_row(renderer, current)


def test_a_flag_card_landing_repaints_the_flag_cards_alone_as_a_whole_repaint_would():
    renderer = played()
    seats, seat = renderer.seats, renderer.view.current
    renderer.layers.paint_region(f"seat{seat}", seats.row_area(seat), seats.row_key(seat),
                                 lambda s: seats.paint_row(seat, s), False, True)
    held(renderer, ("front_show", seat, 1), 1)  # the middle card now shows
    surface = renderer.layers.surface.copy()
    surface.set_clip(seats.row_area(seat))
    assert seats.paint_row(seat, surface) == [seats._front_area(
        seat, renderer.layers.shown_key(f"seat{seat}"), seats.row_key(seat))]
    assert row_painted(renderer, seat) == whole_row(renderer, seat)


def test_a_score_counting_up_repaints_its_number_as_a_whole_repaint_would():
    renderer = played()
    seats, seat = renderer.seats, renderer.view.current
    renderer.score_hold[seat] = 9  # counting up: the number shown is 9 points short
    renderer.layers.paint_region(f"seat{seat}", seats.row_area(seat), seats.row_key(seat),
                                 lambda s: seats.paint_row(seat, s), False, True)
    renderer.score_hold[seat] = 4
    surface = renderer.layers.surface.copy()
    surface.set_clip(seats.row_area(seat))
    area = seats.paint_row(seat, surface)
    assert area is not None and area[0].h < seats.row_area(seat).h  # the number alone
    assert row_painted(renderer, seat) == whole_row(renderer, seat)


def test_every_seats_bus_for_every_route_is_drawn_before_play():
    from game.games.ticket_to_ride_paris import sprites as sp

    renderer = played(4)
    misses = sp.bus_sprite.cache_info().misses
    for seat in range(4):
        for geom in renderer.map_panel.routes:
            renderer.map_panel.bus(seat, geom)
    assert sp.bus_sprite.cache_info().misses == misses


def test_rows_are_composed_again_when_what_they_show_changes():
    renderer = played()
    seats, current = renderer.seats, renderer.view.current
    compose_all(renderer)
    held(renderer, ("cards", current), 1)
    assert seats.compose_ahead()
    compose_all(renderer)
    assert seats._ready[current] == seats.row_key(current, False)


def test_before_the_first_player_is_drawn_every_row_is_composed_lit():
    pygame.init()
    _match, _bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 5)
    assert renderer.view.current == -1  # the opening's ticket choice
    compose_all(renderer)
    seats = renderer.seats
    assert seats._ready == {seat: seats.row_key(seat, True) for seat in range(3)}


@pytest.mark.parametrize("lights_up", [False, True])
def test_a_card_landing_repaints_the_figures_from_a_line_drawn_ahead_as_a_whole_repaint(lights_up):
    """While a card flies to a seat, its figures line with the card landed is drawn ahead
    (`compose_ahead`); the landing repaints the line from it, the pixels a whole repaint
    gives; a line drawn ahead over another plate (the row lit meanwhile) is not used."""
    renderer = played()
    seats, layers = renderer.seats, renderer.layers
    seat = (renderer.view.current + 1) % renderer.players
    used = []
    paint = seats._figures.paint

    def spied(*args):
        done = paint(*args)
        used.append(done)
        return done

    seats._figures.paint = spied
    held(renderer, ("cards", seat), 1)  # a card in flight: not counted yet
    layers.refresh()
    assert row_painted(renderer, seat) == whole_row(renderer, seat)
    for _ in range(8):
        seats.compose_ahead()
    if lights_up:  # the row lights up before the card lands: another plate
        seats.lit = seat
        layers.refresh()
    held(renderer, ("cards", seat), -1)  # the card lands
    used.clear()
    layers.refresh()
    assert used == [not lights_up]
    assert pygame.image.tobytes(layers.surface.subsurface(seats.row_area(seat)), "RGB") == \
        whole_row(renderer, seat)


def test_a_row_composed_ahead_whose_counts_changed_is_recounted_in_one_part():
    """A card landing in a row composed ahead redraws its figures line on the picture (one
    part, not the row composed again), which then paints as a whole repaint."""
    renderer = played()
    seats, current = renderer.seats, renderer.view.current
    compose_all(renderer)
    nxt = (current + 1) % renderer.players
    renderer.holds = renderer.holds.copy()  # (as each refresh makes them anew)
    for seat in (current, nxt):
        held(renderer, ("cards", seat), 1)  # a card flies to each: not counted yet
    composed = []
    seats._compose_part = lambda *args: composed.append(args)
    parts = 0
    while seats.compose_ahead():
        parts += 1
    assert composed == [] and parts <= 4  # (two lines drawn ahead, two rows recounted)
    seats.lit = nxt  # the turn passed
    for seat in (current, nxt):
        assert seats._ready[seat] == seats.row_key(seat)
        assert row_painted(renderer, seat) == whole_row(renderer, seat)


def test_a_row_composed_ahead_with_other_counts_takes_its_figures_from_a_line_drawn_ahead():
    """The turn passing while a card flies to the row going out: the row's picture, then its
    figures line from the line drawn ahead for the count shown, as a whole repaint."""
    renderer = played()
    seats, current = renderer.seats, renderer.view.current
    compose_all(renderer)
    renderer.holds = renderer.holds.copy()
    seats.lit = (current + 1) % renderer.players  # the turn passed: the row goes out
    held(renderer, ("cards", current), 2)  # two cards flying to it: one lands first
    seats._figures_ahead()
    held(renderer, ("cards", current), -1)
    used = []
    paint = seats._figures.paint
    seats._figures.paint = lambda *args: used.append(paint(*args)) or used[-1]
    assert row_painted(renderer, current) == whole_row(renderer, current)
    assert used == [True]


@pytest.mark.parametrize("ahead", [False, True])
@pytest.mark.parametrize(("before", "after"), [(3, 4), (9, 10), (11, 12)])
def test_a_card_count_changing_repaints_only_what_moves_as_a_whole_repaint(before, after, ahead):
    """A card landing in a seat's count: while every count keeps its width (3 -> 4) only that
    number is repainted (the line moves nowhere: the rect the landing card covers, not the
    line to its end), else from it to the end of the line; either way, drawn ahead or over
    the plate, the pixels a whole repaint gives."""
    renderer = played()
    seats, layers = renderer.seats, renderer.layers
    seat = renderer.view.current
    size = renderer.view.hand_sizes[seat]
    held(renderer, ("cards", seat), size - before, add=False)
    layers.refresh()
    assert row_painted(renderer, seat) == whole_row(renderer, seat)
    held(renderer, ("cards", seat), size - after, add=False)  # the card lands
    if ahead:
        seats._figures.make(seat, seats._plate(seat), seats.row_key(seat)[1][3:6])
    surface = layers.surface.copy()
    surface.set_clip(seats.row_area(seat))
    (area,) = seats.paint_row(seat, surface)
    count = theme.text(str(after), theme.BODY_SIZE, theme.TEXT, True)
    if count.get_width() == theme.text(str(before), theme.BODY_SIZE, theme.TEXT, True).get_width():
        assert area.w == count.get_width()  # the number alone
    else:
        assert area.right > area.x + count.get_width() + 60  # on past the tickets' icon
    layers.refresh()
    assert row_painted(renderer, seat) == whole_row(renderer, seat)
    assert pygame.image.tobytes(layers.surface.subsurface(seats.row_area(seat)), "RGB") == \
        whole_row(renderer, seat)


def test_figures_lines_all_drawn_ahead_are_not_looked_at_again_until_the_holds_change():
    """Once every line a flying card needs is drawn ahead, the next calls look at no seat
    (no picture asked for) until the view, the holds or the row lit change; then the new
    line is drawn."""
    renderer = played()
    seats, seat = renderer.seats, renderer.view.current
    held(renderer, ("cards", seat), 1)  # a card flying to the seat
    while seats._figures_ahead():
        pass
    asked = []
    make = seats._figures.make
    seats._figures.make = lambda *args: asked.append(args) or make(*args)
    assert not seats._figures_ahead() and asked == []
    held(renderer, ("cards", seat), 1)  # a second card: a line with one more card counted
    assert seats._figures_ahead() and len(asked) == 1
    seats.lit = None  # the row goes out: its plate changes, so do its lines
    assert seats._figures_ahead()


def test_a_rows_key_is_kept_until_the_view_holds_scores_shown_or_language_change():
    """The key a row's painter asks again is the one its refresh worked out; another view,
    other holds, scores or language give the key worked out afresh."""
    renderer = played()
    seats, seat = renderer.seats, renderer.view.current
    key = seats.row_key(seat)
    assert seats.row_key(seat) is key
    assert seats.row_key(seat, lit=not key[1][1])[1][1] is not key[1][1]  # kept apart by lit
    held(renderer, ("cards", seat), 1)  # a card flies to the seat: not counted yet
    assert seats.row_key(seat)[1][4] == key[1][4] - 1
    renderer.score_hold = list(renderer.score_hold)
    renderer.score_hold[seat] += 3  # points still counting up
    assert seats.row_key(seat)[1][0] == key[1][0] - 3
    renderer.view = dataclasses.replace(renderer.view, buses=tuple(
        b - 1 if s == seat else b for s, b in enumerate(renderer.view.buses)))
    assert seats.row_key(seat)[1][3] == key[1][3] - 1
    set_language("es")
    try:
        assert seats.row_key(seat)[0] == "es"
    finally:
        set_language("en")
