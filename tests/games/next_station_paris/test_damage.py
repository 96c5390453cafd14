"""Next Station on the panel kit draws only what changed: between two frames, every pixel that
differs lies inside the rects the renderer reported (`damage`), most animation frames redraw
less than half the board, and an idle board reports none."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math
import random

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.games.next_station_paris import sprites as sp
from game.games.next_station_paris.map_marks import box, landed
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.scene import NSPRenderer
from game.ui.board_api import CANVAS_SIZE
from tests.games.damage_watch import moved, outside, watched
from tests.games.scene_match import NAMES


def frame(renderer: NSPRenderer) -> pygame.Surface:
    """A whole frame, drawn unclipped (no prompt: nothing breathes with the clock)."""
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw_seats(canvas, {}, {})
    return canvas


def bots_answer(match: Match, bots: dict, renderer: NSPRenderer) -> None:
    """Every waiting seat's bot answers; the renderer animates each answer's events."""
    for prompt in match.prompts():
        action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
        events = match.apply(prompt.player, action) + match.resolve_chance()
        renderer.animate(events, match.view(None), None)


def seated(players: int, seed: int, humans: tuple[int, ...] = (), options: tuple = ()
           ) -> tuple[Match, dict, NSPRenderer]:
    """A match past its first chance, random bots for every seat, and its renderer reset."""
    pygame.init()
    rules = NextStationParis()
    match = Match(rules, Config(players, options), seed)
    match.resolve_chance()
    bots = {i: RandomBot(random.Random(i)) for i in range(players)}
    renderer = NSPRenderer(rules, match.config, NAMES[:players])
    renderer.set_humans(humans)
    renderer.reset(match.view(None), None)
    return match, bots, renderer


@pytest.mark.parametrize(("players", "humans", "options", "turns"), [
    (2, (0, 1), (), 8), (3, (0,), (("gates", True), ("objectives", True)), 4)])
def test_every_changed_pixel_is_reported_and_animations_damage_less_than_the_board(
        players, humans, options, turns):
    pygame.init()
    rules = NextStationParis()
    match = Match(rules, Config(players, options), players + 3)
    match.resolve_chance()
    bots = {i: RandomBot(random.Random(i)) for i in range(players)}
    renderer = NSPRenderer(rules, match.config, NAMES[:players])
    renderer.set_humans(humans)
    renderer.reset(match.view(None), None)
    renderer.damage(False)
    partial = frames = 0
    for _ in range(turns):  # strokes, cards turning over (a round's end: test_scene's counts)
        if not match.prompts():
            break
        for prompt in match.prompts():
            action = bots[prompt.player].choose(rules, match.view(prompt.player), prompt)
            events = match.apply(prompt.player, action) + match.resolve_chance()
            last = frame(renderer)
            renderer.animate(events, match.view(None), None)
            assert moved(renderer, last, frame) is not None  # what the view changed
            drawn, small = watched(renderer, frame)
            partial, frames = partial + small, frames + drawn
    assert partial > frames // 2  # most animation frames redrew less than half the board
    renderer.update(1 / 60)
    renderer.damage(False)  # the frame after the last tween ended
    renderer.update(1 / 60)
    assert renderer.damage(False) == []  # idle: nothing to redraw


def test_a_move_damages_what_it_changed_not_the_score_zones():
    """The score zones draw nothing per frame (their rows are layer regions that report their
    own repaints): a stroke queued by a move names no score zone, only its path and what the
    layers repainted."""
    pygame.init()
    rules = NextStationParis()
    match = Match(rules, Config(4, ()), 5)
    match.resolve_chance()
    renderer = NSPRenderer(rules, match.config, NAMES[:4])
    renderer.set_humans(())
    renderer.reset(match.view(None), None)
    renderer.damage(False)
    prompt = match.prompts()[0]
    action = RandomBot(random.Random(1)).choose(rules, match.view(prompt.player), prompt)
    last = frame(renderer)
    renderer.animate(match.apply(prompt.player, action), match.view(None), None)
    damaged = moved(renderer, last, frame)
    assert damaged is not None
    zones = [panel.rect for panel in renderer.score_panels]
    assert not any(rect.contains(zone) for rect in damaged for zone in zones)
    assert sum(r.w * r.h for r in damaged) < sum(z.w * z.h for z in zones) // 4


@pytest.mark.parametrize("humans", [(0,), ()])
def test_a_landed_stroke_repaints_only_around_itself_on_the_map_layer(humans):
    """A finished stroke is added to its map's layer with the marks around it (an interchange
    ring, an overpass, a number): every pixel of the layer it changed lies in the rects it
    reported, which are smaller than the map (a person's big map and a bot's compact one)."""
    pygame.init()
    rules = NextStationParis()
    match = Match(rules, Config(3, (("gates", True),)), 11)
    match.resolve_chance()
    bots = {i: RandomBot(random.Random(i)) for i in range(3)}
    renderer = NSPRenderer(rules, match.config, NAMES[:3])
    renderer.set_humans(humans)
    renderer.reset(match.view(None), None)
    maps = [panel.rect for panel in renderer.map_panels.values()]
    renderer.layers.take_painted()
    partial = 0
    for _ in range(40):
        if not match.prompts():
            break
        for prompt in match.prompts():
            action = bots[prompt.player].choose(rules, match.view(prompt.player), prompt)
            events = match.apply(prompt.player, action) + match.resolve_chance()
            before = renderer.layers.surface.copy()
            renderer.animate(events, match.view(None), None)
            while True:
                painted = renderer.layers.take_painted()
                assert painted is not None
                assert not outside(before, renderer.layers.surface, painted)
                partial += any(rect.colliderect(m) and not rect.contains(m)
                               for rect in painted for m in maps)
                if not renderer.busy():
                    break
                before = renderer.layers.surface.copy()
                renderer.update(1 / 60)
    assert partial > 10  # strokes landed and named less than their map


def test_a_person_s_option_rings_breathe_alone():
    """While a person is asked, only their option rings breathe: each frame redraws those
    rings (every changed pixel inside them), not the person's whole map."""
    pygame.init()
    rules = NextStationParis()
    match = Match(rules, Config(2, ()), 3)
    match.resolve_chance()
    renderer = NSPRenderer(rules, match.config, NAMES[:2])
    renderer.set_humans((0, 1))
    renderer.reset(match.view(None), None)
    prompt = match.prompt_for(0)
    assert prompt is not None and any(o.target for o in prompt.options)

    def asked(room: NSPRenderer) -> pygame.Surface:
        canvas = pygame.Surface(CANVAS_SIZE)
        room.draw_seats(canvas, {0: None}, {0: prompt})
        return canvas

    last = asked(renderer)
    renderer.damage(True)
    changed = 0
    for _ in range(20):
        renderer.update(0.05)
        damaged = renderer.damage(True)
        now = asked(renderer)
        assert damaged is not None and not outside(last, now, damaged)
        assert sum(r.w * r.h for r in damaged) < renderer.map_panels[0].rect.w ** 2 // 4
        changed += pygame.image.tobytes(last, "RGB") != pygame.image.tobytes(now, "RGB")
        last = now
    assert changed  # the rings breathed


