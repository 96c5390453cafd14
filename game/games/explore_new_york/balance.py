"""Explore New York's balance figures, from seeded games of Normal bots (rerun them any time).

    python -m game.games.explore_new_york.balance --players 4 --games 200 [--seed 0] [--level normal]
        [--tasteless | --one-taste]

Per run: the winners' mean total (the score band the map is designed for: 80-140, issue #27),
every seat's mean total (Normal's strength), how often two seats finish with identical maps
(same tourists and same links: bots that think alike) and how often the victory is shared.
`--tasteless` plays the bots without their seats' tastes (taste.py: the bot before issue #27);
`--one-taste` seats one bot with its taste among tasteless ones and compares their means.
Game g uses match seed `seed + g` and seats its bots as the arena does (seed * 10 + seat).
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass

from game.engine.bots import make_bot, play_out
from game.engine.core import Config, total
from game.engine.match import Match

from . import taste
from .rules import ExploreNewYork
from .state import Sheet


@dataclass(frozen=True)
class GameFacts:
    """One finished game: each seat's total, the winners, and whether two maps are equal."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    twin_maps: bool


def same_map(a: Sheet, b: Sheet) -> bool:
    """True if two seats drew the same tourists and the same links."""
    return a.tourists == b.tourists and a.links == b.links


def play(rules: ExploreNewYork, players: int, seed: int, level: str = "normal") -> GameFacts:
    """One seeded game of `players` bots of one level."""
    bots = {s: make_bot(level, rules.game_id, seed * 10 + s) for s in range(players)}
    state = play_out(Match(rules, Config(players), seed), bots).state
    sheets = state.sheets
    twins = any(same_map(sheets[i], sheets[j])
                for i in range(players) for j in range(i + 1, players))
    return GameFacts(tuple(total(s) for s in rules.scores(state)), rules.winners(state), twins)


def summary(games: list[GameFacts]) -> dict[str, float]:
    """The run's figures (means in points, shares in percent)."""
    n = len(games)
    return {
        "games": n,
        "winner_mean": statistics.fmean(max(g.totals) for g in games),
        "seat_mean": statistics.fmean(t for g in games for t in g.totals),
        "twin_maps_pct": 100.0 * sum(g.twin_maps for g in games) / n,
        "shared_wins_pct": 100.0 * sum(len(g.winners) > 1 for g in games) / n,
    }


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--tasteless", action="store_true",
                        help="bots without their seat's taste (the bot before issue #27)")
    parser.add_argument("--one-taste", action="store_true",
                        help="one bot with its taste (seat g mod players in game g) among "
                             "tasteless ones: its mean against theirs is the taste's cost")
    args = parser.parse_args(argv)
    rules = ExploreNewYork()
    games, tasted = [], []
    for g in range(args.games):
        taste.TASTELESS.clear()
        if args.tasteless or args.one_taste:
            taste.TASTELESS.update(range(args.players))
        if args.one_taste:
            taste.TASTELESS.discard(g % args.players)
        games.append(play(rules, args.players, args.seed + g, args.level))
        tasted.append(games[-1].totals[g % args.players])
    kind = "tasteless " if args.tasteless else "one tasteful among tasteless " if (
        args.one_taste) else ""
    print(f"{args.players} players, {args.games} games of {kind}{args.level} bots"
          f" from seed {args.seed}")
    figures = summary(games)
    if args.one_taste:
        others = [t for g, facts in enumerate(games) for s, t in enumerate(facts.totals)
                  if s != g % args.players]
        figures |= {"tasteful_mean": statistics.fmean(tasted),
                    "tasteless_mean": statistics.fmean(others)}
    for name, value in figures.items():
        print(f"  {name:16} {value:8.2f}")


if __name__ == "__main__":
    main()
