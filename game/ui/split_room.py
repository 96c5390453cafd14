"""The split-screen layer: one sheet (map, score zone, prompt strip) per seat, everyone at once.

A game where everyone decides at the same time and nothing is secret (Next Station, Explore New
York) draws one map per seat; the shell keeps a cursor per human seat and calls the
`SplitRenderer` methods of game/ui/board_api.py instead of `targets`/`draw`. What those methods
do is the same in every such room, so it lives here once:

- `SeatArea`: where one seat's sheet lies: its whole area, its map, its score zone, the strip
  where the shell draws that seat's prompt (`seat_bar`), how many columns its score zone has,
  and whether it is a bot's compact sheet (`mini`). A room's layout maps seat -> SeatArea.
- `SplitScreen`, a mixin put before `RoomRenderer` (or `PanelRoom`) in a room's bases, gives
  `seat_targets`, `targets` (the first human seat's), `seat_bar`, `seat_busy` (a shared tween,
  seat None, or that seat's own: tweens queued with `seat=`), and `draw` -> `draw_seats`: the
  cached layers, `draw_table(canvas)` (shared per-frame drawing, default none), then per seat
  with a prompt `draw_seat(canvas, seat, prompt, focus)` (its highlights on its own map), then
  the running tweens. The shell draws the cursors itself, so no focus ring is drawn here.
  `seat_damage(seat)` says where `draw_seat` paints for that seat: a change of one person's
  prompt or focus redraws only that (game/scenes/game_damage.py), and a redraw pass skips the
  seats it does not reach.
  The room provides `self.layout.seats` (seat -> SeatArea; or overrides `seat_areas`),
  `self.humans` (set by its `set_humans`) and fills `self.seat_rects` (seat -> its targets;
  read-only dicts, the shell asks several times a frame) whenever its targets change.
- `SplitRoom`, the same on the panel kit (game.ui.panels): per-seat panels are `SeatPanel`s
  (a `seat` each, one instance per seat of a class, distinct names such as f"map{seat}").
  `place_targets` gives each seat its own panels' targets plus the shared panels' (seat None),
  `draw_seat` calls that seat's panels' `draw_options(canvas, focus, prompt, options)`, and an
  event handler declared on a SeatPanel class runs on the panel of the event's seat
  (`ev.player`). Modal panels are not part of split screen (nobody may hide another's map).

A room on the panel kit:

    class MyRenderer(SplitRoom):
        PANELS = (MapPanel, ScorePanel, CardsPanel)

        def set_humans(self, humans):
            self.humans = tuple(humans)
            self.layout = my_layout(self.players, self.humans)   # .seats: seat -> SeatArea
            maps = [MapPanel(self, area) for area in self.layout.seats.values()]
            self.mount(self.layout, *maps, CardsPanel(self, self.layout["cards"]))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.core import Event, Prompt, Target

from .board_api import BOARD_RECT
from .panels import Panel, PanelRoom, RectLike

NO_STRIP = pygame.Rect(0, 936, 600, 56)  # the strip of a seat the layout has no sheet for


@dataclass(slots=True)
class SeatArea:
    """Where one seat's sheet lives on screen."""

    seat: int
    area: pygame.Rect  # the whole sheet
    map: pygame.Rect
    score: pygame.Rect  # its score zone
    strip: pygame.Rect  # where the shell draws its prompt and buttons
    columns: int = 1  # the score zone's rows side by side
    mini: bool = False  # a bot's compact sheet (small map, a few numbers, no highlights)


class SplitScreen:
    """The SplitRenderer calls over a layout of SeatAreas (a mixin before RoomRenderer)."""

    humans: tuple[int, ...] = ()
    seat_rects: dict[int, dict[Target, pygame.Rect]]
    layout: Any
    timeline: Any
    view: Any
    layers: Any
    tween_reach: Callable[[], Mapping[Any, pygame.Rect] | None]  # RoomRenderer's

    @property
    def seat_areas(self) -> Mapping[int, SeatArea]:
        """Seat -> its sheet (the layout's)."""
        return self.layout.seats

    def seat_targets(self, seat: int) -> dict[Target, pygame.Rect]:
        """The targets on that seat's own sheet (read them, never change them)."""
        return self.seat_rects.get(seat, {})

    def targets(self) -> dict[Target, pygame.Rect]:
        """The first human seat's targets (the single-prompt view of the contract; copies)."""
        own = self.seat_targets(self.humans[0] if self.humans else 0)
        return {key: rect.copy() for key, rect in own.items()}

    def seat_bar(self, seat: int) -> pygame.Rect:
        """The strip of the seat's sheet where the shell draws its prompt."""
        area = self.seat_areas.get(seat)
        return area.strip.copy() if area else NO_STRIP.copy()

    def seat_busy(self, seat: int) -> bool:
        """True while a shared animation or this seat's own one runs."""
        return self.timeline.watched_by(seat)

    def draw(self, canvas: pygame.Surface, focus: Target | None, prompt: Prompt | None) -> None:
        """The single-prompt form of `draw_seats`."""
        prompts = {prompt.player: prompt} if prompt is not None else {}
        self.draw_seats(canvas, {p: focus for p in prompts}, prompts)

    def draw_seats(self, canvas: pygame.Surface, focus_by_seat: dict[int, Target | None],
                   prompts: dict[int, Prompt]) -> None:
        """Every sheet; each prompted seat's highlights on its own map; the running tweens."""
        self.draw_layers(canvas)
        if self.view is None:
            return
        self.draw_table(canvas)
        clip = canvas.get_clip()
        for seat, prompt in prompts.items():
            if seat in self.seat_areas and self._seat_in(seat, clip):
                self.draw_seat(canvas, seat, prompt, focus_by_seat.get(seat))
        # every seat's tweens, each on its own sheet (those outside this pass's clip skipped)
        self.timeline.paint(canvas, reach=self.tween_reach())

    def draw_layers(self, canvas: pygame.Surface) -> None:
        """The cached layers, under everything drawn per frame (a room may leave out a part
        that a tween paints over wholly this frame)."""
        canvas.blit(self.layers.surface, BOARD_RECT)

    def _seat_in(self, seat: int, clip: pygame.Rect) -> bool:
        """True if `draw_seat` may paint inside `clip` (a frame redrawing other parts of the
        canvas skips the seat: its highlights breathing are redrawn with their own rects)."""
        reach = self.seat_damage(seat)
        return reach is None or clip.collidelist(reach) >= 0

    def seat_damage(self, seat: int) -> list[pygame.Rect] | None:
        """Canvas rects a change of this seat's prompt or focus may repaint in `draw_seat`
        (the shell redraws them then, not the whole frame); None: can't tell."""
        return None

    def draw_table(self, canvas: pygame.Surface) -> None:
        """Per frame, under the seats' highlights: what every seat sees (default: nothing)."""

    def draw_seat(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                  focus: Target | None) -> None:
        """Per frame, under the tweens: one seat's options and focus on its own sheet."""


