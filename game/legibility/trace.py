"""Following every text the console draws onto the 1920x1080 canvas.

While a `Tracer` is on, `theme.font` hands out fonts whose `render` notes what each text surface
says (its words, font size, line height and ink box), and `pygame.Surface` is a subclass whose
`blit`, `blits`, `fblits` and `fill` carry those notes along: a text blitted onto a card, the
card onto a board layer, the layer onto the canvas ends as one `Mark` on the canvas, at its
canvas box, with the part of it still showing (what the blit areas, clip rects and surface edges
cut off is gone). The transforms (scale, smoothscale, rotate...) carry the notes too, so a board
drawn at full size and shrunk into a quarter of the screen reports its texts at their shrunken
height, and a rotated header reports its angle.

What is drawn over a text later hides it: an opaque (or mostly opaque) blit or fill covering a
text removes it (a modal's dark veil hides the game behind it; a panel laid over a label hides
the label), one covering only part of it notes how much is covered. Lines drawn with
`pygame.draw` are not followed (except filled rects, which cover like a fill); focus frames
are: `widgets.focus_ring` and the game bar's and board's focus rings (game_paint) report them
to the surface they draw on (`note_frame`).

Nothing here changes a pixel: the traced classes draw exactly what the plain ones draw.
`textless` is the one block that does: inside it every text is drawn as blank space of its
size, for a picture of a board shown smaller than 1:1 (the picker's miniature, a guide page's
view of the whole board), whose words would be under 24 px and are left out instead. Its art
is cached apart from normal drawing's (game.ui.memory's two generations), so neither empties
the other's caches.
"""

from __future__ import annotations

import math
import sys
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import _lru_cache_wrapper, cache
from typing import Any

import pygame

from game.ui import memory, theme

OPAQUE_ALPHA = 128  # a pixel at least this opaque hides what is under it
HIDDEN_SHARE = 0.9  # a text this much covered is gone (not a text of this screen any more)


@dataclass(frozen=True, slots=True)
class Mark:
    """One drawn text: its words, font size, line height on the canvas (px), its full box and
    ink box (where glyph pixels are), the part of the ink still showing, its angle, and how
    much of it something drawn later covers (0..1)."""

    text: str
    size: int
    bold: bool
    height: float
    box: pygame.Rect
    ink: pygame.Rect
    shown: pygame.Rect
    angle: float = 0.0
    covered: float = 0.0

    def moved(self, dx: int, dy: int, clip: pygame.Rect) -> Mark | None:
        """The mark blitted `dx, dy` further on, its showing part kept inside `clip` (None
        when nothing of it shows)."""
        shown = self.shown.move(dx, dy).clip(clip)
        if shown.w <= 0 or shown.h <= 0:
            return None
        return replace(self, box=self.box.move(dx, dy), ink=self.ink.move(dx, dy), shown=shown)


@dataclass(frozen=True, slots=True)
class Frame:
    """A focus frame: its outer rect and the width of its stroke."""

    rect: pygame.Rect
    width: int


def _scaled(rect: pygame.Rect, sx: float, sy: float) -> pygame.Rect:
    return pygame.Rect(round(rect.x * sx), round(rect.y * sy), max(1, round(rect.w * sx)),
                       max(1, round(rect.h * sy)))


def _rotated(rect: pygame.Rect, angle: float, old: tuple[int, int], new: tuple[int, int],
             zoom: float = 1.0) -> pygame.Rect:
    """The bounding box of `rect` turned `angle` degrees counter-clockwise (pygame's sense)
    about the centre of a surface of size `old`, in the turned surface of size `new`."""
    a = math.radians(angle)
    cos, sin = math.cos(a) * zoom, math.sin(a) * zoom
    xs, ys = [], []
    for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
        dx, dy = x - old[0] / 2, y - old[1] / 2
        xs.append(dx * cos + dy * sin + new[0] / 2)
        ys.append(-dx * sin + dy * cos + new[1] / 2)
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return pygame.Rect(left, top, max(1, math.ceil(max(xs)) - left),
                       max(1, math.ceil(max(ys)) - top))


