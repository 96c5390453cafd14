"""Audio: synthesised sounds, the silent fallback, event → sound mapping, live volumes."""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pygame
import pytest
from conftest import pad
from test_scenes import frames, human_turn, start_game, top

from game.engine.core import Config, event
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.scenes.game import GameScene
from game.scenes.pause import PauseScene
from game.scenes.settings import SettingsScene
from game.ui import audio as audio_mod
from game.ui import synth
from game.ui.audio import Audio, Cue, EventSound, cue_entry, event_cues
from game.ui.input import Intent
from game.ui.widgets import Menu, MenuItem

TTR_CUES = TTRRenderer.SOUND_CUES  # the sounds declared with its event animations

DOWN, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_RIGHT


def names(cues):
    return [name for _, name, _ in cues]


class Recorder:
    """Wraps Audio.play to remember the names asked for (the real play still runs)."""

    def __init__(self, audio: Audio) -> None:
        self.played: list[str] = []
        self._play = audio.play
        audio.play = self

    def __call__(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)
        self._play(name, volume)


def no_mixer(monkeypatch):
    """Make the mixer look like a machine without a sound card."""
    def refuse(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)


# -- synthesis -------------------------------------------------------------------------------
@pytest.mark.parametrize("rate", [22050, 44100])
@pytest.mark.parametrize("name", list(synth.SOUNDS))
def test_synthesised_sound_is_audible_int16_of_its_length(name, rate):
    samples = synth.synthesize(name, rate)
    duration, _ = synth.SOUNDS[name]
    assert samples.dtype == np.int16 and samples.ndim == 1
    assert len(samples) == round(duration * rate)
    peak = int(np.abs(samples.astype(np.int32)).max())
    assert 3000 < peak <= 32767  # audible, and never wrapped around
    assert abs(int(samples[-1])) < 100  # faded out: no click at the end


def test_synthesis_is_deterministic():
    assert np.array_equal(synth.synthesize("shuffle"), synth.synthesize("shuffle"))


def test_music_loop_is_eight_waltz_bars_and_loops_without_a_click():
    rate = 22050
    loop = synth.music_loop(rate)
    assert loop.dtype == np.int16
    assert len(loop) == round(8 * 3 * synth.MUSIC_BEAT * rate)
    assert 3000 < np.abs(loop.astype(np.int32)).max() <= 32767
    assert abs(int(loop[0])) < 200 and abs(int(loop[-1])) < 200


@pytest.mark.parametrize("fmt,channels,width", [(-16, 2, 2), (-16, 1, 2), (synth.AUDIO_F32, 2, 4),
                                                (8, 2, 1), (-32, 2, 4)])
def test_samples_convert_to_the_mixer_format(fmt, channels, width):
    samples = synth.synthesize("tick", 22050)
    assert len(synth.to_mixer(samples, fmt, channels)) == len(samples) * channels * width


