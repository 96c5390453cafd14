"""The benchmark report's figure keys and its human-readable table (`python -m game.bench`)."""

from __future__ import annotations

from typing import Any

from game.companion.bench import PHONES_KEY, phone_line

FRAME_KINDS = ("idle", "animated")
BACK_TO_BACK = "_b2b"  # the keys of a seat count's frames run back to back (`app_frame_log`)
ROUNDS = "_p99_rounds"  # after a figure's key: its p99 in each round (the reading takes
# each frame's median over the rounds: game.bench.frame_by_frame)
MAX_ROUNDS = "_max_rounds"  # after a figure's key: its slowest frame in each round
SAME_FRAMES = "same_frames"  # (+ BACK_TO_BACK or not) a seat count's rounds played the same
# frames: if not, its figures are its middle round's (game.bench.middle_round)

GAME_W = 38  # the game column of the table ("urban_sprawl 4p late game, full board" fits)
TABLE_HEAD = (f"{'game':<{GAME_W}}{'frame ms p50/p99/max':>26}{'playouts/s':>13}"
              f"{'bot ms p50/p95':>18}")


def table(report: dict[str, Any], startup_runs: int) -> str:
    """The human-readable report (a split-screen row has frame times only)."""
    lines = [TABLE_HEAD]
    for game_id, r in report.items():
        if not isinstance(r, dict) or game_id == PHONES_KEY:
            continue
        if "line" in r:  # a room's own row (room_rows)
            lines.append(f"{game_id}  {r['line']}")
            continue
        if "frame_ms" not in r:
            continue
        lines += row_lines(game_id, r)
    lines += target_lines(report)
    ref = report["reference"]
    lines.append(f"references: loop {ref['loop_cpu_ms']:.2f} CPU ms (range "
                 f"{ref['loop_cpu_ms_range'][0]:.2f}-{ref['loop_cpu_ms_range'][1]:.2f}), "
                 f"full-screen fill + blit {ref['fill_blit_ms']:.3f} ms "
                 f"({ref['fill_blit_cpu_ms']:.3f} CPU; paced as the frames are "
                 f"{ref['paced_fill_blit_cpu_ms']:.3f} CPU)")
    if PHONES_KEY in report:
        lines.append(phone_line(report[PHONES_KEY]))
    lines.append(f"start-up to first title frame: {report['startup_s']:.3f} s")
    lines.append(f"  (median of {startup_runs} runs of main.py --first-frame-exit)")
    lines.append(f"peak memory (this process or a child): {report['peak_rss_mb']:.1f} MB")
    return "\n".join(lines)


# Issue 29's frame targets: p99 over a full-screen fill + blit timed in the same run
FRAME_TARGETS = {"idle": 0.5, "animated": 1.5}
# Like with like, both ways: each reading's keys' tag, and the ratio it is judged on (its key
# is kind + tag + ratio)
LIKE_WITH_LIKE = {"paced": ("", "_cpu_x_paced_fill"), "back to back": (BACK_TO_BACK, "_cpu_x_fill")}


def target_lines(report: dict[str, Any]) -> list[str]:
    """Per reading, how many seat counts meet both frame targets (each frame's median over the
    rounds; and in every round on its own, when there were several), and those that do not."""
    seat_rows = [(game_id, seats, k) for game_id, r in report.items()
                 if isinstance(r, dict) and r.get("by_seats")
                 for seats, k in r["by_seats"].items()]
    if not seat_rows:
        return []
    lines = []
    for reading, (tag, judged) in LIKE_WITH_LIKE.items():
        suffix = tag + judged
        over = [(game_id, seats, kind, ratio) for game_id, seats, k in seat_rows
                for kind, target in FRAME_TARGETS.items()
                if (ratio := k[kind + suffix]["p99"]) > target]
        met = len(seat_rows) - len({(game_id, seats) for game_id, seats, _, _ in over})
        missed = ", ".join(f"{game_id} {seats}p {kind} {ratio:.2f}"
                           for game_id, seats, kind, ratio in over)
        lines.append(f"frame targets (p99 idle <= {FRAME_TARGETS['idle']}x, animated <= "
                     f"{FRAME_TARGETS['animated']}x), {reading}: met in {met} of "
                     f"{len(seat_rows)} seat counts" + every_round(seat_rows, suffix)
                     + (f"; over: {missed}" if over else "")
                     + rounds_apart(seat_rows, SAME_FRAMES + tag))
    return lines


