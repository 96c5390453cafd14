"""The engine and every game's rules stay pure Python: no pygame, checked two ways.

The AST check catches an import anywhere in the source (also inside functions); the subprocess
check catches pygame pulled in indirectly through another module.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import registry

ROOT = Path(__file__).resolve().parents[2]
RULE_FILES = ("__init__.py", "rules*.py", "state.py", "board.py", "scoring.py", "bot.py")


def pure_files() -> list[Path]:
    """game/engine/*.py and each game's package, rules, state, board, scoring and bot modules."""
    files = sorted((ROOT / "game" / "engine").rglob("*.py"))
    for room in sorted((ROOT / "game" / "games").iterdir()):
        for pattern in RULE_FILES:
            files.extend(sorted(room.glob(pattern)))
    return files


def module_name(path: Path) -> str:
    """Dotted module name of a file under the project root."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(tree: ast.AST) -> set[str]:
    """Every module an AST imports: import statements, importlib.import_module and __import__."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                names.add(node.args[0].value)
    return names


def test_the_purity_check_sees_every_kind_of_import() -> None:
    source = "def f():\n    import pygame.font\nimportlib.import_module('pygame')\n"
    assert imported_names(ast.parse(source)) == {"pygame.font", "pygame"}


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_source_never_imports_pygame(path: Path) -> None:
    names = imported_names(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    bad = sorted(n for n in names if n.split(".")[0] == "pygame" or n.startswith("game.ui"))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


SCRIPT = """
import importlib, json, sys
from game.engine import registry
for name in sys.argv[1:]:
    importlib.import_module(name)
built = []
for game_id in registry.game_ids():
    try:
        registry.rules_for(game_id)
        registry.get_game(game_id).heuristic()
        built.append(game_id)
    except ModuleNotFoundError:
        pass  # a room still being written; test_registry reports it
loaded = sorted(m for m in sys.modules if m.split(".")[0] == "pygame" or m.startswith("game.ui"))
print(json.dumps({"built": built, "loaded": loaded}))
"""


def test_importing_the_engine_and_rules_loads_no_pygame() -> None:
    modules = [module_name(p) for p in pure_files()]
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["loaded"] == [], f"pure modules pulled in {report['loaded']}"
    assert "game.engine.match" in modules and registry.game_ids()
