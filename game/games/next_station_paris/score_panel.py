"""Next Station: Paris score zones: each seat's numbers, row by row, and how they count up.

Every full sheet's score zone is the same: name and total, a row per round writing the line's
sum out (districts × stations + monuments ×2 = points, `line_sum`), the bonuses; a bot's compact
sheet shows its name, total and each round's points. A `ScorePanel` per seat has no layer of
its own: its rows are regions of the room's layers, each repainted only when its numbers change
(`ScoreBoard.paint`), at most SCORE_ROWS_PER_FRAME a frame while boxes count up (a round's end
changes some twenty rows for four seats at once) and SCORE_ROWS_AFTER_MOVE otherwise, the seats
taking turns. A scored line counts its round box and the seat's total up (`line_scored`, on the
seat's panel).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame
import pytweening

from game.engine.core import Event
from game.ui import theme
from game.ui.paint import draw_seat_emblem, fit_text, seat_color
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event
from game.ui.split_room import SeatArea, SeatPanel

from . import sprites as sp
from .board import COLORS
from .notes import Written
from .scoring import LineScore, drawn, score_line
from .state import OVER, Line, State

ROUNDS = 4
BONUS_BOX = ROUNDS  # the score "box" of the bonus row and the total (after the four rounds)
COUNT_TIME = 0.55  # a score box counting up
SCORE_ROWS_PER_FRAME = 2  # score rows repainted per frame while boxes count up (the rest wait)
# ... and after a move, when a row or two per seat changed: one a frame keeps those frames short
SCORE_ROWS_AFTER_MOVE = 1
# What a score row painted from nothing (a round's end moves the lit round: swatch, boxes and
# all) counts against them: a frame's worth, so two such rows never share a frame
WHOLE_ROW = SCORE_ROWS_PER_FRAME
# What working a seat's score out (the rules' scoring, ~0.06 ms cold) counts against those
# budgets: a frame's worth, so it never shares a frame with a row's repaint
SCORE_WORK = SCORE_ROWS_PER_FRAME
# The values a box shows while it counts up: each new one repaints its row and renders its
# number (a text never rendered before), so a count-up in as many steps as frames would render
# text every frame, on every seat's sheet at once.
COUNT_STEPS = 8
OP_PAD = 10  # px around an operator of a line's sum
TOTAL_EXTRA = 12  # px the points box is wider than a factor's box
# The numbers rendered before play (`ScorePanel.warm`), up to: a factor of a line's sum, a
# line's points (a compact sheet's round too), a bonus, a seat's total. Higher ones are rare
# and render when first shown.
FACTOR_WARM, POINTS_WARM, BONUS_WARM, TOTAL_WARM = 20, 60, 40, 150
# the seat's emblem before its name over its sheet (colour is never the only cue)
HEADER_EMBLEM = 30
MINI_EMBLEM = 24  # the same before a bot's name over its small map


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One round on a sheet: its pencil colour and, once a segment is drawn, the line's sum."""

    color: int
    score: LineScore | None = None  # None: nothing drawn yet, the boxes are empty
    points: int = 0  # the points box as shown (it counts up when the round ends)
    live: bool = False  # the line still being drawn: its sum is dimmed


@dataclass(slots=True)
class SeatScore:
    """What a seat's score zone shows: a row per round, then overpasses, interchanges,
    objectives and the total."""

    rounds: list[RoundRow | None] = field(default_factory=list)
    overpasses: int = 0
    interchanges: int = 0
    objectives: int = 0
    total: int = 0


ScoreRow = tuple[pygame.Rect, tuple, Callable[..., "list[pygame.Rect] | None"]]

# A piece of a line's sum as written on the sheet: its text and how it is drawn: "box" (a
# number in a box), "gate" (a box whose number counts a city gate's bonus), "op" (an operator
# between boxes) or "total" (the line's points).
SumPiece = tuple[str, str]


