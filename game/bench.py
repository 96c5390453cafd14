"""Benchmarks: `python -m game.bench [--json] [--quick] [--games ID,...]`.

Per game: frame time of the real GameScene at 1920x1080 on the dummy video driver while bots play
(p50/p99/max ms; a whole `App.step`: input, update, drawing what changed and presenting it in an
unscaled 1920x1080 window), and per seat count (1-4, as the game allows) the p99 of idle frames (no
animation, no move) and of animated frames (an animation runs or just ended, or a move landed),
random playouts per second straight on the rules, and GreedyBot decision time (p50/p95 ms). A game
whose renderer draws one map per person (board_api.SplitRenderer: Next Station, Explore New York)
gets a second frame-time row, "<game> (4 split)": every seat a person on a synthetic gamepad, all
maps on screen, everyone steering a cursor and confirming through the real input layer. Explore New
York adds "<game> (final routes)": its exact route search on end-of-game maps of bot games and on
the slowest dense maps we construct. Urban Sprawl adds "<game> 4p late game, full board": its frame
time once bots have built most of the city. An engine-only room (no scene yet) has no frame times.
Once: wall time from `python main.py --first-frame-exit` to exit (median), and the peak resident
memory of this process and its children. Timing lives here, never in unit tests. Once too, "phones"
(game.companion.bench): four phones on loopback play Ticket to Ride; tap to TV frame, frame time
while they are connected, and the memory the server adds.

Every figure is reported three ways (`--json` carries all three): wall time, CPU time (the process
time of the measuring thread: a loaded machine stretches wall time but hardly CPU time), and a ratio
to a yardstick timed in the same run (`reference`), so that figures from different runs and machines
compare. Engine and bot figures are measured against a fixed pure-Python loop (`reference_work`),
frames against one full-screen fill and blit of the 1920x1080 canvas (the cost of redrawing
everything once); both are timed at the start and at the end of the run, and the median of all those
timings is the yardstick (the fill and blit is sampled before each round of frames too). The fill
and blit is timed twice over: back to back (the yardstick of the `_x_fill` ratios), and paced one
per frame interval as the frames themselves are (`paced_fill_blit_cpu_ms`, the `_cpu_x_paced_fill`
ratios): a thread that slept between frames finds its caches cold, which makes both a frame and a
fill + blit cost more than in a hot loop (~0.85 against ~0.5 ms here), so the paced ratio compares
like with like. The other like-with-like reading runs each seat count's game again back to back
(`_b2b` keys, the table's <back to back ...>: each frame waits, untimed, only for a bot decision in
flight) against the back-to-back yardstick, CPU over CPU as the paced reading is (wall time also
counts the moments another process held the core); under the rows, a line per reading counts the
seat counts that meet the frame targets (`FRAME_TARGETS`). Each seat count's game is played
`Plan.rounds` times each way, alternated, the same game through the same frames each time (paced
too: a bot decision that outlasts a frame's wait is waited for, untimed): a row's p99 is a
handful of frames, and a burst of the machine's noise (another tenant of the host, for a frame or a
minute) slows whichever frames it meets, so each reading takes every frame's median over the rounds
(`frame_by_frame`: a frame counts as slow when it was slow in most rounds, not when noise met it
once), or the middle round's figures when the rounds played other frames (`same_frames` keys; the
target lines name those rows); the report carries every round's own p99 too (`_p99_rounds` keys;
the target lines count the seat counts met in every round too). Hard's decision time is set by its
wall-clock budget, so it gets CPU time but no ratio. `--full-redraw` draws and presents every
frame whole, as the app did before it tracked damage (the "before" figures).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bench_report import BACK_TO_BACK, FRAME_KINDS, MAX_ROUNDS, ROUNDS, SAME_FRAMES, table
from game.bench_yardsticks import REFERENCE_RUNS, Yardsticks, yardsticks
from game.companion.bench import PHONES_KEY, bench_phones

ROOT = Path(__file__).resolve().parents[1]
US = "urban_sprawl"  # its frame time on a full board gets a row of its own
US_LATE_KEY = f"{US} 4p late game, full board"
US_LATE_ACTIONS = 500  # greedy 4-seat games last ~650-700 actions; ~60 buildings stand by 500
DECISION_POLL_S = 0.0002  # how often a frame log looks whether the bot decided
DECISION_WAITS = "decision_waits"  # per paced round: frames after whose wait a bot decision was
# still in flight and was waited for (untimed), so that it lands in the same frame every round
PAD_BASE = 9100  # fake SDL instance ids of the split-screen players' gamepads (seat k: base + k)


@dataclass(frozen=True)
class Plan:
    """How long each measurement runs."""

    frames: int  # frames of a bot game to time (at the game's benched seat count)
    seat_frames: int  # frames of a bot game at each other seat count (idle/animated rows)
    split_frames: int  # at most this many frames of the all-people split-screen game
    playout_seconds: float  # random playouts run at least this long
    bot_games: int  # greedy games whose decisions are timed
    startup_runs: int  # start-ups to take the median of
    hard_decisions: int  # Hard decisions (default budget) timed, at positions of a greedy game
    phone_taps: int = 60  # taps of four phones on loopback (game.companion.bench)
    rounds: int = 3  # each seat count's game is played this many times each way
    # (`frame_by_frame`: three, so that a frame's median is a round's own figure)


FULL = Plan(frames=3000, seat_frames=900, split_frames=4500, playout_seconds=2.0, bot_games=5,
            startup_runs=3, hard_decisions=20)
QUICK = Plan(frames=60, seat_frames=60, split_frames=60, playout_seconds=0.25, bot_games=1,
             startup_runs=1, hard_decisions=2, phone_taps=4, rounds=2)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def seats_for(game_id: str) -> int:
    """Four seats, or as close as the game allows."""
    from game.engine.registry import get_game

    info = get_game(game_id)
    return max(info.min_players, min(4, info.max_players))


def frame_stats(times: list[float]) -> dict[str, float]:
    """p50/p99/max of frame times in ms."""
    return {
        "p50": round(percentile(times, 50), 3),
        "p99": round(percentile(times, 99), 3),
        "max": round(max(times, default=0.0), 3),
    }


def spread_stats(times: list[float], quantiles: tuple[int, ...] = (50, 95)) -> dict[str, float]:
    """The given percentiles of some timings, keyed p50, p95..."""
    return {f"p{q}": round(percentile(times, q), 3) for q in quantiles}


def ratios(stats: dict[str, float], yardstick: float) -> dict[str, float]:
    """Each figure of `stats` as a multiple of the yardstick (same unit)."""
    return {key: round(value / yardstick, 5) for key, value in stats.items()}


def frame_figures(walls: list[float], cpus: list[float]) -> dict[str, Any]:
    """A frame-time row: wall ms and CPU ms (`with_ratios` adds the ratio to fill + blit)."""
    return {"frame_ms": frame_stats(walls), "frame_cpu_ms": frame_stats(cpus)}


def with_ratios(row: dict[str, Any], refs: Yardsticks) -> dict[str, Any]:
    """A report row with each figure's ratio to the run's reference added (computed once the
    reference loop has been timed at both ends of the run)."""
    extra: dict[str, Any] = {}
    if "frame_ms" in row:
        frames = row["frame_ms"]
        extra["frame_x_fill"] = ratios(frames, refs.fill_blit_ms) if frames else None
    if row.get("by_seats"):
        extra["by_seats"] = {seats: {**kinds, **kind_ratios(kinds, refs)}
                             for seats, kinds in row["by_seats"].items()}
    if "playouts_per_cpu_s" in row:
        extra["playouts_per_ref"] = round(row["playouts_per_cpu_s"] * refs.loop_ms / 1000, 2)
        extra["bot_x_ref"] = ratios(row["bot_cpu_ms"], refs.loop_ms)
    return {**row, **extra}


def kind_ratios(kinds: dict[str, Any], refs: Yardsticks) -> dict[str, Any]:
    """Idle and animated frame figures over fill + blit: wall over wall, CPU over CPU (on a
    loaded machine the CPU ratio is the one that compares)."""
    out = {}
    for kind in FRAME_KINDS:
        out[f"{kind}_x_fill"] = ratios(kinds[f"{kind}_ms"], refs.fill_blit_ms)
        out[f"{kind}_cpu_x_fill"] = ratios(kinds[f"{kind}_cpu_ms"], refs.fill_blit_cpu_ms)
        out[f"{kind}_cpu_x_paced_fill"] = ratios(kinds[f"{kind}_cpu_ms"],
                                                 refs.paced_fill_blit_cpu_ms)
        b2b = kind + BACK_TO_BACK  # like with like the other way: both back to back
        out[f"{b2b}_x_fill"] = ratios(kinds[f"{b2b}_ms"], refs.fill_blit_ms)
        out[f"{b2b}_cpu_x_fill"] = ratios(kinds[f"{b2b}_cpu_ms"], refs.fill_blit_cpu_ms)
        for ratio_key, (ms_key, yardstick) in {
                f"{kind}_cpu_x_paced_fill": (f"{kind}_cpu_ms", refs.paced_fill_blit_cpu_ms),
                f"{b2b}_cpu_x_fill": (f"{b2b}_cpu_ms", refs.fill_blit_cpu_ms)}.items():
            p99s = kinds.get(ms_key + ROUNDS)
            if p99s is not None:
                out[ratio_key + ROUNDS] = [round(ms / yardstick, 5) for ms in p99s]
    return out


@dataclass
class FrameLog:
    """Frames of a bot game through `App.step`: wall and CPU ms, and which ones animated."""

    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    animated: list[bool] = field(default_factory=list)
    waits: int = 0  # paced: frames after which a bot decision outlasting the wait was awaited

    def kind(self, kind: str, times: list[float]) -> list[float]:
        """Those `times` (walls or cpus) of the idle or the animated frames."""
        want = kind == "animated"
        return [ms for ms, moving in zip(times, self.animated) if moving == want]

    def by_kind(self, tag: str = "") -> dict[str, Any]:
        """Idle and animated frames: p50/p99/max wall and CPU ms, and how many there were
        (`tag` follows the kind in each key: BACK_TO_BACK for frames run back to back)."""
        row: dict[str, Any] = {}
        for kind in FRAME_KINDS:
            name = kind + tag
            row[f"{name}_ms"] = frame_stats(self.kind(kind, self.walls))
            row[f"{name}_cpu_ms"] = frame_stats(self.kind(kind, self.cpus))
            row[f"{name}_frames"] = len(self.kind(kind, self.walls))
        return row

    def p99(self, kind: str, measure: str) -> float:
        """The p99 of the `kind` frames' `measure` ("walls" or "cpus")."""
        return percentile(self.kind(kind, getattr(self, measure)), 99)


