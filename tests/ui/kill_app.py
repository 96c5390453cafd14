"""kill -9 the real app at random moments, then load its autosave as Continue does: not one
completed action may be lost, and no `*.tmp` file may be left behind.

Each game has a home folder (settings and autosave) and a chain of runs in it. A run is the
console's App with the real scene registry on the dummy video driver, paced at 60 frames per
second like `App.loop`: a person on a synthetic gamepad (seat 0, pressed through the real input
layer) plays against a greedy bot on its worker thread, animated (or at instant speed), with the
autosave journal as in the console. The first run of a chain starts a new game from the title
screen; every later run picks Continue and plays on from what the last kill left; a finished
game goes on with "play again".

The run reports each autosave change in a report file, once before handing it to the journal
("begin", with the history's length and digest) and once after ("done"). Those hooks are all
that is added to the app, and only in the child. After the kill the parent loads the autosave
as Continue does and requires the history of the last "done", or that of a "begin" the kill
interrupted. Runs are forked from a multiprocessing forkserver that has pygame and the scenes
imported already, so a run starts in a fraction of a second; the chains (one per game) run side by side.

    python -m tests.ui.kill_app --kills 200 [--max-delay 1.0] [--seed N]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import random
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.engine.journal import Journal, load_journal
from game.engine.match import SaveError, entry_json
from game.engine.registry import game_ids, rules_for
from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.seats import SeatSetupScene
from game.scenes.select import GameSelectScene
from game.ui import settings as store
from game.ui.app import FPS, App
from game.ui.pacing import FramePacer

GAMES = tuple(game_ids())  # every listed game, each in its own chain
SPEEDS = ("1x", "2x", "instant", "instant")  # runs pick one; instant ones write more often
UNDO_SHARE = 0.25  # of the person's presses, when the rules allow an undo
PAD = 701  # the person's fake SDL instance id: no real controller is needed
STARTUP_TIMEOUT_S = 60.0  # a run must reach its first autosave write by then (a loaded machine)
EARLY_KILLS, EARLY_DELAY_S = 0.2, 0.002  # this share of kills comes within 2 ms
PROGRESS_EVERY, PROGRESS_WRITES = 4, 2  # every 4th run is killed after its 2nd completed write
AUTOSAVE = "autosave.json"  # the name store.autosave_path() gives it in each home
SHOWN_PROBLEMS = 20  # a broken journal fails every later kill of its chain too
PRELOAD = ["pygame", "game.scenes", "game.scenes.game", "game.ui.app", "game.engine.journal"]
BUTTON_A, BUTTON_Y = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_Y
DOWN, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
DPAD = (pygame.CONTROLLER_BUTTON_DPAD_UP, DOWN, pygame.CONTROLLER_BUTTON_DPAD_LEFT, RIGHT)
# The chains run on threads, and multiprocessing is not thread-safe there: Process.start() polls
# every child (also another chain's), and two polls of one forkserver child race for its exit
# status; the loser reads EOF and records exit code 255. Every start, poll and join holds this.
PROCESS_TABLE = threading.Lock()


# -- the child: one run of the real app --------------------------------------------------------
class Reporter:
    """Appends report lines, each in one write, so a kill can only tear the last one."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def line(self, text: str) -> None:
        """Append one line."""
        os.write(self._fd, (text + "\n").encode())


def history_digest(history: Sequence) -> str:
    """A digest of a history as the journal saves it."""
    text = json.dumps([entry_json(player, action) for player, action in history])
    return hashlib.sha1(text.encode()).hexdigest()


def observe_autosave(reporter: Reporter) -> None:
    """Report every autosave change before and after it goes to the journal (child only)."""
    start, follow, clear = Journal.start.__func__, Journal.follow, store.clear_autosave

    def begin(kind: str, history: Sequence | None) -> None:
        saved = "" if history is None else f" {len(history)} {history_digest(history)}"
        reporter.line(f"begin {kind}{saved}")

    def observed_start(cls, path, match, meta=None, changes=()):
        begin("start", match.history)
        journal = start(cls, path, match, meta, changes)
        reporter.line("done")
        return journal

    def observed_follow(self, history):
        begin("follow", history)
        follow(self, history)
        reporter.line("done")

    def observed_clear():
        begin("clear", None)
        clear()
        reporter.line("done")

    Journal.start = classmethod(observed_start)
    Journal.follow = observed_follow
    store.clear_autosave = observed_clear


