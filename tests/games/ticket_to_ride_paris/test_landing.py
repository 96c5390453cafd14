"""A tween's landing worked out ahead (landing.py) leaves the board as the refresh that works it
out in the frame it lands in does, and is taken only in the frame it foresaw."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.games.ticket_to_ride_paris import landing
from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from tests.games.scene_match import scene_match, step


def _board(renderer) -> tuple:
    """What a frame leaves: the board's pixels, the keys shown, the holds, the layers pending."""
    layers = renderer.layers
    return (pygame.image.tobytes(layers.surface, "RGB"), dict(layers._shown),
            dict(renderer.holds), layers._pending)


def test_landings_worked_out_ahead_leave_the_board_as_those_worked_out_as_they_land():
    """Two renderers animate the same moves frame by frame, one never working a landing out
    ahead: every frame leaves both boards, keys, holds and pending layers the same, and most
    landings of the opening deal were worked out ahead."""
    pygame.init()
    match, bots, ahead = scene_match(TTRRenderer, TicketToRideParis(), 4, 3)
    late = TTRRenderer(match.rules, match.config, ["Ana", "Bruno", "Carmen", "Dmitri"])
    late.reset(match.view(0), 0)
    late._plan_landing = lambda: None
    taken = []
    land = landing.land
    landing.land = lambda room, plan, limit: (taken.append(room is ahead and plan is not None
                                                           and land(room, plan, limit))
                                              or taken[-1])
    try:
        for _ in range(25):
            events = step(match, bots)[2]
            for renderer in (ahead, late):
                renderer.animate(events, match.view(0), 0)
            for _ in range(200):
                for renderer in (ahead, late):
                    renderer.update(1 / 60)
                assert _board(ahead) == _board(late)
                if not (ahead.busy() or ahead.layers.pending or late.busy()):
                    break
    finally:
        landing.land = land
    assert sum(taken) >= 10


def test_a_plan_is_not_taken_once_the_queue_changed():
    """A plan worked out for the queue as it was is not taken when another tween was queued
    meanwhile, a layer it reaches shows something else, the row lit changed, or by a refresh
    with another budget: the refresh then works it all out."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 4, 3)
    plan = None
    for _ in range(40):
        step(match, bots, renderer)
        for _ in range(200):
            renderer.update(1 / 60)
            plan = renderer._landing
            if plan is not None or not renderer.busy():
                break
        if plan is not None:
            break
    assert plan is not None
    timeline = renderer.timeline
    timeline.clock = min(tw.start + tw.dur for tw in timeline.tweens)  # the next to end, ends
    timeline.update(0.0)
    assert timeline.tweens == plan.after  # the frame it foresaw
    assert not landing.land(renderer, plan, renderer.REPAINT_BUDGET - 1)
    timeline.add(timeline.clock, 1.0, None, holds=(("cards", 0),))
    assert not landing.land(renderer, plan, renderer.REPAINT_BUDGET)
    timeline.tweens.pop()
    shown, (name, key) = renderer.layers._shown, plan.shown[0]
    shown[name] = ("painted meanwhile",)
    assert not landing.land(renderer, plan, renderer.REPAINT_BUDGET)
    shown[name], lit = key, renderer.seats.lit
    renderer.seats.lit = None
    assert not landing.land(renderer, plan, renderer.REPAINT_BUDGET)
    renderer.seats.lit = lit
    assert landing.land(renderer, plan, renderer.REPAINT_BUDGET)
    assert renderer.holds is plan.holds


def test_a_landing_is_worked_out_only_in_frames_composing_ahead_left_alone():
    """A step of working out a landing never shares a frame with composing ahead looking at
    the rows (two pieces of work in one frame), and some frames take such steps."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 4, 3)
    seats, frame = renderer.seats, {"rows": 0, "plan": 0}
    rows, plan = seats._rows_to_turn, renderer._plan_landing
    seats._rows_to_turn = lambda: (frame.__setitem__("rows", 1), rows())[1]
    renderer._plan_landing = lambda: (frame.__setitem__("plan", 1), plan())[1]
    planned = 0
    for _ in range(20):
        step(match, bots, renderer)
        for _ in range(200):
            frame.update(rows=0, plan=0)
            renderer.update(1 / 60)
            assert not (frame["rows"] and frame["plan"])
            planned += frame["plan"]
            if not renderer.busy():
                break
    assert planned > 10


def test_the_last_tween_ending_asks_the_move_log_whose_text_may_then_be_made_whole():
    """The refresh of the frame the last tween ends in asks the layers its holds reach and
    the move log (at rest its text is made whole): with nothing made meanwhile, the strip at
    rest shows every move, as a strip painted whole does."""
    from tests.games.ticket_to_ride_paris.test_moves import bots_move, bots_table

    pygame.init()
    match, bots, renderer = bots_table(3, 5)
    renderer._wait_for_log = lambda: None  # no frame makes the text while tweens run
    renderer.hand.prepare_log = lambda: False
    for _ in range(6):
        bots_move(match, bots, renderer)
        for _ in range(300):
            renderer.update(1 / 60)
            renderer.damage(False)  # (as the shell asks every frame)
            if renderer.at_rest():
                break
        hand = renderer.hand
        assert renderer.at_rest() and renderer.layers.shown_key(hand.name) == hand.key()
