"""Sound synthesis with numpy: every effect and the menu music, made from sines and noise.

Kept apart from audio.py so that start-up never imports numpy (about 0.2 s cold): the App's
`Audio` imports this module on the first sound it plays.
"""

from __future__ import annotations

import sys
import wave as wavefile
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path

import numpy as np

RATE = 44100  # the rate the mixer is asked for; callers pass the rate it really opened
AUDIO_F32 = 0x8120  # SDL's 32-bit float sample format, as mixer.get_init() reports it


def _times(duration: float, rate: int) -> np.ndarray:
    return np.arange(round(duration * rate)) / rate


def _env(t: np.ndarray, attack: float, decay: float) -> np.ndarray:
    """A quick linear attack, then an exponential decay with time constant `decay`."""
    rise = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return rise * np.exp(-np.maximum(t - attack, 0.0) / decay)


def _fade_tail(x: np.ndarray, rate: int, ms: float = 8.0) -> np.ndarray:
    """Ramp the last few milliseconds to zero so no sound ends on a click."""
    n = min(len(x), int(rate * ms / 1000))
    if n > 1:
        x[-n:] *= np.linspace(1.0, 0.0, n)
    return x


def _noise(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, n)


def _band(x: np.ndarray, rate: int, low: float, high: float) -> np.ndarray:
    """Band-pass by zeroing FFT bins (fine for one-shot noise bursts)."""
    spectrum = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(len(x), 1 / rate)
    spectrum[(freqs < low) | (freqs > high)] = 0
    out = np.fft.irfft(spectrum, len(x))
    peak = np.max(np.abs(out))
    return out / peak if peak > 0 else out


def _tone(t: np.ndarray, freq: float | np.ndarray, harmonics: Sequence[float] = (1.0,)
          ) -> np.ndarray:
    """A sum of harmonics (amplitude per partial); `freq` may glide (an array per sample)."""
    phase = 2 * np.pi * (np.cumsum(np.broadcast_to(freq, t.shape)) / _rate_of(t))
    return sum(a * np.sin((k + 1) * phase) for k, a in enumerate(harmonics))


def _rate_of(t: np.ndarray) -> float:
    return 1.0 / (t[1] - t[0]) if len(t) > 1 else float(RATE)


def _notes(t: np.ndarray, notes: Sequence[tuple[float, float, float]],
           harmonics: Sequence[float], attack: float, decay: float) -> np.ndarray:
    """Overlapping notes (start, frequency, level) on one timeline."""
    out = np.zeros_like(t)
    for start, freq, level in notes:
        local = t - start
        on = local >= 0
        out[on] += level * _env(local[on], attack, decay) * _tone(local[on], freq, harmonics)
    return out


def _tick(t: np.ndarray, rate: int) -> np.ndarray:
    return 0.5 * _env(t, 0.001, 0.008) * np.sin(2 * np.pi * 1900 * t)


def _confirm(t: np.ndarray, rate: int) -> np.ndarray:
    return 0.45 * _notes(t, [(0.0, 660, 0.8), (0.05, 990, 1.0)], (1.0, 0.25), 0.004, 0.045)


def _back(t: np.ndarray, rate: int) -> np.ndarray:
    return 0.45 * _notes(t, [(0.0, 700, 1.0), (0.05, 470, 0.8)], (1.0, 0.25), 0.004, 0.045)


def _error(t: np.ndarray, rate: int) -> np.ndarray:
    buzz = np.tanh(3 * (_tone(t, 110, (1, 0.5, 0.33)) + _tone(t, 117, (1, 0.5))))
    gate = _burst(t, 0.0, 0.09) + _burst(t, 0.12, 0.21)  # two short bursts: "uh-uh"
    return 0.25 * buzz * gate * _env(t, 0.005, 0.5)


def _burst(t: np.ndarray, start: float, end: float, ramp: float = 0.006) -> np.ndarray:
    """1 between start and end, with short ramps so the edges do not click."""
    return np.clip((t - start) / ramp, 0, 1) * np.clip((end - t) / ramp, 0, 1)


def _pause(t: np.ndarray, rate: int) -> np.ndarray:
    return 0.3 * _notes(t, [(0.0, 523.25, 1.0), (0.0, 783.99, 0.7)], (1.0, 0.0, 0.1), 0.01, 0.08)


def _swish(t: np.ndarray, rate: int) -> np.ndarray:
    """A card sliding across felt: airy noise that brightens then fades."""
    n = len(t)
    low, high = _band(_noise(n, 1), rate, 600, 2500), _band(_noise(n, 2), rate, 2500, 9000)
    sweep = np.clip(t / t[-1], 0, 1)
    shape = np.sin(np.pi * sweep) ** 1.5
    return 0.6 * shape * ((1 - sweep) * low + sweep * high)


def _flip(t: np.ndarray, rate: int) -> np.ndarray:
    """A stiffer, deeper card: a low thump under a short papery snap."""
    snap = _band(_noise(len(t), 3), rate, 250, 1600) * _env(t, 0.002, 0.03)
    thump = np.sin(2 * np.pi * (150 * t - 120 * t * t)) * _env(t, 0.003, 0.05)
    return 0.55 * (0.7 * snap + 0.6 * thump)


