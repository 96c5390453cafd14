"""Headless tests of the Next Station: Paris renderer (scene.py) with the dummy video driver."""

from __future__ import annotations

import os
import random
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config, Event
from game.engine.match import Match
from game.games.next_station_paris.board import COLORS
from game.games.next_station_paris.column_panels import FLIP_REST, FLIP_TIME
from game.games.next_station_paris.layout import make_layout
from game.games.next_station_paris.map_panel import STROKE_TIME
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.scene import NSPRenderer
from game.games.next_station_paris.score_panel import (
    COUNT_STEPS,
    COUNT_TIME,
    HEADER_EMBLEM,
    MINI_EMBLEM,
    SCORE_ROWS_PER_FRAME,
)
from game.games.next_station_paris.sprites import pencil_rgb
from game.ui import theme
from game.ui.audio import event_cues
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE, is_split
from game.ui.focus import hit
from tests.games.emblem_probe import emblem_shows

ROOM = Path(__file__).resolve().parents[3] / "game" / "games" / "next_station_paris"
NAMES = ["Ana", "Bruno", "Carmen", "Dmitri"]
LAYOUTS = [(1, (0,)), (2, (1,)), (3, (0,)), (4, (1,)), (2, (0, 1)), (4, (0, 2)), (3, (0, 1, 2)),
           (4, (0, 1, 2, 3)), (4, ())]


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    pygame.init()
    return NextStationParis()


def new_match(rules, players: int = 2, seed: int = 5, humans=(0, 1)):
    match = Match(rules, Config(players), seed)
    match.resolve_chance()
    bots = {i: RandomBot(random.Random(seed * 10 + i)) for i in range(players)}
    renderer = NSPRenderer(rules, match.config, NAMES[:players])
    renderer.set_humans(humans)
    renderer.reset(match.view(None), None)
    return match, bots, renderer


def answer_all(match: Match, bots: dict, renderer: NSPRenderer | None = None,
               draw: bool = True) -> list:
    """Every seat answers the current card (a segment when it can); returns the events."""
    events = []
    for prompt in match.prompts():
        options = [o for o in prompt.options if o.target is not None] if draw else []
        action = (bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
                  if not options else options[0].action)
        new = match.apply(prompt.player, action) + match.resolve_chance()
        events += new
        if renderer is not None:
            renderer.animate(new, match.view(None), None)
    return events


def settle(renderer: NSPRenderer) -> None:
    """Run every animation to its end (score rows repaint a few per frame after it)."""
    renderer.update(30.0)
    for _ in range(20):
        if not renderer.busy():
            break
        renderer.update(1 / 60)
    assert not renderer.busy()


def near(color, want, tol: int = 45) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(color, want))


def inked(canvas: pygame.Surface, p: tuple[int, int], color) -> bool:
    """Pencil colour at or right next to p (the stroke's grain lightens some pixels)."""
    return any(near(canvas.get_at((p[0] + dx, p[1] + dy))[:3], color)
               for dx in (-2, 0, 2) for dy in (-2, 0, 2))


def test_it_is_a_split_renderer(rules):
    _, _, renderer = new_match(rules)
    assert is_split(renderer)


@pytest.mark.parametrize(("players", "humans"), LAYOUTS)
def test_every_seat_has_its_own_map_with_every_station_inside(rules, players, humans):
    _, _, renderer = new_match(rules, players, humans=humans)
    areas = renderer.layout.seats
    assert set(areas) == set(range(players))
    for seat, area in areas.items():
        assert BOARD_RECT.contains(area.area), seat
        targets = renderer.seat_targets(seat)
        assert {("station", s.index) for s in rules.board.stations} == set(targets)
        for key, rect in targets.items():
            assert area.map.contains(rect), (seat, key)
        for other, rect in areas.items():
            if other != seat:
                assert not area.area.colliderect(rect.area), (seat, other)
        assert not area.area.colliderect(renderer.layout.card)
    for seat in humans:  # people get full maps with a strip for their prompt and buttons
        area = areas[seat]
        assert not area.mini and area.map.w >= 420
        strip = renderer.seat_bar(seat)
        assert area.area.contains(strip) and not strip.colliderect(area.map)
        assert strip.h >= 56


