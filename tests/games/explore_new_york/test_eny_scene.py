"""The Explore New York renderer: layouts, targets for every option, per-seat strokes, the
previewed link, and the end of the game (erase to the final route, boxes filling in one by
one)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config, prompt_for
from game.engine.match import Match
from game.engine.registry import rules_for
from game.engine.trails import bits
from game.games.explore_new_york.scene import (
    BOX_TIME,
    BOXES,
    ERASE_TIME,
    ENYRenderer,
    make_layout,
)
from game.scenes.table.split import STRIP_TEXT_X
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.i18n import translator
from game.ui.paint import seat_color, seat_dark
from tests.games.explore_new_york.support import advance

ENY = "explore_new_york"


@pytest.fixture(autouse=True)
def fonts():
    """The renderer lays out text at construction."""
    pygame.init()


def new_match(players: int, seed: int) -> tuple[Match, dict]:
    match = Match(rules_for(ENY), Config(players), seed)
    return match, {s: RandomBot(random.Random(seed * 10 + s)) for s in range(players)}


def renderer_for(match: Match) -> ENYRenderer:
    renderer = ENYRenderer(match.rules, match.config,
                           [f"P{i}" for i in range(match.config.players)])
    renderer.set_humans(tuple(range(match.config.players)))
    renderer.reset(match.view(None), None)
    return renderer


def answer(match: Match, bots: dict, seat: int) -> list:
    """One seat answers its prompt (chance resolved after); the events."""
    prompt = match.prompt_for(seat)
    events = list(match.apply(seat, bots[seat].choose(match.rules, match.view(seat), prompt)))
    return events + list(match.resolve_chance())


def settle(renderer: ENYRenderer) -> None:
    while renderer.busy():
        advance(renderer, 0.05)


def count(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int]) -> int:
    """How many pixels of one colour a rect holds."""
    return sum(tuple(surface.get_at((x, y)))[:3] == color for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


def link_middle(renderer: ENYRenderer, seat: int, link: int) -> tuple[int, int]:
    """The screen point halfway along a link on a seat's map (its target may lie off it: an
    outer road's is moved clear of the coordinates)."""
    points = renderer.scales[seat].lines[link]
    (ax, ay), (bx, by) = points[0], points[-1]
    x, y = points[len(points) // 2] if len(points) > 2 else ((ax + bx) / 2, (ay + by) / 2)
    ox, oy = renderer.layout.seats[seat].map.topleft
    return round(ox + x), round(oy + y)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_map_has_its_own_place_on_the_board(players):
    layout = make_layout(players)
    areas = list(layout.seats.values())
    assert sorted(layout.seats) == list(range(players))
    for k, a in enumerate(areas):
        assert BOARD_RECT.contains(a.area) and not a.area.colliderect(layout.column)
        assert a.area.contains(a.map) and a.area.contains(a.score) and a.area.contains(a.strip)
        assert not a.map.colliderect(a.score) and not a.map.colliderect(a.strip)
        assert all(not a.area.colliderect(b.area) for b in areas[k + 1:])
    assert all(layout.column.contains(card) for card in layout.cards)


@pytest.mark.parametrize("players", [2, 4])
def test_every_option_of_a_game_has_a_place_on_its_seats_map(players):
    match, bots = new_match(players, seed=players)
    renderer = renderer_for(match)
    match.resolve_chance()
    seen = set()
    while not match.is_over():
        renderer.reset(match.view(None), None)
        for prompt in match.prompts():
            seat, targets = prompt.player, renderer.seat_targets(prompt.player)
            area = renderer.layout.seats[seat]
            for option in prompt.options:
                head = option.action[0]
                seen.add(prompt.kind)
                if head == "stop":
                    assert option.target is None  # a bar button in the seat's strip
                    continue
                rect = targets[option.target]
                place = {"discard": renderer.layout.column, "tourist": area.score}.get(head,
                                                                                     area.map)
                assert place.contains(rect), (prompt.kind, option.target)
            answer(match, bots, seat)
    assert {"discard", "block", "link"} <= seen


def chart_started(players: int, seed: int) -> tuple[Match, dict, ENYRenderer]:
    """A match where every seat is about to choose its block, and its renderer at rest."""
    match, bots = new_match(players, seed)
    match.resolve_chance()
    answer(match, bots, match.prompts()[0].player)  # the discard
    renderer = renderer_for(match)
    return match, bots, renderer


def test_a_seats_pen_stroke_holds_only_that_seat_and_lands_on_its_map():
    match, bots, renderer = chart_started(2, seed=11)
    renderer.animate(answer(match, bots, 0), match.view(None), None)  # seat 0: its block
    settle(renderer)
    events = answer(match, bots, 0)  # seat 0: its first link
    link = next(e.get("link") for e in events if e.kind == "link_drawn")
    point = link_middle(renderer, 0, link)
    before = renderer.layers.surface.get_at(point)
    renderer.animate(events, match.view(None), None)
    assert renderer.seat_busy(0) and not renderer.seat_busy(1)
    assert renderer.layers.surface.get_at(point) == before  # held back while the pen draws
    settle(renderer)
    assert renderer.layers.surface.get_at(point)[:3] == seat_dark(0)
    other = link_middle(renderer, 1, link)
    assert renderer.layers.surface.get_at(other)[:3] != seat_dark(1)  # seat 1 drew nothing


def test_the_focused_link_is_previewed_in_the_seats_colour_before_it_is_confirmed():
    match, bots, renderer = chart_started(2, seed=12)
    renderer.animate(answer(match, bots, 1), match.view(None), None)  # seat 1: its block
    settle(renderer)
    prompt = match.prompt_for(1)
    assert prompt.kind == "link"
    sides = set(renderer.board.blocks[match.state.sheets[1].block].sides)
    near = renderer.panels["map1"].near_links(prompt)
    assert near and set(near) == sides - {k for k in sides if match.state.sheets[1].links >> k & 1}
    link = next(o.action[1] for o in prompt.options if o.action[1] not in sides)
    canvas = pygame.Surface((1920, 1080))
    point = link_middle(renderer, 1, link)
    on_map = renderer.layers.surface.get_at(point)
    renderer.draw_seats(canvas, {1: None}, {1: prompt})
    plain = canvas.get_at(point)
    renderer.draw_seats(canvas, {1: ("link", link)}, {1: prompt})
    assert canvas.get_at(point) != plain
    side = renderer.seat_targets(1)[("link", near[0])]  # the links along the block: dotted
    assert count(canvas, side, seat_color(1)) > count(renderer.layers.surface, side,
                                                      seat_color(1))
    assert seat_color(1) in {canvas.get_at((point[0] + d, point[1]))[:3] for d in range(-6, 7)}
    assert renderer.layers.surface.get_at(point) == on_map  # only drawn over, per frame


def play_to_last_action(players: int, seed: int) -> tuple[Match, tuple, ENYRenderer]:
    """A match one action before its end (replayed from a whole game), its renderer at rest,
    and that last (seat, action)."""
    whole, bots = new_match(players, seed)
    whole.resolve_chance()
    while not whole.is_over():
        answer(whole, bots, whole.prompts()[-1].player)
    history = list(whole.history)
    last = max(k for k, (player, _) in enumerate(history) if player is not None)
    match = Match(whole.rules, whole.config, seed)
    for player, action in history[:last]:
        if player is None:
            match.apply_chance(action)
        else:
            match.apply(player, action)
    return match, history[last], renderer_for(match)


def test_the_end_erases_what_is_off_the_route_then_fills_the_boxes_one_by_one():
    match, (seat, action), renderer = play_to_last_action(2, seed=21)
    renderer.animate(match.apply(seat, action), match.view(None), None)
    assert match.is_over()
    routes = match.state.routes
    shown = [renderer.shown_boxes(s) for s in (0, 1)]
    assert all(box.points is None for boxes in shown for box in boxes)  # empty at first
    seen: list[list[int]] = [[0], [0]]  # per seat (the two maps fill in a frame apart:
    while renderer.busy():  # final_paint.on_grid)
        advance(renderer, BOX_TIME / 4)
        for s in (0, 1):
            filled = sum(box.points is not None for box in renderer.shown_boxes(s))
            if filled != seen[s][-1]:
                seen[s].append(filled)
    assert seen[0] == seen[1] == list(range(len(BOXES) + 1))  # one box after another
    for s, route in enumerate(routes):
        boxes = renderer.shown_boxes(s)
        assert [b.points for b in boxes] == [p for _, p in route.points] + [route.total]
        sheet = match.state.sheets[s]
        static = renderer.layers.static
        for link in bits(sheet.links):
            point = link_middle(renderer, s, link)
            pixel = renderer.layers.surface.get_at(point)
            if link in route.links:
                assert pixel[:3] == seat_dark(s)
            else:
                assert pixel == static.get_at(point)  # erased: the printed map again
    assert ERASE_TIME + len(BOXES) * BOX_TIME < 4.0


def reveal_and_discard(rules, state, keep: tuple[int, int], other: int):
    """The first player reveals `keep` and `other` (forced cards) and discards `other`."""
    for c in (*keep, other):
        state, _ = rules.apply(state, None, c)
    state, _ = rules.apply(state, state.first, ("discard", other))
    return state


def test_a_single_tourists_type_is_chosen_on_the_seats_tourist_boxes():
    rules = rules_for(ENY)
    state, _ = rules.apply(rules.initial_state(Config(2)), None, 0)  # seat 0 is first
    ones = [i for i, c in enumerate(rules.board.cards) if c.coord == 1]
    twos = [i for i, c in enumerate(rules.board.cards) if c.coord == 2]
    state = reveal_and_discard(rules, state, (ones[0], ones[1]), twos[0])
    while isinstance(rules.pending(state), tuple):  # turn 1: both seats on (1, 1)
        prompt = rules.pending(state)[0]
        stop = [o.action for o in prompt.options if o.action == ("stop",)]
        state, _ = rules.apply(state, prompt.player, (stop or [prompt.options[0].action])[0])
    state = reveal_and_discard(rules, state, (ones[2], ones[3]), twos[1])  # (1, 1) is full
    assert prompt_for(rules.pending(state), 0).kind == "lone_block"
    state, _ = rules.apply(state, 0, ("block", 3, 3))
    prompt = prompt_for(rules.pending(state), 0)
    assert prompt.kind == "tourist"
    renderer = ENYRenderer(rules, Config(2), ["P0", "P1"])
    renderer.set_humans((0, 1))
    renderer.reset(rules.view(state, None), None)
    targets, area = renderer.seat_targets(0), renderer.layout.seats[0]
    canvas = pygame.Surface((1920, 1080))
    renderer.draw_seats(canvas, {0: None}, {0: prompt})
    for option in prompt.options:  # each type's box is its target, ringed in the seat's colour
        rect = targets[option.target]
        assert area.score.contains(rect)
        assert count(canvas, rect.inflate(16, 16), seat_color(0)) > count(
            renderer.layers.surface, rect.inflate(16, 16), seat_color(0))


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_prompt_fits_on_one_line_of_the_narrowest_seat_strip(language):
    """A second person at 3-4 seats reads prompts in a small strip that holds one line: a longer
    prompt is cut with an ellipsis (issue #28's legibility audit)."""
    strips = [area.strip for players, focus in ((2, 0), (3, 0), (4, 0), (3, 2), (4, 3))
              for area in make_layout(players, focus).seats.values()]
    room = min(strip.width for strip in strips) - STRIP_TEXT_X - 16  # as render_seat_strip
    table = translator().catalog[language]
    prompts = {key: text for key, text in table.items() if key.startswith(f"{ENY}.prompt.")}
    assert len(prompts) >= 12
    small = theme.font(theme.SMALL_SIZE)
    widths = {key: small.size(text.format(a=6, b=6))[0] for key, text in prompts.items()}
    too_long = {key: width for key, width in widths.items() if width > room}
    assert not too_long, f"wider than {room} px: {too_long}"
