"""The sleeping table (game.ui.sleep, game.scenes.game_sleep): frames at rest are skipped, the
skipped seconds reach every clock, each cause from outside wakes the table on its own frame, and a
seeded bot game plays and looks the same with it as without it."""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Iterator

import pygame
import pytest

from game.companion.hub import Inbound
from game.engine import bot_worker
from game.engine.bot_worker import BotWorker
from game.engine.bots import BOT_KINDS
from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec
from game.ui.app import App
from game.ui.board_api import CANVAS_SIZE
from game.ui.settings import Settings

DT = 1 / 60
# Every game at its fewest and most seats (one short game each: CI time).
TABLES = [("ticket_to_ride_paris", 2), ("ticket_to_ride_paris", 4), ("french_quarter", 1),
          ("french_quarter", 4), ("next_station_paris", 1), ("next_station_paris", 4),
          ("explore_new_york", 2), ("explore_new_york", 4), ("urban_sprawl", 2),
          ("urban_sprawl", 4)]
FRAMES = 300


class SlowBots:
    """The worker's answers, worked out at once, are handed over only some frames later, by a
    fixed schedule (`tick` once a frame): a seeded game plays the same frame by frame, and bots
    answer both before and after their pace runs out."""

    def __init__(self) -> None:
        self.asked = 0  # decisions started so far
        self.held: list[list] = []  # [answer, frames until it is handed over]

    def hold(self, answer: bot_worker.Answer) -> None:
        while not answer.finished:  # (the worker thread's last word on it)
            time.sleep(0.0002)
        answer.finished = False
        self.held.append([answer, 5 + (self.asked * 17) % 41])  # the pace: 27 frames
        self.asked += 1

    def tick(self) -> None:
        for held in self.held:
            held[1] -= 1
            if held[1] <= 0:
                held[0].finished = True
        self.held = [held for held in self.held if held[1] > 0]


@pytest.fixture
def slow_bots(monkeypatch) -> Iterator:
    """Makes a SlowBots for each call (one per table played)."""
    start = BotWorker.start_on
    current: list[SlowBots] = []

    def start_and_hold(self, *args, **kwargs):
        start(self, *args, **kwargs)
        current[-1].hold(self.job[2])
    monkeypatch.setattr(BotWorker, "start_on", start_and_hold)

    def make() -> SlowBots:
        current.append(SlowBots())
        return current[-1]
    yield make


@pytest.fixture
def tables(home) -> Iterator:
    """Opens bot tables (`open_table(game, seats, sleeps)` -> (app, scene)); closes them."""
    opened = []

    def open_table(game_id: str = "ticket_to_ride_paris", seats: int = 2,
                   sleeps: bool = True, first: SeatSpec | None = None) -> tuple[App, GameScene]:
        app = App(scene_registry(), windowed=CANVAS_SIZE,
                  settings=Settings(animation_speed="1x"), persist=False)
        app.sleeps = sleeps
        specs = [SeatSpec(BOT_KINDS[0]) for _ in range(seats)]
        if first is not None:  # the first seat a person's
            specs[0] = first
        scene = GameScene(app, game_id, specs, 1)
        app.stack.reset(scene)
        app.stack.apply()
        opened.append(scene)
        return app, scene
    yield open_table
    for scene in opened:
        scene.exit()
    pygame.display.quit()


def clocks(scene: GameScene) -> tuple[float, float, float]:
    """The clocks a sleep must keep: the scene's, the renderer's, the waiting bot's pace."""
    return scene.clock, scene.renderer._time, scene.driver.think


def skips(app: App, events: list | None = None) -> bool:
    """One frame; True if the app skipped the scene in it."""
    sleep = app.sleep
    before = sleep.skipped if sleep is not None else -1
    app.step(events or [], DT)
    return app.sleep is sleep and sleep is not None and sleep.skipped > before


