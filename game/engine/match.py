"""Match: drives one game through its rules: seeded chance, history, undo, replay, save/load.

A whole game is (game id, config, seed, actions). Chance outcomes are recorded as actions of the
pseudo-player None, so replaying the list needs no random numbers at all; sampling uses a
`random.Random` seeded from (seed, step number), so a given seed always gives the same history and
undoing cannot re-roll a chance outcome.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from bisect import bisect
from itertools import accumulate
from operator import itemgetter
from pathlib import Path
from typing import Any

from .core import (
    TERMINAL,
    Action,
    Chance,
    Config,
    Event,
    IllegalAction,
    Pending,
    Prompt,
    Rules,
    freeze,
    prompt_for,
    prompts_of,
    total,
)
from .jsonsafe import action_from_json, exact_int, parse_json

SAVE_FORMAT = "city-board-console/match"
SAVE_VERSION = 1


class SaveError(Exception):
    """A save file that cannot be loaded; the message says which file and why."""


def sample(chance: Chance, rng: random.Random) -> Action:
    """Pick one outcome of a chance node by weight.

    The very draw `rng.choices(outcomes, weights)` makes (one `random()` scaled by the total
    weight, bisected over the running sums: seeded games stay the same), without building the
    two lists and the call it needs: playouts sample a chance every other step."""
    outcomes = chance.outcomes
    last = len(outcomes) - 1
    if not last:
        return outcomes[0][0]
    running = list(accumulate(map(_weight, outcomes)))
    return outcomes[bisect(running, rng.random() * (running[-1] + 0.0), 0, last)][0]


_weight = itemgetter(1)


def deal_rng(seed: int, step: int) -> random.Random:
    """The random stream that deals the chance node at history length `step` (one per step, so
    undo cannot re-roll and a move worked out ahead deals the very same outcomes)."""
    return random.Random(seed * 1_000_003 + step)


def turn_passed(player: int, seats_before: set[int], pending_after: Pending) -> bool:
    """True unless `player` still decides and nobody else was newly asked (same turn)."""
    seats_after = {p.player for p in prompts_of(pending_after)}
    return player not in seats_after or not seats_after <= seats_before


class Landing:
    """A player's move and the chance it leads to, worked out ahead off the match (on the bot
    worker: `land_ahead`): what `Match.adopt` records in a few assignments instead of applying
    the rules on the frame. `after` is free for the caller (the scene's view and sound cues)."""

    __slots__ = ("after", "barrier", "entries", "events", "length", "pending", "start", "state",
                 "states")

    def __init__(self, start: Any, length: int) -> None:
        self.start = start  # the state the move was worked out from (held: identity is checked)
        self.length = length  # the history length then
        self.states: list[Any] = []  # the state before each new history entry
        self.entries: list[tuple[int | None, Action]] = []
        self.events: tuple[Event, ...] = ()
        self.state = start  # the state after the move and its chance
        self.pending: Pending | None = None  # what that state waits for
        self.barrier: int | None = None  # the new undo barrier (None: unchanged)
        self.after: Any = None


def land_ahead(rules: Rules, seed: int, state: Any, length: int, player: int,
               action: Action) -> Landing:
    """Work out `Match.apply(player, action)` then `resolve_chance()` on a match at `state` with
    `length` history entries, without touching the match (pure: safe on another thread).
    Raises what the rules raise (IllegalAction for a refused move)."""
    landing = Landing(state, length)
    seats_before = {p.player for p in prompts_of(rules.pending(state))}
    after, events = rules.apply(state, player, action)
    pending = rules.pending(after)
    states, entries = [state], [(player, action)]
    if any(e.reveal for e in events) or turn_passed(player, seats_before, pending):
        landing.barrier = length + 1
    while isinstance(pending, Chance):  # resolve_chance: the seed's outcome of each step
        outcome = sample(pending, deal_rng(seed, length + len(entries)))
        states.append(after)
        after, more = rules.apply(after, None, outcome)
        entries.append((None, outcome))
        events += more
        pending = rules.pending(after)
        landing.barrier = length + len(entries)  # a chance outcome always sets the barrier
    landing.states, landing.entries, landing.events = states, entries, tuple(events)
    landing.state, landing.pending = after, pending
    return landing


class Match:
    """One game in progress: the current state, its history and everything needed to rebuild it."""

    def __init__(self, rules: Rules, config: Config, seed: int) -> None:
        self.rules = rules
        self.config = config
        self.seed = seed
        self.state = rules.initial_state(config)
        self.history: list[tuple[int | None, Action]] = []
        self._states: list[Any] = []  # state before each history entry, for undo
        self._barrier = 0  # undo never goes below this history length
        self._pending: Pending | None = None

    # -- reading -----------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        """The registered id of the game."""
        return self.rules.game_id

    def pending(self) -> Pending:
        """What the game waits for now (cached until the next change)."""
        if self._pending is None:
            self._pending = self.rules.pending(self.state)
        return self._pending

    def prompts(self) -> tuple[Prompt, ...]:
        """The prompts waiting for an answer now."""
        return prompts_of(self.pending())

    def prompt_for(self, player: int) -> Prompt | None:
        """The prompt `player` must answer now, if any."""
        return prompt_for(self.pending(), player)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.pending() is TERMINAL

    def view(self, player: int | None) -> Any:
        """What one player may see of the current state."""
        return self.rules.view(self.state, player)

    def totals(self) -> list[int]:
        """Each seat's total score right now."""
        return [total(b) for b in self.rules.scores(self.state)]

    def state_before(self, index: int) -> Any:
        """The state history entry `index` was applied to (kept for undo)."""
        return self._states[index]

    # -- changing ----------------------------------------------------------------------------
    def _record(self, player: int | None, action: Action) -> tuple[Event, ...]:
        before = self.state
        seats_before = {p.player for p in self.prompts()}
        self.state, events = self.rules.apply(before, player, action)
        self._states.append(before)
        self.history.append((player, action))
        self._pending = None
        if (
            player is None
            or any(e.reveal for e in events)
            or self._turn_passed(player, seats_before)
        ):
            self._barrier = len(self.history)
        return events

    def _turn_passed(self, player: int, seats_before: set[int]) -> bool:
        """True unless `player` still decides and nobody else was newly asked (same turn)."""
        return turn_passed(player, seats_before, self.pending())

    def adopt(self, landing: Landing) -> tuple[Event, ...] | None:
        """Record a move worked out ahead (`land_ahead`) as `apply` then `resolve_chance` would;
        its events, or None (nothing changed) if the match is no longer where it started."""
        if landing.start is not self.state or landing.length != len(self.history):
            return None
        self._states += landing.states
        self.history += landing.entries
        self.state = landing.state
        self._pending = landing.pending
        if landing.barrier is not None:
            self._barrier = landing.barrier
        return landing.events

    def apply(self, player: int, action: Action) -> tuple[Event, ...]:
        """Apply a player's choice; raises IllegalAction if it is not one of their options.

        The rules check legality (once, in `apply`); the match only refuses a chance outcome
        passed off as a player's choice.
        """
        if player is None:
            raise IllegalAction("chance outcomes go through apply_chance")
        return self._record(player, action)

    def apply_chance(self, outcome: Action) -> tuple[Event, ...]:
        """Force a chance outcome (tests and replays); it must be a possible outcome."""
        pending = self.pending()
        if not isinstance(pending, Chance):
            raise IllegalAction("no chance node is pending")
        if outcome not in [o for o, _ in pending.outcomes]:
            raise IllegalAction(f"{outcome!r} is not a possible outcome of {pending.label}")
        return self._record(None, outcome)

    def resolve_chance(self) -> tuple[Event, ...]:
        """Sample and apply chance nodes until a player must act or the game ends."""
        events: list[Event] = []
        while isinstance(self.pending(), Chance):
            events.extend(self._record(None, self.dealt()))
        return tuple(events)

    def dealt(self) -> Action:
        """The outcome the seed deals at the pending chance node: the one `resolve_chance`
        applies (IllegalAction when no chance node is pending)."""
        pending = self.pending()
        if not isinstance(pending, Chance):
            raise IllegalAction("no chance node is pending")
        return sample(pending, deal_rng(self.seed, len(self.history)))

    # -- undo --------------------------------------------------------------------------------
    def can_undo(self, player: int) -> bool:
        """BGA policy: a player undoes their own steps until the turn passes or chance/reveal."""
        return len(self.history) > self._barrier and self.history[-1][0] == player

    def undo(self, player: int) -> bool:
        """Undo `player`'s last step if the policy allows; returns whether it did."""
        if not self.can_undo(player):
            return False
        self.history.pop()
        self.state = self._states.pop()
        self._pending = None
        return True

    # -- persistence -------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The save: versioned JSON of game, config, seed and actions."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": [entry_json(p, a) for p, a in self.history],
        }

    @classmethod
    def replay(cls, rules: Rules, config: Config, seed: int, actions: list) -> Match:
        """Rebuild a match by applying recorded actions; raises IllegalAction if one is illegal."""
        match = cls(rules, config, seed)
        for player, action in actions:
            action = freeze(action)
            if player is None:
                match.apply_chance(action)
            else:
                match.apply(player, action)
        match._barrier = len(match.history)
        return match

    def save(self, path: str | os.PathLike) -> None:
        """Write the save atomically: a crash mid-write never leaves a broken file."""
        write_atomic(Path(path), json.dumps(self.to_json(), separators=(",", ":")))