def _clunk(t: np.ndarray, rate: int) -> np.ndarray:
    """A toy bus landing: a falling low knock plus a short wooden rattle."""
    knock = np.sin(2 * np.pi * (95 * t - 90 * t * t)) * _env(t, 0.002, 0.06)
    wood = _tone(t, 330, (1.0, 0.0, 0.4)) * _env(t, 0.001, 0.018)
    hit = _band(_noise(len(t), 4), rate, 80, 900) * _env(t, 0.001, 0.012)
    return 0.55 * np.tanh(1.5 * (knock + 0.35 * wood + 0.5 * hit))


BRASS = (1.0, 0.6, 0.45, 0.3, 0.2, 0.12)


def _fanfare(t: np.ndarray, rate: int) -> np.ndarray:
    """G-C-E-G, the last one held: a small brass flourish for the French flag."""
    notes = [(0.0, 392.0, 0.8), (0.11, 523.25, 0.8), (0.22, 659.25, 0.85), (0.33, 783.99, 1.0)]
    out = _notes(t, notes[:3], BRASS, 0.01, 0.09)
    held = np.clip(t - notes[3][0], 0, None)
    vibrato = 783.99 * (1 + 0.006 * np.sin(2 * np.pi * 5.5 * held))
    on = t >= notes[3][0]
    out[on] += _env(held[on], 0.02, 0.35) * _tone(held[on], vibrato[on], BRASS)
    return 0.22 * out


def _shuffle(t: np.ndarray, rate: int) -> np.ndarray:
    """A riffle: many tiny card clicks, jittered, swelling and fading."""
    rng = np.random.default_rng(5)
    out = np.zeros_like(t)
    click = _band(_noise(int(0.012 * rate), 6), rate, 1500, 7000) * np.exp(
        -np.arange(int(0.012 * rate)) / (0.003 * rate))
    for start in np.sort(rng.uniform(0.0, t[-1] - 0.015, 40)):
        i = int(start * rate)
        out[i:i + len(click)] += click * rng.uniform(0.4, 1.0)
    return 0.8 * np.tanh(out) * np.sin(np.pi * np.clip(t / t[-1], 0, 1)) ** 0.5


def _chord(t: np.ndarray, rate: int) -> np.ndarray:
    """The end of the game: a warm, slowly fading C major chord, notes rolled in."""
    notes = [(0.0, 130.81, 0.8), (0.04, 261.63, 0.8), (0.08, 329.63, 0.7), (0.12, 392.0, 0.7),
             (0.16, 523.25, 0.6)]
    return 0.16 * _notes(t, notes, (1.0, 0.4, 0.2, 0.1), 0.04, 0.7)


def _chime(t: np.ndarray, rate: int) -> np.ndarray:
    """Your turn: a soft two-note bell (inharmonic partials make it a bell, not a beep)."""
    out = np.zeros_like(t)
    for start, freq, level in ((0.0, 1318.5, 0.7), (0.13, 987.77, 1.0)):
        local = t - start
        on = local >= 0
        bell = np.sin(2 * np.pi * freq * local[on]) + 0.3 * np.sin(2 * np.pi * 2.76 * freq
                                                                   * local[on])
        out[on] += level * bell * _env(local[on], 0.003, 0.18)
    return 0.2 * out


Synth = Callable[[np.ndarray, int], np.ndarray]

# name → (seconds, synthesiser); read-only table
SOUNDS: Mapping[str, tuple[float, Synth]] = {
    "tick": (0.04, _tick),
    "confirm": (0.16, _confirm),
    "back": (0.16, _back),
    "error": (0.24, _error),
    "pause": (0.3, _pause),
    "swish": (0.2, _swish),
    "flip": (0.16, _flip),
    "clunk": (0.2, _clunk),
    "fanfare": (1.0, _fanfare),
    "shuffle": (0.5, _shuffle),
    "chord": (1.8, _chord),
    "chime": (0.75, _chime),
}


@cache  # a process makes each sound once, however many Apps (tests) it opens
def synthesize(name: str, rate: int = RATE) -> np.ndarray:
    """One effect as mono int16 samples at `rate` (KeyError for an unknown name)."""
    duration, synth = SOUNDS[name]
    wave = _fade_tail(synth(_times(duration, rate), rate).astype(np.float64), rate)
    return _frozen(to_int16(wave))


def to_int16(wave: np.ndarray) -> np.ndarray:
    """Float samples in [-1, 1] (clipped) → int16."""
    return (np.clip(wave, -1.0, 1.0) * 32767).astype(np.int16)


