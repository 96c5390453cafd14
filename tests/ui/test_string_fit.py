"""Every shell string fits the widget it is shown in, in English and in Spanish.

Each key pattern names its widget: a menu button, a seat row's columns, a bar message, a hint,
a message box... with the sizes the scenes draw them at. A new shell string must be declared
here (the test fails on an undeclared key), so nothing is ever cut with "..." on screen.
"""

from __future__ import annotations

import pygame
import pytest
from string_fit import (
    Widget,
    base_keys,
    longest_params,
    misfits,
    overflow,
    room_misfits,
    widget_for,
)

from game.companion import tv
from game.engine.registry import catalog
from game.scenes import (
    countdown,
    game_paint,
    guide,
    help_panel,
    message,
    pause,
    results,
    seat_change,
    seats,
    select,
)
from game.ui import app, theme
from game.ui.i18n import LANGUAGES, Translator, load_catalog, load_file, string_files

TITLE, HEADING, BODY, SMALL = theme.TITLE_SIZE, theme.HEADING_SIZE, theme.BODY_SIZE, \
    theme.SMALL_SIZE
SCREEN = 1800  # a centred screen line, with margins
BUTTON_PAD = 40  # text inside a menu button keeps this much of its width free
SETTINGS_LABEL = 1100 - 2 * 36 - 40 - 330  # a settings row, less the widest value shown
SEAT_NAME = seats.ROW_W - 560 - 140  # a seat row: from the name to the left arrow
SEAT_DETAIL = 500 - 80 - 20  # between the arrows, a little margin
OPTION_NAME = (seats.ROW_W - seats.OPTION_GAP) // 2 - 56 - 70  # a switch, less "Off"

CALLOUT_TEXT_W = game_paint.CALLOUT_TEXT_W  # the Hint's reason beside its target

