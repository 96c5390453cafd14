"""What every Urban Sprawl panel shares: option rings, the focus frame and the card zoom.

A panel rings each option it offered (in the prompt's order: a target offered twice rings
twice), frames the focused one, and on a card (a row slot, a pile top, a seat's planning card or
Favour) shows the card zoomed left of the rows with its whole text (card_text.py).

`ItemPanel`: a panel whose layer is a list of items (a pill, a chip, a figure, a line of text),
each with what it looks like and the rect it reaches; a repaint puts the background back and
paints the items only where one changed (a seat's AP pill, not its whole panel), so that a frame
costs what changed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping
from collections.abc import Set as AbstractSet
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

import pygame

from game.engine.core import Prompt, Target
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.damage import blit_columns, disjoint, join_cheapest
from game.ui.i18n import language
from game.ui.paint import RING_GROW, ring
from game.ui.panels import Panel

from . import sprites as sp
from .layout import OPTION, RIGHT_X, RING_GAP

P = TypeVar("P", bound="USPanel")


def turn_seat(view: Any) -> int:
    """The seat whose turn the table shows: during the setup's draft of the starting buildings
    (rulebook, Preparación (U): "cada jugador en su turno") the seat picking now, otherwise the
    active seat (whose turn it stays while others answer its prompts)."""
    tasks = view.tasks
    if tasks and tasks[0][0] == "draft":
        return tasks[0][1]
    return view.active


def drafting(view: Any) -> bool:
    """True while the setup's draft of the starting buildings runs."""
    tasks = view.tasks
    return bool(tasks) and tasks[0][0] == "draft"


def by_view(*kinds: str, also: Callable[[Any], Hashable] | None = None,
            also_kinds: tuple[str, ...] = (), reads: tuple[str, ...] = ()
            ) -> Callable[[Callable[[P], Hashable]], Callable[[P], Hashable]]:
    """A panel's key that reads only the room's view, what its holds hold of these `kinds`
    ("card", "building", "cube", "office"), the language and what `also` gives (a memo of the
    room's), computed once for each of them: a refresh asks every key each frame something
    counts up or a tween lets go of something, and a building landing must not make the rows
    and seats work out their keys again (scene.USRenderer.holds_of keeps each kind's part
    once per holds). `also_kinds`: the kinds of holds what `also` gives depends on; the key
    notes all it depends on (`held_kinds`: the room asks it again when one of those changed,
    scene.USRenderer.refresh_held). `reads`: the view's fields the key reads, if it names
    them all: the key is then worked out again only when one of those changed, not with
    every view (the first refresh after a move asks every layer's key: most moves change
    what two or three panels show)."""
    fields = attrgetter(*reads) if reads else None

    def decorate(key: Callable[[P], Hashable]) -> Callable[[P], Hashable]:
        @functools.wraps(key)
        def memo(self: P) -> Hashable:
            held = self.room.holds_of(kinds)
            stamp = (held if also is None else (held, also(self)), language())
            view, last = self.view, self.key_memo
            if last is not None and last[2] == stamp[0] and last[3] == stamp[1]:
                if last[0] is view:
                    return last[4]
                if fields is not None and last[1] == fields(view):
                    self.key_memo = (view, *last[1:])  # (the next frame: the same view)
                    return last[4]
            value = key(self)
            self.key_memo = (view, None if fields is None else fields(view), *stamp, value)
            return value
        memo.held_kinds = frozenset((*kinds, *also_kinds))  # type: ignore[attr-defined]
        return memo
    return decorate


class USPanel(Panel):
    """An Urban Sprawl panel: white option rings, a pulsing focus frame, a zoom on cards."""

    room: Any  # scene.USRenderer (not imported here: no import circle through scene.py)
    # (view, its fields read, holds part, language, key) of the last `by_view` key
    key_memo: tuple | None = None

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """A white ring around every option's place this panel offered."""
        if prompt is None:
            return
        owner, placed = self.room.owners(), self.room.placed()
        rings = [placed[o.target].inflate(RING_GAP, RING_GAP) for o in prompt.options
                 if o.target is not None and owner.get(o.target) is self and o.target in placed]
        if not rings:
            return
        breath = self.pulse(*(r.inflate(RING_GROW, RING_GROW) for r in rings))
        for rect in rings:
            ring(canvas, rect, OPTION, 3, breath, radius=10)

    def draw_focus(self, canvas: pygame.Surface, focus: Target, rect: pygame.Rect,
                   prompt: Prompt | None) -> None:
        """The focus frame, then the zoomed card on a card."""
        frame = rect.inflate(6, 6)
        pygame.draw.rect(canvas, sp.INK, frame.inflate(6, 6), 3, border_radius=14)
        ring(canvas, frame, theme.FOCUS, 5, self.pulse(frame.inflate(RING_GROW, RING_GROW)),
             radius=12)
        card = self.card_at(focus)
        if card in self.room.board.cards:  # nothing to zoom on an empty slot or face-down card
            self.zoom(canvas, card, rect)

    def held_kinds(self) -> frozenset[str]:
        """The kinds of holds this panel's key reads (its `by_view`'s; none otherwise)."""
        return getattr(type(self).key, "held_kinds", frozenset())

    def reads_holds(self, moved: AbstractSet[tuple]) -> bool:
        """False if the key can't change when just these holds (of its kinds) come or go,
        the view being the same (scene.USRenderer.refresh_held then does not ask it): True
        by default."""
        return True

    def paint_ahead(self) -> None:
        """Work out ahead, for the key asked last (not the one its layer shows), what its next
        repaint would build (holds_ahead.py, in frames before the holds change): nothing by
        default."""

    def targets_moved_by(self, view: Any) -> Hashable:
        """What in `view` moves this panel's targets (the room places them again only when it
        changed): nothing by default, a panel whose targets depend on the view says what."""
        return None

    def card_at(self, target: Target) -> str | None:
        """The card shown at one of this panel's targets (None: no card there)."""
        return None

    def zoom(self, canvas: pygame.Surface, card: str, near: pygame.Rect) -> None:
        """The focused card at twice its size with its whole text beside it, left of the rows
        and panels (over the city), so that it never hides another option of the card
        prompts."""
        panel = self.room.faces.zoom_panel(card)
        rect = panel.get_rect(topright=(RIGHT_X - 16, near.y))
        canvas.blit(panel, rect.clamp(BOARD_RECT.inflate(-16, -16)))


