"""Headless helpers for the CLI, the benchmark and the golden frames: a bot game played to a
given action, and its screenshot."""

from __future__ import annotations

import os

SETTLE_FRAMES = 600  # at most 10 s of animation before a screenshot is taken anyway


def _headless_app(animation_speed: str = "1x", windowed: tuple[int, int] = (320, 180)):
    """An App on the dummy video driver that never writes settings or autosaves."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.scenes import scene_registry
    from game.ui.app import App
    from game.ui.settings import Settings

    return App(scene_registry(), windowed=windowed,
               settings=Settings(animation_speed=animation_speed), persist=False)


def _bot_game(app, game_id: str, players: int, seed: int, hold_bots: bool,
              options: tuple = ()):
    from game.engine.bots import BOT_KINDS
    from game.scenes.game import GameScene
    from game.scenes.seating import SeatSpec

    seats = [SeatSpec(BOT_KINDS[0]) for _ in range(players)]  # greedy bots
    return GameScene(app, game_id, seats, seed, hold_bots=hold_bots, options=options)


def played_scene(game_id: str, players: int, seed: int, actions: int, options: tuple = (),
                 windowed: tuple[int, int] = (320, 180)):
    """(app, scene): a headless app (its window `windowed`) showing the real GameScene of greedy
    bots (held still) after `actions` actions with game `options` on, the last action's
    animation just started."""
    app = _headless_app(windowed=windowed)
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
