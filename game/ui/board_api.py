"""The contract between the shared GameScene (shell) and each game's board renderer.

The shell owns input, focus, bots, undo, autosave, the pass-the-screen curtain and the bottom
bar; a renderer only draws one game's board and animates its events. Keeping this seam narrow lets
a developer work on one game's room without touching the shell.

Canvas: the logical 1920x1080 surface. The renderer draws in BOARD_RECT (the top 1920x1000);
the shell draws the bottom bar (prompt message, choice buttons, button hints) below it.

Targets: every `Option.target` the renderer can place on screen gets a rect from `targets()`.
Options whose target is None, or has no rect, are shown by the shell as labelled buttons in the
bottom bar, so every legal option is always reachable with a gamepad.

Writing a renderer: subclass game.ui.render_kit.RoomRenderer, which implements this protocol
over a tween timeline, cached dirty layers and event handlers declared per kind with their
sounds (its docstring is the guide; Ticket to Ride's scene.py the example). The shell sees only
the protocol below, so a renderer may also implement it by hand.

Event sounds (optional): a renderer class may define `SOUND_CUES`, event kind -> `EventSound`,
a sound name or None (game/ui/audio.py), timed to its animations; RoomRenderer builds it from
its handlers' declarations.

Score colours (optional): a renderer class may define `CATEGORY_COLORS`, score category ->
RGB, so that the results screen colours each category as the board does (French Quarter's Food
is red on the sheet, so it is red in the chart too). Categories it leaves out take the shared
palette.

Split screen (optional, `SplitRenderer` below): a game where everyone decides at once and
nothing is secret (Next Station) draws one map per seat. The shell then keeps one cursor per
human seat, routes each seat's device to its own prompt, draws each seat's message and buttons
in that seat's strip, and lets a seat's own animation hold only that seat. Renderers without
these methods keep the single-focus flow unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from game.engine.capabilities import supports
from game.engine.core import Config, Event, Prompt, Rules, Target

CANVAS_SIZE = (1920, 1080)
BOARD_RECT = pygame.Rect(0, 0, 1920, 1000)
BAR_RECT = pygame.Rect(0, 1000, 1920, 80)


class BoardRenderer(Protocol):
    """What a game's `scene.py` renderer class provides."""

    def __init__(self, rules: Rules, config: Config, seat_names: Sequence[str]) -> None:
        """Build sprites and layout once; seat_names are the display names of the seats."""

    def reset(self, view: Any, viewer: int | None) -> None:
        """Show this view immediately, dropping any running animation (load, undo, resize)."""

    def animate(self, events: Sequence[Event], view: Any, viewer: int | None) -> None:
        """Queue animations for `events`; once they finish the board shows `view`. At instant
        animation speed the shell calls `reset` right after, so record what must outlast the
        animation (a move log) here, not in the tweens."""

    def busy(self) -> bool:
        """True while animations are running (board input and bots wait)."""

    def update(self, dt: float) -> None:
        """Advance animations by dt seconds (already scaled by the animation-speed setting)."""

    def targets(self) -> dict[Target, pygame.Rect]:
        """Screen rect (canvas coordinates) of every target currently drawn."""

    def draw(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None) -> None:
        """Draw the board; highlight the options of `prompt` and the focused target."""


class SplitRenderer(BoardRenderer, Protocol):
    """Optional extension for simultaneous play on one screen: one map (and cursor) per seat.

    A renderer that has `seat_targets` and `draw_seats` (see `is_split`) gets these calls instead
    of `targets()`/`draw()` for focus and drawing. The shell keeps one focus per human seat, routes
    each seat's device to its own prompt and draws each seat's message and bar buttons (options
    with no target, e.g. "pass") in that seat's `seat_bar` strip; the bottom bar keeps the shared
    message and the button hints. `set_humans` is called once, right after construction.
    """

    def set_humans(self, humans: Sequence[int]) -> None:
        """The seats people play (the layout gives each of them a full map)."""

    def seat_targets(self, seat: int) -> dict[Target, pygame.Rect]:
        """Screen rects of the targets on that seat's own map."""

    def seat_bar(self, seat: int) -> pygame.Rect:
        """The strip (inside the seat's area) where the shell draws its prompt and buttons."""

    def seat_busy(self, seat: int) -> bool:
        """True while an animation that seat must watch runs (its own input waits)."""

    def draw_seats(self, canvas: pygame.Surface, focus_by_seat: dict[int, Target | None],
                   prompts: dict[int, Prompt]) -> None:
        """Draw every map; highlight each seat's options and focused target on its own map."""


def is_split(renderer: object) -> bool:
    """True if the renderer draws one map per seat (the `split_screen` capability)."""
    return supports(renderer, "split_screen")
