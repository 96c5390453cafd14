"""GreedyBot heuristic for Next Station: Paris: one score per option, from a view only.

Sheets never interact, so each option is judged on the bot's own sheet: play the option (and
what it triggers at once: a guided tour, a city gate's bonus), then finish the round many times
over random orders of the cards still unseen (the deck is the 11 cards minus those revealed this
round), drawing each later segment with a fast one-step greedy policy, and average the round's
worth: the line's score (districts × best district + monuments, with its gate bonuses) plus what
the segments add in interchanges with earlier lines and in overpasses, plus the shared
objectives' worth (`Goals`). Every option sees the same card orders (common random numbers), so
differences come from the option, not from luck. The random numbers are seeded from the view:
same view, same choice.

Advanced modules: a rollout opens the city gates it lands on (free segments, doubled district,
circled station), and its policy is lured towards gates and towards stations that advance an
unmet objective. An objective is worth 10 once met; before the last round, progress towards it
is worth its chance of being met later (`Goals.phi`), so the bot invests early but never pays
more than the objective can return.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from game.engine.core import Prompt
from game.engine.hints import Reason

from . import scoring
from .board import BRANCH, JOKER, Board
from .rules import NextStationParis
from .scoring import has_segment
from .state import NONE, Line, State

ROLLOUTS = 48  # card orders per decision, shared by every option (fewer when options abound)
BUDGET = 300  # rollouts per decision in total: keeps the p95 latency well under 50 ms
MOBILITY = 3.5  # rollout policy: worth of each free link from the new end (tuned: solo avg)
DISTRICT_SLOTS = 16  # more than the 13 districts: the last slot holds a doubled district
KINDS = ("card", "start", "tour", "free_any", "free_end", "circle")

# Objectives (tuned on solo averages). RATE: units of progress a line can add in one round
# when it tries (stations, overpasses...); it sets how much early progress is worth.
RATE = {"monuments": 2.0, "full_district": 2.0, "overpasses": 1.0, "interchanges": 1.5,
        "line_districts": 0.0}
PARTIAL = 0.4  # a station on one line short of an interchange objective: this much of one
# Rollout policy: share of an objective's worth per unit of progress it is lured by. Tuned on
# solo averages (200 seeds): the 7-district line is met 20% of the time at 1, 55% from 5 on,
# at no cost in line points; the others barely move with it.
OBJ_LURE = {"monuments": 1.0, "full_district": 1.0, "overpasses": 1.0, "interchanges": 1.0,
            "line_districts": 5.0}
# Rollout policy: what landing on a gate is worth before its bonus is played. Tuned on solo
# averages with gates (200 seeds): 174 without a lure, 179 at a fifth of these, 184-185 from
# these on (a corner is a dead end, which the policy's MOBILITY term otherwise shuns).
GATE_LURE = {"branch_free": 20.0, "double_free": 40.0, "double_district": 20.0,
             "double_station": 20.0}


class CompactSheet:
    """The bot's own sheet in a compact, mutable form for fast rollouts."""

    __slots__ = (
        "blocked",
        "counts",
        "ends",
        "gain",
        "mask",
        "monuments",
        "shared",
        "stations",
        "used",
    )

    def __init__(self, line: Line, blocked: int, used: int, shared: dict[int, int],
                 district: tuple[int, ...], monument: tuple[int, ...]) -> None:
        self.stations = list(line.stations)
        self.ends = list(line.ends)
        self.mask = line.mask
        self.blocked = blocked
        self.used = used
        self.counts = [0] * DISTRICT_SLOTS  # stations per district index
        self.monuments = 0
        for st in line.stations:
            self.counts[district[st]] += 1
            self.monuments += monument[st]
        # Gate bonuses of this line: a circled station counts twice; a doubled district is
        # one more district, kept as a 1-station entry in the spare last slot.
        if line.double_station != NONE:
            self.counts[district[line.double_station]] += 1
        if line.double_district != NONE:
            self.counts[-1] = 1
        self.shared = shared  # station -> earlier lines through it
        self.gain = 0  # interchange and overpass points the segments of this round add

    def copy(self) -> CompactSheet:
        """An independent copy (rollouts mutate)."""
        other = object.__new__(CompactSheet)
        other.stations = self.stations[:]
        other.ends = self.ends[:]
        other.mask = self.mask
        other.blocked = self.blocked
        other.used = self.used
        other.counts = self.counts[:]
        other.monuments = self.monuments
        other.shared = self.shared
        other.gain = self.gain
        return other

    def districts(self) -> int:
        """Districts the line crosses, a doubled one counted once (the objective's count)."""
        return len(self.counts) - self.counts.count(0) - (self.counts[-1] > 0)


