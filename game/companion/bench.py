"""The phones' benchmark row (game.bench): four phones play Ticket to Ride over loopback.

The console runs here: a real App on the dummy video driver with the companion listening on
127.0.0.1, a Ticket to Ride game whose four seats are held by phones, the frame loop paced at
60 frames a second as the real loop is. The phones run in a child process
(game.companion.loadphones), so their memory and CPU are not the console's. Measured:
- tap to TV frame: from the moment a phone is told to tap (its seat's first option, on the
  view it was last sent) to the end of the first frame drawn after the engine applied it;
- frame time: every App.step (phones' messages, update, draw) while the four are connected,
  wall and CPU time of the frame thread; each view is tapped THINK seconds after it is
  usable, a bot's pace in the other frame rows (the frame that applies a move costs most);
- the server's memory: resident set once the four phones hold their seats and have their
  views, minus before the companion started (aiohttp imported, the server thread, four
  connections, views built and sent); measured before the taps, so that what the game itself
  caches while it is played is not counted as the server's.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from typing import Any

from game.ui.pacing import sleep_until

TTR = "ticket_to_ride_paris"
PHONES = 4
PHONES_KEY = "phones"  # the report's key
FRAME = 1 / 60
THINK = 0.45  # seconds between a view arriving and its tap: a bot's pace in the frame rows


def bench_phones(taps: int, seed: int = 1) -> dict[str, Any]:
    """Tap latency (ms), frame time (ms) and the server's added memory (MB) with four phones."""
    import psutil

    app, game = _console(seed)
    process = psutil.Process()
    before = process.memory_info().rss
    assert app.companion.start(), "the companion server did not start"
    phones = subprocess.Popen(
        [sys.executable, "-m", "game.companion.loadphones", str(app.companion.port),
         app.companion.code, str(PHONES)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    inbox: queue.Queue[dict] = queue.Queue()
    threading.Thread(target=_read_lines, args=(phones.stdout, inbox), daemon=True).start()
    try:
        frames: list[tuple[float, float]] = []
        latest: dict[int, dict] = {}
        _step_until(app, frames, inbox, latest, lambda: len(latest) == PHONES)
        added = (process.memory_info().rss - before) / 2**20  # the game's own growth excluded
        latencies = [_tap(app, game, phones, frames, inbox, latest) for _ in range(taps)]
    finally:
        phones.stdin.close()
        phones.wait(10)
        app.companion.stop()
    return {"tap_ms": _stats(latencies, (50, 95, 100)),
            "frame_ms": _stats([wall for wall, _ in frames], (50, 99, 100)),
            "frame_cpu_ms": _stats([cpu for _, cpu in frames], (50, 99, 100)),
            "server_rss_mb": round(added, 1), "taps": len(latencies)}


def _console(seed: int) -> tuple[Any, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.scenes import scene_registry
    from game.scenes.game import GameScene
    from game.scenes.seating import SeatSpec
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App(scene_registry(), windowed=(320, 180), settings=Settings(), persist=False)
    app.companion.host, app.companion.port = "127.0.0.1", 0
    game = GameScene(app, TTR, [SeatSpec("human") for _ in range(PHONES)], seed)
    app.stack.push(game)
    app.stack.apply()
    for _ in range(3):  # fonts, layers and the first views: not the steady state measured
        app.step([], FRAME, present=False)
    return app, game


def _read_lines(stream: Any, inbox: queue.Queue[dict]) -> None:
    for line in stream:
        inbox.put(json.loads(line))


def _frame(app: Any, frames: list[tuple[float, float]], inbox: queue.Queue[dict],
           latest: dict[int, dict]) -> float:
    """One paced frame, timed; then note the newest view each phone received. When the frame
    was drawn (perf_counter seconds)."""
    started, cpu = time.perf_counter(), time.thread_time()
    app.step([], FRAME, present=False)
    drawn = time.perf_counter()
    spent = drawn - started
    frames.append((spent * 1000, (time.thread_time() - cpu) * 1000))
    while True:
        try:
            line = inbox.get_nowait()
        except queue.Empty:
            break
        if line["msg"].get("t") == "state":
            latest[line["seat"]] = line["msg"]
    sleep_until(started + FRAME)  # the rest of the frame, as the real loop waits it out
    return drawn


def _step_until(app: Any, frames: list[tuple[float, float]], inbox: queue.Queue[dict],
                latest: dict[int, dict], done: Any, limit: int = 1200) -> None:
    for _ in range(limit):
        if done():
            return
        _frame(app, frames, inbox, latest)
    raise RuntimeError("the phones' game stalled")


def _tap(app: Any, game: Any, phones: Any, frames: list[tuple[float, float]],
         inbox: queue.Queue[dict], latest: dict[int, dict]) -> float:
    """Wait until a phone's seat may answer on the view it holds; tap; ms to the TV frame."""
    def ready() -> bool:
        prompts = game.match.prompts()
        seat = prompts[0].player if prompts else None
        view = latest.get(seat) if seat is not None else None
        return (view is not None and view["options"] and view["version"] ==
                app.companion.version and not game.seat_busy(seat))

    _step_until(app, frames, inbox, latest, ready)
    for _ in range(round(THINK / FRAME)):  # a person reads the phone before tapping
        _frame(app, frames, inbox, latest)
    if not ready():  # (cannot happen: nothing moves while every seat waits for its phone)
        _step_until(app, frames, inbox, latest, ready)
    seat = game.match.prompts()[0].player
    played = len(game.match.history)
    started = time.perf_counter()
    order = {"t": "choose", "version": latest[seat]["version"], "option": 0}
    phones.stdin.write(json.dumps({"seat": seat, "msg": order}) + "\n")
    for _ in range(600):
        drawn = _frame(app, frames, inbox, latest)
        if len(game.match.history) > played:  # this frame drew the move
            return (drawn - started) * 1000
    raise RuntimeError("a phone's tap was never applied")


def _stats(values: list[float], quantiles: tuple[int, ...]) -> dict[str, float]:
    ordered = sorted(values)
    names = {100: "max"}
    return {names.get(q, f"p{q}"): round(ordered[min(len(ordered) - 1,
                                                      int(len(ordered) * q / 100))], 2)
            for q in quantiles}


def phone_line(r: dict[str, Any]) -> str:
    """The benchmark table's row."""
    tap, frame, cpu = r["tap_ms"], r["frame_ms"], r["frame_cpu_ms"]
    return (f"phones (4 on loopback, {TTR})  tap to TV frame ms p50/p95/max "
            f"{tap['p50']:.1f} / {tap['p95']:.1f} / {tap['max']:.1f}; frame ms p50/p99/max "
            f"{frame['p50']:.2f} / {frame['p99']:.2f} / {frame['max']:.2f} (cpu "
            f"{cpu['p50']:.2f} / {cpu['p99']:.2f} / {cpu['max']:.2f}); "
            f"server +{r['server_rss_mb']:.1f} MB RSS ({r['taps']} taps)")


if __name__ == "__main__":
    print(phone_line(bench_phones(int(sys.argv[1]) if len(sys.argv) > 1 else 40)))
