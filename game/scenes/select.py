"""The game picker: every listed game as a large card with a live miniature of its board.

A card shows the miniature (game.ui.miniature: the room's own renderer drawing its seeded
showcase game, refreshed slowly on the focused card), the title, a one-line pitch and the box
facts (players, playing time, weight) a room declares in `GameInfo.showcase`. The grid is
navigated with the d-pad or arrows (reading order wraps), the mouse hovers and clicks; confirm
opens seat setup, or the level-error box for a game whose level files are broken. Y on a pad or
G on the keyboard opens that game's "How to play" guide (a room declaring the `guide`
capability).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine.registry import GameInfo, game_ids, get_game
from game.scenes.message import level_error_box, level_problem
from game.ui import theme
from game.ui.focus import hit
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.miniature import MiniatureStudio
from game.ui.paint import fit_text
from game.ui.scene import Scene
from game.ui.widgets import (
    draw_text,
    focus_ring,
    footer_hints,
    glyph,
    panel,
    screen_title,
)

if TYPE_CHECKING:
    from game.ui.app import App

COLUMNS, ROWS_SHOWN = 3, 2
CARD_W, CARD_H = 580, 420
GAP_X, GAP_Y = 30, 20
GRID_TOP = 140
GRID_LEFT = (1920 - COLUMNS * CARD_W - (COLUMNS - 1) * GAP_X) // 2
TITLE_Y = 76
PAD = 20  # the card's inner margin
MINI_SIZE = (CARD_W - 2 * PAD, round((CARD_W - 2 * PAD) * 1000 / 1920))  # the board's aspect
TEXT_W = CARD_W - 2 * PAD
GUIDE_PLATE_AT = (40, 1030)  # midleft of the focused game's "How to play" plate (the hints' row)
GUIDE_SCENE = "guide"  # the how-to-play scene (game/scenes/guide.py)
GUIDE_INTENTS = ("guide", "undo")  # G on the keyboard; Y on a pad (its "undo" button)


@dataclass(frozen=True)
class Card:
    """One game's place in the grid."""

    game_id: str
    row: int
    col: int


