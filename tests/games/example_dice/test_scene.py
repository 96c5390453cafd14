"""Headless tests of the example dice renderer (scene.py) with the dummy driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.core import Config
from game.engine.match import Match
from game.games.example_dice.rules import DiceGame
from game.games.example_dice.scene import (
    BANK_SECONDS,
    DIE_RECT,
    ROLL_SECONDS,
    DiceRenderer,
    paint_die,
)
from game.ui import theme
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE


@pytest.fixture(scope="module")
def rules() -> DiceGame:
    pygame.init()
    return DiceGame()


def rolled(rules: DiceGame, face: int) -> tuple[Match, DiceRenderer]:
    """Seat 0 has rolled `face`; the renderer has animated the roll."""
    match = Match(rules, Config(3), 2)
    renderer = DiceRenderer(rules, match.config, ["Ana", "Bruno", "Carmen"])
    match.apply_chance(3), match.apply_chance(1), match.apply_chance(2)
    renderer.reset(match.view(0), 0)
    events = match.apply_chance(face)
    renderer.animate(events, match.view(0), 0)
    return match, renderer


def die_pixels(canvas: pygame.Surface) -> bytes:
    return pygame.image.tobytes(canvas.subsurface(DIE_RECT), "RGB")


def die_face(face: int) -> bytes:
    """The die as paint_die shows this face (0: blank)."""
    canvas = pygame.Surface(CANVAS_SIZE)
    canvas.fill(theme.BACKGROUND)
    paint_die(canvas, face)
    return die_pixels(canvas)


def bank_line(renderer: DiceRenderer, seat: int) -> bytes:
    """The pixels of one seat's "Banked: n" line on the cached table layer."""
    box = renderer.seat_rects[seat]
    return pygame.image.tobytes(renderer.layers.surface.subsurface(
        pygame.Rect(box.x + 24, box.y + 100, 230, 50)), "RGB")


def drawn(renderer: DiceRenderer, focus=None, prompt=None) -> pygame.Surface:
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, focus, prompt)
    return canvas


def banked(rules: DiceGame) -> tuple[Match, DiceRenderer, list]:
    """Seat 0 rolled a 2 and banked it: the renderer has just been given the banked event."""
    match, renderer = rolled(rules, 2)
    renderer.reset(match.view(0), 0)
    match.apply(0, "add")
    renderer.animate((), match.view(0), 0)
    events = match.apply(0, "confirm")
    return match, renderer, events


def settled(rules: DiceGame, match: Match) -> DiceRenderer:
    """A fresh renderer showing seat 0's view of the match at rest."""
    renderer = DiceRenderer(rules, match.config, ["Ana", "Bruno", "Carmen"])
    renderer.reset(match.view(0), 0)
    return renderer


# == the board: targets, drawing, the bar =====================================================
def test_every_offered_target_is_on_the_board_and_apart(rules) -> None:
    match, renderer = rolled(rules, 2)
    prompt = match.prompts()[0]
    rects = renderer.targets()
    for option in prompt.options:
        assert BOARD_RECT.contains(rects[option.target]), option.action
    chosen = [rects[o.target] for o in prompt.options]
    assert not any(a.colliderect(b) for i, a in enumerate(chosen) for b in chosen[i + 1:])


def test_a_roll_tumbles_for_a_moment_then_the_board_is_idle(rules) -> None:
    _, renderer = rolled(rules, 5)
    assert renderer.busy()
    renderer.update(ROLL_SECONDS / 2)
    assert renderer.busy()
    renderer.update(ROLL_SECONDS)
    assert not renderer.busy()


def test_draw_shows_the_die_the_choices_and_the_focus(rules) -> None:
    match, renderer = rolled(rules, 2)
    renderer.update(ROLL_SECONDS)
    canvas = pygame.Surface(CANVAS_SIZE)
    prompt = match.prompts()[0]
    renderer.draw(canvas, ("die", "double"), prompt)
    assert canvas.get_at(DIE_RECT.move(10, 100).topleft)[:3] == theme.TEXT
    double = renderer.targets()[("die", "double")]
    assert canvas.get_at((double.x - 5, double.centery))[:3] == theme.FOCUS
    reroll = renderer.targets()[("reroll",)]
    assert canvas.get_at((reroll.x + 8, reroll.centery))[:3] == theme.PANEL_LIGHT
    before = pygame.image.tobytes(canvas, "RGB")
    renderer.draw(canvas, None, None)  # no prompt: no choice buttons, no focus
    assert pygame.image.tobytes(canvas, "RGB") != before
    assert canvas.get_at((reroll.x + 8, reroll.centery))[:3] == theme.BACKGROUND


