"""The engine contract shared by every game: prompts, options, chance nodes, events, rules.

Every decision is a choice from a finite list. `Rules.pending(state)` returns a `Chance`
(the Match samples it), `TERMINAL`, or a tuple of `Prompt`s, one per player who must act now
(more than one means simultaneous play). `Rules.apply` never mutates its input.

Actions are plain data: strings, ints and (nested) tuples of them, so a whole game can be saved as
JSON and replayed. `freeze` turns JSON lists back into tuples.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Action = Hashable
Target = tuple | None


def quick_init(cls: type) -> type:
    """Give a frozen slots dataclass an `__init__` that fills each slot through its descriptor.

    The generated frozen `__init__` goes through `object.__setattr__` per field, about twice
    as slow; playouts build a Prompt or a Chance every step (and options, events). Same
    signature, defaults and result; only plain defaults (no default_factory) are supported.
    """
    fields = dataclasses.fields(cls)
    env: dict[str, Any] = {}
    params, body = [], []
    for i, f in enumerate(fields):
        if f.default_factory is not dataclasses.MISSING or not f.init:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} needs a plain field")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            env[f"_d{i}"] = f.default
            params.append(f"{f.name}=_d{i}")
        env[f"_s{i}"] = cls.__dict__[f.name].__set__
        body.append(f"    _s{i}(self, {f.name})")
    # Generated from the dataclass's own field names, never from loaded data.
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body), env)  # noqa: S102
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


class IllegalAction(Exception):
    """Raised by `apply` when an action breaks the rules; the message says why."""


@quick_init
@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice: the action to apply, where it lives on screen, and its label key."""

    action: Action
    target: Target = None
    label: str = ""
    params: tuple[tuple[str, Any], ...] = ()


@quick_init
@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision one player must take now, with every legal option."""

    player: int
    kind: str
    message: str
    options: tuple[Option, ...]
    params: tuple[tuple[str, Any], ...] = ()

    def actions(self) -> tuple[Action, ...]:
        """The legal actions, in option order."""
        return tuple(o.action for o in self.options)


@quick_init
@dataclass(frozen=True, slots=True)
class Chance:
    """A random outcome the Match samples: (outcome, weight) pairs with positive weights."""

    outcomes: tuple[tuple[Action, float], ...]
    label: str = ""


@dataclass(frozen=True, slots=True)
class Terminal:
    """The marker `pending` returns once the game is over."""


TERMINAL = Terminal()


@quick_init
@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in `apply`, for the scene to animate and the log to show.

    `reveal` marks events that show hidden information: undo may not cross them.
    """

    kind: str
    player: int | None = None
    data: tuple[tuple[str, Any], ...] = ()
    reveal: bool = False

    def get(self, key: str, default: Any = None) -> Any:
        """The value of one data field."""
        for k, v in self.data:
            if k == key:
                return v
        return default


# The slot setters of Event, in field order. `event` fills a bare instance through them:
# the frozen dataclass __init__ goes through object.__setattr__ per field, which made `event`
# about 40% slower (Python 3.11), and a game emits hundreds of events (French Quarter ~750).
EVENT_SETTERS = tuple(Event.__dict__[f].__set__ for f in ("kind", "player", "data", "reveal"))


def event(kind: str, player: int | None = None, reveal: bool = False, **data: Any) -> Event:
    """Build an Event from keyword data (equal to Event(kind, player, data items, reveal))."""
    new = object.__new__(Event)
    set_kind, set_player, set_data, set_reveal = EVENT_SETTERS
    set_kind(new, kind)
    set_player(new, player)
    set_data(new, tuple(data.items()))
    set_reveal(new, reveal)
    return new


@dataclass(frozen=True)
class Config:
    """What a match is set up with: the number of seats and game-specific options."""

    players: int
    options: tuple[tuple[str, Any], ...] = field(default=())

    def option(self, key: str, default: Any = None) -> Any:
        """One game option, or the default."""
        return dict(self.options).get(key, default)

    def to_json(self) -> dict:
        """JSON form for saves."""
        return {"players": self.players, "options": dict(self.options)}

    @staticmethod
    def from_json(data: Any, switches: Sequence[str]) -> Config:
        """Inverse of `to_json` for a game whose options are the on/off `switches` it declares;
        raises ValueError on a malformed config (a bool is no player count, "no" is no switch,
        an option the game does not have is refused)."""
        # ValueError, not TypeError: a malformed save is bad data, and callers catch ValueError.
        players = data.get("players") if isinstance(data, dict) else None
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("config must be an object with an integer 'players'")  # noqa: TRY004
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("config.options must be an object")  # noqa: TRY004
        for key, value in options.items():
            if key not in switches:
                raise ValueError(f"config.options: {key!r} is not an option of this game")
            if not isinstance(value, bool):
                raise ValueError(f"config.options.{key}: must be true or false")  # noqa: TRY004
        return Config(players, tuple(sorted(options.items())))


