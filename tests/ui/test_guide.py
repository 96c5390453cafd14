"""How to play: every game's guide pages draw in English and Spanish, with their text inside its
box and clear of the picture, the highlighted targets on the board, and pages turned through the
real input layer (keys, pad, mouse) from the pause menu as from app.open("guide", id)."""

from __future__ import annotations

import re

import pygame
import pytest
from conftest import key, pad

from game.engine.guide import guide_pages
from game.engine.match import Match
from game.engine.registry import game_ids, get_game
from game.scenes.guide import (
    BODY_SIZES,
    FRAME,
    NEXT_BUTTON,
    PAD,
    PREV_BUTTON,
    TEXT_BOX,
    GuideScene,
    layout_text,
    page_text,
)
from game.scenes.guide_picture import fit, window
from game.scenes.pause import PauseScene, RulesScene
from game.scenes.seating import SeatSpec
from game.ui.board_api import BOARD_RECT
from game.ui.i18n import LANGUAGES, load_catalog, set_language, string_files

TTR = "ticket_to_ride_paris"
MIN_TEXT_PX = 24
SENTENCE_END = re.compile(r"[.!?](\s|$)")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def frames(app, events=()):
    app.step(list(events), present=False)


def opened_guide(app, game_id: str = TTR) -> GuideScene:
    """The title with the game's guide on top, settled one frame."""
    app.stack.reset(app.open("title"))
    app.stack.push(app.open("guide", game_id))
    frames(app)
    return app.stack.top


# == words: present in both languages, inside their box, clear of the picture ==================
@pytest.mark.parametrize("game_id", game_ids())
def test_every_page_has_a_title_and_two_or_three_sentences_in_both_languages(game_id):
    catalog = load_catalog(string_files())
    for page in guide_pages(get_game(game_id)):
        for lang in LANGUAGES:
            prefix = f"{game_id}.guide.{page}"
            title, text = catalog[lang].get(f"{prefix}.title"), catalog[lang].get(f"{prefix}.text")
            assert title and text, f"[{lang}] {prefix} is missing"
            assert 2 <= len(SENTENCE_END.findall(text)) <= 3, f"[{lang}] {prefix}.text"


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_text_stays_inside_its_box_at_a_sofa_size(game_id, lang, app):
    set_language(lang)
    inside = TEXT_BOX.inflate(-2 * PAD, -2 * PAD)
    for page in guide_pages(get_game(game_id)):
        lines = layout_text(*page_text(game_id, page))
        assert len(lines) >= 3, f"{game_id} {page}: a title and some text"
        for line in lines:
            assert inside.contains(line.rect()), f"[{lang}] {line.text!r} leaves its box"
            assert line.rect().h >= MIN_TEXT_PX and line.size >= BODY_SIZES[-1]
    assert not TEXT_BOX.colliderect(FRAME.inflate(12, 12))


def test_long_text_shrinks_to_fit_and_short_text_keeps_the_largest_size():
    short = layout_text("Title", "One sentence. Another one.")
    assert {line.size for line in short if not line.bold} == {BODY_SIZES[0]}
    long = layout_text("Title", " ".join(["A fairly long sentence about the rules."] * 9))
    body = {line.size for line in long if not line.bold}
    assert body and max(body) < BODY_SIZES[0]
    assert all(TEXT_BOX.contains(line.rect()) for line in long)


