"""Drop-in and drop-out from the pause menu: a seat handed to a bot or a person mid-game; the
autosave journal keeps the change for Continue."""

from __future__ import annotations

import pygame

from game.scenes import scene_registry
from game.scenes.game import GameScene
from game.scenes.pause import PauseScene
from game.scenes.seat_change import SeatChangeScene, change_seat
from game.scenes.seating import SeatSpec
from game.ui import settings as store
from game.ui.app import App
from game.ui.input import Intent
from game.ui.settings import Settings

TTR = "ticket_to_ride_paris"


def test_a_seat_goes_to_a_bot_and_back_and_continue_keeps_it(home):
    app = App(scene_registry(), windowed=(480, 270), settings=Settings(animation_speed="instant"))
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("human")], seed=4)
    app.stack.push(game)
    app.stack.apply()
    change_seat(game, 1, "easy")
    assert 1 in game.driver.bots and game.names[1] == "Bot 2"
    _, seats = store.load_autosave()
    assert seats[1]["kind"] == "easy"  # the journal's header holds the change
    for _ in range(600):  # the bot now answers seat 1's prompts
        app.step([], 1 / 60, present=False)
        if any(p == 1 for p, _ in game.match.history):
            break
    assert any(p == 1 for p, _ in game.match.history)
    change_seat(game, 1, "human")
    assert 1 not in game.driver.bots and game.seats[1].device is None
    assert store.load_autosave()[1][1]["kind"] == "human"
    pygame.display.quit()


def test_the_pause_menu_opens_the_seat_list_and_steps_a_seat(home):
    app = App(scene_registry(), windowed=(480, 270), persist=False)
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("normal")], seed=4)
    app.stack.push(game)
    app.stack.push(PauseScene(app, game, "keyboard"))
    app.stack.apply()
    pause = app.stack.top
    pause.menu.focus_key("seats")
    pause.handle(Intent("confirm", "keyboard"))
    app.stack.apply()
    seats = app.stack.top
    assert isinstance(seats, SeatChangeScene)
    seats.menu.focus_key("1")
    seats.handle(Intent("right", "keyboard"))  # normal -> hard
    assert game.seats[1].kind == "hard"
    seats.handle(Intent("confirm", "keyboard"))  # hard -> a person
    assert game.seats[1].human and 1 not in game.driver.bots
    app.draw()
    pygame.display.quit()


def test_a_pad_gone_for_a_minute_opens_the_seat_list_once(home):
    from game.scenes.seat_change import ABSENCE_OFFER_S

    app = App(scene_registry(), windowed=(480, 270), persist=False,
              settings=Settings(animation_speed="instant"))
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("human", "pad:99")],
                     seed=4)
    app.input.set_connected("pad:99", True)  # (as the seat screen saw it)
    app.stack.push(game)
    app.stack.apply()
    app.step([], 0.1, present=False)
    app.input.set_connected("pad:99", False)  # unplugged
    steps = round(ABSENCE_OFFER_S / 0.1)
    for _ in range(steps - 5):
        app.step([], 0.1, present=False)
    assert app.stack.top is game  # not yet
    for _ in range(10):
        app.step([], 0.1, present=False)
    offer = app.stack.top
    assert isinstance(offer, SeatChangeScene) and offer.absent == 1
    assert offer.menu.focused_key == "1"
    offer.handle(Intent("right", "keyboard"))  # a person -> an Easy bot
    assert game.seats[1].kind == "easy"
    offer.handle(Intent("back", "keyboard"))
    app.step([], 0.1, present=False)
    assert app.stack.top is game
    for _ in range(steps + 10):
        app.step([], 0.1, present=False)
    assert not isinstance(app.stack.top, SeatChangeScene)  # a bot now: nothing to offer
    pygame.display.quit()


def test_a_device_never_seen_in_the_game_is_not_missed(home):
    from game.scenes.seat_change import ABSENCE_OFFER_S

    app = App(scene_registry(), windowed=(480, 270), persist=False,
              settings=Settings(animation_speed="instant"))
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("human", "pad:98")],
                     seed=4)
    app.stack.push(game)
    app.stack.apply()
    for _ in range(round(ABSENCE_OFFER_S / 0.1) + 20):
        app.step([], 0.1, present=False)
    assert app.stack.top is game
    pygame.display.quit()


# -- seat changes in the journal ---------------------------------------------------------------
PAD = 702