def test_options_without_a_board_target_are_left_to_the_bar(rules) -> None:
    match, renderer = rolled(rules, 2)
    match.apply(0, "add")  # now only "confirm", which has no target: the shell's bar button
    prompt = match.prompts()[0]
    assert [o.target for o in prompt.options] == [None]
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, prompt)
    add = renderer.targets()[("die", "add")]
    assert canvas.get_at((add.x + 8, add.centery))[:3] == theme.BACKGROUND
    stray_focus = drawn(renderer, ("die", "add"), prompt)  # a target not offered: no ring
    assert pygame.image.tobytes(stray_focus, "RGB") == pygame.image.tobytes(canvas, "RGB")


# == the renderer kit: event animations with sounds, busy and reset ==========================
def test_handlers_are_declared_with_their_sounds() -> None:
    assert {"rolled", "banked"} <= set(DiceRenderer.EVENT_HANDLERS)
    assert set(DiceRenderer.SOUND_CUES) == {"rolled", "banked", *DiceRenderer.SOUNDS}
    assert DiceRenderer.SOUND_CUES["rolled"].advance == ROLL_SECONDS
    assert DiceRenderer.SOUND_CUES["banked"].advance == BANK_SECONDS


def test_the_die_tumbles_through_faces_then_shows_the_roll(rules) -> None:
    _, renderer = rolled(rules, 5)
    faces = {die_face(f): f for f in range(1, rules.board.die_faces + 1)}
    seen = []
    while renderer.busy():
        shown = die_pixels(drawn(renderer))
        assert shown in faces  # a whole face every frame, never a half-painted die
        seen.append(faces[shown])
        renderer.update(1 / 60)
    assert len(set(seen)) >= 3  # it really tumbles
    assert die_pixels(drawn(renderer)) == die_face(5)


def test_banked_points_pop_up_while_the_bank_counts_up(rules) -> None:
    match, renderer, events = banked(rules)
    before = bank_line(renderer, 0)
    assert [e.kind for e in events] == ["banked"]
    renderer.animate(events, match.view(0), 0)
    assert renderer.busy() and bank_line(renderer, 0) == before  # the 2 points are still to come
    renderer.update(BANK_SECONDS / 2)
    canvas = drawn(renderer)
    box = renderer.seat_rects[0]
    popup_area = pygame.Rect(box.x + 250, box.y + 60, 100, 80)
    assert (pygame.image.tobytes(canvas.subsurface(popup_area), "RGB")
            != pygame.image.tobytes(renderer.layers.surface.subsurface(popup_area), "RGB"))
    renderer.update(BANK_SECONDS)
    assert not renderer.busy()
    assert bank_line(renderer, 0) == bank_line(settled(rules, match), 0) != before


def test_a_roll_queued_after_the_points_shows_a_blank_die_until_it_tumbles(rules) -> None:
    match, renderer, events = banked(rules)
    renderer.animate(events, match.view(0), 0)
    renderer.animate(match.apply_chance(4), match.view(0), 0)  # seat 1 rolls a 4
    renderer.update(BANK_SECONDS / 2)
    assert die_pixels(drawn(renderer)) == die_face(0)
    renderer.update(BANK_SECONDS + ROLL_SECONDS)
    assert not renderer.busy() and die_pixels(drawn(renderer)) == die_face(4)


def test_reset_mid_animation_shows_the_view_at_once(rules) -> None:
    match, renderer, events = banked(rules)
    renderer.animate(events, match.view(0), 0)
    renderer.animate(match.apply_chance(6), match.view(0), 0)
    renderer.update(0.1)
    renderer.reset(match.view(0), 0)
    assert not renderer.busy()
    assert die_pixels(drawn(renderer)) == die_face(6)
    at_rest = drawn(settled(rules, match))
    assert pygame.image.tobytes(drawn(renderer), "RGB") == pygame.image.tobytes(at_rest, "RGB")


def test_every_option_with_a_target_is_drawn_and_takes_the_focus(rules) -> None:
    match, renderer = rolled(rules, 2)  # a low roll: add, double, reroll and peek are offered
    renderer.update(ROLL_SECONDS)
    prompt = match.prompts()[0]
    assert {o.action for o in prompt.options} == {"add", "double", "reroll", "peek"}
    bare, offered = drawn(renderer), drawn(renderer, None, prompt)
    for option in prompt.options:
        area = renderer.targets()[option.target].inflate(30, 30)
        pixels = [pygame.image.tobytes(c.subsurface(area), "RGB")
                  for c in (bare, offered, drawn(renderer, option.target, prompt))]
        assert pixels[0] != pixels[1], f"{option.action} is not highlighted"
        assert pixels[1] != pixels[2], f"{option.action} shows no focus"
