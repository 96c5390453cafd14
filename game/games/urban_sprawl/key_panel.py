"""Urban Sprawl's key, right of the planning row: whose turn it is and the AP left, the planning
deck and discard, then a picture and a meaning for each board symbol that says nothing by itself
(an empty circle, the markers, a block value, the highest and lowest marks)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.ui import theme
from game.ui.i18n import language
from game.ui.paint import fit_text, seat_color

from . import sprites as sp
from .city_panel import marker_disc
from .layout import KEY_BOX, KEY_CIRCLE, KEY_STEP, SMALL, t
from .panel_base import Item, ItemPanel, blit_item, by_view, drafting, turn_seat

MADE_REMEMBERED = 512  # texts noted as rendered ahead (a language change starts again)
Picture = Callable[[pygame.Surface, pygame.Rect], None]


class KeyPanel(ItemPanel):
    """The turn, the piles and the meaning of the board's symbols."""

    def __init__(self, room: Any, rect: pygame.Rect, name: str | None = None) -> None:
        """A key with no text rendered ahead yet."""
        super().__init__(room, rect, name)
        # the texts rendered ahead: piles' lines (deck, discard, language), AP figures (ap,
        # language)
        self._made: set[tuple] = set()

    @by_view(reads=("active", "ap", "planning_deck", "discard", "over"),
             also=lambda key: turn_seat(key.view))
    def key(self) -> Hashable:
        """Whose turn (the setup's draft's picker: panel_base.turn_seat), the AP left, the piles'
        sizes, the end."""
        v = self.view
        return (turn_seat(v), v.ap, len(v.planning_deck.cards), len(v.discard), v.over,
                language())

    def paint_static(self, surface: pygame.Surface) -> None:
        """The key's plate."""
        pygame.draw.rect(surface, theme.PANEL, KEY_BOX, border_radius=12)

    def items(self) -> list[Item]:
        """Whose turn and the AP left, the planning deck and discard, then one line per board
        symbol that says nothing by itself: its picture and its meaning (a new turn or AP
        repaints its line, not the key; each turn's lines are remembered, as they come back
        every round; the symbols' lines are built once per language)."""
        v, words = self.view, language()
        turn = (turn_seat(v), None if drafting(v) else v.ap, v.over)
        return [*self.section("turn", (*turn, words), lambda: self.turn_items(*turn),
                              remember=True),
                *self.section("piles", (len(v.planning_deck.cards), len(v.discard), words),
                              self.pile_items),
                *self.section("symbols", words, symbol_items)]

    def prepare_ahead(self) -> bool:
        """Build the turn line of the active seat's next AP, or else of the next seat's turn,
        or else render the piles' line after the next card drawn or discarded (or both), if
        not made yet; True if it made one (one text: a piles' line rendered in the frame a
        card is drawn cost 0.13-0.23 ms)."""
        return self.prepare_turn() or self.prepare_piles()

    def prepare_piles(self) -> bool:
        """Render one piles' line the next move may show, if not rendered yet (`piles_text`
        caches it); True if it rendered one."""
        v, words = self.view, language()
        deck, discard = len(v.planning_deck.cards), len(v.discard)
        for soon in ((deck - 1, discard), (deck, discard + 1)):  # (both at once: not seen)
            if min(soon) >= 0 and (*soon, words) not in self._made:
                if len(self._made) >= MADE_REMEMBERED:
                    self._made.clear()
                self._made.add((*soon, words))
                piles_text(*soon)
                return True
        return False

    def prepare_turn(self) -> bool:
        """Build the next turn line (`prepare_ahead`), if not built yet, its AP figure first
        and alone (one text a call); True if it built either."""
        v, words = self.view, language()
        soon = [(v.active, spent, False) for spent in range(v.ap)]
        soon.append(((v.active + 1) % self.room.players, self.room.board.action_points, False))
        for active, ap, over in soon if not v.over else ():
            if (active, ap, over, words) in self.remembered.get("turn", ()):
                continue
            if (ap, words) not in self._made:
                self._made.add((ap, words))
                ap_text(ap)
                return True
            if self.prepare("turn", (active, ap, over, words),
                            lambda a=active, p=ap, o=over: self.turn_items(a, p, o)):
                return True
        return False

    def turn_items(self, active: int, ap: int | None, over: bool) -> list[Item]:
        """Whose turn and the AP left (None: the setup's draft), or the end."""
        box = KEY_BOX
        if over:  # no one's turn any more
            over = theme.text(t("game_over"), theme.SMALL_SIZE, theme.ACCENT, True)
            return [blit_item("turn", over, over.get_rect(topleft=(box.x + 12, box.y + 8)))]
        shown = ap_text(ap)
        turn = fit_text(t("turn_of", player=self.room.names[active]), theme.SMALL_SIZE,
                        box.w - 36 - shown.get_width(), seat_color(active), True, 0.8)
        return [blit_item("ap", shown, shown.get_rect(topright=(box.right - 12, box.y + 8))),
                blit_item("turn", turn, turn.get_rect(topleft=(box.x + 12, box.y + 8)))]

    def pile_items(self) -> list[Item]:
        """The planning deck and discard."""
        v, box = self.view, KEY_BOX
        piles = piles_text(len(v.planning_deck.cards), len(v.discard))
        return [blit_item("piles", piles,
                          piles.get_rect(topleft=(box.x + 12, box.y + 8 + KEY_STEP)))]


