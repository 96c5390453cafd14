"""Next Station: Paris scoring: lines, overpasses, interchanges, shared objectives, solo rating.

Rulebook sections: Puntos obtenidos por tu línea, Fin de la partida, Objetivos compartidos,
Puertas de la ciudad (double district / double station), Modo solitario. Pure functions of
the board and a seat's lines, so tests can score hand-built lines directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board, Objective
from .state import NONE, Line


@dataclass(frozen=True, slots=True)
class LineScore:
    """A line's score: districts × most stations in one district + monument points.

    `base` ignores the city gate bonuses; `points` includes them (`points - base` is what
    the gates added). The gates' terms are kept apart so a sheet can write the sum out:
    `gate_districts` (a doubled corner: +1 district) and `gate_stations` (a circled station:
    +1 to the best district when it lies there), so that
    points == (districts + gate_districts) × (stations + gate_stations) + monuments × each.
    """

    districts: int
    stations: int
    monuments: int
    base: int
    points: int
    gate_districts: int = 0
    gate_stations: int = 0
    each: int = 2  # points per monument (levels/next_station_paris/scoring.toml)


def line_points(districts: int, stations: int, monuments: int, monument_points: int = 2) -> int:
    """Rulebook: districts crossed × most stations in one district + 2 per monument."""
    return districts * stations + monuments * monument_points


def drawn(line: Line) -> bool:
    """Whether a line has at least one segment (Reglas de construcción: a line is made of
    segments).

    Our decision (the rulebook is silent): a colour never drawn in its round is no line at all,
    so it scores 0 and its bare departure station joins no interchange and no objective. Tested
    on the station count, not on `links`, so hand-built scoring lines need no links.
    """
    return has_segment(line.stations)


def has_segment(stations: Sequence[int]) -> bool:
    """`drawn` for a line given by its stations alone (the bot's compact sheets)."""
    return len(stations) > 1


EMPTY = LineScore(0, 0, 0, 0, 0)


def score_line(board: Board, line: Line) -> LineScore:
    """Score one line, with and without its gate bonuses (Puntos obtenidos por tu línea)."""
    if not drawn(line):
        return EMPTY
    stations = board.stations
    per_district: dict[int, int] = {}
    monuments = 0
    for st in line.stations:
        s = stations[st]
        per_district[s.district] = per_district.get(s.district, 0) + 1
        monuments += s.monument
    each = board.scoring["monument"]
    districts = len(per_district)
    best = max(per_district.values())
    base = line_points(districts, best, monuments, each)
    # Gate bonuses (Puertas de la ciudad): a doubled corner district counts as 2 districts,
    # a circled station counts as 2 stations in its district.
    bonus_districts = districts + (line.double_district in per_district)
    if line.double_station != NONE:
        per_district[stations[line.double_station].district] += 1
    bonus_best = max(per_district.values())
    points = line_points(bonus_districts, bonus_best, monuments, each)
    return LineScore(districts, best, monuments, base, points, bonus_districts - districts,
                     bonus_best - best, each)


def overpass_uses(board: Board, used: int) -> tuple[int, ...]:
    """Per overpass, how many of its two links this sheet drew (0, 1 or 2)."""
    # (lists built in one call here and below, not generators resumed per item: a map's
    # repaint and a seat's score ask in a frame of play)
    return tuple([((used >> o.links[0]) & 1) + ((used >> o.links[1]) & 1) for o in board.overpasses])


def overpass_points(board: Board, used: int) -> int:
    """Rulebook: 2 points per overpass used once, 6 per overpass used twice."""
    table = board.scoring["overpass"]
    return sum([table[n] for n in overpass_uses(board, used)])


def station_lines(lines: tuple[Line, ...]) -> dict[int, int]:
    """Station -> how many of these lines pass through it, undrawn lines left out (`drawn`).

    The bot reads it for the earlier lines: one more line through a station may make it an
    interchange.
    """
    counts: dict[int, int] = {}
    for line in lines:
        if not drawn(line):
            continue
        for st in line.stations:
            counts[st] = counts.get(st, 0) + 1
    return counts


def network(lines: tuple[Line, ...]) -> int:
    """Bitmask of the stations on these lines, undrawn lines left out (`drawn`)."""
    mask = 0
    for line in lines:
        if drawn(line):
            mask |= line.mask
    return mask


def interchange_counts(lines: tuple[Line, ...]) -> dict[int, int]:
    """Station -> how many of these drawn lines pass through it, for stations on 2 lines or
    more (Puntos por estaciones con combinación; the platform counts, overpasses are no
    stations)."""
    return {st: n for st, n in station_lines(lines).items() if n >= 2}


def interchange_points(board: Board, lines: tuple[Line, ...]) -> int:
    """Rulebook: 2 / 5 / 9 points per station joining 2 / 3 / 4 lines."""
    table = board.scoring["interchange"]
    return sum([table[min(n, 4)] for n in interchange_counts(lines).values()])


def objective_met(board: Board, objective: Objective, lines: tuple[Line, ...], used: int) -> bool:
    """Whether one seat's network meets a shared objective (Objetivos compartidos)."""
    kind = objective.kind
    if kind == "interchanges":
        joined = interchange_counts(lines).values()
        return sum(n >= objective.lines for n in joined) >= objective.count
    if kind == "line_districts":  # a doubled gate district counts once here (rulebook note)
        return any(len({board.stations[st].district for st in line.stations}) >= objective.count
                   for line in lines if drawn(line))
    if kind == "overpasses":
        return sum(n == 2 for n in overpass_uses(board, used)) >= objective.count
    covered = network(lines)
    if kind == "monuments":
        return sum((covered >> s.index) & 1 for s in board.stations if s.monument) >= objective.count
    # full_district: every station of one of the 8 main districts (the card names those; a
    # corner or the centre holds one station, so any line through it would meet it at once)
    full = sum(all((covered >> st) & 1 for st in d.stations) for d in board.districts if d.main)
    return full >= objective.count


def rating(board: Board, total: int) -> str:
    """The solo rating id for a final total (Modo solitario), e.g. 'well_led' for 141-160.

    The rulebook prints the middle bands as "101 < ... < 120"; read as inclusive 101-120 so that
    every total has exactly one verdict (≤ 100 and ≥ 181 close the table).
    """
    for rid, low in board.ratings:
        if total >= low:
            return rid
    return board.ratings[-1][0]