def _press(app: App, *buttons: int) -> None:
    """Synthetic pad presses through the real input layer, a frame each."""
    for button in buttons:
        events = [pygame.event.Event(kind, instance_id=PAD, button=button)
                  for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)]
        app.step(events, 1 / 60, present=False)
        app.step([], 1 / 60, present=False)


def _focus(app: App, key: str) -> None:
    """Press down until the top menu's row `key` has the focus."""
    for _ in range(10):
        if app.stack.top.menu.focused_key == key:
            return
        _press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    raise AssertionError(f"no row {key} in {type(app.stack.top).__name__}")


def _hand_seat_to_bot_then_die(home: str) -> None:
    """A child run: a person (pad) and a person; seat 2 handed to an Easy bot from the pause
    menu with pad presses, then killed with no clean-up at all."""
    import os
    import signal

    os.environ["CITY_BOARD_CONSOLE_HOME"] = home
    app = App(scene_registry(), windowed=(480, 270), settings=Settings(animation_speed="instant"))
    app.input.set_connected(f"pad:{PAD}", True)
    game = GameScene(app, TTR, [SeatSpec("human", f"pad:{PAD}"), SeatSpec("human")], seed=4)
    app.stack.push(game)
    app.stack.apply()
    for _ in range(3):  # a few moves by seat 1 first: the change comes mid-game
        app.step([], 1 / 60, present=False)
    b = pygame
    _press(app, b.CONTROLLER_BUTTON_START)  # pause menu
    _focus(app, "seats")
    _press(app, b.CONTROLLER_BUTTON_A)  # Seats
    _focus(app, "1")  # Player 2's row
    _press(app, b.CONTROLLER_BUTTON_DPAD_RIGHT)  # a person -> an Easy bot
    assert game.seats[1].kind == "easy"
    game.driver._journal.wait_synced(5.0)
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_seat_handed_to_a_bot_survives_a_kill_and_continue(home):
    import multiprocessing

    from game.scenes.title import TitleScene

    child = multiprocessing.get_context("forkserver").Process(target=_hand_seat_to_bot_then_die,
                                                        args=(str(home),))
    child.start()
    child.join(60)
    assert child.exitcode == -9
    lines = (home / "autosave.json").read_text().splitlines()
    assert '{"seats":[{"kind":"human"},{"kind":"easy"}]}' in lines
    app = App(scene_registry(), windowed=(480, 270), settings=Settings(animation_speed="instant"))
    title = TitleScene(app)
    app.stack.push(title)
    app.stack.apply()
    title._continue()
    app.stack.apply()
    game = app.stack.top
    assert isinstance(game, GameScene) and game.seats[1].kind == "easy"
    assert 1 in game.driver.bots
    _, seats = store.load_autosave()
    assert seats[1]["kind"] == "easy"
    pygame.display.quit()


def test_the_journal_shows_when_a_seat_changed_and_keeps_it_over_a_rewrite(home):
    from game.engine.journal import load_journal
    from game.engine.registry import rules_for

    app = App(scene_registry(), windowed=(480, 270), settings=Settings(animation_speed="instant"))
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("normal")], seed=4)
    app.stack.push(game)
    app.stack.apply()
    change_seat(game, 1, "hard")
    at = len(game.match.history)
    game.seats[0] = SeatSpec("human", "keyboard", hints=1)
    game.save_seats()  # a hint counted: a new header, the change line written again
    _, meta = load_journal(store.autosave_path(), rules_for)
    assert meta["seat_changes"] == [[at, [{"kind": "human"}, {"kind": "hard"}]]]
    assert meta["seats"] == [{"kind": "human", "hints": 1}, {"kind": "hard"}]
    pygame.display.quit()


