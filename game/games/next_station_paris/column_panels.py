"""Next Station: Paris card column and side panels: what every seat reads at once.

- `HeaderPanel`: the round and the cards left in the deck;
- `CardPanel`: the revealed card (the branch card tucked beside it when it came first) and its
  name; a revealed card turns over here for everyone once every stroke queued before it landed;
- `PipsPanel`: the Metro cards turned this round (the fifth ends it);
- `DeckPanel`: every card of the round's deck, the ones seen dimmed (where there is room);
- `LadderPanel`: solo, the rulebook's rating bands, the one the total is in lit up.
A card in flight is not on the table yet: each counts only the cards whose flip has finished.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pygame
import pytweening

from game.engine.core import Event
from game.ui import i18n, theme
from game.ui.audio import Cue, EventSound
from game.ui.board_api import BOARD_RECT
from game.ui.paint import fit_text
from game.ui.panels import Panel, PanelRoom
from game.ui.render_kit import Batch, on_event, translator
from game.ui.tween import Tween

from . import sprites as sp
from .notes import Scribe, Written
from .score_panel import ROUNDS
from .scoring import rating
from .state import NONE

t = translator("next_station_paris.scene.")

FLIP_TIME = 0.42
FLIP_GAP = 0.08  # between two cards turning over (the branch card, then the next)
FLIP_LIFT = 18  # px a card rises at mid-turn
# A card waiting for strokes (or a count-up) turns over this long after they end: not in the
# frame where a stroke lands (its map repaints) nor in the next two (its score rows repaint),
# which its first frame (the whole spot redrawn, the plate scaled) made the slowest of all.
FLIP_REST = 3 / 60
# A card turning over paints its whole spot while it runs: its face is laid on the layer
# under it ahead, in this many strips, one a frame in frames that do nothing else
# (`CardPanel.lay_ahead`), so the frame it lands lays its name alone (~0.1 ms less there).
AHEAD_STRIPS = 4
# ... from this far into its turn on: the card is narrow then (under half its width from 0.33
# to 0.67), the frames that squeeze it the lightest of the flip (~0.22-0.26 ms against
# ~0.30-0.35 while it is wide, at one seat), so a strip laid costs no frame its turn
LAY_FROM = 0.3
DECK_GAP = 8  # px between two small cards of the round's deck
DECK_HEAD_H = 48  # px from the deck panel's top to its cards (its heading above them)


def cards_held(room: PanelRoom, metro_only: bool = False) -> int:
    """Cards revealed in the view whose flip has not finished (Metro cards only, if asked)."""
    return len([h for h in room.holds if h[0] == "card" and (h[2] or not metro_only)])


class HeaderPanel(Panel):
    """The round and the cards left in the deck: two bands, each laid from a picture composed
    before play (`composed`), only the band whose number changed (painting the header in the
    frame a card turns over cost ~0.2 ms: three texts and a restore of the whole band)."""

    RESTORE = False  # its bands' pictures are laid over what they replace
    TITLE_H = 46  # px of the round's title band, from the header's top (the title ends at 37)

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str) -> None:
        """The header; its bands' pictures are composed once per language."""
        super().__init__(room, rect, name)
        self.title_band = pygame.Rect(rect.x, rect.y, rect.w, self.TITLE_H)
        self.count_band = pygame.Rect(rect.x, rect.y + self.TITLE_H, rect.w,
                                      rect.h - self.TITLE_H)
        self._pictures: dict[tuple[str, str, int], tuple[pygame.Surface, list[Written]]] = {}

    def deck_left(self) -> int:
        """Cards still face down, as on the table now."""
        return len(self.room.board.cards) - len(self.view.revealed) + cards_held(self.room)

    def warm(self) -> None:
        """Every round's title and every count of cards left, composed before play."""
        for rnd in range(ROUNDS + 1):
            self.picture("title", rnd)
        for left in range(len(self.room.board.cards) + 1):
            self.picture("count", left)

    @staticmethod
    def words(left: int) -> str:
        """How many cards are left, in words."""
        return {0: t("deck_none"), 1: t("deck_one")}.get(left) or t("deck", count=left)

    def key(self) -> tuple[int, int]:
        """The round and the cards left."""
        return (self.view.round, self.deck_left())

    def picture(self, band: str, n: int) -> tuple[pygame.Surface, list[Written]]:
        """The title band for round index `n`, or the count band for `n` cards left."""
        key = (i18n.language(), band, n)
        if key not in self._pictures:
            paint = self._paint_title if band == "title" else self._paint_count
            rect = self.title_band if band == "title" else self.count_band
            self._pictures[key] = composed(self, partial(paint, n), rect)
        return self._pictures[key]

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Lay the band whose number changed (both the first time; None then: the whole
        header); the texts of both are noted anew."""
        before, (rnd, left) = self.room.layers.shown_key(self.name), self.key()
        title, count = self.picture("title", rnd), self.picture("count", left)
        changed = []
        scribe = self.room.scribe
        scribe.begin(self.name)
        for band, picture, same in ((self.title_band, title, before and before[0] == rnd),
                                    (self.count_band, count, before and before[1] == left)):
            if not same:
                surface.blit(picture[0], band)
                changed.append(band.copy())
            for note in picture[1]:
                scribe.note(note.text, note.rect, note.size)
        return None if before is None else changed

    def _paint_title(self, rnd: int, surface: pygame.Surface, w: Scribe) -> None:
        """The round's number (index `rnd`: the last round's after the game ends)."""
        header = self.rect
        w.write(surface, t("round", n=min(rnd + 1, ROUNDS), total=ROUNDS), theme.BODY_SIZE,
                theme.TEXT, True, midtop=(header.centerx, header.y + 6))

    def _paint_count(self, left: int, surface: pygame.Surface, w: Scribe) -> None:
        """A card's back and how many cards are left, in words."""
        header = self.rect
        back = sp.card_back(34, 48)
        words = self.words(left)
        width = back.get_width() + 12 + sp.text_width(words, theme.SMALL_SIZE)
        x = header.centerx - width // 2
        surface.blit(back, (x, header.y + 52))
        w.write(surface, words, theme.SMALL_SIZE, theme.TEXT_DIM,
                midleft=(x + back.get_width() + 12, header.y + 76))


