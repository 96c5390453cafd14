"""Final scoring (rulebook: Fin de la partida, Puntuación final; Expansión Turismo).

One implementation serves both callers. Each category function returns its points; given a
`lines` list it also appends the Detail lines that explain them (their points add up to the
category, which is what the results screen relies on). Without one it builds no Detail at
all: the bot values hundreds of sheets per decision through `sheet_points`, and the Detail
objects used to cost most of that time. Because the bot and `FrenchQuarter.scores` add the
same functions, the bot's points cannot drift from the rules'.
"""

from __future__ import annotations

from itertools import compress

from game.engine.core import Detail

from .board import ACTIVITIES, FOOD, SHOPPING, Board
from .sheet import has_bonus
from .state import Sheet, W

K = "french_quarter."
Lines = list[Detail] | None  # where a category writes its Detail lines; None: points only


def multiplier(board: Board, sheet: Sheet, a: int) -> int:
    """The highest multiplier marked on a meter, x0 when none is (Puntuación final, nota)."""
    n = sheet.mults[a]
    return board.meters[a].multipliers[n - 1] if n else 0


def street_counts(board: Board, sheet: Sheet) -> list[int]:
    """How many mapped buildings touch each activity meter's street, in meter order."""
    mapped = sheet.mapped
    taken = set(compress(range(len(mapped)), mapped))
    return [len(taken & board.on_street[m.street]) for m in board.meters]


def activity(board: Board, sheet: Sheet, a: int, count: int, lines: Lines = None) -> int:
    """`count` mapped buildings on the meter's street (see street_counts) x its multiplier,
    plus Comida B / Compras B."""
    mult = multiplier(board, sheet, a)
    pts = count * mult
    cat = ACTIVITIES[a]
    if lines is not None:
        name = board.streets[board.meters[a].street].name
        lines.append(Detail(cat, K + "detail.street",
                            (("street", name), ("count", count), ("mult", mult)), pts))
    # Bonus points are never multiplied (Recordatorios).
    if a == FOOD and has_bonus(sheet, FOOD, 1):
        small = sum(1 for b in compress(board.buildings, sheet.mapped) if b.small)
        pts += small
        if lines is not None:
            lines.append(Detail(cat, K + "detail.small_buildings", (("count", small),), small))
    if a == SHOPPING and has_bonus(sheet, SHOPPING, 1):
        wilds = sheet.umbrellas // board.wild_every
        pts += wilds
        if lines is not None:
            lines.append(Detail(cat, K + "detail.umbrella_wilds", (("count", wilds),), wilds))
    return pts


def buildings(board: Board, sheet: Sheet, lines: Lines = None) -> int:
    """Courtyards 2/6/12/20, both Gift Shops (sum, W = 0), Riverwalk visited twice (8)."""
    n = len(sheet.courtyards)
    court = board.courtyard_points[n]
    values = [sheet.mapped[b.index] for b in board.buildings if b.special == "gift_shop"]
    both = all(values)
    shops = sum(0 if v == W else v for v in values) if both else 0
    done = sheet.riverwalk >= board.riverwalk_visits
    river = board.riverwalk_points if done else 0
    if lines is not None:
        lines.append(Detail("buildings", K + "detail.courtyards", (("count", n),), court))
        if both:
            lines.append(Detail("buildings", K + "detail.gift_shops", (("points", shops),),
                                shops, True))
        else:
            lines.append(Detail("buildings", K + "detail.gift_shops_missing", (), 0, False))
        lines.append(Detail("buildings", K + "detail.riverwalk",
                            (("count", sheet.riverwalk),), river, done))
    return court + shops + river


def artist_meter_points(board: Board, sheet: Sheet) -> int:
    """Sum of the "points:n" boxes marked on the artist meter."""
    return sum(int(r[7:]) for r in board.artist_meter[:sheet.art] if r.startswith("points:"))


def artists(board: Board, sheet: Sheet, lines: Lines = None) -> int:
    """Each artist row scores by how many of its 8 boxes are marked, plus the meter's points."""
    top, bottom = sheet.top.bit_count(), sheet.bottom.bit_count()
    scores = board.artist_scores
    meter = artist_meter_points(board, sheet)
    if lines is not None:
        lines += (
            Detail("artists", K + "detail.artists_top", (("count", top),), scores[top]),
            Detail("artists", K + "detail.artists_bottom", (("count", bottom),),
                   scores[bottom]),
            Detail("artists", K + "detail.artist_meter", (("count", sheet.art),), meter),
        )
    return scores[top] + scores[bottom] + meter


def line(sheet: Sheet, lines: Lines = None) -> int:
    """One point per Second Line box marked."""
    if lines is not None:
        lines.append(Detail("second_line", K + "detail.second_line", (("count", sheet.line),),
                            sheet.line))
    return sheet.line


def breakdown(board: Board, sheet: Sheet, lines: Lines = None,
              counts: list[int] | None = None) -> dict[str, int]:
    """Points by category, every category but the Vacation card (secret until the end).

    `counts`: street_counts(board, sheet) when the caller has them already (the bot).
    """
    if counts is None:
        counts = street_counts(board, sheet)
    out = {cat: activity(board, sheet, a, counts[a], lines) for a, cat in enumerate(ACTIVITIES)}
    out["second_line"] = line(sheet, lines)
    out["buildings"] = buildings(board, sheet, lines)
    out["artists"] = artists(board, sheet, lines)
    return out


def sheet_points(board: Board, sheet: Sheet, counts: list[int] | None = None) -> int:
    """The sheet's points now, without the Vacation card: the sum of `breakdown`."""
    return sum(breakdown(board, sheet, None, counts).values())


def vacation_done(board: Board, sheet: Sheet) -> bool:
    """Tourism: all 4 buildings mapped, and the card's value condition met."""
    if sheet.vacation < 0:
        return False
    card = board.vacations[sheet.vacation]
    values = [sheet.mapped[b] for b in card.buildings]
    if not all(values):
        return False
    if card.condition == "equal":
        return W not in values and len(set(values)) == 1
    if card.condition == "different":
        return W not in values and len(set(values)) == len(values)
    return True


def vacation(board: Board, sheet: Sheet, lines: Lines = None) -> int:
    """8 points for a completed Vacation card, 0 otherwise (no line without a card)."""
    if sheet.vacation < 0:
        return 0
    ok = vacation_done(board, sheet)
    pts = board.vacation_points if ok else 0
    if lines is not None:
        card = board.vacations[sheet.vacation]
        name = K + "vacation." + card.id  # a string key: the name in the player's language
        lines.append(Detail("vacation", K + "detail.vacation", (("card", name),), pts, ok))
    return pts
