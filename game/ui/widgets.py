"""Drawing helpers and the vertical menu used by every menu scene."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from . import theme
from .focus import hit, nearest
from .i18n import t
from .input import Intent

# Gamepad face buttons in the colours players know (Xbox layout); keyboard keys as keycaps.
PAD_GLYPHS = {
    "confirm": ("A", (80, 180, 70)), "back": ("B", (210, 60, 50)),
    "alt": ("X", (50, 110, 210)), "hint": ("X", (50, 110, 210)), "undo": ("Y", (230, 190, 40)),
    "help": ("BACK", (90, 96, 110)),
    "menu": ("START", (90, 96, 110)), "page_prev": ("LB", (90, 96, 110)),
    "page_next": ("RB", (90, 96, 110)),
    "guide": ("Y", (230, 190, 40)),  # the picker's "How to play": Y, the pad's undo button
    "peek": ("RS", (90, 96, 110)),  # a click of the right stick
}
KEY_GLYPHS = {
    "confirm": "Enter", "back": "Esc", "alt": "Tab", "undo": "U", "menu": "Esc",
    "page_prev": "Q", "page_next": "E", "help": "H", "hint": "?", "guide": "G",
    "peek": "R",
}


def draw_text(surface: pygame.Surface, message: str, pos: tuple[int, int],
              size: int = theme.BODY_SIZE, color: tuple = theme.TEXT, anchor: str = "topleft",
              bold: bool = False) -> pygame.Rect:
    """Blit one line of text anchored at pos; returns its rect."""
    image = theme.text(message, size, color, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def fit(message: str, size: int, width: int, bold: bool = False) -> str:
    """The message, shortened with an ellipsis so it fits in width pixels."""
    font = theme.font(size, bold)
    if font.size(message)[0] <= width:
        return message
    while message and font.size(message + "...")[0] > width:
        message = message[:-1]
    return message.rstrip() + "..."


def wrap(message: str, size: int, width: int) -> list[str]:
    """Split text into lines no wider than width (explicit newlines kept)."""
    font = theme.font(size)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def panel(surface: pygame.Surface, rect: pygame.Rect, color: tuple = theme.PANEL,
          border: tuple | None = None, width: int = 0, radius: int = 18) -> None:
    """A rounded panel, optionally outlined."""
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, width or 4, border_radius=radius)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, color: tuple = theme.FOCUS,
               radius: int = 20) -> None:
    """The thick focus outline: visible from across the room."""
    pygame.draw.rect(surface, color, rect.inflate(14, 14), 7, border_radius=radius)
    note_frame(surface, rect.inflate(14, 14), 7)


def note_frame(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    """Tell a surface that notes focus frames (the legibility audit's) where one was drawn."""
    note = getattr(surface, "note_frame", None)
    if note is not None:
        note(rect, width)


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((8, 10, 16, alpha))
    surface.blit(shade, (0, 0))


def glyph(surface: pygame.Surface, action: str, kind: str, midleft: tuple[int, int],
          size: int = theme.SMALL_SIZE) -> pygame.Rect:
    """Draw the button for an action as the current device shows it ("move": the d-pad or
    arrows, "page": both page buttons); returns its rect."""
    h = int(size * 1.45)
    if action == "move":
        return _move_glyph(surface, kind, midleft, h)
    if action == "page":  # both page buttons: "LB RB" on a pad, "Q E" on a keyboard
        first = glyph(surface, "page_prev", kind, midleft, size)
        return first.union(glyph(surface, "page_next", kind, (first.right + 6, midleft[1]), size))
    if kind == "gamepad":
        label, color = PAD_GLYPHS.get(action, ("?", theme.PANEL_LIGHT))
        image = theme.text(label, _cap_size(size) if len(label) > 1 else size, (255, 255, 255),
                           True)
        w = max(h, image.get_width() + 20)
        rect = pygame.Rect(0, 0, w, h)
        rect.midleft = midleft
        pygame.draw.rect(surface, color, rect, border_radius=h // 2)  # a circle when w == h
    else:
        image = theme.text(KEY_GLYPHS.get(action, "?"), _cap_size(size), theme.TEXT, True)
        rect = pygame.Rect(0, 0, image.get_width() + 22, h)
        rect.midleft = midleft
        pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=8)
        pygame.draw.rect(surface, theme.TEXT_DIM, rect, 2, border_radius=8)
    surface.blit(image, image.get_rect(center=rect.center))
    return rect


def _cap_size(size: int) -> int:
    """A button label's size: a little under the hint's, never under theme.SMALL_SIZE."""
    return max(theme.SMALL_SIZE, size - 4)


def _move_glyph(surface: pygame.Surface, kind: str, midleft: tuple[int, int],
                h: int) -> pygame.Rect:
    """Four arrows: a d-pad on a dark disc, or arrow keys on a keycap (no text to translate)."""
    rect = pygame.Rect(0, 0, h, h)
    rect.midleft = midleft
    if kind == "gamepad":
        pygame.draw.circle(surface, (90, 96, 110), rect.center, h // 2)
    else:
        pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=8)
        pygame.draw.rect(surface, theme.TEXT_DIM, rect, 2, border_radius=8)
    cx, cy, r = rect.centerx, rect.centery, h * 0.36
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        tip = (cx + dx * r, cy + dy * r)
        base = (cx + dx * r * 0.35, cy + dy * r * 0.35)
        side = (dy * r * 0.3, dx * r * 0.3)
        pygame.draw.polygon(surface, (255, 255, 255), [
            tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])])
    return rect


