"""French Quarter event sounds, timed to this room's renderer animations (scene.py).

Dice tumble 0.35 s each, staggered 0.07 s; a die flies for 0.35 s; the tourist walks 0.16 s per
space; a value is written in 0.4 s; a box ticks in 0.22 s; a Second Line stretch draws in 0.5 s.
Change these with the timings in scene.py. Kinds not listed fall back to game.ui.audio's
defaults and kind patterns.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ui.audio import Cue, CueEntry, EventSound

SOUND_CUES: Mapping[str, CueEntry] = {
    "card_revealed": EventSound((Cue("flip", volume=0.5),), 0.08),
    "mayor_card": EventSound((Cue("flip"),), 0.25),
    "die_rolled": EventSound((Cue("shuffle", volume=0.35),), 0.07),
    "die_taken": EventSound((Cue("swish"),), 0.35),
    "carly_took": EventSound((Cue("swish", volume=0.7),), 0.35),
    "card_swapped": EventSound((Cue("flip"),), 0.2),
    "moved": EventSound((Cue("tick", volume=0.6),), 0.45),
    "police": EventSound((Cue("error", volume=0.6),), 0.45),
    "mapped": EventSound((Cue("clunk", volume=0.5, at=0.3),), 0.4),
    "meter": EventSound((Cue("tick"),), 0.22),
    "umbrella": EventSound((Cue("tick", volume=0.7),), 0.22),
    "multiplier": EventSound((Cue("confirm"),), 0.3),
    "bonus": EventSound((Cue("fanfare", volume=0.6),), 0.45),
    "artist": EventSound((Cue("tick"),), 0.22),
    "line_advanced": EventSound((Cue("fanfare", volume=0.5),), 0.5),
    "personal_advanced": EventSound((Cue("swish", volume=0.6),), 0.5),
    "line_scored": EventSound((Cue("tick", volume=0.5),), 0.3),
    "round": EventSound((Cue("chime", volume=0.6),), 0.8),
    "line_start": None,
    "first_player": None,
    "vacation_dealt": None,
    "police_value": None,
    "no_move": EventSound((Cue("error", volume=0.5),), 0.2),
    "personal_line": None,
}
