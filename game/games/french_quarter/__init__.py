"""French Quarter, 1-4 players (1 = solo against Mayor Carly): dice, meters and a Second Line."""

from game.engine.registry import GameInfo, Showcase

GAME = GameInfo(
    id="french_quarter",
    title_key="french_quarter.title",
    min_players=1,  # 1 = solo against Mayor Carly
    max_players=4,
    rules_ref=f"{__name__}.rules:FrenchQuarter",
    scene_ref=f"{__name__}.scene:FQRenderer",
    heuristic_ref=f"{__name__}.bot:evaluate",
    rules_summary_key="rules.french_quarter",
    options=("mayor", "tourism"),  # Variante Alcalde, Expansión Turismo
    capabilities=("details", "tiebreak", "rating", "randomize_hidden", "sound_cues",
                  "category_colors", "board_geometry",
                  "prompt_help", "guide", "search_hooks", "move_reasons"),
    order=30,
    # The picker's card; its miniature: 2 bots, 60 steps in (about mid-game).
    showcase=Showcase(pitch_key="french_quarter.pitch", minutes=(30, 45), weight=2, players=2,
                      steps=60),
)