def hints_width(hints: Sequence[tuple[str, str]], kind: str, size: int = theme.SMALL_SIZE) -> int:
    """How wide `draw_hints` will draw these hints."""
    scratch = pygame.Surface((1, 1))
    width = 0
    for action, key in hints:
        width += glyph(scratch, action, kind, (0, 0), size).w + 10
        width += theme.font(size).size(t(key))[0] + 30
    return width


def draw_hints(surface: pygame.Surface, hints: Sequence[tuple[str, str]], kind: str,
               midright: tuple[int, int], size: int = theme.SMALL_SIZE) -> None:
    """Button hints like '(A) Select (B) Back', right-aligned at midright."""
    x = midright[0] - hints_width(hints, kind, size)
    y = midright[1]
    for action, key in hints:
        x = glyph(surface, action, kind, (x, y), size).right + 10
        x = draw_text(surface, t(key), (x, y), size, theme.TEXT_DIM, "midleft").right + 30


@dataclass
class MenuItem:
    """One row of a menu: an id, a label producer (re-evaluated for language changes)."""

    key: str
    label: Callable[[], str]
    enabled: Callable[[], bool] = field(default=lambda: True)


class Menu:
    """A vertical list of big buttons with focus, for d-pad, keyboard and mouse alike."""

    def __init__(self, items: list[MenuItem], center: tuple[int, int] = (960, 560),
                 width: int = 760, height: int = 88, gap: int = 22,
                 horizontal: bool = False) -> None:
        self.items = items
        self.center, self.width, self.height, self.gap = center, width, height, gap
        self.horizontal = horizontal
        self.axis = ("left", "right") if horizontal else ("up", "down")
        self.focus = next((i for i, it in enumerate(items) if it.enabled()), 0)
        # What the last `handle` did, as a UI sound name for the App to play ("tick",
        # "confirm", "error") or None: menus stay free of audio, yet every menu clicks.
        self.feedback: str | None = None

    @property
    def focused_key(self) -> str:
        """The key of the focused item."""
        return self.items[self.focus].key

    def rects(self) -> dict[int, pygame.Rect]:
        """Screen rect of each item."""
        along = self.width if self.horizontal else self.height
        total = len(self.items) * (along + self.gap) - self.gap
        start = (self.center[0] if self.horizontal else self.center[1]) - total // 2
        out = {}
        for i in range(len(self.items)):
            rect = pygame.Rect(0, 0, self.width, self.height)
            offset = start + i * (along + self.gap) + along // 2
            rect.center = (offset, self.center[1]) if self.horizontal else (self.center[0], offset)
            out[i] = rect
        return out

    def focus_key(self, key: str) -> None:
        """Move the focus to the item with this key."""
        for i, item in enumerate(self.items):
            if item.key == key:
                self.focus = i

    def handle(self, intent: Intent) -> str | None:
        """Move focus; returns the key of an activated (enabled) item."""
        before, self.feedback = self.focus, None
        choice = self._handle(intent)
        if choice is not None:
            self.feedback = "confirm"
        elif intent.kind == "confirm" and not self.items[self.focus].enabled():
            self.feedback = "error"
        elif self.focus != before:
            self.feedback = "tick"
        return choice

    def _handle(self, intent: Intent) -> str | None:
        rects = {i: r for i, r in self.rects().items() if self.items[i].enabled()}
        if intent.kind in self.axis:
            target = nearest(rects, self.focus, intent.kind)
            if target is None and not intent.repeat and rects:  # wrap around on a fresh press
                keys = list(rects)
                target = keys[0] if intent.kind == self.axis[1] else keys[-1]
            if target is not None:
                self.focus = target
        elif intent.kind in ("pointer", "click") and intent.pos:
            under = hit(rects, intent.pos)
            if under is not None:
                self.focus = under
                if intent.kind == "click":
                    return self.items[under].key
        elif intent.kind == "confirm" and self.items[self.focus].enabled():
            return self.items[self.focus].key
        return None

    def draw(self, surface: pygame.Surface, value: Callable[[str], str] | None = None) -> None:
        """Draw the buttons; `value(key)` adds a right-aligned value (settings rows)."""
        for i, rect in self.rects().items():
            item = self.items[i]
            focused = i == self.focus
            enabled = item.enabled()
            panel(surface, rect, theme.PANEL_LIGHT if focused else theme.PANEL)
            color = theme.TEXT if enabled else theme.TEXT_DIM
            if value is None:
                draw_text(surface, item.label(), rect.center, theme.BODY_SIZE, color, "center")
            else:
                draw_text(surface, item.label(), (rect.x + 36, rect.centery), theme.BODY_SIZE,
                          color, "midleft")
                shown = value(item.key)
                if shown:
                    draw_text(surface, shown, (rect.right - 36, rect.centery), theme.BODY_SIZE,
                              theme.ACCENT, "midright")
            if focused:
                focus_ring(surface, rect)


def screen_title(surface: pygame.Surface, message: str, y: int = 120) -> None:
    """A scene heading, centred."""
    draw_text(surface, message, (960, y), theme.HEADING_SIZE, theme.ACCENT, "center", True)


def footer_hints(surface: pygame.Surface, kind: str, hints: Sequence[tuple[str, str]]) -> None:
    """The hints strip at the bottom right of menu screens."""
    draw_hints(surface, hints, kind, (1880, 1030))
