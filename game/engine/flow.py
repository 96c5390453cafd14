"""The turn kit: one way to write a game's turn, from a light game to chains of card effects.

A game built on the kit has three parts:

1. **A frozen state with a task stack and a memo.** The state is a frozen dataclass (slots or
   not) with a `tasks` field, a tuple of task tuples whose head is what happens next (`("pick",
   seat)`, `("deal", "hand", 2)`, `("resolve_event", card)`…), and a `memo` field declared
   `memo: Any = memo_field()`: the kit caches `pending(state)` there. A state is a value, so what
   is derived from it may live in it; nothing mutable sits on the shared rules object (the bot
   worker thread shares it with the frame thread). The field is not an `__init__` argument, so
   `dataclasses.replace` (views, tests) never carries a stale memo over.

2. **A draft** (`drafting(State)`): the mutable scratch copy `apply` edits. `Draft(state)` copies
   every field, `d.freeze()` builds the new state; both are unrolled at class creation (one
   assignment per field: `apply` runs hundreds of thousands of times in bot playouts). It also
   carries `events` (a list) and the stack helpers `push`, `pop` and `emit`.

3. **A `TurnRules` subclass** with its handlers declared by decorators, collected once per class:

   - `@ask("kind")` — what a task of that kind waits for: `(state, task) -> Pending`: a tuple of
     prompts (one per seat that must answer: several means simultaneous play), a `Chance` (a
     die, the next card) or `()` when there is nothing to decide (the task is then dropped and
     `skipped(d, task)` runs).
   - `@run("kind")` — an automatic task: `(d, task) -> None`; it edits the draft, may push more
     tasks and emit events.
   - `@decide("kind")` or `@decide("kind", "action")` — what a player's answer to the head task
     does: `(d, player, action) -> None`. The handler is found by task kind and action kind
     (`action[0]` for a tuple action, the action itself otherwise), then by task kind alone.
   - `@resolve("kind")` — what a chance outcome of the head task does: `(d, outcome) -> None`.
   - `@draw("kind")` (optional) — how the fast path draws a chance task's outcome without
     building its Chance: `(d, task, random) -> outcome`, the outcome `match.sample` would draw
     from the ask's Chance with that `random` (for a chance asked every few steps).

   `apply` finds the pending decision (cached), checks the action once (the one legality check of
   the whole stack: Match and the UI trust it), dispatches, then `advance` runs automatic tasks
   until the head task asks for something; the answer is cached in the new state's memo, so
   `pending` on the state `apply` returns costs nothing. When the stack runs empty,
   `refill(d)` (the game's round or phase structure) pushes the next tasks or ends the game.

A handler does not pop the head task: the kit pops a decision or chance task before its handler
runs and leaves it in `d.task` (the handler reads the task's arguments there, and pushes a
follow-up if the decision continues). A simultaneous task (one head answered by several seats)
keeps its head with `keep_head=True` on `@decide` and removes it itself once every seat has
answered.

**The fast path** (`rollout`, module level): random playouts and search rollouts play many steps
on one *quiet* draft (`quiet_draft`: its `emit` builds nothing; a dict state's draft has a slots
twin for it) and freeze once at the end: no state per step, no event, no legality check (the
actions come from the prompt). `apply` stays the reference: tests/engine/test_rollout.py checks
over every room that the fast path gives apply's states, histories and draws from the rng. So
handlers must not read `d.events` back, and a draft that copies a mutable part on its first edit
(copy-on-write, like French Quarter's sheets) overrides `release()` to copy again after a
`snapshot()`. A `Chance` subclass may offer `pick(random)`: the outcome `match.sample` draws
with that `random` (the same calls, the same outcome) found without its list of running sums,
for chances with many outcomes of few weights (Urban Sprawl's deck draws); the fast path uses
it, so tests/engine/test_rollout.py checks it against `match.sample` too.
"""

from __future__ import annotations

import dataclasses
import random
from bisect import bisect
from collections.abc import Callable
from itertools import accumulate
from operator import attrgetter, itemgetter
from typing import Any, ClassVar

