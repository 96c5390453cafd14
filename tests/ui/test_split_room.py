"""The split-screen layer (game/ui/split_room.py): one sheet per seat on the panel kit; each
seat's targets and highlights come from its own panels (and the shared ones), a seat panel's
event reaction runs on the event's seat's panel, and a seat waits only for its own tweens."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import dataclass

import pygame

from game.engine.core import Config, Option, Prompt, event
from game.ui.board_api import CANVAS_SIZE, is_split
from game.ui.panels import Layout, Panel
from game.ui.render_kit import on_event
from game.ui.split_room import NO_STRIP, SeatArea, SeatPanel, SplitRoom

GREEN = (0, 255, 0)


@dataclass(frozen=True)
class View:
    """A tiny game's view: a mark count per seat."""

    marks: tuple[int, ...] = (0, 0)


class SheetPanel(SeatPanel):
    """A seat's sheet: its marks as bars, its box a target, its options framed in green."""

    def __init__(self, room, area):
        super().__init__(room, area.map, area.seat, f"sheet{area.seat}")
        self.box = pygame.Rect(area.map.x + 10, area.map.y + 10, 40, 40)
        self.reacted = 0

    def key(self):
        return self.view.marks[self.seat]

    def targets(self, view):
        return {("box",): self.box}

    def draw_options(self, canvas, focus, prompt, options):
        if ("box",) in options:
            pygame.draw.rect(canvas, GREEN, self.box, 2)

    @on_event("marked", sound=None)
    def _marked(self, ev, at, batch):
        self.reacted += 1
        self.tween(at, 0.5, None, seat=self.seat)
        return at + 0.5


class CardPanel(Panel):
    """The shared card every seat may pick."""

    def targets(self, view):
        return {("card",): pygame.Rect(self.rect.x + 5, self.rect.y + 5, 30, 30)}


class Room(SplitRoom):
    PANELS = (SheetPanel, CardPanel)

    def __init__(self, rules, config, names):
        super().__init__(rules, config, names)
        self.set_humans((0, 1))

    def set_humans(self, humans):
        self.humans = tuple(humans)
        seats = {s: SeatArea(s, pygame.Rect(x, 0, 400, 500), pygame.Rect(x, 0, 400, 400),
                             pygame.Rect(x, 400, 400, 40), pygame.Rect(x, 440, 400, 60))
                 for s, x in ((0, 0), (1, 600))}
        layout = Layout(card=(450, 0, 100, 100), sheet0=seats[0].map, sheet1=seats[1].map)
        layout.seats = seats
        self.layout = layout
        self.mount(layout, *(SheetPanel(self, a) for a in seats.values()),
                   CardPanel(self, layout["card"], "card"))


def prompt(seat):
    return Prompt(seat, "pick", "", (Option("box", ("box",)), Option("card", ("card",))))


def test_each_seat_gets_its_own_targets_and_the_shared_ones():
    pygame.init()
    room = Room(None, Config(2), ["A", "B"])
    room.reset(View(), None)
    assert is_split(room)
    assert room.seat_targets(0)[("box",)].x == 10 and room.seat_targets(1)[("box",)].x == 610
    assert room.seat_targets(0)[("card",)] == room.seat_targets(1)[("card",)]
    assert room.seat_bar(1) == pygame.Rect(600, 440, 400, 60) and room.seat_bar(7) == NO_STRIP


def test_a_seat_prompt_highlights_its_own_sheet_only():
    pygame.init()
    room = Room(None, Config(2), ["A", "B"])
    room.reset(View(), None)
    canvas = pygame.Surface(CANVAS_SIZE)
    room.draw_seats(canvas, {1: None}, {1: prompt(1)})
    assert canvas.get_at((610, 10))[:3] == GREEN and canvas.get_at((10, 10))[:3] != GREEN
    room.draw(canvas, None, prompt(0))  # the single-prompt form: seat 0's sheet
    assert canvas.get_at((10, 10))[:3] == GREEN


def test_a_seat_panel_reacts_to_its_own_seats_events_and_only_that_seat_waits():
    pygame.init()
    room = Room(None, Config(2), ["A", "B"])
    room.reset(View(), None)
    room.animate([event("marked", 1)], View((0, 1)), None)
    sheets = {p.seat: p for p in room.panels.values() if p.name != "card"}
    assert (sheets[0].reacted, sheets[1].reacted) == (0, 1)
    assert room.seat_busy(1) and not room.seat_busy(0)
