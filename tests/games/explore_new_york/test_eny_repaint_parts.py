"""Explore New York's maps and card column repaint only where they changed
(ENYRenderer.repaint_parts): a stroke landing restores and repaints its own few pixels, a block
whose tourists grow lays them out again, a card turned over its slot, a new turn the header, and
nothing else of the layer is touched. Whatever such a layer shows must be what a whole repaint
of it gives, frame after frame of a played game: this compares the two."""

from __future__ import annotations

import os
import random
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.explore_new_york import map_panel
from game.games.explore_new_york import sprites as sp
from game.games.explore_new_york.cards_panel import LIFT, turn_over
from game.games.explore_new_york.final_paint import (
    GLOW_WAVES,
    STRIPS,
    Sweep,
    fade_alpha,
    glow_alpha,
    strip_rects,
    windows,
)
from game.games.explore_new_york.layout import DAMAGE_RECTS, PASS_WASTE, joined_damage
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import ENYRenderer
from game.games.explore_new_york.score_panel import BoxPanel, paint_box
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.damage import PASS_AREA, join_cheapest
from game.ui.paint import flip
from tests.games.explore_new_york.support import advance
from tests.games.scene_match import scene_match, step


def repainted_whole(renderer, panel) -> bytes:
    """The panel's pixels as a repaint of its whole layer over the static background gives."""
    reference = renderer.layers.static.copy()
    reference.set_clip(panel.rect)
    panel.paint(reference)
    return pygame.image.tobytes(reference.subsurface(panel.rect), "RGB")


def shown(renderer, panel) -> bytes:
    """The panel's pixels on the layers' surface now."""
    return pygame.image.tobytes(renderer.layers.surface.subsurface(panel.rect), "RGB")


def in_parts(renderer) -> list:
    """The panels whose layers repaint in parts: every map and the card column."""
    return [*renderer.maps.values(), renderer.cards]


def check_layers(renderer, checked: dict) -> None:
    """Every such layer repainted since the last check (its key changed) shows what a whole
    repaint would."""
    for panel in in_parts(renderer):
        key = renderer.layers.shown_key(panel.name)
        if (key == panel.key() and checked.get(panel.name) != key
                and not renderer.parts_left(panel.name)):  # (a spread step left some)
            assert shown(renderer, panel) == repainted_whole(renderer, panel), panel.name
            checked[panel.name] = key


def spy_on_repaints(renderer) -> dict[str, int]:
    """Count each layer's partial repaints (a region smaller than its panel) through the
    renderer's `paint_region`."""
    partial = {"map": 0, "column": 0}
    rects = {panel.name: panel.rect for panel in in_parts(renderer)}
    paint_region = renderer.layers.paint_region

    def counted(name, area, *args, **kwargs):
        whole = rects.get(name)
        if whole is not None and pygame.Rect(area) != whole:
            partial[name.rstrip("0123456789")] += 1
        return paint_region(name, area, *args, **kwargs)
    renderer.layers.paint_region = counted
    return partial


