"""The application: window, letterboxed 1920x1080 canvas, input, scene stack and the frame loop.

Start-up only opens the window and draws the title: game modules load when a game is chosen.
A frame redraws and presents only what its scenes report changed (game.ui.damage).
"""

from __future__ import annotations

import logging
import time
import traceback
import weakref
from collections.abc import Sequence
from operator import methodcaller
from typing import Any

import pygame

from game.companion.bridge import Companion

from . import theme
from .audio import Audio
from .board_api import CANVAS_SIZE
from .damage import make_canvas, merge
from .i18n import set_language, t
from .input import InputMapper, Intent
from .pacing import FramePacer
from .scene import Scene, SceneRegistry, SceneStack
from .settings import Settings, load_settings, save_settings, start_log_file, write_crash_report
from .sleep import NO_LIMIT, Sleep, Sleeper
from .widgets import Menu, draw_text

DEFAULT_WINDOW = (1280, 720)
FPS = 60
MAX_DT = 0.1  # a stall (window drag, slow disk) must not teleport animations
LEAVE_BAR = pygame.Rect(660, 24, 600, 14)  # kiosk: the held combo's progress, its label below
LEAVE_AREA = pygame.Rect(0, 0, CANVAS_SIZE[0], 140)  # all the leave progress ever covers
CRASHES_IN_A_ROW = 3  # a screen that fails again right after recovery is a bug to surface
log = logging.getLogger(__name__)
DAMAGE_OF = methodcaller("damage")  # a scene's damage report, asked in C


