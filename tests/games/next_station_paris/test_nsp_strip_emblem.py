"""Next Station: Paris split screen: each seat's strip starts with that seat's emblem in its
colour, as the single-focus bottom bar does for the player it speaks to (issue 12, item 6)."""

from __future__ import annotations

import pytest

from game.scenes import game_paint, scene_registry
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec
from game.ui.app import App


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_strip_shows_the_seat_emblem_before_its_message(home, players):
    app = App(scene_registry(), windowed=(480, 270))
    pads = [f"pad:{800 + s}" for s in range(players)]
    for pad in pads:  # plugged in: no unplugged-controller banner over the board
        app.input._seen(pad)
    seats = [SeatSpec("human", pad) for pad in pads]
    game = GameScene(app, "next_station_paris", seats, 3)
    app.stack.reset(game)
    app.stack.apply()
    app.draw()
    for seat in range(players):
        strip = game.renderer.seat_bar(seat)
        color = game_paint.seat_color(seat)
        # inside the strip's frame (its 3 px border is in the seat colour too), left of the
        # message: the emblem, whatever its shape (a triangle fills half its square)
        area = [app.canvas.get_at((x, y))[:3] for x in range(strip.x + 8, strip.x + 60)
                for y in range(strip.centery - 14, strip.centery + 15)]
        assert area.count(color) >= 200, seat
