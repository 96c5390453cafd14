"""Explore New York legible with several people at three or four seats (issue #27, item 4).

Two people: both their maps large side by side (every symbol >= 24 px at 1080p), the bots'
sheets compact. Three or four people: the large map zooms on the person choosing now (the last
to move their cursor or answer), stays with one who keeps moving, and leaves a person who has
finished choosing for the round. Every seat is driven only by synthetic pad presses through the
real input layer; the test reads focus, prompts and targets to pick its presses.
"""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import pad

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.games.explore_new_york import sprites as sp
from game.games.explore_new_york.layout import make_layout
from game.games.explore_new_york.map_panel import ZOOM_EDGE
from game.games.explore_new_york.scene import ENYRenderer
from game.games.explore_new_york.state import CHART
from game.games.explore_new_york.zoom import HOLD
from game.legibility.audit import run
from game.legibility.screens import Plays, Shot, settle
from game.scenes import scene_registry
from game.scenes.seating import SeatSpec
from game.ui.app import App
from game.ui.i18n import LANGUAGES
from game.ui.paint import seat_color
from tests.games.explore_new_york.support import advance

ENY = "explore_new_york"
A = pygame.CONTROLLER_BUTTON_A
DPAD = (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_UP)
DT = 1 / 30
PAD = 640  # fake SDL instance ids: seat n plays pad PAD + n


def symbols_px(geom: sp.MapGeom) -> float:
    """The smallest symbol printed or drawn on a map of this geometry: an emblem, a tourist
    (up to six in a block) or a café."""
    return min(2 * geom.cell * 0.13, 2 * sp.tourist_radius(geom, 6), 2 * sp.cafe_radius(geom))


def seats_of(kinds: str) -> list[SeatSpec]:
    """'P' a person on pad PAD + n, 'B' a greedy bot."""
    return [SeatSpec("human", f"pad:{PAD + n}") if k == "P" else SeatSpec("greedy")
            for n, k in enumerate(kinds)]


def hello(app: App, kinds: str) -> None:
    """Each person's pad says hello, so it counts as plugged in."""
    for n, k in enumerate(kinds):
        if k == "P":
            app.step([pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD + n,
                                         axis=0, value=0)], DT, present=False)


def open_table(kinds: str, seed: int = 4, match=None, speed: str = "2x"):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = speed
    hello(app, kinds)
    game = app.open("game", ENY, seats_of(kinds), seed, match=match, hold_bots=True)
    frames_clock(app, game)
    app.stack.reset(game)
    app.stack.apply()
    return app, game


def frames_clock(app: App, game) -> None:
    """The zoom's clock counts the test's frames (it reads the players' clock otherwise)."""
    game.renderer.zoom.clock = lambda: app.frames * DT


def step(app: App, game) -> None:
    """One frame, the bots answering first (held: they answer here, not on their thread, so
    the test never waits on a busy machine)."""
    for seat, bot in game.driver.bots.items():
        prompt = game.match.prompt_for(seat)
        if prompt is not None and not game.seat_busy(seat):
            game.apply(seat, bot.choose(game.match.rules, game.match.view(seat), prompt))
    app.step([], DT, present=False)


def ready(game, seat: int) -> bool:
    return game.match.prompt_for(seat) is not None and not game.seat_busy(seat)


def press(app: App, seat: int, button: int) -> None:
    app.step(pad(button, PAD + seat), DT, present=False)