class CardPanel(Panel):
    """The revealed card, its name, and the branch card when it came first."""

    # A new card's face is laid on its spot already on the plate (`on_plate`: one opaque blit)
    # and its name written anew; when the branch card comes or goes the card and the branch's
    # corner are restored first (not the whole band: ~0.1 ms), the whole band at the first
    # paint only.
    RESTORE = False

    def __init__(self, room: PanelRoom, rect: pygame.Rect) -> None:
        """The card's band of the column (from under the header to under the card's name)."""
        super().__init__(room, rect, "card")
        lay = room.layout
        self.card, self.name_rect, self.column = lay.card, lay.name, lay.column
        self._plates: dict[tuple[str | None, bool], pygame.Surface] = {}
        self._names: dict[tuple[str, str], tuple[pygame.Surface, str, pygame.Rect]] = {}
        self._key: tuple = (None, None, None)  # (view, holds, `key`) last worked out
        self._branch: tuple | None = None  # (language, `_branch_spots`) laid out
        # (flip tween, its card's (symbol, metro), strips of its face laid under it) or None
        self.face_ahead: tuple | None = None
        # the strip of a face laid ahead this frame (canvas coordinates), under its flip: no
        # pixel of the frame changes there (the room's `damage` leaves it out), else None
        self.hidden: pygame.Rect | None = None
        # each card turning over (or gone since) -> its whole spot, where it paints every
        # frame (its damage is less: `sp.FlipArea`; the room's `tween_reach` reads this)
        self.flips: dict[Tween, pygame.Rect] = {}

    def warm(self) -> None:
        """Every card face (and the branch's, the back) at this size, before play."""
        card, board = self.card, self.room.board
        for c in board.cards:
            sp.card_face(c.symbol, c.metro, card.w, card.h)
            if self.name_rect is not None:  # its name under it
                self.name_strip(c.symbol)
            self.on_plate(c.symbol, c.metro)
        sp.card_face("branch", False, card.w * 2 // 5, round(card.w * 2 // 5 * 1.4))
        self.on_plate(None, False)
        theme.text(t("branch"), theme.SMALL_SIZE, theme.TEXT, True)

    def on_plate(self, symbol: str | None, metro: bool) -> pygame.Surface:
        """A card's face (`symbol` None: its back) over the plate under the card's spot,
        composed once (the pixels a restore and the face's blit give there)."""
        key = (symbol, metro)
        plate = self._plates.get(key)
        if plate is None:
            rect = self.card
            plate = self.room.layers.static.subsurface(rect.move(-BOARD_RECT.x, -BOARD_RECT.y)
                                                       ).copy()
            plate.blit(sp.card_back(rect.w, rect.h) if symbol is None
                       else sp.card_face(symbol, metro, rect.w, rect.h), (0, 0))
            self._plates[key] = plate
        return plate

    def name_strip(self, symbol: str) -> tuple[pygame.Surface, str, pygame.Rect]:
        """A card's name written on the plate under the card, composed once per language (the
        pixels a restore and the name's write give there), with the name and where it lies."""
        key = (symbol, i18n.language())
        strip = self._names.get(key)
        if strip is None:
            rect = self.name_rect
            name = t(f"card.{symbol}")
            img = fit_text(name, theme.SMALL_SIZE, rect.w - 16, theme.TEXT, True)
            spot = img.get_rect(center=rect.center)
            plate = self.room.layers.static.subsurface(rect.move(-BOARD_RECT.x, -BOARD_RECT.y)
                                                       ).copy()
            plate.blit(img, spot.move(-rect.x, -rect.y))
            strip = self._names[key] = (plate, name, spot)
        return strip

    def shown_card(self) -> int:
        """The card face on the table: the newest one whose flip has finished."""
        view, shown = self.view, self.room.cards_on_table()
        if view.card != NONE and view.card in shown:
            return view.card
        return shown[-1] if shown else NONE

    def branch_shown(self) -> bool:
        """The branch card came before the card on the table (its flip has finished)."""
        view, shown = self.view, self.shown_card()
        if shown == NONE or shown not in view.revealed:
            return False
        k = view.revealed.index(shown)
        return k > 0 and self.room.board.cards[view.revealed[k - 1]].symbol == "branch"

    def key(self) -> tuple[int, bool]:
        """The card on the table, and whether the branch card is tucked beside it; worked out
        again only for a new view or new holds (a refresh asks twice, `URGENT` first, and the
        paint once more: five calls each time)."""
        room, memo = self.room, self._key
        if memo[0] is room.view and memo[1] is room.holds:
            return memo[2]
        key = (self.shown_card(), self.branch_shown())
        self._key = (room.view, room.holds, key)
        return key

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The revealed card (the branch tucked beside it when it came first) and its name;
        returns where it painted (None: the whole band)."""
        w = self.room.scribe
        w.begin(self.name)
        layers, (card, branch) = self.room.layers, self.key()
        before = layers.shown_key(self.name)
        whole = before is None
        changed = None if whole else [self.card.copy(), *([self.name_rect.copy()]
                                                          if self.name_rect else [])]
        if whole:
            layers.restore(self.rect)
        elif branch or before[1]:  # the branch card comes or goes: its corner too, not the band
            # (the card's opaque plate covers the card, laid now or ahead: only the corner
            # outside it is restored)
            changed.append(self._branch_area())
            for part in sp.around(changed[-1], self.card):
                layers.restore(part)
        if card == NONE:
            if not whole and self.name_rect is not None:
                layers.restore(self.name_rect)
            self._laid(None, True)
            surface.blit(self.on_plate(None, False), self.card)
            return changed
        c = self.room.board.cards[card]
        if not self._laid((c.symbol, c.metro), whole):
            surface.blit(self.on_plate(c.symbol, c.metro), self.card)
        if self.name_rect is not None:  # what the card is, in words, for everyone at once
            strip, name, spot = self.name_strip(c.symbol)
            surface.blit(strip, self.name_rect)
            w.note(name, spot, theme.SMALL_SIZE)
        if branch:
            self._paint_branch(surface)
        return changed

    def lay_ahead(self) -> bool:
        """Lay the next strip of the face of the card turning over on the layer, under the
        flip (it paints its whole spot from its first frame to its last: nothing laid shows
        before it lands), once the card has turned LAY_FROM of its way; True if one was
        laid."""
        ahead = self.face_ahead
        if ahead is None or ahead[2] >= AHEAD_STRIPS:
            return False
        tween, face, laid = ahead
        timeline = self.timeline
        if tween.start + LAY_FROM * tween.dur > timeline.clock:
            return False  # not turning yet, or still wide: its frames are the heavier
        if tween not in timeline.tweens:
            return False  # dropped: the card on the layer shows
        card = self.card
        top, bottom = card.h * laid // AHEAD_STRIPS, card.h * (laid + 1) // AHEAD_STRIPS
        strip = pygame.Rect(card.x, card.y + top, card.w, bottom - top)
        plate = self.on_plate(*face)

        def lay(surface: pygame.Surface) -> list[pygame.Rect]:
            surface.blit(plate, strip, (0, top, card.w, strip.h))
            return [strip]
        # a region of its own (the layers note what it changed; the card's key stays)
        self.room.layers.paint_region("card.ahead", strip, (face, laid), lay, False, True)
        self.face_ahead = (tween, face, laid + 1)
        self.hidden = strip.move(BOARD_RECT.topleft)
        return True

    def turning_wider(self, fraction: float) -> bool:
        """True if a card is turning over now, squeezed to more than `fraction` of its width
        (`sp.flipping_card`: |cos| of its turn)."""
        timeline = self.timeline
        clock = timeline.clock
        for tween in self.flips:
            if tween.start <= clock and tween in timeline.tweens:
                return abs(math.cos(math.pi * tween.progress(clock))) > fraction
        return False

    def _laid(self, face: tuple | None, repainted: bool) -> bool:
        """True if the layer's card already shows this face, laid ahead under its flip (and
        not `repainted` since: the band restored), so the paint of the card it lands as need
        not lay it again. Either way the strips laid so far are gone once the card is painted
        (the next flip lays its face anew)."""
        ahead = self.face_ahead
        if ahead is None:
            return False
        laid = not repainted and ahead[1] == face and ahead[2] >= AHEAD_STRIPS
        self.face_ahead = None if laid or ahead[0] not in self.timeline.tweens else (
            ahead[0], ahead[1], 0)
        return laid

    def _branch_spots(self) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
        """The branch card's face, where it lies (at the card's lower left) and its name's
        plate under it, laid out once per language (its paint asks twice, in the frame a
        flip lands: a name looked up and measured, a face found)."""
        language = i18n.language()
        if self._branch is None or self._branch[0] != language:
            self._branch = (language, self._lay_branch())
        return self._branch[1]

    def _lay_branch(self) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
        rect = self.card
        w = rect.w * 2 // 5
        branch = sp.card_face("branch", False, w, round(w * 1.4))
        spot = branch.get_rect(bottomleft=(max(self.column.x + 6, rect.x - w), rect.bottom - 36))
        label = theme.text(t("branch"), theme.SMALL_SIZE, theme.TEXT, True)
        plate = label.get_rect(topleft=(spot.x + 6, spot.bottom + 3)).inflate(12, 2)
        return branch, spot, plate

    def _branch_area(self) -> pygame.Rect:
        """Every pixel the branch card and its name's plate cover."""
        _, spot, plate = self._branch_spots()
        return spot.union(plate)

    def _paint_branch(self, surface: pygame.Surface) -> None:
        """The branch card tucked in at the card's lower left, its name on a plate over the
        card's bottom band (clear of the big symbol)."""
        branch, spot, plate = self._branch_spots()
        surface.blit(branch, spot)
        pygame.draw.rect(surface, sp.INK, plate, border_radius=8)
        self.room.scribe.write(surface, t("branch"), theme.SMALL_SIZE, theme.TEXT, True,
                               center=plate.center)

    @on_event("card_revealed", sound=EventSound((Cue("flip"),), FLIP_TIME))
    def revealed(self, ev: Event, at: float, batch: Batch) -> float:
        """The card turns over on the table for everyone (a branch card, then the next)."""
        board = self.room.board
        index = board.card_index[ev.get("card")]
        spec, rect = board.cards[index], self.card
        # the back and the face on their plate (opaque, composed before play): a frame scales
        # and blits no alpha (the rounded corners' plate pixels are the backdrop's colour)
        paint = sp.card_flip(self.on_plate(None, False), self.on_plate(spec.symbol, spec.metro),
                             rect, FLIP_LIFT, theme.PANEL)
        area = rect.inflate(8, 8).union(rect.move(0, -FLIP_LIFT))  # the backdrop, the lift
        if at > self.timeline.clock:  # after tweens still to come: a rest first
            at += FLIP_REST
        tween = self.tween(at, FLIP_TIME, paint, pytweening.linear,
                           (("card", index, spec.metro),), area=sp.FlipArea(rect, FLIP_LIFT, area))
        self.flips = {tw: spot for tw, spot in self.flips.items() if tw in self.timeline.tweens}
        self.flips[tween] = area
        self.face_ahead = (tween, (spec.symbol, spec.metro), 0)
        return at + FLIP_TIME + FLIP_GAP