def line_sum(score: LineScore | None, points: int, each: int) -> tuple[SumPiece, ...]:
    """A line's sum as its score row writes it: districts × stations + monuments ×each =
    points. A city gate's extra district or station is counted in its factor (that box is
    marked), so the written sum always equals the points (`score` None: the boxes are empty)."""
    if score is None:
        return (("", "box"), ("×", "op"), ("", "box"), ("+", "op"), ("", "box"),
                (f"×{each}", "op"), ("=", "op"), ("", "total"))
    return ((str(score.districts + score.gate_districts), "gate" if score.gate_districts
             else "box"), ("×", "op"),
            (str(score.stations + score.gate_stations), "gate" if score.gate_stations
             else "box"), ("+", "op"),
            (str(score.monuments), "box"), (f"×{score.each}", "op"), ("=", "op"),
            (str(points), "total"))


class ScoreBoard:
    """The numbers every score zone shows (from the rules' own scoring), the boxes counting up,
    and the budgeted repaint of the score rows."""

    def __init__(self, room: Any) -> None:
        """Nothing computed yet."""
        self.room = room
        self._line_scores: dict[Line, Any] = {}
        # seat -> (what its points are made of, rules.scores' breakdown of them)
        self._breakdowns: dict[int, tuple[tuple, dict[str, int]]] = {}
        self._seat_scores: dict[int, tuple[tuple, SeatScore]] = {}  # seat -> (made of, score)
        self.hold: dict[tuple[int, int], float] = {}  # (seat, box): fraction still to count
        self.due = False  # score rows may have changed and wait to be repainted
        self._turn = 0  # the seat whose score rows are checked first (round-robin)
        # What the last budgeted check saw with every row up to date (view, counts, seats
        # drawing): the same again repaints nothing, so it is not checked again.
        self._clean: tuple | None = None
        # seat -> what its rows were all last painted from (the panels, the score as shown,
        # the round lit, objectives, its name): the same again is skipped unlaid out
        self._shown: dict[int, tuple] = {}
        self.each = room.board.scoring["monument"]  # points per monument, in every line's sum

    def seat_score(self, view: State, seat: int) -> SeatScore:
        """Everything the score zone shows, from the rules' own scoring functions, worked out
        again only when what it is made of changed: a move changes one seat's sheet, and the
        frame that repaints a row asked again for every seat at each new view. Read it, never
        change it."""
        if not self.worked_out(view, seat):
            made_of = (view.lines[seat], view.used[seat], view.modules, view.objectives,
                       view.phase)
            self._seat_scores[seat] = (made_of, self._seat_score(view, seat))
        return self._seat_scores[seat][1]

    def worked_out(self, view: State, seat: int) -> bool:
        """True if `seat_score` has this seat's score for this view already (else asking
        costs the rules' scoring, ~0.06 ms: a budgeted paint asks in a frame of its own)."""
        memo = self._seat_scores.get(seat)
        if memo is None:
            return False
        made_of = memo[0]
        return (made_of[4] == view.phase and made_of[0] is view.lines[seat]
                and made_of[1] is view.used[seat] and made_of[2] is view.modules
                and made_of[3] is view.objectives)

    def _seat_score(self, view: State, seat: int) -> SeatScore:
        out = SeatScore()
        lines = view.lines[seat]
        finished = len(lines) if view.phase == OVER else len(lines) - 1
        for r in range(ROUNDS):
            if r >= len(lines):
                out.rounds.append(None)
            elif r < finished or drawn(lines[r]):  # a line being drawn shows its sum dimmed
                s = self.line_score(lines[r])
                out.rounds.append(RoundRow(lines[r].color, s, s.points, live=r >= finished))
            else:
                out.rounds.append(RoundRow(lines[r].color))
        breakdown = self.breakdown(view, seat)
        out.overpasses = breakdown.get("overpasses", 0)
        out.interchanges = breakdown.get("interchanges", 0)
        out.objectives = breakdown.get("objectives", 0)
        out.total = sum(breakdown.values())
        return out

    def breakdown(self, view: State, seat: int) -> dict[str, int]:
        """One seat's points by category, as rules.scores gives them (the engine's own
        `seat_scores`), worked out again only when what they are made of changed:
        a move changes one seat's sheet, not the others'."""
        made_of = (view.lines[seat], view.used[seat], view.modules, view.objectives)
        memo = self._breakdowns.get(seat)
        if memo is None or any(a is not b for a, b in zip(memo[0], made_of)):
            memo = self._breakdowns[seat] = (made_of, self.room.rules.seat_scores(view, seat))
        return memo[1]

    def line_score(self, line: Line) -> Any:
        """score_line, memoised: a finished line never changes."""
        score = self._line_scores.get(line)
        if score is None:
            if len(self._line_scores) > 256:
                self._line_scores.clear()
            score = self._line_scores[line] = score_line(self.room.board, line)
        return score

    def count(self, counting: Iterable[tuple[tuple, float]]) -> None:
        """Note the boxes counting up (the timeline's tags and the fraction still to come),
        that fraction in COUNT_STEPS steps (it reaches 0 when the count-up ends)."""
        self.hold = {box: math.ceil(left * COUNT_STEPS) / COUNT_STEPS
                     for boxes, left in counting for box in boxes}

    def held(self, seat: int, box: int, value: int) -> int:
        """A box's value while it counts up (box: round index, or BONUS_BOX for the totals)."""
        h = self.hold.get((seat, box))
        return value if h is None else round(value * (1.0 - h))

    def shown_score(self, seat: int, score: SeatScore) -> SeatScore:
        """The score as on screen now: boxes that are counting up show their current value
        (`score` itself when none does: read it, never change it)."""
        hold = self.hold
        if not hold:  # nothing counts up (most frames that ask)
            return score
        rounds = [row if row is None or (seat, r) not in hold
                  else RoundRow(row.color, row.score, self.held(seat, r, row.points), row.live)
                  for r, row in enumerate(score.rounds)]
        if (seat, BONUS_BOX) not in hold:
            return SeatScore(rounds, score.overpasses, score.interchanges, score.objectives,
                             score.total)
        left = 1.0 - hold[seat, BONUS_BOX]  # `held`, inline: four boxes of one fraction
        return SeatScore(rounds, round(score.overpasses * left),
                         round(score.interchanges * left), round(score.objectives * left),
                         round(score.total * left))

    def paint(self, budget: int | None) -> None:
        """Repaint the score rows whose numbers changed, at most `budget` of them (None: all);
        the seats take turns to go first, so a long count-up moves on every sheet. With a
        budget, a seat whose pencil is still drawing waits: its line's score changes when the
        stroke lands, not in the frame of the answer (which already has the most to do)."""
        room = self.room
        view, panels = room.view, room.score_panels
        if view is None or not panels:
            self.due = False
            return
        drawing = {tw.seat for tw in room.timeline if tw.seat is not None} if budget else set()
        seen = (view, panels, tuple(self.hold.items()), frozenset(drawing))
        if budget is not None and self._clean is not None and all(
                a is b or a == b for a, b in zip(seen, self._clean)):
            self.due = False  # a seat still drawing: checked when its stroke ends (below)
            return
        self._clean = None
        objectives = "objectives" in view.modules
        current = view.round if view.phase != OVER else -1  # the round column to highlight
        painted, count, hold = 0, len(panels), self.hold
        for k in range(count):
            turn = (self._turn + k) % count
            panel = panels[turn]
            seat = panel.seat
            ready = self.worked_out(view, seat)  # (asked once: `seat_score` would ask again)
            if budget is not None and not ready:
                # the rules' scoring in a frame of its own (a seat still drawing too: its
                # score is ready when its stroke lands); its rows, from the next frame on
                if painted and painted + SCORE_WORK > budget:
                    self._turn = turn
                    return
                self.seat_score(view, seat)
                painted += SCORE_WORK
                if painted >= budget:
                    self._turn = turn
                    return
                ready = True
            if seat in drawing:
                continue
            score = self._seat_scores[seat][1] if ready else self.seat_score(view, seat)
            if hold:  # (`shown_score` is the score itself when nothing counts up)
                score = self.shown_score(seat, score)
            shown = (panels, score, current, objectives, room.names[seat])
            if budget is not None and self._shown.get(seat) == shown:
                continue  # every row as painted: its rows need not be laid out to tell
            painted = self._paint_rows(panel, panel.rows(score, current, objectives), budget,
                                       painted)
            if painted is None:
                self._turn = turn  # this sheet goes first next frame
                return
            self._shown[seat] = shown
        self._turn = (self._turn + 1) % count
        # The drawing seats' turn comes when their strokes end: a tween's end makes the room's
        # update set `due` again, so nothing is asked in the frames between (each of them
        # would gather the drawing seats and compare what it saw, ~10 calls a frame).
        self.due = False
        self._clean = seen


    def _paint_rows(self, panel: ScorePanel, rows: list[ScoreRow], budget: int | None,
                    painted: int) -> int | None:
        """Repaint a sheet's rows whose key changed, within the budget (a row painted from
        nothing costs a frame's worth, WHOLE_ROW: it takes a frame of its own); how much of
        the budget is spent then, None if some were left for later."""
        layers = self.room.layers
        for n, (rect, key, paint) in enumerate(rows):
            region = panel.regions[n]
            before = layers.shown_key(region)
            if before == key:
                continue
            cost = WHOLE_ROW if panel.whole(n, before, key) else 1
            if budget is not None and painted and painted + cost > budget:
                return None
            layers.paint_region(region, rect, key, self.room.scribe.painting(
                region, partial(paint, before=before)), restore=False, clip=True)
            painted += cost
        return painted


