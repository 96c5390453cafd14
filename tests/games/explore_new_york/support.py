"""Helpers for the Explore New York tests: cards, links and sides by name, forced turns."""

from __future__ import annotations

from pathlib import Path

from game.engine.core import Config, Event, Prompt, prompt_for
from game.games.explore_new_york.board import TOURISTS, WILD, vertex
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.state import Sheet, State

REFERENCE_LEVELS = Path(__file__).parent / "reference_levels"  # the test map (its map.toml)

SIDES = {"top": ((0, 0), (1, 0)), "bottom": ((0, 1), (1, 1)), "left": ((0, 0), (0, 1)),
         "right": ((1, 0), (1, 1))}  # a block's side as offsets of its corners from (x-1, y-1)


def reference_rules() -> ExploreNewYork:
    """The rules on the test map (scenario tests name its blocks and cafés)."""
    return ExploreNewYork(REFERENCE_LEVELS)


def card(rules: ExploreNewYork, coord: int | str, *tourists: str, plus: bool = False) -> int:
    """The index of the deck's card with this coordinate ("*"), tourists and +1 icon."""
    wanted = (WILD if coord == "*" else coord, tuple(TOURISTS.index(t) for t in tourists), plus)
    for index, c in enumerate(rules.board.cards):
        if (c.coord, c.tourists, c.plus) == wanted:
            return index
    raise AssertionError(f"no card {coord} {tourists} plus={plus} in the deck")


def link(rules: ExploreNewYork, a: tuple[int, int], b: tuple[int, int]) -> int:
    """The link between intersections a and b (i, j)."""
    ends = {vertex(a), vertex(b)}
    for index, pair in enumerate(rules.board.link_vertices):
        if set(pair) == ends:
            return index
    raise AssertionError(f"no link between {a} and {b}")


def side(rules: ExploreNewYork, x: int, y: int, name: str) -> int:
    """The link along one side (top, bottom, left, right) of block (x, y)."""
    (i1, j1), (i2, j2) = SIDES[name]
    return link(rules, (x - 1 + i1, y - 1 + j1), (x - 1 + i2, y - 1 + j2))


def start(rules: ExploreNewYork, players: int, first: int = 0) -> State:
    """A new game whose first player has been drawn."""
    state, _ = rules.apply(rules.initial_state(Config(players)), None, first)
    return state


def play_turn_cards(rules: ExploreNewYork, state: State, cards: tuple[int, int, int],
                    discard: int) -> State:
    """The first player reveals these 3 cards (forced outcomes) and discards one."""
    for c in cards:
        state, _ = rules.apply(state, None, c)
    state, _ = rules.apply(state, state.first, ("discard", discard))
    return state


def act(rules: ExploreNewYork, state: State, seat: int, *actions: tuple
        ) -> tuple[State, list[Event]]:
    """Apply one seat's actions in order; all their events."""
    events: list[Event] = []
    for action in actions:
        state, new = rules.apply(state, seat, action)
        events.extend(new)
    return state, events


def prompt(rules: ExploreNewYork, state: State, seat: int) -> Prompt | None:
    """The prompt `seat` answers now, if any."""
    return prompt_for(rules.pending(state), seat)


def blocks_offered(rules: ExploreNewYork, state: State, seat: int) -> set[tuple[int, int]]:
    """The (x, y) blocks a seat's block prompt offers."""
    found = prompt(rules, state, seat)
    assert found is not None and found.kind in ("block", "lone_block"), found
    return {o.action[1:] for o in found.options}


def tourists_at(rules: ExploreNewYork, sheet: Sheet, x: int, y: int) -> dict[str, int]:
    """The tourists on block (x, y) of a sheet, by type name."""
    return dict(zip(TOURISTS, sheet.tourists[rules.board.block_at(x, y)]))


def kinds(events: list[Event]) -> list[str]:
    """The kinds of some events, in order."""
    return [e.kind for e in events]


def route_to_grow(rules: ExploreNewYork) -> State:
    """Seat 0's route runs along the tops of (4, 5) and (5, 5), from intersection (3, 4) to
    (5, 4); in the next turn it has the (4) card's block choice still to make, with (6, 4),
    whose corner is that end, on offer: growing the route from its end is the obvious plan."""
    state = play_turn_cards(rules, start(rules, 2), (card(rules, 4, "circle", "triangle"),
                                                    card(rules, 5, "circle"),
                                                    card(rules, "*", "triangle")),
                            card(rules, "*", "triangle"))
    state, _ = act(rules, state, 0, ("block", 4, 5), ("link", side(rules, 4, 5, "top")),
                   ("link", side(rules, 5, 5, "top")))
    state, _ = act(rules, state, 1, ("block", 5, 4), ("link", side(rules, 1, 1, "right")))
    return play_turn_cards(rules, state, (card(rules, 4, "triangle", "triangle"),
                                          card(rules, 6, "circle", "circle"),
                                          card(rules, 1, "circle", plus=True)),
                           card(rules, 1, "circle", plus=True))


def advance(renderer, dt: float) -> None:
    """One frame of the renderer as the shell runs it: `update`, then the repaints it put off
    until the frame is reported and drawn (ENYRenderer.refresh_due, which `damage` calls)."""
    renderer.update(dt)
    renderer.refresh_due()


def settle_spread(renderer) -> int:
    """Run the frames a move's repaints are spread over (room_refresh.py), with the clock
    standing still (no stroke lands meanwhile); how many there were."""
    frames = 0
    while renderer.spreading():
        advance(renderer, 0.0)
        frames += 1
        assert frames < 50, "a move's spread never ends"
    return frames