# What each reading is judged on: CPU time both ways (wall time also counts the moments the
# thread was not running at all: another process on its core, which no frame of ours costs)
READING_MEASURE = {"": "cpus", BACK_TO_BACK: "cpus"}


def middle_round(logs: list[FrameLog], tag: str = "") -> FrameLog:
    """Of the rounds of one seat count's game played one way (paced, or back to back: `tag`),
    the one whose animated p99 in the reading's measure is the median (of two, the higher):
    `frame_by_frame`'s answer when the rounds did not play the same frames, a round's own
    figure as a frame's median is, neither the luckiest round nor the unluckiest."""
    measure = READING_MEASURE[tag]
    ranked = sorted(logs, key=lambda log: log.p99("animated", measure))
    return ranked[len(ranked) // 2]


def same_frames(logs: list[FrameLog]) -> bool:
    """True if the rounds played the same frames (as many, animated alike). They do both ways
    (a bot decision that outlasts a paced frame's wait is waited for: `play_frames`), unless
    the game itself played otherwise."""
    first = logs[0]
    return all(log.animated == first.animated for log in logs[1:])


def frame_by_frame(logs: list[FrameLog], tag: str = "") -> FrameLog:
    """The reading of the rounds of one seat count's game played one way: each frame's median
    wall and CPU ms over the rounds. Every round plays the same game through the same frames
    (both ways: `app_frame_log`), so a frame is slower in one round than in
    another only by the machine's noise: a burst of it in one round no longer sets a row's
    p99, which is a handful of frames, while a frame slow in most rounds still counts. Rounds
    whose frames differ (`same_frames`) are not mixed: the middle round then (`middle_round`)."""
    if len(logs) == 1 or not same_frames(logs):
        return middle_round(logs, tag)
    first = logs[0]
    median = statistics.median
    return FrameLog([median(ms) for ms in zip(*(log.walls for log in logs))],
                    [median(ms) for ms in zip(*(log.cpus for log in logs))], list(first.animated))


def round_figures(logs: list[FrameLog], tag: str = "") -> dict[str, Any]:
    """The reading's idle and animated figures (`frame_by_frame`), and every round's own p99
    and max of each kind in the reading's measure (the `ROUNDS` and `MAX_ROUNDS` keys), so that
    the spread shows, and a pause that met one frame of one round (a median hides it); and
    whether the rounds played the same frames (the `SAME_FRAMES` key: if not, the figures are
    the middle round's)."""
    measure = READING_MEASURE[tag]
    suffix = "_cpu_ms" if measure == "cpus" else "_ms"
    figures = frame_by_frame(logs, tag).by_kind(tag)
    for kind in FRAME_KINDS:
        key = f"{kind}{tag}{suffix}"
        figures[key + ROUNDS] = [round(log.p99(kind, measure), 3) for log in logs]
        slowest = [max(log.kind(kind, getattr(log, measure)), default=0.0) for log in logs]
        figures[key + MAX_ROUNDS] = [round(ms, 3) for ms in slowest]
    figures[SAME_FRAMES + tag] = same_frames(logs)
    if tag == "":
        figures[DECISION_WAITS] = [log.waits for log in logs]
    return figures


def app_frame_log(game_id: str, players: int, seed: int, max_frames: int,
                  full_redraw: bool = False, paced: bool = True) -> FrameLog:
    """Every `App.step` (presenting included, to an unscaled 1920x1080 window) of greedy bots
    playing, at most `max_frames`, paced at 60 fps like the real loop (bots think on a worker
    thread meanwhile; a decision still in flight when a frame's wait ends is waited for,
    untimed, so that it lands in the same frame in every round: `play_frames`); not `paced`:
    back to back, as the back-to-back fill + blit is timed, each frame waiting (untimed) only
    for a bot decision in flight, so that the game moves on the same way. A frame is animated
    when the renderer was busy before or after it (the frame after the last tween erases it),
    a move landed in it or the board still repaints what changed (a room with a
    REPAINT_BUDGET); idle otherwise. The frame that opens the results is not counted."""
    from game.engine.bots import BOT_KINDS
    from game.scenes.game import GameScene
    from game.scenes.seating import SeatSpec

    app = bench_app(full_redraw)
    scene = GameScene(app, game_id, [SeatSpec(BOT_KINDS[0]) for _ in range(players)], seed)
    app.stack.reset(scene)
    app.stack.apply()
    return play_frames(app, scene, max_frames, paced)


def bench_app(full_redraw: bool = False) -> Any:
    """An App presenting to an unscaled 1920x1080 window, animations at 1x, persisting nothing."""
    from game.scenes import scene_registry
    from game.ui.app import App
    from game.ui.board_api import CANVAS_SIZE
    from game.ui.settings import Settings

    app = App(scene_registry(), windowed=CANVAS_SIZE, settings=Settings(animation_speed="1x"),
              persist=False)
    app.full_redraw = full_redraw
    return app


def play_frames(app: Any, scene: Any, max_frames: int, paced: bool = True) -> FrameLog:
    """`app_frame_log`'s frames: `App.step`s of the bots' game on `scene`, the app's top scene,
    which is left at the end (and the display closed)."""
    import pygame

    from game.ui.app import FPS
    from game.ui.pacing import FramePacer

    log, busy = FrameLog(), moving(scene)
    pacer = FramePacer(FPS)
    for _ in range(max_frames):
        moves = len(scene.match.history)
        started, cpu_started = time.perf_counter(), time.thread_time()
        app.step([], 1 / 60)
        spent = time.perf_counter() - started
        if scene.finished:
            break
        now_busy = moving(scene)
        log.walls.append(spent * 1000)
        log.cpus.append((time.thread_time() - cpu_started) * 1000)
        log.animated.append(busy or now_busy or len(scene.match.history) != moves)
        busy = now_busy
        if paced:
            pacer.wait(app.resting)  # the rest of the frame, as the real loop waits it out
            # A decision that outlasts the wait (2-4 of Explore New York 4p's 2,274 frames,
            # up to ~47 of Next Station's) would land a frame later in one round than in
            # another, and rounds of other frames can't be read frame by frame
            # (`frame_by_frame`): waited for, untimed.
            log.waits += await_decision(scene.driver.worker)
        else:
            await_decision(scene.driver.worker)
    scene.exit()
    pygame.display.quit()
    return log


def await_decision(worker: Any) -> bool:
    """Between two frames: wait for the bot decision in flight (a paced frame loop gives bots
    its waits to think in; without it, a back-to-back run would race ahead of the bots through
    frames a paced one never draws); True if there was one."""
    waited = False
    while worker.thinking():
        waited = True
        time.sleep(DECISION_POLL_S)
    return waited


def moving(scene: Any) -> bool:
    """True while the board animates or still has layers to repaint (render_kit.Layers)."""
    layers = getattr(scene.renderer, "layers", None)
    return scene.renderer.busy() or bool(layers is not None and layers.pending)


def seat_counts(game_id: str) -> list[int]:
    """The seat counts from 1 to 4 the game allows."""
    from game.engine.registry import get_game

    info = get_game(game_id)
    return list(range(info.min_players, min(4, info.max_players) + 1))


def bench_frames(game_id: str, plan: Plan, refs: Yardsticks,
                 full_redraw: bool = False) -> dict[str, Any]:
    """Frame time of the game scene while bots play, and idle/animated frames per seat count,
    `plan.rounds` rounds each way (pygame loads here, on the dummy driver); the yardsticks are
    sampled again before each round, so that they see the machine as the rows do."""
    main = seats_for(game_id)
    by_seats: dict[str, Any] = {}
    row: dict[str, Any] = {}
    for seats in seat_counts(game_id):
        frames = plan.frames if seats == main else plan.seat_frames
        paced: list[FrameLog] = []
        back: list[FrameLog] = []
        for _ in range(plan.rounds):  # alternated: a noisy minute weighs on one round of each
            refs.sample()
            paced.append(app_frame_log(game_id, seats, seed=1, max_frames=frames,
                                       full_redraw=full_redraw))
            back.append(app_frame_log(game_id, seats, seed=1, max_frames=frames,
                                      full_redraw=full_redraw, paced=False))
        by_seats[str(seats)] = {**round_figures(paced), **round_figures(back, BACK_TO_BACK)}
        if seats == main:
            reading = frame_by_frame(paced)
            row = frame_figures(reading.walls, reading.cpus)
    return {**row, "by_seats": by_seats}


def bench_late_frames(game_id: str, frames: int) -> dict[str, Any]:
    """Frame time of the game scene from a late position: greedy bots first play
    US_LATE_ACTIONS actions off the clock (a full board), then play on through `App.step`s as
    in `app_frame_log` (paced)."""
    from game.scenes.snapshot import played_scene
    from game.ui.board_api import CANVAS_SIZE

    app, scene = played_scene(game_id, seats_for(game_id), 1, US_LATE_ACTIONS,
                              windowed=CANVAS_SIZE)
    scene.renderer.reset(scene.match.view(scene.viewer), scene.viewer)
    scene.hold_bots = False
    log = play_frames(app, scene, frames)
    return frame_figures(log.walls, log.cpus)


def is_split_game(game_id: str) -> bool:
    """True if the game's renderer draws one map per person (board_api.SplitRenderer)."""
    from game.engine.registry import get_game
    from game.ui.board_api import is_split

    return is_split(get_game(game_id).renderer_class())


def split_key(game_id: str) -> str:
    """The report key of a game's all-people split-screen row."""
    return f"{game_id} ({seats_for(game_id)} split)"


@dataclass
class PadPlayer:
    """One person on a synthetic gamepad: looks at their own map, steers the cursor towards a
    legal station a few presses at a time, then confirms (only through input events)."""

    seat: int
    rng: random.Random
    wait: int = 0  # frames until the next press
    moves: int = 0  # d-pad presses left before confirming

    def events(self, scene: Any) -> list[Any]:
        """This frame's button presses (none while the seat waits or thinks)."""
        import pygame

        if scene.match.prompt_for(self.seat) is None or scene.seat_busy(self.seat):
            self.wait = max(self.wait, self.rng.randrange(2, 6))  # noticing the new card
            return []
        self.wait -= 1
        if self.wait > 0:
            return []
        rects, _ = scene.slots(self.seat)
        focus = scene.focus_of(self.seat)
        others = [key for key in rects if key != focus]
        if self.moves > 0 and others and focus is not None:
            goal, here = rects[self.rng.choice(others)].center, rects[focus].center
            dx, dy = goal[0] - here[0], goal[1] - here[1]
            if abs(dx) > abs(dy):
                button = (pygame.CONTROLLER_BUTTON_DPAD_RIGHT if dx > 0
                          else pygame.CONTROLLER_BUTTON_DPAD_LEFT)
            else:
                button = (pygame.CONTROLLER_BUTTON_DPAD_DOWN if dy > 0
                          else pygame.CONTROLLER_BUTTON_DPAD_UP)
            self.moves -= 1
            self.wait = self.rng.randrange(3, 7)
        else:
            button = pygame.CONTROLLER_BUTTON_A
            self.moves = self.rng.randrange(0, 4)
            self.wait = self.rng.randrange(2, 7)
        iid = PAD_BASE + self.seat
        return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button),
                pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=iid, button=button)]


