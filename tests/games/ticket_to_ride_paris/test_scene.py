"""Headless tests of the Ticket to Ride: Paris board renderer (scene.py) with the dummy driver."""

from __future__ import annotations

import copy
import os
import re
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.match import Match
from game.games.ticket_to_ride_paris.map_panel import BUS_GROW, SLOT_W
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.games.ticket_to_ride_paris.sprites import BUS_EMBLEM
from game.ui import theme
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from tests.games.emblem_probe import emblem_shows
from tests.games.scene_match import scene_match, step

ROOM = Path(__file__).resolve().parents[3] / "game" / "games" / "ticket_to_ride_paris"



def new_match(rules, players: int = 3, seed: int = 5) -> tuple[Match, dict, TTRRenderer]:
    return scene_match(TTRRenderer, rules, players, seed)


def advance_until(match: Match, bots: dict, predicate, limit: int = 2000) -> None:
    """Play bot actions until predicate(match) holds."""
    for _ in range(limit):
        if predicate(match):
            return
        assert not match.is_over(), "the game ended before the wanted moment"
        step(match, bots)
    raise AssertionError("the wanted moment never came")


def viewer_prompt(match: Match, kind: str):
    p = match.prompt_for(0)
    return p is not None and p.kind == kind


def drawn_targets(prompt) -> set:
    return {o.target for o in prompt.options if o.target is not None}


def test_turn_targets_cover_every_option_inside_the_board(rules):
    match, bots, renderer = new_match(rules)
    advance_until(match, bots, lambda m: viewer_prompt(m, "turn") and any(
        o.target and o.target[0] == "route" for o in m.prompt_for(0).options))
    renderer.reset(match.view(0), 0)
    prompt = match.prompt_for(0)
    targets = renderer.targets()
    missing = drawn_targets(prompt) - set(targets)
    assert not missing
    for key, rect in targets.items():
        assert BOARD_RECT.contains(rect), key
    faceup = [r for k, r in targets.items() if k[0] == "faceup"]
    assert len(faceup) == 5
    for i, a in enumerate(faceup):
        for b in faceup[i + 1:]:
            assert not a.colliderect(b)


def test_every_prompt_of_a_game_has_its_board_targets_on_screen(rules):
    match, bots, renderer = new_match(rules, players=3, seed=2)
    kinds = set()
    while not match.is_over():
        for prompt in match.prompts():
            renderer.reset(match.view(prompt.player), prompt.player)
            targets = renderer.targets()
            assert drawn_targets(prompt) <= set(targets), prompt.kind
            for key in drawn_targets(prompt):
                assert BOARD_RECT.contains(targets[key]), key
            kinds.add(prompt.kind)
        step(match, bots)
    assert {"turn", "keep_tickets", "draw2"} <= kinds


def test_every_route_has_its_own_rect_and_twins_differ(rules):
    match, bots, renderer = new_match(rules, players=4)
    advance_until(match, bots, lambda m: m.state.phase == "turn")
    renderer.reset(match.view(0), 0)
    targets = renderer.targets()
    board = rules.board
    assert {("route", r.id) for r in board.routes} <= set(targets)
    for route in board.routes:
        if route.twin >= 0:
            twin = board.routes[route.twin]
            a, b = targets[("route", route.id)], targets[("route", twin.id)]
            assert a.center != b.center
            assert a.clip(b).w * a.clip(b).h < 0.25 * a.w * a.h  # side by side, not on top


def test_ticket_choice_targets_are_big_separate_cards(rules):
    match, _bots, renderer = new_match(rules)
    prompt = match.prompt_for(0)
    assert prompt is not None and prompt.kind == "keep_tickets"
    targets = renderer.targets()
    wanted = drawn_targets(prompt)
    assert wanted and wanted <= set(targets)
    cards = [targets[k] for k in wanted]
    for rect in cards:
        assert BOARD_RECT.contains(rect) and rect.w >= 300 and rect.h >= 150
    assert not cards[0].colliderect(cards[1])
    assert not any(k[0] == "route" for k in targets)  # the overlay hides the map's targets


def claim_next_route(match: Match, bots: dict, renderer: TTRRenderer):
    """Play until someone claims a route; returns (seat, route index) with the tween queued."""
    for _ in range(3000):
        _, _, events = step(match, bots, renderer)
        claims = [e for e in events if e.kind == "route_claimed"]
        if claims:
            return claims[0].player, rules_index(match, claims[0].get("route"))
        while renderer.busy():
            renderer.update(0.1)
    raise AssertionError("nobody claimed a route")


