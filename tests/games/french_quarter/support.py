"""Helpers for the French Quarter rule tests: forced setup and planning, crafted sheets.

Chance outcomes are actions of player None, so a test forces any die face or card by applying
it (`plan`). Bonus scenarios start from a crafted sheet (`craft`: a meter one box before a
circle) because reaching it by play would take many turns; the turn itself is then played
through the public prompts.
"""

from __future__ import annotations

import dataclasses

from game.engine.core import Chance, Config
from game.engine.match import Match
from game.games.french_quarter.board import DECKS

FOOD, CULTURE, SHOPPING, MYSTICISM, PARTY = range(5)
# Card indices (cards.toml) used by the tests.
WALK_FOOD_CULTURE = 0
WALK_WILD = 6
CARRIAGE_UMBRELLA_MYST = 0
CARRIAGE_FOOD = 1
SOCIAL_UMB_UMB = 7
STREETCAR_SHOPPING = 1
BOAT_FOOD = 0


def bid(rules, name: str) -> int:
    """Building index by id."""
    return rules.board.building_index(name)


def start(rules, players=2, first=0, line=2, vacations=(), **options) -> Match:
    """A match right after setup (Second Line die `line`, first player `first`)."""
    m = Match(rules, Config(players, tuple(sorted(options.items()))), seed=0)
    m.apply_chance(line)
    for v in vacations:
        m.apply_chance(v)
    if players > 1:
        m.apply_chance(first)
    return m


def plan(m: Match, cards=None, dice=None, mayor=None) -> None:
    """Force the planning phase: cards {deck: index}, dice {deck: [faces]}, the Mayor card."""
    cards, dice = dict(cards or {}), {k: list(v) for k, v in (dice or {}).items()}
    while isinstance(pending := m.pending(), Chance):
        task = m.state.tasks[0]  # ("reveal", _, deck), ("mayor", _) or ("roll", _, die)
        options = [o for o, _ in pending.outcomes]
        if task[0] == "reveal":
            deck = DECKS[task[2]]
            pick = cards.get(deck, options[0])
        elif task[0] == "mayor":
            pick = options[0] if mayor is None else mayor
        else:
            deck = m.state.dice[task[2]][0]
            faces = dice.get(deck) or [1]
            pick = faces.pop(0) if len(faces) > 1 or deck not in dice else faces[0]
        m.apply_chance(pick)


def craft(m: Match, seat: int = 0, **changes) -> Match:
    """A fresh match whose state has `seat`'s sheet fields replaced (crafted edge cases)."""
    new = Match(m.rules, m.config, m.seed)
    sheets = list(m.state.sheets)
    sheets[seat] = dataclasses.replace(sheets[seat], **changes)
    new.state = dataclasses.replace(m.state, sheets=tuple(sheets))
    return new


def restate(m: Match, **changes) -> Match:
    """A fresh match with some State fields replaced."""
    new = Match(m.rules, m.config, m.seed)
    new.state = dataclasses.replace(m.state, **changes)
    return new


def circle(rules, activity: int, box: str, nth: int = 0) -> int:
    """Boxes marked when the next box of the activity's meter is its nth `box` circle ("B",
    "M" or "BM"): tests craft a sheet one box before a circle, whatever the sheet's layout."""
    boxes = rules.board.meters[activity].boxes
    return [i for i, kind in enumerate(boxes) if kind == box][nth]


def kind(m: Match) -> str:
    """The kind of the single pending prompt."""
    return m.prompts()[0].kind


def mapped(rules, m: Match, seat: int, name: str) -> int:
    """Value written on a building (0 empty, W)."""
    return m.state.sheets[seat].mapped[bid(rules, name)]


def at(rules, m: Match, seat: int, name: str) -> Match:
    """Put `seat`'s tourist on a building (crafted)."""
    return craft(m, seat, pos=bid(rules, name))


def mapping(rules, m: Match, seat: int, values: dict[str, int]) -> Match:
    """Write values on buildings of `seat`'s map (crafted)."""
    row = list(m.state.sheets[seat].mapped)
    for name, v in values.items():
        row[bid(rules, name)] = v
    return craft(m, seat, mapped=tuple(row))


def go(m: Match, seat: int, name: str) -> None:
    """Answer the move prompt."""
    assert kind(m) == "move"
    m.apply(seat, ("building", name))


def bfs(board, src: int) -> list[int]:
    """Move distance from building src to every building (orthogonal steps)."""
    dist = [-1] * len(board.buildings)
    dist[src], frontier = 0, [src]
    while frontier:
        nxt = []
        for a in frontier:
            for b in board.adjacency[a]:
                if dist[b] < 0:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


def play_round(m: Match, picks: list[tuple[int, tuple, str]]) -> None:
    """Each pick (seat, die action, destination); other prompts take their first option."""
    for seat, die, dest in picks:
        m.apply(seat, die)
        while m.prompts() and m.prompts()[0].kind != "move":
            m.apply(seat, m.prompts()[0].options[0].action)
        go(m, seat, dest)
        while m.prompts() and m.prompts()[0].player == seat and m.prompts()[0].kind not in (
                "pick", "line_dir"):
            m.apply(seat, m.prompts()[0].options[0].action)


def food_turn(m: Match, value: int = 3) -> None:
    """Seat 0 takes the Walk die with the Food+Culture card."""
    plan(m, cards={"walk": WALK_FOOD_CULTURE}, dice={"walk": [value]})
    m.apply(0, ("die", "walk", value))


def myst_turn(m: Match) -> None:
    plan(m, cards={"carriage": CARRIAGE_UMBRELLA_MYST}, dice={"carriage": [1]})
    m.apply(0, ("die", "carriage", 1))


def finish(m: Match, seat: int) -> None:
    """Answer `seat`'s remaining prompts of this turn with their first option."""
    while (p := m.prompts()) and p[0].player == seat and p[0].kind not in ("pick", "line_dir"):
        m.apply(seat, p[0].options[0].action)


def until(m: Match, wanted: str) -> None:
    """Answer every prompt with its first option (chance: the first outcome) until `wanted`."""
    while True:
        pending = m.pending()
        if isinstance(pending, Chance):
            m.apply_chance(pending.outcomes[0][0])
            continue
        if pending[0].kind == wanted:
            return
        m.apply(pending[0].player, pending[0].options[0].action)
