"""French Quarter on the panel kit draws only what changed: between two frames, every pixel that
differs lies inside the rects the renderer reported (`damage`), and an idle board reports none."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
from collections import Counter

import pygame
import pytest

from game.engine.core import event
from game.games.french_quarter import sprites as sp
from game.games.french_quarter.pieces import MIN_BAND, Groups
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scene import FQRenderer
from game.games.french_quarter.tweens import Flash, Tumble, Walker, flash_area
from game.ui.damage import join_cheapest
from tests.games.damage_watch import frame, moved, watch
from tests.games.scene_match import scene_match, step


@pytest.mark.parametrize("players, options", [(2, (("mayor", True), ("tourism", True))),
                                              (4, ())])
def test_every_changed_pixel_is_reported_and_animations_damage_less_than_the_board(
        players, options):
    pygame.init()
    rules = FrenchQuarter()
    match, bots, renderer = scene_match(FQRenderer, rules, players, 5, options)
    renderer.damage(False)
    partial, kinds = 0, Counter()
    for _ in range(24):
        last = frame(renderer)
        _prompt, _action, events = step(match, bots, renderer)
        kinds.update(ev.kind for ev in events)
        assert moved(renderer, last) is not None  # a new view: what it changed, not the board
        partial += watch(renderer)
    assert partial > 20  # most of the animation frames redrew less than half the board
    assert {"die_rolled", "die_taken", "moved", "mapped", "meter"} <= set(kinds)
    renderer.update(1 / 60)
    renderer.damage(False)  # the frame after the last tween ended
    renderer.update(1 / 60)
    assert renderer.damage(False) == []  # idle: nothing to redraw


def test_the_banners_rings_and_tags_report_where_they_are_drawn():
    """Events a short random game may not reach, animated over an unchanged view."""
    pygame.init()
    rules = FrenchQuarter()
    match, bots, renderer = scene_match(FQRenderer, rules, 3, 4, (("mayor", True),))
    for _ in range(6):
        step(match, bots, renderer)
    view = match.view(0)
    renderer.reset(view, 0)
    large, other = renderer.large, (renderer.large + 1) % 3
    start = rules.board.line_starts[0]
    for events in ([event("round", None, round=2)], [event("game_over")],
                   [event("line_start", None, intersection=start)],
                   [event("card_swapped", large, deck="walk"), event("mayor_card", None)],
                   [event("multiplier", large, activity="food", value=3),
                    event("bonus", other, activity="party", letter="A")],
                   [event("line_scored", large, count=2), event("line_scored", other, count=3),
                    event("no_move", other)],
                   [event("artist", large, artist="sax"),
                    event("umbrella", large, box=1)]):
        renderer.animate(events, view, 0)
        renderer.damage(False)
        assert watch(renderer) > 0


def whole_repaint(renderer) -> pygame.Surface:
    """The layers painted from scratch now (the renderer keeps them), every group of pieces
    built anew: one that missed a change of what it shows would show here."""
    for panel in (renderer.board_panel, renderer.cards, renderer.sheet):
        panel.groups.kept.clear()
    renderer.layers.invalidate()
    renderer.refresh()
    return renderer.layers.surface


@pytest.mark.parametrize("players, options, seed", [(1, (), 3), (2, (("mayor", True),
                                                                   ("tourism", True)), 5),
                                                    (4, (), 7)])
def test_regions_painted_in_pieces_equal_a_whole_repaint(players, options, seed):
    """The map, cards and sheets repaint only the pieces that changed (pieces.py), a band at a
    time: whenever nothing is left to repaint, the layers are what painting them whole gives."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    checked = 0
    for move in range(36):
        step(match, bots, renderer)
        for frame_no in itertools.count():
            renderer.update(1 / 60)
            if not renderer.busy() or (frame_no % 7 == 3 and not renderer.repaints_due()):
                shown = pygame.image.tobytes(renderer.layers.surface, "RGB")
                assert shown == pygame.image.tobytes(whole_repaint(renderer), "RGB"), move
                checked += 1
            if not renderer.busy():
                break
    assert checked > 60


@pytest.mark.parametrize("players, options, seed", [(1, (), 4), (3, (("mayor", True),
                                                                   ("tourism", True)), 6),
                                                    (4, (), 8)])
