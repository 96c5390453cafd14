"""Bots think on a worker thread: frames go on while a bot decides, stale answers are dropped."""

from __future__ import annotations

import threading
import time

from game.engine.bot_worker import BotWorker
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec


class GatedBot:
    """A bot that answers only once the test opens its gate (a stand-in for a slow search)."""

    name = "gated"

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.asked = threading.Event()

    def choose(self, rules, view, prompt):
        """The first option, after the gate opens."""
        self.asked.set()
        self.gate.wait(timeout=10)
        return prompt.options[0].action


def wait_until(condition, app=None, limit: float = 10.0) -> None:
    """Step frames (if an app is given) until condition() holds; fail after `limit` seconds."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "condition never held"
        if app is not None:
            app.step([], 1 / 60, present=False)
        time.sleep(0.001)


def bot_only_race(app) -> tuple[GameScene, GatedBot]:
    app.settings.animation_speed = "instant"
    game = GameScene(app, "fake_race", [SeatSpec("greedy"), SeatSpec("greedy")], seed=2)
    bot = GatedBot()
    game.driver.bots = {0: bot, 1: bot}
    app.stack.reset(game)
    return game, bot


def test_frames_go_on_while_a_bot_thinks(app, fake_game):
    game, bot = bot_only_race(app)
    wait_until(bot.asked.is_set, app)
    before = len(game.match.history)
    for _ in range(30):  # thirty frames pass while the bot is still deciding
        app.step([], 1 / 60, present=False)
    worker = game.driver.worker
    assert len(game.match.history) == before and worker.busy() and worker.thinking()
    bot.gate.set()
    wait_until(lambda: not worker.thinking())
    assert worker.busy()  # decided, and not yet collected: no frame has run since
    wait_until(lambda: len(game.match.history) > before, app)
    game.exit()


def test_an_answer_about_an_older_state_is_dropped(app, fake_game):
    game, bot = bot_only_race(app)
    wait_until(bot.asked.is_set, app)
    asked_about = game.match.state
    game.match.state = (asked_about[0] + 1, *asked_about[1:])  # the game moved on (e.g. undo)
    bot.gate.set()
    worker = game.driver.worker
    wait_until(lambda: worker.job[2].done())
    assert worker.collect(game.match.state) is None and not worker.busy()
    game.exit()


def test_worker_collects_the_answer_for_the_state_it_was_asked_about():
    worker = BotWorker()
    bot = GatedBot()
    bot.gate.set()

    class Prompt:
        options = (type("Option", (), {"action": "go"})(),)

    stamp = object()
    worker.start(3, stamp, bot, None, None, Prompt())
    wait_until(lambda: worker.job[2].done())
    assert worker.collect(stamp) == (3, "go")
    assert worker.collect(stamp) is None  # collected once
    worker.close()


def test_at_instant_speed_the_renderer_still_hears_every_move(app):
    """Instant speed skips animations, not events: Ticket to Ride's spectator log fills."""
    app.settings.animation_speed = "instant"
    game = GameScene(app, "ticket_to_ride_paris", [SeatSpec("greedy"), SeatSpec("greedy")], seed=4)
    app.stack.reset(game)
    def seat_actions():  # the history also holds the chance outcomes of the deal
        return sum(seat is not None for seat, _ in game.match.history)
    wait_until(lambda: seat_actions() >= 6, app, limit=60)
    assert len(game.renderer.moves.lines(game.names)) >= 3
    game.exit()


def test_the_driver_starts_the_thread_when_a_match_with_bots_opens():
    """No frame pays for starting the thread: it runs before the first bot thinks."""
    from game.engine.core import Config
    from game.engine.driver import MatchDriver
    from game.engine.match import Match
    from game.engine.registry import rules_for

    match = Match(rules_for("ticket_to_ride_paris"), Config(2), 1)
    alone = MatchDriver(match, {})
    alone.open()
    assert alone.worker._jobs is None  # nobody to think: no thread
    driver = MatchDriver(Match(rules_for("ticket_to_ride_paris"), Config(2), 1), {1: GatedBot()})
    driver.open()
    assert driver.worker._jobs is not None and not driver.worker.busy()
    driver.close()
    alone.close()


