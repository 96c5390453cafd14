"""Next Station: Paris, 1-4 players at once: draw metro lines on your own map of Paris."""

from game.engine.registry import GameInfo, Showcase

GAME = GameInfo(
    id="next_station_paris",
    title_key="game.next_station_paris",
    min_players=1,
    max_players=4,
    rules_ref=f"{__name__}.rules:NextStationParis",
    scene_ref=f"{__name__}.scene:NSPRenderer",
    heuristic_ref=f"{__name__}.bot:evaluate",
    rules_summary_key="rules.next_station_paris",
    hidden_hands=False,  # every sheet is public: no pass-the-screen curtain
    options=("objectives", "gates"),  # the advanced modules (Modo avanzado)
    capabilities=("details", "tiebreak", "rating", "randomize_hidden", "sound_cues",
                  "split_screen", "board_geometry",
                  "prompt_help", "guide", "search_hooks", "move_reasons"),
    order=20,
    # The picker's card; its miniature: 2 bots, 22 steps in (about mid-game).
    showcase=Showcase(pitch_key="next_station_paris.pitch", minutes=(25, 25), weight=1, players=2,
                      steps=22),
)
