"""French Quarter's heavy frames sliced: listing a region's groups, another seat's large sheet,
the map's labels each take steps of their own; what is painted once (the Mayor card's faces,
Mayor Carly's panel, the dice's tumbling faces) is what painting it in place gives."""

from __future__ import annotations

import os
import random
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.french_quarter import map_layout
from game.games.french_quarter import sprites as sp
from game.games.french_quarter.layout import CLOSED_RGB, PiecePanel
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scene import AHEAD_STEPS_LIGHT, LIGHT_TWEENS, FQRenderer
from game.games.french_quarter.state import CARLY
from game.games.french_quarter.tweens import Flash, draw_strip, tumble_faces
from tests.games.scene_match import scene_match, step

MAYOR = (("mayor", True), ("tourism", True))


def busy_renderer(players: int, seed: int, options: tuple = (), moves: int = 6):
    """A renderer a few moves into a match, mid-animation (its timeline not empty)."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    for _ in range(moves):
        step(match, bots, renderer)
        for _ in range(200):
            if not renderer.busy():
                break
            renderer.update(1 / 60)
    while not renderer.timeline:
        step(match, bots, renderer)
    return match, bots, renderer


@pytest.mark.parametrize("players", [2, 4])
def test_groups_listed_for_holds_alike_serve_now_s_holds(players):
    """Groups listed for holds like now's but another object (the work ahead lists for holds
    it worked out; the frame that repaints holds the timeline's) are found for now's."""
    _, _, renderer = busy_renderer(players, 5)
    for panel in renderer.painted:
        alike = Counter(panel.holds)
        assert alike is not panel.holds
        listed = panel.builds_for(alike)
        assert panel.listed(panel.holds) is listed, panel.name


def test_listing_a_regions_groups_is_a_step_of_its_own():
    """A build step that finds the groups for its holds not listed lists them and builds
    none; the next step builds one."""
    _, _, renderer = busy_renderer(3, 2)
    sheet = renderer.sheet
    holds = Counter({("meter", 0, 0): 1})  # holds nothing listed was for
    assert sheet.listed(holds) is None
    kept = len(sheet.groups.kept)
    sheet.groups.kept.clear()
    assert sheet.build_step(holds) and not sheet.groups.kept
    assert sheet.listed(holds) is not None
    assert sheet.build_step(holds) and len(sheet.groups.kept) == 1
    assert kept


def test_preparing_the_other_seats_sheets_lists_one_seat_a_step():
    """SheetPanel.prepare lists at most one seat's large sheet a call (once per view), and
    still builds every group of every other seat's."""
    _, _, renderer = busy_renderer(4, 7)
    sheet = renderer.sheet
    listed: list[int] = []
    real = sheet._large_builds

    def counting(view, seat, holds):
        listed.append(seat)
        return real(view, seat, holds)

    sheet._large_builds = counting
    sheet._prepared = None
    sheet.groups.kept.clear()
    steps = 0
    while True:
        before = len(listed)
        more = sheet.prepare(renderer.view)
        assert len(listed) - before <= 1
        steps += 1
        if not more:
            break
    others = [s for s in range(4) if s != renderer.large]
    assert sorted(listed) == others
    for seat in others:
        assert all(sheet.groups.has(build, *args)
                   for build, args in real(renderer.view, seat, sheet.holds)), seat
    assert steps > len(others)


def test_the_maps_labels_are_placed_a_few_a_step_as_all_at_once(monkeypatch):
    """The map's labels placed ahead take several steps, LABELS_A_STEP names at most each,
    and come out where placing them all at once puts them."""
    _, _, renderer = busy_renderer(3, 4, MAYOR)
    panel, layout = renderer.board_panel, renderer.board_panel.map
    args = panel._shape_args(panel.holds, outlined=False)
    whole = map_layout.MapLayout._placed_labels(layout, layout._moving(
        args["line"], args["personal"], args["head"]), args["closed"], args["head"],
        args["names"], args["sign"])
    layout._named.clear()
    layout._placing.clear()
    placed: list[int] = []
    real = layout._place_name

    def counting(street, *rest):
        placed.append(street)
        return real(street, *rest)

    monkeypatch.setattr(layout, "_place_name", counting)
    steps = 0
    while layout.prepare(**args):
        steps += 1
        assert len(placed) <= map_layout.LABELS_A_STEP
        placed.clear()
        if layout._named:
            break
    assert steps > 2
    key = next(iter(layout._named))
    sign, names = layout._named[key]
    assert sign == whole[0] and names == whole[1]


