"""A language switched mid-game reaches every word of the board.

A player opens the pause menu, then Settings, switches the language and goes back to the game:
the board, its cards, bar, seat panels, logs and overlays must then look exactly as if the game
had been opened in the new language at that position. Each case plays some greedy-bot moves,
goes through pause and Settings with synthetic key presses (the real input layer), switches
en -> es (then back), lets the board settle and compares the canvas pixel for pixel with the
same position played in a fresh process opened in that language (no cache of this process can
help or spoil the reference), after the same visits to Settings without a switch.

    python -m tests.ui.test_language_switch OUT LANGUAGE VISITS CASE...   # the references
"""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui import i18n, memory, theme
from game.ui.language_watch import LanguageWatch

ROOT = Path(__file__).resolve().parents[2]
SEED = 7
SETTLE = 600  # frames: at most 10 s for the last move's animation
AFTER = 90  # frames after a visit to Settings, as many in both runs: the pulses' clocks agree
# (game, players, game options, actions, human seats on two pads: split screen)
CASES = {
    "ttr2": ("ticket_to_ride_paris", 2, (), 41, False),
    "fq2": ("french_quarter", 2, ("mayor", "tourism"), 61, False),
    "nsp1": ("next_station_paris", 1, (), 9, False),
    "eny2": ("explore_new_york", 2, (), 12, True),
    "us2": ("urban_sprawl", 2, (), 40, False),
}


def played(case: str, language: str):
    """The app showing the case's game on a headless app opened in `language`, its moves played
    through the scene by greedy bots (every seat's choice, humans' too), settled."""
    from game.engine.bots import BOT_KINDS, seat_bots
    from game.scenes import scene_registry
    from game.scenes.game import GameScene
    from game.scenes.seating import SeatSpec
    from game.ui.app import App
    from game.ui.settings import Settings

    game_id, players, options, actions, split = CASES[case]
    app = App(scene_registry(), windowed=(320, 180), persist=False,
              settings=Settings(animation_speed="1x", language=language))
    seats = ([SeatSpec("human", f"pad:{77 + i}") for i in range(players)] if split
             else [SeatSpec(BOT_KINDS[0]) for _ in range(players)])
    scene = GameScene(app, game_id, seats, SEED, hold_bots=True,
                      options=tuple((o, True) for o in options))
    match = scene.match
    bots = seat_bots([BOT_KINDS[0]] * players, game_id, SEED)
    for _ in range(actions):
        prompts = match.prompts()
        if not prompts:
            break
        prompt = prompts[0]
        scene.apply(prompt.player, bots[prompt.player].choose(
            match.rules, match.view(prompt.player), prompt))
        scene.renderer.reset(match.view(scene.viewer), scene.viewer)
    app.stack.reset(scene)
    app.stack.apply()
    settle(app, scene)
    return app


def settle(app, scene) -> None:
    """Frames until the board rests, then one more."""
    for _ in range(SETTLE):
        app.step([], 1 / 60, present=False)
        if not scene.renderer.busy():
            break
    app.step([], 1 / 60, present=False)


def run(app, frames: int) -> None:
    """That many frames (1/60 s each)."""
    for _ in range(frames):
        app.step([], 1 / 60, present=False)


def press(app, k: int) -> None:
    """One key press and release during one frame."""
    from tests.ui.fixtures import key

    app.step(key(k), 1 / 60, present=False)


def visit_settings(app, switch: bool) -> None:
    """Pause, Settings, (the language one step right,) back, back: by key presses only."""
    from game.scenes.pause import PauseScene
    from game.scenes.settings import SettingsScene

    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    while pause.menu.focused_key != "settings":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene) and settings.menu.focused_key == "language"
    if switch:
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is pause
    press(app, pygame.K_ESCAPE)


def reference(case: str, language: str, visits: int) -> pygame.Surface:
    """The case opened in `language`, after `visits` visits to Settings, settled."""
    app = played(case, language)
    for _ in range(visits):
        visit_settings(app, switch=False)
        run(app, AFTER)
    return app.canvas


