"""The TV's join card: the QR code holds the phone page's address, shown only while listening."""

from __future__ import annotations

import pygame
import segno

from game.companion.tv import QR_SIZE, QUIET, card_rect, draw_join_card, qr_surface
from game.scenes.seats import SeatSetupScene, device_label


def test_the_qr_pixels_are_segnos_matrix():
    url = "http://192.168.1.20:8765/?room=ABCD"
    image = qr_surface(url, QR_SIZE)
    matrix = segno.make(url, error="m", boost_error=False).matrix
    modules = len(matrix) + 2 * QUIET
    step = QR_SIZE / modules
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            centre = (int((x + QUIET + 0.5) * step), int((y + QUIET + 0.5) * step))
            assert (image.get_at(centre)[0] < 128) == bool(dark)


def test_the_card_shows_only_while_phones_may_join(console):
    canvas = pygame.Surface((1920, 1080))
    canvas.fill((1, 2, 3))
    rect = card_rect((1880, 900))
    console.companion.stop()
    draw_join_card(canvas, console, (1880, 900))
    assert canvas.get_at(rect.center)[:3] == (1, 2, 3)
    assert console.companion.start()
    draw_join_card(canvas, console, (1880, 900))
    assert canvas.get_at(rect.center)[:3] != (1, 2, 3)


def test_a_phone_takes_a_seat_on_the_seat_screen(console):
    from .conftest import join, phone

    console.stack.push(console.open("seats", "ticket_to_ride_paris"))
    console.stack.apply()
    scene = console.stack.top
    assert isinstance(scene, SeatSetupScene)
    client = phone(console)
    try:
        grant = join(console, client, 1)
        assert scene.seats[1].human and scene.seats[1].device.startswith("phone:")
        assert device_label(console, scene.seats[1].device) == "Phone"
        assert grant["seat"] == 1
    finally:
        client.close()


def test_a_seat_taken_on_the_seat_screen_is_played_in_the_game(console):
    from game.scenes.game import GameScene

    from .conftest import join, phone, until

    console.stack.push(console.open("seats", "ticket_to_ride_paris"))
    console.stack.apply()
    scene = console.stack.top
    client = phone(console)
    try:
        grant = join(console, client, 2)  # seat 3 of the screen; rows 3 and 4 are empty
        scene.seats[1] = None  # only seats 1 (a bot) and 3 (the phone) play
        scene.start()
        console.stack.apply()
        game = console.stack.top
        assert isinstance(game, GameScene) and game.on_phone(1)
        state = until(console, client, lambda m: m.get("t") == "state" and m["options"])
        assert state["seat"] == 1  # the game's seat 2: the empty row is gone
        assert len(state["options"]) == len(game.match.prompt_for(1).options)
        for nonce in range(1, 20):  # the bot on seat 1 may move first: answer the newest view
            client.send({"t": "choose", "seat": 1, "token": grant["token"], "n": nonce,
                         "version": console.companion.version, "option": 0})
            until(console, client, lambda m: m.get("t") in ("state", "refused"))
            if any(player == 1 for player, _ in game.match.history):
                break
        assert any(player == 1 for player, _ in game.match.history)
    finally:
        client.close()
