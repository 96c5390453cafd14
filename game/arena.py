"""The arena: seeded bot games between levels, played in parallel processes, with 95% intervals.

    python -m game.arena --game ticket_to_ride_paris --seats hard,normal [--games N] [--seed S]
        [--budget S] [--iterations K] [--jobs J] [--options mayor,...] [--json]
    python -m game.arena --game explore_new_york --seats hard,normal --rate [--iterations K]
    python -m game.arena --game ticket_to_ride_paris --seats hard:2,hard:1 --games 200 --jobs 1
    python -m game.arena --game ticket_to_ride_paris --seats hard,normal --decisions 2 [--budget S]
    python -m game.arena --game ticket_to_ride_paris --seats hard,normal --games 200 \
        --iterations K --record ttr_hard.jsonl

Game g is played with the seat list rotated by g places, so each level sits in every position
equally often and the first player's advantage cancels out. Per level: the share of games won
(a shared victory counts as a win for each winner) with a Wilson score interval, and the mean
total with a Student t interval. One seat (`--seats hard`) is a solo game: only scores count.

`--rate` plays no match: it runs Hard's search (capped at K rollouts, default 40) at every
RATE_EVERY-th decision of one seeded game of Normal bots, and prints the rollouts per CPU second
(time.process_time, so other processes on the machine matter less): the cap that fits the 1 s
budget is about that many rollouts.

A seat `hard:W` is Hard searching root-parallel in W worker processes (`search_pool`); plain
`hard` searches in its game's process. `--decisions W` plays no match either: at the same
positions as `--rate` it lets Hard think for its budget (1 s by default) with W workers (0: in
this process) and prints the rollouts each decision completed.

`--record FILE` appends each finished game to FILE (one JSON line: its spec and its result) and
skips the games already there, so a run of hundreds of games may be stopped (even killed) and
continued later, or spread over days on a machine that is otherwise busy. With `--iterations`
alone Hard is deterministic, so a recorded game is the game a rerun would play. A line cut off
by a kill is reported and played again.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.engine.bots import BOT_KINDS, GreedyBot, canonical_kind, make_bot, play_out
from game.engine.core import TERMINAL, Chance, Config, total
from game.engine.match import Match, sample
from game.engine.registry import game_ids, get_game, rules_for
from game.engine.search_pool import MAX_WORKERS, SearchPool

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
# Student t quantiles (two-sided 95%) by degrees of freedom; beyond the table, the normal one.
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
       9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021,
       60: 2.000, 120: 1.980}
RATE_EVERY = 3  # --rate searches at every third decision of the game
RATE_CAP = 40  # --rate's default rollouts per search


@dataclass(frozen=True)
class GameSpec:
    """One arena game: who sits where (levels, already rotated), its seed and the bots' limits."""

    game_id: str
    levels: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, bool], ...] = ()
    budget_s: float | None = None
    iterations: int | None = None


def rotated(levels: Sequence[str], shift: int) -> tuple[str, ...]:
    """The seat list rotated by `shift` places."""
    shift %= len(levels)
    return tuple(levels[shift:]) + tuple(levels[:shift])


def split_level(level: str) -> tuple[str, int]:
    """`hard:2` -> ("hard", 2): a bot kind and its search workers (0: none, search in-process)."""
    kind, _, workers = level.partition(":")
    return canonical_kind(kind), int(workers) if workers else 0


