"""The panel kit: a room's renderer composed of small panels placed by a declared layout.

A renderer built on `RoomRenderer` alone keeps every region of its board in one class; a newcomer
who wants to change one game's player panel must then read the whole renderer to find it. With
this kit the renderer is a `PanelRoom`: it declares a `Layout` (panel name -> rect of the board
surface, per seat count or table mode) and mounts one `Panel` per region (board, player panel,
market or card row, sheet, log, prompt overlay), each a small class in a module of its own.

A panel owns:
- **its rect** (`self.rect`, from the layout) and what it paints there once, into the room's
  static background (`paint_static`);
- **its cached layer**: `key()` returns a hashable summary of everything the panel shows
  (computed from `self.view` and `self.holds`, the room's view minus what running tweens hold
  back), `paint(surface)` paints it. The room's `Layers` repaint the panel only when its key
  changed; the panel's rect is restored from the static background first (`CLIP = True` also
  keeps the painter inside it). A panel with `LAYERED = False` has no layer (an overlay drawn
  per frame only). Layered panels of one room must not overlap: each restores its own rect;
- **its focus targets**: `targets(view)` gives the canvas rect of each target it shows. While a
  panel is `modal()` (a choice shown over the board) only the targets of modal panels are
  offered, and the panels under a modal panel's rect draw no option highlights;
- **its per-frame drawing**: `draw_options(canvas, focus, prompt, options)` under the tweens
  (option glows; `options` is the set of the prompt's targets), `draw_focus(canvas, focus,
  rect, prompt)` over them, called only on the panel that offered the focused target (the
  default is the shared focus ring, `focus_ring`);
- **its event reactions**: methods decorated with `game.ui.render_kit.on_event` exactly as on a
  RoomRenderer (`handler(self, ev, at, batch) -> float`, tweens via `self.tween`), with their
  sounds. The room lists its panel classes in `PANELS`; their handlers and sounds join the
  room class's `EVENT_HANDLERS` and `SOUND_CUES` (a kind animated twice is an error);
- **its damage** (the render kit's damage API, `RoomRenderer.damage`): a repaint of its layer
  reports exactly its rect, since the layer is clipped to it (`CLIP = True`, the default; a
  panel whose painter must reach past its rect sets `CLIP = False` and its repaints count as the
  whole board). A tween queued with `self.tween(...)` (the room's `PanelRoom.tween`) reports
  where it paints while it runs and on the frame after: a painter that says where it is
  (`paint.Moving`: `fly`, `popup`, `delayed` of those, a `paint.Sprite` on a path of the
  room's own) only its rect now and last frame, nothing while it stands still; otherwise the
  `area` given, a rect (`fly_area`) or a path (progress -> rect, for a picture that changes
  where it stands, e.g. fading); a tween with neither, or queued straight on `self.timeline`,
  makes the whole board damaged while it runs. Anything else a panel changes it reports with
  `self.damage(rect)`. Highlights that breathe with `self.pulse()`
  damage the panel's rect grown by `PULSE_REACH` while a prompt shows, not the whole board.

A room:

    class MyRenderer(PanelRoom):
        PANELS = (BoardPanel, SeatsPanel, LogPanel)

        def __init__(self, rules, config, seat_names):
            super().__init__(rules, config, seat_names)
            layout = my_layout(self.players)              # a Layout: name -> rect
            self.board_panel = BoardPanel(self, layout["board"], ...)
            self.seats = SeatsPanel(self, layout["seats"])
            self.mount(layout, self.board_panel, self.seats, LogPanel(self, layout["log"]))

`mount` paints the static background (`paint_background`, then each panel's `paint_static` in
mount order), creates `self.layers` and one layer per layered panel (named after the panel),
in mount order. Panels reach the room and each other through `self.room`; what several panels
read (scores shown while they count up, the seat names) stays on the room. The room keeps the
kit's hooks (`refresh`, `animated`, `show`, `reset`, `animate`) for what spans panels.

Split screen (board_api.SplitRenderer: one map per seat) is game.ui.split_room's `SplitRoom`:
one `SeatPanel` instance per seat (distinct names), each seat's targets and highlights from its
own panels, a SeatPanel class's event reactions run on the event's seat's panel (`panel_for`).

The shell still sees only the BoardRenderer protocol (game/ui/board_api.py); everything above is
the room's own business. Ticket to Ride's room (game/games/ticket_to_ride_paris) is the example.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from operator import attrgetter
from types import MappingProxyType
from typing import Any, ClassVar

import pygame

from game.engine.core import Event, Prompt, Target

from . import theme
from .audio import CueEntry
from .board_api import BOARD_RECT
from .damage import join_cheapest
from .paint import INK, Moving, Plate, fast, pulse
from .paint import Path as PaintPath
from .render_kit import _UNSET, Batch, Handler, Layers, RoomRenderer
from .tween import Painter, Tween

RectLike = pygame.Rect | tuple[int, int, int, int]
Point = tuple[float, float]
Area = pygame.Rect | PaintPath | None  # where a tween paints (see PanelRoom.tween)


def focus_ring(canvas: pygame.Surface, rect: pygame.Rect) -> None:
    """The shared focus ring: bold yellow with a dark outline, visible on light cards too."""
    ring = rect.inflate(12, 12)
    pygame.draw.rect(canvas, INK, ring.inflate(6, 6), 3, border_radius=16)
    pygame.draw.rect(canvas, theme.FOCUS, ring, 6, border_radius=14)


def fly_area(sprite: pygame.Surface, a: Point, b: Point, arc: float = 50) -> pygame.Rect:
    """Every pixel `paint.fly(sprite, a, b, arc)` may cover on its way (an ease within 0..1)."""
    first = sprite.get_rect(center=(round(a[0]), round(a[1])))
    last = sprite.get_rect(center=(round(b[0]), round(b[1])))
    path = first.union(last)
    lift = math.ceil(abs(arc))
    if arc > 0:
        path.y -= lift
    path.h += lift
    return path.inflate(4, 4)


def label_area(label: str, center: Point, size: int = theme.HEADING_SIZE,
               plate: Plate | None = None, rise: float = 0) -> pygame.Rect:
    """Every pixel `paint.draw_label` covers (outlined, or on `plate`) at `center`, and on its way
    up `rise` px more (`paint.popup(label, c, ..., lift, rise)` is at (c.x, c.y - lift))."""
    rect = theme.text(label, size, theme.TEXT, True).get_rect(center=(center[0], center[1]))
    rect = rect.inflate(*plate.pad) if plate is not None else rect.inflate(6, 6)
    lift = math.ceil(rise)
    rect.y -= lift
    rect.h += lift
    return rect.inflate(4, 4)


class Layout(Mapping[str, pygame.Rect]):
    """Where a room's panels go: panel name -> rect of the board surface, for one table (a
    room builds one per seat count or table mode). Rects must lie inside BOARD_RECT."""

    def __init__(self, **rects: RectLike) -> None:
        self._rects = {name: pygame.Rect(rect) for name, rect in rects.items()}
        for name, rect in self._rects.items():
            if not BOARD_RECT.contains(rect):
                raise ValueError(f"layout: panel {name!r} at {tuple(rect)} leaves the board")

    def __getitem__(self, name: str) -> pygame.Rect:
        """A copy of the panel's rect (a panel may keep and change it)."""
        return self._rects[name].copy()

    def __iter__(self) -> Iterator[str]:
        return iter(self._rects)

    def __len__(self) -> int:
        return len(self._rects)


