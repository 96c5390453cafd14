"""What the table modes and the hint desk may ask of the game screen that hosts them.

GameScene satisfies these protocols; the table modes (this package) and the Hint button
(game.scenes.hinting) name only them, so neither imports the scene (no import circle, type
hints included) and neither reaches into more of the scene than is listed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from game.scenes.table.focus import FocusKey

if TYPE_CHECKING:
    import pygame

    from game.engine.core import Option, Prompt
    from game.engine.driver import MatchDriver
    from game.engine.match import Match
    from game.engine.registry import GameInfo
    from game.scenes.seating import SeatSpec
    from game.ui.app import App
    from game.ui.board_api import BoardRenderer

Slots = tuple[dict[FocusKey, "pygame.Rect"], dict[FocusKey, "Option"]]  # rects, options by key


class HintSwitch(Protocol):
    """The Hint button as a table mode's bar sees it."""

    def enabled(self) -> bool:
        """True when the Hint button works."""


@runtime_checkable
class Seating(Protocol):
    """Who sits where and what the screen shows: what a table mode reads and steers."""

    app: App
    renderer: BoardRenderer
    driver: MatchDriver
    names: list[str]
    seats: list[SeatSpec]
    focus: dict[int, FocusKey]  # each person's focused slot
    active: int | None  # the human seat whose prompt is shown
    viewer: int | None  # whose hand the board shows
    clock: float  # drives the focus pulse
    hint_desk: HintSwitch

    @property
    def match(self) -> Match:
        """The match being played."""

    def humans(self) -> list[int]:
        """Seats played by people."""

    def seat_facts(self) -> tuple[tuple[int, ...], frozenset[int]]:
        """(the human seats, those of them played on this screen): the same objects until a
        seat changes (what `humans()` lists, without a list made: asked every frame)."""

    def human_prompts(self) -> dict[int, Prompt]:
        """The prompts waiting for human seats now."""

    def disconnected(self, seat: int) -> bool:
        """True if the seat's controller was unplugged."""

    def seat_of(self, device: str) -> int | None:
        """The human seat a device drives."""

    def show_hand(self, viewer: int | None) -> None:
        """Let the board show `viewer`'s hand (None: the public view)."""

    def apply(self, seat: int, action: Any) -> bool:
        """A seat's choice (animated); False if the rules refuse it."""

    def undo(self, device: str | None = None) -> bool:
        """Undo the device's seat's last step; True if it did."""


@runtime_checkable
class HintHost(Protocol):
    """What the Hint button reads of the game screen, and the hint count it keeps per seat."""

    app: App
    renderer: BoardRenderer
    info: GameInfo
    seats: list[SeatSpec]
    focus: dict[int, FocusKey]
    clock: float
    demo: bool

    @property
    def match(self) -> Match:
        """The match being played."""

    def slots(self, seat: int) -> Slots:
        """Focusable rects and their options for a seat's prompt."""

    def save_seats(self) -> None:
        """Put the seat table (hint counts included) into the autosave's header."""
