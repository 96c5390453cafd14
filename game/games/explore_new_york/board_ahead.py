"""Explore New York at a table of three or four bots: the next turn's board kept up to date ahead.

Such a table lays its board out anew each turn, the next first player's map large (a board kept
since `build_every_board` comes back: BoardMounts._remount). The board coming back had not been
repainted since it was last shown, a turn or more before: the move that brought it back then
repainted every map's and the column's changed parts and every changed box (1.2-1.4 ms of a
2.5-3 ms frame). So in quiet frames (the room's work ahead, `_work_ahead`) the layers of the next
turn's board are brought up to date with the view shown now, one panel a frame (a budget in
panels and parts: the same repainted in the same order whatever the timings), and the move that
brings it back repaints only what changed since. Nothing of it is seen until then: the pixels
of a board painted ahead are those the same keys paint at once.
A mixin of ENYRenderer (scene.py), which keeps the boards (board_mounts.py) and repaints a
panel's changed parts (room_refresh.py).
"""

from __future__ import annotations

from typing import Any

KEYS_PER_STEP = 8  # panels whose keys a quiet frame compares, at most, looking for one to paint
PARTS_PER_STEP = 1  # a map's or the column's changed parts a quiet frame repaints ahead


class BoardAhead:
    """The next turn's kept board repainted a panel a frame (a renderer mixin)."""

    _ahead_cursor: tuple[Any, Any, int] = (None, None, 0)  # (the board, the view, its next
    # panel to look at): a board and view looked at to the end need no look until the view changes
    _ahead_stale: tuple[Any, dict] = (None, {})  # (the layers, per layer the parts a step left:
    # RoomRefresh._stale's, for the board painted ahead; the room's own when it comes back)

    def next_board(self) -> tuple | None:
        """The kept board the next turn brings back (a table of three or four bots: the next
        first player's), or None (people play, no game yet, the final routes shown, not kept)."""
        view = self.view
        if self.humans or not self._keeps_boards() or view is None or view.routes:
            return None
        if view.first < 0:
            return None
        return self._mounts.get(((view.first + 1) % self.players, ()))

    def paint_board_ahead(self) -> bool:
        """One step of bringing the next turn's board up to date (a quiet frame's work ahead):
        look at up to KEYS_PER_STEP of its panels, from where the last step stopped, and repaint
        the first one that shows an older key; True if one was repainted (the frame's work is
        done), False once every panel of the board shows the view's keys (nothing to do until
        another view comes)."""
        board = self.next_board()
        cursor = self._ahead_cursor
        if board is None or (cursor[0] is board and cursor[1] is self.view
                             and cursor[2] >= len(board[3])):
            return False
        start = cursor[2] if cursor[0] is board and cursor[1] is self.view else 0
        panels = list(board[3].values())
        shown = self._board()
        saved = (self._stale, self._whole_marked)
        self._put(board)  # the panels read the room (its layers, its maps) as theirs
        if self._ahead_stale[0] is not self.layers:
            self._ahead_stale = (self.layers, {})
        self._stale = self._ahead_stale  # (the spread's parts left on the board shown: kept)
        try:
            for n in range(start, min(len(panels), start + KEYS_PER_STEP)):
                painted = self._paint_ahead(panels[n])  # (a panel with parts left: again)
                self._ahead_cursor = (board, self.view, n + (not self.parts_left(panels[n].name)))
                if painted:
                    return True
        finally:
            self._ahead_stale = self._stale
            self._put(shown)
            self._stale, self._whole_marked = saved
        return self._ahead_cursor[2] < len(panels)

    def adopt_ahead(self) -> None:
        """A board kept comes back (BoardMounts._remount, after mounting it): the parts its
        steps ahead left become the room's to repaint (`repaint_parts` absorbs them); those a
        move's spread left on the board shown until now are marked whole on it, as
        RoomRefresh._stale_of does for another board."""
        ahead, self._ahead_stale = self._ahead_stale, (None, {})
        if ahead[0] is not self.layers:
            return
        left_on, stale = self._stale
        for name in stale:
            left_on.mark(name)
        self._stale = ahead

    def _paint_ahead(self, panel: Any) -> bool:
        """Repaint one panel of the board mounted for the step if its layer shows an older key:
        a map's or the column's changed parts (`repaint_parts`, as a refresh does), a box's or a
        total's whole rect; True if anything was painted."""
        layers = self.layers
        if not panel.LAYERED or layers.shown_key(panel.name) is None:
            return False
        if hasattr(panel, "changed_areas"):  # one part a step: the column's are ~0.05-0.2 ms
            return self.repaint_parts(panel, PARTS_PER_STEP) > 0
        key = panel.key()
        if layers.shown_key(panel.name) == key:
            return False
        layers.paint_region(panel.name, panel.rect, key, panel.paint, panel.RESTORE, panel.CLIP)
        return True
