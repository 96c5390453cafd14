"""Headless tests of the French Quarter board renderer (scene.py) with the dummy driver."""

from __future__ import annotations

import copy
import os
import random
import re
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scene import FQRenderer
from game.games.french_quarter.state import CARLY
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE

ROOM = Path(__file__).resolve().parents[3] / "game" / "games" / "french_quarter"
NAMES = ["Ana", "Bruno", "Carmen", "Dmitri"]
# Targets drawn on the board; everything else (None, ("boost", k)...) goes to the bottom bar.
BOARD_KINDS = {"die", "card", "building", "meter", "artist", "intersection", "direction"}


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    pygame.init()
    return FrenchQuarter()


def new_match(rules, players: int = 2, seed: int = 5, options: tuple = ()):
    match = Match(rules, Config(players, options), seed)
    match.resolve_chance()
    bots = {i: RandomBot(random.Random(seed * 10 + i)) for i in range(players)}
    renderer = FQRenderer(rules, match.config, NAMES[:players])
    renderer.reset(match.view(0), 0)
    return match, bots, renderer


def step(match: Match, bots: dict, renderer: FQRenderer | None = None, viewer: int = 0):
    """One bot action (plus chance); the renderer, if given, animates the events."""
    prompt = match.prompts()[0]
    action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
    events = match.apply(prompt.player, action) + match.resolve_chance()
    if renderer is not None:
        renderer.animate(events, match.view(viewer), viewer)
    return prompt, action, events


def drawn_targets(prompt) -> set:
    return {o.target for o in prompt.options if o.target is not None}


def advance_until(match: Match, bots: dict, predicate, limit: int = 3000) -> None:
    for _ in range(limit):
        if predicate(match):
            return
        assert not match.is_over(), "the game ended before the wanted moment"
        step(match, bots)
    raise AssertionError("the wanted moment never came")


@pytest.mark.parametrize("players,options", [
    (1, ()), (2, (("tourism", True),)), (3, (("mayor", True),)),
    (4, (("mayor", True), ("tourism", True))),
])
def test_every_option_target_of_whole_games_is_on_screen(rules, players, options):
    match, bots, renderer = new_match(rules, players, seed=players + 11, options=options)
    kinds = set()
    while not match.is_over():
        for prompt in match.prompts():
            renderer.reset(match.view(prompt.player), prompt.player)
            targets = renderer.targets()
            wanted = drawn_targets(prompt)
            assert {k[0] for k in wanted} <= BOARD_KINDS | {"boost"}, prompt.kind
            on_board = {k for k in wanted if k[0] in BOARD_KINDS}
            assert on_board <= set(targets), (prompt.kind, on_board - set(targets))
            for key in on_board:
                assert BOARD_RECT.contains(targets[key]), key
            kinds.add(prompt.kind)
        step(match, bots)
    assert {"pick", "move", "line_dir"} <= kinds


def test_option_rects_of_one_prompt_never_overlap(rules):
    match, bots, renderer = new_match(rules, 4, seed=3)
    checked = 0
    while not match.is_over() and checked < 300:
        prompt = match.prompts()[0]
        renderer.reset(match.view(prompt.player), prompt.player)
        targets = renderer.targets()
        rects = [targets[k] for k in drawn_targets(prompt) if k in targets]
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b), prompt.kind
        checked += 1
        step(match, bots)


def test_the_die_row_offers_each_free_die_on_its_card(rules):
    match, _bots, renderer = new_match(rules, 4, seed=9)
    prompt = match.prompts()[0]
    assert prompt.kind == "pick"
    renderer.reset(match.view(prompt.player), prompt.player)
    targets = renderer.targets()
    for key in drawn_targets(prompt):
        card = targets[("card", key[1])]
        die = targets[key]
        assert abs(die.centerx - card.centerx) < card.w and die.top >= card.bottom  # under it


def test_animate_makes_busy_until_updated_past_the_end(rules):
    match, bots, renderer = new_match(rules)
    assert not renderer.busy()
    _, _, events = step(match, bots, renderer)
    assert events and renderer.busy()
    renderer.update(0.01)
    assert renderer.busy()
    renderer.update(30.0)
    assert not renderer.busy()


def test_each_action_animates_briefly(rules):
    match, bots, renderer = new_match(rules, players=4, seed=8)
    for _ in range(150):
        if match.is_over():
            break
        step(match, bots, renderer)
        seconds = 0.0
        while renderer.busy():
            renderer.update(0.05)
            seconds += 0.05
        assert seconds <= 4.0  # an action and its rolls: short tweens, never a long wait


def test_a_tourist_walks_and_lands_only_when_the_walk_ends(rules):
    match, bots, renderer = new_match(rules, seed=4)
    for _ in range(400):
        _, _, events = step(match, bots, renderer)
        moves = [e for e in events if e.kind == "moved"]
        if moves:
            seat = moves[0].player
            assert renderer._holds[("pawn", seat)]  # the pawn on the map waits
            while renderer.busy():
                renderer.update(0.05)
            assert not renderer._holds[("pawn", seat)]
            return
        while renderer.busy():
            renderer.update(0.1)
    raise AssertionError("nobody moved")


