"""Urban Sprawl prompts: one-seat decisions whose message and label keys live in strings.toml."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.engine.core import Option, Prompt

from .board import GAME_ID

K = f"{GAME_ID}."
# Prompt's slot setters: a bare Prompt filled through them skips the frozen __init__'s
# setattr per field (a playout builds ~1,200 prompts; the same trick as core.EVENT_SETTERS).
_PROMPT_SETTERS = tuple(Prompt.__dict__[name].__set__
                        for name in ("player", "kind", "message", "options", "params"))
_new = object.__new__


def prompt(seat: int, kind: str, options: list[Option] | tuple[Option, ...],
           **params: Any) -> tuple[Prompt, ...]:
    """A one-seat decision (the message key is the kind)."""
    made = _new(Prompt)
    set_player, set_kind, set_message, set_options, set_params = _PROMPT_SETTERS
    set_player(made, seat)
    set_kind(made, kind)
    set_message(made, f"{K}prompt.{kind}")
    set_options(made, tuple(options))
    set_params(made, tuple(params.items()))
    return (made,)


@lru_cache(maxsize=4096)  # options are immutable values: equal arguments may share one
def option(action: tuple, target: tuple | None, label: str, **params: Any) -> Option:
    """An option with a label key of this game."""
    return Option(action, target, f"{K}option.{label}", tuple(params.items()))


@lru_cache(maxsize=256)
def split_options(n: int, amount: int) -> tuple[Option, ...]:
    """How many of n equal amounts to take (or pay) as prestige, the rest as wealth."""
    return tuple(option(("prestige", k), None, "split", prestige=k * amount,
                        wealth=(n - k) * amount) for k in range(n + 1))
