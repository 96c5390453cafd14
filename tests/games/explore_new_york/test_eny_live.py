"""Explore New York, issue #27: live scoring boxes that count to the best route's points, the
route drawn faintly on request (the Peek button), one map large at three and four players (the
person's, or at a table of bots each first player's in turn), the bar's dot for a thinking bot,
and each seat's final route on the results screen."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import key, pad

from game.engine.bots import RandomBot, make_bot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.games.explore_new_york import sprites as sp
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.scene import (
    BOXES,
    COUNT_TIME,
    GLOW,
    ENYRenderer,
    make_layout,
)
from game.scenes import scene_registry
from game.scenes.results import DETAIL
from game.scenes.seating import SeatSpec
from game.ui.app import App
from game.ui.input import InputMapper
from tests.games.explore_new_york.support import advance
from tests.games.scene_match import scene_match, step

ENY = "explore_new_york"


@pytest.fixture(autouse=True)
def fonts():
    """The renderer lays out text at construction."""
    pygame.init()


def started(players: int, seed: int, humans: tuple[int, ...]) -> tuple[Match, dict, ENYRenderer]:
    match = Match(rules_for(ENY), Config(players), seed)
    bots = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(players)}
    renderer = ENYRenderer(match.rules, match.config, [f"P{i}" for i in range(players)])
    renderer.set_humans(humans)
    match.resolve_chance()
    renderer.reset(match.view(None), None)
    return match, bots, renderer


def answer(match: Match, bots: dict, seat: int) -> list:
    prompt = match.prompt_for(seat)
    events = list(match.apply(seat, bots[seat].choose(match.rules, match.view(seat), prompt)))
    return events + list(match.resolve_chance())


def settle(renderer: ENYRenderer) -> None:
    while renderer.busy():
        advance(renderer, 0.05)


def totals_shown(renderer: ENYRenderer) -> list[int | None]:
    return [renderer.shown_box(s, len(BOXES) - 1).points for s in range(renderer.players)]


def test_the_boxes_show_the_best_route_of_each_map_as_it_grows():
    match, bots, renderer = started(2, seed=5, humans=(0, 1))
    seen = set()
    for _ in range(60):
        if match.is_over():
            break
        renderer.animate(answer(match, bots, match.prompts()[-1].player), match.view(None), None)
        settle(renderer)
        view = match.view(None)
        routes = [match.rules.route(view, s) for s in (0, 1)]
        assert totals_shown(renderer) == [r.total for r in routes]
        for seat, route in enumerate(routes):
            shown = [renderer.shown_box(seat, n).points for n in range(len(BOXES) - 1)]
            assert shown == [p for _, p in route.points]
        seen.update(r.total for r in routes)
    assert len(seen) > 3  # the boxes moved with the maps, not empty grey bars


def test_a_changed_box_counts_from_its_old_points_to_the_new():
    match, bots, renderer = started(2, seed=8, humans=(0, 1))
    for _ in range(200):
        before = totals_shown(renderer)
        events = answer(match, bots, match.prompts()[-1].player)
        renderer.animate(events, match.view(None), None)
        after = [match.rules.route(match.view(None), s).total for s in (0, 1)]
        changed = [s for s in (0, 1) if after[s] - before[s] >= 4]
        if changed:
            break
        settle(renderer)
    seat = changed[0]
    assert totals_shown(renderer)[seat] == before[seat]  # held while the seat's pen draws
    values = []
    while renderer.busy():
        advance(renderer, COUNT_TIME / 6)
        values.append(totals_shown(renderer)[seat])
    assert values[-1] == after[seat]
    assert any(before[seat] < v < after[seat] for v in values)  # it counted up on the way


def faint_spot(renderer: ENYRenderer, link: int) -> tuple[int, int]:
    """Seat 0's canvas point beside the link's pen line (half a pen width out), inside the
    faint band (1.5 pen widths)."""
    scale, origin = renderer.scales[0], renderer.layout.seats[0].map.topleft
    (ax, ay), (bx, by) = scale.lines[link][0], scale.lines[link][-1]
    dx, dy = (0, scale.pen) if abs(bx - ax) > abs(by - ay) else (scale.pen, 0)
    return round(origin[0] + (ax + bx) / 2 + dx), round(origin[1] + (ay + by) / 2 + dy)


def test_the_best_route_is_drawn_faintly_on_request_only():
    match, bots, renderer = started(2, seed=3, humans=(0, 1))
    while not (match.prompt_for(0) and match.prompt_for(0).kind in ("link", "link2")
               and match.rules.route(match.view(None), 0).links):
        renderer.animate(answer(match, bots, match.prompts()[-1].player), match.view(None), None)
    settle(renderer)
    spot = faint_spot(renderer, match.rules.route(match.view(None), 0).links[0])
    prompts = {0: match.prompt_for(0)}
    plain, canvas, off = (pygame.Surface((1920, 1080)) for _ in range(3))
    renderer.draw_seats(plain, {0: None}, prompts)
    assert renderer.peek(0)
    renderer.draw_seats(canvas, {0: None}, prompts)
    assert canvas.get_at(spot) != plain.get_at(spot)
    assert canvas.get_at(spot)[0] > plain.get_at(spot)[0] - 10  # towards the glow's yellow
    assert GLOW[0] > GLOW[2]
    assert renderer.peek(0)  # pressed again: off
    renderer.draw_seats(off, {0: None}, prompts)
    assert off.get_at(spot) == plain.get_at(spot)


def test_the_peek_button_of_a_pad_and_the_keyboard_toggle_their_own_seats_route(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    seats = [SeatSpec("human", device="pad:611"), SeatSpec("human", device="keyboard")]
    game = app.open("game", ENY, seats, 3)
    app.stack.reset(game)
    app.stack.apply()
    bots = {s: RandomBot(random.Random(30 + s)) for s in range(2)}
    while not (game.match.prompt_for(0) and game.match.rules.route(game.match.view(None),
                                                                   0).links):
        prompt = game.match.prompts()[-1]
        game.apply(prompt.player, bots[prompt.player].choose(
            game.match.rules, game.match.view(prompt.player), prompt))
        app.step([], 1 / 60, present=False)
    renderer = game.renderer
    spot = faint_spot(renderer, game.match.rules.route(game.match.view(None), 0).links[0])
    app.draw()
    plain = app.canvas.get_at(spot)
    assert ("peek", "hint.peek") in game.table.hints()  # the bar names the button
    app.step(pad(pygame.CONTROLLER_BUTTON_RIGHTSTICK, 611), 1 / 60, present=False)
    app.draw()
    assert renderer.peeking == {0} and app.canvas.get_at(spot) != plain
    app.step(key(pygame.K_r), 1 / 60, present=False)  # the keyboard plays seat 1
    assert renderer.peeking == {0, 1}
    app.step(pad(pygame.CONTROLLER_BUTTON_RIGHTSTICK, 611), 1 / 60, present=False)
    app.draw()
    assert renderer.peeking == {1} and app.canvas.get_at(spot) == plain


def test_a_persons_map_is_large_at_four_players_with_every_symbol_24_px():
    focus = make_layout(4, focus=2)
    assert all(focus.seats[2].map.w >= 3 * a.map.w for s, a in focus.seats.items() if s != 2)
    renderer = ENYRenderer(rules_for(ENY), Config(4), ["P0", "P1", "P2", "P3"])
    renderer.set_humans((2,))
    assert renderer.layout == focus
    geom = renderer.scales[2].geom
    emblem = 2 * geom.cell * 0.13  # sprites.emblem_center's radius
    assert emblem >= 24
    assert 2 * sp.tourist_radius(geom, 6) >= 24 and 2 * sp.cafe_radius(geom) >= 24
    areas = list(focus.seats.values())
    for k, a in enumerate(areas):
        assert a.area.contains(a.map) and a.area.contains(a.score) and a.area.contains(a.strip)
        assert not a.area.colliderect(focus.column)
        assert all(not a.area.colliderect(b.area) for b in areas[k + 1:])


@pytest.mark.parametrize("players", [3, 4])
def test_at_a_table_of_bots_the_turns_first_player_has_the_large_map(players):
    match, bots, renderer = started(players, seed=5, humans=())
    large = []
    while not match.is_over():
        view = match.view(None)
        if view.first >= 0 and not view.routes:
            assert renderer.layout == make_layout(players, focus=view.first)
            assert renderer.scales[view.first].geom.cell * 2 * 0.13 >= 24  # its emblems
            large.append(view.first)
        renderer.animate(answer(match, bots, match.prompts()[-1].player), match.view(None), None)
        advance(renderer, 0.1)
    assert set(large) == set(range(players))  # every seat's map was large in turn


def test_a_thinking_bot_leads_the_shared_bar_with_its_colour_dot(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    seats = [SeatSpec("human", device="keyboard")] + [SeatSpec("normal") for _ in range(3)]
    game = app.open("game", ENY, seats, 4, hold_bots=True)
    app.stack.reset(game)
    app.stack.apply()
    for _ in range(400):  # everyone answers until a bot's discard is next
        prompts = game.match.prompts()
        if prompts[0].kind == "discard" and prompts[0].player != 0:
            break
        prompt = prompts[-1]
        bot = game.driver.bots.get(prompt.player) or make_bot("normal", ENY, 0)
        game.apply(prompt.player, bot.choose(game.match.rules, game.match.view(prompt.player),
                                             prompt))
        app.step([], 1 / 60, present=False)
    thinker = game.match.prompts()[0].player
    app.step([], 1 / 60, present=False)
    app.draw()
    key = game.table.bar_drawn
    assert key[-1] == (thinker,)  # the emblems the bar draws: the thinking bot's


def test_the_results_show_each_seats_final_route_on_its_map(home):
    match = Match(rules_for(ENY), Config(2), 6)
    play_out(match, {s: make_bot("normal", ENY, 60 + s) for s in range(2)})
    app = App(scene_registry(), windowed=(480, 270))
    scene = app.open("results", ENY, match, [SeatSpec("normal")] * 2, ["Bot 1", "Bot 2"])
    app.stack.reset(scene)
    app.stack.apply()
    pictures = []
    for seat in (0, 1):
        scene.select(seat)
        app.draw()
        inside = app.canvas.subsurface(DETAIL.inflate(-60, -120))
        glow = sum(tuple(inside.get_at((x, y)))[:3] == GLOW
                   for x in range(0, inside.get_width(), 3)
                   for y in range(0, inside.get_height(), 3))
        assert glow > 50, seat  # the route's glow on the seat's map
        pictures.append(pygame.image.tobytes(inside, "RGB"))
    assert pictures[0] != pictures[1]  # each seat's own route


def test_a_plain_joysticks_right_stick_click_is_the_peek_button_too():
    mapper = InputMapper(lambda pos: pos)
    down = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=9)
    up = pygame.event.Event(pygame.JOYBUTTONUP, instance_id=5, button=9)
    assert [(i.kind, i.device) for e in (down, up) for i in mapper.process(e)] == [
        ("peek", "joy:5")]  # a toggle: the release says nothing


@pytest.mark.parametrize("players, seed", [(2, 5), (4, 8)])
def test_a_move_s_counts_are_queued_as_they_start_and_end_on_its_boxes(players, seed):
    """A move's frame searches no best route (the boxes that count are worked out as their
    counts start, where the seat's strokes end: LiveBoxes.update): until then its seat's
    boxes show what they showed before it; every box whose points changed then counts, and
    once the animations are over every seat's boxes are those of the view."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), players, seed)
    renderer.set_humans(())
    searched = []
    route = renderer.rules.route
    renderer.rules.route = lambda view, seat: searched.append(seat) or route(view, seat)
    counted = moves = 0
    while not match.is_over():
        before = [renderer.shown_boxes(seat) for seat in range(players)]
        searched.clear()
        step(match, bots, renderer)
        if renderer.view.routes:
            break
        moves += 1
        assert not searched  # nothing searched in the move's own frame
        assert [renderer.shown_boxes(seat) for seat in range(players)] == before
        while renderer.busy():
            advance(renderer, 1 / 60)
            counted += any(tw.tag is not None for tw in renderer.timeline)
        for seat in range(players):
            assert renderer.shown_boxes(seat) == renderer._sheet_boxes_of(renderer.view, seat)
    assert moves > 20 and counted > 50


