"""French Quarter results: points by category (through scoring.py), the details behind
them, the winners and their tie-break, the solo rating. Mixed into `rules.FrenchQuarter`."""

from __future__ import annotations

from game.engine.core import Detail, Note, tie_note

from . import scoring
from .board import Board
from .prompts import K
from .state import OVER, State


class ResultsMixin:
    """Scores, details, winners, tie-break and the solo rating."""

    board: Board

    def _seat_scores(self, s: State, seat: int,
                     lines: list[Detail] | None = None) -> dict[str, int]:
        """One seat's points by category; `lines` (if given) collects the Detail lines."""
        b, sh = self.board, s.sheets[seat]
        out = scoring.breakdown(b, sh, lines)
        if s.tourism:
            # Vacation cards are secret: they score only once the game is over.
            out["vacation"] = scoring.vacation(b, sh, lines) if s.phase == OVER else 0
        return out

    def scores(self, state: State) -> tuple[dict[str, int], ...]:
        """Points by category: the 5 activities, second_line, buildings, artists(, vacation)."""
        return tuple(self._seat_scores(state, seat) for seat in range(state.players))

    def details(self, state: State) -> tuple[tuple[Detail, ...], ...]:
        """Per seat, the lines behind `scores` (built by the same scoring functions)."""
        out = []
        for seat in range(state.players):
            lines: list[Detail] = []
            self._seat_scores(state, seat, lines)
            out.append(tuple(lines))
        return tuple(out)

    def winners(self, state: State) -> tuple[int, ...]:
        """Most points; tie: most Second Line points; still tied: shared victory."""
        totals = [sum(x.values()) for x in self.scores(state)]
        tied = [seat for seat, t in enumerate(totals) if t == max(totals)]
        if len(tied) == 1:
            return tuple(tied)
        best = max(state.sheets[seat].line for seat in tied)
        return tuple(seat for seat in tied if state.sheets[seat].line == best)

    def tiebreak(self, state: State) -> Note | None:
        """Why tied leaders were separated (Second Line) or share the victory."""
        if state.phase != OVER or state.players == 1:
            return None
        totals = [sum(x.values()) for x in self.scores(state)]
        winners = self.winners(state)
        return tie_note(totals, winners, K + "tiebreak.second_line", K + "tiebreak.shared",
                        ("line", state.sheets[winners[0]].line))

    def rating(self, state: State) -> Note | None:
        """Solo only, once the game is over: the rulebook's rating of the score (results screen)."""
        if state.players != 1 or state.phase != OVER:
            return None
        total = sum(self.scores(state)[0].values())
        return self.solo_rating(state), (("points", total), ("count", total))  # count: plural

    def solo_rating(self, state: State) -> str:
        """Modo solitario: the rating key for the solo total."""
        t = sum(self.scores(state)[0].values())
        for limit, key in ((74, "0"), (99, "1"), (124, "2"), (149, "3"), (174, "4"), (199, "5")):
            if t <= limit:
                return K + "solo_rating." + key
        return K + "solo_rating.6"
