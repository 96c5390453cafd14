"""Paint helpers every game room shares: colours, text that fits, labels on plates, highlight
rings, and the tween painters (fly, flip, popup, banner) its event animations are made of.

A tween painter is a `game.ui.tween.Painter`: `paint(canvas, p)` draws one frame at eased
progress p in 0..1, from values captured when the animation was queued (it never reads the
view, so a painter queued for an old state still draws that state's card).

Everything here is the room-independent part; a room keeps its own art (its cards, its buses,
its pencils) in its `sprites.py` and styles these helpers with its colours.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from . import theme
from .memory import art_cache
from .tween import Ease, Painter

Color = tuple[int, int, int]
Point = Sequence[float]

INK: Color = (26, 28, 36)  # the dark outline that keeps a highlight readable on light art
NOBODY_COLOR: Color = (200, 200, 210)  # a pseudo-seat (a solo game's automated opponent)
PULSE_RATE = 5.0  # radians per second of the highlight "breathing"
ELLIPSIS = "…"


# == colours and surfaces ========================================================================
def fast(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """Convert to the display format when a display exists (blits get much faster)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha() if alpha else surface.convert()
    return surface


def shade(rgb: Sequence[int], k: float, nearest: bool = False) -> Color:
    """Darken (k<1) or lighten (k>1) a colour; channels are truncated, or rounded to the
    nearest level if `nearest` (the colours a room chose that way stay exactly theirs)."""
    level = round if nearest else int
    if k <= 1:
        return tuple(max(0, level(c * k)) for c in rgb)  # type: ignore[return-value]
    return tuple(min(255, level(c + (255 - c) * (k - 1))) for c in rgb)  # type: ignore[return-value]


def seat_color(seat: int) -> Color:
    """A seat's colour (negative seats, such as an automated opponent, are neutral grey)."""
    if seat < 0:
        return NOBODY_COLOR
    return theme.PLAYER_COLORS[seat % len(theme.PLAYER_COLORS)]


def seat_dark(seat: int) -> Color:
    """The darker shade of a seat's colour (outlines, the trail behind a score marker)."""
    return theme.PLAYER_DARK[seat % len(theme.PLAYER_DARK)]


# == seat emblems =================================================================================
# Each seat also has a shape, so colour is never the only cue (colour-blind players, grey TVs).
# Seat n wears SEAT_EMBLEMS[n % 6]; a negative seat (an automated opponent) wears a ring.
SEAT_EMBLEMS = ("circle", "square", "triangle", "diamond", "star", "hexagon")
NOBODY_EMBLEM = "ring"


def seat_emblem(seat: int) -> str:
    """The name of a seat's emblem shape (the same on every screen, like its colour)."""
    return NOBODY_EMBLEM if seat < 0 else SEAT_EMBLEMS[seat % len(SEAT_EMBLEMS)]


def emblem_points(shape: str, center: Point, size: float) -> list[tuple[float, float]]:
    """The outline of a polygon emblem fitting a `size` px square at `center` (a circle or ring
    has none: draw it with pygame.draw.circle). Shapes are sized to look equally big."""
    cx, cy = center
    r = size / 2
    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":  # apex up; its centroid sits a little low so it looks centred
        return [(cx, cy - r), (cx + r * 0.98, cy + r * 0.78), (cx - r * 0.98, cy + r * 0.78)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "star":  # five points, the inner radius 0.45 of the outer
        return [(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                 cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5))
                for i in range(10)]
    if shape == "hexagon":
        return [(cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i))
                for i in range(6)]
    return []


def draw_emblem(surface: pygame.Surface, shape: str, center: Point, size: float,
                fill: Sequence[int], edge: Sequence[int] | None = INK) -> pygame.Rect:
    """One emblem shape filled with `fill` and outlined with `edge` (none if None) in a `size`
    px square at `center`; returns the rect it covers."""
    width = max(2, round(size / 12))
    points = emblem_points(shape, center, size)
    if points:
        pygame.draw.polygon(surface, fill, points)
        if edge is not None:
            pygame.draw.polygon(surface, edge, points, width)
    else:
        at = (round(center[0]), round(center[1]))
        ring = width + 2 if shape == NOBODY_EMBLEM else 0
        pygame.draw.circle(surface, fill, at, round(size / 2), ring)
        if edge is not None:
            pygame.draw.circle(surface, edge, at, round(size / 2), width)
    box = pygame.Rect(0, 0, math.ceil(size), math.ceil(size))
    box.center = (round(center[0]), round(center[1]))
    return box


