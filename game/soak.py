"""Soak test: `python -m game.soak --minutes N [--report-after M]` runs attract mode (demo games
of every listed game, one after another) on the dummy video driver for N minutes of wall time
and prints frames, demos completed, exceptions and resident memory (RSS) at the start, after the
first M minutes (default 5) and at the end. RSS is given twice: now (with whatever the running
demo holds, which differs from game to game) and right after the last release between demos
(`game.ui.memory`), when no demo is held: the growth of that one is what a kiosk leaks. Each
checkpoint names the demo on screen, and the end lists, per game, the peak RSS of each of its
demos: a game whose later demos peak higher than its first ones would be leaking inside a demo.

A "warm" checkpoint marks the first release between demos after every game has been shown once
(the end of attract mode's first round: `attract.Rotation`): before it, RSS grows by what a
kiosk loads once (each game's modules, levels, fixed caches) and by what each game's first demo
leaves its allocators (French Quarter's first demo, measured: +6 MiB of Python's small-object
arenas and C heap pages kept after the release, while fewer Python bytes and less C heap were in
use than before it; later demos of any game reuse them), so the growth between demos after it is
the clearest measure of a leak.

Frames advance a fake 1/60 s clock as fast as the machine allows (bots still think on their
worker thread), so an hour of soak plays more demos than an hour in a shop window. Settings and
saves go to a temporary home: a soak never touches the player's files. An exception in a demo
is counted, printed and the soak starts a fresh attract scene, as the kiosk would.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ui.memory import rss_bytes

FRAME_DT = 1 / 60
MIB = 1024 * 1024
PEAK_SAMPLE_FRAMES = 30  # RSS is read twice a game second for the demos' peaks (a /proc read)


@dataclass
class Checkpoint:
    """The soak's counters at one moment."""

    label: str
    seconds: float
    frames: int
    demos: int
    exceptions: int
    rss: int
    rss_between_demos: int = 0  # right after the last release between demos (0: none yet)
    showing: str = ""  # the game whose demo is on screen ("" between demos)

    def line(self) -> str:
        """One printable line."""
        between = (f" (between demos {self.rss_between_demos / MIB:.1f})"
                   if self.rss_between_demos else "")
        showing = f" [{self.showing}]" if self.showing else ""
        return (f"{self.label:<10} {self.seconds:8.0f} s {self.frames:>9} frames "
                f"{self.demos:>5} demos {self.exceptions:>3} exceptions "
                f"RSS {self.rss / MIB:7.1f} MiB{between}{showing}")


@dataclass
class DemoPeak:
    """The highest RSS seen while one demo was on screen (its board or its results)."""

    game_id: str
    started: float  # seconds into the soak
    rss: int = 0


@dataclass
class SoakReport:
    """What a soak saw: checkpoints in order, and each exception's traceback."""

    checkpoints: list[Checkpoint] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    peaks: list[DemoPeak] = field(default_factory=list)  # one per demo, in order

    def peak_lines(self) -> list[str]:
        """Per game: the peak RSS of its first and last demo, and the range over all."""
        lines = []
        for game_id in sorted({peak.game_id for peak in self.peaks}):
            mib = [peak.rss / MIB for peak in self.peaks if peak.game_id == game_id]
            lines.append(f"{game_id:<22} {len(mib):>3} demos, peak RSS first {mib[0]:6.1f} "
                         f"last {mib[-1]:6.1f} (range {min(mib):.1f}-{max(mib):.1f}) MiB")
        return lines

    def growth_after(self, label: str) -> float:
        """RSS growth in MiB from the checkpoint `label` to the last one."""
        start = next(c for c in self.checkpoints if c.label == label)
        return (self.checkpoints[-1].rss - start.rss) / MIB

    def growth_between_demos_after(self, label: str) -> float | None:
        """Growth in MiB of the RSS between demos from checkpoint `label` to the last one (None
        when `label` came before the first release)."""
        start = next(c for c in self.checkpoints if c.label == label)
        if not start.rss_between_demos:
            return None
        return (self.checkpoints[-1].rss_between_demos - start.rss_between_demos) / MIB


