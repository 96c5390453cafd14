"""Next Station: Paris drawing on a sheet: a seat's answers (draw a segment, pick its start,
circle a station, decline), what a segment triggers (guided tour, city gates) and the gate
bonuses. Mixed into `rules.NextStationParis`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.core import Action, Event
from game.engine.flow import decide, run

from .board import JOKER, Board
from .prompts import K
from .state import NONE, Line, with_item

# City gate bonuses played as seat tasks (the seat is appended); double_district applies at once.
_BONUS_TASKS = {"branch_free": ("free_any",), "double_free": ("free_end", 2),
                "double_station": ("circle",)}
_LINE_SETTERS = tuple(Line.__dict__[name].__set__ for name in Line.__slots__)


def make_line(color: int, stations: tuple[int, ...], links: tuple[int, ...],
              ends: tuple[int, ...], mask: int, double_district: int = NONE,
              double_station: int = NONE) -> Line:
    """A Line without the frozen __init__'s per-field setattr (every segment builds one)."""
    line = object.__new__(Line)
    set_color, set_stations, set_links, set_ends, set_mask, set_district, set_station = (
        _LINE_SETTERS)
    set_color(line, color)
    set_stations(line, stations)
    set_links(line, links)
    set_ends(line, ends)
    set_mask(line, mask)
    set_district(line, double_district)
    set_station(line, double_station)
    return line


class DrawingMixin:
    """The turn kit's decide handlers of a seat's answers, and the gate's run handler."""

    board: Board
    corner_of: dict[int, int]
    declined: dict[str, tuple[Event, ...]]
    link_of: dict[tuple[int, int], int]
    block_bits: tuple[int, ...]
    _settle: Callable[[Any, int], None]  # prompts.SeatPromptsMixin

    @run("gate")
    def _open_gate(self, d: Any, task: tuple) -> None:
        """City gate reached: its bonus as the seat's next tasks (Puertas de la ciudad)."""
        _, corner, seat = task
        bonus = self.board.bonuses[d.gates[self.corner_of[corner]]]
        d.emit("gate_triggered", seat, station=corner, bonus=bonus, name=K + "bonus." + bonus)
        follow = _BONUS_TASKS.get(bonus)
        if follow is not None:
            d.queues = with_item(d.queues, seat, ((*follow, seat), *d.queues[seat]))
            return
        # double_district: never worse than not using it, so it applies at once.
        line = d.lines[seat][-1]
        district = self.board.stations[corner].district
        self._replace_line(d, seat, Line(line.color, line.stations, line.links, line.ends,
                                         line.mask, district, line.double_station))

    # -- a seat's answers (one handler per action kind) ---------------------------------------
    @decide("answer", keep_head=True)
    def _decline(self, d: Any, seat: int, action: Action) -> None:
        """Decline: ignore the card, stop the guided tour or skip a gate bonus (always optional)."""
        d.events.append(self.declined[action[0]][seat])
        d.queues = with_item(d.queues, seat, d.queues[seat][1:])
        self._settle(d, seat)

    @decide("answer", "to", keep_head=True)
    def _choose_end(self, d: Any, seat: int, action: Action) -> None:
        """An end reachable from several starts: ask which start (target = start station)."""
        queue = d.queues[seat]
        d.queues = with_item(d.queues, seat, (("start", action[1], queue[0], seat), *queue[1:]))
        self._settle(d, seat)

    @decide("answer", "circle", keep_head=True)
    def _circle(self, d: Any, seat: int, action: Action) -> None:
        """Double-station gate: the circled station counts twice for this line."""
        line = d.lines[seat][-1]
        self._replace_line(d, seat, Line(line.color, line.stations, line.links, line.ends,
                                         line.mask, line.double_district, action[1]))
        d.queues = with_item(d.queues, seat, d.queues[seat][1:])
        d.emit("station_circled", seat, station=action[1])
        self._settle(d, seat)

    @decide("answer", "draw", keep_head=True)
    def _draw_segment(self, d: Any, seat: int, action: Action) -> None:
        """Draw one segment, then queue what it triggers (see `follow_ups`)."""
        _, start, end = action
        queue = d.queues[seat]
        self._draw(d, seat, start, end)
        d.queues = with_item(d.queues, seat, self.follow_ups(queue, d.card, d.modules, end))
        self._settle(d, seat)

    def follow_ups(self, queue: tuple, card: int, modules: tuple[str, ...], end: int) -> tuple:
        """A seat's task queue once its head task drew a segment ending at `end` (Cartas
        especiales: visita guiada; Puertas de la ciudad).

        Pure, so the bot predicts exactly what the engine queues. `card`: the card being
        answered; `queue`: the tasks before the segment (its head may be a "start" task).
        """
        task = queue[0]
        if task[0] == "start":
            task = task[2]
        seat = task[-1]
        rest = queue[1:]
        if task[0] == "free_end" and task[1] > 1:
            rest = (("free_end", task[1] - 1, seat), *rest)
        board = self.board
        if (task[0] == "card" and board.cards[card].symbol == JOKER
                and board.stations[end].monument):
            # Guided tour: a segment to a monument, then a second one from it to any station.
            # Our reading: only the card's own segment starts a tour (not the tour's second
            # segment, nor a gate's free segment that happens to reach a monument).
            rest = (("tour", end, seat), *rest)
        if "gates" in modules and end in self.corner_of:
            # A gate landed on during another bonus waits until that bonus is done.
            rest = (*rest, ("gate", end, seat))
        return rest

    def _draw(self, d: Any, seat: int, start: int, end: int) -> None:
        """Add the segment start-end to the seat's line and sheet (used and blocked links)."""
        lines = d.lines
        line = lines[seat][-1]
        link = self.link_of[start, end]
        ends = line.ends
        if line.links and start in ends:  # the start was an end: it is now inside the line
            ends = tuple(e for e in ends if e != start)
        drawn = make_line(line.color, (*line.stations, end), (*line.links, link), (*ends, end),
                          line.mask | (1 << end), line.double_district, line.double_station)
        # The tuples rebuilt in place (no helper calls: every answer draws).
        d.lines = (*lines[:seat], (*lines[seat][:-1], drawn), *lines[seat + 1:])
        used, blocked = d.used, d.blocked
        d.used = (*used[:seat], used[seat] | (1 << link), *used[seat + 1:])
        d.blocked = (*blocked[:seat], blocked[seat] | self.block_bits[link], *blocked[seat + 1:])
        # Event() from a data tuple: faster than emit's keywords, and every answer draws.
        d.events.append(Event("segment_drawn", seat, (("start", start), ("end", end),
                                                      ("link", link), ("color", line.color))))

    @staticmethod
    def _replace_line(d: Any, seat: int, line: Line) -> None:
        """The seat's current line replaced by `line` (a gate bonus recorded on it)."""
        lines = d.lines[seat]
        d.lines = with_item(d.lines, seat, (*lines[:-1], line))