from .core import (
    EVENT_SETTERS,
    TERMINAL,
    Action,
    Chance,
    Config,
    Event,
    IllegalAction,
    Pending,
    Prompt,
    Rules,
)
from .match import sample

MEMO = "memo"  # the state field where `TurnRules.pending` caches its answer


def memo_field() -> Any:
    """The declaration of a state's memo field: `memo: Any = memo_field()`."""
    return dataclasses.field(default=None, init=False, compare=False, repr=False)


# A rollout policy: (rules, state, the prompt to answer, rng) -> one of the prompt's actions.
Policy = Callable[[Any, Any, Prompt, random.Random], Action]

_set_field = object.__setattr__  # a frozen dataclass only refuses the normal setattr
_weight = itemgetter(1)  # an outcome's weight in a Chance's (outcome, weight) pairs


# -- drafts ------------------------------------------------------------------------------------
class DraftBase:
    """Stack and event helpers shared by every generated draft class.

    `task` is the task being handled: the one the kit popped last, or the head a simultaneous
    decision keeps, so a handler reads its arguments there.
    """

    __slots__ = ()
    tasks: tuple[tuple, ...]
    task: tuple
    events: list[Event]
    # False on a quiet draft (quiet_draft), whose `emit` records nothing: a hot handler may
    # skip the call (a builtin called with keywords still builds their dict: ~1,500
    # instructions, and a playout emits hundreds of events).
    loud = True

    def push(self, *tasks: tuple) -> None:
        """Put tasks on top of the stack; the first one given runs first."""
        self.tasks = tasks + self.tasks

    def pop(self) -> tuple:
        """Remove and return the head task (also kept as `task`)."""
        self.task = head = self.tasks[0]
        self.tasks = self.tasks[1:]
        return head

    def release(self) -> None:
        """A snapshot now shares what this draft holds: a copy-on-write draft (one that copies
        a mutable part on its first edit) forgets its copies here, so its next edit copies
        again and the snapshot stays intact. Plain drafts hold only immutable values."""

    def emit(self, kind: str, player: int | None = None, reveal: bool = False, **data: Any) -> None:
        """Record an event for the scene (equal to core.event(kind, player, reveal, **data))."""
        # Built in place rather than through core.event: one call and one pass over `data`
        # less per event, measurable in playouts (French Quarter emits ~750 events a game).
        new = _new_event(Event)
        _set_kind(new, kind)
        _set_player(new, player)
        _set_data(new, tuple(data.items()))
        _set_reveal(new, reveal)
        self.events.append(new)


_new_event = object.__new__
_set_kind, _set_player, _set_data, _set_reveal = EVENT_SETTERS


def drafting(state_cls: type, extra: tuple[str, ...] = ()) -> type:
    """A draft class for a frozen dataclass state: `D(state)` copies, `d.freeze()` builds anew.

    `extra` names scratch attributes a game's own draft subclass adds (slots states only). The
    memo field is cleared in the draft: a new state's pending is unknown until `advance` sets it.
    """
    fields = tuple(f.name for f in dataclasses.fields(state_cls))
    if MEMO not in fields:
        raise TypeError(f"{state_cls.__name__} needs a '{MEMO}' field (see game.engine.flow)")
    if "__slots__" in state_cls.__dict__:
        return _slots_draft(state_cls, fields, extra)
    return _dict_draft(state_cls)


def _dict_draft(state_cls: type) -> type:
    """A draft for a dict-backed state: one dict copy in, the dict handed over on freeze."""

    def __init__(self, s: Any) -> None:
        self.__dict__ = s.__dict__.copy()
        self.memo = None
        self.events = []

    def freeze(self) -> Any:
        state = object.__new__(state_cls)
        data = self.__dict__
        data.pop("events", None)
        data.pop("task", None)
        _set_field(state, "__dict__", data)
        return state

    def snapshot(self) -> Any:
        state = object.__new__(state_cls)
        data = self.__dict__.copy()
        data.pop("events", None)
        data.pop("task", None)
        _set_field(state, "__dict__", data)
        self.release()
        return state

    freeze.__doc__ = "The new immutable state (the draft must not be used after)."
    snapshot.__doc__ = _SNAPSHOT_DOC
    fields = tuple(f.name for f in dataclasses.fields(state_cls))
    return type(f"{state_cls.__name__}Draft", (DraftBase,),
                {"__init__": __init__, "freeze": freeze, "snapshot": snapshot,
                 "__doc__": drafting.__doc__,
                 SLOTS_TWIN: _slots_draft(state_cls, fields, (), dict_state=True)})


