"""The game picker through the real App and input layer: cards for every listed game with their
box facts in both languages, navigation by pad, keyboard and mouse, live miniatures drawn by the
rooms' renderers, the level-error path and the "How to play" hook."""

from __future__ import annotations

import dataclasses
import time

import pygame
import pytest
from conftest import key, pad
from string_fit import Widget, overflow

from game.engine.registry import game_ids, get_game
from game.scenes import scene_registry, select
from game.scenes.guide import GuideScene
from game.scenes.message import MessageScene
from game.scenes.seats import SeatSetupScene
from game.scenes.select import (
    COLUMNS,
    MINI_SIZE,
    ROWS_SHOWN,
    TEXT_W,
    GameSelectScene,
    facts_text,
    grid,
)
from game.ui import miniature, theme
from game.ui.app import App
from game.ui.i18n import set_language, t
from game.ui.miniature import CHUNK_STEPS, MiniatureStudio

A, Y = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_Y
DPAD = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def open_picker(app: App) -> GameSelectScene:
    """Title -> New game with the pad: the picker."""
    app.step(pad(A), present=False)
    picker = app.stack.top
    assert isinstance(picker, GameSelectScene)
    return picker


def frames(app: App, events=(), count: int = 1) -> None:
    for i in range(count):
        app.step(list(events) if i == 0 else [], present=False)


def canvas_pos(app: App, point: tuple[int, int]) -> tuple[int, int]:
    """The window pixel that lands on a canvas point (the mouse speaks window pixels)."""
    box = app.letterbox()
    return (box.x + round(point[0] * box.w / 1920) + 1, box.y + round(point[1] * box.h / 1080) + 1)


def mouse(app: App, point: tuple[int, int], click: bool = False) -> list[pygame.event.Event]:
    pos = canvas_pos(app, point)
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(9, 9), buttons=(0, 0, 0))]
    if click:
        events += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    return events


# -- cards and facts -------------------------------------------------------------------------
def test_every_listed_game_has_a_card_in_menu_order(app):
    picker = open_picker(app)
    assert [c.game_id for c in picker.cards] == game_ids()
    assert all(c.row == i // COLUMNS and c.col == i % COLUMNS for i, c in enumerate(picker.cards))


@pytest.mark.parametrize("game_id", game_ids())
def test_every_listed_game_declares_its_pitch_time_and_weight_in_both_languages(game_id):
    info = get_game(game_id)
    assert info.showcase is not None, f"{game_id}: the picker needs GameInfo.showcase"
    for language in ("en", "es"):
        set_language(language)
        from game.ui.i18n import translator

        assert translator().template(info.showcase.pitch_key) is not None
        facts = facts_text(info)
        assert f"{info.min_players}-{info.max_players}" in facts and "min" in facts
        assert "picker." not in facts  # every part translated


def test_facts_read_naturally_in_english_and_spanish():
    info = get_game("urban_sprawl")
    assert facts_text(info) == "2-4 players · 120-180 min · Medium to heavy"
    set_language("es")
    assert facts_text(info) == "2-4 jugadores · 120-180 min · Medio a denso"
    assert facts_text(get_game("next_station_paris")) == "1-4 jugadores · 25 min · Ligero"


# -- navigation ------------------------------------------------------------------------------
def test_pad_and_keyboard_move_through_the_grid_and_confirm_opens_seats(app):
    picker = open_picker(app)
    ids = game_ids()
    frames(app, pad(DPAD["right"]))
    assert picker.focused_key == ids[1]
    frames(app, key(pygame.K_LEFT))
    assert picker.focused_key == ids[0]
    frames(app, key(pygame.K_LEFT))  # reading order wraps: the last card
    assert picker.focused_key == ids[-1]
    frames(app, pad(DPAD["right"]))
    assert picker.focused_key == ids[0]
    frames(app, pad(DPAD["down"]))  # the nearest card of the next row
    below = min((c for c in picker.cards if c.row == 1),
                key=lambda c: abs(picker.card_rect(c).centerx - picker.card_rect(
                    picker.cards[0]).centerx))
    assert picker.focused_key == below.game_id
    frames(app, pad(DPAD["up"]))
    assert picker.focused_key == ids[0]
    frames(app, key(pygame.K_RIGHT))
    frames(app, key(pygame.K_RETURN))
    frames(app)
    seats = app.stack.top
    assert isinstance(seats, SeatSetupScene) and seats.game_id == ids[1]
    frames(app, pad(pygame.CONTROLLER_BUTTON_B))
    assert app.stack.top is picker and picker.focused_key == ids[1]  # the same picker


def test_the_mouse_hovers_and_clicks_cards(app):
    picker = open_picker(app)
    third = picker.card_rect(picker.cards[2])
    frames(app, mouse(app, third.center))
    assert picker.focus == 2 and isinstance(app.stack.top, GameSelectScene)
    first = picker.card_rect(picker.cards[0])
    frames(app, mouse(app, first.center, click=True))
    frames(app)
    assert isinstance(app.stack.top, SeatSetupScene)
    assert app.stack.top.game_id == picker.cards[0].game_id


def test_more_games_than_fit_scroll_by_rows(app, fake_game):
    picker = open_picker(app)  # the two fakes first: more cards than two rows hold
    assert picker.rows() > ROWS_SHOWN
    while picker.cards[picker.focus].row < ROWS_SHOWN:
        frames(app, pad(DPAD["right"]))
    assert picker.first_row == 1 and picker.focus in picker.visible()
    assert all(picker.cards[i].row >= 1 for i in picker.visible())
    frames(app, pad(DPAD["down"]))  # past the last row: back to the top
    assert picker.first_row == 0 and picker.cards[picker.focus].row == 0


def test_grid_rows_hold_columns_cards():
    cards = grid([f"g{i}" for i in range(7)])
    assert [(c.row, c.col) for c in cards] == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2),
                                               (2, 0)]


