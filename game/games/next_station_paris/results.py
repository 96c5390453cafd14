"""Next Station: Paris results: points by category (through scoring.py), the details behind
them, the winners and their tie-break, the solo rating. Mixed into `rules.NextStationParis`."""

from __future__ import annotations

from game.engine.core import Detail, Note, tie_note

from . import scoring
from .board import COLORS, Board
from .prompts import K
from .state import OVER, Line, State


class ResultsMixin:
    """Scores, details, winners, tie-break and the solo rating (Puntuar, Fin de la partida)."""

    board: Board

    def line_scores(self, state: State, seat: int) -> tuple[scoring.LineScore, ...]:
        """Each line of a seat, scored (the current one as drawn so far)."""
        return tuple([scoring.score_line(self.board, line) for line in state.lines[seat]])

    def scores(self, state: State) -> tuple[dict[str, int], ...]:
        """Points by category: lines, overpasses, interchanges (+ objectives, gates, solo)."""
        return tuple(self.seat_scores(state, seat) for seat in range(state.players))

    def seat_scores(self, s: State, seat: int) -> dict[str, int]:
        """One seat's points by category (see `scores`)."""
        board = self.board
        lines = s.lines[seat]
        results = self.line_scores(s, seat)
        out = {
            "lines": sum([r.base for r in results]),
            "overpasses": scoring.overpass_points(board, s.used[seat]),
            "interchanges": scoring.interchange_points(board, lines),
        }
        if "objectives" in s.modules:
            out["objectives"] = board.objective_points * sum(
                scoring.objective_met(board, board.objectives[o], lines, s.used[seat])
                for o in s.objectives)
        if "gates" in s.modules:
            out["gates"] = sum(r.points - r.base for r in results)
        if s.players == 1 and s.modules:
            out["solo_modules"] = board.scoring["solo_module"] * len(s.modules)
        return out

    def best_line(self, state: State, seat: int) -> int:
        """A seat's best single line score (the tie-break, Fin de la partida).

        Our reading: the line's score as written on the sheet, city-gate bonuses included.
        """
        return max(r.points for r in self.line_scores(state, seat))

    def winners(self, state: State) -> tuple[int, ...]:
        """Most points; tie: best single line; still tied: shared victory (Fin de la partida)."""
        totals = [sum(b.values()) for b in self.scores(state)]
        tied = [seat for seat, t in enumerate(totals) if t == max(totals)]
        if len(tied) == 1:
            return tuple(tied)
        best = {seat: self.best_line(state, seat) for seat in tied}
        top = max(best.values())
        return tuple(seat for seat in tied if best[seat] == top)

    def tiebreak(self, state: State) -> Note | None:
        """At the end, why tied leaders were separated (best line) or share the victory."""
        if state.phase != OVER or state.players == 1:
            return None
        totals = [sum(b.values()) for b in self.scores(state)]
        winners = self.winners(state)
        return tie_note(totals, winners, K + "tiebreak.line", K + "tiebreak.shared",
                        ("line", self.best_line(state, winners[0])))

    def rating(self, state: State) -> Note | None:
        """Solo only, at the end: the mayor's verdict for the total (Modo solitario)."""
        if state.players != 1 or state.phase != OVER:
            return None
        total = sum(self.scores(state)[0].values())
        return K + "rating." + scoring.rating(self.board, total), (("points", total), ("count", total))

    # -- score explanation for the results screen ----------------------------------------------
    def details(self, state: State) -> tuple[tuple[Detail, ...], ...]:
        """Per seat, the lines behind `scores` (each metro line, overpasses, interchanges...)."""
        return tuple(self._details(state, seat) for seat in range(state.players))

    def _details(self, s: State, seat: int) -> tuple[Detail, ...]:
        """One seat's Detail lines, category by category (see `details`)."""
        board = self.board
        lines = s.lines[seat]
        results = self.line_scores(s, seat)
        out = [Detail("lines", K + "detail.line",
                      (("color", K + "color." + COLORS[line.color]), ("districts", r.districts),
                       ("stations", r.stations), ("monuments", r.monuments),
                       ("each", board.scoring["monument"])), r.base)
               for line, r in zip(lines, results)]
        out.extend(self._overpass_details(s, seat))
        out.extend(self._interchange_details(lines))
        if "objectives" in s.modules:
            for o in s.objectives:
                obj = board.objectives[o]
                ok = scoring.objective_met(board, obj, lines, s.used[seat])
                out.append(Detail("objectives", K + "objective." + obj.id, (),
                                  board.objective_points if ok else 0, ok))
        if "gates" in s.modules:
            extra = [Detail("gates", K + "detail.gate", (("color", K + "color."
                                                          + COLORS[line.color]),),
                            r.points - r.base, True)
                     for line, r in zip(lines, results) if r.points != r.base]
            out.extend(extra or [Detail("gates", K + "detail.no_gates")])
        if s.players == 1 and s.modules:
            out.append(Detail("solo_modules", K + "detail.solo_modules",
                              (("count", len(s.modules)),),
                              board.scoring["solo_module"] * len(s.modules), False))
        return tuple(out)

    def _overpass_details(self, s: State, seat: int) -> tuple[Detail, ...]:
        """The overpass lines: overpasses used once and used twice, with their points."""
        table = self.board.scoring["overpass"]
        uses = scoring.overpass_uses(self.board, s.used[seat])
        out = tuple(Detail("overpasses", K + f"detail.overpass{n}",
                           (("count", uses.count(n)), ("each", table[n])),
                           uses.count(n) * table[n]) for n in (1, 2) if uses.count(n))
        return out or (Detail("overpasses", K + "detail.no_overpasses"),)

    def _interchange_details(self, lines: tuple[Line, ...]) -> tuple[Detail, ...]:
        """The interchange lines: stations joined by 2, 3 and 4 lines."""
        table = self.board.scoring["interchange"]
        joined = list(scoring.interchange_counts(lines).values())
        out = tuple(Detail("interchanges", K + "detail.interchanges",
                           (("lines", n), ("count", joined.count(n)), ("each", table[n])),
                           joined.count(n) * table[n]) for n in (2, 3, 4) if joined.count(n))
        return out or (Detail("interchanges", K + "detail.no_interchanges"),)
