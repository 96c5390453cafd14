"""Explore New York works out ahead what a later frame would, and keeps what a move leaves as
it was: a move's boxes in a quiet frame before its counts start (LiveBoxes.count_ahead), every
seat's targets merged again only for another board or other revealed cards
(ENYRenderer.place_targets), a map's key worked out again only when its seat's sheet or own
holds changed (MapPanel.key, ENYRenderer.seat_holds)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.core import Event
from game.games.explore_new_york import cards_panel, live_boxes, map_paint
from game.games.explore_new_york.live_boxes import LiveBoxes
from game.games.explore_new_york.map_panel import MapPanel
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import ENYRenderer
from game.games.explore_new_york.score_panel import BoxPanel
from game.games.explore_new_york.scoring import best_route
from game.ui.render_kit import Batch, Layers
from tests.games.explore_new_york.support import settle_spread
from tests.games.scene_match import scene_match, step


def test_a_moves_boxes_are_worked_out_in_a_quiet_frame_before_its_counts_start():
    """Frame after frame of bots' moves: a move's frame works out none of its boxes (it has
    enough to do), nearly every move's boxes are known before their counts start, and the boxes end
    on the best route's points."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 3)
    known_at_count = []
    count = renderer._count

    def counted(recount):
        known_at_count.append(renderer._boxes_known(recount.view, recount.seat))
        count(recount)
    renderer._count = counted
    for _ in range(40):
        if match.is_over():
            break
        waiting = len(renderer._to_count)
        step(match, bots, renderer)
        renderer.damage(False)
        for recount in renderer._to_count[waiting:]:  # this move's: not worked out yet
            assert not renderer._boxes_known(recount.view, recount.seat)
        for _ in range(20):
            renderer.update(1 / 60)
            renderer.damage(False)
    while renderer.busy():
        renderer.update(1 / 60)
        renderer.damage(False)
    assert len(known_at_count) > 10
    # (a few are known anyway: a seat's next move works out its sheet before it as `before`)
    assert sum(known_at_count) >= len(known_at_count) - 2
    view = match.view(0)
    for seat in range(4):
        route = match.rules.route(view, seat)
        assert renderer.shown_box(seat, 6).points == route.total


def test_a_busy_frame_works_out_no_boxes_ahead():
    """A frame where a move landed leaves the boxes for a later frame; one where a box counts
    up works them out (at four seats a box counts in most frames: a move's boxes were then
    worked out in the frame its counts start, on top of its own repaints)."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 3)
    worked: list[int] = []
    boxes_of = LiveBoxes._sheet_boxes_of

    def noted(view, seat):
        worked.append(seat)
        return boxes_of(renderer, view, seat)
    renderer._sheet_boxes_of = noted
    ahead = 0
    for _ in range(12):
        step(match, bots, renderer)
        worked.clear()
        renderer._frame_busy = True  # a move landed
        renderer.count_ahead()
        assert worked == []
        renderer._score_hold = {(0, "total"): 0.5}  # a box counting up
        renderer.count_ahead()
        ahead += len(worked)
        renderer._score_hold = {}
    assert ahead > 3


def test_a_frame_that_repaints_landed_strokes_or_boxes_does_no_work_ahead(monkeypatch):
    """Frame after frame of bots' moves: a frame whose refresh painted a map's or the column's
    parts (strokes landing, a spread step) or more than QUIET_BOXES boxes is busy when
    `count_ahead` asks (so the route search ahead lands in a lighter frame); one where boxes
    count up without repainting more is not."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 3)
    painted: list[str] = []
    paint_region = Layers.paint_region

    def noted(self, name, *args, **kwargs):
        painted.append(name)
        return paint_region(self, name, *args, **kwargs)
    monkeypatch.setattr(Layers, "paint_region", noted)
    seen = {"parts": 0, "boxes": 0, "quiet": 0}
    count_ahead, count = renderer.count_ahead, renderer._count
    queued: list[object] = []  # counts queued this frame (busy: LiveBoxes._count)

    def counted(recount):
        queued.append(recount)
        count(recount)
    renderer._count = counted

    def checked():
        boxes = sum(name.startswith(("box", "total")) for name in painted)
        parts = len(painted) - boxes
        if parts:
            seen["parts"] += 1
        if boxes > live_boxes.QUIET_BOXES:
            seen["boxes"] += 1
        if parts or boxes > live_boxes.QUIET_BOXES:
            assert renderer._frame_busy
        elif not queued:  # (a box counting up, or none)
            seen["quiet"] += 1
            assert not renderer._frame_busy
        return count_ahead()
    renderer.count_ahead = checked
    for _ in range(30):
        if match.is_over():
            break
        queued.append("a move")  # its frame is busy
        step(match, bots, renderer)
        renderer.damage(False)
        for _ in range(20):
            painted.clear()
            queued.clear()
            renderer.update(1 / 60)
            renderer.damage(False)
    assert min(seen.values()) > 3, seen