def test_the_groups_of_pieces_kept_are_those_built_anew(players, options, seed):
    """A region's groups of pieces are kept by what they are built from (pieces.Groups): at
    every frame, what a region shows is what building its groups anew gives."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    panels = (renderer.board_panel, renderer.cards, renderer.sheet)
    checked = 0
    for _ in range(30):
        step(match, bots, renderer)
        while True:
            renderer.update(1 / 60)
            for panel in panels:
                if not panel.region.due():
                    assert panel.region.shown == built_anew(panel), panel.name
                    checked += 1
            if not renderer.busy():
                break
    assert checked > 300


def built_anew(panel) -> list:
    """The pieces `panel` shows now, every group built again."""
    kept, panel.groups = panel.groups, Groups()
    try:
        return [p for group in panel.pieces() for p in group]
    finally:
        panel.groups = kept


def test_a_move_repaints_a_few_pixels_a_frame_until_the_regions_are_up_to_date():
    """The frame of a move paints nothing; each later frame at most REPAINT_AREA pixels (and a
    band's rows past it); then nothing is due."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 4, 7)
    renderer.layers.take_painted()
    widest = max(region.area.w for region in renderer.regions)
    spread = 0
    for _ in range(40):
        step(match, bots, renderer)
        assert renderer.layers.take_painted() == []
        frames = 0
        while renderer.repaints_due():
            renderer.update(1 / 60)
            painted = renderer.layers.take_painted()
            assert sum(r.w * r.h for r in painted) <= renderer.REPAINT_AREA + MIN_BAND * widest
            frames += 1
        spread += frames > 1
        renderer.timeline.clear()
    assert spread > 5  # the large sheet changing hands took several frames


def test_the_tweens_areas_are_merged_into_a_few_rects_covering_them_all():
    """A round's start: a banner and a line on the map, the card row, two tags (five groups):
    three rects at most, each input inside one, the far ones not joined into the board."""
    areas = [pygame.Rect(346, 459, 288, 82), pygame.Rect(174, 768, 176, 24),
             pygame.Rect(981, 8, 290, 194), pygame.Rect(1141, 8, 290, 194),
             pygame.Rect(1412, 218, 68, 80), pygame.Rect(1763, 633, 68, 80)]
    merged = join_cheapest(areas, 3)
    assert len(merged) == 3
    assert all(any(m.contains(a) for m in merged) for a in areas)
    assert sum(m.w * m.h for m in merged) < 0.25 * 1920 * 1080  # their union: two thirds


def painted_by(painter, p: float, size=(1920, 400)) -> pygame.Rect:
    """The bounding rect of what `painter` paints at `p` on a blank canvas."""
    canvas = pygame.Surface(size)
    canvas.fill((0, 0, 0))
    painter(canvas, p)
    canvas.set_colorkey((0, 0, 0))
    return canvas.get_bounding_rect()


@pytest.mark.parametrize("card", [pygame.Rect(1000, 10, 150, 190), pygame.Rect(1300, 10, 61, 190)])
def test_a_card_turning_up_paints_inside_its_card_and_where_it_says_at_every_step(card):
    """The flash grows from a 2 px strip: it stays inside the card, and inside `where(p)`."""
    area, painter = flash_area(card), Flash(card, (200, 120, 40))
    for step_no in range(101):
        shown = painted_by(painter, step_no / 100)
        assert area.contains(shown) and painter.where(step_no / 100).contains(shown), step_no


def test_a_tumbling_die_and_a_walking_tourist_paint_only_where_they_say():
    """Their tweens' damage is `where(p)` (now and last frame), not their whole way: what each
    paints at p must lie inside it."""
    pygame.init()
    die = Tumble(pygame.Rect(1200, 140, 50, 50), 5, 3)
    walker = Walker(pygame.Surface((34, 34)), [(100, 200), (180, 200), (180, 280)])
    walker.sprite.fill((90, 200, 40))
    for step_no in range(101):
        for painter in (die, walker):
            shown = painted_by(painter, step_no / 100)
            assert shown.w and painter.where(step_no / 100).contains(shown), step_no


def test_a_wipe_paints_its_first_band_the_frame_after_building_its_pieces():
    """The large sheet changing hands: the frame that builds the new seat's pieces paints none
    of them (a band a frame after that), and the sheet ends as a whole repaint paints it."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 4, 7)
    region, budget, wipes = renderer.sheet.region, FQRenderer.REPAINT_AREA, 0
    for _ in range(30):
        large = renderer.large
        step(match, bots, renderer)
        renderer.timeline.clear()
        renderer.refresh(0)  # the holds of the cleared tweens
        if renderer.large != large:
            renderer.layers.take_painted()
            assert region.paint(budget) == budget and renderer.layers.take_painted() == []
            assert region.paint(budget) > 0 and renderer.layers.take_painted()
            wipes += 1
        renderer.refresh()
        shown = pygame.image.tobytes(renderer.layers.surface, "RGB")
        assert shown == pygame.image.tobytes(whole_repaint(renderer), "RGB")
    assert wipes > 5


def test_a_tumbling_die_blits_faces_turned_before_the_match_not_in_its_frames():
    """The card row warms every turned die face (sprites.turned_die): a tumble at any step only
    looks them up, and its angle is kept within a step of the exact one (half a turn looks
    the same)."""
    pygame.init()
    _match, _bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 3, 5)
    renderer.cards.warm()
    made = sp.turned_die.cache_info().misses
    for value, seed in itertools.product(range(1, 7), range(3)):
        die = Tumble(pygame.Rect(1200, 140, 50, 50), value, seed)
        for step_no in range(101):
            die(pygame.Surface((1920, 400)), step_no / 100)
    assert sp.turned_die.cache_info().misses == made
    for tenth in range(3600):
        angle = tenth / 10
        turn = sp.die_turn(angle)
        off = min((angle - turn) % 180, (turn - angle) % 180)
        assert turn in sp.DIE_TURNS and off <= (1 if angle % 180 < 19 else 5), angle


def test_an_animation_builds_the_other_seats_large_sheets_ahead():
    """Frames of an animation that repaint nothing build, a group a frame, the large sheet of
    every other seat (SheetPanel.prepare): once they have, handing the large sheet to one of
    them builds none of its groups; idle frames build nothing."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 4, 7)
    sheet, prepared = renderer.sheet, 0
    for _ in range(40):
        step(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
        if not renderer._prepared:
            continue
        prepared += 1
        for seat in range(4):
            assert all(sheet.groups.has(build, *args)
                       for build, args in sheet._large_builds(renderer.view, seat, renderer.holds)), seat
    assert prepared > 10
    sheet.groups.kept.clear()
    renderer._prepared = False
    renderer.update(1 / 60)  # idle: the timeline is empty
    assert not sheet.groups.kept
