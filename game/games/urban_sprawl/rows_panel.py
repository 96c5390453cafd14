"""Urban Sprawl's card rows: the contract row (five cards, then the Town, City and Metropolis
piles) and the planning row (four cards, then the planning pile), each slot with its AP cost.

`RowsPanel` holds the two rows' cards and the planning pile; `PilesPanel` the three contract
piles (a pile not yet in play shows its back and count). A focused card is zoomed left of the
rows with its whole text (panel_base.py); a card held by a running tween (flying to a seat,
sliding along its row, turning over) is left for its animation.
"""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Set as AbstractSet
from typing import Any

import pygame
import pytweening

from game.engine.core import Event, Target
from game.ui import theme
from game.ui.damage import blit_columns
from game.ui.i18n import language
from game.ui.paint import Moving, flip, fly
from game.ui.render_kit import Batch, on_event
from game.ui.tween import Tween

from . import sprites as sp
from .anim import DISCARD_DROP, DISCARD_TIME, FLIP_TIME, SLIDE_TIME, flip_area
from .board import CONTRACT_DECKS
from .layout import CARD, SMALL, card_slot, cost_label, t
from .panel_base import USPanel, by_view
from .state import HIDDEN_CARD, State

# seconds between two cards of the opening deal let go by their stands (over a frame at 60 fps)
STAND_GAP = 0.025

# rect, card, cost, pile count, pile name (its string key, translated only when painted)
Slot = tuple[pygame.Rect, str | None, int | None, int | None, str]


