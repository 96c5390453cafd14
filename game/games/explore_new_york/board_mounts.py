"""Explore New York's boards kept and built aside for the zoom of three or four people.

When the large map moves to another seat the board is laid out again (~25 ms: a dropped frame).
So the boards laid out before are kept for the zoom to come back to, and with three or four
people the board of a person whose map has not been large yet is built aside a step a frame.
A mixin of ENYRenderer (scene.py), which lays a board out (`_build`) and mounts it.
"""

from __future__ import annotations

from collections.abc import Iterator

Arrangement = tuple[int, tuple[int, ...]]  # (focus, pair): make_layout's
MOUNTS_KEPT = 3  # boards laid out before kept for the zoom to come back to (15 MB each)
Board = tuple  # a mounted board: BoardMounts._board's
Building = tuple[Arrangement, Iterator[bool], Board, bool]  # (its arrangement, the steps left,
# the board so far, the next step is heavy): the board BoardMounts._prepare builds aside


class BoardMounts:
    """The boards kept and the one built aside (a renderer mixin)."""

    def _board(self) -> Board:
        """The board mounted now: what `_remount` keeps and `_prepare` builds aside."""
        return (self.focus, self.pair, self.layout, self.panels, self.layers, self.maps,
                self.cards, self._own_targets, self.scales)

    def _put(self, board: Board) -> None:
        """Mount a board kept or built aside (no paint: its layers are as they were left)."""
        (self.focus, self.pair, self.layout, self.panels, self.layers, self.maps, self.cards,
         self._own_targets, self.scales) = board

    def _remount(self, arrangement: Arrangement) -> bool:
        """Keep the board shown now for the zoom to come back to (with three or four people:
        a few of them, the zoom moves often; at a table of three or four bots, whose large map
        moves to the next first player every turn: a board is laid out once per seat, ~10 ms,
        then comes back; each is two board-sized surfaces), and bring the arrangement's back
        if it is kept; True if it was."""
        if not self._keeps_boards() or not hasattr(self, "layers"):
            self._mounts.clear()
            return False
        kept = self._mounts.pop(arrangement, None)
        self._mounts[self.focus, self.pair] = self._board()
        while len(self._mounts) > MOUNTS_KEPT:
            del self._mounts[next(iter(self._mounts))]  # the least recently shown
        if kept is None:
            return False
        self._put(kept)
        self.damage_rect()
        return True

    def _keeps_boards(self) -> bool:
        """True if the large map moves between seats again and again (three or four people,
        or a table of three or four bots): the boards laid out are kept (`_remount`)."""
        return len(self.humans) > 2 or (not self.humans and self.players > 2)

    def build_every_board(self) -> None:
        """At a table of three or four bots (attract demos, the bench), whose large map moves
        to the next first player every turn: build every other seat's board now, as the view
        is first shown before play (`reset`), so that no frame of the game builds one
        (~13 ms each, the first time the turn passes to each seat); they come back as kept
        boards (`_remount`). Built at most once per seat (MOUNTS_KEPT: every other seat's)."""
        if self.humans or not self._keeps_boards() or self.view is None:
            return
        for seat in range(self.players):
            arrangement = (seat, ())
            kept = self._mounts.get(arrangement)
            if seat == self.focus or (kept is not None and not _unpainted(kept)):
                continue  # (one laid out before the first view was shown: built again)
            shown = self._board()
            try:
                for _ in self._build(arrangement, paint=True):
                    pass
                self._mounts[arrangement] = self._board()
            finally:
                self._put(shown)

    def _prepare(self, wanted: int | None) -> None:
        """With three or four people, take one step of building aside the board of a person
        whose map has not been large yet, so the zoom's first move to them costs no more than
        its later ones (building a board at once takes ~25 ms: a dropped frame); never while
        the zoom fades, the heavy steps only on a quiet frame (nothing moving) unless the zoom
        waits for the board (`wanted`: whose). Each board is two board-sized surfaces: no
        more are built than `_remount` keeps, unless the zoom waits."""
        if self._fade is not None or self.view is None:
            return
        if self._building is None:
            todo = sorted((seat for seat in self.humans if seat != self.focus
                           and (seat, ()) not in self._mounts), key=lambda s: s != wanted)
            if len(self.humans) <= 2 or not todo or (
                    wanted is None and len(self._mounts) >= MOUNTS_KEPT):
                return
            arrangement = (todo[0], ())
            self._building = (arrangement, self._build(arrangement, paint=True), self._board(),
                              False)
        arrangement, steps, board, heavy = self._building
        if heavy and self.timeline and wanted is None:
            return
        shown = self._board()
        self._put(board)  # the panels built read the room (its layout, its focus) as theirs
        try:
            heavy = next(steps, None)
            board = self._board()
        finally:
            self._put(shown)
        done = heavy is None
        self._building = None if done else (arrangement, steps, board, bool(heavy))
        if done:
            self._mounts[arrangement] = board
            while len(self._mounts) > MOUNTS_KEPT:
                del self._mounts[next(iter(self._mounts))]


def _unpainted(board: Board) -> bool:
    """True if a layer of a kept board was never painted: a board laid out before the first
    view was shown, then left for the first player's (`_remount`), would repaint every layer
    in the frame it comes back."""
    layers = board[4]
    return any(layers.shown_key(name) is None for name, panel in board[3].items()
               if panel.LAYERED)
