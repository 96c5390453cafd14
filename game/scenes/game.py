"""The generic board scene: drives a Match, seats (humans and bots) and a game's BoardRenderer.

The shell owns input, focus over legal targets, bots, undo, autosave, the pass-the-screen
curtain and the bottom bar; the game's renderer (board_api.BoardRenderer) only draws the board.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.bots import BOT_KINDS, make_bot
from game.engine.core import Config, IllegalAction, Option, Prompt
from game.engine.match import Match
from game.engine.registry import get_game
from game.scenes import game_paint as paint
from game.scenes.bot_worker import BotWorker
from game.scenes.seating import SeatSpec, seat_name
from game.ui import settings as store
from game.ui.board_api import BAR_RECT, is_split
from game.ui.focus import hit, nearest
from game.ui.i18n import t
from game.ui.input import DIRECTIONS, Intent
from game.ui.scene import Scene
from game.ui.widgets import draw_hints, hints_width

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)
THINK_TIME = 0.45  # seconds a bot "thinks" before each decision at 1x, so people can follow
FocusKey = tuple  # ("board", target) or ("bar", option index)


class GameScene(Scene):
    """One match on screen: humans pick among legal targets, bots play, renderer animates."""

    music = None  # no menu music over a game: the board has its own sounds

    def __init__(self, app: App, game_id: str, seats: list[SeatSpec] | None, seed: int,
                 match: Match | None = None, hold_bots: bool = False,
                 options: tuple[tuple[str, Any], ...] = ()) -> None:
        super().__init__(app)
        self.info = get_game(game_id)
        rules = self.info.make_rules()
        players = match.config.players if match else len(seats or [])
        self.match = match or Match(rules, Config(players, tuple(sorted(options))), seed)
        self.seats = seats or [SeatSpec("human")] + [SeatSpec(BOT_KINDS[0])
                                                     for _ in range(players - 1)]
        self.bots = {i: make_bot(s.kind, game_id, self.match.seed + i)
                     for i, s in enumerate(self.seats) if not s.human}
        self.names = [seat_name(self.seats, i) for i in range(players)]
        self.renderer = self.info.renderer_class()(rules, self.match.config, self.names)
        # Split screen (board_api.SplitRenderer): one map and one cursor per seat, all live.
        self.split = is_split(self.renderer)
        if self.split and callable(getattr(self.renderer, "set_humans", None)):
            self.renderer.set_humans(tuple(self.humans()))
        # A room may tune its event sounds; audio.DEFAULT_CUES and kind patterns cover the rest.
        self.sound_cues = getattr(self.renderer, "SOUND_CUES", None)
        self.deciders: frozenset[int] = frozenset()  # human seats with a prompt, for the chime
        self.hold_bots = hold_bots  # screenshots: freeze the game where it is
        self.focus: dict[int, FocusKey] = {}
        self._strips: dict[int, tuple[tuple, pygame.Surface]] = {}  # split screen: drawn strips
        self._bar_cache: tuple[tuple, pygame.Surface] | None = None
        self.active: int | None = None  # the human seat whose prompt is shown
        self.revealed: int | None = None  # hidden-hands mode: whose hand is on screen
        self.curtain: int | None = None  # hidden-hands mode: "pass to" this seat
        self.viewer: int | None = None
        self.think = 0.0
        self.worker = BotWorker()  # bots think off the frame loop
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
        return (self.info.hidden_hands and not self.app.settings.open_hands
                and len(self.humans()) > 1)

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
        """Animate; when idle (split screen: always): results, curtain, viewer, a bot move."""
        self.clock += dt
        if not self._instant():
            self.renderer.update(dt * self.app.settings.speed_factor())
            self.app.audio.update(dt * self.app.settings.speed_factor())  # in step with tweens
        if self.finished:
            return
        if self.renderer.busy() and (not self.split or self.match.is_over()):
            return  # split screen: seats animate on their own; only the end waits for all
        if self.match.is_over():
            self._finish()
            return
        self._sync()
        self._turn_chime()
        if self.curtain is None:
            self._bots(dt)

    def _resting_viewer(self) -> int | None:
        # Whose hand to show while no human is deciding.
        if self.hidden() or not self.humans() or self.split:
            return None  # split screen: every map shows the public view, whoever decides
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
            viewer = None if self.split else viewer  # a new viewer would reset running tweens
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
        self.worker.close()

    def _bots(self, dt: float) -> None:
        if self.hold_bots:
            return
        waiting = [p for p in self.match.prompts() if p.player in self.bots]
        if not waiting:
            self.think = 0.0
            self.worker.drop()
            return
        self.think += dt * self.app.settings.speed_factor()
        # Split screen: people decide at the same time, so bots answer at once (no fake pause).
        at_once = self.split and bool(self.human_prompts())
        # A bot waits for its own stroke and the card flip (seat_busy), never for other seats.
        ready = [p for p in waiting if not self.split or not self.seat_busy(p.player)]
        if not self.worker.busy() and ready:
            self._bot_think(ready[0])  # thinks during the pause, on the worker thread
        if self.think < THINK_TIME and not at_once:
            return
        answer = self.worker.collect(self.match.state)
        if answer is not None:
            think = self.think
            self._apply(*answer)
            if self.split:
                self.think = think  # the next bot answers on the next frame, with no new pause

    def _bot_think(self, prompt: Prompt) -> None:
        """Start one bot decision on its own view (answered on a later frame)."""
        seat = prompt.player
        view = self.match.view(seat)
        self.worker.start(seat, self.match.state, self.bots[seat], self.match.rules, view, prompt)

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
        targets = self.renderer.seat_targets(seat) if self.split else self.renderer.targets()
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
        layout = self._seat_bar_layout(seat, prompt, bar) if self.split else self._bar_layout(
            prompt, bar, focus)
        for i, rect in layout.items():
            rects[("bar", i)], options[("bar", i)] = rect, prompt.options[i]
        return rects, options

    def _seat_bar_layout(self, seat: int, prompt: Prompt, bar: list[int]
                         ) -> dict[int, pygame.Rect]:
        """Split screen: a seat's bar buttons, right-aligned in its own strip (they shrink to
        share the strip, so all of them stay visible and clickable)."""
        strip = pygame.Rect(self.renderer.seat_bar(seat))
        labels = self._bar_labels(prompt, bar)
        widths = [paint.label_width(labels[i], 360) for i in bar]
        room = strip.w * 2 // 3  # the seat's message keeps the rest
        need = paint.row_width(widths)
        if need > room:
            widths = [max(60, w * room // need) for w in widths]
        h = min(paint.BAR_BUTTON_H, strip.h - 8)
        x = strip.right - 8 - paint.row_width(widths)
        return dict(zip(bar, paint.row_of_buttons(widths, x, strip.centery, h)))

    def focus_of(self, seat: int) -> FocusKey | None:
        """The seat's focused slot (the first slot if the stored one is gone)."""
        rects, _ = self.slots(seat)
        focus = self.focus.get(seat)
        return focus if focus in rects else next(iter(rects), None)

    def _bar_labels(self, prompt: Prompt, bar: list[int]) -> dict[int, str]:
        return {i: self._option_label(prompt.options[i]) for i in bar}

    def _bar_zone(self, widths: list[int] | None = None) -> tuple[int, int]:
        """The x range of the bar buttons: right-aligned against the hints, and the message
        keeps at least MESSAGE_W pixels (buttons scroll when they do not fit)."""
        right = BAR_RECT.right - 40 - hints_width(self._hints(), self.app.input.last_kind)
        needed = paint.row_width(widths) if widths else 0
        return max(BAR_RECT.x + paint.MESSAGE_W + 30, right - needed), right

    def _bar_layout(self, prompt: Prompt, bar: list[int], focus: FocusKey | None
                    ) -> dict[int, pygame.Rect]:
        """Bar button rects; scrolled so the focused one is visible (others may lie outside)."""
        labels = self._bar_labels(prompt, bar)
        widths = [paint.label_width(labels[i], 520) for i in bar]
        left, right = self._bar_zone(widths)
        rects = dict(zip(bar, paint.row_of_buttons(widths, left, BAR_RECT.centery,
                                                    paint.BAR_BUTTON_H)))
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
        if self.split:
            return self._split_input(intent)
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

    def _split_input(self, intent: Intent) -> bool:
        """Split screen: each device drives its own seat's map; one seat's animation (its pencil
        stroke) never blocks another seat's cursor."""
        if intent.kind in ("confirm", "click") and self._reclaim(intent.device):
            return True
        seat = self._split_route(intent)
        if seat is None or self.disconnected(seat) or self.seat_busy(seat):
            return False
        return self._board_input(seat, intent)

    def seat_busy(self, seat: int) -> bool:
        """True while an animation holds this seat's input (the whole board's when not split)."""
        probe = getattr(self.renderer, "seat_busy", None)
        return probe(seat) if self.split and callable(probe) else self.renderer.busy()

    def _split_route(self, intent: Intent) -> int | None:
        """The seat a device drives in split screen: only its own, and only while it decides."""
        prompts = self.human_prompts()
        bound = self.seat_of(intent.device)
        if bound is not None:
            return bound if bound in prompts else None
        # A free device (the mouse, a spare pad) helps the seat under the pointer, else the first.
        if intent.pos is not None:
            for seat in sorted(prompts):
                if hit(self.slots(seat)[0], intent.pos) is not None:
                    return seat
        return min(prompts, default=None)

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
        if self.split:
            return rects  # seat strips never scroll
        left, right = self._bar_zone([r.w for k, r in rects.items() if k[0] == "bar"])
        return {k: r for k, r in rects.items()
                if k[0] == "board" or (r.left >= left - 1 and r.right <= right + 1)}

    # -- drawing -----------------------------------------------------------------------------
    def _hints(self) -> list[tuple[str, str]]:
        hints = [("confirm", "hint.choose")]
        seats = self.humans() if self.split else [self.active]
        if any(s is not None and self.match.can_undo(s) for s in seats):
            hints.append(("undo", "hint.undo"))
        hints.append(("menu", "hint.menu"))
        return hints

    def draw(self, surface: pygame.Surface) -> None:
        """Board, bar, banners and the curtain."""
        if self.split:
            self._draw_split(surface)
            return
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

    def _draw_split(self, surface: pygame.Surface) -> None:
        """Split screen: every map with its own options and cursor, a strip per seat, the bar."""
        waiting = self.human_prompts()  # once a frame: the strips and the bar read it
        prompts: dict[int, Prompt] = {}  # the waiting seats not held by an animation
        shown: dict[int, tuple[dict[FocusKey, pygame.Rect], FocusKey | None]] = {}
        for seat, prompt in waiting.items():
            if self.seat_busy(seat):
                continue  # its cursor waits for its own animation
            rects, _ = self.slots(seat)
            focus = self.focus.get(seat)
            prompts[seat] = prompt
            shown[seat] = rects, focus if focus in rects else next(iter(rects), None)
        focus_by_seat = {s: f[1] if f and f[0] == "board" else None for s, (_, f) in shown.items()}
        self.renderer.draw_seats(surface, focus_by_seat, prompts)
        for seat in self.humans():
            rects, focus = shown.get(seat, ({}, None))
            self._draw_seat_strip(surface, seat, prompts.get(seat), rects, focus, waiting)
        self._draw_split_bar(surface, waiting, sorted(prompts))
        self._draw_disconnected(surface)

    def _draw_seat_strip(self, surface: pygame.Surface, seat: int, prompt: Prompt | None,
                         rects: dict[FocusKey, pygame.Rect], focus: FocusKey | None,
                         waiting: dict[int, Prompt]) -> None:
        """One seat's message and bar buttons in its own strip; its focus ring. `waiting`:
        every human seat's prompt, held by an animation or not."""
        strip = pygame.Rect(self.renderer.seat_bar(seat))
        buttons: tuple = ()
        if prompt is not None:
            buttons = tuple((self._option_label(prompt.options[k[1]]),
                             r.move(-strip.x, -strip.y), k == focus)
                            for k, r in rects.items() if k[0] == "bar")
        if prompt is not None:
            message = t(prompt.message, **dict(prompt.params))
        elif self.match.is_over():
            message = t("game.over")
        elif seat in waiting:
            message = ""  # its prompt waits for its own animation (the card flip, a stroke)
        elif waiting:
            message = t("game.seat_done")  # answered: the cursor waits for the others
        else:
            message = ""
        key = (strip.size, seat, message, prompt is not None, buttons)
        cached = self._strips.get(seat)
        if cached is None or cached[0] != key:  # four strips a frame: draw each only on change
            cached = key, paint.render_strip(strip.size, seat, message, prompt is not None,
                                             buttons)
            self._strips[seat] = cached
        surface.blit(cached[1], strip)
        if focus is not None and focus in rects:
            if focus[0] == "bar":
                paint.bar_focus_ring(surface, rects[focus])
            else:
                paint.board_focus(surface, rects[focus], self.clock)

    def _option_label(self, option: Option) -> str:
        return t(option.label, **dict(option.params)) if option.label else str(option.action)

    def _draw_split_bar(self, surface: pygame.Surface, waiting: dict[int, Prompt],
                        deciding: list[int]) -> None:
        """The shared bar: who is still deciding (`deciding`: the waiting seats no animation
        holds), and the button hints."""
        if self.match.is_over():
            message = t("game.over")
        elif deciding:
            message = t("game.waiting_for", name=", ".join(self.names[s] for s in deciding))
        elif waiting:
            message = ""  # every person's prompt waits for an animation (the card flip)
        else:
            message = self._bar_message(None, None)[0]
        hints = tuple(self._hints()) if deciding else ()
        key = (message, hints, self.app.input.last_kind)
        if self._bar_cache is None or self._bar_cache[0] != key:
            self._bar_cache = key, paint.render_bar(message, hints, self.app.input.last_kind)
        surface.blit(self._bar_cache[1], BAR_RECT)

    def _draw_other_focus(self, surface: pygame.Surface, active: int) -> None:
        """Simultaneous play: the other deciders' cursors, ringed in their seat colours."""
        for other in self.human_prompts():
            key = self.focus.get(other)
            if other == active or key is None or key[0] != "board":
                continue
            rect = self.renderer.targets().get(key[1])
            if rect is not None:
                paint.other_focus(surface, rect, other)

    def _draw_bar(self, surface: pygame.Surface, seat: int | None, prompt: Prompt | None,
                  rects: dict[FocusKey, pygame.Rect], focus: FocusKey | None) -> None:
        message, who = self._bar_message(seat, prompt)
        bar_rects = [r.w for k, r in rects.items() if k[0] == "bar"]
        message_right = self._bar_zone(bar_rects)[0] - 30 if prompt is not None else 1400
        paint.paint_bar(surface, message, who, message_right)
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
                          rects: dict[FocusKey, pygame.Rect], focus: FocusKey | None,
                          clip: bool = True) -> None:
        old_clip = surface.get_clip()
        if clip:  # the bottom bar scrolls its buttons; a split-screen strip never does
            left, right = self._bar_zone([r.w for k, r in rects.items() if k[0] == "bar"])
            surface.set_clip(pygame.Rect(left - 10, BAR_RECT.y, right - left + 20, BAR_RECT.h))
        for key, rect in rects.items():
            if key[0] != "bar":
                continue
            paint.paint_button(surface, self._option_label(prompt.options[key[1]]), rect,
                               key == focus)
        surface.set_clip(old_clip)
        if focus is not None and focus[0] == "bar" and focus in rects:
            paint.bar_focus_ring(surface, rects[focus])
        elif focus is not None and focus in rects:
            paint.board_focus(surface, rects[focus], self.clock)

    def _draw_disconnected(self, surface: pygame.Surface) -> None:
        paint.paint_disconnected(surface, [self.names[i] for i in self.humans()
                                           if self.disconnected(i)])

    def _draw_curtain(self, surface: pygame.Surface, seat: int) -> None:
        paint.paint_curtain(surface, seat, self.names[seat], self.app.input.last_kind)


BOARD_INTENTS = frozenset(DIRECTIONS) | {"confirm", "click", "pointer", "undo", "page_prev",
                                         "page_next", "alt"}
