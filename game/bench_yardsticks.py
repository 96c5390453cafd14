"""The benchmark's yardsticks (`game.bench`): a fixed pure-Python loop for engine and bot
figures, and one full-screen fill + blit for frames, timed back to back and paced (one per
frame interval, as the frames are). Figures set against them compare across runs and machines."""

from __future__ import annotations

import os
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

REFERENCE_RUNS = 5  # the yardstick loop is timed this many times at the start and at the end
FILL_BLIT_RUNS = 120  # full-screen fill + blit repetitions for the frame yardstick
PACED_FILL_RUNS = 60  # the same, one per frame interval (paced as the frames are): 1 s each end
SAMPLE_RUNS = 30  # fill + blit timings back to back before each round of frames (`sample`)
PACED_SAMPLE_RUNS = 15  # and paced: a quarter of a second
FRAME_S = 1 / 60  # the frame interval the bench paces frames (and the paced yardstick) at


def reference_work() -> int:
    """The yardstick: a fixed piece of pure-Python work of the kind an engine does (tuples as
    dict keys, small sorted lists, a seeded random stream); never change it, or old ratios stop
    comparing."""
    rng = random.Random(12345)
    table: dict[tuple[int, int], int] = {}
    total = 0
    for i in range(20_000):
        key = (i % 97, i % 13)
        table[key] = table.get(key, 0) + i
        hand = sorted(rng.randrange(100) for _ in range(8))
        total += hand[3]
    return total + len(table)


def time_reference(runs: int) -> list[float]:
    """CPU milliseconds of `reference_work`, once per run."""
    times = []
    for _ in range(runs):
        started = time.thread_time()
        reference_work()
        times.append((time.thread_time() - started) * 1000)
    return times


def time_fill_blit(runs: int, pace: bool = False) -> tuple[list[float], list[float]]:
    """Wall and CPU ms of one full-screen fill and one opaque full-screen blit on the 1920x1080
    canvas: what redrawing every pixel of a frame costs at the least. Back to back by default;
    `pace` sleeps a frame interval after each, as the timed frames do: a thread that slept
    finds its caches cold, which costs a frame (and a fill + blit) more than in a hot loop."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.board_api import CANVAS_SIZE
    from game.ui.pacing import FramePacer

    pygame.display.init()
    pygame.display.set_mode((320, 180))
    canvas = pygame.Surface(CANVAS_SIZE).convert()
    layer = pygame.Surface(CANVAS_SIZE).convert()
    layer.fill((40, 60, 80))
    walls, cpus = [], []
    pacer = FramePacer(1 / FRAME_S)
    for _ in range(runs):
        started, cpu_started = time.perf_counter(), time.thread_time()
        canvas.fill((0, 0, 0))
        canvas.blit(layer, (0, 0))
        cpus.append((time.thread_time() - cpu_started) * 1000)
        walls.append((time.perf_counter() - started) * 1000)
        if pace:
            pacer.wait()  # the rest of the frame, as the timed frames wait it out
    return walls, cpus


@dataclass
class Yardsticks:
    """The run's references: CPU ms of the reference loop and wall and CPU ms of a full-screen
    fill + blit, every timing of each (at the start and at the end of the run, and the fill +
    blit between rows of frames too: a machine busier at one time weighs less on the median)."""

    loop_cpu_ms: list[float]
    fill_walls: list[float]
    fill_cpus: list[float]
    paced_fill_cpus: list[float] = field(default_factory=list)

    @property
    def loop_ms(self) -> float:
        """The median CPU ms of one reference loop."""
        return statistics.median(self.loop_cpu_ms)

    @property
    def fill_blit_ms(self) -> float:
        """The median wall ms of one full-screen fill + blit."""
        return statistics.median(self.fill_walls)

    @property
    def fill_blit_cpu_ms(self) -> float:
        """The median CPU ms of one full-screen fill + blit."""
        return statistics.median(self.fill_cpus)

    @property
    def paced_fill_blit_cpu_ms(self) -> float:
        """The median CPU ms of one full-screen fill + blit timed as the frames are (one per
        frame interval), the like-for-like yardstick."""
        return statistics.median(self.paced_fill_cpus)

    def time_again(self, runs: int) -> None:
        """Time both references once more (the end of the run)."""
        self.loop_cpu_ms += time_reference(runs)
        self.time_fill(FILL_BLIT_RUNS, PACED_FILL_RUNS)

    def sample(self) -> None:
        """A few more fill + blit timings, both ways, between rows of frames: a machine that is
        busier in the middle of the run than at its ends shows in the yardstick too."""
        self.time_fill(SAMPLE_RUNS, PACED_SAMPLE_RUNS)

    def time_fill(self, runs: int, paced_runs: int) -> None:
        """Add `runs` fill + blit timings back to back and `paced_runs` paced ones."""
        walls, cpus = time_fill_blit(runs)
        self.fill_walls += walls
        self.fill_cpus += cpus
        self.paced_fill_cpus += time_fill_blit(paced_runs, pace=True)[1]

    def report(self) -> dict[str, Any]:
        """The `reference` entry of the JSON report."""
        return {"loop_cpu_ms": round(self.loop_ms, 3),
                "loop_cpu_ms_range": [round(min(self.loop_cpu_ms), 3),
                                      round(max(self.loop_cpu_ms), 3)],
                "fill_blit_ms": round(self.fill_blit_ms, 3),
                "fill_blit_cpu_ms": round(self.fill_blit_cpu_ms, 3),
                "paced_fill_blit_cpu_ms": round(self.paced_fill_blit_cpu_ms, 3)}


def yardsticks(runs: int) -> Yardsticks:
    """Time the references once (they are timed again at the end of the run)."""
    walls, cpus = time_fill_blit(FILL_BLIT_RUNS)
    paced = time_fill_blit(PACED_FILL_RUNS, pace=True)[1]
    return Yardsticks(time_reference(runs), walls, cpus, paced)
