"""Example dice, 2-3 players: the smallest complete room, a walk-through for new games.

Kept out of the menus (`listed=False`) but discovered, tested and playable like every room; see
README "Adding a game" for the tour of its files.
"""

from game.engine.registry import GameInfo, Showcase

GAME = GameInfo(
    id="example_dice",
    title_key="example_dice.title",
    min_players=2,
    max_players=3,
    rules_ref=f"{__name__}.rules:DiceGame",
    scene_ref=f"{__name__}.scene:DiceRenderer",
    heuristic_ref=f"{__name__}.bot:evaluate",
    rules_summary_key="example_dice.rules",
    capabilities=("randomize_hidden", "sound_cues", "search_hooks"),
    order=1000,
    listed=False,
    # The picker's card; its miniature: 2 bots, 5 steps in (about mid-game).
    showcase=Showcase(pitch_key="example_dice.pitch", minutes=(5, 5), weight=1, players=2,
                      steps=5),
)
