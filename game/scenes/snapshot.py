"""Headless helpers for the CLI and the benchmark: a screenshot of a bot game, frame timings."""

from __future__ import annotations

import os
import time

SETTLE_FRAMES = 600  # at most 10 s of animation before a screenshot is taken anyway


def _headless_app(animation_speed: str = "1x"):
    """An App on the dummy video driver that never writes settings or autosaves."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.scenes import scene_registry
    from game.ui.app import App
    from game.ui.settings import Settings

    return App(scene_registry(), windowed=(320, 180),
               settings=Settings(animation_speed=animation_speed), persist=False)


def _bot_game(app, game_id: str, players: int, seed: int, hold_bots: bool,
              options: tuple = ()):
    from game.engine.bots import BOT_KINDS
    from game.scenes.game import GameScene
    from game.scenes.seating import SeatSpec

    seats = [SeatSpec(BOT_KINDS[0]) for _ in range(players)]  # greedy bots
    return GameScene(app, game_id, seats, seed, hold_bots=hold_bots, options=options)


def played_scene(game_id: str, players: int, seed: int, actions: int, options: tuple = ()):
    """(app, scene): a headless app showing the real GameScene of greedy bots (held still) after
    `actions` actions with game `options` on, the last action's animation just started."""
    app = _headless_app()
    scene = _bot_game(app, game_id, players, seed, hold_bots=True, options=options)
    match = scene.match
    for step in range(actions):
        prompts = match.prompts()
        if not prompts:
            break
        prompt = prompts[0]
        bot = scene.driver.bots[prompt.player]
        choice = bot.choose(match.rules, match.view(prompt.player), prompt)
        scene.apply(prompt.player, choice)  # through the scene: its renderer sees the events
        if step < actions - 1:  # only the last action's animation is worth waiting for
            scene.renderer.reset(match.view(scene.viewer), scene.viewer)
    app.stack.reset(scene)
    app.stack.apply()
    return app, scene


def render_screenshot(game_id: str, players: int, seed: int, actions: int, out_path: str,
                      options: tuple = ()) -> None:
    """Play `actions` greedy-bot actions (game `options` on), let the real GameScene settle, save
    the canvas as PNG."""
    import pygame

    app, scene = played_scene(game_id, players, seed, actions, options)
    for _ in range(SETTLE_FRAMES):
        app.step([], 1 / 60, present=False)
        if not scene.renderer.busy():
            break
    app.step([], 1 / 60, present=False)
    pygame.image.save(app.canvas, out_path)


def frame_times(game_id: str, players: int, seed: int,
                max_frames: int = 3000) -> tuple[list[float], list[float]]:
    """Milliseconds of update+draw per frame of the real GameScene while bots play a game: wall
    time and the frame thread's CPU time (bots think on their own thread, not counted)."""
    app = _headless_app("1x")
    scene = _bot_game(app, game_id, players, seed, hold_bots=False)
    app.stack.reset(scene)
    app.stack.apply()
    return _timed_frames(app, scene, max_frames)


def late_frame_times(game_id: str, players: int, seed: int, actions: int,
                     max_frames: int = 3000) -> tuple[list[float], list[float]]:
    """`frame_times` from a late position: greedy bots first play `actions` actions off the
    clock (a full board), then play on while the frames are timed."""
    app, scene = played_scene(game_id, players, seed, actions)
    scene.renderer.reset(scene.match.view(scene.viewer), scene.viewer)
    scene.hold_bots = False
    return _timed_frames(app, scene, max_frames)


def _timed_frames(app, scene, max_frames: int) -> tuple[list[float], list[float]]:
    from game.ui.app import FPS
    from game.ui.pacing import FramePacer

    walls: list[float] = []
    cpus: list[float] = []
    pacer = FramePacer(FPS)
    for _ in range(max_frames):
        started, cpu_started = time.perf_counter(), time.thread_time()
        scene.update(1 / 60)
        app.canvas.fill((0, 0, 0))
        scene.draw(app.canvas)
        spent = time.perf_counter() - started
        cpus.append((time.thread_time() - cpu_started) * 1000)
        walls.append(spent * 1000)
        if scene.finished:
            break
        # Idle out the rest of the frame as the real loop does: bots think on a worker thread
        # in that time, so a back-to-back loop would starve them.
        pacer.wait()
    scene.exit()
    return walls, cpus