def spy_on_strokes_painted_over(monkeypatch) -> Counter:
    """Count the maps' `paint_added` answers (True: the strokes that landed painted over)."""
    answers: Counter = Counter()
    paint_added = map_panel.MapPanel.paint_added

    def counted(panel, old, new):
        done = paint_added(panel, old, new)
        if (old.drawing, old.links, old.cafes) != (new.drawing, new.links, new.cafes):
            answers[done] += 1  # a stroke landed (or a move drew new tourists)
        return done
    monkeypatch.setattr(map_panel.MapPanel, "paint_added", counted)
    return answers


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 5)])
def test_a_layer_repainted_in_parts_equals_a_whole_repaint(players, seed, monkeypatch):
    """Bots play; after each move and each frame of its animations, every map's layer and the
    column's equal a whole repaint of them; most landings repainted only their own part, most
    strokes landing were painted over what was there (MapPanel.paint_added: seen failing with
    a tourist painted over one of another type)."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    renderer.set_humans((0,) if players == 4 else ())  # the large map stays on seat 0
    partial = spy_on_repaints(renderer)
    added = spy_on_strokes_painted_over(monkeypatch)
    steps, checked = 0, {}
    while not match.is_over() and steps < 160:
        step(match, bots, renderer)
        steps += 1
        check_layers(renderer, checked)
        while renderer.busy():
            advance(renderer, 1 / 60)
            check_layers(renderer, checked)
    assert partial["map"] > 60 and partial["column"] > 10
    assert added[True] > 40 and added[True] > added[False]


def test_damage_rects_are_joined_into_a_few_that_cover_them_all():
    """A stroke on each map, the three cards and a box counting: joined into at most three
    rects covering every one of them, far from the whole board the app's union would be;
    close small rects are joined even under three (a pass costs more than their gap)."""
    rects = [pygame.Rect(200, 150, 60, 20), pygame.Rect(1400, 300, 40, 40),
             pygame.Rect(791, 138, 338, 242), pygame.Rect(791, 386, 338, 242),
             pygame.Rect(791, 634, 338, 242), pygame.Rect(1176, 842, 235, 64)]
    joined = join_cheapest(rects, 3, PASS_AREA)
    assert len(joined) <= 3
    assert all(any(j.contains(r) for j in joined) for r in rects)
    assert sum(j.w * j.h for j in joined) < BOARD_RECT.w * BOARD_RECT.h // 4
    assert join_cheapest([pygame.Rect(0, 0, 10, 10), pygame.Rect(30, 0, 10, 10)], 3, PASS_AREA) == [
        pygame.Rect(0, 0, 40, 10)]
    far = [pygame.Rect(0, 0, 10, 10), pygame.Rect(1800, 900, 10, 10)]
    assert sorted(map(tuple, join_cheapest(far, 3, PASS_AREA))) == sorted(map(tuple, far))


def test_the_room_joins_two_rects_when_the_pixels_added_cost_less_than_a_pass():
    """Two strokes 40 px apart: their union adds 8k pixels, less than a redraw pass costs in
    a paced frame (PASS_WASTE), so the room draws them in one pass. Two 350 px apart (a union
    adding 70k pixels, which cost more to copy than a pass) and two far apart stay two."""
    a, b = pygame.Rect(0, 0, 50, 200), pygame.Rect(90, 0, 50, 200)
    assert joined_damage([a, b]) == [a.union(b)]
    for far in ([pygame.Rect(0, 0, 50, 200), pygame.Rect(400, 0, 50, 200)],
                [pygame.Rect(0, 0, 50, 200), pygame.Rect(1400, 600, 50, 200)]):
        assert sorted(map(tuple, joined_damage(far))) == sorted(map(tuple, far))


COLUMN_EVENTS = ("card_revealed", "card_discarded", "turn_ended", "first_player",
                 "cards_removed")


def test_a_card_turning_over_shows_what_the_kit_s_flip_with_its_backdrop_shows():
    """Over the column as it is while cards turn over (their slots empty: a move's spread
    repaints a slot before its card starts turning, room_refresh.py), `turn_over`, which
    covers only the slots' edges, paints the same pixels as paint.flip filling the whole slot
    first, at every stage of the turn."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, 3)
    renderer.set_humans(())
    compared, seen = 0, set()
    for n in range(40):
        if n % 2:
            step(match, bots, renderer)
        else:  # the column's events alone: its first card starts turning in the move's frame
            _, _, events = step(match, bots)
            renderer.animate([ev for ev in events if ev.kind in COLUMN_EVENTS], match.view(0), 0)
        renderer.damage(False)
        while True:
            for card in turning_now(renderer) - seen:
                seen.add(card)
                compared += compare_flips(renderer, card)
            if not renderer.busy():
                break
            advance(renderer, 1 / 60)
    assert compared >= 3


def turning_now(renderer) -> set[int]:
    """The cards whose flip has started, as the frame draws them."""
    clock = renderer.timeline.clock
    return {hold[1] for tw in renderer.timeline if tw.started(clock)
            for hold in tw.holds if hold[0] == "flip"}


def compare_flips(renderer, card: int) -> int:
    """Compare the kit's flip and `turn_over` over the card's slot on the layers now."""
    rect = renderer.cards.cards[renderer.view.revealed.index(card)]
    face = sp.card_face(renderer.board.cards[card], rect.w, rect.h)
    back = sp.card_back(rect.w, rect.h)
    for p in (0.0, 0.1, 0.3, 0.5, 0.6, 0.9, 1.0):
        kit, own = (renderer.layers.surface.copy() for _ in range(2))
        flip(back, face, rect, LIFT, theme.PANEL, min_width=2)(kit, p)
        turn_over(back, face, rect)(own, p)
        assert pygame.image.tobytes(kit, "RGB") == pygame.image.tobytes(own, "RGB"), p
    return 1


def clipped_and_whole(renderer, panel, clip: pygame.Rect) -> tuple[bytes, bytes]:
    """The panel's pixels inside `clip` painted with the surface clipped to it (MapPanel.paint
    then paints only the marks reaching into it, CardsPanel.paint the cards it meets), and
    those of a whole paint."""
    clipped, whole = renderer.layers.static.copy(), renderer.layers.static.copy()
    clipped.set_clip(clip)
    panel.paint(clipped)
    whole.set_clip(panel.rect)
    panel.paint(whole)
    return tuple(pygame.image.tobytes(s.subsurface(clip), "RGB") for s in (clipped, whole))


