"""Ticket to Ride: Paris market panel: the face-up row and the three piles.

Its layer shows the face-up cards (a card still flying in is not there yet) and the deck, ticket
pile and discard pile with their counts; the cards and piles that are options glow per frame.
It animates what leaves or reaches the market: cards drawn and dealt, the row refilled or swept
away, the deck reshuffled and tickets drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import i18n, theme
from game.ui.audio import Cue, EventSound
from game.ui.damage import column_parts
from game.ui.paint import RING_GROW, darken, delayed, fit_text, fly, ring
from game.ui.panels import Panel, PanelRoom, fly_area
from game.ui.render_kit import Batch, Layers, on_event, translator

from . import sprites as sp
from .board import COLORS
from .layout import CARD_H, CARD_W, OPTION, PANEL_W, PANEL_X, PILE_H, PILES_Y, ROW_Y
from .state import EMPTY

t = translator("ticket_to_ride_paris.scene.")


class MarketPanel(Panel):
    """The face-up row and the deck, ticket and discard piles."""

    # A layer per face-up slot and per pile instead of one for the panel (`add_layers`): a card
    # drawn repaints, and the next frame redraws, its slot and the deck, not the whole market.
    LAYERED = False

    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """Place the face-up slots and the three piles."""
        super().__init__(room, rect, "market")
        x0 = PANEL_X + 14
        step = (PANEL_W - 28 - CARD_W) / 4
        self.faceup_rects = [pygame.Rect(round(x0 + i * step), ROW_Y, CARD_W, CARD_H)
                             for i in range(room.rules.rules.get("faceup", 5))]
        third = (PANEL_W - 28 - 20) // 3
        self.deck_rect = pygame.Rect(x0, PILES_Y, third, PILE_H)
        self.tickets_rect = pygame.Rect(x0 + third + 10, PILES_Y, third, PILE_H)
        self.discard_rect = pygame.Rect(x0 + 2 * (third + 10), PILES_Y, third, PILE_H)

    # == static background and layer ==============================================================
    def paint_static(self, surface: pygame.Surface) -> None:
        """The piles' plates, the row's plate and the empty slots' outlines."""
        for rect in (self.deck_rect, self.tickets_rect, self.discard_rect):
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=14)
        row = pygame.Rect(PANEL_X, ROW_Y - 8, PANEL_W, CARD_H + 16)
        pygame.draw.rect(surface, theme.PANEL, row, border_radius=16)
        for r in self.faceup_rects:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, r, 2, border_radius=10)

    def shown_row(self) -> tuple[int, ...]:
        """The face-up row as shown: a slot whose card still flies in (or out) is empty."""
        return tuple(c if not self.holds.get(("slot", i), 0) else EMPTY
                     for i, c in enumerate(self.view.row))

    def add_layers(self, layers: Layers) -> None:
        """A layer per face-up slot and per pile, each clipped to its rect."""
        for spec in self.layer_specs():
            layers.add(*spec)
        self._static = layers.static
        # each pile's picture but its count, by (pile, caption, any card in it): the static
        # background, the pile's art and its caption, laid in one blit (`_paint_pile`)
        self._pile_bases: dict[tuple[str, str, bool], pygame.Surface] = {}

    def layer_specs(self) -> list[tuple]:
        """Each layer's (name, area, key, painter, restore, clip), as `Layers.add` takes them
        (the room asks some of them alone: reach.py)."""
        specs = [(f"slot{i}", rect, partial(self.slot_key, i), partial(self.paint_slot, i),
                  True, True) for i, rect in enumerate(self.faceup_rects)]
        for name, rect in (("deck", self.deck_rect), ("ticket_pile", self.tickets_rect),
                           ("discard", self.discard_rect)):
            # (not restored first: the pile's picture covers its whole rect)
            specs.append((name, rect, partial(self.pile_key, name),
                          partial(self._paint_pile, name), False, True))
        return specs

    def view_damage(self) -> list[pygame.Rect]:
        """Nothing beside the slots' and piles' layers (which report their own repaints)."""
        return []

    def slot_key(self, slot: int) -> int:
        """The card a face-up slot shows (EMPTY: none)."""
        row = self.view.row
        return row[slot] if slot < len(row) and not self.holds.get(("slot", slot), 0) else EMPTY

    def paint_slot(self, slot: int, surface: pygame.Surface) -> None:
        """A face-up card, if its slot shows one."""
        card = self.slot_key(slot)
        if card != EMPTY:
            surface.blit(sp.transport_card(COLORS[card], CARD_W, CARD_H), self.faceup_rects[slot])

    def pile_key(self, name: str) -> tuple:
        """A pile's count and the language of its caption."""
        view = self.view
        count = {"deck": view.deck_size, "ticket_pile": view.ticket_deck_size,
                 "discard": sum(view.discard)}[name]
        return count, i18n.language()

    def _paint_pile(self, name: str, canvas: pygame.Surface) -> None:
        """A pile with its count: its picture but the count (`_pile_base`, composed the first
        time it shows this caption: a pile's repaint was ~0.07-0.14 ms a frame, its art,
        caption and count drawn over the background put back), then the count."""
        rect, count, caption, art = self._pile_parts(name)
        base = self._pile_bases.get((name, caption, count > 0))
        if base is None:
            base = self._pile_bases[name, caption, count > 0] = self._pile_base(
                rect, count, caption, art)
        x, y = rect.topleft
        for part in column_parts(rect):  # the piles start off a column: see damage.COLUMN
            canvas.blit(base, part, part.move(-x, -y))
        num = theme.text(str(count), theme.HEADING_SIZE, theme.TEXT, True)
        canvas.blit(num, num.get_rect(midright=(rect.right - 14, rect.y + 34)))

    def piles_ahead(self) -> None:
        """Compose each pile's picture but its count before play, in this language, with a
        card in it and without (the ticket pile's caption for one ticket and for more): the
        first discard, the last ticket... would otherwise compose one in its frame (~0.15 ms)."""
        for name, rect, art in (("deck", self.deck_rect, self._deck_art),
                                ("ticket_pile", self.tickets_rect, self._ticket_art),
                                ("discard", self.discard_rect, self._discard_art)):
            for count in (0, 1, 2):
                caption = t("tickets", count=count) if name == "ticket_pile" else t(name)
                if (name, caption, count > 0) not in self._pile_bases:
                    self._pile_bases[name, caption, count > 0] = self._pile_base(
                        rect, count, caption, art)

    def _pile_parts(self, name: str) -> tuple[pygame.Rect, int, str, Callable]:
        """A pile's rect, count, caption and art painter (drawn at the pile's place)."""
        view = self.view
        if name == "deck":
            return self.deck_rect, view.deck_size, t("deck"), self._deck_art
        if name == "ticket_pile":
            n = view.ticket_deck_size  # the caption under the count agrees: "1" over "Ticket"
            return self.tickets_rect, n, t("tickets", count=n), self._ticket_art
        return self.discard_rect, sum(view.discard), t("discard"), self._discard_art

    def _pile_base(self, rect: pygame.Rect, count: int, caption: str,
                   art: Callable) -> pygame.Surface:
        """A pile's picture but its count: the static background under it, its art (`count`:
        whether it has a card) and caption, on a surface of the pile's size."""
        surface = self._static.subsurface(rect).copy()
        local = rect.move(-rect.x, -rect.y)
        art(surface, local, count)
        cap = fit_text(caption, theme.SMALL_SIZE, rect.w - 16, theme.TEXT_DIM)
        surface.blit(cap, cap.get_rect(midbottom=(local.centerx, local.bottom - 6)))
        return surface

    @staticmethod
    def _deck_art(canvas: pygame.Surface, deck: pygame.Rect, count: int) -> None:
        canvas.blit(sp.card_back(42, 58), (deck.x + 14, deck.y + 6))

    @staticmethod
    def _ticket_art(canvas: pygame.Surface, tickets: pygame.Rect, count: int) -> None:
        canvas.blit(sp.ticket_back(58, 40), (tickets.x + 12, tickets.y + 14))

    @staticmethod
    def _discard_art(canvas: pygame.Surface, disc: pygame.Rect, count: int) -> None:
        for k in range(3 if count else 1):  # a fanned stack of spent cards
            r = pygame.Rect(disc.x + 14 + k * 6, disc.y + 10 - k * 3, 40, 54)
            pygame.draw.rect(canvas, theme.PANEL_LIGHT if count else theme.PANEL, r,
                             border_radius=8)
            pygame.draw.rect(canvas, theme.TEXT_DIM, r, 2, border_radius=8)

    # == targets and per-frame drawing ============================================================
    def targets(self, view) -> dict[Target, pygame.Rect]:
        """The face-up cards there are, the deck and the ticket pile."""
        out: dict[Target, pygame.Rect] = {}
        for i, rect in enumerate(self.faceup_rects):
            if i < len(view.row) and view.row[i] != EMPTY:
                out[("faceup", i)] = rect
        out[("deck",)] = self.deck_rect
        out[("tickets",)] = self.tickets_rect
        return out

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """Face-up options and piles glow; face-up cards that are not options dim. Only the
        glowing ones breathe (are redrawn every frame while a prompt shows)."""
        if not options:
            return
        # the cards as the slots' layers show them (a slot repainted a frame late, under
        # REPAINT_BUDGET, is dimmed with it: what is drawn per frame changes only with a repaint)
        layers = self.room.layers
        cards = {("faceup", i): rect for i, rect in enumerate(self.faceup_rects)
                 if layers.shown_key(f"slot{i}") not in (None, EMPTY)}
        piles = {("deck",): self.deck_rect, ("tickets",): self.tickets_rect}
        pulse = self.pulse_options({**cards, **piles}, options, 8 + RING_GROW)
        for key, rect in cards.items():
            if key in options:
                ring(canvas, rect.inflate(8, 8), OPTION, 3, pulse)
            elif (seen := rect.clip(canvas.get_clip())).w:
                darken(canvas, seen)  # a blending fill ignores the canvas clip: cut by hand
        for key, rect in piles.items():
            if key in options:
                ring(canvas, rect.inflate(6, 6), OPTION, 3, pulse)

    def card_sprite(self, color: int, visible: bool) -> pygame.Surface:
        """A transport card as it flies: its face, or its back for a card others may not see."""
        if visible:
            return sp.transport_card(COLORS[color], CARD_W, CARD_H)
        return sp.card_back(CARD_W, CARD_H)

    # == event reactions ==========================================================================
    @on_event("card_dealt", sound=EventSound((Cue("swish", volume=0.55),), 0.12))
    @on_event("card_drawn", sound=EventSound((Cue("swish"),), 0.3))
    def _card(self, ev: Event, at: float, batch: Batch) -> float:
        """A card from the deck or the face-up row into a hand (face-down for others)."""
        seat = ev.player
        color = COLORS.index(ev.get("color"))
        faceup = ev.get("source") == "faceup"
        visible = faceup or (seat == self.viewer and ev.get("visible_to") == seat)
        start = self.faceup_rects[ev.get("slot")].center if faceup else self.deck_rect.center
        holds: tuple = (("cards", seat),)
        if seat == self.viewer:
            holds += (("hand", color),)
        if faceup:
            holds += (("slot", ev.get("slot")),)
        sprite, end = self.card_sprite(color, visible), self.room.hand_target(seat, color)
        self.tween(at, 0.42, fly(sprite, start, end), pytweening.easeInOutCubic, holds)
        return at + (0.12 if ev.kind == "card_dealt" else 0.3)

    @on_event("faceup_refilled", sound=EventSound((Cue("swish", volume=0.35),), 0.1))
    def _refill(self, ev: Event, at: float, batch: Batch) -> float:
        """A new face-up card slides from the deck into its slot."""
        slot = ev.get("slot")
        color = COLORS.index(ev.get("color"))
        sprite, start, end = (self.card_sprite(color, True), self.deck_rect.center,
                              self.faceup_rects[slot].center)
        self.tween(at, 0.32, fly(sprite, start, end, arc=0), pytweening.easeOutCubic,
                   (("slot", slot),))
        return at + 0.1

    @on_event("row_reset", sound=EventSound((Cue("shuffle", volume=0.7),), 0.6))
    def _row_reset(self, ev: Event, at: float, batch: Batch) -> float:
        """Three wilds: the whole row sweeps into the discard pile."""
        cards = list(ev.get("discarded") or ())
        holds = tuple(("slot", i) for i in range(len(self.faceup_rects)))
        now = self.timeline.clock
        for i, name in enumerate(cards[:len(self.faceup_rects)]):
            sprite = sp.transport_card(name, CARD_W, CARD_H)
            path = (self.faceup_rects[i].center, self.discard_rect.center)
            sweep = fly(sprite, *path, arc=-30)
            # the old card waits in its slot (the view already holds the new row) until it goes
            start = at + i * 0.05
            dur = start - now + 0.4
            self.tween(now, dur, delayed(sweep, (start - now) / dur, pytweening.easeInCubic),
                       pytweening.linear, holds)
        self.timeline.add(at, 0.62, None, holds=holds)  # the row stays empty until it refills
        return at + 0.6

    @on_event("deck_reshuffled", sound=EventSound((Cue("shuffle"),), 0.5))
    def _reshuffle(self, ev: Event, at: float, batch: Batch) -> float:
        """The discard pile goes back into the deck."""
        back = sp.card_back(CARD_W, CARD_H)
        path = (self.discard_rect.center, self.deck_rect.center)
        for i in range(3):
            self.tween(at + i * 0.08, 0.35, fly(back, *path))
        return at + 0.5

    @on_event("ticket_drawn", sound=EventSound((Cue("flip"),), 0.15))
    def _ticket_drawn(self, ev: Event, at: float, batch: Batch) -> float:
        """A ticket from the pile to the chooser's overlay (or to another seat's panel)."""
        seat = ev.player
        sprite = sp.ticket_back(140, 92)
        if seat == self.viewer:
            n = sum(1 for tw in self.timeline if ("offer", seat) in tw.holds)
            count = max(len(self.view.offered[seat]), n + 1)
            card = self.room.choice.card_rects(count)[min(n, count - 1)]
            dest = card.center
            holds: tuple = (("offer", seat),)
        else:
            rect = self.room.seats.rects[seat]
            dest = (rect.x + 260, rect.y + 80)
            card = None
            holds = ()
        path = (self.tickets_rect.center, dest)
        if card is None:
            self.tween(at, 0.4, fly(sprite, *path), pytweening.easeOutCubic, holds)
            return at + 0.15
        # when the flight lands, the big card (and its ring) shows there: redrawn with it
        area = fly_area(sprite, *path).union(card.inflate(24, 24))
        self.tween(at, 0.4, fly(sprite, *path), pytweening.easeOutCubic, holds, area)
        return at + 0.15
