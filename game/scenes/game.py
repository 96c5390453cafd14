"""The generic board scene: drives a Match, seats (humans and bots) and a game's BoardRenderer.

The shell owns input, focus over legal targets, bots, undo, autosave, the pass-the-screen
curtain and the bottom bar; the game's renderer (board_api.BoardRenderer) only draws the board.
"""

from __future__ import annotations

import logging
import math
from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.bots import BOT_KINDS, make_bot
from game.engine.core import Config, IllegalAction, Option, Prompt
from game.engine.match import Match
from game.engine.registry import get_game
from game.scenes.seating import SeatSpec, seat_name
from game.ui import settings as store
from game.ui import theme
from game.ui.board_api import BAR_RECT
from game.ui.focus import hit, nearest
from game.ui.i18n import t
from game.ui.input import DIRECTIONS, Intent
from game.ui.scene import Scene
from game.ui.widgets import dim, draw_hints, draw_text, fit, hints_width, panel

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)
THINK_TIME = 0.45  # seconds a bot "thinks" before each decision at 1x, so people can follow
BAR_GAP = 14
BAR_BUTTON_H = 60
MESSAGE_W = 640
FocusKey = tuple  # ("board", target) or ("bar", option index)


class GameScene(Scene):
    """One match on screen: humans pick among legal targets, bots play, renderer animates."""

    music = None  # no menu music over a game: the board has its own sounds

    def __init__(self, app: App, game_id: str, seats: list[SeatSpec] | None, seed: int,
                 match: Match | None = None, hold_bots: bool = False) -> None:
        super().__init__(app)
        self.info = get_game(game_id)
        rules = self.info.make_rules()
        players = match.config.players if match else len(seats or [])
        self.match = match or Match(rules, Config(players), seed)
        self.seats = seats or [SeatSpec("human")] + [SeatSpec(BOT_KINDS[0])
                                                     for _ in range(players - 1)]
        self.bots = {i: make_bot(s.kind, game_id, self.match.seed + i)
                     for i, s in enumerate(self.seats) if not s.human}
        self.names = [seat_name(self.seats, i) for i in range(players)]
        self.renderer = self.info.renderer_class()(rules, self.match.config, self.names)
        # A room may tune its event sounds; audio.DEFAULT_CUES and kind patterns cover the rest.
        self.sound_cues = getattr(self.renderer, "SOUND_CUES", None)
        self.deciders: frozenset[int] = frozenset()  # human seats with a prompt, for the chime
        self.hold_bots = hold_bots  # screenshots: freeze the game where it is
        self.focus: dict[int, FocusKey] = {}
        self.active: int | None = None  # the human seat whose prompt is shown
        self.revealed: int | None = None  # hidden-hands mode: whose hand is on screen
        self.curtain: int | None = None  # hidden-hands mode: "pass to" this seat
        self.viewer: int | None = None
        self.think = 0.0
        self.clock = 0.0  # drives the focus pulse
        self.finished = False
        self.viewer = self._resting_viewer()
        fresh = not self.match.history
        self.renderer.reset(self.match.view(self.viewer), self.viewer)
        events = self.match.resolve_chance()
        if fresh and events and not self._instant():
            # A new game: let the renderer animate the opening deal from the empty table.
            self.renderer.animate(events, self.match.view(self.viewer), self.viewer)
            self.app.audio.play_events(events, self.sound_cues)
        else:
            self.renderer.reset(self.match.view(self.viewer), self.viewer)
        if not self.renderer.busy():
            self._sync()  # otherwise update() does it once the deal has been shown
        self._autosave()

    # -- seats -------------------------------------------------------------------------------
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.human]

    def hidden(self) -> bool:
        """True when hands must be hidden between human turns (shared screen, closed hands)."""
        return not self.app.settings.open_hands and len(self.humans()) > 1

    def human_prompts(self) -> dict[int, Prompt]:
        """The prompts waiting for human seats now."""
        return {p.player: p for p in self.match.prompts() if self.seats[p.player].human}

    def disconnected(self, seat: int) -> bool:
        """True if the seat's controller was unplugged."""
        device = self.seats[seat].device
        return device is not None and not self.app.input.is_connected(device)

    def seat_of(self, device: str) -> int | None:
        """The human seat bound to a device."""
        for i, s in enumerate(self.seats):
            if s.human and s.device == device:
                return i
        return None

    # -- flow --------------------------------------------------------------------------------
    def _instant(self) -> bool:
        return self.app.settings.animation_speed == "instant"

    def update(self, dt: float) -> None:
        """Animate; when idle: results, curtain and viewer, then one bot decision."""
        self.clock += dt
        if not self._instant():
            self.renderer.update(dt * self.app.settings.speed_factor())
            self.app.audio.update(dt * self.app.settings.speed_factor())  # in step with tweens
        if self.renderer.busy() or self.finished:
            return
        if self.match.is_over():
            self._finish()
            return
        self._sync()
        self._turn_chime()
        if self.curtain is None:
            self._bots(dt)

    def _resting_viewer(self) -> int | None:
        # Whose hand to show while no human is deciding.
        if self.hidden() or not self.humans():
            return None
        return self.viewer if self.viewer in self.humans() else self.humans()[0]

    def _sync(self) -> None:
        """Choose the active seat, the curtain and the viewer from the prompts."""
        prompts = self.human_prompts()
        if self.hidden():
            if self.revealed not in prompts:
                self.revealed = None
            self.active = self.revealed if self.revealed is not None else min(prompts, default=None)
            self.curtain = self.active if self.revealed is None else None
            viewer = self.revealed
        else:
            if self.active not in prompts:
                self.active = min(prompts, default=None)
            self.curtain = None
            viewer = self.active if self.active is not None else self._resting_viewer()
        if viewer != self.viewer:
            self.viewer = viewer
            self.renderer.reset(self.match.view(viewer), viewer)

    def _turn_chime(self) -> None:
        """Chime when a person's turn comes (not on each step of a turn already theirs)."""
        deciders = frozenset(self.human_prompts())
        if deciders - self.deciders:
            self.app.audio.play("chime")
        self.deciders = deciders

    def exit(self) -> None:
        """Leaving (quit, results): cues of animations nobody will see are dropped."""
        self.app.audio.cancel()

    def _bots(self, dt: float) -> None:
        if self.hold_bots:
            return
        waiting = [p for p in self.match.prompts() if p.player in self.bots]
        if not waiting:
            self.think = 0.0
            return
        self.think += dt * self.app.settings.speed_factor()
        if self.think < THINK_TIME:
            return
        prompt = waiting[0]
        bot = self.bots[prompt.player]
        action = bot.choose(self.match.rules, self.match.view(prompt.player), prompt)
        self._apply(prompt.player, action)

    def _apply(self, seat: int, action: Any) -> bool:
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as exc:  # the UI only offers legal options; log, never crash
            log.warning("illegal action from seat %s: %s", seat, exc)
            return False
        events += self.match.resolve_chance()
        self.think = 0.0
        self._autosave()
        view = self.match.view(self.viewer)
        if self._instant():
            self.renderer.reset(view, self.viewer)
        else:
            self.renderer.animate(events, view, self.viewer)
        self.app.audio.play_events(events, self.sound_cues, instant=self._instant())
        return True

    def _autosave(self) -> None:
        if self.app.persist and not self.match.is_over():
            store.write_autosave(self.match, [s.to_json() for s in self.seats])

    def _finish(self) -> None:
        from game.scenes.results import ResultsScene

        self.finished = True
        self.app.audio.flush()  # e.g. the game-over chord, if its cue is still waiting
        if self.app.persist:
            store.clear_autosave()  # a finished game is not something to Continue
        self.app.stack.replace(ResultsScene(self.app, self.info.id, self.match, self.seats,
                                            self.names))

    def undo_seat(self, device: str | None) -> int | None:
        """The seat an undo from this device would undo."""
        seat = self.seat_of(device) if device else None
        return seat if seat is not None else self.active

    def can_undo(self, device: str | None = None) -> bool:
        """True if that device's seat may undo now."""
        seat = self.undo_seat(device)
        return seat is not None and self.match.can_undo(seat)

    def undo(self, device: str | None = None) -> bool:
        """Undo the seat's last step (BGA policy, via the Match); True if it did."""
        seat = self.undo_seat(device)
        if seat is None or not self.can_undo(device) or not self.match.undo(seat):
            return False
        self._autosave()
        self.renderer.reset(self.match.view(self.viewer), self.viewer)
        self.app.audio.cancel()  # the undone step's animation is gone, so are its sounds
        self.app.audio.play("back")
        return True

    # -- focus slots -------------------------------------------------------------------------
    def slots(self, seat: int) -> tuple[dict[FocusKey, pygame.Rect], dict[FocusKey, Option]]:
        """Focusable rects and their options for a seat's prompt: board targets, then bar."""
        prompt = self.match.prompt_for(seat)
        if prompt is None:
            return {}, {}
        targets = self.renderer.targets()
        shared = Counter(o.target for o in prompt.options)
        rects: dict[FocusKey, pygame.Rect] = {}
        options: dict[FocusKey, Option] = {}
        bar: list[int] = []
        for i, option in enumerate(prompt.options):
            rect = targets.get(option.target) if option.target is not None else None
            # Options sharing one target, or without a drawn target, become bar buttons.
            if rect is not None and shared[option.target] == 1:
                key = ("board", option.target)
                rects[key], options[key] = pygame.Rect(rect), option
            else:
                bar.append(i)
        focus = self.focus.get(seat)
        for i, rect in self._bar_layout(prompt, bar, focus).items():
            rects[("bar", i)], options[("bar", i)] = rect, prompt.options[i]
        return rects, options

    def focus_of(self, seat: int) -> FocusKey | None:
        """The seat's focused slot (the first slot if the stored one is gone)."""
        rects, _ = self.slots(seat)
        focus = self.focus.get(seat)
        return focus if focus in rects else next(iter(rects), None)

    def _bar_labels(self, prompt: Prompt, bar: list[int]) -> dict[int, str]:
        out = {}
        for i in bar:
            option = prompt.options[i]
            out[i] = t(option.label, **dict(option.params)) if option.label else str(option.action)
        return out

    def _bar_zone(self, widths: list[int] | None = None) -> tuple[int, int]:
        """The x range of the bar buttons: right-aligned against the hints, and the message
        keeps at least MESSAGE_W pixels (buttons scroll when they do not fit)."""
        right = BAR_RECT.right - 40 - hints_width(self._hints(), self.app.input.last_kind)
        needed = sum(widths) + BAR_GAP * (len(widths) - 1) if widths else 0
        return max(BAR_RECT.x + MESSAGE_W + 30, right - needed), right

    def _bar_layout(self, prompt: Prompt, bar: list[int], focus: FocusKey | None
                    ) -> dict[int, pygame.Rect]:
        """Bar button rects; scrolled so the focused one is visible (others may lie outside)."""
        labels = self._bar_labels(prompt, bar)
        widths = [min(theme.font(theme.SMALL_SIZE).size(labels[i])[0] + 44, 520) for i in bar]
        left, right = self._bar_zone(widths)
        x, rects = left, {}
        for i, w in zip(bar, widths):
            rects[i] = pygame.Rect(x, BAR_RECT.centery - BAR_BUTTON_H // 2, w, BAR_BUTTON_H)
            x += w + BAR_GAP
        focused = focus[1] if focus and focus[0] == "bar" and focus[1] in rects else None
        if focused is not None and rects[focused].right > right:
            shift = rects[focused].right - right
            for rect in rects.values():
                rect.x -= shift
        return rects

    # -- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Pause on menu/back; otherwise route the intent to the seat it drives."""
        if intent.kind in ("menu", "back"):
            from game.scenes.pause import PauseScene

            self.app.stack.push(PauseScene(self.app, self, intent.device))
            self.app.audio.play("pause")
            return True
        if self.finished or intent.kind not in BOARD_INTENTS:
            return False
        if intent.kind == "undo" and self.curtain is None:
            # reset() drops a running animation: no need to wait
            return self.undo(intent.device) or self._refuse()
        if self.renderer.busy():
            return False
        if intent.kind in ("confirm", "click") and self._reclaim(intent.device):
            return True
        if self.curtain is not None:
            return self._curtain_input(intent)
        seat = self._route(intent.device)
        if seat is None or self.disconnected(seat):
            return False  # a seat whose controller is gone waits to be reclaimed
        return self._board_input(seat, intent)

    def _reclaim(self, device: str) -> bool:
        """A free device pressing A takes over a seat whose controller was unplugged."""
        lost = [i for i in self.humans() if self.disconnected(i)]
        if not lost or self.seat_of(device) is not None:
            return False
        seat = self.active if self.active in lost else lost[0]
        self.seats[seat].device = device
        return True

    def _route(self, device: str) -> int | None:
        """The seat this device drives now: its own seat on its turn, else the active seat."""
        bound = self.seat_of(device)
        prompts = self.human_prompts()
        if bound is None:
            return self.active  # a free device (or the mouse) helps whoever is deciding
        if bound in prompts and (not self.hidden() or bound == self.active):
            self.active = bound  # simultaneous play: show the prompt of who pressed
            return bound
        return None

    def _curtain_input(self, intent: Intent) -> bool:
        seat = self.curtain
        if intent.kind not in ("confirm", "click") or seat is None:
            return True
        bound = self.seat_of(intent.device)
        if bound not in (None, seat):
            return True  # another player's controller cannot lift this player's curtain
        self.revealed, self.active, self.curtain = seat, seat, None
        self.app.audio.play("confirm")
        self.viewer = seat
        self.renderer.reset(self.match.view(seat), seat)
        return True

    def _board_input(self, seat: int, intent: Intent) -> bool:
        rects, options = self.slots(seat)
        if not rects:
            return False
        focus = self.focus_of(seat)
        kind = intent.kind
        target = None
        if kind in DIRECTIONS:
            target = nearest(rects, focus, kind)
        elif kind in ("page_prev", "page_next", "alt"):
            keys = list(rects)
            step = -1 if kind == "page_prev" else 1
            target = keys[(keys.index(focus) + step) % len(keys)]
        elif kind in ("pointer", "click") and intent.pos:
            target = hit(self._visible(rects), intent.pos)
        if target is not None:
            self.focus[seat] = target
            if target != focus and kind != "click":
                self.app.audio.play("tick")
        if kind == "click" and target is not None:
            self._choose(seat, options[target].action)
        elif kind == "confirm" and focus is not None:
            self._choose(seat, options[focus].action)
        return True

    def _choose(self, seat: int, action: Any) -> None:
        """A person's choice: a click on success, a buzz if the rules refuse it."""
        if self._apply(seat, action):
            self.app.audio.play("confirm")
        else:
            self._refuse()

    def _refuse(self) -> bool:
        """Buzz for a refused press; False, as the intent changed nothing."""
        self.app.audio.play("error")
        return False

    def _visible(self, rects: dict[FocusKey, pygame.Rect]) -> dict[FocusKey, pygame.Rect]:
        left, right = self._bar_zone([r.w for k, r in rects.items() if k[0] == "bar"])
        return {k: r for k, r in rects.items()
                if k[0] == "board" or (r.left >= left - 1 and r.right <= right + 1)}

    # -- drawing -----------------------------------------------------------------------------
    def _hints(self) -> list[tuple[str, str]]:
        hints = [("confirm", "hint.choose")]
        if self.active is not None and self.match.can_undo(self.active):
            hints.append(("undo", "hint.undo"))
        hints.append(("menu", "hint.menu"))
        return hints

    def draw(self, surface: pygame.Surface) -> None:
        """Board, bar, banners and the curtain."""
        busy = self.renderer.busy()
        seat = self.active if self.curtain is None and not busy else None
        prompt = self.match.prompt_for(seat) if seat is not None else None
        rects: dict[FocusKey, pygame.Rect] = {}
        focus = None
        if prompt is not None:
            rects, _ = self.slots(seat)
            focus = self.focus.get(seat)
            focus = focus if focus in rects else next(iter(rects), None)
        board_focus = focus[1] if focus and focus[0] == "board" else None
        self.renderer.draw(surface, board_focus, prompt)
        if seat is not None:
            self._draw_other_focus(surface, seat)
        self._draw_bar(surface, seat, prompt, rects, focus)
        self._draw_disconnected(surface)
        if self.curtain is not None:
            self._draw_curtain(surface, self.curtain)

    def _draw_other_focus(self, surface: pygame.Surface, active: int) -> None:
        """Simultaneous play: the other deciders' cursors, ringed in their seat colours."""
        for other in self.human_prompts():
            key = self.focus.get(other)
            if other == active or key is None or key[0] != "board":
                continue
            rect = self.renderer.targets().get(key[1])
            if rect is not None:
                color = theme.PLAYER_COLORS[other % len(theme.PLAYER_COLORS)]
                pygame.draw.rect(surface, color, pygame.Rect(rect).inflate(10, 10), 5,
                                 border_radius=12)

    def _draw_bar(self, surface: pygame.Surface, seat: int | None, prompt: Prompt | None,
                  rects: dict[FocusKey, pygame.Rect], focus: FocusKey | None) -> None:
        pygame.draw.rect(surface, theme.PANEL, BAR_RECT)
        pygame.draw.line(surface, theme.PANEL_LIGHT, BAR_RECT.topleft, BAR_RECT.topright, 3)
        message, who = self._bar_message(seat, prompt)
        bar_rects = [r.w for k, r in rects.items() if k[0] == "bar"]
        message_right = self._bar_zone(bar_rects)[0] - 30 if prompt is not None else 1400
        x = BAR_RECT.x + 24
        if who is not None:
            color = theme.PLAYER_COLORS[who % len(theme.PLAYER_COLORS)]
            pygame.draw.circle(surface, color, (x + 18, BAR_RECT.centery), 18)
            x += 50
        draw_text(surface, fit(message, theme.SMALL_SIZE, message_right - x),
                  (x, BAR_RECT.centery), theme.SMALL_SIZE, theme.TEXT, "midleft")
        if prompt is not None:
            self._draw_bar_buttons(surface, prompt, rects, focus)
        if prompt is not None or self.curtain is not None:
            draw_hints(surface, self._hints(), self.app.input.last_kind,
                       (BAR_RECT.right - 24, BAR_RECT.centery))

    def _bar_message(self, seat: int | None, prompt: Prompt | None) -> tuple[str, int | None]:
        if self.match.is_over():
            return t("game.over"), None
        if prompt is not None and seat is not None:
            text = t(prompt.message, **dict(prompt.params))
            return f"{self.names[seat]}: {text}", seat
        waiting = [p.player for p in self.match.prompts()]
        if waiting and waiting[0] in self.bots:
            return t("game.bot_thinking", name=self.names[waiting[0]]), waiting[0]
        if waiting:
            return t("game.waiting_for", name=self.names[waiting[0]]), waiting[0]
        return "", None

    def _draw_bar_buttons(self, surface: pygame.Surface, prompt: Prompt,
                          rects: dict[FocusKey, pygame.Rect], focus: FocusKey | None) -> None:
        left, right = self._bar_zone([r.w for k, r in rects.items() if k[0] == "bar"])
        clip = pygame.Rect(left - 10, BAR_RECT.y, right - left + 20, BAR_RECT.h)
        old_clip = surface.get_clip()
        surface.set_clip(clip)
        for key, rect in rects.items():
            if key[0] != "bar":
                continue
            option = prompt.options[key[1]]
            label = t(option.label, **dict(option.params)) if option.label else str(option.action)
            panel(surface, rect, theme.PANEL_LIGHT if key == focus else theme.BACKGROUND,
                  theme.TEXT_DIM, 2, 14)
            draw_text(surface, fit(label, theme.SMALL_SIZE, rect.w - 24), rect.center,
                      theme.SMALL_SIZE, theme.TEXT, "center")
        surface.set_clip(old_clip)
        if focus is not None and focus[0] == "bar" and focus in rects:
            pygame.draw.rect(surface, theme.FOCUS, rects[focus].inflate(8, 8), 5, border_radius=16)
        elif focus is not None and focus in rects:
            self._board_focus(surface, rects[focus])

    def _board_focus(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A pulsing two-tone ring: the renderer highlights every option, this marks THE one."""
        grow = 14 + int(5 * (1 + math.sin(self.clock * 6)))
        ring = rect.inflate(grow, grow)
        pygame.draw.rect(surface, (20, 20, 28), ring.inflate(8, 8), 6, border_radius=16)
        pygame.draw.rect(surface, theme.FOCUS, ring, 6, border_radius=14)

    def _draw_disconnected(self, surface: pygame.Surface) -> None:
        lost = [i for i in self.humans() if self.disconnected(i)]
        for n, seat in enumerate(lost):
            box = pygame.Rect(260, 40 + n * 110, 1400, 90)
            panel(surface, box, theme.BAD, (255, 255, 255), 3)
            draw_text(surface, fit(t("game.disconnected", name=self.names[seat]),
                                   theme.BODY_SIZE, box.w - 40),
                      box.center, theme.BODY_SIZE, (255, 255, 255), "center", True)

    def _draw_curtain(self, surface: pygame.Surface, seat: int) -> None:
        dim(surface, 235)
        color = theme.PLAYER_COLORS[seat % len(theme.PLAYER_COLORS)]
        box = pygame.Rect(360, 330, 1200, 360)
        panel(surface, box, theme.PANEL, color, 8, 28)
        draw_text(surface, t("game.pass_to", name=self.names[seat]), (960, 440),
                  theme.HEADING_SIZE, color, "center", True)
        draw_hints(surface, [("confirm", "game.ready")], self.app.input.last_kind, (1180, 580),
                   theme.BODY_SIZE)


BOARD_INTENTS = frozenset(DIRECTIONS) | {"confirm", "click", "pointer", "undo", "page_prev",
                                         "page_next", "alt"}
