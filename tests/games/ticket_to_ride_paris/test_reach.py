"""A refresh that asks only the layers a change of holds reaches (reach.py, the room's
`_refresh_reached`) leaves no layer behind: after every frame with nothing left pending, every
layer shows the key it would be painted with now, as asking them all would."""

from __future__ import annotations

import os
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.ticket_to_ride_paris.reach import changed_holds, layers_reached
from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.scene import WHOLE_BUDGET, TTRRenderer
from tests.games.scene_match import scene_match, step


def stale_layers(renderer) -> list[str]:
    """The layers whose shown key is not what their key says now."""
    layers = renderer.layers
    return [spec[0] for spec in renderer._specs if layers.shown_key(spec[0]) != spec[2]()]


@pytest.mark.parametrize("viewer", [None, 0])
def test_layers_asked_alone_leave_none_out_of_date(viewer):
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 4, 7)
    renderer.reset(match.view(viewer), viewer)
    reached, plain = 0, renderer._refresh_reached

    def counted(before, limit):
        nonlocal reached
        done = plain(before, limit)
        reached += done
        return done

    renderer._refresh_reached = counted
    for _ in range(40):
        step(match, bots, renderer, viewer=viewer)
        for _ in range(60):
            renderer.update(1 / 60)
            if not renderer.layers.pending:
                assert stale_layers(renderer) == []
            if not renderer.busy():
                break
    assert reached > 30  # most refreshes of a move's tweens asked a few layers alone


def test_a_kind_of_hold_not_listed_asks_every_layer():
    assert layers_reached([("cards", 1), ("slot", 3)], "map") == {"seat1", "slot3"}
    assert layers_reached([("tickets", 0), ("route", 5), ("offer", 0)], "map") == {
        "seat0", "hand", "map"}
    assert layers_reached([("cards", 1), ("something new", 0)], "map") is None


def test_a_hold_whose_count_changed_is_a_change():
    before = Counter({("cards", 1): 2, ("slot", 0): 1})
    now = Counter({("cards", 1): 1, ("route", 4): 1})
    assert sorted(changed_holds(before, now)) == [("cards", 1), ("route", 4), ("slot", 0)]
    assert changed_holds(now, now) == []


@pytest.mark.parametrize("viewer", [None, 0])
def test_a_refresh_of_every_layer_paints_one_and_the_rest_are_asked_alone(viewer):
    """After a move, the refresh that asks every layer's key paints WHOLE_BUDGET of those it
    finds dirty; while tweens run, the layers it left pending are painted in the next frames,
    asked alone (not every key again), and none is left out of date."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 11)
    renderer.reset(match.view(viewer), viewer)
    layers = renderer.layers
    whole, calls = layers.refresh, [0]

    def counted(limit=None):
        done = whole(limit)
        if limit is not None and limit > 0:
            calls[0] += 1
            assert done <= WHOLE_BUDGET
        return done

    layers.refresh = counted
    left_pending = asked_again = 0
    for _ in range(40):
        step(match, bots, renderer, viewer=viewer)
        for _ in range(90):
            pending_before = bool(layers._pending) and not layers._unsure
            before = calls[0]
            renderer.update(1 / 60)
            if pending_before and renderer.timeline.tweens:  # (still running after it)
                left_pending += 1
                asked_again += calls[0] != before
            if not layers.pending:
                assert stale_layers(renderer) == []
            if not renderer.busy() and not layers.pending:
                break
    assert left_pending > 10 and asked_again == 0


def test_a_frame_of_tweens_repaints_two_layers_only_the_track_and_a_row():
    """While tweens run, a frame repaints one layer (the rest are left to the next frames),
    two only when the first is the track: a score counting up, the track and its row together
    (PAIRED). The map's claims painted over their buses' rect are not a layer's repaint."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 11)
    renderer.reset(match.view(None), None)
    layers, painted = renderer.layers, []
    paint = layers.paint_region

    def noted(name, *args, **kwargs):
        if name != renderer.map_panel.name:
            painted.append(name)
        return paint(name, *args, **kwargs)

    layers.paint_region = noted
    frames: list[list[str]] = []
    for _ in range(40):
        step(match, bots, renderer)
        for _ in range(90):
            painted.clear()
            running = bool(renderer.timeline.tweens)
            renderer.update(1 / 60)
            if running and renderer.timeline.tweens:
                frames.append(list(painted))
            if not renderer.busy() and not layers.pending:
                break
    pairs = [names for names in frames if len(names) > 1]
    assert all(names[0] == "track" and len(names) == 2 for names in pairs)
    assert pairs and sum(len(names) == 1 for names in frames) > 50