@pytest.mark.parametrize(("players", "humans"), [*LAYOUTS, (4, (0,)), (3, (0, 1)), (4, (2, 3))])
def test_with_modules_every_layout_shows_the_objectives_and_gates(rules, players, humans):
    layout = make_layout(players, humans, modules=True)
    panel = layout.modules
    assert panel is not None and panel.h >= 240 and BOARD_RECT.contains(panel)
    assert not panel.colliderect(layout.card) and not panel.colliderect(layout.pips)
    for seat, area in layout.seats.items():
        assert not panel.colliderect(area.area), seat
    people = humans or range(players)
    assert all(not layout.seats[seat].mini for seat in people)


@pytest.mark.parametrize("modules", [False, True])
def test_a_lone_bot_gets_a_map_as_wide_as_its_column(modules):
    layout = make_layout(2, (0,), modules)
    bot = layout.seats[1]
    assert bot.mini and bot.map.w >= 480 and bot.area.contains(bot.map)
    assert bot.area.contains(bot.score) and bot.score.top >= bot.map.bottom
    assert bot.score.h >= 140  # name, total and the four rounds stay readable


def test_stations_on_a_quarter_screen_map_are_big_and_tell_apart(rules):
    _, _, renderer = new_match(rules, 4, humans=(0, 1, 2, 3))
    targets = renderer.seat_targets(3)
    centres = [r.center for r in targets.values()]
    assert len(set(centres)) == len(centres)
    for key, rect in targets.items():
        assert rect.w >= 30 and rect.h >= 30
        assert hit(targets, rect.center) == key  # a click on a station picks that station


def test_every_prompt_of_a_game_has_its_targets_on_its_own_map(rules):
    match, bots, renderer = new_match(rules, players=3, seed=2, humans=(0, 1, 2))
    kinds = set()
    while not match.is_over():
        for prompt in match.prompts():
            targets = renderer.seat_targets(prompt.player)
            area = renderer.layout.seats[prompt.player].map
            for option in prompt.options:
                if option.target is not None:
                    assert area.contains(targets[option.target]), prompt.kind
            kinds.add(prompt.kind)
        answer_all(match, bots, draw=False)
    assert "card" in kinds


def test_a_stroke_holds_only_its_own_seat_and_appears_when_done(rules):
    match, _bots, renderer = new_match(rules, 2, seed=3)
    canvas = pygame.Surface(CANVAS_SIZE)
    prompt = match.prompt_for(0)
    option = next(o for o in prompt.options if o.action[0] == "draw")
    _, start, end = option.action
    events = match.apply(0, option.action)
    renderer.animate(events, match.view(None), None)
    assert renderer.busy() and renderer.seat_busy(0) and not renderer.seat_busy(1)
    a, b = renderer.station_center(0, start), renderer.station_center(0, end)
    mid = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
    color = pencil_rgb(COLORS[match.state.lines[0][-1].color])
    renderer.update(0.01)
    renderer.draw_seats(canvas, {}, {})
    assert not inked(canvas, mid, color)  # the pencil has not got there yet
    settle(renderer)
    renderer.draw_seats(canvas, {}, {})
    assert inked(canvas, mid, color)


def first_draw(match: Match, seat: int):
    """A segment the seat may draw now: (action, start, end)."""
    option = next(o for o in match.prompt_for(seat).options if o.action[0] == "draw")
    return option.action, option.action[1], option.action[2]


def stroke_shows(renderer: NSPRenderer, match: Match, seat: int, start: int, end: int) -> bool:
    """The seat's line between two stations is on its map (drawn from the layers alone)."""
    canvas = pygame.Surface(CANVAS_SIZE)
    canvas.blit(renderer.layers.surface, BOARD_RECT)
    a, b = renderer.station_center(seat, start), renderer.station_center(seat, end)
    mid = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
    return inked(canvas, mid, pencil_rgb(COLORS[match.state.lines[seat][-1].color]))


def test_the_board_animates_the_events_not_what_changed_between_views(rules):
    match, _bots, renderer = new_match(rules, 2, seed=3)
    action, start, end = first_draw(match, 0)
    assert not stroke_shows(renderer, match, 0, start, end)
    match.apply(0, action)
    renderer.animate((), match.view(None), None)  # a new view and no event: nothing to animate
    assert not renderer.timeline
    renderer.update(1 / 60)  # the layers repaint from the frame after a move (REPAINT_BUDGET)
    assert stroke_shows(renderer, match, 0, start, end)
    match, _bots, renderer = new_match(rules, 2, seed=3)
    renderer.animate(match.apply(0, action), match.view(None), None)
    strokes = [tw for tw in renderer.timeline if tw.seat == 0]
    assert len(strokes) == 1 and strokes[0].dur == STROKE_TIME
    assert not stroke_shows(renderer, match, 0, start, end)  # held back while it is drawn
    settle(renderer)
    assert stroke_shows(renderer, match, 0, start, end)


