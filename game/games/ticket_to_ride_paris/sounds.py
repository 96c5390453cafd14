"""Ticket to Ride: Paris event sounds, timed to this room's renderer animations.

Card flights take about 0.3 s; buses drop 0.12 s apart and land 0.3 s after they start. Change
these with the animation timings in scene.py. Kinds not listed fall back to game.ui.audio's
defaults and kind patterns.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ui.audio import Cue, CueEntry, EventSound

SOUND_CUES: Mapping[str, CueEntry] = {
    "card_dealt": EventSound((Cue("swish", volume=0.55),), 0.12),
    "card_drawn": EventSound((Cue("swish"),), 0.3),
    "faceup_refilled": EventSound((Cue("swish", volume=0.35),), 0.1),
    "row_reset": EventSound((Cue("shuffle", volume=0.7),), 0.6),
    "deck_reshuffled": EventSound((Cue("shuffle"),), 0.5),
    "ticket_drawn": EventSound((Cue("flip"),), 0.15),
    "tickets_drawn": None,  # its ticket_drawn chance events flip one by one
    "tickets_kept": None,
    "route_claimed": EventSound((Cue("swish", volume=0.5), Cue("clunk", 0.42, every=0.12)),
                                0.3, 0.12, "cards"),
    "flag_card_kept": EventSound((Cue("swish", volume=0.6),), 0.4),
    "flag_completed": EventSound((Cue("fanfare"),), 0.6),
    "last_round": EventSound((Cue("pause"),), 0.6),
    "first_player": None,
    "passed": None,
}
