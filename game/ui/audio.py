"""Sound: effects and menu music, all synthesised (game/ui/synth.py), none loaded from disk.

Nothing happens at import or in `Audio()`: the mixer opens, numpy loads and each sound is
synthesised on its first use, so start-up to the first title frame does not pay for audio. Without an audio device
(no sound card, an unplugged headset, a mixer that refuses to open) `Audio` is silent and never
raises: sound is a nicety, never a reason to crash a game night.

Engine events map to sounds by kind: a game room may give its renderer class a `SOUND_CUES`
table (event kind → `EventSound`, a sound name, or None for silence); kinds it does not list use
`DEFAULT_CUES`, then `KIND_PATTERNS` (substrings such as "card" or "shuffle"). Cues carry times
so per-item sounds (one clunk per bus) land with the renderer's animation; the scene advances the
cue clock with the same scaled dt as its renderer.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

RATE = 44100  # the rate we ask for; synthesis follows whatever the mixer really opened
BUFFER = 512  # samples: about 12 ms, so a tick lands with the key press
MUSIC_LEVEL = 0.35  # the loop sits under the effects even at equal volume settings
MUSIC_FADE_MS = 600


# == event → sound ================================================================================
@dataclass(frozen=True)
class Cue:
    """One sound `at` seconds into an event's animation; with `every`, one per counted item."""

    sound: str
    at: float = 0.0
    every: float = 0.0
    volume: float = 1.0


@dataclass(frozen=True)
class EventSound:
    """The cues of one event kind and how long the event holds the renderer's timeline."""

    cues: tuple[Cue, ...] = ()
    advance: float = 0.0
    per_item: float = 0.0  # extra advance per counted item
    count: str = ""  # the event field to count: an int or a sequence


CueEntry = EventSound | str | None

# Shared defaults for every room; a room's renderer `SOUND_CUES` table tunes timings to its own
# animations (game.ui.render_kit builds it from the sounds declared with its event handlers).
DEFAULT_CUES: Mapping[str, CueEntry] = {
    "game_over": "chord",
    "turn_started": None,  # the scene chimes when a person's turn comes, whatever the game
}

# Fallbacks for kinds no table names, first match wins: (substring of the kind, sound).
KIND_PATTERNS: tuple[tuple[str, str | None], ...] = (
    ("game_over", "chord"), ("flag", "fanfare"), ("bonus", "fanfare"), ("shuffl", "shuffle"),
    ("dice", "shuffle"), ("rolled", "shuffle"), ("ticket", "flip"), ("card", "swish"),
    ("claim", "clunk"), ("placed", "clunk"), ("built", "clunk"), ("score", None),
)


def cue_entry(kind: str, table: Mapping[str, CueEntry] | None = None) -> EventSound | None:
    """The sound entry for an event kind: game table, then defaults, then substrings."""
    for source in (table or {}, DEFAULT_CUES):
        if kind in source:
            return _entry(source[kind])
    for part, sound in KIND_PATTERNS:
        if part in kind:
            return _entry(sound)
    return None


def _entry(value: CueEntry) -> EventSound | None:
    if isinstance(value, str):
        return EventSound((Cue(value),))
    return value


def _count(event: Any, field: str) -> int:
    if not field:
        return 1
    value = event.get(field)
    if isinstance(value, int) and not isinstance(value, bool):
        return max(0, value)
    return len(value) if isinstance(value, (tuple, list)) else 1


def event_cues(events: Iterable[Any], table: Mapping[str, CueEntry] | None = None
               ) -> list[tuple[float, str, float]]:
    """(delay, sound, volume) for a batch of events, laid out like the renderer's timeline."""
    out: list[tuple[float, str, float]] = []
    cursor = 0.0
    for event in events:
        entry = cue_entry(event.kind, table)
        if entry is None:
            continue
        n = _count(event, entry.count)
        for cue in entry.cues:
            repeats = n if cue.every > 0 else 1
            out += [(cursor + cue.at + k * cue.every, cue.sound, cue.volume)
                    for k in range(repeats)]
        cursor += entry.advance + entry.per_item * n
    return out


