"""French Quarter Second Lines, the parades (Puntuación Segunda Línea, Misticismo B): the
public line's start die, its steering by who took Socialize, the personal lines and the
scoring of the buildings along them. Mixed into `rules.FrenchQuarter`."""

from __future__ import annotations

from typing import Any

from game.engine.core import Action, Option, Pending
from game.engine.flow import ask, decide, resolve, run

from .board import Board
from .prompts import prompt
from .sheet import has_personal_line
from .state import Draft, Sheet, State


class ParadeMixin:
    """The turn kit handlers of the public and the personal Second Lines."""

    board: Board
    _skip_opt: Option
    _direction_opts: dict[str, Option]
    _start_opts: dict[int, Option]  # per intersection a Second Line may start at
    _seg_buildings: tuple[tuple[int, ...], ...]
    # Per intersection, (direction, segment, its street) of each segment leaving it, in
    # DIRECTIONS order.
    _head_segments: tuple[tuple[tuple[str, int, int], ...], ...]
    closed_street: Any  # variants.MayorMixin

    @resolve("line_start")
    def _line_started(self, d: Draft, outcome: int) -> None:
        p = self.board.line_starts[outcome - 1]
        d.line_start = d.line_head = p
        d.emit("line_start", None, die=outcome, intersection=p)

    @ask("pstart")
    def _ask_pstart(self, s: State, task: tuple) -> Pending:
        """Misticismo B: any numbered start but the public line's, or a further start point."""
        b = self.board
        points = [p for p in b.line_starts if p != s.line_start] + list(b.personal_starts)
        return prompt(task, tuple([self._start_opts[p] for p in points]))

    @decide("pstart")
    def _pstarted(self, d: Draft, seat: int, action: Action) -> None:
        d.sh(seat).p_head = action[1]
        d.emit("personal_line", seat, intersection=action[1])

    def _direction_options(self, s: State, head: int, drawn: frozenset[int]
                           ) -> tuple[Option, ...]:
        return tuple(map(self._direction_opts.__getitem__, self.line_moves(s, head, drawn)))

    @ask("line_dir")
    def _ask_line_dir(self, s: State, task: tuple) -> Pending:
        """Who took Socialize steers the public Second Line (never declined)."""
        return prompt(task, self._direction_options(s, s.line_head, s.line_segs))

    @ask("pdir")
    def _ask_pdir(self, s: State, task: tuple) -> Pending:
        """A personal Second Line may advance ("podrás"), so skipping is offered."""
        sh = s.sheets[task[1]]
        dirs = self._direction_options(s, sh.p_head, sh.p_segs)
        return prompt(task, (*dirs, self._skip_opt) if dirs else ())

    def line_moves(self, s: State, head: int, drawn: frozenset[int]) -> list[str]:
        """Directions a Second Line may advance: a street or border, not drawn, not closed."""
        closed = self.closed_street(s)
        return [d for d, seg, street in self._head_segments[head]
                if seg not in drawn and street != closed]

    @decide("line_dir")
    def _line_advanced(self, d: Draft, seat: int, action: Action) -> None:
        seg = self.board.seg_at[(d.line_head, action[1])]
        d.line_segs = d.line_segs | {seg}
        d.line_head = self.board.seg_end[(d.line_head, action[1])]
        d.emit("line_advanced", seat, direction=action[1], segment=seg)

    @decide("pdir", "direction")
    def _personal_advanced(self, d: Draft, seat: int, action: Action) -> None:
        sh = d.sh(seat)
        seg = self.board.seg_at[(sh.p_head, action[1])]
        sh.p_segs = sh.p_segs | {seg}
        sh.p_head = self.board.seg_end[(sh.p_head, action[1])]
        d.emit("personal_advanced", seat, direction=action[1], segment=seg)

    @run("personal_dirs")
    def _personal_dirs(self, d: Draft, task: tuple) -> None:
        """Misticismo B: each personal Second Line may advance too, from the first player on."""
        seats = [(d.first + i) % d.players for i in range(d.players)]
        d.push(*(("pdir", seat) for seat in seats if has_personal_line(d.sheets[seat])))

    @run("line_score")
    def _line_score(self, d: Draft, task: tuple) -> None:
        """Puntuación Segunda Línea: a box per mapped building touching a line, then umbrellas."""
        b = self.board
        umbrellas: list[tuple] = []
        for i in range(d.players):
            seat = (d.first + i) % d.players
            sh = d.sh(seat)
            count = self.line_count(sh, d.line_segs)
            before = sh.line
            sh.line = min(b.line_boxes, before + count)
            rows = sh.line // b.line_row - before // b.line_row
            d.emit("line_scored", seat, count=count, rows=rows)
            umbrellas += [("umb", seat, 1)] * rows
        d.push(*umbrellas)

    def line_count(self, sh: Sheet, public: frozenset[int]) -> int:
        """`len(sheet.line_buildings(board, sh, public))`, from the segments drawn (a few
        dozen) rather than every building's sides: it runs for every seat every round."""
        mapped, touching = sh.mapped, self._seg_buildings
        return len({x for seg in public | sh.p_segs for x in touching[seg] if mapped[x]})
