"""French Quarter's ordinary frames touch little: a region found up to date is not asked again
until what it shows may have changed, the groups of a region are looked up at once, the
panels' highlights are not asked for without a prompt, a tumbling die is worked out once a
frame. Each shortcut gives what the long way gives."""

from __future__ import annotations

import os
import random
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.core import Option, Prompt
from game.games.french_quarter.pieces import Groups, changed, piece
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scene import FQRenderer
from game.games.french_quarter.tweens import Flash, Tumble, Walker
from tests.games.scene_match import scene_match, step


def settled_renderer(players: int = 3, seed: int = 4):
    """A renderer a few moves in, its animation over and every region repainted."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed)
    for _ in range(4):
        play_and_settle(match, bots, renderer)
    assert not renderer.busy()
    return match, bots, renderer


def play_and_settle(match, bots, renderer) -> None:
    """One move played and shown, the renderer run until it rests (at most 400 frames)."""
    step(match, bots, renderer)
    for _ in range(400):
        if not renderer.busy():
            break
        renderer.update(1 / 60)


def count_dues(renderer, monkeypatch) -> Counter:
    """Counts of each region's `due`, from now on."""
    asked: Counter = Counter()
    for region in renderer.regions:
        def due(region=region, original=region.due):
            asked[region.name] += 1
            return original()
        monkeypatch.setattr(region, "due", due)
    return asked


def test_regions_found_up_to_date_are_not_asked_again_until_the_holds_change(monkeypatch):
    """Once every region was found up to date, a frame asks none of them (busy, update, a
    refresh with the same holds); new holds or a new view ask them all again."""
    _, _, renderer = settled_renderer()
    asked = count_dues(renderer, monkeypatch)
    for _ in range(3):
        assert not renderer.busy() and not renderer.repaints_due()
        renderer.update(1 / 60)
        renderer.refresh(1)
    assert not asked
    renderer.timeline.add(renderer.timeline.clock, 1.0, None, holds=(("umb", 0),))
    renderer.refresh(1)  # new holds: what the regions show may have changed
    assert set(asked) == {region.name for region in renderer.regions}


def test_a_region_still_due_keeps_the_room_busy_with_no_tween_left():
    """With the timeline empty, the room is busy until the last region is repainted, and the
    regions found up to date meanwhile are those before the first one due."""
    match, bots, renderer = settled_renderer(4, 7)
    spread = 0
    for _ in range(20):
        step(match, bots, renderer)
        renderer.timeline.clear()
        frames = 0
        while any(region.due() for region in renderer.regions):
            assert renderer.busy()
            assert not any(region.due() for region in renderer.regions[:renderer._clean])
            renderer.update(1 / 60)
            frames += 1
        assert not renderer.busy()
        spread += frames > 1
    assert spread > 2


def test_groups_asked_at_once_are_those_asked_one_by_one():
    """`Groups.all` gives each group as `groups(build, *args)` would, building only those not
    kept; `missing` names the first not kept."""
    built: list = []

    def build(n: int) -> list:
        built.append(n)
        return [n]

    groups = Groups()
    groups(build, 2)
    builds = [(build, (1,)), (build, (2,)), (build, (3,))]
    assert groups.missing(builds) == (build, (1,))
    assert groups.all(builds) == [(1,), (2,), (3,)]
    assert built == [2, 1, 3] and groups.missing(builds) is None
    assert groups.all(builds[1:]) == [(2,), (3,)] and built == [2, 1, 3]


def test_changed_pieces_as_sets_are_what_counting_them_gives():
    """`changed` without a piece twice in a list (sets) gives the rects counting them gives,
    in the same order."""
    def paint(_surface):
        return None

    rng = random.Random(3)
    for _ in range(200):
        pool = [piece(("x", n), (n, n % 7, 4, 4), paint) for n in range(12)]
        before, after = rng.sample(pool, rng.randint(0, 12)), rng.sample(pool, rng.randint(0, 12))
        old = Counter((p.what, p.rect) for p in before)
        new = Counter((p.what, p.rect) for p in after)
        counted = [pygame.Rect(rect) for _, rect in (old - new) + (new - old)]
        assert changed(before, after) == counted


def test_the_panels_highlight_options_under_a_prompt_and_are_not_asked_without_one(
        monkeypatch):
    """Without a prompt no panel is asked for highlights (none would draw any); under one,
    every panel that draws them is."""
    _, _, renderer = settled_renderer(2, 5)
    asked: list = []
    for panel in renderer.panels.values():
        monkeypatch.setattr(panel, "draw_options", lambda *args, name=panel.name: asked.append(
            name))
    canvas = pygame.Surface((1920, 1080))
    renderer.draw(canvas, None, None)
    assert asked == []
    renderer.draw(canvas, None, Prompt(0, "x", "", (Option("a", ("building", 0)),)))
    assert sorted(asked) == sorted(renderer.panels)


