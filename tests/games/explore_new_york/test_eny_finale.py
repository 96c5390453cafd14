"""Explore New York's finale made cheaper: the final fade and glow blended only where the
marks' own rects reach (final_paint.pieces) and its frames refreshing only the boxes that fill
in (LiveBoxes._final_seen). The pixels are checked in test_eny_repaint_parts.py (the fade and
glow in parts against whole maps) and by the golden frames."""

from __future__ import annotations

import pygame

from game.games.explore_new_york import scene
from game.games.explore_new_york.final_paint import pieces
from game.games.explore_new_york.layout import DAMAGE_RECTS, FINAL_DAMAGE_RECTS
from game.ui.damage import MAX_PASSES
from tests.games.explore_new_york.support import advance
from tests.games.explore_new_york.test_eny_repaint_parts import dirty_layers, final_move_animated


def area(rects) -> int:
    """Pixels covered by rects that do not overlap."""
    return sum(r.w * r.h for r in rects)


def test_pieces_cover_what_the_rects_cover_once():
    """Crossing rects cut into pieces that do not overlap and cover the same pixels inside the
    part (a pixel blended twice would differ from a whole blend)."""
    rects = [pygame.Rect(0, 40, 200, 20), pygame.Rect(90, 0, 20, 200), pygame.Rect(150, 30, 80, 80)]
    part = pygame.Rect(0, 0, 210, 180)
    cut = pieces(rects, part)
    for i, a in enumerate(cut):
        assert part.contains(a)
        assert all(not a.colliderect(b) for b in cut[i + 1:])
    covered = {(x, y) for r in rects for x in range(r.left, r.right)
               for y in range(r.top, r.bottom) if part.collidepoint(x, y)}
    assert area(cut) == len(covered)
    assert all(any(r.collidepoint(p) for r in cut) for p in covered)


def test_the_finale_refreshes_its_boxes_alone_and_leaves_no_layer_dirty():
    """Once the final view is refreshed whole, its frames repaint the boxes filling in and
    look at no other layer (`_final_seen`), unless a map was marked to repaint whole (its
    fade ended: its route drawn); after every frame no layer shows an old key."""
    pygame.init()
    renderer = final_move_animated(4, 2)
    whole = []
    looked = renderer.repaint_scores
    renderer.repaint_scores = lambda: whole.append(not looked()) or not whole[-1]
    for _ in range(200):
        advance(renderer, 1 / 60)
        renderer.damage()
        assert not dirty_layers(renderer)
        if not renderer.busy():
            break
    assert not renderer.busy()
    assert 0 < sum(whole) <= 3 and len(whole) > 60  # whole: the fade's end (and its start)


def test_the_finale_joins_its_damage_into_the_shells_four_passes():
    """In the finale no move follows (the bar stays as it is), so the board's damage is joined
    into FINAL_DAMAGE_RECTS (the shell's four passes), not DAMAGE_RECTS (three joined the
    small maps' parts with everything between them)."""
    pygame.init()
    renderer = final_move_animated(4, 2)
    asked = []
    joined = scene.joined_damage
    scene.joined_damage = lambda rects, passes: asked.append(passes) or joined(rects, passes)
    try:
        for _ in range(80):
            advance(renderer, 1 / 60)
            damage = renderer.damage()
            assert damage is None or len(damage) <= FINAL_DAMAGE_RECTS
    finally:
        scene.joined_damage = joined
    assert asked and set(asked) == {FINAL_DAMAGE_RECTS}
    assert DAMAGE_RECTS < FINAL_DAMAGE_RECTS <= MAX_PASSES
