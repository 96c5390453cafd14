"""The code's shape: `python -m game.codeshape [--json] [--lazy]`.

Reads every module of `game/` with `ast` (nothing is imported or run) and reports what makes a
codebase hard to live in: classes with too many methods or lines, files too long, import
circles between modules, and each game room's largest file. The limits are the project's
targets (issue 29): no class over 40 methods or 500 lines, no file over 800 lines, no circle,
and each room's largest file under half the room's largest file before the kits
(`ROOM_BEFORE_KITS`: the rooms had each grown one file of a thousand lines or so).

An import circle counts every module-level import, those under `if TYPE_CHECKING:` included (a
type-hint import still ties two modules together for a reader). Imports inside functions are
left out unless `--lazy` asks for them: they run late and cannot deadlock, but they are still
dependencies.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
MAX_METHODS = 40
MAX_CLASS_LINES = 500
MAX_FILE_LINES = 800
# Each room's largest file before the core kits (issue 29 was written against these): a room's
# every file must stay under half of it. A room not listed (a new one) has no such target.
ROOM_BEFORE_KITS = {"ticket_to_ride_paris": 1102, "french_quarter": 1528,
                    "next_station_paris": 1412, "explore_new_york": 966, "urban_sprawl": 810}


@dataclass(frozen=True)
class ClassShape:
    """One class: where it is, its methods and its length in lines."""

    module: str
    name: str
    methods: int
    lines: int


def module_name(path: Path, root: Path) -> str:
    """`game/ui/app.py` -> `game.ui.app`; a package's `__init__.py` -> the package."""
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path = PACKAGE_DIR) -> dict[str, Path]:
    """Every module of the package at `root` by dotted name."""
    return {module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def parse(path: Path) -> ast.Module:
    """A module's syntax tree."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def class_shapes(module: str, tree: ast.Module) -> Iterator[ClassShape]:
    """Every class of a module, nested ones included."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            methods = sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                          for n in node.body)
            yield ClassShape(module, node.name, methods, node.end_lineno - node.lineno + 1)


def top_level_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Imports run when the module loads: at top level, or inside top-level `if`/`try` blocks
    (`if TYPE_CHECKING:` among them), not inside functions or classes."""
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If | ast.Try):
            stack.extend(node.body + node.orelse + getattr(node, "finalbody", []))
            for handler in getattr(node, "handlers", []):
                stack.extend(handler.body)


def all_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement anywhere in the module."""
    return (n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom))


def resolve(module: str, is_package: bool, node: ast.Import | ast.ImportFrom,
            known: set[str]) -> set[str]:
    """The package's own modules an import statement loads (the deepest known name of each)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            anchor = module.split(".") if is_package else module.split(".")[:-1]
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join(anchor + ([base] if base else []))
        names = [f"{base}.{alias.name}" for alias in node.names] + [base]
    found = set()
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    return found


def import_graph(root: Path = PACKAGE_DIR, lazy: bool = False) -> dict[str, set[str]]:
    """module -> the package's modules it imports (a package's own `__init__` is not counted
    as a dependency of its submodules, which Python loads anyway)."""
    paths = modules(root)
    known = set(paths)
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        tree = parse(path)
        nodes = all_imports(tree) if lazy else top_level_imports(tree)
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in nodes:
            targets |= resolve(module, is_package, node, known)
        graph[module] = {t for t in targets if t != module and not module.startswith(t + ".")}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for node in sorted(graph):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(groups)


def line_count(path: Path) -> int:
    """Lines in a file."""
    return len(path.read_text(encoding="utf-8").splitlines())


def report(root: Path = PACKAGE_DIR, lazy: bool = False) -> dict:
    """Everything the command prints, as data, for the package at `root`."""
    paths = modules(root)
    shapes = [s for m, p in paths.items() for s in class_shapes(m, parse(p))]
    lines = {m: line_count(p) for m, p in paths.items()}
    rooms: dict[str, tuple[str, int]] = {}
    for module, count in lines.items():
        parts = module.split(".")
        if len(parts) >= 3 and parts[1] == "games":
            room = parts[2]
            if count > rooms.get(room, ("", -1))[1]:
                rooms[room] = (module, count)
    return {
        "big_classes": [asdict(s) for s in sorted(shapes, key=lambda s: -s.lines)
                        if s.methods > MAX_METHODS or s.lines > MAX_CLASS_LINES],
        "long_files": {m: n for m, n in sorted(lines.items(), key=lambda kv: -kv[1])
                       if n > MAX_FILE_LINES},
        "circles": circles(import_graph(root, lazy)),
        "largest_file_per_room": {room: {"module": m, "lines": n, "under": half_target(room)}
                                  for room, (m, n) in sorted(rooms.items())},
        "rooms_over_half": sorted(room for room, (_, n) in rooms.items()
                                  if half_target(room) is not None and n >= half_target(room)),
    }


def half_target(room: str) -> int | None:
    """The line count a room's every file must stay under (half its largest file before the
    kits), or None when the room has no such target."""
    before = ROOM_BEFORE_KITS.get(room)
    return None if before is None else (before + 1) // 2


def text(data: dict) -> str:
    """The human-readable report."""
    big = len(data["big_classes"])
    out = [f"classes over {MAX_METHODS} methods or {MAX_CLASS_LINES} lines: {big}"]
    out += [f"  {c['module']}.{c['name']}: {c['methods']} methods, {c['lines']} lines"
            for c in data["big_classes"]]
    out.append(f"files over {MAX_FILE_LINES} lines: {len(data['long_files'])}")
    out += [f"  {m}: {n}" for m, n in data["long_files"].items()]
    out.append(f"import circles: {len(data['circles'])}")
    out += ["  " + " <-> ".join(group) for group in data["circles"]]
    out.append(f"rooms whose largest file is not under half its size before the kits: "
               f"{len(data['rooms_over_half'])}")
    out.append("largest file per room:")
    out += [f"  {room}: {r['module']} ({r['lines']} lines"
            + (f"; target: under {r['under']})" if r["under"] is not None else ")")
            for room, r in data["largest_file_per_room"].items()]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Print the report; exit 1 when a target is missed."""
    parser = argparse.ArgumentParser(prog="python -m game.codeshape",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lazy", action="store_true",
                        help="count imports inside functions in the circles too")
    args = parser.parse_args(argv)
    data = report(lazy=args.lazy)
    print(json.dumps(data, indent=1) if args.json else text(data))
    return 1 if missed(data) else 0


def missed(data: dict) -> bool:
    """True while any target of the report is missed."""
    return bool(data["big_classes"] or data["long_files"] or data["circles"]
                or data["rooms_over_half"])


if __name__ == "__main__":
    sys.exit(main())
