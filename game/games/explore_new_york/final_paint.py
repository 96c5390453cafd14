"""Explore New York's final fade and glow: a sweep across each map, strip by strip.

At the end every map fades out what is off its final route, then its route's glow shimmers
while the boxes fill in (map_panel.py's `_route_found`). Blending a whole map each frame of the
finale (four maps at four seats: 500-800k px a frame for ~2 s) cost 1.0-1.4 ms a frame. So the
map is cut into STRIPS vertical strips and each has its own short window of the tween: the fade
sweeps from left to right (a strip faded stays opaque), and the glow travels along the route as
a shimmer (each strip's glow rises and falls once per wave). Only OVERLAP strips change in any
frame, and a frame redraws only those (`Sweep.area`). Inside a strip only the marks' own rects
are blended (`pieces`: no pixel blended twice): the pixels are those of a blend of the strip.
At rest the picture is as before: the fade ends opaque (then the map's layer shows the route),
the glow ends at nothing.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pytweening

STRIPS = 24  # vertical strips a map's fade and glow sweep across
OVERLAP = 2  # strips changing at once: each one's window lasts this many strips' steps
GLOW_ALPHA = 150  # the glow's alpha at its brightest
GLOW_WAVES = 1  # times the glow's shimmer travels across a map while the boxes fill in
FRAME = 1 / 60  # s: a frame at 60 fps, the ticks of `on_grid` a whole number of them apart

Blit = tuple[pygame.Surface, tuple[int, int], pygame.Rect]  # (image, where, its area): blits'
Alpha = Callable[[float], int]  # a strip's alpha at its own progress 0..1


def fade_alpha(q: float) -> int:
    """A strip fading in (the map being erased), eased."""
    return round(255 * pytweening.easeInOutQuad(q))


def glow_alpha(q: float) -> int:
    """A strip's glow rising and falling once."""
    return round(GLOW_ALPHA * math.sin(math.pi * q))


def on_grid(start: float, dur: float, phase: int, phases: int = 2,
            ease: Callable[[float], float] = pytweening.linear) -> Callable[[float], float]:
    """An ease for a tween from `start` lasting `dur` whose progress moves only at the ticks of
    a grid on the timeline clock, one tick every `phases` 60 fps frames, `phase` (0 to
    phases - 1) picking which of those frames (the ticks sit half a frame off them: a frame's
    clock never falls on one). At 60 fps tweens of different phases move on different frames:
    in the finale the large maps' glow and boxes on one frame, the small maps' on the next
    (the room's `finale_half`); while the game runs each seat's box counts on its own frame
    (each seat's sheet a redraw pass of its own: two to four a frame before, ~0.05 ms each).
    It ends at its last tick, so the tween's end, between two ticks, changes nothing more."""
    period = phases * FRAME
    offset = (phase + 0.5) * FRAME
    last = math.floor((start + dur - offset) / period) * period + offset

    def stepped(raw: float) -> float:
        tick = math.floor((start + raw * dur - offset) / period) * period + offset
        return ease(1.0 if tick >= last else max(0.0, (tick - start) / dur))

    return stepped


def strip_rects(size: tuple[int, int]) -> list[pygame.Rect]:
    """A map of `size` cut into STRIPS vertical strips, left to right (its own coordinates)."""
    w, h = size
    edges = [round(k * w / STRIPS) for k in range(STRIPS + 1)]
    return [pygame.Rect(edges[k], 0, edges[k + 1] - edges[k], h) for k in range(STRIPS)]


def windows(waves: int = 1) -> list[tuple[float, float]]:
    """Each strip's window of the sweep's progress (per wave, waves one after another): strip
    k from k steps to k + OVERLAP steps of its wave, the last one ending with the wave."""
    step = 1.0 / (STRIPS + OVERLAP - 1)
    return [((w + k * step) / waves, (w + min(1.0, (k + OVERLAP) * step)) / waves)
            for w in range(waves) for k in range(STRIPS)]


@dataclass(frozen=True, slots=True)
class Strip:
    """One window of a sweep: where it blends (its pieces' blits) and the canvas rect they
    cover."""

    start: float
    end: float
    blits: tuple[Blit, ...]
    rect: pygame.Rect