def draw_seat_emblem(surface: pygame.Surface, seat: int, center: Point, size: float,
                     edge: Sequence[int] | None = INK) -> pygame.Rect:
    """A seat's marker: its emblem shape in its colour, outlined, in a `size` px square at
    `center` (the bar's speaker, seat rows, results rows, pieces on a board); returns its rect.

    Rooms: use this wherever a seat colour alone tells whose a thing is (a pawn, a bus, a
    score marker); `seat_emblem` and `emblem_points` give the bare shape to draw on own art."""
    return draw_emblem(surface, seat_emblem(seat), center, size, seat_color(seat), edge)


def pulse(time: float) -> float:
    """0..1, smoothly oscillating with `time` (seconds): option highlights breathe with it."""
    return 0.5 + 0.5 * math.sin(time * PULSE_RATE)


@art_cache(maxsize=16)
def veil(size: tuple[int, int], alpha: int, color: Color = (8, 10, 16)) -> pygame.Surface:
    """A translucent dark sheet of this size (laid over a map behind an overlay); cached."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*color, alpha))
    return fast(surf)


def darken(canvas: pygame.Surface, rect: pygame.Rect, alpha: int = 150) -> None:
    """Darken a rect in place (things that are not options right now)."""
    canvas.fill((alpha // 3, alpha // 3, alpha // 3), rect, special_flags=pygame.BLEND_RGB_SUB)


RING_GROW = 4  # a `ring` reaches this many px past its rect in all (2 on each side)


def ring(canvas: pygame.Surface, rect: pygame.Rect, color: Sequence[int], width: int,
         breath: float, radius: int = 12) -> None:
    """A highlight outline that breathes with `breath` (0..1: thicker and wider at 1); it
    stays inside `rect.inflate(RING_GROW, RING_GROW)`."""
    grow = round(4 * breath)
    pygame.draw.rect(canvas, color, rect.inflate(grow, grow), width + round(2 * breath),
                     border_radius=radius)


# == text ========================================================================================
def fit_text(message: str, size: int, max_w: int, color: Sequence[int], bold: bool = False,
             squeeze: float = 1.0) -> pygame.Surface:
    """Cached text no wider than max_w, never in a smaller font: a line that is at most
    1/squeeze too wide is narrowed (squeeze < 1 allows it), else it ends with an ellipsis."""
    surf = theme.text(message, size, color, bold)
    if surf.get_width() <= max_w or len(message) < 4:
        return surf
    if surf.get_width() * squeeze <= max_w:
        return _narrowed(message, size, max_w, tuple(color), bold)
    font = theme.font(size, bold)
    keep = len(message)
    while keep > 3 and font.size(message[:keep] + ELLIPSIS)[0] > max_w:
        keep -= 1
    return theme.text(message[:keep].rstrip() + ELLIPSIS, size, color, bold)


@art_cache(maxsize=512)
def _narrowed(message: str, size: int, width: int, color: tuple, bold: bool) -> pygame.Surface:
    surf = theme.text(message, size, color, bold)
    return fast(pygame.transform.smoothscale(surf, (width, surf.get_height())))


def wrap(message: str, size: int, max_w: int, bold: bool = False) -> list[str]:
    """Lines no wider than max_w (words are never cut; a newline starts a new line)."""
    font = theme.font(size, bold)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        start = len(lines)
        for word in paragraph.split():
            if len(lines) > start and font.size(lines[-1] + " " + word)[0] <= max_w:
                lines[-1] += " " + word
            else:
                lines.append(word)
        if len(lines) == start:
            lines.append("")
    return lines


def two_lines(name: str, size: int, max_w: int) -> list[str]:
    """A bold name on one line, or on two split at the space or hyphen nearest its middle
    when it is wider than max_w (a hyphen stays at the end of the first line)."""
    if theme.font(size, True).size(name)[0] <= max_w:
        return [name]
    cuts = [i for i, ch in enumerate(name) if ch in " -"]
    if not cuts:
        return [name]
    i = min(cuts, key=lambda k: abs(k - len(name) / 2))
    head = name[:i + 1] if name[i] == "-" else name[:i]
    return [head, name[i + 1:].strip()]


@dataclass(frozen=True, slots=True)
class Plate:
    """A rounded plate behind a label: fill, outline and how far it reaches past the text."""

    fill: Sequence[int]
    edge: Sequence[int]
    edge_width: int = 2
    radius: int = 10
    pad: tuple[int, int] = (18, 8)


def label_box(label: str, center: Point, size: int, plate: Plate | None = None,
              outline: Sequence[int] | None = None,
              color: Sequence[int] = theme.TEXT) -> pygame.Rect:
    """Every pixel `draw_label` covers with these arguments: its plate, or its text and the
    2 px halo of its outline."""
    rect = theme.text(label, size, color, True).get_rect(center=center)
    if plate is not None:
        return rect.inflate(*plate.pad)
    return rect.inflate(4, 4) if outline is not None else rect


def draw_label(canvas: pygame.Surface, label: str, center: Point, size: int,
               color: Sequence[int], plate: Plate | None = None,
               outline: Sequence[int] | None = None) -> pygame.Rect:
    """Bold text centred on `center`, on a plate or ringed by a 2 px outline so it reads over
    any art; returns the rect it covers."""
    text = theme.text(label, size, color, True)
    rect = text.get_rect(center=center)
    if plate is not None:
        rect = rect.inflate(*plate.pad)
        pygame.draw.rect(canvas, plate.fill, rect, border_radius=plate.radius)
        pygame.draw.rect(canvas, plate.edge, rect, plate.edge_width, border_radius=plate.radius)
    elif outline is not None:
        halo = theme.text(label, size, outline, True)
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
            canvas.blit(halo, halo.get_rect(center=(center[0] + dx, center[1] + dy)))
    canvas.blit(text, text.get_rect(center=rect.center))
    return rect


# == tween painters ==============================================================================
Path = Callable[[float], pygame.Rect]  # the rect a painter covers at each eased progress


class Moving:
    """A tween painter that knows where it paints: `where(p)`, every pixel it covers at eased
    progress p, and the same rect means the same pixels. A room's damage then redraws only where
    such a sprite is and where it was last frame (game.ui.panels.PanelRoom.tween_damage), not
    its whole way, and nothing while it stands still."""

    def where(self, p: float) -> pygame.Rect:
        """The rect this painter covers at eased progress `p`."""
        raise NotImplementedError

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Paint one frame at eased progress `p`."""
        raise NotImplementedError


