"""Nothing a player must read in a shared screen is under 24 px at 1080p.

Each screen of the gallery (title, select, seat setup, settings, pause, rules, message, the game
bar, the curtain, results of every room) is drawn on the 1920x1080 canvas while theme.font and
theme.text are hooked: every text size the shell asks for must give a line at least 24 px high.
Text a room draws on its own board is the room's to measure, so calls made from game.games are
left out.
"""

from __future__ import annotations

import sys

import pygame
import pytest
from scene_gallery import GALLERY, render

from game.ui import theme
from game.ui.i18n import set_language

MIN_LINE_H = 24  # px on the 1920x1080 canvas


def from_a_room() -> bool:
    """True when the current text call comes (at any depth) from a room's code."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_globals.get("__name__", "").startswith("game.games."):
            return True
        frame = frame.f_back
    return False


@pytest.fixture
def text_sizes(monkeypatch):
    """Every (size, bold) the shell asks theme.font / theme.text for while the hook is on."""
    asked: set[tuple[int, bool]] = set()
    real_font, real_text = theme.font, theme.text

    def font(size, bold=False):
        if not from_a_room():
            asked.add((size, bold))
        return real_font(size, bold)

    def text(message, size=theme.BODY_SIZE, color=theme.TEXT, bold=False):
        if not from_a_room():
            asked.add((size, bold))
        return real_text(message, size, color, bold)

    monkeypatch.setattr(theme, "font", font)
    monkeypatch.setattr(theme, "text", text)
    return asked


@pytest.fixture(scope="module")
def gallery_app():
    from scene_gallery import headless_app

    application = headless_app()
    yield application
    pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("screen", list(GALLERY))
def test_every_text_line_is_at_least_24_px_high(gallery_app, text_sizes, screen, language):
    set_language(language)
    try:
        gallery_app.input.last_kind = "keyboard"
        render(gallery_app, screen)
        gallery_app.input.last_kind = "gamepad"  # the other hint glyphs too
        gallery_app.step([], 1 / 60, present=False)
    finally:
        set_language("en")
    assert text_sizes, "the hook saw no text"
    small = sorted((size, bold, theme.font(size, bold).get_height()) for size, bold in text_sizes
                   if theme.font(size, bold).get_height() < MIN_LINE_H)
    assert not small, f"{screen}: text under {MIN_LINE_H} px (size, bold, line height): {small}"


def test_the_smallest_shared_size_is_24_px_high():
    pygame.font.init()
    assert theme.font(theme.SMALL_SIZE).get_height() >= MIN_LINE_H
    assert theme.font(theme.SMALL_SIZE - 2).get_height() < MIN_LINE_H  # the floor is tight