def split_frame_times(game_id: str, players: int, seed: int, max_frames: int,
                      pace: bool = True, at_end: Callable[[Any], None] | None = None
                      ) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds per frame (input, update and draw: `App.step` without the
    window flip) of the real GameScene while `players` people on synthetic gamepads play the
    whole game, paced at 60 fps like the real loop (`pace`). The frame that opens the results
    screen is not counted. `at_end` sees the GameScene before it is closed (tests check the
    play)."""
    import pygame

    from game.scenes import scene_registry
    from game.scenes.game import GameScene
    from game.scenes.seating import SeatSpec
    from game.ui.app import FPS, App
    from game.ui.pacing import FramePacer
    from game.ui.settings import Settings

    app = App(scene_registry(), windowed=(320, 180), settings=Settings(animation_speed="1x"),
              persist=False)
    seats = [SeatSpec("human", f"pad:{PAD_BASE + k}") for k in range(players)]
    scene = GameScene(app, game_id, seats, seed)
    app.stack.reset(scene)
    app.stack.apply()
    rng = random.Random(seed)
    people = [PadPlayer(k, random.Random(rng.random())) for k in range(players)]
    # The pads report their sticks at rest, as SDL does when a controller is opened.
    events = [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD_BASE + k,
                                 axis=pygame.CONTROLLER_AXIS_LEFTX, value=0)
              for k in range(players)]
    walls: list[float] = []
    cpus: list[float] = []
    pacer = FramePacer(FPS)
    for _ in range(max_frames):
        for person in people:
            events += person.events(scene)
        started, cpu_started = time.perf_counter(), time.thread_time()
        app.step(events, 1 / 60, present=False)
        spent = time.perf_counter() - started
        events = []
        if scene.finished:
            break
        walls.append(spent * 1000)
        cpus.append((time.thread_time() - cpu_started) * 1000)
        if pace:
            pacer.wait(app.resting)  # the rest of the frame, as the real loop waits it out
    if at_end is not None:
        at_end(scene)
    scene.exit()
    return walls, cpus


def bench_split_frames(game_id: str, frames: int) -> dict[str, Any]:
    """Frame time with every seat a person on a gamepad (one map each on screen)."""
    walls, cpus = split_frame_times(game_id, seats_for(game_id), seed=1, max_frames=frames)
    return frame_figures(walls, cpus)


def bench_playouts(game_id: str, seconds: float) -> dict[str, float]:
    """Random playouts on the bare rules (no Match bookkeeping): per wall and per CPU second."""
    from game.engine.bots import random_playout
    from game.engine.core import Config
    from game.engine.registry import rules_for

    rules, config = rules_for(game_id), Config(seats_for(game_id))
    count, started, cpu_started = 0, time.perf_counter(), time.thread_time()
    while (elapsed := time.perf_counter() - started) < seconds or count == 0:
        random_playout(rules, config, random.Random(count))
        count += 1
    cpu = time.thread_time() - cpu_started
    return {"playouts_per_s": round(count / elapsed, 1),
            "playouts_per_cpu_s": round(count / cpu, 1)}


@dataclass
class TimedBot:
    """Wraps a bot and records the wall and CPU time of each real decision (two or more
    options)."""

    bot: Any
    times: list[float] = field(default_factory=list)
    cpu_times: list[float] = field(default_factory=list)

    def choose(self, rules: Any, view: Any, prompt: Any) -> Any:
        """Delegate and time."""
        started, cpu_started = time.perf_counter(), time.thread_time()
        action = self.bot.choose(rules, view, prompt)
        if len(prompt.options) > 1:  # forced moves would flatter the median
            self.times.append((time.perf_counter() - started) * 1000)
            self.cpu_times.append((time.thread_time() - cpu_started) * 1000)
        return action


@dataclass
class RecordingBot:
    """Wraps a bot and keeps each (view, prompt) with a real choice: positions to time others on."""

    bot: Any
    positions: list[tuple[Any, Any]] = field(default_factory=list)

    def choose(self, rules: Any, view: Any, prompt: Any) -> Any:
        """Delegate and remember the position."""
        if len(prompt.options) > 1:
            self.positions.append((view, prompt))
        return self.bot.choose(rules, view, prompt)


def bench_bots(game_id: str, games: int) -> dict[str, Any]:
    """GreedyBot decision times over whole greedy-bot games: wall ms and CPU ms."""
    from game.engine.bots import make_bot, play_out
    from game.engine.core import Config
    from game.engine.match import Match
    from game.engine.registry import rules_for

    seats, times, cpu_times = seats_for(game_id), [], []
    for game in range(games):
        bots = {s: TimedBot(make_bot("greedy", game_id, game * 10 + s)) for s in range(seats)}
        play_out(Match(rules_for(game_id), Config(seats), game), bots)
        times.extend(t for bot in bots.values() for t in bot.times)
        cpu_times.extend(t for bot in bots.values() for t in bot.cpu_times)
    return {"bot_ms": spread_stats(times), "bot_cpu_ms": spread_stats(cpu_times)}


def bench_hard(game_id: str, decisions: int) -> dict[str, Any]:
    """Hard's decision time in seconds at the default budget (search.DEFAULT_BUDGET_S), wall and
    CPU: the search stops at the budget, so the tail shows how far its last rollout runs over
    (a loaded machine lowers the CPU time it gets within that wall time)."""
    from game.engine.bots import make_bot, play_out
    from game.engine.core import Config
    from game.engine.match import Match
    from game.engine.registry import rules_for

    rules, seats = rules_for(game_id), seats_for(game_id)
    bots = {s: RecordingBot(make_bot("normal", game_id, s)) for s in range(seats)}
    play_out(Match(rules, Config(seats), 1), bots)
    positions = [p for bot in bots.values() for p in bot.positions]
    step = max(1, len(positions) // decisions)
    hard = TimedBot(make_bot("hard", game_id, 1))
    for view, prompt in positions[::step][:decisions]:
        hard.choose(rules, view, prompt)
    return {"hard_s": spread_stats([t / 1000 for t in hard.times]),
            "hard_cpu_s": spread_stats([t / 1000 for t in hard.cpu_times])}


def bench_startup(runs: int) -> float:
    """Median wall time of `python main.py --first-frame-exit` on the dummy driver."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, str(ROOT / "main.py"), "--first-frame-exit"]
    walls = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=True, timeout=120)
        walls.append(time.perf_counter() - started)
    return round(statistics.median(walls), 3)