class App:
    """Owns the window and scene stack; `step` runs one frame, so tests can drive it.

    `scenes` names every screen (game.scenes.scene_registry()); the app starts on "title".
    Idle time drives two screens by name: "attract" (a demo, from scenes whose `idle_policy` is
    "attract") and, in kiosk mode, "countdown" (over any scene left at the default "abandon").
    """

    def __init__(self, scenes: SceneRegistry, windowed: tuple[int, int] | None = None,
                 fullscreen: bool | None = None, settings: Settings | None = None,
                 persist: bool = True, kiosk: bool | None = None, recover: bool = False,
                 phones: bool | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        self.persist = persist  # False: never write settings or autosaves (screenshots, bench)
        # True (the real console, see `run`): a scene's exception ends on the title with a
        # message and a crash file. Tests and throwaway apps keep it off: a bug must fail loudly.
        self.recover = recover
        self.settings = settings if settings is not None else load_settings()
        set_language(self.settings.language)
        self.kiosk = self.settings.kiosk if kiosk is None else kiosk
        self.windowed_size = windowed or DEFAULT_WINDOW
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.fullscreen = self.fullscreen or self.kiosk
        if self.kiosk:
            pygame.display.set_allow_screensaver(False)  # a shop window must stay lit
        pygame.display.set_caption("City Board Console")
        self.screen = self._open_window()
        self.canvas = make_canvas(CANVAS_SIZE)
        # A canvas that notes what is drawn on it (the legibility tracer's class, installed
        # before the app) wants whole frames: known from its class, asked once.
        self._traced = getattr(self.canvas, "note_frame", None) is not None
        # Damage bookkeeping: the scenes drawn last frame (others on screen: redraw all; weak,
        # so a scene gone from the stack is freed at once), what the last draw changed (None:
        # everything) and whether the window shows all of it.
        self._drawn_scenes: list[weakref.ref[Scene]] = []
        self.drawn: list[pygame.Rect] | None = None
        self._window_stale = True
        self._leave_shown = False  # the kiosk's leave progress was drawn last frame
        self._letterbox: tuple[tuple[int, int], pygame.Rect] | None = None  # (window size, box)
        # (the stack, its version, the music it wants): the stack is held, not its id, as a
        # new stack (after a crash) may take the old one's address.
        self._music: tuple[SceneStack, int, str | None] | None = None
        self.full_redraw = False  # True: every frame drawn whole (the bench's "before" figures)
        # The top scene asleep (game.ui.sleep): its frames skipped until `sleep` is due or
        # something wakes it. `sleeps` False: every frame runs (a comparison, a test).
        self.sleep: Sleep | None = None
        self.sleeps = True
        self.input = InputMapper(self.to_canvas)
        self.input.start()
        # Throwaway apps (screenshots, bench) stay silent; the mixer opens on the first sound.
        self.audio = Audio(self.settings.music_volume, self.settings.effects_volume,
                           enabled=persist)
        self.stack = SceneStack()
        # Phones as controllers (game.companion): the server listens only while switched on.
        self.companion = Companion(self)
        if self.settings.phones if phones is None else phones:
            self.companion.start()
        self.running = True
        self.frames = 0
        self.idle = 0.0  # seconds since the last input from any device
        self.crashes = 0  # exceptions recovered from in consecutive frames
        self.scenes = scenes
        self.stack.push(self.open("title"))  # the only screen start-up loads
        self.stack.apply()

    # -- window ------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between fullscreen and the window; the canvas and scenes are untouched."""
        if on == self.fullscreen or self.kiosk:  # a kiosk stays fullscreen
            return
        if on:
            self.windowed_size = self.screen.get_size()  # come back to the same window size
        self.fullscreen = on
        self.screen = self._open_window()
        self.redraw()
        self.settings.fullscreen = on
        self.save_settings()

    def start_kiosk(self) -> None:
        """Enter kiosk mode now and on later launches (only `--no-kiosk` starts without it)."""
        self.set_fullscreen(True)
        pygame.display.set_allow_screensaver(False)
        self.kiosk = True
        self.settings.kiosk = True
        self.save_settings()

    def letterbox(self) -> pygame.Rect:
        """Where the canvas lands in the window: as large as fits, aspect kept, centred
        (worked out again only when the window's size changes; a copy)."""
        return self._box().copy()

    def _box(self) -> pygame.Rect:
        """`letterbox`, the app's own (not a copy: never change it)."""
        size = self.screen.get_size()
        if self._letterbox is None or self._letterbox[0] != size:
            width, height = size
            scale = min(width / CANVAS_SIZE[0], height / CANVAS_SIZE[1])
            rect = pygame.Rect(0, 0, round(CANVAS_SIZE[0] * scale),
                               round(CANVAS_SIZE[1] * scale))
            rect.center = (width // 2, height // 2)
            self._letterbox = size, rect
        return self._letterbox[1]

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """Window pixel → canvas pixel (None in the letterbox bars)."""
        box = self.letterbox()
        if not box.collidepoint(pos) or box.w == 0:
            return None
        return (int((pos[0] - box.x) * CANVAS_SIZE[0] / box.w),
                int((pos[1] - box.y) * CANVAS_SIZE[1] / box.h))

    # -- frame -------------------------------------------------------------------------------
    def step(self, events: Sequence[pygame.event.Event], dt: float = 1 / FPS,
             present: bool = True) -> bool:
        """One frame: events → intents → top scene, update, idle, apply stack changes, draw.

        An exception escaping a scene is written to the crash file and the console goes back
        to the title with a short message, instead of exiting.
        """
        dt = min(dt, MAX_DT)
        try:
            self._frame(events, dt)
            self.crashes = 0
        except Exception as exc:  # any scene bug ends on the title, not on the desktop
            if not self.recover:
                raise
            self._recover(exc)
        if not self.stack.scenes:
            self.running = False
        if present:
            if self.drawn != [] or self._window_stale:  # (`present`'s own early-out, inline)
                self.present()
        else:
            self._window_stale = True  # what was drawn meanwhile never reached the window
        # From the second frame on (the first title frame never waits for audio), when the
        # stack changed (`_follow_music`'s own test, inline: every frame).
        memo = self._music
        if self.frames and (memo is None or memo[0] is not self.stack
                            or memo[1] != self.stack.version):
            self._follow_music()
        self.frames += 1
        return self.running

    def _frame(self, events: Sequence[pygame.event.Event], dt: float) -> None:
        if events and self.sleep is not None:
            self.wake()  # the scene's clocks catch up before any event reaches it
        for event in events:
            self._event(event)
        for intent in self.input.update(dt):
            self.dispatch(intent)
        self.companion.pump()  # phones' moves, through the same scene calls as a pad's
        sleep = self.sleep
        if sleep is not None:  # (what wakes it, game.ui.sleep, tested inline: every frame skipped)
            idle, settings, stack = self.idle + dt, self.settings, self.stack
            scaled, answer, watch = dt * sleep.factor, sleep.answer, sleep.watch
            pace, cue = sleep.pace + scaled, sleep.cue + scaled
            if (stack.version == sleep.version and not stack._ops
                    and (watch is None or watch.state is sleep.state)
                    and len(self.audio.queued) == sleep.cues
                    and idle < settings.attract_idle and idle < settings.abandon_idle
                    and (pace < sleep.limit or (answer is not None and not answer.finished))):
                if cue < sleep.cue_due:
                    sleep.cue = cue
                else:
                    self._cue_asleep(sleep, scaled)
                self.idle, sleep.pace = idle, pace
                sleep.clock += dt  # the scene's clocks, as its update would move them
                sleep.time += scaled
                sleep.skipped += 1
                self.drawn = []  # nothing drawn, nothing to present
                return
            self.wake()
        scenes = self.stack.scenes  # (`stack.top`, inline: every frame)
        top = scenes[-1] if scenes else None
        if top is not None:
            top.update(dt)
        idle, settings = self.idle + dt, self.settings
        if idle < settings.attract_idle and idle < settings.abandon_idle:
            self.idle = idle  # neither timeout is due: `_watch_idle`'s usual frame, inline
        else:
            self._watch_idle(dt)
        self.stack.apply()
        self.draw()
        sleeper = top.sleeper if top is not None else None
        # its update of this frame did nothing but move clocks, and it is still on top
        if sleeper is not None and sleeper.ready:
            scenes = self.stack.scenes
            if scenes and scenes[-1] is top:
                self._fall_asleep(sleeper)

    @property
    def resting(self) -> bool:
        """The top scene sleeps with nothing of its own due (no bots' pace, answer or sound cue):
        only an outside cause, an input or a timeout, wakes it (game.ui.pacing waits such
        frames out in one sleep)."""
        sleep = self.sleep
        return (sleep is not None and sleep.limit == NO_LIMIT and sleep.answer is None
                and sleep.cue_due == NO_LIMIT)

    def _fall_asleep(self, sleeper: Sleeper) -> None:
        """Let the top scene sleep from the next frame on if nothing the app draws itself moves
        (the kiosk's leave progress, a pulse noted on the canvas), the frame is drawn by damage
        and the top scene is the only one shown (game.ui.sleep)."""
        stack = self.stack
        if (not self.sleeps or self.full_redraw or self._traced or self._leave_shown
                or getattr(self.canvas, "clock_rects", None) or stack._ops
                or stack.scenes[-1].overlay):  # (shown alone: `visible()`, a call less)
            return
        sleep = sleeper.sleep()
        if sleep is not None:
            sleep.version = stack.version
            self.sleep = sleep

    def _cue_asleep(self, sleep: Sleep, scaled: float) -> None:
        """A sound cue falls due in a frame the scene sleeps through: played here as the scene's
        update would play it (its cue clock as the frames before moved it, then this frame's
        `scaled`), the sleep then watching the next one."""
        audio = self.audio
        audio._clock = sleep.cue  # (the audio's own clock, which only the scene moves)
        audio.update(scaled)
        queued = audio.queued
        sleep.cue, sleep.cues = audio._clock, len(queued)
        sleep.cue_due = queued[0][0] if queued else NO_LIMIT

    def wake(self) -> None:
        """End the top scene's sleep: its clocks take the seconds skipped before anything else
        reaches it (an event, a phone's move, a stack change)."""
        sleep, self.sleep = self.sleep, None
        if sleep is not None and sleep.skipped:
            sleep.sleeper.catch_up(sleep)

    def _watch_idle(self, dt: float) -> None:
        """Idle on a menu starts a demo; idle in kiosk mode elsewhere starts the countdown."""
        self.idle += dt
        settings = self.settings
        if self.idle < settings.attract_idle and self.idle < settings.abandon_idle:
            return  # neither timeout is due: the usual frame looks no further
        top = self.stack.top
        if top is None or self.stack.pending():
            return
        policy = getattr(top, "idle_policy", "abandon")
        if policy == "attract" and self.idle >= self.settings.attract_idle:
            self.idle = 0.0
            self.stack.reset(self.open("attract"))
        elif policy == "abandon" and self.kiosk and self.idle >= self.settings.abandon_idle:
            self.idle = 0.0
            self.stack.push(self.open("countdown"))

    def _recover(self, exc: Exception) -> None:
        """Log the exception to the crash file and start over on the title with a message."""
        self.crashes += 1
        if self.crashes >= CRASHES_IN_A_ROW:
            raise exc  # the title itself fails: recovering again would only loop
        where = type(self.stack.top).__name__ if self.stack.top is not None else "-"
        log.error("%s failed; back to the title", where, exc_info=exc)
        report = "".join(traceback.format_exception(exc))
        crash_file = write_crash_report(f"screen: {where}\n{report}")
        self._drop_scenes()
        self.stack.push(self.open("title"))
        name = crash_file.name if crash_file is not None else "-"
        self.stack.push(self.open("message", t("crash.title"), t("crash.text", file=name)))
        self.stack.apply()  # drawn from the next frame on (a title failing to draw re-raises)
        self.redraw()

    def _drop_scenes(self) -> None:
        """Let every scene leave (each failure only logged) and start a fresh, empty stack."""
        for scene in reversed(self.stack.scenes):
            try:
                scene.exit()
            except Exception:  # a broken scene must not block the way out
                log.exception("%s did not exit cleanly", type(scene).__name__)
        self.stack = SceneStack()
        self.sleep = None  # (its scene is gone: nothing to catch up)
        self.audio.cancel()

    def music_wanted(self) -> str | None:
        """The menu loop, unless a scene in the stack asks for quiet (`music = None`)."""
        if not self.stack.scenes:
            return None
        return "menu" if all(getattr(s, "music", "menu") for s in self.stack.scenes) else None

    def _follow_music(self) -> None:
        """Tell the audio the music the stack wants, asked and told again only when the stack
        changed (nothing else tells the audio its music)."""
        stack, memo = self.stack, self._music
        if memo is None or memo[0] is not stack or memo[1] != stack.version:
            memo = self._music = stack, stack.version, self.music_wanted()
            self.audio.set_music(memo[2])

    def _event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.kiosk:
                log.info("window close ignored: kiosk mode leaves by the held combo")
            else:
                self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            # pygame resizes the display surface itself; re-read it so letterbox follows.
            self.screen = pygame.display.get_surface() or self.screen
            self.redraw()
        elif event.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN):
            self._window_stale = True  # the window lost its pixels: present all of the canvas
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.input.release_all()
        for intent in self.input.process(event):
            self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        """Send an intent to the top scene (the app handles fullscreen and the leave combo)."""
        if self.sleep is not None:
            self.wake()
        if intent.kind != "disconnected":  # a pad unplugged is not somebody playing
            self.idle = 0.0
        if intent.kind == "leave":
            if self.kiosk:
                self.quit()
        elif intent.kind == "fullscreen":
            self.set_fullscreen(not self.fullscreen)
        elif self.stack.top is not None:
            self._handle_with_sound(self.stack.top, intent)

    def _handle_with_sound(self, scene: Scene, intent: Intent) -> None:
        """Let the scene handle the intent, then give feedback if the scene made no sound.

        Menus report what they did (moved, activated, refused); otherwise a back or confirm
        that changed the scene stack sounds like one, so every menu scene clicks without
        knowing about audio.
        """
        menu = getattr(scene, "menu", None)
        if isinstance(menu, Menu):
            menu.feedback = None
        plays = self.audio.plays
        scene.handle(intent)
        if self.audio.plays != plays:
            return  # the scene chose its own sound
        sound = menu.feedback if isinstance(menu, Menu) else None
        if sound is None and self.stack.pending():
            sound = {"back": "back", "menu": "back", "confirm": "confirm",
                     "click": "confirm"}.get(intent.kind)
        if sound is not None:
            self.audio.play(sound)

    def redraw(self) -> None:
        """Draw and present everything at the next frame (something no scene knows changed)."""
        if self.sleep is not None:
            self.wake()
        self._drawn_scenes = []
        self._window_stale = True

    def draw(self, full: bool = False) -> None:
        """Redraw the visible scenes where they changed (`full`, or when one can't tell: all)."""
        canvas = self.canvas
        canvas.frame = object()  # this draw: its report and passes may share what they work out
        try:
            self._draw_scenes(full)
        finally:
            canvas.frame = None

    def _draw_scenes(self, full: bool) -> None:
        scenes = self.stack.visible()
        drawn = self._drawn_scenes  # one scene drawn again, the usual frame: compared inline
        same = (scenes[0] is drawn[0]() if len(scenes) == 1 == len(drawn)
                else self._same_scenes(scenes))
        regions = self._damage(scenes, same)  # asked even when unused: the reports are consumed
        if full or self.full_redraw:
            regions = None
        if not same:
            self._drawn_scenes = [weakref.ref(scene) for scene in scenes]
        self.drawn = regions
        if regions == []:
            return  # nothing changed: the usual idle frame
        opaque = scenes[0].opaque_area() if scenes else None
        for region in regions if regions is not None else [None]:
            self._draw_region(scenes, region, opaque)
        self.canvas.begin(None)  # (once, after the last pass: each pass sets its own clip)

    def _same_scenes(self, scenes: list[Scene]) -> bool:
        """True if these are the scenes drawn last frame."""
        drawn = self._drawn_scenes
        if len(scenes) != len(drawn):
            return False
        for scene, ref in zip(scenes, drawn):
            if scene is not ref():
                return False
        return True

    def _draw_region(self, scenes: Sequence[Scene], region: pygame.Rect | None,
                     opaque: pygame.Rect | None = None) -> None:
        """Draw the scenes with the canvas clipped to `region` (None: all of it; the clip is left
        set); the background fill is skipped where the bottom scene paints opaque pixels anyway
        (`opaque`)."""
        canvas = self.canvas
        canvas.begin(region)
        if opaque is None or not opaque.contains(region or canvas.get_rect()):
            canvas.fill(theme.BACKGROUND)
        for scene in scenes:
            scene.draw(canvas)
        if self.kiosk:
            self._draw_leave_progress()

    def _damage(self, scenes: list[Scene], same: bool) -> list[pygame.Rect] | None:
        """The canvas rects this frame must redraw, merged; None: all of it. `same`: these
        scenes are those drawn last frame."""
        reports = list(map(DAMAGE_OF, scenes))  # each scene's report is consumed (no listcomp)
        rects = self.canvas.take_clock()  # pulses drawn last frame move on
        leaving = self.kiosk and self.input.combo_progress() > 0
        if leaving or self._leave_shown:
            rects.append(LEAVE_AREA)
        self._leave_shown = leaving
        if self._traced or not same or None in reports:
            return None
        for report in reports:
            rects += report
        return merge(rects, self.canvas.get_rect()) if rects else []

    def _draw_leave_progress(self) -> None:
        """While the leave combo is held: a bar filling up over COMBO_HOLD seconds."""
        progress = self.input.combo_progress()
        if progress <= 0:
            return
        bar = LEAVE_BAR
        pygame.draw.rect(self.canvas, theme.PANEL, bar.inflate(12, 64).move(0, 20),
                         border_radius=12)
        pygame.draw.rect(self.canvas, theme.PANEL_LIGHT, bar, border_radius=7)
        pygame.draw.rect(self.canvas, theme.ACCENT, (bar.x, bar.y, round(bar.w * progress),
                                                     bar.h), border_radius=7)
        draw_text(self.canvas, t("kiosk.leaving"), (bar.centerx, bar.bottom + 10),
                  theme.SMALL_SIZE, theme.TEXT, "midtop")

    def present(self) -> None:
        """Show the canvas in the window (letterboxed): only the rects the last draw changed
        when it lands unscaled, all of it after a full draw, a resize or a scaled window."""
        regions, stale = self.drawn, self._window_stale
        if regions == [] and not stale:
            return  # nothing drawn: the usual idle frame
        memo = self._letterbox  # (`_box`, its memo read inline: every frame that presents)
        box = memo[1] if memo is not None and memo[0] == self.screen.get_size() else self._box()
        self._window_stale = False
        if regions is not None and not stale and (box.size == CANVAS_SIZE or not regions):
            if regions:
                shown = [rect.move(box.topleft) for rect in regions] if box.x or box.y else regions
                for rect, region in zip(shown, regions):
                    self.screen.blit(self.canvas, rect, region)
                pygame.display.update(shown)
            return
        if box != self.screen.get_rect():
            self.screen.fill((0, 0, 0))  # the letterbox bars
        if box.size == CANVAS_SIZE:
            self.screen.blit(self.canvas, box)
        elif box.w > 0 and box.h > 0:
            pygame.transform.smoothscale(self.canvas, box.size, self.screen.subsurface(box))
        pygame.display.flip()

    # -- services for scenes -----------------------------------------------------------------
    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the registered `name` (e.g. "pause") for this app."""
        return self.scenes.build(name, self, *args, **kwargs)

    def save_settings(self) -> None:
        """Persist the settings (unless this app is a throwaway)."""
        if self.persist:
            save_settings(self.settings)

    def quit(self) -> None:
        """Leave at the end of this frame."""
        self.running = False

    def loop(self, exit_after_first_frame: bool = False) -> None:
        """The real-time loop at 60 frames per second."""
        pacer = FramePacer(FPS)
        dt = 1 / FPS
        while self.running:
            self.step(pygame.event.get(), dt)
            if exit_after_first_frame:
                break
            dt = pacer.wait(self.resting)
        self.companion.stop()  # the phones' server ends with the loop


def run(scenes: SceneRegistry, fullscreen: bool = False,
        windowed: tuple[int, int] | None = None, exit_after_first_frame: bool = False,
        kiosk: bool | None = None, phones: bool | None = None) -> int:
    """Open the window on `scenes`' title and play until the player quits; the exit code.

    `kiosk` and `phones`: True or False override those settings for this run (None follows
    them)."""
    started = time.perf_counter()
    start_log_file()
    app = App(scenes, windowed=windowed, fullscreen=True if fullscreen else None, kiosk=kiosk,
              recover=True, phones=phones)
    app.loop(exit_after_first_frame)
    if exit_after_first_frame:
        print(f"first frame after {time.perf_counter() - started:.3f} s")
    app.audio.close()
    pygame.quit()
    theme.font.cache_clear()  # cached fonts die with pygame.quit; a later App must not reuse them
    theme.text.cache_clear()
    return 0
