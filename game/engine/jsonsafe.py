"""Reading JSON the console wrote itself, but that a disk, a crash or a person may have changed.

Every loader (saves, the autosave journal, settings) parses through `parse_json`, and saves read
their actions through `action_from_json`, so that hostile input gives one short, clear reason
(`ValueError`) instead of whatever the parser or a deep recursion happens to raise: a number
with thousands of digits, NaN, lists nested hundreds deep, a float where an int belongs.
"""

from __future__ import annotations

import json
from typing import Any

from .core import Action

MAX_DEPTH = 32  # far deeper than any save, settings or action the console writes
MAX_ACTION_DEPTH = 6  # actions are flat tuples, at most a tuple of tuples (kept tickets)


class Unreadable:
    """Stands for one value a tolerant parse could not take (a number too long to read, NaN),
    so a loader can drop that one field and keep the rest of the file."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __repr__(self) -> str:
        return f"<{self.reason}>"


def parse_json(text: str, tolerant: bool = False) -> Any:
    """`json.loads` with a `ValueError` carrying a short reason for anything it cannot take.

    `tolerant`: an over-long number or a NaN/Infinity becomes an `Unreadable` in place instead
    of failing the whole text (settings keep every other field; saves stay strict)."""
    hooks = ({"parse_constant": _mark_constant, "parse_int": _int_or_mark} if tolerant
             else {"parse_constant": _refuse_constant})
    try:
        data = json.loads(text, **hooks)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON (line {exc.lineno})") from None
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
    except ValueError:  # an integer beyond Python's digit limit for str -> int
        raise ValueError("a number too long to read") from None
    if _depth(data) > MAX_DEPTH:
        raise ValueError("JSON nested too deeply")
    return data


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save can hold")


def _mark_constant(name: str) -> Unreadable:
    return Unreadable(f"{name} is not a number")


def _int_or_mark(digits: str) -> int | Unreadable:
    try:
        return int(digits)
    except ValueError:  # beyond Python's digit limit for str -> int
        return Unreadable("a number too long to read")


def _depth(value: Any) -> int:
    """How deeply lists and objects nest (iterative: the input may be absurd)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, list | dict):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            stack.extend((child, depth + 1) for child in
                         (item.values() if isinstance(item, dict) else item))
    return deepest


def exact_int(value: Any) -> bool:
    """True for a JSON integer (a bool is not an int, a float is not an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def action_from_json(value: Any, depth: int = 0) -> Action:
    """A saved action back as the engine's value: lists become tuples; only strings, integers
    and null are allowed inside (`ValueError` naming what is not)."""
    if value is None or isinstance(value, str) or exact_int(value):
        return value
    if isinstance(value, list):
        if depth >= MAX_ACTION_DEPTH:
            raise ValueError("nested too deeply")
        return tuple(action_from_json(item, depth + 1) for item in value)
    raise ValueError(f"{_kind(value)} {_short(value)} cannot be part of an action")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "the boolean"
    if isinstance(value, float):
        return "the fraction"
    if isinstance(value, dict):
        return "the object"
    return "the value"


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 24 else text[:21] + "..."
