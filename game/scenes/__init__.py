"""The console's screens, registered by name for the shell (game.ui never imports this package).

Each screen's module loads the first time that screen opens, so start-up loads only the title.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from game.ui.scene import Scene, SceneRegistry

# name -> "module:Class" under game.scenes
SCENES = (
    ("title", "title:TitleScene"),
    ("select", "select:GameSelectScene"),
    ("seats", "seats:SeatSetupScene"),
    ("game", "game:GameScene"),
    ("pause", "pause:PauseScene"),
    ("rules", "pause:RulesScene"),
    ("settings", "settings:SettingsScene"),
    ("results", "results:ResultsScene"),
    ("message", "message:MessageScene"),
    ("attract", "attract:AttractScene"),
    ("countdown", "countdown:CountdownScene"),
    ("help", "help_panel:HelpPanel"),
    ("guide", "guide:GuideScene"),
)


def scene_registry() -> SceneRegistry:
    """A registry holding every screen of the console."""
    registry = SceneRegistry()
    for name, ref in SCENES:
        registry.register(name, _loader(ref))
    return registry


def _loader(ref: str) -> Callable[..., Scene]:
    """A factory that imports the scene's module on first use."""
    module_name, class_name = ref.split(":")

    def build(app: Any, *args: Any, **kwargs: Any) -> Scene:
        module = importlib.import_module(f"{__name__}.{module_name}")
        return getattr(module, class_name)(app, *args, **kwargs)

    return build
