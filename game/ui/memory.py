"""Giving memory back between attract-mode demos, so a kiosk running all day stays flat.

What a soak showed (`python -m game.soak`): scenes, matches and renderers are all released after
each demo, but the rendered-text cache (`theme.text`, up to 4096 surfaces) keeps every score,
name and prompt any demo ever drew, so RSS kept climbing with it (14 MB of text after three
demos of two games, still growing). The C allocator also keeps freed pages of large surfaces
and of the bot threads' arenas until asked. Between two demos nothing on screen needs the
cache, so both are let go: the same rotation then stays at 98-102 MB from its 6th demo on.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging

from . import theme

log = logging.getLogger(__name__)


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
    """Forget rendered text, collect cycles and trim the heap (a few milliseconds)."""
    theme.text.cache_clear()
    gc.collect()
    if not trim_heap():
        log.debug("no malloc_trim here: freed memory stays with the allocator")
