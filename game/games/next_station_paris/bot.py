"""GreedyBot heuristic for Next Station: Paris: one score per option, from a view only.

Sheets never interact, so each option is judged on the bot's own sheet: play the option, then
finish the round many times over random orders of the cards still unseen (the deck is the 11
cards minus those revealed this round), drawing each later segment with a fast one-step greedy
policy, and average the round's worth: the line's score (districts × best district + monuments,
with its gate bonuses) plus what the segments add in interchanges with earlier lines and in
overpasses. Every option sees the same card orders (common random numbers), so differences come
from the option, not from luck. The random numbers are seeded from the view: same view, same
choice.
"""

from __future__ import annotations

import random

from game.engine.core import Prompt

from .board import BRANCH, JOKER, Board
from .rules import NextStationParis
from .scoring import score_line
from .state import NONE, Line, State

ROLLOUTS = 48  # card orders per decision, shared by every option (fewer when options abound)
BUDGET = 300  # rollouts per decision in total: keeps the p95 latency well under 50 ms
MOBILITY = 3.5  # rollout policy: worth of each free link from the new end (tuned: solo avg)
DISTRICT_SLOTS = 16  # more than the 13 districts: the last slot holds a doubled district
KINDS = ("card", "start", "tour", "free_any", "free_end", "circle")


class _Sheet:
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

    def copy(self) -> _Sheet:
        """An independent copy (rollouts mutate)."""
        other = object.__new__(_Sheet)
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


class _Planner:
    """Static tables of one board for the rollouts."""

    def __init__(self, rules: NextStationParis) -> None:
        b: Board = rules.board
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

    # -- sheet updates ---------------------------------------------------------------------------
    def extra(self, sh: _Sheet, end: int, link: int) -> int:
        """Interchange and overpass points a segment adds to the sheet."""
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

    def draw(self, sh: _Sheet, start: int, end: int, link: int) -> None:
        """Add a segment to the sheet (mirrors rules._draw)."""
        sh.gain += self.extra(sh, end, link)
        if len(sh.stations) > 1 and start in sh.ends:
            sh.ends.remove(start)
        sh.ends.append(end)
        sh.stations.append(end)
        sh.mask |= 1 << end
        sh.used |= 1 << link
        sh.blocked |= (1 << link) | self.conflicts[link]
        sh.counts[self.district[end]] += 1
        sh.monuments += self.monument[end]

    def line_value(self, sh: _Sheet) -> int:
        """The line's score plus the sheet points its segments added."""
        counts = sh.counts
        districts = len(counts) - counts.count(0)
        return districts * max(counts) + self.monument_points * sh.monuments + sh.gain

    def step(self, sh: _Sheet, starts, accept: int, rng: random.Random) -> int:
        """Draw the policy's best segment (or nothing); returns the end station or NONE.

        The policy's worth of a segment: the line's score right after it, plus the sheet
        points it adds, plus MOBILITY per grey link still free from its end (a hot loop:
        everything is inlined).
        """
        counts = sh.counts
        districts = len(counts) - counts.count(0)
        top = max(counts)
        current = districts * top + self.monument_points * sh.monuments + sh.gain
        blocked, mask = sh.blocked, sh.mask
        adjacency_bits, block_bits, district = self.adjacency_bits, self.block_bits, self.district
        monument, monument_points = self.monument, self.monument_points
        shared, partner = sh.shared, self.partner
        free_ends = accept & ~mask  # accepted stations not on the line yet
        base = monument_points * sh.monuments + sh.gain
        random_ = rng.random
        best, move = current - 0.5, None
        for start in starts:
            for link, end, link_bit, end_bit in adjacency_bits[start]:
                if blocked & link_bit or not free_ends & end_bit:
                    continue
                c = counts[district[end]] + 1
                value = ((districts + (c == 1)) * max(top, c)
                         + monument_points * monument[end] + base)
                if end in shared or link in partner:
                    value += self.extra(sh, end, link)
                now_blocked = blocked | block_bits[link]
                now_mask = mask | end_bit
                free = 0
                for _, _, lk_bit, other_bit in adjacency_bits[end]:
                    if not (now_blocked & lk_bit or now_mask & other_bit):
                        free += 1
                value += MOBILITY * free + random_() * 0.01
                if value > best:
                    best, move = value, (start, end, link)
        if move is None:
            return NONE
        self.draw(sh, *move)
        return move[1]

    def rollout(self, sh: _Sheet, order: list[int], metros: int, rng: random.Random) -> int:
        """Finish the round on the sheet with the greedy policy; the round's worth."""
        branch = False
        symbol, metro = self.symbol, self.metro
        for card in order:
            if metros >= self.metro_end:
                break
            sym = symbol[card]
            metros += metro[card]
            if sym == BRANCH:
                branch = True
                continue
            starts = sh.stations if branch else sh.ends
            branch = False
            end = self.step(sh, tuple(starts), self.accepts[sym], rng)
            if sym == JOKER and end != NONE and self.monument[end]:
                self.step(sh, (end,), self.all, rng)  # guided tour
        return self.line_value(sh)