Pending = Chance | Terminal | tuple[Prompt, ...]


@dataclass(frozen=True, slots=True)
class Detail:
    """One line explaining a score: its category, label key and params, points, success.

    `ok` is True for an achieved goal (a completed ticket), False for a failed one (it usually
    costs points) and None for plain scoring (routes claimed).
    """

    category: str
    label: str
    params: tuple[tuple[str, Any], ...] = ()
    points: int = 0
    ok: bool | None = None


# A translatable message: (label key, params), e.g. the tie-break that decided a game.
Note = tuple[str, tuple[tuple[str, Any], ...]]


@runtime_checkable
class Rules(Protocol):
    """What every game's rules engine provides. States are opaque to the core.

    Optional methods (`details`, `tiebreak`, `rating`, `randomize_hidden`) are capabilities:
    documented in `game.engine.capabilities`, declared in the room's `GameInfo.capabilities`,
    read through `capability()` / `supports()`, and checked by the conformance suite.
    """

    game_id: str
    min_players: int
    max_players: int

    def initial_state(self, config: Config) -> Any:
        """The state before the first chance node or prompt (setup deals are chance nodes)."""

    def pending(self, state: Any) -> Pending:
        """What happens next: a Chance, TERMINAL, or the prompts of players who must act."""

    def apply(
        self, state: Any, player: int | None, action: Action
    ) -> tuple[Any, tuple[Event, ...]]:
        """Apply a player's action (player None for a chance outcome); never mutates `state`."""

    def view(self, state: Any, player: int | None) -> Any:
        """What `player` may see (None: a spectator); hidden parts are redacted."""

    def scores(self, state: Any) -> tuple[dict[str, int], ...]:
        """Per player, points by category (the total is the sum)."""

    def winners(self, state: Any) -> tuple[int, ...]:
        """The winning seats at the end of the game (several on a shared victory)."""


def prompts_of(pending: Pending) -> tuple[Prompt, ...]:
    """The prompts of a pending result, or () for chance and terminal."""
    return pending if isinstance(pending, tuple) else ()


def prompt_for(pending: Pending, player: int) -> Prompt | None:
    """The prompt `player` must answer now, if any."""
    for p in prompts_of(pending):
        if p.player == player:
            return p
    return None


def freeze(value: Any) -> Any:
    """Turn JSON lists into tuples (recursively) so loaded actions equal the originals."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    return value


def total(breakdown: dict[str, int]) -> int:
    """The total of a score breakdown."""
    return sum(breakdown.values())


def check_action(prompt: Prompt, action: Action) -> None:
    """Raise IllegalAction unless `action` is one of the prompt's options."""
    if action not in prompt.actions():
        raise IllegalAction(f"{action!r} is not a legal choice for {prompt.kind}")


def tie_note(totals: Sequence[int], winners: Sequence[int], decided: str, shared: str,
             detail: tuple[str, Any]) -> Note | None:
    """The results note when several seats share the best total: the `decided` message when the
    game's tie-break left one winner, `shared` when several share the victory, None when the
    best total alone decided. Params: player, players (the tied seats), points, count (the
    same total: a message's plural form follows `count`, "1 point") and `detail` (what the
    tie-break compared, e.g. ("tickets", tickets completed); named "count", it wins)."""
    best = max(totals)
    tied = tuple(seat for seat, points in enumerate(totals) if points == best)
    if len(tied) == 1:
        return None
    params = (("points", best), ("count", best), detail)
    if len(winners) == 1:
        return decided, (("player", winners[0]), ("players", tied), *params)
    return shared, (("players", tuple(winners)), *params)


def ranked(totals: Sequence[int]) -> list[int]:
    """Seats ordered by total, best first (stable on ties)."""
    return sorted(range(len(totals)), key=lambda s: -totals[s])
