"""The picker's refresh frame, timed: `python -m game.scenes.picker_bench [--refreshes N]`.

Every REFRESH_SECONDS the focused game's miniature is redrawn on the frame loop (the room's
renderer at full size inside `textless`, game.ui.miniature). This times that frame (a whole
`App.step` on the dummy driver, CPU time of the frame loop's thread) and the frames right after
it, against the picker's usual frames, for each game's card in turn. `game.bench` reports it as
its "picker refresh" row.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

AFTER = 5  # frames timed right after a refresh frame
BETWEEN = 20  # usual frames timed between refreshes
WAIT_S = 60.0  # the showcase bots' head start may take this long on a loaded machine


def _timed_step(app: Any) -> float:
    """One frame's CPU ms (the frame loop's thread: the bots' worker is not counted)."""
    started = time.thread_time()
    app.step([], 1 / 60)
    return (time.thread_time() - started) * 1000


def _wait(app: Any, done: Any) -> None:
    """Frames (untimed) until `done()`, the bots' worker playing meanwhile."""
    deadline = time.monotonic() + WAIT_S
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError("the picker's miniatures did not come in")
        app.step([], 1 / 60)
        time.sleep(0.005)


def _one_refresh(app: Any, picker: Any) -> tuple[float, list[float], list[float]]:
    """(refresh frame ms, the frames after it, usual frames before it) on the focused card."""
    studio = picker.studio
    usual = [_timed_step(app) for _ in range(BETWEEN)]
    mini = studio.minis[picker.focused_key]
    studio.since_refresh = studio.refresh  # due now: this frame sends the bots one step on
    app.step([], 0.0)
    while mini.job is not None and not mini.job.done():  # the bots step off the frame loop
        time.sleep(0.002)
    refresh = _timed_step(app)  # collects the step and redraws the miniature
    if not mini.drawn:
        raise RuntimeError(f"{mini.game_id}: the refresh frame drew no miniature")
    return refresh, [_timed_step(app) for _ in range(AFTER)], usual


def picker_refresh_times(refreshes: int) -> dict[str, list[float]]:
    """CPU ms of refresh frames, the frames after them and usual frames, cycling the cards."""
    import pygame

    from game.scenes import scene_registry
    from game.scenes.select import GameSelectScene
    from game.ui.app import App
    from game.ui.board_api import CANVAS_SIZE
    from game.ui.settings import Settings

    app = App(scene_registry(), windowed=CANVAS_SIZE, settings=Settings(), persist=False)
    picker = GameSelectScene(app)
    app.stack.reset(picker)
    app.stack.apply()
    studio = picker.studio
    ids = [gid for gid in studio.minis]
    times: dict[str, list[float]] = {"refresh": [], "after": [], "usual": []}
    try:
        _wait(app, studio.ready)
        for i in range(refreshes):
            picker.focus_game(ids[i % len(ids)])
            refresh, after, usual = _one_refresh(app, picker)
            times["refresh"].append(refresh)
            times["after"] += after
            times["usual"] += usual
    finally:
        picker.exit()
        pygame.display.quit()
    return times


def _stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 2),
            "max": round(ordered[-1], 2), "mean": round(statistics.fmean(ordered), 2)}


def bench_picker(refreshes: int) -> dict[str, Any]:
    """The bench row: refresh, after and usual frame CPU ms (p50/mean/max) and its table line."""
    times = picker_refresh_times(refreshes)
    row: dict[str, Any] = {kind: _stats(values) for kind, values in times.items()}
    row["line"] = (f"cpu ms p50/mean/max: refresh frame {_trio(row['refresh'])}; next {AFTER} "
                   f"frames {_trio(row['after'])}; usual frames {_trio(row['usual'])} "
                   f"[{refreshes} refreshes]")
    return row


def _trio(stats: dict[str, float]) -> str:
    return f"{stats['p50']:.1f} / {stats['mean']:.1f} / {stats['max']:.1f}"


def main(argv: list[str] | None = None) -> int:
    """Time the refreshes and print the line (or JSON)."""
    import os

    parser = argparse.ArgumentParser(prog="python -m game.scenes.picker_bench",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--refreshes", type=int, default=15, help="refresh frames to time")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    row = bench_picker(args.refreshes)
    print(json.dumps(row) if args.json else f"picker refresh  {row['line']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
