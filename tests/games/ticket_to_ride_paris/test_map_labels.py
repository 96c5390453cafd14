"""Landmark names on the Ticket to Ride: Paris map (labels.py): each has a free place by its own
marker, and the placer moves a name off a route that crosses its nearest place."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.core import Config
from game.games.ticket_to_ride_paris import labels
from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.ui.geometry import Icon, Stroke, overlaps, stroke_hits


@pytest.fixture(scope="module")
def renderer() -> TTRRenderer:
    pygame.init()
    return TTRRenderer(TicketToRideParis(), Config(2), ["Ana", "Bruno"])


def test_every_landmark_of_the_shipped_map_has_a_free_place(renderer):
    names = [loc.name for loc in renderer.board.locations]
    area = renderer.map_panel.rect.inflate(-16, -16)
    stuck = labels.stuck_names(names, renderer.map_panel.loc, renderer.map_panel.route_strokes(),
                               renderer.map_panel.marker_icons(), area)
    assert stuck == [], "move these landmarks in levels/ticket_to_ride_paris/map.toml"


def test_each_name_is_nearer_its_own_marker_than_any_other(renderer):
    geometry = renderer.board_geometry()
    for label, own in zip(geometry.labels, renderer.map_panel.loc):
        mine = labels._gap(label.rect, own)
        others = [labels._gap(label.rect, q) for q in renderer.map_panel.loc if q != own]
        assert mine + labels.AMBIGUOUS <= min(others), label.text
        assert mine <= labels.FARTHEST, label.text


def test_the_geometry_reports_every_bus_place_and_marker(renderer):
    geometry = renderer.board_geometry()
    assert len(geometry.strokes) == sum(r.length for r in renderer.board.routes)
    assert len(geometry.icons) == len(renderer.board.locations)
    assert [label.text for label in geometry.labels] == [
        loc.name for loc in renderer.board.locations]
    assert overlaps(geometry) == []


def test_a_name_leaves_the_side_a_route_takes():
    pygame.init()
    marker = (300.0, 300.0)
    area = pygame.Rect(0, 0, 600, 600)
    alone = labels.place_labels(["Opéra"], [marker], [], [], area)[0].rect
    # a thick route over the place the name took when it was alone
    route = Stroke("route", ((alone.centerx, alone.top - 40), (alone.centerx, alone.bottom + 40)),
                   30)
    icon = Icon("marker", pygame.Rect(285, 285, 31, 31))
    moved = labels.place_labels(["Opéra"], [marker], [route], [icon], area)[0].rect
    assert stroke_hits(route, alone)
    assert not stroke_hits(route, moved) and not moved.colliderect(icon.rect)
    assert labels._gap(moved, marker) <= labels.FARTHEST


def test_long_names_may_wrap_but_a_short_one_stays_on_one_line():
    pygame.init()
    assert labels.line_choices("Opéra") == [("Opéra",)]
    choices = labels.line_choices("Saint-Germain-des-Prés")
    assert ("Saint-Germain-des-Prés",) in choices
    assert any(len(lines) >= 2 for lines in choices)
    assert all("".join(lines).replace(" ", "") == "Saint-Germain-des-Prés".replace(" ", "")
               for lines in choices)
