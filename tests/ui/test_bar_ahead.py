"""What the bar says while bots play is made before the first frame: no frame where a bot's move
lands renders the bar's text (game.scenes.table: `Table.prepare`)."""

from __future__ import annotations

import pygame

from game.scenes import game_paint as paint
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec
from game.scenes.table.shared import MESSAGE_RIGHT_IDLE
from game.ui import theme
from game.ui.board_api import CANVAS_SIZE
from game.ui.i18n import t


def text_misses() -> int:
    return theme.text.cache_info().misses + paint.fit_cached.cache_info().misses


def bots(count: int) -> list[SeatSpec]:
    return [SeatSpec("greedy") for _ in range(count)]


def test_the_message_measured_for_damage_is_the_surface_the_bar_draws(app):
    """bar_message_area asks the text cache as draw_text does: one render, not two."""
    theme.text.cache_clear()
    message = "A message the bar has never shown"
    paint.bar_message_area(message, (1,), MESSAGE_RIGHT_IDLE)
    before = text_misses()
    paint.paint_bar(pygame.Surface(CANVAS_SIZE), message, 1, MESSAGE_RIGHT_IDLE)
    assert text_misses() == before


def test_a_shared_screen_renders_each_bots_thinking_before_the_first_frame(app):
    theme.text.cache_clear()
    paint.fit_cached.cache_clear()
    game = GameScene(app, "ticket_to_ride_paris", bots(3), seed=1)
    before = text_misses()
    for seat in range(3):
        message = t("game.bot_thinking", name=game.names[seat])
        paint.bar_message_area(message, (seat,), MESSAGE_RIGHT_IDLE)
        paint.paint_bar(pygame.Surface(CANVAS_SIZE), message, seat, MESSAGE_RIGHT_IDLE)
    assert text_misses() == before
    game.exit()


def test_a_split_screen_renders_each_bots_bar_before_the_first_frame(app):
    game = GameScene(app, "explore_new_york", bots(2), seed=1)
    table = game.table
    assert table.SPLIT
    kind = app.input.last_kind
    for seat in range(2):
        key = (t("game.bot_thinking", name=game.names[seat]), (), kind, (seat,))
        kept = len(table._bars)
        image = table.bar_image(key)
        assert len(table._bars) == kept and table.bar_image(key) is image  # made already
    game.exit()
