"""Urban Sprawl's item panels (panel_base.ItemPanel: the seats' heads and bodies, the key) repaint
only where an item changed: at every frame of played games each such layer, once up to date,
equals the same panel painted whole over the background, and most repaints were partial."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.games.urban_sprawl import scene as scene_module
from game.games.urban_sprawl import sprites
from game.games.urban_sprawl.layout import CARD, t
from game.games.urban_sprawl.panel_base import ItemPanel, turn_seat
from game.games.urban_sprawl.scene import USRenderer
from game.games.urban_sprawl.seat_head import figure_text
from game.games.urban_sprawl.seat_part import SeatPart
from game.games.urban_sprawl.state import NOBODY
from game.ui import theme
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from game.ui.damage import merge
from tests.games.scene_match import scene_match, step
from tests.games.urban_sprawl.test_spread_refresh import frames

CANVAS = pygame.Rect((0, 0), CANVAS_SIZE)


def painted_whole(panel: ItemPanel, scratch: pygame.Surface) -> bytes:
    """The panel's pixels painted whole (every item over the background), as bytes."""
    static = panel.room.layers.static
    scratch.set_clip(panel.rect)
    scratch.blit(static, panel.rect, panel.rect)
    for item in panel.items():
        item.draw(scratch)
    scratch.set_clip(None)
    return pygame.image.tobytes(scratch.subsurface(panel.rect), "RGB")


