"""The head of an Urban Sprawl player panel: the seat's emblem and name on the left, its wealth
and prestige (a star) on the right, large. It repaints alone while a gain counts up, its figures
holding back what is still flying in (the room's `counting`), and renders the numbers a count-up
will pass through ahead of time (`SeatHead.prepare_ahead`). Apart from seat_panel.py, the body
under the head, and seat_part.py, the part both halves of a panel share (`SeatPart`)."""

from __future__ import annotations

import pygame

from game.engine.core import Target
from game.ui import theme
from game.ui.i18n import language
from game.ui.paint import draw_seat_emblem, fit_text, seat_color
from game.ui.panels import PanelRoom

from . import sprites as sp
from .layout import FIGURE_SIZE
from .panel_base import Item, blit_item, turn_seat
from .seat_part import SeatPart
from .state import State, total_prestige

FIGURES_KEPT = 256  # figure items kept per head (a long game starts again)


class SeatHead(SeatPart):
    """Emblem and name on the left, wealth and prestige (a star) on the right, large."""

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str, seat: int,
                 whole: pygame.Rect) -> None:
        """A head with no figure rendered ahead yet."""
        super().__init__(room, rect, name, seat, whole)
        self._rendered: set[tuple[str, int]] = set()  # figures rendered ahead: prepare_ahead
        self._prepared_view: State | None = None  # the view all figures were made for
        self._figures: dict[tuple, list[Item]] = {}  # (prestige, wealth, language): items

    def paint_static(self, surface: pygame.Surface) -> None:
        """The whole panel's plate, under both parts."""
        pygame.draw.rect(surface, theme.PANEL, self.whole, border_radius=12)

    def key(self) -> tuple:
        """The figures (less what still flies in) and whether it is the seat's turn."""
        v, seat, room = self.view, self.seat, self.room
        return (v.wealth[seat], v.prestige[seat], turn_seat(v) == seat, room.counting(seat),
                room.counting(seat, "wealth"))

    def items(self) -> list[Item]:
        """The outline, emblem, prestige and its star, wealth and name: while a gain counts
        up only its figures are built again (the outline and emblem per turn, the name per
        place left to it)."""
        v, seat, room = self.view, self.seat, self.room
        prestige = total_prestige(v, seat) - room.counting(seat)
        wealth = v.wealth[seat] - room.counting(seat, "wealth")
        return [*self.section("outline", turn_seat(v) == seat,
                              lambda: self.outline_items("left", "right", "top"),
                              remember=True),
                *self.section("emblem", None, self.emblem_items),
                *self.figure_items(prestige, wealth)]

    def emblem_items(self) -> list[Item]:
        """The seat's emblem, left of its name."""
        seat, panel = self.seat, self.whole
        emblem = (panel.x + 24, panel.y + 24)
        return [Item("emblem", seat, pygame.Rect(0, 0, 40, 40).move(emblem[0] - 20,
                                                                      emblem[1] - 20),
                     lambda surf: draw_seat_emblem(surf, seat, emblem, 14))]

    def figure_items(self, prestige: int, wealth: int) -> list[Item]:
        """Prestige and its star, wealth, and the name in the room the figures leave it, kept
        per figures and language (`_figures`): a count-up's frames find them made (each was
        0.03-0.05 ms cold), those built ahead (`prepare_ahead`) or shown before."""
        stamp = (prestige, wealth, language())
        found = self._figures.get(stamp)
        if found is None:
            if len(self._figures) >= FIGURES_KEPT:
                self._figures.clear()
            found = self._figures[stamp] = self.build_figure_items(prestige, wealth)
        return found

    def build_figure_items(self, prestige: int, wealth: int) -> list[Item]:
        """`figure_items`, built."""
        panel = self.whole
        shown = figure_text("prestige", prestige)
        at = shown.get_rect(topright=(panel.right - 12, panel.y + 4))
        star = (at.x - 20, at.centery)
        found = [blit_item("prestige", shown, at),
                 *self.section("star", star, lambda: [star_item(star)])]
        money = figure_text("wealth", wealth)
        where = money.get_rect(topright=(at.x - 48, at.y))
        found.append(blit_item("wealth", money, where))
        space = where.x - panel.x - 60
        return found + self.section("name", (space, language()), lambda: self.name_items(space))

    def prepare_ahead(self) -> bool:
        """Render one figure a gain still flying in will count through (from the figure shown
        on), if not rendered yet; True if it rendered one: the frames of the count-up then
        find their numbers made (a 36 px figure costs ~0.1-0.2 ms a frame to render)."""
        v, seat, room = self.view, self.seat, self.room
        if self._prepared_view is v:
            return False  # (all of this view's count-ups made: what is left to count narrows)
        counts = {}
        for kind, final in (("prestige", total_prestige(v, seat)), ("wealth", v.wealth[seat])):
            shown = final - room.counting(seat, kind)
            step = 1 if final >= shown else -1
            counts[kind] = range(shown, final + step, step)
            for value in counts[kind]:
                if (kind, value) not in self._rendered:
                    self._rendered.add((kind, value))
                    figure_text(kind, value)
                    return True
        if self.prepare_figures(counts["prestige"], counts["wealth"]):
            return True
        self._prepared_view = v
        return False

    def prepare_figures(self, prestige: range, wealth: range) -> bool:
        """Build the figures' items of one step of a count-up ahead (`figure_items`), if one is
        not built yet (the prestige counting at the wealth shown, then the wealth at the final
        prestige: gains land one after another); True if it built one."""
        words = language()
        steps = [(p, wealth[0]) for p in prestige] + [(prestige[-1], w) for w in wealth]
        for pair in steps if len(steps) > 2 else ():  # (nothing counts: the figures shown)
            if (*pair, words) not in self._figures:
                self.figure_items(*pair)
                return True
        return False

    def name_items(self, space: int) -> list[Item]:
        """The seat's name, no wider than `space`."""
        seat, panel = self.seat, self.whole
        name = fit_text(self.room.names[seat], theme.SMALL_SIZE, space, seat_color(seat), True)
        return [blit_item("name", name, name.get_rect(topleft=(panel.x + 44, panel.y + 8)))]

    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """The seat itself, at its head."""
        return {("seat", self.seat): self.rect.copy()}


def figure_text(kind: str, value: int) -> pygame.Surface:
    """A seat's prestige or wealth figure (cached: theme.text)."""
    if kind == "prestige":
        return theme.text(str(value), FIGURE_SIZE, theme.ACCENT, True)
    return theme.text(f"${value}", FIGURE_SIZE, sp.WEALTH_RGB, True)


def star_item(center: tuple[int, int]) -> Item:
    """The prestige star left of a seat's prestige figure."""
    return Item("star", center, pygame.Rect(center[0] - 18, center[1] - 18, 36, 36),
                lambda surf: sp.star(surf, center, 16, theme.ACCENT))
