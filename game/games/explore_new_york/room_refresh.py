"""Explore New York's layer refreshes: once a frame, and a move's spread over the frames after it.

`update` asks for repaints as strokes land; they wait for the frame's `damage` (the shell asks it
once a frame, before drawing) or for the move shown after it in the same frame, whose own refresh
does both. The maps and the card column repaint only where they changed (`repaint_parts`).

A bot's move is shown (`animate`) in a frame of its own, whose event handlers queue its strokes;
repainting what the new view changes on the layers (a block's tourists moved to make room, the
column's header and cards) in that frame too made it the heaviest of all (~0.5-0.65 ms). So a
move's repaints are spread: none in its frame, then one panel's changed parts a frame
(`PANELS_PER_FRAME`, a budget in panels, not time), the maps first, the column last, then the
boxes (they wait while it runs). Its strokes start at nothing drawn, so what shows late is the
old picture of the layers for a frame or a few, mid-animation. A stroke landing meanwhile (new
holds), another board or a direct refresh (a reset, the zoom) repaints everything at once, as
before.
A frame's refresh that painted map or column parts (strokes landing, a spread step) leaves the
boxes counting up to the next frame (`_boxes_held`, once): a landing and several boxes in one
frame were among the heaviest at four seats. They show their count a frame late then.
A mixin of ENYRenderer (scene.py), before LiveBoxes (its `refresh` and `repaint_scores`).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.damage import absorb

MAX_PARTS = 6  # changed rects of a layer repainted one by one (repaint_parts); more: all of it
PANELS_PER_FRAME = 1  # panels whose changed parts a frame after a move repaints (spread)
COLUMN = "column"  # `_landed`'s mark for the card column (its holds: a card flipping, dimming)
COLUMN_HOLDS = ("flip", "discard")
FLIPPING = "flipping"  # `_landed`'s mark for a card starting to turn over (its slot: now)
FLIP_SLOTS = 1  # the column's parts repainted as a card is revealed: the first changed slot,
# the card's (a reveal adds the last card; a new turn's first reveal replaces the first one)


class RoomRefresh:
    """Refreshes once a frame, a move's spread over the next frames (a renderer mixin)."""

    _whole_marked = False  # `repaint_parts` marked a layer to repaint whole since the refresh
    _spreading = False  # a move's repaints are being spread over frames (`_spread_move`)
    _moving = False  # inside `animate` (LiveBoxes.animate): its refresh is spread
    _stepped = False  # the last `_spread` painted map or column parts
    _boxes_held = False  # the boxes wait for the next frame: parts were painted in this one
    _stale: tuple[Any, dict[str, list[pygame.Rect]]] = (None, {})  # (layers, per layer the
    # parts a spread step left: painted with an older key than the one noted as shown)
    _parts_looked: tuple = (None, None, None, frozenset())  # (view, holds, layers, panels
    # looked at: their names)

    def update(self, dt: float) -> None:
        """Advance the tweens; the repaints that asks for wait until the frame's `damage` (the
        shell asks it once a frame, before drawing), or the bot's move shown after this in
        the same frame (`animate`): its own refresh repaints both at once, so a frame where a
        move lands looks at every layer once, not twice. A move's repaints being spread ask
        for the next panel each frame."""
        self._updating = True
        try:
            super().update(dt)
        finally:
            self._updating = False
        if self._spreading or self._boxes_held:
            self._refresh_due = True

    def refresh(self, limit: int | None = None) -> None:
        """The maps and the card column first repaint only where they changed (`repaint_parts`:
        a stroke landing redraws its own few pixels, a card turned over its slot; not looked
        at again while the view, the holds and the layers stay the same: their keys are kept
        on those), then the scoring boxes and totals that may have changed (`repaint_scores`),
        or every dirty layer. Asked from `update`, it is put off (see there); asked by a move
        (`animate`), what does not land now is spread over the next frames (`_spread`)."""
        if self._updating:
            self._refresh_due = True
            return
        due, self._refresh_due = self._refresh_due, False
        self._ahead_due = True  # layers repainted or a new view: work ahead to look at again
        if self.view is None:
            super().refresh(limit)
            return
        if self._moving and not self.view.routes:
            self._spreading = True  # a move's repaints: spread from this frame on
        elif not due:
            self._spreading = False  # a refresh asked directly (a reset, the zoom): all now
        if not self._spread(0 if self._moving else PANELS_PER_FRAME):
            return  # the other panels in the next frames
        if (due and self._stepped and not self._boxes_held and not self._whole_marked
                and self.scores_alone()):
            self._boxes_held = True  # map or column parts painted in this frame: the boxes
            return  # in the next one (`update` asks), not with them
        self._boxes_held = False
        self._spreading = False
        if not self.repaint_scores():
            super().refresh(limit)
        self._whole_marked = False  # (a whole refresh painted it; else a later one will)
        self._refreshed = (self.view, self.layers)

    def _landed(self) -> set[Any] | None:
        """Take the timeline's holds (what the panels' keys read); the seats whose strokes
        landed since the last holds taken and COLUMN if a card's flip or dimming ended (their
        panels repaint now, spread or not: their tweens no longer paint them), FLIPPING if a
        card's flip was queued (its slot must be empty under it: the column's slots now);
        None if the holds are the same, or if one of another kind ended (everything now)."""
        holds, old = self.timeline.holds(), self.holds
        # Kept when equal: the maps' keys are kept on it. Compared as dicts: Counter's own ==
        # walks both in Python (~15 us for a four-seat table's holds, against ~1 us); a
        # Counter of holds has no zero counts, so the two agree.
        if dict.__eq__(holds, old):
            return None
        self.holds = holds
        landed: set[Any] = set()
        if any(hold[0] == "flip" and hold not in old for hold in holds):
            landed.add(FLIPPING)
        for hold, count in old.items():
            if holds.get(hold, 0) < count:
                if hold[0] == "seat":
                    landed.add(hold[1])
                elif hold[0] in COLUMN_HOLDS:
                    landed.add(COLUMN)
                else:
                    self._spreading = False
        return landed

    def _spread(self, budget: int) -> bool:
        """Repaint the maps' and the column's changed parts (`repaint_parts`), those not looked
        at yet for this view, holds and board: all of them, or while a move's repaints are
        spread those whose strokes or flips landed (`_landed`) and else at most `budget`
        panels painted (the column first: the last turn's cards leave soonest; the frame is
        `_frame_busy`: no work ahead in it either). True if every panel has been looked at."""
        landed = self._landed()
        view, layers, looked = self.view, self.layers, self._parts_looked
        if looked[2] is not layers:
            self._spreading = False  # another board: shown as it is now
        same = looked[0] is view and looked[1] is self.holds and looked[2] is layers
        done: set[str] = set(looked[3]) if same else set()
        panels: tuple[Any, ...] = (self.cards, *self.maps.values())
        self._stepped = False
        if self._spreading:
            self._stepped = self._spread_step(panels, done, landed or set(), budget)
        else:
            painted = 0
            for panel in panels:
                if panel.name not in done:
                    painted += self.repaint_parts(panel)
                    done.add(panel.name)
            if painted:
                self._frame_busy = True  # strokes landed: no work ahead in this frame
            self._stepped = painted > 0
        self._parts_looked = (view, self.holds, layers, frozenset(done))
        return len(done) == len(panels)

    def _spread_step(self, panels: tuple[Any, ...], done: set[str], landed: set[Any],
                     budget: int) -> bool:
        """One frame of a move's spread: the panels whose tweens landed, all of them, then the
        next ones not looked at, part by part, until `budget` parts are painted (a panel is
        added to `done` once none of its parts is left: `_stale`); True if it painted any."""
        painted = 0
        for panel in panels:
            if panel.name in done:
                continue
            if getattr(panel, "seat", COLUMN) in landed:
                painted += self.repaint_parts(panel)
                done.add(panel.name)
            elif panel is self.cards and FLIPPING in landed:  # a card turns over an empty
                painted += self.repaint_parts(panel, FLIP_SLOTS)  # slot (`turn_over`)
                if not self.parts_left(panel.name):
                    done.add(panel.name)
        for panel in panels:
            if painted >= budget:
                break
            if panel.name not in done:
                painted += self.repaint_parts(panel, budget - painted)
                if panel.name not in self._stale[1]:
                    done.add(panel.name)
        if painted:
            self._frame_busy = True  # no work ahead in this frame (LiveBoxes.count_ahead)
        return painted > 0

    def at_rest(self) -> bool:
        """Not while a move's repaints are spread (each frame's update and damage do a step),
        and what the other bases say (the shell's sleeping table, game.ui.sleep)."""
        return not self._spreading and not self._boxes_held and super().at_rest()

    def spreading(self) -> bool:
        """True while a move's repaints are spread: a layer may show an older key than its
        panel's, or parts painted with an older one (`parts_left`); each frame's `update` then
        asks for the next step, done by its `damage` (not `busy`: the renderer contract wants
        `update` alone to end that; the tweens of a move outlast its spread)."""
        return self._spreading

    def parts_left(self, name: str) -> bool:
        """True if a spread step left parts of the layer `name` to repaint (its shown key is
        the new one, those parts still show an older one)."""
        return self._stale[0] is self.layers and name in self._stale[1]

    def refresh_due(self) -> None:
        """Do the refresh `update` put off, if any (before the frame reports and draws)."""
        if self._refresh_due:
            self.refresh()

    def repaint_parts(self, panel: Any, budget: int | None = None) -> int:
        """Paint on a map's layer only the strokes that landed (`MapPanel.paint_added`), or
        repaint only the rects of a panel's layer its `changed_areas` names between the key
        painted last and the key now, with those a spread step left (`_stale`): each is
        restored and the whole layer painted clipped to it, so its pixels are those of a
        whole repaint (none named, or more than MAX_PARTS: the refresh repaints the whole
        layer). At most `budget` of them (the others are left `_stale`); how many it painted."""
        name, layers = panel.name, self.layers
        stale = self._stale_of(name)
        shown, now = layers.shown_key(name), panel.key()
        if shown is None or (shown == now and not stale):
            return 0
        areas: list[pygame.Rect] | None = []
        if shown != now:
            if not stale and hasattr(panel, "paint_added") and panel.paint_added(shown, now):
                return 1  # strokes landed: painted over what was there
            areas = panel.changed_areas(shown, now)
        if areas is None or len(areas) + len(stale) > MAX_PARTS:
            layers.mark(name)  # the whole layer (the refresh's last step)
            self._whole_marked = True
            return 0
        for area in stale:
            absorb(pygame.Rect(area), areas)
        if budget is not None and len(areas) > budget:
            self._stale[1][name] = areas[budget:]
            areas = areas[:budget]
        for area in areas:
            layers.paint_region(name, area, now, panel.paint, restore=True, clip=True)
        return len(areas)

    def _stale_of(self, name: str) -> list[pygame.Rect]:
        """Take the parts of a layer a spread step left (on the board mounted now: those left
        on another board repaint that board's layers whole when it comes back)."""
        layers, (left_on, stale) = self.layers, self._stale
        if left_on is not layers:
            for other in stale:
                left_on.mark(other)
            stale = {}
            self._stale = (layers, stale)
        return stale.pop(name, [])
