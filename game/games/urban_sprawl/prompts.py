"""Urban Sprawl prompts: one-seat decisions whose message and label keys live in strings.toml."""

from __future__ import annotations

from typing import Any

from game.engine.core import Option, Prompt

from .board import GAME_ID

K = f"{GAME_ID}."


def prompt(seat: int, kind: str, options: list[Option], **params: Any) -> tuple[Prompt, ...]:
    """A one-seat decision (the message key is the kind)."""
    return (Prompt(seat, kind, f"{K}prompt.{kind}", tuple(options), tuple(params.items())),)


def option(action: tuple, target: tuple | None, label: str, **params: Any) -> Option:
    """An option with a label key of this game."""
    return Option(action, target, f"{K}option.{label}", tuple(params.items()))


def split_options(n: int, amount: int) -> list[Option]:
    """How many of n equal amounts to take (or pay) as prestige, the rest as wealth."""
    return [option(("prestige", k), None, "split", prestige=k * amount, wealth=(n - k) * amount)
            for k in range(n + 1)]