def entry_json(player: int | None, action: Action) -> list:
    """One history entry as saved: [player, action] with tuples as JSON lists."""
    return [player, _jsonable(action)]


def _jsonable(action: Action) -> Any:
    if isinstance(action, tuple):
        return [_jsonable(a) for a in action]
    return action


def clear_stale_temps(path: Path) -> None:
    """Remove temporary files a killed earlier write of `path` left behind (the console is the
    only writer of its data folder, and it writes one file at a time)."""
    for stale in path.parent.glob(f"{path.name}*.tmp"):
        stale.unlink(missing_ok=True)


def write_atomic(path: Path, text: str) -> None:
    """Write text to path through a temporary file and an atomic rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    clear_stale_temps(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_match(path: str | os.PathLike, rules_for) -> Match:
    """Load a save file; `rules_for(game_id)` gives the rules. Raises SaveError with the cause."""
    path = Path(path)
    try:
        data = parse_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read ({exc})") from exc
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from exc
    return match_from_json(data, rules_for, str(path))


def _is_action_pair(item: Any) -> bool:
    """A saved [player, action] pair: player is a seat number or None (chance)."""
    if not isinstance(item, list) or len(item) != 2:
        return False
    player = item[0]
    return player is None or (isinstance(player, int) and not isinstance(player, bool))


def match_from_json(data: Any, rules_for, source: str = "save") -> Match:
    """Rebuild a match from its JSON form; raises SaveError naming the broken field."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{source}: not a match save")
    check_version(data, SAVE_VERSION, source)
    rules, config, seed = read_setup(data, rules_for, source)
    return replay_entries(rules, config, seed, data.get("actions"), source)


