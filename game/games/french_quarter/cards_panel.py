"""French Quarter's card row: this round's card of each deck with its dice, and the Mayor card.

Each card is painted once per face over the static background (an opaque blit after); the card
faces, dice and the Mayor card are the pieces of the row's region (pieces.py); dice not
taken yet are targets, taken ones fade and are ringed in the taker's colour with its emblem. The
Mayor card shows the closed street and, in solo, Mayor Carly's deck priority. The row animates the
dice tumbling onto the cards, the cards turning up, and a taken die flying to its seat.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from functools import partial

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import theme
from game.ui.audio import Cue, EventSound
from game.ui.paint import INK, draw_seat_emblem, fast, fly, seat_color, wrap
from game.ui.panels import PanelRoom
from game.ui.render_kit import Batch, on_event, translator

from . import sprites as sp
from .board import DECKS
from .layout import (
    BAND_LINE,
    CARDS_H,
    CARDS_Y,
    CLOSED_RGB,
    DIE,
    RIGHT_W,
    RIGHT_X,
    TAKER_EMBLEM,
    WHITE,
    Build,
    PiecePanel,
    S,
    fit,
    hyphenated,
)
from .marks import GLOW_REACH, draw_glows
from .pieces import Piece, blit_piece, piece
from .state import CARLY, NOBODY, State
from .tweens import Flash, Tumble, full_strip, ring_area, ring_pulse, tumble_faces

t = translator("french_quarter.scene.")
tr = translator("french_quarter.")  # the rules' strings: deck and activity names

CARDS_HOLDS = frozenset({"die", "card", "mayor"})  # the holds the row shows
TUMBLE_SEEDS = 16  # more than a round's dice at any seat count (a die's index seeds its roll)


class CardsPanel(PiecePanel):
    """The row of cards with their dice (and the Mayor card); its targets and animations."""

    HOLDS = CARDS_HOLDS

    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """Share the row's width out between the decks in play (and the Mayor card)."""
        super().__init__(room, rect, "cards")
        self.board = room.board
        self.decks = [d for d in DECKS if not (d == "taxi" and room.players <= 2)]
        n = len(self.decks) + (1 if room.mayor else 0)
        gap = 10
        w = min(150, (RIGHT_W - gap * (n - 1)) // n)
        x0 = RIGHT_X + (RIGHT_W - (n * w + (n - 1) * gap)) // 2
        self.card_rects = {d: pygame.Rect(x0 + i * (w + gap), CARDS_Y, w, CARDS_H)
                           for i, d in enumerate(self.decks)}
        self.card_w = w
        two = any(len(self._band_lines(d)) > 1 for d in self.decks)
        self.band_h = 52 if two else 40  # every band as tall as the tallest
        self.mayor_rect = pygame.Rect(x0 + len(self.decks) * (w + gap), CARDS_Y, w, CARDS_H)
        self._faces: dict[tuple[str, int], pygame.Surface] = {}
        self._targets_of: tuple | None = None  # the dice `offered` was listed for

    # == the layer ================================================================================
    def shows(self, holds: Mapping | None = None) -> Hashable:
        """Everything the row shows (with these holds; None: now's)."""
        view = self.view
        return (view.cards, view.dice, view.mayor_card, self.held(CARDS_HOLDS, holds))

    def builds(self, h: Mapping) -> list[Build]:
        """This round's card of each deck with its dice (taken ones faded), the Mayor card,
        minus what the holds `h` hold back."""
        view = self.view
        cards = tuple([view.cards[DECKS.index(d)] if not h.get(("card", d), 0) else -1
                       for d in self.card_rects])
        held = tuple([i for i in range(len(view.dice)) if h.get(("die", i), 0)])
        out: list[Build] = [(self._card_pieces, (cards,)),
                            (self._dice_pieces, (view.dice, held))]
        if view.mayor:
            mayor = view.mayor_card if not h.get(("mayor",), 0) else -1
            out.append((self._mayor_pieces, (mayor,)))
        return out

    def _card_pieces(self, cards: tuple[int, ...]) -> list[Piece]:
        """Each deck's card (-1: face down), in the row's order."""
        return [blit_piece(("card", d, card), self._face(d, card, rect), rect)
                for (d, rect), card in zip(self.card_rects.items(), cards)]

    def _dice_pieces(self, dice: tuple[tuple[str, int, int], ...], held: tuple[int, ...]
                     ) -> list[Piece]:
        """The dice on their cards but those `held` back (still tumbling)."""
        out = []
        for i, (deck, value, taker) in enumerate(dice):
            if deck not in self.card_rects or not value or i in held:
                continue
            r = self._die_rect(dice, i)
            if taker == NOBODY:
                out.append(blit_piece(("die", value), sp.die(value, DIE), r))
            else:  # taken: a faded die ringed in the taker's colour, its emblem on the corner
                emblem = pygame.Rect(r.right - TAKER_EMBLEM, r.y - TAKER_EMBLEM,
                                     2 * TAKER_EMBLEM, 2 * TAKER_EMBLEM)
                reach = r.inflate(6, 6).union(emblem)
                out.append(piece(("taken", value, taker, tuple(r)), reach,
                                 partial(_paint_taken, r=r, value=value, taker=taker)))
        return out

    def _mayor_pieces(self, card: int) -> list[Piece]:
        """The Mayor card (-1: face down)."""
        return [blit_piece(("mayor", card), self._mayor_face(card), self.mayor_rect)]

    def _mayor_face(self, card: int) -> pygame.Surface:
        """The Mayor card (-1: face down) painted once over the static background (its street
        and Carly's priority, wrapped and fitted each repaint, cost ~0.3 ms; an opaque blit
        after)."""
        face = self._faces.get(("mayor", card))
        if face is None:
            face = self.room.layers.static.subsurface(self.mayor_rect).copy()
            self._paint_mayor(face, card, face.get_rect())
            face = self._faces[("mayor", card)] = fast(face, alpha=False)
        return face

    def die_rect(self, view: State, i: int) -> pygame.Rect:
        """Where die i sits on its card: side by side along the card's foot."""
        return self._die_rect(view.dice, i)

    def _die_rect(self, dice: tuple[tuple[str, int, int], ...], i: int) -> pygame.Rect:
        """`die_rect` among these dice."""
        deck = dice[i][0]
        same = [j for j, d in enumerate(dice) if d[0] == deck]
        k, n = same.index(i), len(same)
        card = self.card_rects[deck]
        gap = 8
        x0 = card.centerx - (n * DIE + (n - 1) * gap) // 2
        return pygame.Rect(x0 + k * (DIE + gap), card.bottom - DIE - 8, DIE, DIE)

    def _face(self, deck: str, card: int, rect: pygame.Rect) -> pygame.Surface:
        """A deck's card (-1: face down), painted once over the static background (an opaque
        blit after)."""
        key = (deck, card)
        face = self._faces.get(key)
        if face is None:
            face = self.room.layers.static.subsurface(rect).copy()
            self._card_face(face, deck, card, face.get_rect())
            face = self._faces[key] = fast(face, alpha=False)
        return face

    def warm(self) -> None:
        """Paint every face of every deck in play now (once the static background is): a
        round's cards turning up would each spend a fraction of a millisecond on it. Turn every
        die face too: a round's dice tumbling would turn a few a frame."""
        for deck, rect in self.card_rects.items():
            for card in range(-1, len(self.board.decks[deck])):
                self._face(deck, card, rect)
            full_strip(rect.size, sp.DECK_RGB[deck])  # the strip each turns up with
        if self.room.mayor:
            for card in range(-1, len(self.board.mayor)):
                self._mayor_face(card)
            full_strip(self.mayor_rect.size, CLOSED_RGB)
        for value in range(1, 7):
            for turn in sp.DIE_TURNS:
                sp.turned_die(value, DIE, turn)
        for i in range(TUMBLE_SEEDS):  # the faces each die of a round rolls through
            tumble_faces(i)

    def _band_lines(self, deck: str) -> list[str]:
        """A deck's name in its card's band: one line, or two split with a hyphen."""
        return hyphenated(tr("deck." + deck), S, self.card_w - 6)

    def _card_face(self, surf: pygame.Surface, deck: str, card: int, rect: pygame.Rect) -> None:
        pygame.draw.rect(surf, sp.PAPER, rect, border_radius=12)
        band = pygame.Rect(rect.x, rect.y, rect.w, self.band_h)
        pygame.draw.rect(surf, sp.DECK_RGB[deck], band, border_top_left_radius=12,
                         border_top_right_radius=12)
        lines = self._band_lines(deck)
        for k, line in enumerate(lines):
            name = fit(line, S, rect.w - 6, WHITE)
            y = band.centery + (k - (len(lines) - 1) / 2) * BAND_LINE
            surf.blit(name, name.get_rect(center=(band.centerx, y)))
        mv = self.board.movement[deck]
        move = f"{mv[0]}–{mv[1]}" if isinstance(mv, tuple) else t(f"to_{mv}")
        text = fit(move, S, rect.w - 8, INK)
        surf.blit(text, text.get_rect(midtop=(rect.centerx, band.bottom + 4)))
        if card >= 0:
            icons = self.board.decks[deck][card]
            size = 46
            x0 = rect.centerx - (len(icons) * size + (len(icons) - 1) * 6) // 2
            for k, name in enumerate(icons):
                surf.blit(sp.icon(name, size), (x0 + k * (size + 6), band.bottom + 30))
        pygame.draw.rect(surf, INK, rect, 2, border_radius=12)

    def _paint_mayor(self, surf: pygame.Surface, card: int, rect: pygame.Rect) -> None:
        """The Mayor card (-1: not turned up yet) at `rect` of `surf`: the closed street, the
        car (Carly first) and her priority."""
        pygame.draw.rect(surf, (236, 228, 240), rect, border_radius=12)
        band = pygame.Rect(rect.x, rect.y, rect.w, self.band_h)
        pygame.draw.rect(surf, (90, 60, 110), band, border_top_left_radius=12,
                         border_top_right_radius=12)
        title = fit(t("mayor"), S, rect.w - 10, WHITE, True)
        surf.blit(title, title.get_rect(center=band.center))
        if card >= 0:
            mayor = self.board.mayor[card]
            street = self.board.streets[mayor.street].name if mayor.street >= 0 else t("no_closed")
            y = band.bottom + 6
            for line in wrap(street, S, rect.w - 10)[:2]:
                text = fit(line, S, rect.w - 10, CLOSED_RGB)
                surf.blit(text, text.get_rect(midtop=(rect.centerx, y)))
                y += 26
            if self.room.players == 1:
                self._paint_priority(surf, mayor, rect, y + 4)
        pygame.draw.rect(surf, INK, rect, 2, border_radius=12)

    def _paint_priority(self, surf: pygame.Surface, card, rect: pygame.Rect, y: int) -> None:
        """Mayor Carly's deck priority as coloured chips, in order (and the car icon)."""
        decks = [d for d in card.priority if d in self.card_rects]
        rows = math.ceil(len(decks) / 3)
        room = rect.bottom - 32 - y  # above "Carly first"
        chip = min(30, (rect.w - 12) // 3 - 4, room // rows - 4)
        for k, d in enumerate(decks):
            r = pygame.Rect(rect.x + 8 + (k % 3) * (chip + 4), y + (k // 3) * (chip + 4), chip,
                            chip)
            pygame.draw.rect(surf, sp.DECK_RGB[d], r, border_radius=6)
            num = theme.text(str(k + 1), S, WHITE, True)
            surf.blit(num, num.get_rect(center=r.center))
        if card.car:
            text = fit(t("carly_first"), S, rect.w - 6, (90, 60, 110), True)
            surf.blit(text, text.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))

    # == targets and per-frame drawing ============================================================
    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Each card above its dice, and each die not taken yet (one per deck and value);
        listed again only when the dice changed."""
        if self._targets_of != view.dice:
            self._targets_of, self.offered = view.dice, self._list_targets(view)
        return self.offered

    def _list_targets(self, view: State) -> dict[Target, pygame.Rect]:
        """`targets`, listed."""
        out: dict[Target, pygame.Rect] = {}
        for d, rect in self.card_rects.items():
            out[("card", d)] = pygame.Rect(rect.x, rect.y, rect.w, rect.h - DIE - 16)
        for i, (deck, value, taker) in enumerate(view.dice):
            key = ("die", deck, value)
            if taker == NOBODY and value and key not in out:
                out[key] = self.die_rect(view, i)
        return out

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """The row's options glow."""
        breath = self.pulse_options(self.offered, options, GLOW_REACH) if prompt else None
        if breath is not None:
            draw_glows(canvas, prompt, self.offered, 3 + round(2 * breath))

    # == event reactions ==========================================================================
    @on_event("die_rolled", sound=EventSound((Cue("shuffle", volume=0.35),), 0.07))
    def _die_rolled(self, ev: Event, at: float, batch: Batch) -> float:
        """A die tumbles onto its card (the k-th roll of a deck is its k-th die)."""
        view, deck = self.view, ev.get("deck")
        k = batch.tally[deck]
        batch.tally[deck] += 1
        same = [i for i, d in enumerate(view.dice) if d[0] == deck]
        if k >= len(same) or deck not in self.card_rects:
            return at
        i = same[k]
        rect = self.die_rect(view, i)
        die = Tumble(rect, ev.get("value"), i)
        self.tween(at, 0.35, die, pytweening.easeOutQuad, (("die", i),), die.where)
        return at + 0.07

    @on_event("card_revealed", sound=EventSound((Cue("flip", volume=0.5),), 0.08))
    def _card_revealed(self, ev: Event, at: float, batch: Batch) -> float:
        """This round's card of a deck turns face up."""
        deck = ev.get("deck")
        if deck not in self.card_rects:
            return at
        rect = self.card_rects[deck]
        self.tween(at, 0.25, Flash(rect, sp.DECK_RGB[deck]), holds=(("card", deck),))
        return at + 0.08

    @on_event("mayor_card", sound=EventSound((Cue("flip"),), 0.25))
    def _mayor_card(self, ev: Event, at: float, batch: Batch) -> float:
        """This round's Mayor card turns face up."""
        self.tween(at, 0.3, Flash(self.mayor_rect, CLOSED_RGB), holds=(("mayor",),))
        return at + 0.25

    @on_event("die_taken", sound=EventSound((Cue("swish"),), 0.35))
    def _die_taken(self, ev: Event, at: float, batch: Batch) -> float:
        """A seat takes a die: it flies to the seat's panel or sheet."""
        return self._fly_die(ev.get("deck"), ev.get("value"), ev.player, at, batch.old)

    @on_event("carly_took", sound=EventSound((Cue("swish", volume=0.7),), 0.35))
    def _carly_took(self, ev: Event, at: float, batch: Batch) -> float:
        """Mayor Carly takes a die: it flies to her panel."""
        return self._fly_die(ev.get("deck"), ev.get("value"), CARLY, at, batch.old)

    def _fly_die(self, deck: str, value: int, seat: int, at: float, old: State | None) -> float:
        src = old if old is not None else self.view
        i = next((j for j, (d, v, tk) in enumerate(src.dice)
                  if d == deck and v == value and tk == NOBODY), None)
        if i is None or deck not in self.card_rects:
            return at
        sprite = sp.die(value, DIE)
        path = (self.die_rect(src, i).center, self.room.sheet.seat_anchor(seat))
        self.tween(at, 0.35, fly(sprite, *path, arc=60))  # it says where it is
        return at + 0.35

    @on_event("card_swapped", sound=EventSound((Cue("flip"),), 0.2))
    def _card_swapped(self, ev: Event, at: float, batch: Batch) -> float:
        """Culture C: the card whose movement the turn uses now rings."""
        rect = self.card_rects.get(ev.get("deck"))
        if rect is not None:
            self.tween(at, 0.25, ring_pulse(rect, theme.ACCENT), area=ring_area(rect))
        return at + 0.2


def _paint_taken(surf: pygame.Surface, r: pygame.Rect, value: int, taker: int) -> None:
    """A taken die: faded, ringed in the taker's colour, the taker's emblem on its corner."""
    surf.blit(sp.die(value, DIE, (150, 150, 150), (80, 80, 80)), r)
    pygame.draw.rect(surf, seat_color(taker), r.inflate(6, 6), 4, border_radius=12)
    draw_seat_emblem(surf, taker, r.topright, TAKER_EMBLEM)
