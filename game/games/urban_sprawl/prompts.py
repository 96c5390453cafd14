"""Urban Sprawl prompts: one-seat decisions whose message and label keys live in strings.toml."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.engine.core import Option, Prompt

from .board import GAME_ID

K = f"{GAME_ID}."
_new = object.__new__


class _PromptLayout:
    """Prompt's slots, plainly settable: a prompt is filled here and then made a Prompt
    (`__class__`: the same slots, so the same layout). A playout builds ~1,100 prompts, and a
    frozen slot's setter call costs about twice a plain slot's store and the class change."""

    __slots__ = Prompt.__slots__


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
    made = _new(_PromptLayout)
    made.player = seat
    made.kind = kind
    try:  # (a try costs nothing in Python 3.11 until it catches)
        made.message = _MESSAGES[kind]
    except KeyError:
        made.message = _MESSAGES[kind] = f"{K}prompt.{kind}"
    made.options = tuple(options)
    made.params = params
    made.__class__ = Prompt
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
