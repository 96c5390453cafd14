"""The game screen's Hint button: the Normal bot's move for a person, found off the frame loop.

A press asks an `engine.hints.Advisor` on a worker thread of its own (the bots keep theirs), about
the pressing seat's prompt. When the answer comes and that prompt is still open, the seat's focus
moves to the chosen option, the option glows with a short reason beside it until the seat
answers, and the seat's hint count goes up and into the autosave. An answer about a state the game
has left (a bot moved meanwhile in simultaneous play) is asked again; an undo drops it. Hints
are off when the `hints` setting is, and in attract-mode demos.
"""

from __future__ import annotations

import pygame

from game.engine.bot_worker import BotWorker
from game.engine.capabilities import capability
from game.engine.core import Prompt
from game.engine.hints import Advisor, Hint
from game.scenes import game_paint as paint
from game.scenes.table.focus import FocusKey
from game.scenes.table.host import HintHost
from game.ui.i18n import t, translator

GENERIC_REASON = "hint.reason.best"  # the shell's reason when the room has none for the kind


class HintDesk:
    """Hint requests, answers and what they show, for every seat of one game screen."""

    def __init__(self, game: HintHost) -> None:
        self.game = game
        self.worker = BotWorker()
        self.advisor = Advisor(game.info.heuristic(), game.match.seed, game.info.move_reason())
        self.shown: dict[int, Hint] = {}  # seat -> its hint for the prompt it has now
        self.wanted: dict[int, Prompt] = {}  # seats that pressed Hint -> the prompt they had

    def enabled(self) -> bool:
        """True when the Hint button works (the setting, and never in a demo)."""
        return self.game.app.settings.hints and not self.game.demo

    def current(self, seat: int) -> Hint | None:
        """The seat's hint, if it is about the prompt the seat has now."""
        hint = self.shown.get(seat)
        if hint is None or self.game.match.prompt_for(seat) != hint.prompt:
            return None
        return hint

    def request(self, seat: int) -> bool:
        """The seat pressed Hint; False if there is nothing to hint (no prompt, hints off)."""
        if not self.enabled() or self.game.match.prompt_for(seat) is None:
            return False
        hint = self.current(seat)
        if hint is not None:  # shown already: bring the focus back to it, count it once
            self._focus(seat, hint)
        elif seat not in self.wanted:
            self.wanted[seat] = self.game.match.prompt_for(seat)
            self._ask()
        return True

    def _ask(self) -> None:
        """Start thinking about the first seat still waiting at the prompt it asked about."""
        match = self.game.match
        self.wanted = {s: p for s, p in self.wanted.items() if match.prompt_for(s) == p}
        if self.worker.busy() or not self.wanted:
            return
        seat, prompt = next(iter(self.wanted.items()))
        self.worker.start(seat, match.state, self.advisor, match.rules, match.view(seat), prompt)

    def update(self) -> None:
        """Collect an answer (shown if still about the seat's prompt) and ask the next one."""
        if not self.wanted and not self.worker.busy():
            return  # nothing asked, nothing on the way: the usual frame
        answer = self.worker.collect(self.game.match.state)
        if answer is not None:
            seat, hint = answer
            if self.game.match.prompt_for(seat) == hint.prompt:
                del self.wanted[seat]
                self._show(seat, hint)
        elif self.worker.busy():
            return
        self._ask()  # a stale answer was dropped: ask again about the state as it is now

    def _show(self, seat: int, hint: Hint) -> None:
        self.shown[seat] = hint
        self.game.seats[seat].hints += 1
        self.game.save_seats()
        self._focus(seat, hint)
        self.game.app.audio.play("tick")

    def _focus(self, seat: int, hint: Hint) -> None:
        key = self.slot(seat, hint)
        if key is not None:
            self.game.focus[seat] = key

    def slot(self, seat: int, hint: Hint) -> FocusKey | None:
        """The focus slot of the hinted option (a board target or a bar button)."""
        chosen = hint.prompt.options[hint.index]
        _, options = self.game.slots(seat)
        return next((key for key, option in options.items() if option == chosen), None)

    def answered(self, seat: int) -> None:
        """The seat chose: its hint is spent (a later prompt equal to this one is not hinted)."""
        self.shown.pop(seat, None)
        self.wanted.pop(seat, None)

    def forget(self) -> None:
        """Drop every hint and request (an undo, a reload)."""
        self.shown.clear()
        self.wanted.clear()
        self.worker.drop()

    def close(self) -> None:
        """Stop the worker (leaving the game screen)."""
        self.worker.close()

    # -- drawing -----------------------------------------------------------------------------
    def reason_text(self, hint: Hint) -> str:
        """The hint's short reason: the bot's, else the room's for the prompt kind, else ours."""
        if hint.reason is not None:
            return t(hint.reason.key, **dict(hint.reason.params))
        own = f"{self.game.info.id}.hint.{hint.prompt.kind}"
        return t(own if translator().has(own) else GENERIC_REASON)

    def draw(self, surface: pygame.Surface, seats: list[int]) -> None:
        """The glow and the reason of each of these seats' current hints (none once the setting
        is switched off)."""
        if not self.enabled():
            return
        for seat in seats:
            hint = self.current(seat)
            key = self.slot(seat, hint) if hint is not None else None
            rect = self.game.slots(seat)[0].get(key) if key is not None else None
            if rect is not None:
                paint.hint_glow(surface, rect, self.game.clock)
                paint.hint_callout(surface, self.callout_rect(seat, hint, rect),
                                   self.reason_text(hint), seat)

    def callout_rect(self, seat: int, hint: Hint, target: pygame.Rect) -> pygame.Rect:
        """Where the hint's reason goes beside its target: clear of the renderer's titles
        (`keep_clear`) and, where there is room, of the seat's other choices."""
        others = [r for r in self.game.slots(seat)[0].values() if r != target]
        own = capability(self.game.renderer, "keep_clear")
        return paint.callout_box(paint.callout_size(self.reason_text(hint)), target, others,
                                 own() if own else ())