def _slots_draft(state_cls: type, fields: tuple[str, ...], extra: tuple[str, ...],
                 dict_state: bool = False) -> type:
    """A draft with slots, the per-field copy in and out unrolled (no loop); for a slots state,
    or (`dict_state`) for a dict state: the quiet twin of its dict draft (see `quiet_draft`)."""
    env: dict[str, Any] = {"_new": object.__new__, "_State": state_cls, "_set_field": _set_field}
    init = ["def __init__(self, s):"]
    init += [f"    self.{name} = s.{name}" for name in fields if name != MEMO]
    init += ["    self.memo = None", "    self.events = []"]
    freeze = ["def freeze(self):", "    state = _new(_State)"]
    if dict_state:
        items = ", ".join(f"{name!r}: self.{name}" for name in fields)
        freeze.append(f"    _set_field(state, '__dict__', {{{items}}})")
    else:
        for i, name in enumerate(fields):
            env[f"_s{i}"] = state_cls.__dict__[name].__set__
            freeze.append(f"    _s{i}(state, self.{name})")
    freeze.append("    return state")
    # Generated from the dataclass's own field names, never from loaded data.
    exec("\n".join(init) + "\n" + "\n".join(freeze), env)  # noqa: S102
    namespace = {"__slots__": (*fields, "events", "task", *extra), "__init__": env["__init__"],
                 "freeze": env["freeze"], "snapshot": _slots_snapshot,
                 "__doc__": drafting.__doc__}
    return type(f"{state_cls.__name__}Draft", (DraftBase,), namespace)


_SNAPSHOT_DOC = "The state the draft holds now, as a new immutable state; the draft goes on."


def _slots_snapshot(self: Any) -> Any:
    # A slots freeze copies each field into a new state and hands nothing over.
    state = self.freeze()
    self.release()
    return state


_slots_snapshot.__doc__ = _SNAPSHOT_DOC


# A quiet draft's `emit`: takes any arguments and does nothing with them. `"".format` ignores
# arguments its (empty) template does not use, and as a builtin it runs without a Python frame:
# French Quarter emits ~700 events a game. A builtin in a class is not bound to the instance.
_IGNORE_EVENT = "".format


SLOTS_TWIN = "_slots_twin"  # the attribute of a dict draft class naming its slots twin
_QUIET: dict[tuple[type, bool], type] = {}  # (draft class, many steps) -> its quiet subclass


def _exact_bits(rng: random.Random) -> Callable[[int], int] | None:
    """`rng.getrandbits` if `rng.choice` draws its index from it as `random.Random` does (a
    subclass with its own `random()` draws otherwise: None, and the rollout calls `choice`)."""
    if type(rng)._randbelow is random.Random._randbelow_with_getrandbits:
        return rng.getrandbits
    return None


def quiet_draft(draft_cls: type, many_steps: bool = True) -> type:
    """The draft class a playout edits: `draft_cls` whose `emit` builds no event (handlers that
    append prebuilt events still append them: cheap, and nobody reads them). `many_steps`
    False: for one step only (`TurnRules.step`), where a dict draft's one dict copy in beats
    its slots twin's copy field by field."""
    found = _QUIET.get((draft_cls, many_steps))
    if found is None:
        # A dict draft as `drafting` made it has a slots twin: the same copy in and state out,
        # but its fields are read and written faster (handlers touch them all the time).
        base = draft_cls.__dict__.get(SLOTS_TWIN, draft_cls) if many_steps else draft_cls
        namespace: dict[str, Any] = {"emit": _IGNORE_EVENT, "loud": False}
        if "__slots__" in base.__dict__:
            namespace["__slots__"] = ()
        found = _QUIET[(draft_cls, many_steps)] = type(f"Quiet{draft_cls.__name__}", (base,),
                                                       namespace)
    return found