def test_the_next_card_flips_once_every_stroke_before_it_has_landed(rules):
    match, _bots, renderer = new_match(rules, 2, seed=3)
    action, _, _ = first_draw(match, 0)
    renderer.animate(match.apply(0, action), match.view(None), None)
    renderer.update(0.1)  # seat 0's pencil is still on its way
    assert renderer.seat_busy(0) and not renderer.seat_busy(1)
    events = match.apply(1, ("pass",)) + match.resolve_chance()
    assert [e.kind for e in events][-1] == "card_revealed"
    renderer.animate(events, match.view(None), None)
    flips = [tw for tw in renderer.timeline if tw.seat is None]
    assert flips and flips[0].start == pytest.approx(STROKE_TIME + FLIP_REST)  # off its frame
    assert renderer.seat_busy(1) and renderer.seat_busy(0)  # everyone waits for the flip


def test_a_round_end_counts_every_seat_up_at_once_then_flips_the_next_card(rules):
    match, bots, renderer = new_match(rules, 3, seed=6, humans=(0, 1, 2))
    while True:
        events = answer_all(match, bots, renderer)
        if any(e.kind == "line_scored" for e in events):
            break
        settle(renderer)
    counts = [tw for tw in renderer.timeline if tw.tag is not None]
    assert sorted(tw.tag for tw in counts) == [((s, 0), (s, 4)) for s in range(3)]
    begin = counts[0].start
    assert all(tw.start == begin for tw in counts)
    assert all(tw.end <= begin for tw in renderer.timeline if tw.seat is not None)  # strokes
    flips = [tw for tw in renderer.timeline if tw.tag is None and tw.seat is None]
    assert flips and flips[0].start == pytest.approx(begin + COUNT_TIME + FLIP_REST)


def test_every_event_kind_of_a_game_is_animated_or_declared_with_its_own_sound(rules):
    kinds = set()
    for players, options in ((1, ()), (3, (("gates", True), ("objectives", True)))):
        match = Match(rules, Config(players, options), players)
        kinds |= {e.kind for e in match.resolve_chance()}
        bots = {i: RandomBot(random.Random(i)) for i in range(players)}
        while not match.is_over():
            kinds |= {e.kind for e in answer_all(match, bots, draw=False)}
    assert {"segment_drawn", "card_revealed", "line_scored", "gate_triggered"} <= kinds
    assert kinds <= set(NSPRenderer.EVENT_HANDLERS) | set(NSPRenderer.SOUNDS) | {"game_over"}
    assert kinds - {"game_over"} <= set(NSPRenderer.SOUND_CUES)  # the end keeps the chord


def test_event_sounds_land_with_their_animations():
    cues = NSPRenderer.SOUND_CUES
    strokes = [Event("segment_drawn", 0, (("link", 3),)), Event("segment_drawn", 0, ())]
    batch = [*strokes, Event("bonus_skipped", 0, ()), Event("card_revealed", None, ())]
    assert [(at, sound) for at, sound, _ in event_cues(batch, cues)] == [
        (0.0, "swish"), (STROKE_TIME, "swish"), (2 * STROKE_TIME, "flip")]
    assert cues["card_revealed"].advance == FLIP_TIME
    assert cues["line_scored"] is None and cues["round_started"].cues[0].sound == "shuffle"


def test_the_next_card_flips_for_everyone_and_reset_drops_it(rules):
    match, bots, renderer = new_match(rules, 2, seed=4)
    before = len(match.state.revealed)
    answer_all(match, bots, renderer)
    assert len(match.state.revealed) > before or match.state.round > 0
    renderer.update(0.01)
    assert renderer.seat_busy(0) and renderer.seat_busy(1)  # the flip holds every seat
    renderer.reset(match.view(None), None)
    assert not renderer.busy() and not renderer.seat_busy(0)


