"""Explore New York's finale made cheaper: the final fade and glow sweep across each map strip
by strip (final_paint.Sweep: a frame redraws the few strips that change), blended only where the
marks' own rects reach (final_paint.pieces); its frames refresh only the boxes that fill in
(LiveBoxes._final_seen), the small maps' in steps a third of a step apart (`_final_step`). The
pixels are checked in test_eny_repaint_parts.py (the sweeps against whole strips), here against
whole redraws frame after frame, and by the golden frames."""

from __future__ import annotations

import itertools

import pygame

from game.games.explore_new_york import map_panel, scene
from game.games.explore_new_york.final_paint import (
    OVERLAP,
    STRIPS,
    fade_alpha,
    glow_alpha,
    on_grid,
    pieces,
    strip_rects,
    windows,
)
from game.games.explore_new_york.layout import DAMAGE_RECTS, FINAL_DAMAGE_RECTS
from game.games.explore_new_york.live_boxes import FINAL_STEPS
from game.scenes import snapshot
from game.ui.board_api import BOARD_RECT
from game.ui.damage import MAX_PASSES
from tests.games.explore_new_york.support import advance
from tests.games.explore_new_york.test_eny_repaint_parts import (
    dirty_layers,
    final_move_animated,
    sweeps,
)
from tests.ui.test_damage import full_redraw, same_pixels


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


def test_the_strips_cut_a_map_once_and_their_windows_sweep_it_in_order():
    """The strips cover the map once, left to right; each wave's windows start in order, last
    OVERLAP steps (the last one ending with its wave) and at most OVERLAP are open at once."""
    strips = strip_rects((851, 300))
    assert len(strips) == STRIPS and strips[0].left == 0 and strips[-1].right == 851
    assert all(a.right == b.left and a.h == 300 for a, b in itertools.pairwise(strips))
    for waves in (1, 2):
        spans = windows(waves)
        assert len(spans) == STRIPS * waves and spans[0][0] == 0 and spans[-1][1] == 1.0
        assert all(a[0] < b[0] and a[1] <= b[1] for a, b in itertools.pairwise(spans))
        for k in range(200):
            p = (k + 0.5) / 200
            assert 1 <= sum(start < p < end for start, end in spans) <= OVERLAP


def changed_outside(before: pygame.Surface, after: pygame.Surface, area: pygame.Rect) -> bool:
    """True if the two surfaces differ somewhere outside `area`."""
    a, b = before.copy(), after.copy()
    for s in (a, b):
        s.fill((0, 0, 0), area)
    return pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_a_sweeps_area_holds_every_pixel_it_changes_and_little_more():
    """Frame after frame (and over a long frame that skips many strips) a sweep's `area` at
    the new progress covers every pixel its painting changed since the progress painted last,
    and, frame to frame, no more than the OVERLAP + 1 strips that may have changed."""
    pygame.init()
    renderer = final_move_animated(4, 2)
    base = renderer.layers.surface.copy()
    for alpha in (fade_alpha, glow_alpha):
        for panel_seat, sweep in sweeps(renderer, alpha).items():
            width = renderer.maps[panel_seat].rect.w / STRIPS
            shown = base.copy()
            sweep(shown, 0.0)
            for k, p in enumerate([*(n / 90 for n in range(1, 40)), 0.8, *(n / 90 for n in
                                                                         range(73, 91))]):
                area = sweep.area(p)
                now = base.copy()
                sweep(now, p)
                assert not changed_outside(shown, now, area), (alpha.__name__, p)
                if p != 0.8:  # (the long frame: every strip it skipped)
                    assert area.w <= (OVERLAP + 1) * width + 1, (alpha.__name__, p)
                shown = now


def test_the_small_maps_boxes_fill_in_steps_apart():
    """In the finale at four seats, the three small maps' boxes count in FINAL_STEPS steps,
    each seat's a third of a step after the one before, empty until its first step: in all
    but a frame or two at most one of them changes (the large map's counts on as before);
    each ends at its points."""
    pygame.init()
    renderer = final_move_animated(4, 2)
    small = renderer._small_seats()
    assert len(small) == 3 and renderer.focus not in small
    shown = {seat: renderer.shown_boxes(seat) for seat in small}
    together = frames = 0
    while renderer.busy():
        advance(renderer, 1 / 60)
        renderer.damage()
        now = {seat: renderer.shown_boxes(seat) for seat in small}
        changed = sum(now[seat] != shown[seat] for seat in small)
        together += changed > 1
        frames += changed > 0
        shown = now
    assert frames > 5 * FINAL_STEPS and together <= 2
    final = renderer._final_boxes()
    assert all(shown[seat] == final[seat] for seat in small)


def actions_to_the_end(players: int, seed: int) -> int:
    """How many actions the snapshot's greedy bots play in that game (`played_scene`'s)."""
    app = snapshot._headless_app()
    scene = snapshot._bot_game(app, "explore_new_york", players, seed, hold_bots=True)
    actions = 0
    while scene.match.prompts():
        prompt = scene.match.prompts()[0]
        bot = scene.driver.bots[prompt.player]
        scene.apply(prompt.player, bot.choose(scene.match.rules,
                                              scene.match.view(prompt.player), prompt))
        actions += 1
    pygame.display.quit()
    return actions


