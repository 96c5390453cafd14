"""Attract mode: bot games of the listed games in rotation, one after another, until anyone
touches a device; then straight back to the title, that input spent on waking the console.

A demo is a GameScene in demo mode held by this scene (never on the stack itself, so no intent
can reach it): it plays at normal speed, writes no autosave and opens no results screen; this
scene shows the results for a few seconds and starts the next demo. Sound follows the
"demo sound" setting (muted by default); settings are read, never written.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.bots import BOT_KINDS
from game.engine.registry import game_ids, get_game
from game.scenes.game import GameScene
from game.scenes.message import level_problem
from game.scenes.results import ResultsScene
from game.scenes.seating import SeatSpec
from game.ui import theme
from game.ui.i18n import t
from game.ui.input import Intent
from game.ui.memory import release_between_demos
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

RESULTS_SECONDS = 8.0  # how long a finished demo's results stay up
BANNER_BOTTOMRIGHT = (1900, 1068)  # over the bar's hint corner, empty when only bots play
BANNER_ALPHA = 200


@dataclass(frozen=True)
class DemoPlan:
    """One demo: which game, how many bot seats, which options and the seed."""

    game_id: str
    players: int
    options: tuple[tuple[str, bool], ...]
    seed: int


def demo_games() -> list[str]:
    """Listed games that can be drawn and whose level files load."""
    return [g for g in game_ids(with_scene=True) if level_problem(g) is None]


@dataclass
class Rotation:
    """The order of the demos: every listed game once per round, at random, and a new round
    never opening with the game just shown when there is a choice. A passer-by sees every game
    within one round, in an order that changes from round to round; and a kiosk's memory is
    warm by the end of the first one (each game's first demo leaves the allocators a little
    fuller: see game/soak.py)."""

    this_round: list[str] = field(default_factory=list)  # shown in this round, in order
    last: str | None = None

    def next(self, rng: random.Random, games: Sequence[str]) -> str:
        """The next game to show (and remember)."""
        if set(games) <= set(self.this_round):
            self.this_round.clear()  # every game shown: a new round
        game = rng.choice([g for g in games if g not in self.this_round and g != self.last]
                          or [g for g in games if g != self.last] or list(games))
        self.this_round.append(game)
        self.last = game
        return game


def plan_demo(rng: random.Random, games: Sequence[str], rotation: Rotation | None = None
              ) -> DemoPlan:
    """The rotation's next game (a fresh rotation: any game), a random player count and
    options for it."""
    info = get_game((rotation or Rotation()).next(rng, games))
    players = rng.randint(info.min_players, info.max_players)
    options = tuple(sorted((key, True) for key in info.options if rng.random() < 0.5))
    return DemoPlan(info.id, players, options, rng.randrange(2**31))


class AttractScene(Scene):
    """Plays demos in rotation; any input returns to the title without reaching the demo."""

    idle_policy = "none"  # it is what idling leads to
    music = None  # the demo's own sounds (if on), no menu loop over it

    def __init__(self, app: App, seed: int | None = None) -> None:
        super().__init__(app)
        self.rng = random.Random(seed)  # None: fresh entropy, a new rotation each time
        self.game: GameScene | None = None
        self.results: ResultsScene | None = None
        self.results_left = 0.0
        self.plan: DemoPlan | None = None
        self.rotation = Rotation()
        self.demos_started = 0
        self.demos_finished = 0  # demos played to their end (the soak counts them)
        self.rss_after_release = 0  # bytes resident after the last release (0: none yet)

    # -- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Mute the effects unless demo sound is on, and start the first demo."""
        settings = self.app.settings
        effects = settings.effects_volume if settings.demo_sound else 0
        self.app.audio.set_volumes(settings.music_volume, effects)
        self._next_demo()

    def exit(self) -> None:
        """Stop the demo and give the effects their volume back."""
        self._end_game()
        self.app.audio.cancel()
        settings = self.app.settings
        self.app.audio.set_volumes(settings.music_volume, settings.effects_volume)

    def _next_demo(self) -> None:
        games = demo_games()
        if not games:
            self.app.stack.reset(self.app.open("title"))
            return
        self.plan = plan_demo(self.rng, games, self.rotation)
        seats = [SeatSpec(BOT_KINDS[0]) for _ in range(self.plan.players)]
        self.game = GameScene(self.app, self.plan.game_id, seats, self.plan.seed,
                              options=self.plan.options, demo=True)
        self.game.enter()
        self.demos_started += 1

    def _end_game(self) -> None:
        if self.game is not None:
            self.game.exit()
            self.game = None

    # -- flow ----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Any input (an unplugged pad is none) wakes the console: back to the title."""
        if intent.kind == "disconnected":
            return True
        self._end_game()  # at once: the demo must not even finish this frame
        self.results = None
        self.app.input.stop_repeats()  # a held direction must not go on to move the title's menu
        self.app.stack.reset(self.app.open("title"))
        return True

    def update(self, dt: float) -> None:
        """Advance the demo; a finished one shows its results, then the next one starts."""
        if self.results is not None:
            self.results.update(dt)
            self.results_left -= dt
            if self.results_left <= 0:
                self.results = None
                # nothing on screen now: the last demo's art goes
                self.rss_after_release = release_between_demos()
                self._next_demo()
            return
        if self.game is None:
            return
        self.game.update(dt)
        if self.game.finished:
            game = self.game
            self.results = ResultsScene(self.app, game.info.id, game.match, game.seats,
                                        game.names)
            self.results_left = RESULTS_SECONDS
            self.demos_finished += 1
            self._end_game()

    @property
    def showing(self) -> Any:
        """The scene on screen: the demo's board or its results."""
        return self.results if self.results is not None else self.game

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The demo, with the banner over it."""
        if self.showing is not None:
            self.showing.draw(surface)
        self.draw_banner(surface)

    def draw_banner(self, surface: pygame.Surface) -> pygame.Rect:
        """A slim translucent strip: the game's name and how to start playing; its rect."""
        if self.plan is None:
            return pygame.Rect(0, 0, 0, 0)
        title = t(get_game(self.plan.game_id).title_key)
        name = theme.text(t("attract.demo", game=title), theme.SMALL_SIZE, theme.ACCENT, True)
        press = theme.text(t("attract.press"), theme.SMALL_SIZE, theme.TEXT)
        gap = 40
        width = name.get_width() + gap + press.get_width() + 60
        strip = pygame.Surface((width, name.get_height() + 20), pygame.SRCALPHA)
        pygame.draw.rect(strip, (*theme.PANEL, BANNER_ALPHA), strip.get_rect(), border_radius=16)
        box = strip.get_rect(bottomright=BANNER_BOTTOMRIGHT)
        surface.blit(strip, box)
        surface.blit(name, (box.x + 30, box.y + 10))
        surface.blit(press, (box.x + 30 + name.get_width() + gap, box.y + 10))
        return box
