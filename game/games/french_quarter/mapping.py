"""French Quarter mapping (Acción de mapear): the turn's mapping, Cultura B's extra one, the
W of Compras A/C and the bonus mappings of Comida A/C and the artist meter. Mixed into
`rules.FrenchQuarter`."""

from __future__ import annotations

from typing import Any

from game.engine.core import Action, Option, Pending
from game.engine.flow import ask, decide, run

from .board import Board
from .prompts import prompt
from .sheet import can_map, can_map_some, legal_values, maps_adjacent, small_gives_wild, w_left
from .state import Draft, State, W, with_item


class MappingMixin:
    """The turn kit handlers that write values on the map sheet's buildings."""

    board: Board
    _bid: dict[str, int]
    _map_opts: tuple[Option, ...]
    _map_w_opt: Option
    _no_map_opt: Option
    _skip_opt: Option
    _bmap_opts: tuple[Option, ...]
    _xmap_opts: tuple[tuple[Option, ...], ...]
    _street_pools: tuple[tuple[int, ...], ...]
    _all_buildings: tuple[int, ...]
    _end_turn: Any  # turn.TurnMixin

    def _map_params(self, s: State, b: int) -> tuple[tuple[str, Any], ...]:
        return (("building", self.board.buildings[b].name), ("value", s.die[1]))

    @run("map")
    def _map(self, d: Draft, task: tuple) -> None:
        """Acción de mapear: write the die value if it fits, else an umbrella."""
        seat = task[1]
        sh = d.sh(seat)
        v = d.die[1]
        if sh.police > 0 and v == sh.police:
            # Fiesta C: a die showing the police value skips the mapping action (and with it
            # Cultura B's extra mapping, our decision) for an umbrella.
            if d.tasks and d.tasks[0][:2] == ("xmap", seat):
                d.tasks = d.tasks[1:]
            d.push(("umb", seat, 1))
            return
        b = sh.pos
        if sh.mapped[b]:
            d.push(("umb", seat, 1))
        elif w_left(sh) > 0:
            d.push(("mapw", seat, b, True))  # True: declining takes the umbrella
        elif can_map(self.board, sh, b, v):
            before = d.tasks
            self._write(d, seat, b, v)
            if d.tasks is before:
                self._turn_tail(d, seat)
        else:
            d.push(("umb", seat, 1))

    def _turn_tail(self, d: Draft, seat: int) -> None:
        """After a mapping that pushed nothing, what the kit's loop would do next, done now:
        Cultura B's extra mapping asks nothing without the bonus (its task is dropped), and
        then the turn ends."""
        tasks = d.tasks
        if tasks[0][0] == "xmap" and not maps_adjacent(d.sheets[seat]):
            d.tasks = tasks[2:]
            self._end_turn(d, tasks[1])  # the turn's tasks end with xmap, end_turn

    def _write(self, d: Draft, seat: int, b: int, value: int) -> None:
        """Write a value (or W) on a building; Comida B: a small building gives a wild."""
        sh = d.sh(seat)
        sh.mapped = with_item(sh.mapped, b, value)
        if value == W:
            sh.w_used += 1
        d.emit("mapped", seat, building=self.board.buildings[b].id,
               value="W" if value == W else value)
        if self.board.buildings[b].small and small_gives_wild(sh):
            d.push(("wild", seat))

    @ask("mapw")
    def _ask_mapw(self, s: State, task: tuple) -> Pending:
        """Which value to write with a W left: the die's (if it fits), the W, or (turn mapping
        only, when the die does not fit) nothing and the umbrella."""
        seat, b = task[1], task[2]
        v = s.die[1]
        out = []
        if can_map(self.board, s.sheets[seat], b, v):
            out.append(self._map_opts[v])
        elif task[3]:  # the W is optional: without it the mapping fails and gives an umbrella
            out.append(self._no_map_opt)
        out.append(self._map_w_opt)
        return prompt(task, tuple(out), self._map_params(s, b))

    @decide("mapw")
    def _mapped_w(self, d: Draft, seat: int, action: Action) -> None:
        if action is None:
            d.push(("umb", seat, 1))
            return
        self._write(d, seat, d.task[2], W if action[1] == "W" else action[1])

    @ask("xmap")
    def _ask_xmap(self, s: State, task: tuple) -> Pending:
        """Cultura B: the unmapped neighbours the die value (or a W) fits, or skipping."""
        sh = s.sheets[task[1]]
        if not maps_adjacent(sh):
            return ()
        v = s.die[1]
        w = w_left(sh) > 0  # Compras A/C: a W may replace the die value in any mapping
        fits = {n: can_map(self.board, sh, n, v) for n in self.board.adjacency[sh.pos]
                if not sh.mapped[n]}
        xmap = self._xmap_opts  # per building, per value written (a W: index W)
        out = [xmap[n][v if ok else W] for n, ok in fits.items() if ok or w]
        return prompt(task, (*out, self._skip_opt) if out else ())

    @decide("xmap", "building")
    def _xmapped(self, d: Draft, seat: int, action: Action) -> None:
        """Cultura B: map one adjacent building with the same die value (optional).

        With a W left (Compras A/C: "cuando mapees un edificio") the W may replace the value:
        the chosen building was offered because one of them fits, so there is no declining.
        """
        b = self._bid[action[1]]
        if w_left(d.sheets[seat]) > 0:
            d.push(("mapw", seat, b, False))
        else:
            self._write(d, seat, b, d.die[1])

    @ask("bmap")
    def _ask_bmap(self, s: State, task: tuple) -> Pending:
        """A bonus mapping's building: unmapped, on the street if any, some value fitting."""
        street = task[2]
        sh = s.sheets[task[1]]
        b = self.board
        pool = self._street_pools[street] if street >= 0 else self._all_buildings
        opts = self._bmap_opts
        if w_left(sh) > 0:
            options = [opts[x] for x in pool if not sh.mapped[x]]
        else:
            options = [opts[x] for x in pool if can_map_some(b, sh, x)]
        return prompt(task, tuple(options),
                      (("street", b.streets[street].name if street >= 0 else ""),))

    @decide("bmap")
    def _bmap_building(self, d: Draft, seat: int, action: Action) -> None:
        d.push(("bval", seat, self._bid[action[1]]))

    @ask("bval")
    def _ask_bval(self, s: State, task: tuple) -> Pending:
        """A bonus mapping's value: any that fits (1-6), or a W while one is left."""
        x = task[2]
        sh = s.sheets[task[1]]
        out = [self._map_opts[v] for v in legal_values(self.board, sh, x)]
        if w_left(sh) > 0:
            out.append(self._map_w_opt)
        return prompt(task, tuple(out), self._map_params(s, x))

    @decide("bval")
    def _bval_written(self, d: Draft, seat: int, action: Action) -> None:
        self._write(d, seat, d.task[2], W if action[1] == "W" else action[1])
