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

An art cache keeps two generations of its art: the one normal drawing uses, and the one used
while every text is drawn blank (`game.legibility.trace.textless`: the picker's miniatures, a
guide's shrunk board). A blank word never reaches normal drawing and a real word never reaches
a miniature, yet neither empties the other's art: the picker redraws its focused miniature
every few seconds, and emptying every cache for it cost a cold redraw of the whole board, and
of the picker after it, each time. So art (a surface that may hold words) lives in an art
cache, never in a plain lru_cache.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import _lru_cache_wrapper, lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from game.engine.memos import owned_memos

log = logging.getLogger(__name__)

Result = TypeVar("Result")

FIXED_FEW = 8  # a memo this small holds a fixed handful: not worth emptying (see above)


class ArtCache(Protocol[Result]):
    """An art cache: called like the function it caches, emptied like an lru_cache."""

    generations: tuple[_lru_cache_wrapper[Result], _lru_cache_wrapper[Result]]

    def __call__(self, *args: Any, **kwargs: Any) -> Result: ...

    def cache_clear(self) -> None: ...

    def cache_info(self) -> Any: ...

    def cache_parameters(self) -> dict[str, Any]: ...


_ART_CACHES: list[ArtCache[Any]] = []  # every art_cache, in creation order
_blank_words = False  # texts are drawn blank now (on the frame loop): that generation answers


def art_cache(maxsize: int) -> Callable[[Callable[..., Result]], ArtCache[Result]]:
    """`functools.lru_cache(maxsize)` for drawn art (surfaces, fitted text, layouts of them),
    one per generation (normal, blank words), emptied with all the others by
    `release_between_demos`."""
    def register(func: Callable[..., Result]) -> ArtCache[Result]:
        plain, blank = lru_cache(maxsize=maxsize)(func), lru_cache(maxsize=maxsize)(func)

        def cached(*args: Any, **kwargs: Any) -> Result:
            return (blank if _blank_words else plain)(*args, **kwargs)

        def cache_clear() -> None:
            plain.cache_clear()
            blank.cache_clear()

        functools.update_wrapper(cached, func)
        art: Any = cached
        art.generations = (plain, blank)
        art.cache_clear = cache_clear
        art.cache_info = lambda: (blank if _blank_words else plain).cache_info()
        art.cache_parameters = plain.cache_parameters
        _ART_CACHES.append(art)
        return art
    return register


def art_caches() -> tuple[ArtCache[Any], ...]:
    """Every registered art cache (tests check that each one empties)."""
    return tuple(_ART_CACHES)


@contextmanager
def blank_words() -> Iterator[None]:
    """Inside, every art cache answers from (and fills) its blank-words generation; the
    normal generation is kept, untouched, for the drawing after the block."""
    global _blank_words
    was, _blank_words = _blank_words, True
    try:
        yield
    finally:
        _blank_words = was


def forget_blank_words() -> None:
    """Empty the blank-words generation of every art cache (its pictures are gone)."""
    for art in _ART_CACHES:
        art.generations[1].cache_clear()


def memo_caches() -> tuple[ArtCache[Any] | _lru_cache_wrapper[Any], ...]:
    """Every art cache, and every lru_cache of more than FIXED_FEW entries bound to a name at
    the top level of a loaded `game` module or made by an engine object with
    `game.engine.memos.owned_memo`, each once."""
    found: dict[int, Any] = {id(cached): cached for cached in _ART_CACHES}
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
    """How many entries all art caches hold now (both generations)."""
    return sum(gen.cache_info().currsize for cached in _ART_CACHES for gen in cached.generations)


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


def forget_words() -> None:
    """Empty every art cache (both generations) and bounded memo: the language changed, and
    words drawn in the old one, keyed by what they show rather than by the language, must
    never be drawn again (game.ui.i18n.set_language). Nothing is collected or trimmed: a
    switch happens behind the Settings screen, where a few milliseconds go unseen."""
    for cached in memo_caches():
        cached.cache_clear()


def release_between_demos() -> int:
    """Empty every art cache and bounded memo, collect cycles (those frozen at the last table's
    opening too: `settle_heap`) and trim the heap (a few milliseconds); the resident memory
    then, in bytes: between demos it holds no demo, so its growth is what a kiosk leaks."""
    forget_words()
    gc.unfreeze()
    gc.collect()
    if not trim_heap():
        log.debug("no malloc_trim here: freed memory stays with the allocator")
    return rss_bytes()


def settle_heap() -> None:
    """Collect every cycle now, then freeze what survives (`gc.freeze`): called as a table
    opens, whose first frame redraws everything anyway. A full collection walks every object
    the collector tracks, and in play it ran when the collector decided, on whichever thread
    allocated: with ~320k tracked objects (a long session's caches, simulated) one took 38 ms
    on the bot thread, holding the GIL: the frame loop stood still for two frames. Frozen
    objects are left out of every later collection until the next table opens (or a demo ends:
    the release), which unfreezes them and collects what the last table left behind."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
