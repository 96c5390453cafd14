"""Benchmarks: `python -m game.bench [--json] [--quick] [--games ID,...]`.

Per game: frame time of the real GameScene at 1920x1080 on the dummy video driver while bots play
(p50/p99/max ms), random playouts per second straight on the rules, and GreedyBot decision time
(p50/p95 ms). Once: wall time from `python main.py --first-frame-exit` to exit (median), and the
peak resident memory of this process and its children. Timing lives here, never in unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TABLE_HEAD = f"{'game':<24}{'frame ms p50/p99/max':>26}{'playouts/s':>13}{'bot ms p50/p95':>18}"


@dataclass(frozen=True)
class Plan:
    """How long each measurement runs."""

    frames: int  # frames of a bot game to time
    playout_seconds: float  # random playouts run at least this long
    bot_games: int  # greedy games whose decisions are timed
    startup_runs: int  # start-ups to take the median of


FULL = Plan(frames=3000, playout_seconds=2.0, bot_games=5, startup_runs=3)
QUICK = Plan(frames=60, playout_seconds=0.25, bot_games=1, startup_runs=1)


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


def bench_frames(game_id: str, frames: int) -> dict[str, float]:
    """Frame time of the game scene while bots play (pygame loads here, on the dummy driver)."""
    from game.ui.snapshot import frame_times

    times = frame_times(game_id, seats_for(game_id), seed=1, max_frames=frames)
    return {
        "p50": round(percentile(times, 50), 3),
        "p99": round(percentile(times, 99), 3),
        "max": round(max(times, default=0.0), 3),
    }


def bench_playouts(game_id: str, seconds: float) -> float:
    """Random playouts per second on the bare rules (no Match bookkeeping)."""
    from game.engine.bots import random_playout
    from game.engine.core import Config
    from game.engine.registry import rules_for

    rules, config = rules_for(game_id), Config(seats_for(game_id))
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds or count == 0:
        random_playout(rules, config, random.Random(count))
        count += 1
    return round(count / elapsed, 1)


@dataclass
class TimedBot:
    """Wraps a bot and records how long each real decision (two or more options) takes."""

    bot: Any
    times: list[float] = field(default_factory=list)

    def choose(self, rules: Any, view: Any, prompt: Any) -> Any:
        """Delegate and time."""
        started = time.perf_counter()
        action = self.bot.choose(rules, view, prompt)
        if len(prompt.options) > 1:  # forced moves would flatter the median
            self.times.append((time.perf_counter() - started) * 1000)
        return action


def bench_bots(game_id: str, games: int) -> dict[str, float]:
    """GreedyBot decision times over whole greedy-bot games."""
    from game.engine.bots import make_bot, play_out
    from game.engine.core import Config
    from game.engine.match import Match
    from game.engine.registry import rules_for

    seats, times = seats_for(game_id), []
    for game in range(games):
        bots = {s: TimedBot(make_bot("greedy", game_id, game * 10 + s)) for s in range(seats)}
        play_out(Match(rules_for(game_id), Config(seats), game), bots)
        times.extend(t for bot in bots.values() for t in bot.times)
    return {"p50": round(percentile(times, 50), 3), "p95": round(percentile(times, 95), 3)}


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


def run(game_ids: list[str], plan: Plan, progress: bool) -> dict[str, Any]:
    """Every measurement, as the JSON report."""
    report: dict[str, Any] = {}
    for game_id in game_ids:
        if progress:
            print(f"benchmarking {game_id}...", file=sys.stderr)
        report[game_id] = {
            "frame_ms": bench_frames(game_id, plan.frames),
            "playouts_per_s": bench_playouts(game_id, plan.playout_seconds),
            "bot_ms": bench_bots(game_id, plan.bot_games),
        }
    report["startup_s"] = bench_startup(plan.startup_runs)
    report["peak_rss_mb"] = peak_rss_mb()
    return report


def table(report: dict[str, Any], plan: Plan) -> str:
    """The human-readable report."""
    lines = [TABLE_HEAD]
    for game_id, r in report.items():
        if not isinstance(r, dict):
            continue
        f, b = r["frame_ms"], r["bot_ms"]
        frames = f"{f['p50']:.2f} / {f['p99']:.2f} / {f['max']:.2f}"
        bots = f"{b['p50']:.2f} / {b['p95']:.2f}"
        lines.append(f"{game_id:<24}{frames:>26}{r['playouts_per_s']:>13.1f}{bots:>18}")
    lines.append(f"start-up to first title frame: {report['startup_s']:.3f} s")
    lines.append(f"  (median of {plan.startup_runs} runs of main.py --first-frame-exit)")
    lines.append(f"peak memory (this process or a child): {report['peak_rss_mb']:.1f} MB")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="python -m game.bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="a short run (for tests)")
    parser.add_argument("--games", metavar="ID,...", help="only these game ids")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the report."""
    args = parse_args(argv)
    # Comparable numbers need the same driver everywhere; pygame reads these when it starts.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.engine.registry import game_ids

    chosen = args.games.split(",") if args.games else game_ids()
    unknown = [g for g in chosen if g not in game_ids()]
    if unknown:
        print(f"game.bench: error: unknown game id {unknown[0]!r}", file=sys.stderr)
        return 2
    plan = QUICK if args.quick else FULL
    report = run(chosen, plan, progress=not args.json)
    print(json.dumps(report) if args.json else table(report, plan))
    return 0


if __name__ == "__main__":
    sys.exit(main())
