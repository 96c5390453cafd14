"""A seeded match of random bots beside a room's renderer: shared by the rooms' scene tests,
which step the match and let the renderer animate what happened."""

from __future__ import annotations

import random
from typing import Any

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match

NAMES = ["Ana", "Bruno", "Carmen", "Dmitri"]


def scene_match(renderer_cls: type, rules: Any, players: int, seed: int,
                options: tuple = ()) -> tuple[Match, dict, Any]:
    """A match after its opening chance, a random bot per seat, and a renderer reset to seat
    0's view."""
    match = Match(rules, Config(players, options), seed)
    match.resolve_chance()
    bots = {i: RandomBot(random.Random(seed * 10 + i)) for i in range(players)}
    renderer = renderer_cls(rules, match.config, NAMES[:players])
    renderer.reset(match.view(0), 0)
    return match, bots, renderer


def step(match: Match, bots: dict, renderer: Any = None, viewer: int = 0):
    """One bot action (plus chance); the renderer, if given, animates the events."""
    prompt = match.prompts()[0]
    action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
    events = match.apply(prompt.player, action) + match.resolve_chance()
    if renderer is not None:
        renderer.animate(events, match.view(viewer), viewer)
    return prompt, action, events
