"""The application: window, letterboxed 1920x1080 canvas, input, scene stack and the frame loop.

Start-up only opens the window and draws the title: game modules load when a game is chosen.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import pygame

from . import theme
from .audio import Audio
from .board_api import CANVAS_SIZE
from .i18n import set_language
from .input import InputMapper, Intent
from .scene import Scene, SceneRegistry, SceneStack
from .settings import Settings, load_settings, save_settings, start_log_file
from .widgets import Menu

DEFAULT_WINDOW = (1280, 720)
FPS = 60
MAX_DT = 0.1  # a stall (window drag, slow disk) must not teleport animations


class App:
    """Owns the window and scene stack; `step` runs one frame, so tests can drive it.

    `scenes` names every screen (game.scenes.scene_registry()); the app starts on "title".
    """

    def __init__(self, scenes: SceneRegistry, windowed: tuple[int, int] | None = None,
                 fullscreen: bool | None = None, settings: Settings | None = None,
                 persist: bool = True) -> None:
        pygame.display.init()
        pygame.font.init()
        self.persist = persist  # False: never write settings or autosaves (screenshots, bench)
        self.settings = settings if settings is not None else load_settings()
        set_language(self.settings.language)
        self.windowed_size = windowed or DEFAULT_WINDOW
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        pygame.display.set_caption("City Board Console")
        self.screen = self._open_window()
        self.canvas = pygame.Surface(CANVAS_SIZE).convert()
        self.input = InputMapper(self.to_canvas)
        self.input.start()
        # Throwaway apps (screenshots, bench) stay silent; the mixer opens on the first sound.
        self.audio = Audio(self.settings.music_volume, self.settings.effects_volume,
                           enabled=persist)
        self.stack = SceneStack()
        self.running = True
        self.frames = 0
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
        if on == self.fullscreen:
            return
        if on:
            self.windowed_size = self.screen.get_size()  # come back to the same window size
        self.fullscreen = on
        self.screen = self._open_window()
        self.settings.fullscreen = on
        self.save_settings()

    def letterbox(self) -> pygame.Rect:
        """Where the canvas lands in the window: as large as fits, aspect kept, centred."""
        width, height = self.screen.get_size()
        scale = min(width / CANVAS_SIZE[0], height / CANVAS_SIZE[1])
        rect = pygame.Rect(0, 0, round(CANVAS_SIZE[0] * scale), round(CANVAS_SIZE[1] * scale))
        rect.center = (width // 2, height // 2)
        return rect

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
        """One frame: events → intents → top scene, update, apply stack changes, draw."""
        dt = min(dt, MAX_DT)
        for event in events:
            self._event(event)
        for intent in self.input.update(dt):
            self.dispatch(intent)
        if self.stack.top is not None:
            self.stack.top.update(dt)
        self.stack.apply()
        if not self.stack.scenes:
            self.running = False
        self.draw()
        if present:
            self.present()
        if self.frames:  # from the second frame on: the first title frame never waits for audio
            self.audio.set_music(self.music_wanted())
        self.frames += 1
        return self.running

    def music_wanted(self) -> str | None:
        """The menu loop, unless a scene in the stack asks for quiet (`music = None`)."""
        if not self.stack.scenes:
            return None
        return "menu" if all(getattr(s, "music", "menu") for s in self.stack.scenes) else None

    def _event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            # pygame resizes the display surface itself; re-read it so letterbox follows.
            self.screen = pygame.display.get_surface() or self.screen
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.input.release_all()
        for intent in self.input.process(event):
            self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        """Send an intent to the top scene (the window handles the fullscreen toggle)."""
        if intent.kind == "fullscreen":
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

    def draw(self) -> None:
        """Draw the visible scenes on the canvas."""
        self.canvas.fill(theme.BACKGROUND)
        for scene in self.stack.visible():
            scene.draw(self.canvas)

    def present(self) -> None:
        """Scale the canvas into the window (letterboxed) and flip."""
        box = self.letterbox()
        self.screen.fill((0, 0, 0))
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
        clock = pygame.time.Clock()
        dt = 1 / FPS
        while self.running:
            self.step(pygame.event.get(), dt)
            if exit_after_first_frame:
                break
            dt = clock.tick(FPS) / 1000


def run(scenes: SceneRegistry, fullscreen: bool = False,
        windowed: tuple[int, int] | None = None, exit_after_first_frame: bool = False) -> int:
    """Open the window on `scenes`' title and play until the player quits; the exit code."""
    started = time.perf_counter()
    start_log_file()
    app = App(scenes, windowed=windowed, fullscreen=True if fullscreen else None)
    app.loop(exit_after_first_frame)
    if exit_after_first_frame:
        print(f"first frame after {time.perf_counter() - started:.3f} s")
    app.audio.close()
    pygame.quit()
    theme.font.cache_clear()  # cached fonts die with pygame.quit; a later App must not reuse them
    theme.text.cache_clear()
    return 0