def test_start_up_does_not_import_numpy():
    # numpy costs ~0.2 s cold: synth.py may only load with the first sound.
    code = ("import sys, game.ui.app, game.ui.audio, game.scenes.title; "
            "game.ui.audio.Audio().set_volumes(10, 10); print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[2], check=True)
    assert out.stdout.strip().endswith("False")


def test_wav_preview_files(tmp_path):
    paths = synth.write_wavs(tmp_path, 8000)
    assert {p.stem for p in paths} == set(synth.SOUNDS) | {"music"}
    with wave.open(str(tmp_path / "clunk.wav")) as clip:
        assert clip.getnframes() == round(synth.SOUNDS["clunk"][0] * 8000)


# -- event kinds -----------------------------------------------------------------------------
def test_ticket_to_ride_event_kinds_map_to_the_intended_sounds():
    cases = {
        event("card_drawn", 0, source="deck", color="red"): ["swish"],
        event("ticket_drawn", 0, ticket="t1"): ["flip"],
        event("deck_reshuffled", size=40): ["shuffle"],
        event("flag_completed", 1, points=3): ["fanfare"],
        event("game_over", None, tickets=()): ["chord"],
        event("tickets_drawn", 0, count=3): [],
        event("turn_started", 1, turn=4): [],
    }
    for ev, expected in cases.items():
        assert names(event_cues([ev], TTR_CUES)) == expected, ev.kind


def test_one_clunk_per_bus_in_time_with_the_drops():
    claim = event("route_claimed", 0, route="a-b", cards=("red", "red", "wild"), points=4)
    cues = event_cues([claim], TTR_CUES)
    clunks = [at for at, name, _ in cues if name == "clunk"]
    assert len(clunks) == 3
    assert np.allclose(np.diff(clunks), 0.12) and clunks[0] > 0.3  # after the first bus lands
    assert "swish" in names(cues)  # the paid cards fly to the discard pile


def test_cues_follow_each_other_on_the_timeline():
    draw = event("card_drawn", 0, source="deck", color="red")
    (first, _, _), (second, _, _) = event_cues([draw, draw], TTR_CUES)
    assert second - first == pytest.approx(0.3)


def test_unknown_kinds_fall_back_to_substrings_or_silence():
    assert cue_entry("dice_rolled").cues[0].sound == "shuffle"
    assert cue_entry("bonus_card_taken").cues[0].sound == "fanfare"  # first pattern wins
    assert cue_entry("building_placed").cues[0].sound == "clunk"
    assert cue_entry("score_changed") is None
    assert cue_entry("something_new") is None


def test_a_game_table_overrides_the_defaults():
    table = {"card_drawn": "flip", "game_over": None,
             "wall_built": EventSound((Cue("clunk", every=0.2),), count="walls")}
    assert names(event_cues([event("card_drawn", 0)], table)) == ["flip"]
    assert names(event_cues([event("game_over")], table)) == []
    assert names(event_cues([event("wall_built", 0, walls=2)], table)) == ["clunk", "clunk"]
    assert names(event_cues([event("ticket_drawn", 0)], table)) == ["flip"]  # default kept


def test_every_ticket_to_ride_event_kind_is_listed():
    from game.engine.bots import make_bot
    from game.engine.match import Match
    from game.engine.registry import rules_for

    match = Match(rules_for("ticket_to_ride_paris"), Config(3), 7)
    bots = {i: make_bot("random", "ticket_to_ride_paris", i) for i in range(3)}
    kinds = {e.kind for e in match.resolve_chance()}
    while not match.is_over():
        prompt = match.prompts()[0]
        action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
        kinds |= {e.kind for e in match.apply(prompt.player, action) + match.resolve_chance()}
    listed = set(TTR_CUES) | set(audio_mod.DEFAULT_CUES)
    assert kinds <= listed, kinds - listed


# -- the silent fallback ---------------------------------------------------------------------
def test_without_a_mixer_audio_is_silent_and_never_raises(monkeypatch):
    no_mixer(monkeypatch)
    sound = Audio()
    sound.play("tick")
    sound.play_events([event("route_claimed", 0, cards=("red",) * 4)])
    sound.update(1.0)
    sound.set_volumes(10, 20)
    sound.set_music("menu")
    sound.flush()
    sound.close()
    assert not sound.available and sound.sound("tick") is None
    assert sound.plays >= 1 and not sound.music_playing()


def test_a_disabled_audio_never_opens_the_mixer(monkeypatch):
    opened = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(a))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sound = Audio(enabled=False)
    sound.play("confirm")
    sound.set_music("menu")
    assert not opened and not sound.available


def test_a_device_lost_while_playing_goes_silent(monkeypatch):
    sound = Audio()
    if not sound.available:
        pytest.skip("no mixer on this machine")

    class Broken:
        def set_volume(self, v):
            pass

        def play(self):
            raise pygame.error("device unplugged")

    sound._sounds["tick"] = Broken()
    sound.play("tick")  # must not raise
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: None)
    sound.play("tick")
    assert not sound.available


# -- timing and volume -----------------------------------------------------------------------
def test_cues_wait_for_the_cue_clock():
    sound = Audio(enabled=False)  # the clock works the same without a device
    sound.schedule([(0.0, "tick", 1.0), (0.5, "clunk", 1.0)])
    assert sound.plays == 1 and sound.pending() == 1
    sound.update(0.4)
    assert sound.pending() == 1
    sound.update(0.2)
    assert sound.pending() == 0 and sound.plays == 2


