"""French Quarter's frames do their work ahead or once: what is kept (regions' keys, each seat's
points, the map's layouts and groups made ahead, the hatching, the tags' words) is what working
it out afresh gives, and the frames it was made for find it made."""

from __future__ import annotations

import os
from collections import Counter
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.french_quarter.layout import PiecePanel
from game.games.french_quarter.map_panel import MapPanel, hatch_image
from game.games.french_quarter.pieces import GROUPS_KEPT, Groups, changed, piece
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scene import AHEAD_STEPS_LIGHT, FQRenderer
from game.games.french_quarter.sheet_panel import SHEET_HOLDS
from game.ui import theme
from game.ui.paint import Popup
from game.ui.tween import Tween
from tests.games.scene_match import scene_match, step

MAYOR = (("mayor", True), ("tourism", True))


def frames(renderer, limit: int = 240):
    """Update the renderer a 60th of a second at a time while it is busy; yield after each."""
    for _ in range(limit):
        renderer.update(1 / 60)
        yield
        if not renderer.busy():
            return


@pytest.mark.parametrize("players, options, seed", [(1, (), 3), (4, MAYOR, 5)])
def test_a_regions_key_kept_is_what_it_shows_now(players, options, seed):
    """A panel's key is worked out once per view, holds and active seat: at every frame it
    equals what the panel shows worked out afresh."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    checked = 0
    for _ in range(30):
        step(match, bots, renderer)
        for _ in frames(renderer):
            for panel in renderer.painted:
                assert panel.key() == panel.shows(), panel.name
                checked += 1
    assert checked > 300


@pytest.mark.parametrize("players, options, seed", [(2, (), 4), (4, MAYOR, 5)])
def test_a_panels_builds_kept_are_what_it_builds_now(players, options, seed):
    """A panel's builds are worked out once per view, holds, active seat and language: at every
    frame, for now's holds and those the running tweens lead to, they equal `builds` worked
    out afresh (and a second ask is answered from what was kept); and for one holds object
    kept across views (the timeline hands out the same one until its queue changes)."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    none_held: Counter = Counter()
    checked = 0
    for _ in range(25):
        step(match, bots, renderer)
        for _ in frames(renderer):
            for panel in renderer.painted:
                for holds in (none_held, panel.holds, *panel.futures()):
                    kept = panel.builds_for(holds)
                    assert kept == panel.builds(holds), panel.name
                    assert panel.builds_for(holds) is kept
                    checked += 1
    assert checked > 300


def test_each_seats_points_kept_are_the_rules_points():
    """Each seat's points are added up again only when its sheet changed: after every move of a
    whole game (to the Vacation cards scored at its end), they are the rules' scores."""
    pygame.init()
    rules = FrenchQuarter()
    match, bots, renderer = scene_match(FQRenderer, rules, 3, 8, MAYOR)
    moves = 0
    while not match.is_over() and moves < 400:
        step(match, bots, renderer)
        renderer.timeline.clear()
        assert renderer.totals == [sum(x.values()) for x in rules.scores(renderer.view)]
        moves += 1
    assert match.is_over()


class CountedGroups(Groups):
    """Groups that note each group they build (in `built`)."""

    def __init__(self, kept: dict, built: list) -> None:
        """These groups, noting in `built`."""
        super().__init__()
        self.kept, self.built = kept, built

    def build(self, build, args):
        """The group built now, noted."""
        self.built.append(build)
        return super().build(build, args)


def counted(renderer, panels) -> list:
    """The list each group these panels build from now on is noted in."""
    built: list = []
    for panel in panels:
        panel.groups = CountedGroups(panel.groups.kept, built)
    return built


def fresh_shapes(panel: MapPanel, holds) -> object:
    """The map laid out for these holds with nothing the layout keeps."""
    layout = panel.map
    kept = layout._named, layout._pawn_spots
    layout._named, layout._pawn_spots = {}, {}
    try:
        return layout.shapes(**panel._shape_args(holds))
    finally:
        layout._named, layout._pawn_spots = kept


def same_shapes(a, b) -> bool:
    """True if two MapShapes place everything alike."""
    fields = ("lines", "hatch", "names", "sign", "head", "values", "pawns")
    return all(getattr(a, f) == getattr(b, f) for f in fields)