# -- the menu music ---------------------------------------------------------------------------------
MUSIC_BEAT = 0.42  # seconds per beat of a lazy musette waltz (3/4)
# (bar, beat, length in beats, semitones above A3); 8 bars of tune over Am-Dm-G-C-F-Dm-E-Am
MELODY = (
    (0, 0, 1, 12), (0, 1, 1, 14), (0, 2, 1, 15), (1, 0, 2, 17), (1, 2, 1, 15),
    (2, 0, 1, 14), (2, 1, 1, 10), (2, 2, 1, 14), (3, 0, 3, 15),
    (4, 0, 1, 12), (4, 1, 1, 15), (4, 2, 1, 20), (5, 0, 2, 17), (5, 2, 1, 14),
    (6, 0, 1, 11), (6, 1, 1, 14), (6, 2, 1, 19), (7, 0, 3, 12),
)
CHORDS = ((0, 3, 7), (5, 8, 12), (-2, 2, 5), (3, 7, 10), (-4, 0, 3), (5, 8, 12), (-5, -1, 2),
          (0, 3, 7))


def _reed_table(size: int = 2048) -> np.ndarray:
    """One period of a free-reed tone: bright, odd-heavy harmonics."""
    phase = np.arange(size) / size * 2 * np.pi
    table = sum((1.0 if k % 2 else 0.6) / k ** 0.9 * np.sin(k * phase) for k in range(1, 10))
    return table / np.max(np.abs(table))


def _reed(table: np.ndarray, freq: float, n: int, rate: int) -> np.ndarray:
    """Two reeds a few cents apart (the accordion's "wet" musette beating), by table lookup."""
    idx = np.arange(n)
    a = table[(idx * freq * len(table) / rate).astype(np.int64) % len(table)]
    b = table[(idx * freq * 1.006 * len(table) / rate).astype(np.int64) % len(table)]
    return 0.5 * (a + b)


def _place(out: np.ndarray, wave: np.ndarray, start: float, rate: int) -> None:
    i = int(start * rate)
    end = min(len(out), i + len(wave))
    out[i:end] += wave[:end - i]


def _music_note(table: np.ndarray, semis: float, beats: float, level: float,
                rate: int) -> np.ndarray:
    n = int(beats * MUSIC_BEAT * rate)
    t = np.arange(n) / rate
    shape = np.clip(t / 0.02, 0, 1) * np.clip((t[-1] - t) / 0.06, 0, 1)  # bellows in and out
    return level * shape * _reed(table, 220.0 * 2 ** (semis / 12), n, rate)


@cache
def music_loop(rate: int = RATE) -> np.ndarray:
    """An 8-bar accordion waltz as mono int16; it loops seamlessly (every note ends inside)."""
    bar = 3 * MUSIC_BEAT
    out = np.zeros(round(8 * bar * rate))
    table = _reed_table()
    for b, beat, length, semis in MELODY:
        _place(out, _music_note(table, semis, length * 0.95, 0.5, rate), b * bar
               + beat * MUSIC_BEAT, rate)
    for b, chord in enumerate(CHORDS):
        _place(out, _music_note(table, chord[0] - 12, 0.9, 0.45, rate), b * bar, rate)  # oom
        for beat in (1, 2):  # pah, pah
            for semis in chord:
                _place(out, _music_note(table, semis, 0.6, 0.13, rate), b * bar
                       + beat * MUSIC_BEAT, rate)
    t = np.arange(len(out)) / rate
    out *= 1 + 0.08 * np.sin(2 * np.pi * 0.9 * t)  # slow bellows swell
    return _frozen(to_int16(0.45 * out / np.max(np.abs(out))))


def _frozen(samples: np.ndarray) -> np.ndarray:
    """Cached arrays are shared: make them read-only."""
    samples.flags.writeable = False
    return samples


def to_mixer(samples: np.ndarray, fmt: int, channels: int) -> bytes:
    """Mono int16 samples as raw bytes in the mixer's own format and channel count."""
    wave = samples.astype(np.float32) / 32768
    if fmt == AUDIO_F32:
        data = wave
    elif fmt == 8:
        data = ((wave + 1) * 127.5).astype(np.uint8)
    elif fmt == -8:
        data = (wave * 127).astype(np.int8)
    elif fmt == -32:
        data = (wave.astype(np.float64) * 2147483647).astype(np.int32)
    else:  # -16, the format we ask for
        data = samples
    return np.repeat(data[:, None], max(1, channels), axis=1).tobytes()


def write_wavs(folder: Path, rate: int = RATE) -> list[Path]:
    """Every sound and the music as 16-bit mono WAV files, to audition them in any player."""
    folder.mkdir(parents=True, exist_ok=True)
    clips = {name: synthesize(name, rate) for name in SOUNDS} | {"music": music_loop(rate)}
    paths = []
    for name, samples in clips.items():
        path = folder / f"{name}.wav"
        with wavefile.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(rate)
            out.writeframes(samples.astype("<i2").tobytes())
        paths.append(path)
    return paths


if __name__ == "__main__":  # python -m game.ui.synth [folder]: write the WAVs to listen to
    for written in write_wavs(Path(sys.argv[1] if len(sys.argv) > 1 else "sounds_preview")):
        print(written)