def test_each_card_animates_briefly(rules):
    match, bots, renderer = new_match(rules, 4, seed=8, humans=(0, 1, 2, 3))
    for _ in range(40):
        if match.is_over():
            break
        answer_all(match, bots, renderer)
        seconds = 0.0
        while renderer.busy():
            renderer.update(0.05)
            seconds += 0.05
        assert seconds <= 3.5  # strokes run side by side, then one flip: never a long wait


def play_round(match: Match, bots: dict, renderer: NSPRenderer | None = None) -> None:
    start = match.state.round
    while match.state.round == start and not match.is_over():
        answer_all(match, bots, renderer)
        if renderer is not None:
            settle(renderer)


def test_score_boxes_count_up_when_a_round_ends(rules):
    match, bots, renderer = new_match(rules, 2, seed=6)
    play_round(match, bots)
    renderer.reset(match.view(None), None)
    while match.state.round == 1:
        events = answer_all(match, bots, renderer)
        if any(e.kind == "line_scored" for e in events):
            break
        settle(renderer)
    final = renderer.scores.seat_score(match.view(None), 0).rounds[1].points
    assert final > 0
    shown = []
    for _ in range(200):
        if not renderer.busy():
            break
        renderer.update(0.02)
        shown.append(renderer.scores.held(0, 1, final))
    assert shown and min(shown) < final and shown[-1] == final
    assert shown == sorted(shown)  # counting up, never down


def test_a_count_up_shows_a_few_steps_not_a_number_a_frame(rules):
    """A box counting up shows at most COUNT_STEPS values on its way (each a repaint of its row
    and a number rendered), not one a frame, and ends on its points."""
    match, bots, renderer = new_match(rules, 2, seed=6)
    play_round(match, bots)
    renderer.reset(match.view(None), None)
    while not any(e.kind == "line_scored" for e in answer_all(match, bots, renderer)):
        settle(renderer)
    final = renderer.scores.seat_score(match.view(None), 0).rounds[1].points
    shown = []
    while renderer.busy():
        renderer.update(1 / 60)
        shown.append(renderer.scores.held(0, 1, final))
    assert len(shown) > 2 * COUNT_STEPS and shown[-1] == final
    assert 2 < len(set(shown)) <= COUNT_STEPS + 1


def test_draw_does_not_change_the_renderer(rules):
    match, bots, renderer = new_match(rules, 4, seed=9, humans=(0, 1, 2, 3))
    for _ in range(5):
        answer_all(match, bots, renderer)
    renderer.update(0.1)
    prompts = {p.player: p for p in match.prompts()}
    focus = {seat: next((o.target for o in p.options if o.target), None)
             for seat, p in prompts.items()}
    def snapshot():
        return (len(renderer.timeline.tweens), renderer.timeline.clock, dict(renderer.holds),
                pygame.image.tobytes(renderer.layers.surface, "RGB"),
                {s: renderer.seat_targets(s) for s in range(4)}, renderer.busy())

    state = snapshot()
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw_seats(canvas, focus, prompts)
    renderer.draw(canvas, None, None)
    after = snapshot()
    assert after == state
    assert focus == {seat: next((o.target for o in p.options if o.target), None)
                     for seat, p in prompts.items()}


def test_the_preview_shows_the_focused_segment_before_it_is_drawn(rules):
    match, _bots, renderer = new_match(rules, 2, seed=3)
    prompt = match.prompt_for(0)
    option = next(o for o in prompt.options if o.action[0] == "draw")
    _, start, end = option.action
    a, b = renderer.station_center(0, start), renderer.station_center(0, end)
    color = pencil_rgb(COLORS[match.state.lines[0][-1].color])
    plain, preview = pygame.Surface(CANVAS_SIZE), pygame.Surface(CANVAS_SIZE)
    renderer.draw_seats(plain, {0: None}, {0: prompt})
    renderer.draw_seats(preview, {0: option.target}, {0: prompt})
    samples = [(round(a[0] + (b[0] - a[0]) * k / 20), round(a[1] + (b[1] - a[1]) * k / 20))
               for k in range(5, 16)]
    changed = [p for p in samples if plain.get_at(p) != preview.get_at(p)]
    assert len(changed) >= 4
    assert any(near(preview.get_at(p)[:3], color) for p in changed)


