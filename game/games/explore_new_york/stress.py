"""Explore New York's final-route search under load, for the benchmark (`python -m game.bench`).

Two sets of maps: the end-of-game maps of seeded greedy-bot games (what the search meets in
play), and the slowest maps we can construct with as many links as one game allows: 3 players
play 9 turns of 2 links, and the 6 "+1" cards add at most 6 more, so 24 links. The constructed
ones are dense grids (a 3x3 block of blocks uses exactly 24 links) and seeded random connected
networks of 24 links, each with tourists on 9 blocks (one a turn) so that no trail reaches the
whole network's score early.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator

from game.engine.bots import make_bot, play_out
from game.engine.core import Config
from game.engine.match import Match

from .rules import ExploreNewYork
from .scoring import best_route
from .state import Sheet

MAX_LINKS = 24  # 9 turns x 2 links + the deck's 6 "+1" icons
TOURIST_BLOCKS = 9  # one block a turn


def bot_game_sheets(rules: ExploreNewYork, games: int, players: int = 4) -> list[Sheet]:
    """Every seat's final map in `games` seeded greedy-bot games."""
    sheets = []
    for seed in range(games):
        bots = {s: make_bot("greedy", rules.game_id, seed * 10 + s) for s in range(players)}
        sheets += play_out(Match(rules, Config(players), seed), bots).state.sheets
    return sheets


def _links_inside(rules: ExploreNewYork, x0: int, y0: int, width: int, height: int) -> int:
    """The links of a rectangle of blocks (corner (x0, y0) in intersections), as a bitmask."""
    inside = {(i, j) for i in range(x0, x0 + width + 1) for j in range(y0, y0 + height + 1)}
    return sum(1 << k for k, link in enumerate(rules.board.links)
               if link.ends[0] in inside and link.ends[1] in inside)


def _random_network(rules: ExploreNewYork, rng: random.Random) -> int:
    """A connected network of MAX_LINKS links grown link by link from a random one."""
    touching = rules.board.touching
    mask = 1 << rng.randrange(len(touching))
    while mask.bit_count() < MAX_LINKS:
        grown = [k for k in range(len(touching)) if touching[k] & mask and not mask >> k & 1]
        mask |= 1 << rng.choice(grown)
    return mask


def _with_tourists(links: int, rng: random.Random) -> Sheet:
    """A map with these links and 0-3 tourists of each type on TOURIST_BLOCKS random blocks."""
    tourists = [(0, 0, 0)] * 36
    filled = 0
    for block in rng.sample(range(36), TOURIST_BLOCKS):
        tourists[block] = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3))
        filled |= 1 << block
    return Sheet(tuple(tourists), filled, links, 0, -1)


def constructed_sheets(rules: ExploreNewYork, count: int, seed: int = 1) -> Iterator[Sheet]:
    """Dense 24-link maps: 3x3 grids anywhere on the map, then random connected networks."""
    rng = random.Random(seed)
    grids = [_links_inside(rules, x, y, 3, 3) for x in range(4) for y in range(4)]
    for n in range(count):
        links = grids[n] if n < len(grids) else _random_network(rules, rng)
        yield _with_tourists(links, rng)


def time_routes(rules: ExploreNewYork, sheets: Iterator[Sheet] | list[Sheet]
                ) -> list[tuple[float, Sheet]]:
    """Milliseconds of the final-route search on each map."""
    timed = []
    for sheet in sheets:
        started = time.perf_counter()
        best_route(rules.board, sheet)
        timed.append(((time.perf_counter() - started) * 1000, sheet))
    return timed


def bench_rows(bot_games: int) -> dict[str, dict]:
    """The benchmark's row of this room (game.bench.room_rows): the final-route search in ms
    over the end-of-game maps of greedy-bot games (4 players), and the slowest of the dense
    24-link maps we construct, with its table line."""
    from game.engine.registry import rules_for

    rules = rules_for("explore_new_york")
    played = [ms for ms, _ in time_routes(rules, bot_game_sheets(rules, bot_games * 4))]
    slowest, sheet = max(time_routes(rules, constructed_sheets(rules, bot_games * 60)),
                         key=lambda timed: timed[0])
    cuts = statistics.quantiles(played, n=100, method="inclusive")  # cuts[k - 1]: the pk
    row = {"route_ms": {"p50": round(cuts[49], 3), "p95": round(cuts[94], 3),
                        "max": round(max(played), 3)},
           "slowest_ms": round(slowest, 3), "slowest_links": sheet.links.bit_count()}
    f = row["route_ms"]
    row["line"] = (f"route ms p50/p95/max {f['p50']:.2f} / {f['p95']:.2f} / {f['max']:.2f} "
                   f"(bot games); slowest constructed map ({row['slowest_links']} links) "
                   f"{row['slowest_ms']:.2f}")
    return {"final routes": row}
