"""Helpers shared by the engine tests: structural snapshots, random walks, test-side re-dealers.

Nothing here names a game: the suites run over every room the registry discovers, and a room's
own test helpers (tests/games/<id>/) are found by file name.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib.util
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game.engine.core import TERMINAL, Chance, Config, Rules
from game.engine.match import sample

MAX_STEPS = 20_000  # far above any real game; a playout past this is looping
GAME_TESTS = Path(__file__).resolve().parents[1] / "games"


def redealer_for(game_id: str) -> Callable | None:
    """`redeal(rules, state, seat, rng)` from tests/games/<id>/hidden_info.py, if the room has one.

    A game whose rules have no `randomize_hidden` capability re-deals its secrets there, on the
    test side, so the view check does not trust the rules to describe their own secrets.
    """
    path = GAME_TESTS / game_id / "hidden_info.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"hidden_info_{game_id}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.redeal


_PLAIN = (bool, int, float, str, bytes)  # subclasses too (IntEnum, StrEnum): kept as they are


def snapshot(obj: Any) -> Any:
    """A deep, comparable, pickle-free structural copy of a state or view.

    Dataclass fields declared with `compare=False` are treated as caches and left out.
    Each type's way of being copied is worked out once (`_copier`): states are large and the
    conformance suite snapshots them at every step, so the per-object path is one dict lookup.
    """
    kind = type(obj)
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _COPIERS[kind] = _copier(kind)
    return copier(obj)


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _copier(kind: type) -> Callable[[Any], Any]:
    """How to snapshot every object of this type (the type's checks, in the order below)."""
    if kind is type(None) or issubclass(kind, _PLAIN):
        return _same
    if issubclass(kind, enum.Enum):
        return lambda obj: ("enum", type(obj).__qualname__, obj.name)
    if dataclasses.is_dataclass(kind) and not issubclass(kind, type):
        return _dataclass_copier(kind)
    if issubclass(kind, dict):
        return _dict_copy
    if issubclass(kind, list | tuple):
        name = kind.__name__
        return lambda obj: (name, tuple(map(snapshot, obj)))
    if issubclass(kind, set | frozenset):
        return lambda obj: ("set", tuple(sorted(map(snapshot, obj), key=repr)))
    return _other_copy


def _same(obj: Any) -> Any:
    return obj


def _dataclass_copier(kind: type) -> Callable[[Any], Any]:
    """A dataclass's compared fields, by name, under its qualified name."""
    names = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
    qualname = kind.__qualname__
    return lambda obj: (qualname, tuple((n, snapshot(getattr(obj, n))) for n in names))


def _dict_copy(obj: dict) -> tuple:
    items = ((snapshot(k), snapshot(v)) for k, v in obj.items())
    return ("dict", tuple(sorted(items, key=repr)))


def _other_copy(obj: Any) -> Any:
    """Random generators, numpy arrays, slotted or plain objects, and anything else by repr."""
    if isinstance(obj, random.Random):
        return ("Random", obj.getstate())
    if hasattr(obj, "dtype") and hasattr(obj, "tobytes"):  # numpy arrays, without importing numpy
        return ("ndarray", str(obj.dtype), tuple(getattr(obj, "shape", ())), obj.tobytes())
    slots = [s for cls in type(obj).__mro__ for s in getattr(cls, "__slots__", ())]
    slots = [s for s in slots if s not in ("__weakref__", "__dict__") and hasattr(obj, s)]
    attrs = {s: getattr(obj, s) for s in slots}
    attrs.update(getattr(obj, "__dict__", {}))
    if attrs:
        return (type(obj).__qualname__, snapshot(attrs))
    return ("repr", repr(obj))


def walk(
    rules: Rules, config: Config, rng: random.Random
) -> Iterator[tuple[object, object, tuple]]:
    """Yield (state, pending, (player, action)) along one random playout."""
    state = rules.initial_state(config)
    for _ in range(MAX_STEPS):
        pending = rules.pending(state)
        if pending is TERMINAL:
            return
        if isinstance(pending, Chance):
            move = (None, sample(pending, rng))
        else:
            prompt = rng.choice(pending)
            move = (prompt.player, rng.choice(prompt.options).action)
        yield state, pending, move
        state, _ = rules.apply(state, *move)
    raise AssertionError(f"{rules.game_id}: playout did not end in {MAX_STEPS} steps")