def calls_in_a_step_once_built(monkeypatch, panel, owner, name: str) -> list[tuple]:
    """The calls to `owner.name` in one more build step of `panel` once all its groups are
    built (that step must find nothing to build)."""
    while panel.build_step():
        pass
    calls: list[tuple] = []
    real = getattr(owner, name)
    monkeypatch.setattr(owner, name, lambda *a, **kw: calls.append((a, kw)) or real(*a, **kw))
    assert not panel.build_step()
    return calls


def test_the_maps_layout_is_looked_up_once_per_what_it_shows(monkeypatch):
    """Once the map's layout is made for what it shows, a build step asks the layout nothing
    again (every frame asked before its groups were built)."""
    _, _, renderer = busy_renderer(2, 3)
    panel = renderer.board_panel
    assert not calls_in_a_step_once_built(monkeypatch, panel, panel.map, "prepare")


def test_the_mayor_cards_faces_are_what_painting_them_in_place_gives():
    """Each Mayor card's face, painted once over the static background, is what painting the
    card where it lies gives."""
    pygame.init()
    _, _, renderer = scene_match(FQRenderer, FrenchQuarter(), 1, 3)
    cards, static = renderer.cards, renderer.layers.static
    rect = cards.mayor_rect
    for card in range(-1, len(renderer.board.mayor)):
        in_place = static.copy()
        cards._paint_mayor(in_place, card, rect)
        face = cards._mayor_face(card)
        assert pygame.image.tobytes(face, "RGB") == pygame.image.tobytes(
            in_place.subsurface(rect), "RGB"), card


def test_carlys_panel_is_what_painting_it_in_place_gives():
    """Mayor Carly's panel painted once, with her dice over it, is what painting her frame,
    name, hint and dice where the panel lies gives."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 1, 6)
    taken: tuple = ()
    for _ in range(60):  # until she has taken dice
        step(match, bots)
        taken = tuple((d, v) for d, v, tk in match.view(0).dice if tk == CARLY)
        if taken:
            break
    assert taken
    renderer.reset(match.view(0), 0)
    renderer.refresh()
    sheet = renderer.sheet
    rect = sheet.panel_rects()[0]
    in_place = renderer.layers.static.copy()
    sheet._panel_frame(in_place, rect, CARLY, False)
    sheet._paint_carly(in_place, rect)
    for piece in sheet._carly_pieces(tuple(rect), taken)[1:]:
        piece.paint(in_place)
    assert pygame.image.tobytes(renderer.layers.surface.subsurface(rect), "RGB") == \
        pygame.image.tobytes(in_place.subsurface(rect), "RGB")


def test_a_dies_tumbling_faces_are_its_seeds_draws():
    """The faces a die rolls through, made once per index, are what its seed draws."""
    for seed in range(20):
        rng = random.Random(seed)
        assert tumble_faces(seed) == tuple(rng.randint(1, 6) for _ in range(8))


def test_a_regions_rects_are_its_pieces_rects_made_once_per_group():
    """Every frame of a played stretch, a region's rects are its pieces' rects; a group's are
    made once, and an entry left under a group's id by another group is not taken for it."""
    match, bots, renderer = busy_renderer(3, 9)
    checked = 0
    for _ in range(8):
        step(match, bots, renderer)
        for _ in range(120):
            renderer.update(1 / 60)
            for panel in renderer.painted:
                region = panel.region
                assert region.rects == [pygame.Rect(p.rect) for p in region.shown], panel.name
                checked += 1
            if not renderer.busy():
                break
    assert checked > 100
    region = renderer.sheet.region
    group = region.groups[-1]
    assert region._rects_of(group) is region._rects_of(group)
    other = tuple(group)[:-1]  # another group, its rects wrongly kept under this one's id
    region._group_rects[id(group)] = (other, [pygame.Rect(p.rect) for p in other])
    assert region._rects_of(group) == [pygame.Rect(p.rect) for p in group]


