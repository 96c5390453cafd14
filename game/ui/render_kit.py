"""The renderer kit: the skeleton every game room's board renderer shares.

A room's renderer (`game/games/<id>/scene.py`) subclasses `RoomRenderer`, which implements the
`BoardRenderer` protocol the shell calls (game/ui/board_api.py): `reset`, `animate`, `busy`,
`update`, `targets` and `draw`. The room writes only what is its own:

1. **Layout and the static background.** In `__init__`, call `super().__init__(rules, config,
   seat_names)` (it sets `rules`, `players`, `names`, `timeline`, `view`, `viewer`, `holds`,
   `time`), compute your geometry, paint what never changes once, and wrap it:
   `self.layers = Layers(static)`.
2. **Layers.** `self.layers.add(name, area, key, paint)` declares a region of the board surface:
   `key()` returns a hashable summary of everything the region shows (computed from `self.view`
   and `self.holds`), `paint(surface)` paints it. A refresh repaints a layer only when its key
   changed (or it was `mark`ed): a frame blits one cached surface, whatever the game shows.
   Areas are restored from the static background before painting (unless `restore=False`).
   Regions that come and go with a layout may use `layers.paint_region` with a key of their
   own, and `layers.shown_key(name)` to add only what is new since the last paint.
3. **Targets.** `place_targets(view)` returns the screen rect of every target the board shows;
   it runs whenever the view changes (`show`, which a room may extend, e.g. to re-lay out), or,
   in a room that sets `PLACES_LATE = True`, when the new view's targets are first read
   (`targets()`, `_targets`: bots alone never read them).
4. **Event animations.** One method per event kind, declared with `@on_event("kind", sound=...)`:
   `handler(self, ev, at, batch) -> float` queues tweens on `self.timeline` from time `at` and
   returns where the next event's tweens start. Tweens `holds` keys that a layer's key and
   painter subtract from the view ("a card in flight is not in the hand yet"); `batch.old` is
   the view before the events, `batch.moments` and `batch.tally` are notes the handlers of one
   batch share (e.g. "when the scores count up", "which die of this deck"). `animated(batch,
   end)` runs after the last handler (e.g. a count-up after whatever the events did). Kinds
   without a handler are not animated. The `sound` given with a handler (an `audio.EventSound`,
   a sound name, or None for silence; leave it out for the shared defaults) is timed to that
   animation and lands in the class's `SOUND_CUES` (None if no kind has a sound), which the
   shell plays; the class attribute `SOUNDS` lists the kinds that sound (or are silenced)
   without an animation.
5. **Drawing.** `draw` blits the layers, then calls `draw_options` (option highlights, under
   the running tweens), paints the timeline, then `draw_focus` (focus ring, tooltips, above).
   `pulse()` is the breathing of highlights. Shared paint helpers (fly, flip, popup, banner,
   delayed, fitted, wrapped and two-line text, labels on plates, rings, shade, fast, seat
   colours) live in game.ui.paint; the room's own art stays in its `sprites.py`.

Counting numbers: a tween with a `tag` (e.g. `(seat, points)`) counts something up;
`timeline.counting()` yields each tag with the fraction still to come, so a layer key can show
the number in between (override `refresh` to note it before calling `super().refresh`).
`update` refreshes only when a tween holding something back ended, a late one started holding,
a tagged tween runs or ended, or the last tween ended (Timeline.advance): nothing else changes
what the layers show (another tween that only paints goes through the damage alone).

Costly layers: a room whose layers take long to paint sets `REPAINT_BUDGET = n`; `animate`
then only notes what changed and each `update` repaints at most n dirty layers (`reset` always
repaints at once). Split-screen rooms (board_api.SplitRenderer) add the seat methods
themselves, give per-seat tweens `seat=` and may override `busy` (e.g. to wait for pending
layers too).

Damage: drawing only what changed (the shell's side: game.ui.damage, App.draw). Once a frame,
after `update` and before drawing, the shell asks `damage(prompted)`: the canvas rects whose
pixels the next `draw` may paint differently from the last one drawn. `[]`: the board looks
exactly as last frame (idle: nothing is redrawn or presented); `None`: can't tell (everything
is redrawn). The call consumes what was reported. The shell then calls `draw` / `draw_seats` as
always, with the canvas clipped to the damaged rects (so `draw` paints everything as usual and
must give, inside the clip, the pixels an unclipped draw gives), and redraws everything whenever
what it passes to `draw` (focus, prompts, seats) changed, the scene stack changed or the window
was resized. `prompted`: the last draw was given a prompt or a focus (the shell knows).
What the base reports by itself:
- everything (None) after `reset` and until the first draw; after `show` (a new view), what
  `view_damage()` names (None, everything, unless the room knows better: a PanelRoom names
  the panels whose per-frame drawing shows the view);
- every area `Layers` painted or restored since the last call (`Layers.take_painted`, moved to
  the canvas by BOARD_RECT): exactly the area of a layer declared with `clip=True` (of one that
  does not restore, the rects its painter returns if it returns any: it repainted only those),
  the whole board for one without (its painter may reach past its area) and for `rebuild`;
- the whole board (`tween_damage()`) while the timeline has tweens, and on the frame after the
  last one ended (its pixels must go); override `tween_damage` to give the tweens' own paths
  (a PanelRoom does: where each tween paints, game.ui.panels, which `tween_reach` then hands
  to `Timeline.paint`: a redraw pass skips the tweens outside its clip);
- while a prompt is shown, what the last draw painted breathing with the clock: the rects
  noted with `note_pulse(rect)` (each the largest rect a pulse reaches; a panel's `pulse()`
  notes its own rect, game.ui.panels), and the whole board if the draw read the clock
  otherwise (the room's own `pulse()` or `time`). A renderer that notes its pulsing rects on
  the canvas instead sets `NOTES_CLOCK = True` and calls `game.ui.damage.note_clock(canvas,
  rect)` for each; the shell then redraws only those rects next frame.
A renderer (or a panel of it) reports anything else that changed with `damage_rect(rect)` (canvas
coordinates; no rect: everything), e.g. a panel whose own cached surface was repainted, or
whatever its `draw` shows from state it changes in `update` outside layers and tweens (the base
cannot see that). tests/ui/test_damage.py compares every frame of a played game with a full
redraw.

Porting a room that predates the kit: `_ev_<kind>` methods or a `_HANDLERS` table become
`@on_event` methods (a renderer that diffs old and new views instead should animate the events
the rules emit); the room's `sounds.py` table moves onto those decorators and `SOUNDS`;
`_timeline`, `_view`, `_viewer`, `_holds`, `_time`/`_pulse` become the kit's `timeline`, `view`,
`viewer`, `holds`, `time`/`pulse()`; `_static`/`_layer` and region keys (`_layer_key`,
`_keys`/`_repaint`, `_want`/`_flush`) become `Layers`; `_compute_targets` becomes
`place_targets`; the private `fast`, `shade`, `fit_text`, `wrap`, `_fly`, `_flip`, `_popup`,
`_banner`, `_color` copies give way to game.ui.paint. Ticket to Ride's scene.py is the example.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

import pygame

from game.engine.core import Config, Event, Prompt, Target

from . import i18n
from .audio import CueEntry
from .board_api import BOARD_RECT
from .damage import blit_columns
from .paint import pulse
from .tween import Timeline

Handler = Callable[[Any, Event, float, "Batch"], float]
F = TypeVar("F", bound=Callable[..., float])
_UNSET: Any = object()  # a handler declared without a sound: the shared defaults apply
_NEVER = object()  # the key of a layer never painted (differs from every real key)
# A layer's painter; one that neither restores nor reaches past its area may return the rects
# it changed as a list (only those count as painted); anything else: all of its area.
LayerPainter = Callable[[pygame.Surface], "list[pygame.Rect] | None"]
MAX_NOTED = 64  # damage rects kept before giving up on them (nobody asks: a demo's renderer)


def on_event(kind: str, sound: CueEntry = _UNSET) -> Callable[[F], F]:
    """Declare a RoomRenderer method as the animation of one event kind (stack the decorator
    for several kinds), with the sound timed to it."""
    def mark(handler: F) -> F:
        declared = getattr(handler, "animates", ())
        handler.animates = (*declared, (kind, sound))  # type: ignore[attr-defined]
        return handler
    return mark


def translator(prefix: str) -> Callable[..., str]:
    """A `t(key, **params)` for one room's strings (keys under `prefix`)."""
    def t(key: str, **params: Any) -> str:
        """Translate one of this room's strings."""
        return i18n.t(prefix + key, **params)
    return t