def references(out: Path, language: str, visits: int, cases: list[str]) -> dict[str, Path]:
    """The references as PNGs, drawn in a fresh process (its caches empty)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "tests.ui.test_language_switch", str(out), language,
                    str(visits), *cases], cwd=ROOT, env=env, check=True)
    return {case: out / f"{case}-{language}-{visits}.png" for case in cases}


def differing(canvas: pygame.Surface, png: Path) -> int:
    """How many rows of the canvas differ from the picture."""
    expected = pygame.image.load(str(png))
    height, row = canvas.get_height(), canvas.get_width() * 3
    got, want = pygame.image.tobytes(canvas, "RGB"), pygame.image.tobytes(expected, "RGB")
    return sum(got[y * row:(y + 1) * row] != want[y * row:(y + 1) * row] for y in range(height))


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """The references of every case: in Spanish after one visit, in English after two."""
    out = tmp_path_factory.mktemp("language")
    return (references(out, "es", 1, list(CASES)), references(out, "en", 2, list(CASES)))


@pytest.fixture
def english(home):
    """English from the start, and again at the end whatever the test did."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("case", list(CASES))
def test_switched_board_matches_a_board_opened_in_the_new_language(case, drawn, english,
                                                                   tmp_path):
    spanish, english_again = drawn
    app = played(case, "en")
    switch_and_compare(app, "es", spanish[case], tmp_path / f"{case}-switched-es.png")
    switch_and_compare(app, "en", english_again[case], tmp_path / f"{case}-switched-en.png")


def switch_and_compare(app, language: str, reference: pygame.Surface, shot: Path) -> None:
    """Switch the language in Settings, let the board settle and compare it pixel for pixel
    with `reference` (saved to `shot` when it differs)."""
    visit_settings(app, switch=True)
    assert i18n.language() == language
    run(app, AFTER)
    rows = differing(app.canvas, reference)
    if rows:
        pygame.image.save(app.canvas, shot)
    assert rows == 0, f"{rows} rows differ from the board opened in {language} ({shot})"


def test_a_switch_empties_every_art_cache(app, english):
    theme.text("Deck", theme.BODY_SIZE)  # art drawn in English
    assert memory.cached_art() > 0
    i18n.set_language("es")
    assert memory.cached_art() == 0


def test_choosing_the_language_already_on_keeps_the_art_and_counts_no_switch(app, english):
    theme.text("Deck", theme.BODY_SIZE)
    held, switches = memory.cached_art(), i18n.switches()
    i18n.set_language("en")
    assert (memory.cached_art(), i18n.switches()) == (held, switches)


def test_a_language_watch_sees_each_switch_once(english):
    watch = LanguageWatch()
    assert not watch.changed()
    i18n.set_language("es")
    assert watch.changed() and not watch.changed()
    i18n.set_language("en")
    assert watch.changed()


def test_a_menu_closing_over_the_game_rebuilds_the_board_only_after_a_switch(english):
    app = played("nsp1", "en")
    scene = app.stack.top
    board = scene.renderer
    visit_settings(app, switch=False)
    assert scene.renderer is board  # nothing to redraw: the same renderer, its layers kept
    visit_settings(app, switch=True)
    assert scene.renderer is not board


def test_the_new_board_hears_the_last_moves_again_as_they_were_played(english):
    from game.scenes.relanguage import last_moves, move_starts

    app = played("ttr2", "en")
    match = app.stack.top.match
    starts = move_starts(match)
    moves = last_moves(match, 5)
    assert len(moves) == 5
    assert moves[0][0] is match.state_before(starts[-5])  # from the state before the fifth last
    assert moves[-1][2] == match.state  # to where the game is
    for (_, _, after), (before, _, _) in pairwise(moves):
        assert after == before  # one after another, no entry left out
    assert all(events for _, events, _ in moves)


def main() -> None:
    """Draw the references named on the command line (see the module docstring)."""
    out, language, visits, *cases = sys.argv[1:]
    os.environ["CITY_BOARD_CONSOLE_HOME"] = str(Path(out) / "home")
    for case in cases:
        canvas = reference(case, language, int(visits))
        pygame.image.save(canvas, str(Path(out) / f"{case}-{language}-{visits}.png"))


if __name__ == "__main__":
    main()