class Sprite(Moving):
    """Paint: one sprite at the rect `path(p)` gives (a card flying, a bus dropping)."""

    def __init__(self, sprite: pygame.Surface, path: Path) -> None:
        """`sprite` blitted at `path(p)` (a rect of its size; `path` depends on p alone)."""
        self.sprite, self.path = sprite, path
        # (p, path(p)): a frame asks where the sprite is (its damage), then paints it there
        self._last: tuple[float, pygame.Rect] | None = None

    def _at(self, p: float) -> pygame.Rect:
        """`path(p)`, worked out once per p (`where` and `__call__` read this memo inline:
        both run every frame of a flight)."""
        last = self._last
        if last is None or last[0] != p:
            last = self._last = p, self.path(p)
        return last[1]

    def where(self, p: float) -> pygame.Rect:
        """Where the sprite is at `p` (a copy: the caller may change it)."""
        last = self._last
        return (last[1] if last is not None and last[0] == p else self._at(p)).copy()

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Blit the sprite where it is at `p`."""
        last = self._last
        canvas.blit(self.sprite, last[1] if last is not None and last[0] == p else self._at(p))


class Retimed(Moving):
    """Paint: a moving painter at its own progress `progress(p)` (`delayed`)."""

    def __init__(self, inner: Moving, progress: Ease) -> None:
        """`inner` run at `progress(p)` when this one is at p."""
        self.inner, self.progress = inner, progress

    def where(self, p: float) -> pygame.Rect:
        """Where the inner painter paints at its progress."""
        return self.inner.where(self.progress(p))

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Paint the inner painter at its progress."""
        self.inner(canvas, self.progress(p))