def watch_repaints(renderer: USRenderer) -> dict[str, int]:
    """Count, per panel, the repaints that put back less than the whole panel."""
    partial: dict[str, int] = {}
    for panel in renderer.panels.values():
        if isinstance(panel, ItemPanel):
            paint = panel.paint

            def counted(surf: pygame.Surface, panel=panel, paint=paint) -> list[pygame.Rect]:
                areas = paint(surf)
                if sum(a.w * a.h for a in areas) < panel.rect.w * panel.rect.h:
                    partial[panel.name] = partial.get(panel.name, 0) + 1
                return areas
            renderer.layers._layers[panel.name].paint = counted
    return partial


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 5)])
def test_item_panels_repainted_in_parts_equal_them_painted_whole(players, seed):
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), players, seed)
    partial = watch_repaints(renderer)
    panels = [p for p in renderer.panels.values() if isinstance(p, ItemPanel)]
    scratch = renderer.layers.static.copy()
    checked = 0
    for _ in range(45):
        if not match.prompts():
            break
        step(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending:
            renderer.update(1 / 60)
            for panel in panels:
                if renderer.layers.shown_key(panel.name) != panel.key():
                    continue  # left for a later frame (REPAINT_BUDGET)
                layer = pygame.image.tobytes(renderer.layers.surface.subsurface(panel.rect), "RGB")
                assert layer == painted_whole(panel, scratch), panel.name
                checked += 1
    assert checked > 1000
    heads, bodies = (sum(n for name, n in partial.items() if name.startswith(part))
                     for part in ("head", "panel"))
    # (A head whose outline moves is repainted whole: in the setup's draft it moves with each
    # pick, so the first 45 steps give ~11-16 partial head repaints.)
    assert heads > 8 and bodies > 5 and partial.get("key", 0) > 0, partial


def test_no_layer_is_left_behind_its_key_once_nothing_is_pending():
    """The room's refresh looks only at the heads on frames where just the clock moved
    (USRenderer.refresh): at every frame of a played game with nothing left pending, every
    layer shows the key computed afresh."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 6)
    checked = 0
    for _ in range(40):
        if not match.prompts():
            break
        step(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
            if renderer.layers.pending or renderer.held_left:  # (left for the next frames)
                continue
            for panel in renderer.panels.values():
                if panel.LAYERED:
                    fresh = getattr(type(panel).key, "__wrapped__", type(panel).key)(panel)
                    assert renderer.layers.shown_key(panel.name) == fresh, panel.name
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("players, seed", [(2, 4), (4, 6)])
def test_every_layer_repainted_in_parts_equals_it_painted_afresh(players, seed):
    """The city (block by block), the rows and piles (slot by slot) and the item panels, brought
    up to date move after move, equal the whole board painted afresh over the background."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), players, seed)
    layers = renderer.layers
    for _ in range(40):
        if not match.prompts():
            break
        step(match, bots, renderer)
        while renderer.busy() or layers.pending:
            renderer.update(1 / 60)
        renderer.refresh()
        kept = pygame.image.tobytes(layers.surface, "RGB")
        layers.invalidate()
        layers.surface.blit(layers.static, (0, 0))
        renderer.refresh()
        assert kept == pygame.image.tobytes(layers.surface, "RGB")


@pytest.mark.parametrize("label", ["planning_back", "deck.town", "deck.city", "deck.metropolis"])
def test_a_piles_count_written_on_its_back_is_the_back_drawn_with_it(label):
    """A pile's back is drawn once per name and its count written on it (`deck_count`): the
    same pixels as the count drawn into the back, at every count."""
    pygame.init()
    name = t(label)
    lines = name.count("\n")
    backdrop = pygame.Surface((CARD[0] + 20, CARD[1] + 20))
    backdrop.fill(theme.BACKGROUND)
    rect = pygame.Rect((10, 10), CARD)
    for count in range(61):
        whole = sprites._back(name, CARD, CARD[1] // 2 - 16 - 14 * lines)
        left = theme.text(str(count), theme.SMALL_SIZE, theme.TEXT_DIM, True)
        whole.blit(left, left.get_rect(center=(CARD[0] // 2, CARD[1] // 2 + 18 + 14 * lines)))
        one, two = backdrop.copy(), backdrop.copy()
        one.blit(whole, rect)
        two.blit(sprites.deck_back(name, CARD), rect)
        sprites.deck_count(two, rect, name, count)
        assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(two, "RGB"), count


def built_afresh(panel: ItemPanel) -> ItemPanel:
    """A new panel like `panel` on the same room, with nothing built or remembered yet."""
    if isinstance(panel, SeatPart):
        fresh = type(panel)(panel.room, panel.rect, panel.name, panel.seat, panel.whole)
    else:
        fresh = type(panel)(panel.room, panel.rect, panel.name)
    fresh.targets(panel.room.view)  # a body places its chips as it lists its targets
    return fresh


@pytest.mark.parametrize("players, seed", [(2, 7), (4, 8)])
def test_item_panels_items_kept_and_remembered_equal_them_built_afresh(players, seed):
    """The items a panel keeps per section, remembers per key (a seat's pills, the key's turn)
    or per entry (a seat's foot), many of them built ahead (`prepare_ahead`, here at every
    frame), are, at every frame of played games, those a new panel builds from nothing: the
    same names and places, painting the same pixels."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), players, seed)
    panels = [p for p in renderer.panels.values() if isinstance(p, ItemPanel)]
    scratch = renderer.layers.static.copy()
    checked = prepared = 0
    for _ in range(50):
        if not match.prompts():
            break
        step(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending:
            renderer.update(1 / 60)
            prepared += renderer.prepare_ahead()
            for panel in panels:
                kept, fresh = panel.items(), built_afresh(panel)
                made = fresh.items()
                assert [(i.name, i.rect) for i in kept] == [(i.name, i.rect) for i in made]
                assert painted_whole(panel, scratch) == painted_whole(fresh, scratch), panel.name
                checked += 1
    assert checked > 1000 and prepared > 5  # (more at the opening deal: USRenderer.refresh)


def test_the_opening_deal_animated_right_after_a_reset_paints_every_layer_at_once():
    """A move animated while the whole board is redrawn anyway (the opening deal, right after
    the reset) repaints every layer then, not one a frame: nothing is left pending, and the
    layers equal them painted afresh."""
    pygame.init()
    match = Match(rules_for("urban_sprawl"), Config(3), 9)
    renderer = USRenderer(match.rules, match.config, ["Ana", "Bruno", "Carmen"])
    renderer.reset(match.view(0), 0)
    renderer.animate(match.resolve_chance(), match.view(0), 0)
    assert renderer.whole_board_due() and not renderer.layers.pending
    kept = pygame.image.tobytes(renderer.layers.surface, "RGB")
    renderer.layers.invalidate()
    renderer.refresh()
    assert kept == pygame.image.tobytes(renderer.layers.surface, "RGB")


def test_the_city_builds_ahead_each_buildings_sprites_with_and_without_its_cube():
    """Frames left to build ahead build, one a frame, the sprite of every building the view
    shows as it stands and without its cube (as it shows while cubes change hands), so that
    the frame a cube lands in finds its sprite made."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 4, 3)
    renderer.damage()  # (the first frame drawn: no longer the whole board due)
    for _ in range(60):
        step(match, bots, renderer)
    faces, built = renderer.faces, 0
    while renderer.city.prepare_ahead():
        built += 1
    owned = [b for b in renderer.view.buildings if b is not None and b.owner != NOBODY]
    assert owned and built
    for zone, lots, owner in filter(None, renderer.view.buildings):
        assert faces.has_building(zone, lots, owner) and faces.has_building(zone, lots, NOBODY)
    assert not renderer.city.prepare_ahead()


def test_a_frame_drawing_many_tweens_builds_nothing_ahead(monkeypatch):
    """A frame of running tweens builds one thing ahead at its draw only while it draws no
    more than PREPARE_AMONG of them."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 2)
    canvas = pygame.Surface((1920, 1080))
    asked = []
    monkeypatch.setattr(renderer, "prepare_ahead", lambda: asked.append(1) or False)
    for among, want in ((-1, 0), (100, 1)):
        monkeypatch.setattr(scene_module, "PREPARE_AMONG", among)
        step(match, bots, renderer)
        while renderer.busy() and renderer.layers.pending:
            renderer.update(1 / 60)
        asked.clear()
        assert renderer.busy()
        renderer.update(1 / 60)
        renderer.draw(canvas, None, None)
        assert len(asked) == want


MOVES_CHECKED = 200  # (enough for vocations taken and markers moved in both games)


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 12)])
def test_every_layers_kept_key_equals_its_key_worked_out_afresh(players, seed):
    """The keys kept per view fields read, holds and language (`by_view`'s `reads`) equal, at
    every frame of played games, the keys worked out afresh from the whole view."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), players, seed)
    layered = [panel for panel in renderer.panels.values() if panel.LAYERED]
    checked = 0
    for _ in range(MOVES_CHECKED):
        if not match.prompts():
            break
        step(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending:
            renderer.update(1 / 60)
            for panel in layered:
                fresh = getattr(type(panel).key, "__wrapped__", type(panel).key)(panel)
                assert panel.key() == fresh, panel.name
                checked += 1
    assert checked > 3000


def test_a_count_ups_figures_are_all_made_ahead_before_it_lands():
    """While a gain flies in, the frames that build ahead make every figure its head will
    count through (from the one shown to the final one), so no frame of the count-up
    renders one (SeatHead.prepare_ahead, then nothing more for that view)."""
    pygame.init()
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), 3, 5)
    renderer.damage()
    counted = 0
    for _ in range(120):
        step(match, bots, renderer)
        renderer.update(1 / 60)
        ranges = []
        for head in renderer.heads:
            seat, view = head.seat, renderer.view
            final = view.wealth[seat]
            shown = final - renderer.counting(seat, "wealth")
            if shown != final:
                ranges.append(range(min(shown, final), max(shown, final) + 1))
        if not ranges:
            continue
        while any(head.prepare_ahead() for head in renderer.heads):
            pass
        made = theme.text.cache_info().misses
        for values in ranges:
            for value in values:
                figure_text("wealth", value)
        assert theme.text.cache_info().misses == made
        counted += 1
    assert counted > 3


def watch_outline_repaints(renderer: USRenderer, shell: bool = False) -> dict[str, list[float]]:
    """Per kind of seat part ("head", "panel"): the share of the part's area each repaint put
    back in which the turn's outline alone changed (filled in as the game is played); `shell`:
    the share the shell redraws and presents for it (the areas widened to whole columns and
    joined where they overlap: damage.merge)."""
    shares: dict[str, list[float]] = {"head": [], "panel": []}
    for part in (p for p in renderer.panels.values() if isinstance(p, SeatPart)):
        paint = part.paint

        def watched(surf: pygame.Surface, part=part, paint=paint) -> list[pygame.Rect]:
            before = dict(part.drawn or {})
            areas = paint(surf)
            changed = {name for name, item in part.drawn.items() if name not in before
                       or (before[name].look, before[name].rect) != (item.look, item.rect)}
            if before and changed and all(name[0] == "outline" for name in changed):
                shown = merge([a.move(BOARD_RECT.topleft) for a in areas], CANVAS) if shell \
                    else areas
                share = sum(a.w * a.h for a in shown) / (part.rect.w * part.rect.h)
                shares[part.name.rstrip("0123456789")].append(share)
            return areas
        part.paint = renderer.layers._layers[part.name].paint = watched
    return shares


def test_a_change_of_turn_repaints_the_outline_strips_not_the_seats_panels():
    """The turn's outline is one item per edge of a seat's head and body; the edges' strips do
    not overlap (overlapping ones would be joined into their union, the whole part) and are not
    joined for being near, so a part whose outline alone came or went repaints three strips,
    a small share of its area."""
    shares = None
    for renderer in frames(2, 3, update=False):
        shares = shares or watch_outline_repaints(renderer)
        renderer.update(1 / 60)
    for kind, seen in shares.items():
        assert len(seen) >= 4 and max(seen) < 0.15, (kind, seen)


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 2)])
def test_a_change_of_turn_redraws_thin_strips_of_the_screen_not_the_seats_panels(players, seed):
    """The outline's strips stay apart once the shell widens them to whole columns (the line's
    ends fall in the sides' columns: seat_part.outline_strips), so a change of turn redraws
    and presents thin strips, not a seat's whole panel (they were joined into it: 0.25-0.3 ms
    of redrawing and presenting at each change of turn in 2p)."""
    shares = None
    for renderer in frames(players, seed, update=False):
        shares = shares or watch_outline_repaints(renderer, shell=True)
        renderer.update(1 / 60)
    for kind, seen in shares.items():
        assert len(seen) >= 4 and max(seen) < 0.3, (kind, seen)


def test_a_seats_outline_items_are_built_once_per_state_not_at_each_change_of_turn():
    """A part's outline items are remembered for both states (outlined or not), so that a
    change of turn builds none: its frame repaints the strips and nothing more."""
    built: list[tuple[str, bool]] = []
    build = SeatPart.outline_items

    def counted(part: SeatPart, *edges: str) -> list:
        built.append((part.name, part.seat == turn_seat(part.room.view)))
        return build(part, *edges)
    SeatPart.outline_items = counted  # type: ignore[method-assign]
    try:
        changes, last = 0, None
        for renderer in frames(2, 3, moves=90):
            active = turn_seat(renderer.view)
            changes += last is not None and active != last
            last = active
    finally:
        SeatPart.outline_items = build  # type: ignore[method-assign]
    assert changes >= 6
    assert len(built) == len(set(built)) <= 8, built  # two states of two parts of two seats
