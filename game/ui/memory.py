"""Giving memory back between attract-mode demos, so a kiosk running all day stays flat.

What a soak showed (`python -m game.soak`): scenes, matches and renderers are all released after
each demo, but the caches of drawn art were not. The rendered-text cache (`theme.text`, up to
4096 surfaces) kept every score, name and prompt any demo ever drew, and each room's sprite
caches (buses at every angle a route was ever claimed, boxes of every written value, card faces,
French Quarter's unbounded ones) filled a little more with each demo: RSS still grew by 29 MiB
after the first 5 minutes of an hour. The C allocator also keeps freed pages of large surfaces
and of the bot threads' arenas until asked.

So every cache of drawn art is an `art_cache`: a bounded LRU (frames in play never wait for a
cleared cache) that is also registered here, and `release_between_demos` empties them all at
once when nothing is on screen, then collects and trims the heap. Each demo then starts from
the same empty caches, whatever the demos before it drew.

The next soak found the same slow filling in bounded memos that are not art: Urban Sprawl's
shared options (up to 4096, about 670 bytes each), the bar's fitted labels, the guide's wrapped
pages. Engines must not import the UI to register, so the release also empties every bounded
`functools.lru_cache` of more than a handful of entries at the top level of the game's modules
(`memo_caches`): an LRU of values rebuilt on demand, so emptying it changes no result. Memos of
a handful (a map's label layout, a rules object's planner) hold a fixed few entries and take up
to a quarter second to rebuild at a demo's first frame: they stay, like the unbounded
`functools.cache`s (fonts, the catalog, rules objects, sounds), keyed by a fixed set.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import sys
from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from pathlib import Path
from typing import Any, TypeVar

from game.engine.memos import owned_memos

log = logging.getLogger(__name__)

Result = TypeVar("Result")

FIXED_FEW = 8  # a memo this small holds a fixed handful: not worth emptying (see above)
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
    """Every registered art cache (tests check that each one empties)."""
    return tuple(_ART_CACHES)


def memo_caches() -> tuple[_lru_cache_wrapper[Any], ...]:
    """Every art cache, and every lru_cache of more than FIXED_FEW entries bound to a name at
    the top level of a loaded `game` module or made by an engine object with
    `game.engine.memos.owned_memo`, each once."""
    found: dict[int, _lru_cache_wrapper[Any]] = {id(cached): cached for cached in _ART_CACHES}
    for cached in owned_memos():  # held by engine objects, out of reach of the module scan
        if (cached.cache_parameters()["maxsize"] or 0) > FIXED_FEW:
            found.setdefault(id(cached), cached)
    for name, module in list(sys.modules.items()):
        if name != "game" and not name.startswith("game."):
            continue
        for value in list(vars(module).values()):
            if (isinstance(value, _lru_cache_wrapper) and _is_ours(value)
                    and (value.cache_parameters()["maxsize"] or 0) > FIXED_FEW):
                found.setdefault(id(value), value)
    return tuple(found.values())


def _is_ours(cached: _lru_cache_wrapper[Any]) -> bool:
    # a module may import another library's cached function (typing's are lru_caches): its
    # caches are that library's business
    return getattr(cached, "__module__", "").split(".")[0] == "game"


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


def rss_bytes() -> int:
    """This process's resident memory now (Linux /proc; the peak elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def release_between_demos() -> int:
    """Empty every art cache and bounded memo, collect cycles and trim the heap (a few
    milliseconds); the resident memory then, in bytes: between demos it holds no demo, so its
    growth is what a kiosk leaks."""
    for cached in memo_caches():
        cached.cache_clear()
    gc.collect()
    if not trim_heap():
        log.debug("no malloc_trim here: freed memory stays with the allocator")
    return rss_bytes()
