"""How to play: a game's short illustrated guide, one page at a time.

Each page (the room's `guide` capability, game.engine.guide) is a picture of a real game state
drawn by the game's own renderer, the move being explained ringed, beside two or three plain
sentences. Pages turn with left/right, the page buttons (pad LB/RB, keys Q/E) or confirm, and
by clicking the buttons under the picture; back closes. Opened as `app.open("guide", game_id)`
from the pause menu or the game picker.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.engine.guide import guide_pages, illustration
from game.engine.registry import get_game
from game.scenes.guide_picture import Picture
from game.ui import theme
from game.ui.focus import hit
from game.ui.i18n import language, t
from game.ui.input import Intent
from game.ui.paint import pulse, wrap
from game.ui.scene import Scene
from game.ui.widgets import draw_hints, draw_text, fit, focus_ring, panel

if TYPE_CHECKING:
    from game.ui.app import App

FRAME = pygame.Rect(40, 120, 1250, 800)  # the picture
TEXT_BOX = pygame.Rect(1320, 120, 560, 800)  # the page's title and sentences
PAD = 32  # inside the text box
PREV_BUTTON = pygame.Rect(40, 950, 300, 80)
NEXT_BUTTON = pygame.Rect(990, 950, 300, 80)
DOTS_Y = 990
HEADING_W = 1840
PAGE_W = 200  # "3 / 7" beside the dots
BUTTON_PAD = 24  # a page button's label keeps this much of its width free
TITLE_SIZE = 44
BODY_SIZES = (48, 44, 40, 36, 32, 28)  # the largest that fits the box is used (a short page
# fills its panel rather than leave half of it empty); never under 28 px
LINE_GAP = 1.35  # line height as a multiple of the font size
TURNS = {"right": 1, "page_next": 1, "confirm": 1, "left": -1, "page_prev": -1}


@dataclass(frozen=True)
class TextLine:
    """One line of a page's text as laid out in the text box (its top-left corner)."""

    text: str
    size: int
    bold: bool
    pos: tuple[int, int]

    def rect(self) -> pygame.Rect:
        """Where the rendered line lands."""
        return pygame.Rect(self.pos, theme.font(self.size, self.bold).size(self.text))


@lru_cache(maxsize=32)  # drawn every frame: wrap each page's words once
def layout_text(title: str, body: str) -> tuple[TextLine, ...]:
    """The title and body wrapped into the text box, the body at the largest size that fits."""
    width = TEXT_BOX.w - 2 * PAD
    for size in BODY_SIZES:
        lines, y = [], TEXT_BOX.y + PAD
        for text in wrap(title, TITLE_SIZE, width, bold=True):
            lines.append(TextLine(text, TITLE_SIZE, True, (TEXT_BOX.x + PAD, y)))
            y += round(TITLE_SIZE * LINE_GAP)
        y += PAD // 2
        for paragraph in body.split("\n"):
            for text in wrap(paragraph, size, width):
                lines.append(TextLine(text, size, False, (TEXT_BOX.x + PAD, y)))
                y += round(size * LINE_GAP)
            y += size // 2
        if y <= TEXT_BOX.bottom - PAD:
            break
    return tuple(lines)


def page_text(game_id: str, page: str) -> tuple[str, str]:
    """A guide page's title and sentences in the current language."""
    prefix = f"{game_id}.guide.{page}"
    return t(f"{prefix}.title"), t(f"{prefix}.text")