def play(app: App, scene: GameScene, frames: int, bots: SlowBots) -> tuple[list, list[int]]:
    """Each frame's (moves, rects drawn, canvas checksum when drawn, clocks unless skipped), and
    the frames skipped."""
    record, skipped = [], []
    for frame in range(frames):
        skipped_now = skips(app)
        bots.tick()
        if scene.finished:
            break
        drawn = None if app.drawn is None else tuple(sorted(tuple(r) for r in app.drawn))
        pixels = zlib.crc32(pygame.image.tobytes(app.canvas, "RGB")) if drawn != () else None
        record.append((len(scene.match.history), drawn, pixels,
                       None if skipped_now else clocks(scene)))
        if skipped_now:
            skipped.append(frame)
    return record, skipped


def fall_asleep(app: App, limit: int = 400) -> None:
    """Frames until the app skips one."""
    for _ in range(limit):
        if skips(app):
            return
    raise AssertionError("the table never slept")


def updates(scene: GameScene) -> list[float]:
    """The dt of each call of the scene's update from now on."""
    seen: list[float] = []
    update = scene.update

    def counted(dt: float) -> None:
        seen.append(dt)
        update(dt)
    scene.update = counted  # type: ignore[method-assign]
    return seen


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
def test_a_bot_game_plays_and_looks_the_same_asleep(tables, slow_bots, game_id, seats):
    awake, skipped_none = play(*tables(game_id, seats, sleeps=False), FRAMES, slow_bots())
    asleep, skipped = play(*tables(game_id, seats), FRAMES, slow_bots())
    assert not skipped_none
    assert [r[:3] for r in asleep] == [r[:3] for r in awake]  # moves and pixels, frame by frame
    for frame in skipped:  # a skipped frame is one that would have drawn nothing
        assert awake[frame][1] == ()
    for a, b in zip(awake, asleep):  # the clocks of every frame that ran: equal to the bit
        assert b[3] is None or a[3] == b[3]
    assert len(skipped) > FRAMES // 8


def test_a_bot_moves_on_the_frame_its_pace_ends(tables, waited_worker):
    moves = {}
    for sleeps in (False, True):
        app, scene = tables(sleeps=sleeps)
        landed, woken = [], []
        for frame in range(300):
            was = app.sleep
            moved = len(scene.match.history)
            skips(app)
            if len(scene.match.history) != moved:
                landed.append(frame)
                woken.append(was is not None and was.skipped > 0)
        moves[sleeps] = landed
    assert moves[True] == moves[False] and len(moves[True]) >= 3
    assert sum(woken) >= 2  # those moves came on the frame their sleep ended


def test_the_skipped_seconds_reach_every_clock(tables, waited_worker):
    app, scene = tables()
    fall_asleep(app)
    start = clocks(scene)
    while skips(app):
        pass
    sleep_frames = app.frames
    twin, twin_scene = tables(sleeps=False)
    while twin.frames < sleep_frames:
        twin.step([], DT)
    assert clocks(scene) == clocks(twin_scene) and clocks(scene) != start


def test_an_input_event_wakes_the_table_first(tables, waited_worker):
    app, scene = tables()
    fall_asleep(app)
    seen = updates(scene)
    clock = app.sleep.clock  # the scene's clock as the skipped frames moved it
    unmapped = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F15, mod=0, unicode="",
                                  scancode=0)
    assert not skips(app, [unmapped])
    assert seen == [DT] and scene.clock == clock + DT


def test_a_menu_press_pauses_a_table_whose_clocks_caught_up(tables, waited_worker):
    app, scene = tables()
    fall_asleep(app)
    clock = app.sleep.clock
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b",
                                 scancode=0)], DT)
    assert type(app.stack.top).__name__ == "PauseScene" and app.sleep is None
    assert scene.clock == clock + DT


def test_a_window_resize_and_a_redraw_wake_the_table(tables, waited_worker):
    app, scene = tables()
    fall_asleep(app)
    assert not skips(app, [pygame.event.Event(pygame.VIDEORESIZE, size=(800, 450), w=800,
                                              h=450)])
    fall_asleep(app)
    clock = app.sleep.clock
    app.redraw()
    assert app.sleep is None and scene.clock == clock


def test_a_scene_pushed_wakes_the_table(tables, waited_worker):
    app, scene = tables()
    fall_asleep(app)
    seen = updates(scene)
    app.stack.push(app.open("pause", scene, None))
    assert not skips(app)
    assert seen == [DT] and type(app.stack.top).__name__ == "PauseScene"