# -- handler declarations ----------------------------------------------------------------------
def _mark(role: str, key: str, **extra: Any) -> Callable:
    def mark(fn: Callable) -> Callable:
        fn.__dict__.setdefault("_flow", []).append((role, key, extra))
        return fn
    return mark


def ask(kind: str) -> Callable:
    """Declare what a task of this kind waits for: `(self, state, task) -> Pending | ()`."""
    return _mark("ask", kind)


def run(kind: str) -> Callable:
    """Declare an automatic task: `(self, d, task) -> None`."""
    return _mark("run", kind)


def decide(kind: str, action: str | None = None, keep_head: bool = False) -> Callable:
    """Declare a player's answer to a task: `(self, d, player, action) -> None`.

    With `action`, only actions of that kind; `keep_head` leaves the task on the stack
    (simultaneous tasks answered seat by seat).
    """
    return _mark("decide", (kind, _ANY if action is None else action), keep_head=keep_head)


_ANY = object()  # the action-kind slot of a decide handler that answers any action


def resolve(kind: str) -> Callable:
    """Declare a chance outcome of a task: `(self, d, outcome) -> None`."""
    return _mark("resolve", kind)


def draw(kind: str) -> Callable:
    """Declare how the fast path draws a chance task's outcome with no Chance built:
    `(self, d, task, random) -> outcome`, with `task` still on top of the stack: the outcome
    `match.sample` draws from what the task's ask returns, with the same calls of `random`
    (tests/engine/test_rollout.py). Only `rollout` uses it; `apply`, `pending`, Match and
    the UI still get the Chance."""
    return _mark("draw", kind)


_DRAW = object()  # the fast path's pending for a chance task it draws itself (`draw`)


def _ask_draw(rules: Any, d: Any, task: tuple) -> object:
    """The fast path's ask of a task with a `draw` handler: the outcome is drawn next."""
    return _DRAW


def action_kind(action: Action) -> Action:
    """What a decide handler's `action` names: a tuple action's first item, else the action."""
    return action[0] if type(action) is tuple and action else action