def test_a_whole_game_draws_in_every_layout_and_ends_with_full_score_zones(rules):
    match, bots, renderer = new_match(rules, 3, seed=11, humans=(0, 2))
    canvas = pygame.Surface(CANVAS_SIZE)
    while not match.is_over():
        answer_all(match, bots, renderer)
        renderer.update(0.2)
        renderer.draw_seats(canvas, {}, {p.player: p for p in match.prompts()})
    settle(renderer)
    for seat in range(3):
        score = renderer.scores.seat_score(match.view(None), seat)
        assert all(row is not None and row.score is not None and not row.live
                   for row in score.rounds)
        assert score.total == sum(rules.scores(match.state)[seat].values())
    for humans in ((0,), (0, 1, 2), ()):
        renderer.set_humans(humans)
        renderer.draw_seats(canvas, {}, {})


def test_scene_strings_exist_in_english_and_spanish():
    data = tomllib.loads((ROOM / "strings_scene.toml").read_text(encoding="utf-8"))
    assert set(data["en"]) == set(data["es"])
    assert all(k.startswith("next_station_paris.scene.") for k in data["en"])
    assert all(data["en"][k] and data["es"][k] for k in data["en"])


@pytest.mark.parametrize(("players", "humans", "options"),
                         [(4, (0, 1, 2, 3), (("gates", True),)),
                          (2, (0, 1), (("gates", True), ("objectives", True)))])
def test_a_layer_grown_stroke_by_stroke_equals_a_fresh_repaint(rules, players, humans, options):
    """Finished strokes are added to the layer one by one and score rows repaint a few per
    frame: once settled, the layer is pixel for pixel what a full repaint gives."""
    match = Match(rules, Config(players, options), 3)
    match.resolve_chance()
    bots = {i: RandomBot(random.Random(i)) for i in range(players)}
    renderer = NSPRenderer(rules, match.config, NAMES[:players])
    renderer.set_humans(humans)
    renderer.reset(match.view(None), None)
    checks = 0
    for step in range(200):
        if match.is_over():
            break
        answer_all(match, bots, renderer, draw=step % 3 != 0)
        for _ in range(step % 7 * 4):  # sometimes mid-animation, sometimes long after
            renderer.update(1 / 30)
        if step % 5 == 4:
            settle(renderer)
            fresh = NSPRenderer(rules, match.config, NAMES[:players])
            fresh.set_humans(humans)
            fresh.reset(match.view(None), None)
            assert (pygame.image.tobytes(renderer.layers.surface, "RGB")
                    == pygame.image.tobytes(fresh.layers.surface, "RGB")), step
            checks += 1
    assert match.is_over() and checks >= 6


def test_a_round_end_repaints_a_few_score_rows_per_frame(rules, monkeypatch):
    match, bots, renderer = new_match(rules, 4, seed=6, humans=(0, 1, 2, 3))
    while match.state.round == 0:
        events = answer_all(match, bots, renderer)
        if any(e.kind == "line_scored" for e in events):
            break
        settle(renderer)
    assert match.state.round == 1 and renderer.busy()
    painted: list[str] = []  # the score rows repainted in one frame
    paint_region = renderer.layers.paint_region

    def spy(name, *args, **kwargs):
        if name.startswith("score"):
            painted.append(name)
        paint_region(name, *args, **kwargs)

    monkeypatch.setattr(renderer.layers, "paint_region", spy)
    changed = []
    for _ in range(200):
        renderer.update(1 / 60)
        changed.append(len(painted))
        painted.clear()
        if not renderer.busy():
            break
    assert not renderer.busy()
    assert max(changed) <= SCORE_ROWS_PER_FRAME  # never the whole zone of every seat at once
    assert sum(changed) > 4 * 3  # yet every seat's total, round and bonus rows moved


@pytest.mark.parametrize("humans", [(0, 1, 2, 3), ()])
def test_each_seats_name_over_its_sheet_follows_its_emblem(rules, humans):
    """Colour is never the only cue: seat 2's name (a sheet's or a bot's small map's) has its
    triangle right before it."""
    _, _, renderer = new_match(rules, players=4, humans=humans)
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, None)
    names = [w for texts in renderer.written.values() for w in texts if w.text == NAMES[2]]
    assert names
    for name in names:
        size, gap = (HEADER_EMBLEM, 8) if name.size == theme.BODY_SIZE else (MINI_EMBLEM, 6)
        assert emblem_shows(canvas, 2, (name.rect.x - gap - size / 2, name.rect.centery), size)
