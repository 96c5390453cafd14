"""Damage: which parts of the canvas a frame must redraw and present.

A scene answers `damage()` once a frame, before it is drawn (game.ui.scene.Scene): a list of
canvas rects whose pixels may change (`[]`: nothing, an idle screen costs almost nothing) or
None when it can't tell (everything is redrawn: the base Scene's answer). The app merges the
rects (`merge`), redraws every visible scene with the canvas clipped to each, and presents only
those rects when the canvas lands unscaled in the window.

While a partial frame draws, the canvas clip belongs to the app: a painter that sets a clip of
its own gets it cut to the app's (`FrameCanvas.set_clip`), so nothing outside the damaged rects
is painted twice (antialiased text painted over itself would darken).

Pulsing things (a focus ring, a hint's glow) change every frame with the clock: their painters
note where they reach with `note_clock(surface, rect)`, and the scene that drew them reports
those rects again next frame (`FrameCanvas.take_clock`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

MAX_PASSES = 4  # more rects than this are joined two by two (each pass re-runs every draw)
# More rects than this are drawn as their union (choosing which to join costs ~n^3).
MAX_JOINED = 12
# Redrawing this many more pixels costs about as much as one more pass over a frame's drawing
# (measured in Explore New York: ~0.015 ms a pass plus ~0.45 ns a pixel): rooms that join their
# own rects (`join_cheapest`) join two whose union wastes less than this.
PASS_AREA = 40_000
# Rects are widened to whole columns of this many pixels (64 bytes of a 32-bit canvas row):
# fills and blits whose rows start and end on such a boundary take the fast path, several
# times faster than a few pixels to either side (a 524x1080 strip: 0.1 ms against 0.5 ms).
COLUMN = 16


def note_clock(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Tell a canvas that notes them that a picture moving with the clock reaches `rect`."""
    note = getattr(surface, "note_clock", None)
    if note is not None:
        note(rect)


