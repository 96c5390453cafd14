"""A game's board redrawn in a language switched in Settings mid-game.

The board's renderer keeps what it drew (layers keyed by what they show, faces and labels
cached on its panels) and what it heard (a move log, whose seat's map is large). So the switch
gets a new renderer, which draws every word in the new language, and which hears the last
moves again (HEARD_AGAIN of them, events worked out anew from the states the match keeps for
undo), so that a move log reads as it did, in the new words. Hearing them all again would cost
up to a second in a long game (every move's events, and a full repaint per move): the last
moves, queued one after another and shown at once at the end, cost tens of milliseconds.
"""

from __future__ import annotations

from typing import Any

from game.engine.capabilities import capability
from game.engine.core import Event
from game.engine.match import Match
from game.scenes.seating import seat_name
from game.ui.render_kit import RoomRenderer

HEARD_AGAIN = 16  # the last moves a new renderer hears: twice what a move log shows (8)
Move = tuple[Any, tuple[Event, ...], Any]  # (state before, its events, state after)


def move_starts(match: Match) -> list[int]:
    """Where each move starts in the match's history: a seat's action (the chance outcomes
    dealt after it belong to it), or the opening deal."""
    return [i for i, (player, _) in enumerate(match.history) if i == 0 or player is not None]


def last_moves(match: Match, count: int) -> list[Move]:
    """The last `count` moves of the match, as the board heard them (one batch of events per
    move), worked out again from the state before each (the rules are pure)."""
    starts = move_starts(match)[-count:]
    ends = starts[1:] + [len(match.history)]
    return [replayed(match, start, end) for start, end in zip(starts, ends)]


def replayed(match: Match, start: int, end: int) -> Move:
    """History entries start..end-1 applied again to the state before them."""
    before = state = match.state_before(start)
    events: list[Event] = []
    for player, action in match.history[start:end]:
        state, more = match.rules.apply(state, player, action)
        events += more
    return before, tuple(events), state


def rebuild_board(scene: Any) -> None:
    """The game scene's seat names and renderer made again in the current language (the
    scene's class is not imported: its module imports this one): the renderer heard the last
    moves and shows where the game is now, its clock (pulses) going on from the old one's."""
    scene.names[:] = [seat_name(scene.seats, i) for i in range(len(scene.seats))]
    match, viewer, old = scene.match, scene.viewer, scene.renderer
    renderer = scene.new_renderer()
    hear_again(renderer, match.rules, last_moves(match, HEARD_AGAIN), viewer)
    renderer.reset(match.view(viewer), viewer)
    if isinstance(renderer, RoomRenderer) and isinstance(old, RoomRenderer):
        renderer.time = old.clock
    scene.renderer = renderer
    scene.sound_cues = capability(renderer, "sound_cues")


def hear_again(renderer: Any, rules: Any, moves: list[Move], viewer: int | None) -> None:
    """Let the renderer hear the moves one after another, from the state before the first
    (their animations queued, to be dropped by the reset that follows)."""
    if moves:
        renderer.reset(rules.view(moves[0][0], viewer), viewer)
    for _, events, after in moves:
        renderer.animate(events, rules.view(after, viewer), viewer)
