"""French Quarter board layout: where each panel goes, the sizes and colours its art shares.

The board rect (1920x1000; the shell owns the bar below it) holds the shared map on the left and
down the right the row of cards with their dice (and the Mayor card), a row of compact panels for
the other seats (or Mayor Carly in solo) and the active seat's sheet, large. The choosers' chips
(choices with no place of their own) lie over the map or the sheet, where the decision happens.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

import pygame

from game.engine.core import Prompt, Target
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.i18n import language
from game.ui.paint import INK, Plate, fit_text
from game.ui.panels import Layout, Panel, PanelRoom

from .pieces import Group, Groups, Piece, PieceLayer

Build = tuple[Callable[..., Iterable[Piece]], tuple]  # how a group is built: (build, args)
BUILDS_KEPT = 16  # a panel's `builds` kept per view: now's holds and those the tweens lead to (a
# round's start leads its cards to a dozen: with 8 kept, the first were listed again when they
# came, a step, and painted the frame after)

MAP = pygame.Rect(12, 12, 956, 976)
STREET = 44
RIGHT_X, RIGHT_W = 984, 924
CARDS_Y, CARDS_H = 10, 190
CARDS_AREA = pygame.Rect(RIGHT_X - 4, 0, RIGHT_W + 8, CARDS_Y + CARDS_H + 4)
PANELS_Y, PANELS_H = 208, 130
PANELS_AREA = pygame.Rect(RIGHT_X, PANELS_Y, RIGHT_W, PANELS_H)
SHEET_Y = 346
SHEET_H = BOARD_RECT.bottom - 6 - SHEET_Y
SHEET_RECT = pygame.Rect(RIGHT_X, SHEET_Y, RIGHT_W, SHEET_H)
INTERSECTION = 40
ARROW = (48, 40)
PAWN = 34
DIE = 50
TAKER_EMBLEM = 22  # the taker's emblem on the corner of a taken die's ring
ROAD = (196, 190, 178)
BLOCK = (70, 64, 58)
HOUSE = (238, 226, 200)
SMALL_HOUSE = (230, 214, 186)
WHITE = (255, 255, 255)
LINE_RGB = (240, 200, 40)  # the Second Line parade: gold, edged dark
CLOSED_RGB = (210, 40, 40)
VALUE_NOTE = (150, 180, 255)  # the sheet's note on the map's blue (handwritten) values
UMBRELLA_RGB_LIGHT = (120, 190, 220)
STARTS = ((200, 200, 210), (250, 250, 246))  # a personal line's start marker, the parade's
ARTIST_LIGHT = (230, 150, 190)
ACCENT_DARK = (190, 120, 20)
OPTION = (90, 230, 255)  # options glow cyan: apart from the shell's yellow focus ring
S = theme.SMALL_SIZE
SQUEEZE = 0.85  # text a little too wide is narrowed (its height, the 28 px floor, stays)
BOX = 41  # activity box
BOX_STEP = 43  # the 36 px multiplier and Party's "ABCD" still end inside the frame
METER_STEP = 44  # from one activity meter to the next
SMALL_BOX = 30  # umbrella and Second Line boxes: large enough to read a tick from the sofa
SMALL_STEP = 33
ART_BOX, ART_STEP = (32, 40), 34  # an artist meter box (its reward icon fills its width)
ARTIST_CELL = (50, 40)  # an artist's cell, in the top and in the bottom row
ARTIST_STEP = (54, 43)
GROUP_GAP = 10  # between runs of Second Line boxes (each run ends with an umbrella)
UMBRELLA_W = 500  # the umbrella rows at most: the courtyards and Riverwalk counts sit beside
LEGEND_STEP = 28  # the legend's lines (the artists' key, then the sheet's symbols)
KEY_TEXT_W, KEY_GAP = 170, 18  # a symbol's meaning in the key at most, and the gap after it
NAME_GAP = 14  # between a panel's name and its points: "Bot 1  27 points", never "Bot 127"
SIDE_LINE = 24  # the lines beside the umbrellas (courtyards, Riverwalk, Vacation)
MULT_SIZE = theme.BODY_SIZE  # a meter's multiplier (×2): the number the end score hangs on
BAND_LINE = 24  # a card band's line pitch, when a long deck name takes two (hyphenated)
VOWELS = frozenset("aeiouáéíóúü")
WIDE_PANEL = 400  # a compact panel this wide has room for its points in body text
LABEL_W = 186  # the sheet's label column
MARK = S  # letters on the sheet's circles and artist cells: never below the 28 px floor
# Choosers: options with no place of their own on the board (a value to write, a circle's
# bonus or multiplier, a Culture A boost) are drawn as chips next to where the decision happens.
CHOOSERS = frozenset({"value", "circle", "boost"})
CHOOSER_TASKS = frozenset({"mapw", "bval", "circle", "move"})  # the prompts that offer them
# Map chips (and their plate) fit inside a street: they never cover a building, so no choice
# hides a destination or a neighbour's value.
VALUE_CHIP = STREET - 4
BOOST_CHIP = (84, STREET - 4)
CIRCLE_CHIP_H = 50
CHIP_GAP = 12
BANNER = Plate((40, 30, 60), LINE_RGB, 4, 16, (60, 24))  # "Round 3", "Game over"
TOOLTIP = Plate((252, 249, 240), INK, 2, 10, (20, 10))  # the focused building's name
CLOSED_SIGN = Plate(CLOSED_RGB, WHITE, 2, 8, (16, 6))


def table_layout() -> Layout:
    """The panels' rects (the same at every seat count: the seat panels share their row out,
    the card row its width). The sheet's region spans the compact panels and the large sheet:
    the two change together (the large one is the active seat's)."""
    return Layout(map=MAP, cards=CARDS_AREA, sheet=PANELS_AREA.union(SHEET_RECT),
                  choosers=BOARD_RECT)


def fit(message: str, size: int, max_w: int, color: Sequence[int],
        bold: bool = False) -> pygame.Surface:
    """Text no wider than max_w, narrowed down to SQUEEZE before it is shortened."""
    return fit_text(message, size, max_w, color, bold, SQUEEZE)


def hyphenated(word: str, size: int, max_w: int) -> list[str]:
    """The word on one line if it fits (narrowed at worst), else in two lines split with a
    hyphen before a consonant between two vowels (a syllable's start), the first as long as fits."""
    font = theme.font(size)
    if font.size(word)[0] * SQUEEZE <= max_w:
        return [word]
    low = word.lower()
    cuts = [i for i in range(2, len(word) - 2) if low[i] not in VOWELS
            and low[i - 1] in VOWELS and low[i + 1] in VOWELS
            and font.size(word[:i] + "-")[0] * SQUEEZE <= max_w]
    return [word[:max(cuts)] + "-", word[max(cuts):]] if cuts else [word]


def box_rows(x: int, y: int, count: int, per_row: int, run: int = 0,
             size: tuple[int, int] = (SMALL_BOX, SMALL_BOX),
             step: tuple[int, int] = (SMALL_STEP, SMALL_STEP)) -> list[list[pygame.Rect]]:
    """Rows of `count` boxes of `size`, `per_row` a row at `step` (x, y) apart, a gap after
    every `run` boxes (0: none)."""
    rows: list[list[pygame.Rect]] = []
    for k in range(count):
        col = k % per_row
        if col == 0:
            rows.append([])
        gaps = col // run if run else 0
        rows[-1].append(pygame.Rect((x + col * step[0] + gaps * GROUP_GAP,
                                     y + (k // per_row) * step[1]), size))
    return rows


class FQPanel(Panel):
    """A French Quarter panel: the shell draws the focus ring itself (only the map adds the
    focused building's name), and each panel keeps the targets it offered for its glows."""

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str | None = None) -> None:
        """A panel of `room` at `rect` that has offered nothing yet."""
        super().__init__(room, rect, name)
        self.offered: dict[Target, pygame.Rect] = {}

    def held(self, kinds: frozenset[str], holds: Mapping | None = None) -> frozenset:
        """The holds of these kinds now (or in `holds`), with how many tweens hold each (part
        of a region's key: two ticks of one meter hold it twice, and the first one's end shows
        its box)."""
        holds = self.holds if holds is None else holds
        return frozenset([(x, n) for x, n in holds.items() if x[0] in kinds and n])

    def draw_focus(self, canvas: pygame.Surface, focus: Target, rect: pygame.Rect,
                   prompt: Prompt | None) -> None:
        """Nothing: the shell rings the focused target."""


class PiecePanel(FQPanel):
    """A French Quarter panel whose region of the room's layers is painted in pieces
    (pieces.py): the room repaints, a few pixels a frame, only where what it shows changed."""

    LAYERED = False  # no layer of the kit's: its `region` paints into the room's layers
    HOLDS: frozenset[str] = frozenset()  # the kinds of holds the region shows

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str | None = None) -> None:
        """A panel of `room` at `rect`, its region not painted yet."""
        super().__init__(room, rect, name)
        self.region = PieceLayer(lambda: room.layers, self.name, self.rect, self.key,
                                 self.pieces, self.base)
        self.groups = Groups()  # its groups of pieces, kept by what they are built from
        self._key: tuple | None = None  # (view, holds, active seat, `shows()` for them)
        self._futures: list | None = None  # [view, its holds to come, how many are done]
        self._all_built: list[Build] | None = None  # the builds found all built last
        # ((view, holds, active seat, language, `shows`), `builds`), newest last
        self._builds: list[tuple[tuple, list[Build]]] = []

    def key(self) -> Hashable:
        """What the region shows (`shows`), worked out once per view, holds and active seat
        (a frame asks a few times, each region: building the tuples cost ~0.1 ms a frame)."""
        view, holds, large = self.view, self.holds, self.room.large
        memo = self._key
        if memo is None or memo[0] is not view or memo[1] is not holds or memo[2] != large:
            memo = self._key = (view, holds, large, self.shows())
        return memo[3]

    def shows(self, holds: Mapping | None = None) -> Hashable:
        """Everything the region shows, from the view, the holds (None: now's) and the active
        seat alone."""
        return None

    def view_damage(self) -> list[pygame.Rect]:
        """None: its region reports its own repaints; its highlights follow the prompt."""
        return []

    def pieces(self) -> list[Group]:
        """What the region shows, in painting order, in groups (made by `self.groups`)."""
        return self.groups.all(self.builds_for(self.holds))

    def builds(self, holds: Mapping) -> list[Build]:
        """How each group of `pieces` is built with these holds: (build, its args)."""
        return []

    def builds_for(self, holds: Mapping) -> list[Build]:
        """`builds(holds)`, worked out once per view, what the region shows with these holds
        and language: a group built a frame asks for them every frame until all are built,
        then the repaint and the work ahead again (listing a sheet's ~0.1-0.2 ms each time,
        cold). Kept by what the region shows, not only by the holds object: the holds the
        work ahead lists for (`futures`) are not the object the frame that repaints holds, so
        that frame finds the list made ahead (`builds` depends on nothing `shows` leaves out
        but the view's fixed options, hence the view too)."""
        builds = self.listed(holds)
        if builds is None:
            builds = self.builds(holds)
            self._keep_builds(holds, self._shows_with(holds), builds)
        return builds

    def listed(self, holds: Mapping) -> list[Build] | None:
        """`builds(holds)` if kept (`builds_for`), else None: looked up by the holds object
        first (asked every frame: telling what the region shows with them costs more), then
        by what the region shows with them (then kept under this holds object too)."""
        view, large, lang = self.view, self.room.large, language()
        for (v, h, lg, ln, _), builds in reversed(self._builds):
            if h is holds and v is view and lg == large and ln == lang:
                return builds
        shows = self._shows_with(holds)
        for (v, _, _, ln, sh), builds in reversed(self._builds):
            if v is view and ln == lang and sh == shows:
                self._keep_builds(holds, shows, builds)
                return builds
        return None

    def _keep_builds(self, holds: Mapping, shows: Hashable, builds: list[Build]) -> None:
        """Keep `builds` for these holds (BUILDS_KEPT at most, an older view's let go)."""
        view = self.view
        memo = [m for m in self._builds if m[0][0] is view]
        self._builds = [*memo[-(BUILDS_KEPT - 1):],
                        ((view, holds, self.room.large, language(), shows), builds)]

    def _shows_with(self, holds: Mapping) -> Hashable:
        """`shows(holds)`, from the key kept for now's holds (`key`)."""
        return self.key() if holds is self.holds else self.shows(holds)

    def build_step(self, holds: Mapping | None = None) -> bool:
        """Build one group of what the region shows with these holds (None: now's) that is not
        built yet: False if every one is. The room builds a changed region's groups a frame
        each before it paints it (a group's text and pieces cost up to ~0.3 ms), and builds
        what it will show once the running tweens end in frames with time to spare. Listing
        the groups is a step of its own when they are not listed yet (`builds_for`: up to
        ~0.15 ms cold, with each seat's points added up again after a move)."""
        holds = self.holds if holds is None else holds
        builds = self.listed(holds)
        if builds is None:
            self.builds_for(holds)
            return True
        if builds is self._all_built:  # asked again each frame until the repaint is done
            return False
        found = self.groups.missing(builds)
        if found is not None:
            self.groups(found[0], *found[1])
            return True
        self._all_built = builds
        return False

    def work_ahead(self) -> bool:
        """A `build_step` for what the region shows once each running tween holding part of
        it has ended, in the order they end: False when there is none left to take. The
        holds to come are listed once per view (its tweens are queued with it) and each is
        looked at until all of its steps are done: a step, or finding one done, a frame."""
        memo = self._futures
        if memo is None or memo[0] is not self.view:
            memo = self._futures = [self.view, self.futures(), 0]
        futures = memo[1]
        if memo[2] >= len(futures):
            return False
        if not self.build_step(futures[memo[2]]):  # all made: the next holds' next frame
            memo[2] += 1  # (looking one over costs a tenth of a millisecond or two)
        return True

    def futures(self) -> list[Counter]:
        """The holds once each running tween holding part of what the region shows (HOLDS)
        has ended, in the order they end."""
        kinds = self.HOLDS
        # each holding tween as (end, when its holds start, holds): read once, not per end
        # (its end as Tween.end works it out, without the property's call a tween)
        spans = [(tw.start + tw.dur, tw.start if tw.late else -math.inf, tw.holds)
                 for tw in self.room.timeline.tweens if tw.holds]
        ends = sorted({end for end, _, holds in spans
                       if not kinds.isdisjoint([k[0] for k in holds])})
        return [Counter([k for e, start, holds in spans if e > end and start <= end
                         for k in holds]) for end in ends]  # counted at once, in C

    def base(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Put back what lies under the pieces in `rect`: the static background."""
        surface.blit(self.room.layers.static, rect, rect)