class FakeHub:
    """Phones' messages handed to the companion by the test."""

    def __init__(self) -> None:
        self.inbox: list[Inbound] = []

    def drain(self) -> list[Inbound]:
        messages, self.inbox = self.inbox, []
        return messages

    def send(self, conn: int, message: dict) -> None:
        """Nothing goes out."""


def test_a_phone_message_wakes_the_table(tables, waited_worker):
    app, scene = tables()
    hub = app.companion.hub = FakeHub()
    fall_asleep(app)
    assert skips(app)  # no message: asleep
    seen = updates(scene)
    hub.inbox.append(Inbound(7, {"t": "_open"}, "10.0.0.7"))
    assert not skips(app)
    assert seen == [DT]
    app.companion.hub = None


def test_the_worker_answer_wakes_the_table_once_the_pace_is_over(tables, monkeypatch):
    release = threading.Event()
    decide = bot_worker.decide_and_land

    def held(*args):
        release.wait(10)
        return decide(*args)
    monkeypatch.setattr(bot_worker, "decide_and_land", held)
    app, scene = tables()
    fall_asleep(app)
    sleep = app.sleep
    while sleep.pace < sleep.limit:  # the pace runs out while the bot still thinks
        assert skips(app)
    moves = len(scene.match.history)
    for _ in range(5):
        assert skips(app)
    release.set()
    while not sleep.answer.finished:
        time.sleep(0.001)
    assert not skips(app) and len(scene.match.history) > moves


def test_an_idle_timeout_wakes_the_table_on_its_frame(tables, waited_worker):
    app, _scene = tables()
    app.kiosk = True
    fall_asleep(app)
    app.settings.abandon_idle = app.idle + 3.5 * DT  # due on the fourth frame from now
    assert skips(app) and skips(app) and skips(app)
    assert not skips(app)
    assert type(app.stack.top).__name__ == "CountdownScene"
    for _ in range(3):  # the table under it, updated in the frame that pushed it, sleeps not
        assert not skips(app) and app.sleep is None


def test_a_person_prompted_here_keeps_the_table_awake(tables, waited_worker):
    app, scene = tables(first=SeatSpec("human"))  # (a prompt breathes)
    prompted = 0
    for _ in range(300):
        here = bool(scene.human_prompts())
        prompted += here
        assert not (skips(app) and here)
        if here:  # whatever the canvas noted of the pulse: the scene itself refuses to sleep
            assert scene.sleeper.sleep() is None
    assert prompted > 100


def test_a_phone_gone_keeps_the_table_awake_while_its_minute_runs(tables, waited_worker):
    app, scene = tables(first=SeatSpec("human", "phone:9"))  # its seat is asked on the phone
    scene.absence.seen.add((0, "phone:9"))  # seen, then gone: its minute counts each frame
    for _ in range(300):
        assert not skips(app)
    assert scene.absence.gone[0] > 100 * DT  # (it runs while no animation holds the table)


def test_a_cue_plays_on_the_frame_it_falls_due(tables, waited_worker):
    played = {}
    for sleeps in (False, True):
        app, scene = tables(sleeps=sleeps)
        moved = len(scene.match.history)
        for _ in range(400):  # a move animated and its pace begun: asleep with the gate
            app.step([], DT)
            if (len(scene.match.history) > moved and scene.renderer.at_rest()
                    and scene.driver.worker.job is not None):
                break  # (the move shown and its tweens over: the next bot thinks)
        app.audio.schedule([(0.1, "tick", 1.0), (0.25, "tick", 1.0), (9.0, "tick", 1.0)])
        plays, frames, slept = app.audio.plays, [], []
        for frame in range(40):
            if skips(app):
                slept.append(frame)
            if app.audio.plays != plays:  # (played by the app if the table sleeps on)
                plays = app.audio.plays
                frames.append(frame)
        # asleep while the cues fell due and played (the pace runs longer than they wait)
        assert set(frames) <= set(slept) or not sleeps
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F15, mod=0, unicode="",
                                     scancode=0)], DT)  # woken, the last cue still waiting
        played[sleeps] = frames, app.audio._clock
    assert played[True] == played[False] and len(played[True][0]) == 2