@pytest.mark.parametrize("players, options, seed", [(2, MAYOR, 5), (4, (), 7)])
def test_the_map_laid_out_ahead_is_laid_out_afresh_and_found_made(players, options, seed):
    """Frames with time to spare lay the map out, and build its groups, for each set of holds
    its running tweens leave as they end: the map shown at every frame is what laying it out
    afresh gives, and the frame a walk, a value or a line ends lays nothing out and builds no
    group when the work ahead was done; no frame does more than one step of it (a few while
    at most LIGHT_TWEENS tweens paint)."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    panel = renderer.board_panel
    work = counted(renderer, (panel,))
    layout = panel.map
    spot, place = layout._find_pawn_spot, layout._place_labels
    layout._find_pawn_spot = lambda *a: work.append("spot") or spot(*a)
    layout._place_labels = lambda *a: work.append("labels") or place(*a)
    found = 0
    for _ in range(40):
        step(match, bots, renderer)
        renderer.update(1 / 60)  # the move's first frame: nothing ahead yet
        while renderer.busy():
            key, ready = panel.key(), renderer._ahead_done
            del work[:]
            renderer.update(1 / 60)
            # a step a frame, a layout's or a group (a few while few tweens paint)
            assert len(work) <= renderer._ahead_steps(), work
            if panel.key() != key and ready:
                assert work == [], work
                found += 1
            assert same_shapes(panel.shapes(), fresh_shapes(panel, renderer.holds))
    assert found > 2


def test_a_changed_region_builds_a_group_a_frame_before_it_is_painted():
    """After a move, a frame builds at most one group of pieces (the region changed, else the
    work ahead; a few ahead while at most LIGHT_TWEENS tweens paint): no frame builds a whole
    sheet's text at once."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 4, 9)
    built = counted(renderer, renderer.painted)
    most, frames_seen = 0, 0
    for _ in range(30):
        step(match, bots, renderer)
        for _ in frames(renderer):
            assert len(built) <= max(1, renderer._ahead_steps())
            most = max(most, len(built))
            frames_seen += 1
            del built[:]
    assert frames_seen > 100 and 1 <= most <= AHEAD_STEPS_LIGHT


def test_the_hatching_kept_per_size_is_each_streets_own():
    """The closed street's hatching is painted once per size: for every street it is what
    painting that street's alone gives."""
    pygame.init()
    _match, _bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 2, 5, MAYOR)
    panel = renderer.board_panel
    kept = dict(panel._closed)
    assert len(kept) == 2  # warmed: one per axis
    for street in panel.board.streets:
        rect = panel.map.street_rect(street.index)
        fresh = pygame.image.tobytes(hatch_image({}, rect), "RGBA")
        assert pygame.image.tobytes(hatch_image(kept, rect), "RGBA") == fresh


def test_every_tag_and_banner_shows_words_rendered_ahead():
    """The rising tags and the banners of whole games show only words the room renders when it
    is made, never words (nor a font) first rendered in their own frame."""
    pygame.init()
    for players, options, seed in ((1, (), 2), (3, MAYOR, 4)):
        rules = FrenchQuarter()
        match, bots, renderer = scene_match(FQRenderer, rules, players, seed, options)
        ahead = set(renderer._tag_texts())
        shown = set()
        while not match.is_over():
            step(match, bots, renderer)
            shown |= {(tw.paint.label, tw.paint.size) for tw in renderer.timeline.tweens
                      if isinstance(tw.paint, Popup)}
            renderer.timeline.clear()
        assert shown and shown <= ahead, shown - ahead


