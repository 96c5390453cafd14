"""Seat setup: each seat is empty, a bot of a level (Easy, Normal, Hard), or a human who claimed it
with A / Enter. A new bot seat is Normal."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.companion.devices import is_phone
from game.companion.tv import draw_join_card
from game.engine.bots import NORMAL, SEAT_LEVELS
from game.engine.registry import get_game
from game.scenes.message import level_error_box, level_problem
from game.scenes.seating import SeatSpec
from game.ui import theme
from game.ui.focus import hit, nearest
from game.ui.i18n import t
from game.ui.input import KEYBOARD, Intent
from game.ui.paint import draw_emblem, draw_seat_emblem, seat_emblem
from game.ui.scene import Scene
from game.ui.widgets import draw_text, fit, focus_ring, footer_hints, panel, screen_title

if TYPE_CHECKING:
    from game.ui.app import App

ROW_W, ROW_H, ROW_GAP, TOP = 1240, 112, 22, 220
OPTION_H, OPTION_GAP = 84, 24
START = "start"


def device_label(app, device: str | None) -> str:
    """'Keyboard', 'Gamepad 2' or 'any device'."""
    if device is None:
        return t("device.any")
    if device == KEYBOARD:
        return t("device.keyboard")
    if is_phone(device):
        return t("device.phone")
    return t("device.gamepad", n=app.input.number(device))


class SeatSetupScene(Scene):
    """Choose who plays; start once the seat count fits the game."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.info = get_game(game_id)
        self.seats: list[SeatSpec | None] = [
            SeatSpec(NORMAL) if i < self.info.min_players else None
            for i in range(self.info.max_players)
        ]
        self.options: dict[str, bool] = {key: False for key in self.info.options}
        self.focus: int | str | tuple[str, str] = 0

    # -- layout ------------------------------------------------------------------------------
    def row_rect(self, i: int) -> pygame.Rect:
        """The rect of seat row i."""
        return pygame.Rect(960 - ROW_W // 2, TOP + i * (ROW_H + ROW_GAP), ROW_W, ROW_H)

    def arrow_rects(self, i: int) -> tuple[pygame.Rect, pygame.Rect]:
        """Clickable '<' and '>' of a row's kind selector."""
        row = self.row_rect(i)
        left = pygame.Rect(row.right - 560, row.y + 22, 60, ROW_H - 44)
        right = pygame.Rect(row.right - 80, row.y + 22, 60, ROW_H - 44)
        return left, right

    def option_rects(self) -> dict[str, pygame.Rect]:
        """The game's on/off options, side by side in one row under the seats."""
        keys = list(self.options)
        if not keys:
            return {}
        y = TOP + len(self.seats) * (ROW_H + ROW_GAP)
        w = (ROW_W - OPTION_GAP * (len(keys) - 1)) // len(keys)
        x0 = 960 - ROW_W // 2
        return {k: pygame.Rect(x0 + i * (w + OPTION_GAP), y, w, OPTION_H)
                for i, k in enumerate(keys)}

    def start_rect(self) -> pygame.Rect:
        """The Start button (under the options, when the game has some)."""
        rect = pygame.Rect(0, 0, 520, 96)
        top = TOP + len(self.seats) * (ROW_H + ROW_GAP) + 30
        if self.options:
            top = TOP + len(self.seats) * (ROW_H + ROW_GAP) + OPTION_H + 24
        rect.midtop = (960, top)
        return rect

    def rects(self) -> dict[int | str | tuple[str, str], pygame.Rect]:
        """Focusable rects: the rows, the game's options and Start."""
        out: dict[int | str | tuple[str, str], pygame.Rect] = {
            i: self.row_rect(i) for i in range(len(self.seats))}
        for key, rect in self.option_rects().items():
            out[("option", key)] = rect
        out[START] = self.start_rect()
        return out

    def chosen_options(self) -> tuple[tuple[str, bool], ...]:
        """The options switched on, for Config.options."""
        return tuple((k, True) for k, on in sorted(self.options.items()) if on)

    # -- rules -------------------------------------------------------------------------------
    def chosen(self) -> list[SeatSpec]:
        """The non-empty seats, in order (the engine's seats 0..n-1)."""
        return [s for s in self.seats if s is not None]

    def can_start(self) -> bool:
        """True when the number of seats fits the game."""
        return self.info.min_players <= len(self.chosen()) <= self.info.max_players

    def claim(self, i: int, device: str) -> None:
        """Bind `device` to seat i as a human (moving it from another seat if needed)."""
        seat = self.seats[i]
        if seat is not None and seat.human and seat.device not in (None, device):
            return  # someone else's seat
        for j, other in enumerate(self.seats):
            if other is not None and other.human and other.device == device and j != i:
                self.seats[j] = SeatSpec(NORMAL)
        self.seats[i] = SeatSpec("human", device)

    def cycle(self, i: int, step: int) -> None:
        """Step a bot seat through the levels, Easy < Normal < Hard, then empty (only above the
        minimum); a person's or an empty seat becomes a Normal bot, whichever way."""
        seat = self.seats[i]
        if seat is None or seat.human:
            self.seats[i] = SeatSpec(NORMAL)
            return
        kinds: list[str | None] = list(SEAT_LEVELS)
        if i >= self.info.min_players:
            kinds.append(None)
        index = kinds.index(seat.kind) if seat.kind in kinds else kinds.index(NORMAL)
        kind = kinds[(index + step) % len(kinds)]
        self.seats[i] = SeatSpec(kind) if kind else None

    def leave(self, device: str) -> bool:
        """The device's human seat becomes a bot again; False if it had none."""
        for j, seat in enumerate(self.seats):
            if seat is not None and seat.human and seat.device == device:
                self.seats[j] = SeatSpec(NORMAL)
                return True
        return False

    def start(self) -> None:
        """Open the game with these seats and a fresh seed."""
        problem = level_problem(self.game_id)  # a level file broken since the game was chosen
        if problem:
            self.app.stack.push(level_error_box(self.app, self.game_id, problem))
            return
        seed = random.SystemRandom().randrange(1, 2**31)
        self.app.stack.push(self.app.open("game", self.game_id, self.chosen(), seed,
                                          options=self.chosen_options()))

    # -- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Navigate rows; A claims, left/right change, B leaves a seat or goes back."""
        kind = intent.kind
        if kind in ("up", "down"):
            self._vertical(1 if kind == "down" else -1)
        elif kind in ("left", "right") and isinstance(self.focus, int):
            self.cycle(self.focus, 1 if kind == "right" else -1)
        elif kind in ("left", "right") and isinstance(self.focus, tuple):
            row = {("option", k): r for k, r in self.option_rects().items()}
            target = nearest(row, self.focus, kind)  # along the options row only
            self.focus = target if target is not None else self.focus
        elif kind == "confirm":
            self._activate(self.focus, intent.device)
        elif kind in ("pointer", "click") and intent.pos:
            self._pointer(intent)
        elif kind == "back" and not self.leave(intent.device):
            self.app.stack.pop()
        elif kind == "menu" and self.can_start():
            self.start()
        return True

    def _vertical(self, step: int) -> None:
        """Up/down walk the column: seat rows, the options row (its first switch), Start."""
        order: list = list(range(len(self.seats)))
        if self.options:
            order.append(("option", next(iter(self.options))))
        order.append(START)
        current = order[len(self.seats)] if isinstance(self.focus, tuple) else self.focus
        index = order.index(current) if current in order else 0
        self.focus = order[max(0, min(len(order) - 1, index + step))]

    def _activate(self, focus: int | str | tuple[str, str], device: str) -> None:
        if isinstance(focus, tuple):
            self.options[focus[1]] = not self.options[focus[1]]
        elif focus == START:
            if self.can_start():
                self.start()
        else:
            self.claim(int(focus), device)

    def _pointer(self, intent: Intent) -> None:
        for i in range(len(self.seats)):
            left, right = self.arrow_rects(i)
            if intent.kind == "click" and left.collidepoint(intent.pos):
                self.focus = i
                self.cycle(i, -1)
                return
            if intent.kind == "click" and right.collidepoint(intent.pos):
                self.focus = i
                self.cycle(i, 1)
                return
        under = hit(self.rects(), intent.pos)
        if under is not None:
            self.focus = under
            if intent.kind == "click":
                self._activate(under, intent.device)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Heading, seat rows, Start and hints."""
        surface.fill(theme.BACKGROUND)
        screen_title(surface, t("seats.title", game=t(self.info.title_key)), 110)
        for i in range(len(self.seats)):
            self._draw_row(surface, i)
        self._draw_options(surface)
        start = self.start_rect()
        ok = self.can_start()
        panel(surface, start, theme.GOOD if ok else theme.PANEL)
        draw_text(surface, t("seats.start"), start.center, theme.BODY_SIZE,
                  (20, 30, 20) if ok else theme.TEXT_DIM, "center", True)
        if self.focus == START:
            focus_ring(surface, start)
        if not ok:
            draw_text(surface, t("seats.need", low=self.info.min_players,
                                 high=self.info.max_players),
                      (960, start.bottom + 40), theme.SMALL_SIZE, theme.BAD, "center")
        footer_hints(surface, self.app.input.last_kind, [
            ("confirm", "hint.join"), ("move", "hint.change"), ("back", "hint.leave")])
        draw_join_card(surface, self.app, (1896, 900))  # right of the seat rows

    def _draw_options(self, surface: pygame.Surface) -> None:
        """Each option as a switch: its name and On/Off."""
        for key, rect in self.option_rects().items():
            on = self.options[key]
            focused = self.focus == ("option", key)
            panel(surface, rect, theme.PANEL_LIGHT if focused else theme.PANEL)
            state = t("seats.on" if on else "seats.off")
            value = draw_text(surface, state, (rect.right - 28, rect.centery), theme.BODY_SIZE,
                              theme.GOOD if on else theme.TEXT_DIM, "midright", True)
            draw_text(surface, fit(t(f"options.{key}"), theme.BODY_SIZE,
                                   value.x - rect.x - 56), (rect.x + 28, rect.centery),
                      theme.BODY_SIZE, theme.TEXT, "midleft")
            if focused:
                focus_ring(surface, rect)

    def _draw_row(self, surface: pygame.Surface, i: int) -> None:
        row = self.row_rect(i)
        seat = self.seats[i]
        panel(surface, row, theme.PANEL_LIGHT if self.focus == i else theme.PANEL)
        if seat is None:  # an empty seat shows its emblem, uncoloured
            draw_emblem(surface, seat_emblem(i), (row.x + 70, row.centery), 72, theme.PANEL_LIGHT)
        else:
            draw_seat_emblem(surface, i, (row.x + 70, row.centery), 72)
        if seat is None:
            name, detail = t("seats.empty"), t("seats.empty_hint")
        elif seat.human:
            name, detail = t("seat.player", n=i + 1), device_label(self.app, seat.device)
        else:
            name, detail = t("seat.bot", n=i + 1), t(f"bot.{seat.kind}")
        draw_text(surface, name, (row.x + 140, row.centery), theme.BODY_SIZE,
                  theme.TEXT if seat else theme.TEXT_DIM, "midleft", True)
        left, right = self.arrow_rects(i)
        for rect, points in ((left, ((1, 0), (0, .5), (1, 1))), (right, ((0, 0), (1, .5), (0, 1)))):
            poly = [(rect.x + 16 + px * (rect.w - 32), rect.y + 18 + py * (rect.h - 36))
                    for px, py in points]
            pygame.draw.polygon(surface, theme.TEXT_DIM, poly)
        draw_text(surface, detail, ((left.right + right.left) // 2, row.centery),
                  theme.BODY_SIZE, theme.ACCENT if seat and seat.human else theme.TEXT,
                  "center")
        if self.focus == i:
            focus_ring(surface, row)