def test_a_table_leaving_the_stack_ends_its_sleep(tables, waited_worker):
    app, _scene = tables()
    fall_asleep(app)
    app.stack.reset(app.open("title"))  # (outside a frame, as attract mode leaves a demo)
    app.stack.apply()
    assert app.sleep is None  # nothing keeps the scene and its surfaces alive


def mark_region_stale(renderer) -> None:
    renderer.regions[0].stale = [pygame.Rect(0, 0, 8, 8)]
    renderer._clean = 0


# What makes each room's `update` (or `damage`) do more than move its clock, beyond the kit's
# timeline and layers: its `at_rest` must see it.
ROOM_WORK = [
    ("ticket_to_ride_paris", lambda r: setattr(r.seats, "lighting", True)),
    ("ticket_to_ride_paris", lambda r: (setattr(r.hand, "log_shown", True),
                                        setattr(r.hand.log, "ready", object()))),
    ("french_quarter", mark_region_stale),
    ("next_station_paris", lambda r: setattr(r.scores, "due", True)),
    ("next_station_paris", lambda r: setattr(r, "_holds_due", True)),
    ("next_station_paris", lambda r: setattr(r, "_landed", True)),
    ("urban_sprawl", lambda r: setattr(r, "held_left", True)),
    ("explore_new_york", lambda r: setattr(r, "_refresh_due", True)),
    ("explore_new_york", lambda r: setattr(r, "_ahead_due", True)),
    ("explore_new_york", lambda r: setattr(r, "_ahead_done", False)),
    ("explore_new_york", lambda r: setattr(r, "_frame_busy", True)),
    ("explore_new_york", lambda r: setattr(r, "_to_count", [object()])),
    ("explore_new_york", lambda r: setattr(r, "_fade", object())),
    ("explore_new_york", lambda r: setattr(r, "humans", (0, 1, 2))),
    ("explore_new_york", lambda r: setattr(r, "_spreading", True)),
    ("explore_new_york", lambda r: setattr(r, "_boxes_held", True)),
]


@pytest.mark.parametrize(("game_id", "work"), ROOM_WORK)
def test_a_room_with_work_left_is_not_at_rest(tables, slow_bots, game_id, work):
    app, scene = tables(game_id, 3 if game_id == "explore_new_york" else 2)
    bots = slow_bots()
    for _ in range(400):
        app.step([], DT)
        bots.tick()
        if scene.renderer.at_rest():
            break
    renderer = scene.renderer
    assert renderer.at_rest()
    work(renderer)
    assert not renderer.at_rest()



def test_a_move_made_outside_any_frame_wakes_the_table_first(tables, waited_worker):
    app, scene = tables()
    fall_asleep(app)
    clock = app.sleep.clock
    prompt = scene.match.prompts()[0]
    assert scene.apply(prompt.player, prompt.options[0].action)  # e.g. a test's bot
    assert app.sleep is None and scene.clock == clock
    assert scene.driver.think == 0.0  # the move's own reset, not the pace caught up over it


def test_a_new_game_state_from_anywhere_wakes_the_table(tables, waited_worker):
    app, scene = tables()
    fall_asleep(app)
    prompt = scene.match.prompts()[0]
    scene.driver.apply(prompt.player, prompt.options[0].action)  # under the scene's feet
    assert not skips(app)


def test_a_table_rests_only_while_nothing_of_its_own_is_due(tables, waited_worker):
    """Resting (App.resting: the frame pacer then waits in one sleep) is a sleep that only a
    cause from outside ends; a bots' pace or answer to wait for is not rest."""
    app, _scene = tables()
    fall_asleep(app)
    assert app.sleep is not None and not app.resting
    app, scene = tables(first=SeatSpec("human", "phone:9"))  # its seat is played on a phone
    for _ in range(FRAMES):
        if skips(app) and scene.human_prompts():
            break
    assert app.resting
    assert not skips(app, [pygame.event.Event(pygame.VIDEOEXPOSE)])  # woken: the frame ran
