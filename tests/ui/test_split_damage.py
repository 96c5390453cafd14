"""A split screen draws only the seats that changed: people on gamepads move their cursors and
answer at once (Next Station, Explore New York); each frame equals a full redraw, and a frame
where one person's focus or prompt changed redraws that seat's part of the canvas, not all of it
(game_damage.FrameDamage._split_damage, SplitRoom.seat_damage)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.bench import PAD_BASE, PadPlayer
from game.scenes.seating import SeatSpec
from tests.pixels import differs_outside
from tests.ui.test_damage import full_redraw, playing, same_pixels

AREA = 1920 * 1080  # the whole canvas


def seat_looks(scene) -> dict[int, tuple]:
    """Each person's prompt (shown or held by an animation) and focused slot."""
    return {seat: (scene.match.prompt_for(seat), scene.seat_busy(seat), scene.focus_of(seat))
            for seat in scene.humans()}


# (game, people, the least share of such frames drawn in part): Explore New York's seats reach
# the shared card column (a seat may discard there), so a seat and the column joined with the
# bar often span the canvas. (At three or four people its zoom fades by the wall clock, so a
# second draw of the same frame differs: not comparable pixel for pixel.)
@pytest.mark.parametrize(("game_id", "people", "share"), [("next_station_paris", 4, 0.5),
                                                          ("next_station_paris", 2, 0.5),
                                                          ("explore_new_york", 2, 0.2)])
def test_a_person_s_focus_or_prompt_redraws_their_seat_not_the_frame(home, game_id, people,
                                                                      share):
    seats = [SeatSpec("human", f"pad:{PAD_BASE + k}") for k in range(people)]
    app, scene = playing(game_id, seats, 3)
    rng = random.Random(5)
    players = [PadPlayer(k, random.Random(rng.random())) for k in range(people)]
    events = [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD_BASE + k,
                                 axis=pygame.CONTROLLER_AXIS_LEFTX, value=0)
              for k in range(people)]
    in_part, whole, moved = 0, 0, 0
    try:
        looks = seat_looks(scene)
        for frame in range(360):
            for person in players:
                events += person.events(scene)
            app.step(events, 1 / 60)
            events = []
            assert same_pixels(app.canvas, full_redraw(app)), f"frame {frame} differs"
            now = seat_looks(scene)
            if frame > 2 and now != looks:
                moved += 1
                if app.drawn is None or sum(r.w * r.h for r in app.drawn) >= AREA:
                    whole += 1
                else:
                    in_part += 1
            looks = now
            if scene.finished:
                break
    finally:
        pygame.display.quit()
    assert moved >= 10  # the people steered and answered
    assert in_part >= share * moved  # such frames redraw the seats that changed, not all



def same_outside(before: pygame.Surface, after: pygame.Surface,
                 allowed: list[pygame.Rect]) -> bool:
    """True if `after` equals `before` everywhere outside the `allowed` rects."""
    return not differs_outside(before, after, allowed)


@pytest.mark.parametrize(("game_id", "people"), [("next_station_paris", 4),
                                                 ("explore_new_york", 2),
                                                 ("explore_new_york", 4)])
def test_a_seat_s_highlights_stay_inside_its_seat_damage(home, game_id, people):
    """What `draw_seat` paints for a person's prompt and focus lies inside the room's
    `seat_damage` of that seat: a frame redrawing other parts may skip the seat, and a change
    of its prompt or focus redraws only those rects."""
    seats = [SeatSpec("human", f"pad:{PAD_BASE + k}") for k in range(people)]
    app, scene = playing(game_id, seats, 4)
    rng = random.Random(6)
    players = [PadPlayer(k, random.Random(rng.random())) for k in range(people)]
    renderer, checked = scene.renderer, 0
    try:
        for frame in range(300):
            events = [e for person in players for e in person.events(scene)]
            app.step(events, 1 / 60)
            if frame % 10 or renderer.view is None:
                continue
            for seat, prompt in scene.human_prompts().items():
                focus = scene.focus_of(seat)
                before = pygame.Surface(app.canvas.get_size())
                before.blit(renderer.layers.surface, (0, 0))
                after = before.copy()
                board = focus[1] if focus and focus[0] == "board" else None
                renderer.draw_seat(after, seat, prompt, board)
                assert same_outside(before, after, renderer.seat_damage(seat)), (frame, seat)
                checked += not same_pixels(before, after)
    finally:
        pygame.display.quit()
    assert checked >= 5  # highlights were drawn and checked
