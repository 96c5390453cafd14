"""How to play Next Station: Paris, six pages; each picture is a seeded solo game that the
greedy bot plays up to the moment explained (game.engine.guide), on the player's own map."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from types import MappingProxyType

from game.engine.core import Prompt
from game.engine.guide import Illustration, Script, kind_is, prompt_page, targets_of

GAME, PLAYERS, SEED, YOU = "next_station_paris", 1, 3, 0
DRAWS = kind_is("draw", "to")
Moment = Callable[[Script, Prompt], bool]  # is this prompt, in this script's state, the one?


def _card_in_round(number: int, late: bool = False) -> Moment:
    """A prompt test: a card to draw for in that round (0-based), after the line has grown
    (at least three segments) if `late`."""
    def found(script: Script, prompt: Prompt) -> bool:
        state = script.match.state
        lines = state.lines[YOU]
        grown = not late or (bool(lines) and len(lines[-1].links) >= 3)
        return (prompt.kind == "card" and state.round == number and not state.branch
                and grown and bool(targets_of(prompt, DRAWS)))
    return found


def _when(found: Moment) -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    prompt = script.until(lambda p: found(script, p))
    return script.shows(YOU, *targets_of(prompt, DRAWS))


def _first_card() -> Illustration:
    return _when(_card_in_round(0))


def _growing_line() -> Illustration:
    return _when(_card_in_round(0, late=True))


def _next_round() -> Illustration:
    return _when(_card_in_round(1))


def _branch() -> Illustration:
    return _when(lambda script, p: (p.kind == "card" and script.match.state.branch
                                    and bool(targets_of(p, DRAWS))))


def _scoring() -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    last_round = _card_in_round(3, late=True)
    script.until(lambda p: last_round(script, p))
    # interchanges: stations where two or more of your lines meet
    visits = Counter(st for line in script.match.state.lines[YOU] for st in line.stations)
    return script.shows(YOU, *(("station", st) for st, n in visits.items() if n > 1),
                        options=False)


PAGES = MappingProxyType({
    "card": _first_card,
    "drawing": _growing_line,
    "tour": prompt_page(GAME, PLAYERS, SEED, "tour", DRAWS),
    "branch": _branch,
    "rounds": _next_round,
    "scoring": _scoring,
})