# -- how to play ---------------------------------------------------------------------------
def test_a_game_without_a_guide_shows_no_plate_and_y_and_g_do_nothing(app, monkeypatch):
    first = game_ids()[0]
    info = get_game(first)
    bare = dataclasses.replace(info, capabilities=tuple(
        c for c in info.capabilities if c != "guide"))
    monkeypatch.setattr(select, "get_game", lambda gid: bare if gid == first else get_game(gid))
    picker = open_picker(app)
    assert not picker.guide_available(first) and picker.guide_available(game_ids()[1])
    frames(app, pad(Y))
    frames(app, key(pygame.K_g))
    assert app.stack.top is picker


def test_y_g_and_a_click_on_the_plate_open_the_focused_games_guide(app):
    picker = open_picker(app)
    frames(app, pad(DPAD["right"]))
    frames(app, pad(Y))
    frames(app)
    assert isinstance(app.stack.top, GuideScene) and app.stack.top.info.id == game_ids()[1]
    app.stack.pop()
    app.stack.apply()
    frames(app, key(pygame.K_g))
    frames(app)
    assert isinstance(app.stack.top, GuideScene)
    app.stack.pop()
    app.stack.apply()
    frames(app, pad(DPAD["left"]))  # the plate opens the focused game's guide
    plate = picker.guide_rect()
    frames(app, mouse(app, plate.center, click=True))
    frames(app)
    assert isinstance(app.stack.top, GuideScene) and app.stack.top.info.id == game_ids()[0]


def test_the_how_to_play_plate_covers_no_card_of_the_picker(app):
    picker = open_picker(app)
    plate = picker.guide_rect()
    assert not any(plate.colliderect(rect) for rect in picker.visible().values())