def play_game(spec: GameSpec) -> dict:
    """Play one game; per seat its level, total and whether it won."""
    match = Match(rules_for(spec.game_id), Config(len(spec.levels), spec.options), spec.seed)
    pools = {seat: SearchPool(split_level(level)[1]) for seat, level in enumerate(spec.levels)
             if split_level(level)[1]}
    bots = {seat: make_bot(split_level(level)[0], spec.game_id, spec.seed * 10 + seat,
                           budget_s=spec.budget_s, iterations=spec.iterations,
                           pool=pools.get(seat))
            for seat, level in enumerate(spec.levels)}
    try:
        play_out(match, bots)
    finally:
        for pool in pools.values():
            pool.close()
    winners = match.rules.winners(match.state)
    return {"seed": spec.seed, "levels": list(spec.levels),
            "totals": [total(b) for b in match.rules.scores(match.state)],
            "winners": list(winners)}


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a rate of `wins` out of `n`."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def t_quantile(dof: int) -> float:
    """The two-sided 95% Student t quantile (the table's next smaller entry: conservative)."""
    known = [d for d in T95 if d <= dof]
    return T95[max(known)] if known and dof <= max(T95) else (Z95 if known else math.inf)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean with its Student t 95% interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def summarize(levels: Sequence[str], results: Sequence[dict]) -> list[dict]:
    """Per distinct level of `levels`: games, win rate with its interval, mean total with its."""
    out = []
    for level in dict.fromkeys(levels):
        totals, wins = [], 0
        for result in results:
            seats = [s for s, name in enumerate(result["levels"]) if name == level]
            totals += [result["totals"][s] for s in seats]
            wins += sum(s in result["winners"] for s in seats)
        low, high = wilson(wins, len(totals))
        mean, mean_low, mean_high = mean_interval(totals)
        out.append({"level": level, "seats": len(totals), "wins": wins,
                    "win_rate": wins / len(totals), "win_rate_ci": [low, high],
                    "mean_total": mean, "mean_total_ci": [mean_low, mean_high]})
    return out


def run(game_id: str, levels: Sequence[str], games: int, seed: int, jobs: int,
        options: tuple[tuple[str, bool], ...] = (), budget_s: float | None = None,
        iterations: int | None = None, record: Path | None = None) -> dict:
    """Play the games (in `jobs` processes; those already in `record` are not replayed) and
    summarize them."""
    specs = [GameSpec(game_id, rotated(levels, g), seed + g, options, budget_s, iterations)
             for g in range(games)]
    done = recorded_results(record) if record else {}
    todo = [spec for spec in specs if spec_key(spec) not in done]
    for spec, result in played(todo, jobs):
        done[spec_key(spec)] = result
        if record:
            append_record(record, spec, result)
    results = [done[spec_key(spec)] for spec in specs]
    return {"game": game_id, "seats": list(levels), "games": games, "seed": seed,
            "options": dict(options), "budget_s": budget_s, "iterations": iterations,
            "levels": summarize(levels, results), "results": results,
            "replayed": games - len(todo)}


def played(specs: Sequence[GameSpec], jobs: int) -> Iterable[tuple[GameSpec, dict]]:
    """(spec, result) of each game as it finishes, in `jobs` processes."""
    if jobs <= 1 or len(specs) <= 1:
        yield from ((spec, play_game(spec)) for spec in specs)
        return
    with ProcessPoolExecutor(jobs) as pool:
        futures = {pool.submit(play_game, spec): spec for spec in specs}
        for future in as_completed(futures):
            yield futures[future], future.result()


def spec_key(spec: GameSpec) -> str:
    """A GameSpec as one canonical string (a record's lines are matched on it)."""
    return json.dumps(asdict(spec), sort_keys=True)


def recorded_results(path: Path) -> dict[str, dict]:
    """spec_key -> result of every whole line of a record file (missing: none yet). A torn or
    foreign line is reported on stderr and skipped: its game is played again."""
    if not path.exists():
        return {}
    found = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            entry = json.loads(line)
            spec = GameSpec(**{**entry["spec"], "levels": tuple(entry["spec"]["levels"]),
                               "options": tuple(map(tuple, entry["spec"]["options"]))})
            found[spec_key(spec)] = entry["result"]
        except (ValueError, KeyError, TypeError) as exc:
            print(f"{path}:{number}: skipped, not a whole game record ({exc})", file=sys.stderr)
    return found