class Pilot:
    """The person on seat 0: at most one gamepad press per frame, chosen from what the screen
    shows (menus to reach the game, then moves, wandering focus and undos); never an engine call."""

    def __init__(self, game_id: str, rng: random.Random) -> None:
        self.game_id, self.rng = game_id, rng
        self.wait = 0  # frames to idle before the next press

    def frame(self, app: App) -> list[pygame.event.Event]:
        """This frame's synthetic controller events: one press and release, or none."""
        if self.wait:
            self.wait -= 1
            return []
        button = self._button(app.stack.top)
        if button is None:
            return []
        return [pygame.event.Event(kind, instance_id=PAD, button=button)
                for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)]

    def _button(self, scene: Any) -> int | None:
        if isinstance(scene, GameScene):
            return self._move(scene)
        if isinstance(scene, GameSelectScene) and scene.focused_key != self.game_id:
            return RIGHT  # the picker's cards in reading order
        if isinstance(scene, SeatSetupScene):
            return self._seat_setup(scene)
        return BUTTON_A  # title: Continue or New game; select: this game; results: play again

    @staticmethod
    def _seat_setup(scene: SeatSetupScene) -> int:
        """Claim seat 1, make seat 2 a bot if it is empty, then Start."""
        if scene.seats[0] is None or not scene.seats[0].human:
            return BUTTON_A
        if len(scene.chosen()) < 2:
            return RIGHT if scene.focus == 1 else DOWN
        return BUTTON_A if scene.focus == "start" else DOWN

    def _move(self, game: GameScene) -> int | None:
        """When seat 0 may act: mostly confirm, sometimes wander the focus or take a step back."""
        if game.finished or game.match.prompt_for(0) is None or game.seat_busy(0):
            return None
        self.wait = self.rng.randrange(8)
        roll = self.rng.random()
        if roll < UNDO_SHARE and game.can_undo():
            return BUTTON_Y
        return self.rng.choice(DPAD) if roll < 0.5 else BUTTON_A


def play(home: str, report: str, game_id: str, speed: str, seed: int) -> None:
    """One run (the child process): the app's frame loop with the pilot, until it is killed."""
    try:
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        os.environ[store.HOME_ENV] = home
        observe_autosave(Reporter(Path(report)))
        app = App(scene_registry(), windowed=(480, 270),
                  settings=store.Settings(animation_speed=speed))
        pilot = Pilot(game_id, random.Random(seed))
        pacer, dt = FramePacer(FPS), 1 / FPS
        while app.running:  # App.loop, with the pilot's presses added to the SDL events
            app.step(pygame.event.get() + pilot.frame(app), dt)
            dt = pacer.wait(app.resting)
        raise RuntimeError("the app stopped by itself")
    except BaseException:
        Path(report).with_suffix(".crash").write_text(traceback.format_exc())
        raise


# -- the parent: kill, load, check ---------------------------------------------------------------
Saved = tuple[int, str] | None  # (history length, digest) of an autosave; None: no autosave


@dataclass
class Write:
    """One autosave change a run reported: its kind, the save it leads to, whether it finished."""

    kind: str
    saved: Saved
    done: bool = False


def read_report(path: Path) -> list[Write]:
    """The run's autosave changes; a torn last line (the kill) is ignored."""
    writes: list[Write] = []
    for line in path.read_text().split("\n")[:-1]:
        word, *rest = line.split()
        if word == "done":
            writes[-1].done = True
        elif rest[0] == "clear":
            writes.append(Write("clear", None))
        else:
            writes.append(Write(rest[0], (int(rest[1]), rest[2])))
    return writes


