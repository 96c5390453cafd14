"""Next Station: Paris seat strips: every prompt of a whole game fits its strip, in words.

Unlike the split-screen gamepad tests, this test drives the game through the scene's own
`GameScene.apply` (the path a seat's confirmed choice takes) and resets the renderer to the
new state after each answer, skipping input and animation: it checks what the strips paint for
every prompt kind of a whole game with modules on, in each language, which a gamepad-driven
game would take minutes to reach.
"""

from __future__ import annotations

import random
import re

import pytest

from game.scenes import game_paint, scene_registry
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec
from game.ui.app import App
from game.ui.i18n import set_language

NSP = "next_station_paris"
# The "start" prompt's text (strings.toml: next_station_paris.prompt.start): every game here
# asks for a start, so the spy must have seen it.
START_PROMPT = {"en": "Where does this segment start?", "es": "¿Dónde empieza este tramo?"}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("players", "humans"), [(2, 2), (4, 4), (3, 1), (3, 3)])
def test_every_prompt_and_button_fits_its_seat_strip_whole(home, monkeypatch, language, players,
                                                           humans):
    """No prompt of a whole game (modules on) is cut short with '...' in a seat's strip, and no
    strip text names a station by its grid id (a player sees symbols, not 'b8')."""
    cut: list[tuple[str, int]] = []
    shown: set[str] = set()
    real_fit = game_paint.fit_cached

    def spy(text: str, size: int, width: int) -> str:
        out = real_fit(text, size, width)
        shown.add(text)
        if out != text:
            cut.append((text, width))
        return out

    monkeypatch.setattr(game_paint, "fit_cached", spy)
    app = App(scene_registry(), windowed=(480, 270))
    app.settings.language = language
    set_language(language)
    seats = [SeatSpec("human", f"pad:{700 + s}") if s < humans else SeatSpec("greedy")
             for s in range(players)]
    game = GameScene(app, NSP, seats, 4, options=(("gates", True), ("objectives", True)))
    app.stack.reset(game)
    app.stack.apply()
    rng = random.Random(players)
    kinds = set()
    try:
        while not game.match.is_over():
            prompts = game.match.prompts()
            for prompt in prompts:
                kinds.add(prompt.kind)
            prompt = prompts[0]
            # mostly segments (tours and gate bonuses follow), sometimes one whose start is
            # asked next ("to"), rarely a pass
            segments = [o for o in prompt.options if o.target is not None]
            starts = [o for o in segments if o.action[0] == "to"]
            pool = starts if starts and rng.random() < 0.5 else segments
            action = rng.choice(pool or prompt.options).action
            game.apply(prompt.player, action)
            game.renderer.reset(game.match.view(None), None)
            app.draw()  # every human seat's strip, with its prompt and buttons
    finally:
        set_language("en")
    assert {"card", "start"} <= kinds and kinds & {"tour", "circle", "free_any", "free_end"}
    assert START_PROMPT[language] in shown, sorted(shown)  # the spy saw the strips' text
    assert not cut, cut
    grid_ids = {s.id for s in game.match.rules.board.stations if s.id[1:].isdigit()}  # b8...
    assert not [text for text in shown if set(re.findall(r"\w+", text)) & grid_ids]
