"""Every shared screen in a typical state, on a headless App: the font-size test draws each one,
and `python -m tests.ui.scene_gallery --out DIR [--lang es]` saves them as 1920x1080 PNGs.

A finished match comes from seeded greedy bots, so each picture is the same on every run.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.bots import make_bot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.scenes.seating import SeatSpec
from game.ui.i18n import set_language

TTR, FQ, NSP = "ticket_to_ride_paris", "french_quarter", "next_station_paris"
SETTLE_FRAMES = 400  # a game scene's opening deal finishes well within this many frames
Stage = Callable[[object], None]  # puts one screen on an App's stack


def finished(game_id: str, players: int, seed: int, options: tuple = ()) -> Match:
    """A match of greedy bots played to its end."""
    match = Match(rules_for(game_id), Config(players, options), seed)
    play_out(match, {p: make_bot("greedy", game_id, seed + p) for p in range(players)})
    return match


def show(app, *scenes) -> None:
    """Make these scenes the app's whole stack (the last one on top) and settle one frame."""
    app.stack.reset(scenes[0])
    for scene in scenes[1:]:
        app.stack.push(scene)
    app.stack.apply()


def results(game_id: str, players: int, seed: int, options: tuple = ()) -> Stage:
    """A results screen of a finished bot game (seats named as the game names them)."""
    def stage(app) -> None:
        match = finished(game_id, players, seed, options)
        seats = [SeatSpec("greedy") for _ in range(players)]
        names = [f"Bot {n + 1}" for n in range(players)]
        show(app, app.open("results", game_id, match, seats, names))
    return stage


def game_scene(app, game_id: str = TTR, players: int = 3, humans: int = 1):
    """A game in progress (the first `humans` seats people) with its opening deal finished."""
    seats = [SeatSpec("human" if n < humans else "greedy") for n in range(players)]
    scene = app.open("game", game_id, seats, 7, hold_bots=True)
    show(app, scene)
    for _ in range(SETTLE_FRAMES):
        app.step([], 1 / 60, present=False)
        if not scene.renderer.busy():
            break
    return scene


def _title(app) -> None:
    show(app, app.open("title"))


def _select(app) -> None:
    show(app, app.open("title"), app.open("select"))


def _seats(app) -> None:
    scene = app.open("seats", FQ)
    scene.claim(1, "keyboard")
    show(app, scene)


def _settings(app) -> None:
    show(app, app.open("settings"))


def _pause(app) -> None:
    game = game_scene(app)
    show(app, game, app.open("pause", game, "keyboard"))


def _rules(app) -> None:
    game = game_scene(app)
    show(app, game, app.open("rules", "Ticket to Ride", "A rules summary.\n" * 12))


def _guide(app) -> None:
    show(app, app.open("title"), app.open("guide", TTR))


def _message(app) -> None:
    from game.scenes.message import level_error_box

    error = ValueError(f"/home/x/levels/{TTR}/map.toml: routes[3].length: must be 1 to 3")
    show(app, app.open("title"), level_error_box(app, TTR, error))


def _game_bar(app) -> None:
    game_scene(app)


def _curtain(app) -> None:
    game_scene(app, TTR, players=2, humans=2)


GALLERY: dict[str, Stage] = {
    "title": _title,
    "select": _select,
    "seats": _seats,
    "settings": _settings,
    "pause": _pause,
    "rules": _rules,
    "guide": _guide,
    "message": _message,
    "game_bar": _game_bar,
    "curtain": _curtain,
    "results_ttr_2p": results(TTR, 2, 5),
    "results_ttr_4p": results(TTR, 4, 9),
    "results_fq_2p_tourism": results(FQ, 2, 5, (("tourism", True),)),
    "results_fq_4p_tourism": results(FQ, 4, 5, (("tourism", True),)),
    "results_nsp_2p": results(NSP, 2, 5),
}


def headless_app():
    """An App on the dummy driver that writes nothing (no settings, no autosave)."""
    from game.scenes import scene_registry
    from game.ui.app import App
    from game.ui.settings import Settings

    return App(scene_registry(), windowed=(480, 270), settings=Settings(), persist=False)


def render(app, name: str) -> pygame.Surface:
    """Stage one gallery screen and draw it; returns the 1920x1080 canvas."""
    GALLERY[name](app)
    app.step([], 1 / 60, present=False)
    return app.canvas


def main(argv: list[str] | None = None) -> int:
    """Save every gallery screen (or the named ones) as PNGs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--lang", default="en", choices=("en", "es"))
    parser.add_argument("names", nargs="*", help=f"screens to save (default all: {list(GALLERY)})")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    app = headless_app()
    set_language(args.lang)
    for name in args.names or GALLERY:
        pygame.image.save(render(app, name), str(args.out / f"{name}.png"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
