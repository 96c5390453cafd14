"""Next Station: Paris seat prompts: a seat's queue run to its next prompt, and the prompts
its tasks ask (a segment for the card, the guided tour or a gate bonus; a segment's start; the
station to circle). Mixed into `rules.NextStationParis`; state.py lists the seat tasks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from game.engine.core import Option, Prompt
from game.engine.flow import ask

from .board import GAME_ID, Board
from .state import NONE, State, with_item

K = GAME_ID + "."  # prefix of every string key
_PROMPT_SETTERS = tuple(Prompt.__dict__[name].__set__
                        for name in ("player", "kind", "message", "options", "params"))


def _one_prompt(player: int, kind: str, message: str, options: tuple[Option, ...],
                params: tuple[tuple[str, Any], ...] = ()) -> tuple[Prompt]:
    """A one-prompt answer for a seat task, equal to (Prompt(...),) but built without the
    frozen __init__'s per-field setattr (half the cost; every answer builds one)."""
    prompt = object.__new__(Prompt)
    set_player, set_kind, set_message, set_options, set_params = _PROMPT_SETTERS
    set_player(prompt, player)
    set_kind(prompt, kind)
    set_message(prompt, message)
    set_options(prompt, options)
    set_params(prompt, params)
    return (prompt,)


class SeatPromptsMixin:
    """The turn kit's ask handlers of the seat tasks, and the queue runner that calls them."""

    board: Board
    all_stations: int
    links_to: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]]
    card_message: tuple[str, str]
    card_params: tuple[tuple[tuple[str, str]], ...]
    opt_pass: Option
    opt_stop: Option
    opt_skip: Option
    opt_draw: list[list[Option | None]]
    opt_from: list[list[Option | None]]
    opt_to: tuple[Option, ...]
    opt_circle: tuple[Option, ...]
    _asks: ClassVar[dict[str, Callable]]
    _runs: ClassVar[dict[str, Callable]]

    def _seat_prompts(self, s: State) -> tuple[Prompt | None, ...]:
        """Each seat's prompt rebuilt from its queue (a state whose `prompts` is not known)."""
        out = []
        for queue in s.queues:
            found = self._asks[queue[0][0]](self, s, queue[0]) if queue else ()
            out.append(found[0] if found else None)
        return tuple(out)

    def _settle(self, d: Any, seat: int) -> None:
        """Run a seat's queue until its head asks something, and cache that prompt; once
        every seat is done with the card, end the "answer" task at the head of the stack.

        City gates open on the way; tasks offering nothing but declining are dropped at once
        (nobody is asked to pass when they cannot draw).
        """
        asks, runs = self._asks, self._runs
        prompts = d.prompts  # rebuilt in place below: every answer ends here
        while True:
            queue = d.queues[seat]
            if not queue:
                d.prompts = (*prompts[:seat], None, *prompts[seat + 1:])
                if not any(d.queues):
                    d.pop()
                return
            head = queue[0]
            asking = asks.get(head[0])
            if asking is not None:
                found = asking(self, d, head)
                if found:
                    d.prompts = (*prompts[:seat], found[0], *prompts[seat + 1:])
                    return
            d.queues = with_item(d.queues, seat, queue[1:])
            if asking is None:
                runs[head[0]](self, d, head)

    def task_starts(self, s: State, task: tuple) -> tuple[tuple[int, ...], int]:
        """Where a seat task's segment may start and the stations it may end on (bitmask).

        Reglas de construcción: from a line end, on the card's symbol (monuments and the
        platform take any); Cartas especiales: after the branch from any station of the line,
        the joker and the guided tour's second segment to any station; Puertas de la ciudad:
        free entries to any station, from any station (branch) or from the ends (double).
        """
        line = s.lines[task[-1]][-1]
        kind = task[0]
        if kind == "card":
            symbol = self.board.cards[s.card].symbol
            return (line.stations if s.branch else line.ends), self.board.accepts[symbol]
        if kind == "tour":
            return (task[1],), self.all_stations
        if kind == "free_any":
            return line.stations, self.all_stations
        return line.ends, self.all_stations  # free_end

    def segments(self, s: State, seat: int, starts: tuple[int, ...], accept: int
                 ) -> dict[int, list[int]]:
        """Legal segments (Reglas de construcción) as end station -> possible start stations.

        Along a grey link; ending on an accepted station; never into a station already on this
        line (no loops, the platform once); never a link already drawn or crossing a drawn one
        outside an overpass (`blocked`).
        """
        line = s.lines[seat][-1]
        mask = line.mask
        blocked = s.blocked[seat]
        adjacency = self.board.adjacency
        found: dict[int, list[int]] = {}
        for start in starts:
            for link, end in adjacency[start]:
                if (blocked >> link) & 1 or (mask >> end) & 1 or not (accept >> end) & 1:
                    continue
                if end in found:
                    found[end].append(start)
                else:
                    found[end] = [start]
        return found

    @ask("card")
    @ask("tour")
    @ask("free_any")
    @ask("free_end")
    def _segment_prompt(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """A segment to draw for the card, the guided tour or a free gate bonus, or decline;
        nothing when no segment is legal."""
        seat = task[-1]
        starts, accept = self.task_starts(s, task)
        on_line = s.lines[seat][-1].mask
        blocked = s.blocked[seat]
        links_to = self.links_to[accept]
        found: dict[int, int] = {}  # end -> its only start, or NONE when there are several
        for start in starts:
            for link_bit, end_bit, end in links_to[start]:
                if blocked & link_bit or on_line & end_bit:
                    continue
                found[end] = NONE if end in found else start
        if not found:
            return ()
        opt_draw, opt_to = self.opt_draw, self.opt_to
        opts = [opt_draw[a][end] if a != NONE else opt_to[end] for end, a in found.items()]
        kind = task[0]
        if kind == "card":
            opts.append(self.opt_pass)
            return _one_prompt(seat, "card", self.card_message[s.branch], tuple(opts),
                               self.card_params[s.card])
        if kind == "tour":
            return _one_prompt(seat, "tour", K + "prompt.tour", (*opts, self.opt_stop),
                               (("station", self.board.stations[task[1]].id),))
        count = task[1] if kind == "free_end" else 1
        return _one_prompt(seat, kind, K + "prompt." + kind, (*opts, self.opt_skip),
                           (("count", count),))

    @ask("start")
    def _start_prompt(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """The start of a segment whose chosen end several starts reach."""
        _, end, parent, seat = task
        starts, _ = self.task_starts(s, parent)
        opt_from = self.opt_from
        opts = tuple(opt_from[a][end] for a in self.segments(s, seat, starts, 1 << end)[end])
        return _one_prompt(seat, "start", K + "prompt.start", opts,
                           (("station", self.board.stations[end].id),))

    @ask("circle")
    def _circle_prompt(self, s: Any, task: tuple) -> tuple[Prompt, ...]:
        """Puertas de la ciudad, doble estación: any station of the line as drawn when the
        bonus is played (it is instantaneous), except the special ones (departures of any
        colour, the platform, monuments). Our reading: a corner gate station is an ordinary
        station, so it may be circled."""
        seat = task[-1]
        stations = self.board.stations
        opts = [self.opt_circle[st] for st in s.lines[seat][-1].stations
                if not stations[st].special]
        if not opts:
            return ()
        return _one_prompt(seat, "circle", K + "prompt.circle", (*opts, self.opt_skip))