def viewer_seat(viewer: int | None) -> int | None:
    """The seat whose hidden things may be shown (views use -1 for a spectator: None)."""
    return viewer if isinstance(viewer, int) and viewer >= 0 else None


@dataclass(slots=True)
class Batch:
    """One `animate` call: the view before its events, where its tweens began, and notes its
    handlers leave for each other and for `animated`."""

    old: Any
    start: float
    moments: dict[str, float] = field(default_factory=dict)  # named times, e.g. "score"
    tally: Counter = field(default_factory=Counter)  # e.g. which die of a deck this roll is


@dataclass(slots=True)
class Layer:
    """A region of the board surface, repainted only when what it shows (its key) changes."""

    name: str
    area: pygame.Rect
    key: Callable[[], Hashable]
    paint: LayerPainter
    restore: bool = True  # put the static background back under `area` before painting
    clip: bool = False  # keep the painter inside `area`


class Layers:
    """The board's cached surface: a static background plus layers repainted when dirty."""

    def __init__(self, static: pygame.Surface) -> None:
        self.static = static
        self.surface = static.copy()
        self._layers: dict[str, Layer] = {}
        self._shown: dict[str, Hashable] = {}  # the key each region was last painted with
        self._marked: set[str] = set()
        self._pending: tuple[str, ...] = ()  # dirty at the last refresh, left for later
        self._unsure = False  # a refresh(0) left every layer to be looked at again
        self._painted: list[pygame.Rect] | None = None  # changed areas (None: everything)

    def add(self, name: str, area: pygame.Rect, key: Callable[[], Hashable],
            paint: LayerPainter, restore: bool = True,
            clip: bool = False) -> None:
        """Declare a layer; layers repaint in the order they were added."""
        if name in self._layers:
            raise ValueError(f"layer {name!r} declared twice")
        self._layers[name] = Layer(name, pygame.Rect(area), key, paint, restore, clip)

    def restore(self, area: pygame.Rect) -> None:
        """Put the static background back under one area of the surface (copied part by part
        on whole columns: most layers' areas start off one, damage.column_parts)."""
        blit_columns(self.surface, self.static, pygame.Rect(area))
        self._note(area)

    def _note(self, area: pygame.Rect) -> None:
        if self._painted is not None:
            self._painted.append(pygame.Rect(area))
            if len(self._painted) > MAX_NOTED:
                self._painted = None

    def take_painted(self) -> list[pygame.Rect] | None:
        """The areas of the surface changed since the last call (None: all of it)."""
        painted, self._painted = self._painted, []
        return painted

    def mark(self, *names: str) -> None:
        """Repaint these layers at the next refresh whatever their keys say."""
        unknown = set(names) - set(self._layers)
        if unknown:
            raise KeyError(f"no layer {sorted(unknown)}")
        self._marked.update(names)

    def invalidate(self) -> None:
        """Repaint every layer at the next refresh (a reset)."""
        self._shown.clear()

    def rebuild(self, static: pygame.Surface) -> None:
        """A new background (a new layout): every region is painted again over it."""
        self.static = static
        self.surface = static.copy()
        self._shown.clear()
        self._painted = None

    @property
    def pending(self) -> bool:
        """True if the last refresh left dirty layers for later (its limit was reached; after
        a limit of 0, until the next refresh looks)."""
        return bool(self._pending) or self._unsure

    def refresh(self, limit: int | None = None) -> int:
        """Repaint the dirty layers, at most `limit` of them (None: all); how many it painted.
        A limit of 0 (the frame of a move, with a budget) puts off even asking which layers are
        dirty, every key, to the next refresh: they are pending until then."""
        if limit == 0:
            self._unsure = bool(self._layers)
            return 0
        self._unsure = False
        due = []
        for layer in self._layers.values():
            key = layer.key()
            if layer.name in self._marked or self._shown.get(layer.name, _NEVER) != key:
                due.append((layer, key))
        painted = due if limit is None else due[:limit]
        for layer, key in painted:
            self.paint_region(layer.name, layer.area, key, layer.paint, layer.restore,
                              layer.clip)
        self._pending = tuple(layer.name for layer, _ in due[len(painted):])
        return len(painted)

    def paint_region(self, name: str, area: pygame.Rect, key: Hashable,
                     paint: LayerPainter, restore: bool = True,
                     clip: bool = False) -> None:
        """Paint a region now and remember its key: the step `refresh` takes for each dirty
        layer, open to regions that come and go with the layout (keyed by name likewise)."""
        if restore:
            self.restore(area)
        if not clip:  # the painter may reach past its area: the whole surface may have changed
            self._painted = None
        old_clip = self.surface.get_clip()
        if clip:
            self.surface.set_clip(area)
        changed = paint(self.surface)
        self.surface.set_clip(old_clip)
        if clip and not restore:  # painted over, not restored: the list it returned, or all
            for rect in changed if isinstance(changed, list) else [area]:
                self._note(pygame.Rect(rect).clip(area))
        self._shown[name] = key
        self._marked.discard(name)

    def shown_key(self, name: str) -> Hashable | None:
        """The key a region was last painted with (None if never); while its painter runs, the
        key of what is already on the surface, so the painter may add only what is new."""
        return self._shown.get(name)


