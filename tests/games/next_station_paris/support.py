"""Helpers for the Next Station: Paris tests: station names, hand-built lines and states."""

from __future__ import annotations

import dataclasses
import itertools

from game.engine.core import Config
from game.engine.match import Match
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.state import OVER, REVEAL, Line, State


def ids(rules: NextStationParis, *names: str) -> tuple[int, ...]:
    """Station indices of station ids."""
    return tuple(rules.board.station_index[n] for n in names)


def sid(rules: NextStationParis, name: str) -> int:
    """One station index."""
    return rules.board.station_index[name]


def line(rules: NextStationParis, *names: str, color: int = 0, path: bool = True) -> Line:
    """A line through the stations in order (path=False: a bare station set, for scoring)."""
    stations = ids(rules, *names)
    links = ()
    if path:
        links = tuple(rules.board.link_between(a, b) for a, b in itertools.pairwise(stations))
        assert -1 not in links, f"no link along {names}"
    degree = {s: 0 for s in stations}
    for a, b in itertools.pairwise(stations):
        degree[a] += 1
        degree[b] += 1
    ends = tuple(s for s in stations if degree[s] <= 1) if path else ()
    mask = 0
    for s in stations:
        mask |= 1 << s
    return Line(color, stations, links, ends, mask)


def sheet(rules: NextStationParis, lines: tuple[Line, ...]) -> tuple[int, int]:
    """(used, blocked) link masks of a sheet holding these lines."""
    used = blocked = 0
    for ln in lines:
        for link in ln.links:
            used |= 1 << link
            blocked |= (1 << link) | rules.board.conflicts[link]
    return used, blocked


def crafted(rules: NextStationParis, seats: list[list[Line]], round_: int = 0,
            options: tuple = (), phase: str = REVEAL, **fields) -> Match:
    """A match whose state has these lines per seat (the last one is this round's).

    `fields` override other State fields (e.g. `gates` when the gates module is on). The task
    stack is a card's turn (the module draws, if any, are skipped).
    """
    config = Config(len(seats), options)
    m = Match(rules, config, 0)
    masks = [sheet(rules, tuple(ls)) for ls in seats]
    state: State = dataclasses.replace(
        m.state, phase=phase, round=round_,
        lines=tuple(tuple(ls) for ls in seats),
        used=tuple(u for u, _ in masks), blocked=tuple(b for _, b in masks),
        colors=tuple(ls[-1].color for ls in seats), **{"tasks": rules.CARD_TURN, **fields})
    m.state = state
    m._pending = None
    return m


def over(rules: NextStationParis, seats: list[list[Line]], used: tuple[int, ...] = (),
         options: tuple = ()) -> State:
    """A finished game's state with these lines (and link masks) per seat."""
    m = crafted(rules, seats, round_=4, options=options, phase=OVER)
    if used:
        m.state = dataclasses.replace(m.state, used=used)
    return m.state


def targets(m: Match, seat: int = 0) -> set[str]:
    """Station ids the seat's prompt points at."""
    prompt = m.prompt_for(seat)
    assert prompt is not None, f"seat {seat} has no prompt"
    st = m.rules.board.stations
    return {st[o.target[1]].id for o in prompt.options if o.target is not None}


def finish_round(m: Match) -> None:
    """Reveal the Metro cards left in the deck, every seat passing on each."""
    board, round_ = m.rules.board, m.state.round
    while m.state.round == round_ and m.state.phase != OVER:
        card = next(c for c in m.state.deck if board.cards[c].metro)
        m.apply_chance(board.cards[card].id)
        for prompt in m.prompts():
            m.apply(prompt.player, ("pass",))
