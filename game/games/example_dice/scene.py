"""Example dice board renderer: a panel per seat, the die and its choices (board_api contract).

The shell draws the bottom bar (prompt message, confirm and bet buttons, hints) and owns focus;
this class only draws the board and says where each option's target is on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine.core import Config, Event, Prompt, Target
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.i18n import t
from game.ui.widgets import draw_text, focus_ring, panel

from .rules import DiceGame, DiceState

ROLL_SECONDS = 0.4  # how long the die tumbles after a roll
SEAT_W, SEAT_H, SEAT_Y, SEAT_GAP = 520, 300, 60, 40
DIE_RECT = pygame.Rect(860, 420, 200, 200)
CHOICES: tuple[Target, ...] = (("die", "add"), ("die", "double"), ("reroll",))  # left to right


class DiceRenderer:
    """Draws each seat's bank, bets and secret card, and the die with its choices."""

    def __init__(self, rules: DiceGame, config: Config, seat_names: Sequence[str]) -> None:
        self.names = list(seat_names)
        left = (BOARD_RECT.width - len(self.names) * (SEAT_W + SEAT_GAP) + SEAT_GAP) // 2
        self.seat_rects = [pygame.Rect(left + p * (SEAT_W + SEAT_GAP), SEAT_Y, SEAT_W, SEAT_H)
                           for p in range(len(self.names))]
        self.secret_rects = {("secret", p): pygame.Rect(box.right - 150, box.y + 90, 120, 170)
                             for p, box in enumerate(self.seat_rects)}
        self.choice_rects = {target: pygame.Rect(440 + 360 * i, 700, 320, 110)
                             for i, target in enumerate(CHOICES)}
        self.view: Any = None
        self.rolling = 0.0

    def reset(self, view: DiceState, viewer: int | None) -> None:
        """Show this view now."""
        self.view, self.rolling = view, 0.0

    def animate(self, events: Sequence[Event], view: DiceState, viewer: int | None) -> None:
        """A roll tumbles the die for a moment; everything else shows at once."""
        self.view = view
        if any(e.kind == "rolled" for e in events):
            self.rolling = ROLL_SECONDS

    def busy(self) -> bool:
        """True while the die tumbles."""
        return self.rolling > 0

    def update(self, dt: float) -> None:
        """Advance the tumble."""
        self.rolling = max(0.0, self.rolling - dt)

    def targets(self) -> dict[Target, pygame.Rect]:
        """The die's choices and each seat's secret card."""
        return {**self.choice_rects, **self.secret_rects}

    def draw(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None) -> None:
        """Seat panels, the die, the offered choices and the focus ring."""
        canvas.fill(theme.BACKGROUND, BOARD_RECT)
        if self.view is None:
            return
        for seat in range(len(self.names)):
            self._draw_seat(canvas, seat)
        self._draw_die(canvas)
        rects = self.targets()
        offered = {o.target: o for o in (prompt.options if prompt else ()) if o.target in rects}
        for target, option in offered.items():
            if target in self.choice_rects:
                panel(canvas, rects[target], theme.PANEL_LIGHT)
                draw_text(canvas, t(option.label, **dict(option.params)), rects[target].center,
                          anchor="center")
            else:  # the secret card to show: outline it
                pygame.draw.rect(canvas, theme.ACCENT, rects[target].inflate(12, 12), 4,
                                 border_radius=14)
        if focus in offered:
            focus_ring(canvas, rects[focus])

    def _draw_seat(self, canvas: pygame.Surface, seat: int) -> None:
        box, card = self.seat_rects[seat], self.secret_rects[("secret", seat)]
        color = theme.PLAYER_COLORS[seat % len(theme.PLAYER_COLORS)]
        active = self.view.phase in ("roll", "choose", "confirm") and self.view.turn == seat
        panel(canvas, box, theme.PANEL, color if active else None)
        draw_text(canvas, self.names[seat], (box.x + 24, box.y + 20), color=color, bold=True)
        lines = (("example_dice.board.banked", self.view.banked[seat]),
                 ("example_dice.board.bets", self.view.bet_points[seat]))
        for row, (key, value) in enumerate(lines):
            draw_text(canvas, t(key, points=value), (box.x + 24, box.y + 100 + row * 60))
        secret = self.view.secrets[seat] if seat < len(self.view.secrets) else 0
        panel(canvas, card, theme.ACCENT if secret else theme.PANEL_LIGHT, radius=12)
        draw_text(canvas, str(secret) if secret else "?", card.center, theme.HEADING_SIZE,
                  theme.BACKGROUND if secret else theme.TEXT, "center", bold=True)

    def _draw_die(self, canvas: pygame.Surface) -> None:
        face = self.view.die
        if self.rolling:  # tumble: show the faces in turn, quicker than the eye can follow
            face = 1 + int(self.rolling * 40) % 6
        panel(canvas, DIE_RECT, theme.TEXT, radius=30)
        draw_text(canvas, str(face) if face else "-", DIE_RECT.center, theme.TITLE_SIZE,
                  theme.BACKGROUND, "center", bold=True)

