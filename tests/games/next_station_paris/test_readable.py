"""Next Station: Paris from a sofa (issue 12): no text under 24 px at 1080p, no label over a
pencil line, a station or another label, and no large empty part of the screen, in every
layout (one person beside bots, two, three, four people, solo), with and without modules."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.games.next_station_paris.layout import make_layout
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.scene import NSPRenderer
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.geometry import outside, overlaps

MIN_TEXT_PX = 24  # "nothing a player must read is under 24 px at 1080p"
LAYOUTS = [(1, (0,)), (2, (0,)), (3, (0,)), (4, (0,)), (2, (0, 1)), (3, (0, 1)), (4, (0, 1)),
           (3, (0, 1, 2)), (4, (0, 1, 2, 3))]
MODULES = (("gates", True), ("objectives", True))


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    pygame.init()
    return NextStationParis()


def moments(rules: NextStationParis, players: int, options: tuple, seed: int):
    """A random game's view at its start, every 15 steps and at its end."""
    match = Match(rules, Config(players, options), seed)
    bots = {i: RandomBot(random.Random(seed * 10 + i)) for i in range(players)}
    steps = 0
    match.resolve_chance()
    yield match.view(None)
    while not match.is_over():
        for prompt in match.prompts():
            match.apply(prompt.player, bots[prompt.player].choose(rules, match.view(
                prompt.player), prompt))
        match.resolve_chance()
        steps += 1
        if steps % 15 == 0:
            yield match.view(None)
    yield match.view(None)


@pytest.mark.parametrize("options", [(), MODULES], ids=["base", "modules"])
@pytest.mark.parametrize(("players", "humans"), LAYOUTS)
def test_every_text_is_readable_and_no_label_hides_anything(rules, players, humans, options):
    renderer = NSPRenderer(rules, Config(players, options), [f"Player {i + 1}"
                                                             for i in range(players)])
    renderer.set_humans(humans)
    problems, texts = [], 0
    for k, view in enumerate(moments(rules, players, options, seed=players + len(humans))):
        renderer.reset(view, None)
        for region, written in renderer.written.items():
            for w in written:
                texts += 1
                height = theme.font(w.size).get_height()
                if height < MIN_TEXT_PX or w.rect.h < MIN_TEXT_PX:
                    problems.append(f"{region}: {w.text!r} is {height} px")
        geometry = renderer.board_geometry()
        problems += [f"moment {k}: {p}" for p in overlaps(geometry) + outside(geometry, BOARD_RECT)]
    assert texts > 50
    assert not problems, "\n".join(sorted(set(problems)))


def test_interchange_numbers_show_on_a_big_map_clear_of_the_lines(rules):
    """The one-person map carries the number of lines of each interchange in 24 px text."""
    renderer = NSPRenderer(rules, Config(1), ["Ana"])
    renderer.set_humans((0,))
    numbers = 0
    for view in moments(rules, 1, (), seed=4):
        renderer.reset(view, None)
        numbers += sum(w.text.isdigit() for w in renderer.written.get("map0", []))
    assert numbers >= 3


@pytest.mark.parametrize("modules", [False, True])
@pytest.mark.parametrize(("players", "humans"), LAYOUTS)
def test_no_layout_leaves_a_large_part_of_the_screen_empty(players, humans, modules):
    """Sheets, the card column and the side panels cover the board: what stays empty is
    margins and gaps (3 people used to leave a quarter blank, solo the right third)."""
    layout = make_layout(players, humans, modules)
    mask = pygame.mask.Mask(BOARD_RECT.size)
    panels = [getattr(layout, name, None) for name in ("modules", "deck", "ladder")]
    for rect in [*(a.area for a in layout.seats.values()), layout.column, *panels]:
        if rect is not None:
            mask.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    empty = 1 - mask.count() / (BOARD_RECT.w * BOARD_RECT.h)
    assert empty < 0.06, f"{empty:.0%} of the board is empty"