class TurnRules:
    """Base of a rules engine on the turn kit (see the module docstring).

    Subclasses set `Draft = drafting(State)` and implement `setup(config)` (the state before the
    first task runs), `refill(d)`, `is_over(state)` (or name the state's bool field that says
    it in `over_field`) and the Rules protocol's `view`, `scores` and `winners`.
    """

    Draft: ClassVar[type]
    # The state's field that is True once the game has ended, if the game keeps one: then
    # `is_over` reads it, and the kit's loops read it with no Python call (one per task run).
    over_field: ClassVar[str | None] = None
    _asks: ClassVar[dict[str, Callable]] = {}
    _runs: ClassVar[dict[str, Callable]] = {}
    _decides: ClassVar[dict[tuple, tuple[Callable, bool]]] = {}
    _resolves: ClassVar[dict[str, Callable]] = {}
    _draws: ClassVar[dict[str, Callable]] = {}
    _rollout_asks: ClassVar[dict[str, Callable]] = {}  # _asks, `_ask_draw` for the drawn

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        tables: dict[str, dict] = {"ask": {}, "run": {}, "decide": {}, "resolve": {},
                                   "draw": {}}
        for klass in reversed(cls.__mro__):  # subclasses override their bases
            for fn in vars(klass).values():
                for role, key, extra in getattr(fn, "_flow", ()):
                    tables[role][key] = (fn, extra["keep_head"]) if role == "decide" else fn
        cls._asks, cls._runs = tables["ask"], tables["run"]
        cls._decides, cls._resolves = tables["decide"], tables["resolve"]
        cls._draws = tables["draw"]
        cls._rollout_asks = {**cls._asks, **dict.fromkeys(cls._draws, _ask_draw)}
        if cls.over_field is not None and cls.is_over is not TurnRules.is_over:
            raise TypeError(f"{cls.__name__}: is_over and over_field say the same thing twice")

    def run_now(self, d: Any, task: tuple) -> None:
        """Run an automatic task on the draft at once, as the kit's loop would if it were on
        top of the stack (a game that knows its task comes next saves the trip through the
        loop; the task must not be on the stack). The caller's `d.task` is its own again after."""
        outer, d.task = d.task, task
        self._runs[task[0]](self, d, task)
        d.task = outer

    # -- hooks a game implements --------------------------------------------------------------
    def setup(self, config: Config) -> Any:
        """The state before anything happens (tasks for the first steps on its stack)."""
        raise NotImplementedError

    def refill(self, d: Any) -> None:
        """The stack ran empty: push the next round's or phase's tasks (or end the game)."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""
        if self.over_field is None:
            raise NotImplementedError
        return getattr(state, self.over_field)

    def _over_check(self) -> Callable[[Any], bool]:
        """`is_over` as the kit's loops call it: a C attribute getter with an `over_field`."""
        return self.is_over if self.over_field is None else attrgetter(self.over_field)

    def skipped(self, d: Any, task: tuple) -> None:
        """A decision task had nothing to offer and was dropped (default: nothing happens)."""

    # -- the Rules protocol ---------------------------------------------------------------------
    def initial_state(self, config: Config) -> Any:
        """The setup state advanced to its first decision or chance."""
        d = self.Draft(self.setup(config))
        self.advance(d)
        return d.freeze()

    def pending(self, state: Any) -> Pending:
        """What the state waits for (cached in the state: it is a pure function of it)."""
        found = state.memo
        if found is None:
            found = self.find_pending(state)
            _set_field(state, MEMO, found)
        return found

    def find_pending(self, state: Any) -> Pending:
        """What the head task asks for, or TERMINAL (states are kept advanced by `apply`)."""
        if self.is_over(state):
            return TERMINAL
        head = state.tasks[0]
        return self._asks[head[0]](self, state, head)

    def apply(self, state: Any, player: int | None, action: Action
              ) -> tuple[Any, tuple[Event, ...]]:
        """Apply a decision or a chance outcome; never mutates `state`; IllegalAction if illegal."""
        if getattr(state, "viewer", None) is not None:
            raise IllegalAction("apply() needs the full state, not a view")
        pending = state.memo  # self.pending(state), inlined: apply runs in every playout step
        if pending is None:
            pending = self.pending(state)
        if pending is TERMINAL:
            raise IllegalAction("the game is over")
        d = self.Draft(state)
        kind = state.tasks[0][0]
        if isinstance(pending, Chance):
            self._apply_chance(d, kind, pending, player, action)
        else:
            self._apply_decision(d, kind, pending, player, action)
        self.advance(d)
        events = tuple(d.events)
        return d.freeze(), events

    def _apply_chance(self, d: Any, kind: str, chance: Chance, player: int | None,
                      outcome: Action) -> None:
        if player is not None:
            raise IllegalAction(f"a chance outcome ({chance.label}) is pending, not a decision")
        for possible, _ in chance.outcomes:
            if possible == outcome:
                break
        else:
            raise IllegalAction(f"{outcome!r} is not a possible outcome of {chance.label}")
        d.pop()
        self._resolves[kind](self, d, outcome)

    def _apply_decision(self, d: Any, kind: str, prompts: tuple[Prompt, ...],
                        player: int | None, action: Action) -> None:
        for prompt in prompts:
            if prompt.player == player:
                break
        else:
            raise IllegalAction(f"player {player} has nothing to decide now")
        for option in prompt.options:
            if option.action == action:
                break
        else:
            raise IllegalAction(f"{action!r} is not a legal choice for {prompt.kind}")
        decides = self._decides
        found = decides.get((kind, action_kind(action))) or decides.get((kind, _ANY))
        if found is None:  # pragma: no cover - a game bug: an offered action with no handler
            raise TypeError(f"{type(self).__name__}: no handler for {kind!r} answering {action!r}")
        handler, keep_head = found
        if keep_head:
            d.task = d.tasks[0]
        else:
            d.pop()
        handler(self, d, player, action)

    def step(self, state: Any, player: int | None, action: Action) -> tuple[Any, Pending]:
        """`apply` for a search: `(the new state, its pending)`, on a quiet draft (no event
        built) and with no legality check (the search's actions come from the prompt or the
        chance). The same state as `apply` (tests/engine/test_rollout.py)."""
        pending = state.memo
        if pending is None:
            pending = self.pending(state)
        d = quiet_draft(self.Draft, many_steps=False)(state)
        head = d.tasks[0]
        if isinstance(pending, Chance):
            d.task, d.tasks = head, d.tasks[1:]
            self._resolves[head[0]](self, d, action)
        else:
            decides = self._decides
            handler, keep_head = (decides.get((head[0], action_kind(action)))
                                  or decides[(head[0], _ANY)])
            if keep_head:
                d.task = head
            else:
                d.task, d.tasks = head, d.tasks[1:]
            handler(self, d, player, action)
        self.advance(d)
        return d.freeze(), d.memo

    # -- the fast path: many steps on one draft ------------------------------------------------
    def rollout(self, state: Any, rng: random.Random, policy: Policy | None = None,
                max_decisions: int | None = None, max_steps: int = 100_000,
                live: bool = False, chance_rng: random.Random | None = None
                ) -> tuple[Any, int]:
        """Play on from `state` on one quiet draft: `(final state, steps)`; see `flow.rollout`.

        Long on purpose: this loop is most of a playout's time, so `apply`'s dispatch,
        `advance`, `match.sample` and `rng.choice` are written out in it (with the same draws
        from `rng`); tests/engine/test_rollout.py checks it against `apply`.
        """
        pending = state.memo
        if pending is None:
            pending = self.pending(state)
        d = quiet_draft(self.Draft)(state)
        asks, runs, resolves, decides = (self._rollout_asks, self._runs, self._resolves,
                                         self._decides)
        is_over, refill, skipped, draws = self._over_check(), self.refill, self.skipped, self._draws
        rand, getrandbits = (chance_rng or rng).random, _exact_bits(rng)
        decisions = 0
        for step in range(max_steps):
            if pending is TERMINAL:
                d.memo = pending
                return d.freeze(), step
            head = d.tasks[0]
            if pending is _DRAW:  # the game draws it: match.sample with no Chance built
                outcome = draws[head[0]](self, d, head, rand)
                d.task, d.tasks = head, d.tasks[1:]
                resolves[head[0]](self, d, outcome)
            elif isinstance(pending, Chance):  # match.sample, written out
                pick = getattr(pending, "pick", None)
                if pick is not None:  # the chance samples itself (see the module docstring)
                    outcome = pick(rand)
                else:
                    outcomes = pending.outcomes
                    last = len(outcomes) - 1
                    if last:
                        running = list(accumulate(map(_weight, outcomes)))
                        outcome = outcomes[bisect(running, rand() * (running[-1] + 0.0),
                                                  0, last)][0]
                    else:
                        outcome = outcomes[0][0]
                d.task, d.tasks = head, d.tasks[1:]
                resolves[head[0]](self, d, outcome)
            else:
                if decisions == max_decisions:
                    d.memo = pending
                    return d.freeze(), step
                decisions += 1
                prompt = pending[0]
                options = prompt.options
                if policy is None:
                    if getrandbits is None:
                        action = rng.choice(options).action
                    else:  # rng.choice(options), written out: the same draws
                        n = len(options)
                        k = n.bit_length()
                        r = getrandbits(k)
                        while r >= n:
                            r = getrandbits(k)
                        action = options[r].action
                elif len(options) == 1:
                    action = options[0].action
                else:
                    d.memo = pending
                    action = policy(self, d if live else d.snapshot(), prompt, rng)
                kind = action[0] if action.__class__ is tuple and action else action
                handler, keep_head = decides.get((head[0], kind)) or decides[(head[0], _ANY)]
                if keep_head:
                    d.task = head
                else:
                    d.task, d.tasks = head, d.tasks[1:]
                handler(self, d, prompt.player, action)
            while True:  # advance(d), written out; the answer stays in `pending`
                if is_over(d):
                    pending = TERMINAL
                    break
                tasks = d.tasks
                if not tasks:
                    refill(d)
                    continue
                head = tasks[0]
                runner = runs.get(head[0])
                if runner is not None:
                    d.task, d.tasks = head, tasks[1:]
                    runner(self, d, head)
                    continue
                pending = asks[head[0]](self, d, head)
                if pending:
                    break
                d.task, d.tasks = head, tasks[1:]
                skipped(d, head)
        raise RuntimeError(f"{self.game_id}: a rollout did not end in {max_steps} steps")

    # -- the automatic machine ------------------------------------------------------------------
    def advance(self, d: Any) -> None:
        """Run automatic tasks until the head task asks for something or the game ends.

        What it asks for is left in `d.memo`, so the new state's `pending` is free.
        """
        asks, runs, is_over = self._asks, self._runs, self._over_check()
        while True:
            if is_over(d):
                d.memo = TERMINAL
                return
            tasks = d.tasks
            if not tasks:
                self.refill(d)
                continue
            head = tasks[0]
            runner = runs.get(head[0])
            if runner is not None:
                d.task, d.tasks = head, tasks[1:]  # d.pop(), inlined: most steps run a few
                runner(self, d, head)
                continue
            found = asks[head[0]](self, d, head)
            if found:
                d.memo = found
                return
            d.task, d.tasks = head, tasks[1:]
            self.skipped(d, head)


