"""Next Station: Paris state: one frozen dataclass of tuples, cheap to copy and compare.

Stations, links, cards and overpasses are referred to by their index in the `Board`
(`board.py`); pencil colours by their index in `board.COLORS` (orange, green, purple, blue).

Each seat has a sheet: every link it drew (`used`, a bitmask over link indices), the links it
may no longer draw (`blocked`: used or crossing a used one outside an overpass), and its lines,
one per round so far; the last one is the line being drawn this round.

The game's flow is the turn kit's task stack (`tasks`, see game.engine.flow and rules.py):
the module draws, then per card ("reveal",), ("answer",), ("end_card",).

While a card is answered every seat works through its own queue of tasks (`queues`,
simultaneous play): the head is what the seat decides now; an empty queue means the seat is
done with this card. A seat task is a tuple whose last item is the seat:
- ("card", seat): draw a segment for the revealed card (from a line end; from any station of
  the line after the branch card), or pass;
- ("start", end, parent_task, seat): the chosen end station is reachable from several starts:
  pick one;
- ("tour", monument, seat): guided tour, a second segment from that monument to any station,
  or stop;
- ("gate", corner, seat): a city gate to resolve once the tasks before it are done;
- ("free_any", seat): gate bonus: a segment from any station of the line to any station, or skip;
- ("free_end", n, seat): gate bonus: n more segments from line ends to any stations, or skip;
- ("circle", seat): gate bonus: circle one ordinary station of the line, or skip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.flow import memo_field

# Phases (State.phase), in the order a game goes through them (the renderer reads them).
SETUP = "setup"  # chance: the 2 shared objectives, then the gate bonus cards (modules only)
REVEAL = "reveal"  # chance: the next station card of the round
DRAW = "draw"  # simultaneous prompts: every seat with a task answers for the revealed card
OVER = "over"  # the game has ended

NONE = -1  # no card, no station


@dataclass(frozen=True, slots=True)
class Line:
    """One metro line: a tree of drawn segments grown from the colour's departure station.

    `stations` and `links` are in drawing order (stations[0] is the departure station);
    `ends` are the stations a normal segment may start from (degree <= 1 in the line);
    `mask` is the bitmask of `stations` (the no-loop rule). Gate bonuses recorded for this
    line's scoring: `double_district` (a corner district index) and `double_station`.
    """

    color: int
    stations: tuple[int, ...]
    links: tuple[int, ...]
    ends: tuple[int, ...]
    mask: int
    double_district: int = NONE
    double_station: int = NONE


@dataclass(frozen=True, slots=True)
class State:
    """The whole game. Per-seat fields are tuples indexed by seat.

    Views (`rules.view`) are the same class with `deck` set to None (the remaining cards are the
    only hidden information; the renderer can show `revealed`). `prompts` caches each seat's
    current Prompt (None once the seat is done with the card; () when not known, as after
    `dataclasses.replace`): it is derived from `queues`, so one seat's answer rebuilds only
    that seat's prompt. Like `memo` it is not part of the compared state.
    """

    players: int
    phase: str
    modules: tuple[str, ...]  # advanced modules in play: "objectives", "gates"
    objectives: tuple[int, ...]  # indices of the 2 shared objectives in play (board.objectives)
    gates: tuple[int, ...]  # per board.gate_corners entry: index of its bonus in board.bonuses
    round: int  # 0..3
    colors: tuple[int, ...]  # per seat: pencil colour index used this round
    deck: tuple[int, ...] | None  # card indices still in the deck (sorted); None in a view
    revealed: tuple[int, ...]  # cards revealed this round, in order
    card: int  # the card being answered now (NONE between cards)
    branch: bool  # the branch card came before `card`
    metros: int  # Metro cards revealed this round
    used: tuple[int, ...]  # per seat: bitmask of drawn links (all colours)
    blocked: tuple[int, ...]  # per seat: bitmask of links that can no longer be drawn
    lines: tuple[tuple[Line, ...], ...]  # per seat: its lines, the last one is this round's
    queues: tuple[tuple[tuple, ...], ...]  # per seat: its tasks for the card (module docstring)
    tasks: tuple[tuple, ...]  # the turn kit's task stack (module docstring)
    viewer: int | None = None  # seat a view was made for (-1: spectator); None: full state
    prompts: tuple[Any, ...] = field(default=(), init=False, compare=False, repr=False)
    memo: Any = memo_field()

    def line(self, seat: int) -> Line:
        """The line `seat` is drawing this round (or its last line once the game is over)."""
        return self.lines[seat][-1]


def with_item(t: tuple, i: int, v: Any) -> tuple:
    """Tuple `t` with item i replaced by v."""
    return t[:i] + (v,) + t[i + 1:]
