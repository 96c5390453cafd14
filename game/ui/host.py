"""What a scene may ask of the application that hosts it (game.ui.app.App implements it).

Scenes (game.ui.scene) depend on this protocol, not on the App class, so the shell's modules
import each other one way only: app → scene → host.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from .audio import Audio
from .input import InputMapper
from .settings import Settings


class Host(Protocol):
    """The application seen from a scene: its stack, services and settings."""

    stack: Any  # game.ui.scene.SceneStack (typed loosely: scene.py imports this module)
    settings: Settings
    audio: Audio
    input: InputMapper
    canvas: pygame.Surface
    persist: bool
    kiosk: bool
    fullscreen: bool

    def open(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """A new scene of the registered `name` for this app."""

    def save_settings(self) -> None:
        """Persist the settings (unless this app is a throwaway)."""

    def set_fullscreen(self, on: bool) -> None:
        """Switch between fullscreen and the window."""

    def start_kiosk(self) -> None:
        """Enter kiosk mode now and on later launches."""

    def quit(self) -> None:
        """Leave at the end of this frame."""
