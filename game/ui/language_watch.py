"""Noticing a language switch on screens that keep words they drew.

A screen that keeps drawn layers (a game's board renderer, a results table) holds words in the
language it drew them in. Settings switches the language behind it; when the screen is shown
again it asks its `LanguageWatch` once (one integer comparison, never per frame) and redraws
its words if the language changed meanwhile. The caches of drawn art are emptied by the switch
itself (game.ui.i18n.set_language).
"""

from __future__ import annotations

from game.ui import i18n


class LanguageWatch:
    """Remembers the language switches seen; `changed()` is True once after each new one."""

    def __init__(self) -> None:
        self.seen = i18n.switches()

    def changed(self) -> bool:
        """True if the language changed since the last call (or since this watch was made)."""
        now = i18n.switches()
        if now == self.seen:
            return False
        self.seen = now
        return True
