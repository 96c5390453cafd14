"""The game scene's side of a sleeping table (game.ui.sleep): when a frame did nothing but move
clocks, the frames after it are skipped until the bots' pace runs out and their answer is there,
or something from outside (a press, a phone, a pause) wakes the table.

A frame is at rest when: the board's renderer says its `update` would only move its clock and its
`damage` report would be [] (`RoomRenderer.at_rest`, exact in each room); no bot's move waits to be
shown, no person here has a prompt (a prompt breathes) or a hint shows, no hint is being worked
out, nobody's pad or phone is counted gone; the table's bookkeeping has run on what it would read
next frame; and a bot that must move is thinking on the worker. The clocks it keeps moving while
asleep are the scene's (`clock`), the renderer's (`_time`), while sound cues wait the audio's cue
clock (a cue falling due wakes it) and, while a bot waits out its pace, the driver's `think`:
`catch_up` gives them the skipped seconds.
"""

from __future__ import annotations

from math import isinf
from typing import Any

from game.engine.driver import THINK_TIME
from game.ui.sleep import NO_LIMIT, Sleep


class TableSleeper:
    """Decides whether the game scene may sleep after a frame, and catches its clocks up."""

    def __init__(self, scene: Any) -> None:
        """`scene`: the GameScene (not imported: game.scenes.game imports this module)."""
        self.scene = scene
        self.ready = False  # the scene's update of this frame did nothing but move clocks
        self.thinks = False  # the last sleep's pace is the driver's `think` (a bot waits)

    def sleep(self) -> Sleep | None:
        """A Sleep from the next frame on, if the table is at rest (module docstring); None if
        the next frame may do or show something."""
        sleep = self._sleep()
        if sleep is not None:
            game = self.scene
            match, audio = game.match, game.app.audio
            sleep.watch, sleep.state = match, match.state
            sleep.cues = len(audio.queued)
            if audio.queued and self.animates():  # (the cue clock moves with the tweens')
                sleep.cue, sleep.cue_due = audio._clock, audio.queued[0][0]
        return sleep

    def _sleep(self) -> Sleep | None:
        game = self.scene
        at_rest = getattr(game.renderer, "at_rest", None)
        # (`ready` says the update got past the table's bookkeeping, and nothing since moved
        # the game: it would find its inputs settled. Whether a person here is prompted: as
        # this frame's damage report found, a call less.)
        if (at_rest is None or game.finished or game._unshown is not None
                or game.hint_desk.shown or game.frame_damage.prompted or not at_rest()):
            return None
        factor = game.speed_factor()  # (the pace's factor, as `update` reads it inline)
        self.thinks = False
        table, driver = game.table, game.driver
        clocks = game.clock, game.renderer._time, factor
        if table.curtain is not None or game.hold_bots or not driver._waiting():
            return Sleep(self, *clocks)  # no bot to pace: only a cause from outside wakes it
        job = driver.worker.job
        if job is None:
            return None  # a waiting bot that is not thinking yet: the next frame may start it
        self.thinks = True
        limit = -NO_LIMIT if table.bots_at_once() else THINK_TIME
        return Sleep(self, *clocks, driver.think, limit, job[2])

    def catch_up(self, sleep: Sleep) -> None:
        """Take over the clocks the app moved while asleep: the scene's, the renderer's (only
        at a speed that animates: "instant" calls no renderer update) and, while a bot waited
        out its pace, the driver's `think`."""
        game = self.scene
        game.clock = sleep.clock
        if self.animates():
            game.renderer._time = sleep.time
            if sleep.cues:  # (cues waited all along: the app played the others meanwhile)
                game.app.audio._clock = sleep.cue
        if self.thinks:
            game.driver.think = sleep.pace

    def animates(self) -> bool:
        """True unless at the "instant" speed (no renderer update, no cue clock: GameScene's
        `update`)."""
        return not isinf(self.scene.speed_factor())