def wait(app: App, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        step(app, app.stack.top)


def move(app: App, game, seat: int) -> None:
    """The seat's cursor moves to another target (the first d-pad direction that has one)."""
    before = game.focus_of(seat)
    for button in DPAD:
        press(app, seat, button)
        if game.focus_of(seat) != before:
            return
    raise AssertionError(f"seat {seat}'s cursor found nowhere to go")


def all_charting(app: App, game, people: list[int]) -> None:
    """Frames (a person who must discard presses A) until every person charts, cursor live."""
    for _ in range(600):
        if all(ready(game, s) and game.match.prompt_for(s).kind != "discard" for s in people):
            return
        for seat in people:
            if ready(game, seat) and game.match.prompt_for(seat).kind == "discard":
                press(app, seat, A)
        step(app, game)
    raise AssertionError("the people never charted together")


def on_own_sheet(game, seat: int) -> bool:
    """Every board target of the seat's prompt lies on its own sheet."""
    rects, _ = game.slots(seat)
    sheet = game.renderer.layout.seats[seat].area
    cards = game.renderer.layout.column
    return all(sheet.contains(r) or cards.contains(r) for k, r in rects.items() if k[0] == "board")


@pytest.mark.parametrize("kinds", ["PBPB", "BPP"])
def test_two_people_at_three_or_four_seats_both_have_a_large_map(home, kinds):
    app, game = open_table(kinds)
    renderer = game.renderer
    people = [n for n, k in enumerate(kinds) if k == "P"]
    layout = renderer.layout
    assert layout == make_layout(len(kinds), pair=people)
    for seat in people:
        assert symbols_px(renderer.scales[seat].geom) >= 24
        assert not layout.seats[seat].mini
    for seat in set(range(len(kinds))) - set(people):
        assert layout.seats[seat].mini  # a bot's compact sheet: thumbnail, name and total
    areas = list(layout.seats.values())
    for k, a in enumerate(areas):
        assert a.area.contains(a.map) and a.area.contains(a.score) and a.area.contains(a.strip)
        assert not a.area.colliderect(layout.column)
        assert all(not a.area.colliderect(b.area) for b in areas[k + 1:])
    answered = 0
    for _ in range(900):  # both people answer with A, turn after turn: the layout stays
        if game.match.state.turn >= 3:
            break
        for seat in people:
            if ready(game, seat):
                assert on_own_sheet(game, seat)
                press(app, seat, A)
                answered += 1
        step(app, game)
        assert renderer.layout is layout
    assert game.match.state.turn >= 3 and answered > 10


@pytest.mark.parametrize("speed", ["2x", "instant"])  # "instant" animates nothing at all
def test_three_people_the_large_map_zooms_on_the_last_to_move(home, speed):
    app, game = open_table("PPPB", speed=speed)
    renderer = game.renderer
    people = [0, 1, 2]
    all_charting(app, game, people)
    wait(app, HOLD + 0.2)
    holder = renderer.focus
    mover, other = [s for s in people if s != holder][:2]
    move(app, game, mover)
    wait(app, 0.1)
    assert renderer.focus == mover  # the holder had been still: the mover's map zooms
    assert renderer.layout == make_layout(4, mover)  # the others small in seat order
    assert symbols_px(renderer.scales[mover].geom) >= 24
    assert on_own_sheet(game, mover)  # its cursor's targets moved with its map
    move(app, game, other)
    wait(app, 0.1)
    assert renderer.focus == mover  # it keeps the map while it moves: no flicker
    wait(app, HOLD)
    move(app, game, other)
    wait(app, 0.1)
    assert renderer.focus == other  # the mover had stopped: the last to move has it
    for _ in range(300):  # `other` answers everything it has this round
        if game.match.prompt_for(other) is None:
            break
        if ready(game, other):
            press(app, other, A)
        else:
            step(app, game)
    assert game.match.prompt_for(other) is None
    assert any(game.match.prompt_for(s) for s in people)
    wait(app, 1.5)  # its strokes land, then it hands the map on
    assert renderer.focus != other and game.match.prompt_for(renderer.focus) is not None


@pytest.mark.parametrize("speed", ["2x", "instant"])
def test_a_person_who_answers_without_moving_gets_the_large_map(home, speed):
    app, game = open_table("PPPB", speed=speed)
    renderer = game.renderer
    all_charting(app, game, [0, 1, 2])
    wait(app, HOLD + 0.2)
    answerer = next(s for s in (0, 1, 2) if s != renderer.focus)
    press(app, answerer, A)  # the cursor where it was: A on the first option
    wait(app, 1.0)  # its strokes land
    assert game.match.prompt_for(answerer) is not None  # more to do this round: it zooms
    assert renderer.focus == answerer


def test_the_board_moves_from_the_old_layout_to_the_new(home):
    """The zoom moving: a frame mid-move (the map growing, the old board fading) differs from
    both the board before and after."""
    app, game = open_table("PPP")
    renderer = game.renderer
    all_charting(app, game, [0, 1, 2])
    wait(app, HOLD + 0.2)
    app.draw(full=True)
    before = app.canvas.copy()
    mover = next(s for s in (0, 1, 2) if s != renderer.focus)
    move(app, game, mover)
    wait(app, 0.1)  # the board is laid out again on the next frame, then moves for 0.25 s
    app.draw(full=True)
    middle = app.canvas.copy()
    wait(app, 0.5)
    app.draw(full=True)
    after = app.canvas.copy()
    assert renderer.focus == mover
    maps = [a.map for a in renderer.layout.seats.values()]  # (the shell draws the strips on top)
    grid = [(x, y) for x in range(10, 1910, 6) for y in range(10, 990, 6)
            if any(m.collidepoint(x, y) for m in maps)]
    changed = [p for p in grid if before.get_at(p) != after.get_at(p)]
    blended = [p for p in changed if middle.get_at(p) not in (before.get_at(p), after.get_at(p))]
    assert len(changed) > 100 and len(blended) > 0.7 * len(changed)


def _table_stage(kinds: str, phase: str, plays: Plays, moves: int = 0):
    """A legibility shot: the table of `kinds` early or mid-game, then `moves` cursor moves
    of the last person (the zoom on them)."""
    def stage(app) -> None:
        hello(app, kinds)
        match = plays.midway(ENY, len(kinds)) if phase == "mid" else None
        game = app.open("game", ENY, seats_of(kinds), 5, match=match, hold_bots=True)
        frames_clock(app, game)
        app.stack.reset(game)
        app.stack.apply()
        settle(app)
        wait(app, HOLD)
        last = kinds.rindex("P")
        for _ in range(moves):
            if ready(game, last):
                move(app, game, last)
        wait(app, 0.5)
    return stage


def test_the_legibility_audit_passes_on_the_tables_of_several_people():
    plays = Plays()
    shots = [Shot(f"eny_{kinds}_{phase}", ENY, _table_stage(kinds, phase, plays, moves))
             for kinds, phase, moves in (("PPBB", "mid", 0), ("BPP", "early", 0),
                                         ("PPPP", "mid", 2), ("PPP", "early", 2))]
    screens = run(shots, LANGUAGES)
    pygame.display.quit()
    failures = [f"[{s.language}] {s.name}: {f.line()}" for s in screens for f in s.failures]
    assert len(screens) == 2 * len(shots) and all(s.marks for s in screens)
    assert not failures, "\n".join(failures)


def test_an_answer_shown_at_once_counts_as_a_move_of_that_person_only():
    """At the "instant" speed the shell shows each answer with `reset` (no events): the
    person whose sheet or tasks changed moved, whoever else sits at the table."""
    pygame.init()
    match = Match(rules_for(ENY), Config(4), 6)
    renderer = ENYRenderer(match.rules, match.config, ["P0", "P1", "P2", "P3"])
    renderer.zoom.clock = lambda: 7.0
    renderer.set_humans((0, 1, 2))
    match.resolve_chance()
    renderer.reset(match.view(None), None)
    bot = RandomBot(random.Random(6))
    while not (match.view(None).phase == CHART and match.prompt_for(1) is not None):
        prompt = match.prompts()[0]
        match.apply(prompt.player, bot.choose(match.rules, match.view(prompt.player), prompt))
        match.resolve_chance()
        renderer.reset(match.view(None), None)
    renderer.zoom.moved.clear()
    match.apply(1, bot.choose(match.rules, match.view(1), match.prompt_for(1)))
    match.resolve_chance()
    renderer.reset(match.view(None), None)
    assert renderer.zoom.moved == {1: 7.0}


def boards_ready(renderer) -> set[int]:
    """The seats whose large-map board is built: the one shown and those kept aside."""
    return {renderer.focus} | {focus for focus, _ in renderer._mounts}


def test_every_persons_board_is_built_on_quiet_frames_before_the_zoom_needs_it(home):
    """With four people the board of each one's large map is built ahead, a step on each quiet
    frame (building it when the zoom first moves cost a dropped frame); the zoom then brings
    it back, painted exactly as a board built at once."""
    app, game = open_table("PPPP")
    renderer = game.renderer
    all_charting(app, game, [0, 1, 2, 3])
    wait(app, 2.0)  # nobody moves: quiet frames
    assert boards_ready(renderer) == {0, 1, 2, 3}
    built = len(renderer._mounts)
    mover = next(s for s in (0, 1, 2, 3) if s != renderer.focus)
    move(app, game, mover)
    wait(app, 0.6)  # the zoom moves to them and its fade ends
    assert renderer.focus == mover and len(renderer._mounts) == built  # brought back, not built
    shown = renderer.layers.surface.copy()
    for _ in renderer._build((mover, ()), paint=False):
        pass
    renderer.place_targets(renderer.view)
    renderer.refresh()
    assert shown.get_view("2").raw == renderer.layers.surface.get_view("2").raw


@pytest.mark.parametrize("kinds", ["PPP", "PPPP"])
def test_the_large_map_is_framed_in_its_colour_from_the_tables_first_frame(home, kinds):
    """The board laid out before the people are known is laid out again once they are: the
    sheet of the person whose map is large has its frame (it was missing until the zoom first
    moved, and came back without it)."""
    _, game = open_table(kinds)
    renderer = game.renderer
    area = renderer.layout.seats[renderer.focus].area
    edge = (area.x + ZOOM_EDGE // 2, area.centery)
    assert renderer.layers.static.get_at(edge)[:3] == seat_color(renderer.focus)


def test_the_zoom_never_builds_a_board_at_once_once_the_table_is_open(home):
    """Its first move to a person (the table's first frame included) waits a few frames for
    their board, built aside a step a frame, instead of building it in the frame (~25 ms)."""
    app, game = open_table("PPPP")
    renderer = game.renderer
    built = renderer._build
    at_once = []

    def counted(arrangement, paint):
        if not paint:
            at_once.append(arrangement)
        return built(arrangement, paint)

    renderer._build = counted
    shown = {renderer.focus}
    all_charting(app, game, [0, 1, 2, 3])
    for seat in (0, 1, 2, 3, 0, 2):
        wait(app, HOLD + 0.2)
        move(app, game, seat)
        wait(app, 0.5)
        shown.add(renderer.focus)
    assert len(shown) >= 3 and at_once == []


def test_a_table_of_bots_brings_a_board_back_painted_as_one_built_anew():
    """At a table of three bots the large map moves to each turn's first player: each board is
    laid out once (~10 ms a turn otherwise), kept, and brought back when its seat is first
    again, showing what a board built at once for that view shows."""
    from tests.games.scene_match import scene_match, step

    pygame.init()
    match, bots, renderer = scene_match(ENYRenderer, rules_for(ENY), 3, 4)
    renderer.set_humans(())
    brought = 0
    while not match.is_over() and brought < 2:
        ready, focus = boards_ready(renderer), renderer.focus
        step(match, bots, renderer)
        while renderer.busy():
            advance(renderer, 1 / 60)
        if renderer.focus == focus or renderer.focus not in ready:
            continue
        brought += 1
        assert boards_ready(renderer) == ready  # brought back, not built
        shown = renderer.layers.surface.copy()
        fresh = ENYRenderer(match.rules, match.config, renderer.names)
        fresh.set_humans(())
        fresh.reset(renderer.view, 0)
        assert fresh.focus == renderer.focus
        assert shown.get_view("2").raw == fresh.layers.surface.get_view("2").raw
    assert brought == 2
