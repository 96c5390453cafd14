"""The panel kit (game/ui/panels.py): layouts, cached panel layers, targets, modal panels, event
reactions declared on panels with their sounds, and the damage a repaint reports."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import dataclass
from types import MappingProxyType

import pygame
import pytest
import pytweening

from game.engine.core import Config, Option, Prompt, event
from game.ui import paint
from game.ui.board_api import BOARD_RECT
from game.ui.damage import canvas_class, merge
from game.ui.paint import Plate, draw_label, fly
from game.ui.panels import Layout, Panel, PanelRoom, fly_area, focus_ring, label_area
from game.ui.render_kit import on_event


@dataclass(frozen=True)
class View:
    """A tiny game's view: a counter and whether a choice is up."""

    count: int = 0
    choosing: bool = False


class CounterPanel(Panel):
    """Shows the view's count as that many white bars; its button is a target."""

    def __init__(self, room, rect):
        super().__init__(room, rect, "counter")
        self.paints = 0
        self.button = pygame.Rect(self.rect.x + 10, self.rect.y + 10, 40, 40)

    def paint_static(self, surface):
        pygame.draw.rect(surface, (0, 0, 90), self.rect)

    def key(self):
        return self.view.count - self.holds[("count",)]

    def paint(self, surface):
        self.paints += 1
        for i in range(self.key()):
            pygame.draw.rect(surface, (255, 255, 255), (self.rect.x + 4 + 8 * i, self.rect.y + 60,
                                                        4, 20))

    def targets(self, view):
        return {("button",): self.button}

    def draw_options(self, canvas, focus, prompt, options):
        if ("button",) in options:
            pygame.draw.rect(canvas, (0, 255, 0), self.button, 2)

    @on_event("counted", sound="swish")
    def _counted(self, ev, at, batch):
        self.timeline.add(at, 0.5, None, holds=(("count",),))
        return at + 0.5


class ChoicePanel(Panel):
    """A modal choice over the counter while the view says so."""

    LAYERED = False

    def modal(self):
        return bool(self.view and self.view.choosing)

    def targets(self, view):
        if not view.choosing:
            return {}
        return {("pick",): pygame.Rect(self.rect.x + 100, self.rect.y + 100, 50, 50)}


class Room(PanelRoom):
    PANELS = (CounterPanel,)
    SOUNDS = MappingProxyType({"quiet": None})

    def __init__(self):
        super().__init__(None, Config(2), ("A", "B"))
        layout = Layout(counter=(0, 0, 400, 300), log=(0, 300, 400, 100),
                        choice=(0, 0, 400, 300))
        self.counter = CounterPanel(self, layout["counter"])
        self.mount(layout, self.counter, Panel(self, layout["log"], "log"),
                   ChoicePanel(self, layout["choice"], "choice"))


def prompt_for(*targets) -> Prompt:
    return Prompt(0, "pick", "msg", tuple(Option(t, t, "label") for t in targets))


def test_a_layout_names_rects_inside_the_board_and_refuses_one_outside():
    layout = Layout(board=(0, 0, 100, 100), log=pygame.Rect(100, 0, 50, 50))
    assert list(layout) == ["board", "log"] and layout["log"] == pygame.Rect(100, 0, 50, 50)
    layout["board"].x = 99  # a copy: the layout stays as declared
    assert layout["board"].x == 0
    with pytest.raises(ValueError, match="leaves the board"):
        Layout(wide=(0, 0, BOARD_RECT.w + 1, 10))


def test_layered_panels_may_not_overlap_but_a_modal_overlay_may():
    room = Room()
    assert set(room.panels) == {"counter", "log", "choice"}

    class Clash(PanelRoom):
        def __init__(self):
            super().__init__(None, Config(2), ("A", "B"))
            layout = Layout(a=(0, 0, 100, 100), b=(50, 50, 100, 100))
            self.mount(layout, Panel(self, layout["a"], "a"), Panel(self, layout["b"], "b"))

    with pytest.raises(ValueError, match="overlap"):
        Clash()


def test_the_static_background_holds_each_panels_static_paint():
    room = Room()
    assert room.layers.static.get_at((200, 150))[:3] == (0, 0, 90)
    assert room.layers.static.get_at((200, 350))[:3] != (0, 0, 90)