def test_targets_are_merged_again_only_for_other_cards_or_another_board():
    """Moves that keep the revealed cards keep every seat's targets as they were (the same
    dicts); new revealed cards are every seat's card targets at once."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 3, 5)
    renderer.set_humans((0, 1, 2))
    kept = changed = 0
    for _ in range(60):
        if match.is_over():
            break
        was, revealed = renderer.seat_rects, renderer.view.revealed
        step(match, bots, renderer)
        view = renderer.view
        if view.revealed == revealed and renderer._own_targets is renderer._placed[0]:
            kept += renderer.seat_rects is was
        else:
            changed += 1
        for seat, rects in renderer.seat_rects.items():
            cards = {target for target in rects if target[0] == "card"}
            assert cards == {("card", c) for c in view.revealed}
            assert rects.items() >= renderer._own_targets[seat].items()
    assert kept > 10 and changed > 3


def test_a_move_keeps_the_other_maps_keys_and_no_key_goes_stale():
    """A move changes one seat's sheet and holds: every map whose sheet and own holds stayed
    the same keeps its key (the very object), and every key equals the one worked out afresh,
    frame after frame."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 2)
    kept = 0
    for _ in range(40):
        if match.is_over():
            break
        keys = {seat: panel.key() for seat, panel in renderer.maps.items()}
        sheets, own = renderer.view.sheets, {s: renderer.seat_holds(s) for s in keys}
        step(match, bots, renderer)
        for _ in range(8):
            for seat, panel in renderer.maps.items():
                fresh = frozenset(hold[2:] for hold in renderer.holds
                                  if hold[0] == "seat" and hold[1] == seat)
                assert panel.key() == panel._marks(renderer.view.sheets[seat], fresh)
            renderer.update(1 / 60)
            renderer.damage(False)
        for seat, panel in renderer.maps.items():
            same_holds = renderer.seat_holds(seat) == own[seat]
            if renderer.view.sheets[seat] is sheets[seat] and same_holds:
                assert panel.key() is keys[seat]
                kept += 1
    assert kept > 20


def texts_rendered(monkeypatch, cleared: bool = False) -> list[tuple]:
    """The arguments of every `theme.text` call from now on (each text still rendered);
    `cleared` empties its cache first, so that every text made counts."""
    pygame.init()
    from game.ui import theme
    if cleared:
        theme.text.cache_clear()
    rendered: list[tuple] = []
    text = theme.text

    def noted(*args):
        rendered.append(args)
        return text(*args)
    monkeypatch.setattr(theme, "text", noted)
    return rendered


def test_the_column_header_of_a_new_turn_was_rendered_in_a_quiet_frame_before(monkeypatch):
    """The lines a turn's end and its cards turning over show (the next turn's number, its
    first player, the cards left) are rendered ahead (CardsPanel.warm_header): the frame where
    they change renders none for the first time."""
    rendered = texts_rendered(monkeypatch)
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, 4)
    header_changes = 0
    for _ in range(80):
        if match.is_over():
            break
        header = renderer.cards.header_lines()
        before = set(rendered)
        step(match, bots, renderer)
        renderer.damage(False)
        if renderer.cards.header_lines() != header:
            header_changes += 1
            lines = [line[:1] for line in renderer.cards.header_lines()]
            assert not {args for args in set(rendered) - before if args[:1] in lines}
        for _ in range(30):
            renderer.update(1 / 60)
            renderer.damage(False)
    assert header_changes > 5


def test_a_moves_boxes_are_looked_at_unless_the_view_before_it_was_refreshed():
    """A move's seat keeps its boxes as they were until its counts are queued, so the refresh
    of its frame does not look at them (LiveBoxes._kept_shown), unless the view before the
    move was never refreshed (shown directly, as the results screen's picture does): then
    its boxes are looked at, and no layer is left showing an old key."""
    pygame.init()
    from tests.games.explore_new_york.test_eny_repaint_parts import dirty_layers
    moved_twice = 0
    for seed in (3, 4, 5):
        match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, seed)
        while not match.is_over():
            while renderer.busy():
                renderer.update(1 / 60)
                renderer.damage(False)
            prompt, _, _ = step(match, bots)  # the rules move on, the renderer does not animate
            shown = renderer.shown_boxes(prompt.player)
            renderer.show(match.view(0), 0)  # shown at once, never refreshed
            if match.is_over() or match.prompts()[0].player != prompt.player:
                renderer.refresh()
                continue
            step(match, bots, renderer)
            moved_twice += renderer.shown_boxes(prompt.player) != shown
            settle_spread(renderer)  # the move's repaints, spread over frames
            assert not dirty_layers(renderer)
    assert moved_twice >= 3  # (a move changing the points right after another: rare)


