"""Ticket to Ride on the panel kit draws only what changed: between two frames, every pixel that
differs lies inside the rects the renderer reported (`damage`), and an idle board reports none."""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.core import Config, event
from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.games.ticket_to_ride_paris.state import EMPTY
from game.ui.board_api import BOARD_RECT
from tests.games.damage_watch import frame, moved, watch
from tests.games.scene_match import scene_match, step


def test_every_changed_pixel_is_reported_and_animations_damage_less_than_the_board():
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 4)
    renderer.damage(False)
    partial = 0
    for _ in range(30):
        last = frame(renderer)
        step(match, bots, renderer)
        assert moved(renderer, last) is not None  # a new view: what it changed, not the board
        partial += watch(renderer)
        settle(renderer)
    assert partial > 20  # most of the animation frames redrew less than half the board
    renderer.update(1 / 60)
    assert renderer.damage(False) == []  # idle: nothing to redraw


def settle(renderer) -> None:
    """Play the frames after the last tween ended until no layer waits to be repainted (two a
    frame, REPAINT_BUDGET), checking each frame's damage like `watch`."""
    for _ in range(20):
        last = frame(renderer)
        renderer.update(1 / 60)
        moved(renderer, last)
        if not renderer.layers.pending:
            return
    raise AssertionError("layers still pending after 20 frames")


def test_the_flag_and_the_last_round_report_where_they_are_drawn():
    """Events the first test's seed may not reach, animated over an unchanged view."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 4, 4)
    for _ in range(10):
        step(match, bots, renderer)
    view = match.view(0)
    renderer.reset(view, 0)
    for events in ([event("flag_card_kept", 1, color="blue"), event("flag_completed", 1, points=4)],
                   [event("last_round", 2)], [event("game_over")]):
        renderer.animate(events, view, 0)
        renderer.damage(False)
        watch(renderer)


def test_flying_cards_report_their_own_rect_frame_by_frame_not_their_path():
    """A card in flight damages where it was and where it is (two card-sized rects), also on
    the frame after one drawn whole (where it was drawn then must go)."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 4, 4)
    flights = 0
    for _ in range(12):
        step(match, bots, renderer)
        renderer.update(1 / 60)
        renderer.damage_rect()  # e.g. a resize: this frame is drawn whole
        assert renderer.damage(False) is None
        for _ in range(8):  # the first frames of the flights, each checked against the last
            last = frame(renderer)
            renderer.update(1 / 60)
            damaged = moved(renderer, last)
            sprites = [tw for tw in renderer.timeline if hasattr(tw.paint, "where")]
            if sprites and damaged is not None:
                flights += 1
                area = sum(r.w * r.h for r in damaged)
                assert area < BOARD_RECT.w * BOARD_RECT.h // 10  # not the whole path
        watch(renderer)
    assert flights > 10