class Goals:
    """What the advanced modules add to one decision's rollouts (fixed while it is made).

    `gates`: corner station -> its bonus. `lure`: per station, what the rollout policy adds for
    ending a segment there (an open gate, a station an unmet objective misses). `checks`: the
    unmet objectives, scored on the sheet at the end of each rollout (`worth`).
    """

    def __init__(self, p: Planner, view: State, seat: int) -> None:
        board = p.board
        self.later = p.rules.rounds - 1 - view.round  # rounds left after this one
        self.gates: dict[int, str] = {}
        if "gates" in view.modules:
            self.gates = {st: board.bonuses[g] for st, g in zip(board.gate_corners, view.gates)}
        lines = view.lines[seat]
        # The earlier lines as the engine scores them: one never drawn is no line at all.
        self.network = scoring.network(lines[:-1])  # stations of the earlier lines
        self.shared = scoring.station_lines(lines[:-1])  # station -> earlier lines through it
        lure = [0.0] * len(board.stations)
        for st, bonus in self.gates.items():
            lure[st] += GATE_LURE[bonus]
        self.checks: list[tuple[str, int, int]] = []  # (kind, count, lines) still unmet
        self.district_target = 0  # the 7-district objective's count, 0 when not wanted
        self.overpass_lure = 0.0  # policy: per second use of an overpass while it is wanted
        if "objectives" in view.modules:
            for o in view.objectives:
                obj = board.objectives[o]
                if not scoring.objective_met(board, obj, lines, view.used[seat]):
                    self.checks.append((obj.kind, obj.count, obj.lines))
                    self._lure(p, view, seat, obj.kind, obj.count, obj.lines, lure)
        self.lure = tuple(lure)
        self.active = bool(self.checks)

    # -- the policy's lures ----------------------------------------------------------------------
    def unit(self, kind: str, need: float) -> float:
        """The policy's lure for one unit of progress on an objective `need` units short."""
        return OBJ_LURE[kind] * 10 / max(1.0, need + RATE[kind] * self.later)

    def _lure(self, p: Planner, view: State, seat: int, kind: str, count: int, lines: int,
              lure: list[float]) -> None:
        """Add what the policy gains for the stations this objective still misses."""
        covered = self.network | view.lines[seat][-1].mask
        if kind == "monuments":
            missing = p.monument_mask & ~covered
            unit = self.unit(kind, count - (p.monument_mask & covered).bit_count())
            for st in _bits(missing):
                lure[st] += unit
        elif kind == "full_district":
            for mask in p.main_masks:
                missing = mask & ~covered
                unit = self.unit(kind, missing.bit_count())
                for st in _bits(missing):
                    lure[st] += unit
        elif kind == "interchanges":
            self._lure_interchanges(view.lines[seat][-1].mask, count, lines, lure)
        elif kind == "overpasses":
            self.overpass_lure = self.unit(kind, count)
        else:  # line_districts: a lure per new district, see `district_lure`
            self.district_target = count

    def _lure_interchanges(self, line_mask: int, count: int, lines: int,
                           lure: list[float]) -> None:
        triples = sum(n >= lines for n in self.shared.values())
        unit = self.unit("interchanges", count - triples)
        for st, n in self.shared.items():
            if (line_mask >> st) & 1:
                continue  # the line is already there
            if n == lines - 1:
                lure[st] += unit  # this line makes it an objective station
            elif n == lines - 2 and self.later:
                lure[st] += PARTIAL * unit  # a later line can finish it

    def district_lure(self, sh: CompactSheet) -> float:
        """Policy: extra worth of a new district while the line is short of the objective."""
        if not self.district_target:
            return 0.0
        need = self.district_target - sh.districts()
        return 0.0 if need <= 0 else OBJ_LURE["line_districts"] * 10 / (need + 2)

    # -- the objectives' worth at the end of a rollout ---------------------------------------
    def phi(self, kind: str, need: float) -> float:
        """An objective's worth `need` units short at the end of this round.

        10 once met; otherwise what its chance of being met in the later rounds is worth:
        nothing in the last round (or for a one-line objective), more the less is missing.
        """
        if need <= 0:
            return 10.0
        reach = RATE[kind] * self.later
        if reach <= 0:
            return 0.0
        return 10.0 * max(0.0, 1.0 - need / (reach + 1.0))

    def worth(self, p: Planner, sh: CompactSheet) -> float:
        """The unmet objectives' worth on the sheet at the end of a rollout."""
        total = 0.0
        for kind, count, lines in self.checks:
            total += self.phi(kind, self.need(p, sh, kind, count, lines))
        return total

    def need(self, p: Planner, sh: CompactSheet, kind: str, count: int, lines: int) -> float:
        """How many units of progress the sheet still misses for an objective (a line with no
        segment covers nothing, as in the engine: `scoring.network`)."""
        drawn = has_segment(sh.stations)
        covered = self.network | sh.mask if drawn else self.network
        if kind == "monuments":
            return count - (p.monument_mask & covered).bit_count()
        if kind == "full_district":
            return sum(sorted((m & ~covered).bit_count() for m in p.main_masks)[:count])
        if kind == "line_districts":
            return count - sh.districts() if drawn else count
        if kind == "overpasses":
            return count - sum((sh.used & both) == both for both in p.overpass_masks)
        return self._need_interchanges(sh, count, lines)

    def _need_interchanges(self, sh: CompactSheet, count: int, lines: int) -> float:
        """Stations joining `lines` lines still missing; a station one line short is PARTIAL.

        A line with no segment joins nothing, not even at its departure (`scoring.drawn`)."""
        after = dict(self.shared)
        if has_segment(sh.stations):
            for st in sh.stations:
                after[st] = after.get(st, 0) + 1
        full = sum(n >= lines for n in after.values())
        if self.later <= 0:
            return count - full
        near = sum(n == lines - 1 for n in after.values())
        return count - full - PARTIAL * min(near, max(0, count - full))


