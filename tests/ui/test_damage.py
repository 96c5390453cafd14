"""Drawing only what changed (game.ui.damage): every frame equals a full redraw, idle frames
draw nothing, and the shell falls back to a full redraw whenever it can't tell."""

from __future__ import annotations

import time

import pygame
import pytest
from conftest import key

from game.engine.bots import BOT_KINDS
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec
from game.ui import theme
from game.ui.board_api import CANVAS_SIZE
from game.ui.damage import (
    MAX_JOINED,
    MAX_PASSES,
    canvas_class,
    join_cheapest,
    merge,
    note_clock,
)
from game.ui.panels import PanelRoom, own_frame_drawing
from game.ui.scene import Scene
from game.ui.settings import Settings
from tests.pixels import same_pixels

GAME = "ticket_to_ride_paris"  # layers, tweens, pulsing options, a bar with buttons
BOUNDS = pygame.Rect((0, 0), CANVAS_SIZE)


def full_redraw(app) -> pygame.Surface:
    """What drawing every visible scene from scratch gives now."""
    reference = pygame.Surface(CANVAS_SIZE).convert()
    reference.fill(theme.BACKGROUND)
    for scene in app.stack.visible():
        scene.draw(reference)
    return reference


def playing(game_id: str, seats: list[SeatSpec], seed: int, **kwargs) -> tuple:
    """An app showing that game at full animation speed, and its scene (the caller quits the
    display when done)."""
    from game.scenes import scene_registry
    from game.ui.app import App

    app = App(scene_registry(), windowed=CANVAS_SIZE, settings=Settings(animation_speed="1x"),
              persist=False)
    scene = GameScene(app, game_id, seats, seed=seed, **kwargs)
    app.stack.reset(scene)
    app.stack.apply()
    return app, scene


def played_frames(app, scene, frames: int, presses) -> dict[str, int]:
    """Step the app, pressing `presses(frame)`; check each frame against a full redraw; count
    the frames drawn whole, in part and not at all."""
    counts = {"full": 0, "part": 0, "none": 0}
    for frame in range(frames):
        app.step(presses(frame), 1 / 60)
        drawn = app.drawn
        counts["full" if drawn is None else "part" if drawn else "none"] += 1
        assert same_pixels(app.canvas, full_redraw(app)), f"frame {frame} differs ({drawn})"
        if scene.finished:
            break
    return counts


def test_every_frame_of_a_played_game_equals_a_full_redraw(home):
    """A person and a bot play at full animation speed: a person steering the focus (the
    pulsing ring, the bar's buttons) and confirming, the bot's moves animating."""
    app, scene = playing(GAME, [SeatSpec("human"), SeatSpec(BOT_KINDS[0])], 3)
    try:
        def presses(frame: int) -> list[pygame.event.Event]:
            if frame % 45 == 44:
                return key(pygame.K_RETURN)
            return key(pygame.K_RIGHT) if frame % 15 == 14 else []

        counts = played_frames(app, scene, 420, presses)
        assert len(scene.match.history) >= 4  # both seats played, with animations
    finally:
        pygame.display.quit()
    assert counts["part"] > 0 and counts["full"] > 0  # pulses and moves drawn in part


def test_an_idle_board_draws_nothing(home):
    """Bots held still, no animation left: nothing is redrawn, and the canvas stays right."""
    app, scene = playing(GAME, [SeatSpec(BOT_KINDS[0]) for _ in range(3)], 5, hold_bots=True)
    try:
        for _ in range(600):  # let the opening deal finish
            app.step([], 1 / 60)
            if not scene.renderer.busy():
                break
        app.step([], 1 / 60)
        counts = played_frames(app, scene, 20, lambda frame: [])
    finally:
        pygame.display.quit()
    assert counts == {"full": 0, "part": 0, "none": 20}


class Quiet(Scene):
    """A scene that reports it never changes."""

    def damage(self) -> list[pygame.Rect] | None:
        return []


def test_a_new_scene_or_an_unsure_one_is_drawn_whole(app):
    app.stack.reset(Quiet(app))
    app.step([], 1 / 60, present=False)
    assert app.drawn is None  # a scene first on screen
    app.step([], 1 / 60, present=False)
    assert app.drawn == []
    app.stack.push(Scene(app))  # the base Scene can't tell
    app.step([], 1 / 60, present=False)
    app.step([], 1 / 60, present=False)
    assert app.drawn is None
    app.stack.pop()
    app.step([], 1 / 60, present=False)
    assert app.drawn is None  # the stack changed
    app.redraw()
    app.step([], 1 / 60, present=False)
    assert app.drawn is None


