"""A tiny registered-at-test-time game so shell tests do not depend on any real game."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.core import TERMINAL, Chance, Config, Option, Prompt, event

GOAL = 12
FAKE_ID = "fake_race"


class RaceRules:
    """Players take turns adding 1, 2 (board cells) or 3 (a bar button) to a shared total.

    "boost" (a bar button) keeps the turn and adds 1 to the next step: an undoable step.
    """

    game_id = FAKE_ID
    min_players = 2
    max_players = 4

    def initial_state(self, config: Config) -> Any:
        """(total, turn or None before the opening draw, steps per player, finisher, boost)."""
        return (0, None, (0,) * config.players, None, 0)

    def pending(self, state: Any):
        """Chance picks the first player; then one prompt at a time."""
        total, turn, steps, _, boost = state
        if turn is None:
            return Chance(tuple((p, 1.0) for p in range(len(steps))), "first")
        if total >= GOAL:
            return TERMINAL
        options = (
            Option(1, ("cell", total + 1), "fake.step", (("n", 1),)),
            Option(2, ("cell", total + 2), "fake.step", (("n", 2),)),
            Option(3, None, "fake.jump"),
        ) + (() if boost else (Option("boost", None, "fake.boost"),))
        return (Prompt(turn, "step", "fake.prompt", options),)

    def apply(self, state: Any, player: int | None, action: Any):
        """Never mutates: tuples all the way."""
        total, turn, steps, finisher, boost = state
        if player is None:
            return (total, action, steps, None, 0), (event("first", None, first=action),)
        if action == "boost":
            return (total, turn, steps, None, 1), (event("boost", player),)
        steps = tuple(s + (1 if i == player else 0) for i, s in enumerate(steps))
        total += action + boost
        finisher = player if total >= GOAL else None
        nxt = (player + 1) % len(steps)
        return (total, nxt, steps, finisher, 0), (event("moved", player, to=total),)

    def view(self, state: Any, player: int | None) -> Any:
        """Nothing is hidden."""
        return state

    def scores(self, state: Any) -> tuple[dict[str, int], ...]:
        """Steps taken, plus 5 for finishing, minus 1 for the seat after the finisher."""
        _, _, steps, finisher, _ = state
        out = []
        for i, s in enumerate(steps):
            penalty = -1 if finisher is not None and i == (finisher + 1) % len(steps) else 0
            out.append({"steps": s, "finish": 5 if i == finisher else 0, "penalty": penalty})
        return tuple(out)

    def winners(self, state: Any) -> tuple[int, ...]:
        """Best total."""
        totals = [sum(b.values()) for b in self.scores(state)]
        return tuple(i for i, v in enumerate(totals) if v == max(totals))


def evaluate(rules: RaceRules, view: Any, prompt: Prompt) -> list[float]:
    """Greedy heuristic: bigger steps are better."""
    return [float(o.action) if o.action != "boost" else 0.0 for o in prompt.options]


class RaceRenderer:
    """Draws the cells as squares; animations last a quarter second."""

    def __init__(self, rules: RaceRules, config: Config, seat_names) -> None:
        self.names = list(seat_names)
        self.state: Any = None
        self.timer = 0.0
        self.animated: list[str] = []

    def reset(self, view: Any, viewer: int | None) -> None:
        """Show the view now."""
        self.state, self.timer = view, 0.0

    def animate(self, events, view: Any, viewer: int | None) -> None:
        """Pretend to animate for 0.25 s."""
        self.animated += [e.kind for e in events]
        self.state, self.timer = view, 0.25

    def busy(self) -> bool:
        """Animating?"""
        return self.timer > 0

    def update(self, dt: float) -> None:
        """Advance time."""
        self.timer = max(0.0, self.timer - dt)

    def targets(self) -> dict:
        """Cells 1..GOAL+1 in a row."""
        return {("cell", i): pygame.Rect(60 + i * 120, 400, 100, 100) for i in range(1, GOAL + 2)}

    def draw(self, canvas: pygame.Surface, focus, prompt) -> None:
        """Squares, the total filled, focus outlined."""
        total = (self.state[0] if self.state else 0) or 0
        for (_, i), rect in self.targets().items():
            pygame.draw.rect(canvas, (90, 160, 90) if i <= total else (70, 70, 90), rect)
            if focus == ("cell", i):
                pygame.draw.rect(canvas, (255, 220, 90), rect, 6)


class VoteRules(RaceRules):
    """Everyone votes 1 or 2 at the same time (simultaneous prompts); then the game ends."""

    game_id = "fake_vote"

    def initial_state(self, config: Config) -> Any:
        """One vote slot per player."""
        return (None,) * config.players

    def pending(self, state: Any):
        """A prompt for every player who has not voted yet."""
        if all(v is not None for v in state):
            return TERMINAL
        return tuple(
            Prompt(p, "vote", "fake.vote", (Option(1, ("cell", 1), "fake.one"),
                                            Option(2, ("cell", 2), "fake.two")))
            for p, v in enumerate(state) if v is None)

    def apply(self, state: Any, player: int | None, action: Any):
        """Record one vote."""
        votes = tuple(action if i == player else v for i, v in enumerate(state))
        return votes, (event("voted", player),)

    def scores(self, state: Any) -> tuple[dict[str, int], ...]:
        """Your vote is your score."""
        return tuple({"vote": v or 0} for v in state)