def load_as_continue(home: Path) -> Saved:
    """What Continue would find: the loaded journal's length and digest (SaveError if broken)."""
    path = home / AUTOSAVE
    if not path.exists():
        return None
    match, meta = load_journal(path, rules_for)  # replays every action through the rules
    seats = meta.get("seats")
    if not isinstance(seats, list) or len(seats) != match.config.players:
        raise SaveError(f"{path}: the seat table did not survive")
    return len(match.history), history_digest(match.history)


@dataclass
class Kill:
    """What one kill found."""

    game_id: str
    saved: Saved  # the autosave after the kill
    in_flight: str | None  # the kind of write the kill interrupted
    writes: int  # autosave changes the run completed
    undos: int  # of which undos (the history got shorter)
    temps: int  # temporary files the kill left (allowed inside a journal start)
    lost: int  # completed actions missing from the autosave
    problems: list[str]


def check_kill(game_id: str, home: Path, before: Saved, writes: list[Write]) -> Kill:
    """Compare the autosave after a kill with what the run reported."""
    expected, problems = before, []
    for write in writes[:-1]:
        if not write.done:
            problems.append(f"a {write.kind} write never finished (a disk error?)")
    done = [w for w in writes if w.done]
    if done:
        expected = done[-1].saved
    interrupted = writes[-1] if writes and not writes[-1].done else None
    try:
        saved = load_as_continue(home)
    except SaveError as exc:
        saved, problems = expected, [*problems, f"the autosave does not load: {exc}"]
    lost = 0
    if saved != expected and (interrupted is None or saved != interrupted.saved):
        lost = max(1, (expected or (0, ""))[0] - (saved or (0, ""))[0])
        problems.append(f"autosave {saved}, expected {expected} or {interrupted}")
    temps = sorted(p.name for p in home.glob("*.tmp"))
    problems += litter(home, temps, interrupted)
    return Kill(game_id, saved, interrupted and interrupted.kind, len(done), undos(before, done),
                len(temps), lost, problems)


def undos(before: Saved, done: list[Write]) -> int:
    """How many of the completed writes shortened the history (the person pressed undo)."""
    lengths = [(s or (0,))[0] for s in [before, *(w.saved for w in done)]]
    return sum(w.kind == "follow" and new < old
               for w, old, new in zip(done, lengths[:-1], lengths[1:], strict=True))


def litter(home: Path, temps: list[str], interrupted: Write | None) -> list[str]:
    """Problems with leftover files: one temporary file at most, only from a journal start the
    kill cut short (the next start clears it), and never a save moved aside as broken."""
    allowed = 1 if interrupted is not None and interrupted.kind == "start" else 0
    problems = [f"temporary files left: {temps}"] if len(temps) > allowed else []
    moved = sorted(p.name for p in home.glob("autosave.corrupt-*"))
    return problems + ([f"Continue found a broken save: {moved}"] if moved else [])


def run_once(context: Any, game_id: str, run_dir: Path, home: Path, rng: random.Random,
             max_delay: float, writes: int = 1) -> list[Write]:
    """Start one run, kill -9 it a random time after its `writes`-th completed autosave write,
    read its report."""
    report = run_dir / "report.log"
    child = context.Process(target=play, daemon=True, args=(
        str(home), str(report), game_id, rng.choice(SPEEDS), rng.randrange(2**31)))
    with PROCESS_TABLE:
        child.start()
    try:
        wait_for_writes(child, report, writes)
        # Some kills right away, to land inside the journal start that Continue makes.
        early = rng.random() < EARLY_KILLS
        time.sleep(rng.uniform(0, EARLY_DELAY_S if early else max_delay))
    finally:
        child.kill()  # SIGKILL: no clean-up, no flush, no atexit
        with PROCESS_TABLE:
            child.join(30)
    crash = report.with_suffix(".crash")
    if child.exitcode != -signal.SIGKILL or crash.exists():
        text = crash.read_text() if crash.exists() else f"exit code {child.exitcode}"
        raise RuntimeError(f"{game_id} run {run_dir.name} ended before the kill:\n{text}")
    return read_report(report)


