"""The generic board scene: a thin coordinator of the match driver, the table mode and a game's
BoardRenderer.

The driver (game.engine.driver) plays the match: choices, chance, bots, undo, autosave. The table
mode (game.scenes.table) decides how people share the screen: whose prompt and hand show, where
focus and bar buttons go, how input is routed, what is drawn over the board. The renderer
(board_api.BoardRenderer) only draws the board and animates its events; this scene turns the
driver's events into animation and sound and opens the pause and results screens.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from math import isinf
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import pygame

from game.companion.devices import is_phone
from game.engine.bots import BOT_KINDS, seat_bots
from game.engine.capabilities import capability, supports
from game.engine.core import Config, Event, Prompt
from game.engine.driver import MatchDriver
from game.engine.match import Match
from game.engine.registry import get_game
from game.engine.search_pool import match_pool
from game.scenes.game_damage import FrameDamage
from game.scenes.game_sleep import TableSleeper
from game.scenes.hinting import HintDesk
from game.scenes.relanguage import rebuild_board
from game.scenes.seat_change import AbsenceWatch
from game.scenes.seating import HUMAN, SeatSpec, seat_name
from game.scenes.table import Table, table_for
from game.scenes.table.base import Slots
from game.scenes.table.focus import FocusKey
from game.ui import settings as store
from game.ui.audio import event_cues
from game.ui.board_api import CANVAS_SIZE
from game.ui.input import DIRECTIONS, Intent
from game.ui.language_watch import LanguageWatch
from game.ui.memory import settle_heap
from game.ui.render_kit import RoomRenderer
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

BOARD_INTENTS = frozenset(DIRECTIONS) | {"confirm", "click", "pointer", "undo", "page_prev",
                                         "page_next", "alt"}
WHOLE_CANVAS = pygame.Rect((0, 0), CANVAS_SIZE)
SEAT_FACTS = attrgetter("kind", "device")  # what the scene reads of each seat, every frame


def aftermath_of(scene: GameScene) -> Callable[[Any, tuple[Event, ...]], Any]:
    """The scene's `_aftermath` for the bot worker, holding the scene weakly: a job still in
    flight when the scene goes (a demo ends) must not keep its renderer's surfaces alive."""
    held = weakref.ref(scene)

    def aftermath(state: Any, events: tuple[Event, ...]) -> Any:
        scene = held()
        return None if scene is None else scene._aftermath(state, events)
    return aftermath


