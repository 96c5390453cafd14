"""Explore New York, issue #27: live scoring boxes that count to the best route's points, the
route drawn faintly while links are drawn, the person's map large at four players, the bar's
dot for a thinking bot, and each seat's final route on the results screen."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.bots import RandomBot, make_bot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.games.explore_new_york import sprites as sp
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
        renderer.update(0.05)


def totals_shown(renderer: ENYRenderer) -> list[int | None]:
    return [renderer._shown_box(s, len(BOXES) - 1).points for s in range(renderer.players)]


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
            shown = [renderer._shown_box(seat, n).points for n in range(len(BOXES) - 1)]
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
        renderer.update(COUNT_TIME / 6)
        values.append(totals_shown(renderer)[seat])
    assert values[-1] == after[seat]
    assert any(before[seat] < v < after[seat] for v in values)  # it counted up on the way


def test_the_best_route_is_drawn_faintly_while_the_seat_draws_links():
    match, bots, renderer = started(2, seed=3, humans=(0, 1))
    while not (match.prompt_for(0) and match.prompt_for(0).kind in ("link", "link2")
               and match.rules.route(match.view(None), 0).links):
        renderer.animate(answer(match, bots, match.prompts()[-1].player), match.view(None), None)
    settle(renderer)
    route = match.rules.route(match.view(None), 0)
    canvas, plain = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
    renderer.draw_seats(canvas, {0: None}, {0: match.prompt_for(0)})
    renderer.draw_seats(plain, {}, {})
    scale, origin = renderer.scales[0], renderer.layout.seats[0].map.topleft
    link = route.links[0]
    points = scale.lines[link]
    (ax, ay), (bx, by) = points[0], points[-1]
    # Beside the pen line (half a pen width out), inside the faint band (1.5 pen widths).
    dx, dy = (0, scale.pen) if abs(bx - ax) > abs(by - ay) else (scale.pen, 0)
    spot = (round(origin[0] + (ax + bx) / 2 + dx), round(origin[1] + (ay + by) / 2 + dy))
    assert canvas.get_at(spot) != plain.get_at(spot)
    assert canvas.get_at(spot)[0] > plain.get_at(spot)[0] - 10  # towards the glow's yellow
    assert GLOW[0] > GLOW[2]


def test_a_persons_map_is_large_at_four_players_with_every_symbol_24_px():
    grid, focus = make_layout(4), make_layout(4, focus=2)
    assert focus.seats[2].map.w >= 2 * grid.seats[2].map.w
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
    renderer.set_humans(())
    assert renderer.layout == grid  # nobody to follow: the four maps share the screen


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
    key = game.table._bar[0]
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
