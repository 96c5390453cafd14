"""Phones join a game over real loopback sockets and play through the engine's checks."""

from __future__ import annotations

from .conftest import TTR, join, kind, open_game, phone, until


def state_with_options(message: dict) -> bool:
    return message.get("t") == "state" and bool(message["options"])


def test_two_phones_take_seats_and_see_only_their_own_hand(console):
    game = open_game(console)
    first, second = phone(console), phone(console)
    try:
        one, two = join(console, first, 0), join(console, second, 1)
        assert one["seat"] == 0 and two["seat"] == 1 and one["token"] != two["token"]
        assert game.on_phone(0) and game.on_phone(1)
        mine = until(console, first, state_with_options)
        # Seat 0's hand and tickets come from its own view; the TV shows nobody's hand.
        hand = game.match.view(0).hands[0]
        cards = mine["sections"][0]["items"]
        assert sum(hand) == 2 and len(cards) == sum(1 for n in hand if n)
        assert game.viewer is None and game.curtain is None
        assert not game.human_prompts()  # the TV offers no phone seat's options
    finally:
        first.close()
        second.close()


def test_a_phone_move_goes_through_the_engine(console):
    game = open_game(console)
    first = phone(console)
    try:
        grant = join(console, first, 0)
        state = until(console, first, state_with_options)
        prompt = game.match.prompt_for(0)
        assert state["options"][0] and len(state["options"]) == len(prompt.options)
        first.send({"t": "choose", "seat": 0, "token": grant["token"], "n": 1,
                    "version": state["version"], "option": len(prompt.options) - 1})
        until(console, first, lambda m: m.get("t") == "state" and m["version"] > state["version"])
        assert game.match.history[-1] == (0, prompt.options[-1].action)
    finally:
        first.close()


def test_a_seat_already_held_is_refused_and_a_secret_rejoins_it(console):
    open_game(console)
    first, second = phone(console), phone(console)
    try:
        grant = join(console, first, 0)
        second.send({"t": "join", "room": console.companion.code, "seat": 0})
        refused = until(console, second, kind("refused"))
        assert refused["reason"] == "seat_taken" and refused["text"]
        first.close()
        again = phone(console)
        again.send({"t": "hello", "room": console.companion.code, "token": grant["token"]})
        assert until(console, again, kind("joined"))["seat"] == 0
        again.close()
    finally:
        second.close()


def test_leaving_the_game_forgets_the_secrets(console):
    game = open_game(console)
    first = phone(console)
    try:
        grant = join(console, first, 1)
        console.stack.replace(console.open("title"))
        console.stack.apply()
        for _ in range(3):
            console.step([], 1 / 60, present=False)
        assert not console.companion.holders and game.seats[1].device is not None
        first.send({"t": "hello", "room": console.companion.code, "token": grant["token"]})
        assert until(console, first, kind("lobby"))["seats"] == []
    finally:
        first.close()


def test_ttr_private_sections_read_the_seats_own_view(console):
    from game.companion.phone_view import ttr_private

    game = open_game(console, TTR)
    rules, view = game.match.rules, game.match.view(1)
    sections = ttr_private(rules, view)
    assert [s["title"] for s in sections] == ["Your cards", "Your tickets"]
    other = game.match.view(0)
    assert other.hands[1] is None  # another seat's view has no such hand to leak