@pytest.mark.parametrize("players, seed", [(2, 4), (4, 9)])
def test_a_layer_painted_within_a_clip_paints_there_what_a_whole_paint_does(players, seed):
    """A map paints only its marks that reach into the clip it is given (a part repainted),
    the card column only its header or the cards the clip meets: for rects of every size
    across every map and the column, mid-game and with the final route shown, the pixels
    inside the rect are those of a whole paint."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    renderer.set_humans(())
    rng, compared = random.Random(seed), 0
    while not match.is_over():
        step(match, bots)
        if match.view(0).routes or rng.random() < 0.1:
            renderer.reset(match.view(0), 0)
            for panel in in_parts(renderer):
                for _ in range(12):
                    side = rng.choice((6, 20, 60, 160))
                    clip = pygame.Rect(panel.rect.x + rng.randrange(panel.rect.w - side),
                                       panel.rect.y + rng.randrange(panel.rect.h - side),
                                       side, side)
                    got, wanted = clipped_and_whole(renderer, panel, clip)
                    assert got == wanted, (panel.name, clip)
                    compared += 1
    assert compared > 150


def final_move_animated(players: int, seed: int):
    """A game of random bots played to its last move unseen, the renderer reset to the view
    before it, then the last move animated (the maps erased, the routes glowing)."""
    match, bots, _ = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    moves = 0
    while not match.is_over():
        step(match, bots)
        moves += 1
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    renderer.set_humans(())
    for _ in range(moves - 1):
        step(match, bots)
    renderer.reset(match.view(0), 0)
    step(match, bots, renderer)
    assert match.is_over()
    return renderer


def sweeps(renderer, alpha) -> dict[int, Sweep]:
    """Each seat's finale sweep painting with `alpha` (fade_alpha, glow_alpha), by seat."""
    return {tw.seat: tw.paint for tw in renderer.timeline
            if isinstance(tw.paint, Sweep) and tw.paint.alpha is alpha}


def swept(sweeps_of: dict[int, Sweep], base: pygame.Surface, p: float,
          clip: pygame.Rect | None = None) -> bytes:
    """The board as `base` with every sweep painted at progress p (inside `clip`, if given:
    one redraw pass), its pixels inside the clip."""
    canvas = base.copy()
    canvas.set_clip(clip)
    for sweep in sweeps_of.values():
        sweep(canvas, p)
    return pygame.image.tobytes(canvas.subsurface(canvas.get_clip()), "RGB")


def strips_whole(renderer, sweeps_of: dict[int, Sweep], waves: int, base: pygame.Surface,
                 p: float, clip: pygame.Rect | None = None) -> bytes:
    """The board as `base` with each sweep's image laid over every strip of its map whole,
    at that strip's alpha at p (`windows`: before its window nothing, after it its last
    alpha if kept, else nothing)."""
    canvas = base.copy()
    for panel in renderer.maps.values():
        sweep = sweeps_of[panel.seat]
        strips = strip_rects(panel.rect.size)
        for k, (start, end) in enumerate(windows(waves)):
            q = min(1.0, max(0.0, (p - start) / (end - start)))
            if q > 0 and (q < 1 or sweep.keep):
                sweep.image.set_alpha(sweep.alpha(q))
                strip = strips[k % STRIPS]
                canvas.blit(sweep.image, strip.move(panel.rect.topleft), strip)
    canvas.set_clip(clip)
    return pygame.image.tobytes(canvas.subsurface(canvas.get_clip()), "RGB")


@pytest.mark.parametrize("players, seed", [(2, 6), (4, 2)])
def test_the_final_sweeps_in_pieces_paint_what_whole_strips_would(players, seed):
    """The last move: each map's fade to its final route and its glow sweep across it strip
    by strip (final_paint.Sweep), each strip blended only where the marks reach
    (map_panel._erased_reach, _glow_reach; final_paint.pieces): at every stage, whole and in
    redraw passes anywhere, the board looks as if every strip had been laid over whole at
    its own alpha."""
    pygame.init()
    renderer = final_move_animated(players, seed)
    rng = random.Random(seed)
    for alpha, waves in ((fade_alpha, 1), (glow_alpha, GLOW_WAVES)):
        sweeps_of = sweeps(renderer, alpha)
        assert set(sweeps_of) == set(range(players))
        while not any(tw.paint in sweeps_of.values() and tw.started(renderer.timeline.clock)
                      for tw in renderer.timeline):
            advance(renderer, 1 / 60)
        base = renderer.layers.surface.copy()  # the layer under the fade, then the glow
        for p in (0.0, 0.03, 0.2, 0.37, 0.5, 0.77, 0.96, 1.0):
            assert swept(sweeps_of, base, p) == strips_whole(
                renderer, sweeps_of, waves, base, p), (alpha.__name__, p)
            for _ in range(6):
                clip = pygame.Rect(rng.randrange(1200), rng.randrange(700), 400, 200)
                assert swept(sweeps_of, base, p, clip) == strips_whole(
                    renderer, sweeps_of, waves, base, p, clip), (alpha.__name__, p, clip)