def rules_index(match: Match, route_id: str) -> int:
    return match.rules.board.route_index[route_id]


def near(color, want, tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(color, want))


def test_buses_appear_only_when_the_drop_ends_and_reset_shows_them_at_once(rules):
    match, bots, renderer = new_match(rules, seed=3)
    seat, index = claim_next_route(match, bots, renderer)
    centre = [round(v) for v in renderer.map_panel.routes[index].centers[0]]
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.update(0.01)  # the bus has not landed yet
    renderer.draw(canvas, None, None)
    assert not near(canvas.get_at(centre)[:3], theme.PLAYER_COLORS[seat])
    assert renderer.busy()
    renderer.reset(match.view(0), 0)  # e.g. a window resize mid-animation
    assert not renderer.busy()
    renderer.draw(canvas, None, None)
    assert near(canvas.get_at(centre)[:3], theme.PLAYER_COLORS[seat])


def test_score_counts_up_after_a_claim(rules):
    match, bots, renderer = new_match(rules, seed=4)
    seat, _ = claim_next_route(match, bots, renderer)
    final = sum(rules.scores(match.state)[seat].values())
    renderer.update(0.05)
    assert renderer.shown_scores()[seat] < final  # still counting
    while renderer.busy():
        renderer.update(0.05)
    assert renderer.shown_scores()[seat] == final


def test_draw_does_not_mutate_the_view_or_the_targets(rules):
    match, bots, renderer = new_match(rules, seed=6)
    for _ in range(40):
        step(match, bots, renderer)
    view = match.view(0)
    renderer.animate((), view, 0)
    snapshot = copy.deepcopy(view)
    targets = renderer.targets()
    canvas = pygame.Surface(CANVAS_SIZE)
    prompt = match.prompt_for(0)
    focus = next(iter(drawn_targets(prompt)), None) if prompt else None
    for _ in range(3):
        renderer.draw(canvas, focus, prompt)
    assert view == snapshot
    assert renderer.targets() == targets


def test_other_players_blind_draws_never_reach_the_viewers_hand(rules):
    match, bots, renderer = new_match(rules, seed=9)
    canvas = pygame.Surface(CANVAS_SIZE)
    for _ in range(200):
        _, _, events = step(match, bots, renderer)
        blind = [e for e in events if e.kind == "card_drawn" and e.get("source") == "deck"
                 and e.player != 0]
        if blind:
            renderer.update(0.1)
            renderer.draw(canvas, None, None)
            held = [k for k in renderer.holds if k[0] == "hand"]
            assert not held  # only the drawer's own hand waits for a card
            return
        while renderer.busy():
            renderer.update(0.1)
    raise AssertionError("no blind draw by another player")


def test_a_whole_game_draws_to_the_end(rules):
    match, bots, renderer = new_match(rules, players=4, seed=12)
    canvas = pygame.Surface(CANVAS_SIZE)
    while not match.is_over():
        step(match, bots, renderer)
        while renderer.busy():
            renderer.update(0.1)
            renderer.draw(canvas, None, None)
    renderer.draw(canvas, None, None)
    shown = renderer.shown_scores()
    assert shown == [sum(b.values()) for b in rules.scores(match.state)]


def test_every_string_the_renderer_uses_exists_in_english_and_spanish():
    # the renderer and its panels (every module that takes the room's scene strings)
    sources = [p.read_text(encoding="utf-8") for p in sorted(ROOM.glob("*.py"))]
    sources = [s for s in sources if 'translator("ticket_to_ride_paris.scene.")' in s]
    keys = {k for source in sources for k in re.findall(r'\bt\("([a-z_]+)"', source)}
    assert keys
    with open(ROOM / "strings_scene.toml", "rb") as f:
        data = tomllib.load(f)
    for lang in ("en", "es"):
        have = {k.removeprefix("ticket_to_ride_paris.scene.") for k in data[lang]}
        assert keys <= have, (lang, keys - have)


def test_every_claimed_bus_wears_its_seats_emblem(rules):
    """Colour is never the only cue: seat 2's buses carry its triangle, upright on any angle."""
    match, bots, renderer = new_match(rules, seed=3)
    seat, index = claim_next_route(match, bots, renderer)
    while seat != 2:
        seat, index = claim_next_route(match, bots, renderer)
    renderer.reset(match.view(0), 0)
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, None)
    size = (SLOT_W + BUS_GROW[1]) * BUS_EMBLEM
    assert all(emblem_shows(canvas, 2, (round(x), round(y)), size)
               for x, y in renderer.map_panel.routes[index].centers)
