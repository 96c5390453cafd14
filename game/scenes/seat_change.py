"""Drop-in and drop-out mid-game (issue 31): from the pause menu any seat can be handed to a bot
of a level, or to a person; a person's seat is held by no device until one claims it (a free
pad or the keyboard pressing A, or a phone picking it from its seat list).

A person's pad or phone gone for a minute opens the same list over the game (AbsenceWatch).
A change rewrites the autosave journal's header (`GameScene.save_seats` -> `MatchDriver.set_meta`:
a fresh journal with the new seat table, renamed over the old one), so Continue resumes with
the seats as they were changed. A bot decision in flight for a seat that changes is dropped.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.engine.bots import SEAT_LEVELS, make_bot
from game.scenes.seating import HUMAN, SeatSpec, seat_name
from game.ui import theme
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.widgets import Menu, MenuItem, dim, draw_hints, draw_text, panel

log = logging.getLogger(__name__)
# `game` below is a game.scenes.game.GameScene and `app` the App: not imported, as the game
# scene imports this module (a type-only import would close an import circle).
KINDS = (HUMAN, *SEAT_LEVELS)  # what a seat steps through: a person, then the bot levels
BOX = pygame.Rect(460, 130, 1000, 820)
ABSENCE_OFFER_S = 60.0  # a seat's pad or phone gone this long: the seat list is offered


def change_seat(game: Any, seat: int, kind: str) -> None:
    """Hand `seat` to a bot of level `kind` or, with "human", to whichever person claims it."""
    old = game.seats[seat]
    if old.kind == kind:
        return
    game.seats[seat] = SeatSpec(kind, hints=old.hints)
    driver = game.driver
    driver.worker.drop()  # a decision for the seat's old bot must not be played
    driver.think = 0.0
    if kind == HUMAN:
        driver.bots.pop(seat, None)
    else:
        app = game.app
        driver.bots[seat] = make_bot(kind, game.info.id, game.match.seed + seat,
                                     budget_s=app.settings.bot_budget, pool=driver.search_pool)
    game.names[seat] = seat_name(game.seats, seat)
    if game.split:
        game.renderer.set_humans(tuple(game.humans()))
    game.save_seats()
    log.info("seat %d handed from %s to %s at action %d", seat + 1, old.kind, kind,
             len(game.match.history))


def kind_label(kind: str) -> str:
    """'Person' or 'Bot: normal'."""
    return t("seat_change.person") if kind == HUMAN else t(f"bot.{kind}")


class AbsenceWatch:
    """Counts how long each person's pad or phone has been gone; at ABSENCE_OFFER_S the seat
    list opens over the game (once per absence), its row focused, to hand the seat to a bot."""

    def __init__(self) -> None:
        self.gone: dict[int, float] = {}  # seat -> seconds its device has been away
        self.offered: set[int] = set()
        self.seen: set[tuple[int, str]] = set()  # (seat, device) seen connected in this game

    def update(self, game: Any, dt: float) -> None:
        """Called by the game scene each frame it is on top. Only a device seen here and then
        lost counts as gone (one never plugged in this game has nobody to miss)."""
        if not self.gone and not self.offered and not game.humans():
            return  # bots alone: nobody to miss (the usual frame of a demo)
        for seat, spec in enumerate(game.seats):
            if spec.human and game.disconnected(seat) and (seat, spec.device) in self.seen:
                self.gone[seat] = self.gone.get(seat, 0.0) + dt
                continue
            if spec.human and spec.device is not None and not game.disconnected(seat):
                self.seen.add((seat, spec.device))
            self.gone.pop(seat, None)
            self.offered.discard(seat)
        due = [s for s, away in self.gone.items()
               if away >= ABSENCE_OFFER_S and s not in self.offered]
        if due and not game.finished:
            self.offered.update(due)
            game.app.stack.push(SeatChangeScene(game.app, game, absent=due[0]))


class SeatChangeScene(Scene):
    """Over the pause menu: one row per seat; left/right or confirm steps its kind."""

    overlay = True

    def __init__(self, app: Any, game: Any, absent: int | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.absent = absent  # opened because this seat's device went away
        items = [MenuItem(str(i), self._label(i)) for i in range(len(game.seats))]
        items.append(MenuItem("back", lambda: t("seat_change.done")))
        self.menu = Menu(items, center=(960, 560), width=860, height=84, gap=18)
        if absent is not None:
            self.menu.focus_key(str(absent))

    def _label(self, seat: int):
        # "Player 3: Bot: normal", not "Bot 3: Bot: normal": the row names the seat, not its holder
        return lambda: f"{t('seat.player', n=seat + 1)}: {kind_label(self.game.seats[seat].kind)}"

    def step(self, seat: int, direction: int) -> None:
        """The seat's next (or previous) kind."""
        kind = self.game.seats[seat].kind
        index = KINDS.index(kind) if kind in KINDS else 0
        change_seat(self.game, seat, KINDS[(index + direction) % len(KINDS)])

    def handle(self, intent: Intent) -> bool:
        """Left/right change the focused seat, confirm steps it on; back closes."""
        if intent.kind in ("back", "menu"):
            self.app.stack.pop()
            return True
        key = self.menu.focused_key
        if intent.kind in ("left", "right") and key != "back":
            self.step(int(key), 1 if intent.kind == "right" else -1)
            return True
        choice = self.menu.handle(intent)
        if choice == "back":
            self.app.stack.pop()
        elif choice is not None:
            self.step(int(choice), 1)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Dim what is below and list the seats."""
        dim(surface)
        panel(surface, BOX, theme.PANEL, theme.PANEL_LIGHT)
        draw_text(surface, t("seat_change.title"), (960, BOX.y + 70), theme.HEADING_SIZE,
                  theme.ACCENT, "center", True)
        if self.absent is not None:
            draw_text(surface, t("seat_change.gone", name=self.game.names[self.absent]),
                      (960, BOX.y + 135), theme.SMALL_SIZE, theme.TEXT, "center")
        self.menu.draw(surface)
        draw_hints(surface, [("move", "hint.change"), ("back", "hint.close")],
                   self.app.input.last_kind, (BOX.right - 40, BOX.bottom - 48))