class Planner:
    """Static tables of one board for the rollouts."""

    def __init__(self, rules: NextStationParis, mobility: float = MOBILITY) -> None:
        b: Board = rules.board
        self.mobility = mobility  # the policy's worth of each free link from a segment's end
        if len(b.districts) >= DISTRICT_SLOTS:
            raise ValueError(f"the bot handles at most {DISTRICT_SLOTS - 1} districts")
        self.rules = rules
        self.board = b
        self.adjacency = b.adjacency
        # Per station: its links as (link, end, link bit, end bit) for the rollout's hot loop.
        self.adjacency_bits = tuple(tuple((link, end, 1 << link, 1 << end) for link, end in adj)
                                    for adj in b.adjacency)
        # Per link: the bits drawing it adds to `blocked` (itself and the links it crosses).
        self.block_bits = tuple((1 << link) | c for link, c in enumerate(b.conflicts))
        self.conflicts = b.conflicts
        self.accepts = b.accepts
        self.district = tuple(s.district for s in b.stations)
        self.monument = tuple(int(s.monument) for s in b.stations)
        self.ordinary = tuple(not s.special for s in b.stations)  # may be circled
        self.symbol = tuple(c.symbol for c in b.cards)
        self.metro = tuple(int(c.metro) for c in b.cards)
        self.all = b.accepts[JOKER]
        self.partner = {}
        for o in b.overpasses:
            self.partner[o.links[0]] = o.links[1]
            self.partner[o.links[1]] = o.links[0]
        self.interchange = b.scoring["interchange"]
        self.overpass = b.scoring["overpass"]
        self.monument_points = b.scoring["monument"]
        self.metro_end = b.scoring["metro_cards_per_round"]
        # Objective tables: station bitmasks of the monuments and of each main district, and
        # per overpass the bitmask of its two links.
        self.monument_mask = sum(1 << s.index for s in b.stations if s.monument)
        self.main_masks = tuple(sum(1 << st for st in d.stations) for d in b.districts if d.main)
        self.overpass_masks = tuple((1 << o.links[0]) | (1 << o.links[1]) for o in b.overpasses)

    # -- sheet updates ---------------------------------------------------------------------------
    def extra(self, sh: CompactSheet, end: int, link: int) -> int:
        """Interchange and overpass points a segment adds to the sheet at its end and its link
        (the first segment adds `departure_gain` as well)."""
        gain = 0
        k = sh.shared.get(end, 0)
        if k:
            table = self.interchange
            gain += table[min(k + 1, 4)] - table[min(k, 4)]
        partner = self.partner.get(link)
        if partner is not None:
            gain += self.overpass[1 + ((sh.used >> partner) & 1)] - self.overpass[
                (sh.used >> partner) & 1]
        return gain

    def departure_gain(self, sh: CompactSheet) -> int:
        """Interchange points the line's first segment adds at its departure, for a line with
        no segment yet: such a line is no line (`scoring.drawn`), so its departure joins the
        earlier lines through it only once the line is drawn."""
        k = sh.shared.get(sh.stations[0], 0)
        if not k:
            return 0
        table = self.interchange
        return table[min(k + 1, 4)] - table[min(k, 4)]

    def draw(self, sh: CompactSheet, start: int, end: int, link: int) -> None:
        """Add a segment to the sheet (mirrors drawing._draw)."""
        sh.gain += self.extra(sh, end, link)
        if not has_segment(sh.stations):  # the first segment: the departure joins the line
            sh.gain += self.departure_gain(sh)
        if len(sh.stations) > 1 and start in sh.ends:
            sh.ends.remove(start)
        sh.ends.append(end)
        sh.stations.append(end)
        sh.mask |= 1 << end
        sh.used |= 1 << link
        sh.blocked |= (1 << link) | self.conflicts[link]
        sh.counts[self.district[end]] += 1
        sh.monuments += self.monument[end]

    def circle(self, sh: CompactSheet) -> None:
        """Double-station gate: circle an ordinary station of the line's biggest district."""
        counts, district, ordinary = sh.counts, self.district, self.ordinary
        best = NONE
        for st in sh.stations:
            if ordinary[st] and (best == NONE or counts[district[st]] > counts[best]):
                best = district[st]
        if best != NONE:
            counts[best] += 1

    def line_value(self, sh: CompactSheet) -> int:
        """The line's score plus the sheet points its segments added (a line with no segment
        yet scores 0, as in the engine: `scoring.drawn`)."""
        if not has_segment(sh.stations):
            return sh.gain
        counts = sh.counts
        districts = len(counts) - counts.count(0)
        return districts * max(counts) + self.monument_points * sh.monuments + sh.gain

    def step(self, sh: CompactSheet, starts, accept: int, g: Goals, rng: random.Random) -> int:
        """Draw the policy's best segment (or nothing); returns the end station or NONE.

        The policy's worth of a segment: the line's score right after it, plus the sheet
        points it adds, plus `mobility` per grey link still free from its end, plus the
        modules' lures (a hot loop: everything is inlined).
        """
        counts = sh.counts
        districts = len(counts) - counts.count(0)
        top = max(counts)
        base = self.monument_points * sh.monuments + sh.gain
        if has_segment(sh.stations):
            current = districts * top + base  # self.line_value(sh), inlined
        else:  # no line yet (scoring.drawn): a segment makes the departure join the line too
            current = sh.gain
            base += self.departure_gain(sh)
        blocked, mask = sh.blocked, sh.mask
        adjacency_bits, block_bits, district = self.adjacency_bits, self.block_bits, self.district
        monument, monument_points = self.monument, self.monument_points
        shared, partner, lure, second = sh.shared, self.partner, g.lure, g.overpass_lure
        new_district = g.district_lure(sh) if g.district_target else 0.0
        free_ends = accept & ~mask  # accepted stations not on the line yet
        random_, mobility = rng.random, self.mobility
        best, move = current - 0.5, None
        for start in starts:
            for link, end, link_bit, end_bit in adjacency_bits[start]:
                if blocked & link_bit or not free_ends & end_bit:
                    continue
                c = counts[district[end]] + 1
                value = ((districts + (c == 1)) * max(top, c)
                         + monument_points * monument[end] + base + lure[end])
                if c == 1:
                    value += new_district
                if end in shared or link in partner:
                    value += self.extra(sh, end, link)
                    if second and link in partner:
                        value += second * ((sh.used >> partner[link]) & 1)
                now_blocked = blocked | block_bits[link]
                now_mask = mask | end_bit
                free = 0
                for _, _, lk_bit, other_bit in adjacency_bits[end]:
                    if not (now_blocked & lk_bit or now_mask & other_bit):
                        free += 1
                value += mobility * free + random_() * 0.01
                if value > best:
                    best, move = value, (start, end, link)
        if move is None:
            return NONE
        self.draw(sh, *move)
        return move[1]

    # -- gates and follow-up tasks ---------------------------------------------------------------
    def land(self, sh: CompactSheet, end: int, g: Goals, rng: random.Random) -> None:
        """A segment ended at `end`: play the city gate there, if any (Puertas de la ciudad)."""
        bonus = g.gates.get(end)
        if bonus is None:
            return
        if bonus == "branch_free":
            self.free(sh, sh.stations, g, rng)
        elif bonus == "double_free":
            self.free(sh, sh.ends, g, rng)
            self.free(sh, sh.ends, g, rng)
        elif bonus == "double_district":
            sh.counts[-1] = 1
        else:
            self.circle(sh)

    def free(self, sh: CompactSheet, starts, g: Goals, rng: random.Random) -> None:
        """A gate's free segment to any station (it may open another gate)."""
        end = self.step(sh, tuple(starts), self.all, g, rng)
        if end != NONE:
            self.land(sh, end, g, rng)

    def run_tasks(self, sh: CompactSheet, tasks: tuple, g: Goals, rng: random.Random) -> None:
        """Play the policy through tasks still queued for this card (see state.py)."""
        for task in tasks:
            kind = task[0]
            if kind == "tour":
                end = self.step(sh, (task[1],), self.all, g, rng)
                if end != NONE:
                    self.land(sh, end, g, rng)
            elif kind == "gate":
                self.land(sh, task[1], g, rng)
            elif kind == "free_any":
                self.free(sh, sh.stations, g, rng)
            elif kind == "free_end":
                for _ in range(task[1]):
                    self.free(sh, sh.ends, g, rng)
            elif kind == "circle":
                self.circle(sh)

    def rollout(self, sh: CompactSheet, order: list[int], metros: int, g: Goals,
                rng: random.Random) -> float:
        """Finish the round on the sheet with the greedy policy; the round's worth."""
        self.play_cards(sh, order, metros, False, g, rng)
        if g.active:
            return self.line_value(sh) + g.worth(self, sh)
        return self.line_value(sh)

    def play_cards(self, sh: CompactSheet, order: Sequence[int], metros: int, branch: bool,
                   g: Goals, rng: random.Random) -> None:
        """Play the round's cards in `order` on the sheet with the greedy policy until the
        round ends: `metros` Metro cards seen so far, `branch` when the last card revealed was
        the branch card (Hard's finish starts mid-round)."""
        symbol, metro, accepts, monument, gates = (self.symbol, self.metro, self.accepts,
                                                   self.monument, g.gates)
        for card in order:
            if metros >= self.metro_end:
                return
            sym = symbol[card]
            metros += metro[card]
            if sym == BRANCH:
                branch = True
                continue
            starts = sh.stations if branch else sh.ends
            branch = False
            end = self.step(sh, tuple(starts), accepts[sym], g, rng)
            if end == NONE:
                continue
            if sym == JOKER and monument[end]:
                self.run_tasks(sh, (("tour", end),), g, rng)  # guided tour
            elif gates and end in gates:
                self.land(sh, end, g, rng)