class ScorePanel(SeatPanel):
    """One seat's score zone: its rows (regions of the room's layers, see ScoreBoard.paint)."""

    LAYERED = False  # its rows are painted one by one, a few a frame

    def __init__(self, room: PanelRoom, area: SeatArea) -> None:
        """The score zone of the seat of `area`."""
        super().__init__(room, area.score, area.seat, f"score{area.seat}")
        self.area = area
        # A full sheet's bands (name, a round each, bonuses), laid out once: they never move
        self._bands: tuple[pygame.Rect, list[pygame.Rect], pygame.Rect] | None = None
        # each row's region name in the room's layers (ScoreBoard.paint asks for every row)
        self.regions = tuple(f"score{area.seat}.{n}" for n in range(ROUNDS + 2))
        self._names: dict[tuple[str, int], pygame.Surface] = {}  # (name, width) -> `_fitted`
        # (band, operators) -> a round row's places (`_row_places`); (band's x, y) -> the
        # notes of its pieces as last painted (None: an empty box), kept for the next repaint
        self._places: dict[tuple, tuple[Written | pygame.Rect, ...]] = {}
        self._row_notes: dict[tuple[int, int], list[Written | None]] = {}

    def warm(self) -> None:
        """Render the numbers this zone may show now (`sprites.numeral`): a number rendered
        in the frame that first shows it would cost that frame."""
        sp.warm_numerals(theme.HEADING_SIZE, theme.TEXT, TOTAL_WARM)
        if self.area.mini:
            sp.warm_numerals(theme.SMALL_SIZE, theme.TEXT, POINTS_WARM)
            sp.numeral("-", theme.SMALL_SIZE, theme.TEXT)
            return
        for ink in (sp.INK, theme.TEXT_DIM):  # a finished line's sum, the live line's
            sp.warm_numerals(theme.SMALL_SIZE, ink, FACTOR_WARM)
            sp.warm_numerals(theme.BODY_SIZE, ink, POINTS_WARM)
        sp.warm_numerals(theme.BODY_SIZE, theme.TEXT, BONUS_WARM)

    def view_damage(self) -> list[pygame.Rect]:
        """No rect: the zone draws nothing per frame; its rows are regions of the room's layers,
        which report each row they repaint (a new view alone changes no pixel here)."""
        return []

    def rows(self, score: SeatScore, current: int, objectives: bool) -> list[ScoreRow]:
        """(rect, content key, painter) of each part of a seat's score zone: the name and
        total, a row per round (in `area.columns` columns), the bonuses."""
        area = self.area
        rect, seat = area.score, area.seat
        bonus = [("bridge", score.overpasses), ("ring", score.interchanges)]
        if objectives:
            bonus.append(("star", score.objectives))
        name = self.room.names[seat]
        if area.mini:
            return [(rect, (name, score.total, tuple(score.rounds)),
                     partial(self._paint_mini, score))]
        head, bands, band = self._bands or self._lay_bands()
        rows: list[ScoreRow] = [(head, (name, score.total),
                                 partial(self._header, head, seat, score.total))]
        for r, (round_band, row) in enumerate(zip(bands, score.rounds)):
            rows.append((round_band, (row, r == current),
                         partial(self._round_row, round_band, row, r == current)))
        rows.append((band, tuple(bonus), partial(self._bonus_row, band, bonus)))
        return rows

    def whole(self, n: int, before: tuple | None, key: tuple) -> bool:
        """True if row `n` (of `rows`) painted with key `before` is painted again from
        nothing for `key`, not just its changed numbers (as its painter decides)."""
        if before is None or self.area.mini:
            return True
        if n == 0:  # the name and total
            return before[0] != key[0]
        if n > ROUNDS:  # the bonuses
            return [icon for icon, _ in before] != [icon for icon, _ in key]
        (old, lit), (row, now) = before, key
        return (old is None or row is None or lit != now or old.color != row.color
                or old.live != row.live)

    def _lay_bands(self) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect]:
        """Where a full sheet's rows lie: the name's band, a band per round (in `columns`
        columns), the bonuses' band (read them, never change them)."""
        rect, cols = self.area.score, self.area.columns
        count = -(-ROUNDS // cols) + 2
        row_h = min(76, rect.h // count)
        top = rect.y + (rect.h - count * row_h) // 2
        w = rect.w // cols
        bands = [pygame.Rect(rect.x + r % cols * w, top + (1 + r // cols) * row_h, w, row_h)
                 for r in range(ROUNDS)]
        self._bands = (pygame.Rect(rect.x, top, rect.w, row_h), bands,
                       pygame.Rect(rect.x, top + (count - 1) * row_h, rect.w, row_h))
        return self._bands

    # A full sheet's row painters: (its band, what it shows, the surface, the key it was last
    # painted with). From nothing (no key, or one that differs in more than numbers) they
    # restore the band and paint it all, returning None; when only numbers changed they paint
    # just those (restored where the old number may show past the new one), returning where:
    # the same pixels, nothing else of the row reaches there. Every text of the row is noted.
    def _header(self, band: pygame.Rect, seat: int, total: int, surface: pygame.Surface,
                before: tuple | None = None) -> list[pygame.Rect] | None:
        """The seat's emblem and name, and its total (the name shortened to the room the
        total leaves it: when the total's new width leaves the name as it was, only the
        total is painted again)."""
        rect, w, name = band.inflate(-20, 0), self.room.scribe, self.room.names[seat]
        spot = (rect.right - 4, rect.centery)
        num = sp.numeral(str(total), theme.HEADING_SIZE, theme.TEXT).get_rect(midright=spot)
        mark = pygame.Rect(rect.x + 4, rect.centery - HEADER_EMBLEM // 2, HEADER_EMBLEM,
                           HEADER_EMBLEM)  # draw_seat_emblem's square
        named = self._fitted(name, num.x - mark.right - 24)
        at = named.get_rect(midleft=(mark.right + 8, rect.centery))
        if before is not None and before[0] == name:
            was = sp.numeral(str(before[1]), theme.HEADING_SIZE, theme.TEXT
                             ).get_rect(midright=spot)
            if named is self._fitted(name, was.x - mark.right - 24):  # the name as it was
                changed = was.union(num)  # the name ends 16 px left of both
                self.room.layers.restore(changed)
                w.number(surface, str(total), theme.HEADING_SIZE, theme.TEXT, midright=spot)
                w.note(name, at, theme.BODY_SIZE)
                return [changed]
        self.room.layers.restore(band)
        w.number(surface, str(total), theme.HEADING_SIZE, theme.TEXT, midright=spot)
        draw_seat_emblem(surface, seat, mark.center, HEADER_EMBLEM)
        surface.blit(named, at)
        w.note(name, at, theme.BODY_SIZE)
        return None

    def _fitted(self, name: str, width: int) -> pygame.Surface:
        """The seat's name as `fit_text` writes it in `width` px, kept (shortening a long name
        measures it again letter by letter: ~0.3 ms in a narrow zone, at every new total)."""
        key = (name, width)
        img = self._names.get(key)
        if img is None:
            if len(self._names) > 32:
                self._names.clear()
            img = self._names[key] = fit_text(name, theme.BODY_SIZE, width,
                                              seat_color(self.seat), True)
        return img

    def _round_row(self, band: pygame.Rect, row: RoundRow | None, current: bool,
                   surface: pygame.Surface, before: tuple | None = None
                   ) -> list[pygame.Rect] | None:
        """Swatch, then the line's sum: districts × stations + monuments ×2 = points. Its
        pieces' places are laid out once (`_row_places`); when only numbers changed, the
        pieces kept are noted as they were last painted (`_row_notes`), not measured again."""
        rect, w = band.inflate(-20, 0), self.room.scribe
        pieces = line_sum(row.score if row else None, row.points if row else 0,
                          self.room.scores.each)
        was = None
        if (before is not None and row is not None and before[0] is not None
                and before[1] == current and before[0].color == row.color
                and before[0].live == row.live):
            old = before[0]
            was = line_sum(old.score, old.points, self.room.scores.each)
        if was is None:
            h, cy = min(rect.h - 12, 54), rect.centery
            self.room.layers.restore(band)
            color = sp.pencil_rgb(COLORS[row.color]) if row else theme.PANEL_LIGHT
            pygame.draw.rect(surface, color, (rect.x, cy - h // 2, 22, h), border_radius=8)
            if row is not None and current:
                pygame.draw.rect(surface, theme.FOCUS, (rect.x - 3, cy - h // 2 - 3, 28, h + 6),
                                 3, border_radius=10)
        places = self._row_places(band, pieces)
        kept = self._row_notes.get((band.x, band.y)) if was is not None else None
        live = row is not None and row.live
        ink = theme.TEXT_DIM if live else sp.INK
        changed: list[pygame.Rect] = []
        notes: list[Written | None] = []
        for k, (text, kind) in enumerate(pieces):
            place = places[k]
            if kind == "op":  # an operator: always the same text, in place (a note)
                if was is None:
                    surface.blit(theme.text(text, theme.SMALL_SIZE, theme.TEXT_DIM, True),
                                 place.rect)  # type: ignore[union-attr]
                notes.append(place)
                continue
            size = theme.BODY_SIZE if kind == "total" else theme.SMALL_SIZE
            if was is not None and was[k] == (text, kind):
                note = kept[k] if kept is not None else None  # (its rect: text, size, box)
                if note is not None and note.text != text:
                    note = None
                if note is None and text:
                    note = Written(text, sp.numeral(text, size, ink).get_rect(
                        center=place.center), size)
                notes.append(note)
                continue
            if was is not None:  # no restore: the box is opaque wherever it is not clear
                changed.append(place)
            surface.blit(sp.box_sprite(place.w, place.h, bool(text) and not live,
                                       kind == "total", kind == "gate"), place)
            note = None
            if text:
                img = sp.numeral(text, size, ink)
                note = Written(text, img.get_rect(center=place.center), size)
                surface.blit(img, note.rect)
            notes.append(note)
        self._row_notes[band.x, band.y] = notes
        w.keep(notes)
        return None if was is None else changed

    def _row_places(self, band: pygame.Rect, pieces: tuple[SumPiece, ...]
                    ) -> tuple[Written | pygame.Rect, ...]:
        """Per piece of a round row's line sum, where it goes: an operator's note (its text
        and rect), a number's box. Laid out once per band and operators (the operators'
        widths set the boxes'): a repaint of changed numbers measured every piece again."""
        key = (band.x, band.y, band.w, band.h, *[text for text, kind in pieces if kind == "op"])
        places = self._places.get(key)
        if places is None:
            places = self._places[key] = self._lay_row(band, pieces)
        return places

    @staticmethod
    def _lay_row(band: pygame.Rect, pieces: tuple[SumPiece, ...]
                 ) -> tuple[Written | pygame.Rect, ...]:
        rect = band.inflate(-20, 0)
        h, cy = min(rect.h - 12, 54), rect.centery
        ops = sum(sp.text_width(text, theme.SMALL_SIZE, True) + OP_PAD
                  for text, kind in pieces if kind == "op")
        x = rect.x + 22 + 8  # after the swatch
        box_w = min(64, (rect.right - x - ops - TOTAL_EXTRA) // 4)
        out: list[Written | pygame.Rect] = []
        for text, kind in pieces:
            if kind == "op":
                img = theme.text(text, theme.SMALL_SIZE, theme.TEXT_DIM, True)
                at = img.get_rect(midleft=(x + OP_PAD // 2, cy))
                out.append(Written(text, at, theme.SMALL_SIZE))
                x = at.right + OP_PAD // 2
            else:
                box = pygame.Rect(x, cy - h // 2,
                                  box_w + (TOTAL_EXTRA if kind == "total" else 0), h)
                out.append(box)
                x = box.right
        return tuple(out)

    def _bonus_row(self, band: pygame.Rect, items: list[tuple[str, int]],
                   surface: pygame.Surface, before: tuple | None = None
                   ) -> list[pygame.Rect] | None:
        """Overpasses, interchanges and objectives: icon and points each."""
        rect = band.inflate(-20, 0)
        step = rect.w // len(items)
        partly = before is not None and [i for i, _ in before] == [i for i, _ in items]
        if not partly:
            self.room.layers.restore(band)
        changed = []
        for k, (icon, value) in enumerate(items):
            cell = pygame.Rect(rect.x + k * step, rect.y, step, rect.h)
            spot = (cell.x + 48, cell.centery)
            if partly and before[k][1] != value:  # its number alone, where it was and is
                was = sp.numeral(str(before[k][1]), theme.BODY_SIZE, theme.TEXT)
                changed.append(was.get_rect(midleft=spot).union(
                    sp.numeral(str(value), theme.BODY_SIZE, theme.TEXT).get_rect(midleft=spot)))
                self.room.layers.restore(changed[-1])
            elif partly:
                self.room.scribe.note(str(value), sp.numeral(
                    str(value), theme.BODY_SIZE, theme.TEXT).get_rect(midleft=spot),
                    theme.BODY_SIZE)
                continue
            else:
                sp.icon(surface, icon, (cell.x + 22, cell.centery), 16)
            self.room.scribe.number(surface, str(value), theme.BODY_SIZE, theme.TEXT,
                                    midleft=spot)
        return changed if partly else None

    def _paint_mini(self, score: SeatScore, surface: pygame.Surface,
                    before: tuple | None = None) -> None:
        """A bot's numbers: name, total, and each round's line points (all of them: a small
        zone)."""
        rect, seat, w = self.area.score, self.seat, self.room.scribe
        self.room.layers.restore(rect)
        wide = rect.w >= 400  # under a tall map: name and total on one line, rounds in a row
        total = sp.numeral(str(score.total), theme.HEADING_SIZE, theme.TEXT)
        room = rect.w - 8 - (total.get_width() + 16 if wide else 0) - MINI_EMBLEM - 6
        name_y = rect.y + 10 + theme.font(theme.SMALL_SIZE, True).get_height() // 2
        mark = draw_seat_emblem(surface, seat, (rect.x + 4 + MINI_EMBLEM // 2, name_y),
                                MINI_EMBLEM)
        w.write(surface, self.room.names[seat], theme.SMALL_SIZE, seat_color(seat), True, room,
                midleft=(mark.right + 6, name_y))
        if wide:
            w.number(surface, str(score.total), theme.HEADING_SIZE, theme.TEXT,
                     topright=(rect.right - 8, rect.y))
            top, cols = rect.y + 76, ROUNDS
        else:
            w.number(surface, str(score.total), theme.HEADING_SIZE, theme.TEXT,
                     topleft=(rect.x + 4, rect.y + 46))
            top = rect.y + 112
            cols = 2 if rect.bottom - top < 4 * 34 else 1  # short panels: the rounds 2 by 2
        for r, row in enumerate(score.rounds):
            col, line = r % cols, r // cols
            x, y = rect.x + 4 + col * (rect.w // cols), top + line * 36
            color = sp.pencil_rgb(COLORS[row.color]) if row else theme.PANEL_LIGHT
            pygame.draw.rect(surface, color, pygame.Rect(x, y + 4, 18, 26), border_radius=5)
            done = row is not None and row.score is not None and not row.live
            w.number(surface, str(row.points) if done else "-", theme.SMALL_SIZE, theme.TEXT,
                     topleft=(x + 26, y + 2))

    @on_event("line_scored", sound=None)
    def line_scored(self, ev: Event, at: float, batch: Batch) -> float:
        """The seat's box of the round just ended and its total count up, every seat's at
        once."""
        start = batch.moments.setdefault("count", at)
        seat, ended = ev.player, self.view.round - 1  # the view is already past that round
        self.timeline.add(start, COUNT_TIME, None, pytweening.easeOutQuad,
                          tag=((seat, ended), (seat, BONUS_BOX)))
        return start + COUNT_TIME