def _declared_handlers(cls: type, owner: str) -> dict[str, tuple[Handler, CueEntry]]:
    """The @on_event methods a class itself declares: kind -> (function, sound)."""
    out: dict[str, tuple[Handler, CueEntry]] = {}
    for value in vars(cls).values():
        for kind, sound in getattr(value, "animates", ()):
            if kind in out:
                raise TypeError(f"{owner}: two handlers for event kind {kind!r}")
            out[kind] = (value, sound)
    return out


class Panel:
    """One region of a room's board: its rect, cached layer, targets, drawing and reactions."""

    LAYERED: ClassVar[bool] = True  # False: no cached layer (drawn per frame only)
    RESTORE: ClassVar[bool] = True  # put the static background back before repainting
    CLIP: ClassVar[bool] = True  # keep the layer's painter inside the rect (exact damage)
    # How far past the rect the highlights drawn with `pulse()` may reach (a ring around a
    # target on the panel's edge): that margin is redrawn with the rect while they breathe.
    PULSE_REACH: ClassVar[int] = 40
    HANDLERS: ClassVar[Mapping[str, tuple[Handler, CueEntry]]] = MappingProxyType({})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Collect the @on_event handlers (a subclass may re-declare a kind of its base)."""
        super().__init_subclass__(**kwargs)
        cls.HANDLERS = MappingProxyType({**cls.HANDLERS,
                                         **_declared_handlers(cls, cls.__name__)})

    def __init__(self, room: PanelRoom, rect: RectLike, name: str | None = None) -> None:
        """A panel of `room` at `rect`; its layer is called `name` (the class name, lowered,
        without "panel", if not given)."""
        self.room = room
        self.rect = pygame.Rect(rect)
        self.name = name or type(self).__name__.lower().removesuffix("panel")

    # == what the room lends ======================================================================
    # Read by the panels' keys and painters a dozen times a frame: each a property whose getter
    # is an attrgetter (C), so a read runs no Python function of its own.
    view = property(attrgetter("room.view"), doc="The room's newest view.")
    holds = property(attrgetter("room.holds"),
                     doc="What running tweens hold back from the view (a Counter of view keys).")
    viewer = property(attrgetter("room.viewer"),
                      doc="The seat whose hidden things may be shown (None: nobody's).")
    timeline = property(attrgetter("room.timeline"),
                        doc="The room's tween timeline, where event reactions queue tweens.")

    def pulse(self, *around: pygame.Rect) -> float:
        """0..1, breathing with time (the room's). What breathes with it is redrawn next frame
        while a prompt shows: the canvas rects `around` (every pixel it paints), or without
        them the panel's rect grown by PULSE_REACH."""
        for rect in around or (self.rect.inflate(2 * self.PULSE_REACH, 2 * self.PULSE_REACH),):
            self.room.note_pulse(rect)
        return pulse(self.room.clock)

    def pulse_options(self, targets: Mapping[Target, pygame.Rect], options: set[Target],
                      grow: int) -> float | None:
        """The breath for highlighting those of `targets` that are options (None when none
        is): each one's rect grown by `grow` px is what breathes."""
        lit = [rect.inflate(grow, grow) for target, rect in targets.items() if target in options]
        return self.pulse(*lit) if lit else None

    # == what a panel may override ================================================================
    def paint_static(self, surface: pygame.Surface) -> None:
        """Paint what never changes during the match into the static background (once)."""

    def key(self) -> Hashable:
        """A hashable summary of everything the layer shows: it repaints when this changes."""
        return None

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint the layer onto the room's cached surface (only inside `self.rect`); a panel
        with `RESTORE = False` may return the rects it repainted (only those are redrawn)."""
        return None

    def targets(self, view: Any) -> dict[Target, pygame.Rect]:
        """The canvas rect of every target this panel shows for `view`."""
        return {}

    def modal(self) -> bool:
        """True while this panel is a choice over the board: only modal panels offer targets,
        and the panels under its rect draw no option highlights."""
        return False

    def draw_options(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None,
                     options: set[Target]) -> None:
        """Per frame, under the tweens: highlight the prompt's options this panel shows."""

    def draw_focus(self, canvas: pygame.Surface, focus: Target, rect: pygame.Rect,
                   prompt: Prompt | None) -> None:
        """Per frame, over the tweens: the focus on one of this panel's targets (at `rect`)."""
        focus_ring(canvas, rect)

    # == damage =================================================================================
    def tween(self, start: float, dur: float, paint: Painter | None, ease: Any = None,
              holds: tuple = (), area: Area = None, covers_last: bool = False,
              **extra: Any) -> Tween:
        """Queue a tween on the room's timeline (`PanelRoom.tween`: `area` is where it paints,
        `covers_last` if that already holds what it painted last frame)."""
        return self.room.tween(start, dur, paint, ease, holds, area, covers_last, **extra)

    def view_damage(self) -> list[pygame.Rect]:
        """Canvas rects a new view may change in this panel's per-frame drawing: none for a
        layered panel (its layer repaints by key; its highlights follow the prompt, which the
        shell watches), its rect for one drawn per frame only (override to tell better)."""
        return [] if self.LAYERED else [self.rect.copy()]

    def damage(self, *rects: pygame.Rect) -> None:
        """Report canvas rects this panel changed outside its layer's repaints."""
        for rect in rects:
            self.room.damage_rect(pygame.Rect(rect))


FRAME_DRAWING = ("draw", "draw_seats", "draw_table", "draw_seat", "draw_options",
                 "draw_focus")  # what a room may draw per frame beside its panels


@cache  # a class's methods are what they were: asked again at every new view
def own_frame_drawing(room_cls: type) -> bool:
    """True if a room class (not the kit's) draws per frame beside its panels."""
    return any(name in vars(cls) for cls in room_cls.__mro__
               if not cls.__module__.startswith("game.ui.") for name in FRAME_DRAWING)


def _panel_handler(panel_cls: type[Panel], function: Handler) -> Handler:
    """A room-level event handler that runs a panel's own handler on the room's mounted panel."""
    def dispatch(room: PanelRoom, ev: Event, at: float, batch: Batch) -> float:
        """Run the mounted panel's reaction to this event."""
        return function(room.panel_for(panel_cls, ev), ev, at, batch)
    dispatch.__name__ = f"{panel_cls.__name__}.{getattr(function, '__name__', 'handler')}"
    return dispatch


class PanelRoom(RoomRenderer):
    """A RoomRenderer composed of panels (see the module docstring)."""

    PANELS: ClassVar[tuple[type[Panel], ...]] = ()  # the panel classes whose events it animates
    # Tween damage joined into at most this many rects (each a redraw pass of the scene; None:
    # not joined), a union kept when it adds at most TWEEN_WASTE px (damage.join_cheapest).
    TWEEN_PASSES: ClassVar[int | None] = None
    TWEEN_WASTE: ClassVar[int] = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Join the handlers and sounds of the declared panel classes to the room's own."""
        super().__init_subclass__(**kwargs)
        if "PANELS" not in cls.__dict__:
            return
        handlers = dict(cls.EVENT_HANDLERS)
        sounds = dict(cls.SOUND_CUES or {})
        own = set(_declared_handlers(cls, cls.__name__))
        for panel_cls in cls.PANELS:
            for kind, (function, sound) in panel_cls.HANDLERS.items():
                if kind in own:
                    raise TypeError(f"{cls.__name__}: event kind {kind!r} animated twice "
                                    f"(by {panel_cls.__name__} too)")
                if kind in cls.__dict__.get("SOUNDS", {}):
                    raise TypeError(f"{cls.__name__}: {kind!r} in SOUNDS has a handler in "
                                    f"{panel_cls.__name__}: give its sound to @on_event")
                own.add(kind)
                handlers[kind] = _panel_handler(panel_cls, function)
                sounds.pop(kind, None)
                if sound is not _UNSET:
                    sounds[kind] = sound
        cls.EVENT_HANDLERS = MappingProxyType(handlers)
        cls.SOUND_CUES = MappingProxyType(sounds) if sounds else None

    def __init__(self, rules: Any, config: Any, seat_names: Sequence[str]) -> None:
        """Common state; the room then builds its panels and calls `mount`."""
        super().__init__(rules, config, seat_names)
        self.panels: dict[str, Panel] = {}
        self.layout: Layout = Layout()
        self._target_owners: dict[Target, Panel] = {}  # which panel offered each target (`_owner`)
        # (the mounted panels, class -> its one panel): `panel_of` for each event of a move
        self._by_class: tuple[dict[str, Panel], dict[type[Panel], Panel]] | None = None
        self._areas: dict[Tween, pygame.Rect | PaintPath | None] = {}  # where tweens paint
        self._last_areas: list[pygame.Rect] = []  # tween areas reported last frame
        self._covering: set[Tween] = set()  # tweens whose area holds what they painted last
        self._moved: dict[Tween, pygame.Rect] = {}  # where moving painters were drawn last
        # (the timeline's clock, where each started painting tween paints then): worked out
        # with the damage, read by every redraw pass of that frame (`tween_reach`)
        self._reach: tuple[float, dict[Tween, pygame.Rect]] = (-1.0, {})
        # (the panels dict and its size, its possibly modal panels, those drawing options,
        # those whose per-frame drawing may show a new view): `_own_frame_panels`
        self._frame_panels: tuple[dict, int, list[Panel], list[Panel], list[Panel]] | None = None

    def mount(self, layout: Layout, *panels: Panel) -> None:
        """Paint the static background, then give each layered panel its layer (in order)."""
        for _ in self.mount_steps(layout, *panels):
            pass

    def mount_steps(self, layout: Layout, *panels: Panel) -> Iterator[None]:
        """`mount` a step at a time, for a room that builds a board ahead a step a frame: each
        board-sized surface (painted, converted, copied: ~2-7 ms each) in a step of its own."""
        self.layout = layout
        self.panels = {}
        for panel in panels:
            if panel.name in self.panels:
                raise ValueError(f"two panels named {panel.name!r}")
            self.panels[panel.name] = panel
        layered = [p for p in panels if p.LAYERED]
        for i, a in enumerate(layered):
            for b in layered[i + 1:]:
                if a.rect.colliderect(b.rect):
                    raise ValueError(f"layered panels {a.name!r} and {b.name!r} overlap")
        surface = pygame.Surface(BOARD_RECT.size)
        self.paint_background(surface)
        for panel in panels:
            panel.paint_static(surface)
        yield
        static = fast(surface, alpha=False)
        yield
        self.layers = Layers(static)  # new: all of it counts as painted
        for panel in layered:
            self.layers.add(panel.name, panel.rect, panel.key, panel.paint, panel.RESTORE,
                            panel.CLIP)

    def paint_background(self, surface: pygame.Surface) -> None:
        """Under every panel's static paint: the room's backdrop (the theme's background)."""
        surface.fill(theme.BACKGROUND)

    def panel_of(self, panel_cls: type[Panel]) -> Panel:
        """The mounted panel of this class (the one whose event reactions run); looked up
        once per class and mount."""
        memo = self._by_class
        if memo is None or memo[0] is not self.panels:
            memo = self._by_class = self.panels, {}
        panel = memo[1].get(panel_cls)
        if panel is None:
            found = [p for p in self.panels.values() if type(p) is panel_cls]
            if len(found) != 1:
                raise LookupError(f"{type(self).__name__}: {len(found)} panels of "
                                  f"{panel_cls.__name__} mounted (its events need exactly one)")
            panel = memo[1][panel_cls] = found[0]
        return panel

    def panel_for(self, panel_cls: type[Panel], ev: Event) -> Panel:
        """The panel whose reaction to `ev` runs: the mounted one of its class (a split-screen
        room picks the event's seat's, game.ui.split_room)."""
        return self.panel_of(panel_cls)

    def modal_panels(self) -> list[Panel]:
        """The panels showing a choice over the board right now."""
        return [p for p in self._own_frame_panels()[0] if p.modal()]

    def _own_frame_panels(self) -> tuple[list[Panel], list[Panel]]:
        """(the mounted panels that may be modal, those that may draw options): those whose
        class has its own `modal` / `draw_options` (the kit's are False / draw nothing).
        Asked every redraw pass: worked out once per mount."""
        memo = self._panel_lists()
        return memo[2], memo[3]

    def _panel_lists(self) -> tuple[dict, int, list[Panel], list[Panel], list[Panel]]:
        """`_frame_panels`, worked out again when the mounted panels changed; the last list:
        the panels whose `view_damage` may name a rect (the kit's names none for a layered
        panel, so those are not asked at every new view)."""
        panels = self.panels
        memo = self._frame_panels
        if memo is None or memo[0] is not panels or memo[1] != len(panels):
            mounted = list(panels.values())
            memo = self._frame_panels = (
                panels, len(panels),
                [p for p in mounted if type(p).modal is not Panel.modal],
                [p for p in mounted if type(p).draw_options is not Panel.draw_options],
                [p for p in mounted
                 if type(p).view_damage is not Panel.view_damage or not p.LAYERED])
        return memo

    def covered(self, panel: Panel, modal: Iterable[Panel]) -> bool:
        """True if a modal panel (other than this one) lies over this panel's rect."""
        return any(m is not panel and m.rect.contains(panel.rect) for m in modal)

    # == the kit's hooks, per panel ==============================================================
    def place_targets(self, view: Any) -> dict[Target, pygame.Rect]:
        """Every panel's targets (only the modal panels' while a choice is up)."""
        modal = self.modal_panels()
        out: dict[Target, pygame.Rect] = {}
        self._target_owners = {}
        for panel in modal or self.panels.values():
            targets = panel.targets(view)  # a city may offer hundreds: joined in C, at a move
            out.update(targets)
            self._target_owners.update(dict.fromkeys(targets, panel))
        return out

    @property
    def _owner(self) -> dict[Target, Panel]:
        """Which panel offered each target of the current view (placed now if not yet)."""
        self._targets  # noqa: B018 (reading it places a new view's targets)
        return self._target_owners

    @_owner.setter
    def _owner(self, owners: dict[Target, Panel]) -> None:
        self._target_owners = owners

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """Each panel highlights its options, except those a modal panel covers."""
        memo = self._frame_panels  # (`_own_frame_panels`, its memo read inline: every pass)
        if memo is None or memo[0] is not self.panels or memo[1] != len(self.panels):
            memo = self._panel_lists()
        may_be_modal, drawing = memo[2], memo[3]
        if not drawing:
            return  # no panel of the room draws options
        options = {o.target for o in prompt.options if o.target is not None} if prompt else set()
        modal = [p for p in may_be_modal if p.modal()] if may_be_modal else ()  # `modal_panels`
        for panel in drawing:  # (the others draw nothing)
            if not modal or not self.covered(panel, modal):
                panel.draw_options(canvas, focus, prompt, options)

    def draw_focus(self, canvas: pygame.Surface, focus: Target | None,
                   prompt: Prompt | None) -> None:
        """The panel that offered the focused target draws the focus."""
        panel = self._owner.get(focus) if focus is not None else None
        if panel is not None and focus in self._targets:
            panel.draw_focus(canvas, focus, self._targets[focus], prompt)

    # == damage ===================================================================================
    def view_damage(self) -> list[pygame.Rect] | None:
        """What a new view changes outside the layers: each panel's `view_damage`, or
        everything when the room itself draws per frame (a `draw_table`, an own `draw`...)."""
        if own_frame_drawing(type(self)):
            return None
        return self.panels_view_damage()

    def panels_view_damage(self) -> list[pygame.Rect]:
        """What a new view changes in the panels: each one's `view_damage` (a room that draws
        per frame and whose panels report that drawing too returns this from its own)."""
        return [rect for panel in self._panel_lists()[4] for rect in panel.view_damage()]

    def tween(self, start: float, dur: float, paint: Painter | None, ease: Any = None,
              holds: tuple = (), area: Area = None, covers_last: bool = False,
              **extra: Any) -> Tween:
        """Queue a tween on the timeline (as `Timeline.add`). Where it paints, so that a frame
        redraws only that: `area`, a rect (e.g. `fly_area`) or a path (progress -> rect; a
        picture whose pixels change where it stands, e.g. as it fades), or none for a painter
        that says where it is (`paint.Moving`: `fly`, `popup`) or one that may paint anywhere;
        `covers_last`: see `note_area`."""
        if ease is not None:
            extra["ease"] = ease
        tween = self.timeline.add(start, dur, paint, holds=holds, **extra)
        self.note_area(tween, area, covers_last)
        return tween

    def note_area(self, tween: Tween, area: Area, covers_last: bool = False) -> None:
        """Where a queued tween paints: a rect, a path, or None (its painter's `where`, or
        anywhere). `covers_last`: a path whose area at each progress already holds every pixel
        it changed since the progress painted last (a sweep reporting the strips that changed,
        Explore New York's final_paint.Sweep): the frame after is not given its area again,
        as every other tween's is (its pixels there must go)."""
        if len(self._areas) > 256:  # forget tweens gone since (damage was not asked for)
            live = set(self.timeline)
            self._areas = {tw: a for tw, a in self._areas.items() if tw in live}
            self._covering &= live
        self._areas[tween] = pygame.Rect(area) if isinstance(area, (pygame.Rect, tuple)) else area
        if covers_last:
            self._covering.add(tween)

    def tween_damage(self) -> list[pygame.Rect]:
        """Where the started tweens paint now and painted last frame (their pixels must go):
        a moving painter's rect where it is and was (none while it stands still), the others'
        areas; the whole board if one may paint anywhere. Tweens still waiting in the queue
        paint nothing. Joined into TWEEN_PASSES rects if the room sets it."""
        moving, areas = self.tween_rects()
        out = moved_rects(moving, self._moved) + areas + self._last_areas
        self._moved, self._last_areas = moving, self._carried(moving, areas)
        if BOARD_RECT in areas:  # (compared in C, no generator a frame)
            return [BOARD_RECT.copy()]
        if self.TWEEN_PASSES is None:
            return out
        return join_cheapest(out, self.TWEEN_PASSES, self.TWEEN_WASTE)

    def _carried(self, moving: Mapping[Tween, pygame.Rect], areas: list[pygame.Rect]
                 ) -> list[pygame.Rect]:
        """The areas the next frame's tween damage reports again: this frame's, but for the
        tweens whose area covers what they painted last (`note_area`; all of them when one
        may paint anywhere: the whole board, no tween's own area)."""
        reach = self._reach[1]
        if not self._covering or not reach:
            return areas
        return [rect for tween, rect in reach.items()
                if tween not in moving and tween not in self._covering]

    def damaged_whole(self) -> None:
        """The whole frame is redrawn: the tweens are drawn where they are now, which the next
        frame's tween damage must erase."""
        self._moved, self._last_areas = self.tween_rects()

    def tween_rects(self) -> tuple[dict[Tween, pygame.Rect], list[pygame.Rect]]:
        """Where each started moving painter is now (by tween), and every other started
        painting tween's area now ([the board] alone if one may paint anywhere)."""
        known, tweens = self._areas, self.timeline.tweens
        if len(known) > len(tweens):  # forget the tweens gone
            self._areas = known = {tw: known[tw] for tw in tweens if tw in known}
            self._covering &= known.keys()
        clock = self.timeline.clock  # a tween still waiting paints nothing yet (Timeline.paint)
        moving: dict[Tween, pygame.Rect] = {}
        areas: list[pygame.Rect] = []
        reach: dict[Tween, pygame.Rect] = {}
        self._reach = clock, reach
        for tween in tweens:
            if tween.paint is None or not (tween.early or tween.start <= clock):
                continue  # one that only holds, or still waits (`started`, inline)
            area = known.get(tween)
            if area is None and isinstance(tween.paint, Moving):
                rect = moving[tween] = tween.paint.where(tween.progress(clock))
            elif area is None:
                reach.clear()  # one may paint anywhere: the board is redrawn whole anyway
                return {}, [BOARD_RECT.copy()]
            else:
                rect = area(tween.progress(clock)) if callable(area) else area.copy()
                areas.append(rect)
            reach[tween] = rect
        return moving, areas

    def tween_reach(self) -> dict[Tween, pygame.Rect] | None:
        """Where each started tween paints now, as this frame's damage worked it out (None
        when the timeline moved on since: every tween is painted)."""
        clock, reach = self._reach
        return reach if reach and clock == self.timeline.clock else None


def moved_rects(now: Mapping[Any, pygame.Rect], before: Mapping[Any, pygame.Rect]
                ) -> list[pygame.Rect]:
    """What moving painters need redrawn: for each, where it was drawn last frame and where it
    is now, unless it stands where it stood (the same rect: the same pixels, `paint.Moving`).
    `now` and `before` map each painter's key to its rect (absent: not drawn)."""
    out = []
    for key in now.keys() | before.keys():
        was, is_ = before.get(key), now.get(key)
        if was != is_:  # (appended one by one: no list made per painter, every frame)
            if was is not None:
                out.append(was)
            if is_ is not None:
                out.append(is_)
    return out
