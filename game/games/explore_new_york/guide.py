"""How to play Explore New York, six pages; each picture is a seeded 2-player game that greedy
bots play up to the moment explained (game.engine.guide), on seat 0's own map (the first
page on the map of the first player, who discards)."""

from __future__ import annotations

from types import MappingProxyType

from game.engine.guide import Illustration, Script, kind_is, prompt_page

GAME, PLAYERS, SEED, YOU = "explore_new_york", 2, 4, 0


def _last_link(script: Script) -> tuple[str, int]:
    """The target of the last link seat 0 drew."""
    action = next(a for p, a in reversed(script.match.history) if p == YOU and a[0] == "link")
    return ("link", action[1])


def _cafe() -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    script.until(lambda p: script.match.state.sheets[YOU].cafes != 0)
    return script.shows(YOU, _last_link(script), options=False)


def _last_turn(script: Script) -> None:
    script.until(lambda p: p.player == YOU and p.kind == "block" and script.match.state.left < 3)


def _route() -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    _last_turn(script)
    drawn = script.match.state.sheets[YOU].links
    return script.shows(YOU, *(("link", k) for k in range(drawn.bit_length()) if drawn >> k & 1),
                        options=False)


def _tourists() -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    _last_turn(script)
    sheet, blocks = script.match.state.sheets[YOU], script.match.rules.board.blocks
    return script.shows(YOU, *(("block", b.x, b.y) for i, b in enumerate(blocks)
                               if any(sheet.tourists[i])), options=False)


PAGES = MappingProxyType({
    "cards": prompt_page(GAME, PLAYERS, SEED, "discard", kind_is("discard"), viewer=None),
    "block": prompt_page(GAME, PLAYERS, SEED, "block", kind_is("block")),
    "links": prompt_page(GAME, PLAYERS, SEED, "link2", kind_is("link")),
    "cafe": _cafe,
    "route": _route,
    "scoring": _tourists,
})