class Tracer:
    """Notes of the texts on every surface while on (`with tracing() as tracer`)."""

    def __init__(self) -> None:
        self.notes: weakref.WeakKeyDictionary[pygame.Surface, tuple[Mark, ...]] = (
            weakref.WeakKeyDictionary())
        self.pure_text: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()
        self.surface_class = _traced_surface_class(self)
        self.font_class = _traced_font_class(self)

    # -- what a surface holds ------------------------------------------------------------------
    def marks(self, surface: pygame.Surface) -> tuple[Mark, ...]:
        """The texts showing on a surface now (a subsurface: its parent's, inside it)."""
        root, (ox, oy) = _root(surface)
        if root is not surface:
            inside = pygame.Rect((0, 0), surface.get_size())
            return tuple(m for m in (mark.moved(-ox, -oy, inside) for mark in root._marks)
                         if m is not None)
        own = getattr(surface, "_marks", None)
        if own is not None:
            return tuple(own)
        return self.notes.get(surface, ())

    def frames(self, surface: pygame.Surface) -> tuple[Frame, ...]:
        """The focus frames drawn on a surface since it was last cleared."""
        return tuple(getattr(surface, "_frames", ()))

    def clear(self, surface: pygame.Surface) -> None:
        """Forget what a (traced) surface shows: the next frame is drawn from scratch."""
        if hasattr(surface, "_marks"):
            surface._marks = []
            surface._frames = []

    def note_text(self, surface: pygame.Surface, text: str, size: int, bold: bool,
                  height: int) -> None:
        """A surface the font just rendered: one mark over its glyphs."""
        box = surface.get_rect()
        ink = surface.get_bounding_rect(1)
        if ink.w == 0 or not text.strip():
            return
        self.notes[surface] = (Mark(text, size, bold, height, box, ink, ink),)
        self.pure_text.add(surface)

    # -- carrying marks ------------------------------------------------------------------------
    def blitted(self, target: pygame.Surface, source: pygame.Surface, dest: Any,
                area: Any, drawn: pygame.Rect, blend: int) -> None:
        """`source` was blitted onto `target` at `dest` (from its `area`), covering `drawn`."""
        root, (ox, oy) = _root(target)
        drawn = drawn.move(ox, oy)
        if drawn.w <= 0 or drawn.h <= 0:
            return
        x, y = _point(dest)
        if area is not None:
            ax, ay = pygame.Rect(area).topleft
            x, y = x - ax, y - ay
        dx, dy = x + ox, y + oy
        carried = [m for m in (m.moved(dx, dy, drawn) for m in self.marks(source)) if m]
        again = {(m.text, tuple(m.ink)) for m in carried}  # the same words drawn over again
        if source not in self.pure_text and not blend:
            self._cover(root, drawn, lambda r: _opaque_share(source, r.move(-dx, -dy)), again)
        there = {(m.text, tuple(m.ink)) for m in root._marks}
        root._marks.extend(m for m in carried if (m.text, tuple(m.ink)) not in there)

    def filled(self, target: pygame.Surface, drawn: pygame.Rect) -> None:
        """A plain fill covered `drawn` of `target`."""
        root, (ox, oy) = _root(target)
        self._cover(root, drawn.move(ox, oy), lambda r: 1.0)

    def framed(self, target: pygame.Surface, rect: pygame.Rect, width: int) -> None:
        """A focus frame was drawn on `target`."""
        root, (ox, oy) = _root(target)
        root._frames.append(Frame(pygame.Rect(rect).move(ox, oy), width))

    def _cover(self, root: pygame.Surface, drawn: pygame.Rect, share,
               again: set | frozenset = frozenset()) -> None:
        """Hide (or note as partly covered) the marks of `root` under what was just drawn
        (except the marks in `again`, which it draws over once more)."""
        kept = []
        for mark in root._marks:
            under = mark.shown.clip(drawn)
            if under.w <= 0 or under.h <= 0 or (mark.text, tuple(mark.ink)) in again:
                kept.append(mark)
                continue
            part = share(under) * under.w * under.h / (mark.shown.w * mark.shown.h)
            if part >= HIDDEN_SHARE:
                continue
            kept.append(replace(mark, covered=min(1.0, mark.covered + part)) if part > 0
                        else mark)
        root._marks = kept
        root._frames = [f for f in root._frames
                        if not (drawn.contains(f.rect) and share(f.rect) >= HIDDEN_SHARE)]

    def transformed(self, out: pygame.Surface, source: pygame.Surface, sx: float = 1.0,
                    sy: float = 1.0, angle: float = 0.0) -> None:
        """`out` is `source` scaled by sx, sy or turned `angle` degrees (then sx is the zoom)."""
        marks = self.marks(source)
        if not marks:
            return
        if angle % 360:
            old, new = source.get_size(), out.get_size()
            moved = tuple(replace(m, height=m.height * sx, angle=(m.angle + angle) % 360,
                                  box=_rotated(m.box, angle, old, new, sx),
                                  ink=_rotated(m.ink, angle, old, new, sx),
                                  shown=_rotated(m.shown, angle, old, new, sx))
                          for m in marks)
        else:
            moved = tuple(replace(m, height=m.height * sy, box=_scaled(m.box, sx, sy),
                                  ink=_scaled(m.ink, sx, sy), shown=_scaled(m.shown, sx, sy))
                          for m in marks)
        if hasattr(out, "_marks"):
            out._marks = list(moved)
        else:
            self.notes[out] = moved
        if source in self.pure_text:
            self.pure_text.add(out)