def check_version(data: dict, version: int, source: str) -> None:
    """SaveError unless the file's `version` is exactly the integer this build writes."""
    found = data.get("version")
    if not exact_int(found) or found != version:
        raise SaveError(f"{source}: version {found!r} is not supported")


def read_setup(data: dict, rules_for, source: str) -> tuple[Rules, Config, int]:
    """The rules, config and seed named by a save (or a journal header); raises SaveError."""
    game = data.get("game")
    if not isinstance(game, str):
        raise SaveError(f"{source}: game: must be a game id string")
    try:
        rules = rules_for(game)
    except KeyError as exc:
        raise SaveError(f"{source}: game: unknown {game!r}") from exc
    try:
        config = Config.from_json(data.get("config"), _switches(game))
    except ValueError as exc:
        raise SaveError(f"{source}: config: {exc}") from exc
    if not rules.min_players <= config.players <= rules.max_players:
        raise SaveError(
            f"{source}: config.players: {config.players} is outside "
            f"{rules.min_players}..{rules.max_players}"
        )
    seed = data.get("seed")
    if not exact_int(seed):
        raise SaveError(f"{source}: seed: must be an integer")
    return rules, config, seed


def _switches(game_id: str) -> tuple[str, ...]:
    """The on/off options a registered game declares (none for a game the registry lacks)."""
    from .registry import get_game  # registry imports rooms' declarations: only when loading

    try:
        return get_game(game_id).options
    except KeyError:
        return ()


def replay_entries(rules: Rules, config: Config, seed: int, actions: Any, source: str,
                   places: list[str] | None = None) -> Match:
    """Replay saved [player, action] pairs into a Match, each chance outcome checked against
    the seed; raises SaveError naming the entry (`places[i]`, default `actions[i]`).

    Why check rather than trust: a file's chance outcomes are the only part of it the players
    did not choose, so editing them (swapping two draws, giving oneself another possible card)
    would otherwise load as a legal game. Every chance outcome the console writes was dealt by
    `Match.resolve_chance` from (seed, step), so a file is held to exactly that and there is
    no way around it: no header flag, no format version, no entry marked as forced. Tests
    that force outcomes build their matches in memory (`apply_chance`, `Match.replay`), which
    checks nothing beyond legality; a file of forced outcomes does not load, which is the
    point. The outcomes stay in the file (rather than being re-dealt on load) so that a save
    still replays without random numbers and an old save whose outcomes no longer match the
    rules is refused by name instead of silently dealing a different game."""
    if not isinstance(actions, list) or not all(_is_action_pair(a) for a in actions):
        raise SaveError(f"{source}: actions: must be a list of [player, action] pairs")
    places = places or [f"actions[{index}]" for index in range(len(actions))]
    match = Match(rules, config, seed)
    for place, (player, saved) in zip(places, actions, strict=True):
        try:
            action = freeze(action_from_json(saved))
        except ValueError as exc:
            raise SaveError(f"{source}: {place}: {exc}") from exc
        try:
            _replay_one(match, player, action)
        except (IllegalAction, ValueError, TypeError, KeyError, IndexError) as exc:
            raise SaveError(f"{source}: {place}: replay failed ({exc})") from exc
        except NotDealt as exc:
            raise SaveError(f"{source}: {place}: {exc}") from exc
    match._barrier = len(match.history)
    return match


class NotDealt(Exception):
    """A possible chance outcome that is not the one the save's seed deals there."""


def _replay_one(match: Match, player: int | None, action: Action) -> None:
    if player is not None:
        match.apply(player, action)
        return
    dealt = match.dealt()
    if action != dealt and action in [o for o, _ in match.pending().outcomes]:
        raise NotDealt(f"chance outcome {action!r} is not the one the seed deals")
    match.apply_chance(action)  # an impossible outcome is refused here, by name
