"""Textless drawing keeps its own art: a miniature never shows a word drawn before it, normal
drawing after it never reuses a blank, and neither empties the other's caches (the picker's
refresh frame redraws its miniature from warm caches and leaves the picker's warm)."""

from __future__ import annotations

import gc

import pygame
import pytest

from game.engine.registry import game_ids, get_game
from game.legibility import trace
from game.legibility.trace import textless
from game.ui import memory, theme
from game.ui.board_api import CANVAS_SIZE
from game.ui.miniature import Miniature, MiniatureStudio, showcase_match

SHOWCASED = [gid for gid in game_ids(with_scene=True) if get_game(gid).showcase is not None]
WORD = "Madeleine"


def board(game_id: str, blank: bool) -> bytes:
    """The showcase board drawn by a new renderer of the room, textless or not, as bytes."""
    studio = MiniatureStudio([], (96, 50))
    mini = Miniature(game_id)
    mini.match, mini.bots = showcase_match(get_game(game_id))
    canvas = pygame.Surface(CANVAS_SIZE)
    canvas.fill((0, 0, 0))
    if blank:
        with textless():
            renderer = studio._renderer(mini)
            renderer.reset(mini.match.view(None), None)
            renderer.draw(canvas, None, None)
    else:
        renderer = studio._renderer(mini)
        renderer.reset(mini.match.view(None), None)
        renderer.draw(canvas, None, None)
    studio.close()
    return pygame.image.tobytes(canvas, "RGB")


@pytest.mark.parametrize("game_id", SHOWCASED)
def test_a_miniature_after_normal_drawing_and_normal_drawing_after_it_are_drawn_fresh(
        app, game_id):
    memory.release_between_demos()
    words = board(game_id, blank=False)  # from empty caches: the board with its words
    memory.release_between_demos()
    fresh_blank = board(game_id, blank=True)  # from empty caches: the board without them
    assert fresh_blank != words  # the board has words, and the miniature leaves them out
    memory.release_between_demos()
    board(game_id, blank=False)  # the normal art of this board cached...
    assert board(game_id, blank=True) == fresh_blank  # ...yet no word of it in a miniature
    assert board(game_id, blank=False) == words  # and no blank of the miniature's in play
    assert surfaces_outside_art_caches() == []  # the separation holds for art caches only


def surfaces_outside_art_caches() -> list[str]:
    """The plain lru_caches of the drawing code that hold a surface (art belongs in an art
    cache, which keeps a miniature's blank words apart: memory.art_cache)."""
    return [memo.__qualname__ for memo in trace._drawing_memos()
            if any(isinstance(held, pygame.Surface) for held in gc.get_referents(memo))]


def test_a_text_drawn_before_shows_nothing_inside_and_its_blank_nothing_after(app):
    canvas = pygame.Surface((300, 60))
    canvas.fill((20, 20, 20))
    shown = theme.text(WORD, theme.SMALL_SIZE, (255, 255, 255))
    with textless():
        canvas.blit(theme.text(WORD, theme.SMALL_SIZE, (255, 255, 255)), (10, 10))
        blank = theme.text("Bastille", theme.SMALL_SIZE, (255, 255, 255))
    colours = {canvas.get_at((x, y))[:3] for x in range(300) for y in range(60)}
    assert all(max(abs(c - 20) for c in colour) <= 1 for colour in colours)  # no word shows
    assert theme.text(WORD, theme.SMALL_SIZE, (255, 255, 255)) is shown
    real = theme.text("Bastille", theme.SMALL_SIZE, (255, 255, 255))
    assert strongest_ink(blank) <= trace.INVISIBLE_ALPHA
    assert strongest_ink(real) == 255  # drawn after the blank one: a real word


def strongest_ink(surface: pygame.Surface) -> int:
    """The highest alpha of any pixel of a text surface."""
    return max(surface.get_at((x, y))[3] for x in range(surface.get_width())
               for y in range(surface.get_height()))


@pytest.mark.parametrize("game_id", SHOWCASED)
def test_a_refresh_keeps_both_kinds_of_art_cached(app, monkeypatch, game_id):
    """What the picker's refresh frame does: no cache of either kind is emptied, so the same
    board redrawn renders no text anew and the picker's words are still cached after it."""
    renders = []
    real_render = trace._BlankFont.render

    def counting(self, *args, **kwargs):
        renders.append(args[0])
        return real_render(self, *args, **kwargs)

    monkeypatch.setattr(trace._BlankFont, "render", counting)
    memory.release_between_demos()
    studio = MiniatureStudio([], (96, 50))
    mini = studio.minis[game_id] = Miniature(game_id)
    mini.match, mini.bots = showcase_match(get_game(game_id))
    studio._draw(mini)
    assert renders, "the board drew no text: this test shows nothing"
    theme.text(WORD, theme.SMALL_SIZE)  # the picker's own words, drawn in between
    picker_misses = theme.text.cache_info().misses
    renders.clear()
    first = pygame.image.tobytes(mini.image, "RGB")
    studio._draw(mini)  # the refresh (the bots' step changes nothing the test needs)
    assert pygame.image.tobytes(mini.image, "RGB") == first and not mini.failed
    assert renders == []  # every blank text came from the miniature's own caches
    theme.text(WORD, theme.SMALL_SIZE)
    assert theme.text.cache_info().misses == picker_misses  # still cached after the refresh
    studio.close()


def test_closing_the_studio_forgets_the_miniatures_art(app):
    memory.release_between_demos()
    studio = MiniatureStudio([], (96, 50))
    with textless():
        theme.text(WORD, theme.SMALL_SIZE)
    theme.text(WORD, theme.SMALL_SIZE)
    studio.close()
    assert theme.text.generations[1].cache_info().currsize == 0
    assert theme.text.generations[0].cache_info().currsize == 1  # the console's stays