def peak_rss_mb() -> float:
    """Peak resident memory of this process or any child so far, in MB."""
    try:
        import resource
    except ImportError:  # Windows: psutil knows this process's peak working set only
        import psutil

        info = psutil.Process().memory_info()
        return round(getattr(info, "peak_wset", info.rss) / 2**20, 1)
    unit = 1 if sys.platform == "darwin" else 1024  # ru_maxrss is bytes on macOS, KB on Linux
    peak = max(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
    )
    return round(peak * unit / 2**20, 1)


def benched_ids() -> list[str]:
    """The listed games, then engine-only rooms (no scene yet: measured on their rules)."""
    from game.engine.registry import catalog, game_ids

    return game_ids() + [gid for gid, info in catalog().items() if not info.has_scene]


def has_scene(game_id: str) -> bool:
    """False for an engine-only room: it has no frame-time rows."""
    from game.engine.registry import get_game

    return get_game(game_id).has_scene


def room_rows(game_id: str, plan: Plan) -> dict[str, dict[str, Any]]:
    """The rows a room adds of its own, keyed '<game id> (<label>)': its optional `stress`
    module's `bench_rows(bot_games) -> {label: row}`, each row with its table `line` (Explore
    New York times its final-route search so). Found through the registry's rooms package, so
    this tool names no room."""
    from game.engine.registry import ROOMS_PACKAGE

    name = f"{ROOMS_PACKAGE}.{game_id}.stress"
    if importlib.util.find_spec(name) is None:
        return {}
    rows = importlib.import_module(name).bench_rows(plan.bot_games)
    return {f"{game_id} ({label})": row for label, row in rows.items()}


