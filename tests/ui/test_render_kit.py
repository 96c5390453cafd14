"""The renderer kit: declared event dispatch and sounds, dirty layers over one cached surface,
and the BoardRenderer semantics a room gets from RoomRenderer (busy, reset, holds, drawing)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pygame
import pytest
import pytweening

from game.engine.core import Config, event
from game.ui import i18n
from game.ui.audio import Cue, EventSound
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from game.ui.render_kit import Batch, Layers, RoomRenderer, on_event, translator, viewer_seat

WHITE, RED, GREEN = (255, 255, 255), (200, 30, 30), (30, 200, 30)
CHIME = EventSound((Cue("chime"),), 0.5)


@dataclass(frozen=True)
class Count:
    """A tiny view: one number shown in one layer."""

    value: int
    players: int = 2


class NumberRoom(RoomRenderer):
    """A room showing one number; a "bump" event flies a marker and holds the new number."""

    SOUNDS: ClassVar[dict] = {"passed": None}

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(None, config or Config(2), ["Ana"])
        static = pygame.Surface(BOARD_RECT.size)
        static.fill(WHITE)
        self.layers = Layers(static)
        self.area = pygame.Rect(10, 10, 100, 40)
        self.painted: list[int] = []
        self.calls: list[str] = []
        self.layers.add("number", self.area, self._shown, self._paint)

    def _shown(self) -> int:
        return self.view.value - self.holds["bump"]

    def _paint(self, surface: pygame.Surface) -> None:
        self.painted.append(self._shown())
        surface.fill(RED, self.area.inflate(-20, -20))

    def place_targets(self, view: Count) -> dict:
        return {("number",): self.area}

    @on_event("bump", sound=CHIME)
    def _bump(self, ev, at: float, batch: Batch) -> float:
        self.calls.append(f"bump from {batch.old.value if batch.old else None} at {at}")
        self.timeline.add(at, 1.0, None, pytweening.linear, ("bump",))
        return at + 1.0

    @on_event("nudge", sound=None)
    @on_event("poke")
    def _nudge(self, ev, at: float, batch: Batch) -> float:
        batch.tally[ev.kind] += 1
        self.calls.append(f"{ev.kind} {batch.tally[ev.kind]} at {at}")
        return at + 0.25

    def animated(self, batch: Batch, end: float) -> None:
        self.calls.append(f"animated from {batch.start} to {end}")

    def draw_options(self, canvas, focus, prompt) -> None:
        self.calls.append("options")

    def draw_focus(self, canvas, focus, prompt) -> None:
        self.calls.append("focus")


def test_events_go_to_their_declared_handlers_one_after_another():
    room = NumberRoom()
    room.reset(Count(1), 0)
    room.animate([event("poke"), event("bump"), event("unknown"), event("nudge"),
                  event("poke")], Count(2), 0)
    assert room.calls == ["poke 1 at 0.0", "bump from 1 at 0.25", "nudge 1 at 1.25",
                          "poke 2 at 1.5", "animated from 0.0 to 1.75"]
    room.calls.clear()
    room.animate([event("poke")], Count(3), 0)  # queued after what is still running
    assert room.calls == ["poke 1 at 1.25", "animated from 1.25 to 1.5"]


def test_handlers_and_sounds_are_collected_at_class_creation():
    assert set(NumberRoom.EVENT_HANDLERS) == {"bump", "nudge", "poke"}
    assert dict(NumberRoom.SOUND_CUES) == {"bump": CHIME, "nudge": None, "passed": None}
    assert "poke" not in NumberRoom.SOUND_CUES  # no sound given: the shared defaults apply

    class Louder(NumberRoom):
        @on_event("poke", sound="tick")
        def _poke(self, ev, at, batch):
            return at

    assert Louder.EVENT_HANDLERS["poke"] is Louder._poke
    assert Louder.EVENT_HANDLERS["nudge"] is NumberRoom._nudge  # inherited
    assert Louder.SOUND_CUES["poke"] == "tick" and Louder.SOUND_CUES["bump"] == CHIME

    class Quiet(RoomRenderer):
        @on_event("poke")
        def _poke(self, ev, at, batch):
            return at

    assert Quiet.SOUND_CUES is None  # no sounds: the room offers no sound table at all


def test_two_handlers_for_one_kind_or_a_handled_kind_in_sounds_are_refused():
    with pytest.raises(TypeError, match="two handlers"):
        class Twice(RoomRenderer):
            @on_event("bump")
            def _a(self, ev, at, batch):
                return at

            @on_event("bump")
            def _b(self, ev, at, batch):
                return at

    with pytest.raises(TypeError, match="give their sound to @on_event"):
        class Both(RoomRenderer):
            SOUNDS: ClassVar[dict] = {"bump": None}

            @on_event("bump")
            def _a(self, ev, at, batch):
                return at

    with pytest.raises(TypeError, match="give their sound to @on_event"):
        class Inherited(NumberRoom):
            SOUNDS: ClassVar[dict] = {"poke": "tick"}  # poke is animated by NumberRoom


def test_busy_until_the_tweens_end_and_reset_drops_them():
    room = NumberRoom()
    room.reset(Count(1), 0)
    assert not room.busy()
    room.animate([event("bump")], Count(2), 0)
    assert room.busy()
    room.update(0.5)
    assert room.busy()
    room.update(0.6)
    assert not room.busy()
    room.animate([event("bump")], Count(3), 0)
    room.reset(Count(3), 0)  # undo, load or resize mid-animation
    assert not room.busy() and room.holds == {}


def test_a_layer_shows_the_view_minus_the_holds_and_repaints_only_on_change():
    room = NumberRoom()
    room.reset(Count(1), 0)
    assert room.painted == [1]
    room.animate([event("bump")], Count(2), 0)
    assert room.painted == [1]  # the new number is held back while the bump runs
    for _ in range(5):
        room.update(0.1)
    assert room.painted == [1]  # nothing the layer shows changed: no repaint
    room.update(1.0)
    assert room.painted == [1, 2]
    room.reset(Count(2), 0)
    assert room.painted == [1, 2, 2]  # a reset repaints every layer


def test_draw_blits_the_layers_then_options_tweens_and_focus_in_that_order():
    room = NumberRoom()
    canvas = pygame.Surface(CANVAS_SIZE)
    room.draw(canvas, None, None)
    assert room.calls == []  # no view yet: only the background
    room.reset(Count(1), 0)
    room.timeline.add(0.0, 1.0, lambda c, p: room.calls.append("tween"))
    room.draw(canvas, None, None)
    assert room.calls == ["options", "tween", "focus"]
    assert canvas.get_at(room.area.center)[:3] == RED
    assert canvas.get_at((500, 500))[:3] == WHITE


def test_targets_are_copies_placed_for_each_view():
    room = NumberRoom()
    room.reset(Count(1), 0)
    targets = room.targets()
    targets[("number",)].move_ip(50, 50)
    assert room.targets() == {("number",): room.area}


class LateRoom(NumberRoom):
    """A room that places its targets when first read; its target follows the number."""

    PLACES_LATE = True

    def place_targets(self, view: Count) -> dict:
        self.calls.append(f"placed {view.value}")
        return {("number", view.value): self.area.move(view.value, 0)}


def test_a_room_that_places_late_places_a_view_s_targets_only_when_they_are_read():
    """PLACES_LATE: a move nobody looks at places nothing; a read places the newest view's
    targets once, the same as placing them in `show`."""
    room = LateRoom()
    room.reset(Count(1), 0)
    room.animate([event("bump")], Count(2), 0)
    room.animate([event("bump")], Count(3), 0)
    assert not [call for call in room.calls if call.startswith("placed")]
    assert room.targets() == {("number", 3): room.area.move(3, 0)}
    assert [call for call in room.calls if call.startswith("placed")] == ["placed 3"]
    room.show(Count(4), 0)
    assert room.targets() == {("number", 4): room.area.move(4, 0)}
    eager = NumberRoom()
    eager.reset(Count(4), 0)
    eager.calls.clear()
    eager.animate([event("bump")], Count(5), 0)
    assert eager.targets() == {("number",): eager.area}  # placed in `show` (the default)


def test_viewers_and_names():
    assert viewer_seat(-1) is None and viewer_seat(None) is None and viewer_seat(2) == 2
    room = NumberRoom(Config(3))
    assert room.names == ["Ana", "P2", "P3"]
    room.reset(Count(1), -1)
    assert room.viewer is None


def test_translator_prefixes_the_room_key(monkeypatch):
    monkeypatch.setattr(i18n, "t", lambda key, **params: f"{key}{params}")
    t = translator("room.scene.")
    assert t("deck", count=3) == "room.scene.deck{'count': 3}"


class Slow(NumberRoom):
    """Costly layers: animate notes what changed, update repaints one layer a frame."""

    REPAINT_BUDGET = 1

    def __init__(self) -> None:
        super().__init__()
        self.other = pygame.Rect(200, 10, 50, 50)
        self.layers.add("twice", self.other, lambda: self.view.value * 2,
                        lambda surface: self.painted.append(-self.view.value))


def test_a_repaint_budget_spreads_dirty_layers_over_frames():
    room = Slow()
    room.reset(Count(1), 0)
    assert room.painted == [1, -1]  # a reset repaints at once
    room.animate([], Count(5), 0)
    assert room.painted == [1, -1] and room.layers.pending
    room.update(1 / 60)
    assert room.painted == [1, -1, 5] and room.layers.pending
    room.update(1 / 60)
    assert room.painted == [1, -1, 5, -5] and not room.layers.pending


# == Layers on their own ==========================================================================
def layers_with(*names: str) -> tuple[Layers, dict, list]:
    static = pygame.Surface((100, 100))
    static.fill(WHITE)
    layers = Layers(static)
    keys = dict.fromkeys(names, 0)
    painted: list[str] = []
    for k, name in enumerate(names):
        area = pygame.Rect(k * 30, 0, 30, 30)

        def paint(surface, name=name, area=area):
            painted.append(name)
            surface.fill(GREEN, area.inflate(10, 10))  # spills over its area

        layers.add(name, area, lambda name=name: keys[name], paint)
    return layers, keys, painted


def test_layers_repaint_when_their_key_changes_or_they_are_marked():
    layers, keys, painted = layers_with("a", "b")
    layers.refresh()
    assert painted == ["a", "b"]
    layers.refresh()
    assert painted == ["a", "b"]
    keys["b"] = 1
    layers.refresh()
    assert painted == ["a", "b", "b"] and layers.shown_key("b") == 1
    layers.mark("a")
    layers.refresh()
    assert painted[-1] == "a"
    layers.invalidate()
    layers.refresh()
    assert painted[-2:] == ["a", "b"]
    with pytest.raises(KeyError):
        layers.mark("nope")
    with pytest.raises(ValueError):
        layers.add("a", pygame.Rect(0, 0, 1, 1), lambda: 0, lambda s: None)


def test_a_layer_starts_from_the_static_background_under_its_area():
    static = pygame.Surface((100, 100))
    static.fill(WHITE)
    layers = Layers(static)
    area = pygame.Rect(0, 0, 30, 30)
    layers.add("dot", area, lambda: 0, lambda s: s.fill(GREEN, pygame.Rect(0, 0, 5, 5)))
    layers.surface.fill(RED)
    layers.refresh()
    assert layers.surface.get_at((2, 2))[:3] == GREEN
    assert layers.surface.get_at((20, 20))[:3] == WHITE  # restored under the area
    assert layers.surface.get_at((50, 50))[:3] == RED  # the rest of the surface untouched
    layers.restore(pygame.Rect(40, 40, 20, 20))
    assert layers.surface.get_at((50, 50))[:3] == WHITE


def test_clip_keeps_a_painter_inside_its_area_and_restore_can_be_skipped():
    static = pygame.Surface((100, 100))
    static.fill(WHITE)
    layers = Layers(static)
    area = pygame.Rect(0, 0, 30, 30)
    layers.surface.fill(RED)
    layers.add("a", area, lambda: 0, lambda s: s.fill(GREEN, area.inflate(20, 20)), restore=False,
               clip=True)
    layers.refresh()
    assert layers.surface.get_at((5, 5))[:3] == GREEN
    assert layers.surface.get_at((35, 5))[:3] == RED  # clipped, and nothing restored
    assert layers.surface.get_clip() == layers.surface.get_rect()


def test_a_layer_that_does_not_restore_reports_only_the_rects_its_painter_returns():
    layers = Layers(pygame.Surface((100, 100)))
    area, part = pygame.Rect(0, 0, 60, 60), pygame.Rect(10, 10, 20, 20)
    layers.take_painted()
    layers.paint_region("a", area, 1, lambda s: [s.fill(GREEN, part)], restore=False, clip=True)
    assert layers.take_painted() == [part]  # not the whole area
    layers.paint_region("a", area, 2, lambda s: None, restore=False, clip=True)
    assert layers.take_painted() == [area]  # a painter that says nothing: all of it
    layers.paint_region("a", area, 3, lambda s: [part], restore=True, clip=True)
    assert layers.take_painted() == [area]  # restored: all of it whatever it says


def test_a_limit_of_zero_asks_no_key_and_leaves_every_layer_to_the_next_refresh():
    """The frame of a move (a budget's refresh(0)) asks no layer's key: all are pending until
    the next refresh looks, which paints those that changed (here none) and clears it."""
    static = pygame.Surface((100, 100))
    layers, asked = Layers(static), []
    for name in ("a", "b"):
        layers.add(name, pygame.Rect(0, 0, 10, 10), lambda name=name: asked.append(name) or 1,
                   lambda s: None)
    layers.refresh()
    asked.clear()
    assert layers.refresh(limit=0) == 0 and asked == [] and layers.pending
    assert layers.refresh(limit=1) == 0 and asked == ["a", "b"] and not layers.pending


def test_a_limit_leaves_dirty_layers_pending_and_rebuild_repaints_all():
    layers, _, painted = layers_with("a", "b", "c")
    layers.refresh(limit=1)
    assert painted == ["a"] and layers.pending
    layers.refresh(limit=0)
    assert painted == ["a"] and layers.pending
    layers.refresh()
    assert painted == ["a", "b", "c"] and not layers.pending
    new = pygame.Surface((100, 100))
    new.fill(RED)
    layers.rebuild(new)
    assert layers.surface.get_at((90, 90))[:3] == RED
    layers.refresh()
    assert painted[3:] == ["a", "b", "c"]


def test_a_painter_sees_the_key_of_what_is_already_on_the_surface():
    layers = Layers(pygame.Surface((50, 50)))
    seen: list = []
    area = pygame.Rect(0, 0, 10, 10)
    for key in ((1,), (1, 2), (1, 2, 3)):
        layers.paint_region("strokes", area, key, lambda s: seen.append(layers.shown_key("strokes")),
                            restore=False)
    assert seen == [None, (1,), (1, 2)] and layers.shown_key("strokes") == (1, 2, 3)


def test_opaque_board_follows_a_rebuilt_surface():
    """`opaque_board` is worked out once per layer surface (the shell asks every frame): a
    rebuild onto a background with alpha, or one smaller than the board, is seen at once."""
    room = NumberRoom()
    assert room.opaque_board() and room.opaque_board()
    room.layers.rebuild(pygame.Surface(BOARD_RECT.size, pygame.SRCALPHA))
    assert not room.opaque_board()
    room.layers.rebuild(pygame.Surface(BOARD_RECT.size))
    assert room.opaque_board()
    room.layers.rebuild(pygame.Surface((BOARD_RECT.w - 1, BOARD_RECT.h)))
    assert not room.opaque_board()