def append_record(path: Path, spec: GameSpec, result: dict) -> None:
    """Append one finished game to the record, on disk before the next one is counted (on a line
    of its own, after a line a kill tore)."""
    with path.open("a+b") as out:
        torn = out.tell() > 0 and out.seek(-1, os.SEEK_END) >= 0 and out.read(1) != b"\n"
        line = json.dumps({"spec": asdict(spec), "result": result}) + "\n"
        out.write(("\n" if torn else "").encode() + line.encode("utf-8"))
        out.flush()
        os.fsync(out.fileno())


def search_positions(game_id: str, players: int, seed: int, hard: Any,
                     options: tuple[tuple[str, bool], ...] = ()) -> Iterator[tuple]:
    """(rules, view, prompt, Hard's root moves) at every RATE_EVERY-th decision (with more than
    one root move) of a seeded game of Normal bots, the same positions for every measurement."""
    rules = rules_for(game_id)
    normal = GreedyBot(get_game(game_id).heuristic(), random.Random(seed))
    state, rng = Match(rules, Config(players, options), seed).state, random.Random(seed)
    decisions = 0
    while (pending := rules.pending(state)) is not TERMINAL:
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, sample(pending, rng))
            continue
        prompt = pending[0]
        view = rules.view(state, prompt.player)
        moves = hard.root_moves(rules, view, prompt)
        if decisions % RATE_EVERY == 0 and len(moves) > 1:
            yield rules, view, prompt, moves
        state, _ = rules.apply(state, prompt.player, normal.choose(rules, view, prompt))
        decisions += 1


def search_rate(game_id: str, players: int, seed: int, cap: int = RATE_CAP,
                options: tuple[tuple[str, bool], ...] = ()) -> dict:
    """Hard's rollouts per CPU second over searches at the `search_positions` of a game."""
    hard = make_bot("hard", game_id, seed, iterations=cap)
    searches = rollouts = 0
    seconds = 0.0
    for rules, view, prompt, moves in search_positions(game_id, players, seed, hard, options):
        start = time.process_time()
        rounds = hard.search(rules, view, prompt.player, moves)
        seconds += time.process_time() - start
        searches += 1
        rollouts += len(rounds) * len(moves)
    return {"game": game_id, "players": players, "seed": seed, "cap": cap,
            "searches": searches, "rollouts": rollouts, "cpu_s": seconds,
            "rollouts_per_s": rollouts / seconds if seconds else 0.0}


def decision_rollouts(game_id: str, players: int, seed: int, workers: int,
                      budget_s: float | None = None, searches: int = 20) -> dict:
    """Rollouts Hard completes per decision at its time budget with `workers` search processes
    (0: in this process), at the first `searches` of a game's `search_positions`."""
    pool = SearchPool(workers) if workers else None
    if pool is not None:
        pool.warm_up(game_id, wait=True)
    hard = make_bot("hard", game_id, seed, budget_s=budget_s, pool=pool)
    counts: list[int] = []
    try:
        for rules, view, prompt, moves in search_positions(game_id, players, seed, hard):
            started = time.perf_counter()
            rounds = (hard.search(rules, view, prompt.player, moves, started) if pool is None
                      else hard.parallel_search(rules, view, prompt.player, moves, started))
            counts.append(len(rounds) * len(moves))
            if len(counts) == searches:
                break
    finally:
        if pool is not None:
            pool.close()
    return {"game": game_id, "players": players, "seed": seed, "workers": workers,
            "budget_s": hard.budget_s, "searches": len(counts), "rollouts": counts,
            "median": statistics.median(counts) if counts else 0,
            "mean": statistics.fmean(counts) if counts else 0.0}


def report_lines(report: dict) -> list[str]:
    """The human-readable table of a report."""
    first = report["seed"]
    lines = [(f"{report['game']}: {report['games']} games, seats {','.join(report['seats'])}, "
              f"seeds {first}..{first + report['games'] - 1}")]
    if report.get("replayed"):
        lines.append(f"  ({report['replayed']} of them read from the record, not played again)")
    for row in report["levels"]:
        low, high = row["win_rate_ci"]
        mean_low, mean_high = row["mean_total_ci"]
        lines.append(f"  {row['level']:>7}: wins {row['wins']}/{row['seats']} = "
                     f"{row['win_rate']:.1%} [{low:.1%}, {high:.1%}]   mean total "
                     f"{row['mean_total']:.1f} [{mean_low:.1f}, {mean_high:.1f}]")
    return lines