def test_a_bots_error_reaches_the_frame_loop_and_the_worker_goes_on():
    class Broken:
        def choose(self, rules, view, prompt):
            raise RuntimeError("bot bug")

    worker = BotWorker()
    worker.start(0, "s", Broken(), None, None, None)
    wait_until(lambda: worker.job[2].done())
    try:
        worker.collect("s")
    except RuntimeError as exc:
        assert str(exc) == "bot bug"
    else:
        raise AssertionError("the bot's exception was swallowed")
    bot = GatedBot()
    bot.gate.set()

    class Prompt:
        options = (type("Option", (), {"action": "go"})(),)

    worker.start(1, "t", bot, None, None, Prompt())
    wait_until(lambda: worker.job[2].done())
    assert worker.collect("t") == (1, "go")
    worker.close()


def test_closing_ends_the_thread_and_drops_what_is_in_flight():
    worker = BotWorker()
    bot = GatedBot()
    worker.start(0, "s", bot, None, None, None)
    wait_until(bot.asked.is_set)
    thread = worker.thread
    assert thread is not None and thread.is_alive()
    worker.close()
    assert not worker.busy()
    bot.gate.set()  # the decision in flight finishes, and nobody collects it
    wait_until(lambda: not thread.is_alive())


def test_a_worker_dropped_without_closing_still_ends_its_thread():
    import gc

    worker = BotWorker()
    worker.warm()
    thread = worker.thread
    assert thread is not None and thread.is_alive()
    del worker
    gc.collect()
    wait_until(lambda: not thread.is_alive())


def test_a_bot_moves_view_made_on_the_worker_equals_the_frames(app):
    """The scene's aftermath of a bot's move (worked out on the worker) is the viewer's view."""
    game = GameScene(app, "ticket_to_ride_paris", [SeatSpec("greedy"), SeatSpec("greedy")], seed=4)
    app.stack.reset(game)
    play_bots, seen = game.driver.play_bots, []

    def noting(*args):
        events = play_bots(*args)
        if events is not None:
            seen.append((game.driver.landed_after, (game.viewer, game.match.view(game.viewer))))
        return events

    game.driver.play_bots = noting
    wait_until(lambda: len(seen) >= 3, app, limit=60)
    assert all(made == now for made, now in seen)
    game.exit()


def test_a_bot_moves_view_made_for_another_viewer_is_not_shown(app):
    game = GameScene(app, "ticket_to_ride_paris", [SeatSpec("greedy"), SeatSpec("greedy")], seed=4)
    app.stack.reset(game)
    events, made = (), object()
    game.driver.landed_after = (game.viewer, made)
    game._bots_moved(events)
    assert game._unshown == (events, made, [])  # made for this viewer: used as it is
    game.driver.landed_after = (7, made)  # the viewer changed since the worker read it
    game._bots_moved(events)
    assert game._unshown[1] is not made and game._unshown[1] == game.match.view(game.viewer)
    game.exit()


def test_the_workers_aftermath_does_not_keep_a_gone_scene_alive(app):
    """A bot job in flight when a demo ends holds the scene's aftermath: not the scene."""
    import gc
    import weakref

    from game.scenes.game import aftermath_of

    game = GameScene(app, "ticket_to_ride_paris", [SeatSpec("greedy"), SeatSpec("greedy")], seed=4)
    state, after, gone = game.match.state, aftermath_of(game), weakref.ref(game)
    assert after(state, ())[1] == game.match.view(game.viewer)
    game.exit()
    del game
    gc.collect()
    assert gone() is None and after(state, ()) is None
