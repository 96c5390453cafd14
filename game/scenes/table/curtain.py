"""Pass-the-screen: hidden hands on one screen shared by several people.

Between two people's turns a "pass to <player>" curtain hides the board; only that player's
controller (or a free device) lifts it, and only then is their hand drawn. While the curtain is
down, nobody's hand is on screen and bots wait.
"""

from __future__ import annotations

import pygame

from game.scenes import game_paint as paint
from game.scenes.table.host import Seating
from game.scenes.table.shared import SharedTable
from game.ui.input import Intent


class CurtainTable(SharedTable):
    """A shared screen whose hands stay hidden until their owner lifts the curtain."""

    hides_hands = True

    def __init__(self, game: Seating) -> None:
        super().__init__(game)
        self.revealed: int | None = None  # whose hand is on screen
        self.curtain: int | None = None  # the seat the screen waits for

    def sync(self) -> None:
        """The revealed seat keeps the screen while it decides; else the curtain falls for the
        next person asked."""
        game = self.game
        prompts = game.human_prompts()
        if self.revealed not in prompts:
            self.revealed = None
        game.active = self.revealed if self.revealed is not None else min(prompts, default=None)
        self.curtain = game.active if self.revealed is None else None
        game.show_hand(self.revealed)

    def resting_viewer(self) -> int | None:
        """No hand while nobody looks."""
        return None

    def seat_input(self, intent: Intent) -> bool:
        """Under the curtain only lifting it counts (undo included)."""
        if self.curtain is not None:
            return self._lift(intent)
        return super().seat_input(intent)

    def may_drive(self, seat: int) -> bool:
        """Only the seat whose hand is shown may act."""
        return seat == self.game.active

    def _lift(self, intent: Intent) -> bool:
        """Confirm from the waiting player's device (or a free one) lifts the curtain."""
        seat = self.curtain
        if intent.kind not in ("confirm", "click") or seat is None:
            return True
        if self.game.seat_of(intent.device) not in (None, seat):
            return True  # another player's controller cannot lift this player's curtain
        self.revealed, self.game.active, self.curtain = seat, seat, None
        self.game.app.audio.play("confirm")
        self.game.show_hand(seat)
        return True

    def shown_seat(self) -> int | None:
        """Nobody's prompt under the curtain."""
        return None if self.curtain is not None else super().shown_seat()

    def draw(self, surface: pygame.Surface) -> None:
        """The shared screen, hidden under the curtain while it is down."""
        super().draw(surface)
        if self.curtain is not None:
            paint.paint_curtain(surface, self.curtain, self.game.names[self.curtain],
                                self.game.app.input.last_kind)
