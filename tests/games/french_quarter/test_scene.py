"""Headless tests of the French Quarter board renderer (scene.py) with the dummy driver."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import os
import re
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.core import event
from game.engine.match import Match
from game.games.french_quarter import layout, scene, sprites
from game.games.french_quarter.layout import CHOOSERS, MAP
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scene import FQRenderer
from game.games.french_quarter.state import CARLY
from game.ui import i18n, theme
from game.ui.audio import event_cues
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from game.ui.focus import VECTORS, nearest
from tests.games.emblem_probe import emblem_shows
from tests.games.scene_match import NAMES, scene_match, step

ROOM = Path(__file__).resolve().parents[3] / "game" / "games" / "french_quarter"
# Every choice is drawn on the board; only declining (target None) goes to the bottom bar.
BOARD_KINDS = {"die", "card", "building", "meter", "artist", "intersection", "direction",
               "value", "circle", "boost"}


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    pygame.init()
    return FrenchQuarter()


def new_match(rules, players: int = 2, seed: int = 5, options: tuple = ()):
    return scene_match(FQRenderer, rules, players, seed, options)


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
def test_every_choice_of_whole_games_has_its_own_target_on_screen(rules, players, options):
    match, bots, renderer = new_match(rules, players, seed=players + 11, options=options)
    kinds = set()
    while not match.is_over():
        for prompt in match.prompts():
            renderer.reset(match.view(prompt.player), prompt.player)
            targets = renderer.targets()
            choices = [o.target for o in prompt.options if o.action is not None]
            # only declining has no target: the shell makes it a bottom-bar button
            assert all(o.target is None for o in prompt.options if o.action is None)
            assert None not in choices and len(set(choices)) == len(choices), prompt.kind
            assert {k[0] for k in choices} <= BOARD_KINDS, prompt.kind
            assert set(choices) <= set(targets), (prompt.kind, set(choices) - set(targets))
            for key in choices:
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


def test_a_tourist_walks_and_lands_only_when_the_walk_ends(rules):
    match, bots, renderer = new_match(rules, seed=4)
    for _ in range(400):
        _, _, events = step(match, bots, renderer)
        moves = [e for e in events if e.kind == "moved"]
        if moves:
            seat = moves[0].player
            assert renderer.holds[("pawn", seat)]  # the pawn on the map waits
            while renderer.busy():
                renderer.update(0.05)
            assert not renderer.holds[("pawn", seat)]
            return
        while renderer.busy():
            renderer.update(0.1)
    raise AssertionError("nobody moved")


def test_dice_tumble_before_they_show_and_reset_shows_them_at_once(rules):
    match, bots, renderer = new_match(rules, seed=6)
    for _ in range(600):
        _, _, events = step(match, bots, renderer)
        if any(e.kind == "die_rolled" for e in events):
            assert any(k[0] == "die" for k in renderer.holds)
            renderer.reset(match.view(0), 0)  # e.g. undo or a resize mid-animation
            assert not renderer.busy() and not renderer.holds
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
    assert renderer.sheet.panel_seats() == [CARLY]
    assert renderer.mayor and renderer.cards.mayor_rect.right <= BOARD_RECT.right
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
    assert renderer.totals == [sum(b.values()) for b in rules.scores(match.view(0))]
    assert frames > 50


def test_every_event_kind_of_a_game_is_animated_or_declared_with_its_own_sound(rules):
    kinds = set()
    for players, options in ((1, ()), (4, (("mayor", True), ("tourism", True)))):
        match, bots, _ = new_match(rules, players, seed=players + 3, options=options)
        while not match.is_over():
            kinds |= {e.kind for e in step(match, bots)[2]}
    assert {"die_rolled", "moved", "mapped", "round", "game_over"} <= kinds
    assert kinds <= set(FQRenderer.EVENT_HANDLERS) | set(FQRenderer.SOUNDS)
    # timed to this room's animations, never left to the shared patterns (bar the end's chord)
    assert kinds - {"game_over"} <= set(FQRenderer.SOUND_CUES)


def test_event_sounds_land_with_their_animations():
    def cues(*events):
        return [(round(at, 3), name) for at, name, _ in event_cues(events, FQRenderer.SOUND_CUES)]
    roll = event("die_rolled", None, deck="walk", value=3)
    assert cues(roll, roll, roll) == [(0.0, "shuffle"), (0.07, "shuffle"), (0.14, "shuffle")]
    write = event("mapped", 0, building="x", value=4)
    tick = event("meter", 0, activity="food", box=2)
    assert cues(write, tick) == [(0.3, "clunk"), (0.4, "tick")]  # the pen lifts, then a tick
    assert cues(event("first_player", 1), event("game_over", None, reveal=True)) == [
        (0.0, "chord")]


def test_every_string_the_renderer_uses_exists_in_english_and_spanish():
    source = "".join(f.read_text(encoding="utf-8") for f in sorted(ROOM.glob("*.py")))
    keys = set(re.findall(r'\bt\("([a-z_.]+)"\s*[,)]', source))
    keys |= {f"{group}.{name}" for group, names in (
        ("abbr", ("sax", "trumpet", "tuba", "violin", "unicycle", "magic", "acrobat", "statue")),
        ("special", ("start", "police", "courtyard", "gift_shop", "riverwalk")),
        ("key", ("bonus", "mult", "either", "map", "points")),
    ) for name in names}
    keys |= {"to_streetcar", "to_boat"}
    assert len(keys) > 20
    with open(ROOM / "strings_scene.toml", "rb") as f:
        data = tomllib.load(f)
    for lang in ("en", "es"):
        have = {k.removeprefix("french_quarter.scene.") for k in data[lang]}
        assert keys <= have, (lang, keys - have)


def test_animate_defers_repaints_then_catches_up_a_few_pixels_a_frame(rules):
    match, bots, renderer = new_match(rules, players=4, seed=7)
    for _ in range(40):
        renderer.layers.take_painted()
        step(match, bots, renderer)
        assert renderer.layers.take_painted() == []  # nothing painted with the move
        for _ in range(60):  # the large sheet changing hands: its groups built a frame each,
            # then twenty bands at most (REPAINT_AREA)
            renderer.update(1 / 60)
        assert not renderer.repaints_due()


def test_sheet_and_map_letters_are_at_least_the_small_size(rules):
    assert layout.MARK >= theme.SMALL_SIZE
    for kind in ("B", "M", "BM"):  # the circle symbols fit inside their circle
        mark = sprites.circle_mark(kind, (0, 0, 0))
        assert mark.get_width() <= layout.BOX - 8 and mark.get_height() <= layout.BOX - 8
    tag = sprites.artist_tag("Mg", 34)
    assert tag.get_width() >= theme.font(theme.SMALL_SIZE, True).size("Mg")[0] + 10


# -- choosers: values, circle choices and boosts as chips -----------------------------------------
def chooser_samples(rules) -> dict[str, list]:
    """(config, view, prompt) of prompts with chips, by prompt kind and chip kind (bot games)."""
    out: dict[str, list] = {}
    for seed in range(1, 13):
        players = 1 + seed % 4
        match, bots, _ = new_match(rules, players, seed=seed,
                                   options=(("mayor", seed % 2 == 0), ("tourism", seed % 3 == 0)))
        while not match.is_over():
            prompt = match.prompts()[0]
            kinds = {o.target[0] for o in prompt.options if o.target} & CHOOSERS
            for kind in kinds:
                found = out.setdefault(f"{prompt.kind}:{kind}", [])
                if len(found) < 6:
                    found.append((match.config, match.view(prompt.player), prompt))
            step(match, bots)
    return out


@pytest.fixture(scope="module")
def samples(rules):
    return chooser_samples(rules)


@pytest.fixture(scope="module")
def renderer_for(rules):
    """One renderer per config (building one paints the static layer: not per sample)."""
    made: dict = {}

    def get(config) -> FQRenderer:
        if config not in made:
            made[config] = FQRenderer(rules, config, NAMES[:config.players])
        return made[config]
    return get


def shown(renderer: FQRenderer, view, prompt) -> dict:
    renderer.reset(view, prompt.player)
    targets = renderer.targets()
    return {o.target: targets[o.target] for o in prompt.options if o.target is not None}


def test_bot_games_reach_every_kind_of_chooser(samples):
    assert {"mapw:value", "bval:value", "circle:circle", "move:boost"} <= set(samples)


def test_chips_sit_inside_their_area_apart_from_each_other_and_every_other_choice(renderer_for,
                                                                                  samples):
    canvas = pygame.Surface(CANVAS_SIZE)
    for config, view, prompt in (x for xs in samples.values() for x in xs):
        renderer = renderer_for(config)
        rects = shown(renderer, view, prompt)
        chips = {k: r for k, r in rects.items() if k[0] in CHOOSERS}
        for key, rect in chips.items():
            area = renderer.sheet.sheet_rect if key[0] == "circle" else MAP
            assert area.contains(rect), (prompt.kind, key, rect)
            assert rect.h >= 40 and rect.w >= 40  # big enough to read and to click
            if key[0] != "circle":  # on a street: no building is ever hidden by a chip
                assert rect.collidelist(renderer.board_panel.bld) == -1, (key, rect)
        keys = list(rects)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                assert not rects[a].colliderect(rects[b]), (prompt.kind, a, b)
        renderer.draw(canvas, None, prompt)
        plate = renderer.choosers.plate[2]
        assert area.contains(plate) and plate.contains(rects[next(iter(chips))])


def test_value_chips_lie_beside_the_building_being_mapped(renderer_for, samples):
    for config, view, prompt in samples["mapw:value"] + samples["bval:value"]:
        renderer = renderer_for(config)
        rects = shown(renderer, view, prompt)
        building = renderer.board_panel.bld[view.tasks[0][2]]
        for key, rect in rects.items():
            if key is not None and key[0] == "value":
                gap = max(building.top - rect.bottom, rect.top - building.bottom)
                assert 0 <= gap <= layout.STREET  # on the street along its block
                assert abs(rect.centerx - building.centerx) < 400


def test_value_chips_weigh_the_labels_where_the_map_geometry_has_them(renderer_for, samples):
    """The chips' row is chosen by the labels it would hide, listed without naming them
    (MapLayout.label_rects, at a move): the same rects as the map's geometry, in order."""
    for config, view, prompt in samples["mapw:value"] + samples["move:boost"]:
        renderer = renderer_for(config)
        shown(renderer, view, prompt)
        shapes = renderer.board_panel.shapes()
        assert renderer.board_panel.map.label_rects(shapes) == [
            label.rect for label in shapes.geometry.labels]


