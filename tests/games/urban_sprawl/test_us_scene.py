"""The Urban Sprawl renderer: every option with a place on the board has a rect (and the rects
of one prompt are apart, so the d-pad can tell them apart), the city shows every building, the
focus previews placements and zooms cards, and events animate briefly."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.games.urban_sprawl.board import BLOCKS, SIDE
from game.games.urban_sprawl.key_panel import ap_text, key_entries, key_rows
from game.games.urban_sprawl.layout import (
    CARD,
    FOOT_ICON,
    KEY_BOX,
    PANEL_ZONES,
    PILL_PAD,
    RIGHT_X,
    SMALL,
    ZOOM,
    block_area,
    block_plate_center,
    card_slot,
    lot_rect,
    lots_target,
    panel_rects,
)
from game.games.urban_sprawl.panel_base import drafting, turn_seat
from game.games.urban_sprawl.pills import pill_layout
from game.games.urban_sprawl.scene import USRenderer
from game.games.urban_sprawl.sprites import value_plate
from game.games.urban_sprawl.state import SOURCES
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.i18n import set_language, t

US = "urban_sprawl"


@pytest.fixture(autouse=True)
def fonts():
    """The renderer lays out text at construction."""
    pygame.init()


def playout(players: int, seed: int, steps: int):
    """A random game, yielding (match, prompt) before each answer."""
    match = Match(rules_for(US), Config(players), seed)
    bots = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(players)}
    for _ in range(steps):
        match.resolve_chance()
        if match.is_over():
            return
        prompt = match.prompts()[0]
        yield match, prompt
        match.apply(prompt.player, bots[prompt.player].choose(match.rules, match.view(0), prompt))


def renderer_for(match: Match) -> USRenderer:
    renderer = USRenderer(match.rules, match.config, [f"P{i}" for i in range(match.config.players)])
    renderer.reset(match.view(0), 0)
    return renderer


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_option_with_a_target_has_a_distinct_place_on_the_board(players):
    seen, match, renderer = set(), None, None
    for match, prompt in playout(players, seed=players + 20, steps=600):
        renderer = renderer or renderer_for(match)
        renderer.reset(match.view(0), 0)
        rects = renderer.targets()
        placed = [o.target for o in prompt.options if o.target is not None]
        for target in placed:
            assert target in rects, (prompt.kind, target)
            assert BOARD_RECT.contains(rects[target]), (prompt.kind, target)
        unique = set(placed)
        centres = {rects[t].center for t in unique}
        assert len(centres) == len(unique), prompt.kind  # no two options under one spot
        seen.add(prompt.kind)
    assert match is not None and {"draft", "act", "place"} <= seen


def test_every_building_sits_on_its_lots_and_the_rows_on_their_slots():
    *_, (match, _) = playout(4, seed=9, steps=300)
    view = match.view(0)
    rects = renderer_for(match).targets()
    for bid, building in enumerate(view.buildings):
        if building is not None:
            target = rects[("building", bid)]
            assert any(lot_rect(lot).colliderect(target) for lot in building.lots)
    assert rects[("planning", "row", 0)] == card_slot("planning", 0)
    assert rects[("contract", "top", 0)] == card_slot("contract", 5)


def test_the_pairs_and_l_shapes_of_one_block_have_separate_targets():
    block = (0, 1, 12, 13)  # the north-west block's four lots
    shapes = [(0, 1), (12, 13), (0, 12), (1, 13)] + [tuple(x for x in block if x != gap)
                                                     for gap in block] + [block]
    centres = {lots_target(shape).center for shape in shapes}
    assert len(centres) == len(shapes)


def test_panels_fit_the_board_and_never_overlap():
    for players in (2, 3, 4):
        rects = panel_rects(players)
        assert len(rects) == players
        assert all(BOARD_RECT.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_two_seat_panel_writes_every_office_and_vocation_whole(language):
    """Four offices and the Extra Favour as pills under the seat's name, each word whole; all
    six vocations named with their counts at the panel's foot; every zone with its count;
    everything inside the panel and clear of the seat's chips."""
    set_language(language)
    try:
        match = Match(rules_for(US), Config(2), 3)
        match.resolve_chance()
        renderer = renderer_for(match)
        crowded = dataclasses.replace(match.state, offices=(0, 0, 0, 0, 1, 1), extra_favour=0,
                                      vocations=((3, 2, 1, 4, 1, 1), (0,) * 6))
        view = match.rules.view(crowded, 0)
        renderer.reset(view, 0)
        body = renderer.bodies[0]
        panel = body.whole
        chips = body.hand_rects + body.favour_rects
        pills = pill_layout(panel, body.pills(view))
        font = theme.font(SMALL)
        for office in ("mayor", "district_attorney", "treasurer", "police_chief"):
            assert t(f"urban_sprawl.scene.office.{office}") in [text for text, _, _ in pills]
        for text, _, rect in pills:
            assert font.size(text)[0] <= rect.w - 2 * PILL_PAD + 4, f"{text!r} narrowed"
            assert panel.contains(rect) and not rect.collidelistall(chips)
        foot = body.foot()
        words = [text for _, text, _, _ in foot]
        for vocation, count in zip(renderer.board.vocations, (3, 2, 1, 4, 1, 1), strict=True):
            assert f"{t('urban_sprawl.scene.vocation.' + vocation)} {count}" in words
        assert len(foot) == len(PANEL_ZONES) + 6
        assert any(text.startswith(t("urban_sprawl.scene.zone.RES")[1:]) or
                   t("urban_sprawl.scene.zone.RES")[1:] in text for text in words)
        for _, text, rect, _ in foot:
            assert panel.contains(rect) and not rect.collidelistall(chips)
            assert font.size(text)[0] + FOOT_ICON + 6 <= rect.w, f"{text!r} runs over"
    finally:
        set_language("en")


