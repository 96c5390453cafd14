"""Urban Sprawl's player panels, one per seat, each in two layers: the head (emblem, name, wealth
and prestige, large: seat_head.py) repaints alone while a gain counts up; the body repaints when
what it shows changes: pills for the AP left, each office held and the Extra Favour; the planning
cards and Favours as chips (a permit's zones and licences, a contract's zone picture and lots, an
Urban Renewal by name); and at its foot the seat's buildings per zone and its vocations as
pictures with their counts (all of them, a zero faded: a panel reads the same from the first turn
to the last; named in a two-seat panel). Here: the body (the part both layers share, the
seat's turn outlined, is seat_part.py's `SeatPart`)."""

from __future__ import annotations

import functools
from collections.abc import Hashable
from collections.abc import Set as AbstractSet

import pygame

from game.engine.core import Target
from game.ui import theme
from game.ui.i18n import language
from game.ui.panels import PanelRoom

from . import sprites as sp
from .layout import (
    CHIP_ASPECT,
    CHIP_H,
    CHIP_MIN_W,
    FOOT_ICON,
    FOOT_STEP,
    PANEL_HEAD,
    PANEL_ZONES,
    PILL_H,
    SMALL,
    TALL_PANEL,
    ZERO_ALPHA,
    t,
)
from .panel_base import Item, blit_item, by_view, turn_seat
from .pills import key_pills, pill_item, pill_layout, pill_lines, pill_list, warm_pills
from .seat_part import SeatPart
from .state import State

# The view's fields a seat's body shows (its key: `by_view`); the chips' places follow from
# them (`SeatBody.targets_moved_by`).
BODY_READS = ("active", "ap", "over", "offices", "extra_favour", "hands", "favours", "vocations")