def level_name(text: str, parser: argparse.ArgumentParser) -> str:
    """A seat's level as the report names it (`greedy` -> `normal`, `hard:2` kept); exits 2
    on an unknown kind or a worker count anywhere but on Hard."""
    kind, _, workers = text.partition(":")
    kind = canonical_kind(kind)
    if kind not in BOT_KINDS:
        parser.error(f"--seats: each one of {', '.join(BOT_KINDS)} (Hard may be hard:W)")
    if workers and (kind != "hard" or not workers.isdigit()
                    or not 1 <= int(workers) <= MAX_WORKERS):
        parser.error(f"--seats: only hard takes :W, W from 1 to {MAX_WORKERS}")
    return f"{kind}:{int(workers)}" if workers else kind


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line; exits 2 with one line on bad arguments."""
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, choices=game_ids(include_unlisted=True))
    parser.add_argument("--seats", required=True, help="a level per seat: hard,normal,...")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, help="Hard's seconds per decision (default 1)")
    parser.add_argument("--iterations", type=int, help="Hard's iteration cap per decision")
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes")
    parser.add_argument("--options", default="", help="game options: mayor,tourism,...")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="append each finished game to FILE and skip those already in it")
    parser.add_argument("--rate", action="store_true",
                        help="measure Hard's rollouts per CPU second instead of playing matches")
    parser.add_argument("--decisions", type=int, metavar="W",
                        help="measure Hard's rollouts per decision at its budget with W worker "
                             "processes (0: in-process) instead of playing matches")
    args = parser.parse_args(argv)
    args.levels = [level_name(k.strip(), parser) for k in args.seats.split(",")]
    info = get_game(args.game)
    if not info.min_players <= len(args.levels) <= info.max_players:
        parser.error(f"--seats: {args.game} takes {info.min_players}..{info.max_players} seats")
    args.option_pairs = tuple(sorted((k, True) for k in args.options.split(",") if k))
    if any(k not in info.options for k, _ in args.option_pairs):
        parser.error(f"--options: {args.game} has {', '.join(info.options) or 'none'}")
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    if args.decisions is not None and not 0 <= args.decisions <= MAX_WORKERS:
        parser.error(f"--decisions: from 0 to {MAX_WORKERS} workers")
    return args


def measured(args: argparse.Namespace) -> tuple[dict, str] | None:
    """The --decisions or --rate measurement and its one-line summary (None: play matches)."""
    if args.decisions is not None:
        found = decision_rollouts(args.game, len(args.levels), args.seed, args.decisions,
                                  args.budget)
        return found, (f"{found['game']}: Hard with {found['workers']} workers, budget "
                       f"{found['budget_s']} s: median {found['median']} rollouts per decision "
                       f"(mean {found['mean']:.0f}, {found['searches']} decisions, "
                       f"seed {found['seed']})")
    if args.rate:
        rate = search_rate(args.game, len(args.levels), args.seed, args.iterations or RATE_CAP,
                           args.option_pairs)
        return rate, (f"{rate['game']}: Hard {rate['rollouts_per_s']:.0f} rollouts per CPU "
                      f"second ({rate['rollouts']} in {rate['cpu_s']:.2f} s over "
                      f"{rate['searches']} searches, cap {rate['cap']}, seed {rate['seed']})")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the arena command."""
    args = parse_args(argv)
    if (found := measured(args)) is not None:
        data, line = found
        print(json.dumps(data) if args.json else line)
        return 0
    report = run(args.game, args.levels, args.games, args.seed, args.jobs, args.option_pairs,
                 args.budget, args.iterations, args.record)
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    else:
        print("\n".join(report_lines(report)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
