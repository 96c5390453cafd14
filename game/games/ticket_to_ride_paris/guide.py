"""How to play Ticket to Ride: Paris, seven pages; each picture is a seeded 2-player game that
greedy bots play up to the moment explained (game.engine.guide), seen by seat 0."""

from __future__ import annotations

from types import MappingProxyType

from game.engine.core import Option
from game.engine.guide import Illustration, Script, first_option, kind_is, prompt_page

GAME, PLAYERS, SEED, YOU = "ticket_to_ride_paris", 2, 11, 0


def _yours(kind: str):
    """A prompt test: seat 0 must answer a prompt of this kind."""
    return lambda p: p.player == YOU and p.kind == kind


def _is_wild(option: Option) -> bool:
    return option.label.endswith(".wild")


def _claim() -> Illustration:
    """The first turn seat 0 can pay for a route of two spaces or more (1-space routes are
    claimable from the first turn, but a longer one shows the payment better)."""
    script = Script(GAME, PLAYERS, SEED)
    length = {r.id: r.length for r in script.match.rules.board.routes}

    def long_route(option: Option) -> bool:
        return kind_is("route")(option) and length[option.action[1]] >= 2

    prompt = script.until(lambda p: _yours("turn")(p) and any(map(long_route, p.options)))
    return script.shows(YOU, first_option(prompt, long_route).target)


def _flag() -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    script.until(_yours("flag"))
    route = next(a for p, a in reversed(script.match.history) if p == YOU and a[0] == "route")
    return script.shows(YOU, ("route", route[1]), options=False)


def _more_tickets() -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    script.until(lambda p: _yours("turn")(p) and len(script.match.history) > 40)
    return script.shows(YOU, ("tickets",))


def _end() -> Illustration:
    script = Script(GAME, PLAYERS, SEED)
    script.until(lambda p: _yours("turn")(p) and script.match.state.final_turns >= 0)
    routes = script.match.rules.board.routes
    owned = [("route", r.id) for r, owner in zip(routes, script.match.state.owners)
             if owner == YOU]
    # the whole board: the seat panels tell how many buses are left
    return script.shows(YOU, *owned, options=False, whole_board=True)


PAGES = MappingProxyType({
    "tickets": prompt_page(GAME, PLAYERS, SEED, "keep_tickets", kind_is("keep")),
    "draw": prompt_page(GAME, PLAYERS, SEED, "turn", kind_is("deck", "faceup")),
    "wild": prompt_page(GAME, PLAYERS, SEED, "turn", _is_wild, first=True),
    "claim": _claim,
    "flag": _flag,
    "more_tickets": _more_tickets,
    "end": _end,
})
