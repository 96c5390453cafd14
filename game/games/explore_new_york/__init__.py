"""Explore New York, 2-4 players at once: chart a tourist route on your own map of the city."""

from game.engine.registry import GameInfo, Showcase

GAME = GameInfo(
    id="explore_new_york",
    title_key="game.explore_new_york",
    min_players=2,
    max_players=4,
    rules_ref=f"{__name__}.rules:ExploreNewYork",
    scene_ref=f"{__name__}.scene:ENYRenderer",
    heuristic_ref=f"{__name__}.bot:evaluate",
    rules_summary_key="rules.explore_new_york",
    hidden_hands=False,  # every map is public: no pass-the-screen curtain
    capabilities=("details", "tiebreak", "randomize_hidden", "category_colors", "sound_cues",
                  "split_screen", "board_geometry", "keep_clear", "result_picture", "peek",
                  "prompt_help", "guide", "search_hooks", "move_reasons"),
    order=40,
    # The picker's card; its miniature: 2 bots, 16 steps in (about mid-game).
    showcase=Showcase(pitch_key="explore_new_york.pitch", minutes=(20, 30), weight=1, players=2,
                      steps=16),
)
