"""Explore New York board renderer: a layout of panels on the split-screen layer (one city map
per seat, everyone charts at once; game.ui.split_room's `SplitRoom`, like Next Station).

The board (layout.py: two maps side by side with the card column between them; with three or
four, one map large and the others small on the right: the person's, or with three or four
people the one choosing now (zoom.py), or at a table of bots the turn's first player's; two
people at three or four seats have both their maps large and the bots' sheets compact) is made
of panels, each in a module of its own:
- `MapPanel` (map_panel.py), one per seat: its marks, its blocks and links as that seat's
  targets, the option highlights, the focused link's preview, the faint best route on Peek,
  and the seat's strokes (links, tourists, cafés, the final route);
- `TotalPanel` and `BoxPanel` (score_panel.py), per seat: its name and total, and its six live
  scoring boxes (each its own layer: a box counting up repaints alone);
- `CardsPanel` (cards_panel.py): the turn, the first player, the cards left and the revealed
  cards (the discard's targets, shared by every seat); cards turn over and dim.
The results screen's picture of a seat is result_picture.py's.

Peek (keyboard R, the pad's right-stick click) switches a seat's faint best route on or off:
the route its map would score now (the live boxes' route), a wide band under its pen lines.

What spans panels stays here: the seat whose map is large (the board is laid out again when it
moves, or one kept or built aside comes back: board_mounts.py; when the zoom moves to another
person their map grows into the large place while the old board fades out over the new one:
zoom.py's ZoomMove), the seats peeking, every seat's best route per view (the boxes and the
faint route read it) and the boxes as shown while they count up (live_boxes.py: each seat's
changed boxes count to their new points once its strokes land); at the end every map erases what
is off its final route, the route glows and the boxes fill in one by one, the total last
(map_panel.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import pygame

from game.engine.core import Config, Event, Prompt, Target
from game.ui import theme
from game.ui.audio import CueEntry
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import BoardGeometry
from game.ui.paint import seat_color
from game.ui.split_room import SplitRoom

from . import sprites as sp
from .board import TOURISTS
from .board_mounts import Arrangement, Board, BoardMounts, Building
from .cards_panel import CardsPanel, dim_shadow
from .final_paint import Sweep
from .layout import (
    BOXES,
    DAMAGE_RECTS,
    FINAL_DAMAGE_RECTS,
    GLOW,
    MapScale,
    joined_damage,
    make_layout,
    make_scale,
    score_cells,
)
from .live_boxes import COUNT_TIME, LiveBoxes
from .map_paint import seed
from .map_panel import BOX_TIME, ERASE_TIME, MapPanel
from .result_picture import paint_result
from .room_refresh import RoomRefresh
from .rules import ExploreNewYork
from .score_panel import BoxPanel, TotalPanel, score_geometry, warm_numbers
from .state import CHART, DISCARD, NONE, State
from .zoom import Zoom, ZoomMove, choosing

__all__ = ["BOXES", "BOX_TIME", "COUNT_TIME", "ERASE_TIME", "GLOW", "ENYRenderer", "make_layout"]

FADE_TIME = 0.25  # the zoom moving to another person: their map grows, the old board fades
PAINTED_PER_STEP = 12  # layers a step of building a board aside paints (`_prepare`)


class ENYRenderer(RoomRefresh, BoardMounts, LiveBoxes, SplitRoom):
    """Draws every seat's city map and the tourist cards; animates strokes and final routes."""

    view: State | None
    maps: dict[int, MapPanel]  # per seat its map on the board mounted now
    PANELS = (MapPanel, TotalPanel, BoxPanel, CardsPanel)
    CATEGORY_COLORS: ClassVar[Mapping[str, tuple[int, int, int]]] = MappingProxyType({
        **{kind: sp.MARKERS[kind] for kind in TOURISTS}, "cafes": sp.CAFE,
        "smileys": sp.EMBLEMS["smiley"], "stars": sp.EMBLEMS["star"]})
    # Shown at once, without a sound: the first player and the removed cards (the column's
    # header says so), a block (its tourists follow), one link only, a turn's end.
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = MappingProxyType({
        "first_player": None, "cards_removed": None, "block_chosen": None,
        "link_skipped": None, "turn_ended": None})

    def __init__(self, rules: ExploreNewYork, config: Config,
                 seat_names: Sequence[str]) -> None:
        """Lay out every seat's map and paint the static background."""
        super().__init__(rules, config, seat_names)
        self.board = rules.board
        self.humans: tuple[int, ...] = ()
        self.focus = 0  # the seat whose map is large at 3-4 seats (see _wanted)
        self.pair: tuple[int, ...] = ()  # two people at 3-4 seats: both their maps large
        self.zoom = Zoom()  # with three or four people: who moved when (zoom.py)
        self._fade: ZoomMove | None = None  # the zoom moving to another person, painted
        self.peeking: set[int] = set()  # seats showing their best route (the Peek button)
        self._forget_boxes()
        self._pictures: dict[tuple, pygame.Surface] = {}  # result_picture's, drawn once
        self._printed: dict[sp.MapGeom, pygame.Surface] = {}  # the printed map per size
        self._made_scales: dict[tuple[int, bool], MapScale] = {}  # (size, coordinates): scale
        self._mounts: dict[Arrangement, Board] = {}  # boards laid out before (see _remount)
        self._building: Building | None = None  # the board _prepare builds aside
        self._updating = False  # inside `update`: the refreshes it asks for wait (`refresh`)
        self._refresh_due = False  # a refresh `update` put off, done by `damage` or `animate`
        self._ahead_due = True  # work ahead may be left for a quiet frame (`_work_ahead`)
        self._table: tuple = (None, None, ())  # (view, maps, those with pictures): draw_table
        self._placed: tuple = (None, None, {})  # (own targets, revealed cards, seat_rects)
        self._arrange((0, ()))
        self._warm()
        warm_numbers()  # once: the boxes' and totals' numbers (a board laid out again: _warm)
        self.cards.warm_game()  # once: the column's header lines

    def _arrange(self, arrangement: Arrangement) -> None:
        """Lay the board out (the seat whose map is large, the two people's whose maps are both
        large: see make_layout) and mount each seat's map, total and
        boxes, then the card column; with three or four people, a board laid out before (or
        ahead of time: `_prepare`) comes back as it was left (its layers repaint only what
        changed since)."""
        self._ahead_due = True  # other maps: other inks to work out
        if self._building is not None and self._building[0] == arrangement:
            self._building = None  # shown now, built at once: the half built one is dropped
        if self._remount(arrangement):
            return
        for _ in self._build(arrangement, paint=False):
            pass
        self.seat_rects = dict(self._own_targets)
        self.damage_rect()  # a new static background: the whole board looks different

    def _build(self, arrangement: Arrangement, paint: bool) -> Iterator[bool]:
        """Build the arrangement's board on this renderer, a step at a time (`_prepare` runs
        one step a frame; each `yield` says if the next step is a heavy one): each seat's
        panels, the static background and its layers, then (`paint`) its layers painted a few
        at a time (shown at once, the caller refreshes them)."""
        self.focus, self.pair = arrangement
        layout = make_layout(self.players, *arrangement)
        self.scales = {seat: self._scale(area.map.w, not area.mini)
                       for seat, area in layout.seats.items()}
        self.maps = {}
        panels: list[Any] = []
        own: dict[int, dict[Target, pygame.Rect]] = {}
        for seat, area in layout.seats.items():
            yield False  # a map's targets take a millisecond or two
            self.maps[seat] = MapPanel(self, area, self.scales[seat])
            _, cells = score_cells(area)
            boxes = [BoxPanel(self, cell, seat, n) for n, cell in enumerate(cells)]
            panels += [self.maps[seat], TotalPanel(self, area), *boxes]
            own[seat] = {}  # the tourist boxes first, then the map's blocks and links
            for box in boxes:
                own[seat].update(box.targets(None))
            own[seat].update(self.maps[seat].own)
        self.cards = CardsPanel(self, layout)
        self._own_targets = own
        yield True  # each step of mount makes a board-sized surface (painted, converted,
        for _ in self.mount_steps(layout, *panels, self.cards):  # copied): quiet frames only
            yield True
        while paint:
            yield False
            self.layers.refresh(PAINTED_PER_STEP)
            paint = self.layers.pending

    def _scale(self, size: int, coords: bool) -> MapScale:
        """A map scale, made once per size (the zoom lays the board out again and again)."""
        if (size, coords) not in self._made_scales:
            self._made_scales[size, coords] = make_scale(self.board, size, coords)
        return self._made_scales[size, coords]

    def _warm(self) -> None:
        """Render now what a game needs later, so its first use never costs a frame (loading
        a font size alone takes a few milliseconds): fonts, card faces, tourist strokes."""
        for size, bold in ((theme.SMALL_SIZE, False), (theme.SMALL_SIZE, True),
                           (theme.BODY_SIZE, True), (theme.HEADING_SIZE, True),
                           (theme.TITLE_SIZE, True)):
            theme.font(size, bold)
        card = self.layout.cards[0]
        sp.card_back(card.w, card.h)
        dim_shadow(card.size)  # (and the veil of a dimmed card in the column's layer)
        for spec in self.board.cards:
            sp.card_face(spec, card.w, card.h)
        for scale in {id(s): s for s in self.scales.values()}.values():
            for count in (1, 7):  # the two tourist sizes: a few in a block, or many
                r = sp.tourist_radius(scale.geom, count)
                for kind, name in enumerate(TOURISTS):
                    for k in range(5):
                        sp.tourist_sprite(name, r, seed(kind, k))

    def printed_map(self, scale: MapScale) -> pygame.Surface:
        """The printed map at a scale, painted once per size (a table of bots lays the board
        out again each turn, its large map moving on)."""
        if scale.geom not in self._printed:
            self._printed[scale.geom] = sp.paint_map(self.board, scale.geom)
        return self._printed[scale.geom]

    # == the SplitRenderer calls ===================================================================
    def set_humans(self, humans: Sequence[int]) -> None:
        """The seats people play (every seat has a full map whoever plays it)."""
        framed = len(self.humans) > 2
        self.humans = tuple(h for h in humans if h in self.layout.seats)
        reframed = framed != (len(self.humans) > 2)
        if reframed:  # the large map's frame (zoomed_on) comes or goes: a new background
            self.zoom.saw({})  # cursors are noted only with three or four people: none yet
            self._building = None
            self._arrange((self.focus, self.pair))
            self._mounts.clear()  # every board kept was painted with the frame, or without
        if (self._follow(self.view) or reframed) and self.view is not None:
            self.place_targets(self.view)
            self.refresh()

    def _wanted(self, view: State | None, rezoom: bool = False) -> Arrangement:
        """The board's arrangement at 3-4 seats: two people's maps both large; with three or
        four people the zoom's (it moves in `damage`, fading, or on a `rezoom`: a view shown
        at once, as a game opens and at the "instant" speed); one person's map large; at a
        table of bots (attract demos, screenshots) the turn's first player's, so each map is
        large in turn."""
        people = self.humans
        if len(people) == 2:
            return people[0], people
        if len(people) > 2:
            holder = self.focus if self.focus in people else people[0]
            if rezoom and view is not None:
                holder = self.zoom.pick(people, choosing(view), holder)
            return holder, ()
        if people:
            return people[0], ()
        return (view.first if view is not None and view.first != NONE else self.focus), ()

    def _follow(self, view: State | None, rezoom: bool = False) -> bool:
        """Lay the board out again if the large map moves to another seat; True if it did."""
        wanted = self._wanted(view, rezoom)
        if self.players == 2 or wanted == (self.focus, self.pair):
            return False
        self._arrange(wanted)
        self._warm()
        return True

    def damage(self, prompted: bool = True) -> list[pygame.Rect] | None:
        """Move the zoom of three or four people, then report what the next frame redraws
        (the shell asks once a frame, after `update` and before drawing, at every animation
        speed: "instant" calls no `update`), after the repaints `update` put off. The zoom and
        its fade run on the player's clock, not the animation speed's."""
        if self._refresh_due:  # (refresh_due, inline: asked every frame)
            self.refresh()
        if self._fade is not None:
            self.damage_rect()  # the old board fading out covers all of it
            if self._fade_left() <= 0:
                self._fade = None
        if len(self.humans) > 2 and self.view is not None:
            picked = self.zoom.pick(self.humans, choosing(self.view), self.focus)
            if picked == self.focus or (picked, ()) in self._mounts:
                self._zoom_to(picked)
                self._prepare(None)
            else:  # the zoom waits a few frames for the person's board, built aside first
                self._prepare(picked)
        damaged = super().damage(prompted)
        if self.count_ahead() and self._ahead_due:  # a quiet frame (they paint nothing:
            self._work_ahead()  # after the report)
        if damaged is None:
            return None
        final = self.view is not None and self.view.routes  # (the finale: FINAL_DAMAGE_RECTS)
        return joined_damage(damaged, FINAL_DAMAGE_RECTS if final else DAMAGE_RECTS)

    def tween_reach(self) -> Mapping[Any, pygame.Rect] | None:
        """Where the running tweens paint now; a finale's sweep paints all its strips (those
        past their window stay faded), not just the ones its damage reports changing, so a
        redraw pass anywhere on its map paints it (final_paint.Sweep)."""
        reach = super().tween_reach()
        if reach and self.view is not None and self.view.routes:
            for tween in reach:
                if isinstance(tween.paint, Sweep):
                    reach[tween] = tween.paint.whole
        return reach

    def _work_ahead(self) -> None:
        """In a quiet frame, the maps' tourist inks (one block a frame), else the column's
        next header lines; once both are done, nothing is looked at again until a refresh
        repaints the layers or a view comes (`_ahead_due`: most frames of a bot game are
        quiet, and a look at every map each of them cost its calls for nothing)."""
        if not any(panel.warm_inks() for panel in self.maps.values()):
            self.cards.warm_header()
            self._ahead_due = False

    def _fade_left(self) -> float:
        """The share of the fade still to run (1 as it begins, 0 at its end)."""
        if self._fade is None:
            return 0.0
        return min(1.0, max(0.0, 1.0 - (self.zoom.clock() - self._fade.start) / FADE_TIME))

    def fading(self) -> bool:
        """True while the zoom's move to another person is painted (ZoomMove)."""
        return self._fade is not None

    def zoomed_on(self, seat: int) -> bool:
        """True if three or four people play and the seat's map is the large one."""
        return len(self.humans) > 2 and seat == self.focus

    def _zoom_to(self, seat: int) -> None:
        """Make the seat's map the large one (the others small in seat order), once no map that
        moves has a stroke running (strokes are laid out on their map); its map grows into its
        new place while the old board fades out (ZoomMove)."""
        if seat == self.focus:
            return
        areas = make_layout(self.players, seat).seats
        moving = {s for s, area in areas.items() if area != self.layout.seats[s]}
        if any(tw.seat in moving for tw in self.timeline):
            return
        old_board, small = self.layers.surface, self.layout.seats[seat].map  # kept: no copy
        self._arrange((seat, ()))
        self._warm()
        self.place_targets(self.view)
        self.refresh()
        large = self.layout.seats[seat].map
        grown = self.layers.surface.subsurface(large)  # live: a stroke landing shows
        self._fade = ZoomMove(old_board, grown, small, large, self.zoom.clock(), seat_color(seat))

    def reset(self, view: State, viewer: int | None) -> None:
        """Show this view now, the large map on the seat to follow."""
        self._note_answers(self.view, view)
        self._follow(view, rezoom=True)
        super().reset(view, viewer)
        self.build_every_board()  # (a table of bots: before play, once per seat)

    def _note_answers(self, old: State | None, new: State) -> None:
        """The people who answered between two views count as moving, for the zoom (at the
        "instant" speed the shell shows each answer with `reset`, its events unseen): the
        first player who discarded, a person whose sheet or tasks changed in the turn."""
        if old is None or old.turn != new.turn or not self.humans:
            return
        if old.phase == DISCARD and new.phase != DISCARD and old.first in self.humans:
            self.zoom.acted(old.first)
        elif old.phase == CHART and new.phase == CHART:
            for seat in self.humans:
                if (old.sheets[seat], old.queues[seat]) != (new.sheets[seat], new.queues[seat]):
                    self.zoom.acted(seat)

    def animate(self, events: Sequence[Event], view: State, viewer: int | None) -> None:
        """Queue the events' tweens; when a new turn moves the large map, the strokes still
        running land at once (they were laid out on the old maps). A person's answer counts
        as their move for the zoom."""
        for ev in events:
            if ev.player in self.humans:
                self.zoom.acted(ev.player)
        if self._follow(view):
            self.timeline.clear()
            self._to_count.clear()  # its clock starts again: those counts go too
            self._next_count = math.inf
        super().animate(events, view, viewer)

    def peek(self, seat: int) -> bool:
        """The Peek button: the seat's best route now, drawn faintly on its map, on or off (a
        toggle: the thumb that clicks the stick also presses A, it cannot hold both)."""
        if self.view is None or self.view.routes or seat not in self.layout.seats:
            return False
        self.peeking ^= {seat}
        self._table = (None, None, ())  # the maps' pictures change with it
        self.damage_rect(self.maps[seat].rect.move(BOARD_RECT.topleft))  # its faint route
        return True

    def place_targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Per seat its own boxes' and map's targets and the revealed cards (shared); merged
        again only for another board or other cards (most moves change neither: merging every
        seat's ~100 targets cost a landing frame 0.05-0.1 ms)."""
        placed = self._placed
        if placed[0] is not self._own_targets or placed[1] != view.revealed:
            cards = self.cards.targets(view)  # (a board of its own: own targets of its own)
            placed = self._placed = (self._own_targets, view.revealed, {
                seat: {**rects, **cards} for seat, rects in self._own_targets.items()})
        self.seat_rects = placed[2]
        return self.seat_rects[self.humans[0] if self.humans else 0]

    def draw_table(self, canvas: pygame.Surface) -> None:
        """This turn's blocks outlined, each map's, then its faint best route if its seat
        peeks: what each map draws is asked once per view, board and Peek (MapPanel.drawn_now;
        drawn every frame: a call or two per map each frame cost more than the drawing)."""
        table = self._table
        if table[0] is not self.view or table[1] is not self.maps:
            shown = [panel.drawn_now() for panel in self.maps.values()]
            table = self._table = (self.view, self.maps, [s for s in shown if s is not None])
        clip = canvas.get_clip()  # a damaged rect elsewhere: nothing of it is redrawn there
        for outline, color, faint, panel in table[2]:
            if outline is not None and clip.colliderect(outline):
                pygame.draw.rect(canvas, color, outline, 4, border_radius=6)
            if faint is not None and clip.colliderect(panel.rect):
                panel.draw_faint_route(canvas, faint)

    def view_damage(self) -> list[pygame.Rect]:
        """What a new view changes outside the layers: the panels' reports, though this room
        draws per frame too: its `draw_table` is the maps' pictures, which each map reports
        (MapPanel.view_damage); its own highlights follow the prompts (the shell redraws all
        when a person's prompt may change) and the zoom's fade reports every frame (`damage`)."""
        return self.panels_view_damage()

    def draw_seats(self, canvas: pygame.Surface, focus_by_seat: dict[int, Target | None],
                   prompts: dict[int, Prompt]) -> None:
        """Every sheet (the zoom notes whose cursor moved), then the old board fading out
        while the zoom moves to another person."""
        if self._refresh_due:  # (a caller drawing without asking `damage` first)
            self.refresh()
        if len(self.humans) > 2:  # the zoom moves only for three or four people
            self.zoom.saw(focus_by_seat)
        super().draw_seats(canvas, focus_by_seat, prompts)
        if self._fade is not None:
            self._fade.paint(canvas, self._fade_left())

    def draw_seat(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                  focus: Target | None) -> None:
        """The seat's panels' highlights, and the cards it may discard."""
        super().draw_seat(canvas, seat, prompt, focus)
        self.cards.draw_options(canvas, focus, prompt, set())

    # == the results screen (capability result_picture) ==========================================
    def result_picture(self, state: State, seat: int, size: tuple[int, int]) -> pygame.Surface:
        """The seat's final map as the rulebook scores it (result_picture.py; once per seat)."""
        key = (id(state), seat, size)
        if key not in self._pictures:
            if self.view is not state:
                self.show(state, None)
            self._pictures[key] = paint_result(self, seat, size)
        return self._pictures[key]

    # == board geometry (tests/ui/test_board_geometry.py) ==========================================
    def keep_clear(self) -> list[pygame.Rect]:
        """The card column: every seat reads the turn's cards there (a hint's callout avoids it)."""
        return [self.layout.column.move(BOARD_RECT.topleft)]

    def board_geometry(self) -> BoardGeometry:
        """The labels (coordinates, names, scores, the column's header), the drawn links and
        the icons (emblems, cafés, cards, box signs) as last shown."""
        out = BoardGeometry()
        for seat, panel in self.maps.items():
            panel.geometry(out)
            seat_panels = self.seat_panels(seat)
            total = next(p for p in seat_panels if isinstance(p, TotalPanel))
            score_geometry(out, total, [p for p in seat_panels if isinstance(p, BoxPanel)])
        self.cards.geometry(out)
        return out