SHELL_WIDGETS: list[tuple[str, Widget | None]] = [
    ("app.title", Widget(TITLE, SCREEN, True)),
    ("app.subtitle", Widget(BODY, SCREEN)),
    ("title.idle_hint", Widget(BODY, SCREEN)),
    ("title.save_broken_title", Widget(HEADING, message.TITLE_W, True, lines=2)),
    ("error.level_title", Widget(HEADING, message.TITLE_W, True, lines=2)),
    ("title.save_broken", Widget(BODY, message.TEXT_W, lines=message.TEXT_LINES - 1)),
    ("error.level", Widget(BODY, message.TEXT_W, lines=message.TEXT_LINES - 1)),
    ("error.level_line", None),  # "line 3": composed into error.level, measured with it there
    ("title.*", Widget(BODY, 760 - BUTTON_PAD)),  # the title menu
    ("attract.demo", Widget(SMALL, 1000, True)),
    ("attract.press", Widget(SMALL, 700)),
    ("countdown.title", Widget(HEADING, countdown.BOX.w - 80, True)),
    ("countdown.hint", Widget(BODY, countdown.BOX.w - 80)),
    ("kiosk.leaving", Widget(SMALL, app.LEAVE_BAR.w)),
    ("crash.title", Widget(HEADING, message.TITLE_W, True, lines=2)),
    ("crash.text", Widget(BODY, message.TEXT_W, lines=message.TEXT_LINES - 1)),
    ("select.title", Widget(HEADING, SCREEN, True)),
    ("picker.facts", None),  # composed per game: tests/ui/test_picker.py measures each card
    ("picker.how_to_play", Widget(SMALL, select.CARD_W - 2 * select.PAD - 120)),
    ("picker.loading", Widget(SMALL, select.MINI_SIZE[0] - 40)),
    ("picker.broken", Widget(SMALL, select.MINI_SIZE[0] - 40)),
    ("picker.*", Widget(SMALL, select.TEXT_W // 2)),  # the parts of a card's facts line
    ("seats.title", Widget(HEADING, SCREEN, True)),
    ("seats.start", Widget(BODY, 520 - BUTTON_PAD, True)),
    ("seats.need", Widget(SMALL, SCREEN)),
    ("seats.empty", Widget(BODY, SEAT_NAME, True)),
    ("seat.*", Widget(BODY, SEAT_NAME, True)),
    ("seats.empty_hint", Widget(BODY, SEAT_DETAIL)),
    ("device.*", Widget(BODY, SEAT_DETAIL)),
    ("bot.*", Widget(BODY, SEAT_DETAIL)),
    ("seats.on", Widget(BODY, 70, True)),
    ("seats.off", Widget(BODY, 70, True)),
    ("options.*", Widget(BODY, OPTION_NAME)),
    ("game.disconnected", Widget(BODY, 1400 - 40, True)),
    ("game.pass_to", Widget(HEADING, 1200 - 2 * 60 - 100, True)),  # the curtain, its emblem
    ("game.ready", Widget(BODY, 400)),
    ("game.*", Widget(SMALL, 640 - 52)),  # the bar message, after the speaker's emblem
    ("pause.title", Widget(HEADING, pause.BOX.w - 80, True)),
    ("pause.*", Widget(BODY, 640 - BUTTON_PAD)),
    ("settings.title", Widget(HEADING, SCREEN, True)),
    ("settings.on", Widget(BODY, 330)),
    ("settings.off", Widget(BODY, 330)),
    ("settings.*", Widget(BODY, SETTINGS_LABEL)),
    ("language.*", Widget(BODY, 330)),
    ("speed.*", Widget(BODY, 330)),
    ("results.title", Widget(HEADING, SCREEN, True)),
    ("results.play_again", Widget(BODY, results.SPLIT.menu_width - BUTTON_PAD)),
    ("results.menu", Widget(BODY, results.SPLIT.menu_width - BUTTON_PAD)),
    ("results.total", Widget(SMALL, results.SPLIT.total_w - 16)),
    ("results.winner", Widget(BODY, results.SPLIT.name_w - 50, True)),
    ("results.points", Widget(BODY, 260, True)),  # the detail panel's header, right of the name
    ("results.list", None),  # only inside other messages (a tie-break note wraps)
    ("results.progress", Widget(SMALL, results.SPLIT.table.w - 40)),
    ("results.hints_used", Widget(SMALL, results.SPLIT.name_w - 40)),  # a chart bar's name
    ("hint.reason.*", Widget(SMALL, CALLOUT_TEXT_W, lines=game_paint.CALLOUT_LINES)),
    ("help.title", Widget(BODY, help_panel.TEXT_W, True)),
    ("help.close", Widget(SMALL, 330)),  # a hint label
    ("help.*", Widget(BODY, help_panel.TEXT_W, lines=help_panel.MAX_LINES)),
    ("guide.heading", Widget(HEADING, guide.HEADING_W, True)),
    ("guide.page", Widget(BODY, guide.PAGE_W)),
    ("guide.hint_turn", Widget(SMALL, 330)),
    ("guide.*", Widget(BODY, guide.NEXT_BUTTON.w - guide.BUTTON_PAD)),  # the page buttons
    ("phone.scan", Widget(SMALL, tv.CARD_W - 20)),  # the TV's join card
    ("phone.room", Widget(BODY, tv.CARD_W - 20, True)),
    ("phone.*", None),  # the phone page's words: shown on the phone, not on the TV canvas
    ("seat_change.title", Widget(HEADING, seat_change.BOX.w - 80, True)),
    ("seat_change.gone", Widget(SMALL, seat_change.BOX.w - 80)),
    ("seat_change.*", Widget(BODY, 860 - BUTTON_PAD)),  # also "Player 4: Person" rows
    ("hint.*", Widget(SMALL, 330)),  # a footer hint's label: three of them share the footer
]


def shell_keys() -> list[str]:
    tables = load_file(string_files()[0])
    return base_keys(set().union(*(tables[lang] for lang in LANGUAGES)))


def test_every_shell_string_has_a_declared_widget():
    undeclared = []
    for key in shell_keys():
        try:
            widget_for(key, SHELL_WIDGETS)
        except KeyError:
            undeclared.append(key)
    assert not undeclared, f"declare where these are shown: {undeclared}"


def test_every_shell_string_fits_its_widget_in_both_languages():
    pygame.font.init()
    assert not misfits(shell_keys(), SHELL_WIDGETS), "\n".join(
        misfits(shell_keys(), SHELL_WIDGETS))


def test_overflow_measures_single_lines_and_wrapped_text():
    pygame.font.init()
    wide = theme.font(SMALL).size("Segunda Línea")[0]
    assert overflow("Segunda Línea", Widget(SMALL, wide)) == 0
    assert overflow("Segunda Línea", Widget(SMALL, wide - 10)) == 10
    assert overflow("one two three", Widget(SMALL, wide, lines=2)) == 0
    assert overflow("one two three four five six seven", Widget(SMALL, 120, lines=2)) > 0


@pytest.mark.parametrize("key", ["game.bot_thinking", "results.winner"])
def test_misfits_names_the_language_and_the_overflow(key):
    pygame.font.init()
    tiny = [(key, Widget(BODY, 20))]
    lines = misfits([key], tiny)
    assert [line[:4] for line in lines] == ["[en]", "[es]"]
    assert all(key in line and "px over 20" in line for line in lines)


# == rooms' strings in the shared widgets (bar prompts and buttons, results headings, details) ====
@pytest.mark.parametrize("game", sorted(catalog()))
def test_every_room_string_fits_the_shared_widget_it_is_shown_in(game):
    pygame.font.init()
    assert not room_misfits(game), "\n".join(room_misfits(game))


def test_room_parameters_are_filled_as_wide_as_a_game_makes_them():
    """No {placeholder} is measured as its own name: each gets a plausible longest value."""
    pygame.font.init()
    translator = Translator(load_catalog(string_files()), "es")
    params = longest_params(translator)
    assert params["color"] == "Amarillo" and params["length"] == 3
    assert "{" not in translator.t("ticket_to_ride_paris.option.pay.yellow", **params)
    assert room_misfits("example_dice") == []
    assert misfits(["ticket_to_ride_paris.option.pay.yellow"],
                   [("*", Widget(SMALL, 200))]) != []
