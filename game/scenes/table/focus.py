"""The focus model: one prompt's focusable slots, built once per prompt and target layout.

Every option with a board target of its own is a board slot at that target's rect; options
sharing a target, or without a drawn one, become bar buttons. The shell reads the slots several
times a frame and on every press, so the model is kept until the prompt, where its targets are
drawn or the language (its button labels) changes; where the bar buttons go depends on the table
mode and is remembered for the last placement asked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from typing import Any

import pygame

from game.engine.core import Option, Prompt, Target
from game.scenes import game_paint as paint
from game.ui.i18n import language, t

FocusKey = tuple  # ("board", target) or ("bar", option index)


def option_label(option: Option) -> str:
    """A bar button's text: the option's translated label, else its action."""
    return t(option.label, **dict(option.params)) if option.label else str(option.action)


def layout_key(prompt: Prompt, targets: Mapping[Target, Any]) -> tuple:
    """What a model of `prompt` depends on besides the prompt: the language and where each
    option's target is drawn."""
    return language(), tuple(None if o.target is None or o.target not in targets
                             else tuple(targets[o.target]) for o in prompt.options)


class FocusModel:
    """A prompt's board slots, bar buttons (with labels and widths) and their options."""

    def __init__(self, prompt: Prompt, targets: Mapping[Target, Any], label_cap: int) -> None:
        self.prompt = prompt
        self.key = layout_key(prompt, targets)
        drawn = Counter(o.target for o in prompt.options)
        self.board: dict[FocusKey, pygame.Rect] = {}
        self.options: dict[FocusKey, Option] = {}  # board slots first, then bar buttons
        self.bar: list[int] = []  # option indices shown as bar buttons
        for i, option in enumerate(prompt.options):
            rect = targets.get(option.target) if option.target is not None else None
            if rect is not None and drawn[option.target] == 1:
                key = ("board", option.target)
                self.board[key], self.options[key] = pygame.Rect(rect), option
            else:
                self.bar.append(i)
        self.options.update({("bar", i): prompt.options[i] for i in self.bar})
        self.labels = {i: option_label(prompt.options[i]) for i in self.bar}
        self.widths = [paint.label_width(self.labels[i], label_cap) for i in self.bar]
        self.message = t(prompt.message, **dict(prompt.params))  # the prompt's text
        self._placed: tuple[Hashable, dict[FocusKey, pygame.Rect]] | None = None
        self._fitted: Mapping[Target, Any] = targets  # the targets last found to fit

    def fits(self, prompt: Prompt, targets: Mapping[Target, Any]) -> bool:
        """True if this model still describes `prompt` drawn at `targets` (the same mapping
        as last time fits at once: a renderer hands out a new one when its targets move,
        as `SplitRenderer.seat_targets` does, or a copy each time)."""
        if prompt is not self.prompt:
            return False
        if targets is self._fitted and self.key[0] == language():
            return True
        if layout_key(prompt, targets) != self.key:
            return False
        self._fitted = targets
        return True

    def slots(self, placement: Hashable, place: Callable[[], dict[int, pygame.Rect]]
              ) -> dict[FocusKey, pygame.Rect]:
        """Board rects, then bar rects where `place()` puts the buttons (computed once per
        `placement`, the inputs of `place`). Read the result, never change it."""
        if self._placed is None or self._placed[0] != placement:
            rects = dict(self.board)
            rects.update({("bar", i): rect for i, rect in place().items()})
            self._placed = placement, rects
        return self._placed[1]