def test_a_tumbling_die_and_a_walking_tourist_paint_themselves_at_the_step_given():
    """A die's picture, a pawn's rect, a card's strip are worked out once for a step (the damage, then the
    draw passes): a draw at another step than the last one asked for paints it there."""
    pygame.init()
    sprite = pygame.Surface((34, 34))
    sprite.fill((90, 200, 40))
    walk = [(100, 200), (180, 200), (180, 280)]
    for make in (lambda: Tumble(pygame.Rect(1200, 140, 50, 50), 5, 3),
                 lambda: Walker(sprite, walk),
                 lambda: Flash(pygame.Rect(1000, 10, 150, 190), (200, 120, 40))):
        painter, alone = make(), make()
        for p, q in ((0.2, 0.2), (0.2, 0.5), (0.9, 0.3)):
            painter.where(p)  # the frame's damage asked for p
            drawn, fresh = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
            painter(drawn, q)
            alone(fresh, q)
            assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(fresh, "RGB")
            assert painter.where(q) == alone.where(q), (p, q)


def test_a_closed_streets_hatching_kept_is_what_cutting_it_again_gives():
    """The hatching is worked out once per street and labels on it: what is kept is what
    cutting the stretches again gives, for other labels too, and the shapes' own copy."""
    _, _, renderer = settled_renderer(2, 5)
    layout = renderer.board_panel.map
    for street in range(len(layout.board.streets)):
        r = layout.stretch(street, 1)
        for labels in ([None, None], [pygame.Rect(r.centerx - 10, r.centery - 10, 20, 20), None],
                       [None, pygame.Rect(r.x, r.y, 8, 8)]):
            layout._hatch(street, labels)[0].x += 5  # a caller's copy, changed
            assert layout._hatch(street, labels) == layout._cut_stretches(street, labels)


def test_a_map_laid_out_ahead_lists_its_groups_a_step_later(monkeypatch):
    """A step of work ahead that finds the map laid out for its holds lists none of its groups
    (laying the whole map out for them is the next step's work)."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 2, 5,
                                        (("mayor", True), ("tourism", True)))
    panel = renderer.board_panel
    listed: list = []
    builds, build_step = panel.builds, panel.build_step
    monkeypatch.setattr(panel, "builds", lambda holds: listed.append(1) or builds(holds))
    laid_then_listed: list = []

    def counted_step(holds=None):
        before = set(panel._laid_out)
        del listed[:]
        made = build_step(holds)
        if holds is not None and set(panel._laid_out) - before:
            laid_then_listed.append(bool(listed))
        return made

    monkeypatch.setattr(panel, "build_step", counted_step)
    for _ in range(30):
        play_and_settle(match, bots, renderer)
    assert laid_then_listed and not any(laid_then_listed)


def test_a_new_view_damages_what_the_panels_say_nothing():
    """The room answers a new view's damage without asking its panels: none names a rect."""
    match, bots, renderer = settled_renderer(3, 2)
    for _ in range(12):
        step(match, bots, renderer)
        assert renderer.view_damage() == renderer.panels_view_damage() == []


def test_a_region_is_due_until_painted_and_again_once_its_layers_are_invalidated():
    """A region not painted yet is due; painted, it is not; once the layers forget it (a
    reset), it is due again, and a full refresh paints it."""
    match, _bots, renderer = settled_renderer(2, 3)
    fresh = FQRenderer(FrenchQuarter(), match.config, ["A", "B"])
    fresh.view = renderer.view
    assert all(region.due() for region in fresh.regions)
    assert not any(region.due() for region in renderer.regions)
    renderer.layers.invalidate()
    assert all(region.due() for region in renderer.regions)
    renderer.refresh()
    assert not any(region.due() for region in renderer.regions)


def test_a_repaints_bands_left_for_later_build_nothing(monkeypatch):
    """A frame that only paints the next band of a repaint (its pieces are those of the key
    it shows) takes no build step; a region whose key changed still builds first."""
    match, bots, renderer = settled_renderer(4, 7)
    steps: list = []
    for panel in renderer.painted:
        build_step = panel.build_step
        monkeypatch.setattr(panel, "build_step", lambda holds=None, name=panel.name,
                            build_step=build_step: steps.append(name) or build_step(holds))
    bands = built = 0
    for _ in range(20):
        step(match, bots, renderer)
        renderer.timeline.clear()
        while renderer.busy():
            first = renderer.regions[renderer._clean] if renderer._clean < 3 else None
            only_bands = first is not None and bool(first.stale) and (
                first.shown_key == renderer.painted[renderer._clean].key())
            del steps[:]
            renderer.update(1 / 60)
            if only_bands:
                bands += 1
                assert steps == [], steps
            built += bool(steps)
    assert bands > 5 and built > 5