def _root(surface: pygame.Surface) -> tuple[pygame.Surface, tuple[int, int]]:
    """The surface that owns the pixels (a subsurface's top parent) and the offset into it."""
    parent = surface.get_abs_parent()
    if parent is surface or not hasattr(parent, "_marks"):
        return surface, (0, 0)
    return parent, surface.get_abs_offset()


def _point(dest: Any) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    if len(dest) == 4:
        return int(dest[0]), int(dest[1])
    return int(dest[0]), int(dest[1])


def _opaque_share(source: pygame.Surface, rect: pygame.Rect) -> float:
    """How much of `rect` (in source pixels) the source covers with opaque pixels."""
    rect = rect.clip(source.get_rect())
    if rect.w <= 0 or rect.h <= 0:
        return 0.0
    alpha = source.get_alpha()
    if alpha is not None and alpha < OPAQUE_ALPHA:
        return 0.0
    if not source.get_flags() & pygame.SRCALPHA and source.get_colorkey() is None:
        return 1.0
    mask = pygame.mask.from_surface(source.subsurface(rect), OPAQUE_ALPHA)
    return mask.count() / (rect.w * rect.h)


def _traced_surface_class(tracer: Tracer) -> type:
    """pygame.Surface, noting which texts land on it."""
    base = pygame.surface.Surface  # the C class itself, even inside another tracer's block

    class TracedSurface(base):  # type: ignore[misc, valid-type]
        """A Surface that carries the tracer's marks along with its pixels."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._marks: list[Mark] = []
            self._frames: list[Frame] = []

        def blit(self, source, dest=(0, 0), area=None, special_flags=0):
            drawn = super().blit(source, dest, area, special_flags)
            tracer.blitted(self, source, dest, area, drawn, special_flags)
            return drawn

        def blits(self, blit_sequence, doreturn=True):
            drawn = [self.blit(*item) for item in blit_sequence]
            return drawn if doreturn else None

        def fblits(self, blit_sequence, special_flags=0):
            for source, dest in blit_sequence:
                self.blit(source, dest, None, special_flags)

        def fill(self, color, rect=None, special_flags=0):
            drawn = super().fill(color, rect, special_flags)
            if not special_flags:
                tracer.filled(self, drawn)
            return drawn

        def note_frame(self, rect: pygame.Rect, width: int) -> None:
            """A focus frame was drawn here (widgets.note_frame)."""
            tracer.framed(self, rect, width)

        def copy(self):
            return self._same(super().copy())

        def convert(self, *args):
            return self._same(super().convert(*args))

        def convert_alpha(self, *args):
            return self._same(super().convert_alpha(*args))

        def subsurface(self, *args):
            sub = super().subsurface(*args)
            sub._marks, sub._frames = [], []  # its texts go to its parent (see _root)
            return sub

        def _same(self, other):
            other._marks = list(tracer.marks(self))  # a subsurface's: its parent's, inside it
            other._frames = list(self._frames)
            return other

    return TracedSurface


def _traced_font_class(tracer: Tracer) -> type:
    """pygame.font.Font, noting what each render says."""

    class TracedFont(pygame.font.Font):
        """A Font whose rendered surfaces carry a mark of their words."""

        ui_size = 0  # the theme size asked for (theme.font's argument)

        def render(self, text, antialias, color, bg=None, wraplength=0):
            surface = super().render(text, antialias, color, bg, wraplength)
            tracer.note_text(surface, str(text), self.ui_size, self.get_bold(),
                             self.get_height())
            return surface

    return TracedFont


def _draw_rect_patch(tracer: Tracer) -> Any:
    """pygame.draw.rect, noting that a filled rect covers what was under it (a panel)."""
    real = pygame.draw.rect

    def rect(surface, color, rect, width=0, *args, **kwargs):
        drawn = real(surface, color, rect, width, *args, **kwargs)
        if width == 0 and hasattr(surface, "_marks"):
            tracer.filled(surface, drawn)
        return drawn
    return rect


def _transform_patches(tracer: Tracer) -> dict[str, Any]:
    """Replacements of pygame.transform's functions that carry marks (their results are traced
    surfaces, so that a copy of a shrunk board, say, carries them on too)."""
    real = {name: getattr(pygame.transform, name) for name in
            ("scale", "smoothscale", "scale_by", "smoothscale_by", "rotate", "rotozoom")}

    def traced(out: pygame.Surface) -> pygame.Surface:
        """The same pixels on a traced surface."""
        if hasattr(out, "_marks"):
            return out
        copy = tracer.surface_class(out.get_size(), out.get_flags(), out)
        blend = pygame.BLEND_RGBA_ADD if out.get_flags() & pygame.SRCALPHA else 0
        pygame.surface.Surface.blit(copy, out, (0, 0), None, blend)  # nothing to carry yet
        copy.set_colorkey(out.get_colorkey())
        copy.set_alpha(out.get_alpha())
        return copy

    def sizing(name: str):
        def patched(surface, *args, **kwargs):
            out = real[name](surface, *args, **kwargs)
            if len(args) > 1 or "dest_surface" in kwargs:  # drawn into a given surface
                return out
            out = traced(out)
            w, h = surface.get_size()
            if w and h:
                tracer.transformed(out, surface, out.get_width() / w, out.get_height() / h)
            return out
        return patched

    def rotate(surface, angle):
        out = traced(real["rotate"](surface, angle))
        tracer.transformed(out, surface, angle=angle)
        return out

    def rotozoom(surface, angle, scale):
        out = traced(real["rotozoom"](surface, angle, scale))
        tracer.transformed(out, surface, scale, scale, angle)
        return out

    return {"scale": sizing("scale"), "smoothscale": sizing("smoothscale"),
            "scale_by": sizing("scale_by"), "smoothscale_by": sizing("smoothscale_by"),
            "rotate": rotate, "rotozoom": rotozoom}


def empty_caches() -> None:
    """Forget every drawn-art cache and font, so what is drawn next is drawn (and traced)."""
    for cached in memory.memo_caches():  # theme.text's among them
        cached.cache_clear()
    fonts = getattr(theme.font, "cache_clear", None)  # a test may have hooked theme.font
    if fonts is not None:
        fonts()


@contextmanager
def tracing() -> Iterator[Tracer]:
    """Trace every text drawn inside the block (caches are emptied on the way in and out, so
    nothing drawn untraced before is reused, and nothing traced outlives the block)."""
    tracer = Tracer()
    real_surface, real_font, real_rect = pygame.Surface, theme.font, pygame.draw.rect
    real_transforms = {name: getattr(pygame.transform, name) for name in _transform_patches(tracer)}

    @cache
    def font(size: int, bold: bool = False) -> pygame.font.Font:
        made = theme.build_font(size, bold, tracer.font_class)
        made.ui_size = size
        return made

    empty_caches()
    pygame.Surface = tracer.surface_class
    pygame.draw.rect = _draw_rect_patch(tracer)
    theme.font = font
    for name, patched in _transform_patches(tracer).items():
        setattr(pygame.transform, name, patched)
    try:
        yield tracer
    finally:
        pygame.Surface = real_surface
        pygame.draw.rect = real_rect
        theme.font = real_font
        for name, original in real_transforms.items():
            setattr(pygame.transform, name, original)
        empty_caches()


INVISIBLE_ALPHA = 1  # a blank text's ink: no colour shows, yet its bounding rect is there


class _BlankFont(pygame.font.Font):
    """A Font whose texts show nothing: their ink is kept at an alpha of 1/255, so code that
    measures a rendered text's ink (a layout cached for the game's later frames) measures it
    right, and the picture shows no word."""

    def render(self, text, antialias, color, bg=None, wraplength=0):
        shape = super().render(text, antialias, color, bg, wraplength)
        if bg is not None:  # a text on its own background: the background alone
            blank = pygame.Surface(shape.get_size())
            blank.fill(bg)
            return blank
        ink = pygame.Surface(shape.get_size(), pygame.SRCALPHA)
        ink.blit(shape, (0, 0))
        ink.fill((255, 255, 255, INVISIBLE_ALPHA), special_flags=pygame.BLEND_RGBA_MIN)
        return ink


class BlankFonts:
    """The blank fonts of textless drawing, made once each: a picture redrawn every few
    seconds (the picker's miniature) keeps its own, rather than building them at every redraw.
    Hold one no longer than pygame's font module lives (a scene's lifetime)."""

    def __init__(self) -> None:
        self.font = cache(self._build)

    @staticmethod
    def _build(size: int, bold: bool = False) -> pygame.font.Font:
        return theme.build_font(size, bold, _BlankFont)


@contextmanager
def textless(fonts: BlankFonts | None = None) -> Iterator[None]:
    """Every text drawn inside the block is blank space of its size (layouts do not move),
    in `fonts` (new ones when not given). The art caches answer from their blank-words
    generation inside (memory.blank_words), so no word drawn before shows and no blank drawn
    here is reused outside, while the art of both kinds stays cached for the next time. Every
    plain memo (lru_cache) of the drawing code that learned something inside is emptied on the
    way out (a blank's faint ink, smoothed, measures a pixel short: French Quarter's
    `value_ink` must not keep that for the game); such a memo holds measures, never art."""
    real_font = theme.font
    fonts = fonts if fonts is not None else BlankFonts()
    before = {id(memo): memo.cache_info().misses for memo in _drawing_memos()}
    theme.font = fonts.font
    try:
        with memory.blank_words():
            yield
    finally:
        theme.font = real_font
        for memo in _drawing_memos():
            if memo.cache_info().misses != before.get(id(memo)):
                memo.cache_clear()


DRAWING_CODE = ("game.ui.", "game.games.")  # the modules whose memos a blank text may reach


def _drawing_memos() -> list[Any]:
    """Every lru_cache (of any size) at the top level of a loaded module of the drawing code."""
    found: dict[int, Any] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith(DRAWING_CODE):
            found.update((id(v), v) for v in list(vars(module).values())
                         if isinstance(v, _lru_cache_wrapper))
    return list(found.values())