def test_a_pulse_noted_on_the_canvas_is_redrawn_next_frame(app):
    ring = pygame.Rect(96, 100, 48, 40)  # on whole columns (damage.COLUMN)

    class Pulsing(Quiet):
        def draw(self, surface: pygame.Surface) -> None:
            note_clock(surface, ring)

    app.stack.reset(Pulsing(app))
    app.step([], 1 / 60, present=False)
    app.step([], 1 / 60, present=False)
    assert app.drawn == [ring]


def test_merge_widens_to_columns_joins_overlaps_cuts_to_bounds_and_caps_the_passes():
    a, b = pygame.Rect(0, 0, 50, 50), pygame.Rect(40, 40, 50, 50)
    assert merge([a, b], BOUNDS) == [pygame.Rect(0, 0, 96, 90)]  # whole columns of 16 px
    assert merge([pygame.Rect(-10, -10, 20, 20)], BOUNDS) == [pygame.Rect(0, 0, 16, 10)]
    assert merge([pygame.Rect(5000, 0, 10, 10)], BOUNDS) == []
    assert merge([pygame.Rect(1396, 74, 524, 926)], BOUNDS) == [pygame.Rect(1392, 74, 528, 926)]
    apart = [pygame.Rect(i * 100, 0, 10, 10) for i in range(MAX_PASSES + 1)]
    assert len(merge(apart[:MAX_PASSES], BOUNDS)) == MAX_PASSES
    # One too many: the two whose union adds the least are joined, not all of them.
    near = [*apart[:MAX_PASSES], pygame.Rect(0, 500, 10, 10), pygame.Rect(0, 530, 10, 10)]
    joined = merge(near, BOUNDS)
    assert len(joined) == MAX_PASSES and pygame.Rect(0, 500, 16, 40) in joined
    assert sum(r.w * r.h for r in joined) < 3000  # their union: 320 x 540
    many = [pygame.Rect(i * 100, 0, 10, 10) for i in range(MAX_JOINED + 1)]
    assert merge(many, BOUNDS) == [pygame.Rect(0, 0, MAX_JOINED * 100 + 16, 10)]


def test_rooms_join_their_rects_under_the_passes_while_a_union_wastes_little():
    near, far = pygame.Rect(0, 0, 10, 10), pygame.Rect(30, 0, 10, 10)
    away = pygame.Rect(1000, 900, 10, 10)
    assert join_cheapest([near, far, away], 3) == [near, far, away]  # nothing to save
    joined = join_cheapest([near, far, away], 3, waste=200)  # 200 px: cheaper than a pass
    assert sorted(map(tuple, joined)) == [(0, 0, 40, 10), (1000, 900, 10, 10)]
    assert join_cheapest([near, far, away], 1) == [pygame.Rect(0, 0, 1010, 910)]
    assert join_cheapest([pygame.Rect(0, 0, 0, 5), near], 3) == [near]  # empty ones dropped


@pytest.mark.usefixtures("home")
def test_a_painter_s_own_clip_stays_inside_the_frame_s():
    canvas = canvas_class(pygame.Surface)((200, 100))
    canvas.begin(pygame.Rect(0, 0, 100, 100))
    canvas.set_clip(pygame.Rect(50, 0, 150, 100))  # e.g. the bar buttons' scroll zone
    assert canvas.get_clip() == pygame.Rect(50, 0, 50, 100)
    canvas.set_clip(None)
    assert canvas.get_clip() == pygame.Rect(0, 0, 100, 100)
    canvas.begin(None)
    assert canvas.get_clip() == pygame.Rect(0, 0, 200, 100)


ROOMS = ("ticket_to_ride_paris", "french_quarter", "next_station_paris", "explore_new_york",
         "urban_sprawl")


