"""Where Urban Sprawl's targets are (`PlacedTargets`, a part of scene.USRenderer): each panel's
targets placed again only when what moves them changed, and which panel offered each."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.core import Target
from game.ui.panels import Panel

from .panel_base import USPanel
from .state import State

FIXED_TARGETS = USPanel.targets_moved_by  # a panel whose targets nothing moves: placed once


class PlacedTargets:
    """The room's targets, placed per panel and joined again only when one panel's moved: a
    part of a PanelRoom, before it in the bases (a plain class: a PanelRoom base here would
    collect the event handlers without the room's own animations)."""

    panels: dict[str, Panel]
    modal_panels: Any

    may_be_modal: bool  # whether a panel may show a choice over the board (set by the room)
    _placed_memo: tuple | None = None  # (the targets placed, the panel that offers each)
    _by_panel: dict[str, tuple]  # by panel name: (what moves its targets, its targets, owners)
    _owner: dict[Target, Panel]

    def place_targets(self, view: State) -> dict[Target, pygame.Rect]:
        """The panels' targets, each panel's placed again only when what moves them changed
        (`USPanel.targets_moved_by`: which lots hold a building, not who controls it; a seat's
        cards and pills), and joined again only then: most moves (a cube, a pill, a gain)
        move none, and a full city offers hundreds of targets. The kit's order, panel by
        panel in mount order."""
        if self.may_be_modal and self.modal_panels():  # none here today; the kit's way if one is
            self._placed_memo = None
            return super().place_targets(view)  # type: ignore[misc]  # (the PanelRoom's)
        memo, moved = self._by_panel, self._placed_memo is None
        for panel in self.panels.values():
            kept = memo.get(panel.name)
            if kept is not None and type(panel).targets_moved_by is FIXED_TARGETS:
                continue  # nothing moves its targets (placed once; not asked at each move)
            moves = panel.targets_moved_by(view)
            if kept is None or kept[0] != moves:
                targets = panel.targets(view)
                memo[panel.name] = (moves, targets, dict.fromkeys(targets, panel))
                moved = True
        if moved:
            placed: dict[Target, pygame.Rect] = {}
            owners: dict[Target, Panel] = {}
            for panel in self.panels.values():
                _, targets, owner = memo[panel.name]
                placed.update(targets)
                owners.update(owner)
            self._placed_memo = placed, owners
        self._owner = self._placed_memo[1]
        return self._placed_memo[0]

    def owners(self) -> dict[Target, Panel]:
        """Which panel offered each target of the current view."""
        return self._owner

    def placed(self) -> dict[Target, pygame.Rect]:
        """Every target's rect for the current view (not copied: read only)."""
        return self._targets
