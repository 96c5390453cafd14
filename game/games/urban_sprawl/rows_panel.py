"""Urban Sprawl's card rows: the contract row (five cards, then the Town, City and Metropolis
piles) and the planning row (four cards, then the planning pile), each slot with its AP cost.

`RowsPanel` holds the two rows' cards and the planning pile; `PilesPanel` the three contract
piles (a pile not yet in play shows its back and count). A focused card is zoomed left of the
rows with its whole text (panel_base.py); a card held by a running tween (flying to a seat,
sliding along its row, turning over) is left for its animation.
"""

from __future__ import annotations

import pygame
import pytweening

from game.engine.core import Event, Target
from game.ui import theme
from game.ui.i18n import language
from game.ui.paint import flip, fly
from game.ui.panels import fly_area
from game.ui.render_kit import Batch, on_event

from . import sprites as sp
from .anim import DISCARD_DROP, DISCARD_TIME, FLIP_TIME, SLIDE_TIME, flip_area
from .board import CONTRACT_DECKS
from .layout import CARD, SMALL, card_slot, cost_label, t
from .panel_base import USPanel
from .state import HIDDEN_CARD, State


class RowPart(USPanel):
    """What the rows and the piles share: their key and how a slot is painted."""

    def key(self) -> tuple:
        """Everything the rows and piles show (the piles share it: one pile's count moves
        with a row's refill)."""
        v = self.view
        return (v.planning_row, v.planning_top, v.contract_row, v.tops, v.active_decks,
                len(v.planning_deck.cards), tuple(len(d.cards) for d in v.decks),
                self.room.held_cards(), language())

    def paint_slot(self, surf: pygame.Surface, rect: pygame.Rect, card: str | None, cost: int,
                   pile: int | None = None, pile_name: str = "") -> None:
        """A card (or an empty place or a pile) with its AP cost under it."""
        if card is not None and ("card", card) not in self.holds:
            surf.blit(self.room.faces.face(card), rect)
        elif pile is not None:
            surf.blit(sp.deck_back(pile_name, CARD, pile), rect)
        else:
            pygame.draw.rect(surf, theme.PANEL, rect, 2, border_radius=10)
        text, at = cost_label(rect, cost)
        surf.blit(theme.text(text, SMALL, theme.TEXT, True), at)



class RowsPanel(RowPart):
    """The contract row's five cards, the planning row's four and the planning pile; a
    discarded contract sinks out of its slot, revealed cards turn over, and the cards left in
    the rows slide to their new slots."""

    def paint(self, surf: pygame.Surface) -> None:
        """Each slot's card (or its empty place) with its cost; the planning pile's back."""
        v, board = self.view, self.room.board
        for j, card in enumerate(v.contract_row):
            self.paint_slot(surf, card_slot("contract", j), card, board.contract_costs[j])
        for i, card in enumerate((*v.planning_row, v.planning_top)):
            cost = board.planning_costs[i] if i < 4 else board.planning_deck_cost
            self.paint_slot(surf, card_slot("planning", i), card, cost,
                            len(v.planning_deck.cards) if i == 4 else None, t("planning_back"))

    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """The planning row's slots and pile, the contract row's slots."""
        rects: dict[Target, pygame.Rect] = {}
        for i in range(4):
            rects[("planning", "row", i)] = card_slot("planning", i)
        rects[("planning", "top")] = card_slot("planning", 4)
        for j in range(5):
            rects[("contract", "row", j)] = card_slot("contract", j)
        return rects

    def card_at(self, target: Target) -> str | None:
        """The card in a slot or on the planning pile."""
        view = self.view
        if target[0] == "planning":
            return view.planning_row[target[2]] if target[1] == "row" else view.planning_top
        return view.contract_row[target[2]]

    @on_event("contract_discarded", sound="swish")
    def _discard(self, ev: Event, at: float, batch: Batch) -> float:
        """A stalled offer's cheapest contract (rules.py) sinks out of its slot and fades,
        before the row slides and refills."""
        start = card_slot("contract", ev.get("slot"))
        face = self.room.faces.face(ev.get("card")).copy()

        def paint(canvas: pygame.Surface, p: float) -> None:
            face.set_alpha(round(255 * (1 - p)))
            canvas.blit(face, start.move(0, round(DISCARD_DROP * p)))
        self.tween(at, DISCARD_TIME, paint, pytweening.easeInQuad, holds=(("card", ev.get("card")),),
                   area=start.union(start.move(0, DISCARD_DROP)))
        return at + DISCARD_TIME

    @on_event("revealed", sound="flip")
    def _reveal(self, ev: Event, at: float, batch: Batch) -> float:
        at = self.slide_rows(batch, at)
        card = ev.get("card")
        rect = self.room.place_of(self.view, card)
        if rect is None:
            return at
        self.room.origin = rect.center
        back = sp.card_back("", rect.size)
        self.tween(at, FLIP_TIME, flip(back, self.room.faces.face(card), rect),
                   holds=(("card", card),), area=flip_area(rect))
        return at + FLIP_TIME * 0.5

    def slide_rows(self, batch: Batch, at: float) -> float:
        """Once a batch: the cards still in the rows glide from their old slots to their new
        ones (the end of a turn slides the rows toward the cheap end before refilling)."""
        if batch.old is None or "slid" in batch.moments:
            return at
        batch.moments["slid"] = at
        moved = False
        v = self.view
        for card in (*v.contract_row, *v.planning_row):
            if card is None or card == HIDDEN_CARD:
                continue
            start, end = self.room.place_of(batch.old, card), self.room.place_of(v, card)
            if start is not None and end is not None and start != end:
                face = self.room.faces.face(card)
                self.tween(at, SLIDE_TIME, fly(face, start.center, end.center, 0),
                           holds=(("card", card),), early=True,
                           area=fly_area(face, start.center, end.center, 0))
                moved = True
        return at + SLIDE_TIME if moved else at


    def cost_labels(self) -> list[tuple[str, pygame.Rect]]:
        """Every AP cost shown under a slot or pile (a contract pile's once it is in play)."""
        board = self.room.board
        costs = [("contract", j, c) for j, c in enumerate(board.contract_costs)]
        costs += [("contract", 5 + k, board.contract_deck_cost)
                  for k in range(self.view.active_decks)]
        costs += [("planning", i, c) for i, c in enumerate(board.planning_costs)]
        costs.append(("planning", 4, board.planning_deck_cost))
        return [cost_label(card_slot(row, i), cost) for row, i, cost in costs]


class PilesPanel(RowPart):
    """The Town, City and Metropolis piles: the top card of each pile in play, then the backs."""

    def paint(self, surf: pygame.Surface) -> None:
        """A pile in play shows its top card and cost, one not yet in play its back."""
        v = self.view
        for k, deck in enumerate(CONTRACT_DECKS):
            rect = card_slot("contract", 5 + k)
            if k >= v.active_decks:
                surf.blit(sp.deck_back(t(f"deck.{deck}"), CARD, len(v.decks[k].cards)), rect)
                continue
            self.paint_slot(surf, rect, v.tops[k], self.room.board.contract_deck_cost,
                            len(v.decks[k].cards), t(f"deck.{deck}"))

    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Each pile's top."""
        return {("contract", "top", k): card_slot("contract", 5 + k)
                for k in range(len(CONTRACT_DECKS))}

    def card_at(self, target: Target) -> str | None:
        """The top card of a pile."""
        return self.view.tops[target[2]]