def ap_text(ap: int | None) -> pygame.Surface:
    """The AP left, right of whose turn it is, or "Setup" (None: the setup's draft of the
    starting buildings, before any AP; cached: theme.text)."""
    words = t("setup") if ap is None else t("ap", ap=ap)
    return theme.text(words, theme.SMALL_SIZE, theme.ACCENT, True)


def piles_text(deck: int, discard: int) -> pygame.Surface:
    """The piles' line: how many cards the planning deck and the discard hold (cached:
    theme.text)."""
    return fit_text(t("key.piles", count=deck, discard=discard), SMALL, KEY_BOX.w - 24,
                    theme.TEXT_DIM, squeeze=0.8)


def symbol_items() -> list[Item]:
    """The rule under the piles, then each board symbol's picture and meaning."""
    box = KEY_BOX
    y = box.y + 6 + 2 * KEY_STEP
    found = [Item("rule", None, pygame.Rect(box.x + 11, y - 2, box.w - 22, 5),
                  lambda surf: pygame.draw.line(surf, theme.PANEL_LIGHT, (box.x + 12, y),
                                                (box.right - 12, y), 2))]
    for k, ((picture, words), (icon, line)) in enumerate(
            zip(key_entries(), key_rows(), strict=True)):
        found.append(Item(("symbol", k), None, icon.inflate(8, 8),
                          functools.partial(picture, at=icon)))
        text = fit_text(words, SMALL, line.w, theme.TEXT, squeeze=0.8)
        found.append(blit_item(("meaning", k), text, text.get_rect(topleft=line.topleft)))
    return found


def key_entries() -> list[tuple[Picture, str]]:
    """The key's symbols (each drawn into its icon rect) and what they mean, in words."""
    def circle(surf: pygame.Surface, at: pygame.Rect) -> None:
        pygame.draw.circle(surf, theme.PANEL_LIGHT, at.center, KEY_CIRCLE)
        pygame.draw.circle(surf, theme.TEXT_DIM, at.center, KEY_CIRCLE, 2)

    def markers(surf: pygame.Surface, at: pygame.Rect) -> None:
        for dx, marker in ((-17, "w9"), (17, "p5")):
            marker_disc(surf, (at.centerx + dx, at.centery), marker, KEY_CIRCLE)

    def plate(surf: pygame.Surface, at: pygame.Rect) -> None:
        surf.blit(sp.value_plate(12, None), sp.value_plate(12, None).get_rect(center=at.center))

    def marks(surf: pygame.Surface, at: pygame.Rect) -> None:
        for dx, mark, value in ((-19, "high", 9), (19, "low", 2)):
            img = sp.value_plate(value, mark)
            surf.blit(img, img.get_rect(center=(at.centerx + dx, at.centery)))

    return [(circle, t("key.circle")), (markers, t("key.markers")),
            (plate, t("key.block")), (marks, t("key.marks"))]


def key_rows() -> list[tuple[pygame.Rect, pygame.Rect]]:
    """(icon rect, text rect) of each of the key's symbol lines, under its turn and piles."""
    top, icon_w = KEY_BOX.y + 10 + 2 * KEY_STEP, 80
    return [(pygame.Rect(KEY_BOX.x + 8, top + k * KEY_STEP, icon_w, KEY_STEP),
             pygame.Rect(KEY_BOX.x + 12 + icon_w, top + k * KEY_STEP + 2,
                         KEY_BOX.w - 24 - icon_w, KEY_STEP - 2)) for k in range(4)]
