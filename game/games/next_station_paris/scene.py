"""Next Station: Paris board renderer: one sheet per seat, everyone draws at once, on the panel
kit's split-screen layer (game.ui.split_room.SplitRoom).

The layout (layout.py) depends on who plays (`set_humans`): a person's sheet is big, a bot's is
compact. Its panels, each in a module of its own:
- per seat, `MapPanel` (map_panel.py): the map and its pencil work, the stations as targets, the
  options ringed and the focused segment previewed, the strokes as they are drawn;
- per seat, `ScorePanel` (score_panel.py): the score zone, row by row (a round's line sum, the
  bonuses, the total), counting up when a round ends; `ScoreBoard` computes the numbers and
  repaints a few rows a frame;
- the card column (column_panels.py): `HeaderPanel` (round, cards left), `CardPanel` (the card
  turning over for everyone), `PipsPanel` (Metro cards), and where there is room `DeckPanel`
  (the round's cards) and `LadderPanel` (solo rating); `ModulesPanel` (modules_panel.py): the
  objectives and city gates.
Every text painted is noted (notes.py, `written`), for `board_geometry` and the tests.

What the board shows is the newest view minus what running or queued tweens hold back (a stroke
in flight is not on the sheet yet, a card turning over is not on the table yet). Keeping the
worst frame short (p99 in `python -m game.bench`, "4 split" row) matters as much as the average:
each panel repaints only when what it shows changes, a finished stroke adds just its own line,
a card turned over veils just its own small card in the round's deck, a move's layers repaint one
a frame after it lands (REPAINT_BUDGET) except a map whose stroke landed and the card (URGENT:
their new picture replaces a finished tween's; such a map gets just its pencil line then, its
marks at its next repaint, `map_marks.Inked`, or never if the line's ink reaches no mark,
`map_marks.MarkSites`), score rows repaint at most SCORE_ROWS_PER_FRAME
a frame (one after a move, a row from nothing or a seat's scoring alone) and only in a frame
that repainted no layer nor squeezes a wide card turning over (SCORE_FLIP_WIDTH), a count-up
moves in COUNT_STEPS steps, the header lays pictures composed before play, a card turning over
covers its spot (the layers are not copied under it, nor is a face laid ahead there redrawn), and
sprites and texts a game will need are rendered when the layout is built (`_warm`), never in the
middle of play. What spans panels stays here: the layout per human seats, the shared map geometry
and empty sheets, the score numbers and their budgeted repaint.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import pygame

from game.engine.core import Config, Event
from game.ui import theme
from game.ui.audio import Cue, CueEntry, EventSound
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry, Label
from game.ui.split_room import SplitRoom

from . import sprites as sp
from .board import COLORS, Board
from .column_panels import CardPanel, DeckPanel, HeaderPanel, LadderPanel, PipsPanel
from .layout import Table, make_layout
from .map_art import MapGeom, make_geom, paint_map
from .map_marks import BADGE_MIN_SPACING, Inked, MarkSites, added_links, can_ink, landed
from .map_panel import MapPanel, warm_pencils
from .modules_panel import ModulesPanel
from .notes import Scribe, Written
from .rules import MODULES, NextStationParis
from .score_panel import SCORE_ROWS_AFTER_MOVE, SCORE_ROWS_PER_FRAME, ScoreBoard, ScorePanel
from .state import State

# Score rows wait while a card turning over is wider than this fraction of its width: those
# frames squeeze and draw the most of the flip (a row repainted in one made it one of a move's
# slowest frames); the rows take the flip's narrow frames or those after it.
SCORE_FLIP_WIDTH = 0.6


class NSPRenderer(SplitRoom):
    """Draws every seat's sheet and the revealed card; animates strokes, flips and scores."""

    view: State | None
    layout: Table
    PANELS = (MapPanel, ScorePanel, HeaderPanel, CardPanel, PipsPanel, DeckPanel, LadderPanel,
              ModulesPanel)
    # A move's layers repaint after it lands, one a frame (the landing frame has enough to do):
    # the header's count, the pips, the deck and the side panels may show a frame or two late.
    REPAINT_BUDGET = 1
    # Layers repainted at once whatever the budget: their new picture replaces the last one of
    # a tween that just ended (a stroke landed, a card turned over), so a frame late they would
    # flicker back to the old picture.
    URGENT: ClassVar[tuple[type, ...]] = (MapPanel, CardPanel)
    # Event kinds whose every change to the board a tween holds back until it ends (a stroke
    # is not on its map before it is drawn): a move of these alone changes no layer's key, so
    # the frame after it skips asking every layer (~0.15 ms of a frame that often applies the
    # next bot's answer too); the tween's end asks, as it does after any move.
    HELD_KINDS: ClassVar[frozenset[str]] = frozenset({"segment_drawn"})
    # Kinds with no animation: a new round shuffles the deck; declining a card, a tour or a
    # gate bonus, and what shows at once (a gate reached, a circled station, the modules
    # drawn at setup) make no sound. The end of the game keeps the shared chord.
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = MappingProxyType({
        "round_started": EventSound((Cue("shuffle", volume=0.6),), 0.3),
        "passed": None, "tour_stopped": None, "bonus_skipped": None, "gate_triggered": None,
        "station_circled": None, "objectives_drawn": None, "gates_dealt": None})

    def __init__(self, rules: NextStationParis, config: Config,
                 seat_names: Sequence[str]) -> None:
        """Lay the sheets out (every seat big until `set_humans` says who plays)."""
        super().__init__(rules, config, seat_names)
        self.board: Board = rules.board
        self.modules = any(config.option(m, False) for m in MODULES)
        self._geoms: dict[int, MapGeom] = {}
        self._statics: dict[tuple[int, bool], pygame.Surface] = {}
        self.scribe = Scribe()
        self._on_table: tuple = (None, None, ())  # (view, holds, cards_on_table) last worked out
        self._placed: tuple = (None, {})  # (panels, seat_rects) their targets were placed for
        self._landed = False  # a move landed: its layers are checked at the next update
        self._held_move = False  # the move being animated changes only what tweens hold
        self._holds_due = False  # such a move landed: the holds are read at the next update
        self._clean: tuple | None = None  # (view, holds) the last refresh left every layer on
        self.scores = ScoreBoard(self)
        self.set_humans(tuple(range(self.players)) if self.players <= 4 else (0,))

    @property
    def written(self) -> dict[str, list[Written]]:
        """Per layer or score region, the texts it shows (as last painted)."""
        return self.scribe.written

    # == layout ====================================================================================
    def set_humans(self, humans: Sequence[int]) -> None:
        """Choose the layout for these human seats, pre-render it and mount its panels."""
        self.written.clear()
        self.humans = tuple(h for h in humans if 0 <= h < self.players)
        lay = make_layout(self.players, self.humans, self.modules)
        self.layout = lay  # the panels read the places while they are built
        maps = [MapPanel(self, area) for area in lay.seats.values()]
        scores = [ScorePanel(self, area) for area in lay.seats.values()]
        # The card before the header: layers repaint in mount order, the maps and the card
        # first (`URGENT`: their new picture replaces a finished tween's last one).
        column = [CardPanel(self, lay["card"]), HeaderPanel(self, lay["header"], "header"),
                  PipsPanel(self, lay["pips"], "pips")]
        sides = [cls(self, lay[name], name) for cls, name in (
            (ModulesPanel, "modules"), (DeckPanel, "deck"), (LadderPanel, "ladder")) if name in lay]
        self.mount(lay, *maps, *scores, *column, *sides)
        self.score_panels = scores
        self._card = column[0]
        self._urgent = [p for p in self.panels.values() if isinstance(p, self.URGENT)]
        self.map_panels = {panel.seat: panel for panel in maps}
        self._warm()
        if self.view is not None:
            self._targets = self.place_targets(self.view)
            self.refresh()
            self.scores.paint(None)

    def paint_background(self, surface: pygame.Surface) -> None:
        """The backdrop and the card column's plate (each panel paints its own)."""
        surface.fill(theme.BACKGROUND)
        pygame.draw.rect(surface, theme.PANEL, self.layout.column, border_radius=18)

    def _warm(self) -> None:
        """Render now the sprites a game needs later, so their first use never costs a frame
        (loading a font size alone takes a few milliseconds)."""
        for panel in self.panels.values():
            if isinstance(panel, CardPanel | DeckPanel | HeaderPanel | PipsPanel | ScorePanel):
                panel.warm()
        self._sites = {seat: MarkSites(panel) for seat, panel in self.map_panels.items()}
        for panel in self.map_panels.values():  # each stroke's grain (its first frame, its ink)
            sp.warm_grains(panel.pencil_width(), len(self.board.links), COLORS)
            warm_pencils(panel)
        for area in self.layout.seats.values():
            geom = self.geom(area.map.w)
            if not area.mini:
                for width in (3, 4, 5):
                    sp.ring_sprite(round(geom.radius * 1.55), width)
                if geom.spacing >= BADGE_MIN_SPACING:
                    for n in (2, 3, 4):
                        sp.badge(n, theme.font(theme.SMALL_SIZE, True).get_height() + 4)
        for size, bold in ((theme.SMALL_SIZE, False), (theme.SMALL_SIZE, True),
                           (theme.BODY_SIZE, True), (theme.HEADING_SIZE, True)):
            theme.font(size, bold)

    def geom(self, size: int) -> MapGeom:
        """The (cached) geometry of a map of this size."""
        if size not in self._geoms:
            self._geoms[size] = make_geom(self.board, size)
        return self._geoms[size]

    def static_map(self, size: int, mini: bool) -> pygame.Surface:
        """The empty sheet of a map of this size (maps of one size share one)."""
        key = (size, mini)
        if key not in self._statics:
            self._statics[key] = paint_map(self.board, self.geom(size), mini)
        return self._statics[key]

    def cards_on_table(self) -> tuple[int, ...]:
        """The cards revealed this round whose flip has finished, in order (worked out once
        per view and holds: the card, the deck and their keys all ask at each refresh)."""
        view, holds = self.view, self.holds
        memo = self._on_table
        if memo[0] is view and memo[1] is holds:
            return memo[2]
        cards = self.board.cards
        shown = tuple([c for c in view.revealed if ("card", c, cards[c].metro) not in holds])
        self._on_table = (view, holds, shown)
        return shown

    def place_targets(self, view: State) -> dict:
        """Every seat's stations (and the first human seat's): they never move, so they are
        placed once per layout, not at every move."""
        if self._placed[0] is not self.panels:
            super().place_targets(view)
            self._placed = (self.panels, self.seat_rects)
        self.seat_rects = self._placed[1]
        return self.seat_targets(self.humans[0] if self.humans else 0)

    def station_center(self, seat: int, station: int) -> tuple[float, float]:
        """Screen position of a station on a seat's map."""
        return self.map_panels[seat].station_center(station)

    def board_geometry(self) -> BoardGeometry:
        """What the board shows as last painted: every text written, every seat's pencil
        segments, its stations and overpasses (the `board_geometry` capability)."""
        labels = [Label(w.text, w.rect) for texts in self.written.values() for w in texts]
        strokes, icons = [], []
        for panel in self.map_panels.values():
            strokes += panel.strokes()
            icons += panel.icons()
        return BoardGeometry(labels, strokes, icons)

    # == the kit's hooks: layers and score rows repaint a few a frame ============================
    def reset(self, view: State, viewer: int | None) -> None:
        """Show this view now, score zones included; running animations are dropped."""
        super().reset(view, viewer)
        self.scores.paint(None)

    def animate(self, events: Sequence[Event], view: State, viewer: int | None) -> None:
        """The kit's, noting first whether the move changes only what its tweens hold back
        (HELD_KINDS): then no layer is to be checked after it."""
        self._held_move = (not self.modules and bool(events)
                           and all(ev.kind in self.HELD_KINDS for ev in events))
        super().animate(events, view, viewer)

    def busy(self) -> bool:
        """True while any tween runs or waits, or layers or score rows still wait to be
        repainted (asked every frame: the timeline's list read directly)."""
        return (bool(self.timeline.tweens) or self.scores.due or self.layers.pending
                or self._landed)

    def update(self, dt: float) -> None:
        """Advance the timeline; then repaint, a 60th of a second's worth at most: every layer
        whose tween ended (a map, the card), else one other layer (REPAINT_BUDGET), else a few
        score rows (a round's end changes some twenty). An update standing for several frames
        (a hitch) repaints as many frames' worth. Most frames of a stroke only move the clock:
        nothing else is looked at then."""
        self._time += dt  # (the kit's `time`, as RoomRenderer.update moves it)
        self._card.hidden = None  # (a strip laid in a frame whose damage was never asked)
        advanced = self.timeline.advance(dt)
        if not (advanced or self._holds_due or self._landed or self.scores.due
                or self.layers.pending):
            # the usual frame of a stroke: only the clock moved, nothing waits (a card
            # turning over has a strip of its face laid under it, `CardPanel.lay_ahead`)
            if self._card.face_ahead is not None:
                self._card.lay_ahead()
            return
        frames = max(1, round(dt * 60))
        painted = 0
        if self._holds_due:  # a move landed: what its tweens hold back, whatever is repainted
            self._holds_due = False
            self.holds = self.timeline.holds()
        if self.layers.pending or self._landed or (advanced and not self._settled()):
            painted = self.refresh(self.REPAINT_BUDGET * frames)
        elif advanced:  # only boxes counting up moved on: no layer shows them
            self.scores.count(self.timeline.counting())
            self.scores.due = True
        if not self.scores.due or (painted and frames == 1):
            return
        if self._card.turning_wider(SCORE_FLIP_WIDTH):  # its rows wait for a narrow card
            if self._card.face_ahead is not None:  # (as in the usual frame of a flip)
                self._card.lay_ahead()
            return
        rows = SCORE_ROWS_PER_FRAME if self.scores.hold else SCORE_ROWS_AFTER_MOVE
        self.scores.paint(rows * frames)

    def refresh(self, limit: int | None = None) -> int:
        """Note the boxes still counting up, repaint the dirty layers (with a `limit`: that
        many, more if more `URGENT` ones must be, `_paint_urgent`); score rows are due. How
        many it painted.
        A move landing (`animate`'s limit 0) only notes that the layers are to be checked
        from the next frame on (unless its changes are all held back, HELD_KINDS): the frame
        of the move has its events to set up."""
        if limit == 0:
            self._landed = self._landed or not self._held_move
            self._holds_due = True
            return 0
        self._landed = False
        self.scores.count(self.timeline.counting())
        holds = self.timeline.holds()
        # the same holds kept: what the panels worked out from them holds. Compared as dicts
        # (in C; neither counts a key zero times), not by Counter's == (a Python loop).
        if holds is not self.holds and dict.__ne__(holds, self.holds):
            self.holds = holds
        if self.view is None:
            return 0
        self.scores.due = True
        urgent = self._paint_urgent() if limit else 0  # never left for later
        # the rest of the budget (none left: the others are asked from the next frame on)
        painted = urgent + self.layers.refresh(limit and max(limit - urgent, 0))
        self._clean = None if self.layers.pending else (self.view, self.holds)
        return painted

    def _settled(self) -> bool:
        """True if every layer is up to date with the view and the holds as they are now (the
        last refresh left none for later, and neither changed since): a refresh would repaint
        nothing, only work every layer's key out again (~0.1 ms in each frame of a count-up,
        whose tagged tweens move the timeline on every frame)."""
        clean = self._clean
        if clean is None or clean[0] is not self.view:
            return False
        holds = self.timeline.holds()  # the same Counter while the queue keeps its holds
        return holds is clean[1] or dict.__eq__(holds, clean[1])  # (as `refresh` compares)

    def _paint_urgent(self) -> int:
        """Repaint now the `URGENT` layers whose new picture replaces a tween's last one (a
        map whose stroke landed, the card); how many. A map changed otherwise (a new round's
        empty line, a gate's mark) waits for the budget like any layer: at a round's end the
        four maps' repaint then takes four frames, not one."""
        shown, painted = self.layers.shown_key, 0
        for panel in self._urgent:
            key = panel.key()
            before = shown(panel.name)
            if before == key:
                continue
            if not isinstance(panel, MapPanel):
                self.layers.paint_region(panel.name, panel.rect, key, panel.paint,
                                         panel.RESTORE, panel.CLIP)
            elif not landed(before, key):
                continue
            elif can_ink(before, key):  # the line now, its marks at the next repaint
                self.layers.paint_region(panel.name, panel.rect, self._inked(panel, before, key),
                                         panel.ink_landed, restore=False, clip=True)
            else:
                self.layers.paint_region(panel.name, panel.rect, key, panel.paint,
                                         panel.RESTORE, panel.CLIP)
            painted += 1
        return painted

    def _inked(self, panel: MapPanel, before: Any, key: tuple) -> Any:
        """The key of a map once `ink_landed` drew its new strokes: `key` itself when their
        ink reaches no mark and nothing else changed (the marks pass would change no pixel:
        it is skipped, `MarkSites`), else `Inked`, its marks to be drawn at its next repaint."""
        if (not isinstance(before, Inked) and before[1:] == key[1:] and not panel.badges
                and self._sites[panel.seat].clear(self.view, panel.seat,
                                                  added_links(before[0], key[0]))):
            return key
        return Inked(before.before if isinstance(before, Inked) else before, key[0])

    def tween_reach(self) -> Mapping[Any, pygame.Rect] | None:
        """The kit's, a card turning over reaching its whole spot: its damage is the squeezed
        card alone (`sp.FlipArea`), but it paints the backdrop round it, over the face laid
        under it ahead, in any part of the spot another rect's redraw reaches."""
        reach = super().tween_reach()
        if reach:
            for tween, spot in self._card.flips.items():
                if tween in reach:
                    reach[tween] = spot
        return reach

    def damage(self, prompted: bool = True) -> list[pygame.Rect] | None:
        """The kit's, less the strip of a face laid ahead this frame under its flip
        (`CardPanel.lay_ahead`): the flip paints every pixel of its spot, so none changes
        there (a redraw pass of its own was some 17k pixels and a pass's calls)."""
        damaged = super().damage(prompted)
        hidden = self._card.hidden
        if hidden is not None:
            self._card.hidden = None
            if damaged and hidden in damaged:
                damaged.remove(hidden)
        return damaged

    def draw_layers(self, canvas: pygame.Surface) -> None:
        """The kit's, less the spot of a card turning over: its flip paints every pixel there
        this frame (opaque: the backdrop round the squeezed card, `sp.flip_spot`), so the
        layers' pixels under it would be painted over (a ~90k-pixel copy in each frame of a
        flip)."""
        cover = self._flip_cover()
        clip = canvas.get_clip()
        if cover is None or not cover.colliderect(clip):
            canvas.blit(self.layers.surface, BOARD_RECT)
            return
        for part in sp.around(clip.clip(BOARD_RECT), cover):  # what the clip shows beside it
            canvas.blit(self.layers.surface, part, part.move(-BOARD_RECT.x, -BOARD_RECT.y))

    def _flip_cover(self) -> pygame.Rect | None:
        """The spot a card turning over paints wholly this frame (`sp.flip_spot`; this frame's
        `tween_reach` has its flip: started, the damage worked out), else None."""
        flips = self._card.flips
        if not flips:
            return None
        reach = self.tween_reach()
        if reach and any(tween in reach for tween in flips):
            return sp.flip_spot(self._card.card)
        return None

    def at_rest(self) -> bool:
        """The kit's, and nothing `update` looks at waiting: holds to note, a move's layers to
        check, score rows to repaint (the shell's sleeping table, game.ui.sleep)."""
        return (not (self._holds_due or self._landed or self.scores.due)
                and super().at_rest())