def merge(rects: Iterable[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """The rects widened to whole columns, cut to `bounds`, overlapping ones joined, at most
    MAX_PASSES of them (`join_cheapest`)."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        left = rect.left // COLUMN * COLUMN  # `columns`, inline: a frame merges dozens
        rect = pygame.Rect(left, rect.top, -(-rect.right // COLUMN) * COLUMN - left,
                           rect.h).clip(bounds)
        if rect.w <= 0 or rect.h <= 0:
            continue
        if rect.collidelist(merged) < 0:  # the usual case: `absorb` has nothing to join
            merged.append(rect)
        else:
            absorb(rect, merged)
    return _join(merged, MAX_PASSES, 0)  # already disjoint: `join_cheapest` less its copy


def absorb(rect: pygame.Rect, joined: list[pygame.Rect]) -> None:
    """Add `rect` to `joined` (rects that do not overlap), joined with every rect it overlaps
    and those its union then overlaps (`rect` itself grows)."""
    hit = rect.collidelist(joined)
    while hit >= 0:  # absorb every overlapping rect, then look again
        rect.union_ip(joined.pop(hit))
        hit = rect.collidelist(joined)
    joined.append(rect)


def disjoint(rects: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """Copies of the non-empty `rects`, each overlapping group joined into its union."""
    joined: list[pygame.Rect] = []
    for rect in rects:
        if rect.w > 0 and rect.h > 0:
            if rect.collidelist(joined) < 0:  # the usual case: `absorb` has nothing to join
                joined.append(pygame.Rect(rect))
            else:
                absorb(pygame.Rect(rect), joined)
    return joined


def join_cheapest(rects: Iterable[pygame.Rect], passes: int,
                  waste: int = 0) -> list[pygame.Rect]:
    """Disjoint rects covering `rects`: overlapping ones joined, then again and again the two
    whose union adds the least area, while more than `passes` are left or that union adds at
    most `waste` pixels (four strokes in the corners and a card in the middle stay five small
    rects joined into four, not a union spanning the screen). More than MAX_JOINED rects:
    their union."""
    return _join(disjoint(rects), passes, waste)


def _join(joined: list[pygame.Rect], passes: int, waste: int) -> list[pygame.Rect]:
    """`join_cheapest` of rects already disjoint (joined in place, returned)."""
    n = len(joined)
    if n < 2:  # nothing to join (the frame of one moving picture)
        return joined
    if n > MAX_JOINED:
        return [joined[0].unionall(joined[1:])]
    if n == 2:  # (the loop below, for two: joined when too many or cheap enough)
        a, b = joined
        union = a.union(b)
        if n > passes or union.w * union.h - a.w * a.h - b.w * b.h <= waste:
            return [union]
        return joined
    if n <= passes and not _any_cheap(joined, waste):
        return joined  # few enough, and no union cheap enough to want (the usual frame)
    # costs[i][j]: what joining joined[i] and joined[j] adds, kept in step with `joined` (a
    # frame of pulsing options joins a dozen rects: each pair is measured once, not per join)
    costs = _pair_costs(joined)
    while len(joined) > 1:
        n = len(joined)
        added, i, j = _cheapest(costs)
        if n <= passes and added > waste:
            break
        absorb(joined.pop(j).union(joined.pop(i)), joined)
        if len(joined) != n - 1:  # the union swallowed others too: measure again
            costs = _pair_costs(joined)
            continue
        del costs[j], costs[i]  # j > i: the two joined rects' rows, then their columns
        union = joined[-1]
        size = union.w * union.h
        for row, rect in zip(costs, joined):
            del row[j], row[i]
            joint = rect.union(union)  # `_added`, inline: a dozen rects measure ~100 pairs
            row.append(joint.w * joint.h - rect.w * rect.h - size)
        costs.append([row[-1] for row in costs] + [0])
    return joined


def _any_cheap(rects: list[pygame.Rect], waste: int) -> bool:
    """True if the union of two of the disjoint `rects` adds at most `waste` px (`_added`,
    inline: asked of every frame's few rects)."""
    for i, a in enumerate(rects):
        area = a.w * a.h
        for b in rects[i + 1:]:
            union = a.union(b)
            if union.w * union.h - area - b.w * b.h <= waste:
                return True
    return False


def _cheapest(costs: list[list[int]]) -> tuple[int, int, int]:
    """(cost, i, j) of the cheapest pair i < j (the first such pair on a tie)."""
    best = costs[0][1], 0, 1
    for i, row in enumerate(costs[:-1]):
        later = row[i + 1:]
        cost = min(later)
        if cost < best[0]:
            best = cost, i, i + 1 + later.index(cost)
    return best


def _pair_costs(rects: list[pygame.Rect]) -> list[list[int]]:
    """What joining each pair of `rects` adds (`_added`), as a square table."""
    n = len(rects)
    areas = [rect.w * rect.h for rect in rects]
    costs = [[0] * n for _ in rects]
    for i, a in enumerate(rects):
        area, row = areas[i], costs[i]
        for j in range(i + 1, n):
            union = a.union(rects[j])  # `_added`, inline (n * (n - 1) / 2 pairs)
            row[j] = costs[j][i] = union.w * union.h - area - areas[j]
    return costs


def _added(a: pygame.Rect, b: pygame.Rect) -> int:
    """The area the union of two disjoint rects holds beyond theirs."""
    union = a.union(b)
    return union.w * union.h - a.w * a.h - b.w * b.h


def columns(rect: pygame.Rect) -> pygame.Rect:
    """`rect` widened to whole COLUMNs (see COLUMN)."""
    left = rect.left // COLUMN * COLUMN
    right = -(-rect.right // COLUMN) * COLUMN
    return pygame.Rect(left, rect.top, right - left, rect.h)


def column_parts(rect: pygame.Rect) -> list[pygame.Rect]:
    """`rect` cut at the first and the last COLUMN boundary inside it: a left edge and a right
    edge narrower than a column and the whole columns between (the empty ones left out; the
    rect alone when no whole column lies inside). A copy or fill made part by part takes the
    fast path in the middle: a restore of a layer whose area starts off a column costs ~10%
    less in real frames, a fill of one several times less (see COLUMN)."""
    left = -(-rect.left // COLUMN) * COLUMN
    right = rect.right // COLUMN * COLUMN
    if right <= left:
        return [pygame.Rect(rect)]
    top, h = rect.top, rect.h
    parts = [pygame.Rect(rect.left, top, left - rect.left, h),
             pygame.Rect(left, top, right - left, h),
             pygame.Rect(right, top, rect.right - right, h)]
    return [part for part in parts if part.w > 0]


def blit_columns(surface: pygame.Surface, source: pygame.Surface, area: pygame.Rect) -> None:
    """Copy `area` of `source` onto the same place of `surface` (two surfaces of one size and
    format without alpha, e.g. a background and the cached surface painted over it), part by
    part (`column_parts`): the same pixels as one blit, sooner."""
    for part in column_parts(area):
        surface.blit(source, part, part)


def fill_columns(surface: pygame.Surface, color: tuple, rect: pygame.Rect) -> None:
    """`surface.fill(color, rect)` part by part (`column_parts`): the same pixels, sooner."""
    for part in column_parts(pygame.Rect(rect)):
        surface.fill(color, part)


def canvas_class(base: type[pygame.Surface]) -> type[pygame.Surface]:
    """A subclass of `base` (pygame.Surface, or the legibility tracer's) for the app's canvas:
    it keeps painters' clips inside the frame's, and collects `note_clock` rects."""

    class FrameCanvas(base):  # type: ignore[valid-type, misc]
        """The app's canvas: see the module docstring."""

        frame_clip: pygame.Rect | None = None  # the damaged rect being redrawn (None: all)
        # A token of the App.draw under way (None between them): what a scene works out for
        # its damage report and every redraw pass of one frame may be worked out once.
        frame: object | None = None
        clock_rects: list[pygame.Rect]

        def set_clip(self, rect=None) -> None:
            """A painter's clip, cut to the frame's damaged rect while one is redrawn."""
            frame = self.frame_clip
            if frame is not None:
                rect = frame if rect is None else pygame.Rect(rect).clip(frame)
            super().set_clip(rect)

        def begin(self, rect: pygame.Rect | None) -> None:
            """Start redrawing `rect` (None: the whole canvas)."""
            super().set_clip(rect)  # as `set_clip` with no frame clip (twice a redraw pass)
            self.frame_clip = rect

        def note_clock(self, rect: pygame.Rect) -> None:
            """A pulsing picture reaches `rect` (see `note_clock`)."""
            if not hasattr(self, "clock_rects"):
                self.clock_rects = []
            self.clock_rects.append(pygame.Rect(rect))

        def take_clock(self) -> list[pygame.Rect]:
            """The pulsing rects noted since the last call."""
            rects = getattr(self, "clock_rects", [])
            self.clock_rects = []
            return rects

    return FrameCanvas


def make_canvas(size: tuple[int, int]) -> pygame.Surface:
    """The app's canvas, in the display's pixel format (the class pygame.Surface is now, so a
    tracer installed before the app keeps following it)."""
    display = pygame.display.get_surface()
    cls = canvas_class(pygame.Surface)
    return cls(size, 0, display) if display is not None else cls(size)