def test_a_panel_repaints_only_when_its_key_changes_and_reports_its_rect_damaged():
    room = Room()
    room.reset(View(3), 0)
    assert room.counter.paints == 1
    assert room.damage(False) is None  # a new view: the shell redraws everything
    room.update(0.1)
    assert room.counter.paints == 1 and room.damage(False) == []  # idle: nothing to redraw
    room.counter.damage(pygame.Rect(5, 5, 10, 10))
    assert room.damage(False) == [pygame.Rect(5, 5, 10, 10)]
    room.layers.mark("counter")
    room.refresh()
    assert room.counter.paints == 2
    assert room.damage(False) == [pygame.Rect(0, 0, 400, 300)]  # exactly its (clipped) rect


def test_a_tween_with_an_area_damages_that_area_while_it_runs_and_the_frame_after():
    room = Room()
    room.reset(View(3), 0)
    room.damage(False)
    sprite = pygame.Surface((20, 10))
    area = fly_area(sprite, (100, 100), (300, 100), arc=50)
    assert area.contains(pygame.Rect(90, 45, 220, 60))  # both ends and the top of the arc
    room.counter.tween(0, 0.2, fly(sprite, (100, 100), (300, 100)), area=area)
    room.update(0.1)
    assert room.damage(False) == [area]
    room.update(0.2)  # it ended: its last pixels must go
    assert room.damage(False) == [area]
    room.update(0.1)
    assert room.damage(False) == []
    room.timeline.add(room.timeline.clock, 0.2, lambda canvas, p: canvas.fill((9, 9, 9)))
    room.update(0.1)  # a painter queued with no area that does not say where it paints
    assert room.damage(False) == [BOARD_RECT]


def test_a_tween_whose_area_covers_its_last_one_is_not_damaged_again_the_frame_after():
    """`covers_last`: a path whose area already holds what it painted last frame (a sweep's
    changed strips) is reported where it paints now only; the others' areas come back the
    frame after, as ever."""
    room = Room()
    room.reset(View(3), 0)
    room.damage(False)
    strips = [pygame.Rect(100 + 40 * k, 100, 40, 40) for k in range(5)]

    def sweep(p: float) -> pygame.Rect:  # the strip changing at p
        return strips[min(4, int(p * 5))].copy()
    plain = pygame.Rect(600, 100, 30, 30)
    room.counter.tween(0, 0.5, lambda canvas, p: None, pytweening.linear, area=sweep,
                       covers_last=True)
    room.counter.tween(0, 0.3, lambda canvas, p: None, area=plain)
    room.update(0.05)
    assert room.damage(False) == [strips[0], plain]
    room.update(0.1)
    assert room.damage(False) == [strips[1], plain, plain]  # (not strips[0] again)
    room.update(0.2)  # the plain one ended: its last area once more
    assert room.damage(False) == [strips[3], plain]
    room.update(0.3)  # the sweep ended too: nothing of it again
    assert room.damage(False) == []


def test_a_moving_painter_damages_where_it_is_and_was_and_nothing_while_it_stands_still():
    """A `paint.Moving` queued without an area (a flight) reports its own rect frame by frame:
    where it was drawn last frame and where it is now, none while it stands still, and after a
    frame drawn whole the rect that frame drew it at."""
    room = Room()
    room.reset(View(3), 0)
    room.damage(False)
    sprite = pygame.Surface((20, 10))
    flight = fly(sprite, (100, 100), (300, 100), arc=0)
    room.counter.tween(0.1, 0.2, flight, pytweening.linear)
    room.update(0.05)
    assert room.damage(False) == []  # still waiting in the queue: paints nothing yet
    room.update(0.1)  # 0.15: a quarter of the way
    assert room.damage(False) == [pygame.Rect(140, 95, 20, 10)]
    room.update(0.05)
    assert sorted(map(tuple, room.damage(False))) == [(140, 95, 20, 10), (190, 95, 20, 10)]
    room.damage_rect()  # e.g. a resize: this frame is drawn whole, the sprite at 0.25 + ...
    room.update(0.05)
    assert room.damage(False) is None
    room.update(0.05)  # ... so the next frame erases it from where that frame drew it
    assert sorted(map(tuple, room.damage(False))) == [(240, 95, 20, 10), (290, 95, 20, 10)]
    room.update(0.1)  # ended: its last pixels go
    assert room.damage(False) == [pygame.Rect(290, 95, 20, 10)]
    room.update(0.1)
    assert room.damage(False) == []
    still = paint.delayed(fly(sprite, (100, 100), (300, 100), arc=0), 0.5, pytweening.linear)
    room.counter.tween(room.timeline.clock, 0.4, still, pytweening.linear)
    room.update(0.05)
    assert room.damage(False) == [pygame.Rect(90, 95, 20, 10)]  # it appears in its slot
    room.update(0.05)
    assert room.damage(False) == []  # it waits there: the same rect, the same pixels


