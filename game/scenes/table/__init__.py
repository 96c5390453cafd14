"""Table modes: how people share the screen (see base.py). `table_for` picks one."""

from __future__ import annotations

from game.scenes.table.base import Table
from game.scenes.table.curtain import CurtainTable
from game.scenes.table.host import Seating
from game.scenes.table.shared import SharedTable
from game.scenes.table.split import SplitTable

__all__ = ["CurtainTable", "Seating", "SharedTable", "SplitTable", "Table", "table_for"]


def table_for(game: Seating, split: bool, hidden: bool) -> Table:
    """One map per person when the renderer draws them (nothing is secret there), else the
    pass-the-screen curtain when hands are hidden, else one shared screen."""
    if split:
        return SplitTable(game)
    return CurtainTable(game) if hidden else SharedTable(game)