# == pictures: legal states, highlights that are on the board, drawn in both languages ==========
@pytest.mark.parametrize("game_id", game_ids())
def test_every_page_draws_in_both_languages_with_its_highlights_on_the_board(game_id, app):
    for lang in LANGUAGES:
        set_language(lang)
        scene = opened_guide(app, game_id)
        for page in range(scene.count):
            if page:
                assert scene.turn(1)
            picture = scene.picture
            assert FRAME.contains(picture.placed)
            assert picture.rings and all(picture.placed.colliderect(r) for r in picture.rings)
            frames(app)
            canvas = app.canvas.subsurface(picture.placed)
            assert len({canvas.get_at((x, y))[:3] for x in range(0, canvas.get_width(), 41)
                        for y in range(0, canvas.get_height(), 37)}) > 8, "an empty picture"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_page_state_is_reached_by_legal_actions_and_shows_its_targets(game_id, app):
    from game.scenes.guide_picture import render_state

    for build in guide_pages(get_game(game_id)).values():
        illustration = build()
        match = illustration.match
        replayed = Match.replay(match.rules, match.config, match.seed, list(match.history))
        assert replayed.state == match.state
        _, rects = render_state(game_id, illustration)
        assert set(illustration.highlight) <= set(rects)


def test_the_window_frames_the_highlight_one_to_one_inside_the_board():
    board = pygame.Rect(0, 0, *BOARD_RECT.size)
    spread = [pygame.Rect(0, 0, 10, 10), pygame.Rect(1900, 980, 10, 10)]
    for rects in ([pygame.Rect(100, 100, 40, 20)], [pygame.Rect(1700, 900, 60, 60)], spread):
        shown = window(rects, FRAME)
        scale, placed = fit(shown, FRAME)
        assert board.contains(shown) and scale == 1.0  # 1:1: the board's words as in play
        assert shown.contains(rects[0]) and placed == FRAME
    # spread wider than the frame: the first target (the move explained), not the far one
    assert not window(spread, FRAME).contains(spread[1])


# == navigation through the input layer ==========================================================
def test_keys_pad_and_mouse_turn_pages_and_back_closes(app):
    scene = opened_guide(app)
    frames(app, key(pygame.K_RIGHT))
    assert scene.page == 1
    frames(app, pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER))
    frames(app, key(pygame.K_e))
    assert scene.page == 3
    frames(app, key(pygame.K_LEFT))
    frames(app, pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER))
    assert scene.page == 1
    quarter = (480 / 1920)  # the test window is a quarter of the canvas
    for button, page in ((NEXT_BUTTON, 2), (PREV_BUTTON, 1)):
        where = (round(button.centerx * quarter), round(button.centery * quarter))
        frames(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1)])
        assert scene.page == page
    frames(app, key(pygame.K_ESCAPE))
    assert app.stack.top is not scene and scene not in app.stack.scenes


def test_the_first_page_does_not_go_back_and_next_on_the_last_closes(app):
    scene = opened_guide(app)
    frames(app, key(pygame.K_LEFT))
    assert scene.page == 0 and app.stack.top is scene
    while scene.page < scene.count - 1:
        frames(app, pad(pygame.CONTROLLER_BUTTON_A))
    assert app.stack.top is scene
    frames(app, pad(pygame.CONTROLLER_BUTTON_A))
    assert scene not in app.stack.scenes


def _paused(app, game_id: str) -> PauseScene:
    seats = [SeatSpec("human"), SeatSpec("greedy")]
    game = app.open("game", game_id, seats, 7, hold_bots=True)
    pause = app.open("pause", game, "keyboard")
    app.stack.reset(game)
    app.stack.push(pause)
    frames(app)
    return pause


def test_how_to_play_in_the_pause_menu_opens_the_games_guide(app):
    pause = _paused(app, TTR)
    pause.menu.focus_key("guide")
    frames(app, key(pygame.K_RETURN))
    guide = app.stack.top
    assert isinstance(guide, GuideScene) and guide.info.id == TTR
    frames(app, pad(pygame.CONTROLLER_BUTTON_B))
    assert app.stack.top is pause


def test_a_game_without_a_guide_keeps_its_rules_summary(app, fake_game):
    pause = _paused(app, fake_game.id)
    pause.menu.focus_key("guide")
    frames(app, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, RulesScene)


def test_opening_a_guide_for_a_game_without_one_names_it(app):
    with pytest.raises(KeyError, match="example_dice"):
        app.open("guide", "example_dice")