def test_a_build_step_that_found_every_group_built_looks_no_more(monkeypatch):
    """Once a build step found every group of its list built, the next one for that list
    looks none up again (the repaint's frames each asked)."""
    _, _, renderer = busy_renderer(4, 3)
    sheet = renderer.sheet
    assert not calls_in_a_step_once_built(monkeypatch, sheet, sheet.groups, "has")


@pytest.mark.parametrize("players, options", [(1, ()), (2, ()), (4, MAYOR)])
def test_a_card_turning_up_paints_what_drawing_its_strip_gives(players, options):
    """A card's flash at every width of its strip (its halves copied from the full strip from
    twice the corner radius on, drawn below that) paints what drawing the strip gives, over
    whatever lies under it, for each deck's card and the Mayor card."""
    pygame.init()
    _, _, renderer = scene_match(FQRenderer, FrenchQuarter(), players, 2, options)
    cards = renderer.cards
    flashes = [(rect, sp.DECK_RGB[deck]) for deck, rect in cards.card_rects.items()]
    if renderer.mayor:
        flashes.append((cards.mayor_rect, CLOSED_RGB))
    under = pygame.Surface((200, 240))
    for k in range(0, 240, 6):  # stripes: a corner keyed out shows them, a wrong pixel not
        under.fill((k, 255 - k, 90), (0, k, 200, 3))
    for rect, color in flashes:
        card = pygame.Rect((20, 20), rect.size)
        flash = Flash(card, color)
        for width in range(2, card.w + 1):
            painted, drawn = under.copy(), under.copy()
            flash(painted, width / card.w)
            draw_strip(drawn, flash.strip(width / card.w), color)
            assert flash.strip(width / card.w).w == width
            assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(drawn, "RGB"), (
                rect.size, color, width)


@pytest.mark.parametrize("players, options, seed", [(1, (), 1), (2, (), 4), (4, MAYOR, 5)])
def test_a_change_built_ahead_is_found_built_when_it_comes(monkeypatch, players, options,
                                                           seed):
    """Once the work ahead has built what every tween's end leads to (a round's start leads
    its cards to a dozen), no repaint lists or builds a group again: each change is painted
    in the frame its tween ends, not a build step then and the repaint the frame after."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    late: list[str] = []
    build_step = PiecePanel.build_step

    def noted(panel, holds=None):
        built = build_step(panel, holds)
        memo = panel._futures
        if (built and holds is None and memo is not None and memo[0] is panel.view
                and memo[2] >= len(memo[1])):  # all it leads to built, yet a step now
            late.append(panel.name)
        return built
    monkeypatch.setattr(PiecePanel, "build_step", noted)
    rounds_started = 0
    for _ in range(40):
        if not match.prompts():
            break
        _, _, events = step(match, bots, renderer)
        rounds_started += any(ev.kind == "die_rolled" for ev in events)
        for _ in range(240):
            renderer.update(1 / 60)
            if not renderer.busy():
                break
    assert rounds_started and late == []


def test_a_frame_with_few_tweens_painting_takes_more_steps_ahead():
    """While at most LIGHT_TWEENS tweens paint (a round's start opens with its ring and
    banner alone), a frame takes AHEAD_STEPS_LIGHT steps of work ahead, else one; tweens
    still waiting and those only holding do not count."""
    _, _, renderer = busy_renderer(2, 5)
    timeline = renderer.timeline
    timeline.clear()
    paint = (lambda canvas, p: None)
    for _ in range(LIGHT_TWEENS):
        timeline.add(0.0, 1.0, paint)
    timeline.add(0.0, 1.0, None, holds=(("die", 0),))  # holds only
    timeline.add(5.0, 1.0, paint)  # waits
    assert renderer._ahead_steps() == AHEAD_STEPS_LIGHT > 1
    timeline.add(0.0, 1.0, paint)
    assert renderer._ahead_steps() == 1
