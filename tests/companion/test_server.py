"""The server's own checks and life: message parsing, the rate bucket, the setting and kiosk."""

from __future__ import annotations

import urllib.request

import pygame

from game.companion.server import MAX_TEXT, Bucket, parse_message
from game.scenes import scene_registry
from game.ui.app import App
from game.ui.settings import Settings


def test_parse_message_accepts_known_objects_only():
    assert parse_message('{"t": "ping"}') == ({"t": "ping"}, None)
    assert parse_message("nope")[1] == "bad_json"
    assert parse_message('"ping"')[1] == "bad_message"
    assert parse_message('{"t": "_close"}')[1] == "bad_message"
    assert parse_message(" " * (MAX_TEXT + 1))[1] == "too_long"


def test_bucket_allows_a_burst_then_refuses():
    bucket = Bucket(rate=0.001, burst=3)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_the_page_and_its_files_are_served_and_nothing_else(console):
    base = f"http://127.0.0.1:{console.companion.port}"
    page = urllib.request.urlopen(base + "/").read().decode()
    assert "/static/app.js" in page and "http" not in page.replace(
        'name="referrer"', "").split("<body>")[1]  # nothing fetched from the internet
    assert b"WebSocket" in urllib.request.urlopen(base + "/static/app.js").read()
    words = urllib.request.urlopen(base + "/strings.json").read().decode()
    assert "Pick your seat" in words
    for path in ("/static/..%2Fserver.py", "/static/server.py", "/etc/passwd"):
        try:
            urllib.request.urlopen(base + path)
            raise AssertionError(path)
        except urllib.error.HTTPError as exc:
            assert exc.code == 404


def test_no_server_unless_switched_on_and_a_kiosk_forbids_it(home):
    app = App(scene_registry(), windowed=(480, 270), settings=Settings(), persist=False)
    assert not app.companion.running
    kiosk = App(scene_registry(), windowed=(480, 270), persist=False, kiosk=True,
                settings=Settings(phones=True))
    assert kiosk.companion.forbidden() and not kiosk.companion.running
    kiosk.settings.phones_in_kiosk = True
    kiosk.companion.port, kiosk.companion.host = 0, "127.0.0.1"
    assert kiosk.companion.start() and kiosk.companion.running
    kiosk.companion.stop()
    assert not kiosk.companion.running
    pygame.display.quit()


def test_the_settings_row_starts_and_stops_the_server(console):
    from game.scenes.settings import SettingsScene

    console.companion.stop()
    scene = SettingsScene(console)
    console.settings.phones = False
    scene.change("phones", 1)
    assert console.settings.phones and console.companion.running
    scene.change("phones", 1)
    assert not console.settings.phones and not console.companion.running


def test_phones_flag_on_the_command_line():
    import main

    assert main.build_parser().parse_args(["--phones"]).phones is True
    assert main.build_parser().parse_args(["--no-phones"]).phones is False
    assert main.build_parser().parse_args([]).phones is None


def test_the_page_words_follow_the_console_language(console):
    from game.ui.i18n import set_language

    base = f"http://127.0.0.1:{console.companion.port}/strings.json"
    try:
        set_language("es")
        console.step([], 1 / 60, present=False)
        assert "Elige tu asiento" in urllib.request.urlopen(base).read().decode()
    finally:
        set_language("en")