def grid(ids: list[str]) -> list[Card]:
    """Cards in reading order, COLUMNS to a row."""
    return [Card(gid, i // COLUMNS, i % COLUMNS) for i, gid in enumerate(ids)]


def players_text(info: GameInfo) -> str:
    """'2-4 players', or '1 player' for a fixed count."""
    if info.min_players == info.max_players:
        return t("picker.players_exact", count=info.min_players)
    return t("picker.players", low=info.min_players, high=info.max_players)


def facts_text(info: GameInfo) -> str:
    """The card's facts line: players, playing time and weight (players alone without a
    showcase)."""
    players = players_text(info)
    shown = info.showcase
    if shown is None:
        return players
    low, high = shown.minutes
    minutes = t("picker.minutes", low=low, high=high) if low != high else \
        t("picker.minutes_exact", n=low)
    return t("picker.facts", players=players, minutes=minutes,
             weight=t(f"picker.weight.{shown.weight}"))


class GameSelectScene(Scene):
    """Pick a game from the card grid; back returns to the title."""

    idle_policy = "attract"  # left alone, the console plays demos

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.cards = grid(game_ids())
        self.focus = 0
        self.first_row = 0  # the grid scrolls by rows when there are more than ROWS_SHOWN
        self.problems = {c.game_id: level_problem(c.game_id) for c in self.cards}
        healthy = [gid for gid, problem in self.problems.items() if problem is None]
        self.studio = MiniatureStudio(healthy, MINI_SIZE)

    @property
    def focused_key(self) -> str:
        """The focused game's id."""
        return self.cards[self.focus].game_id

    def focus_game(self, game_id: str) -> None:
        """Move the focus to a game's card."""
        self.focus = next(i for i, c in enumerate(self.cards) if c.game_id == game_id)
        self._scroll()

    def exit(self) -> None:
        """Stop the miniatures' bots and free their renderers."""
        self.studio.close()

    # -- layout ------------------------------------------------------------------------------
    def rows(self) -> int:
        """How many rows the grid has."""
        return self.cards[-1].row + 1 if self.cards else 0

    def card_rect(self, card: Card) -> pygame.Rect:
        """Where a card is drawn (its row may be scrolled out of view)."""
        in_row = sum(1 for c in self.cards if c.row == card.row)
        row_w = in_row * CARD_W + (in_row - 1) * GAP_X
        left = (1920 - row_w) // 2  # a short last row is centred
        top = GRID_TOP + (card.row - self.first_row) * (CARD_H + GAP_Y)
        return pygame.Rect(left + card.col * (CARD_W + GAP_X), top, CARD_W, CARD_H)

    def visible(self) -> dict[int, pygame.Rect]:
        """Index -> rect of the cards in the rows on screen."""
        shown = range(self.first_row, self.first_row + ROWS_SHOWN)
        return {i: self.card_rect(c) for i, c in enumerate(self.cards) if c.row in shown}

    def guide_rect(self) -> pygame.Rect:
        """The "How to play" plate of the focused game, at the left of the hints strip: on a
        card it covered the corner of the game's miniature (issue 28), and the hints strip is
        where every other button of this screen is told."""
        label = theme.font(theme.SMALL_SIZE).size(t("picker.how_to_play"))[0]
        plate = pygame.Rect(0, 0, label + 90, 50)
        plate.midleft = GUIDE_PLATE_AT
        return plate

    def _scroll(self) -> None:
        row = self.cards[self.focus].row
        self.first_row = min(max(self.first_row, row - ROWS_SHOWN + 1), row)

    # -- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Move between cards, open a game, its guide, or go back."""
        if intent.kind == "back":
            self.app.stack.pop()
        elif intent.kind in ("left", "right", "up", "down"):
            self._move(intent.kind, intent.repeat)
        elif intent.kind in ("pointer", "click") and intent.pos:
            self._point(intent)
        elif intent.kind == "confirm":
            self.choose(self.focused_key)
        elif intent.kind in GUIDE_INTENTS:
            self.open_guide(self.focused_key)
        return True

    def _move(self, direction: str, repeat: bool) -> None:
        before = self.focus
        if direction in ("left", "right"):
            step = 1 if direction == "right" else -1
            target = self.focus + step
            if 0 <= target < len(self.cards) or not repeat:
                self.focus = target % len(self.cards)
        else:
            self.focus = self._vertical(1 if direction == "down" else -1, repeat)
        if self.focus != before:
            self._scroll()
            self.app.audio.play("tick")

    def _vertical(self, step: int, repeat: bool) -> int:
        """The card above or below (nearest by x); past the edge, the far row (unless held)."""
        row = self.cards[self.focus].row + step
        if not 0 <= row < self.rows():
            if repeat:
                return self.focus
            row %= self.rows()
        x = self.card_rect(self.cards[self.focus]).centerx
        candidates = [i for i, c in enumerate(self.cards) if c.row == row]
        return min(candidates, key=lambda i: abs(self.card_rect(self.cards[i]).centerx - x))

    def _point(self, intent: Intent) -> None:
        if intent.kind == "click" and self.guide_available(self.focused_key) \
                and self.guide_rect().collidepoint(intent.pos):
            self.open_guide(self.focused_key)
            return
        rects = self.visible()
        under = hit(rects, intent.pos)
        if under is None:
            return
        if under != self.focus:
            self.focus = under
            self.app.audio.play("tick")
        if intent.kind == "click":
            self.choose(self.focused_key)

    def choose(self, game_id: str) -> None:
        """Open seat setup for a game, or the error box if its level files do not load."""
        problem = level_problem(game_id)
        self.app.stack.push(level_error_box(self.app, game_id, problem) if problem
                            else self.app.open("seats", game_id))
        self.app.audio.play("confirm")

    def guide_available(self, game_id: str) -> bool:
        """True when the game has a how-to-play guide to open."""
        return get_game(game_id).declares("guide") and GUIDE_SCENE in self.app.scenes.names()

    def open_guide(self, game_id: str) -> None:
        """The game's how-to-play guide, if the console has one (else nothing happens)."""
        if self.guide_available(game_id):
            self.app.stack.push(self.app.open(GUIDE_SCENE, game_id))
            self.app.audio.play("confirm")

    # -- time and drawing --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Let the miniatures come in and the focused one move on."""
        self.studio.update(dt, self.focused_key)

    def draw(self, surface: pygame.Surface) -> None:
        """Heading, the visible cards, scroll marks and hints."""
        surface.fill(theme.BACKGROUND)
        screen_title(surface, t("select.title"), TITLE_Y)
        for index, rect in self.visible().items():
            self._draw_card(surface, self.cards[index], rect, index == self.focus)
        self._draw_scroll_marks(surface)
        if self.guide_available(self.focused_key):
            self._draw_guide_plate(surface, self.guide_rect())
        hints = [("confirm", "hint.select"), ("back", "hint.back")]
        footer_hints(surface, self.app.input.last_kind, hints)

    def _draw_card(self, surface: pygame.Surface, card: Card, rect: pygame.Rect,
                   focused: bool) -> None:
        info = get_game(card.game_id)
        panel(surface, rect, theme.PANEL_LIGHT if focused else theme.PANEL)
        mini = pygame.Rect(rect.x + PAD, rect.y + PAD, *MINI_SIZE)
        self._draw_miniature(surface, card.game_id, mini)
        y = mini.bottom + 10
        title = fit_text(t(info.title_key), theme.BODY_SIZE, TEXT_W, theme.ACCENT, True)
        surface.blit(title, (mini.x, y))
        y += title.get_height() + 6
        if info.showcase is not None:
            pitch = fit_text(t(info.showcase.pitch_key), theme.SMALL_SIZE, TEXT_W, theme.TEXT)
            surface.blit(pitch, (mini.x, y))
            y += pitch.get_height() + 6
        facts = fit_text(facts_text(info), theme.SMALL_SIZE, TEXT_W, theme.TEXT_DIM)
        surface.blit(facts, (mini.x, y))
        if focused:
            focus_ring(surface, rect)

    def _draw_miniature(self, surface: pygame.Surface, game_id: str, box: pygame.Rect) -> None:
        image = self.studio.image(game_id)
        if image is not None:
            surface.blit(image, box)
            return
        panel(surface, box, theme.BACKGROUND, radius=10)
        if self.problems.get(game_id) is not None:
            note, color = t("picker.broken"), theme.BAD
        elif get_game(game_id).showcase is not None and game_id not in self.studio.failures():
            note, color = t("picker.loading"), theme.TEXT_DIM
        else:
            return
        line = fit_text(note, theme.SMALL_SIZE, box.w - 40, color)
        surface.blit(line, line.get_rect(center=box.center))

    def _draw_guide_plate(self, surface: pygame.Surface, plate: pygame.Rect) -> None:
        panel(surface, plate, theme.PANEL, theme.ACCENT, width=2, radius=12)
        cap = glyph(surface, "guide", self.app.input.last_kind, (plate.x + 10, plate.centery))
        draw_text(surface, t("picker.how_to_play"), (cap.right + 10, plate.centery),
                  theme.SMALL_SIZE, theme.TEXT, "midleft")

    def _draw_scroll_marks(self, surface: pygame.Surface) -> None:
        """Triangles above or below the grid when rows are scrolled out of view."""
        if self.first_row > 0:
            pygame.draw.polygon(surface, theme.ACCENT, [(960, GRID_TOP - 26), (940, GRID_TOP - 8),
                                                        (980, GRID_TOP - 8)])
        if self.first_row + ROWS_SHOWN < self.rows():
            bottom = GRID_TOP + ROWS_SHOWN * (CARD_H + GAP_Y) - GAP_Y
            pygame.draw.polygon(surface, theme.ACCENT, [(960, bottom + 26), (940, bottom + 8),
                                                        (980, bottom + 8)])
