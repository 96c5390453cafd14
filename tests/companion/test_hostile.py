"""A hostile phone tries every bad input of issue 31: each is refused with a message to that
phone and a warning line (console.log in the real console), and the game goes on."""

from __future__ import annotations

import logging
import time

import pytest

from game.companion import server
from game.ui import settings as store

from .conftest import join, kind, open_game, phone, until


@pytest.fixture
def table(console):
    """A Ticket to Ride game with an honest phone on seat 0 and a hostile one on seat 1."""
    game = open_game(console)
    honest, hostile = phone(console), phone(console)
    grants = join(console, honest, 0), join(console, hostile, 1)
    yield console, game, honest, hostile, grants
    honest.close()
    hostile.close()


def refusal(app, client) -> str:
    return until(app, client, kind("refused"))["reason"]


def latest_state(app, client) -> dict:
    """The newest view the phone was sent, once the console has sent everything it had."""
    state = until(app, client, lambda m: m.get("t") == "state" and bool(m["options"]))
    for _ in range(10):
        app.step([], 1 / 60, present=False)
        time.sleep(0.005)  # let the server thread deliver what it has
        while (message := client.next_message()) is not None:
            state = message if message.get("t") == "state" else state
    return state


def test_another_seats_action_is_refused(table, caplog):
    app, game, _honest, hostile, (grant0, grant1) = table
    state = latest_state(app, hostile)
    before = list(game.match.history)
    # Its own secret, another seat: refused. Another seat's secret it cannot have: refused too.
    hostile.send({"t": "choose", "seat": 0, "token": grant1["token"], "n": 1,
                  "version": state["version"], "option": 0})
    assert refusal(app, hostile) == "not_your_seat"
    hostile.send({"t": "choose", "seat": 0, "token": grant0["token"], "n": 2,
                  "version": state["version"], "option": 0})
    assert refusal(app, hostile) == "bad_secret"
    assert game.match.history == before
    assert "refused choose from phone" in caplog.text


def test_replayed_and_forged_messages_are_refused(table):
    app, game, _honest, hostile, (_, grant1) = table
    state = latest_state(app, hostile)
    move = {"t": "choose", "seat": 1, "token": grant1["token"], "n": 5,
            "version": state["version"], "option": 0}
    hostile.send(move)
    until(app, hostile, lambda m: m.get("t") == "state" and m["version"] > state["version"])
    played = len(game.match.history)
    hostile.send(move)  # the very same message again
    assert refusal(app, hostile) == "replayed"
    hostile.send(move | {"n": 6, "token": "forged-secret"})
    assert refusal(app, hostile) == "bad_secret"
    hostile.send({"t": "_open"})  # only the server may say a phone connected
    assert refusal(app, hostile) == "bad_message"
    hostile.send(move | {"n": 7, "version": state["version"] - 1})
    assert refusal(app, hostile) == "stale"
    assert len(game.match.history) == played


def test_malformed_and_oversized_messages_are_refused(table):
    app, _game, honest, hostile, _ = table
    for text, reason in (("{not json", "bad_json"), ("[1, 2]", "bad_message"),
                         ('{"t": "explode"}', "bad_message"),
                         ('{"t": "ping", "pad": "' + "x" * server.MAX_TEXT + '"}', "too_long"),
                         ("[" * 5000 + "]" * 5000, "too_long")):
        hostile.send_text(text)
        assert refusal(app, hostile) == reason, text
    hostile.send_bytes(b"\x00\x01")
    assert refusal(app, hostile) == "bad_message"
    hostile.send({"t": "choose", "seat": 1, "token": "x", "n": "one", "version": None,
                  "option": [1]})
    assert refusal(app, hostile) == "bad_secret"
    # A frame past the hard cap: the server hangs up on that phone alone.
    hostile.send_text("x" * (server.MAX_FRAME + 10))
    assert hostile.closed.wait(5)
    honest.send({"t": "ping"})
    assert until(app, honest, kind("pong"))


def test_a_flooding_phone_is_slowed_then_cut_off_and_the_game_goes_on(table, caplog):
    app, game, honest, hostile, (grant0, _) = table
    for _ in range(server.FLOOD_CLOSE + int(server.BURST) + 5):
        try:
            hostile.send({"t": "ping"})
        except ConnectionError:  # the server hung up mid-flood
            break
    assert refusal(app, hostile) == "too_fast"
    assert hostile.closed.wait(5)
    assert "closed for flooding" in caplog.text
    state = latest_state(app, honest)
    honest.send({"t": "choose", "seat": 0, "token": grant0["token"], "n": 1,
                 "version": state["version"], "option": 0})
    until(app, honest, lambda m: m.get("t") == "state" and m["version"] > state["version"])
    assert game.match.history[-1][0] == 0


def test_refusals_are_written_to_console_log(console, home):
    store.start_log_file()
    handler = logging.getLogger().handlers[-1]
    try:
        open_game(console)
        client = phone(console)
        client.send({"t": "hello", "room": "ZZZZ"})
        assert refusal(console, client) == "wrong_room"
        client.close()
        handler.flush()
        assert "wrong_room" in store.log_path().read_text(encoding="utf-8")
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