class Marker(paint.Moving):
    """A moving painter that counts its paints: a red block sliding 400 px to the right."""

    def __init__(self, x: int, y: int) -> None:
        self.start, self.paints = pygame.Rect(x, y, 20, 10), 0

    def where(self, p: float) -> pygame.Rect:
        return self.start.move(round(400 * p), 0)

    def __call__(self, canvas: pygame.Surface, p: float) -> None:
        self.paints += 1
        canvas.fill((200, 40, 40), self.where(p))


def test_a_redraw_pass_paints_only_the_tweens_in_its_clip_and_equals_a_full_redraw():
    """Two sprites far apart: each redraw pass (one per damaged rect) paints only the sprite
    its clip reaches, and the frame drawn from damage equals one drawn whole."""
    room = Room()
    room.reset(View(3), 0)
    left, right = Marker(100, 100), Marker(600, 250)
    for marker in (left, right):
        room.counter.tween(0, 1, marker, pytweening.linear)
    canvas = canvas_class(pygame.Surface)((1920, 1080))
    room.update(0.25)
    room.damage(False)
    room.draw(canvas, None, None)  # the frame before, drawn whole
    room.update(0.25)
    rects = merge(room.damage(False), canvas.get_rect())
    left.paints = right.paints = 0
    for rect in rects:  # as App._draw_region does
        canvas.begin(rect)
        room.draw(canvas, None, None)
    canvas.begin(None)
    assert len(rects) == 4  # where each sprite was and is: four passes, two reach a sprite
    assert (left.paints, right.paints) == (1, 1)
    whole = pygame.Surface((1920, 1080))
    room.draw(whole, None, None)
    assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(whole, "RGB")
    room.update(0.25)  # the clock moved on, the damage was not asked: every tween is painted
    canvas.begin(pygame.Rect(1500, 800, 16, 16))
    room.draw(canvas, None, None)
    canvas.begin(None)
    assert (left.paints, right.paints) == (3, 3)


def test_a_label_area_holds_the_label_on_its_plate_and_on_its_way_up():
    pygame.init()
    canvas = pygame.Surface((800, 400))
    plate = Plate((0, 0, 0), (255, 255, 255), 4, 18, (60, 24))
    drawn = draw_label(canvas, "Last round", (400, 200), 56, (255, 255, 0), plate)
    assert label_area("Last round", (400, 200), plate=plate).contains(drawn)
    risen = label_area("+4", (400, 200), rise=40)
    assert risen.contains(draw_label(canvas, "+4", (400, 160), 56, (255, 0, 0)).inflate(4, 4))


def test_a_panels_event_reaction_runs_on_the_mounted_panel_and_its_sound_joins_the_room():
    assert Room.SOUND_CUES == {"counted": "swish", "quiet": None}
    room = Room()
    room.reset(View(2), 0)
    room.animate([event("counted", 0)], View(3), 0)
    assert room.busy() and room.counter.key() == 2  # the new count is held back meanwhile
    while room.busy():
        room.update(0.1)
    assert room.counter.key() == 3


def test_a_new_mount_s_panel_reacts_to_events_not_the_old_one():
    """`panel_of` remembers each class's panel for one mount only."""
    room = Room()
    room.reset(View(2), 0)
    old = room.counter
    assert room.panel_of(CounterPanel) is old
    room.counter = CounterPanel(room, old.rect)
    room.mount(room.layout, room.counter, ChoicePanel(room, old.rect, "choice"))
    room.reset(View(2), 0)
    room.animate([event("counted", 0)], View(3), 0)
    assert room.panel_of(CounterPanel) is room.counter is not old
    assert room.counter.key() == 2 and room.busy()  # the new panel's tween holds its count


def test_a_kind_animated_by_the_room_and_a_panel_is_refused():
    with pytest.raises(TypeError, match="animated twice"):
        class Twice(PanelRoom):
            PANELS = (CounterPanel,)

            @on_event("counted")
            def _mine(self, ev, at, batch):
                return at


