"""French Quarter's sheets: the compact panels of the other seats (Mayor Carly's in solo) and the
active seat's large sheet (sheet_art.py), in one region painted in pieces (pieces.py): a compact
panel is one piece, the large sheet's header items, marked rows, tails, artists and footer lines
are pieces over its seat's frame and blank sheet (the region's base there; the whole sheet is
painted again, a band a frame, when another seat's becomes large).

Panels and the large sheet's frame are pre-painted over the static background (opaque blits are
the fast ones). Targets: the
large sheet's meter boxes and artist cells. The panel animates boxes being ticked and the tags
that rise by a meter, a row or a seat's panel (multipliers, bonuses, the Second Line's points, a
seat that cannot move).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import partial
from operator import attrgetter

import pygame

from game.engine.core import Event, Prompt, Target
from game.ui import theme
from game.ui.audio import Cue, EventSound
from game.ui.i18n import language
from game.ui.paint import INK, fast, seat_color
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event, translator

from . import sprites as sp
from .board import ACTIVITIES, ARTISTS
from .layout import (
    CLOSED_RGB,
    LINE_RGB,
    NAME_GAP,
    PANELS_AREA,
    PANELS_H,
    PANELS_Y,
    RIGHT_W,
    RIGHT_X,
    SHEET_RECT,
    SQUEEZE,
    UMBRELLA_RGB_LIGHT,
    WHITE,
    WIDE_PANEL,
    Build,
    PiecePanel,
    S,
    fit,
)
from .marks import GLOW_REACH, draw_glows, tourist
from .pieces import Piece, RectTuple, blit_piece, piece
from .sheet import w_left
from .sheet_art import SheetArt
from .state import CARLY, OVER, Sheet, State
from .tweens import ring_area, ring_pulse, rising_tag, tick, tick_area

t = translator("french_quarter.scene.")
tr = translator("french_quarter.")  # the rules' strings: deck and activity names

SHEET_HOLDS = frozenset({"meter", "umb", "line", "art"})  # the holds the sheets show
POINTS_WARMED = 100  # points rendered with the room (a game's scores mostly stay under)
NUMBERS_WARMED = 20  # a compact panel's meter and stat numbers rendered with the room
fields_of = attrgetter(*Sheet.__slots__)  # a sheet's fields as a tuple (layer keys)


def points(count: int) -> str:
    """ "1 point", "23 points": a score in whole words (the one/other plural), worded once
    per language (the sheets' groups ask for every seat's at every change)."""
    key = (language(), count)
    words = _POINTS.get(key)
    if words is None:
        words = _POINTS[key] = t("points", count=count)
    return words


_POINTS: dict[tuple[str, int], str] = {}  # points(): (language, count) -> words


class SheetPanel(PiecePanel):
    """The other seats' compact panels and the active seat's large sheet."""

    HOLDS = SHEET_HOLDS

    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """Lay the large sheet out and paint its blank and all-marked forms once."""
        super().__init__(room, rect, "sheet")
        self.board = room.board
        self.sheet_rect = SHEET_RECT.copy()
        self.art = SheetArt(room.board, self.sheet_rect, room.abbr)
        self._frames: dict[tuple, pygame.Surface] = {}
        # prepare's progress: (view, large seat, seats still to list, groups still to build)
        self._prepared: tuple[State, int, list[int], list[Build]] | None = None
        self.rebuild()

    def rebuild(self) -> None:
        """Paint the blank and the all-marked sheet again (after a change of language)."""
        self.art.build()
        for key in [k for k in self._frames if k[0] in ("large", "carly")]:  # words on them
            del self._frames[key]

    def paint_static(self, surface: pygame.Surface) -> None:
        """The panels' row and the large sheet's plate."""
        for rect in (PANELS_AREA, self.sheet_rect):
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=16)

    # == the layer ================================================================================
    def shows(self, holds: Mapping | None = None) -> Hashable:
        """Everything the panels and the large sheet show (with these holds; None: now's)."""
        view, room = self.view, self.room
        return (room.large, room.sheet_fields, view.dice, view.turn, view.phase == OVER,
                self.held(SHEET_HOLDS, holds))

    def builds(self, holds: Mapping) -> list[Build]:
        """The other seats' panels (Carly's in solo), then the active seat's large sheet."""
        view, out = self.view, []
        for seat, rect in zip(self.panel_seats(), self.panel_rects()):
            if seat == CARLY:
                taken = tuple((d, v) for d, v, tk in view.dice if tk == CARLY)
                out.append((self._carly_pieces, (tuple(rect), taken)))
                continue
            meters, umb, line, art = self._shown(view, seat, holds)
            at = tuple(rect)
            out += [(self._compact_pieces, (seat, at, view.turn == seat, self.room.totals[seat])),
                    (self._compact_meters, (at, meters)), (self._compact_stats, (at, umb, line, art))]
        return out + self._large_builds(view, self.room.large, holds)

    def _carly_pieces(self, rect: RectTuple, taken: tuple[tuple[str, int], ...]) -> list[Piece]:
        """Mayor Carly's panel (solo): her frame, name and hint painted once (`_carly_base`;
        painted each repaint, they cost ~0.3 ms), then each die she took this round and its
        deck's name."""
        r = pygame.Rect(rect)
        out = [blit_piece(("carly", rect), self._carly_base(r), r)]
        for k, (d, v) in enumerate(taken):
            die = pygame.Rect(r.x + 26 + k * 230, r.y + 84, 44, 44)
            label = fit(tr("deck." + d), S, 170, sp.DECK_RGB[d], True)
            out += [blit_piece(("carly_die", k, v), sp.die(v, 44), die),
                    blit_piece(("carly_deck", k, d), label,
                               label.get_rect(midleft=(die.right + 6, die.centery)))]
        return out

    def _carly_base(self, rect: pygame.Rect) -> pygame.Surface:
        """Mayor Carly's panel at `rect` without her dice, over the static background
        (painted once)."""
        key = ("carly", tuple(rect))
        base = self._frames.get(key)
        if base is None:
            base = self._compact_base(rect, CARLY, False).copy()
            self._paint_carly(base, base.get_rect())
            base = self._frames[key] = fast(base, alpha=False)
        return base

    def _compact_pieces(self, seat: int, rect: RectTuple, active: bool, total: int
                        ) -> list[Piece]:
        """Another seat's compact panel: its frame (with the seat's tourist), its name and
        points. Its meters and its stats are groups of their own (`_compact_meters`,
        `_compact_stats`): a panel built whole cost up to ~0.25 ms, a frame's share."""
        r = pygame.Rect(rect)
        wide = r.w >= WIDE_PANEL  # narrow panels (4 players): the name's room comes first
        pawn = 34 if wide else 26
        return [piece(("compact", seat, rect, active), rect,
                      partial(self._paint_frame, seat=seat, rect=r, active=active, pawn=pawn)),
                self._compact_head(seat, r, total, wide, pawn)]

    @staticmethod
    def _compact_meters(rect: RectTuple, meters: tuple[int, ...]) -> list[Piece]:
        """A compact panel's meters, a cell each (a meter ticked repaints its cell, not the
        panel), their numbers made here (not in the frame that paints them)."""
        r = pygame.Rect(rect)
        cell = min(54, (r.w - 30) // 5 - 4)
        out = []
        for a, act in enumerate(ACTIVITIES):
            box = pygame.Rect(r.x + 22 + a * (cell + 4), r.y + 46, cell, 44)
            num = theme.text(str(meters[a]), S, WHITE, True)
            out.append(piece(("meter", box.topleft, cell, a, meters[a]),
                             box.union(num.get_rect(center=box.center)),
                             partial(_paint_cell, box=box, color=sp.ACTIVITY_RGB[act], num=num)))
        return out

    def _compact_stats(self, rect: RectTuple, umb: int, line: int, art: int) -> list[Piece]:
        """A compact panel's umbrellas, Second Line and artists: an icon and a number each."""
        texts = [theme.text(str(v), S, theme.TEXT, True) for v in (umb, line, art)]
        at = (rect[0] + 22, rect[1] + 94)
        return [piece(("stats", at, umb, line, art), stats_area(at, texts),
                      partial(self._paint_stats, at=at, texts=texts))]

    def _compact_head(self, seat: int, r: pygame.Rect, total: int, wide: bool, pawn: int
                      ) -> Piece:
        """A compact panel's name and points (the name's room is what the points leave)."""
        score = theme.text(points(total), theme.BODY_SIZE if wide else S, theme.TEXT, wide)
        srect = score.get_rect(topright=(r.right - 12, r.y + (6 if wide else 12)))
        # No dice here (the cards ring the dice each seat took): a number beside dice read
        # as a dice count, and the name keeps its room.
        name_x = r.x + (24 if wide else 18) + pawn
        room = srect.x - name_x - NAME_GAP  # well short of the points: never "Bot 127 points"
        # a narrow panel: smaller, then regular, never cut
        names = self.room.names
        size, bold = next(((z, b) for z, b in ((theme.BODY_SIZE, True), (S, True))
                           if theme.font(z, b).size(names[seat])[0] * SQUEEZE <= room),
                          (S, False))
        name = fit(names[seat], size, room, seat_color(seat), bold)
        nrect = name.get_rect(topleft=(name_x, r.y + 8))
        return piece(("head", seat, tuple(r), total), nrect.union(srect),
                     partial(_blit_all, images=((score, srect), (name, nrect))))

    def _paint_frame(self, surf: pygame.Surface, seat: int, rect: pygame.Rect, active: bool,
                     pawn: int) -> None:
        """A compact panel's frame and the seat's tourist."""
        self._panel_frame(surf, rect, seat, active)
        wide = rect.w >= WIDE_PANEL
        surf.blit(tourist(seat, pawn), (rect.x + 14 + (6 if wide else 0), rect.y + 4 + 34 - pawn))

    def _paint_stats(self, surf: pygame.Surface, at: tuple[int, int],
                     texts: list[pygame.Surface]) -> None:
        """Umbrellas, Second Line and artists: an icon and a number each."""
        x, y = at
        for kind, text in zip(("umbrella", "line", "art"), texts):
            x = self._stat(surf, x, y, kind, text) + 16

    def base(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The static background; on the large sheet, its seat's frame and blank sheet."""
        sheet = self.sheet_rect
        inside = rect.clip(sheet)
        if inside != rect:
            surface.blit(self.room.layers.static, rect, rect)
        if inside.w and inside.h:
            surface.blit(self._large_base(self.room.large), inside, inside.move(-sheet.x, -sheet.y))

    def panel_seats(self, large: int | None = None) -> list[int]:
        """Seats in the compact panels (CARLY in solo), while `large` (None: the room's
        active seat) has the large sheet."""
        if self.room.players == 1:
            return [CARLY]
        large = self.room.large if large is None else large
        return [s for s in range(self.room.players) if s != large]

    def panel_rects(self) -> list[pygame.Rect]:
        """The compact panels' rects, sharing the row out."""
        n = len(self.panel_seats())
        gap = 10
        w = (RIGHT_W - gap * (n - 1)) // n  # one panel (2 players, solo) spans the row
        return [pygame.Rect(RIGHT_X + i * (w + gap), PANELS_Y, w, PANELS_H) for i in range(n)]

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a die taken by `seat` lands: its panel, or the large sheet's header."""
        if seat == self.room.large:
            return self.sheet_rect.x + 400, self.sheet_rect.y + 26
        for s, r in zip(self.panel_seats(), self.panel_rects()):
            if s == seat:
                return r.center
        return PANELS_AREA.center

    def _shown(self, view: State, seat: int, h: Mapping
               ) -> tuple[tuple[int, ...], int, int, int]:
        """Meters, umbrellas, Second Line and artist meter of a seat minus running ticks (the
        holds `h`)."""
        sh = view.sheets[seat]
        # .get: a missing key's [] runs Counter.__missing__ in Python (nine keys a seat)
        meters = tuple([m - h.get(("meter", seat, a), 0) for a, m in enumerate(sh.meters)])
        return (meters, sh.umbrellas - h.get(("umb", seat), 0), sh.line - h.get(("line", seat), 0),
                sh.art - h.get(("art", seat), 0))

    def _panel_frame(self, surf: pygame.Surface, rect: pygame.Rect, seat: int,
                     active: bool) -> None:
        """A panel, pre-painted over the static background (opaque blits are the fast ones)."""
        surf.blit(self._compact_base(rect, seat, active), rect)

    def _compact_base(self, rect: pygame.Rect, seat: int, active: bool) -> pygame.Surface:
        """A seat's compact panel at `rect` over the static background (painted once)."""
        key = (tuple(rect), seat, active)
        frame = self._frames.get(key)
        if frame is None:
            frame = self.room.layers.static.subsurface(rect).copy()
            sp.panel(frame, seat_color(seat), active)
            frame = self._frames[key] = fast(frame, alpha=False)
        return frame

    @staticmethod
    def _stat(surf: pygame.Surface, x: int, y: int, kind: str, text: pygame.Surface) -> int:
        """An icon and its number's `text`; returns the x after them."""
        if kind == "umbrella":
            surf.blit(sp.icon("umbrella", 32), (x, y))
        elif kind == "line":
            pygame.draw.line(surf, INK, (x, y + 16), (x + 32, y + 16), 12)
            pygame.draw.line(surf, LINE_RGB, (x, y + 16), (x + 32, y + 16), 8)
        else:  # a blank artist tag: any artist (a code here read as "the Sax count")
            surf.blit(sp.artist_tag("", 32), (x, y))
        surf.blit(text, text.get_rect(midleft=(x + 38, y + 16)))
        return x + 38 + text.get_width()

    def _paint_carly(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """Solo: Mayor Carly's name and what she does, on her panel at `rect` of `surf`."""
        name = theme.text(t("carly"), theme.BODY_SIZE, (220, 200, 240), True)
        surf.blit(name, (rect.x + 26, rect.y + 8))
        hint = fit(t("carly_hint"), S, rect.w - 40, theme.TEXT_DIM)
        surf.blit(hint, (rect.x + 26, rect.y + 48))

    def warm(self) -> None:
        """Paint every seat's frame and blank sheet now (once the static background is): the
        first band of a seat's sheet would spend a few milliseconds on it; and every compact
        panel's, at each place the seat's panel takes in the row, playing or not (a fraction
        of a millisecond in the frame the large sheet changes hands)."""
        if self.room.players == 1:
            self._carly_base(self.panel_rects()[0])
            for d in sp.DECK_RGB:  # the decks' names beside her dice
                fit(tr("deck." + d), S, 170, sp.DECK_RGB[d], True)
        for seat in range(self.room.players):
            self._large_base(seat)
            for other, rect in zip(self.panel_seats(seat), self.panel_rects()):
                for active in (False, True):
                    self._compact_base(rect, other, active)
        self._warm_texts()

    def _warm_texts(self) -> None:
        """Render the numbers the sheets show as the game goes (points up to POINTS_WARMED,
        a compact panel's meters and stats) and the large sheet's other texts now: a text
        first rendered in the frame that shows it cost 0.15-0.35 ms of it."""
        wide = self.panel_rects()[0].w >= WIDE_PANEL  # the compact panels' points, as theirs
        for count in range(POINTS_WARMED + 1):
            theme.text(points(count), theme.BODY_SIZE, theme.TEXT, True)  # the large sheet's
            theme.text(points(count), theme.BODY_SIZE if wide else S, theme.TEXT, wide)
        for value in range(NUMBERS_WARMED + 1):
            theme.text(str(value), S, WHITE, True)  # a compact panel's meters
            theme.text(str(value), S, theme.TEXT, True)  # and its stats
        self.art.warm_texts(self.room.names)

    def _large_base(self, seat: int) -> pygame.Surface:
        """The seat's frame and the blank sheet in one opaque surface (painted once)."""
        base = self._frames.get(("large", seat))
        if base is None:
            rect, art = self.sheet_rect, self.art
            base = self.room.layers.static.subsurface(rect).copy()
            sp.panel(base, seat_color(seat), True)
            base.blit(art.blank, art.content.move(-rect.x, -rect.y))
            base = self._frames[("large", seat)] = fast(base, alpha=False)
        return base

    def _large_builds(self, view: State, seat: int, holds: Mapping) -> list[Build]:
        """How the seat's large sheet's groups are built: its frame and the blank sheet (the
        region's base, all of it new with another seat), then what is marked on it."""
        art, sh, name = self.art, view.sheets[seat], self.room.names[seat]
        taken = tuple(v for d, v, tk in view.dice if tk == seat)
        out = [(self._large_frame, (seat,)),
               (art.header_pieces, (seat, name)),
               (art.score_pieces, (points(self.room.totals[seat]), taken, max(0, w_left(sh)),
                                   sh.police)),
               (art.mark_pieces, self._shown(view, seat, holds))]
        out += [(art.extra_pieces, (a, sh.crossed if a == 1 else (), sh.mults[a],
                                    sh.bonuses[a])) for a in range(len(ACTIVITIES))]
        vacation = None  # the Vacation card's line: none without Tourism, else how many done
        if view.tourism:
            vacation = -1 if sh.vacation < 0 else sum(
                1 for b in self.board.vacations[sh.vacation].buildings if sh.mapped[b])
        return out + [(art.artist_pieces, (sh.top, sh.bottom)),
                      (art.footer_pieces, (len(sh.courtyards), sh.riverwalk, vacation)),
                      (art.note_pieces, (name,))]

    def prepare(self, view: State) -> bool:
        """One step towards every other seat's large sheet being kept (its groups' text and
        pieces): when its sheet becomes the large one, the frame that builds the sheet's
        pieces finds them made. A step lists one seat's groups (once per view: listing all
        of them each frame cost ~0.1 ms) or builds one that is not kept. False when every
        one is kept."""
        memo = self._prepared
        if memo is None or memo[0] is not view or memo[1] != self.room.large:
            seats = [s for s in range(self.room.players) if s != self.room.large]
            memo = self._prepared = (view, self.room.large, seats, [])
        seats, todo = memo[2], memo[3]
        if todo:
            found = self.groups.missing(todo)  # the kept ones skipped in one call
            if found is not None:
                self.groups(found[0], *found[1])
                return True
            todo.clear()
        if seats:
            todo += self._large_builds(view, seats.pop(0), self.holds)
            return True
        return False

    def _large_frame(self, seat: int) -> list[Piece]:
        """The large sheet's frame and blank sheet: the region's base there."""
        return [piece(("large", seat), self.sheet_rect, _nothing)]

    # == targets and per-frame drawing ============================================================
    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """The large sheet's meter boxes and artist cells (the same at every move: listed
        once)."""
        if not self.offered:
            for a, act in enumerate(ACTIVITIES):
                for k, rect in enumerate(self.art.box_rects[a]):
                    self.offered[("meter", act, k)] = rect
            for i, a in enumerate(ARTISTS):
                self.offered[("artist", a)] = self.art.artist_rects[i]
        return self.offered

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """The sheet's options glow."""
        breath = self.pulse_options(self.offered, options, GLOW_REACH) if prompt else None
        if breath is not None:
            draw_glows(canvas, prompt, self.offered, 3 + round(2 * breath))

    # == event reactions ==========================================================================
    @on_event("meter", sound=EventSound((Cue("tick"),), 0.22))
    def _meter(self, ev: Event, at: float, batch: Batch) -> float:
        """A meter box of the large sheet is ticked."""
        seat = ev.player
        if seat != self.room.large:
            return at + 0.05
        a = ACTIVITIES.index(ev.get("activity"))
        boxes = self.art.box_rects[a]
        rect = boxes[min(ev.get("box"), len(boxes) - 1)]
        self.tween(at, 0.22, tick(rect, sp.ACTIVITY_RGB[ACTIVITIES[a]]),
                   holds=(("meter", seat, a),), area=tick_area(rect))
        return at + 0.22

    @on_event("umbrella", sound=EventSound((Cue("tick", volume=0.7),), 0.22))
    def _umbrella(self, ev: Event, at: float, batch: Batch) -> float:
        """An umbrella box of the large sheet is ticked."""
        seat = ev.player
        if seat != self.room.large:
            return at + 0.05
        boxes = self.art.umb_rects
        rect = boxes[min(ev.get("box"), len(boxes)) - 1]
        self.tween(at, 0.22, tick(rect, UMBRELLA_RGB_LIGHT), holds=(("umb", seat),),
                   area=tick_area(rect))
        return at + 0.22

    @on_event("multiplier", sound=EventSound((Cue("confirm"),), 0.3))
    def _multiplier(self, ev: Event, at: float, batch: Batch) -> float:
        """A multiplier is reached: "×3" rises by the meter (or the seat's panel)."""
        return self._popup_for(ev.player, ev.get("activity"), f"×{ev.get('value')}", at)

    @on_event("bonus", sound=EventSound((Cue("fanfare", volume=0.6),), 0.45))
    def _bonus(self, ev: Event, at: float, batch: Batch) -> float:
        """A bonus is unlocked: "Bonus A" rises by the meter (or the seat's panel)."""
        return self._popup_for(ev.player, ev.get("activity"),
                               t("bonus", letter=ev.get("letter")), at)

    def _popup_for(self, seat: int, act: str, label: str, at: float) -> float:
        if seat == self.room.large:
            r = self.art.box_rects[ACTIVITIES.index(act)][-1]
            c = (r.right + 60, r.centery)
        else:
            c = self.seat_anchor(seat)
        self._rise(label, c, sp.ACTIVITY_RGB[act], at, 0.5)
        return at + 0.3

    def _rise(self, label: str, c: tuple[int, int], color: tuple, at: float, dur: float) -> None:
        """A tag rising from `c`."""
        self.tween(at, dur, rising_tag(label, c, color))  # it says where it is

    @on_event("artist", sound=EventSound((Cue("tick"),), 0.22))
    def _artist(self, ev: Event, at: float, batch: Batch) -> float:
        """An artist is seen: its cell on the large sheet rings."""
        seat = ev.player
        if seat != self.room.large:
            return at + 0.05
        rect = self.art.artist_rects[ARTISTS.index(ev.get("artist"))]
        self.tween(at, 0.3, ring_pulse(rect, sp.ARTIST_RGB), holds=(("art", seat),),
                   area=ring_area(rect))
        return at + 0.22

    @on_event("line_scored", sound=EventSound((Cue("tick", volume=0.5),), 0.3))
    def _line_scored(self, ev: Event, at: float, batch: Batch) -> float:
        """Second Line boxes are marked: "+n" rises by the row (or the seat's panel)."""
        seat = ev.player
        c = self.seat_anchor(seat)
        if seat == self.room.large:
            c = (self.art.line_rects[-1].right - 40, self.art.line_rects[0].y)
        self._rise(f"+{ev.get('count')}", c, LINE_RGB, at, 0.5)
        return at + 0.3

    @on_event("no_move", sound=EventSound((Cue("error", volume=0.5),), 0.2))
    def _no_move(self, ev: Event, at: float, batch: Batch) -> float:
        """A seat cannot move: a red note rises by its panel."""
        self._rise(t("no_move"), self.seat_anchor(ev.player), CLOSED_RGB, at, 0.4)
        return at + 0.2


def stats_area(at: tuple[int, int], texts: list[pygame.Surface]) -> pygame.Rect:
    """Every pixel `SheetPanel._paint_stats` paints from `at` with these numbers: each icon's
    32 px square and its number beside it."""
    x, y = at
    area = pygame.Rect(x, y, 32, 32)
    for text in texts:
        area.union_ip(pygame.Rect(x, y, 32, 32))
        area.union_ip(text.get_rect(midleft=(x + 38, y + 16)))
        x += 38 + text.get_width() + 16
    return area


def _paint_cell(surf: pygame.Surface, box: pygame.Rect, color: tuple,
                num: pygame.Surface) -> None:
    """A compact panel's meter: its count on a cell of its activity's colour."""
    pygame.draw.rect(surf, color, box, border_radius=8)
    surf.blit(num, num.get_rect(center=box.center))


def _blit_all(surf: pygame.Surface, images: tuple[tuple[pygame.Surface, pygame.Rect], ...]
              ) -> None:
    """Blit each image at its rect."""
    for image, at in images:
        surf.blit(image, at)


def _nothing(surface: pygame.Surface) -> None:
    """Paints nothing: the large sheet's frame is the region's base."""