# -- miniatures ------------------------------------------------------------------------------
def wait_for(predicate, app: App, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        frames(app)
        time.sleep(0.01)  # the showcase bots play on their worker meanwhile
    return predicate()


def test_every_game_gets_a_miniature_of_its_own_board(app):
    picker = open_picker(app)
    assert wait_for(picker.studio.ready, app)
    assert picker.studio.failures() == []
    for card in picker.cards:
        image = picker.studio.image(card.game_id)
        assert image is not None and image.get_size() == MINI_SIZE
        colors = {tuple(image.get_at((x, y))) for x in range(0, MINI_SIZE[0], 23)
                  for y in range(0, MINI_SIZE[1], 19)}
        assert len(colors) > 20, f"{card.game_id}: the miniature looks empty"
        mini = picker.studio.minis[card.game_id]
        shown = get_game(card.game_id).showcase
        assert len(mini.match.history) > shown.steps  # mid-game: bots played (chance too)
        assert not mini.match.is_over()


def test_the_focused_miniature_moves_on_slowly_and_the_others_stay(app):
    picker = open_picker(app)
    assert wait_for(picker.studio.ready, app)
    minis = picker.studio.minis
    focused, other = minis[picker.focused_key], minis[picker.cards[1].game_id]
    moves, others, image = len(focused.match.history), len(other.match.history), focused.image
    picker.studio.update(picker.studio.refresh, picker.focused_key)  # the refresh is due
    assert wait_for(lambda: focused.drawn, app)
    assert len(focused.match.history) > moves and focused.image is not image
    assert len(other.match.history) == others


def test_closing_the_studio_stops_its_bots_and_drops_the_pictures():
    studio = MiniatureStudio(["ticket_to_ride_paris"], (96, 50))
    studio.close()
    assert studio.stop.is_set() and studio.minis == {} and studio.image("x") is None


def test_a_showcase_is_played_a_chunk_per_update_and_rests_without_one(monkeypatch):
    steps = []
    monkeypatch.setattr(miniature, "bot_step", lambda match, bots: steps.append(1) or True)
    game_id = "ticket_to_ride_paris"
    wanted = get_game(game_id).showcase.steps
    assert wanted > 2 * CHUNK_STEPS  # else there is no second chunk to hold back
    studio = MiniatureStudio([game_id], (96, 50))
    mini = studio.minis[game_id]
    try:
        mini.job.result(timeout=30)
        time.sleep(0.3)  # no update: no job for the worker
        assert len(steps) == CHUNK_STEPS and mini.job.done()
        studio.update(0.0, None)  # the picker's frame: collects and sends the next chunk
        mini.job.result(timeout=30)
        assert len(steps) == 2 * CHUNK_STEPS and mini.image is None
        deadline = time.monotonic() + 30
        while not studio.ready() and time.monotonic() < deadline:
            studio.update(0.0, None)
            time.sleep(0.01)
        assert len(steps) == wanted and mini.image is not None and not mini.failed
    finally:
        studio.close()


def test_a_covered_picker_sends_its_bots_no_more_work(app):
    picker = open_picker(app)
    frames(app, pad(A))  # the seats screen covers the picker
    assert isinstance(app.stack.top, SeatSetupScene)
    minis = picker.studio.minis.values()
    deadline = time.monotonic() + 60
    while any(m.job is not None and not m.job.done() for m in minis):
        assert time.monotonic() < deadline
        time.sleep(0.01)  # the chunks already sent finish
    left = {m.game_id: m.steps_left for m in minis}
    assert any(left.values()), "every showcase was played already: this test shows nothing"
    frames(app, count=10)
    time.sleep(0.2)
    assert {m.game_id: m.steps_left for m in minis} == left
    assert all(m.job is None or m.job.done() for m in minis)
    frames(app, pad(pygame.CONTROLLER_BUTTON_B))
    assert app.stack.top is picker and wait_for(picker.studio.ready, app)


def test_leaving_the_picker_closes_its_studio(app):
    picker = open_picker(app)
    frames(app, pad(pygame.CONTROLLER_BUTTON_B))
    assert picker.studio.stop.is_set() and picker.studio.minis == {}


# -- a broken game ---------------------------------------------------------------------------
def test_a_game_with_broken_levels_shows_it_and_confirm_explains(home, broken_levels, caplog):
    broken_levels()
    app = App(scene_registry(), windowed=(480, 270))
    try:
        picker = open_picker(app)
        broken = picker.cards[[c.game_id for c in picker.cards].index("french_quarter")]
        assert picker.problems["french_quarter"] is not None
        assert "french_quarter" not in picker.studio.minis  # no miniature for it
        picker.focus_game(broken.game_id)
        frames(app)  # draws its "damaged" card
        frames(app, pad(A))
        frames(app)
        assert isinstance(app.stack.top, MessageScene)
        assert "cards.toml" in app.stack.top.text
    finally:
        app.stack.top.exit()
        picker.exit()
        pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_cards_title_pitch_and_facts_fit_the_card(language):
    pygame.font.init()
    set_language(language)
    for game_id in game_ids():
        info = get_game(game_id)
        lines = [(t(info.title_key), Widget(theme.BODY_SIZE, TEXT_W, True)),
                 (t(info.showcase.pitch_key), Widget(theme.SMALL_SIZE, TEXT_W)),
                 (facts_text(info), Widget(theme.SMALL_SIZE, TEXT_W))]
        for text, widget in lines:
            assert overflow(text, widget) == 0, f"[{language}] {text!r} is too wide"