class GameScene(Scene):
    """One match on screen: humans pick among legal targets, bots play, renderer animates."""

    music = None  # no menu music over a game: the board has its own sounds

    def __init__(self, app: App, game_id: str, seats: list[SeatSpec] | None, seed: int,
                 match: Match | None = None, hold_bots: bool = False,
                 options: tuple[tuple[str, Any], ...] = (), demo: bool = False,
                 seat_changes: tuple[tuple[int, list], ...] = ()) -> None:
        super().__init__(app)
        # An attract-mode demo: normal speed whatever the setting, no autosave, and at the end
        # no results screen of its own (the attract scene shows them): it never touches the
        # player's files.
        self.demo = demo
        saves = app.persist and not demo
        self.info = get_game(game_id)
        rules = self.info.make_rules()
        players = match.config.players if match else len(seats or [])
        match = match or Match(rules, Config(players, tuple(sorted(options))), seed)
        self.seats = seats or [SeatSpec("human")] + [SeatSpec(BOT_KINDS[0])
                                                     for _ in range(players - 1)]
        kinds = [None if s.human else s.kind for s in self.seats]
        # (each seat's kind and device, the human seats, those on this screen); the prompts
        # shown here, for one pending answer and those seats: asked several times a frame,
        # worked out again only when a seat or the game changes (`seat_facts`).
        self._facts: tuple[tuple, tuple[int, ...], frozenset[int]] = ((), (), frozenset())
        self._facts_frame: object | None = None  # the App.draw `_facts` was checked in
        self._prompts: tuple[Any, frozenset[int], dict[int, Prompt]] | None = None
        pool = match_pool(kinds, game_id, app.settings.search_workers)
        bots = seat_bots(kinds, game_id, match.seed, budget_s=app.settings.bot_budget, pool=pool)
        self.driver = MatchDriver(match, bots, store.autosave_path() if saves else None,
                                  {"seats": [s.to_json() for s in self.seats]}, search_pool=pool,
                                  seat_changes=seat_changes)
        self.driver.aftermath = aftermath_of(self)  # a bot's move's view, on the worker
        self.names = [seat_name(self.seats, i) for i in range(players)]
        # Split screen (board_api.SplitRenderer): one map and one cursor per seat, all live.
        self.split = supports(self.info.renderer_class(), "split_screen")
        self.renderer = self.new_renderer()
        # A room may tune its event sounds; audio.DEFAULT_CUES and kind patterns cover the rest.
        self.sound_cues = capability(self.renderer, "sound_cues")
        self.deciders: frozenset[int] = frozenset()  # human seats with a prompt, for the chime
        self._settled: tuple | None = None  # the `_table_inputs` the bookkeeping last ran on
        self.hold_bots = hold_bots  # screenshots: freeze the game where it is
        self.focus: dict[int, FocusKey] = {}  # each person's focused slot
        self.active: int | None = None  # the human seat whose prompt is shown
        self.viewer: int | None = None  # whose hand the board shows
        self.clock = 0.0  # drives the focus pulse
        self.finished = False
        # A bot's move applied by the rules but not yet shown: the next frame animates it (a
        # frame does the rules, the next the picture, so that no frame pays for both).
        # (events, the view after them, their sounds' cues: what the lighter frame can do)
        self._unshown: tuple[tuple[Event, ...], Any, list] | None = None
        self.table: Table = table_for(self, self.split, self.hidden())
        self.hint_desk = HintDesk(self)
        self.absence = AbsenceWatch()  # a pad or phone gone a minute: offer its seat to a bot
        self.frame_damage = FrameDamage(self)  # what each frame redraws (game_damage)
        self.language_watch = LanguageWatch()  # a switch in Settings: the board redrawn
        self.sleeper = TableSleeper(self)  # frames at rest skipped (game_sleep, game.ui.sleep)
        self._open()

    def _open(self) -> None:
        """Show the table, deal (animated for a new game) and start the autosave."""
        self.viewer = self.table.resting_viewer()
        if self.viewer is not None and self.on_phone(self.viewer):
            self.viewer = None
        fresh = not self.match.history
        self.renderer.reset(self.match.view(self.viewer), self.viewer)
        events = self.driver.open()
        if fresh and events and not isinf(self.speed_factor()):  # (inf: instant)
            # A new game: let the renderer animate the opening deal from the empty table.
            self.renderer.animate(events, self.match.view(self.viewer), self.viewer)
            self.app.audio.play_events(events, self.sound_cues)
        else:
            self.renderer.reset(self.match.view(self.viewer), self.viewer)
        if not self.renderer.busy():
            self.table.sync()  # otherwise update() does it once the deal has been shown
        self.table.prepare()  # the bar's texts of bots thinking, made before the first frame

    # read several times a frame: a getter in C, no Python function of its own
    match = property(attrgetter("driver.match"), doc="The match being played.")

    # -- seats -------------------------------------------------------------------------------
    def seat_facts(self) -> tuple[tuple[int, ...], frozenset[int]]:
        """(the human seats, those of them played on this screen rather than on a phone),
        worked out again only when a seat changes hands or devices (looked at once per App.draw:
        no seat changes while one draws, and its damage report and passes ask several times)."""
        frame = getattr(self.app.canvas, "frame", None)  # the draw under way (None: none)
        if frame is None or frame is not self._facts_frame:
            signature = tuple(map(SEAT_FACTS, self.seats))
            if signature != self._facts[0]:
                humans = tuple(i for i, (kind, _) in enumerate(signature) if kind == HUMAN)
                here = frozenset(i for i in humans if not is_phone(signature[i][1]))
                self._facts = signature, humans, here
            self._facts_frame = frame
        return self._facts[1], self._facts[2]

    def new_renderer(self) -> Any:
        """A board renderer of this game for the match and the seats' names (a split screen's
        told its humans): at the start, and again after a language switch (relanguage)."""
        match = self.match
        renderer = self.info.renderer_class()(match.rules, match.config, self.names)
        if self.split:
            renderer.set_humans(tuple(self.humans()))
        return renderer

    def humans(self) -> list[int]:
        """Seats played by people."""
        return list(self.seat_facts()[0])

    def hidden(self) -> bool:
        """True when hands must be hidden between human turns (shared screen, closed hands)."""
        return (self.info.hidden_hands and not self.app.settings.open_hands
                and len(self.seat_facts()[1]) > 1)

    def on_phone(self, seat: int) -> bool:
        """True if a phone holds the seat: its prompt and hand are on the phone, not the TV."""
        return is_phone(self.seats[seat].device)

    def human_prompts(self) -> dict[int, Prompt]:
        """The prompts waiting for human seats now (a phone's seat answers on the phone); the
        same dict until the game or a seat changes: read it, never change it."""
        here = self.seat_facts()[1]
        match, memo = self.match, self._prompts
        # (the state is held: its identity marks the game's position, and what is pending
        # follows from it)
        if memo is None or memo[0] is not match.state or memo[1] is not here:
            prompts = {p.player: p for p in match.prompts() if p.player in here}
            memo = self._prompts = match.state, here, prompts
        return memo[2]

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

    def show_hand(self, viewer: int | None) -> None:
        """Let the board show `viewer`'s hand (None: the public view; a phone's hand never)."""
        if viewer is not None and self.on_phone(viewer):
            viewer = None
        if viewer != self.viewer:
            self.viewer = viewer
            self._unshown = None  # the reset shows the move already
            self.renderer.reset(self.match.view(viewer), viewer)

    # -- the table mode's answers --------------------------------------------------------------
    @property
    def curtain(self) -> int | None:
        """Pass-the-screen: the seat the curtain waits for (None when it is up)."""
        return self.table.curtain

    def slots(self, seat: int) -> Slots:
        """Focusable rects and their options for a seat's prompt: board targets, then bar."""
        return self.table.slots(seat)

    def focus_of(self, seat: int) -> FocusKey | None:
        """The seat's focused slot (the first slot if the stored one is gone)."""
        return self.table.focus_of(seat)

    def seat_busy(self, seat: int) -> bool:
        """True while an animation holds this seat's input (the whole board's when not split)."""
        return self.table.seat_busy(seat)

    def save_seats(self) -> None:
        """Put the seat table (hint counts included) into the autosave: a seat that changed
        hands is a journal line (the history shows when), a hint count a new header."""
        table = [s.to_json() for s in self.seats]
        if [s["kind"] for s in table] != [s["kind"] for s in self.driver.meta_seats()]:
            self.driver.note_seats(table)
        else:
            self.driver.set_meta({"seats": table})

    def _follow_settings(self) -> None:
        """Open hands switched in the settings: the curtain comes or goes from now on."""
        if not self.split and self.hidden() != self.table.hides_hands:
            self.table = table_for(self, self.split, self.hidden())

    # -- flow --------------------------------------------------------------------------------
    def speed_factor(self) -> float:
        """Animation and bot pace: the setting's (inf at the "instant" speed: moves are shown
        at once), or normal speed for a demo."""
        return 1.0 if self.demo else self.app.settings.speed_factor()

    def update(self, dt: float) -> None:
        """Animate; when the table is free: results, whose turn shows, a bot move."""
        sleeper = self.sleeper
        sleeper.ready = False
        self.clock += dt
        settings = self.app.settings  # `speed_factor`, inline (every frame)
        factor = 1.0 if self.demo else store.SPEED_FACTORS.get(settings.animation_speed, 1.0)
        if self.demo or settings.animation_speed != "instant":
            scaled = dt * factor
            self.renderer.update(scaled)
            audio = self.app.audio
            if audio.queued:  # in step with tweens (none queued: its clock rests, nothing due)
                audio.update(scaled)
        if self._unshown is not None:  # after the advance: its tweens start from their first frame
            self._show_unshown()
        if self.finished:
            return
        if self.table.waits_for_animation():
            # Only the settings are followed meanwhile (a no-op unless they changed; never
            # anything to follow where hands never hide): the bookkeeping's inputs are
            # compared once the table is free again.
            if self.info.hidden_hands and not self.split:
                self._follow_settings()
            return
        inputs = self._table_inputs()
        fresh = inputs != self._settled  # else the bookkeeping below would change nothing
        if fresh:
            self._follow_settings()
            if self.table.waits_for_animation():  # a new table (curtain) may wait
                return
            if self.match.is_over():
                self._finish()
                return
            self.table.sync()
        absence, desk = self.absence, self.hint_desk
        # (their own early-outs, tested here first: the usual frame calls neither)
        if absence.gone or absence.offered or inputs[1][0]:  # someone to miss: the humans
            absence.update(self, dt)
        if desk.wanted or desk.worker.job is not None:
            desk.update()
        if fresh:
            self._turn_chime()
            self._settled = inputs  # what it ran on: the next frame that sees the same skips it
        table = self.table
        if table.curtain is None and not self.hold_bots:  # the bots think and play
            events = self.driver.play_bots(dt * factor, table.bot_ready, table.bots_at_once(),
                                           table.keeps_bot_pace)
            if events is not None:
                self._bots_moved(events)
                return
        # nothing but clocks moved (if the renderer is at rest too: TableSleeper.sleep)
        # (a split table plays on while seats animate: tweens running are not at rest)
        timeline = getattr(self.renderer, "timeline", None)
        sleeper.ready = timeline is not None and not (
            timeline.tweens or absence.gone or absence.offered or desk.wanted
            or desk.worker.job is not None)

    def _table_inputs(self) -> tuple:
        """Everything the table's bookkeeping (the settings followed, the end of the game, whose
        turn shows, the chime) reads and writes: it runs again only when this changed."""
        table = self.table
        return (self.match.pending(), self.seat_facts(), self.app.settings.open_hands, table,
                table.curtain, getattr(table, "revealed", None), self.active, self.viewer)

    def _turn_chime(self) -> None:
        """Chime when a person's turn comes (not on each step of a turn already theirs)."""
        deciders = frozenset(self.human_prompts())
        if deciders - self.deciders:
            self.app.audio.play("chime")
        self.deciders = deciders

    def _bots_moved(self, events: tuple[Event, ...]) -> None:
        """A bot's move, applied by the rules: shown next frame, with the view of now (a
        person's move may come meanwhile). The worker made the view with the move, for the
        viewer it read then: used if still ours. (The cues stay here: cheap, and the applying
        frame is the one that lays them out.)"""
        after = self.driver.landed_after
        if after is not None and after[0] == self.viewer:
            view = after[1]
        else:
            view = self.match.view(self.viewer)
        self._unshown = (events, view, event_cues(events, self.sound_cues))

    def _aftermath(self, state: Any, events: tuple[Event, ...]) -> tuple[int | None, Any]:
        """(viewer, its view of `state`), worked out on the bot worker for a bot's move (views
        are pure; the viewer is read once, and compared on the frame that adopts the move, so a
        viewer changed meanwhile falls back to a view made on the frame)."""
        viewer = self.viewer
        return viewer, self.match.rules.view(state, viewer)

    def _show_unshown(self) -> None:
        """Show the bot move the rules applied last frame, if any."""
        if self._unshown is not None:
            (events, view, cues), self._unshown = self._unshown, None
            self._show(events, view, cues)

    def apply(self, seat: int, action: Any) -> bool:
        """A seat's choice through the scene (the renderer animates it); False if refused."""
        if getattr(self.app, "sleep", None) is not None:  # (a move from outside any frame)
            self.app.wake()  # the table's clocks first, as if its skipped frames had run
        events = self.driver.apply(seat, action)
        if events is None:
            return False
        self._show_unshown()  # a bot's move of the frame before came first
        self.hint_desk.answered(seat)
        self._show(events)
        return True

    def _show(self, events: tuple[Event, ...], view: Any = None,
              cues: list | None = None) -> None:
        """Animate (or, at instant speed, show) the events and play their sounds; `view`: the
        viewer's view right after them (None: the match's now); `cues`: their sounds' cues
        (None: worked out now)."""
        if view is None:
            view = self.match.view(self.viewer)
        self.renderer.animate(events, view, self.viewer)
        instant = isinf(self.speed_factor())
        if instant:  # the renderer still hears the events (a move log), then skips ahead
            self.renderer.reset(view, self.viewer)
        self.app.audio.play_events(events, self.sound_cues, instant=instant, cues=cues)

    def _finish(self) -> None:
        self.finished = True
        self.app.audio.flush()  # e.g. the game-over chord, if its cue is still waiting
        self.driver.close()
        if self.demo:
            return  # the attract scene sees `finished` and shows the results itself
        if self.app.persist:
            store.clear_autosave()  # a finished game is not something to Continue
        self.app.stack.replace(self.app.open("results", self.info.id, self.match, self.seats,
                                             self.names))

    def enter(self) -> None:
        """On the stack: the heap is settled now, as a level loads (memory.settle_heap)."""
        settle_heap()

    def exit(self) -> None:
        """Leaving (quit, results): cues of animations nobody will see are dropped, and a
        sleep of this table ends (it would keep the scene and its surfaces alive)."""
        sleep = getattr(self.app, "sleep", None)
        if sleep is not None and sleep.sleeper is self.sleeper:
            self.app.sleep = None
        self.app.audio.cancel()
        self.driver.close()
        self.hint_desk.close()

    # -- language ----------------------------------------------------------------------------
    def resume(self) -> None:
        """On top again (a menu closed): the language may have changed behind it."""
        self.follow_language()

    def follow_language(self) -> None:
        """After a language switch (asked once as a menu over the game closes, never per frame):
        the seats' names and a new renderer in the new language, reset to where the game is,
        as if the game had been opened in it here (the art caches were emptied by the switch).
        An animation under way is skipped, as an undo skips it."""
        if not self.language_watch.changed():
            return
        self._unshown = None  # the new renderer shows the move already
        rebuild_board(self)
        self._settled = None  # the table's bookkeeping runs again on the new renderer

    # -- undo --------------------------------------------------------------------------------
    def undo_seat(self, device: str | None) -> int | None:
        """The seat an undo from this device would undo."""
        seat = self.seat_of(device) if device else None
        return seat if seat is not None else self.active

    def can_undo(self, device: str | None = None) -> bool:
        """True if that device's seat may undo now."""
        return self.driver.can_undo(self.undo_seat(device))

    def undo(self, device: str | None = None) -> bool:
        """Undo the seat's last step (BGA policy, via the driver); True if it did."""
        seat = self.undo_seat(device)
        if seat is None or not self.driver.undo(seat):
            return False
        self._unshown = None  # the reset shows where the game is now
        self.renderer.reset(self.match.view(self.viewer), self.viewer)
        self.hint_desk.forget()
        self.app.audio.cancel()  # the undone step's animation is gone, so are its sounds
        self.app.audio.play("back")
        return True

    # -- input and drawing -------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Pause on menu/back, Help and Hint; otherwise the table mode routes the intent."""
        if intent.kind in ("menu", "back"):
            self.app.stack.push(self.app.open("pause", self, intent.device))
            self.app.audio.play("pause")
            return True
        if self.finished:
            return False
        if intent.kind == "help":
            self.open_help(intent.device)
            return True
        if intent.kind == "hint":
            seat = self.asking_seat(intent.device)
            return seat is not None and self.hint_desk.request(seat)
        if intent.kind == "peek":  # a room's extra view of the asking seat's board, on or off
            peek, seat = capability(self.renderer, "peek"), self.asking_seat(intent.device)
            return peek is not None and seat is not None and peek(seat)
        if intent.kind not in BOARD_INTENTS:
            return False
        self._follow_settings()
        return self.table.handle(intent)

    def asking_seat(self, device: str) -> int | None:
        """The seat a Help or Hint press is about: a bound device's own seat while its prompt is
        on screen; for a free device (the keyboard, a spare pad) the seat on screen. None under
        the pass-the-screen curtain or while nobody here decides."""
        shown = self.table.focus_seats()
        seat = self.seat_of(device)
        if seat is None:
            seat = self.active
        return seat if seat in shown else None

    def open_help(self, device: str) -> None:
        """The Help panel over the game, about the asking seat's prompt (or the game at large
        when nobody on this screen is deciding)."""
        seat = self.asking_seat(device)
        prompt = self.match.prompt_for(seat) if seat is not None else None
        self.app.stack.push(self.app.open("help", self.info.id, prompt,
                                          self.names[seat] if seat is not None else ""))
        self.app.audio.play("pause")

    def damage(self) -> list[pygame.Rect] | None:
        """The canvas rects the next frame redraws (None: all of it; see game_damage)."""
        return self.frame_damage.damage()

    def opaque_area(self) -> pygame.Rect | None:
        """All of the canvas when the renderer covers the board with opaque pixels (every table
        mode paints the whole bar): the app lays no background fill under this scene."""
        renderer = self.renderer
        if isinstance(renderer, RoomRenderer) and renderer.opaque_board():
            return WHOLE_CANVAS
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Board, bar, banners, the shown hints and, with hidden hands, the curtain."""
        self.table.draw(surface)
        if self.hint_desk.shown:
            self.hint_desk.draw(surface, self.table.focus_seats())
