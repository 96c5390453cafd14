"""French Quarter's layers painted in pieces: only where what a layer shows changed is painted
again, and reported as damage.

A panel lists what its layer shows as `Piece`s, in painting order: what one shows (a hashable of
everything its pixels depend on), every pixel it may paint (its rect) and how to paint it. A
`PieceLayer` keeps the pieces last painted; when the panel's key changes it compares them with
the new ones, and only the rects of the pieces that came, went or changed are painted again,
each through the room's `Layers.paint_region` (which reports exactly that rect as damage):
there the background is put back and every piece touching the rect is painted again, in order,
clipped to it. What a full repaint would give, at the price of a few small rects: a tourist's
step repaints its two spots, not the 45% of the canvas the map covers.

The pieces come in groups (a compact panel, the large sheet's header, the map's tourists...),
each built by a `Groups` from what it is made of: a group made of the same things as last time
is the same tuple, not built again and not compared piece by piece (listing and comparing a
hundred pieces whenever anything changed cost a third of a millisecond a frame).

A budget (pixels a frame) spreads a large change over a few frames, a band at a time from the
top (the large sheet changing hands repaints a twentieth of itself a frame), as one rect (their
box) a frame; what is left waits. The frame that builds a large change's pieces (more than a
frame's budget to paint: a wipe) paints none of it, its first band comes the frame after.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

import pygame

from game.ui.damage import absorb
from game.ui.i18n import language
from game.ui.render_kit import Layers

RectTuple = tuple[int, int, int, int]
Painter = Callable[[pygame.Surface], None]
MIN_BAND = 16  # the fewest rows a budget cuts a large rect down to
GROUPS_KEPT = 512  # groups a region's `Groups` keeps (a few dozen show at once)
_NEVER = object()  # the key of a region not painted yet


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing a layer shows: equal pieces paint the same pixels."""

    what: Hashable  # everything its pixels depend on
    rect: RectTuple  # every pixel it may paint
    paint: Painter = field(compare=False, hash=False)


def piece(what: Hashable, rect: pygame.Rect | RectTuple, paint: Painter) -> Piece:
    """A piece showing `what` inside `rect`, painted by `paint(surface)`."""
    return Piece(what, tuple(rect), paint)  # type: ignore[arg-type]


def blit_piece(what: Hashable, image: pygame.Surface, at: tuple[int, int] | pygame.Rect
               ) -> Piece:
    """A piece that is one image blitted at `at` (a point or a rect's top left)."""
    rect = image.get_rect(topleft=at[:2] if isinstance(at, tuple) else at.topleft)
    return Piece(what, tuple(rect), lambda surf: surf.blit(image, rect))  # type: ignore[arg-type]


def blit_part(surf: pygame.Surface, image: pygame.Surface, at: pygame.Rect,
              part: pygame.Rect) -> None:
    """Blit `part` of `image` at `at` (a piece's painter)."""
    surf.blit(image, at, part)


Group = tuple[Piece, ...]


