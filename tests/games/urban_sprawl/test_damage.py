"""Urban Sprawl on the panel kit draws only what changed: between two frames, every pixel that
differs lies inside the rects the renderer reported (`damage`), and an idle board reports none."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.core import event
from game.engine.registry import rules_for
from game.games.urban_sprawl.layout import CARD, block_area
from game.games.urban_sprawl.scene import USRenderer
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from game.ui.damage import merge
from tests.games.damage_watch import frame, moved, watched
from tests.games.scene_match import scene_match, step
from tests.games.urban_sprawl.test_spread_refresh import frames as played_frames


def test_every_changed_pixel_is_reported_and_animations_damage_less_than_the_board():
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 4)
    renderer.damage(False)
    frames = partial = 0
    for _ in range(40):
        if not match.prompts():
            break
        last = frame(renderer)
        step(match, bots, renderer)
        assert moved(renderer, last) is not None  # a new view: what it changed, not the board
        drawn, small = watched(renderer)
        frames, partial = frames + drawn, partial + small
    assert frames > 100 and partial > frames // 2  # most animation frames redrew a part
    renderer.update(1 / 60)
    renderer.damage(False)  # the frame after the last tween ended
    while renderer.layers.pending:  # (the layers a move left to the next frames, one a frame)
        renderer.update(1 / 60)
        renderer.damage(False)
    renderer.update(1 / 60)
    assert renderer.damage(False) == []  # idle: nothing to redraw


def _ten_moves_in() -> tuple:
    """Seat 0's view after ten moves of a 4-player game, and a renderer just reset to it."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 4, 4)
    for _ in range(10):
        step(match, bots, renderer)
    view = match.view(0)
    renderer.reset(view, 0)
    return view, renderer


def test_an_election_a_loss_and_the_end_report_where_they_are_drawn():
    """Events the first test's seed may not reach, animated over an unchanged view."""
    view, renderer = _ten_moves_in()
    office = renderer.board.election_track[0]
    for events in ([event("elected", 1, office=office)], [event("prestige", 2, amount=-2)],
                   [event("prestige", 3, amount=3)], [event("game_over")]):
        renderer.animate(events, view, 0)
        renderer.damage(False)
        assert watched(renderer)[0] > 0


def test_a_moving_tween_redrawn_whole_mid_flight_is_erased_from_where_it_was_drawn():
    """The tweens report only where they are and were last frame (their paths): after a frame
    redrawn whole mid-flight (damage None), the next frame erases the sprites from where that
    frame drew them, not from where the frame before it did."""
    view, renderer = _ten_moves_in()
    renderer.animate([event("prestige", 3, amount=3)], view, 0)
    renderer.damage(False)
    for _ in range(5):
        renderer.update(1 / 60)
        renderer.damage(False)
    renderer.update(1 / 60)
    renderer.damage_rect()  # everything, as after a reset or too many rects to note
    assert renderer.damage(False) is None
    assert watched(renderer)[0] > 0


def test_a_flying_gain_redraws_only_round_the_sprite_not_its_whole_way():
    """A star flying from the city to a seat's panel redraws only where it is and was: no
    frame of its flight reports more than a few sprites' worth of the board."""
    pygame.init()
    match, _bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 4, 4)
    view = match.view(0)
    renderer.reset(view, 0)
    renderer.damage(False)
    renderer.animate([event("prestige", 3, amount=3)], view, 0)
    renderer.damage(False)
    biggest = 0
    while renderer.busy():
        renderer.update(1 / 60)
        damaged = renderer.damage(False)  # [] while nothing moves (the popup between pixels)
        rects = [BOARD_RECT] if damaged is None else damaged
        biggest = max(biggest, sum(r.w * r.h for r in rects))
    assert 0 < biggest < 12 * 60 * 60  # the star's and the popup's rects, now and last frame


def test_a_new_building_repaints_its_block_and_a_taken_card_its_slots_not_their_panels():
    """The city layer reports the blocks it repainted (or only a new building's box, when
    nothing else reaches its lots), the rows the slots: a move that builds or takes a card
    redraws a block or less or a few card slots, not the city or the rows."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 4, 4)
    city, rows = renderer.city.rect.move(BOARD_RECT.topleft), renderer.rows.rect
    kinds, boxes = set(), 0
    block = block_area(0).size
    for _ in range(60):
        renderer.reset(match.view(0), 0)
        renderer.damage(False)
        _, _, events = step(match, bots)
        renderer.show(match.view(0), 0)
        renderer.refresh()
        painted = renderer.damage(False)
        in_city = [r for r in painted if city.contains(r)]
        in_rows = [r for r in painted if rows.move(BOARD_RECT.topleft).contains(r)]
        if any(ev.kind == "building_placed" for ev in events):
            kinds.add("built")
            assert in_city and all(r.w <= block[0] and r.h <= block[1] for r in in_city)
            boxes += any(r.size != block for r in in_city)
        if any(ev.kind in ("planning_taken", "contract_taken") for ev in events):
            kinds.add("taken")
            assert in_rows and all(r.w <= CARD[0] for r in in_rows)
    assert kinds == {"built", "taken"} and boxes > 0


def test_the_panels_keys_kept_per_view_and_holds_are_the_keys_computed_afresh():
    """The panels compute their keys once per view and holds (panel_base.by_view): at every
    frame of a played game each kept key equals the key computed again, so no layer is left
    unpainted while the tweens let go of what they held."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 4, 4)
    kept = [p for p in renderer.panels.values() if hasattr(type(p).key, "__wrapped__")]
    assert len(kept) >= 8
    frames = 0
    for _ in range(25):
        step(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
            frames += 1
            for panel in kept:
                assert panel.key() == type(panel).key.__wrapped__(panel), panel.name
    assert frames > 100


def test_gains_flying_to_several_seats_are_redrawn_apart_not_joined_across_the_board():
    """The tweens' rects are joined into at most three redraw passes (USRenderer.TWEEN_PASSES):
    with two, the stars and coins a move sends from the city to three or four seats were
    joined into unions of 250-420 kpx (4p, greedy bots: 115 frames over 150 kpx in 80 moves,
    45 with three)."""
    canvas = pygame.Rect((0, 0), CANVAS_SIZE)
    heavy = 0
    for renderer in played_frames(4, 3, moves=80):
        damaged = renderer.damage(False)
        if damaged is not None:
            heavy += sum(r.w * r.h for r in merge(damaged, canvas)) > 150_000
    assert heavy < 70, heavy
