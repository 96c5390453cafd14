"""Settings: language, fullscreen, volumes, animation speed, open hands, hints, the Hard bot's
thinking time and the cores it thinks on, attract and kiosk mode.
Saved on each change."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.search_pool import MAX_WORKERS
from game.ui import theme
from game.ui.i18n import language, set_language, t
from game.ui.input import Intent
from game.ui.scene import Scene
from game.ui.settings import (
    ABANDON_IDLE_CHOICES,
    ATTRACT_IDLE_CHOICES,
    BOT_BUDGET_CHOICES,
    LANGUAGES,
    SPEEDS,
)
from game.ui.widgets import Menu, MenuItem, footer_hints, screen_title

if TYPE_CHECKING:
    from game.ui.app import App

VOLUME_STEP = 10
SWITCHES = ("fullscreen", "open_hands", "hints", "demo_sound", "kiosk", "phones")  # on/off rows
SECONDS = {"attract_idle": ATTRACT_IDLE_CHOICES, "abandon_idle": ABANDON_IDLE_CHOICES,
           "bot_budget": BOT_BUDGET_CHOICES}


class SettingsScene(Scene):
    """Rows of settings; left/right change a value, confirm steps it forward."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        keys = ["language", "fullscreen", "music_volume", "effects_volume", "animation_speed",
                "open_hands", "hints", "bot_budget", "search_workers", "attract_idle", "demo_sound", "phones",
                "kiosk", "abandon_idle", "back"]
        if app.kiosk:  # a passer-by must not switch the kiosk (or its fullscreen) off
            keys = [k for k in keys if k not in ("fullscreen", "kiosk")]
        if app.companion.forbidden():  # a kiosk that forbids phones hides their switch
            keys.remove("phones")
        self.menu = Menu([MenuItem(k, self._label(k)) for k in keys], center=(960, 600),
                         width=1100, height=50, gap=6)

    @staticmethod
    def _label(key: str):
        return lambda: t(f"settings.{key}")

    def value(self, key: str) -> str:
        """The shown value of a setting row."""
        s = self.app.settings
        if key == "language":
            return t(f"language.{s.language}")
        if key in SWITCHES:
            return t("settings.on") if getattr(s, key) else t("settings.off")
        if key in SECONDS:
            return t("settings.seconds", n=seconds_text(getattr(s, key)))
        if key in ("music_volume", "effects_volume"):
            return f"{getattr(s, key)}%"
        if key == "animation_speed":
            return t(f"speed.{s.animation_speed}")
        if key == "search_workers":
            return t("settings.workers", count=s.search_workers)
        return ""

    def change(self, key: str, step: int) -> None:
        """Step one setting and save."""
        s = self.app.settings
        if key == "language":
            s.language = LANGUAGES[(LANGUAGES.index(s.language) + step) % len(LANGUAGES)]
            set_language(s.language)
        elif key == "fullscreen":
            self.app.set_fullscreen(not self.app.fullscreen)
        elif key == "kiosk":
            self.app.start_kiosk()  # only reachable outside kiosk mode: the row is then gone
            self.menu.items = [i for i in self.menu.items if i.key not in ("fullscreen", "kiosk")]
            self.menu.focus_key("abandon_idle")
        elif key in ("open_hands", "hints", "demo_sound"):
            setattr(s, key, not getattr(s, key))
        elif key == "phones":  # the server listens only while the switch is on
            want = not s.phones
            s.phones = self.app.companion.set_enabled(want) and want
        elif key in SECONDS:
            choices = SECONDS[key]
            index = choices.index(getattr(s, key)) if getattr(s, key) in choices else 0
            setattr(s, key, choices[max(0, min(len(choices) - 1, index + step))])
        elif key in ("music_volume", "effects_volume"):
            setattr(s, key, max(0, min(100, getattr(s, key) + step * VOLUME_STEP)))
        elif key == "search_workers":  # the next Hard bot's search uses this many processes
            s.search_workers = max(1, min(MAX_WORKERS, s.search_workers + step))
        elif key == "animation_speed":
            index = SPEEDS.index(s.animation_speed) if s.animation_speed in SPEEDS else 1
            s.animation_speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index + step))]
        self.app.save_settings()
        self._sound(key)

    def _sound(self, key: str) -> None:
        """Apply volumes live; a changed effects volume plays a sample at the new level."""
        s = self.app.settings
        self.app.audio.set_volumes(s.music_volume, s.effects_volume)
        self.app.audio.play("confirm" if key == "effects_volume" else "tick")

    def handle(self, intent: Intent) -> bool:
        """Navigate and change values; back leaves."""
        key = self.menu.focused_key
        if intent.kind == "back":
            self.app.stack.pop()
        elif intent.kind in ("left", "right") and key != "back":
            self.change(key, 1 if intent.kind == "right" else -1)
        else:
            choice = self.menu.handle(intent)
            if choice == "back":
                self.app.stack.pop()
            elif choice is not None:
                self._step_forward(choice)
        return True

    def _step_forward(self, key: str) -> None:
        # Confirm cycles values so a mouse click alone can reach every value.
        s = self.app.settings
        if key in ("music_volume", "effects_volume") and getattr(s, key) >= 100:
            setattr(s, key, 0)
            self.app.save_settings()
            self._sound(key)
        elif key == "animation_speed" and s.animation_speed == SPEEDS[-1]:
            s.animation_speed = SPEEDS[0]
            self.app.save_settings()
            self._sound(key)
        elif key == "search_workers" and s.search_workers >= MAX_WORKERS:
            s.search_workers = 1
            self.app.save_settings()
            self._sound(key)
        elif key in SECONDS and getattr(s, key) == SECONDS[key][-1]:
            setattr(s, key, SECONDS[key][0])
            self.app.save_settings()
            self._sound(key)
        else:
            self.change(key, 1)

    def draw(self, surface: pygame.Surface) -> None:
        """Rows with their values."""
        surface.fill(theme.BACKGROUND)
        screen_title(surface, t("settings.title"))
        self.menu.draw(surface, self.value)
        footer_hints(surface, self.app.input.last_kind, [
            ("move", "hint.change"), ("confirm", "hint.select"), ("back", "hint.back")])


def seconds_text(seconds: float) -> str:
    """A number of seconds as people write it in the current language: 45, 0.5 (es: 0,5)."""
    text = f"{seconds:g}"
    return text.replace(".", ",") if language() == "es" else text
