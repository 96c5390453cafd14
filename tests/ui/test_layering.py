"""Layers: the shell (game/ui) never imports the screens built on it (game/scenes); screens reach
each other through the named scene registry."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from game.scenes import SCENES, scene_registry
from game.ui.scene import Scene, SceneRegistry

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"


def imports_of(path: Path, root: Path = ROOT) -> set[str]:
    """Every module `path` imports by name: absolute, relative (resolved) and import_module."""
    package = ".".join(path.relative_to(root).parent.parts)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module) if p)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in ("import_module", "__import__"):
                found.add(str(node.args[0].value))
    return found


def test_the_import_parser_sees_absolute_relative_and_dynamic_imports(tmp_path):
    probe = tmp_path / "game" / "ui" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text("from .. import scenes\nfrom ..scenes.title import TitleScene\n"
                     "import game.scenes.game\nimportlib.import_module('game.scenes.pause')\n"
                     "from .widgets import Menu\n", encoding="utf-8")
    assert imports_of(probe, tmp_path) >= {"game.scenes", "game.scenes.title", "game.scenes.game",
                                           "game.scenes.pause", "game.ui.widgets"}


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=lambda p: p.name)
def test_no_ui_module_imports_the_scenes(path):
    bad = sorted(m for m in imports_of(path) if m == "game.scenes" or m.startswith("game.scenes."))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}: open scenes by name instead"


def test_every_scene_is_registered_and_its_module_loads_only_when_opened():
    assert scene_registry().names() == [name for name, _ in SCENES]
    assert {"title", "game", "pause", "results"} <= set(scene_registry().names())
    script = ("import sys; from game.scenes import scene_registry; scene_registry(); "
              "print([m for m in sys.modules if m.startswith('game.scenes.')])")
    loaded = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=True).stdout.splitlines()
    assert loaded[-1] == "[]"


def test_the_registry_builds_by_name_and_refuses_unknown_or_duplicate_names():
    class Probe(Scene):
        def __init__(self, app, label, *, loud=False):
            super().__init__(app)
            self.label, self.loud = label, loud

    registry = SceneRegistry()
    registry.register("probe", Probe)
    scene = registry.build("probe", "the app", "hello", loud=True)
    assert isinstance(scene, Probe) and (scene.app, scene.label, scene.loud) == (
        "the app", "hello", True)
    with pytest.raises(ValueError, match="registered twice"):
        registry.register("probe", Probe)
    with pytest.raises(KeyError, match="no scene registered as 'nope'"):
        registry.build("nope", "the app")


def test_screens_open_each_other_by_name(app):
    app.stack.push(app.open("settings"))
    app.stack.apply()
    assert type(app.stack.top).__name__ == "SettingsScene"
    assert type(app.stack.scenes[0]).__name__ == "TitleScene"