class RoomRenderer:
    """Base of a room's board renderer: the BoardRenderer protocol over the timeline, layers,
    declared event handlers and targets (see the module docstring for how a room uses it)."""

    SOUNDS: ClassVar[Mapping[str, CueEntry]] = {}  # sounds of kinds no handler animates
    # Built per class from SOUNDS and the handlers' sounds; None when there is none, so that a
    # room without sounds does not look as if it offered any (SOUND_CUES is optional).
    SOUND_CUES: ClassVar[Mapping[str, CueEntry] | None] = None
    REPAINT_BUDGET: ClassVar[int | None] = None  # dirty layers repainted per frame (None: all)
    EVENT_HANDLERS: ClassVar[Mapping[str, Handler]] = MappingProxyType({})  # built per class
    # True: the room notes each pulsing rect it draws (damage.note_clock), so a frame whose
    # only change is the breathing redraws those rects alone, not the whole board.
    NOTES_CLOCK: ClassVar[bool] = False
    # True: a new view's targets are placed when first read (`targets()`, `_targets`), not in
    # `show`: bots alone never read them, so a bot's move places none (0.08-0.15 ms of a
    # landing frame in the panel rooms). Only for a room whose `place_targets` changes nothing
    # else its drawing reads (a panel noting its cards' rects as it lists their targets must
    # place them at once) and whose targets are read through `_targets` (not a split screen's
    # per-seat `seat_rects`).
    PLACES_LATE: ClassVar[bool] = False

    layers: Layers  # set by the room's __init__ once its static background is painted

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Collect the @on_event handlers and their sounds (a subclass may re-declare a kind)."""
        super().__init_subclass__(**kwargs)
        handlers: dict[str, Handler] = dict(cls.EVENT_HANDLERS)
        sounds: dict[str, CueEntry] = dict(cls.SOUND_CUES or {})
        own: set[str] = set()
        for value in vars(cls).values():
            for kind, sound in getattr(value, "animates", ()):
                if kind in own:
                    raise TypeError(f"{cls.__name__}: two handlers for event kind {kind!r}")
                own.add(kind)
                handlers[kind] = value
                sounds.pop(kind, None)
                if sound is not _UNSET:
                    sounds[kind] = sound
        unanimated = cls.__dict__.get("SOUNDS", {})
        both = set(handlers) & set(unanimated)
        if both:
            raise TypeError(f"{cls.__name__}: {sorted(both)} in SOUNDS have handlers: "
                            "give their sound to @on_event")
        sounds.update(unanimated)
        cls.EVENT_HANDLERS = MappingProxyType(handlers)
        cls.SOUND_CUES = MappingProxyType(sounds) if sounds else None

    def __init__(self, rules: Any, config: Config, seat_names: Sequence[str]) -> None:
        """Common state; the room then builds its layout, `self.layers` and its layers."""
        self.rules = rules
        self.players = config.players
        extra = range(len(seat_names), config.players)
        self.names = list(seat_names)[:config.players] + [f"P{i + 1}" for i in extra]
        self.timeline = Timeline()
        self.view: Any = None
        self.viewer: int | None = None
        self.holds: Counter = Counter()  # view keys the tweens hold back now
        self._time = 0.0
        self._targets_placed: dict[Target, pygame.Rect] = {}  # the view's targets, once placed
        self._targets_due = False  # a new view's targets are still to be placed (`_targets`)
        # Damage (see the module docstring): what changed since the shell last asked.
        self._damaged: list[pygame.Rect] | None = None  # None: everything
        self._clock_read = False  # the last draw read the clock (a pulse shows on it)
        self._pulses: set[tuple[int, int, int, int]] = set()  # where noted pulses reach
        self._tweens_drawn = False  # tweens were on the timeline at the last damage() call
        # (the layers' surface, whether it is opaque and covers the board): `opaque_board`
        self._opaque: tuple[pygame.Surface, bool] | None = None

    @property
    def time(self) -> float:
        """Free-running seconds, for breathing highlights (reading it while drawing tells the
        damage bookkeeping that the picture moves with the clock)."""
        self._clock_read = True
        return self._time

    @time.setter
    def time(self, value: float) -> None:
        self._time = value

    @property
    def _targets(self) -> dict[Target, pygame.Rect]:
        """The rect of every target of the current view, placed now if not yet (PLACES_LATE);
        read it, never change it."""
        if self._targets_due:
            self._targets_due = False
            self._targets_placed = self.place_targets(self.view)
        return self._targets_placed

    @_targets.setter
    def _targets(self, placed: dict[Target, pygame.Rect]) -> None:
        self._targets_due = False
        self._targets_placed = placed

    @property
    def clock(self) -> float:
        """The same seconds as `time`, read by a painter that notes where its pulse reaches
        itself (`note_pulse`): reading it leaves the rest of the board alone."""
        return self._time

    # == the BoardRenderer protocol ==============================================================
    def reset(self, view: Any, viewer: int | None) -> None:
        """Show this view now; any running animation is dropped."""
        self.timeline.clear()
        self.show(view, viewer)
        self.damage_rect()  # a jump (a start, an undo): everything may look different
        self.layers.invalidate()
        self.refresh()

    def animate(self, events: Sequence[Event], view: Any, viewer: int | None) -> None:
        """Queue each event's tweens after those already queued; the board ends on `view`."""
        batch = Batch(self.view, self.timeline.tail())
        self.show(view, viewer)
        at = batch.start
        for ev in events:
            handler = self.EVENT_HANDLERS.get(ev.kind)
            if handler is not None:
                at = handler(self, ev, at, batch)
        self.animated(batch, at)
        self.refresh(None if self.REPAINT_BUDGET is None else 0)

    def busy(self) -> bool:
        """True while tweens run or wait on the timeline."""
        return bool(self.timeline.tweens)  # (asked several times a frame)

    def at_rest(self) -> bool:
        """True if, nothing happening meanwhile, the next `update(dt)` would only move the clock
        (`_time += dt`) and the next `damage()` without a prompt would report []: the shell may
        then skip frames and give the clock their seconds later (game.ui.sleep). Asked after a
        frame's draw. A room whose `update`, `busy` or `damage` does more overrides this (and
        asks the kit's too); False when unsure."""
        layers = getattr(self, "layers", None)
        return (layers is not None and not self.timeline.tweens and not layers._pending
                and not layers._unsure and self._damaged == [] and layers._painted == []
                and not self._tweens_drawn)

    def update(self, dt: float) -> None:
        """Advance the timeline; repaint what finished, started or counts up meanwhile."""
        self._time += dt
        # (inline, every frame: an empty timeline has nothing to advance, and the layers'
        # `pending`, read as its two fields)
        layers = self.layers
        if ((self.timeline.tweens and self.timeline.advance(dt)) or layers._pending
                or layers._unsure):
            self.refresh(self.REPAINT_BUDGET)

    def targets(self) -> dict[Target, pygame.Rect]:
        """The rect of every target on screen (copies: the caller may change them)."""
        return {key: rect.copy() for key, rect in self._targets.items()}

    def draw(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None) -> None:
        """The cached layers, the option highlights, the running tweens, then the focus."""
        canvas.blit(self.layers.surface, BOARD_RECT)
        if self.view is None:
            return
        self.draw_options(canvas, focus, prompt)
        self.timeline.paint(canvas, reach=self.tween_reach())
        self.draw_focus(canvas, focus, prompt)

    def tween_reach(self) -> Mapping[Any, pygame.Rect] | None:
        """Where the running tweens paint now, for those known (by tween; a PanelRoom knows):
        a redraw pass skips the tweens outside its clip. None: every tween is painted."""
        return None

    def opaque_board(self) -> bool:
        """True if `draw` (and `draw_seats`) covers the whole BOARD_RECT with opaque pixels
        first, as the kit's do with the cached layers (a surface without alpha as large as the
        board): the shell then lays no background fill under the board. A room whose own
        `draw` does not start with that blit overrides this to return False."""
        layers = getattr(self, "layers", None)
        if layers is None:
            return False  # a room still building its layout
        surface = layers.surface
        memo = self._opaque
        if memo is None or memo[0] is not surface:  # asked every frame: once per surface
            memo = self._opaque = surface, (
                not surface.get_flags() & pygame.SRCALPHA and surface.get_alpha() is None
                and surface.get_colorkey() is None and surface.get_width() >= BOARD_RECT.w
                and surface.get_height() >= BOARD_RECT.h)
        return memo[1]

    # == damage: what the next frame must redraw ================================================
    def damage(self, prompted: bool = True) -> list[pygame.Rect] | None:
        """Canvas rects the next draw may paint differently from the last (None: can't tell,
        redraw everything); consumes what was reported. `prompted`: the last draw was given a
        prompt or a focus (without one, a pulse read shows nothing)."""
        damaged, self._damaged = self._damaged, []
        if not hasattr(self, "layers"):
            self.damaged_whole()
            return None  # a room still building its layout
        layers = self.layers
        painted, layers._painted = layers._painted, []  # `take_painted`, inline (every frame)
        clock_read, self._clock_read = self._clock_read, False
        pulses = self._pulses
        if pulses:  # (none noted, the usual bots' frame: the set is kept, not made anew)
            self._pulses = set()
        running = bool(self.timeline.tweens)
        tweens, self._tweens_drawn = self._tweens_drawn, running
        if damaged is None:
            self.damaged_whole()
            return None
        if painted is None:  # the whole layer surface: the board
            painted = [self.layers.surface.get_rect()]
        if painted:
            damaged += [area.move(BOARD_RECT.topleft) for area in painted]
        if tweens or running:  # running, or the last one's pixels must go
            damaged += self.tween_damage()
        if prompted:  # without a prompt nothing breathes (a pulse read shows nothing)
            if pulses:
                damaged += [pygame.Rect(rect) for rect in pulses]
            if clock_read and not self.NOTES_CLOCK:
                damaged.append(BOARD_RECT.copy())
        return damaged

    def damaged_whole(self) -> None:
        """Called when `damage` reports everything (the whole frame is redrawn): a hook for
        what a room notes of such a frame (a PanelRoom: where its tweens are drawn)."""

    def note_pulse(self, rect: pygame.Rect) -> None:
        """A picture this draw paints breathing with the clock reaches `rect` (canvas
        coordinates): the next frame redraws it while a prompt shows."""
        self._pulses.add(tuple(rect))  # type: ignore[arg-type]

    def damage_rect(self, rect: pygame.Rect | None = None) -> None:
        """Report a canvas rect whose pixels changed (None: everything) for the next frame."""
        if rect is None:
            self._damaged = None
        elif self._damaged is not None:
            self._damaged.append(pygame.Rect(rect))
            if len(self._damaged) > MAX_NOTED:
                self._damaged = None

    def whole_board_due(self) -> bool:
        """True while the next frame redraws the whole board anyway (after a reset, until the
        shell asks what changed): work done now costs no frame of its own."""
        return self._damaged is None

    def tween_damage(self) -> list[pygame.Rect]:
        """Where the running tweens paint (and painted last frame): the whole board, unless a
        room knows better."""
        return [BOARD_RECT.copy()]

    # == what a room may override ================================================================
    def show(self, view: Any, viewer: int | None) -> None:
        """Take a new view (before its events are animated) and place its targets."""
        self.view, self.viewer = view, viewer_seat(viewer)
        if self.PLACES_LATE:
            self._targets_due = True  # placed when first read
        else:
            self._targets = self.place_targets(view)
        changed = self.view_damage()
        for rect in changed if changed is not None else [None]:
            self.damage_rect(rect)

    def view_damage(self) -> list[pygame.Rect] | None:
        """Canvas rects a new view may change outside the layers (which report their own
        repaints) and the tweens: what the per-frame drawing shows of the view (None: can't
        tell, everything)."""
        return None

    def place_targets(self, view: Any) -> dict[Target, pygame.Rect]:
        """The screen rect of every target this view shows."""
        return {}

    def animated(self, batch: Batch, end: float) -> None:
        """After the last handler of a batch (`end`: where its tweens stop)."""

    def refresh(self, limit: int | None = None) -> None:
        """Recompute what the tweens hold back, then repaint the dirty layers."""
        self.holds = self.timeline.holds()
        if self.view is not None:
            self.layers.refresh(limit)

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """Per frame, under the tweens: highlight the prompt's options."""

    def draw_focus(self, canvas: pygame.Surface, focus: Target | None,
                   prompt: Prompt | None) -> None:
        """Per frame, over the tweens: the focused target's ring or tooltip."""

    def pulse(self) -> float:
        """0..1, breathing with time: option highlights catch the eye."""
        return pulse(self.time)  # reading `time` notes the clock for the damage