def test_regions_painted_piece_by_piece_equal_a_full_repaint():
    """A claimed route painted into its own rect (the map's `add_claims`), a seat row, a
    face-up slot or a pile repainted alone: the board surface equals one painted whole."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 4, 4)
    claims = 0
    for _ in range(80):
        owners = renderer.layers.shown_key("map")
        step(match, bots, renderer)
        whole_map = False
        while renderer.busy() or renderer.layers.pending:
            renderer.update(1 / 60)
            whole_map |= renderer.map_panel.rect in (renderer.layers.take_painted() or [])
        renderer.update(1 / 60)  # the frame after the last tween ended
        claims += renderer.layers.shown_key("map") != owners and not whole_map
        piecewise = pygame.image.tobytes(renderer.layers.surface, "RGB")
        renderer.layers.invalidate()
        renderer.refresh()
        renderer.layers.take_painted()
        assert pygame.image.tobytes(renderer.layers.surface, "RGB") == piecewise
    assert claims >= 3


def test_a_rows_figures_repainted_alone_equal_the_row_painted_whole():
    """A change of a seat's bus, card or ticket count alone repaints that row's figures line
    alone (a rect inside the row, smaller than it), wider or narrower numbers alike, and the
    board surface equals one painted whole; any other change repaints the whole row."""
    pygame.init()
    match, _, renderer = scene_match(TTRRenderer, TicketToRideParis(), 4, 4)
    view = match.view(0)
    rows = renderer.seats
    seat = 2
    steps = [{"hand_sizes": (9,)}, {"hand_sizes": (10,)}, {"hand_sizes": (9,)},
             {"buses": (3,)}, {"buses": (12,), "hand_sizes": (3,)}]
    for change in steps:
        fields = {name: getattr(view, name)[:seat] + value + getattr(view, name)[seat + 1:]
                  for name, value in change.items()}
        view = replace(view, **fields)
        renderer.layers.take_painted()
        renderer.show(view, 0)
        renderer.refresh()
        painted = [r for r in renderer.layers.take_painted() or []
                   if r.colliderect(rows.row_area(seat))]
        assert len(painted) == 1 and rows.row_area(seat).contains(painted[0])
        assert painted[0].w * painted[0].h < rows.row_area(seat).w * rows.row_area(seat).h // 4
        assert _surface(renderer) == _whole(view)
    view = replace(view, current=seat)  # the row lights up: all of it is repainted
    renderer.show(view, 0)
    renderer.refresh()
    assert rows.row_area(seat) in renderer.layers.take_painted()
    assert _surface(renderer) == _whole(view)


def test_a_score_counting_up_repaints_its_number_and_its_stretch_of_the_track_alone():
    """A change of a seat's score alone (a route's points counting up) repaints that row
    within its old and new number, and the track within the stretch the seat's emblem moved
    along (rects smaller than the row and the track), wider or narrower numbers alike, and the
    board surface equals one painted whole; a score that moves the track's scale repaints all
    of the track, and a score whose width changes how the name beside it fits, all the row."""
    pygame.init()
    match, _, renderer = scene_match(TTRRenderer, TicketToRideParis(), 4, 4)
    view = match.view(0)
    rows, track = renderer.seats, renderer.layers._layers["track"].area
    seat = 2
    for points in (5, 9, 12, 3, 10, 11):
        view = _scored(view, seat, points)
        painted = _repainted(renderer, view)
        row = [r for r in painted if r.colliderect(rows.row_area(seat))]
        assert len(row) == 1 and rows.row_area(seat).contains(row[0])
        assert row[0].w * row[0].h < rows.row_area(seat).w * rows.row_area(seat).h // 8
        lane = [r for r in painted if r.colliderect(track)]
        assert len(lane) == 1 and lane[0].w * lane[0].h < track.w * track.h // 4
        assert _surface(renderer) == _whole(view)
    view = _scored(view, seat, 45)  # past 40: the track's scale grows
    assert track in _repainted(renderer, view)
    assert _surface(renderer) == _whole(view)
    renderer.names[seat] = "Maximiliana de la Concepción"  # cut shorter beside 100 than 45
    renderer.reset(view, 0)
    view = _scored(view, seat, 100)
    assert rows.row_area(seat) in _repainted(renderer, view)


def test_the_turn_passing_puts_one_row_out_then_lights_the_next_a_frame_later():
    """When the turn passes, the row lit until then is painted out a frame (at least) before
    the next seat's row lights up: never both rows repainted whole in one frame. Every frame's
    damage covers what changed, and the board at rest equals one painted whole."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 4)
    rows = range(renderer.players)
    passes = 0
    for _ in range(20):
        lit = [_lit(renderer, seat) for seat in rows]
        was = renderer.view.current
        step(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending:
            last = frame(renderer)
            renderer.update(1 / 60)
            moved(renderer, last)
            now = [_lit(renderer, seat) for seat in rows]
            assert sum(a != b for a, b in zip(lit, now)) <= 1  # one row lights or goes out
            lit = now
        assert lit == [seat == renderer.view.current for seat in rows]
        passes += renderer.view.current != was
        settled = _surface(renderer)
        renderer.layers.invalidate()
        renderer.refresh()
        assert _surface(renderer) == settled
    assert passes >= 5


def test_the_move_log_drawn_ahead_equals_the_strip_painted_at_once():
    """With nobody's hand to show, the move log's strip is drawn ahead over its plate, a part
    a frame (log_strip `prepare`), and the repaint that shows a move blits it: every frame's
    damage covers what changed, and the board equals the strip painted at once, move after
    move (each drawing ahead on one of the two surfaces made before play, drawn over)."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 4)
    renderer.reset(match.view(None), None)
    log, ahead, surfaces = renderer.hand.log, 0, set()
    made_ahead = {id(surface) for surface in log._spares}
    for _ in range(16):
        step(match, bots, renderer, viewer=None)
        for _ in range(40):  # the animation, then the frames that finish the log's text
            last = frame(renderer)
            renderer.update(1 / 60)
            moved(renderer, last)
        ahead += log.composed(renderer.names) is not None
        drawn, composed = _surface(renderer), log._composed
        surfaces.add(id(composed[1]) if composed else None)
        log._composed = None  # painted at once this time
        renderer.layers.invalidate()
        renderer.refresh()
        assert _surface(renderer) == drawn
        log._composed = composed  # drawn over by a later move's drawing ahead
    assert ahead >= 12
    assert surfaces - {None} == made_ahead  # drawn over, no new surface in a frame


def test_the_map_key_worked_out_once_per_owners_and_holds_equals_a_fresh_one():
    """The map's key (route owners as shown) is kept for the view's owners and the tweens'
    holds it was worked out for: frame after frame, through routes claimed and their buses
    dropping, it equals the owners less the routes held back, worked out afresh."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 2)
    held = 0
    for _ in range(60):
        step(match, bots, renderer)
        for _ in range(40):
            renderer.update(1 / 60)
            owners, holds = renderer.view.owners, renderer.holds
            fresh = tuple(EMPTY if holds[("route", i)] else o for i, o in enumerate(owners))
            assert renderer.map_panel.key() == fresh
            held += fresh != owners
    assert held > 10  # buses were seen dropping (routes held back)


def test_the_move_log_makes_no_text_in_a_frame_that_repainted_a_layer():
    """Bots only: a piece of the move log's text (or of its strip drawn ahead) is made in a
    frame that repainted no layer: the two would add up in one frame. The animation is drawn
    out until the log is made (LOG_WAIT): the board never comes to rest with a move's text
    still to make (the strip at rest would make all of it in one frame)."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 4)
    renderer.reset(match.view(None), None)
    log, spared, ahead, drawn_out = renderer.hand.log, 0, 0, 0
    for _ in range(16):
        step(match, bots, renderer, viewer=None)
        for _ in range(80):
            made = len(log._made)
            renderer.update(1 / 60)
            if renderer._repainted:
                assert len(log._made) == made
                spared += 1
            if not renderer.timeline:
                assert log.ready == renderer.moves.key()  # all made before the rest
                break
            drawn_out += not renderer.hand.log_pending() and not any(
                tween.paint for tween in renderer.timeline)
        ahead += log.composed(renderer.names) is not None
    assert spared > 20 and ahead >= 12 and drawn_out


def _lit(renderer, seat: int) -> bool:
    """True if a seat's row is painted lit as the seat to play (its shown key says)."""
    return renderer.layers.shown_key(f"seat{seat}")[1][1]


def _scored(view, seat: int, points: int):
    """`view` with `seat`'s route points (and so its score) set to `points`."""
    route_points = view.route_points[:seat] + (points,) + view.route_points[seat + 1:]
    return replace(view, route_points=route_points)


def _repainted(renderer, view) -> list[pygame.Rect]:
    """The board rects painted when `renderer` shows `view` (its layers refreshed at once)."""
    renderer.layers.take_painted()
    renderer.show(view, 0)
    renderer.refresh()
    return renderer.layers.take_painted() or []


def _surface(renderer) -> bytes:
    return pygame.image.tobytes(renderer.layers.surface, "RGB")


def _whole(view) -> bytes:
    """The board surface of a new renderer showing `view` (every layer painted whole)."""
    rules = TicketToRideParis()
    renderer = TTRRenderer(rules, Config(4), ["Ana", "Bruno", "Carmen", "Dmitri"])
    renderer.reset(view, 0)
    return _surface(renderer)
