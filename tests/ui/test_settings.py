"""Settings and autosave files: defaults, corruption, atomic round trips."""

from __future__ import annotations

import json
import logging

from game.ui import settings as store
from game.ui.settings import Settings, load_settings, save_settings


def test_home_override_and_defaults(home):
    assert store.settings_path() == home / "settings.json"
    assert load_settings() == Settings()


def test_round_trip(home):
    s = Settings(language="es", fullscreen=True, music_volume=30, animation_speed="instant",
                 open_hands=True)
    assert save_settings(s)
    assert load_settings() == s
    assert not list(home.glob("*.tmp"))


def test_corrupt_file_gives_defaults_and_a_warning(home, caplog):
    store.settings_path().write_text("{ not json", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load_settings() == Settings()
    assert "corrupt" in caplog.text and "settings.json" in caplog.text


def test_binary_garbage_gives_defaults(home, caplog):
    store.settings_path().write_bytes(b"\xff\xfe\x00garbage")
    with caplog.at_level(logging.WARNING):
        assert load_settings() == Settings()
    assert caplog.records


def test_bad_fields_fall_back_one_by_one(home, caplog):
    data = {"language": "fr", "music_volume": 250, "effects_volume": 10, "open_hands": "yes",
            "animation_speed": "2x", "unknown": 1}
    store.settings_path().write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        s = load_settings()
    assert s.language == "en" and s.music_volume == 70 and s.open_hands is False
    assert s.effects_volume == 10 and s.animation_speed == "2x"
    assert "language" in caplog.text and "music_volume" in caplog.text


def test_not_an_object(home, caplog):
    store.settings_path().write_text("[1, 2]", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load_settings() == Settings()
    assert "not a JSON object" in caplog.text


def test_speed_factor():
    assert Settings(animation_speed="2x").speed_factor() == 2.0
    assert Settings(animation_speed="instant").speed_factor() == float("inf")


def test_quarantine_moves_broken_autosave(home):
    store.autosave_path().write_text("garbage", encoding="utf-8")
    moved = store.quarantine_autosave()
    assert moved is not None and moved.exists() and moved.read_text() == "garbage"
    assert moved.name.startswith("autosave.corrupt-") and moved.suffix == ".json"
    assert not store.has_autosave() and [p.name for p in home.iterdir()] == [moved.name]
