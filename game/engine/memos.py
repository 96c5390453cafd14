"""Memos an engine object keeps for itself (an lru_cache made in its `__init__`, over a bound
method or a partial), registered so the shell can find and empty them.

A memo bound to a name at a module's top level is found by scanning the module
(`game.ui.memory.memo_caches`); one held by a rules object or a bot's planner is not, and its
entries would pile up demo after demo in a kiosk. Engines must not import the UI, so they make
such memos here and the UI's release between demos asks for them. The registry holds them weakly:
a memo goes when its owner does.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import Any, TypeVar

Result = TypeVar("Result")

_OWNED: weakref.WeakSet[_lru_cache_wrapper[Any]] = weakref.WeakSet()


def owned_memo(func: Callable[..., Result], maxsize: int) -> _lru_cache_wrapper[Result]:
    """`functools.lru_cache(maxsize)(func)`, listed in `owned_memos`."""
    cached = lru_cache(maxsize=maxsize)(func)
    _OWNED.add(cached)
    return cached


def owned_memos() -> tuple[_lru_cache_wrapper[Any], ...]:
    """Every memo made by `owned_memo` whose owner is still alive."""
    return tuple(_OWNED)
