"""Urban Sprawl politics: row payouts, elections, the Contractor, and the final scoring.

Rulebook "Activadores de elecciones y pagos" (a ballot moves the pawn and holds that square's
election; a payout pays a row by rank, ties sharing), "Políticos" (each office's power and end
bonus), "Elecciones" (who wins each office and who breaks its ties), "Asignación del Contratista"
and "Ganar la partida" (final payout of every prestige row, 1 prestige per 10 wealth, the
politicians' bonuses).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from operator import itemgetter
from typing import Any

from game.engine.core import Pending
from game.engine.flow import ask, decide, run
from game.engine.trails import bits

from . import city
from .board import OFFICES
from .prompts import prompt_of
from .state import NOBODY, State, gain, replaced

OFFICE = {name: i for i, name in enumerate(OFFICES)}
# Who breaks a tie in each election (rulebook "Elecciones"); the Mayor's is the Media holder.
TIE_BREAKER = {"district_attorney": "mayor", "treasurer": "district_attorney",
               "police_chief": "treasurer", "union_boss": "police_chief",
               "contractor": "union_boss"}
OFFICE_ZONE = {"district_attorney": "CIV", "treasurer": "COM", "police_chief": "RES",
               "union_boss": "IND"}
WEALTH_PER_PRESTIGE = 10  # at the end, 1 prestige per full 10 wealth


class PoliticsMixin:
    """The turn kit handlers of payouts, elections and the end of the game."""

    board: Any
    # (resource, value) -> (its lots' mask, or the index of the marker placing it, its payout
    # amounts); per circle, the mask of its row's lots (rules.prebuild_options)
    payout_rows: Any
    circle_masks: tuple[int, ...]
    fixed: Any  # the rules' prebuilt options (rules.UrbanSprawl._fixed_options)

    # -- payouts (rulebook "Activadores de elecciones y pagos") ---------------------------------
    @run("payout")
    def _payout(self, d: Any, task: tuple) -> None:
        _, resource, value, source = task
        self.pay_row(d, resource, value, source)

    def pay_row(self, d: Any, resource: str, value: int, source: str) -> None:
        """Pay a row: the table's amounts by rank of buildings there; tied seats share the
        amounts of the places they cover, fractions dropped."""
        row, marker, table = self.payout_rows[(resource, value)]
        if marker is not None:  # a marker's row: on the board once the marker is in play
            circle = d.markers[marker]
            if circle == NOBODY:
                return
            row = self.circle_masks[circle]
        # A building lies within one block: it stands in the row if its first lot does.
        counts = tuple(map(int.bit_count, map(row.__and__, d.anchors)))  # no Python frame
        if d.loud:  # a quiet draft's emit records nothing (flow.DraftBase.loud)
            d.emit("payout", None, resource=resource, value=value)
        shares = shares_in_order(counts, table[:d.players])
        if resource == "wealth":  # gain() per seat, one new tuple for them all
            wealth = list(d.wealth)
            for seat, amount in shares:
                if amount > 0:
                    wealth[seat] += amount
            d.wealth = tuple(wealth)
            return
        for seat, amount in shares:  # the ledger's term: the row (and at the end, the count)
            gain(d, seat, resource, amount, (source, value, counts[seat])
                 if source == "final_payout" else (source, value))

    # -- elections (rulebook "Elecciones", "Asignación del Contratista") ------------------------
    @run("ballot")
    def _ballot(self, d: Any, task: tuple) -> None:
        """A ballot icon: the pawn moves one square and that square's election is held."""
        d.election_pos = (d.election_pos + 1) % len(self.board.election_track)
        self.call_election(d, self.board.election_track[d.election_pos])

    def call_election(self, d: Any, office: str) -> None:
        """Hold an election, if that politician is in play (only the Mayor before the Airport)."""
        if office == "mayor" or d.politicians_in_play:
            self._election(d, ("election", office))  # the election task, run now

    @run("election")
    def _election(self, d: Any, task: tuple) -> None:
        office = task[1]
        tied = self.candidates(d, office)
        if len(tied) == 1:
            self._appoint(d, ("appoint", office, tied[0]))
        elif tied:
            d.push(("choose_seat", self.tie_breaker(d, office), ("office", office), tuple(tied)))
        else:
            self._contractor(d, ("contractor",))

    def candidates(self, s: Any, office: str) -> list[int]:
        """Seats tied for an office: most vocations (Mayor), else the most valuable building of
        the zone, then most buildings of the zone."""
        if office == "mayor":
            held = [sum(v) for v in s.vocations]
            return [seat for seat in range(s.players) if held[seat] == max(held)]
        zone_lots, best = s.zone_lots[city.ZONE_INDEX[OFFICE_ZONE[office]]], {}
        block_of, values = self.board.block_of, s.values
        for seat, anchors in enumerate(s.anchors):  # each building of the zone by its first lot
            firsts = bits(anchors & zone_lots)
            if firsts:
                best[seat] = (max([values[block_of[lot]] for lot in firsts]), len(firsts))
        if not best:
            return []
        top = max(best.values())
        return sorted(seat for seat, score in best.items() if score == top)

    def tie_breaker(self, s: Any, office: str) -> int:
        """Who picks among tied seats: the rulebook's office (Media for the Mayor)."""
        if office == "mayor":
            media = [v[self.board.vocations.index("media")] for v in s.vocations]
            leaders = [seat for seat, n in enumerate(media) if n and n == max(media)]
            return leaders[0] if len(leaders) == 1 else s.active
        holder = s.offices[OFFICE[TIE_BREAKER[office]]]
        return s.active if holder == NOBODY else holder

    @run("appoint")
    def _appoint(self, d: Any, task: tuple) -> None:
        _, office, seat = task
        d.offices = replaced(d.offices, OFFICE[office], seat)
        if d.loud:
            d.emit("elected", seat, office=office)
        if office == "mayor":  # a (re)elected Mayor places a park and controls it
            d.push(("place_park", seat, "anywhere", NOBODY), ("contractor",))
        else:
            self._contractor(d, ("contractor",))

    @run("contractor")
    def _contractor(self, d: Any, task: tuple) -> None:
        """After each election, the Contractor (once in play) goes to the least prestige."""
        if not d.contractor_in_play:
            return
        totals = list(map(sum, d.prestige))  # total_prestige of every seat, with no call each
        least = min(totals)
        tied = tuple(s for s, total in enumerate(totals) if total == least)
        if len(tied) == 1:
            self.set_office(d, "contractor", tied[0])
        else:
            d.push(("choose_seat", self.tie_breaker(d, "contractor"), ("contractor",), tied))

    def set_office(self, d: Any, office: str, seat: int) -> None:
        """Hand an office's tile to a seat."""
        d.offices = replaced(d.offices, OFFICE[office], seat)
        if d.loud:
            d.emit("elected", seat, office=office)

    @ask("choose_seat")
    def _ask_seat(self, state: State, task: tuple) -> Pending:
        _, decider, purpose, tied = task
        fixed = self.fixed
        return prompt_of(decider, "choose_seat", [fixed[("seat", s)] for s in tied],
                         (("purpose", purpose[-1]),))

    @decide("choose_seat")
    def _seat_chosen(self, d: Any, decider: int, action: tuple) -> None:
        seat, purpose = action[1], d.task[2]
        if purpose[0] == "office":
            d.push(("appoint", purpose[1], seat))
        elif purpose[0] == "contractor":
            self.set_office(d, "contractor", seat)
        else:
            self.give_vocation(d, seat, "media")

    # -- the end (rulebook "Ganar la partida") ------------------------------------------------
    @run("final")
    def _final(self, d: Any, task: tuple) -> None:
        """Final payout of every prestige row, 1 prestige per 10 wealth, politicians' bonuses."""
        for value in range(1, len(self.board.prestige_payouts) + 1):
            self.pay_row(d, "prestige", value, "final_payout")
        for seat in range(d.players):
            gain(d, seat, "prestige", d.wealth[seat] // WEALTH_PER_PRESTIGE,
                 ("wealth", d.wealth[seat]))
        for office, seat in zip(OFFICES, d.offices):
            if seat != NOBODY and office != "contractor":
                gain(d, seat, "prestige", self.office_bonus(d, office, seat),
                     ("politicians", office))
        d.over = True
        d.emit("game_over", None, reveal=True)

    def office_bonus(self, s: Any, office: str, seat: int) -> int:
        """A politician's end bonus: the Mayor's buildings next to parks, or the zone's count."""
        if office != "mayor":
            return sum(1 for _, b in city.live_buildings(s) if b.zone == OFFICE_ZONE[office])
        parks = {bid for bid, b in city.live_buildings(s) if b.zone == city.PARK}
        return sum(1 for _, b in city.live_buildings(s)
                   if b.owner == seat and b.zone != city.PARK
                   and city.adjacent_buildings(self.board, s, b.lots) & parks)


@lru_cache(maxsize=4096)  # a pure function of small tuples; the same ones recur every game
def shares_in_order(counts: tuple[int, ...], table: tuple[int, ...]
                    ) -> tuple[tuple[int, int], ...]:
    """`shares` as (seat, amount) pairs, in its order."""
    return tuple(shares(list(counts), table).items())


def shares(counts: list[int], table: tuple[int, ...]) -> dict[int, int]:
    """Payout shares by rank of `counts` (seats with none get nothing): tied seats split the
    amounts of the places they take, fractions dropped (rulebook "Empates en los pagos").
    Seats come out by rank, tied ones from the highest seat down (the order of the gains)."""
    ranked = sorted([(c, s) for s, c in enumerate(counts) if c], reverse=True)
    if len(ranked) < 2:  # nobody, or one seat alone: first place
        return {s: table[0] for _, s in ranked}
    out, place = {}, 0
    for _, tied in groupby(ranked, key=itemgetter(0)):
        group = [s for _, s in tied]
        pot = sum(table[place:place + len(group)])
        for seat in group:
            out[seat] = pot // len(group)
        place += len(group)
    return out