def test_at_four_seats_each_seats_boxes_count_on_a_frame_of_its_own():
    """Seats charting at once (as bots do) make several seats count at once; each seat's
    counts move on its own frames (final_paint.on_grid, one in `players`), so a frame moves
    the boxes of one seat (each seat's sheet is a redraw pass of its own), and every count
    ends on the view's boxes."""
    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, ExploreNewYork(), 4, 8)
    renderer.set_humans((0,))  # (the large map stays: no new board drops the counts)
    pick = random.Random(3)
    last: dict = {}
    together = moved = 0
    while not match.is_over():
        prompt = pick.choice(match.prompts())  # (any seat charting: their counts overlap)
        action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
        events = match.apply(prompt.player, action) + match.resolve_chance()
        renderer.animate(events, match.view(0), 0)
        if renderer.view.routes:
            break
        for _ in range(8):
            advance(renderer, 1 / 60)
            clock, now = renderer.timeline.clock, {}
            for tween in renderer.timeline:
                if tween.tag is not None and tween.start <= clock:
                    now[tween] = tween.progress(clock)
            seats = {tween.seat for tween, p in now.items() if last.get(tween, 0.0) != p}
            together += len(seats) > 1
            moved += bool(seats)
            last = now
    while renderer.busy():
        advance(renderer, 1 / 60)
    assert moved > 40 and together == 0, (moved, together)
    for seat in range(4):
        assert renderer.shown_boxes(seat) == renderer._sheet_boxes_of(renderer.view, seat)