class Groups:
    """Groups of pieces kept by what they are built from: `groups(build, *args)` is the tuple
    `build(*args)` gave the last time (in this language), built again only for new args (the
    least recently used half is let go when GROUPS_KEPT are kept). A region asks for all of its
    groups at once (`all`, `missing`): the language read once, not once per group (a sheet has
    fifteen, asked at each repaint)."""

    def __init__(self) -> None:
        """No group built yet."""
        self.kept: dict[Hashable, Group] = {}

    def has(self, build: Callable[..., Iterable[Piece]], *args: Hashable) -> bool:
        """True if the group `build(*args)` gives is kept (in this language)."""
        return (build, args, language()) in self.kept

    def missing(self, builds: Iterable[tuple[Callable[..., Iterable[Piece]], tuple]]
                ) -> tuple[Callable[..., Iterable[Piece]], tuple] | None:
        """The first (build, args) of `builds` whose group is not kept, None if all are."""
        lang, kept = language(), self.kept
        for build, args in builds:
            if (build, args, lang) not in kept:
                return build, args
        return None

    def __call__(self, build: Callable[..., Iterable[Piece]], *args: Hashable) -> Group:
        """The pieces `build(*args)` gives: `args` must hold everything they depend on."""
        return self.all([(build, args)])[0]

    def all(self, builds: Iterable[tuple[Callable[..., Iterable[Piece]], tuple]]
            ) -> list[Group]:
        """The group of each (build, args) of `builds`, in order (as `self(build, *args)`)."""
        lang, kept, out = language(), self.kept, []
        for build, args in builds:
            key = (build, args, lang)
            group = kept.pop(key, None)  # put back last: the least recently used come first
            if group is None:
                group = self.build(build, args)
            kept[key] = group
            out.append(group)
        return out

    def build(self, build: Callable[..., Iterable[Piece]], args: tuple) -> Group:
        """Build a group not kept (the older half of those kept let go if GROUPS_KEPT are)."""
        if len(self.kept) >= GROUPS_KEPT:  # a long game's old states: the older half go
            for old in list(self.kept)[:GROUPS_KEPT // 2]:  # (not all: those shown now
                del self.kept[old]  # would be built again, all in one frame)
        return tuple(build(*args))


def changed(before: Iterable[Piece], after: Iterable[Piece]) -> list[pygame.Rect]:
    """The rects of the pieces that are in one list and not in the other. Compared by (what,
    rect), which is what makes two pieces equal, as plain tuples: hashed and compared in C,
    not through the dataclass's methods, a call per piece (a sheet's groups hold hundreds);
    as sets when neither list holds a piece twice (a Counter's arithmetic runs in Python, a
    dozen calls), else counted (a piece painted twice over itself is not one painted once)."""
    old = [(p.what, p.rect) for p in before]
    new = [(p.what, p.rect) for p in after]
    olds, news = set(old), set(new)
    if len(olds) < len(old) or len(news) < len(new):
        was, now = Counter(old), Counter(new)
        return [pygame.Rect(rect) for _, rect in (was - now) + (now - was)]
    return [pygame.Rect(x[1]) for x in old if x not in news] + [
        pygame.Rect(x[1]) for x in new if x not in olds]


def changed_groups(before: Sequence[Group], after: Sequence[Group]) -> list[pygame.Rect]:
    """`changed` over the groups that are not the very same tuple at the same place."""
    old: list[Piece] = []
    new: list[Piece] = []
    for k in range(max(len(before), len(after))):
        was = before[k] if k < len(before) else ()
        now = after[k] if k < len(after) else ()
        if was is not now:
            old += was
            new += now
    return changed(old, new)


def joined(rects: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """The rects, overlapping ones joined into their union, top to bottom."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if rect.w > 0 and rect.h > 0:
            absorb(rect.copy(), out)
    return sorted(out, key=attrgetter("y", "x"))  # (a key made in C, no call a rect)


def take(rects: Sequence[pygame.Rect], budget: int | None
         ) -> tuple[list[pygame.Rect], list[pygame.Rect], int]:
    """The rects to paint now within `budget` pixels (their bounding box; None: all), the
    rects left for later, and the pixels spent. A rect larger than what is left is cut to its
    top band; something is always painted if the budget is not spent."""
    if budget is None:
        return list(rects), [], sum(r.w * r.h for r in rects)
    now: list[pygame.Rect] = []
    box: pygame.Rect | None = None
    for k, rect in enumerate(rects):
        grown = rect if box is None else box.union(rect)
        if grown.w * grown.h <= budget:
            now.append(rect)
            box = grown
            continue
        if box is None:  # the first one alone is too large: its top band now
            rows = max(MIN_BAND, budget // rect.w)
            if rows < rect.h:
                band = pygame.Rect(rect.x, rect.y, rect.w, rows)
                rest = pygame.Rect(rect.x, rect.y + rows, rect.w, rect.h - rows)
                return [band], [rest, *rects[k + 1:]], band.w * band.h
            now.append(rect)
            box = rect
            continue
        return now, list(rects[k:]), box.w * box.h
    return now, [], 0 if box is None else box.w * box.h


class PieceLayer:
    """One region of the room's layers painted in pieces (see the module docstring)."""

    def __init__(self, layers: Callable[[], Layers], name: str, area: pygame.Rect,
                 key: Callable[[], Hashable], pieces: Callable[[], list[Group]],
                 base: Callable[[pygame.Surface, pygame.Rect], None]) -> None:
        """A region `name` over `area` of `layers()`: repainted when `key()` changes, showing
        the groups of `pieces()` over what `base(surface, rect)` puts back under a rect."""
        self.layers, self.name, self.area = layers, name, pygame.Rect(area)
        self.key, self.pieces, self.base = key, pieces, base
        self.groups: list[Group] = []  # the pieces on the surface (outside `stale`), grouped
        self.shown: list[Piece] = []  # the same, in painting order
        self.rects: list[pygame.Rect] = []  # theirs
        self.shown_key: Hashable = _NEVER
        self.stale: list[pygame.Rect] = []  # areas still to paint (a budget cut a change short)
        self.deferred = False  # the last call only built the pieces of a wipe
        self._group_rects: dict[int, tuple[Group, list[pygame.Rect]]] = {}  # by id(group)
        # The layers it last painted into: a region lives on one (a new layout mounts new
        # panels with their regions on new layers), so `due` reads it without `layers()`.
        self._painted_into: Layers | None = None

    def due(self) -> bool:
        """True if something of this region is still to be painted: pieces left for later,
        the layers holding nothing of it (new, invalidated or rebuilt) or a new key (asked a
        few times a frame: read on the layers it painted into, without `layers()`)."""
        layers = self._painted_into
        return (bool(self.stale) or layers is None or layers.shown_key(self.name) is None
                or self.key() != self.shown_key)

    def paint(self, budget: int | None) -> int:
        """Paint what changed, at most `budget` pixels of it (None: all); the pixels spent."""
        layers = self._painted_into = self.layers()
        if layers.shown_key(self.name) is None:  # nothing of it there: all, over the background
            self.groups, self.shown_key, self.stale = [], _NEVER, [self.area.copy()]
        key = self.key()
        rebuilt = key != self.shown_key
        if rebuilt:
            groups = self.pieces()
            self.stale += [r.clip(self.area) for r in changed_groups(self.groups, groups)]
            self.groups, self.shown_key = groups, key
            self.shown = list(chain.from_iterable(groups))
            self.rects = self._rects(groups)
        self.stale = joined(self.stale)
        if rebuilt and budget is not None and not self.deferred and sum(
                [r.w * r.h for r in self.stale]) > budget:
            self.deferred = True  # a wipe (the large sheet changing hands): its first band
            return budget  # next frame, as building its pieces took this frame's share
        self.deferred = False
        now, self.stale, spent = take(self.stale, budget)
        if budget is not None and len(now) > 1:  # one rect a frame: the shell redraws each
            now = [now[0].unionall(now[1:])]  # rect in a pass of its own (their box fits)
        for rect in now:
            touched = [self.shown[i] for i in rect.collidelistall(self.rects)]
            layers.paint_region(self.name, rect, key, self._painter(rect, touched),
                                restore=False, clip=True)
        return spent

    def _rects(self, groups: list[Group]) -> list[pygame.Rect]:
        """The rects of the groups' pieces, in order: each group's kept (`_rects_of`), looked
        up here in a loop, not a call per group (a sheet has fifteen, at each repaint)."""
        out: list[pygame.Rect] = []
        kept_rects = self._group_rects
        for group in groups:
            kept = kept_rects.get(id(group))
            out += kept[1] if kept is not None and kept[0] is group else self._rects_of(group)
        return out

    def _rects_of(self, group: Group) -> list[pygame.Rect]:
        """The rects of a group's pieces, made once per group (a sheet's hundred pieces' rects
        made anew at each repaint cost ~0.1 ms); kept with the group itself, so that an id
        is never taken for another group's."""
        kept = self._group_rects.get(id(group))
        if kept is None or kept[0] is not group:
            if len(self._group_rects) > GROUPS_KEPT:  # a long game's old groups
                self._group_rects.clear()
            kept = self._group_rects[id(group)] = (group, [pygame.Rect(p.rect) for p in group])
        return kept[1]

    def _painter(self, rect: pygame.Rect, touched: list[Piece]) -> Painter:
        """Paint `rect` again: the background, then every piece touching it, in order."""
        def paint(surface: pygame.Surface) -> None:
            self.base(surface, rect)
            for p in touched:
                p.paint(surface)
        return paint
