"""Urban Sprawl prompts: one-seat decisions whose message and label keys live in strings.toml."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.engine.core import Option, Prompt

from .board import GAME_ID

K = f"{GAME_ID}."
# Prompt's slot setters: a bare Prompt filled through them skips the frozen __init__'s
# setattr per field (a playout builds ~1,200 prompts; the same trick as core.EVENT_SETTERS).
_SET_PLAYER, _SET_KIND, _SET_MESSAGE, _SET_OPTIONS, _SET_PARAMS = (
    Prompt.__dict__[name].__set__ for name in ("player", "kind", "message", "options", "params"))
_new = object.__new__
# Prompt kind -> its message key, made once per kind rather than formatted per prompt.
_MESSAGES: dict[str, str] = {}


def prompt(seat: int, kind: str, options: list[Option] | tuple[Option, ...],
           **params: Any) -> tuple[Prompt, ...]:
    """A one-seat decision (the message key is the kind)."""
    return prompt_of(seat, kind, options, tuple(params.items()) if params else ())


def prompt_of(seat: int, kind: str, options: list[Option] | tuple[Option, ...],
              params: tuple[tuple[str, Any], ...]) -> tuple[Prompt, ...]:
    """`prompt` with its parameters as (name, value) pairs already: the prompts asked every
    turn skip a keyword dict."""
    made = _new(Prompt)
    _SET_PLAYER(made, seat)
    _SET_KIND(made, kind)
    message = _MESSAGES.get(kind)
    if message is None:
        message = _MESSAGES[kind] = f"{K}prompt.{kind}"
    _SET_MESSAGE(made, message)
    _SET_OPTIONS(made, tuple(options))
    _SET_PARAMS(made, params)
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