def test_dice_tumble_before_they_show_and_reset_shows_them_at_once(rules):
    match, bots, renderer = new_match(rules, seed=6)
    for _ in range(600):
        _, _, events = step(match, bots, renderer)
        if any(e.kind == "die_rolled" for e in events):
            assert any(k[0] == "die" for k in renderer._holds)
            renderer.reset(match.view(0), 0)  # e.g. undo or a resize mid-animation
            assert not renderer.busy() and not renderer._holds
            return
        while renderer.busy():
            renderer.update(0.1)
    raise AssertionError("no new round")


def test_draw_does_not_mutate_the_view_or_the_targets(rules):
    match, bots, renderer = new_match(rules, seed=6)
    for _ in range(60):
        step(match, bots, renderer)
    view = match.view(0)
    renderer.animate((), view, 0)
    snapshot = copy.deepcopy(view)
    targets = renderer.targets()
    canvas = pygame.Surface(CANVAS_SIZE)
    prompt = match.prompts()[0]
    focus = next(iter(drawn_targets(prompt)), None)
    for _ in range(3):
        renderer.draw(canvas, focus, prompt)
        renderer.update(0.1)
    assert view == snapshot
    assert renderer.targets() == targets


def test_the_active_seat_gets_the_large_sheet(rules):
    match, bots, renderer = new_match(rules, 3, seed=2)
    for _ in range(200):
        prompt = match.prompts()[0]
        renderer.reset(match.view(0), 0)  # whoever watches, the decider's sheet is large
        assert renderer.large == prompt.player
        if prompt.kind in ("wild", "circle"):
            return
        step(match, bots)


def test_solo_shows_carly_and_the_mayor_card(rules):
    match, bots, renderer = new_match(rules, 1, seed=3)
    advance_until(match, bots, lambda m: any(tk == CARLY for _, _, tk in m.state.dice))
    renderer.reset(match.view(0), 0)
    assert renderer._panel_seats() == [CARLY]
    assert renderer.mayor and renderer.mayor_rect.right <= BOARD_RECT.right
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, match.prompts()[0])


def test_the_vacation_card_shows_only_to_its_owner(rules):
    match, _bots, renderer = new_match(rules, 2, seed=5, options=(("tourism", True),))
    view0, view1 = match.view(0), match.view(1)
    assert view0.sheets[0].vacation >= 0 and view0.sheets[1].vacation < 0
    assert view1.sheets[1].vacation >= 0 and view1.sheets[0].vacation < 0
    renderer.reset(view0, 0)
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, None)  # the hidden card draws as "secret", never crashes


def test_a_whole_game_animates_and_draws_to_the_end(rules):
    match, bots, renderer = new_match(rules, players=4, seed=12,
                                      options=(("mayor", True), ("tourism", True)))
    canvas = pygame.Surface(CANVAS_SIZE)
    frames = 0
    while not match.is_over():
        step(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 8)
            renderer.draw(canvas, None, None)
            frames += 1
    renderer.draw(canvas, None, None)
    assert renderer._totals == [sum(b.values()) for b in rules.scores(match.view(0))]
    assert frames > 50


def test_every_string_the_renderer_uses_exists_in_english_and_spanish():
    source = (ROOM / "scene.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'\bt\("([a-z_.]+)"\s*[,)]', source))
    keys |= {f"{group}.{name}" for group, names in (
        ("abbr", ("sax", "trumpet", "tuba", "violin", "unicycle", "magic", "acrobat", "statue")),
        ("special", ("start", "police", "courtyard", "gift_shop", "riverwalk")),
    ) for name in names}
    keys |= {"to_streetcar", "to_boat"}
    assert len(keys) > 20
    with open(ROOM / "strings_scene.toml", "rb") as f:
        data = tomllib.load(f)
    for lang in ("en", "es"):
        have = {k.removeprefix("french_quarter.scene.") for k in data[lang]}
        assert keys <= have, (lang, keys - have)


def test_animate_defers_repaints_then_catches_up_a_region_a_frame(rules):
    match, bots, renderer = new_match(rules, players=4, seed=7)
    for _ in range(40):
        step(match, bots, renderer)
        for _ in range(3):  # map, cards, sheets: at most one region a frame
            renderer.update(1 / 60)
        assert renderer._want == renderer._keys


def test_sheet_and_map_letters_are_at_least_the_small_size(rules):
    from game.games.french_quarter import scene, sprites
    from game.ui import theme

    assert scene.MARK >= theme.SMALL_SIZE
    for kind in ("B", "M", "BM"):  # the circle symbols fit inside their circle
        mark = scene._circle_mark(kind, (0, 0, 0))
        assert mark.get_width() <= scene.BOX - 8 and mark.get_height() <= scene.BOX - 8
    tag = sprites.artist_tag("Mg", 34)
    assert tag.get_width() >= theme.font(theme.SMALL_SIZE, True).size("Mg")[0] + 10
