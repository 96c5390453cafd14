"""Urban Sprawl, 2-4 players: build a town into a metropolis, win elections, earn prestige.

Listed since its scene (scene.py) plays whole games with a gamepad
(tests/games/urban_sprawl/test_us_full_game.py).
"""

from game.engine.registry import GameInfo, Showcase

GAME = GameInfo(
    id="urban_sprawl",
    title_key="urban_sprawl.title",
    min_players=2,
    max_players=4,
    rules_ref=f"{__name__}.rules:UrbanSprawl",
    scene_ref=f"{__name__}.scene:USRenderer",
    heuristic_ref=f"{__name__}.bot:evaluate",
    rules_summary_key="urban_sprawl.rules",
    options=("long", "short"),  # the rulebook's longer and shorter game variants
    hidden_hands=False,  # no card is one seat's secret: no pass-the-screen curtain
    capabilities=("details", "tiebreak", "randomize_hidden", "sound_cues", "board_geometry",
                  "keep_clear", "prompt_help", "guide", "search_hooks", "move_reasons"),
    order=50,
    listed=True,
    # The picker's card; its miniature: 3 bots, 200 steps in (about mid-game).
    showcase=Showcase(pitch_key="urban_sprawl.pitch", minutes=(120, 180), weight=4, players=3,
                      steps=200),
)