def test_every_header_line_of_a_game_is_rendered_before_its_first_frame(monkeypatch):
    """The room renders the column's header lines of the whole game as it is made
    (CardsPanel.warm_game): the first quiet frame's `warm_header` renders nothing new."""
    rendered = texts_rendered(monkeypatch, cleared=True)
    _, _, renderer = scene_match(ENYRenderer, ExploreNewYork(), 3, 4)
    made = set(rendered)
    renderer.damage(False)  # a quiet frame: warm_header
    assert set(rendered) <= made


def play_moves_frame_by_frame(match, bots, renderer, moves: int = 40, frames: int = 40) -> None:
    """Up to `moves` bots' moves, each shown and followed by `frames` frames (update, damage)."""
    for _ in range(moves):
        if match.is_over():
            break
        step(match, bots, renderer)
        renderer.damage(False)
        for _ in range(frames):
            renderer.update(1 / 60)
            renderer.damage(False)


def test_a_boxs_counts_are_rendered_in_a_quiet_frame_before_its_count_starts(monkeypatch):
    """The counts ("3×2") a move's boxes show once they count are rendered ahead, in a quiet
    frame after the move (LiveBoxes.count_ahead), not in the frame a box starts counting and
    repaints: (nearly) no box repaint renders a counts text for the first time."""
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 3)
    rendered = texts_rendered(monkeypatch)  # (after the boxes' first paint, at the reset)
    first_in_paint = []
    paint = BoxPanel.paint

    def noted(panel, surface):
        before = set(rendered)
        paint(panel, surface)
        first_in_paint.extend(args for args in set(rendered) - before if "×" in args[0])
    monkeypatch.setattr(BoxPanel, "paint", noted)
    play_moves_frame_by_frame(match, bots, renderer)
    assert len({args[0] for args in rendered if "×" in args[0]}) > 5
    assert len(first_in_paint) <= 2


def test_a_discard_dims_its_card_under_a_veil_made_before_play(monkeypatch):
    """The veil a discarded card dims under is made with the board (ENYRenderer._warm), not
    in the frame the discard is shown."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, 3)
    while not match.view(0).revealed:
        step(match, bots, renderer)

    def made_in_play(*args):
        raise AssertionError("a veil made in the discard's frame")
    monkeypatch.setattr(cards_panel, "veil", made_in_play)
    card = match.view(0).revealed[0]
    panel = renderer.cards
    tweens = len(renderer.timeline.tweens)
    panel._card_discarded(Event("card_discarded", 0, (("card", card),)), 0.0,
                          Batch(renderer.view, 0.0))
    assert len(renderer.timeline.tweens) == tweens + 1


def test_the_inks_of_tourists_being_drawn_are_worked_out_in_a_quiet_frame_before_they_land(
        monkeypatch):
    """The inked rects of a block's tourists (map_paint.tourist_inks), which a tourist's
    stroke landing asks for (MapPanel.paint_added), are worked out in a quiet frame while the
    strokes run (MapPanel.warm_inks): (nearly) none is worked out as a stroke lands."""
    pygame.init()
    tourist_inks = map_paint.tourist_inks
    tourist_inks.cache_clear()
    in_landings = []
    paint_added = MapPanel.paint_added

    def noted(panel, old, new):
        misses = tourist_inks.cache_info().misses
        painted = paint_added(panel, old, new)
        in_landings.append(tourist_inks.cache_info().misses - misses)
        return painted
    monkeypatch.setattr(MapPanel, "paint_added", noted)
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 2, 3)
    play_moves_frame_by_frame(match, bots, renderer)
    assert len(in_landings) > 10 and tourist_inks.cache_info().misses > 5
    assert sum(in_landings) <= 2


def test_a_sheet_changed_off_the_network_keeps_its_route_and_boxes_without_a_search():
    """A seat's new sheet whose links and cafés are the same and whose tourists changed only
    in blocks no drawn link runs along has the route and boxes of its sheet before (about a
    fifth of a bot game's changed sheets): no exact search is made for it, and what the
    renderer knows equals a fresh search, for every changed sheet of a game."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 8)
    renderer.set_humans(())
    searched = []
    route = renderer.rules.route
    renderer.rules.route = lambda view, seat: searched.append(seat) or route(view, seat)
    changed = 0
    while not match.is_over():
        before = match.state.sheets
        step(match, bots)
        view = match.view(None)
        if view.routes:
            break
        for seat in range(4):
            if view.sheets[seat] is not before[seat]:
                changed += 1
                fresh = best_route(renderer.board, view.sheets[seat])
                assert renderer._known(view, seat)[1] == fresh
                # (`_seat_boxes` counts them afresh from the route and the sheet)
                assert renderer._sheet_boxes_of(view, seat) == renderer._seat_boxes(view, seat)
    assert changed > 60 and 0 < len(searched) < changed * 0.9, (len(searched), changed)