def test_instant_speed_plays_each_sound_once_now():
    sound = Audio(enabled=False)
    recorder = Recorder(sound)
    claim = event("route_claimed", 0, cards=("red",) * 5)
    sound.play_events([claim, event("card_drawn", 1)], instant=True)
    assert sorted(recorder.played) == ["clunk", "swish"] and sound.pending() == 0


def test_cancel_and_flush():
    sound = Audio(enabled=False)
    recorder = Recorder(sound)
    sound.schedule([(1.0, "chord", 1.0), (2.0, "chord", 1.0)])
    sound.flush()
    assert recorder.played == ["chord"] and sound.pending() == 0
    sound.schedule([(1.0, "clunk", 1.0)])
    sound.cancel()
    sound.update(5.0)
    assert recorder.played == ["chord"]


def test_volume_settings_change_sound_and_music_volume():
    sound = Audio(music_volume=50, effects_volume=80)
    if not sound.available:
        pytest.skip("no mixer on this machine")
    tick = sound.sound("tick")
    assert tick.get_volume() == pytest.approx(0.8, abs=0.01)
    sound.set_music("menu")
    music = sound._music
    assert sound.music_playing()
    assert music.get_volume() == pytest.approx(audio_mod.MUSIC_LEVEL * 0.5, abs=0.01)
    sound.set_volumes(20, 30)
    assert tick.get_volume() == pytest.approx(0.3, abs=0.01)
    assert music.get_volume() == pytest.approx(audio_mod.MUSIC_LEVEL * 0.2, abs=0.01)
    sound.set_volumes(0, 0)
    assert music.get_volume() == 0 and tick.get_volume() == 0
    sound.close()


def test_effects_at_volume_zero_are_not_played():
    sound = Audio(effects_volume=0)
    sound.play("tick")
    assert sound._sounds == {}  # nothing synthesised, nothing played


# -- the app and its scenes ------------------------------------------------------------------
def test_menu_reports_what_it_did():
    menu = Menu([MenuItem("a", str), MenuItem("b", str), MenuItem("c", str, lambda: False)])
    menu.handle(Intent("down", "pad:1"))
    assert menu.feedback == "tick"
    assert menu.handle(Intent("confirm", "pad:1")) == "b" and menu.feedback == "confirm"
    menu.focus = 2
    menu.handle(Intent("confirm", "pad:1"))
    assert menu.feedback == "error"
    menu.handle(Intent("page_next", "pad:1"))
    assert menu.feedback is None


def test_menus_tick_confirm_and_back(app, fake_game):
    recorder = Recorder(app.audio)
    frames(app, 1, pad(DOWN))
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_A))
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_B))
    assert recorder.played == ["tick", "confirm", "back"]


def test_settings_change_volumes_live(app):
    app.stack.push(SettingsScene(app))
    frames(app)
    scene = top(app)
    scene.menu.focus_key("effects_volume")
    app.dispatch(Intent("left", "pad:1"))
    assert app.settings.effects_volume == 70 and app.audio.effects_volume == 70
    scene.menu.focus_key("music_volume")
    app.dispatch(Intent("right", "pad:1"))
    assert app.settings.music_volume == 80 and app.audio.music_volume == 80
    if app.audio.available:
        assert app.audio.sound("tick").get_volume() == pytest.approx(0.7, abs=0.01)


def test_menu_music_stops_during_a_game(app, fake_game):
    frames(app, 2)
    assert app.music_wanted() == "menu"
    start_game(app)
    assert app.music_wanted() is None


def test_game_scene_chimes_ticks_and_pauses(app, fake_game):
    recorder = Recorder(app.audio)
    game = start_game(app)
    assert human_turn(app, game)
    assert "chime" in recorder.played
    recorder.played.clear()
    frames(app, 1, pad(RIGHT))
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_A))
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_START))
    assert isinstance(top(app), PauseScene) and isinstance(app.stack.scenes[-2], GameScene)
    assert recorder.played[:2] == ["tick", "confirm"] and recorder.played[-1] == "pause"


def test_refused_undo_buzzes(app, fake_game):
    recorder = Recorder(app.audio)
    game = start_game(app)
    assert human_turn(app, game) and not game.can_undo("pad:77")
    frames(app, 1, pad(pygame.CONTROLLER_BUTTON_Y))
    assert recorder.played[-1] == "error"
