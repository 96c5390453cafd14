"""Scenes, the scene registry and the scene stack (changes are applied at the end of a frame).

Screens open each other by name through the `SceneRegistry` that game/scenes fills at start-up,
so this package (the shell) never imports game/scenes (the screens built on it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .host import Host
from .input import Intent


class Scene:
    """A screen; `overlay` scenes draw over the scene below them."""

    overlay = False
    # A scene whose frames at rest may be skipped (game.ui.sleep.Sleeper); None: every frame runs.
    sleeper: Any = None

    def __init__(self, app: Host) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def pause(self) -> None:
        """Called when another scene is pushed on top."""

    def resume(self) -> None:
        """Called when the scene is on top again."""

    def handle(self, intent: Intent) -> bool:
        """React to an intent; True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on the canvas; never changes state."""

    def damage(self) -> list[pygame.Rect] | None:
        """Once a frame before drawing: the canvas rects whose pixels the next `draw` may change
        (`[]`: none; see game.ui.damage), or None when the scene can't tell (redraw everything:
        what a scene that does not keep track says)."""
        return None

    def opaque_area(self) -> pygame.Rect | None:
        """A canvas rect every `draw` paints whole with opaque pixels (None: none): under it the
        app skips the background fill it lays before the bottom scene draws."""
        return None


SceneFactory = Callable[..., Scene]  # (app, *args, **kwargs) -> Scene


class SceneRegistry:
    """Scene factories by name: `build("pause", app, game, device)` makes a PauseScene."""

    def __init__(self) -> None:
        self._factories: dict[str, SceneFactory] = {}

    def register(self, name: str, factory: SceneFactory) -> None:
        """Make `name` open scenes built by `factory(app, *args, **kwargs)`."""
        if name in self._factories:
            raise ValueError(f"scene {name!r} is registered twice")
        self._factories[name] = factory

    def names(self) -> list[str]:
        """Every registered name, in registration order."""
        return list(self._factories)

    def build(self, name: str, app: Host, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of that name for `app`; KeyError names an unknown one."""
        try:
            factory = self._factories[name]
        except KeyError:
            raise KeyError(f"no scene registered as {name!r} (known: {self.names()})") from None
        return factory(app, *args, **kwargs)


class SceneStack:
    """The scene stack; push/pop/replace/reset take effect in `apply` at the end of a frame."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._ops: list[Callable[[], None]] = []
        self.version = 0  # counts the applied changes: what depends on the stack follows it

    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top (at the end of the frame)."""
        self._ops.append(lambda: self._push(scene))

    def pop(self) -> None:
        """Remove the top scene (at the end of the frame)."""
        self._ops.append(self._pop)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (at the end of the frame)."""
        self._ops.append(lambda: (self._pop(resume=False), self._push(scene)))

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start over with one scene (at the end of the frame)."""
        def op() -> None:
            while self.scenes:
                self._pop(resume=False)
            self._push(scene)
        self._ops.append(op)

    def pending(self) -> bool:
        """True if changes wait for the end of the frame."""
        return bool(self._ops)

    def apply(self) -> None:
        """Apply queued changes in order."""
        if not self._ops:
            return
        ops, self._ops = self._ops, []
        self.version += 1
        for op in ops:
            op()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and the overlays down to a full one."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(start, 0):]

    def find(self, kind: type) -> Any:
        """The topmost scene of a class, or None."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def _push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def _pop(self, resume: bool = True) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if resume and self.scenes:
            self.scenes[-1].resume()
