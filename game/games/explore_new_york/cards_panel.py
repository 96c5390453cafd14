"""Explore New York card column: the turn, the first player, the cards left, and the three
revealed cards with the discarded one dimmed (the one moment every seat shares).

It animates the cards: a revealed card turns over for everyone, the discarded one dims. The
revealed cards are every seat's targets while the first player discards.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import pygame
import pytweening

from game.engine.core import Event, Prompt, Target
from game.ui import theme
from game.ui.audio import Cue, EventSound
from game.ui.geometry import BoardGeometry, Icon, Label
from game.ui.memory import art_cache
from game.ui.paint import fit_text, flip, seat_color, veil
from game.ui.panels import Panel, PanelRoom
from game.ui.render_kit import Batch, on_event, translator

from . import sprites as sp
from .layout import ENYLayout
from .score_panel import ring_options
from .state import NONE

t = translator("explore_new_york.scene.")

FLIP_TIME = 0.4
FLIP_GAP = 0.06
DISCARD_TIME = 0.3
DIM_ALPHA = 170  # the veil over the discarded card
HeaderLine = tuple[str, tuple[int, int, int], int, bool]  # (text, colour, size, bold)
LIFT = 14  # how far a card turning over rises at mid-turn
SLOT_EDGE = 8  # an empty slot's outline lies this close to its edges (rounded corners too)


class CardsPanel(Panel):
    """The card column: its header and the three revealed cards."""

    def __init__(self, room: PanelRoom, layout: ENYLayout) -> None:
        """The column with its header and card slots."""
        super().__init__(room, layout.column, "column")
        self.header, self.cards = layout.header, layout.cards
        self._keyed: tuple[Any, Any, tuple] | None = None  # (view, holds, key)
        self._warmed: tuple[int, int] | None = None  # (turn, cards left) warm_header rendered for
        self._said: tuple[tuple, list] | None = None  # (turn, first, left, end): header_labels'

    def paint_static(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=18)

    def key(self) -> Hashable:
        """What the column shows now; worked out once per view and holds (the room keeps its
        holds while they stay the same, and asks every frame a tween ends or counts)."""
        view, holds = self.view, self.holds
        keyed = self._keyed
        if keyed is None or keyed[0] is not view or keyed[1] is not holds:
            shown = tuple(c for c in view.revealed if ("flip", c) not in holds)
            dimmed = tuple(c for c in view.revealed
                           if view.turn_cards and c not in view.turn_cards
                           and ("discard", c) not in holds)
            keyed = self._keyed = (view, holds, (view.turn, view.first, view.left,
                                                 view.revealed, shown, dimmed,
                                                 bool(view.routes)))
        return keyed[2]

    def changed_areas(self, old: tuple, new: tuple) -> list[pygame.Rect]:
        """The rects where keys `old` and `new` paint differently (the room repaints only
        those: ENYRenderer.repaint_parts): each card slot whose card, face or veil changed,
        then the header if its lines changed (last: a move's spread repaints the slots a card
        turns over on first, room_refresh.py)."""
        areas = [rect for k, rect in enumerate(self.cards) if _slot(old, k) != _slot(new, k)]
        return areas + ([self.header_area()] if old[:3] + old[6:] != new[:3] + new[6:] else [])

    def header_area(self) -> pygame.Rect:
        """The column above its first card: the header's lines (header_labels) lie in it."""
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w, self.cards[0].top - self.rect.y)

    def paint(self, surface: pygame.Surface) -> None:
        """The header, then the revealed cards (the discarded one dimmed), empty slots after;
        clipped to a part of the column (`ENYRenderer.repaint_parts`), only what lies in it
        (a card turned over repaints its slot, not the header's lines and the other cards)."""
        _, _, _, revealed, shown, dimmed, _ = self.key()
        clip = surface.get_clip()
        if clip.colliderect(self.header_area()):
            for img, rect in self.header_labels():
                surface.blit(img, rect)
        for k, rect in enumerate(self.cards):
            if not clip.colliderect(rect):
                continue
            card = revealed[k] if k < len(revealed) else None
            if card is None or card not in shown:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 3, border_radius=14)
                continue
            surface.blit(sp.card_face(self.room.board.cards[card], rect.w, rect.h), rect)
            if card in dimmed:
                surface.blit(veil(rect.size, DIM_ALPHA), rect)

    def targets(self, view: Any) -> dict[Target, pygame.Rect]:
        """The revealed cards (the first player's discard)."""
        return {("card", c): self.cards[k] for k, c in enumerate(view.revealed)}

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """Ring the cards the prompted seat may discard."""
        if prompt is not None and prompt.kind == "discard":
            ring_options(canvas, self.targets(self.view), prompt, self.pulse())

    def header_lines(self) -> list[HeaderLine]:
        """(text, colour, size, bold) of the column's header lines."""
        view = self.view
        return header_lines(self.room.names, view.turn, view.first, view.left, bool(view.routes))

    def warm_header(self) -> None:
        """Render ahead the header lines the next changes show (the cards left as the next
        cards turn over, the next turn's number and first player, the final header), so that
        the frame where they change renders no text (a line rendered in a frame cost
        ~0.05-0.1 ms); asked in a quiet frame (the room's `damage`), once per turn and count."""
        view = self.view
        if view is None or view.routes or self._warmed == (view.turn, view.left):
            return
        self._warmed = (view.turn, view.left)
        names, players = self.room.names, len(self.room.names)
        turns = [(view.turn, view.first, left)
                 for left in range(view.left - self.room.board.cards_per_turn, view.left)]
        turns.append((view.turn + 1, (max(view.first, 0) + 1) % players, view.left))
        for turn, first, left in turns:
            self._labels(header_lines(names, turn, first, max(0, left), False))
        self._labels(header_lines(names, 0, 0, 0, True))

    def warm_game(self) -> None:
        """Render every header line a game can show (each turn's number, each first player,
        each count of cards left, the final header) before the first frame (the room's
        construction), so that the first quiet frame's `warm_header` finds them made."""
        names, deck = self.room.names, len(self.room.board.cards)
        turns = deck // self.room.board.cards_per_turn + 1
        for k in range(max(turns, deck + 1)):
            self._labels(header_lines(names, min(k, turns), k % len(names), min(k, deck),
                                      False))
        self._labels(header_lines(names, 0, 0, 0, True))

    def header_labels(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The header's lines with where they go, worked out once per turn, first player,
        cards left and end (the lines' texts looked up anew cost a repaint ~0.05 ms)."""
        view = self.view
        said = (view.turn, view.first, view.left, bool(view.routes))
        if self._said is None or self._said[0] != said:
            self._said = (said, self._labels(self.header_lines()))
        return self._said[1]

    def _labels(self, lines: list[HeaderLine]) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Header lines rendered (fitted, split if wide) with where they go."""
        header = self.header
        y = header.y + 8
        out = []
        for text, color, size, bold in lines:
            for part in _split_if_wide(text, size, header.w - 20, bold, header.h >= 180):
                img = fit_text(part, size, header.w - 20, color, bold)
                out.append((img, img.get_rect(midtop=(header.centerx, y))))
                y += img.get_height() + 4
        return out

    def geometry(self, out: BoardGeometry) -> None:
        """The header's labels and the card slots (tests/ui/test_board_geometry.py)."""
        out.labels += [Label("column header", rect) for _, rect in self.header_labels()]
        out.icons += [Icon(f"card {k}", rect) for k, rect in enumerate(self.cards)]

    # == event animations =========================================================================
    @on_event("card_revealed", sound=EventSound((Cue("flip"),), FLIP_TIME))
    def _card_revealed(self, ev: Event, at: float, batch: Batch) -> float:
        """The card turns over in its slot for everyone."""
        card = ev.get("card")
        if card not in self.view.revealed:
            return at  # a later turn already cleared the table
        rect = self.cards[self.view.revealed.index(card)]
        face = sp.card_face(self.room.board.cards[card], rect.w, rect.h)
        paint = turn_over(sp.card_back(rect.w, rect.h), face, rect)
        self.tween(at, FLIP_TIME, paint, pytweening.linear,
                   (("flip", card),), area=paint.area)
        return at + FLIP_TIME + FLIP_GAP

    @on_event("card_discarded", sound=EventSound((Cue("swish", volume=0.5),), DISCARD_TIME))
    def _card_discarded(self, ev: Event, at: float, batch: Batch) -> float:
        """The discarded card dims: the other two are everyone's turn cards."""
        card = ev.get("card")
        if card not in self.view.revealed:
            return at
        rect = self.cards[self.view.revealed.index(card)]
        shadow = dim_shadow(rect.size)

        def paint(canvas: pygame.Surface, p: float) -> None:
            shadow.set_alpha(round(255 * p))
            canvas.blit(shadow, rect)
        self.tween(at, DISCARD_TIME, paint, pytweening.easeOutQuad,
                   (("discard", card),), area=rect)
        return at + DISCARD_TIME


@art_cache(maxsize=4)  # (art: emptied between demos with the others)
def dim_shadow(size: tuple[int, int]) -> pygame.Surface:
    """The veil a discarded card dims under, faded in by its own alpha: made once per card
    size (the room's `_warm`, before play: made in the discard's frame it cost ~0.1-0.2 ms),
    shared by every discard (each paint sets the alpha it blits with)."""
    return veil(size, DIM_ALPHA).copy()


class TurningOver:
    """Paint: a card turning over in its slot (paint.flip's, backdrop and all), covering only
    the slot's edge rather than filling the whole slot first: under a card turning over, the
    column shows its empty slot (the card is held back), plain panel but for the outline near
    its edges, so the pixels are the same at a fifth of the fill (a fill not on whole columns of
    pixels is slow; cards turn over in a fifth of a turn's frames). Its `area` is where it
    changes pixels: the card where it stands now once its edge was covered (the kit adds
    where it stood last frame): a card narrow at mid-turn redraws its width, not its slot (a
    flip's frames redrew ~80k px each, 0.3-0.5 ms of the heaviest frames at two seats)."""

    def __init__(self, back: pygame.Surface, face: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = rect
        self.card = flip(back, face, rect, LIFT, None, min_width=2)
        outer, inner = rect.inflate(8, 8), rect.inflate(-2 * SLOT_EDGE, -2 * SLOT_EDGE)
        self.edge = (pygame.Rect(outer.x, outer.y, outer.w, inner.top - outer.y),
                     pygame.Rect(outer.x, inner.bottom, outer.w, outer.bottom - inner.bottom),
                     pygame.Rect(outer.x, inner.top, inner.left - outer.x, inner.h),
                     pygame.Rect(inner.right, inner.top, outer.right - inner.right, inner.h))
        self.whole = outer.union(rect.move(0, -LIFT))  # all it paints: it rises as it turns
        self.painted = False  # its edge covered: painted once (then it stays covered)

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        for strip in self.edge:
            canvas.fill(theme.PANEL, strip)
        self.card(canvas, p)
        self.painted = True

    def area(self, p: float) -> pygame.Rect:
        """The canvas rect whose pixels a frame at progress `p` changes: all of `whole` until
        it was painted once (its edge hides the slot's outline), then the card as paint.flip
        lays it at `p` (squeezed, risen)."""
        if not self.painted:
            return self.whole.copy()
        rect = self.rect
        width = max(2, int(rect.w * abs(math.cos(math.pi * p))))
        rise = int(LIFT * math.sin(math.pi * p))
        card = pygame.Rect(0, 0, width, rect.h)
        card.center = (rect.centerx, rect.centery - rise)  # (as flip's img.get_rect)
        return card


def turn_over(back: pygame.Surface, face: pygame.Surface, rect: pygame.Rect) -> TurningOver:
    """Paint: a card turning over in its slot (TurningOver)."""
    return TurningOver(back, face, rect)


def header_lines(names: Sequence[str], turn: int, first: int, left: int, final: bool
                 ) -> list[HeaderLine]:
    """(text, colour, size, bold) of the column's header lines in a turn (0 the first), with
    its first player (NONE: none yet) and the cards left; at the end (`final`) its one line."""
    if final:
        return [(t("final"), theme.ACCENT, theme.BODY_SIZE, True)]
    lines = [(t("turn", n=turn + 1), theme.TEXT, theme.BODY_SIZE, True)]
    if first != NONE:
        lines.append((t("first", name=names[first]), seat_color(first), theme.SMALL_SIZE, True))
    lines.append((t("deck", count=left), theme.TEXT_DIM, theme.SMALL_SIZE, False))
    return lines


def _slot(key: tuple, k: int) -> tuple:
    """What card slot k shows under a CardsPanel key: its card, face up, veiled."""
    _, _, _, revealed, shown, dimmed, _ = key
    card = revealed[k] if k < len(revealed) else None
    return card, card in shown, card in dimmed


def _split_if_wide(text: str, size: int, width: int, bold: bool, room: bool) -> list[str]:
    """A header line, split after its colon when it is too wide and the header has `room`
    ("First player:" over the name) rather than cut short."""
    head, colon, tail = text.partition(": ")
    if not room or not colon or theme.font(size, bold).size(text)[0] <= width:
        return [text]
    return [head + ":", tail]
