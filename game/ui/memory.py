"""Giving memory back between attract-mode demos, so a kiosk running all day stays flat.

What a soak showed (`python -m game.soak`): scenes, matches and renderers are all released after
each demo, but the caches of drawn art are not. The rendered-text cache (`theme.text`, up to
4096 surfaces) kept every score, name and prompt any demo ever drew, and each room's sprite
caches (buses at every angle a route was ever claimed, boxes of every written value, card faces
of every size) filled a little more with each demo until their bounds, tens of MB in all. The C
allocator also keeps freed pages of large surfaces and of the bot threads' arenas until asked.

So every cache of drawn art is an `art_cache`: a bounded LRU (frames in play never wait for a
cleared cache) that is also registered here, and `release_between_demos` empties them all at
once when nothing is on screen, then collects and trims the heap. Each demo then starts from
the same empty caches, whatever the demos before it drew.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import Any, TypeVar

log = logging.getLogger(__name__)

Result = TypeVar("Result")

_ART_CACHES: list[_lru_cache_wrapper[Any]] = []  # every art_cache, in creation order


def art_cache(maxsize: int) -> Callable[[Callable[..., Result]], _lru_cache_wrapper[Result]]:
    """`functools.lru_cache(maxsize)` for drawn art (surfaces, fitted text, layouts of them),
    emptied with all the others by `release_between_demos`."""
    def register(func: Callable[..., Result]) -> _lru_cache_wrapper[Result]:
        cached = lru_cache(maxsize=maxsize)(func)
        _ART_CACHES.append(cached)
        return cached
    return register


def art_caches() -> tuple[_lru_cache_wrapper[Any], ...]:
    """Every registered art cache (the soak and tests read their sizes)."""
    return tuple(_ART_CACHES)


def cached_art() -> int:
    """How many entries all art caches hold now."""
    return sum(cached.cache_info().currsize for cached in _ART_CACHES)


def trim_heap() -> bool:
    """Ask the C allocator to return free pages to the system (glibc's malloc_trim); False
    where there is no such call (other C libraries, other systems)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
        trim = getattr(libc, "malloc_trim", None)
    except OSError:
        return False
    if trim is None:
        return False
    trim(0)
    return True


def release_between_demos() -> None:
    """Empty every art cache, collect cycles and trim the heap (a few milliseconds)."""
    for cached in _ART_CACHES:
        cached.cache_clear()
    gc.collect()
    if not trim_heap():
        log.debug("no malloc_trim here: freed memory stays with the allocator")