class Item(NamedTuple):
    """One thing an `ItemPanel` paints: `look` changes exactly when its pixels do (a surface
    is compared by identity: the panel keeps the one it painted), `rect` holds every pixel it
    paints, `draw` paints it (clipped by the caller)."""

    name: Hashable
    look: Hashable
    rect: pygame.Rect
    draw: Callable[[pygame.Surface], object]


def blit_item(name: Hashable, surface: pygame.Surface, rect: pygame.Rect) -> Item:
    """An item that blits a picture at `rect` (its size is the picture's)."""
    return Item(name, surface, rect, lambda surf: surf.blit(surface, rect))


def changed_areas(before: Mapping[Hashable, Item], now: Mapping[Hashable, Item]
                  ) -> list[pygame.Rect]:
    """Where items differ between two paints (by name): where each one that changed, moved,
    came or went was and is (an item kept from the last paint is the same object)."""
    areas = []
    for name in before.keys() | now.keys():
        was, is_ = before.get(name), now.get(name)
        if was is is_:
            continue
        if was is None or is_ is None or was.look != is_.look or was.rect != is_.rect:
            areas += [item.rect for item in (was, is_) if item is not None]
    return areas


REPAINT_PASSES = 3  # an ItemPanel's changed areas, joined into at most this many rects
REMEMBERED = 256  # the most keys a remembered section keeps the items of


class ItemPanel(USPanel):
    """A panel painted as items (`items`): a repaint restores and paints only the areas where
    an item changed, and reports those (the layer does not restore its whole rect). Items
    built in sections (`section`) are built again only when their section's key changes."""

    RESTORE = False
    REPAINT_PASSES = REPAINT_PASSES  # its changed areas joined into at most this many ...
    REPAINT_WASTE = 0  # ... and two whenever their union adds no more pixels than this
    drawn: dict[Hashable, Item] | None = None  # the last paint's items by name

    def __init__(self, room: Any, rect: pygame.Rect, name: str | None = None) -> None:
        """A panel with no section built yet."""
        super().__init__(room, rect, name)
        self.sections: dict[str, tuple[Hashable, list[Item]]] = {}
        self.remembered: dict[str, dict[Hashable, list[Item]]] = {}  # `section(remember=True)`

    def items(self) -> list[Item]:
        """Everything the layer shows, in painting order."""
        return []

    def section(self, name: str, key: Hashable, build: Callable[[], list[Item]],
                remember: bool = False) -> list[Item]:
        """The items of one section of the panel, built again only when `key` changed;
        `remember`: a section whose keys come back (a seat's pills: each turn's AP 3, 2, 1)
        keeps the items of every key it was built for (`key` must then hold all they show)."""
        kept = self.sections.get(name)
        if kept is None or kept[0] != key:
            if not remember:
                kept = self.sections[name] = (key, build())
            else:
                known = self.remembered.setdefault(name, {})
                if key not in known:
                    if len(known) >= REMEMBERED:
                        known.clear()  # (a long game in many languages: start again)
                    known[key] = build()
                kept = self.sections[name] = (key, known[key])
        return kept[1]

    def paint_ahead(self) -> None:
        """Its items for the key asked last (the sections that changed: a seat's foot)."""
        self.items()

    def prepare(self, name: str, key: Hashable, build: Callable[[], list[Item]]) -> bool:
        """Build ahead the items of a remembered section for a key it may show soon, if not
        yet known; True if it built them."""
        known = self.remembered.setdefault(name, {})
        if key in known or len(known) >= REMEMBERED:
            return False
        known[key] = build()
        return True

    def prepare_ahead(self) -> bool:
        """Build one set of items the panel will likely show soon; True if it built one (the
        room asks in frames that do little else): none by default."""
        return False

    def paint(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """The areas where an item changed since the last paint (all of the panel at first or
        after a reset), each put back from the background and painted again; returns them."""
        items = self.items()
        now = {item.name: item for item in items}
        fresh = self.drawn is None or self.room.layers.shown_key(self.name) is None
        areas = [self.rect.copy()] if fresh else changed_areas(self.drawn, now)
        self.drawn = now
        # (joined only past REPAINT_PASSES: a pass here is one background blit and the few
        # items it reaches, not the whole draw PASS_AREA weighs; a turn's outline stays three
        # strips, and US 4p repaints ~27% fewer pixels than with that waste allowed)
        areas = join_cheapest(disjoint(a.clip(self.rect) for a in areas), self.REPAINT_PASSES,
                             self.REPAINT_WASTE)
        for area in areas:
            self.paint_area(surf, area, items)
        return areas

    def paint_area(self, surf: pygame.Surface, area: pygame.Rect, items: list[Item]) -> None:
        """The background, then every item that reaches into `area`, clipped to it."""
        clip = surf.get_clip()
        surf.set_clip(area.clip(clip))
        blit_columns(surf, self.room.layers.static, area)  # off-column rows copy slowly
        for item in items:
            if item.rect.colliderect(area):
                item.draw(surf)
        surf.set_clip(clip)
