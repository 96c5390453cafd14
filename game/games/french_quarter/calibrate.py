"""Sheet calibration: what bots score on our French Quarter sheets, over many seeded games.

    python -m game.games.french_quarter.calibrate [--seeds N] [--runs greedy:1,random:1,...]
                                                   [--levels DIR] [--progress]

The rulebook's solo rating table (Modo solitario - Puntuación) was made for the printed sheet;
ours is our own layout (NOTES.md), tuned so that GreedyBot averages inside "¡Has dirigido la
Segunda Línea!" (150-174) solo and a random player stays under 100. Each run prints the mean,
sd and range of every seat's total, the mean of each scoring category, and with --progress how
far the sheets got (meter boxes, multipliers, street counts), which is what the layout moves.
Games are seeded exactly as `main.py --headless` seats them, so any game can be replayed there.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from game.engine.bots import BOT_KINDS, play_out, seat_bots
from game.engine.core import Config, total
from game.engine.levels import LevelError
from game.engine.match import Match

from . import scoring
from .board import ACTIVITIES, Board
from .rules import GAME_ID, FrenchQuarter
from .state import Sheet

DEFAULT_RUNS = "greedy:1,random:1,greedy:2,greedy:4"
# The solo rating table's bands (Modo solitario - Puntuación), as FrenchQuarter.solo_rating
# numbers its keys.
SOLO_BANDS = ("<=74", "75-99", "100-124", "125-149", "150-174", "175-199", ">=200")
RATING_KEY = "french_quarter.solo_rating."


@dataclass(frozen=True)
class Run:
    """Which bot kind plays every seat, and how many seats."""

    kind: str
    players: int

    @classmethod
    def parse(cls, text: str) -> Run:
        """Read "greedy:1" as Run("greedy", 1); ValueError on anything else."""
        kind, _, players = text.partition(":")
        if kind not in BOT_KINDS or not players.isdigit() or not 1 <= int(players) <= 4:
            raise ValueError(f"{text!r}: want KIND:PLAYERS, KIND one of {', '.join(BOT_KINDS)}"
                             " and PLAYERS 1-4")
        return cls(kind, int(players))

    def label(self) -> str:
        """The run as a table label, e.g. "greedy 1p"."""
        return f"{self.kind} {self.players}p"


@dataclass
class Tally:
    """Every seat's total, category points and sheet progress over the games of one run."""

    totals: list[int] = field(default_factory=list)
    categories: dict[str, list[int]] = field(default_factory=dict)
    progress: dict[str, list[float]] = field(default_factory=dict)
    ratings: Counter[str] = field(default_factory=Counter)  # solo: games per rating band

    def add(self, board: Board, breakdown: dict[str, int], sheet: Sheet) -> None:
        """Record one seat's final breakdown and sheet."""
        self.totals.append(total(breakdown))
        for cat, pts in breakdown.items():
            self.categories.setdefault(cat, []).append(pts)
        for key, amount in sheet_progress(board, sheet).items():
            self.progress.setdefault(key, []).append(amount)

    def mean(self) -> float:
        """Mean total."""
        return statistics.mean(self.totals)

    def summary(self) -> str:
        """Mean, sd and range of the totals, e.g. "mean 161.2 sd 20.1 range 110-214 (n=200)"."""
        t = self.totals
        return (f"mean {statistics.mean(t):.1f} sd {statistics.pstdev(t):.1f} "
                f"range {min(t)}-{max(t)} (n={len(t)})")


def sheet_progress(board: Board, sheet: Sheet) -> dict[str, float]:
    """How far a finished sheet got: per activity the boxes marked, the multiplier reached
    and the buildings mapped on its street; artists per row, umbrellas, Second Line boxes."""
    counts = scoring.street_counts(board, sheet)
    out: dict[str, float] = {}
    for a, cat in enumerate(ACTIVITIES):
        out[f"{cat} boxes"] = sheet.meters[a]
        out[f"{cat} x"] = scoring.multiplier(board, sheet, a)
        out[f"{cat} street"] = counts[a]
    out["artists top"] = sheet.top.bit_count()
    out["artists bottom"] = sheet.bottom.bit_count()
    out["artist meter"] = sheet.art
    out["umbrellas"] = sheet.umbrellas
    out["second line"] = sheet.line
    return out


def play(rules: FrenchQuarter, run: Run, seed: int) -> Match:
    """One whole game of `run`'s bots, seeded as the console and `--headless` seat them."""
    bots = seat_bots([run.kind] * run.players, GAME_ID, seed)
    return play_out(Match(rules, Config(run.players), seed), bots)


def measure(rules: FrenchQuarter, run: Run, seeds: Iterable[int]) -> Tally:
    """Play `run` once per seed and tally every seat."""
    tally = Tally()
    for seed in seeds:
        state = play(rules, run, seed).state
        for breakdown, sheet in zip(rules.scores(state), state.sheets):
            tally.add(rules.board, breakdown, sheet)
        if run.players == 1:
            tally.ratings[rules.solo_rating(state)] += 1
    return tally


def ratings_line(ratings: Counter[str]) -> str:
    """Games per solo rating band, lowest band first (the rulebook's table, 7 bands)."""
    counts = [ratings[f"{RATING_KEY}{band}"] for band in range(len(SOLO_BANDS))]
    return "solo rating  " + "  ".join(f"{label} {n}" for label, n in zip(SOLO_BANDS, counts))


def means_line(values: dict[str, list]) -> str:
    """Each key's mean on one line, e.g. "food 31.2  culture 15.0"."""
    return "  ".join(f"{key} {statistics.mean(v):.1f}" for key, v in values.items())


def runs_arg(text: str) -> list[Run]:
    """The --runs value: comma-separated KIND:PLAYERS."""
    try:
        return [Run.parse(part) for part in text.split(",")]
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main(argv: list[str] | None = None) -> int:
    """Measure each run over the seeds and print the results."""
    parser = argparse.ArgumentParser(prog="python -m game.games.french_quarter.calibrate",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="games per run (seeds 0..N-1)")
    parser.add_argument("--runs", type=runs_arg, default=DEFAULT_RUNS,
                        help=f"KIND:PLAYERS,... to measure (default {DEFAULT_RUNS})")
    parser.add_argument("--levels", type=Path, help="another levels/ folder (a candidate sheet)")
    parser.add_argument("--progress", action="store_true", help="also print sheet progress")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds: at least 1")
    try:
        rules = FrenchQuarter(args.levels)
    except LevelError as error:
        parser.error(str(error))
    for run in args.runs:
        tally = measure(rules, run, range(args.seeds))
        print(f"{run.label():<10} {tally.summary()}")
        print(f"{'':<10} {means_line(tally.categories)}")
        if tally.ratings:
            print(f"{'':<10} {ratings_line(tally.ratings)}")
        if args.progress:
            print(f"{'':<10} {means_line(tally.progress)}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
