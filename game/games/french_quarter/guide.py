"""How to play French Quarter, seven pages; each picture is a seeded 2-player game that greedy
bots play up to the moment explained (game.engine.guide), seen by seat 0."""

from __future__ import annotations

from types import MappingProxyType

from game.engine.guide import kind_is, prompt_page

GAME, PLAYERS, SEED = "french_quarter", 2, 5


def _page(kind: str, *actions: str, first: bool = False):
    return prompt_page(GAME, PLAYERS, SEED, kind, kind_is(*actions), first=first)


PAGES = MappingProxyType({
    "dice": _page("pick", "die"),
    "move": _page("move", "building"),
    "map": _page("bval", "map"),
    "meters": _page("wild", "meter"),
    "circle": _page("circle", "bonus", "mult"),
    "artists": _page("apick", "artist"),
    "second_line": _page("line_dir", "direction"),
})