def fly_path(size: tuple[int, int], a: Point, b: Point, arc: float = 50) -> Path:
    """The one flight geometry (painting and damage share it): a `size` sprite's rect at eased
    progress p on its way from centre a to centre b along an arc `arc` px high."""
    def at(p: float) -> pygame.Rect:
        x = a[0] + (b[0] - a[0]) * p
        y = a[1] + (b[1] - a[1]) * p - arc * math.sin(math.pi * p)
        rect = pygame.Rect((0, 0), size)
        rect.center = (round(x), round(y))
        return rect
    return at


def fly(sprite: pygame.Surface, a: Point, b: Point, arc: float = 50) -> Sprite:
    """Paint: the sprite travels from a to b (centres) along an arc `arc` px high."""
    return Sprite(sprite, fly_path(sprite.get_size(), a, b, arc))


def flip(first: pygame.Surface, second: pygame.Surface, rect: pygame.Rect, lift: float = 0,
         backdrop: Sequence[int] | None = None, min_width: int = 1) -> Painter:
    """Paint: a card in `rect` turns over from `first` to `second` (squeezed sideways, never
    narrower than `min_width` px), rising `lift` px at mid-turn; `backdrop` first covers what
    lay under the card."""
    def paint(canvas: pygame.Surface, p: float) -> None:
        face = first if p < 0.5 else second
        width = max(min_width, int(rect.w * abs(math.cos(math.pi * p))))
        rise = int(lift * math.sin(math.pi * p))
        if backdrop is not None:
            pygame.draw.rect(canvas, backdrop, rect.inflate(8, 8))
        # scaling happens only during a short flip, never in the steady state
        img = pygame.transform.scale(face, (width, rect.h))
        canvas.blit(img, img.get_rect(center=(rect.centerx, rect.centery - rise)))
    return paint


class Popup(Moving):
    """Paint: a label (points won, "Bonus A") appears `lift` px above `center` and rises `rise`
    px more (`popup`)."""

    def __init__(self, label: str, center: Point, color: Sequence[int], size: int, lift: float,
                 rise: float, plate: Plate | None, outline: Sequence[int] | None,
                 nearest: bool) -> None:
        """See `popup`."""
        self.label, self.center, self.color, self.size = label, center, color, size
        self.lift, self.rise, self.plate, self.outline = lift, rise, plate, outline
        self.nearest = nearest

    def at(self, p: float) -> tuple[float, float]:
        """The label's centre at `p`."""
        at = (self.center[0], self.center[1] - self.lift - self.rise * p)
        return (round(at[0]), round(at[1])) if self.nearest else at

    def where(self, p: float) -> pygame.Rect:
        """Every pixel the label (its plate or its halo) covers at `p`."""
        return label_box(self.label, self.at(p), self.size, self.plate, self.outline,
                         self.color)

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """Draw the label where it is at `p`."""
        draw_label(canvas, self.label, self.at(p), self.size, self.color, self.plate,
                   self.outline)


def popup(label: str, center: Point, color: Sequence[int], size: int = theme.HEADING_SIZE,
          lift: float = 30, rise: float = 40, plate: Plate | None = None,
          outline: Sequence[int] | None = INK, nearest: bool = False) -> Popup:
    """Paint: a label (points won, "Bonus A") appears `lift` px above `center` and rises
    `rise` px more; outlined text, or text on `plate`. Its centre is truncated to a pixel as
    a Rect does, or rounded to the nearest one if `nearest`."""
    return Popup(label, center, color, size, lift, rise, plate, outline, nearest)


def banner(label: str, center: Point, color: Sequence[int], plate: Plate,
           size: int = theme.HEADING_SIZE) -> Popup:
    """Paint: a still announcement ("Last round") on a plate for as long as its tween runs (a
    popup that neither lifts nor rises: it says where it is, so it is drawn once, not every
    frame it stands there)."""
    return Popup(label, center, color, size, 0, 0, plate, None, False)


def delayed(paint: Painter, still: float, ease: Ease) -> Painter:
    """Paint: `paint`'s first frame for the first `still` fraction of the tween, then the rest
    of it with its own ease (a card that waits in its slot, then flies); a moving painter
    stays one (`Retimed`: it still says where it paints)."""
    def progress(p: float) -> float:
        return ease(max(0.0, (p - still) / (1.0 - still))) if still < 1 else 0.0
    if isinstance(paint, Moving):
        return Retimed(paint, progress)

    def wrapped(canvas: pygame.Surface, p: float) -> None:
        paint(canvas, progress(p))
    return wrapped
