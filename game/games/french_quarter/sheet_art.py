"""French Quarter's large sheet: where its boxes go and how it is drawn.

The blank sheet and the all-marked one are painted once (`build`); the sheet panel copies the
marked part of each row from the second over the first, then adds what no row holds: the header
(name, this round's dice, unspent W writes and the police value, points), the meters' crossed
circles, multipliers and bonus letters, the artists seen, and the footer (courtyards, Riverwalk,
the Vacation card, what the blue numbers on the map are). Under the rows lies the key: the
artists' codes and the sheet's symbols.
"""

from __future__ import annotations

import math
from functools import partial

import pygame

from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.paint import INK, fast, seat_color
from game.ui.render_kit import translator

from . import sprites as sp
from .board import ACTIVITIES, ARTISTS, Board
from .layout import (
    ART_BOX,
    ART_STEP,
    ARTIST_CELL,
    ARTIST_LIGHT,
    ARTIST_STEP,
    BOX,
    BOX_STEP,
    CLOSED_RGB,
    GROUP_GAP,
    KEY_GAP,
    KEY_TEXT_W,
    LABEL_W,
    LEGEND_STEP,
    LINE_RGB,
    MARK,
    METER_STEP,
    MULT_SIZE,
    RIGHT_W,
    SHEET_Y,
    SIDE_LINE,
    SMALL_STEP,
    UMBRELLA_RGB_LIGHT,
    UMBRELLA_W,
    VALUE_NOTE,
    WHITE,
    S,
    box_rows,
    fit,
)
from .marks import reward_mark, small_box, tourist
from .pieces import Piece, blit_part, blit_piece, piece

t = translator("french_quarter.scene.")
tr = translator("french_quarter.")  # the rules' strings: deck and activity names


