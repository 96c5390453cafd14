"""A bot's move lands in two frames: the rules apply it in one, the board shows it in the next
(so no frame pays for both), and a person's move in between is shown after it, each with the
view of its own moment."""

from __future__ import annotations

import pygame
from conftest import pad

from game.engine.bots import BOT_KINDS
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec

A, DOWN = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_DOWN


def recorded(game: GameScene) -> list[tuple[list[str], object]]:
    """Every `animate` call the scene makes from now on: (event kinds, the view shown)."""
    calls: list[tuple[list[str], object]] = []
    animate = game.renderer.animate

    def spy(events, view, viewer):
        calls.append(([e.kind for e in events], view))
        animate(events, view, viewer)
    game.renderer.animate = spy
    return calls


def step_until_a_move(app, game: GameScene, limit: int = 400) -> None:
    """Frames until the match's history grows (the rules applied a move)."""
    before = len(game.match.history)
    for _ in range(limit):
        app.step([], present=False)
        if len(game.match.history) > before:
            return
    raise AssertionError("no move was applied")


def test_a_bots_move_is_shown_the_frame_after_the_rules_apply_it(app, fake_game):
    game = GameScene(app, "fake_race", [SeatSpec(BOT_KINDS[0]), SeatSpec(BOT_KINDS[0])], seed=3)
    app.stack.reset(game)
    calls = recorded(game)
    step_until_a_move(app, game)
    assert calls == []  # applied, not yet shown
    app.step([], present=False)
    assert calls == [(["moved"], game.match.view(None))]


def test_a_persons_move_right_after_a_bots_is_shown_after_it(app, fake_game):
    app.step(pad(DOWN, 77), present=False)  # the pad is seen (plugged in)
    game = GameScene(app, "fake_vote", [SeatSpec("human", "pad:77"), SeatSpec(BOT_KINDS[0])],
                     seed=4)
    app.stack.reset(game)
    calls = recorded(game)
    step_until_a_move(app, game)
    assert game.match.state == (None, 2) and calls == []  # the bot voted; not shown yet
    app.step(pad(A, 77), present=False)  # the person votes in the very next frame
    assert game.match.state == (1, 2)
    # The bot's vote first, with the view of its moment (the person's vote not in it yet).
    assert calls == [(["voted"], (None, 2)), (["voted"], (1, 2))]


def test_a_bots_sounds_are_laid_out_in_the_frame_the_rules_apply_it(app, fake_game, monkeypatch):
    """The showing frame (the heavier: the board's animation) schedules the cues the applying
    frame worked out: it lays out none itself."""
    import game.scenes.game as scene_module
    from game.ui.audio import event_cues

    game = GameScene(app, "fake_race", [SeatSpec(BOT_KINDS[0]), SeatSpec(BOT_KINDS[0])], seed=3)
    app.stack.reset(game)
    laid_out: list[int] = []

    def counted(events, table=None):
        laid_out.append(app.frames)
        return event_cues(events, table)
    monkeypatch.setattr(scene_module, "event_cues", counted)
    monkeypatch.setattr("game.ui.audio.event_cues", counted)
    scheduled: list[list] = []
    schedule = app.audio.schedule
    monkeypatch.setattr(app.audio, "schedule", lambda cues: (scheduled.append(list(cues)),
                                                              schedule(cues)))
    step_until_a_move(app, game)
    applied_in = app.frames - 1
    events = game._unshown[0]
    app.step([], present=False)
    assert laid_out == [applied_in] and scheduled == [event_cues(events, game.sound_cues)]