def picker_row(game_ids: list[str], plan: Plan) -> dict[str, dict[str, Any]]:
    """The "picker refresh" row: the picker's frame that redraws the focused miniature, the
    frames after it and its usual frames (game.scenes.picker_bench), when every game is
    benched (the picker shows them all)."""
    if sorted(game_ids) != sorted(benched_ids()):
        return {}
    from game.scenes.picker_bench import bench_picker

    return {"picker refresh": bench_picker(2 if plan == QUICK else 15)}


def bench_game(game_id: str, plan: Plan, refs: Yardsticks,
               full_redraw: bool = False) -> dict[str, Any]:
    """One game's row: frames (when it has a scene), playouts, GreedyBot and Hard."""
    frames = bench_frames(game_id, plan, refs, full_redraw) if has_scene(game_id) else {
        "frame_ms": None, "frame_cpu_ms": None, "by_seats": None}
    return {**frames, **bench_playouts(game_id, plan.playout_seconds),
            **bench_bots(game_id, plan.bot_games), **bench_hard(game_id, plan.hard_decisions)}


def run(game_ids: list[str], plan: Plan, progress: bool,
        full_redraw: bool = False) -> dict[str, Any]:
    """Every measurement, as the JSON report."""
    refs = yardsticks(REFERENCE_RUNS)
    report: dict[str, Any] = {}
    for game_id in game_ids:
        if progress:
            print(f"benchmarking {game_id}...", file=sys.stderr)
        scene = has_scene(game_id)
        report[game_id] = bench_game(game_id, plan, refs, full_redraw)
        if scene and is_split_game(game_id):
            report[split_key(game_id)] = bench_split_frames(game_id, plan.split_frames)
        report.update(room_rows(game_id, plan))
        if game_id == US and scene:
            report[US_LATE_KEY] = bench_late_frames(game_id, plan.frames)
    report.update(picker_row(game_ids, plan))
    refs.time_again(REFERENCE_RUNS)  # a machine that got busier shows here
    report = {key: with_ratios(row, refs) for key, row in report.items()}
    report["reference"] = refs.report()
    report["startup_s"] = bench_startup(plan.startup_runs)
    report[PHONES_KEY] = bench_phones(plan.phone_taps)
    report["peak_rss_mb"] = peak_rss_mb()
    return report


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="python -m game.bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a short run (for tests)")
    parser.add_argument("--games", metavar="ID,...", help="only these game ids")
    parser.add_argument("--full-redraw", action="store_true",
                        help="draw and present every frame whole (the figures before damage)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the report."""
    args = parse_args(argv)
    # Comparable numbers need the same driver everywhere; pygame reads these when it starts.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    known = benched_ids()
    chosen = args.games.split(",") if args.games else known
    unknown = [g for g in chosen if g not in known]
    if unknown:
        print(f"game.bench: error: unknown game id {unknown[0]!r}", file=sys.stderr)
        return 2
    plan = QUICK if args.quick else FULL
    report = run(chosen, plan, progress=not args.json, full_redraw=args.full_redraw)
    print(json.dumps(report) if args.json else table(report, plan.startup_runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
