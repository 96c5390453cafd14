"""Live miniatures of game boards for the game picker, drawn by each game's own renderer.

A room's `GameInfo.showcase` names a seeded bot game (players, steps, seed). The bots play it on
a worker thread (the engine is pure), so the picker's frames never wait for them: CHUNK_STEPS
steps a job, each job asked for by the picker's `update`. A picker under another scene (the
seats, a game) gets no update, so its bots rest rather than take the GIL from the game on top.
`update`, on the frame loop, also draws at most one board per call into a full-size scratch
canvas and keeps a smooth-scaled copy. Every REFRESH_SECONDS the focused game's bots take one
more step and its miniature is redrawn, so the card looks alive; a finished game starts again
from its seed.
A miniature is the board at about a quarter of its size, where its words would be 7-9 px high:
it is drawn without them (`textless`), a picture of the board's shapes and colours under the
card's own legible title (issue 28: no text under 24 px, pictures included). Its art is cached
apart from the picker's (game.ui.memory's blank-words generation) and its renderer and fonts
are kept, so a refresh redraws the board from warm caches and leaves the picker's warm too.

`close` lets every renderer and surface go: a studio lives as long as the picker that owns it.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.bot_worker import SWITCH_INTERVAL_S
from game.engine.bots import bot_step, seat_bots
from game.engine.capabilities import supports
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import GameInfo, get_game
from game.legibility.trace import BlankFonts, textless

from .board_api import BOARD_RECT, CANVAS_SIZE
from .i18n import t
from .memory import forget_blank_words

REFRESH_SECONDS = 3.0  # the focused miniature moves on by one bot step this often
CHUNK_STEPS = 16  # bot steps of a showcase game in one job of the worker
log = logging.getLogger(__name__)


class Stopped(Exception):
    """The studio closed while a showcase game was being played."""


def showcase_start(info: GameInfo) -> tuple[Match, dict]:
    """(match, bots): the room's showcase game at its start, chance resolved."""
    shown = info.showcase
    if shown is None:
        raise ValueError(f"{info.id} declares no showcase")
    match = Match(info.make_rules(), Config(shown.players, ()), shown.seed)
    match.resolve_chance()
    return match, seat_bots(["greedy"] * shown.players, info.id, shown.seed)


def play_steps(match: Match, bots: dict, steps: int, game_id: str,
               stop: threading.Event | None = None) -> int:
    """Up to `steps` bot steps (fewer once the game is over): how many were taken. Raises
    Stopped when the studio closes."""
    for taken in range(steps):
        if stop is not None and stop.is_set():
            raise Stopped(game_id)
        if not bot_step(match, bots):
            return taken
    return steps


def showcase_chunk(match: Match | None, bots: dict | None, steps: int, info: GameInfo,
                   stop: threading.Event | None = None) -> tuple[Match, dict, int | None]:
    """One worker job: the showcase game (started when `match` is None) `steps` bot steps on;
    (match, bots, steps taken, or None when the game ended before them)."""
    if match is None or bots is None:
        match, bots = showcase_start(info)
    taken = play_steps(match, bots, steps, info.id, stop)
    return match, bots, taken if taken == steps else None


def showcase_match(info: GameInfo, stop: threading.Event | None = None) -> tuple[Match, dict]:
    """(match, bots): the room's showcase game, its bots `showcase.steps` steps in."""
    match, bots = showcase_start(info)
    play_steps(match, bots, info.showcase.steps, info.id, stop)
    return match, bots


def step_on(match: Match, bots: dict, info: GameInfo,
            stop: threading.Event | None = None) -> tuple[Match, dict]:
    """One more bot step of a showcase game; a finished one starts again from its seed (and
    stops, like the first, when the studio closes)."""
    if match.is_over():
        return showcase_match(info, stop)
    bot_step(match, bots)
    return match, bots


@dataclass
class Miniature:
    """One game's miniature: the game being shown, its renderer and the scaled picture."""

    game_id: str
    match: Match | None = None
    bots: dict | None = None
    renderer: Any = None
    image: pygame.Surface | None = None
    job: Future | None = None  # the worker playing its bots (the match is the worker's then)
    steps_left: int = 0  # bot steps still to play before the showcase's position is reached
    drawn: bool = False  # the image shows the match as it is now
    failed: bool = False  # its bots or renderer raised: the card shows no miniature