# == the player ===================================================================================
class Audio:
    """The App's sound: lazily opened mixer, lazily synthesised sounds, a cue clock, the music."""

    def __init__(self, music_volume: int = 70, effects_volume: int = 80,
                 enabled: bool = True) -> None:
        self.music_volume = music_volume
        self.effects_volume = effects_volume
        self._state = "new" if enabled else "off"  # new → ready | off (silent for good)
        self._format: tuple[int, int, int] | None = None
        self._sounds: dict[str, Any] = {}
        self._music: Any = None
        self._music_channel: Any = None
        self._music_on = False  # told to play (a fading-out channel still looks busy)
        self._music_wanted: str | None = None
        # (due time, sound, volume), soonest first; read it, never change it (a frame with none
        # skips `update`: game.scenes.game)
        self.queued: list[tuple[float, str, float]] = []
        self._clock = 0.0
        self.plays = 0  # effects requested so far, heard or not (lets callers avoid doubling)

    # -- mixer -----------------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        """True if sound can be heard (opens the mixer on first call)."""
        return self._ready()

    def _ready(self) -> bool:
        if self._state == "off":
            return False
        try:
            import pygame

            current = pygame.mixer.get_init()
            if self._state == "ready" and current == self._format:
                return True
            if current is None:  # first use, or pygame.quit() closed it since
                pygame.mixer.init(RATE, -16, 2, BUFFER)
                current = pygame.mixer.get_init()
            if current is None:
                raise RuntimeError("the mixer did not open")
        except Exception as exc:  # noqa: BLE001 - any failure only means "no sound tonight"
            log.info("no sound: %s", exc)
            self._go_silent()
            return False
        self._open(current)
        return True

    def _open(self, current: tuple[int, int, int]) -> None:
        """A fresh mixer: old Sound objects belong to the closed one."""
        import pygame

        self._format, self._state = current, "ready"
        self._sounds.clear()
        self._music, self._music_on = None, False
        pygame.mixer.set_num_channels(16)  # a bus drop, card flights and a fanfare can overlap
        pygame.mixer.set_reserved(1)  # channel 0 is the music's, effects never steal it
        self._music_channel = pygame.mixer.Channel(0)

    def _go_silent(self) -> None:
        self._state = "off"
        self._sounds.clear()
        self._music = self._music_channel = None
        self._music_on = False
        self.queued.clear()

    def sound(self, name: str) -> Any:
        """The pygame Sound for an effect (synthesised on first use); None when silent."""
        if not self._ready():
            return None
        if name not in self._sounds:
            from .synth import synthesize

            self._sounds[name] = self._make(synthesize(name, self._format[0]))
            self._sounds[name].set_volume(self.effects_volume / 100)
        return self._sounds[name]

    def _make(self, samples: Any) -> Any:
        import pygame

        from .synth import to_mixer

        _, fmt, channels = self._format
        return pygame.mixer.Sound(buffer=to_mixer(samples, fmt, channels))

    # -- effects ---------------------------------------------------------------------------------
    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect now (never raises; silent without a device or at volume 0)."""
        self.plays += 1
        if self.effects_volume <= 0:
            return
        try:
            sound = self.sound(name)
            channel = sound.play() if sound is not None else None
            if channel is not None:
                channel.set_volume(max(0.0, min(1.0, volume)))
        except Exception as exc:  # noqa: BLE001 - a device lost mid-game must not end the game
            log.info("sound %s failed: %s", name, exc)
            self._go_silent()

    def schedule(self, cues: Iterable[tuple[float, str, float]]) -> None:
        """Queue (delay, sound, volume) cues on the cue clock (see `update`)."""
        for delay, name, volume in cues:
            if delay <= 0:
                self.play(name, volume)
            else:
                self.queued.append((self._clock + delay, name, volume))
        self.queued.sort(key=lambda cue: cue[0])

    def play_events(self, events: Sequence[Any], table: Mapping[str, CueEntry] | None = None,
                    instant: bool = False,
                    cues: list[tuple[float, str, float]] | None = None) -> None:
        """Sounds for a batch of engine events: timed, or each sound once when instant;
        `cues`: their `event_cues`, if worked out already."""
        if cues is None:
            cues = event_cues(events, table)
        if instant:
            cues = [(0.0, name, 1.0) for name in dict.fromkeys(name for _, name, _ in cues)]
        self.schedule(cues)

    def update(self, dt: float) -> None:
        """Advance the cue clock (by the same scaled dt as the animations) and play what is due."""
        self._clock += dt
        while self.queued and self.queued[0][0] <= self._clock:
            _, name, volume = self.queued.pop(0)
            self.play(name, volume)
        if not self.queued:
            self._clock = 0.0

    def pending(self) -> int:
        """How many cues wait on the cue clock."""
        return len(self.queued)

    def cancel(self) -> None:
        """Drop queued cues (an undo or a quit dropped their animation)."""
        self.queued.clear()
        self._clock = 0.0

    def flush(self) -> None:
        """Play every queued cue now, each sound once (the scene leaves before they are due)."""
        names = dict.fromkeys(name for _, name, _ in self.queued)
        self.cancel()
        for name in names:
            self.play(name)

    # -- volume and music ------------------------------------------------------------------------
    def set_volumes(self, music: int, effects: int) -> None:
        """Apply the settings' volumes (0-100) to every sound, live."""
        self.music_volume, self.effects_volume = music, effects
        try:
            for sound in self._sounds.values():
                sound.set_volume(effects / 100)
            if self._music is not None:
                # The Sound's volume, not the channel's: SDL's fades own the channel volume.
                self._music.set_volume(self._music_level())
        except Exception as exc:  # noqa: BLE001
            log.info("volume change failed: %s", exc)
            self._go_silent()
        self._sync_music()

    def _music_level(self) -> float:
        return MUSIC_LEVEL * self.music_volume / 100

    def set_music(self, name: str | None) -> None:
        """Play the named loop ("menu") or stop the music (None); cheap when unchanged."""
        if name != self._music_wanted:
            self._music_wanted = name
            self._sync_music()

    def music_playing(self) -> bool:
        """True while the music loop plays."""
        channel = self._music_channel
        return bool(channel is not None and self._state == "ready" and channel.get_busy())

    def _sync_music(self) -> None:
        want = self._music_wanted is not None and self.music_volume > 0
        if not want and self._music_channel is None:
            return  # never wake the mixer up just to keep it quiet
        try:
            self._apply_music(want)
        except Exception as exc:  # noqa: BLE001
            log.info("music failed: %s", exc)
            self._go_silent()

    def _apply_music(self, want: bool) -> None:
        if not self._ready():
            return
        channel = self._music_channel
        if not want:
            if self._music_on:
                channel.fadeout(MUSIC_FADE_MS)
            self._music_on = False
            return
        if self._music is None:
            from .synth import music_loop

            self._music = self._make(music_loop(self._format[0]))
        self._music.set_volume(self._music_level())
        if not self._music_on or not channel.get_busy():
            channel.play(self._music, loops=-1, fade_ms=MUSIC_FADE_MS)
            self._music_on = True

    def close(self) -> None:
        """Stop everything and forget the sounds (the mixer itself closes with pygame.quit)."""
        try:
            if self._music_channel is not None:
                self._music_channel.stop()
        except Exception as exc:  # noqa: BLE001
            log.info("music stop failed: %s", exc)
        self._sounds.clear()
        self._music = self._music_channel = None
        self._music_on = False
        self.queued.clear()
        self._clock = 0.0
        if self._state == "ready":
            self._state = "new"