def dirty_layers(renderer) -> list[str]:
    """The layered panels whose layer shows another key than theirs now (a map's worked out
    afresh, not the one kept for its view and holds)."""
    def key(panel):
        if not isinstance(panel, map_panel.MapPanel):
            return panel.key()
        own = frozenset(hold[2:] for hold in renderer.holds
                        if hold[0] == "seat" and hold[1] == panel.seat)
        return panel._marks(panel.view.sheets[panel.seat], own)
    return [p.name for p in renderer.panels.values()
            if p.LAYERED and renderer.layers.shown_key(p.name) != key(p)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_refresh_looking_at_a_few_score_layers_leaves_none_dirty(players):
    """Most refreshes look only at the boxes and totals of the seats whose sheet changed or
    whose boxes count (`repaint_scores`); after each one, at every move and frame of the
    opening turns (strokes landing, boxes counting up or jumping to their end on a slow
    frame, the large map moving on at three or four seats), no layer is left showing an old
    key."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, 3)
    light = []
    looked = renderer.repaint_scores
    renderer.repaint_scores = lambda: light.append(looked()) or light[-1]
    for _ in range(40):
        if match.is_over():
            break
        step(match, bots, renderer)
        assert renderer.spreading() or not dirty_layers(renderer)
        for k in range(240):  # its strokes land, then the boxes count (now and then a hitch)
            advance(renderer, 0.3 if k % 7 == 6 else 1 / 60)
            # (a move's repaints spread, or boxes left to the next frame: room_refresh)
            assert renderer.spreading() or renderer._boxes_held or not dirty_layers(renderer)
            if not renderer.busy():
                break
        if renderer._boxes_held:
            advance(renderer, 1 / 60)
        assert not dirty_layers(renderer)
    assert sum(light) > len(light) * 3 // 4  # most refreshes looked at a few layers only


def box_panels(renderer) -> list:
    """Every seat's scoring boxes mounted now (BoxPanel: their backdrops blitted)."""
    return [panel for panel in renderer.panels.values() if isinstance(panel, BoxPanel)]


def box_painted_anew(renderer, panel) -> bytes:
    """A box's pixels as drawing it afresh over the static background gives (paint_box)."""
    reference = renderer.layers.static.copy()
    reference.set_clip(panel.rect)
    paint_box(reference, renderer.shown_box(panel.seat, panel.n), panel.rect)
    return pygame.image.tobytes(reference.subsurface(panel.rect), "RGB")


@pytest.mark.parametrize("players, seed", [(2, 7), (4, 3)])
def test_a_box_repainted_over_its_backdrop_equals_a_box_drawn_afresh(players, seed):
    """A scoring box lays down its backdrop (the static under it, its plate and its sign, kept
    from its first paint) and then its numbers: after each move and each frame of its
    animations (boxes counting up, the final route's boxes filling in), every box shows what
    drawing it afresh over the static background gives."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    renderer.set_humans(())
    compared, checked = 0, {}
    while not match.is_over():
        step(match, bots, renderer)
        while True:
            for panel in box_panels(renderer):
                key = renderer.layers.shown_key(panel.name)
                if key == panel.key() and checked.get(panel.name) != key:
                    assert shown(renderer, panel) == box_painted_anew(renderer, panel), panel.name
                    checked[panel.name] = key
                    compared += 1
            if not renderer.busy():
                break
            advance(renderer, 1 / 60)
    assert compared > 40 * players, compared


def test_the_damage_joined_again_is_what_joining_it_gives():
    """The room's damage is joined once for rects it saw last (most frames of a move report
    the same strokes' reaches): each answer equals join_cheapest's for its own rects, whether
    they repeat, change or come back, and changing the rects handed out changes no answer."""
    strokes = [pygame.Rect(200, 150, 60, 20), pygame.Rect(1400, 300, 40, 40),
               pygame.Rect(791, 138, 338, 242), pygame.Rect(240, 160, 30, 30),
               pygame.Rect(1176, 842, 235, 64)]
    other = [pygame.Rect(10, 10, 50, 50), pygame.Rect(1800, 900, 20, 20)]
    for rects in (strokes, strokes, other, strokes[:3], strokes, other, other, []):
        got = joined_damage([pygame.Rect(r) for r in rects])
        assert got == join_cheapest([pygame.Rect(r) for r in rects], DAMAGE_RECTS, PASS_WASTE)
        for rect in got:
            rect.inflate_ip(100, 100)  # the app may change the rects it is given
