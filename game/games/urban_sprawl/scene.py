"""Urban Sprawl board renderer: a layout of panels (game.ui.panels) and their wiring.

The board rect (layout.py: `table_layout`) holds, each panel in a module of its own:
- `CityPanel`, `MarkersPanel` (city_panel.py): the city on the left (12x12 lots in 6x6 blocks,
  the buildings, each block's value plate in the avenue under it, the printed line values, the
  marker circles, water and forest along the edges) and the markers on its circles;
- `TrackPanel` (track_panel.py): the election track under the city;
- `RowsPanel`, `PilesPanel` (rows_panel.py): on the right the contract row (five cards, then
  the Town, City and Metropolis piles) and the planning row (four cards, then the planning
  pile), each slot with its AP cost;
- `KeyPanel` (key_panel.py): whose turn, the AP left, the piles, and what the board's symbols
  mean;
- `SeatHead`, `SeatBody` (seat_head.py, seat_panel.py): one panel per seat, its head (name,
  wealth, prestige) and its body (pills, planning cards and Favours, buildings and vocations).
Every panel rings its options, frames the focus and zooms a focused card (panel_base.py); the
pictures several share are cached in faces.py. Targets: row cards and pile tops, a seat's
planning cards (`hand`) and Favours, lots, placements (`lots`: the focused one previewed as a
ghost building), circles, buildings, and a seat's panel (`seat`).

What spans panels stays here: the buildings as shown (less those still dropping in, without
the cubes still changing hands), each seat's buildings per zone, the cards held back by
running tweens, and the animations that reach across the board (anim.py: a card flies from a
row to a seat, a cube from the city to a seat, a star or a coin from where it was earned to a
seat's figures, which count up as they land). The city, the rows and the track animate what
happens in them (a building drops, a card turns over, an office's ballot turns).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import pygame

from game.engine.core import Config, Event, Prompt, Target
from game.ui.audio import CueEntry
from game.ui.damage import PASS_AREA
from game.ui.geometry import BoardGeometry, Icon, Label
from game.ui.i18n import language
from game.ui.panels import Panel

from . import sprites as sp
from .anim import USAnimations, draw_ahead
from .city_panel import CityPanel, MarkersPanel, block_plates
from .faces import Faces
from .holds_ahead import HoldsAhead
from .key_panel import KeyPanel
from .layout import (
    CIRCLE_R,
    KEY_BOX,
    PANEL_HEAD,
    PANEL_ZONES,
    TRACK,
    block_plate_center,
    circle_center,
    cube_rect,
    table_layout,
)
from .rows_panel import PilesPanel, RowsPanel
from .rules import UrbanSprawl
from .seat_head import SeatHead
from .seat_panel import SeatBody
from .state import NOBODY, State
from .targets_memo import PlacedTargets
from .track_panel import TrackPanel

CITY_HOLDS = ("building", "cube")  # what the tweens hold back of the city as shown
# A frame drawing more tweens than this builds nothing ahead (two: a cube changing hands, a
# card turning over and the rows sliding; a move's gains fly and pop up in fives and tens).
PREPARE_AMONG = 2
PREPARE_AT_ONCE = 200  # the most items built ahead while the whole board is redrawn anyway


class USRenderer(PlacedTargets, USAnimations):
    """Draws one Urban Sprawl match and animates its events."""

    PANELS = (CityPanel, RowsPanel, TrackPanel)  # the panels whose events they animate
    REPAINT_BUDGET = 1  # a move's layers repaint one a frame after it lands, not all in it
    PLACES_LATE = True  # a move by bots alone places no targets (nobody reads them)
    # The tweens' rects joined into at most three (each is a redraw pass; two joined the gains
    # flying from the city to three or four seats into unions of 250-420 kpx) ...
    TWEEN_PASSES = 3
    TWEEN_WASTE = PASS_AREA  # ... and two joined whenever that adds less than a pass costs
    SOUNDS: ClassVar[Mapping[str, CueEntry]] = {
        "activated": "fanfare", "extra_favour": "swish",
        "reshuffled": "shuffle", "vocation_taken": "swish",
        "marker_placed": "clunk", "turn": None, "built": None, "event": "fanfare",
        "value_marks_moved": None}  # the value plates change colour with the city layer

    def __init__(self, rules: UrbanSprawl, config: Config, seat_names: Sequence[str]) -> None:
        """Lay the panels out and paint what never changes."""
        super().__init__(rules, config, seat_names)
        self.board = rules.board
        self.faces = Faces(self.board)
        self.faces.draw_faces()
        self._zone_memo: tuple = (None, [])  # (shown buildings, per seat zone counts)
        self._shown_memo: tuple | None = None  # (view, city holds, shown buildings)
        self._holds_split: tuple | None = None  # (holds, by kind, by kinds): `holds_of`
        # (the targets placed, the panel that offers each) and, by panel name, (what moves its
        # targets, its targets, the panel by target): see `place_targets`
        self._placed_memo: tuple | None = None
        self._by_panel: dict[str, tuple] = {}
        self._refreshed: tuple | None = None  # (view, holds, language) of the last full refresh
        self.held_left = False  # `refresh_held` left dirty layers (or the heads) to the next frames
        self._held_painted = False  # the last `refresh_held` repainted a layer
        self._refreshed_at = -1.0  # the clock (`clock`) at the last refresh
        self._heads_counted: dict | None = None  # `counted` as the heads show it: refresh_heads
        self._prep_due = False  # this frame may build one thing ahead at its draw
        self._prepared_for: tuple | None = None  # (view, holds, language) all built ahead for
        # (view, holds, language, k): the prepared panels before the k-th have built all they
        # would ahead for these (not asked again: each asked costs a frame ~0.02 ms)
        self._prepared_upto: tuple = (None, None, None, 0)
        layout = table_layout(self.players)
        self.city = CityPanel(self, layout["city"])
        self.rows = RowsPanel(self, layout["rows"])
        self.piles = PilesPanel(self, layout["piles"], "piles")
        self.track = TrackPanel(self, layout["track"])
        self.seat_rects = [layout[f"seat{seat}"] for seat in range(self.players)]
        self.heads = [SeatHead(self, layout[f"head{seat}"], f"head{seat}", seat, whole)
                      for seat, whole in enumerate(self.seat_rects)]
        self.bodies = [SeatBody(self, layout[f"panel{seat}"], f"panel{seat}", seat, whole)
                       for seat, whole in enumerate(self.seat_rects)]
        seats: list[Panel] = [part for pair in zip(self.heads, self.bodies) for part in pair]
        self.mount(layout, self.city,
                   MarkersPanel(self, layout["markers"], "markers", "column"),
                   MarkersPanel(self, layout["side_markers"], "side_markers", "row"),
                   self.rows, self.piles, KeyPanel(self, layout["key"], "key"), self.track,
                   *seats)
        # (`prepare_ahead`: the city first, whose cubes land soonest, then the heads' count-ups)
        self.prepared_panels = [self.city, *self.heads, self.panels["key"], *self.bodies]
        draw_ahead(self.players)
        # whether a panel may show a choice over the board (none does today: `place_targets`
        # then asks none at each move)
        self.may_be_modal = any(type(p).modal is not Panel.modal for p in self.panels.values())
        # the layered panels whose keys read the holds (`refresh_held`), in layer order
        self.layered = [p for p in self.panels.values() if p.LAYERED]
        self.held_panels = [p for p in self.layered if p.held_kinds()]
        self._keys_due = False  # the next refresh only asks every layer's key: `ask_keys`
        self.ahead = HoldsAhead(self)  # the keys of the next frame's holds, asked ahead

    def refresh(self, limit: int | None = None) -> None:
        """The kit's refresh, keeping the holds object while what the tweens hold back is
        unchanged: the panels' keys are computed once per view and holds (panel_base.by_view),
        not every frame something counts up. A frame whose view, holds and language are
        those every layer was last brought up to date with (none left pending) can change
        only the heads' figures, counting up: it looks at those alone (not at a reset's
        whole refresh, `limit` None). A move animated while the whole board is due anyway
        (the opening deal, right after the reset) repaints every layer at once, instead of
        one first paint (its chips, pills, texts) a frame in the frames that follow, and
        builds ahead what a frame would otherwise build one at a time (`prepare_ahead`)."""
        self._refreshed_at, self.held_left = self.clock, False
        holds = self.timeline.holds()
        # (the same Counter most frames: a Counter's != runs in Python, ~4 calls, identity in C;
        # changed, the very holds the last frame asked the keys ahead for: `HoldsAhead`)
        if holds is not self.holds and holds != self.holds:
            self.holds = self.ahead.adopt(holds)
        if self.view is None:
            return
        if limit == 0 and self.whole_board_due():
            limit = None  # (the opening deal: the first frame redraws the board whole anyway)
        if limit is None and self.whole_board_due():
            for _ in range(PREPARE_AT_ONCE):  # (the first of them draw each zone's icon)
                if not self.prepare_ahead():
                    break
        stamp, done = (self.view, self.holds, language()), self._refreshed
        if (limit is not None and done is not None and done[0] is stamp[0]
                and done[2] == stamp[2] and not self.layers.pending):
            self._held_painted = False
            if done[1] is stamp[1] or self.refresh_held(done[1], limit):
                self._refreshed = stamp
                if self._held_painted:  # a budget's worth painted: the heads next frame
                    self.held_left = True
                else:
                    self.refresh_heads()
            return  # (else: more dirty than the limit, the rest left to the next frames)
        self._prep_due = False  # (a frame that repaints layers does nothing ahead)
        if self._keys_due and limit and self.layers.pending:
            self.ask_keys()
            return  # (the layers stay unsure: the next frame repaints, finding the keys made)
        self._keys_due = False
        self.layers.refresh(limit)
        self._refreshed = stamp
        # what the heads show counted, once every layer is up to date (None: look at all)
        self._heads_counted = None if self.layers.pending else self.counted()

    def ask_keys(self) -> None:
        """Work out every layer's key, painting none: the first refresh after a move shown
        with a budget does only this (0.1-0.13 ms: the city's, each seat's...), the next
        repaints the first dirty layer (0.1-0.15 ms) finding them made (`by_view`), so that the
        two do not land in one frame."""
        self._keys_due = False
        for panel in self.layered:
            panel.key()

    def refresh_held(self, before: Mapping, limit: int) -> bool:
        """A frame where only the holds changed since every layer was last up to date: ask
        only the keys of the panels that read the kinds of holds that changed (a building
        landing asks the city's and the seat bodies', not the rows', track's, key's...), and
        of those only the panels that read these holds (a card landing in the rows asks no
        seat's body: `reads_holds`), and repaint those dirty, no more than `limit`; False if
        more were dirty (the rest are repainted in the next frames, a limit's worth each,
        not all keys asked again and the city and a seat's body both repainted in one)."""
        moved = before.keys() ^ self.holds.keys()
        changed = {held[0] for held in moved}
        layers, dirty = self.layers, []
        for panel in self.held_panels:
            if panel.held_kinds() & changed and panel.reads_holds(moved):
                key = panel.key()
                if layers.shown_key(panel.name) != key:
                    dirty.append((panel, key))
        for panel, key in dirty[:limit]:
            self._prep_due = False  # (a frame that repaints a layer does nothing ahead)
            layers.paint_region(panel.name, panel.rect, key, panel.paint, panel.RESTORE,
                                panel.CLIP)
        self._held_painted = bool(dirty) and limit > 0
        self.held_left = len(dirty) > limit
        return not self.held_left

    def update(self, dt: float) -> None:
        """The kit's update (and a refresh while `refresh_held` left dirty layers for later:
        nothing else may ask for one); a frame of running tweens that repaints nothing is
        left, at its draw, to build one thing ahead (`prepare_ahead`)."""
        self._prep_due = bool(self.timeline)  # (an idle frame prepares nothing)
        self.ahead.dt = dt
        super().update(dt)
        if self.held_left and self._refreshed_at != self.clock:
            self.refresh(self.REPAINT_BUDGET)

    def animate(self, events: Sequence[Event], view: State, viewer: int | None) -> None:
        """The kit's animate; the frame a move is shown prepares nothing ahead."""
        super().animate(events, view, viewer)
        self._prep_due = False
        self._keys_due = self.layers.pending  # (False: the whole board repainted at once)

    def draw(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None) -> None:
        """The kit's draw; once in a frame left to it, unless it draws more than
        PREPARE_AMONG tweens (stars, coins and popups flying: work on top would make it one of
        the slowest frames), ask the keys the next frame's holds will need if a tween lets go
        of something then (`HoldsAhead`), else build one thing ahead."""
        super().draw(canvas, focus, prompt)
        if self._prep_due:
            self._prep_due = False
            future = self.ahead.next_holds()
            due = future is not None or not self.all_prepared()
            if due and self.drawing_few_tweens() and (
                    future is None or not self.ahead.warm(future)):
                self.prepare_ahead()

    def drawing_few_tweens(self) -> bool:
        """True if the tweens drawn now (started) are no more than PREPARE_AMONG."""
        clock = self.timeline.clock  # (a list, not a generator: one call, not one a tween)
        return sum([tween.start <= clock for tween in self.timeline.tweens]) <= PREPARE_AMONG

    def all_prepared(self) -> bool:
        """True if every panel has built all it would ahead for this view, these holds and
        this language (`prepare_ahead`)."""
        done = self._prepared_for
        return (done is not None and done[0] is self.view and done[1] is self.holds
                and done[2] == language())

    def prepare_ahead(self) -> bool:
        """Build one set of items a panel will likely show soon (a building's sprite, a seat's
        next foot count or AP pills, the key's next turn line, a figure a gain will count
        through), so that the frame it shows them does not build them; True if one was built.
        At most one a frame (a text or two: ~0.05-0.1 ms), in frames of running tweens that
        repaint nothing. Once every panel has built all it would for a view, holds and
        language, they are not asked again until one of those changes (a count-up's range of
        figures only narrows as it runs): most frames of a move's tweens ask nothing; nor is
        a panel that said it had nothing left before the one building now."""
        if self.all_prepared():
            return False
        view, holds, words = self.view, self.holds, language()
        start, panels = self._prepared_upto, self.prepared_panels
        first = start[3] if start[0] is view and start[1] is holds and start[2] == words else 0
        for k in range(first, len(panels)):  # (those before `first` are done for these)
            if panels[k].prepare_ahead():
                self._prepared_upto = (view, holds, words, k)
                return True
        self._prepared_for = (view, holds, words)
        return False

    def refresh_heads(self) -> None:
        """Repaint the heads whose figures changed (the only keys that read the clock): only
        those of seats whose count changed since the heads were last brought up to date (a
        frame of a count-up looks at one head, a frame where nothing counted at none). Only
        a frame that repaints one does nothing ahead: while any tween runs, `counted` is a new
        dict each frame, mostly equal to the last."""
        layers, counted, before = self.layers, self.counted(), self._heads_counted
        if before is not None and counted is before:
            return  # (the same clock and tweens: nothing counted)
        self._heads_counted = counted
        if before is not None and counted == before:
            return  # (tweens run, but nothing they count changed)
        for head in self.heads:
            prestige, wealth = ("prestige", head.seat), ("wealth", head.seat)  # (no generator)
            if before is not None and counted.get(prestige) == before.get(prestige) and (
                    counted.get(wealth) == before.get(wealth)):
                continue
            key = head.key()
            if layers.shown_key(head.name) != key:
                self._prep_due = False  # (a frame of a count-up does nothing ahead)
                layers.paint_region(head.name, head.rect, key, head.paint, head.RESTORE,
                                    head.CLIP)

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """The kit's rings, panel by panel; none without a prompt (every panel of this room
        rings only a prompt's options: a bot's turn asks none of the eleven, every pass)."""
        if prompt is not None:
            super().draw_options(canvas, focus, prompt)

    def view_damage(self) -> list[pygame.Rect]:
        """The panels' own (the room's `draw_options` draws nothing of its own)."""
        return self.panels_view_damage()

    # == what spans panels ========================================================================
    def holds_of(self, kinds: tuple[str, ...]) -> frozenset:
        """What the holds hold back of these kinds ("card", "building", "cube", "office"):
        split by kind once per holds object, so that each panel's key is worked out again
        only when its own kinds changed (panel_base.by_view)."""
        holds, memo = self.holds, self._holds_split
        if memo is None or memo[0] is not holds:
            split: dict[str, set] = {}
            for held in holds:
                split.setdefault(held[0], set()).add(held)
            memo = self._holds_split = (holds, {kind: frozenset(part)
                                                for kind, part in split.items()}, {})
        parts = memo[2]
        if kinds not in parts:
            parts[kinds] = frozenset().union(*[memo[1].get(kind, ()) for kind in kinds])
        return parts[kinds]

    def shown_buildings(self) -> tuple:
        """The view's buildings less those still dropping in, and without the cubes still
        changing hands; worked out once per view and buildings and cubes held."""
        stamp = (self.view, self.holds_of(CITY_HOLDS))
        memo = self._shown_memo
        if memo is not None and memo[0] is stamp[0] and memo[1] == stamp[1]:
            return memo[2]
        shown = []
        for bid, b in enumerate(self.view.buildings):
            if b is not None and ("cube", bid) in self.holds:
                b = b._replace(owner=NOBODY)
            shown.append(None if ("building", bid) in self.holds else b)
        self._shown_memo = (*stamp, tuple(shown))
        return self._shown_memo[2]

    def held_cards(self) -> tuple:
        """The cards running tweens hold back (flying, sliding, turning over)."""
        return tuple(sorted(k for k in self.holds if k[0] == "card"))

    def zone_counts(self, seat: int) -> tuple[int, ...]:
        """How many buildings the seat controls in each zone (parks last), as shown; counted
        for every seat at once per shown city (each panel's key asks at each refresh)."""
        shown, counts = self._zone_memo
        buildings = self.shown_buildings()
        if shown is not buildings:
            counts = [dict.fromkeys(PANEL_ZONES, 0) for _ in range(self.players)]
            for building in buildings:
                if building is not None and building.owner != NOBODY:
                    counts[building.owner][building.zone] += 1
            counts = [tuple(c.values()) for c in counts]
            self._zone_memo = (buildings, counts)
        return counts[seat]

    # == BoardRenderer ============================================================================
    def keep_clear(self) -> list[pygame.Rect]:
        """What every seat reads (a hint's callout avoids it): the election track's offices, the
        turn box and each seat panel's head (name, wealth, prestige)."""
        heads = [pygame.Rect(panel.x, panel.y, panel.w, PANEL_HEAD) for panel in self.seat_rects]
        return [TRACK.copy(), KEY_BOX.copy(), *heads]

    def board_geometry(self) -> BoardGeometry:
        """The labels of the city and rows (printed values, block value plates, AP costs, the
        election track) and what they must leave visible (control cubes, marker circles)."""
        labels = [Label(text, rect) for text, rect, _ in self.city.line_values()]
        for block, (value, mark) in enumerate(block_plates(self.view.values, self.view.value_marks)):
            plate = sp.value_plate(value, mark).get_rect(center=block_plate_center(block))
            labels.append(Label(f"block {block} value {value}", plate))
        labels += [Label(text, rect) for text, rect in self.rows.cost_labels()]
        labels += [Label(text, rect) for text, rect in self.track.labels()]
        icons = [Icon(f"cube of building {bid}", cube_rect(b.lots))
                 for bid, b in enumerate(self.shown_buildings())
                 if b is not None and b.owner != NOBODY]
        for i, (line, index) in enumerate(self.board.circles):
            circle = pygame.Rect(0, 0, 2 * CIRCLE_R, 2 * CIRCLE_R)
            circle.center = circle_center(line, index)
            icons.append(Icon(f"circle {i}", circle))
        return BoardGeometry(labels, [], icons)

    def at_rest(self) -> bool:
        """The kit's, and no held layer left for a later refresh (`held_left`: `update` would
        repaint it; the shell's sleeping table, game.ui.sleep)."""
        return not self.held_left and super().at_rest()
