"""Bot calibration: how GreedyBot fares in Urban Sprawl, over many seeded games.

    python -m game.games.urban_sprawl.calibrate [--seeds N] [--players P] [--options long]
                                                [--tables greedy+random,greedy,...]

A table names the bot kind of each seat (`greedy+random` with 4 players: one GreedyBot and three
RandomBots; a lone kind fills every seat). Seats rotate with the seed, so every kind sits in every
seat equally often. Per kind the report gives final prestige (mean, sd, range), its win rate (a
shared victory counts for each tied winner), the prestige by source, wealth at the end and how
many permits it invested; per table, the wins by seat (the start player is seat 0), which is
what greedy self-play shows of the balance, and the share of all final prestige that each source
gave (`--tables normal --seeds 200`: where the prestige of Normal-bot games comes from). Games
are seeded as
`main.py --headless` seats them (seat i's bot draws from seed + i), so any game replays there.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field

from game.engine.bots import BOT_KINDS, play_out, seat_bots
from game.engine.core import Config
from game.engine.match import Match

from .board import GAME_ID
from .rules import UrbanSprawl
from .state import SOURCES

DEFAULT_TABLES = "greedy+random,greedy"


@dataclass(frozen=True)
class Table:
    """The bot kind of each seat, before the seed rotates them."""

    kinds: tuple[str, ...]

    @classmethod
    def parse(cls, text: str, players: int) -> Table:
        """Read "greedy+random" for `players` seats (the last kind fills the rest)."""
        kinds = tuple(text.split("+"))
        if not kinds or any(k not in BOT_KINDS for k in kinds) or len(kinds) > players:
            raise ValueError(f"{text!r}: want up to {players} of {', '.join(BOT_KINDS)} "
                             "joined by '+'")
        return cls(kinds + (kinds[-1],) * (players - len(kinds)))

    def seats(self, seed: int) -> list[str]:
        """The kinds seat by seat in the game of this seed (rotated by the seed)."""
        n = len(self.kinds)
        return [self.kinds[(seat + seed) % n] for seat in range(n)]

    def label(self) -> str:
        """The table as a heading, e.g. "greedy+random+random+random"."""
        return "+".join(self.kinds)


@dataclass
class Tally:
    """One bot kind's results over the games of a table."""

    totals: list[int] = field(default_factory=list)
    wealth: list[int] = field(default_factory=list)
    sources: dict[str, list[int]] = field(default_factory=dict)
    investments: list[int] = field(default_factory=list)
    wins: int = 0

    def add(self, breakdown: dict[str, int], wealth: int, invested: int, won: bool) -> None:
        """Record one seat's final prestige by source, its wealth, its investments and whether
        it won."""
        self.totals.append(sum(breakdown.values()))
        self.wealth.append(wealth)
        self.investments.append(invested)
        for source, points in breakdown.items():
            self.sources.setdefault(source, []).append(points)
        self.wins += won

    def shares(self) -> str:
        """Each source's percentage of all the prestige these seats ended with (a negative
        source, such as card losses, takes its share off)."""
        everything = sum(self.totals) or 1
        return ", ".join(f"{s} {100 * sum(self.sources[s]) / everything:.1f}%" for s in SOURCES)

    def lines(self, kind: str) -> list[str]:
        """The report lines of this kind."""
        t, seats = self.totals, len(self.totals)
        by_source = ", ".join(f"{s} {statistics.mean(self.sources[s]):.1f}" for s in SOURCES)
        return [
            (f"  {kind} ({seats} seats): prestige mean {statistics.mean(t):.1f} "
            f"sd {statistics.pstdev(t):.1f} range {min(t)}-{max(t)}; "
            f"win rate {100 * self.wins / seats:.0f}% of its seats"),
            f"    by source: {by_source}",
            f"    share of all prestige: {self.shares()}",
            (f"    wealth at the end: mean {statistics.mean(self.wealth):.1f} "
            f"sd {statistics.pstdev(self.wealth):.1f}; permits invested a game: "
            f"{statistics.mean(self.investments):.1f}"),
        ]


def play(rules: UrbanSprawl, table: Table, seed: int, options: tuple[str, ...] = ()) -> Match:
    """One whole game of the table's bots, seeded as the console and `--headless` seat them."""
    config = Config(len(table.kinds), tuple((o, True) for o in options))
    return play_out(Match(rules, config, seed), seat_bots(table.seats(seed), GAME_ID, seed))


@dataclass
class Report:
    """A table's results: a tally per bot kind, and the wins of each seat."""

    tallies: dict[str, Tally]
    seat_wins: list[int]
    games: int = 0


def measure(rules: UrbanSprawl, table: Table, seeds: Iterable[int],
            options: tuple[str, ...] = ()) -> Report:
    """Play the table once per seed (in the variant `options` name) and tally every seat by
    its bot kind."""
    report = Report({kind: Tally() for kind in dict.fromkeys(table.kinds)},
                    [0] * len(table.kinds))
    for seed in seeds:
        match = play(rules, table, seed, options)
        state, winners = match.state, rules.winners(match.state)
        report.games += 1
        for seat, (kind, breakdown) in enumerate(zip(table.seats(seed), rules.scores(state))):
            invested = sum(1 for player, action in match.history
                           if player == seat and action[0] == "invest")
            report.tallies[kind].add(breakdown, state.wealth[seat], invested, seat in winners)
            report.seat_wins[seat] += seat in winners
    return report


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m game.games.urban_sprawl.calibrate",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=200, help="games per table (seeds 0..N-1)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--options", default="", choices=("", "long", "short"),
                        help="the longer or shorter game variant")
    parser.add_argument("--tables", default=DEFAULT_TABLES,
                        help=f"comma-separated tables (default {DEFAULT_TABLES})")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Play every table and print the report."""
    args = parse_args(argv)
    try:
        tables = [Table.parse(t, args.players) for t in args.tables.split(",")]
    except ValueError as error:
        print(f"calibrate: error: {error}", file=sys.stderr)
        return 2
    rules = UrbanSprawl()
    for table in tables:
        options = (args.options,) if args.options else ()
        report = measure(rules, table, range(args.seeds), options)
        variant = f", {args.options} variant" if options else ""
        print(f"{table.label()} ({args.players} players{variant}, {report.games} games):")
        for kind, tally in report.tallies.items():
            print("\n".join(tally.lines(kind)))
        print("  wins by seat: " + ", ".join(f"{seat}: {wins}"
                                             for seat, wins in enumerate(report.seat_wins)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