class SeatBody(SeatPart):
    """Pills, chips and the foot of one seat's panel."""

    def __init__(self, room: PanelRoom, rect: pygame.Rect, name: str, seat: int,
                 whole: pygame.Rect) -> None:
        """Where the seat's planning cards and Favours sit is placed with each view
        (positions: a hand may hold several face-down cards that all read as one unknown id)."""
        super().__init__(room, rect, name, seat, whole)
        # (what moves the chips, where its planning cards sit, where its Favours): `chip_places`
        self._chips_memo: tuple[Hashable, list[pygame.Rect], list[pygame.Rect]] | None = None
        self._foot_rects: list[tuple[tuple[str, str], pygame.Rect]] | None = None
        # each foot entry's items by (index, count, language): see `foot_items`
        self._foot_memo: dict[tuple, list[Item]] = {}
        self._prepared: Hashable = None  # the key all was built ahead for: `prepare_ahead`
        self._warming: tuple | None = None  # (pill key, its `warm_pills` steps left)
        # ((entry, count, language), its picture and words) built ahead: `foot_ahead`
        self._entry_ahead: tuple | None = None

    # == targets: the planning cards and Favours ==================================================
    def targets_moved_by(self, view: State) -> Hashable:
        """The seat's cards and how many pills sit above them."""
        seat = self.seat
        return view.hands[seat], view.favours[seat], self.pill_count(view)

    def targets(self, view: State) -> dict[Target, pygame.Rect]:
        """Each planning card and Favour (`chip_places`)."""
        seat = self.seat
        hand_rects, favour_rects = self.chip_places(view)
        rects: dict[Target, pygame.Rect] = {("hand", c): r
                                            for c, r in zip(view.hands[seat], hand_rects)}
        rects.update({("favour", c): r for c, r in zip(view.favours[seat], favour_rects)})
        return rects

    def chip_places(self, view: State) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Where the seat's planning cards, then its Favours, sit in `view`: under the lines
        kept for the pills (a fixed number, so that no language moves a card). Worked out
        once per what moves them, not as its targets are placed (read by its key and chips
        too: the room places targets only when read, and bots read none)."""
        moves = self.targets_moved_by(view)
        memo = self._chips_memo
        if memo is None or memo[0] != moves:
            seat, panel = self.seat, self.whole
            lines = pill_lines(panel, self.pill_count(view))
            top = panel.y + PANEL_HEAD + 4 + lines * (PILL_H + 6) + 4
            bottom = self.foot_top() - 6
            hand = len(view.hands[seat])
            chips = chip_rows(hand + len(view.favours[seat]), panel, top,
                              min(CHIP_H, bottom - top), bottom)
            memo = self._chips_memo = (moves, chips[:hand], chips[hand:])
        return memo[1], memo[2]

    @property
    def hand_rects(self) -> list[pygame.Rect]:
        """Where the seat's planning cards sit in the view shown (read only)."""
        return self.chip_places(self.view)[0]

    @property
    def favour_rects(self) -> list[pygame.Rect]:
        """Where the seat's Favours sit in the view shown (read only)."""
        return self.chip_places(self.view)[1]

    def card_at(self, target: Target) -> str | None:
        """The planning card or Favour itself."""
        return target[1]

    # == the layer ================================================================================
    def reads_holds(self, moved: AbstractSet[tuple]) -> bool:
        """Of the cards, only its own seat's are read (whether a tween holds them back);
        buildings and cubes, through the zone counts."""
        view, seat = self.view, self.seat
        hands, favours = view.hands[seat], view.favours[seat]
        # (a list, not a generator: one call, not one a hold; a handful of holds each time)
        return any([kind != "card" or thing in hands or thing in favours  # noqa: C419
                    for kind, thing in moved])

    def held_chips(self) -> tuple[bool, ...]:
        """Whether a tween holds back each of its chips' cards (its planning cards, then its
        Favours): what the key reads of the holds of cards."""
        v, seat, holds = self.view, self.seat, self.holds
        return tuple([("card", c) in holds for c in (*v.hands[seat], *v.favours[seat])])

    @by_view(also=lambda body: (body.room.zone_counts(body.seat), body.held_chips(),
                                turn_seat(body.view)),
             also_kinds=("building", "cube", "card"), reads=BODY_READS)
    def key(self) -> Hashable:
        """Everything the body shows, per section: the outline (the seat's turn), the pills,
        the chips (of the cards tweens hold back, only whether its own chips are: a card
        flying elsewhere leaves the body alone, and its key is not worked out again; and
        where they sit) and the foot."""
        v, seat, words = self.view, self.seat, language()
        active = turn_seat(v) == seat
        held = self.held_chips()
        return (active,
                (active, v.ap if active else None, v.over,
                 tuple([holder == seat for holder in v.offices]), v.extra_favour == seat, words),
                (v.hands[seat], v.favours[seat], held,
                 tuple([tuple(r) for part in self.chip_places(v) for r in part]), words),
                (self.room.zone_counts(seat), v.vocations[seat], words))

    def items(self) -> list[Item]:
        """The outline, the pills, the chips (a chip a tween holds back is left out) and the
        foot, each section built again only when it changed: a new pill, chip or count
        repaints itself, not the panel."""
        outline, pills, chips, foot = self.key()
        return [*self.section("outline", outline,
                              lambda: self.outline_items("left", "right", "bottom"),
                              remember=True),
                *self.section("pills", pills, lambda: self.pill_items(pills), remember=True),
                *self.section("chips", chips, self.chip_items),
                *self.section("foot", foot, self.foot_items)]

    def pill_items(self, key: tuple) -> list[Item]:
        """The pills under the head, for the pills' part of the body's key."""
        return [pill_item(k, text, style, rect)
                for k, (text, style, rect) in enumerate(pill_layout(self.whole, key_pills(key)))]

    # == ahead of time ============================================================================
    def prepare_ahead(self) -> bool:
        """Do one piece of building ahead what this body will likely show soon (the count
        after each of its foot's, the pills of its next AP and of its next turn), if any is
        left; True if it did one. The room calls it in frames that do little else, so that
        the frame a building lands or an AP is spent does not render their text. A piece is
        one text at most: working out the key (when the view changed), a foot entry, a
        pill's measure or render (`warm_pills`), or a set of pills put together from them."""
        before = self.key_memo
        stamp = self.key()  # (what it shows: foot counts and pills follow from it)
        if self._prepared == stamp:
            return False  # all done for what it shows
        if before is None or before[-1] is not stamp:
            return True  # (the key was worked out anew: that is this frame's piece)
        words, memo = language(), self._foot_memo
        for k, (what, count, rect) in enumerate(self.foot_places()):
            if (k, count + 1, words) not in memo:
                self.foot_ahead(k, what, count + 1, rect)
                return True
        for key in self.soon_pills(stamp[1]):
            if self.warm_step(key) or self.prepare("pills", key, lambda k=key: self.pill_items(k)):
                return True
        self._prepared = stamp
        return False

    def foot_ahead(self, k: int, what: tuple[str, str], count: int, rect: pygame.Rect) -> None:
        """Build ahead foot entry `k`'s pair for `count` in two pieces, a call each: its
        picture and words (translated), then its count rendered and the pair put together
        (both in one call: one of the slowest frames of a building's drop)."""
        stamp = (k, count, language())
        entry = self._entry_ahead
        if entry is None or entry[0] != stamp:
            self._entry_ahead = (stamp, self.foot_entry(what, count))
            return
        self._entry_ahead = None
        self._foot_memo[stamp] = foot_pair(k, *entry[1], rect, count)

    def soon_pills(self, pills: tuple) -> list[tuple]:
        """The pill keys this body will likely show next (`pills`: its key's pills part): the
        active seat's at each lower AP, another seat's at the start of its turn."""
        active, ap, over, offices, extra, words = pills
        if active:
            return [(True, spent, over, offices, extra, words) for spent in range(ap)]
        return [(True, self.room.board.action_points, over, offices, extra, words)]

    def warm_step(self, key: tuple) -> bool:
        """One step of measuring and rendering the texts of pill key `key` ahead (a
        `warm_pills` run per key, kept between frames); False once they are all made, or if
        its items are built already."""
        if key in self.remembered.get("pills", {}):
            return False
        if self._warming is None or self._warming[0] != key:
            self._warming = (key, warm_pills(self.whole, key))
        return next(self._warming[1], StopIteration) is not StopIteration

    def chip_items(self) -> list[Item]:
        """The planning cards, then the Favours (one a tween holds back shows nothing)."""
        v, seat, found = self.view, self.seat, []
        hand_rects, favour_rects = self.chip_places(v)
        chips = [*zip(v.hands[seat], hand_rects, strict=True),
                 *zip(v.favours[seat], favour_rects, strict=True)]
        for k, (card, rect) in enumerate(chips):
            held = ("card", card) in self.holds
            face = None if held else self.room.faces.face(card, rect.size, chip=True)
            found.append(Item(("chip", k), face, rect, functools.partial(blit_face, face, rect)))
        return found

    def foot_items(self) -> list[Item]:
        """The foot's pictures and counts, each entry's pair built once per count and language
        (a building counted builds its zone's count, not the foot's eleven entries: the frame
        a dropped building lands in must not translate and lay out the whole foot)."""
        words, memo, found = language(), self._foot_memo, []
        for k, (what, count, rect) in enumerate(self.foot_places()):
            pair = memo.get((k, count, words))
            if pair is None:
                icon, text = self.foot_entry(what, count)
                pair = memo[k, count, words] = foot_pair(k, icon, text, rect, count)
            found += pair
        return found

    def pills(self, view: State) -> list[tuple[str, str]]:
        """(text, style) of the seat's pills: the AP left (the active seat), its offices, the
        Extra Favour; "No office" when there is nothing to show."""
        seat = self.seat
        active = seat == view.active and view.ap and not view.over
        return pill_list(view.ap if active else None,
                         tuple(holder == seat for holder in view.offices),
                         view.extra_favour == seat)

    def pill_count(self, view: State) -> int:
        """How many pills `pills` gives, without translating them (it places the chips)."""
        seat = self.seat
        active = seat == view.active and bool(view.ap) and not view.over
        offices = view.offices.count(seat)  # (in C: asked for every seat at every move)
        return max(1, active + offices + (view.extra_favour == seat))

    # == the foot: buildings per zone, vocations ==================================================
    def foot_top(self) -> int:
        """Top of the foot: the buildings lines over the vocation lines."""
        panel = self.whole
        columns = foot_columns(panel)
        vocations = len(self.room.board.vocations)
        lines = (-(-len(PANEL_ZONES) // columns) + -(-vocations // columns)
                 if columns else 2)
        return panel.bottom - 8 - lines * FOOT_STEP

    def foot(self) -> list[tuple[pygame.Surface, str, pygame.Rect, int]]:
        """(picture, text, rect, count) of the foot: the seat's buildings in each zone, then
        its vocations, each a picture and a count (and its name in a tall panel)."""
        return [(*self.foot_entry(what, count), rect, count)
                for what, count, rect in self.foot_places()]

    def foot_places(self) -> list[tuple[tuple[str, str], int, pygame.Rect]]:
        """((kind, name), count, rect) of each foot entry: the zones, then the vocations."""
        seat = self.seat
        counts = (*self.room.zone_counts(seat), *self.view.vocations[seat])
        return [(what, count, rect)
                for (what, rect), count in zip(self.foot_rects(), counts, strict=True)]

    def foot_entry(self, what: tuple[str, str], count: int) -> tuple[pygame.Surface, str]:
        """The picture and text of one foot entry (`what`: ("zone", ZONE) or ("vocation",
        NAME)): faded at zero; named in a tall panel."""
        kind, name = what
        alpha = 255 if count else ZERO_ALPHA
        icon = (sp.zone_icon if kind == "zone" else sp.vocation_icon)(name, FOOT_ICON, alpha)
        if not foot_columns(self.whole):
            return icon, str(count)
        words = t(f"{kind}.{name}")
        return icon, f"{words[:1].upper()}{words[1:]} {count}"

    def foot_rects(self) -> list[tuple[tuple[str, str], pygame.Rect]]:
        """Where each foot entry sits ((kind, name), rect): the zones' lines over the
        vocations' (fixed: laid out once)."""
        if self._foot_rects is None:
            panel = self.whole
            columns = foot_columns(panel)
            groups = ([("zone", zone) for zone in PANEL_ZONES],
                      [("vocation", name) for name in self.room.board.vocations])
            found, y = [], self.foot_top()
            for group in groups:
                per_line = columns or len(group)
                width = (panel.w - 24) // per_line
                for k, what in enumerate(group):
                    row, col = divmod(k, per_line)
                    found.append((what, pygame.Rect(panel.x + 12 + col * width,
                                                    y + row * FOOT_STEP, width, FOOT_STEP)))
                y += -(-len(group) // per_line) * FOOT_STEP
            self._foot_rects = found
        return self._foot_rects


def foot_pair(k: int, icon: pygame.Surface, text: str, rect: pygame.Rect, count: int
              ) -> list[Item]:
    """A foot entry's picture and count, left to right in `rect`."""
    at = icon.get_rect(midleft=(rect.x, rect.centery))
    words = theme.text(text, SMALL, theme.TEXT if count else theme.TEXT_DIM)
    where = words.get_rect(midleft=(rect.x + icon.get_width() + 6, rect.centery))
    return [blit_item(("icon", k), icon, at), blit_item(("count", k), words, where)]


def blit_face(face: pygame.Surface | None, rect: pygame.Rect, surf: pygame.Surface) -> None:
    """A chip's face (None: a tween holds the card back, nothing shows)."""
    if face is not None:
        surf.blit(face, rect)


def foot_columns(panel: pygame.Rect) -> int:
    """A tall panel names each zone and vocation (two to a line), a quarter one lines up the
    pictures alone (five zones, then six vocations)."""
    return 2 if panel.h >= TALL_PANEL else 0


def chip_rows(count: int, panel: pygame.Rect, y: int, h: int, bottom: int) -> list[pygame.Rect]:
    """`count` chips from the panel's left edge, in as many rows as fit above `bottom` (one in a
    quarter panel): narrower when a row holds more than fit (down to CHIP_MIN_W, room for
    "Renovación"), overlapping past that."""
    width = panel.w - 24
    rows = 1 if panel.h < TALL_PANEL else max(1, (bottom - y + 6) // (h + 6))
    per_row = max(1, -(-count // rows))
    w = max(CHIP_MIN_W, min(round(h * CHIP_ASPECT), (width + 6) // per_row - 6))
    per_row = max(per_row, (width + 6) // (w + 6))
    step = min(w + 6, (width - w) // max(1, per_row - 1))
    return [pygame.Rect(panel.x + 12 + (i % per_row) * step, y + (i // per_row) * (h + 6), w, h)
            for i in range(count)]
