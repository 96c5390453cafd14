"""Next Station: Paris event sounds, timed to this room's renderer animations (scene.py).

A card flips in about 0.42 s; a pencil segment takes 0.32 s; score boxes count for 0.55 s. Kinds
not listed fall back to game.ui.audio's defaults and kind patterns.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ui.audio import Cue, CueEntry, EventSound

SOUND_CUES: Mapping[str, CueEntry] = {
    "card_revealed": EventSound((Cue("flip"),), 0.42),
    "segment_drawn": EventSound((Cue("swish", volume=0.45),), 0.32),
    "passed": None,
    "round_scored": EventSound((Cue("clunk", volume=0.6),), 0.55),
    "round_started": EventSound((Cue("shuffle", volume=0.6),), 0.3),
    "objective_met": EventSound((Cue("fanfare"),), 0.6),
    "gate_bonus": EventSound((Cue("fanfare", volume=0.6),), 0.4),
}