def rounds_apart(seat_rows: list[tuple[str, str, dict[str, Any]]], key: str) -> str:
    """'; read from the middle round (its rounds played other frames): a 4p, ...', or ''."""
    apart = [f"{game_id} {seats}p" for game_id, seats, k in seat_rows if k.get(key) is False]
    if not apart:
        return ""
    return f"; read from the middle round (its rounds played other frames): {', '.join(apart)}"


def every_round(seat_rows: list[tuple[str, str, dict[str, Any]]], suffix: str) -> str:
    """' (each frame's median of N rounds; in every round: M)', or '' for a run of one round
    (or a report from before rounds)."""
    rounds = [k.get(kind + suffix + ROUNDS) or [] for _, _, k in seat_rows
              for kind in FRAME_KINDS]
    played = max(map(len, rounds))
    if played < 2:
        return ""
    steady = sum(all(ratio <= target for kind, target in FRAME_TARGETS.items()
                     for ratio in k[kind + suffix + ROUNDS])
                 for _, _, k in seat_rows)
    return f" (each frame's median of {played} rounds; in every round: {steady})"


def trio(stats: dict[str, float] | None, keys: tuple[str, ...], digits: int = 2) -> str:
    """Some figures of a stats entry joined with slashes, or '-'."""
    if not stats:
        return "-"
    return " / ".join(f"{stats[k]:.{digits}f}" for k in keys)


def seat_figures(seats: str, k: dict[str, Any]) -> str:
    """One seat count's idle and animated p99 ratios, e.g. '2p 0.02 (0.03) / 1.1 (0.9) [9/3]'."""
    idle, moving = k["idle_x_fill"]["p99"], k["animated_x_fill"]["p99"]
    idle_cpu, moving_cpu = k["idle_cpu_x_fill"]["p99"], k["animated_cpu_x_fill"]["p99"]
    paced = k["idle_cpu_x_paced_fill"]["p99"], k["animated_cpu_x_paced_fill"]["p99"]
    b2b = (k[f"idle{BACK_TO_BACK}_cpu_x_fill"]["p99"],
           k[f"animated{BACK_TO_BACK}_cpu_x_fill"]["p99"])
    return (f"{seats}p {idle:.2f} ({idle_cpu:.2f}) / {moving:.2f} ({moving_cpu:.2f}) "
            f"{{paced {paced[0]:.2f} / {paced[1]:.2f}}} "
            f"<back to back {b2b[0]:.2f} / {b2b[1]:.2f}> "
            f"[{k['idle_frames']}/{k['animated_frames']}]")


def row_lines(game_id: str, r: dict[str, Any]) -> list[str]:
    """A game's rows: wall times, then CPU times and ratios to the references, then Hard."""
    frame_keys = ("p50", "p99", "max")
    playouts = f"{r['playouts_per_s']:.1f}" if "bot_ms" in r else "-"
    bots = trio(r.get("bot_ms"), ("p50", "p95"))
    head = f"{game_id:<{GAME_W}}{trio(r['frame_ms'], frame_keys):>26}{playouts:>13}{bots:>18}"
    lines = [head]
    cpu = [f"cpu: frame {trio(r['frame_cpu_ms'], frame_keys)} ms"]
    if r["frame_x_fill"]:
        cpu.append(f"x fill+blit {trio(r['frame_x_fill'], frame_keys)}")
    if "bot_ms" in r:
        cpu.append(f"playouts/cpu-s {r['playouts_per_cpu_s']:.1f} "
                   f"({r['playouts_per_ref']:.2f} per ref loop)")
        cpu.append(f"bot {trio(r['bot_cpu_ms'], ('p50', 'p95'))} ms "
                   f"(x ref {trio(r['bot_x_ref'], ('p50', 'p95'), 4)})")
    lines.append(f"{'':<4}" + "; ".join(cpu))
    if r.get("by_seats"):
        lines.append(f"{'':<4}p99 x fill+blit, idle / animated frames, wall (cpu) "
                     "{cpu over the paced fill+blit} <the frames run back to back, cpu> "
                     "[how many]: "
                     + "; ".join(seat_figures(seats, k) for seats, k in r["by_seats"].items()))
    if "hard_s" in r:
        lines.append(f"{'':<4}hard decision time p50/p95: {trio(r['hard_s'], ('p50', 'p95'))} s"
                     f" (budget 1 s; cpu {trio(r['hard_cpu_s'], ('p50', 'p95'))} s)")
    return lines
