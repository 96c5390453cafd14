"""Golden frames: seeded game states drawn by the real GameScene must stay pixel-identical.

Each case plays K greedy-bot actions through the scene (as `--screenshot` does), then digests the
1920x1080 canvas at a few frame counts after the last action (mid-animation and at rest) and once
with the focus moved by a synthetic d-pad press. A refactor of a renderer or of the shell
compares against the committed `frames.json`; an intended change is recorded on purpose and named
in its commit.

    python -m tests.golden.frames            # (re)record frames.json (only on purpose!)
    python -m tests.golden.frames --dump D   # write every digested frame as PNG to D, to compare
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
from pathlib import Path

GOLDEN_FILE = Path(__file__).with_name("frames.json")
# (game, players, options, actions); frames are taken these many 1/60 s steps after the last one.
CASES = (
    ("ticket_to_ride_paris", 2, (), 0),
    ("ticket_to_ride_paris", 3, (), 41),
    ("ticket_to_ride_paris", 4, (), 150),
    ("next_station_paris", 1, (), 9),
    ("next_station_paris", 2, ("gates", "objectives"), 33),
    ("next_station_paris", 3, (), 50),
    ("next_station_paris", 4, (), 70),
    ("french_quarter", 1, (), 25),
    ("french_quarter", 2, ("mayor", "tourism"), 61),
    ("french_quarter", 3, ("tourism",), 90),
    ("french_quarter", 4, (), 130),
    ("explore_new_york", 2, (), 12),
    ("explore_new_york", 3, (), 40),
    ("explore_new_york", 4, (), 90),
    ("urban_sprawl", 2, (), 40),
    ("urban_sprawl", 3, (), 150),
    ("urban_sprawl", 4, (), 300),
)
STEPS = (1, 8, 20, 45, 600)
SEED = 7


def case_name(game: str, players: int, options: tuple, actions: int) -> str:
    """A stable key for one case."""
    return f"{game}/{players}p/{'+'.join(options) or 'base'}/{actions}"


def frames(game: str, players: int, options: tuple, actions: int):
    """Yield (label, canvas) at each checkpoint of one case."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.scenes.snapshot import played_scene

    app, _scene = played_scene(game, players, SEED, actions, tuple((k, True) for k in options))
    done = 0
    for mark in STEPS:
        while done < mark:
            app.step([], 1 / 60, present=False)
            done += 1
        yield f"f{mark}", app.canvas
    # Hover the pointer over the board's middle, then one more frame: focus highlights drawn.
    pygame.mouse.set_pos((960, 500))
    app.step([], 1 / 60, present=False)
    yield "settled", app.canvas


def digest(canvas) -> str:
    """A short hash of the canvas pixels."""
    import pygame

    return hashlib.sha256(pygame.image.tobytes(canvas, "RGB")).hexdigest()[:24]


def record(dump: Path | None = None) -> dict:
    """Digest every checkpoint of every case (and write PNGs to `dump`)."""
    import pygame

    out = {}
    for case in CASES:
        name = case_name(*case)
        for label, canvas in frames(*case):
            out[f"{name}/{label}"] = digest(canvas)
            if dump:
                dump.mkdir(parents=True, exist_ok=True)
                pygame.image.save(canvas, dump / f"{name.replace('/', '__')}__{label}.png")
    return out


def main() -> None:
    """Record frames.json, or dump PNGs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", type=Path, help="also write every frame as PNG here")
    args = parser.parse_args()
    result = record(args.dump)
    if not args.dump:
        GOLDEN_FILE.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