def test_a_tampered_seat_change_line_is_refused_by_its_line(home):
    import pytest

    from game.engine.journal import load_journal
    from game.engine.match import SaveError
    from game.engine.registry import rules_for

    app = App(scene_registry(), windowed=(480, 270), settings=Settings(animation_speed="instant"))
    game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("normal")], seed=4)
    app.stack.push(game)
    app.stack.apply()
    change_seat(game, 1, "easy")
    game.driver.close()
    path = store.autosave_path()
    good = path.read_text()
    line = good.splitlines().index('{"seats":[{"kind":"human"},{"kind":"easy"}]}') + 1
    for bad in ('{"seats":[{"kind":"human"},{"kind":"god"}]}',  # no such bot
                '{"seats":[{"kind":"human"}]}',  # a seat missing
                '{"seats":[{"kind":"human"},{"kind":"easy","hints":-1}]}',
                '{"seats":[{"kind":"human"},{"kind":"easy"}],"undo":1}'):
        path.write_text(good.replace('{"seats":[{"kind":"human"},{"kind":"easy"}]}', bad))
        with pytest.raises(SaveError, match=f"line {line}: not an action, a valid undo or a "
                                             "valid seat change"):
            load_journal(path, rules_for)
    pygame.display.quit()


# -- Continue after Continue -------------------------------------------------------------------
def _continue(app: App) -> GameScene:
    """The title's Continue, as a person picks it; the resumed game scene."""
    from game.scenes.title import TitleScene

    title = TitleScene(app)
    app.stack.push(title)
    app.stack.apply()
    title._continue()
    app.stack.apply()
    game = app.stack.top
    assert isinstance(game, GameScene), "Continue did not resume the game"
    return game


def _play(game: GameScene, moves: int) -> None:
    """`moves` legal choices, each by the first seat asked (people or bots alike)."""
    for _ in range(moves):
        prompt = game.match.prompts()[0]
        assert game.driver.apply(prompt.player, prompt.actions()[0]) is not None


def _change_seat_then_die(home: str, resume: bool, seat: int, kind: str, record: str) -> None:
    """A child run: a new game (or Continue), two moves, `seat` handed to `kind`, two moves,
    then what it played written to `record` and the process killed with no clean-up (the
    journal is as a power cut leaves it once the disk has it)."""
    import json
    import os
    import signal

    from game.engine.match import entry_json

    os.environ["CITY_BOARD_CONSOLE_HOME"] = home
    app = App(scene_registry(), windowed=(480, 270), settings=Settings(animation_speed="instant"))
    if resume:
        game = _continue(app)
    else:
        game = GameScene(app, TTR, [SeatSpec("human", "keyboard"), SeatSpec("human")], seed=4)
        app.stack.push(game)
        app.stack.apply()
    _play(game, 2)
    change_seat(game, seat, kind)
    change = [len(game.match.history), [s.to_json() for s in game.seats]]
    _play(game, 2)
    history = [entry_json(player, action) for player, action in game.match.history]
    with open(record, "w") as f:
        json.dump({"change": change, "history": history}, f)
    assert game.driver._journal.wait_synced(5.0)
    os.kill(os.getpid(), signal.SIGKILL)


def _run_child(home, resume: bool, seat: int, kind: str) -> dict:
    import json
    import multiprocessing

    record = home / f"record-{seat}-{kind}.json"
    child = multiprocessing.get_context("forkserver").Process(
        target=_change_seat_then_die, args=(str(home), resume, seat, kind, str(record)))
    child.start()
    child.join(120)
    assert child.exitcode == -9, f"the child ended with {child.exitcode}, not by the kill"
    return json.loads(record.read_text())


def test_continue_after_continue_keeps_every_seat_change_and_replays_the_same_game(home):
    from game.engine.journal import load_journal
    from game.engine.match import entry_json
    from game.engine.registry import rules_for

    first = _run_child(home, False, 1, "easy")  # played, seat 2 to a bot, killed
    second = _run_child(home, True, 0, "normal")  # continued, seat 1 to a bot, killed
    assert second["history"][:len(first["history"])] == first["history"]
    changes = [first["change"], second["change"]]
    assert changes[1][0] > changes[0][0]  # the second change came later in the game
    match, meta = load_journal(store.autosave_path(), rules_for)  # replays through the rules
    assert meta["seat_changes"] == changes
    assert [entry_json(p, a) for p, a in match.history] == second["history"]
    app = App(scene_registry(), windowed=(480, 270), settings=Settings(animation_speed="instant"))
    game = _continue(app)  # a third time: the journal is written anew once more
    assert [s.kind for s in game.seats] == ["normal", "easy"]
    assert [entry_json(p, a) for p, a in game.match.history] == second["history"]
    game.driver.close()
    match, meta = load_journal(store.autosave_path(), rules_for)
    assert meta["seat_changes"] == changes
    assert [entry_json(p, a) for p, a in match.history] == second["history"]
    pygame.display.quit()
