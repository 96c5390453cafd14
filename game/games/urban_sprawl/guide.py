"""How to play Urban Sprawl, seven pages; each picture is a seeded 2-player game that greedy
bots play up to the moment explained (game.engine.guide), seen by seat 0."""

from __future__ import annotations

from types import MappingProxyType

from game.engine.core import Option
from game.engine.guide import Illustration, Script, kind_is, prompt_page

GAME, PLAYERS, SEED, YOU = "urban_sprawl", 2, 6, 0
METROPOLIS = ("contract", "top", 2)  # the deck the Olympic Games come out of


def _page(kind: str, action: str, first: bool = False):
    """Seat 0 must answer a prompt of `kind`: its `action` options (or the first) glow."""
    return prompt_page(GAME, PLAYERS, SEED, kind, kind_is(action), first=first)


def _builds_a_contract(option: Option) -> bool:
    """A build option whose card lies in the contract row (not a Favour already held)."""
    return kind_is("build")(option) and option.target is not None \
        and option.target[0] == "contract"


def _end() -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    script.until(lambda p: p.player == YOU and p.kind == "act")
    return script.shows(YOU, METROPOLIS, options=False)


PAGES = MappingProxyType({
    "draft": _page("draft", "building"),
    "invest": _page("invest", "invest"),
    "take": _page("act", "take"),
    "build": prompt_page(GAME, PLAYERS, SEED, "act", _builds_a_contract),
    "place": _page("place", "lots", first=True),  # one placement reads better than all
    "payouts": _page("place_marker", "circle"),
    "end": _end,
})