def _planner(rules: NextStationParis) -> _Planner:
    """The rules' planner, built once per rules object (the tables never change)."""
    planner = rules.__dict__.get("_bot_planner")
    if planner is None:
        planner = _Planner(rules)
        rules.__dict__["_bot_planner"] = planner
    return planner


def _sheet(p: _Planner, view: State, seat: int) -> _Sheet:
    shared: dict[int, int] = {}
    for line in view.lines[seat][:-1]:
        for st in line.stations:
            shared[st] = shared.get(st, 0) + 1
    return _Sheet(view.lines[seat][-1], view.blocked[seat], view.used[seat], shared,
                  p.district, p.monument)


def _orders(p: _Planner, view: State, count: int, rng: random.Random) -> list[list[int]]:
    """Random orders of the unseen cards (the rest of this round)."""
    unseen = [c for c in range(len(p.symbol)) if c not in view.revealed]
    orders = []
    for _ in range(count):
        rng.shuffle(unseen)
        orders.append(unseen[:])
    return orders


def _after(p: _Planner, sh: _Sheet, action: tuple, prompt: Prompt, view: State) -> list[_Sheet]:
    """The sheets an option may lead to (a `to` option: one per possible start)."""
    kind = action[0]
    if kind in ("pass", "stop", "skip"):
        return [sh]
    if kind == "draw":
        out = sh.copy()
        p.draw(out, action[1], action[2], p.board.link_between(action[1], action[2]))
        return [out]
    if kind == "to":
        rules = p.rules
        task = view.tasks[prompt.player][0]
        starts, _ = rules.task_starts(view, prompt.player, task)
        found = rules.segments(view, prompt.player, starts, 1 << action[1])
        outs = []
        for start in found.get(action[1], ()):
            out = sh.copy()
            p.draw(out, start, action[1], p.board.link_between(start, action[1]))
            outs.append(out)
        return outs or [sh]
    return [sh]


def _circle_scores(p: _Planner, view: State, prompt: Prompt) -> list[float]:
    """Double station: the circled station that raises the line's score most."""
    line = view.lines[prompt.player][-1]
    out = []
    for option in prompt.options:
        if option.action[0] != "circle":
            out.append(0.0)
            continue
        doubled = Line(line.color, line.stations, line.links, line.ends, line.mask,
                       line.double_district, option.action[1])
        out.append(float(score_line(p.board, doubled).points - score_line(p.board, line).points)
                   + 0.001)
    return out


def _seed(view: State, seat: int, prompt: Prompt) -> int:
    """A seed from the view alone (no str hash: it changes between processes)."""
    seed = view.round * 1_000_003 + KINDS.index(prompt.kind) * 7919 + len(prompt.options)
    for card in view.revealed:
        seed = seed * 31 + card + 1
    return seed ^ view.used[seat]


def evaluate(rules: NextStationParis, view: State, prompt: Prompt) -> list[float]:
    """GreedyBot heuristic: the average worth of the round after each option."""
    p = _planner(rules)
    if prompt.kind == "circle":
        return _circle_scores(p, view, prompt)
    seat = prompt.player
    base = _sheet(p, view, seat)
    n = len(prompt.options)
    rollouts = max(6, min(ROLLOUTS, BUDGET // n))
    rng = random.Random(_seed(view, seat, prompt))
    orders = _orders(p, view, rollouts, rng)
    # Tasks still queued after this one (guided tour, gate bonuses) are not simulated; the
    # current card no longer counts: its metro is already among view.metros.
    metros = view.metros
    scores: list[float] = []
    for option in prompt.options:
        best = None
        for sheet in _after(p, base, option.action, prompt, view):
            total = 0
            for order in orders:
                total += p.rollout(sheet.copy(), order, metros, rng)
            value = total / len(orders)
            best = value if best is None else max(best, value)
        scores.append(best)
    return scores