# -- the fast path for playouts and search rollouts -------------------------------------------
def rollout(rules: Rules, state: Any, rng: random.Random, policy: Policy | None = None,
            max_decisions: int | None = None, max_steps: int = 100_000,
            live: bool = False, chance_rng: random.Random | None = None) -> tuple[Any, int]:
    """Play `state` on: chance sampled (`match.sample`), decisions by `policy`; returns
    `(state, steps)`, the state at the end of the game, or at the first decision once
    `max_decisions` decisions were taken (then its pending is that decision). RuntimeError if
    the game has not ended after `max_steps` steps. `state` itself is never changed.

    The same steps as a loop of `apply` (tests/engine/test_rollout.py checks it on every room),
    faster: a game on the turn kit edits one quiet draft (`quiet_draft`) across all the steps,
    with no new state, no event and no legality check per step (actions come from the prompt).

    `policy=None` picks `rng.choice(prompt.options)` for every prompt (`bots.random_playout`);
    with a policy, a prompt with one option is answered without it, as `search.SearchBot` does.
    The policy gets a snapshot of the state (a real State it may keep, view or apply to), or,
    with `live=True`, the draft itself: cheaper, but only for a policy that reads the prompt or
    the state's fields and keeps nothing (the draft changes on the next step).
    `chance_rng`: chance outcomes drawn from this stream instead of `rng` (the search keeps
    the dealer's luck apart from the players' random choices).
    """
    if isinstance(rules, TurnRules):
        return rules.rollout(state, rng, policy, max_decisions, max_steps, live, chance_rng)
    chance_rng = chance_rng or rng
    decisions = 0
    for step in range(max_steps):  # a game off the kit: the same loop through `apply`
        pending = rules.pending(state)
        if pending is TERMINAL:
            return state, step
        if isinstance(pending, Chance):
            state, _ = rules.apply(state, None, sample(pending, chance_rng))
            continue
        if decisions == max_decisions:
            return state, step
        decisions += 1
        prompt = pending[0]
        if policy is None:
            action = rng.choice(prompt.options).action
        elif len(prompt.options) == 1:
            action = prompt.options[0].action
        else:
            action = policy(rules, state, prompt, rng)
        state, _ = rules.apply(state, prompt.player, action)
    raise RuntimeError(f"{rules.game_id}: a rollout did not end in {max_steps} steps")
