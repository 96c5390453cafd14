"""French Quarter board renderer: a layout of panels (game.ui.panels) and their wiring.

The board (layout.py) is four panels, each in a module of its own:
- `MapPanel` (map_panel.py): the shared map (buildings with their icons, named streets, the
  Second Lines, the closed street, tourists, the active sheet's mapped values), laid out by
  map_layout.py so that no label hides anything (reported as `board_geometry`);
- `CardsPanel` (cards_panel.py): the row of cards with their dice, and the Mayor card;
- `SheetPanel` (sheet_panel.py, sheet_art.py): compact panels for the other seats (or Mayor
  Carly in solo) and the active seat's sheet, large;
- `ChooserPanel` (chooser_panel.py): chips for the choices that have no place of their own (a
  value to write, a circle's bonus or multiplier, a boost), next to where the decision happens.
The map, the cards and the sheets are painted in pieces (pieces.py): when what one shows changes,
only where its pieces came, went or changed is painted again, at most REPAINT_AREA pixels a
frame after a move (the large sheet changing hands takes a few frames, a band at a time), so
no frame redraws a third of the canvas. Each animates the events that
happen in it, with its sound timed to it (dice tumble 0.35 s each, staggered 0.07 s; a die flies
0.35 s; a tourist walks 0.16 s a space; a value is written in 0.4 s; a box ticks in 0.22 s; a
Second Line stretch draws in 0.5 s), each tween with the area it paints (tweens.py). Tweens hold
back parts of the view (a die still tumbling, a tourist still walking, a value not yet written)
until they end; `reset` drops them.

"Active seat": the seat of the decision at the head of the task stack, else the seat taking its
turn, else the viewer. Its sheet is large because every sheet target (wild meters, bonus or
multiplier circles, artists) belongs to whoever decides now. What spans panels stays here: the
active seat, the points each seat shows (added up when a sheet changes or the end reveals the
Vacation cards), and the layout again when a save made with other options is shown.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar

import pygame

from game.engine.core import Config, Prompt, Target
from game.ui import theme
from game.ui.audio import CueEntry
from game.ui.damage import PASS_AREA
from game.ui.geometry import BoardGeometry
from game.ui.panels import PanelRoom
from game.ui.render_kit import translator, viewer_seat

from . import sprites as sp
from .board import ARTISTS, Board
from .cards_panel import CardsPanel
from .chooser_panel import ChooserPanel
from .layout import CLOSED_RGB, LINE_RGB, WHITE, table_layout
from .map_panel import MapPanel
from .rules import FrenchQuarter
from .sheet_panel import SheetPanel, fields_of
from .state import OVER, State

__all__ = ["CLOSED_RGB", "LINE_RGB", "FQRenderer"]  # the colours a seat's colour must avoid

t = translator("french_quarter.scene.")
LIGHT_TWEENS = 2  # a frame painting at most so many tweens takes AHEAD_STEPS_LIGHT steps ahead
AHEAD_STEPS_LIGHT = 3


class FQRenderer(PanelRoom):
    """Draws the French Quarter map, the cards and dice and the sheets; animates the events."""

    view: State | None
    PANELS = (MapPanel, CardsPanel, SheetPanel, ChooserPanel)
    # The results chart in the sheet's colours (board_api: score colours); the Second Line is
    # teal there, as the parade's gold is too close to Party's yellow.
    CATEGORY_COLORS: ClassVar[Mapping[str, tuple]] = MappingProxyType({
        **sp.ACTIVITY_RGB, "second_line": (120, 210, 200), "buildings": (170, 125, 80),
        "artists": sp.ARTIST_RGB, "vacation": sp.UMBRELLA_RGB})
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = MappingProxyType({  # kinds without a sound
        "first_player": None, "vacation_dealt": None, "police_value": None,
        "personal_line": None})
    REPAINT_BUDGET = 1  # not None: repaints are spread over frames (REPAINT_AREA each)
    PLACES_LATE = True  # a move by bots alone places no targets (nobody reads them)
    REPAINT_AREA = 30_000  # pixels of the regions repainted a frame after a move (1.5% of it)
    # The running tweens' areas in so many rects at most (and one for a repaint): a round's
    # start (banner, cards turning, dice, tags) spreads more rects than the shell redraws one
    # by one, and their union is two thirds of the canvas. Two are joined anyway when their
    # union adds less than a draw pass costs (cards turning up side by side are one pass, not
    # three). The kit joins them (PanelRoom.tween_damage): no call more a frame of the room's.
    TWEEN_PASSES = 3
    TWEEN_WASTE = PASS_AREA

    def __init__(self, rules: FrenchQuarter, config: Config, seat_names: Sequence[str]) -> None:
        """Lay the panels out and paint the static background once."""
        super().__init__(rules, config, seat_names)
        self.board: Board = rules.board
        self.mayor = self.players == 1 or bool(config.option("mayor", False))
        self.large = 0  # the active seat (see the module docstring)
        self._totals: list[int] | None = [0] * self.players  # None: to add up (`totals`)
        self._scored_view: State | None = None  # the view they are added up from
        self.sheet_fields: tuple[tuple, ...] = ()  # each sheet shown, field by field
        self._scored: Hashable = None  # the sheets (and the end) the totals were added up from
        self._points: dict[tuple, int] = {}  # a sheet's points (see _seat_points)
        self.abbr = {a: t(f"abbr.{a}") for a in ARTISTS}
        self._budget = self.REPAINT_AREA  # what is left of this frame's REPAINT_AREA
        # The first so many regions were found up to date since the last change (all of them:
        # nothing is due), with these holds: a change is a new view, layout or holds object.
        self._clean = 0
        self._clean_holds: object = None
        self._prepared = True  # True: every other seat's large sheet is built (update)
        self._ahead_done = True  # True: what the regions show once the tweens end is built
        self._build()
        for v in ("W", *map(str, range(1, 7))):  # warm the pen: a first rotozoom costs a frame
            sp.handwritten(v, 52)
        for label, size in self._tag_texts():
            theme.text(label, size, WHITE, True)

    def _build(self) -> None:
        """Make and mount the panels (again for a save made with other options)."""
        layout = table_layout()
        self.board_panel = MapPanel(self, layout["map"])
        self.cards = CardsPanel(self, layout["cards"])
        self.sheet = SheetPanel(self, layout["sheet"])
        self.choosers = ChooserPanel(self, layout["choosers"])
        self.mount(layout, self.board_panel, self.cards, self.sheet, self.choosers)
        self.painted = (self.board_panel, self.cards, self.sheet)  # the panels in pieces
        self.regions = [panel.region for panel in self.painted]
        self._clean = 0
        self.sheet.warm()
        self.cards.warm()
        self.board_panel.warm()

    # == the kit's hooks ==========================================================================
    def show(self, view: State, viewer: int | None) -> None:
        """Take the view: re-lay out for other options, pick the large sheet, note that the
        points are to be added up again (when a sheet changed or the end reveals the Vacation
        cards), place the targets."""
        if view.mayor != self.mayor:
            self.mayor = view.mayor
            self._build()
        self._clean = 0
        self._prepared = False  # other seats' large sheets: their groups to build again
        self._ahead_done = False  # what the regions show once the tweens end: to build
        self.large = self._active(view, viewer_seat(viewer))
        self.choosers.forget()
        self.sheet_fields = tuple(map(fields_of, view.sheets))
        scored = (self.sheet_fields, view.phase == OVER)
        if scored != self._scored:
            self._scored, self._totals, self._scored_view = scored, None, view
        super().show(view, viewer)

    @property
    def totals(self) -> list[int]:
        """Each seat's points, added up when first read after a sheet changed: by the sheets'
        repaint, a frame after the move's (whose frame has enough to do)."""
        if self._totals is None:
            view = self._scored_view
            self._totals = [self._seat_points(view, seat) for seat in range(self.players)]
        return self._totals

    def _seat_points(self, view: State, seat: int) -> int:
        """A seat's points in `view`, added up again only when its sheet changed: a seat's
        points depend on its own sheet, the Tourism option and whether the game is over
        (the rules' `_seat_scores`); a move changes one sheet, and adding up all four cost
        ~1 ms of the frame after it."""
        key = (fields_of(view.sheets[seat]), view.tourism, view.phase == OVER)
        total = self._points.get(key)
        if total is None:
            if len(self._points) > 1024:  # a long session's old sheets: start again
                self._points.clear()
            total = self._points[key] = sum(self.rules._seat_scores(view, seat).values())
        return total

    def view_damage(self) -> list[pygame.Rect]:
        """What a new view changes outside the regions: nothing. The room draws nothing per
        frame of its own, and no panel names a rect (`panels_view_damage`: the regions report
        their repaints, the highlights and chips show only with a prompt, whose arrival
        redraws the frame); asking the four at each move was 7 calls."""
        return []

    def busy(self) -> bool:
        """True while tweens run or wait, or a region still has pieces to repaint. Asked
        twice a frame: read inline, without a call, when tweens run, when every region was
        found up to date (an idle frame) and when the first one not found so has pieces left
        for later (a repaint a band a frame)."""
        if self.timeline.tweens:
            return True
        regions, k = self.regions, self._clean
        return k < len(regions) and (bool(regions[k].stale) or self.repaints_due())

    def repaints_due(self) -> bool:
        """True if a region still has pieces to repaint (asked a few times a frame). Those
        found up to date since the last change are not asked again (a sheet repainted a band
        a frame asked the map and the cards each frame, 5 calls each): once all are, nothing
        is due until a new view or new holds."""
        regions, k = self.regions, self._clean
        if k == len(regions) or self.view is None:
            return False
        while k < len(regions) and not regions[k].due():
            k += 1
        self._clean, self._clean_holds = k, self.holds
        return k < len(regions)

    def update(self, dt: float) -> None:
        """Advance the timeline; repaint, REPAINT_AREA pixels a 60th of a second at most, what
        changed (an update standing for several frames, a hitch, repaints as many frames'
        worth). A frame of an animation that repainted nothing builds a group of another
        seat's large sheet (SheetPanel.prepare) until all are built for this view: the move
        that hands the large sheet over finds its text and pieces made (that frame cost over
        a millisecond); before that, what the regions show once their tweens end
        (`_work_ahead`). Never in an idle frame (it must cost next to nothing) nor in a move's
        (moves land when the timeline is empty: the table waits for the animation)."""
        self._time += dt  # (the kit's clock, as its own `update` moves it: no property calls)
        self._budget = round(self.REPAINT_AREA * max(1.0, dt * 60))
        regions, k = self.regions, self._clean  # (`busy`'s test, inline)
        if self.timeline.advance(dt) or (k < len(regions) and (bool(regions[k].stale)
                                                               or self.repaints_due())):
            self.refresh(self.REPAINT_BUDGET)
        if (self.timeline.tweens and self._budget >= self.REPAINT_AREA
                and not (self._ahead_done and self._prepared)):  # (most frames: all done)
            for _ in range(self._ahead_steps()):
                self._work_ahead()

    def _ahead_steps(self) -> int:
        """How many steps of work ahead this frame takes: AHEAD_STEPS_LIGHT while at most
        LIGHT_TWEENS tweens paint (a round's start opens with its ring and banner alone),
        else one. A round start's cards and dice need ~3 steps each of the eleven changes
        their tweens' ends make: a step a frame, the later ones were not ready when they came
        (a step, then the repaint the frame after, both in frames busy with six tweens)."""
        clock = self.timeline.clock
        painting = sum([1 for tw in self.timeline.tweens if tw.start <= clock and tw.paint])
        return AHEAD_STEPS_LIGHT if painting <= LIGHT_TWEENS else 1

    def _work_ahead(self) -> None:
        """One step of work done ahead, in a frame of an animation that repainted nothing:
        what a region shows once its tweens end (PiecePanel.work_ahead), else a group of
        another seat's large sheet (SheetPanel.prepare)."""
        if not self._ahead_done:
            for panel in self.painted:
                if panel.work_ahead():
                    return
            self._ahead_done = True
        if not self._prepared:
            self._prepared = not self.sheet.prepare(self.view)

    def _tag_texts(self) -> list[tuple[str, int]]:
        """The words the rising tags and the banners may show, with their size (rendered with
        the room: a tag's first frame rendered its words, with its font the first time, up to
        ~1.3 ms; all of them take a few milliseconds)."""
        labels = [(f"×{m}", theme.BODY_SIZE) for meter in self.board.meters
                  for m in meter.multipliers]
        labels += [(t("bonus", letter=letter), theme.BODY_SIZE) for letter in "ABCD"]
        labels += [(f"+{n}", theme.BODY_SIZE) for n in range(13)]
        labels += [(t("no_move"), theme.BODY_SIZE), (t("game_over"), theme.HEADING_SIZE)]
        labels += [(t("round", round=r), theme.HEADING_SIZE)
                   for r in range(1, self.board.rounds + 1)]
        return list(dict.fromkeys(labels))

    def refresh(self, limit: int | None = None) -> None:
        """Recompute the holds, then repaint the regions' changed pieces: all of them (limit
        None), none yet (0: the frame of a move has enough to do), else REPAINT_AREA of one
        region's, if none was repainted this frame, once its groups of pieces are built (one
        group a frame: `PiecePanel.build_step`)."""
        super().refresh(limit)  # the holds (no panel has a layer of the kit's)
        if limit is None or self.holds is not self._clean_holds:
            self._clean = 0  # else what the regions show is as it was: those found up to date
        if self.view is None or limit == 0:  # are not asked again
            return
        for panel in self.painted[self._clean:]:
            if limit is not None and self._budget < self.REPAINT_AREA:
                return  # one region a frame: one rect more for the shell to redraw
            region = panel.region
            if region.due():
                # one group a frame; an update standing for several frames builds them all;
                # none to build for a repaint's bands left for later (those of the key shown)
                if (limit is not None and self._budget < 2 * self.REPAINT_AREA
                        and not (region.stale and region.shown_key == panel.key())
                        and panel.build_step()):
                    self._budget = 0  # this frame's share went on building
                    return
                # a region a frame, even one whose pieces came out the same (building and
                # comparing them was this frame's share)
                self._budget -= max(1, region.paint(None if limit is None else self._budget))

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """The panels' highlights, only under a prompt: without one, none of them draws any
        (bots' turns: the kit's walk over the four panels was 7 calls a draw pass)."""
        if prompt is not None:
            super().draw_options(canvas, focus, prompt)

    @staticmethod
    def _active(view: State, viewer: int | None) -> int:
        """The seat whose sheet is large (see the module docstring)."""
        if view.tasks and view.tasks[0][1] >= 0:
            return view.tasks[0][1]
        if view.turn >= 0:
            return view.turn
        return viewer if viewer is not None else 0

    def board_geometry(self) -> BoardGeometry:
        """The map's labels, strokes and icons as last shown (the board_geometry capability)."""
        return self.board_panel.shapes().geometry

    def at_rest(self) -> bool:
        """The kit's, and no region with pieces left to repaint (`busy`: `update` would
        repaint them; the shell's sleeping table, game.ui.sleep)."""
        return not self.busy() and super().at_rest()
