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
    """Measured and drawn as the frame a bot's move lands does (`paint_idle_bar`)."""
    for cache in (theme.text, paint.fit_cached, paint.idle_bar_image, paint._message_area):
        cache.cache_clear()
    game = GameScene(app, "ticket_to_ride_paris", bots(3), seed=1)
    before = text_misses()
    for seat in range(3):
        message = t("game.bot_thinking", name=game.names[seat])
        paint.bar_message_area(message, (seat,), MESSAGE_RIGHT_IDLE)
        paint.paint_idle_bar(pygame.Surface(CANVAS_SIZE), message, seat, MESSAGE_RIGHT_IDLE)
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


IDLE_BARS = [("Bot 2 is thinking...", 1), ("Game over", None), ("", None),
             ("A much longer message that runs far along the bar " * 3, 3)]


def test_the_idle_bar_s_picture_paints_the_pixels_paint_bar_paints(app):
    """`paint_idle_bar` (a picture made once per message, then a blit and the top line) and
    `paint_bar` leave the same canvas, the row above the bar (its top line) included."""
    for message, who in IDLE_BARS:
        drawn = []
        for paint_it in (paint.paint_bar, paint.paint_idle_bar):
            canvas = pygame.Surface(CANVAS_SIZE).convert()
            canvas.fill((90, 140, 60))  # the board above the bar
            paint_it(canvas, message, who, MESSAGE_RIGHT_IDLE)
            drawn.append(pygame.image.tobytes(canvas, "RGB"))
        assert drawn[0] == drawn[1], message


def test_a_shared_screen_draws_each_bots_idle_bar_before_the_first_frame(app):
    """The pictures of the bots' "thinking" bars are made by `prepare`, not in a frame."""
    paint.idle_bar_image.cache_clear()
    game = GameScene(app, "ticket_to_ride_paris", bots(3), seed=1)
    misses = paint.idle_bar_image.cache_info().misses
    for seat in range(3):
        message = t("game.bot_thinking", name=game.names[seat])
        paint.idle_bar_image(message, seat, MESSAGE_RIGHT_IDLE)
    assert paint.idle_bar_image.cache_info().misses == misses
    game.exit()


def test_the_idle_bar_key_is_made_once_per_speaker_and_follows_a_new_name(app):
    """`idle_bar_key` says what `bar_message` says for whoever is asked first, the same object
    while that speaker stays; a seat renamed (handed to another bot) gets its new name."""
    game = GameScene(app, "ticket_to_ride_paris", bots(3), seed=1)
    table = game.table
    first = game.match.prompts()[0].player
    key = table.idle_bar_key()
    assert key == (table.bar_message(None, None), False)
    assert key[0] == (t("game.bot_thinking", name=game.names[first]), first)
    assert table.idle_bar_key() is key
    game.names[first] = "Zoe"
    assert table.idle_bar_key()[0] == (t("game.bot_thinking", name="Zoe"), first)
    game.exit()


def test_a_bar_message_area_is_measured_once_and_handed_out_as_a_copy(app):
    """The area is kept per message (bots' moves ask for the same few): a caller moving the
    rect it got changes nothing of what the next caller gets."""
    area = paint.bar_message_area("Bot 3 is thinking...", (2,), MESSAGE_RIGHT_IDLE)
    kept = area.copy()
    area.move_ip(500, 500)
    assert paint.bar_message_area("Bot 3 is thinking...", (2,), MESSAGE_RIGHT_IDLE) == kept