@pytest.mark.parametrize(("players", "humans"), [(1, (0,)), (4, ())])
def test_layers_painted_from_what_changed_equal_a_whole_repaint(players, humans):
    """A layer painted from what changed since its last paint (a map's new strokes with the
    marks around them, the deck's newly veiled cards, a new card's face on its plate and its
    name) gives the very pixels of a repaint from
    nothing: after every frame of a played game that leaves no layer for later, painting every
    layer anew changes no pixel.
    The deck panel took that path (a small rect of it reported) several times. Under a card
    turning over, the layer may hold the next face already (laid ahead: the flip covers it,
    `test_nsp_chunks`), so the card is left out while strips of a face are laid."""
    pygame.init()
    rules = NextStationParis()
    match = Match(rules, Config(players, ()), players + 6)
    match.resolve_chance()
    bots = {i: RandomBot(random.Random(i)) for i in range(players)}
    renderer = NSPRenderer(rules, match.config, NAMES[:players])
    renderer.set_humans(humans)
    renderer.reset(match.view(None), None)
    deck = renderer.panels["deck"].rect
    zones = [panel.rect for panel in renderer.score_panels]
    veiled = 0
    for _ in range(10):
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.layers.take_painted()
            renderer.update(1 / 60)
            painted = renderer.layers.take_painted() or []
            veiled += any(deck.contains(rect) and rect != deck for rect in painted)
            if renderer.layers.pending or not painted:
                continue  # a layer left for a later frame differs until then
            drawn = renderer.layers.surface.copy()
            ahead = renderer.panels["card"].face_ahead
            laid = [renderer.panels["card"].card] if ahead and ahead[2] else []
            renderer.layers.invalidate()
            renderer.refresh()  # every layer painted from nothing
            renderer.scores.paint(None)  # and the score rows the invalidation forgot
            assert not outside(drawn, renderer.layers.surface, zones + laid)  # rows may lag
    assert veiled >= 5


