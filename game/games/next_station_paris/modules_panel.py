"""Next Station: Paris modules panel: the advanced modules every seat needs to read.

The shared objectives in play, an emblem per seat meeting each now, and each city gate's corner
with its bonus, as many as fit (the layout always gives the modules a panel when they are on).
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.paint import draw_seat_emblem
from game.ui.render_kit import translator

from . import sprites as sp
from .column_panels import SidePanel
from .scoring import objective_met
from .state import State

t = translator("next_station_paris.scene.")


class ModulesPanel(SidePanel):
    """Shared objectives (with who meets them) and the bonus of each city gate."""

    def __init__(self, *args, **kwargs) -> None:
        """Nothing computed yet."""
        super().__init__(*args, **kwargs)
        self._met: tuple[object, list] = (None, [])  # (view, objectives met) last computed

    def objectives_met(self, view: State) -> list[tuple[int, ...]]:
        """Per objective in play, the seats that meet it now (computed once per view)."""
        if self._met[0] is view:
            return self._met[1]
        board, out = self.room.board, []
        for o in view.objectives:
            obj = board.objectives[o]
            out.append(tuple(s for s in range(self.room.players)
                             if objective_met(board, obj, view.lines[s], view.used[s])))
        self._met = (view, out)
        return out

    def key(self) -> tuple:
        """The modules, objectives and gates in play, who meets each objective."""
        view = self.view
        if not view.modules:
            return ()
        return (view.modules, view.objectives, view.gates, tuple(self.objectives_met(view)))

    def paint(self, surface: pygame.Surface) -> None:
        """The objectives, then the gates under them."""
        view = self.view
        if not view.modules:
            self.room.scribe.begin(self.name)
            return
        box = self.box(surface)
        y = box.y + 8
        if view.objectives:
            y = self._paint_objectives(surface, box, y)
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        if view.gates and y + line_h * 2 < box.bottom:
            self._paint_gates(surface, box, y + 2)

    def _paint_objectives(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        """The objectives in play, a dot per seat meeting each; returns the y under them."""
        view, width, w = self.view, box.w - 20, self.room.scribe
        board = self.room.board
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        y = w.heading(surface, t("objectives", points=board.objective_points), box, y)
        for o, seats in zip(view.objectives, self.objectives_met(view)):
            text = t(f"objective.{board.objectives[o].id}")
            y, last = w.paragraph(surface, text, box.x + 10, y, width, box.bottom)
            dots = 26 * len(seats)
            if seats and last + 12 + dots > width:  # no room after the text: a row of its own
                y += 28
            for k, seat in enumerate(seats):  # an emblem per seat meeting it, right-aligned
                draw_seat_emblem(surface, seat, (box.right - 22 - k * 26, y - line_h // 2), 22)
            y += 6
        return y

    def _paint_gates(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> None:
        """Each city gate's corner and its bonus, as many as fit."""
        board, w = self.room.board, self.room.scribe
        line_h = theme.font(theme.SMALL_SIZE).get_linesize()
        y = w.heading(surface, t("gates"), box, y)
        for corner, bonus in zip(board.gate_corners, self.view.gates):
            if y + line_h > box.bottom:
                break
            s = board.stations[corner]
            sp.corner_glyph(surface, pygame.Rect(box.x + 10, y + 4, 26, 26), s.col > 4.5,
                            s.row > 4.5)
            w.write(surface, t(f"bonus.{board.bonuses[bonus]}"), theme.SMALL_SIZE, theme.TEXT,
                    width=box.w - 60, topleft=(box.x + 50, y))
            y += line_h