def _bits(mask: int):
    """The indices of the set bits of a mask."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@lru_cache(maxsize=8)
def planner_for(rules: NextStationParis) -> Planner:
    """The rules' planner: read-only tables from the level data, so one per rules object.

    A bounded pure memo (thread-safe, nothing stored on the shared rules object): building
    the tables costs ~80 µs, about 1% of a median decision.
    """
    return Planner(rules)


def compact_sheet(p: Planner, view: State, seat: int, g: Goals) -> CompactSheet:
    """The seat's sheet of `view` in the compact form the bot plays rollouts on."""
    return CompactSheet(view.lines[seat][-1], view.blocked[seat], view.used[seat], g.shared,
                  p.district, p.monument)


def _orders(p: Planner, view: State, count: int, rng: random.Random) -> list[list[int]]:
    """Random orders of the unseen cards (the rest of this round)."""
    unseen = [c for c in range(len(p.symbol)) if c not in view.revealed]
    orders = []
    for _ in range(count):
        rng.shuffle(unseen)
        orders.append(unseen[:])
    return orders


def _follow_ups(rules: NextStationParis, view: State, seat: int, action: tuple) -> tuple:
    """The tasks left for this card once `action` is played (the engine's own `follow_ups`;
    a "to" option is judged as the segment its start prompt will draw)."""
    queue = view.queues[seat]
    if action[0] not in ("draw", "to"):
        return queue[1:]  # pass, stop, skip, circle: the head task is done
    return rules.follow_ups(queue, view.card, view.modules, action[-1])


