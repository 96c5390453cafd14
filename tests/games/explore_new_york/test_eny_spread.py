"""Explore New York spreads a move's repaints over the frames after it (room_refresh.py): the
move's own frame repaints only what a landing or a card starting to turn over needs now, each
frame after it one part more; a stroke or a flip that ends is on its layer in its own frame;
the column's header lines are worked out once per turn, first player and cards left."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace

import pygame
import pytest

from game.games.explore_new_york import room_refresh
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import ENYRenderer
from game.games.explore_new_york.state import NONE
from tests.games.explore_new_york.support import advance
from tests.games.scene_match import scene_match, step


def spy_on_parts(renderer) -> list[str]:
    """The names of the maps' and the column's layers each painted part is on, in order."""
    painted: list[str] = []
    names = {p.name for p in (*renderer.maps.values(), renderer.cards)}
    paint_region = renderer.layers.paint_region

    def counted(name, *args, **kwargs):
        if name in names:
            painted.append(name)
        return paint_region(name, *args, **kwargs)
    renderer.layers.paint_region = counted
    return painted


def ended(before: dict, after: dict) -> set:
    """The holds whose tweens ended between two holds."""
    return {hold for hold, n in before.items() if after.get(hold, 0) < n}


@pytest.mark.parametrize("players", [2, 4])
def test_a_moves_repaints_are_spread_a_part_a_frame(players):
    """The frame a move is shown paints parts only on the maps whose strokes just landed, and
    at most one slot of the column as a card starts to turn over; each frame after it paints
    at most one part besides what lands in it, until the spread ends (but for the final
    routes, shown at once)."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, 3)
    renderer.set_humans((0,) if players == 4 else ())  # one board: no layout moves
    painted = spy_on_parts(renderer)
    spread_frames = 0
    for _ in range(60):
        if match.is_over():
            break
        holds = dict(renderer.timeline.holds())
        painted.clear()
        step(match, bots, renderer)
        renderer.damage(False)
        landed = {renderer.maps[h[1]].name for h in ended(holds, renderer.timeline.holds())
                  if h[0] == "seat"}
        if renderer.view.routes:
            break  # the final routes: shown at once, not spread
        assert [n for n in painted if n not in landed and n != "column"] == []
        assert painted.count("column") <= room_refresh.FLIP_SLOTS
        while renderer.spreading():
            holds = dict(renderer.timeline.holds())
            painted.clear()
            advance(renderer, 1 / 60)
            gone = ended(holds, renderer.timeline.holds())
            if not gone:  # (a landing repaints its map now, whatever the spread's budget)
                assert len(painted) <= room_refresh.PANELS_PER_FRAME
                spread_frames += bool(painted)
        while renderer.busy():
            advance(renderer, 1 / 60)
    assert spread_frames > 10


@pytest.mark.parametrize("players", [2, 3])
def test_a_stroke_or_a_flip_that_ends_is_on_its_layer_in_its_frame(players):
    """Frame after frame as the shell runs them (update, now and then a bot's move, then the
    frame's damage), spread or not: a seat's stroke that ended is on its map's layer after
    that frame, a card's flip or dimming that ended on the column's (their tweens no longer
    paint them: a frame without would flicker)."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, 5)
    renderer.set_humans(())
    checked = 0
    for frame in range(1500):
        if match.is_over():
            break
        holds = dict(renderer.timeline.holds())
        renderer.update(1 / 60)
        if frame % 5 == 0:  # moves come while strokes land and repaints are spread
            step(match, bots, renderer)
        renderer.damage(False)
        checked += check_landed(renderer, holds)
    assert checked > 15


def check_landed(renderer, holds: dict) -> int:
    """Every panel whose tweens ended since `holds` shows its key now, whole; how many."""
    panels = set()
    for hold in ended(holds, renderer.timeline.holds()):
        if hold[0] == "seat":
            panels.add(renderer.maps[hold[1]])
        elif hold[0] in ("flip", "discard"):
            panels.add(renderer.cards)
    for panel in panels:
        assert renderer.layers.shown_key(panel.name) == panel.key(), panel.name
        assert not renderer.parts_left(panel.name), panel.name
    return len(panels)


def test_the_header_lines_follow_the_turn_the_first_player_and_the_cards_left():
    """The column's header lines, kept per turn, first player, cards left and end, are those
    worked out afresh at every move of a game."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 3, 4)
    cards, seen = renderer.cards, set()
    while not match.is_over():
        step(match, bots, renderer)
        view = renderer.view
        for shown in (view, replace(view, left=view.left + 1), replace(view, first=NONE)):
            renderer.view = shown  # (what the column reads)
            kept, fresh = cards.header_labels(), cards._labels(cards.header_lines())
            assert [(pygame.image.tobytes(img, "RGB"), rect) for img, rect in kept] == [
                (pygame.image.tobytes(img, "RGB"), rect) for img, rect in fresh]
        renderer.view = view
        seen.add((view.turn, view.left))
    assert len(seen) >= 8


def test_a_frame_that_paints_map_or_column_parts_leaves_the_boxes_to_the_next():
    """A frame whose refresh paints map or column parts (strokes landing, a spread step)
    repaints no box: those counting up are repainted in the next frame (once: then with
    whatever lands there), and the boxes end on the best route's points."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 3)
    renderer.set_humans((0,))  # one board: no layout moves
    boxes: list[str] = []
    paint_region = renderer.layers.paint_region

    def counted(name, *args, **kwargs):
        if name.startswith(("box", "total")):
            boxes.append(name)
        return paint_region(name, *args, **kwargs)
    renderer.layers.paint_region = counted
    held = caught_up = 0
    for _ in range(40):
        if match.is_over():
            break
        step(match, bots, renderer)
        renderer.damage(False)
        for _ in range(20):
            boxes.clear()
            renderer.update(1 / 60)
            renderer.damage(False)
            if renderer._boxes_held:
                assert boxes == []  # parts painted in this frame: no box with them
                held += 1
                boxes.clear()
                renderer.update(1 / 60)
                renderer.damage(False)
                assert not renderer._boxes_held or not boxes  # (held once at most)
                caught_up += bool(boxes)
    assert held > 10 and caught_up > 3
    while renderer.busy() or not renderer.at_rest():
        renderer.update(1 / 60)
        renderer.damage(False)
    view = match.view(0)
    for seat in range(4):
        assert renderer.shown_box(seat, 6).points == match.rules.route(view, seat).total