def composed(panel: Panel, paint: Callable[[pygame.Surface, Scribe], None],
             rect: pygame.Rect | None = None) -> tuple[pygame.Surface, list[Written]]:
    """What `paint` (with a scribe of its own) leaves in a panel's rect (or a part of it,
    `rect`) over the static background, and the texts it notes: a picture composed before
    play, laid later in one opaque blit (the pixels a restore and that paint give there)."""
    rect, static = rect or panel.rect, panel.room.layers.static
    scratch = pygame.Surface(rect.bottomright, 0, static)
    scratch.blit(static, rect, rect.move(-BOARD_RECT.x, -BOARD_RECT.y))
    scratch.set_clip(rect)
    scribe = Scribe()
    scribe.begin(panel.name)
    paint(scratch, scribe)
    return scratch.subsurface(rect).copy(), scribe.written[panel.name]


def lay(panel: Panel, surface: pygame.Surface,
        picture: tuple[pygame.Surface, list[Written]]) -> None:
    """Blit a `composed` picture on the panel's rect and note its texts anew."""
    surface.blit(picture[0], panel.rect)
    scribe = panel.room.scribe
    scribe.begin(panel.name)
    for note in picture[1]:
        scribe.note(note.text, note.rect, note.size)


class PipsPanel(Panel):
    """Five Metro pips: the round ends with the fifth Metro card."""

    RESTORE = False  # each count's picture is composed before play (`pictures`)

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str) -> None:
        """The pips' panel; its pictures are composed once per language."""
        super().__init__(room, rect, name)
        self._pictures: dict[tuple[str, int], tuple[pygame.Surface, list[Written]]] = {}

    def warm(self) -> None:
        """Every count's picture, before play (painting it in the frame a Metro card turns
        over cost ~0.15-0.25 ms)."""
        for metros in range(self.need() + 1):
            self.picture(metros)

    def need(self) -> int:
        """The Metro cards that end a round."""
        return self.room.board.scoring.get("metro_cards_per_round", 5)

    def picture(self, metros: int) -> tuple[pygame.Surface, list[Written]]:
        """The panel with `metros` pips filled (`composed`), once per language."""
        key = (i18n.language(), metros)
        if key not in self._pictures:
            self._pictures[key] = composed(self, partial(self._paint_pips, metros))
        return self._pictures[key]

    def key(self) -> int:
        """The Metro cards turned this round, as on the table now."""
        return self.view.metros - cards_held(self.room, metro_only=True)

    def paint(self, surface: pygame.Surface) -> None:
        """Its picture for the Metro cards turned (`picture`)."""
        lay(self, surface, self.picture(self.key()))

    def _paint_pips(self, metros: int, surface: pygame.Surface, w: Scribe) -> None:
        """The word, then a pip per Metro card the round may show, the turned ones filled."""
        pips = self.rect
        need = self.need()
        gap, r = 40, 14
        width = sp.text_width(t("metro"), theme.SMALL_SIZE) + 16 + need * gap
        x = pips.centerx - width // 2
        x = w.write(surface, t("metro"), theme.SMALL_SIZE, theme.TEXT_DIM,
                    midleft=(x, pips.centery)).right + 16 + r
        for k in range(need):
            center = (x + k * gap, pips.centery)
            if k < metros:
                pygame.draw.circle(surface, sp.METRO_BG, center, r)
                pygame.draw.circle(surface, sp.METRO_EDGE, center, r, 4)
            else:
                pygame.draw.circle(surface, theme.TEXT_DIM, center, r, 3)


