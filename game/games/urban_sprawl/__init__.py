"""Urban Sprawl, 2-4 players: build a town into a metropolis, win elections, earn prestige.

Engine-only for now (no scene yet): it plays headless, in the conformance suite and in tests,
and stays out of the menus until its renderer exists.
"""

from game.engine.registry import GameInfo

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
    capabilities=("details", "tiebreak", "randomize_hidden"),
    order=50,
    listed=True,
)
