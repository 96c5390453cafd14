"""Explore New York on one screen: two people on two gamepads chart their maps at the same time.

Both seats are driven only by synthetic controller events from two fake instance ids through the
real input layer, from seat setup to the results screen. The test reads focus and targets to pick
its presses; it never calls the engine to act.
"""

from __future__ import annotations

import pygame
from split_game import DPAD, DT, Driver, Pads, ready

from game.scenes import scene_registry
from game.ui.app import App

ENY = "explore_new_york"
A = pygame.CONTROLLER_BUTTON_A
PADS = (611, 612)  # fake SDL instance ids: seat 0 and seat 1


def test_two_gamepads_chart_at_the_same_time_from_seat_setup_to_results(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "2x"  # strokes and flips run: cursors must not wait on them
    pads = Pads(app, PADS)
    game = pads.open_game(ENY)
    assert game.split and not game.hidden() and game.curtain is None
    driver = Driver(pads, game, seed=2027)
    results = driver.play_to_results(8000)
    state = game.match.state
    assert state.turn == 8  # 27 cards, 3 removed unseen: 8 turns of 3
    for seat in (0, 1):  # the first player alternates: each person discarded 4 times
        kinds = driver.kinds(seat)
        assert kinds["discard"] == 4
        assert kinds.get("block", 0) + kinds.get("lone_block", 0) == 8
        assert kinds["link"] == 8
        assert state.sheets[seat].links.bit_count() >= 8
    together = {state.turn for state in driver.both_deciding}
    assert together == set(range(8))  # every turn the two seats charted together
    assert driver.while_other_animates >= 1  # one seat's stroke never froze the other's cursor
    assert results.totals == [route.total for route in state.routes]
    app.draw()


def test_only_the_first_player_discards_and_the_other_pad_moves_nothing(home):
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.animation_speed = "instant"
    pads = Pads(app, PADS)
    game = pads.open_game(ENY)
    for _ in range(200):
        prompts = game.match.prompts()
        if prompts and prompts[0].kind == "discard" and ready(game, prompts[0].player):
            break
        app.step([], DT, present=False)
    first = game.match.prompts()[0].player
    other = 1 - first
    rects, _ = game.slots(first)
    cards = [k for k in rects if k[0] == "board"]
    assert len(cards) == 3 and all(k[1][0] == "card" for k in cards)  # the 3 cards, on board
    assert all(rects[k].colliderect(game.renderer.layout.column) for k in cards)
    history = list(game.match.history)
    for button in (*DPAD.values(), A):
        pads.press(other, button)  # the other seat waits: its pad changes nothing
    assert game.match.history == history
    pads.press(first, A)
    assert game.match.history[-1][0] == first
    assert game.match.history[-1][1][0] == "discard"
    for _ in range(10):
        app.step([], DT, present=False)
    assert ready(game, 0) and ready(game, 1)  # then both choose a block at once
    assert {game.match.prompt_for(s).kind for s in (0, 1)} <= {"block", "lone_block"}
    app.draw()