class SidePanel(Panel):
    """A panel beside (or under) the card column: a plate of its own when outside it."""

    def paint_static(self, surface: pygame.Surface) -> None:
        """Its plate, unless it lies on the column's."""
        if not self.room.layout.column.contains(self.rect):
            pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=16)

    def box(self, surface: pygame.Surface, scribe: Scribe | None = None) -> pygame.Rect:
        """Begin painting: its notes (the room's scribe's, or `scribe`'s) start over, its box
        is filled; returns the box."""
        (scribe or self.room.scribe).begin(self.name)
        box = self.rect.inflate(-6, -6)
        pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=14)
        return box


class DeckPanel(SidePanel):
    """Every card of the round's deck, the ones already turned over dimmed."""

    RESTORE = False  # a card turned over only veils its own small card

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str) -> None:
        """The deck's panel; its picture with no card seen is composed once per language."""
        super().__init__(room, rect, name)
        self._fresh: tuple[str, pygame.Surface, list[Written]] | None = None
        self._laid_in: str | None = None  # the language of the picture laid last (`fresh`)

    def warm(self) -> None:
        """The small card faces, the veil and the panel with no card seen, before play."""
        w, h = self.card_size()
        for c in self.room.board.cards:
            sp.card_face(c.symbol, c.metro, w, h)
        sp.seen_veil(w, h)
        self.fresh()

    def fresh(self) -> tuple[pygame.Surface, list[Written]]:
        """The panel as a round begins (its plate, heading and every card, none seen) and the
        texts it writes, `composed` once per language (painting it in the frame a round
        begins cost ~0.6 ms)."""
        language = i18n.language()
        if self._fresh is None or self._fresh[0] != language:
            self._fresh = (language, *composed(self, self._paint_unseen))
        return self._fresh[1], self._fresh[2]

    def seen(self) -> tuple[int, ...]:
        """The cards turned over this round, as on the table now (a flip in flight held back)."""
        return self.room.cards_on_table()

    def key(self) -> tuple:
        """The cards seen."""
        return (self.seen(),)

    def card_size(self) -> tuple[int, int]:
        """Small cards (in the panel's box, under its heading): a row of Street cards over a
        row of Metro cards."""
        box, cards = self.rect.inflate(-6, -6), self.room.board.cards
        per_row = max(sum(not c.metro for c in cards), sum(c.metro for c in cards))
        w = min((box.w - 20 - DECK_GAP * (per_row - 1)) // per_row,
                round((box.h - DECK_HEAD_H - DECK_GAP - 10) / 2 / 1.4), 96)
        return w, round(w * 1.4)

    def spots(self) -> dict[int, pygame.Rect]:
        """Card index -> where its small card lies: the Street cards over the Metro cards."""
        box, board = self.rect.inflate(-6, -6), self.room.board
        y = box.y + DECK_HEAD_H
        w, h = self.card_size()
        out = {}
        for row, metro in enumerate((False, True)):
            cards = [k for k, c in enumerate(board.cards) if c.metro == metro]
            x = box.centerx - (len(cards) * (w + DECK_GAP) - DECK_GAP) // 2
            for n, k in enumerate(cards):
                out[k] = pygame.Rect(x + n * (w + DECK_GAP), y + row * (h + DECK_GAP), w, h)
        return out

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Every card of the round's deck, the ones already turned over dimmed: what may still
        come (how many Metro cards before the round ends, which symbols). When cards were only
        turned over since the last paint, just their veils are laid (returning where)."""
        before, seen = self.room.layers.shown_key(self.name), self.seen()
        spots = self.spots()
        w, h = self.card_size()
        if before is not None and seen[:len(before[0])] == before[0]:
            new = seen[len(before[0]):]
            for k in new:  # the same pixels as the whole paint: the veil over that face
                surface.blit(sp.seen_veil(w, h), spots[k])
            return [spots[k] for k in new]
        if before is not None and self._laid_in == i18n.language():  # a new round's deck
            return self._unveil(surface, before[0], seen)
        lay(self, surface, self.fresh())  # every card unseen, then the veils of those seen
        self._laid_in = self._fresh[0] if self._fresh is not None else None
        for k in seen:
            surface.blit(sp.seen_veil(w, h), spots[k])
        return None

    def _unveil(self, surface: pygame.Surface, was: tuple[int, ...], seen: tuple[int, ...]
                ) -> list[pygame.Rect]:
        """A new round's deck over the last one's: the cards no longer seen laid unseen again
        from the picture with no card seen, the newly seen veiled; the heading and every other
        card stay (the same pixels as laying the whole picture, ~0.15 ms and a 200k-pixel
        redraw at a round's start, for a dozen small cards). Returns where it painted."""
        spots, picture = self.spots(), self.fresh()[0]
        veil = sp.seen_veil(*self.card_size())
        origin = self.rect.topleft
        gone = [spots[k] for k in was if k not in seen]
        for rect in gone:
            surface.blit(picture, rect, rect.move(-origin[0], -origin[1]))
        veiled = [spots[k] for k in seen if k not in was]
        for rect in veiled:
            surface.blit(veil, rect)
        return gone + veiled

    def _paint_unseen(self, surface: pygame.Surface, scribe: Scribe) -> None:
        """The whole panel, no card seen, over its restored plate (`fresh` composes it)."""
        box = self.box(surface, scribe)
        scribe.heading(surface, t("deck_panel"), box, box.y + 8)
        board, (w, h) = self.room.board, self.card_size()
        for k, spot in self.spots().items():
            c = board.cards[k]
            surface.blit(sp.card_face(c.symbol, c.metro, w, h), spot)


class LadderPanel(SidePanel):
    """Solo: the rulebook's rating bands, best first, the one the total is in lit up."""

    def key(self) -> str:
        """The solo rating band the seat's total is in now."""
        room = self.room
        return rating(room.board, sum(room.scores.breakdown(self.view, 0).values()))

    def paint(self, surface: pygame.Surface) -> None:
        """The heading, then each band with its points."""
        box = self.box(surface)
        w = self.room.scribe
        y = w.heading(surface, t("ladder"), box, box.y + 8) + 4
        bands = self.room.board.ratings
        step = min(64, (box.bottom - 8 - y) // len(bands))
        now = self.key()
        for k, (rid, low) in enumerate(bands):
            band = pygame.Rect(box.x + 8, y + k * step, box.w - 16, step - 4)
            lit = rid == now
            if lit:
                pygame.draw.rect(surface, theme.ACCENT, band, border_radius=10)
            ink = theme.BACKGROUND if lit else theme.TEXT
            high = bands[k - 1][1] - 1 if k else None
            points = (f"≤ {high}" if k == len(bands) - 1 else
                      f"{low}+" if high is None else f"{low}–{high}")
            right = w.write(surface, points, theme.SMALL_SIZE, ink, True,
                            midright=(band.right - 10, band.centery))
            w.write(surface, t(f"ladder.{rid}"), theme.SMALL_SIZE, ink, lit,
                    right.x - band.x - 24, midleft=(band.x + 10, band.centery))
