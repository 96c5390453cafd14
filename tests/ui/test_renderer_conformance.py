"""The renderer contract every room keeps (game.ui.render_kit), checked over every room: the
board is busy while an action animates and idle once updated past it, no action holds the table
for long, and every event kind a game emits is animated or declared with its sound."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import game_ids, get_game, rules_for
from game.ui.audio import DEFAULT_CUES

ROOMS = game_ids(include_unlisted=True, with_scene=True)


@pytest.fixture(autouse=True)
def fonts():
    """Renderers lay out text at construction."""
    pygame.init()
LONGEST_ACTION_S = 4.0  # an action and its chance outcomes: short tweens, never a long wait


def renderer_for(game: str, match: Match):
    info = get_game(game)
    renderer = info.renderer_class()(match.rules, match.config,
                                     [f"P{i}" for i in range(match.config.players)])
    if "split_screen" in info.capabilities:
        renderer.set_humans(())
    renderer.reset(match.view(0), 0)
    return renderer


def play(match: Match, bots: dict, renderer=None):
    """Every seat with a prompt answers once (chance resolved); the renderer animates."""
    events = list(match.resolve_chance())
    for prompt in match.prompts():
        if match.prompt_for(prompt.player) is not None:
            view = match.view(prompt.player)
            events += match.apply(prompt.player, bots[prompt.player].choose(match.rules, view,
                                                                            match.prompt_for(prompt.player)))
            events += match.resolve_chance()
    if renderer is not None:
        renderer.animate(events, match.view(0), 0)
    return events


def new_game(game: str, players: int, options=(), seed: int = 5):
    rules = rules_for(game)
    match = Match(rules, Config(players, options), seed)
    bots = {i: RandomBot(random.Random(seed * 10 + i)) for i in range(players)}
    return match, bots


@pytest.mark.parametrize("game", ROOMS)
def test_animate_makes_busy_until_updated_past_the_end(game):
    match, bots = new_game(game, rules_for(game).max_players)
    renderer = renderer_for(game, match)
    assert not renderer.busy()
    while not (events := play(match, bots, renderer)):
        pass
    assert events and renderer.busy()
    renderer.update(0.01)
    assert renderer.busy()
    renderer.update(30.0)
    assert not renderer.busy()


@pytest.mark.parametrize("game", ROOMS)
def test_each_action_animates_briefly(game):
    match, bots = new_game(game, rules_for(game).max_players, seed=8)
    renderer = renderer_for(game, match)
    for _ in range(150):
        if match.is_over():
            break
        play(match, bots, renderer)
        seconds = 0.0
        while renderer.busy():
            renderer.update(0.05)
            seconds += 0.05
        assert seconds <= LONGEST_ACTION_S


@pytest.mark.parametrize("game", ROOMS)
def test_every_event_kind_of_a_game_is_animated_or_declared_with_its_sound(game):
    rules, info = rules_for(game), get_game(game)
    every_option = tuple((o, True) for o in info.options)
    kinds = set()
    for players, options in ((rules.min_players, ()), (rules.max_players, every_option)):
        match, bots = new_game(game, players, options, seed=players + 3)
        while not match.is_over():
            kinds |= {e.kind for e in play(match, bots)}
    cls = info.renderer_class()
    assert kinds <= set(cls.EVENT_HANDLERS) | set(cls.SOUNDS) | set(DEFAULT_CUES)
