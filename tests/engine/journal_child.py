"""Bot games written through a MatchDriver's autosave journal, for the journal tests.

`steps` plays games back to back (each new game replaces the journal, as a new game does in the
console), mixing undos into the bots' moves, and yields the history the journal must hold after
each step. Run as a script it is the child process of the crash test: it writes the journal at
`argv[1]` and prints each completed step's number, until it is killed.

    PYTHONPATH=. python tests/engine/journal_child.py PATH SEED
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Iterator

from game.engine.bots import make_bot
from game.engine.core import Config
from game.engine.driver import MatchDriver
from game.engine.match import Match
from game.engine.registry import rules_for

GAMES = ("french_quarter", "ticket_to_ride_paris")
UNDO_CHANCE = 0.2  # how often a step undoes the last move instead (when the rules allow it)


def steps(seed: int, autosave: str | None = None) -> Iterator[list]:
    """Play forever; after each step yield the history the journal holds (a finished game is
    not journaled: it keeps its last unfinished history)."""
    rng = random.Random(seed)
    for number in itertools.count():
        game_id = GAMES[number % len(GAMES)]
        rules = rules_for(game_id)
        match = Match(rules, Config(2), seed * 100 + number)
        bots = {seat: make_bot("random", game_id, seed + seat) for seat in range(2)}
        driver = MatchDriver(match, bots, autosave)
        driver.open()
        journaled = list(match.history)
        yield journaled
        while not match.is_over():
            last = match.history[-1][0] if match.history else None
            if last is None or rng.random() >= UNDO_CHANCE or not driver.undo(last):
                prompt = match.prompts()[0]
                action = bots[prompt.player].choose(rules, match.view(prompt.player), prompt)
                driver.apply(prompt.player, action)
            if not match.is_over():
                journaled = list(match.history)
            yield journaled
        driver.close()


def main(path: str, seed: int) -> None:
    """Report each step once the journal holds it; pause a little between steps."""
    pauses = random.Random(seed)
    for number, _ in enumerate(steps(seed, path)):
        print(number, flush=True)
        time.sleep(pauses.uniform(0, 0.002))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
