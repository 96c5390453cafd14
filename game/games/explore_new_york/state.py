"""Explore New York state: frozen dataclasses of tuples and bitmasks, cheap to copy and compare.

Blocks, links, cafés and cards are referred to by their index in the `Board` (board.py: block
index = (y - 1) * 6 + (x - 1); links and intersections as described there); tourist types by
their index in `board.TOURISTS` (circle, square, triangle).

Each seat has a `Sheet` (its own city map): tourists per block, the links it drew (bitmask),
the cafés it used (bitmask) and this turn's block. Everything on the sheets is public.

The turn kit's stack (`tasks`, see game.engine.flow and rules.py): ("first",) once (chance:
the first player), then per turn ("reveal",) x 3 (chance: one card each), ("discard",) (the
first player's prompt), ("chart",) (every seat at once) and ("end_turn",).

While the turn is charted every seat works through its own queue (`queues`); the head is what
the seat decides now, an empty queue means the seat is done. A seat task ends with the seat:
- ("block", seat): the block for this turn (from the turn cards, or any empty block when those
  are all taken: then ("tourist", seat) asks for the one tourist drawn there);
- ("tourist", seat): the type of the single tourist of a turn whose cards gave no empty block;
- ("link", pair, seat): the turn's link; `pair` True when a second, connected link may follow
  a first one along the chosen block (False after a single-tourist turn);
- ("link2", first, seat): the second link, touching link `first`, or stop at one;
- ("extra", seat): one "+1 link" icon of a turn card: a link anywhere.

Prompts and their options (what the scene places; every action is JSON-safe):

| prompt kind  | seat          | option action        | option target        |
|--------------|---------------|----------------------|----------------------|
| "discard"    | first player  | ("discard", card)    | ("card", card)       |
| "block"      | every seat    | ("block", x, y)      | ("block", x, y)      |
| "lone_block" | that seat     | ("block", x, y)      | ("block", x, y)      |
| "tourist"    | that seat     | ("tourist", type)    | ("tourist", type)    |
| "link"       | every seat    | ("link", link)       | ("link", link)       |
| "link2"      | that seat     | ("link", link)       | ("link", link)       |
|              |               | ("stop",)            | None (a bar button)  |
| "extra"      | that seat     | ("link", link)       | ("link", link)       |

`card` and `link` are indices into board.cards and board.links, x and y are 1..6, `type` is a
tourist name ("circle", "square", "triangle"). Chance outcomes: a seat index for ("first",),
a card index for ("reveal",).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.flow import memo_field

# Phases (State.phase), in the order a turn goes through them.
SETUP = "setup"  # chance: the first player
REVEAL = "reveal"  # chance: the first player reveals 3 cards, one at a time
DISCARD = "discard"  # the first player discards one of the 3
CHART = "chart"  # every seat chooses a block, draws tourists and links at once
OVER = "over"  # the game has ended; `routes` holds each seat's final route

NONE = -1  # no block, no seat


@dataclass(frozen=True, slots=True)
class Sheet:
    """One seat's city map."""

    tourists: tuple[tuple[int, int, int], ...]  # per block index: tourists by type index
    filled: int  # bitmask of blocks holding tourists (they may not be chosen again)
    links: int  # bitmask of drawn links
    cafes: int  # bitmask of used cafés (circled)
    block: int  # this turn's block (café tourists go there); NONE before it is chosen


@dataclass(frozen=True, slots=True)
class Route:
    """A seat's best final route (Determinar el recorrido final) and its points.

    `links` in walking order from intersection `start` (a vertex index, None when the seat drew
    nothing); `blocks` along it (a side on the route, not a corner touch), `cafes` on it;
    `points` by score category (circle, square, triangle, cafes, smileys, stars).
    """

    links: tuple[int, ...]
    start: int | None
    blocks: tuple[int, ...]
    cafes: tuple[int, ...]
    points: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """The route's total points."""
        return sum(p for _, p in self.points)


@dataclass(frozen=True, slots=True)
class State:
    """The whole game. Per-seat fields are tuples indexed by seat.

    Views (`rules.view`) are the same class with `deck` set to None (the cards still in the
    deck, and so the ones removed unseen, are the only hidden information). `prompts` caches
    each seat's current Prompt while charting (None once the seat is done; () when unknown), a
    cache like `memo`, not part of the compared state.
    """

    players: int
    phase: str
    turn: int  # 0-based turn number
    first: int  # the first player this turn (NONE before the draw)
    deck: tuple[int, ...] | None  # card indices still in the deck (sorted); None in a view
    unseen: int  # cards removed unseen at setup (they are among `deck`: never revealed)
    left: int  # cards the deck can still supply (public: len(deck) - unseen)
    revealed: tuple[int, ...]  # the cards revealed this turn, in order (shown to everyone)
    turn_cards: tuple[int, ...]  # the 2 cards kept this turn (empty before the discard)
    discarded: tuple[int, ...]  # every card used or discarded so far, in order
    sheets: tuple[Sheet, ...]
    queues: tuple[tuple[tuple, ...], ...]  # per seat: its tasks this turn (module docstring)
    routes: tuple[Route, ...]  # per seat once the game is over, else ()
    tasks: tuple[tuple, ...]  # the turn kit's task stack (module docstring)
    viewer: int | None = None  # seat a view was made for (-1: spectator); None: full state
    prompts: tuple[Any, ...] = field(default=(), init=False, compare=False, repr=False)
    memo: Any = memo_field()

