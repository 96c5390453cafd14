"""Explore New York's live scoring boxes and best routes, shared by the maps and the boxes.

Each seat's six boxes and total show what the best final route its map allows would score now
(the exact route search, once per view and seat); when a move changes them, each changed box
counts from its old points to the new ones once the seat's own strokes have landed, and at the
end the boxes fill in from empty along the final route. A mixin of ENYRenderer (scene.py),
which holds the view, the timeline and the rules it reads.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pytweening

from game.engine.core import Event
from game.engine.trails import bits
from game.ui.render_kit import Batch

from .final_paint import on_grid
from .layout import BOXES, TOTAL
from .score_panel import Box, counts_text
from .scoring import CATEGORIES, RouteScorer
from .state import Sheet, State

COUNT_TIME = 0.6  # a live box counting to its new points
COUNT_AHEAD = 0.05  # s: a move's counts are queued this long before they start (a frame of
# its seat's last stroke running, not the one where it lands and its map repaints: LiveBoxes)
ROUTES_KEPT = 64  # best routes remembered by sheet (a few moves of every seat)
QUIET_BOXES = 1  # boxes a frame may repaint and still work ahead (`count_ahead`)
FINAL_STEPS = 4  # steps a small map's box counts up in, in the finale (`_final_step`)


class Recount(NamedTuple):
    """A move's counts left for later (`LiveBoxes.animated`): its seat, the seat's boxes
    before it, the view after it and when its counts start (its strokes' end)."""

    seat: int
    before: tuple[Box, ...]
    view: State
    start: float


class LiveBoxes:
    """Per seat its live boxes as on screen and its best route per view (a renderer mixin)."""

    def _forget_boxes(self) -> None:
        """No box counting, no route or box known yet."""
        self._score_hold: dict[tuple[int, str], float] = {}  # (seat, box): fraction to come
        self._boxes: tuple[Any, tuple] = (None, ())  # (view, boxes per seat)
        self._counted_from: dict[tuple[int, str], Box] = {}  # (seat, box): shown before a change
        # (seat, id of its sheet): [the sheet, its best route, its boxes or None yet]; by
        # identity (a move makes a new sheet for one seat and keeps the others' as they were):
        # hashing a sheet's 36 blocks at every look-up cost more than the look-up saved
        self._by_sheet: dict[tuple[int, int], list] = {}
        self._last_known: dict[int, list] = {}  # per seat what `_known` found last (`_unmoved`)
        self._refreshed: tuple[State, Any] | None = None  # (view, layers) at the last refresh
        self._scored: tuple[dict, dict] | None = None  # (panels, their score panels by box)
        self._to_count: list[Recount] = []  # the counts `animated` left for later, in order
        self._recounted: set[int] = set()  # seats whose counts were queued since the refresh
        self._frame_busy = False  # a move landed, counts were queued or layers repainted since
        # `count_ahead` (room_refresh's parts, `repaint_scores`' boxes past QUIET_BOXES)
        self._kept_shown: set[int] = set()  # seats a move changed whose boxes show as before
        self._seat_holds: tuple = (None, {})  # (holds, per seat its own holds): seat_holds'
        self._counts_rendered: set[str] = set()  # boxes' counts texts rendered (count_ahead)
        self._next_count = math.inf  # the earliest start in `_to_count` (`update`: one test)
        self._ahead_done = True  # every move in `_to_count` worked out ahead (`count_ahead`)

    def refresh(self, limit: int | None = None) -> None:
        """Note the scoring boxes still filling in, then repaint the dirty layers."""
        self._score_hold = dict(self.timeline.counting())
        super().refresh(limit)

    def repaint_scores(self) -> bool:
        """Repaint the scoring boxes and totals that changed since the last refresh, looking
        only at those that may have: the seats' whose sheet is new in the view (but for a move
        shown over the view refreshed last: its boxes wait for their counts, as they were) or
        whose counts were just queued (`_count`), and the boxes counting up (or just stopped;
        not those still waiting for their seat's strokes);
        False if every layer must be looked at instead (no view refreshed yet on these layers,
        a final route not yet refreshed whole, layers repainted anew or left for later). Most
        frames of a move count a box or end a stroke: a look at every seat's boxes each frame
        cost more than what it repainted."""
        last, view, layers = self._refreshed, self.view, self.layers
        counted, self._score_hold = self._score_hold, dict(self.timeline.counting())
        recounted, self._recounted = self._recounted, set()  # (a whole refresh looks too)
        kept, self._kept_shown = self._kept_shown, set()
        if not self.scores_alone():
            return False
        panels = self._score_panels()
        due = [panels[tag] for tag, left in self._score_hold.items()
               if counted.pop(tag, None) != left and tag in panels]
        due += [panels[tag] for tag in counted if tag in panels]  # stopped counting
        changed = {seat for seat, (was, now) in enumerate(zip(last[0].sheets, view.sheets))
                   if was is not now and seat not in kept} | recounted
        for seat in changed:
            due += [panels[seat, box] for box in BOXES if (seat, box) in panels]
        painted = 0
        for panel in due:
            key = panel.key()
            if layers.shown_key(panel.name) != key:
                layers.paint_region(panel.name, panel.rect, key, panel.paint, panel.RESTORE,
                                    panel.CLIP)
                painted += 1
        if painted > QUIET_BOXES:
            self._frame_busy = True  # no work ahead in this frame too (`count_ahead`)
        return True

    def scores_alone(self) -> bool:
        """True if `repaint_scores` may repaint the boxes alone (a view refreshed on these
        layers, none left for later, no final route new to them)."""
        last, layers = self._refreshed, self.layers
        return not (last is None or last[1] is not layers or layers.pending
                    or layers.shown_key(self.cards.name) is None
                    or ((last[0].routes or self.view.routes) and not self._final_seen(last[0])))

    def _final_seen(self, last: State) -> bool:
        """True if the final view is the one refreshed last, whole (every layer looked at
        with its routes) and no map has been marked to repaint whole since: then, while its
        boxes fill in, only the boxes counting change (each frame of the finale looked at
        every layer's key, ~0.2 ms at four seats, to repaint one box)."""
        return last is self.view and bool(last.routes) and not self._whole_marked

    def _score_panels(self) -> dict[tuple[int, str], Any]:
        """(seat, box) -> its panel mounted now (the total's box is TOTAL; a bot's compact
        sheet has its total alone), found once per board."""
        known = self._scored
        if known is None or known[0] is not self.panels:
            names = {f"box{seat}.{n}": (seat, box) for seat in range(self.players)
                     for n, box in enumerate(BOXES[:-1])}
            names.update({f"total{seat}": (seat, TOTAL) for seat in range(self.players)})
            known = self._scored = (self.panels, {names[name]: panel for name, panel
                                                  in self.panels.items() if name in names})
        return known[1]

    def animated(self, batch: Batch, end: float) -> None:
        """The live scoring boxes that changed count from their old points to the new ones,
        each seat's once its own strokes have landed (the final route counts on its own).
        Which changed is worked out just before they start (`update`): a new sheet's best
        route is an exact search, and the move's own frame and the next ones (its strokes
        starting, the other bots' moves landing) have enough to do, as has the frame its last
        stroke lands in; until then its boxes show what they showed before the move."""
        if batch.old is None or self.view.routes:
            return
        # Shown last as of the view before the move: its seats' boxes show what they showed
        # until their counts are queued, and the refresh need not look at them (`_kept_shown`)
        fresh = self._refreshed is not None and self._refreshed[0] is batch.old
        for seat, (was, now) in enumerate(zip(batch.old.sheets, self.view.sheets)):
            if was is not now:  # a sheet kept is the same boxes: nothing counts
                start = self.timeline.tail(seat)
                self._to_count.append(Recount(seat, self._sheet_boxes_of(batch.old, seat),
                                              self.view, start))
                self._next_count = min(self._next_count, start)
                self._ahead_done = False
                if fresh:
                    self._kept_shown.add(seat)

    def animate(self, events: Sequence[Event], view: State, viewer: int | None) -> None:
        """As the final route is shown, the counts left for later are queued first (the
        route's boxes then fill in from empty, after them)."""
        self._frame_busy = True
        if view.routes:
            while self._to_count:
                self._count(self._to_count.pop(0))
            self._next_count = math.inf
        self._moving = True  # the move's refresh is spread over the next frames (room_refresh)
        try:
            super().animate(events, view, viewer)
        finally:
            self._moving = False

    def update(self, dt: float) -> None:
        """Queue the counts of the moves shown earlier whose counts start within COUNT_AHEAD
        (as their seats' strokes end: `animated`), then advance; their seats' boxes are
        looked at this frame (the earliest start kept, `_next_count`: most frames queue none,
        and a walk of the moves left each frame cost its calls for nothing)."""
        soon = self.timeline.clock + dt + COUNT_AHEAD
        if self._next_count > soon:
            super().update(dt)
            return
        for recount in [r for r in self._to_count if r.start <= soon]:
            self._to_count.remove(recount)
            self._count(recount)
        self._next_count = min((r.start for r in self._to_count), default=math.inf)
        super().update(dt)
        if self._recounted:  # their seats' boxes are looked at (a refresh: repaint_scores)
            self.refresh()

    def busy(self) -> bool:
        """True while tweens run or a move's counts are still to be queued."""
        return bool(self._to_count) or super().busy()

    def reset(self, view: State, viewer: int | None) -> None:
        """A view shown at once: no count is queued for the moves before it."""
        self._to_count.clear()
        self._next_count = math.inf
        super().reset(view, viewer)

    def _count(self, recount: Recount) -> None:
        """Queue the counts of one move `animated` left for later: each changed box of its
        seat counts from its points before the move to those after it, from where the seat's
        strokes end, on a frame of its own (`on_grid`: each seat's numbers move every
        `players` frames, on its own one: boxes of two or three seats counting at once were
        among the heaviest frames at four seats); the seat's boxes are looked at again
        (`repaint_scores`)."""
        seat, before = recount.seat, recount.before
        after = self._sheet_boxes_of(recount.view, seat)
        ease = on_grid(recount.start, COUNT_TIME, seat, self.players, pytweening.easeOutQuad)
        for n, (old, new) in enumerate(zip(before, after)):
            if old.points != new.points:
                self._counted_from[seat, BOXES[n]] = old
                self.timeline.add(recount.start, COUNT_TIME, None, ease,
                                  tag=(seat, BOXES[n]), seat=seat)
        self._recounted.add(seat)
        self._frame_busy = True

    def count_ahead(self) -> bool:
        """Once a frame (the room's `damage`, after the frame's update and moves): in a quiet
        frame (no move landed, no count queued, no map or column parts and at most QUIET_BOXES
        boxes repainted: boxes count up in most frames of a table of four, and a move's boxes
        were then worked out in the frame its counts start, on top of its own repaints), work
        out the boxes of the first move whose counts are still to come and not known yet (its
        sheet's exact route search, ~0.3-0.45 ms in a paced frame), so that the frame its
        counts start only reads them. A frame that is not quiet leaves it for a later one;
        `_count` works it out itself if none comes before. True if the frame is quiet and
        nothing was worked out (the room may do other work ahead)."""
        busy, self._frame_busy = self._frame_busy, False
        if busy:
            return False
        if self._ahead_done:  # nothing new since the last walk found every move ready
            return True
        for recount in self._to_count:
            if not self._boxes_known(recount.view, recount.seat):
                self._sheet_boxes_of(recount.view, recount.seat)
                return False
            if self._render_counts(self._sheet_boxes_of(recount.view, recount.seat)):
                return False
        self._ahead_done = True  # (a move that `animated` leaves next makes it False)
        return True

    def _render_counts(self, boxes: tuple[Box, ...]) -> bool:
        """Render the counts texts ("3×2") of a move's boxes not rendered yet (a frame whose
        count started with a new one rendered it, ~0.05-0.1 ms); True if any was."""
        new = [box for box in boxes if box.counts not in self._counts_rendered]
        for box in new:
            counts_text(box)
            self._counts_rendered.add(box.counts)
        return bool(new)

    def _boxes_known(self, view: State, seat: int) -> bool:
        """True if the seat's boxes in a view are counted already (`_sheet_boxes_of`)."""
        sheet = view.sheets[seat]
        known = self._by_sheet.get((seat, id(sheet)))
        return known is not None and known[0] is sheet and known[2] is not None

    # == routes and boxes (what the maps and the boxes share) ======================================
    def seat_holds(self, seat: int) -> frozenset[tuple]:
        """The holds of the seat's own strokes (what follows ("seat", seat) in each), grouped
        once per holds for every map (MapPanel.key: a map whose sheet and own holds stay the
        same keeps its key)."""
        holds, grouped = self.holds, self._seat_holds
        if grouped[0] is not holds:
            by_seat: dict[int, set[tuple]] = {}
            for hold in holds:
                if hold[0] == "seat":
                    by_seat.setdefault(hold[1], set()).add(hold[2:])
            grouped = self._seat_holds = (holds, {s: frozenset(h) for s, h in by_seat.items()})
        return grouped[1].get(seat, frozenset())

    def route_of(self, seat: int) -> tuple[tuple[int, ...], int] | None:
        """(route links, route blocks mask) once the final route is known, else None."""
        if not self.view.routes:
            return None
        route = self.view.routes[seat]
        return route.links, sum(1 << b for b in route.blocks)

    def route_now(self, seat: int) -> Any:
        """The seat's best route in the view on screen (the boxes read it, and the faint route
        is drawn every frame)."""
        return self._route(self.view, seat)

    def _route(self, view: State, seat: int) -> Any:
        """The seat's best route in a view (the rules'), searched once per sheet while the game
        runs: a move changes one seat's sheet, and the others' routes stay as they were."""
        if view.routes:
            return self.rules.route(view, seat)
        return self._known(view, seat)[1]

    def _known(self, view: State, seat: int) -> list:
        """What is known of the seat's sheet in a view: [sheet, best route, boxes or None]."""
        sheet = view.sheets[seat]
        known = self._by_sheet.get((seat, id(sheet)))
        if known is None or known[0] is not sheet:
            if len(self._by_sheet) >= ROUTES_KEPT:
                self._by_sheet.clear()
            last = self._last_known.get(seat)
            if last is not None and _unmoved(self.board, last[0], sheet):
                known = [sheet, last[1], last[2]]  # the same route and boxes: no search
            else:
                known = [sheet, self.rules.route(view, seat), None]
            self._by_sheet[seat, id(sheet)] = self._last_known[seat] = known
        return known

    def _final_boxes(self) -> tuple[tuple[Box, ...], ...]:
        """Per seat its boxes (categories, then the total) for the best final route its map
        allows now (live during the game, the final route at the end)."""
        view = self.view
        if self._boxes[0] is not view:
            self._boxes = (view, self._boxes_of(view))
        return self._boxes[1]

    def _boxes_of(self, view: State) -> tuple[tuple[Box, ...], ...]:
        """Every seat's boxes in a view (the exact route search, ~0.15 ms a map, and its
        counts, for the sheets not seen before: a move changes one seat's sheet)."""
        return tuple(self._sheet_boxes_of(view, seat) for seat in range(self.players))

    def _sheet_boxes_of(self, view: State, seat: int) -> tuple[Box, ...]:
        """A seat's boxes in a view, counted once per sheet while the game runs."""
        if view.routes:
            return self._seat_boxes(view, seat)
        known = self._known(view, seat)
        if known[2] is None:
            known[2] = self._seat_boxes(view, seat)
        return known[2]

    def _seat_boxes(self, view: State, seat: int) -> tuple[Box, ...]:
        route = self._route(view, seat)
        sheet, b = view.sheets[seat], self.board
        counts = RouteScorer(b, sheet).counts(sum(1 << k for k in route.blocks),
                                              sum(1 << c for c in route.cafes))
        points = dict(route.points)
        texts = [f"{n}×{a}" for n, a in zip(counts.tourists, counts.attractions)]
        texts += [f"{counts.cafes}×{b.cafe_points}", f"{counts.smileys}×{b.smiley_points}",
                  str(counts.stars)]  # the box's star sign says what is counted
        return (*(Box(c, text, points[c]) for c, text in zip(CATEGORIES, texts)),
                Box(TOTAL, "", route.total))

    def count_from_empty(self, seat: int) -> None:
        """The seat's boxes fill in from empty when they next count (the final route)."""
        for box in BOXES:
            self._counted_from.pop((seat, box), None)

    def shown_box(self, seat: int, n: int) -> Box:
        """Box n (BOXES order) as on screen now: empty until its turn, then counting up."""
        view = self.view
        if view is None:
            return Box(BOXES[n], "", None)
        for waiting in self._to_count:  # (loops inline: asked per box every frame one counts)
            if waiting.seat == seat:  # its move's counts are not queued yet: as it was before
                box = waiting.before[n]
                break
        else:
            known = None if view.routes else self._by_sheet.get((seat, id(view.sheets[seat])))
            if known is not None and known[0] is view.sheets[seat] and known[2] is not None:
                box = known[2][n]  # (_sheet_boxes_of's, inline)
            elif view.routes:
                box = self._final_boxes()[seat][n]
            else:
                box = self._sheet_boxes_of(view, seat)[n]
        left = self._score_hold.get((seat, box.category))
        if left is None:
            return box
        before = self._counted_from.get((seat, box.category))
        done = self._final_step(seat, 1.0 - left) if view.routes else 1.0 - left
        if left >= 1.0 or done < 0:
            return Box(box.category, "", None) if before is None else before
        start = 0 if before is None else before.points
        return Box(box.category, box.counts, round(start + (box.points - start) * done))

    def _final_step(self, seat: int, done: float) -> float:
        """How far a box has counted in the finale, at `done` of its time (its tween runs
        linear): eased out on the large maps; a small map's in FINAL_STEPS even steps, each
        small seat's a third of a step after the one before (`_small_seats`), so that in most
        frames one small box changes, not all three at once (their rects, a map apart, were
        joined into one pass of ~165k px every frame the boxes filled in); before its first
        step a small box stays empty (-1: else all three appear in the box's first frame)."""
        small = self._small_seats()
        if seat not in small:
            return pytweening.easeOutQuad(done)
        phase = small.index(seat) / len(small)
        step = math.floor(done * FINAL_STEPS + phase)
        return min(1.0, step / FINAL_STEPS) if step else -1.0

    def finale_half(self, seat: int) -> int:
        """Which of two alternate frames the seat's final glow and boxes move on
        (final_paint.on_grid): the large maps' one, the small maps' the other (with no small
        map: by seat, so two large maps take turns)."""
        small = self._small_seats()
        return int(seat in small) if small else seat % 2

    def final_box_ease(self, seat: int, start: float, dur: float) -> Callable[[float], float]:
        """The ease of a final box's tween: a small map's counts in steps of their own, the
        small seats' apart (`_final_step`: two of them in one frame would be two passes),
        else on the seat's half of the grid, with its glow (`finale_half`)."""
        if seat in self._small_seats():
            return pytweening.linear
        return on_grid(start, dur, self.finale_half(seat))

    def _small_seats(self) -> tuple[int, ...]:
        """The seats whose map is small (three or four seats: all but the large ones)."""
        if self.players < 3:
            return ()
        large = {self.focus, *self.pair}
        return tuple(seat for seat in range(self.players) if seat not in large)

    def shown_boxes(self, seat: int) -> tuple[Box, ...]:
        """Every box of a seat as on screen now."""
        return tuple(self.shown_box(seat, n) for n in range(len(BOXES)))

    def at_rest(self) -> bool:
        """The room's (ENYRenderer's: its scene.py has no line to spare), the kit's and: no
        count to queue, no refresh put off, no fade, no zoom to follow (three or four people),
        no work ahead its `damage` would do (`count_ahead`, `_work_ahead`); the shell's
        sleeping table, game.ui.sleep."""
        return (not self._to_count and not self._refresh_due and self._fade is None
                and len(self.humans) <= 2 and self._ahead_done and not self._ahead_due
                and not self._frame_busy and not self._score_hold and super().at_rest())


def _unmoved(board: Any, old: Sheet, new: Sheet) -> bool:
    """True if two sheets of a seat have the same best route and boxes: the same links and
    cafés, and tourists changed only in blocks no drawn link runs along (a block is on a route
    only along a side of it: no trail's points change). A chosen block away from the network
    or a sheet whose turn block alone changed: in the bench's four-seat game the searches
    (~0.11-0.14 ms each in a paced frame) fell from 119 to 75."""
    if old.links != new.links or old.cafes != new.cafes:
        return False
    if old.tourists == new.tourists:
        return True
    reach = 0
    for link in bits(new.links):
        reach |= board.link_blocks[link]
    return not any(reach >> block & 1 and old.tourists[block] != new.tourists[block]
                   for block in bits(new.filled))