class GuideScene(Scene):
    """A game's How to play pages; left/right turn them, back closes."""

    def __init__(self, app: App, game_id: str, page: int = 0) -> None:
        super().__init__(app)
        self.info = get_game(game_id)
        pages = guide_pages(self.info)
        if not pages:
            raise KeyError(f"{game_id}: this game declares no guide")
        self.keys = list(pages)
        self.page = max(0, min(page, len(self.keys) - 1))
        self.clock = 0.0
        self.hover: str | None = None
        self._pictures: dict[tuple[int, str], Picture] = {}
        self.picture = self._picture(self.page)

    # -- pages ---------------------------------------------------------------------------------
    @property
    def count(self) -> int:
        """How many pages the guide has."""
        return len(self.keys)

    def _picture(self, page: int) -> Picture:
        """The page's picture (built once per language: the renderer's own words change)."""
        key = (page, language())
        if key not in self._pictures:
            self._pictures[key] = Picture(self.info.id, illustration(self.info, self.keys[page]),
                                          FRAME)
        return self._pictures[key]

    def turn(self, step: int) -> bool:
        """Go `step` pages on; False (and nothing changes) past either end."""
        page = self.page + step
        if not 0 <= page < self.count:
            return False
        self.page, self.picture = page, self._picture(page)
        self.app.audio.play("tick")
        return True

    def lines(self) -> tuple[TextLine, ...]:
        """The current page's text laid out in the text box."""
        return layout_text(*page_text(self.info.id, self.keys[self.page]))

    # -- input ---------------------------------------------------------------------------------
    def buttons(self) -> dict[str, pygame.Rect]:
        """The clickable page buttons: next always (on the last page it closes the guide),
        previous after the first page."""
        shown = {"next": NEXT_BUTTON}
        if self.page > 0:
            shown["prev"] = PREV_BUTTON
        return shown

    def handle(self, intent: Intent) -> bool:
        """Turn pages; back closes; the last page's next closes too."""
        if intent.kind in ("back", "menu"):
            self.app.stack.pop()
        elif intent.kind in TURNS:
            self._step(TURNS[intent.kind], intent.repeat)
        elif intent.kind in ("pointer", "click") and intent.pos:
            self.hover = hit(self.buttons(), intent.pos)
            if intent.kind == "click" and self.hover is not None:
                self._step(1 if self.hover == "next" else -1, False)
        return True

    def _step(self, step: int, repeat: bool) -> None:
        if not self.turn(step) and step > 0 and not repeat:
            self.app.stack.pop()  # next on the last page: done

    def update(self, dt: float) -> None:
        """The highlight breathes."""
        self.clock += dt

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Heading, picture, text, page buttons and dots, hints."""
        surface.fill(theme.BACKGROUND)
        heading = t("guide.heading", game=t(self.info.title_key))
        draw_text(surface, fit(heading, theme.HEADING_SIZE, HEADING_W, True), (40, 62),
                  theme.HEADING_SIZE, theme.ACCENT, "midleft", True)
        panel(surface, FRAME.inflate(12, 12), theme.PANEL)
        self.picture.draw(surface, pulse(self.clock))
        panel(surface, TEXT_BOX, theme.PANEL, theme.PANEL_LIGHT)
        for line in self.lines():
            color = theme.ACCENT if line.bold else theme.TEXT
            draw_text(surface, line.text, line.pos, line.size, color, "topleft", line.bold)
        self._draw_buttons(surface)
        self._draw_dots(surface)
        draw_hints(surface, [("page", "guide.hint_turn"), ("back", "hint.close")],
                   self.app.input.last_kind, (TEXT_BOX.right, DOTS_Y))

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        last = self.page == self.count - 1
        labels = {"prev": t("guide.prev"), "next": t("guide.done" if last else "guide.next")}
        for name, rect in self.buttons().items():
            panel(surface, rect, theme.PANEL_LIGHT if name == self.hover else theme.PANEL)
            label = fit(labels[name], theme.BODY_SIZE, rect.w - BUTTON_PAD)
            draw_text(surface, label, rect.center, theme.BODY_SIZE, theme.TEXT, "center")
            if name == self.hover:
                focus_ring(surface, rect)

    def _draw_dots(self, surface: pygame.Surface) -> None:
        """One dot per page (the current one lit) and "3 / 7" beside them."""
        gap = 34
        left = FRAME.centerx - gap * (self.count - 1) // 2 - 50
        for n in range(self.count):
            center = (left + n * gap, DOTS_Y)
            lit = n == self.page
            pygame.draw.circle(surface, theme.ACCENT if lit else theme.PANEL_LIGHT, center,
                               11 if lit else 8)
        draw_text(surface, t("guide.page", n=self.page + 1, total=self.count),
                  (left + (self.count - 1) * gap + 30, DOTS_Y), theme.BODY_SIZE, theme.TEXT,
                  "midleft")
