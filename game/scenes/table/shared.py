"""One shared screen: one prompt and one focus at a time, everyone's hand open (or one person).

With simultaneous prompts the device that presses shows its own seat's prompt; the other
deciders' cursors are ringed in their seat colours. Bar buttons that do not fit scroll so the
focused one is visible.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, NamedTuple

import pygame

from game.engine.core import Target
from game.scenes import game_paint as paint
from game.scenes.table.base import BarPlacement, Table
from game.scenes.table.focus import FocusKey, FocusModel
from game.scenes.table.host import Seating
from game.ui.board_api import BAR_RECT, BOARD_RECT
from game.ui.input import Intent
from game.ui.widgets import draw_hints, hints_width

MESSAGE_RIGHT_IDLE = 1400  # where the bar message may run to when no buttons are shown


class SharedPlan(NamedTuple):
    """What the shared table draws in a frame (SharedTable.plan)."""

    seat: int | None  # whose prompt and focus show (None: nobody's, or an animation runs)
    model: FocusModel | None  # that prompt's slots
    rects: dict[FocusKey, pygame.Rect]  # the slots, bar buttons placed
    focus: FocusKey | None
    others: tuple[tuple[int, pygame.Rect], ...]  # the other deciders' board cursors
    unplugged: tuple[str, ...]  # the names of the seats whose controller is unplugged


class SharedTable(Table):
    """One screen, one focus: the active seat's prompt is shown, its hand is visible."""

    def __init__(self, game: Seating) -> None:
        super().__init__(game)
        self._hints_width: tuple[tuple, int] | None = None  # (hints and input kind, pixels)

    # -- whose turn is shown -------------------------------------------------------------------
    def sync(self) -> None:
        """The active seat stays while it decides, else the first person asked; its hand shows."""
        game = self.game
        prompts = game.human_prompts()
        if game.active not in prompts:
            game.active = min(prompts, default=None)
        game.show_hand(game.active if game.active is not None else self.resting_viewer())

    def resting_viewer(self) -> int | None:
        """The last person's hand stays on screen while bots play."""
        humans = self.game.humans()
        if not humans:
            return None
        return self.game.viewer if self.game.viewer in humans else humans[0]

    # -- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Undo; otherwise wait for animations, let a free device reclaim a seat, and route
        the press to the seat it drives."""
        if intent.kind == "undo" and self.curtain is None:
            return self.undo(intent)  # reset() drops a running animation: no need to wait
        if self.game.renderer.busy():
            return False
        if self.reclaim(intent):
            return True
        return self.seat_input(intent)

    def seat_input(self, intent: Intent) -> bool:
        """Board input for the seat this device drives, unless its controller is gone."""
        seat = self.route(intent.device)
        if seat is None or self.game.disconnected(seat):
            return False  # a seat whose controller is gone waits to be reclaimed
        return self.board_input(seat, intent)

    def route(self, device: str) -> int | None:
        """The seat this device drives now: its own seat on its turn, else the active seat."""
        game = self.game
        bound = game.seat_of(device)
        if bound is None:
            return game.active  # a free device (or the mouse) helps whoever is deciding
        if bound in game.human_prompts() and self.may_drive(bound):
            game.active = bound  # simultaneous play: show the prompt of who pressed
            return bound
        return None

    def focus_seats(self) -> list[int]:
        """The shown seat, while it decides."""
        seat = self.shown_seat()
        return [seat] if seat is not None and seat in self.game.human_prompts() else []

    def may_drive(self, seat: int) -> bool:
        """True if a seat deciding now may take the screen (always, when hands are open)."""
        return True

    # -- focus -------------------------------------------------------------------------------
    def targets(self, seat: int) -> Mapping[Target, Any]:
        """Every target on the one board."""
        return self.game.renderer.targets()

    def bar_placement(self, seat: int, model: FocusModel) -> BarPlacement:
        """Buttons right-aligned against the hints, scrolled so the focused one shows."""
        focus = self.game.focus.get(seat)
        focused = focus[1] if focus and focus[0] == "bar" and focus[1] in model.bar else None
        zone = self.bar_zone(model.widths)
        return (zone, focused), lambda: self._place_bar(model, zone, focused)

    @staticmethod
    def _place_bar(model: FocusModel, zone: tuple[int, int], focused: int | None
                   ) -> dict[int, pygame.Rect]:
        left, right = zone
        rects = dict(zip(model.bar, paint.row_of_buttons(model.widths, left, BAR_RECT.centery,
                                                          paint.BAR_BUTTON_H)))
        if focused is not None and rects[focused].right > right:
            shift = rects[focused].right - right
            for rect in rects.values():
                rect.x -= shift
        return rects

    def bar_zone(self, widths: list[int] | None = None) -> tuple[int, int]:
        """The x range of the bar buttons: right-aligned against the hints, and the message
        keeps at least MESSAGE_W pixels (buttons scroll when they do not fit)."""
        right = BAR_RECT.right - 40 - self._hints_px()
        needed = paint.row_width(widths) if widths else 0
        return max(BAR_RECT.x + paint.MESSAGE_W + 30, right - needed), right

    def _hints_px(self) -> int:
        """The hints' width, measured again only when they or the input kind change."""
        key = (tuple(self.hints()), self.game.app.input.last_kind)
        if self._hints_width is None or self._hints_width[0] != key:
            self._hints_width = key, hints_width(list(key[0]), key[1])
        return self._hints_width[1]

    def clickable(self, rects: dict[FocusKey, pygame.Rect]) -> dict[FocusKey, pygame.Rect]:
        """Board slots, and the bar buttons scrolled into the bar's zone."""
        left, right = self.bar_zone(_bar_widths(rects))
        return {k: r for k, r in rects.items()
                if k[0] == "board" or (r.left >= left - 1 and r.right <= right + 1)}

    def prepare(self) -> None:
        """Each bot's "thinking" measured and drawn as the idle bar will draw it (its area
        and picture: the frame a bot's move lands redraws the bar with one blit)."""
        for message, seat in self.bot_messages():
            paint.bar_message_area(message, (seat,), MESSAGE_RIGHT_IDLE)
            paint.idle_bar_image(message, seat, MESSAGE_RIGHT_IDLE)

    def idle_bar_rects(self, was: Hashable, now: Hashable) -> list[pygame.Rect] | None:
        """Where the idle bar's message (`_draw_bar` without a prompt: the speaker's emblem
        and the message on the bar's plain backdrop, no hints) was and is now: a bot's move
        that names another speaker redraws those two rects, not the whole bar."""
        if was is None or now is None or self.curtain is not None:
            return None
        return [paint.bar_message_area(message, () if who is None else (who,),
                                       MESSAGE_RIGHT_IDLE)
                for (message, who), _ in (was, now)]

    # -- drawing -----------------------------------------------------------------------------
    def shown_seat(self) -> int | None:
        """Whose prompt and focus are drawn (none while an animation runs)."""
        return None if self.game.renderer.busy() else self.game.active

    def plan(self) -> SharedPlan:
        """Whose prompt shows, its slots and focus, and the other deciders' cursors."""
        seat = self.shown_seat()
        game = self.game
        humans = game.seat_facts()[0]  # (not `humans()`: no list made, every frame)
        unplugged = tuple(game.names[i] for i in humans if game.disconnected(i)) if humans else ()
        if seat is None:
            return SharedPlan(None, None, {}, None, (), unplugged)
        model = self.model(seat)
        rects = self.placed(seat, model) if model is not None else {}
        focus = self._focus_in(seat, rects) if model is not None else None
        return SharedPlan(seat, model, rects, focus, self._other_cursors(seat), unplugged)

    def draw(self, surface: pygame.Surface) -> None:
        """Board, the other deciders' cursors, the bar and disconnection banners."""
        memo = self._plan  # (`planned`, its memo read inline: every redraw pass)
        plan = (memo[1] if memo is not None and memo[0] is getattr(surface, "frame", None)
                else self.planned(surface))
        seat, model, rects, focus, others, unplugged = plan
        board_focus = focus[1] if focus and focus[0] == "board" else None
        # The renderer draws when the pass's clip reaches the board (it draws inside
        # BOARD_RECT) or a prompt shows (a draw that reads the clock asks for the next frame's
        # pulses): a pass over the bar alone, bots playing, skips it.
        if (model is not None or focus is not None
                or surface.get_clip().colliderect(BOARD_RECT)):
            self.game.renderer.draw(surface, board_focus, model.prompt if model else None)
        for other, rect in others:
            paint.other_focus(surface, rect, other)
        self._draw_bar(surface, seat, model, rects, focus)
        if unplugged:
            paint.paint_disconnected(surface, unplugged)

    def _other_cursors(self, active: int) -> tuple[tuple[int, pygame.Rect], ...]:
        """Simultaneous play: the other deciders' cursors on the board (seat, target rect),
        ringed in their seat colours."""
        game = self.game
        cursors = []
        targets = None
        for other in game.human_prompts():
            key = game.focus.get(other)
            if other == active or key is None or key[0] != "board":
                continue
            targets = game.renderer.targets() if targets is None else targets
            rect = targets.get(key[1])
            if rect is not None:
                cursors.append((other, rect))
        return tuple(cursors)

    def _draw_bar(self, surface: pygame.Surface, seat: int | None, model: FocusModel | None,
                  rects: dict[FocusKey, pygame.Rect], focus: FocusKey | None) -> None:
        """The bar (its message, buttons and hints: worked out only when the frame redraws
        some of the bar, as nothing of it shows elsewhere) and the board's focus ring."""
        bar = surface.get_clip().colliderect(paint.BAR_REACH)
        zone = None
        if bar and model is None:  # nobody's prompt: the idle bar (`idle_bar_key`), made ahead
            (message, who), _ = self.idle_bar_key()
            paint.paint_idle_bar(surface, message, who, MESSAGE_RIGHT_IDLE)
        elif bar and model is not None:  # the message before the buttons' zone
            message, who = self.bar_message(seat, model.prompt)
            zone = self.bar_zone(_bar_widths(rects))
            paint.paint_bar(surface, message, who, zone[0] - 30)
        if model is not None:
            self._draw_bar_buttons(surface, model.labels, rects, focus, zone)
        if bar and (model is not None or self.curtain is not None):
            draw_hints(surface, self.hints(), self.game.app.input.last_kind,
                       (BAR_RECT.right - 24, BAR_RECT.centery))

    def _draw_bar_buttons(self, surface: pygame.Surface, labels: dict[int, str],
                          rects: dict[FocusKey, pygame.Rect], focus: FocusKey | None,
                          zone: tuple[int, int] | None) -> None:
        """The bar buttons, clipped to the zone they scroll in (None: the frame redraws none of
        the bar), and the focus ring."""
        if zone is not None:
            left, right = zone
            old_clip = surface.get_clip()
            surface.set_clip(pygame.Rect(left - 10, BAR_RECT.y, right - left + 20, BAR_RECT.h))
            for key, rect in rects.items():
                if key[0] == "bar":
                    paint.paint_button(surface, labels[key[1]], rect, key == focus)
            surface.set_clip(old_clip)
        if focus is not None and focus[0] == "bar" and focus in rects:
            if zone is not None:  # the bar's ring stays inside the bar
                paint.bar_focus_ring(surface, rects[focus])
        elif focus is not None and focus in rects:
            paint.board_focus(surface, rects[focus], self.game.clock)


def _bar_widths(rects: Mapping[FocusKey, pygame.Rect]) -> list[int]:
    return [r.w for k, r in rects.items() if k[0] == "bar"]