def test_groups_let_the_least_recently_used_half_go():
    """Groups kept past GROUPS_KEPT: the least recently used half go, those asked for lately
    (the ones shown now) stay, and each group asked for is what building it gives."""
    groups, built = Groups(), []

    def build(n):
        built.append(n)
        return [n]
    for n in range(GROUPS_KEPT):
        groups(build, n)
    groups(build, 0)  # used again: the most recent now
    groups(build, GROUPS_KEPT)  # one too many: half go
    assert groups.has(build, 0) and groups.has(build, GROUPS_KEPT)
    assert not groups.has(build, 1) and groups.has(build, GROUPS_KEPT // 2 + 1)
    assert len(groups.kept) == GROUPS_KEPT // 2 + 1
    assert groups(build, 1) == (1,) and built.count(1) == 2


@pytest.mark.parametrize("players, options, seed", [(2, MAYOR, 5), (4, (), 7)])
def test_every_piece_paints_only_inside_its_rect(players, options, seed):
    """A region repaints a changed piece's rect alone: every piece of every panel, painted on
    its own, changes no pixel outside its rect (the compact panels' cells, names and rows)."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    canvas, key = pygame.Surface(renderer.layers.surface.get_size()), (255, 0, 255)
    seen = set()
    for _ in range(30):
        step(match, bots, renderer)
        renderer.timeline.clear()
        renderer.refresh()
        for panel in renderer.painted:
            for p in (p for group in panel.pieces() for p in group):
                if p in seen:
                    continue
                seen.add(p)
                canvas.fill(key)
                p.paint(canvas)
                mask = pygame.mask.from_threshold(canvas, key, (1, 1, 1, 255))
                mask.invert()
                for painted in mask.get_bounding_rects():
                    assert pygame.Rect(p.rect).contains(painted), (p.what, p.rect, painted)
    assert len(seen) > 100


def holds_after_each_end(panel) -> list[Counter]:
    """`futures` worked out the plain way: for each end of a tween holding what the panel
    shows, the holds of every tween still running then (a late one only once started)."""
    tweens = panel.room.timeline.tweens
    ends = sorted({tw.end for tw in tweens if any(k[0] in panel.HOLDS for k in tw.holds)})
    out = []
    for end in ends:
        held: Counter = Counter()
        for tw in tweens:
            if tw.end > end and (not tw.late or tw.start <= end):
                held.update(tw.holds)
        out.append(held)
    return out


def test_the_holds_to_come_are_those_of_the_tweens_still_running():
    """A panel's `futures` (read once per view) are, at every frame, the holds of the tweens
    running past each end, late ones once started."""
    pygame.init()
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), 4, 5, MAYOR)
    seen = 0
    for _ in range(25):
        step(match, bots, renderer)
        for _ in frames(renderer):
            for panel in renderer.painted:
                futures = panel.futures()
                assert futures == holds_after_each_end(panel), panel.name
                seen += len(futures)
    assert seen > 50


def test_a_late_tween_holds_in_the_holds_to_come_only_once_started():
    """A `late` tween (its holds apply once it has started) holds in the holds after an end
    only if it has started by then; a tween holding nothing the panel shows sets no end."""
    tweens = [Tween(0.0, 1.0, holds=(("meter", 0, 1),)), Tween(0.0, 3.0, holds=(("umb", 0),)),
              Tween(2.0, 2.0, holds=(("line", 0),), late=True),
              Tween(0.0, 0.5, holds=(("pawn", 1),))]
    panel = SimpleNamespace(HOLDS=SHEET_HOLDS,
                            room=SimpleNamespace(timeline=SimpleNamespace(tweens=tweens)))
    futures = PiecePanel.futures(panel)
    assert futures == [Counter({("umb", 0): 1}), Counter({("line", 0): 1}), Counter()]
    assert futures == holds_after_each_end(panel)


def test_changed_pieces_are_those_in_one_list_and_not_the_other():
    """`changed` compares pieces by what they show and their rect (never their painter),
    as multisets: a piece twice in one list and once in the other has changed."""
    def paint(_surface):
        return None

    a, b, c = (piece(("x", n), (n, 0, 4, 4), paint) for n in range(3))
    again = piece(("x", 0), (0, 0, 4, 4), lambda _surface: None)  # another painter: the same
    assert changed([a, b], [again, b]) == []
    assert changed([a, b], [a, c]) == [pygame.Rect(b.rect), pygame.Rect(c.rect)]
    assert changed([a, a], [a]) == [pygame.Rect(a.rect)]


def test_each_seats_spot_in_each_building_is_found_with_the_room():
    """A walk's set-up finds every building's spot of a lone tourist made (MapPanel.warm),
    and each one is where a fresh search puts it."""
    pygame.init()
    _, _, renderer = scene_match(FQRenderer, FrenchQuarter(), 3, 2)
    layout = renderer.board_panel.map
    kept = dict(layout._pawn_spots)
    for seat in range(3):
        for b in range(len(layout.bld)):
            key = layout._spot_key(seat, b, None, ())
            assert key in kept, (seat, b)
            assert kept[key] == layout._find_pawn_spot(seat, b, None, ())


@pytest.mark.parametrize("players, options, seed", [(1, (), 3), (2, (), 4), (4, MAYOR, 5)])
def test_the_texts_a_game_shows_are_rendered_with_the_room(monkeypatch, players, options,
                                                           seed):
    """Points, a meter's numbers, multipliers and bonus letters, the footer's counts, the map's
    values and signs: through a game's moves no frame renders a text the room did not render
    when it was made (a first render cost 0.15-0.35 ms of the frame that showed it)."""
    pygame.init()
    rendered: list[str] = []
    font = theme.font

    class Counted:
        """A font noting each line it renders."""

        def __init__(self, inner):
            self.inner = inner

        def render(self, message, *args):
            rendered.append(message)
            return self.inner.render(message, *args)

        def __getattr__(self, name):
            return getattr(self.inner, name)
    monkeypatch.setattr(theme, "font", lambda *args, **kw: Counted(font(*args, **kw)))
    match, bots, renderer = scene_match(FQRenderer, FrenchQuarter(), players, seed, options)
    del rendered[:]  # (those the room renders as it is made)
    for _ in range(60):
        if not match.prompts():  # the game is over
            break
        step(match, bots, renderer)
        for _ in frames(renderer):
            pass
    assert rendered == [], repr(rendered)