def test_circle_chips_sit_just_under_or_over_the_circle(renderer_for, samples):
    for config, view, prompt in samples["circle:circle"]:
        renderer = renderer_for(config)
        rects = shown(renderer, view, prompt)
        _, seat, a = view.tasks[0]
        circle = renderer.sheet.art.box_rects[a][view.sheets[seat].meters[a] - 1]
        assert [k[2] for k in rects] == ["bonus", "mult"]
        for rect in rects.values():
            assert 0 <= max(circle.top - rect.bottom, rect.top - circle.bottom) <= 20
            assert rect.left >= renderer.sheet.art.box_rects[0][0].left  # the labels stay readable


def test_the_dpad_reaches_every_choice_from_the_first_one(renderer_for, samples):
    for config, view, prompt in (x for xs in samples.values() for x in xs):
        renderer = renderer_for(config)
        rects = {k: r for k, r in shown(renderer, view, prompt).items() if k is not None}
        start = next(iter(rects))
        seen, todo = {start}, [start]
        while todo:
            at = todo.pop()
            for direction in VECTORS:
                nxt = nearest(rects, at, direction)
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        assert seen == set(rects), (prompt.kind, set(rects) - seen)


def test_a_chip_row_steps_left_and_right_chip_by_chip(renderer_for, samples):
    for config, view, prompt in samples["bval:value"] + samples["circle:circle"]:
        renderer = renderer_for(config)
        rects = {k: r for k, r in shown(renderer, view, prompt).items() if k is not None}
        row = sorted(rects, key=lambda k: rects[k].x)
        for left, right in itertools.pairwise(row):
            assert nearest(rects, left, "right") == right
            assert nearest(rects, right, "left") == left


