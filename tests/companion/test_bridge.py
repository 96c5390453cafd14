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


def play_randomly(match, actions: int, seed: int = 1) -> None:
    """Answer `actions` prompts at random (chance is the driver's)."""
    import random

    from game.engine.driver import MatchDriver

    driver, rng = MatchDriver(match, {}, None, {}), random.Random(seed)
    driver.open()
    for _ in range(actions):
        prompts = match.prompts()
        if not prompts:
            return
        driver.apply(prompts[0].player, rng.choice(prompts[0].options).action)


def test_fq_vacation_card_is_read_from_the_seats_own_view():
    from game.companion.phone_view import fq_private
    from game.engine.core import Config
    from game.engine.match import Match
    from game.engine.registry import get_game

    rules = get_game("french_quarter").make_rules()
    match = Match(rules, Config(2, (("tourism", True),)), 1)
    play_randomly(match, 10)
    mine = match.state.sheets[1].vacation
    section = fq_private(rules, match.view(1))[0]
    assert section["items"][0] and "french_quarter." not in section["items"][0]  # its name
    names = [rules.board.buildings[b].name for b in rules.board.vacations[mine].buildings]
    assert [item[2:] for item in section["items"][1:]] == names
    assert match.view(0).sheets[1].vacation != mine  # seat 0's view cannot read it


def test_us_planning_cards_are_the_seats_hand():
    from game.companion.phone_view import us_private
    from game.engine.core import Config
    from game.engine.match import Match
    from game.engine.registry import get_game

    rules = get_game("urban_sprawl").make_rules()
    match = Match(rules, Config(2, ()), 1)
    play_randomly(match, 30)
    hand = match.view(0).hands[0]
    items = us_private(rules, match.view(0))[0]["items"]
    assert len(items) == max(1, len(hand)) and all("urban_sprawl." not in i for i in items)


def test_a_seat_stays_connected_while_another_page_holds_its_secret(console):
    game = open_game(console)
    first, second = phone(console), phone(console)  # (daemon threads if a check fails)
    grant = join(console, first, 0)
    second.send({"t": "hello", "room": console.companion.code, "token": grant["token"]})
    until(console, second, kind("joined"))
    first.close()
    for _ in range(20):
        console.step([], 1 / 60, present=False)
    assert not game.disconnected(0)
    second.close()
    for _ in range(200):
        console.step([], 1 / 60, present=False)
        if game.disconnected(0):
            break
    assert game.disconnected(0)  # the last page gone: the TV says so, any device may take it


def _queued(app, count: int) -> None:
    """Wait (no frame stepped) until the server has queued `count` messages for the frame loop."""
    import time

    for _ in range(500):
        if app.companion.hub.inbox.qsize() >= count:
            return
        time.sleep(0.01)
    raise AssertionError("the server never queued the phone's messages")


def test_a_second_tap_on_the_same_view_in_one_frame_is_stale(console):
    game = open_game(console)
    first = phone(console)
    try:
        grant = join(console, first, 0)
        state = until(console, first, state_with_options)
        played = len(game.match.history)
        tap = {"t": "choose", "seat": 0, "token": grant["token"], "version": state["version"],
               "option": 0}
        first.send(tap | {"n": 1})
        first.send(tap | {"n": 2})  # a double tap: both answer the same view
        _queued(console, 2)
        refused = until(console, first, kind("refused"))
        assert refused["reason"] == "stale"
        assert len(game.match.history) == played + 1  # the first tap only
    finally:
        first.close()


def test_no_view_is_built_in_the_frame_that_applies_a_phones_move(console, monkeypatch):
    from game.companion import phone_view

    built: list[int] = []
    real = phone_view.phone_state
    monkeypatch.setattr(phone_view, "phone_state",
                        lambda scene, seat, live: built.append(seat) or real(scene, seat, live))
    game = open_game(console)
    first = phone(console)
    try:
        grant = join(console, first, 0)
        state = until(console, first, state_with_options)
        played = len(game.match.history)
        first.send({"t": "choose", "seat": 0, "token": grant["token"], "n": 1,
                    "version": state["version"], "option": 0})
        _queued(console, 1)
        built.clear()
        console.step([], 1 / 60, present=False)  # applies the tap and draws it on the TV
        assert len(game.match.history) > played and built == []
        console.step([], 1 / 60, present=False)  # the next frame sends the new view
        assert built == [0]
        assert until(console, first, lambda m: m.get("t") == "state"
                     and m["version"] > state["version"])
    finally:
        first.close()