def sheets_after(p: Planner, sh: CompactSheet, action: tuple, prompt: Prompt, view: State
                 ) -> list[CompactSheet]:
    """The sheets an option may lead to (a `to` option: one per possible start)."""
    kind = action[0]
    if kind == "draw":
        out = sh.copy()
        p.draw(out, action[1], action[2], p.board.link_between(action[1], action[2]))
        return [out]
    if kind == "to":
        rules = p.rules
        task = view.queues[prompt.player][0]
        starts, _ = rules.task_starts(view, task)
        found = rules.segments(view, prompt.player, starts, 1 << action[1])
        outs = []
        for start in found.get(action[1], ()):
            out = sh.copy()
            p.draw(out, start, action[1], p.board.link_between(start, action[1]))
            outs.append(out)
        return outs or [sh]
    if kind == "circle":
        out = sh.copy()
        out.counts[p.district[action[1]]] += 1
        return [out]
    return [sh]  # pass, stop, skip


def _seed(view: State, seat: int, prompt: Prompt) -> int:
    """A seed from the view alone (no str hash: it changes between processes)."""
    seed = view.round * 1_000_003 + KINDS.index(prompt.kind) * 7919 + len(prompt.options)
    for card in view.revealed:
        seed = seed * 31 + card + 1
    return seed ^ view.used[seat]