def test_targets_come_from_the_panels_and_only_from_a_modal_one_while_it_is_up():
    room = Room()
    room.reset(View(1), 0)
    assert set(room.targets()) == {("button",)}
    room.reset(View(1, choosing=True), 0)
    assert set(room.targets()) == {("pick",)}


def test_a_modal_panel_covers_the_option_highlights_under_it():
    room = Room()
    canvas = pygame.Surface((1920, 1080))
    room.reset(View(1), 0)
    room.draw(canvas, None, prompt_for(("button",)))
    assert canvas.get_at(room.counter.button.topleft)[:3] == (0, 255, 0)
    room.reset(View(1, choosing=True), 0)
    room.draw(canvas, None, prompt_for(("button",)))
    assert canvas.get_at(room.counter.button.topleft)[:3] != (0, 255, 0)


def test_a_new_mount_s_modal_and_drawing_panels_are_asked_not_the_old_ones():
    """The panels asked whether they are modal and asked to draw options each pass are worked
    out once per mount: a new mount's are asked at once."""
    room = Room()
    room.reset(View(1, choosing=True), 0)
    assert [p.name for p in room.modal_panels()] == ["choice"]
    room.counter = CounterPanel(room, room.counter.rect)
    room.mount(room.layout, room.counter)  # no choice panel now: nothing covers the counter
    room.reset(View(1, choosing=True), 0)
    assert room.modal_panels() == [] and set(room.targets()) == {("button",)}
    canvas = pygame.Surface((1920, 1080))
    room.draw(canvas, None, prompt_for(("button",)))
    assert canvas.get_at(room.counter.button.topleft)[:3] == (0, 255, 0)  # the new panel's


def test_the_panel_that_offered_the_focus_draws_it():
    room = Room()
    room.reset(View(1), 0)
    canvas, expected = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
    room.draw(canvas, ("button",), None)
    room.draw(expected, None, None)
    focus_ring(expected, room.counter.button)
    assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(expected, "RGB")


class LateRoom(Room):
    """The room, placing each view's targets only when they are read."""

    PLACES_LATE = True


def test_a_room_placing_late_knows_which_panel_offered_the_focus_of_the_newest_view():
    """Reading which panel offered a target places the newest view's targets first: the
    focus after a choice came up (nothing read meanwhile) is drawn by the modal panel."""
    room = LateRoom()
    room.reset(View(1), 0)
    assert room._owner[("button",)] is room.counter
    room.reset(View(1, choosing=True), 0)
    assert set(room._owner) == {("pick",)}  # the choice's, not the last read view's
    assert set(room.targets()) == {("pick",)}


class NoticePanel(Panel):
    """A layered panel whose per-frame drawing shows the view: it names a rect of its own."""

    def view_damage(self):
        return [pygame.Rect(self.rect.x, self.rect.y, 5, 5)]


def test_a_new_view_damages_what_every_panel_names_and_layered_panels_are_not_asked():
    """The panels asked for their `view_damage` at a new view are worked out once per mount
    (a layered panel of the kit's names nothing): the rects are those of asking every panel."""
    room = Room()
    room.mount(room.layout, room.counter, Panel(room, room.layout["log"], "log"),
               NoticePanel(room, pygame.Rect(500, 0, 50, 50), "notice"),
               ChoicePanel(room, room.layout["choice"], "choice"))
    every = [rect for panel in room.panels.values() for rect in panel.view_damage()]
    assert room.panels_view_damage() == every
    assert every == [pygame.Rect(500, 0, 5, 5), room.panels["choice"].rect]
    asked = []
    room.panels["log"].view_damage = lambda: asked.append("log") or []  # type: ignore[method-assign]
    room.panels_view_damage()
    assert asked == []  # a layered panel of the kit's class is not asked


def test_a_pass_right_after_a_new_mount_asks_only_the_new_panels():
    """`draw_options` reads the drawing panels' memo inline: a new mount is seen at once."""
    room = Room()
    room.reset(View(1), 0)
    room.draw(pygame.Surface((1920, 1080)), None, prompt_for(("button",)))  # the memo made
    button = room.counter.button
    room.mount(room.layout, Panel(room, room.layout["log"], "log"))  # no counter now
    canvas = pygame.Surface((1920, 1080))
    room.draw(canvas, None, prompt_for(("button",)))
    assert canvas.get_at(button.topleft)[:3] != (0, 255, 0)  # the old counter draws nothing