class SheetArt:
    """The large sheet's boxes (meters, umbrella and Second Line rows, artist cells and the artist
    meter, the legend's top) and its painting."""

    def __init__(self, board: Board, rect: pygame.Rect, abbr: dict[str, str]) -> None:
        """Lay the sheet's boxes out in `rect` (as many rows as their boxes need)."""
        self.board, self.sheet_rect, self.abbr = board, rect, abbr
        b = board
        sx, y = rect.x + LABEL_W, SHEET_Y + 46
        self.box_rects = [[pygame.Rect(sx + k * BOX_STEP, y + a * METER_STEP, BOX, BOX)
                           for k in range(len(m.boxes))] for a, m in enumerate(b.meters)]
        y = self.box_rects[-1][0].bottom + 6
        rows = math.ceil(b.umbrella_boxes * SMALL_STEP / UMBRELLA_W)
        self.umb_rows = box_rows(sx, y, b.umbrella_boxes, math.ceil(b.umbrella_boxes / rows))
        y = self.umb_rows[-1][0].bottom + 10  # room for the third line beside the umbrellas
        runs = (RIGHT_W - LABEL_W - 20 + GROUP_GAP) // (b.line_row * SMALL_STEP + GROUP_GAP)
        self.line_rows = box_rows(sx, y, b.line_boxes, max(1, runs) * b.line_row, b.line_row)
        y = self.line_rows[-1][0].bottom + 6
        (cw, ch), (step, step_y) = ARTIST_CELL, ARTIST_STEP
        self.artist_rects = [pygame.Rect(sx + i * step, y, cw, step_y + ch)
                             for i in range(len(ARTISTS))]
        n = len(b.artist_meter)
        self.art_rows = box_rows(self.artist_rects[-1].right + 12, y, n, math.ceil(n / 2),
                                 size=ART_BOX, step=(ART_STEP, step_y))
        self.umb_rects = [r for row in self.umb_rows for r in row]
        self.line_rects = [r for row in self.line_rows for r in row]
        self.art_meter = [r for row in self.art_rows for r in row]
        self.legend_y = self.artist_rects[0].bottom + 4
        bottom = self.legend_y + 3 * LEGEND_STEP
        self.content = pygame.Rect(rect.x + 14, rect.y + 48, rect.w - 30, bottom - rect.y - 48)
        self.blank = self.full = pygame.Surface((1, 1))

    def build(self) -> None:
        """The blank and the all-marked sheet (rows are copied from them when painting)."""
        out = []
        for full in (False, True):
            surf = pygame.Surface(BOARD_RECT.size)
            surf.fill(theme.PANEL_LIGHT)
            n = 99 if full else 0
            for a, act in enumerate(ACTIVITIES):
                self._meter_row(surf, a, act, n)
            self._small_rows(surf, n)
            self._artist_frame(surf, n)
            self._legend(surf)
            out.append(fast(surf.subsurface(self.content).copy(), alpha=False))
        self.blank, self.full = out

    def mark_pieces(self, meters: list[int], umb: int, line: int, art: int) -> list[Piece]:
        """The marked part of each row, copied from the all-marked sheet."""
        content = self.content
        rows = [(("meter", a), self.box_rects[a], meters[a]) for a in range(len(ACTIVITIES))]
        for kind, runs, count in (("umb", self.umb_rows, umb), ("line", self.line_rows, line),
                                  ("art", self.art_rows, art)):
            for k, row in enumerate(runs):
                rows.append(((kind, k), row, count))
                count -= len(row)
        out = []
        for row_id, boxes, n in rows:
            n = min(n, len(boxes))
            if n > 0:
                area = boxes[0].union(boxes[n - 1]).inflate(4, 4)
                out.append(piece(("marks", row_id, n), area, partial(
                    blit_part, image=self.full, at=area, part=area.move(-content.x, -content.y))))
        return out

    def _small_rows(self, surf: pygame.Surface, n: int) -> None:
        """Umbrella and Second Line rows with their labels."""
        x0 = self.sheet_rect.x + 26
        surf.blit(sp.icon("umbrella", 30), (x0 - 4, self.umb_rects[0].y - 2))
        label = fit(t("umbrellas"), S, LABEL_W - 64, theme.TEXT)
        surf.blit(label, (x0 + 30, self.umb_rects[0].y))
        for k, r in enumerate(self.umb_rects):
            wild = (k + 1) % self.board.wild_every == 0
            small_box(surf, r, k < n, UMBRELLA_RGB_LIGHT, wild)
        label = fit(t("second_line"), S, LABEL_W - 34, theme.TEXT)
        surf.blit(label, (x0, self.line_rects[0].y))
        for k, r in enumerate(self.line_rects):
            end = (k + 1) % self.board.line_row == 0
            small_box(surf, r, k < n, LINE_RGB, end)

    def header_pieces(self, seat: int, name: str) -> list[Piece]:
        """The seat's tourist and name (built when the sheet changes hands)."""
        rect = self.sheet_rect
        label = fit(name, theme.BODY_SIZE, 300 - 38, seat_color(seat), True)
        return [blit_piece(("pawn", seat), tourist(seat, 34), (rect.x + 20, rect.y + 8)),
                blit_piece(("name", seat, name), label, (rect.x + 58, rect.y + 10))]

    def score_pieces(self, points: str, taken: tuple[int, ...], writes: int, police: int
                     ) -> list[Piece]:
        """The dice the seat took this round (their values), unspent W writes and the police
        value, points (a group of its own: the name's text is not made again with them)."""
        rect = self.sheet_rect
        score = theme.text(points, theme.BODY_SIZE, theme.TEXT, True)
        at = score.get_rect(topright=(rect.right - 16, rect.y + 10))
        out = [blit_piece(("points", points), score, at)]
        for k, v in enumerate(taken):
            out.append(blit_piece(("die", k, v), sp.die(v, 38), (rect.x + 360 + k * 44, rect.y + 6)))
        x = rect.x + 470
        bits = []
        if writes:
            bits.append(t("w_left", count=writes))
        if police > 0:
            bits.append(t("police", value=police))
        if bits:
            note = "  ".join(bits)
            text = fit(note, S, at.x - x - 12, theme.ACCENT, True)
            out.append(blit_piece(("note", note, at.x), text, (x, rect.y + 14)))
        return out

    def _meter_row(self, surf: pygame.Surface, a: int, act: str, marked: int) -> None:
        """One activity meter's icon, name and 14 boxes (the first `marked` ones ticked)."""
        meter = self.board.meters[a]
        boxes = self.box_rects[a]
        y = boxes[0].centery
        x0 = self.sheet_rect.x + 18
        surf.blit(sp.icon(act, 28), (x0 - 4, y - 14))
        name = fit(tr("activity." + act), S, LABEL_W - 52, sp.ACTIVITY_RGB[act])
        surf.blit(name, name.get_rect(midleft=(x0 + 28, y)))
        col = sp.ACTIVITY_RGB[act]
        for k, r in enumerate(boxes):
            kind = meter.boxes[k]
            fill = col if k < marked else (248, 244, 234)
            if kind == "sq":
                pygame.draw.rect(surf, fill, r, border_radius=4)
                pygame.draw.rect(surf, INK, r, 2, border_radius=4)
            else:
                pygame.draw.circle(surf, fill, r.center, r.w // 2)
                pygame.draw.circle(surf, INK, r.center, r.w // 2, 2)
                text = sp.circle_mark(kind, INK if k >= marked else WHITE)
                surf.blit(text, text.get_rect(center=r.center))
            if k < marked:
                sp.check(surf, r, INK, 1.0, 3)

    def extra_pieces(self, a: int, crossed: tuple[int, ...], mults: int, bonuses: int
                     ) -> list[Piece]:
        """Meter a's crossed-out circles (Party A), the multiplier reached (`mults` of them)
        and the bonuses unlocked (how many)."""
        meter = self.board.meters[a]
        boxes = self.box_rects[a]
        out = [piece(("crossed", k), boxes[k].inflate(8, 8), partial(_cross, r=boxes[k]))
               for k in crossed]
        mult = meter.multipliers[mults - 1] if mults else 0
        letters = "ABCD"[:bonuses]
        for k, (text, rect) in enumerate(self.meter_tail(a, mult, letters)):
            out.append(blit_piece(("tail", a, k, mult, letters), text, rect))
        return out

    def meter_tail(self, a: int, mult: int, letters: str) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """What follows meter a's boxes: its multiplier ("×2", body text) and the bonus letters
        unlocked (if any), each with where it goes."""
        boxes = self.box_rects[a]
        text = theme.text(f"×{mult}", MULT_SIZE, theme.TEXT, True)
        out = [(text, text.get_rect(midleft=(boxes[-1].right + 6, boxes[0].centery)))]
        if letters:
            tail = theme.text(letters, S, theme.ACCENT, True)
            out.append((tail, tail.get_rect(midleft=(out[0][1].right + 6, boxes[0].centery))))
        return out

    def _artist_frame(self, surf: pygame.Surface, marked: int) -> None:
        """The artist label, the empty artist cells and the 16-box artist meter."""
        x0 = self.sheet_rect.x + 26
        label = fit(t("artists"), S, LABEL_W - 34, theme.TEXT)
        surf.blit(label, (x0, self.artist_rects[0].y + 8))
        for i, a in enumerate(ARTISTS):
            for row in range(2):
                cell = self.artist_cell(i, row)
                pygame.draw.rect(surf, theme.PANEL, cell.inflate(-2, -2), 2, border_radius=10)
                text = theme.text(self.abbr[a], MARK, theme.TEXT_DIM, True)
                surf.blit(text, text.get_rect(center=cell.center))
        for k, r in enumerate(self.art_meter):
            reward = self.board.artist_meter[k]
            small_box(surf, r, k < marked, ARTIST_LIGHT, bool(reward))
            reward_mark(surf, r, reward)

    def artist_cell(self, i: int, row: int) -> pygame.Rect:
        """Artist i's cell in the top (0) or the bottom (1) row."""
        r = self.artist_rects[i]
        return pygame.Rect((r.x, r.y + row * ARTIST_STEP[1]), ARTIST_CELL)

    def _legend(self, surf: pygame.Surface) -> None:
        """The artists' key under their cells (each tag with its artist's name, in two lines),
        then the key to the sheet's symbols."""
        per_line = math.ceil(len(ARTISTS) / 2)
        x0, width = self.sheet_rect.x + 26, (self.sheet_rect.w - 52) // per_line
        for i, a in enumerate(ARTISTS):
            x = x0 + (i % per_line) * width
            y = self.legend_y + (i // per_line) * LEGEND_STEP
            tag = sp.artist_tag(self.abbr[a], LEGEND_STEP - 2)
            surf.blit(tag, (x, y))
            name = fit(tr(f"option.artist.{a}"), S, width - tag.get_width() - 16, theme.TEXT)
            surf.blit(name, name.get_rect(midleft=(x + tag.get_width() + 6, y + tag.get_height() // 2)))
        self._symbol_key(surf, x0, self.legend_y + 2 * LEGEND_STEP)

    def _symbol_key(self, surf: pygame.Surface, x: int, y: int) -> None:
        """One line: each symbol as the sheet draws it (B, ×, B× circles; the artist meter's M
        and points boxes) and what it means."""
        cy = y + LEGEND_STEP // 2
        for kind, key in (("B", "bonus"), ("M", "mult"), ("BM", "either")):
            mark = sp.circle_mark(kind, INK)  # in a circle, or a pill when B× is wider
            r = pygame.Rect(0, 0, max(LEGEND_STEP, mark.get_width() + 10), LEGEND_STEP)
            r.midleft = (x, cy)
            pygame.draw.rect(surf, (248, 244, 234), r, border_radius=r.h // 2)
            pygame.draw.rect(surf, INK, r, 2, border_radius=r.h // 2)
            surf.blit(mark, mark.get_rect(center=r.center))
            x = self._key_text(surf, f"key.{key}", r.right + 6, cy)
        for reward, key in (("map:", "map"), ("points:3", "points")):
            r = pygame.Rect(0, 0, ART_BOX[0], LEGEND_STEP)
            r.midleft = (x, cy)
            small_box(surf, r, False, ARTIST_LIGHT, True)
            reward_mark(surf, r, reward)
            x = self._key_text(surf, f"key.{key}", r.right + 6, cy)

    def _key_text(self, surf: pygame.Surface, key: str, x: int, cy: int) -> int:
        """A symbol's meaning, left-aligned at x; returns where the next symbol goes."""
        text = fit(t(key), S, KEY_TEXT_W, theme.TEXT)
        surf.blit(text, text.get_rect(midleft=(x, cy)))
        return x + text.get_width() + KEY_GAP

    def artist_pieces(self, top: int, bottom: int) -> list[Piece]:
        """The artists seen (bit masks), in the top row and then the bottom row."""
        out = []
        for i, a in enumerate(ARTISTS):
            for row, mask in enumerate((top, bottom)):
                if mask & (1 << i):
                    img = sp.artist_tag(self.abbr[a], ARTIST_CELL[1])  # its code at 28 px
                    at = img.get_rect(center=self.artist_cell(i, row).center)
                    out.append(blit_piece(("artist", i, row), img, at))
        return out

    def footer_pieces(self, courtyards: int, riverwalk: int, vacation: int | None
                      ) -> list[Piece]:
        """Courtyards and Riverwalk beside the umbrellas, and the Vacation card (None: not in
        play; -1: hidden, as only its owner sees it until the end; else its buildings done)."""
        x, y = self.umb_rows[0][-1].right + 16, self.umb_rows[0][0].y - 3
        lines = [t("courtyards", count=courtyards), t("riverwalk", count=riverwalk)]
        if vacation is not None:  # the card's buildings are outlined on the map
            lines.append(t("vacation_hidden") if vacation < 0 else t("vacation", count=vacation))
        return [blit_piece(("side", k, line), self._footer_line(line), (x, y + k * SIDE_LINE))
                for k, line in enumerate(lines)]

    def _footer_line(self, line: str) -> pygame.Surface:
        """One line of the footer, fitted to the room beside the umbrellas."""
        return fit(line, S, self.sheet_rect.right - 32 - self.umb_rows[0][-1].right, theme.TEXT)

    def warm_texts(self, names: list[str]) -> None:
        """Render every text a sheet's groups may show as the game goes (a meter's multiplier
        and bonus letters, the footer's counts, the note with each seat's name) now: a text
        first rendered in a frame, when a move shows it, cost 0.15-0.35 ms of it (the note
        beside the points as its text: fitted to the room the points leave, it is narrowed
        only if it would not fit)."""
        for a, meter in enumerate(self.board.meters):
            for mult in (0, *meter.multipliers):
                for k in range(5):
                    self.meter_tail(a, mult, "ABCD"[:k])
        for key, counts in (("courtyards", 5), ("riverwalk", 3), ("vacation", 5)):
            for count in range(counts):
                self._footer_line(t(key, count=count))
        self._footer_line(t("vacation_hidden"))
        for writes in range(4):  # the note beside the points: W writes left, police value
            for police in range(7):
                bits = [t("w_left", count=writes)] if writes else []
                bits += [t("police", value=police)] if police else []
                theme.text("  ".join(bits), S, theme.ACCENT, True)
        for name in names:
            self.note_pieces(name)

    def note_pieces(self, name: str) -> list[Piece]:
        """What the blue numbers on the map are, at the foot (a group of its own: it changes
        only with the seat, the footer's lines with its marks)."""
        rect = self.sheet_rect
        note = fit(t("map_values", name=name), S, rect.w - 40, VALUE_NOTE)
        return [blit_piece(("map_values", name), note,
                           (rect.x + 26, self.legend_y + 3 * LEGEND_STEP + 2))]


def _cross(surf: pygame.Surface, r: pygame.Rect) -> None:
    """A circle crossed out (Party A)."""
    pygame.draw.line(surf, CLOSED_RGB, r.bottomleft, r.topright, 5)