class Soak:
    """A headless App kept in attract mode; `run` steps it and records checkpoints."""

    def __init__(self, seed: int | None = None) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.scenes import scene_registry
        from game.ui.app import App
        from game.ui.settings import Settings

        self.seed = seed
        # The longest idle choice: a recovery that lands on the title starts demos again soon.
        self.app = App(scene_registry(), windowed=(320, 180), persist=False,
                       settings=Settings(attract_idle=30))
        self.report = SoakReport()
        self.frames = 0
        self.exceptions = 0
        self.demos_before = 0  # demos finished by attract scenes replaced after an exception
        self.rss_before = 0  # RSS after the last release by a replaced attract scene
        self._demo_key: tuple[int, int] | None = None  # (attract scene, demo number) on screen
        self._echo: Callable[[Checkpoint], Any] = lambda c: None
        self.warm = False  # every game has had a demo and been released once
        self.started = time.perf_counter()  # `run` starts the clock again
        self._attract()

    def _attract(self) -> None:
        self.app.stack.reset(self.app.open("attract", seed=self.seed))
        self.app.stack.apply()

    def demos(self) -> int:
        """Demos played to the end so far."""
        return self.demos_before + getattr(self.app.stack.top, "demos_finished", 0)

    def rss_between_demos(self) -> int:
        """RSS right after the last release between demos (0 before the first)."""
        return getattr(self.app.stack.top, "rss_after_release", 0) or self.rss_before

    def showing(self) -> str:
        """The game whose demo (or its results) is on screen; "" when none is."""
        top = self.app.stack.top
        plan = getattr(top, "plan", None)
        return plan.game_id if plan is not None and getattr(top, "showing", None) else ""

    def note_peak(self) -> None:
        """Raise the running demo's peak RSS to now (a new demo starts a new peak)."""
        game_id = self.showing()
        if not game_id:
            return
        key = (id(self.app.stack.top), self.app.stack.top.demos_started)
        if key != self._demo_key:
            self._demo_key = key
            self.check_warm()
            self.report.peaks.append(DemoPeak(game_id, time.perf_counter() - self.started))
        peak = self.report.peaks[-1]
        peak.rss = max(peak.rss, rss_bytes())

    def check_warm(self) -> None:
        """Checkpoint "warm" the first time every game has been shown (called as a demo
        starts, right after the release of the one before it)."""
        from game.scenes.attract import demo_games

        if self.warm:
            return
        if {peak.game_id for peak in self.report.peaks} >= set(demo_games()):
            self.warm = True
            self._echo(self.checkpoint("warm"))

    def step(self) -> None:
        """One frame; an exception is counted and attract mode starts over."""
        try:
            self.app.step([], FRAME_DT, present=False)
        except Exception:  # noqa: BLE001 - counted and reported: the soak's whole point
            self.exceptions += 1
            self.report.errors.append(traceback.format_exc())
            self.demos_before = self.demos()
            self.rss_before = self.rss_between_demos()
            self.app.stack = type(self.app.stack)()
            self._attract()
        self.frames += 1
        if self.frames % PEAK_SAMPLE_FRAMES == 0:
            self.note_peak()

    def checkpoint(self, label: str) -> Checkpoint:
        """Record (and return) the counters now."""
        point = Checkpoint(label, time.perf_counter() - self.started, self.frames, self.demos(),
                           self.exceptions, rss_bytes(), self.rss_between_demos(),
                           self.showing())
        self.report.checkpoints.append(point)
        return point

    def run(self, seconds: float, report_after: float,
            echo: Callable[[Checkpoint], Any] = lambda c: None,
            every: float | None = None) -> SoakReport:
        """Step for `seconds` of wall time; checkpoints at the start, after `report_after`
        seconds (when shorter than the run), then every `every` seconds after that (if given:
        the trend between two runs of different lengths compares) and at the end, each passed
        to `echo`."""
        self.started = time.perf_counter()
        self._echo = echo
        echo(self.checkpoint("start"))
        marks = [(f"after {report_after:g}s", report_after)] if report_after < seconds else []
        if marks and every:
            count = int((seconds - report_after) // every)
            marks += [(f"at {report_after + k * every:g}s", report_after + k * every)
                      for k in range(1, count + 1) if report_after + k * every < seconds]
        deadline = self.started + seconds
        while time.perf_counter() < deadline:
            self.step()
            if marks and time.perf_counter() - self.started >= marks[0][1]:
                echo(self.checkpoint(marks.pop(0)[0]))
        self.note_peak()  # a demo started since the last sample has its peak too
        echo(self.checkpoint("end"))
        return self.report

    def close(self) -> None:
        """Let the scenes leave (bot workers stop)."""
        for scene in reversed(self.app.stack.scenes):
            scene.exit()


def main(argv: list[str] | None = None) -> int:
    """Run the soak and print its checkpoints; exit 1 if any exception happened."""
    parser = argparse.ArgumentParser(prog="python -m game.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="wall time to run")
    parser.add_argument("--report-after", type=float, default=5.0, metavar="M",
                        help="also report after M minutes (RSS growth is measured from there)")
    parser.add_argument("--every", type=float, default=5.0, metavar="E",
                        help="and every E minutes after that (0: not)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the demo rotation")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="soak-") as home:
        os.environ["CITY_BOARD_CONSOLE_HOME"] = home
        soak = Soak(args.seed)
        report = soak.run(args.minutes * 60, args.report_after * 60,
                          lambda c: print(c.line(), flush=True), every=args.every * 60)
        soak.close()
    for error in report.errors:
        print(error, file=sys.stderr)
    print("Peak RSS of each demo, per game:")
    for line in report.peak_lines():
        print(f"  {line}")
    base = next((point.label for point in report.checkpoints[1:-1]
                 if point.label.startswith("after")), "start")
    print(f"RSS growth since {base}: {report.growth_after(base):+.1f} MiB")
    for label in (base, "warm"):
        if not any(point.label == label for point in report.checkpoints):
            continue
        between = report.growth_between_demos_after(label)
        if between is not None:
            print(f"RSS between demos, growth since {label}: {between:+.1f} MiB")
    return 1 if report.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