class Sweep:
    """Paint: an image laid over a map strip by strip, each strip at its own alpha in its own
    window of the tween (`windows`); `keep`: a strip past its window stays as it ended (the
    fade: opaque), else it shows nothing (the glow). Give the tween a linear ease and `area`
    as its area: a frame redraws only the strips that changed since the one painted last."""

    def __init__(self, image: pygame.Surface, topleft: tuple[int, int],
                 reach: Sequence[pygame.Rect], alpha: Alpha, keep: bool, waves: int = 1
                 ) -> None:
        """`image` (a map's size) laid at `topleft`, blended only where `reach` covers (its own
        coordinates)."""
        self.image, self.alpha, self.keep = image, alpha, keep
        # The marks' rects made disjoint once for the whole map, then each piece cut at the
        # strips' edges: the same pixels as cutting the rects strip by strip, at a 24th of
        # the work (the last move's frame at four seats built eight sweeps: ~5 ms of it).
        disjoint = pieces(reach, image.get_rect())
        cut = [[piece.clip(strip) for piece in disjoint if piece.colliderect(strip)]
               for strip in strip_rects(image.get_size())]
        self.strips = [Strip(start, end, blits_of(image, topleft, cut[k % STRIPS]),
                             _union(cut[k % STRIPS]).move(topleft))
                       for k, (start, end) in enumerate(windows(waves)) if cut[k % STRIPS]]
        self.starts = [strip.start for strip in self.strips]  # both in order (`windows`)
        self.ends = [strip.end for strip in self.strips]
        rects = [strip.rect for strip in self.strips]
        self.whole = _union(rects) if rects else pygame.Rect(topleft, (0, 0))  # all it paints
        self._seen = 0.0  # the progress painted last: what the screen shows of it
        self._past_rects: list[pygame.Rect] = []  # the rects of the strips past: _past_blits'

    def area(self, p: float) -> pygame.Rect:
        """The canvas pixels that may differ at `p` from the progress painted last: the strips
        whose window meets the stretch between (however many frames it skipped)."""
        if p == self._seen:  # (its progress stands still between two ticks: on_grid)
            return pygame.Rect(self.whole.topleft, (0, 0))
        lo, hi = min(self._seen, p), max(self._seen, p)
        changing = self.strips[bisect_right(self.ends, lo):bisect_left(self.starts, hi)]
        if not changing:
            return pygame.Rect(self.whole.topleft, (0, 0))
        return changing[0].rect.unionall([strip.rect for strip in changing[1:]])

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Paint at progress `p`: the strips past their window (if kept), then those in it."""
        self._seen = p
        image, alpha = self.image, self.alpha
        past = bisect_right(self.ends, p)
        if past and self.keep:
            image.set_alpha(alpha(1.0))
            canvas.blits(self._past_blits(past, canvas.get_clip()), doreturn=False)
        for strip in self.strips[past:bisect_left(self.starts, p)]:
            level = alpha((p - strip.start) / (strip.end - strip.start))
            if level:
                image.set_alpha(level)
                canvas.blits(strip.blits, doreturn=False)

    def _past_blits(self, past: int, clip: pygame.Rect) -> list[Blit]:
        """The blits of those of the first `past` strips that meet `clip` (a redraw pass
        meets a strip or two: its hundreds of pieces elsewhere would each be clipped away)."""
        rects = self._past_rects if len(self._past_rects) == past else self._note_past(past)
        return [b for k in clip.collidelistall(rects) for b in self.strips[k].blits]

    def _note_past(self, past: int) -> list[pygame.Rect]:
        """The rects of the first `past` strips, kept while that count holds."""
        self._past_rects = [strip.rect for strip in self.strips[:past]]
        return self._past_rects


def _union(rects: Sequence[pygame.Rect]) -> pygame.Rect:
    """The rect around `rects` (at least one)."""
    return rects[0].unionall(list(rects[1:]))


def pieces(rects: Sequence[pygame.Rect], part: pygame.Rect) -> list[pygame.Rect]:
    """Disjoint rects covering what `rects` cover of `part` (each rect less those before it)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        clipped = rect.clip(part)
        if not (clipped.w and clipped.h):
            continue
        left = [clipped]
        for k in clipped.collidelistall(out):  # (the others leave it as it is)
            done = out[k]
            left = [bit for piece in left for bit in _minus(piece, done)]
        out += left  # (`_minus` keeps no empty bit)
    return out


def _minus(rect: pygame.Rect, cut: pygame.Rect) -> list[pygame.Rect]:
    """`rect` less `cut`: up to four rects (the bands above and below it, then left and right)."""
    if not rect.colliderect(cut):
        return [rect]
    mid = rect.clip(cut)
    bits = [pygame.Rect(rect.x, rect.y, rect.w, mid.y - rect.y),
            pygame.Rect(rect.x, mid.bottom, rect.w, rect.bottom - mid.bottom),
            pygame.Rect(rect.x, mid.y, mid.x - rect.x, mid.h),
            pygame.Rect(mid.right, mid.y, rect.right - mid.right, mid.h)]
    return [bit for bit in bits if bit.w > 0 and bit.h > 0]


def blits_of(image: pygame.Surface, topleft: tuple[int, int], rects: Sequence[pygame.Rect]
             ) -> tuple[Blit, ...]:
    """The `blits` sequence laying each rect of `image` (its own coordinates) at its place."""
    return tuple((image, (topleft[0] + r.x, topleft[1] + r.y), r) for r in rects)