def test_every_frame_of_the_finale_equals_a_full_redraw():
    """The real scene at four seats, from the last move to the results: each frame, drawn in
    the passes its damage asks for (the sweeps' strips changing, the boxes filling in; a
    sweep's strips past their window painted by any pass that meets them: its `tween_reach`
    is its whole map), shows what drawing everything afresh does."""
    app, scene = snapshot.played_scene("explore_new_york", 4, 7, actions_to_the_end(4, 7))
    try:
        assert scene.renderer.view.routes and scene.renderer.busy()
        parts = 0
        for frame in range(400):
            app.step([], 1 / 60)
            if scene.finished or not scene.renderer.busy():
                break
            parts += bool(app.drawn)
            assert same_pixels(app.canvas, full_redraw(app)), f"frame {frame} differs"
        assert parts > 60
    finally:
        pygame.display.quit()


def test_on_grid_moves_only_on_its_ticks_and_the_two_halves_take_turns():
    """A tween eased `on_grid` keeps its progress between two ticks of its half; at 60 fps the
    two halves move on alternate frames (never both in one frame, one of them in each), from 0
    to 1, reached at its last tick."""
    start, dur = 0.3, 1.32
    eases = [on_grid(start, dur, half) for half in (0, 1)]
    last = [ease(0.0) for ease in eases]
    moved_together = moved_alone = 0
    for frame in range(1, 200):
        raw = min(1.0, max(0.0, (frame / 60 - start) / dur))
        now = [ease(raw) for ease in eases]
        moved = [a != b for a, b in zip(now, last)]
        moved_together += all(moved)
        moved_alone += moved.count(True) == 1
        last = now
    assert moved_together == 0 and moved_alone > 70
    assert last == [1.0, 1.0]
    # at its last tick it is done: the tween's end, between two ticks, changes nothing more
    assert all(ease(1.0 - 1e-6) == 1.0 for ease in eases)


def test_a_sweep_standing_still_reports_no_area():
    """A sweep asked at the progress it was painted at last changes no pixel: its area is
    empty (on_grid holds it between ticks)."""
    pygame.init()
    renderer = final_move_animated(4, 2)
    sweep = next(iter(sweeps(renderer, glow_alpha).values()))
    canvas = renderer.layers.surface.copy()
    first = sweep.strips[0]
    at, later = first.start + 0.01, (first.start + first.end) / 2
    sweep(canvas, at)
    assert sweep.area(at).w * sweep.area(at).h == 0
    assert sweep.area(later).w > 0


def test_the_finale_redraws_the_large_maps_glow_or_the_small_ones_not_both():
    """While the routes glow at four seats, a frame's damage meets the large map or the small
    maps, not both (the halves of on_grid; a sweep's area of the frame before is not reported
    again: the sweeps' tweens cover their last area, PanelRoom.note_area)."""
    pygame.init()
    renderer = final_move_animated(4, 2)
    large = renderer.maps[renderer.focus].rect.move(BOARD_RECT.topleft)
    small = [renderer.maps[seat].rect.move(BOARD_RECT.topleft) for seat in renderer._small_seats()]
    fades = [tw for tw in renderer.timeline if tw.paint in sweeps(renderer, fade_alpha).values()]
    both = frames = large_only = small_only = 0
    canvas = pygame.Surface(BOARD_RECT.size)
    while renderer.busy():
        advance(renderer, 1 / 60)
        damage = renderer.damage() or []
        renderer.draw(canvas, None, None)  # (a sweep's area: since the progress painted last)
        if any(tw.end > renderer.timeline.clock for tw in fades) or not renderer.timeline:
            continue  # (the fade before the glow: every map each frame)
        meets_large = large.collidelist(damage) >= 0
        meets_small = any(rect.collidelist(damage) >= 0 for rect in small)
        frames += 1
        both += meets_large and meets_small
        large_only += meets_large and not meets_small
        small_only += meets_small and not meets_large
    assert frames > 60 and both <= 2 and large_only > 10 and small_only > 10


def test_the_fades_end_lays_the_faded_picture_on_each_map_as_a_whole_repaint_would(
        monkeypatch):
    """Once a map's fade ends its layer shows the picture the fade laid over it (no paint of
    the whole sheet again: MapPanel.paint), pixel for pixel what a whole repaint paints."""
    pygame.init()
    renderer = final_move_animated(4, 2)
    whole_paints = []
    paint_sheet = map_panel.paint_sheet

    def counted(surface, origin, board, sheet, seat, marks, scale, within=None):
        if within is None:
            whole_paints.append(seat)
        return paint_sheet(surface, origin, board, sheet, seat, marks, scale, within)
    monkeypatch.setattr(map_panel, "paint_sheet", counted)
    while sweeps(renderer, fade_alpha):
        advance(renderer, 1 / 60)
        renderer.damage()
    for _ in range(3):
        advance(renderer, 1 / 60)
        renderer.damage()
    assert not whole_paints
    for seat, panel in renderer.maps.items():
        assert panel._final is not None and panel._final[0] == panel.key()
        fresh = renderer.layers.static.subsurface(panel.rect).copy()
        paint_sheet(fresh, (0, 0), panel.board, renderer.view.sheets[seat], seat, panel.key(),
                    panel.scale)
        shown = renderer.layers.surface.subsurface(panel.rect)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh, "RGB")
