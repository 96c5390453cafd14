"""An unplugged controller is told in that seat's own area of a split screen (issue 28): the
notice lies over the seat's strip, never across the other players' maps."""

from __future__ import annotations

import pygame
import pytest

from game.legibility.screens import PAD_ID, Plays, _disconnected
from game.legibility.trace import tracing
from game.ui.i18n import set_language


@pytest.mark.parametrize("game_id", ["next_station_paris", "explore_new_york"])
def test_the_unplugged_seats_notice_is_drawn_in_its_own_area(home, game_id):
    from game.scenes import scene_registry
    from game.ui.app import App

    set_language("en")
    with tracing() as tracer:
        app = App(scene_registry(), windowed=(480, 270))
        try:
            _disconnected(game_id, 3, Plays())(app)  # seat 2's pad unplugged mid-game
            game = app.stack.top
            assert game.disconnected(1) and not game.disconnected(0)
            tracer.clear(app.canvas)
            app.step([], 1 / 60, present=False)
            notice = [m for m in tracer.marks(app.canvas) if "disconnected" in m.text]
            own = game.renderer.seat_bar(1)
            others = [game.renderer.seat_bar(s) for s in (0, 2)]
            area = pygame.Rect(own.x, 0, own.w, own.bottom)  # the strip and the map above it
        finally:
            pygame.display.quit()
    assert notice and all(area.contains(m.shown) for m in notice)
    assert not any(m.shown.colliderect(o) for m in notice for o in others)
    assert PAD_ID + 1 == int(game.seats[1].device.split(":")[1])