def evaluate(rules: NextStationParis, view: State, prompt: Prompt) -> list[float]:
    """GreedyBot heuristic: the average worth of the round after each option."""
    p = planner_for(rules)
    seat = prompt.player
    g = Goals(p, view, seat)
    base = compact_sheet(p, view, seat, g)
    n = len(prompt.options)
    rollouts = max(6, min(ROLLOUTS, BUDGET // n))
    rng = random.Random(_seed(view, seat, prompt))
    orders = _orders(p, view, rollouts, rng)
    # The current card no longer counts: its metro is already among view.metros.
    metros = view.metros
    scores: list[float] = []
    for option in prompt.options:
        tasks = _follow_ups(rules, view, seat, option.action)
        best = None
        for sheet in sheets_after(p, base, option.action, prompt, view):
            if tasks:
                sheet = sheet.copy()
                p.run_tasks(sheet, tasks, g, rng)
            total = 0.0
            for order in orders:
                total += p.rollout(sheet.copy(), order, metros, g, rng)
            value = total / len(orders)
            best = value if best is None else max(best, value)
        scores.append(best)
    return scores


# -- the Hint's reason (capability move_reasons) --------------------------------------------
WHY = "next_station_paris.hint.why."


def reason(rules: NextStationParis, view: State, prompt: Prompt, index: int) -> Reason | None:
    """The chosen option's average worth over the heuristic's finishes of the round, and its
    lead over the next best option (the same seeded trials `evaluate` runs, so the same
    figures; None when the lead rounds to nothing: the tie text says it better)."""
    scores = evaluate(rules, view, prompt)
    others = [score for i, score in enumerate(scores) if i != index]
    lead = round(scores[index] - max(others)) if others else 0
    if lead < 1:
        return None
    return Reason(WHY + "trials", (("worth", round(scores[index])), ("count", lead)))