def test_only_the_chips_the_prompt_offers_are_drawn(renderer_for, samples):
    config, view, prompt = next(x for x in samples["bval:value"] if len(x[2].options) >= 2)
    renderer = renderer_for(config)
    renderer.reset(view, prompt.player)
    targets = renderer.targets()
    bare, full, fewer = (pygame.Surface(CANVAS_SIZE) for _ in range(3))
    renderer.draw(bare, None, None)  # no prompt (a bot decides, an animation runs): no chips
    renderer.draw(full, None, prompt)
    kept = dataclasses.replace(prompt, options=prompt.options[:1])
    renderer.draw(fewer, None, kept)
    first, dropped = prompt.options[0].target, prompt.options[-1].target
    assert full.get_at(targets[first].center) != bare.get_at(targets[first].center)
    assert fewer.get_at(targets[first].center) == full.get_at(targets[first].center)
    assert fewer.get_at(targets[dropped].center) == bare.get_at(targets[dropped].center)


def test_the_solo_mayor_card_notes_fit_in_both_languages(rules):
    _match, _bots, renderer = new_match(rules, 1, seed=3)
    room = renderer.cards.mayor_rect.w - 6
    try:
        for lang in ("en", "es"):
            i18n.set_language(lang)
            for key in ("carly_first", "mayor"):  # one line each (street names wrap)
                label = scene.t(key)
                assert "1.ª" not in label  # no cryptic abbreviation
                width = theme.font(theme.SMALL_SIZE, True).size(label)[0]
                assert width * layout.SQUEEZE <= room, label  # whole, at worst narrowed
    finally:
        i18n.set_language("en")


def test_a_tourists_head_is_its_seats_emblem_and_taken_dice_wear_the_takers(rules):
    """Colour is never the only cue: seat 2's pawn has a triangle head, its dice a triangle."""
    match, bots, renderer = new_match(rules, players=3, seed=4)

    def seat_2_moved_and_took_a_die(m: Match) -> bool:
        return m.state.sheets[2].pos >= 0 and any(tk == 2 for _, _, tk in m.state.dice)

    advance_until(match, bots, seat_2_moved_and_took_a_die)
    renderer.reset(match.view(0), 0)
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, None)
    pawn = renderer.board_panel.shapes().pawns[2]
    head = sprites.pawn_head(pawn.w)
    assert emblem_shows(canvas, 2, (pawn.x + head[0], pawn.y + head[1]),
                        pawn.w * sprites.PAWN_HEAD)
    die = next(i for i, (_, _, tk) in enumerate(match.state.dice) if tk == 2)
    assert emblem_shows(canvas, 2, renderer.cards.die_rect(match.view(0), die).topright,
                        layout.TAKER_EMBLEM)