class MiniatureStudio:
    """Plays the showcase games off the frame loop and keeps each one's miniature picture."""

    def __init__(self, game_ids: Iterable[str], size: tuple[int, int],
                 refresh: float = REFRESH_SECONDS) -> None:
        self.size = size
        self.refresh = refresh
        self.since_refresh = 0.0
        self.stop = threading.Event()
        self.minis = {gid: Miniature(gid) for gid in game_ids
                      if get_game(gid).showcase is not None}
        self._canvas: pygame.Surface | None = None
        self._fonts = BlankFonts()  # kept, like each renderer: a refresh builds no font
        self._pool: ThreadPoolExecutor | None = None
        for mini in self.minis.values():
            mini.steps_left = get_game(mini.game_id).showcase.steps
            self._play_on(mini)

    def _play_on(self, mini: Miniature) -> None:
        """Send the showcase's next CHUNK_STEPS (or fewer) to the worker."""
        steps = min(CHUNK_STEPS, mini.steps_left)
        mini.job = self._submit(showcase_chunk, mini.match, mini.bots, steps,
                                get_game(mini.game_id), self.stop)

    def _submit(self, job: Any, *args: Any) -> Future:
        if self._pool is None:
            sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="miniature")
        return self._pool.submit(job, *args)

    def image(self, game_id: str) -> pygame.Surface | None:
        """The game's miniature, or None while it is being prepared (or has none)."""
        mini = self.minis.get(game_id)
        return mini.image if mini is not None else None

    def ready(self) -> bool:
        """True once every miniature has been drawn (or has failed)."""
        return all(m.image is not None or m.failed for m in self.minis.values())

    def failures(self) -> list[str]:
        """Games whose miniature could not be made (their errors are in the log)."""
        return [gid for gid, m in self.minis.items() if m.failed]

    # -- the frame loop ----------------------------------------------------------------------
    def update(self, dt: float, focused: str | None) -> None:
        """Collect finished bot work, draw at most one miniature, move the focused one on."""
        for mini in self.minis.values():
            self._collect(mini)
            if mini.steps_left and mini.job is None and not mini.failed:
                self._play_on(mini)  # only while the picker shows: covered, it gets no update
        waiting = [m for m in self.minis.values() if not m.drawn and not m.failed
                   and m.match is not None and m.job is None and not m.steps_left]
        waiting.sort(key=lambda m: m.game_id != focused)  # the focused card first
        if waiting:
            self._draw(waiting[0])
        self.since_refresh += dt
        mini = self.minis.get(focused) if focused else None
        if mini is not None and self.since_refresh >= self.refresh and mini.drawn:
            self.since_refresh = 0.0
            mini.drawn = False
            mini.job = self._submit(step_on, mini.match, mini.bots, get_game(mini.game_id),
                                    self.stop)

    def _collect(self, mini: Miniature) -> None:
        if mini.job is None or not mini.job.done():
            return
        job, mini.job = mini.job, None
        try:
            if mini.steps_left:
                mini.match, mini.bots, taken = job.result()
                mini.steps_left = 0 if taken is None else mini.steps_left - taken
            else:
                mini.match, mini.bots = job.result()
        except Stopped:
            return
        except Exception:  # a room's bug costs its miniature, never the picker
            log.exception("%s: the showcase game failed", mini.game_id)
            mini.failed = True
        mini.drawn = False

    def _draw(self, mini: Miniature) -> None:
        """Show the match on the room's renderer, full size and without its words, and keep a
        smooth-scaled copy."""
        try:
            canvas = self._scratch()
            canvas.fill((0, 0, 0))
            # the renderer is made inside too: it may draw its labels once, when it is made
            with textless(self._fonts):
                if mini.renderer is None:
                    mini.renderer = self._renderer(mini)
                mini.renderer.reset(mini.match.view(None), None)
                mini.renderer.draw(canvas, None, None)
            mini.image = pygame.transform.smoothscale(canvas.subsurface(BOARD_RECT), self.size)
            mini.drawn = True
        except Exception:  # a room's bug costs its miniature, never the picker
            log.exception("%s: the miniature could not be drawn", mini.game_id)
            mini.failed = True

    def _renderer(self, mini: Miniature) -> Any:
        info = get_game(mini.game_id)
        match = mini.match
        names = [t("seat.bot", n=i + 1) for i in range(match.config.players)]
        renderer = info.renderer_class()(match.rules, match.config, names)
        if supports(renderer, "split_screen"):
            renderer.set_humans(())  # bots only: every map shows the public view
        return renderer

    def _scratch(self) -> pygame.Surface:
        if self._canvas is None:
            self._canvas = pygame.Surface(CANVAS_SIZE)
        return self._canvas

    def close(self) -> None:
        """Stop the bots and let every renderer and picture go."""
        self.stop.set()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self.minis.clear()
        self._canvas = None
        forget_blank_words()  # the miniatures' art, cached apart from the console's
