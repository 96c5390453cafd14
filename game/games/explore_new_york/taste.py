"""Explore New York bot tastes: each seat's own small preferences, so equal bots play apart.

Every seat sees the same turn cards; two bots running one heuristic on one position draw the
same map turn after turn (issue #27: 4-player games of Normal bots ended with identical maps
and shared wins). So each seat gets a taste:

- a favourite tourist type (each tourist of it drawn is worth FAVOURITE more),
- a liking for loops, or not (a link closing a loop of its drawn streets: +/- LOOP),
- a pull towards some blocks and links: a seeded value in [0, PULL) each, which picks among
  the near-ties, the options within `tolerance` points of the best (evaluate in bot.py): wide
  in the first turns, when where a route starts costs little and every later choice follows
  from it, narrow afterwards, and narrower with fewer seats.

The taste is seeded by the seat and by the game's own chance: the first player drawn and the
three cards revealed first. Both are public and fixed from the first decision on, so the taste
stays the same all game, one seed gives one game everywhere (console, arena, replays), and the
heuristic keeps its (rules, view, prompt) shape.

Measured by `python -m game.games.explore_new_york.balance --games 200 --players N
[--tasteless | --one-taste]` (seeds 0-199), without tastes -> with them:
- 4 Normal bots: games with two identical maps 34.0% -> 0.5%, shared victories 42.0% -> 8.0%,
  every seat's mean 112.5 -> 109.8, winners' mean 123.2 -> 127.8;
- one tasteful bot among three tasteless ones: 110.1 against their 112.2 (the taste's cost in
  skill, about 2 points);
- 2 Normal bots: identical maps 6.5% -> 2.5%, seat mean 115.0 -> 113.2.
Then the paired tastes (seats 0-1 and 2-3 take opposite sides of one seed, see `_taste`), same
runs, independent tastes -> paired ones:
- 2 Normal bots, seeds 0-199: identical maps 2.5% -> 0.0%, seat mean 113.2 -> 110.5; seeds
  200-399 (`--seed 200`): 1.0% -> 0.0%, 110.2 -> 109.5 (over the 400 games 111.7 -> 110.0);
- 4 Normal bots, seeds 0-199: identical maps 0.5% -> 0.0%, seat mean 109.8 -> 109.2, winners'
  mean 127.8 -> 128.8.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from .board import TOURISTS
from .state import State

FAVOURITE = 0.5  # per tourist of the seat's favourite type
LOOP = 0.5  # a link closing a loop: + for a seat that likes loops, - for one that does not
PULL = 1.0  # the seeded pulls lie in [0, PULL): only their order matters (near-ties)
TASTELESS: set[int] = set()  # seats playing without taste (balance.py: the bot before #27)
NEAR = (3.0, 2.0, 1.0)  # the near-tie tolerance in the first turns, in points, at 4 players
LATE_NEAR = 0.5  # the tolerance afterwards (4 players)


@dataclass(frozen=True)
class Taste:
    """One seat's preferences (see the module docstring)."""

    favourite: int  # tourist type index
    loops: float  # +LOOP or -LOOP
    block_pull: tuple[float, ...]  # per block index
    link_pull: tuple[float, ...]  # per link index


def tolerance(turn: int, seat: int, players: int) -> float:
    """How far below the best an option may score and still be the seat's to pick by taste:
    widest while the map is nearly empty (where a route starts costs little then, and every
    later choice follows from it)."""
    if seat in TASTELESS:
        return 0.0
    # Narrower with fewer seats: fewer maps to copy (at 2 players one, at 4 three), while a
    # wider tolerance costs points in every game (3/2/1 cost 2-player seats 6.7 points on 200
    # seeds, a third of it left 4.5% of those games with twin maps).
    seats = (players + 1) / 5
    return seats * (NEAR[turn] if turn < len(NEAR) else LATE_NEAR)


def game_key(view: State) -> tuple[int, tuple[int, ...]]:
    """The game's public chance so far that never changes: the first player of turn 1 and the
    three cards revealed first (still face up in turn 1, then the first three discarded)."""
    first = (view.first - view.turn) % view.players if view.first >= 0 else -1
    cards = view.revealed if view.turn == 0 else view.discarded[:3]
    return first, tuple(sorted(cards))


def taste_of(view: State, seat: int, blocks: int, links: int) -> Taste:
    """The seat's taste in this game (`blocks` and `links`: the map's counts)."""
    if seat in TASTELESS:
        return _no_taste(blocks, links)
    first, cards = game_key(view)
    return _taste(seat, first, cards, blocks, links)


@lru_cache(maxsize=4)
def _no_taste(blocks: int, links: int) -> Taste:
    """No preference at all: the bot before issue #27 (for balance.py's comparison)."""
    return Taste(0, 0.0, (0.0,) * blocks, (0.0,) * links)


@lru_cache(maxsize=64)
def _taste(seat: int, first: int, cards: tuple[int, ...], blocks: int, links: int) -> Taste:
    """Draw a taste from its seed (a string: Random hashes it the same in every process).

    Seats 0 and 1 (and 2 and 3) draw from one seed and take opposite sides of it: the second
    seat's pulls are the first's reversed, so among two or more near-ties the two never pick
    the same option, and it likes loops when the first does not and another favourite. Drawn
    apart, two seats with the same near-ties picked the same one half the time (2 players:
    games with twin maps 2.5% on 200 seeds)."""
    rng = random.Random(f"explore_new_york taste {seat // 2} {first} {cards}")
    favourite = rng.randrange(len(TOURISTS))
    other = (favourite + 1 + rng.randrange(len(TOURISTS) - 1)) % len(TOURISTS)
    loops = LOOP if rng.random() < 0.5 else -LOOP
    block_pull = tuple(rng.uniform(0.0, PULL) for _ in range(blocks))
    link_pull = tuple(rng.uniform(0.0, PULL) for _ in range(links))
    if seat % 2 == 0:
        return Taste(favourite, loops, block_pull, link_pull)
    return Taste(other, -loops, tuple(PULL - p for p in block_pull),
                 tuple(PULL - p for p in link_pull))
