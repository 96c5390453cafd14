"""Urban Sprawl's election track, under the city: a square per office (the election pawn's
square lit), then the Contractor's, each with its holder's name or "vacant"."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.engine.core import Event
from game.ui import theme
from game.ui.i18n import language
from game.ui.paint import fast, fit_text, flip, popup, seat_color
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event

from .anim import BALLOT_TIME, POP_TIME, flip_area
from .board import OFFICES
from .layout import SMALL, t, track_cells
from .panel_base import USPanel, by_view
from .state import NOBODY, State


class TrackPanel(USPanel):
    """The offices and who holds them; an office whose ballot turns over is left to its tween."""

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str = "track") -> None:
        """The track of `room`'s board."""
        super().__init__(room, rect, name)
        self.track = self.room.board.election_track
        self._faces: dict[tuple, pygame.Surface] = {}

    @by_view("office", reads=("election_pos", "offices"))
    def key(self) -> Hashable:
        """The pawn, the holders, the offices held back by a running ballot."""
        v = self.view
        held = tuple(sorted(k for k in self.holds if k[0] == "office"))
        return v.election_pos, v.offices, held, language()

    def paint(self, surf: pygame.Surface) -> None:
        """The election track (the pawn's square lit) and who holds each office; an office
        whose ballot is still turning over is left for its animation."""
        for office, rect in track_cells(self.track):
            if ("office", office) not in self.holds:
                surf.blit(self.office_face(office, self.holder(office)), rect)

    def holder(self, office: str, view: State | None = None) -> int:
        """The seat holding `office` in `view` (the shown one by default), or NOBODY."""
        return (view or self.view).offices[OFFICES.index(office)]

    def cell(self, office: str) -> pygame.Rect:
        """The square of one office."""
        return dict(track_cells(self.track))[office]

    def office_face(self, office: str, holder: int) -> pygame.Surface:
        """One square of the track: the office over its holder's name (or "vacant"), lit
        where the election pawn stands."""
        v, track = self.view, self.track
        lit = office != "contractor" and track.index(office) == v.election_pos % len(track)
        key = ("office", office, holder, lit, language())
        if key not in self._faces:
            rect = track_cells(track)[0][1]
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            box = surf.get_rect()
            pygame.draw.rect(surf, theme.PANEL_LIGHT if lit else theme.PANEL, box,
                             border_radius=8)
            if lit:
                pygame.draw.rect(surf, theme.ACCENT, box, 3, border_radius=8)
            for text, at, rgb, bold in self._office_texts(office, holder, box):
                surf.blit(fit_text(text, SMALL, box.w - 10, rgb, bold, 0.7), at)
            self._faces[key] = fast(surf)
        return self._faces[key]

    def _office_texts(self, office: str, holder: int,
                      box: pygame.Rect) -> list[tuple[str, pygame.Rect, tuple, bool]]:
        """(text, rect, colour, bold) of an office square's two lines, inside `box`."""
        label = self.room.names[holder] if holder != NOBODY else t("vacant")
        rgb = seat_color(holder) if holder != NOBODY else theme.TEXT_DIM
        found = []
        for text, color, bold, anchor in ((t(f"office.{office}"), theme.TEXT, True,
                                           {"midtop": (box.centerx, box.y + 6)}),
                                          (label, rgb, False,
                                           {"midbottom": (box.centerx, box.bottom - 6)})):
            img = fit_text(text, SMALL, box.w - 10, color, bold, 0.7)
            found.append((text, img.get_rect(**anchor), color, bold))
        return found

    @on_event("elected", sound="fanfare")
    def _elected(self, ev: Event, at: float, batch: Batch) -> float:
        """The office's ballot turns over from the old holder to the new one."""
        office = ev.get("office")
        cell = self.cell(office)
        old = self.holder(office, batch.old) if batch.old else NOBODY
        face = self.office_face
        turn = flip(face(office, old), face(office, ev.player), cell,
                    lift=16, backdrop=theme.BACKGROUND)
        self.tween(at, BALLOT_TIME, turn, holds=(("office", office),), area=flip_area(cell, 16))
        label = t("elected", player=self.room.names[ev.player], office=t(f"office.{office}"))
        where = (cell.centerx, cell.y - 30)
        self.tween(at + BALLOT_TIME * 0.5, POP_TIME,
                   popup(label, where, seat_color(ev.player), theme.BODY_SIZE))
        self.room.origin = cell.center
        return at + BALLOT_TIME

    def labels(self) -> list[tuple[str, pygame.Rect]]:
        """Every text on the track, where it is drawn."""
        return [(text, rect) for office, cell in track_cells(self.track)
                for text, rect, _, _ in self._office_texts(office, self.holder(office), cell)]