class SeatPanel(Panel):
    """A panel of one seat's sheet (a map, a score zone): one instance per seat."""

    def __init__(self, room: PanelRoom, rect: RectLike, seat: int,
                 name: str | None = None) -> None:
        """The panel of `seat` at `rect`; name it per seat (e.g. f"map{seat}")."""
        super().__init__(room, rect, name)
        self.seat = seat


class SplitRoom(SplitScreen, PanelRoom):
    """A PanelRoom with one sheet per seat (see the module docstring)."""

    def __init__(self, rules: Any, config: Any, seat_names: Any) -> None:
        """Common state; `set_humans` then lays the sheets out and mounts the panels."""
        super().__init__(rules, config, seat_names)
        self.seat_rects = {}
        # (the mounted panels, seat -> `seat_damage`): worked out again on a new mount
        self._seat_reach: tuple[dict[str, Panel], dict[int, list[pygame.Rect]]] | None = None

    def panel_for(self, panel_cls: type[Panel], ev: Event) -> Panel:
        """A SeatPanel class's reaction runs on the panel of the event's seat."""
        if not issubclass(panel_cls, SeatPanel):
            return super().panel_for(panel_cls, ev)
        for panel in self.panels.values():
            if type(panel) is panel_cls and panel.seat == ev.player:  # type: ignore[attr-defined]
                return panel
        raise LookupError(f"{type(self).__name__}: no {panel_cls.__name__} of seat {ev.player}")

    def seat_panels(self, seat: int | None) -> list[Panel]:
        """The panels of one seat's sheet (None: the shared ones), in mount order."""
        return [p for p in self.panels.values() if getattr(p, "seat", None) == seat]

    def place_targets(self, view: Any) -> dict[Target, pygame.Rect]:
        """Each seat's own panels' targets and the shared ones; the first human seat's."""
        shared: dict[Target, pygame.Rect] = {}
        for panel in self.seat_panels(None):
            shared.update(panel.targets(view))
        self.seat_rects = {}
        for seat in self.seat_areas:
            own: dict[Target, pygame.Rect] = {}
            for panel in self.seat_panels(seat):
                own.update(panel.targets(view))
            self.seat_rects[seat] = {**own, **shared} if shared else own
        return self.seat_targets(self.humans[0] if self.humans else 0)

    def seat_damage(self, seat: int) -> list[pygame.Rect]:
        """Where `draw_seat` draws: the seat's panels, each grown by the reach of its
        highlights (`Panel.PULSE_REACH`); the shared panels too when the room draws a seat's
        options beyond its sheet (its own `draw_seat`, e.g. the cards a seat may discard).
        Read the list, never change it."""
        memo = self._seat_reach
        if memo is None or memo[0] is not self.panels:
            memo = self._seat_reach = self.panels, {}
        reach = memo[1].get(seat)
        if reach is None:
            reach = memo[1][seat] = self._panels_reach(seat)
        return reach

    def _panels_reach(self, seat: int) -> list[pygame.Rect]:
        if seat not in self.seat_areas:
            return []  # no sheet: nothing of it is drawn
        panels = self.seat_panels(seat)
        if type(self).draw_seat is not SplitRoom.draw_seat:
            panels += self.seat_panels(None)
        return [p.rect.inflate(2 * p.PULSE_REACH, 2 * p.PULSE_REACH) for p in panels]

    def draw_seat(self, canvas: pygame.Surface, seat: int, prompt: Prompt,
                  focus: Target | None) -> None:
        """The seat's panels highlight its options on its own sheet."""
        options = {o.target for o in prompt.options if o.target is not None}
        for panel in self.seat_panels(seat):
            panel.draw_options(canvas, focus, prompt, options)
