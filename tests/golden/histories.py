"""Golden histories: seeded bot games whose actions, events and scores must never change.

A refactor of an engine or a bot keeps behaviour: the same seed, seats and options give the same
actions, the same events and the same scores. `record()` plays the games and digests them;
`tests/golden/test_golden.py` compares against the committed `histories/<game id>.json` (one
file per game, so adding a game adds a file and edits none).

    python -m tests.golden.histories --game ID  # (re)record one game's file (only on purpose!)
    python -m tests.golden.histories --dump D   # write every game in full to D/<name>.txt, to diff

Each game digests its actions, its events (kind, player, data, reveal) and its final score
breakdowns separately, so a failure says which of the three changed.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.engine import registry
from game.engine.bots import bot_step, make_bot
from game.engine.core import Config
from game.engine.match import Match

GOLDEN_DIR = Path(__file__).with_name("histories")
GAMES_PER_ID = 54
MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class Case:
    """One seeded game: which game, seats (bot kinds), options and seed."""

    game: str
    bots: tuple[str, ...]
    options: tuple[str, ...]
    seed: int

    @property
    def name(self) -> str:
        """A stable, readable key."""
        opts = "+".join(self.options) or "base"
        return f"{self.game}/{len(self.bots)}p/{opts}/{','.join(self.bots)}/{self.seed}"


def cases(game_id: str, count: int = GAMES_PER_ID) -> list[Case]:
    """Every player count × option subset, seats mixing greedy and random bots, seeds 1.."""
    info = registry.get_game(game_id)
    keys = sorted(info.options)
    subsets = [
        tuple(k for n, k in enumerate(keys) if mask >> n & 1) for mask in range(1 << len(keys))
    ]
    shapes = list(itertools.product(range(info.min_players, info.max_players + 1), subsets))
    out = []
    for i in range(count):
        players, options = shapes[i % len(shapes)]
        # Rotating mixes: all greedy, all random, and greedy/random alternating from either seat.
        mix = (i // len(shapes)) % 4
        bots = tuple(
            "greedy" if mix == 0 or (mix == 2 and s % 2 == 0) or (mix == 3 and s % 2) else "random"
            for s in range(players)
        )
        out.append(Case(game_id, bots, options, 1000 + i))
    return out


def play(case: Case) -> tuple[Match, list]:
    """Play one case to the end; returns the match and every event in order."""
    rules = registry.rules_for(case.game)
    config = Config(len(case.bots), tuple((k, True) for k in case.options))
    match = Match(rules, config, case.seed)
    bots = {s: make_bot(kind, case.game, case.seed * 31 + s) for s, kind in enumerate(case.bots)}
    events: list = []
    record = match._record

    def recording(player, action):
        new = record(player, action)
        events.append((player, action, new))
        return new

    match._record = recording  # type: ignore[method-assign]
    while not match.is_over():
        if len(match.history) > MAX_ACTIONS or not bot_step(match, bots):
            raise RuntimeError(f"{case.name}: did not end")
    return match, events


def lines(case: Case) -> Iterator[tuple[str, str]]:
    """(section, line) for every action, event and final score of one game."""
    match, steps = play(case)
    for player, action, events in steps:
        yield "actions", repr((player, action))
        for e in events:
            yield "events", repr((e.kind, e.player, e.data, e.reveal))
    for seat, breakdown in enumerate(match.rules.scores(match.state)):
        yield "scores", repr((seat, sorted(breakdown.items())))
    yield "scores", repr(("winners", tuple(match.rules.winners(match.state))))


def digest(case: Case) -> dict:
    """The three digests and sizes of one game."""
    hashes = {k: hashlib.sha256() for k in ("actions", "events", "scores")}
    counts = dict.fromkeys(hashes, 0)
    for section, line in lines(case):
        hashes[section].update(line.encode() + b"\n")
        counts[section] += 1
    return {
        **{k: h.hexdigest()[:24] for k, h in hashes.items()},
        "n_actions": counts["actions"],
        "n_events": counts["events"],
    }


def golden_file(game_id: str) -> Path:
    """Where one game's recorded digests live."""
    return GOLDEN_DIR / f"{game_id}.json"


def record(game_id: str) -> dict:
    """Digests of every case of one game."""
    return {case.name: digest(case) for case in cases(game_id)}


def main() -> None:
    """Record the golden files, or dump full histories for diffing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", type=Path, help="write each game in full to this folder")
    parser.add_argument("--game", help="only this game id")
    args = parser.parse_args()
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
        for game in [args.game] if args.game else registry.game_ids():
            for case in cases(game):
                path = args.dump / (case.name.replace("/", "__") + ".txt")
                path.write_text("".join(f"{s} {line}\n" for s, line in lines(case)))
        return
    GOLDEN_DIR.mkdir(exist_ok=True)
    for game in [args.game] if args.game else registry.game_ids():
        text = json.dumps(record(game), indent=1, sort_keys=True)
        golden_file(game).write_text(text + "\n")


if __name__ == "__main__":
    main()
