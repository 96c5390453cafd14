"""Final scoring (rulebook: Fin de la partida, Puntuación final; Expansión Turismo).

Each function returns (points, Detail lines) for one seat; the Detail points add up to the
category, which is what the results screen relies on.
"""

from __future__ import annotations

from game.engine.core import Detail

from .board import ACTIVITIES, FOOD, SHOPPING, Board
from .sheet import has_bonus
from .state import Sheet, W

K = "french_quarter."


def multiplier(board: Board, sheet: Sheet, a: int) -> int:
    """The highest multiplier marked on a meter, x0 when none is (Puntuación final, nota)."""
    n = sheet.mults[a]
    return board.meters[a].multipliers[n - 1] if n else 0


def activity(board: Board, sheet: Sheet, a: int) -> tuple[int, tuple[Detail, ...]]:
    """Mapped buildings on the meter's street x its multiplier, plus Comida B / Compras B."""
    meter = board.meters[a]
    count = sum(1 for b in board.on_street[meter.street] if sheet.mapped[b])
    mult = multiplier(board, sheet, a)
    cat = ACTIVITIES[a]
    street = board.streets[meter.street].name
    lines = [Detail(cat, K + "detail.street", (("street", street), ("count", count),
                                                ("mult", mult)), count * mult)]
    # Bonus points are never multiplied (Recordatorios).
    if a == FOOD and has_bonus(sheet, FOOD, 1):
        small = sum(1 for b in board.buildings if b.small and sheet.mapped[b.index])
        lines.append(Detail(cat, K + "detail.small_buildings", (("count", small),), small))
    if a == SHOPPING and has_bonus(sheet, SHOPPING, 1):
        wilds = sheet.umbrellas // board.wild_every
        lines.append(Detail(cat, K + "detail.umbrella_wilds", (("count", wilds),), wilds))
    return sum(d.points for d in lines), tuple(lines)


def buildings(board: Board, sheet: Sheet) -> tuple[int, tuple[Detail, ...]]:
    """Courtyards 2/6/12/20, both Gift Shops (sum, W = 0), Riverwalk visited twice (8)."""
    lines = []
    n = len(sheet.courtyards)
    lines.append(Detail("buildings", K + "detail.courtyards", (("count", n),),
                        board.courtyard_points[n]))
    shops = [b.index for b in board.buildings if b.special == "gift_shop"]
    values = [sheet.mapped[b] for b in shops]
    if all(values):
        pts = sum(0 if v == W else v for v in values)
        lines.append(Detail("buildings", K + "detail.gift_shops", (("points", pts),), pts, True))
    else:
        lines.append(Detail("buildings", K + "detail.gift_shops_missing", (), 0, False))
    done = sheet.riverwalk >= board.riverwalk_visits
    lines.append(Detail("buildings", K + "detail.riverwalk", (("count", sheet.riverwalk),),
                        board.riverwalk_points if done else 0, done))
    return sum(d.points for d in lines), tuple(lines)


def artist_meter_points(board: Board, sheet: Sheet) -> int:
    """Sum of the "points:n" boxes marked on the artist meter."""
    return sum(int(r[7:]) for r in board.artist_meter[:sheet.art] if r.startswith("points:"))


def artists(board: Board, sheet: Sheet) -> tuple[int, tuple[Detail, ...]]:
    """Each artist row scores by how many of its 8 boxes are marked, plus the meter's points."""
    top, bottom = sheet.top.bit_count(), sheet.bottom.bit_count()
    meter = artist_meter_points(board, sheet)
    lines = (
        Detail("artists", K + "detail.artists_top", (("count", top),), board.artist_scores[top]),
        Detail("artists", K + "detail.artists_bottom", (("count", bottom),),
               board.artist_scores[bottom]),
        Detail("artists", K + "detail.artist_meter", (("count", sheet.art),), meter),
    )
    return sum(d.points for d in lines), lines


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


def vacation(board: Board, sheet: Sheet) -> tuple[int, tuple[Detail, ...]]:
    """8 points for a completed Vacation card, 0 otherwise."""
    if sheet.vacation < 0:
        return 0, ()
    ok = vacation_done(board, sheet)
    card = board.vacations[sheet.vacation]
    pts = board.vacation_points if ok else 0
    return pts, (Detail("vacation", K + "detail.vacation", (("card", card.name),), pts, ok),)


def line(sheet: Sheet) -> tuple[int, tuple[Detail, ...]]:
    """One point per Second Line box marked."""
    return sheet.line, (Detail("second_line", K + "detail.second_line", (("count", sheet.line),),
                               sheet.line),)