def test_no_block_value_plate_sits_on_a_lot():
    """Each block's value plate lies in the avenue under its block: never over a lot, so never
    under a building, whatever its value and mark."""
    lots = [lot_rect(lot) for lot in range(SIDE * SIDE)]
    for block in range(BLOCKS * BLOCKS):
        for mark in (None, "high", "low"):
            plate = value_plate(88, mark).get_rect(center=block_plate_center(block))
            assert plate.collidelist(lots) == -1, f"block {block}'s plate covers a lot"
            assert block_area(block).contains(plate)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_key_explains_each_symbol_in_words_that_fit(language):
    """The key names the marker circles, the markers, block values and the highest/lowest
    marks, each line whole in its place in both languages."""
    set_language(language)
    try:
        entries = key_entries()
        assert len(entries) == len(key_rows()) == 4
        for (_, words), (icon, line) in zip(entries, key_rows(), strict=True):
            assert words and not words.startswith("urban_sprawl.")
            assert theme.font(SMALL).size(words)[0] <= line.w, f"{words!r} does not fit"
            assert KEY_BOX.contains(icon) and KEY_BOX.contains(line)
    finally:
        set_language("en")


def test_focusing_a_card_zooms_it_and_a_placement_shows_a_ghost():
    for match, prompt in playout(2, seed=4, steps=400):
        if prompt.kind == "place":
            break
    else:
        pytest.fail("no placement in 400 steps")
    renderer = renderer_for(match)
    canvas = pygame.Surface((1920, 1080))
    target = prompt.options[0].target
    renderer.draw(canvas, target, prompt)
    before = pygame.image.tobytes(canvas, "RGB")
    renderer.draw(canvas, None, prompt)
    assert pygame.image.tobytes(canvas, "RGB") != before  # the ghost building and ring
    slot = card_slot("contract", 0)
    renderer.draw(canvas, ("contract", "row", 0), prompt)
    zoom_spot = (RIGHT_X - 16 - ZOOM[0] // 2, slot.y + ZOOM[1] // 2)
    plain = renderer.layers.surface.get_at(zoom_spot)
    assert canvas.get_at(zoom_spot) != plain  # the zoomed card covers the spot
    assert ZOOM[0] == 2 * CARD[0]


def test_a_building_drops_onto_its_lots_after_the_build():
    match = Match(rules_for(US), Config(2), 4)
    bots = {s: RandomBot(random.Random(s)) for s in range(2)}
    renderer = renderer_for(match)
    for _ in range(2000):
        events = list(match.resolve_chance())
        prompt = match.prompts()[0]
        events += match.apply(prompt.player, bots[prompt.player].choose(match.rules,
                                                                        match.view(0), prompt))
        placed = [e for e in events if e.kind == "building_placed"]
        if placed and prompt.kind == "place":
            break
    else:
        pytest.fail("no building placed")
    renderer.animate(events, match.view(0), 0)
    bid = placed[0].get("building")
    assert ("building", bid) in renderer.holds  # not in the city until it lands
    while renderer.busy():
        renderer.update(0.05)
    assert ("building", bid) not in renderer.holds


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_results_screen_names_every_prestige_source(language):
    set_language(language)
    try:
        for source in SOURCES:
            key = f"{US}.score.{source}"
            assert t(key) != key, source
    finally:
        set_language("en")


def test_the_city_painted_step_by_step_equals_a_fresh_paint_after_marker_moves():
    """The city layer repaints only changed blocks; after value plates change (a marker moved)
    it must show exactly what a renderer drawing that view from scratch shows."""
    match = Match(rules_for(US), Config(2), 7)
    bots = {s: RandomBot(random.Random(s)) for s in range(2)}
    renderer, checked = renderer_for(match), 0
    canvas, fresh_canvas = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
    for _ in range(3000):
        if match.is_over() or checked == 3:
            break
        values = match.view(0).values
        events = list(match.resolve_chance())
        prompt = match.prompts()[0]
        events += match.apply(prompt.player, bots[prompt.player].choose(match.rules,
                                                                        match.view(0), prompt))
        renderer.animate(events, match.view(0), 0)
        while renderer.busy() or renderer.layers.pending:  # repaints spread over frames
            renderer.update(0.25)
        if match.view(0).values != values:
            renderer.draw(canvas, None, None)
            renderer_for(match).draw(fresh_canvas, None, None)
            assert city_pixels(canvas) == city_pixels(fresh_canvas)
            checked += 1
    assert checked == 3, "the seeded game moved no marker three times"


def city_pixels(canvas: pygame.Surface) -> bytes:
    """The pixels of the city's blocks (plates included)."""
    city = block_area(0).unionall([block_area(b) for b in range(BLOCKS * BLOCKS)])
    return pygame.image.tobytes(canvas.subsurface(city), "RGB")


@pytest.mark.parametrize(("language", "one", "many"), [("en", "licence", "licences"),
                                                       ("es", "licencia", "licencias")])
def test_a_permit_card_names_its_licences_in_the_singular_for_one(language, one, many):
    from game.games.urban_sprawl import sprites
    from game.games.urban_sprawl.board import Permit
    from game.games.urban_sprawl.layout import t
    from game.legibility.trace import tracing
    from game.ui.i18n import set_language

    permits = [c for c in rules_for("urban_sprawl").board.cards.values() if isinstance(c, Permit)]
    by_count = {c.licences: c for c in permits}
    assert {1, 2} <= set(by_count)
    set_language(language)
    try:
        for count, word in ((1, one), (2, many)):
            with tracing() as tracer:
                face = sprites.card_face(by_count[count], CARD, t)
                shown = [m.text for m in tracer.marks(face)]
            assert word in shown and str(count) in shown, shown
            assert (many if count == 1 else one) not in shown
    finally:
        set_language("en")


def test_the_setup_draft_shows_the_picker_s_turn_then_the_active_seat_s():
    """During the setup's draft of the starting buildings nobody has a turn of AP yet: the key
    names the seat picking ("Setup" where the AP go) and its panel is outlined; once play
    starts, the active seat's."""
    drafts = 0
    for match, prompt in playout(3, 5, 400):
        view = match.view(0)
        if prompt.kind == "draft":
            drafts += 1
            assert turn_seat(view) == prompt.player and drafting(view)
            if prompt.player != view.active:  # (the active seat is the first to play after)
                renderer = renderer_for(match)
                shown = {item.name: item.look for item in renderer.panels["key"].items()}
                assert shown["ap"] is ap_text(None)
                assert [body.key()[0] for body in renderer.bodies] == [
                    seat == prompt.player for seat in range(3)]
                assert [head.key()[2] for head in renderer.heads] == [
                    seat == prompt.player for seat in range(3)]
        elif prompt.kind == "act":
            assert turn_seat(view) == view.active == prompt.player and not drafting(view)
            renderer = renderer_for(match)
            shown = {item.name: item.look for item in renderer.panels["key"].items()}
            assert shown["ap"] is ap_text(view.ap)
            break
    assert drafts == 12