def test_what_a_finished_tween_showed_is_on_its_layer_in_that_frame():
    """Layers repaint one a frame after a move (REPAINT_BUDGET), but a map whose stroke landed
    and the card that turned over are repainted in the very frame their tween ended (else the
    old picture would flash for a frame); the deferred ones catch up within a few frames,
    among them maps changed by no stroke (a new round's empty line: a round's end repaints
    the four maps over four frames, not in one)."""
    match, bots, renderer = seated(4, 9)
    card = renderer.panels["card"]
    maps = list(renderer.map_panels.values())
    deferred = maps_waited = 0
    for _ in range(40):
        bots_answer(match, bots, renderer)
        frames = 0
        while renderer.busy():
            renderer.update(1 / 60)
            frames += 1
            shown = renderer.layers.shown_key
            assert shown(card.name) == card.key()
            assert not any(landed(shown(p.name), p.key()) for p in maps)
            deferred += renderer.layers.pending
            maps_waited += any(shown(p.name) != p.key() for p in maps)
        assert frames < 120
    assert deferred and maps_waited  # some layers, maps among them, waited for a later frame


@pytest.mark.parametrize("humans", [(0,), ()])
def test_a_stroke_redraws_where_its_pencil_is_not_its_whole_path(humans):
    """A stroke in flight damages the line drawn so far and the pencil at its tip (where it
    is now and was the frame before), not the whole path with the pencil's reach around it:
    every changed pixel lies in the reported rects, and most frames of a stroke name less
    than half its whole area (a person's big map with its pencil, a bot's compact one)."""
    match, bots, renderer = seated(3, 4, humans)
    renderer.damage(False)
    small = strokes = 0
    for _ in range(3):
        bots_answer(match, bots, renderer)
        last = frame(renderer)
        renderer.damage(False)
        while renderer.busy():
            renderer.update(1 / 60)
            damaged = renderer.damage(False)
            now = frame(renderer)
            assert damaged is not None and not outside(last, now, damaged)
            last = now
            for panel in renderer.map_panels.values():  # each seat's stroke in flight
                running = [tw for tw in renderer.timeline if tw.seat == panel.seat
                           and tw.paint is not None and tw.started(renderer.timeline.clock)]
                for tw in running:
                    whole = _stroke_area(panel, *_ends(panel, tw))
                    strokes += 1
                    small += _covered(whole, damaged) < 0.5
    assert strokes and small > strokes // 2


def _covered(whole: pygame.Rect, rects: list[pygame.Rect]) -> float:
    """The share of `whole` the rects cover (overlaps counted once)."""
    mask = pygame.Mask(whole.size)
    for rect in rects:
        part = rect.clip(whole)
        if part.w and part.h:
            mask.draw(pygame.Mask(part.size, fill=True), (part.x - whole.x, part.y - whole.y))
    return mask.count() / (whole.w * whole.h)


def _stroke_area(panel, a: tuple[float, float], b: tuple[float, float]) -> pygame.Rect:
    """Every pixel a stroke from a to b may paint over its whole flight: its line and the
    pencil leaning over its tip (a compact map draws the line alone)."""
    reach = panel.pencil_width() + 4
    if not panel.area.mini:
        reach += math.ceil(2.5 * sp.pencil_size(panel.geom.spacing))
    return box(a, b).inflate(2 * reach, 2 * reach)


def _ends(panel, tween) -> tuple[tuple[float, float], tuple[float, float]]:
    """The canvas ends of the stroke a tween draws on a map (from the link it holds back)."""
    (_, _, r, link), = tween.holds
    line = panel.view.lines[panel.seat][r]
    a, b = panel._oriented(line, link)
    return panel.station_center(a), panel.station_center(b)