class RowPart(USPanel):
    """What the rows and the piles share: a slot at a time, each repainted only when what it
    shows changes (a taken card, a slide or a refill repaints its slots, not the rows)."""

    RESTORE = False  # `paint` restores only the slots it repaints
    # (a view, its `slots` and the cards in them): `view_slots`
    _slots_memo: tuple[Any, list[Slot], frozenset] | None = None

    def view_slots(self) -> tuple[list[Slot], frozenset]:
        """`slots` and the cards in them, worked out once per view: a tween letting go of a
        card asks them for `reads_holds`, the key and the repaint, in one frame."""
        view, memo = self.view, self._slots_memo
        if memo is None or memo[0] is not view:
            slots = self.slots()
            memo = self._slots_memo = (view, slots, frozenset(card for _, card, *_ in slots))
        return memo[1], memo[2]

    def slots(self) -> list[Slot]:
        """(rect, card, AP cost, pile count, pile name) of each slot: a card (or, with no card
        or one held by a tween, the pile's back, or an empty place), its cost under it (None:
        a pile not yet in play shows no cost)."""
        return []

    def shown_slots(self) -> Hashable:
        """What each slot shows (a card held by a tween shows as none) and the language: the
        key, once per view fields it reads (`by_view`, in each part)."""
        holds = self.holds
        return tuple((None if card is not None and ("card", card) in holds else card, cost, pile,
                      name) for _, card, cost, pile, name in self.view_slots()[0]), language()

    key = by_view("card")(shown_slots)

    def reads_holds(self, moved: AbstractSet[tuple]) -> bool:
        """Only the cards in its slots are read (whether a tween holds them back): a card
        landing in the rows asks the piles nothing, one flying to a seat the rows."""
        cards = self.view_slots()[1]
        return any(thing in cards for _, thing in moved)

    def paint(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """The slots whose picture changed since the last paint (all of them at first or in a
        new language), over the background put back under them; returns their areas."""
        layers = self.room.layers
        before, now = layers.shown_key(self.name), self.key()
        fresh = before is None or before[1] != now[1] or len(before[0]) != len(now[0])
        areas = []
        for k, (rect, card, cost, pile, name) in enumerate(self.view_slots()[0]):
            if fresh or before[0][k] != now[0][k]:
                area = rect.union(cost_label(rect, cost)[1]) if cost is not None else rect
                blit_columns(surf, layers.static, area)
                self.paint_slot(surf, rect, card, cost, pile, t(name) if name else "")
                areas.append(area)
        return areas

    def paint_slot(self, surf: pygame.Surface, rect: pygame.Rect, card: str | None,
                   cost: int | None, pile: int | None = None, pile_name: str = "") -> None:
        """A card (or an empty place or a pile) with its AP cost under it."""
        if card is not None and ("card", card) not in self.holds:
            surf.blit(self.room.faces.face(card), rect)
        elif pile is not None:
            surf.blit(sp.deck_back(pile_name, CARD), rect)
            sp.deck_count(surf, rect, pile_name, pile)
        else:
            pygame.draw.rect(surf, theme.PANEL, rect, 2, border_radius=10)
        if cost is not None:
            text, at = cost_label(rect, cost)
            surf.blit(theme.text(text, SMALL, theme.TEXT, True), at)


class RowsPanel(RowPart):
    """The contract row's five cards, the planning row's four and the planning pile; a
    discarded contract sinks out of its slot, revealed cards turn over, and the cards left in
    the rows slide to their new slots."""

    key = by_view("card", reads=("contract_row", "planning_row", "planning_top",
                                 "planning_deck"))(RowPart.shown_slots)

    def slots(self) -> list[Slot]:
        """The contract row's slots, then the planning row's and its pile."""
        v, board = self.view, self.room.board
        found: list[Slot] = [(card_slot("contract", j), card, board.contract_costs[j], None, "")
                             for j, card in enumerate(v.contract_row)]
        for i, card in enumerate((*v.planning_row, v.planning_top)):
            pile = i == 4
            found.append((card_slot("planning", i), card,
                          board.planning_deck_cost if pile else board.planning_costs[i],
                          len(v.planning_deck.cards) if pile else None,
                          "planning_back" if pile else ""))
        return found

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
        self.tween(at, DISCARD_TIME, paint, pytweening.easeInQuad, (("card", ev.get("card")),),
                   lambda p: start.move(0, round(DISCARD_DROP * p)).inflate(0, 2))  # it fades
        return at + DISCARD_TIME

    @on_event("revealed", sound="flip")
    def _reveal(self, ev: Event, at: float, batch: Batch) -> float:
        at = self.slide_rows(batch, at)
        card = ev.get("card")
        rect = self.room.place_of(self.view, card)
        if rect is None:
            return at
        self.room.origin = rect.center
        turn = FaceUp(self.room.faces, card, rect)
        if self.room.whole_board_due():  # e.g. the opening deal, animated before the first frame
            turn.face_now()
            self.tween(at, FLIP_TIME, turn, area=flip_area(rect))  # (held by its stand)
            self.stand_until_dealt(batch, card, rect, at, at + FLIP_TIME)
        else:
            self.tween(at, FLIP_TIME, turn, holds=(("card", card),), area=flip_area(rect))
        return at + FLIP_TIME * 0.5

    # (the batch whose opening deal the stands below belong to, and for each card of it in
    # deal order, the tween holding it and the one drawing it standing after its turn)
    _stands: tuple[Batch | None, list[tuple[Tween, Tween]]] = (None, [])

    def stand_until_dealt(self, batch: Batch, card: str, rect: pygame.Rect, turns: float,
                          landed: float) -> None:
        """The opening deal turns a card over every half flip: held from its turn on by a
        tween that only holds (not by its flip, whose end then changes no holds and repaints
        nothing), a card turned over stands face up (`Standing`) until the last one has
        turned; then they are let go one STAND_GAP apart, in deal order, the first one
        STAND_GAP after the last turn's end, so that the rows repaint one slot a frame once
        nothing turns, not one in each frame where two cards turn. Each card added moves every
        earlier stand's end to the new last landing (before its own tweens are queued: a tween
        queued bumps the timeline's memos)."""
        if self._stands[0] is not batch:
            self._stands = batch, []
        stands = self._stands[1]
        for k, pair in enumerate(stands):
            for tween in pair:
                tween.dur = landed + (k + 1) * STAND_GAP - tween.start
        end = landed + len(stands) * STAND_GAP + STAND_GAP
        hold = self.tween(turns, end - turns, None, holds=(("card", card),))
        stand = self.tween(landed, end - landed,
                           Standing(self.room.faces.face(card), rect))
        stands.append((hold, stand))

    def slide_rows(self, batch: Batch, at: float) -> float:
        """Once a batch: the cards still in the rows glide from their old slots to their new
        ones (the end of a turn slides the rows toward the cheap end before refilling)."""
        if batch.old is None or "slid" in batch.moments:
            return at
        batch.moments["slid"] = at
        old, v = batch.old, self.view
        if (old.contract_row == v.contract_row and old.planning_row == v.planning_row
                and old.tops == v.tops and old.planning_top == v.planning_top):
            return at  # every card where it was (`place_of` reads no more than these)
        moved = False
        for card in (*v.contract_row, *v.planning_row):
            if card is None or card == HIDDEN_CARD:
                continue
            start, end = self.room.place_of(batch.old, card), self.room.place_of(v, card)
            if start is not None and end is not None and start != end:
                face = self.room.faces.face(card)
                self.tween(at, SLIDE_TIME, fly(face, start.center, end.center, 0),
                           holds=(("card", card),), early=True)
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


class FaceUp:
    """Paint: a revealed card turning over from its back (`paint.flip`), its face drawn only
    when it shows, at mid-turn: the cards an end of turn reveals draw their faces in the
    frames they turn (half a flip apart), not all in the frame the move lands."""

    def __init__(self, faces: Any, card: str, rect: pygame.Rect) -> None:
        """`card` (its face from `faces`) turning over in `rect`."""
        self.faces, self.card, self.rect = faces, card, rect
        self.back = sp.card_back("", rect.size)
        self.turn = flip(self.back, self.back, rect)  # the first half shows only the back
        self.face_up = False

    def face_now(self) -> None:
        """Draw the face now (if not yet): from mid-turn on the card shows it."""
        if not self.face_up:
            self.turn = flip(self.back, self.faces.face(self.card), self.rect)
            self.face_up = True

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """The card at eased progress `p` (its face from mid-turn on)."""
        if p >= 0.5:
            self.face_now()
        self.turn(canvas, p)


class Standing(Moving):
    """Paint: a card face up in its slot, the very pixels the rows show once they paint it
    (while a tween holds the card the rows show an empty place, whose outline the face's own
    rounded edge covers). It stands still: drawn once, not every frame (`paint.Moving`)."""

    def __init__(self, face: pygame.Surface, rect: pygame.Rect) -> None:
        """`face` in `rect`."""
        self.face, self.rect = face, pygame.Rect(rect)

    def where(self, p: float) -> pygame.Rect:
        """The slot, whatever `p`."""
        return self.rect.copy()

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        """The face in the slot."""
        canvas.blit(self.face, self.rect)


class PilesPanel(RowPart):
    """The Town, City and Metropolis piles: the top card of each pile in play, then the backs."""

    key = by_view("card", reads=("tops", "active_decks", "decks"))(RowPart.shown_slots)

    def slots(self) -> list[Slot]:
        """A pile in play shows its top card and cost, one not yet in play its back."""
        v, cost = self.view, self.room.board.contract_deck_cost
        return [(card_slot("contract", 5 + k), v.tops[k] if k < v.active_decks else None,
                 cost if k < v.active_decks else None, len(v.decks[k].cards), f"deck.{deck}")
                for k, deck in enumerate(CONTRACT_DECKS)]

    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Each pile's top."""
        return {("contract", "top", k): card_slot("contract", 5 + k)
                for k in range(len(CONTRACT_DECKS))}

    def card_at(self, target: Target) -> str | None:
        """The top card of a pile."""
        return self.view.tops[target[2]]