@pytest.mark.parametrize("game_id", ROOMS)
def test_a_person_s_breathing_options_redraw_their_panels_not_the_board(home, game_id,
                                                                        monkeypatch):
    """A person steers the focus over their options while nothing animates: the pulsing
    highlights redraw the panels that show them (each frame still equal to a full redraw),
    never the whole board."""
    from game.engine.bot_worker import BotWorker
    from game.ui.board_api import BOARD_RECT

    # The bot's answer is there when asked: frames run back to back here, and a table asleep
    # through its bot's pace (game.ui.sleep) runs them faster than the worker may answer.
    start = BotWorker.start_on

    def start_and_wait(self, *args, **kwargs):
        start(self, *args, **kwargs)
        while not self.job[2].finished:
            time.sleep(0.0002)
    monkeypatch.setattr(BotWorker, "start_on", start_and_wait)

    app, scene = playing(game_id, [SeatSpec("human"), SeatSpec(BOT_KINDS[0])], 2)
    try:
        breathing = []  # the rects of frames where only the person's prompt moved
        for frame in range(240):
            still = not scene.renderer.busy() and bool(scene.human_prompts())
            press = key(pygame.K_RIGHT) if frame % 20 == 19 else []
            app.step(press, 1 / 60)
            assert same_pixels(app.canvas, full_redraw(app)), f"frame {frame} differs"
            if still and not press and app.drawn:
                breathing.append(app.drawn)
    finally:
        pygame.display.quit()
    assert breathing  # the prompt breathed
    assert all(not any(r.contains(BOARD_RECT) for r in rects) for rects in breathing)


@pytest.mark.parametrize("game_id", ROOMS)
def test_bots_moves_redraw_what_they_changed_and_equal_a_full_redraw(home, waited_worker,
                                                                     game_id):
    """Bots alone at full animation speed: a move that shows nobody a prompt redraws the
    board's changes and the bar, not the whole frame; every frame equals a full redraw. (The
    bots' answers are waited for: the moves land on the same frames whatever the load.)"""
    app, scene = playing(game_id, [SeatSpec(BOT_KINDS[0]) for _ in range(3)], 4)
    try:
        moves, whole = 0, 0
        for frame in range(360):
            before = len(scene.match.history)
            app.step([], 1 / 60)
            assert same_pixels(app.canvas, full_redraw(app)), f"frame {frame} differs"
            if frame > 0 and len(scene.match.history) != before:
                moves += 1
                whole += app.drawn is None
            if scene.finished:
                break
        room = type(scene.renderer)  # a room's draw_table it doesn't report: can't tell
        draws_view = own_frame_drawing(room) and room.view_damage is PanelRoom.view_damage
    finally:
        pygame.display.quit()
    assert moves >= 3
    assert whole == moves if draws_view else whole < moves


class Covering(Quiet):
    """A scene that says it paints the whole canvas opaque (and, to show the fill, paints
    nothing)."""

    def opaque_area(self) -> pygame.Rect | None:
        return BOUNDS.copy()


def test_no_background_fill_under_a_scene_s_opaque_area(app):
    """The app lays the background only where the bottom scene does not paint opaque pixels
    itself (one pass less over every redrawn pixel of a game screen)."""
    stale = (200, 0, 0)
    for scene, expected in ((Covering(app), stale), (Quiet(app), theme.BACKGROUND)):
        app.stack.reset(scene)
        app.canvas.fill(stale)
        app.step([], 1 / 60, present=False)
        assert app.drawn is None  # drawn whole: a scene first on screen
        assert app.canvas.get_at((500, 500))[:3] == expected


@pytest.mark.parametrize("game_id", ROOMS)
def test_every_room_covers_the_canvas_so_no_fill_is_laid_under_it(home, game_id):
    """Each room's board is a cached surface without alpha (render_kit.opaque_board): the game
    screen claims the whole canvas, and a whole frame drawn without the fill equals one drawn
    over it."""
    app, scene = playing(game_id, [SeatSpec(BOT_KINDS[0]) for _ in range(2)], 6)
    try:
        app.step([], 1 / 60)
        assert scene.opaque_area() == BOUNDS
        app.canvas.fill((200, 0, 0))
        app.draw(full=True)
        assert same_pixels(app.canvas, full_redraw(app))
    finally:
        pygame.display.quit()


def test_a_bot_s_move_redraws_the_bar_only_when_its_message_changes(home):
    """Bots alone: a move by the bot already named in the bar ("Bot 2 is thinking") leaves the
    bar alone; the turn passing to another bot redraws it; every frame equals a full redraw."""
    from game.ui.board_api import BAR_RECT

    app, scene = playing(GAME, [SeatSpec(BOT_KINDS[0]) for _ in range(3)], 4)
    kept, redrawn = 0, 0
    try:
        for frame in range(900):
            before = len(scene.match.history)
            app.step([], 1 / 60)
            assert same_pixels(app.canvas, full_redraw(app)), f"frame {frame} differs"
            if frame > 0 and len(scene.match.history) != before and app.drawn is not None:
                if any(rect.colliderect(BAR_RECT) for rect in app.drawn):
                    redrawn += 1
                else:
                    kept += 1
            if scene.finished or (kept and redrawn >= 2):
                break
    finally:
        pygame.display.quit()
    assert kept and redrawn
