"""Ticket to Ride: Paris, 2-4 players: claim bus routes between landmarks, complete tickets."""

from game.engine.registry import GameInfo, Showcase

GAME = GameInfo(
    id="ticket_to_ride_paris",
    title_key="game.ticket_to_ride_paris",
    min_players=2,
    max_players=4,
    rules_ref=f"{__name__}.rules:TicketToRideParis",
    scene_ref=f"{__name__}.scene:TTRRenderer",
    heuristic_ref=f"{__name__}.bot:evaluate",
    rules_summary_key="rules.ticket_to_ride_paris",
    capabilities=("details", "tiebreak", "sound_cues", "board_geometry", "keep_clear",
                  "prompt_help", "guide", "search_hooks", "move_reasons"),
    order=10,
    # The picker's card; its miniature: 3 bots, 36 steps in (about mid-game).
    showcase=Showcase(pitch_key="ticket_to_ride_paris.pitch", minutes=(10, 15), weight=1, players=3,
                      steps=36),
)