def wait_for_writes(child: Any, report: Path, writes: int) -> None:
    """Block until the run reports `writes` completed autosave writes (the first one: as soon
    as it starts), or stops, or times out."""
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while not written(report, writes):
        with PROCESS_TABLE:
            alive = child.is_alive()
        if not alive or time.monotonic() > deadline:
            return  # run_once reports why
        time.sleep(0.0005)


def written(report: Path, writes: int) -> bool:
    """True once the report shows `writes` writes (the first: begun; later ones: completed)."""
    if not (report.exists() and report.stat().st_size):
        return False
    lines = report.read_text().split("\n")[:-1]  # a torn last line is not a write yet
    return writes <= 1 or sum(line.startswith("done") for line in lines) >= writes


def kill_chain(context: Any, game_id: str, root: Path, kills: int, seed: int,
               max_delay: float) -> list[Kill]:
    """`kills` runs of one game in one home, each killed and checked, each continuing the last."""
    rng = random.Random(f"{seed}:{game_id}")
    home = root / game_id / "home"
    home.mkdir(parents=True)
    saved: Saved = None
    results = []
    for number in range(kills):
        run_dir = root / game_id / f"run{number:04}"
        run_dir.mkdir()
        # Every few runs waits for a move to be saved first, so a chain plays on even when
        # a loaded machine starts each run slower than the random delay.
        wait = PROGRESS_WRITES if number % PROGRESS_EVERY == PROGRESS_EVERY - 1 else 1
        writes = run_once(context, game_id, run_dir, home, rng, max_delay, wait)
        results.append(check_kill(game_id, home, saved, writes))
        saved = results[-1].saved
    return results


def kill_runs(root: Path, kills: int, max_delay: float, seed: int) -> list[Kill]:
    """`kills` kills spread over the three games (their chains side by side)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    shares = [kills // len(GAMES) + (i < kills % len(GAMES)) for i in range(len(GAMES))]
    with ThreadPoolExecutor(len(GAMES)) as pool:
        chains = pool.map(lambda game, share: kill_chain(context, game, root, share, seed,
                                                         max_delay), GAMES, shares)
        return [kill for chain in chains for kill in chain]


def summary(kills: list[Kill], seconds: float) -> str:
    """The figures of a kill run, one line each, then the problems found."""
    per_game = {g: sum(k.game_id == g for k in kills) for g in GAMES}
    writes, undone = sum(k.writes for k in kills), sum(k.undos for k in kills)
    interrupted = Counter(k.in_flight for k in kills if k.in_flight)
    temps = sum(k.temps for k in kills)
    longest = {g: max((k.saved or (0,))[0] for k in kills if k.game_id == g) for g in GAMES}
    problems = [f"{k.game_id}: {p}" for k in kills for p in k.problems]
    return "\n".join([
        f"kills: {len(kills)} in {seconds:.1f} s {per_game}",
        f"completed actions lost: {sum(k.lost for k in kills)}",
        f"autosave writes completed before the kills: {writes} (undos: {undone})",
        f"kills inside an autosave write: {sum(interrupted.values())} {dict(interrupted)}",
        f"temporary files left by kills (each cleared by the next start): {temps}",
        f"longest history in an autosave: {longest}",
        f"problems: {len(problems)}", *problems[:SHOWN_PROBLEMS]])


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: kill the app --kills times; exit 1 if an action was lost."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--max-delay", type=float, default=1.0,
                        help="seconds after a run's first autosave write, at most, to kill it")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kill-app-") as root:
        kills = kill_runs(Path(root), args.kills, args.max_delay, args.seed)
    print(f"seed: {args.seed}")
    print(summary(kills, time.perf_counter() - started))
    return 1 if any(k.problems for k in kills) else 0


if __name__ == "__main__":
    sys.exit(main())
