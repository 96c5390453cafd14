"""Helpers shared by the engine tests: structural snapshots and the registered fake dice game."""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import random
from collections.abc import Iterator
from typing import Any

import engine_fake_dice
import pytest

from game.engine import registry
from game.engine.core import TERMINAL, Chance, Config, Rules
from game.engine.match import sample

MAX_STEPS = 20_000  # far above any real game; a playout past this is looping
FAKE_ID = engine_fake_dice.DiceGame.game_id
FAKE_INFO = registry.GameInfo(
    id=FAKE_ID,
    title_key="game.fake_dice",
    min_players=engine_fake_dice.DiceGame.min_players,
    max_players=engine_fake_dice.DiceGame.max_players,
    rules_ref=f"{engine_fake_dice.__name__}:DiceGame",
    scene_ref="",
    heuristic_ref=f"{engine_fake_dice.__name__}:heuristic",
)


@contextlib.contextmanager
def fake_registered() -> Iterator[None]:
    """Register the fake dice game for the duration of a block (the registry is restored)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(registry.GAMES, FAKE_ID, FAKE_INFO)
        yield


def rules_of(game_id: str) -> Rules:
    """The rules of a registered game (or of the fake dice game while it is registered)."""
    return registry.rules_for(game_id)


def snapshot(obj: Any) -> Any:
    """A deep, comparable, pickle-free structural copy of a state or view.

    Dataclass fields declared with `compare=False` are treated as caches and left out.
    """
    if obj is None or isinstance(obj, bool | int | float | str | bytes):
        return obj
    if isinstance(obj, enum.Enum):
        return ("enum", type(obj).__qualname__, obj.name)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        fields = dataclasses.fields(obj)
        return (
            type(obj).__qualname__,
            tuple((f.name, snapshot(getattr(obj, f.name))) for f in fields if f.compare),
        )
    if isinstance(obj, dict):
        items = ((snapshot(k), snapshot(v)) for k, v in obj.items())
        return ("dict", tuple(sorted(items, key=repr)))
    if isinstance(obj, list | tuple):
        return (type(obj).__name__, tuple(snapshot(x) for x in obj))
    if isinstance(obj, set | frozenset):
        return ("set", tuple(sorted((snapshot(x) for x in obj), key=repr)))
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
